//! Graph sources the lowering tests share with forge-runtime's device tests
//! (`tests/wgpu_backend` includes this file): plain text, nothing of the crate.

pub const MLP: &str = "graph MlpBlock { dims { B, D, F }
    input x: f32[B, D]; weight g: f32[D]; weight w_gate: f32[D, F]; weight w_up: f32[D, F];
    weight w_down: f32[F, D]; uniform eps: f32 = 1e-5; temp n: f32[B, D]; temp h: f32[B, F];
    output y: f32[B, D];
    n = rms_norm(x, g, eps);
    h = silu(matmul(n, w_gate)) * matmul(n, w_up);
    y = x + matmul(h, w_down);
}";

pub const BERT: &str = "graph Bert { dims { B, T, D, H, E, F, L, V, P }
    input ids: u32[B, T]; input mask: u32[B, T];
    weight wte: f32[V, D]; weight wpe: f32[P, D];
    weight wq: f32[L, D, D]; weight bq: f32[L, D]; weight w1: f32[L, F, D]; weight b1: f32[L, F];
    weight w2: f32[L, D, F]; weight ln_g: f32[L, D]; weight ln_b: f32[L, D];
    temp x: f32[B, T, D]; temp q: f32[B, T, D]; temp q4: f32[B, T, H, E]; temp qh: f32[B, H, T, E];
    temp am: f32[B, 1, 1, T]; temp o: f32[B, H, T, E]; temp ot: f32[B, T, H, E]; temp oc: f32[B, T, D];
    temp r: f32[B, T, D]; temp f: f32[B, T, F]; temp s: f32[B, D]; temp cnt: f32[B];
    output y: f32[B, D]; output top: u32[B, T];
    x[b, t, d] = wte[ids[b, t], d] + wpe[t, d];
    am[b, u, v, t] = select(mask[b, t] > 0, 0.0, -inf);
    for l in 0..L {
        q = matmul(x, transpose(wq[l])) + bq[l];
        q4 = reshape(q);
        qh = transpose(q4, 1, 2);
        o = attention(qh, qh, qh, mask = am);
        ot = transpose(o, 1, 2);
        oc = reshape(ot);
        r = x + oc;
        x = layer_norm(r, ln_g[l], ln_b[l], 1e-12);
        f = gelu(matmul(x, transpose(w1[l])) + b1[l]);
        r = x + matmul(f, transpose(w2[l]));
        x = layer_norm(r, ln_g[l], ln_b[l], 1e-12);
    }
    s[b, d] = sum(t, x[b, t, d] * (mask[b, t] as f32));
    cnt[b] = sum(t, mask[b, t] as f32);
    y[b, d] = s[b, d] / cnt[b];
    top = argmax(x);
}";

/// Two feed-forward layers: the up projection's GELU output `h` is only the down projection's A.
pub const FFN: &str = "graph Ffn { dims { M, D, F, L }
    input x: f32[M, D]; weight w1: f32[L, F, D]; weight b1: f32[L, F]; weight w2: f32[L, D, F];
    temp h: f32[M, F]; temp r: f32[M, D]; output y: f32[M, D];
    r = x;
    for l in 0..L {
        h = gelu(matmul(r, transpose(w1[l]), precision = bf16x3) + b1[l]);
        r = r + matmul(h, transpose(w2[l]), precision = bf16x3);
    }
    y = r;
}";

/// Attention over heads, merged back (a permuted store) and projected: the attention's output is
/// only the projection's A.
pub const ATTN: &str = "graph Attn { dims { B, T, D, H, E = D / H }
    input x: f32[B, T, D]; weight wo: f32[D, D];
    temp xh: f32[B, T, H, E]; temp qh: f32[B, H, T, E]; temp o: f32[B, H, T, E]; temp ot: f32[B, T, H, E];
    temp om: f32[B, T, D]; output y: f32[B, T, D];
    xh = reshape(x);
    qh = transpose(xh, 1, 2);
    o = attention(qh, qh, qh);
    ot = transpose(o, 1, 2);
    om = reshape(ot);
    y = x + matmul(om, transpose(wo), precision = bf16x3);
}";

/// A post-LN block: each LayerNorm's output `n` is the next product's A and the next residual's
/// input, so the norm stores its split beside it.
pub const POST_LN: &str = "graph PostLn { dims { M, D, F, L }
    input x: f32[M, D]; weight w1: f32[L, F, D]; weight w2: f32[L, D, F]; weight g: f32[L, D];
    weight b: f32[L, D];
    temp h: f32[M, F]; temp r: f32[M, D]; temp n: f32[M, D]; output y: f32[M, D];
    n = layer_norm(x, g[0], b[0], 1e-5);
    for l in 0..L {
        h = gelu(matmul(n, transpose(w1[l]), precision = bf16x3));
        r = n + matmul(h, transpose(w2[l]), precision = bf16x3);
        n = layer_norm(r, g[l], b[l], 1e-5);
    }
    y = n * 2.0;
}";

/// A small [`BERT`] with every product `precision = bf16x3`: B, T, D, H, E, F, L, V, P.
pub const BERT_DIMS: [usize; 9] = [2, 12, 48, 4, 12, 64, 2, 50, 16];

/// [`BERT`] with every product `precision = bf16x3`.
pub fn bert_bf16x3() -> String {
    let mut src = BERT.to_string();
    for w in ["wq[l]", "w1[l]", "w2[l]"] {
        src = src.replace(&format!("transpose({w}))"), &format!("transpose({w}), precision = bf16x3)"));
    }
    assert_eq!(src.matches("bf16x3").count(), 3);
    src
}
