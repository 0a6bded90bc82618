use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B, D, F }
        input x: f32[B, D];
        weight w: f32[F, D];
        output y: f32[B, D];
        y = matmul(x, w);
    }
}

fn main() {}
