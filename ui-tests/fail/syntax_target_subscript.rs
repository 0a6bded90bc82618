use forge::prelude::*;

// A target is subscripted by index names; a head merge written at `h * E + e` is refused with
// what to write instead.
forge_graph! {
    pub graph G {
        dims { T, H, E, D = H * E }
        input x: f32[H, T, E];
        output y: f32[T, D];
        y[t, h * E + e] = x[h, t, e];
    }
}

fn main() {}
