use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input q: q4_0[N, 32];
        output y: f32[N, 32];
        y = q * 2.0;
    }
}

fn main() {}
