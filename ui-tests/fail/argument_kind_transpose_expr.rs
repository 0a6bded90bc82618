use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, N }
        input x: f32[M, N];
        output y: f32[N, M];
        y = transpose(x * 2.0);
    }
}

fn main() {}
