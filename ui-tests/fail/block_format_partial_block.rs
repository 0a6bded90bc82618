use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N, 40];
        weight w: q4_1[N, 40];
        output y: f32[N, 40];
        y = x + w;
    }
}

fn main() {}
