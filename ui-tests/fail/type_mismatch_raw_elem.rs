use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        y = wgsl!("
        @group(0) @binding(0) var<storage, read> x: array<i32>;
        @group(0) @binding(1) var<storage, read_write> y: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) g: vec3<u32>) { y[g.x] = f32(x[g.x]); }
        ", x, y);
    }
}

fn main() {}
