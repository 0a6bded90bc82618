use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, K }
        input a: f32[M, K];
        output t: f32[M];
        t[i] = sum(k, a[i, k] - max(j, a[i, j]));
    }
}

fn main() {}
