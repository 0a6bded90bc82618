use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { T, E }
        input q: f32[T, E];
        input k: f32[T, E];
        input v: f32[T, E];
        output y: f32[T, E];
        y = attention(q, k, v, causal = 1);
    }
}

fn main() {}
