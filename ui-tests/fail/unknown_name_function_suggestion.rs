use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B, C }
        input x: f32[B, C];
        output y: f32[B, C];
        y = sofmax(x);
    }
}

fn main() {}
