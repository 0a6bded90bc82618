use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: i32[N];
        output y: i32[N];
        y = x + 4000000000;
    }
}

fn main() {}
