use forge::prelude::*;

// A shifted window or a fixed slice leaves the rest of the target as it was, which only a
// `state` keeps: written into an `output`, the target is refused (with what to declare).
forge_graph! {
    pub graph G {
        dims { T, S, D }
        input x: f32[T, D];
        uniform pos: u32;
        output y: f32[S, D];
        y[pos + t, d] = x[t, d];
    }
}

fn main() {}
