use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: u32[N];
        output y: u32[N];
        y = x + 0.5;
    }
}

fn main() {}
