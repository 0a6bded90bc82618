// The all-MiniLM-L6-v2 sentence encoder (a 6-layer BERT), shared by examples/minilm.rs, its test
// and the codegen snapshot test. Weights keep PyTorch's Linear layout `[out, in]` (used through
// `transpose`), each kind stacked over the layers (`[L, …]`, read as `w[l]`). The projections
// may run as three bf16 tensor-core products over split operands (`precision = bf16x3`: about
// 1e-5 relative error, 1.7e-6 on MiniLM's embeddings; tf32x3 where bf16 tiles do not fit, true
// f32 where no tensor core does, and on the CPU and wgpu).

forge_graph! {
    /// all-MiniLM-L6-v2: token ids and attention mask in, one L2-normalised 384-float embedding
    /// per sentence out (BERT encoder, post-LayerNorm, exact GELU, mean pooling over the mask).
    pub graph MiniLm {
        // E, each head's width, is derived: computed from D and H, not passed.
        dims { B, T, V, P, D, H, F, L, E = D / H }

        input  ids:  u32[B, T];
        input  mask: u32[B, T];

        weight word_embeddings:       f32[V, D];
        weight position_embeddings:   f32[P, D];
        weight token_type_embeddings: f32[2, D];
        weight emb_ln_gamma: f32[D];
        weight emb_ln_beta:  f32[D];
        // Query, key and value of each layer side by side (`[3, 1, out, in]`): one batched
        // product computes all three (x is broadcast over the leading 3).
        weight qkv_w: f32[L, 3, 1, D, D];
        weight qkv_b: f32[L, 3, 1, 1, D];
        weight attn_out_w: f32[L, D, D];
        weight attn_out_b: f32[L, D];
        weight attn_ln_gamma: f32[L, D];
        weight attn_ln_beta:  f32[L, D];
        weight ffn_up_w:   f32[L, F, D];
        weight ffn_up_b:   f32[L, F];
        weight ffn_down_w: f32[L, D, F];
        weight ffn_down_b: f32[L, D];
        weight ffn_ln_gamma: f32[L, D];
        weight ffn_ln_beta:  f32[L, D];

        temp emb:  f32[B, T, D];
        temp x:    f32[B, T, D];
        temp bias: f32[B, 1, 1, T];
        temp x1:   f32[1, B, T, D];
        temp qkv:  f32[3, B, T, D];
        temp q4:   f32[B, T, H, E];
        temp k4:   f32[B, T, H, E];
        temp v4:   f32[B, T, H, E];
        temp qh:   f32[B, H, T, E];
        temp kh:   f32[B, H, T, E];
        temp vh:   f32[B, H, T, E];
        temp ctx:  f32[B, H, T, E];
        temp ctxt: f32[B, T, H, E];
        temp ctxm: f32[B, T, D];
        temp r:    f32[B, T, D];
        temp up:   f32[B, T, F];
        temp summed: f32[B, D];
        temp count:  f32[B, 1];
        temp pooled: f32[B, D];
        temp norm:   f32[B, 1];
        output embedding: f32[B, D];

        // Embeddings: token + position + token type 0, then LayerNorm.
        emb[b, t, d] = word_embeddings[ids[b, t], d] + position_embeddings[t, d] + token_type_embeddings[0, d];
        x = layer_norm(emb, emb_ln_gamma, emb_ln_beta, 1e-12);
        // Padded keys get -inf added to their scores.
        bias[b, i, j, t] = select(mask[b, t] > 0, 0.0, -inf);

        for l in 0..L {
            x1 = reshape(x);
            qkv = matmul(x1, transpose(qkv_w[l]), precision = bf16x3) + qkv_b[l];
            q4 = reshape(qkv[0]);
            k4 = reshape(qkv[1]);
            v4 = reshape(qkv[2]);
            qh = transpose(q4, 1, 2);
            kh = transpose(k4, 1, 2);
            vh = transpose(v4, 1, 2);
            ctx = attention(qh, kh, vh, mask = bias);
            ctxt = transpose(ctx, 1, 2);
            ctxm = reshape(ctxt);
            r = x + matmul(ctxm, transpose(attn_out_w[l]), precision = bf16x3) + attn_out_b[l];
            x = layer_norm(r, attn_ln_gamma[l], attn_ln_beta[l], 1e-12);
            up = gelu(matmul(x, transpose(ffn_up_w[l]), precision = bf16x3) + ffn_up_b[l]);
            r = x + matmul(up, transpose(ffn_down_w[l]), precision = bf16x3) + ffn_down_b[l];
            x = layer_norm(r, ffn_ln_gamma[l], ffn_ln_beta[l], 1e-12);
        }

        // Mean pooling over the real tokens, then L2 normalisation (sentence-transformers).
        summed[b, d] = sum(t, x[b, t, d] * (mask[b, t] as f32));
        count[b, o] = sum(t, mask[b, t] as f32);
        pooled = summed / max(count, 1e-9);
        norm = sqrt(sum(pooled * pooled, keepdim = true));
        embedding = pooled / max(norm, 1e-12);
    }
}

/// MiniLM's text with every projection at `precision` (`f32`, `bf16x3` as written, `tf32x3` or
/// `tf32`; `docs/semantics.md`), for instances built from text (`GraphInstance::from_source`).
#[allow(dead_code)]
pub fn minilm_source(precision: &str) -> String {
    match precision {
        "f32" => MiniLm::SOURCE.replace(", precision = bf16x3", ""),
        p => MiniLm::SOURCE.replace("precision = bf16x3", &format!("precision = {p}")),
    }
}
