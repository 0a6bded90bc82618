use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        temp t: f32[N];
        t = x * ;
        y = x + * 2.0;
        y = x;
    }
}

fn main() {}
