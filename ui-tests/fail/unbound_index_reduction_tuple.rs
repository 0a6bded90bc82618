use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, K }
        input a: f32[M, K];
        output t: f32[M];
        t[i] = max(mean((k, l), a[i, k]), 0.0);
    }
}

fn main() {}
