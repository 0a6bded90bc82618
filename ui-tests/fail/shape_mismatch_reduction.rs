use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B, D }
        input x: f32[B, D];
        output y: f32[B, D];
        y = sum(x);
    }
}

fn main() {}
