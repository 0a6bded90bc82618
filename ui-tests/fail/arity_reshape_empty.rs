use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        input z: f32[N];
        temp t: f32[N];
        output y: f32[N];
        t = reshape();
        y = t + z;
    }
}

fn main() {}
