use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        y = wgsl!("
            @group(0) @binding(0) var<storage, read> x: array<f32>;
            @group(0) @binding(1) var<storage, read_write> y: array<f32>;
            @group(1) @binding(0) var img: texture_2d<f32>;
            @group(1) @binding(1) var smp: sampler;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                let c = textureSampleLevel(img, smp, vec2<f32>(x[g.x], 0.5), 0.0);
                if (g.x < arrayLength(&y)) { y[g.x] = c.x; }
            }
        ", x, y);
    }
}

fn main() {}
