use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, K, N }
        input a: f32[M, K];
        input b: f32[N, N];
        output c: f32[M, N];
        c[i, j] = sum(k, a[i, k] * b[k, j]);
    }
}

fn main() {}
