use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N, N }
        input N: f32[N];
        output y: f32[N];
        y = N;
    }
}

fn main() {}
