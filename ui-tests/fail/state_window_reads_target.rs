use forge::prelude::*;

// A node writing part of a state cannot read that state (its window moves with a uniform).
forge_graph! {
    pub graph G {
        dims { T, S, D }
        input x: f32[T, D];
        uniform pos: u32;
        state cache: f32[S, D];
        cache[pos + t, d] = x[t, d] + cache[t, d];
    }
}

fn main() {}
