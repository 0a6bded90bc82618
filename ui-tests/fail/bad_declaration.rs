use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        uniform s: f32[N];
        input x: f32[N] = 1.0;
        output y: f32[0];
        y = x * 2.0;
    }
}

fn main() {}
