use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input inf: f32[N];
        output y: f32[N];
        y = inf * 2.0;
    }
}

fn main() {}
