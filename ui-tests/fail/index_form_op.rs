use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, N }
        input a: f32[M, N];
        output t: f32[M, N];
        t[i, j] = softmax(a) + a;
    }
}

fn main() {}
