use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f64[N];
        output y: f32[N];
        y = 2.0;
    }
}

fn main() {}
