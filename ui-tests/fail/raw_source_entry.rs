use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        y = wgsl!("
        @group(0) @binding(0) var<storage, read> x: array<f32>;
        @group(0) @binding(1) var<storage, read_write> y: array<f32>;
        fn helper(v: f32) -> f32 { return v * 2.0; }
        ", x, y);
    }
}

fn main() {}
