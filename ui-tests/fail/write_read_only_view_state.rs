use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, N }
        input x: f32[M, N];
        state s: f32[N, M];
        output y: f32[N, M];
        s = transpose(x);
        y = s;
    }
}

fn main() {}
