use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B }
        input x: f32[B, D];
        output y: f32[B, D];
        y = x;
    }
}

fn main() {}
