use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, K }
        input a: f32[M, K];
        output t: f32[M];
        t[i] = 1.0 + sum((i, k), a[i, k]);
    }
}

fn main() {}
