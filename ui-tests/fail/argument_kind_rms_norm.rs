use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B, D }
        input x: f32[B, D];
        weight g: f32[D];
        output y: f32[B, D];
        y = rms_norm(x, g, x);
    }
}

fn main() {}
