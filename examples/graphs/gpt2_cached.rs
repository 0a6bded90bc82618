// The GPT-2-style decoder of gpt2.rs run incrementally: each run takes `T` new tokens at
// positions `pos..pos + T` and keeps every position's keys and values in a cache (`state`)
// between runs, so generating a token costs one token's work, not the whole sequence's. A run
// appends to the cache with a shifted window (`kc[l, n, pos + t, e] = …`) and attends over all
// `S` slots with a mask that hides the slots after each query's own position. Only the last new
// token's logits are computed (the next token's); they stay on the device (`state logits`) and
// their argmax comes back (`next`), so a greedy step reads back one id. Prefill with a
// `T = prompt length` instance, hand its state over (`read_state` / `write_state`), then step
// with a `T = 1` instance; `tests/gpt2.rs` checks that this reproduces the full pass.

forge_graph! {
    /// GPT-2 with a key/value cache: the next token after `T` new tokens at positions
    /// `pos..pos + T`, and its logits.
    pub graph Gpt2Cached {
        dims { T, S, V, P, D, H, L, E = D / H, Q = 3 * D, F = 4 * D }

        input   ids: u32[T];
        uniform pos: u32;

        weight wte:    f32[V, D];
        weight wpe:    f32[P, D];
        weight ln1_g:  f32[L, D];
        weight ln1_b:  f32[L, D];
        weight attn_w: f32[L, D, Q];
        weight attn_b: f32[L, Q];
        weight proj_w: f32[L, D, D];
        weight proj_b: f32[L, D];
        weight ln2_g:  f32[L, D];
        weight ln2_b:  f32[L, D];
        weight fc_w:   f32[L, D, F];
        weight fc_b:   f32[L, F];
        weight out_w:  f32[L, F, D];
        weight out_b:  f32[L, D];
        weight lnf_g:  f32[D];
        weight lnf_b:  f32[D];

        /// Keys and values of every position so far, per layer and head.
        state  kc: f32[L, H, S, E];
        state  vc: f32[L, H, S, E];
        /// The logits after the latest run's last token.
        state  logits: f32[1, V];

        temp h:      f32[T, D];
        temp a:      f32[T, D];
        temp qkv:    f32[T, Q];
        temp q:      f32[H, T, E];
        temp mask:   f32[T, S];
        temp ctx:    f32[H, T, E];
        temp ctxt:   f32[T, H, E];
        temp merged: f32[T, D];
        temp up:     f32[T, F];
        temp last:   f32[1, D];
        temp lastn:  f32[1, D];
        output next: u32[1];

        h[t, d] = wte[ids[t], d] + wpe[pos + t, d];
        // Query i (at position pos + i) sees the cache's slots up to its own.
        mask[i, j] = select(j <= pos + i, 0.0, -inf);
        for l in 0..L {
            a = layer_norm(h, ln1_g[l], ln1_b[l], 1e-5);
            qkv = matmul(a, attn_w[l]) + attn_b[l];
            q[n, t, e] = qkv[t, n * E + e];
            kc[l, n, pos + t, e] = qkv[t, D + n * E + e];
            vc[l, n, pos + t, e] = qkv[t, 2 * D + n * E + e];
            ctx = attention(q, kc[l], vc[l], mask = mask);
            ctxt = transpose(ctx, 0, 1);
            merged = reshape(ctxt);
            h = h + matmul(merged, proj_w[l]) + proj_b[l];
            a = layer_norm(h, ln2_g[l], ln2_b[l], 1e-5);
            up = gelu_tanh(matmul(a, fc_w[l]) + fc_b[l]);
            h = h + matmul(up, out_w[l]) + out_b[l];
        }
        last[o, d] = h[o + T - 1, d];
        lastn = layer_norm(last, lnf_g, lnf_b, 1e-5);
        logits = matmul(lastn, transpose(wte));
        next = argmax(logits);
    }
}

/// The sixteen weights `w[0]` (`wte`) … `w[15]` (`lnf_b`), in declaration order, as `$ty`: the
/// full decoder's `Gpt2Weights` and the cached one's `Gpt2CachedWeights` have the same fields.
#[allow(unused_macros)]
macro_rules! gpt2_weights {
    ($ty:ident, $w:expr) => {
        $ty {
            wte: &$w[0],
            wpe: &$w[1],
            ln1_g: &$w[2],
            ln1_b: &$w[3],
            attn_w: &$w[4],
            attn_b: &$w[5],
            proj_w: &$w[6],
            proj_b: &$w[7],
            ln2_g: &$w[8],
            ln2_b: &$w[9],
            fc_w: &$w[10],
            fc_b: &$w[11],
            out_w: &$w[12],
            out_b: &$w[13],
            lnf_g: &$w[14],
            lnf_b: &$w[15],
        }
    };
}
