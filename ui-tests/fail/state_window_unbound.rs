use forge::prelude::*;

// A shifted index takes its range from what the value reads at it: unread, it has none.
forge_graph! {
    pub graph G {
        dims { S, D }
        input x: f32[D];
        uniform pos: u32;
        state cache: f32[S, D];
        cache[pos + t, d] = x[d];
    }
}

fn main() {}
