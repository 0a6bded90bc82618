use forge::prelude::*;

// The offset of a shifted target subscript is a `u32` uniform: a dim, two indices or an `f32`
// uniform are refused on the `+`.
forge_graph! {
    pub graph G {
        dims { T, S, D }
        input x: f32[T, D];
        uniform at: f32;
        state a: f32[S, D];
        state b: f32[S, D];
        state c: f32[S, D];
        a[T + t, d] = x[t, d];
        b[t + d, e] = x[t, d];
        c[at + t, d] = x[t, d];
    }
}

fn main() {}
