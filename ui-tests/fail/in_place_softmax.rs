use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { R, C }
        input x: f32[R, C];
        output y: f32[R, C];
        y = x * 2.0;
        y = softmax(y);
    }
}

fn main() {}
