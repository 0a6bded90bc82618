use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M }
        input a: f32[M, M];
        output t: f32[M, M];
        t[i, i] = a[i, i];
    }
}

fn main() {}
