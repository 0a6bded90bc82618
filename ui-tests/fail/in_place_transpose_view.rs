use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N, N];
        output y: f32[N, N];
        y = x;
        y = y + transpose(y);
    }
}

fn main() {}
