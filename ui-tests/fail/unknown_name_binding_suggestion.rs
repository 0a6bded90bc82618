use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B, D, F }
        input x: f32[B, D];
        weight w: f32[D, F];
        weight bias: f32[F];
        output y: f32[B, F];
        y = matmul(x, w) + bais;
    }
}

fn main() {}
