use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        output w: f32[N];
        y[i] = fill(x[i - 1] * 2.0, 0.0);
        w = edge(x);
    }
}

fn main() {}
