// A small GPT-style decoder written the way `examples/graphs/minilm.rs` is: embeddings gathered
// by token id, L pre-norm layers repeated by one loop over stacked weights (`w[l]`), heads split
// by `reshape`/`transpose` views and by an affine subscript, fused causal attention with a mask
// built from indices as values, an exact-GELU MLP and greedy decoding by `argmax`.
use forge::prelude::*;

forge_graph! {
    /// Tiny decoder: `ids`/`pos` in, next-token logits and the greedy choice out.
    pub graph TinyDecoder {
        dims { T, P, V, D, H, E, F, L }

        input  ids: u32[T];
        input  pos: u32[T];
        input  keep: u32[T];

        weight wte: f32[V, D];
        weight wpe: f32[P, D];
        weight ln1_g: f32[L, D];
        weight ln1_b: f32[L, D];
        weight wq: f32[L, D, D];
        weight wk: f32[L, D, D];
        weight wv: f32[L, D, D];
        weight wo: f32[L, D, D];
        weight ln2_g: f32[L, D];
        weight ln2_b: f32[L, D];
        weight up_w: f32[L, F, D];
        weight up_b: f32[L, F];
        weight down_w: f32[L, D, F];
        weight lnf_g: f32[D];
        uniform eps: f32 = 1e-5;
        uniform scale: f32 = 0.125;

        temp tok:  f32[T, D];
        temp pe:   f32[T, D];
        temp x:    f32[T, D];
        temp bias: f32[1, T, T];
        temp n:    f32[T, D];
        temp q:    f32[T, D];
        temp k:    f32[T, D];
        temp v:    f32[T, D];
        temp q3:   f32[T, H, E];
        temp k3:   f32[T, H, E];
        temp qh:   f32[H, T, E];
        temp kh:   f32[H, T, E];
        temp vh:   f32[H, T, E];
        temp ctx:  f32[H, T, E];
        temp ctxt: f32[T, H, E];
        temp ctxm: f32[T, D];
        temp up:   f32[T, F];
        temp nf:   f32[T, D];
        temp mu:   f32[T, 1];
        output logits: f32[T, V];
        output next:   u32[T];

        // Token embeddings by index notation, positions by `gather`.
        tok[t, d] = wte[ids[t], d];
        pe = gather(wpe, pos);
        x = tok + pe;
        // Causal mask and padding as values: indices compared, `-inf` where masked.
        bias[o, i, j] = select(j <= i && keep[j] > 0, 0.0, -inf);

        for l in 0..L {
            n = layer_norm(x, ln1_g[l], ln1_b[l], eps);
            q = matmul(n, wq[l]);
            k = matmul(n, wk[l]);
            v = matmul(n, wv[l]);
            q3 = reshape(q);
            k3 = reshape(k);
            qh = transpose(q3, 0, 1);
            kh = transpose(k3, 0, 1);
            vh[h, t, e] = v[t, h * E + e];
            ctx = attention(qh, kh, vh, mask = bias, causal = true, scale = scale);
            ctxt = transpose(ctx, 0, 1);
            ctxm = reshape(ctxt);
            x = x + matmul(ctxm, wo[l]);
            n = layer_norm(x, ln2_g[l], ln2_b[l], eps);
            up = gelu(matmul(n, transpose(up_w[l])) + up_b[l]);
            x = x + matmul(up, transpose(down_w[l]));
        }

        mu = mean(x, keepdim = true);
        nf = rms_norm(x - mu, lnf_g, eps);
        logits = matmul(nf, transpose(wte));
        next = argmax(logits);
    }
}

fn main() {
    let _ = TinyDecoderDims { t: 8, p: 16, v: 32, d: 16, h: 2, e: 8, f: 64, l: 2 };
}
