use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N, 32];
        weight w: q8_0[N, 32];
        output y: f32[N, 32];
        y = (x + w) as q8_0;
    }
}

fn main() {}
