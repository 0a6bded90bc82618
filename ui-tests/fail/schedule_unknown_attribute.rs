use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        #[inline]
        #[schedule(threads = 64)]
        y = x;
    }
}

fn main() {}
