use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N, N];
        output y: f32[N, N];
        y = x;
        y[i, j] = y[j, i];
    }
}

fn main() {}
