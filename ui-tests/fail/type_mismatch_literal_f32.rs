use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        y = x * 1e39;
    }
}

fn main() {}
