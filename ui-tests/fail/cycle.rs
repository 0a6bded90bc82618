use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        temp a: f32[N];
        temp b: f32[N];
        output y: f32[N];
        a = x * 2.0;
        b = a + 1.0;
        a = b * b;
        y = a;
    }
}

fn main() {}
