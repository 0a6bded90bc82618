use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N, V, D }
        input ids: f32[N];
        weight wte: f32[V, D];
        output e: f32[N, D];
        e[n, d] = wte[ids[n], d];
    }
}

fn main() {}
