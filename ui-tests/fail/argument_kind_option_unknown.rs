use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { R, C }
        input x: f32[R, C];
        output y: f32[R, 1];
        y = sum(x, keep = true);
    }
}

fn main() {}
