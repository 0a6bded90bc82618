use forge::prelude::*;

// A loop variable or literal fixes a leading axis only.
forge_graph! {
    pub graph G {
        dims { L, S, D }
        input x: f32[S, D];
        state cache: f32[S, L, D];
        for l in 0..L {
            cache[s, l, d] = x[s, d];
        }
    }
}

fn main() {}
