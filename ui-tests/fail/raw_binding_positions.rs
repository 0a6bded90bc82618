use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        input w: f32[N];
        output y: f32[N];
        y = wgsl!("
        @group(0) @binding(0) var<storage, read> x: array<f32>;
        @group(0) @binding(2) var<storage, read_write> y: array<f32>;
        @group(1) @binding(0) var<storage, read> z: array<f32>;
        @group(0) @binding(3) var<storage, read> extra: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) g: vec3<u32>) { y[g.x] = x[g.x] + z[g.x] + extra[g.x]; }
        ", x, w, y);
    }
}

fn main() {}
