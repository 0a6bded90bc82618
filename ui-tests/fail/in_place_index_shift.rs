use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        y = x;
        y[i] = y[i] + edge(y[i + 1]);
    }
}

fn main() {}
