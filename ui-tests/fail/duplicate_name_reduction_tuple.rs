use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, K }
        input a: f32[M, K, K];
        output t: f32[M];
        t[i] = sum((k, k), a[i, k, k]);
    }
}

fn main() {}
