use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        weight w: f32[N];
        uniform s: f32 = 1.0;
        output y: f32[N];
        w = x;
        s = 2.0;
        y = x * w * s;
    }
}

fn main() {}
