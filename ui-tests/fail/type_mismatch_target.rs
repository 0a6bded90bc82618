use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: i32[N];
        y = x * 2.0;
    }
}

fn main() {}
