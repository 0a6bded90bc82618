use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, N }
        input x: f32[M, N];
        input b: f32[N];
        output y: f32[M, N];
        y[i, j] = x[i, j] + b;
    }
}

fn main() {}
