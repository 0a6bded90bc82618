use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        y = wgsl!("
            @group(0) @binding(0) var<storage, read> x: array<f32>;
            @group(0) @binding(1) var<storage, read_write> y: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                let total = subgroupAdd(x[g.x]);
                if (g.x < arrayLength(&y)) { y[g.x] = total; }
            }
        ", x, y);
    }
}

fn main() {}
