use forge::prelude::*;

// A KV cache's writes: a slice fixed by the loop variable, a window shifted by a uniform, a
// literal slice; an index beside a u32 is a u32 (`j <= pos + i`).
forge_graph! {
    pub graph Cache {
        dims { L, T, S, D }
        input x: f32[T, D];
        uniform pos: u32;
        state kc: f32[L, S, D];
        state first: f32[2, S, D];
        temp mask: f32[T, S];
        output y: f32[T, D];
        mask[i, j] = select(j <= pos + i, 0.0, -inf);
        first[0, pos + t, d] = x[t, d];
        for l in 0..L {
            kc[l, t + pos, d] = x[t, d] * 2.0;
        }
        y = attention(x, kc[0], first[0], mask = mask);
    }
}

fn main() {
    let _ = Cache::graph();
}
