use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N, 4];
        output y: f32[4, N];
        y = reshape(x) * 2.0;
    }
}

fn main() {}
