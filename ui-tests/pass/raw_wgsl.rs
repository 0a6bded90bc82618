use forge::prelude::*;

forge_graph! {
    pub graph Doubler {
        dims { N }
        input  x: f32[N];
        weight w: f32[N];
        output y: f32[N];

        y = wgsl!("
            @group(0) @binding(0) var<storage, read> x: array<f32>;
            @group(0) @binding(1) var<storage, read> w: array<f32>;
            @group(0) @binding(2) var<storage, read_write> y: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                if (g.x < arrayLength(&y)) { y[g.x] = x[g.x] * w[g.x]; }
            }
        ", x, w, y);
    }
}

fn main() {
    let _ = DoublerDims { n: 4 };
}
