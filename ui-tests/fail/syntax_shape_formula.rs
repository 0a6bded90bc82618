use forge::prelude::*;

// A shape names dims; `3 * D` there points to a derived dim.
forge_graph! {
    pub graph G {
        dims { D }
        input x: f32[D, 3 * D];
        output y: f32[D];
        y = x[0];
    }
}

fn main() {}
