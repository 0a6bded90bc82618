use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        y = wgsl!("
        @group(0) @binding(0) var<storage, read_write> x: array<f32>;
        @group(0) @binding(1) var<storage, read> y: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) g: vec3<u32>) { let v = x[g.x] + y[g.x]; }
        ", x, y);
    }
}

fn main() {}
