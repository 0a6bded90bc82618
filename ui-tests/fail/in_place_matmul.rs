use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N, N];
        weight w: f32[N, N];
        temp h: f32[N, N];
        output y: f32[N, N];
        h = x * 2.0;
        h = matmul(h, w);
        y = h;
    }
}

fn main() {}
