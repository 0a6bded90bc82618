// A LLaMA-style decoder (RMSNorm, rotary position embeddings, grouped-query attention, SwiGLU)
// as one graph, shared by its test. Weights keep PyTorch's Linear layout `[out, in]` (used
// through `transpose`). The rotary angles are computed in the graph from the position and the
// pair index; a query head `n = kv * G + g` attends to key/value head `kv` by broadcasting the
// `[KV, 1, T, E]` keys over the group axis.

forge_graph! {
    /// LLaMA: token ids in, next-token logits for every position out.
    pub graph Llama {
        dims { T, V, D, H, KV, L, F, E = D / H, HALF = E / 2, G = H / KV, KVD = KV * E }

        input  ids: u32[T];
        uniform theta: f32 = 10000.0;

        weight emb:       f32[V, D];
        weight attn_norm: f32[L, D];
        weight wq:        f32[L, D, D];
        weight wk:        f32[L, KVD, D];
        weight wv:        f32[L, KVD, D];
        weight wo:        f32[L, D, D];
        weight ffn_norm:  f32[L, D];
        weight w1:        f32[L, F, D];
        weight w3:        f32[L, F, D];
        weight w2:        f32[L, D, F];
        weight norm:      f32[D];
        weight lm_head:   f32[V, D];

        temp x:      f32[T, D];
        temp a:      f32[T, D];
        temp q:      f32[T, D];
        temp k:      f32[T, KVD];
        temp v:      f32[T, KVD];
        temp angle:  f32[T, HALF];
        temp qr:     f32[KV, G, T, 2, HALF];
        temp kr:     f32[KV, 1, T, 2, HALF];
        temp qh:     f32[KV, G, T, E];
        temp kh:     f32[KV, 1, T, E];
        temp vh:     f32[KV, 1, T, E];
        temp ctx:    f32[KV, G, T, E];
        temp ctxt:   f32[T, KV, G, E];
        temp merged: f32[T, D];
        temp hid:    f32[T, F];
        output logits: f32[T, V];

        x[t, d] = emb[ids[t], d];
        // Rotation angle of pair i at position t: t / theta^(2i / E).
        angle[t, i] = (t as f32) * exp((i as f32) * (-2.0 / (E as f32)) * log(theta));
        for l in 0..L {
            a = rms_norm(x, attn_norm[l], 1e-5);
            q = matmul(a, transpose(wq[l]));
            k = matmul(a, transpose(wk[l]));
            v = matmul(a, transpose(wv[l]));
            // Rotate-half RoPE: the first half of a head pairs with the second.
            qr[kv, g, t, c, i] = select(c == 0,
                q[t, (kv * G + g) * E + i] * cos(angle[t, i]) - q[t, (kv * G + g) * E + HALF + i] * sin(angle[t, i]),
                q[t, (kv * G + g) * E + HALF + i] * cos(angle[t, i]) + q[t, (kv * G + g) * E + i] * sin(angle[t, i]));
            kr[kv, o, t, c, i] = select(c == 0,
                k[t, kv * E + i] * cos(angle[t, i]) - k[t, kv * E + HALF + i] * sin(angle[t, i]),
                k[t, kv * E + HALF + i] * cos(angle[t, i]) + k[t, kv * E + i] * sin(angle[t, i]));
            qh = reshape(qr);
            kh = reshape(kr);
            vh[kv, o, t, e] = v[t, kv * E + e];
            ctx = attention(qh, kh, vh, causal = true);
            ctxt = permute(ctx, 2, 0, 1, 3);
            merged = reshape(ctxt);
            x = x + matmul(merged, transpose(wo[l]));
            a = rms_norm(x, ffn_norm[l], 1e-5);
            hid = silu(matmul(a, transpose(w1[l]))) * matmul(a, transpose(w3[l]));
            x = x + matmul(hid, transpose(w2[l]));
        }
        a = rms_norm(x, norm, 1e-5);
        logits = matmul(a, transpose(lm_head));
    }
}
