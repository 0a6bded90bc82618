use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        scene mesh: f32[N, 9];
        output y: f32[N, 9];
        y = mesh * 2.0;
    }
}

fn main() {}
