use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input a: f32[N];
        input b: f32[N];
        output y: f32[N];
        y = a % (b + 1.0);
    }
}

fn main() {}
