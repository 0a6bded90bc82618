// A Llama decoder as llama.cpp's GGUF files hold it (SmolLM2-135M-Instruct's formats: Q4_1
// projections, a Q8_0 token embedding tied to the output head, f32 norms) with a key/value
// cache. A run takes `T` token ids at positions `pos..pos + T`, of which the first `n` are real
// (prompts are padded to a few sizes of `T`, so few instances are built), appends their keys and
// values to the cache (`state`), and leaves the logits of token `n - 1` in `logits` and their
// argmax in `next`: a greedy step reads back one id. Matrices keep GGUF's `[out, in]` rows and are
// read through `transpose` (a layer's query, key and value rows stacked into one, so one product
// makes all three); blocks are decoded inside the products. RoPE rotates adjacent pairs
// `(2i, 2i + 1)` of a head (llama.cpp's converter permuted the Q and K rows for that), and query
// head `kv * G + g` attends to key/value head `kv`.

forge_graph! {
    /// Llama with a KV cache over GGUF weights: `n` new tokens (of `T`) at positions `pos..`.
    pub graph LlamaGguf {
        dims { T, S, V, D, H, KV, L, F, E = D / H, HALF = E / 2, G = H / KV, KVD = KV * E, QKV = D + 2 * KVD }

        input   ids:   u32[T];
        uniform pos:   u32;
        uniform n:     u32;
        uniform theta: f32 = 10000.0;
        uniform eps:   f32 = 0.00001;

        weight emb:       q8_0[V, D];
        weight attn_norm: f32[L, D];
        /// The query, key and value rows of a layer, one after the other.
        weight wqkv:      q4_1[L, QKV, D];
        weight wo:        q4_1[L, D, D];
        weight ffn_norm:  f32[L, D];
        weight w_gate:    q4_1[L, F, D];
        weight w_up:      q4_1[L, F, D];
        weight w_down:    q4_1[L, D, F];
        weight out_norm:  f32[D];

        /// Keys (`cache[l, 0]`) and values (`cache[l, 1]`) of every position so far (one broadcast
        /// axis for the query groups).
        state cache: f32[L, 2, KV, 1, S, E];
        /// The logits of the last real token of the latest run.
        state logits: f32[1, V];

        temp x:      f32[T, D];
        temp a:      f32[T, D];
        temp qkv:    f32[T, QKV];
        temp angle:  f32[T, HALF];
        temp mask:   f32[T, S];
        temp qh:     f32[KV, G, T, E];
        temp scores: f32[KV, G, T, S];
        temp probs:  f32[KV, G, T, S];
        temp ctx:    f32[KV, G, T, E];
        temp ctxt:   f32[T, KV, G, E];
        temp merged: f32[T, D];
        temp hid:    f32[T, F];
        temp last:   f32[1, D];
        temp lastn:  f32[1, D];
        output next: u32[1];

        x[t, d] = emb[ids[t], d];
        // Pair i of a head turns by (pos + t) / theta^(2i / E).
        angle[t, i] = ((pos + t) as f32) * exp((i as f32) * (-2.0 / (E as f32)) * log(theta));
        // Query t (at position pos + t) sees the cache's slots up to its own.
        mask[t, j] = select(j <= pos + t, 0.0, -inf);
        for l in 0..L {
            a = rms_norm(x, attn_norm[l], eps);
            qkv = matmul(a, transpose(wqkv[l]));
            // RoPE: of pair i = e / 2 of a head, element 2i is x[2i]·cos − x[2i+1]·sin and
            // element 2i+1 is x[2i+1]·cos + x[2i]·sin.
            qh[kv, g, t, e] = select(e / 2 * 2 == e,
                qkv[t, (kv * G + g) * E + e / 2 * 2] * cos(angle[t, e / 2]) - qkv[t, (kv * G + g) * E + e / 2 * 2 + 1] * sin(angle[t, e / 2]),
                qkv[t, (kv * G + g) * E + e / 2 * 2 + 1] * cos(angle[t, e / 2]) + qkv[t, (kv * G + g) * E + e / 2 * 2] * sin(angle[t, e / 2]));
            // The rotated key (w = 0) and the value (w = 1) of each new token, in one pass.
            cache[l, w, h, o, pos + t, e] = select(w == 0,
                select(e / 2 * 2 == e,
                    qkv[t, D + h * E + e / 2 * 2] * cos(angle[t, e / 2]) - qkv[t, D + h * E + e / 2 * 2 + 1] * sin(angle[t, e / 2]),
                    qkv[t, D + h * E + e / 2 * 2 + 1] * cos(angle[t, e / 2]) + qkv[t, D + h * E + e / 2 * 2] * sin(angle[t, e / 2])),
                qkv[t, D + KVD + h * E + e]);
            // Attention as two products around a softmax: every step is parallel over the
            // cache's slots, which a decoding run (one query a head) needs.
            scores = matmul(qh, transpose(cache[l, 0])) * rsqrt(E as f32) + mask;
            probs = softmax(scores);
            ctx = matmul(probs, cache[l, 1]);
            ctxt = permute(ctx, 2, 0, 1, 3);
            merged = reshape(ctxt);
            x = x + matmul(merged, transpose(wo[l]));
            a = rms_norm(x, ffn_norm[l], eps);
            hid = silu(matmul(a, transpose(w_gate[l]))) * matmul(a, transpose(w_up[l]));
            x = x + matmul(hid, transpose(w_down[l]));
        }
        last[o, d] = x[o + n - 1, d];
        lastn = rms_norm(last, out_norm, eps);
        logits = matmul(lastn, transpose(emb));
        next = argmax(logits);
    }
}
