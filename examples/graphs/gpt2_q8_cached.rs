// The cached GPT-2 of gpt2_cached.rs with its matrices in GGUF's Q8_0 blocks, as a quantized
// GPT-2 file stores them: each projection `[out, in]` (GGUF's converter transposes GPT-2's
// `[in, out]` Conv1D weights), read as `transpose(w)`, and the token embedding one table for the
// gather and the tied output head. A block is 32 weights of one row with one f16 scale (34
// bytes for 128 of f32), so a decoding step streams about a quarter of the f32 model's bytes;
// the products decode blocks in registers (never f32 weights in memory), as the GGUF Llama's
// do. Norms, biases and position embeddings stay f32. Same statements otherwise: the next token
// chosen on the device, its logits kept in `state logits`.

forge_graph! {
    /// GPT-2 with Q8_0 matrices and a key/value cache: the next token after `T` new tokens at
    /// positions `pos..pos + T`, and its logits.
    pub graph Gpt2Q8Cached {
        dims { T, S, V, P, D, H, L, E = D / H, Q = 3 * D, F = 4 * D }

        input   ids: u32[T];
        uniform pos: u32;

        weight wte:    q8_0[V, D];
        weight wpe:    f32[P, D];
        weight ln1_g:  f32[L, D];
        weight ln1_b:  f32[L, D];
        weight attn_w: q8_0[L, Q, D];
        weight attn_b: f32[L, Q];
        weight proj_w: q8_0[L, D, D];
        weight proj_b: f32[L, D];
        weight ln2_g:  f32[L, D];
        weight ln2_b:  f32[L, D];
        weight fc_w:   q8_0[L, F, D];
        weight fc_b:   f32[L, F];
        weight out_w:  q8_0[L, D, F];
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
            qkv = matmul(a, transpose(attn_w[l])) + attn_b[l];
            q[n, t, e] = qkv[t, n * E + e];
            kc[l, n, pos + t, e] = qkv[t, D + n * E + e];
            vc[l, n, pos + t, e] = qkv[t, 2 * D + n * E + e];
            ctx = attention(q, kc[l], vc[l], mask = mask);
            ctxt = transpose(ctx, 0, 1);
            merged = reshape(ctxt);
            h = h + matmul(merged, transpose(proj_w[l])) + proj_b[l];
            a = layer_norm(h, ln2_g[l], ln2_b[l], 1e-5);
            up = gelu_tanh(matmul(a, transpose(fc_w[l])) + fc_b[l]);
            h = h + matmul(up, transpose(out_w[l])) + out_b[l];
        }
        last[o, d] = h[o + T - 1, d];
        lastn = layer_norm(last, lnf_g, lnf_b, 1e-5);
        logits = matmul(lastn, transpose(wte));
        next = argmax(logits);
    }
}
