use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, N }
        input x: f32[M, N];
        input z: f32[N, M];
        temp xt: f32[N, M];
        output y: f32[N, M];
        xt = transpose(x);
        xt = z * 2.0;
        y = xt;
    }
}

fn main() {}
