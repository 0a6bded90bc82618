use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        output z: f32[N];
        y = wgsl!("@compute @workgroup_size(1) fn main() {}", x);
        z = cuda!("__global__ void k() {}", z);
    }
}

fn main() {}
