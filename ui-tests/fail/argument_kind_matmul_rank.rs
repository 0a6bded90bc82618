use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { D, F }
        input v: f32[D];
        weight w: f32[D, F];
        output y: f32[F];
        y = matmul(v, w);
    }
}

fn main() {}
