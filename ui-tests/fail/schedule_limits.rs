use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        temp a: f32[N];
        temp b: f32[N];
        output y: f32[N];
        #[schedule(workgroup = 96)]
        a = x * 2.0;
        #[schedule(workgroup = 512, items = 3)]
        b = a + 1.0;
        y = b;
    }
}

fn main() {}
