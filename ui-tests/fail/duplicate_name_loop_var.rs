use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { L, N }
        weight w: f32[L, N];
        input x: f32[N];
        temp h: f32[N];
        output y: f32[N];
        h = x;
        for x in 0..L {
            h = h * w[x];
        }
        y = h;
    }
}

fn main() {}
