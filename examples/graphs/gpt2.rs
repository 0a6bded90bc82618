// A GPT-2-style decoder (pre-LayerNorm, causal attention, tanh GELU, tied embeddings) as one
// graph, shared by its test. Weights keep GPT-2's own layout: its `Conv1D` projections are
// `[in, out]` (no transpose), the attention's q, k and v side by side in one `[D, 3D]` product
// whose heads are read at affine subscripts; the logits reuse the token table through
// `transpose`. Per-head width and the projections' widths are derived dims.

forge_graph! {
    /// GPT-2: token ids in, next-token logits for every position out.
    pub graph Gpt2 {
        dims { T, V, P, D, H, L, E = D / H, Q = 3 * D, F = 4 * D }

        input  ids: u32[T];

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

        temp h:      f32[T, D];
        temp a:      f32[T, D];
        temp qkv:    f32[T, Q];
        temp q:      f32[H, T, E];
        temp k:      f32[H, T, E];
        temp v:      f32[H, T, E];
        temp ctx:    f32[H, T, E];
        temp ctxt:   f32[T, H, E];
        temp merged: f32[T, D];
        temp up:     f32[T, F];
        output logits: f32[T, V];

        h[t, d] = wte[ids[t], d] + wpe[t, d];
        for l in 0..L {
            a = layer_norm(h, ln1_g[l], ln1_b[l], 1e-5);
            qkv = matmul(a, attn_w[l]) + attn_b[l];
            q[n, t, e] = qkv[t, n * E + e];
            k[n, t, e] = qkv[t, D + n * E + e];
            v[n, t, e] = qkv[t, 2 * D + n * E + e];
            ctx = attention(q, k, v, causal = true);
            ctxt = transpose(ctx, 0, 1);
            merged = reshape(ctxt);
            h = h + matmul(merged, proj_w[l]) + proj_b[l];
            a = layer_norm(h, ln2_g[l], ln2_b[l], 1e-5);
            up = gelu_tanh(matmul(a, fc_w[l]) + fc_b[l]);
            h = h + matmul(up, out_w[l]) + out_b[l];
        }
        a = layer_norm(h, lnf_g, lnf_b, 1e-5);
        logits = matmul(a, transpose(wte));
    }
}
