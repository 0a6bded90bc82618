use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B, D, F }
        input x: f32[B, D];
        input b: f32[F];
        output y: f32[B, D];
        y = x + b;
    }
}

fn main() {}
