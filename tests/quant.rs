//! GGUF block formats (`q4_0 q4_1 q8_0`) as weight element types: products with a block-format B
//! in both layouts (`transpose` of `[N, K]` as GGUF stores matrices, and `[K, N]`), per-layer
//! views of a stacked weight, and gathers from a block-format table, against f64 loops over an
//! independent decoder, once per backend. Random blocks with random scales, never zeros.

mod common;

use common::*;
use forge::prelude::*;
use forge::{BlockQ4_0, BlockQ4_1, BlockQ8_0};

/// `a [m, k] · wᵀ` for `w [n, k]`.
fn matmul_nk(a: &[f32], w: &[f64], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut out = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            out[i * n + j] = (0..k).map(|p| f64::from(a[i * k + p]) * w[j * k + p]).sum::<f64>() as f32;
        }
    }
    out
}

forge_graph! {
    /// Every format, `transpose(w)` of GGUF's `[N, K]`, with a bias epilogue.
    graph QuantNk {
        dims { M, K, N }
        input  a:    f32[M, K];
        weight w4:   q4_0[N, K];
        weight w41:  q4_1[N, K];
        weight w8:   q8_0[N, K];
        weight bias: f32[N];
        output y4:   f32[M, N];
        output y41:  f32[M, N];
        output y8:   f32[M, N];
        y4 = matmul(a, transpose(w4)) + bias;
        y41 = matmul(a, transpose(w41));
        y8 = silu(matmul(a, transpose(w8)));
    }
}

fn products_of_gguf_layout(ctx: &Context) {
    // The last: a vocabulary-wide head of two rows (1,058 tiles of 16 columns, the last
    // partly past N).
    for (m, k, n) in [(1, 32, 1), (1, 576, 96), (3, 64, 40), (8, 96, 33), (37, 160, 70), (70, 64, 130), (2, 64, 16920)]
    {
        let a = rand_f32(m * k, 1.0, 11);
        let bias = rand_f32(n, 1.0, 12);
        let (b4, b41, b8) =
            (rand_blocks("q4_0", n * k, 13), rand_blocks("q4_1", n * k, 14), rand_blocks("q8_0", n * k, 15));
        let mut g = QuantNk::new(ctx, QuantNkDims { m, k, n }).unwrap();
        g.load_weights(QuantNkWeights {
            w4: BlockQ4_0::slice(&b4).unwrap(),
            w41: BlockQ4_1::slice(&b41).unwrap(),
            w8: BlockQ8_0::slice(&b8).unwrap(),
            bias: &bias,
        })
        .unwrap();
        let out = g.run(QuantNkInputs { a: &a }).unwrap();
        let mut want4 = matmul_nk(&a, &decode_blocks("q4_0", &b4), m, k, n);
        want4.iter_mut().enumerate().for_each(|(i, v)| *v += bias[i % n]);
        let want41 = matmul_nk(&a, &decode_blocks("q4_1", &b41), m, k, n);
        let want8: Vec<f32> =
            matmul_nk(&a, &decode_blocks("q8_0", &b8), m, k, n).iter().map(|&v| v / (1.0 + (-v).exp())).collect();
        let what = format!("{m}x{k}x{n}");
        assert_close(&format!("{what} q4_0"), &out.y4, &want4, 1e-4, 1.0);
        assert_close(&format!("{what} q4_1"), &out.y41, &want41, 1e-4, 1.0);
        assert_close(&format!("{what} q8_0"), &out.y8, &want8, 1e-4, 1.0);
    }
}

forge_graph! {
    /// Block-format products at the tensor-core precisions: the opt-in is accepted, and every
    /// backend stays within its error (each computes them in f32 today, more precise than asked).
    graph QuantTensor {
        dims { M, K, N }
        input  a:   f32[M, K];
        weight w41: q4_1[N, K];
        weight w8:  q8_0[K, N];
        output x3:  f32[M, N];
        output t:   f32[M, N];
        x3 = matmul(a, transpose(w41), precision = tf32x3) * 0.5;
        t = matmul(a, w8, precision = tf32);
    }
}

fn products_at_tensor_core_precisions(ctx: &Context) {
    for (m, k, n) in [(3, 64, 64), (70, 160, 128), (300, 576, 192)] {
        let a = rand_f32(m * k, 1.0, 21);
        let (b41, b8) = (rand_blocks("q4_1", n * k, 22), rand_blocks("q8_0", k * n, 23));
        let mut g = QuantTensor::new(ctx, QuantTensorDims { m, k, n }).unwrap();
        g.load_weights(QuantTensorWeights { w41: BlockQ4_1::slice(&b41).unwrap(), w8: BlockQ8_0::slice(&b8).unwrap() })
            .unwrap();
        let out = g.run(QuantTensorInputs { a: &a }).unwrap();
        let half: Vec<f32> = matmul_nk(&a, &decode_blocks("q4_1", &b41), m, k, n).iter().map(|v| v * 0.5).collect();
        // `w8` is `[K, N]`: transposed, it is the `[N, K]` that `matmul_nk` takes.
        let w8 = decode_blocks("q8_0", &b8);
        let w8_nk: Vec<f64> = (0..n * k).map(|i| w8[(i % k) * n + i / k]).collect();
        let what = format!("{m}x{k}x{n}");
        assert_close(&format!("{what} q4_1 tf32x3"), &out.x3, &half, 1e-4, 1.0);
        // Single TF32 keeps 10 of f32's 23 fraction bits of each operand (truncated): each
        // term may lose 2 · 2^-10 of itself, so the bound is that much of the sum of |terms|.
        let want = matmul_nk(&a, &w8_nk, m, k, n);
        for (i, (got, want)) in out.t.iter().zip(&want).enumerate() {
            let (row, col) = (i / n, i % n);
            let terms: f64 = (0..k).map(|p| (f64::from(a[row * k + p]) * w8_nk[col * k + p]).abs()).sum();
            let bound = 2.0 * 2f64.powi(-10) * terms + 1e-6;
            assert!(f64::from(got - want).abs() <= bound, "{what} q8_0 tf32 [{i}]: {got} vs {want} (bound {bound})");
        }
    }
}

forge_graph! {
    /// A block-format B stored `[K, N]` (blocks along N) and a layer of a stacked weight.
    graph QuantKn {
        dims { M, K, N, L }
        input  a:  f32[M, K];
        weight w:  q8_0[K, N];
        weight ws: q4_1[L, N, K];
        output y:  f32[M, N];
        output z:  f32[M, N];
        y = matmul(a, w);
        z = matmul(a, transpose(ws[1]));
    }
}

fn products_of_kn_layout_and_layer_views(ctx: &Context) {
    for (m, k, n) in [(1, 64, 64), (5, 64, 32), (33, 96, 96)] {
        let l = 3;
        let a = rand_f32(m * k, 1.0, 21);
        let (w, ws) = (rand_blocks("q8_0", k * n, 22), rand_blocks("q4_1", l * n * k, 23));
        let mut g = QuantKn::new(ctx, QuantKnDims { m, k, n, l }).unwrap();
        g.load_weights(QuantKnWeights { w: BlockQ8_0::slice(&w).unwrap(), ws: BlockQ4_1::slice(&ws).unwrap() })
            .unwrap();
        let out = g.run(QuantKnInputs { a: &a }).unwrap();
        // `w [K, N]` transposed to `[N, K]` for the reference.
        let wd = decode_blocks("q8_0", &w);
        let wt: Vec<f64> = (0..n * k).map(|i| wd[(i % k) * n + i / k]).collect();
        let layer = &decode_blocks("q4_1", &ws)[n * k..2 * n * k];
        assert_close(&format!("{m}x{k}x{n} [K,N]"), &out.y, &matmul_nk(&a, &wt, m, k, n), 1e-4, 1.0);
        assert_close(&format!("{m}x{k}x{n} layer 1"), &out.z, &matmul_nk(&a, layer, m, k, n), 1e-4, 1.0);
    }
}

forge_graph! {
    /// A token embedding looked up in a Q8_0 table, ids out of range clamped.
    graph QuantGather {
        dims { T, V, D }
        input  ids: u32[T];
        weight emb: q8_0[V, D];
        output e:   f32[T, D];
        e[t, d] = emb[ids[t], d] * 2.0;
    }
}

fn gather_from_a_block_table(ctx: &Context) {
    let (t, v, d) = (9, 50, 96);
    let emb = rand_blocks("q8_0", v * d, 31);
    let mut ids = rand_u32(t, 0, v as u32 - 1, 32);
    ids[3] = 1000;
    let mut g = QuantGather::new(ctx, QuantGatherDims { t, v, d }).unwrap();
    g.load_weights(QuantGatherWeights { emb: BlockQ8_0::slice(&emb).unwrap() }).unwrap();
    let out = g.run(QuantGatherInputs { ids: &ids }).unwrap();
    let table = decode_blocks("q8_0", &emb);
    let want: Vec<f32> =
        (0..t * d).map(|i| (table[(ids[i / d] as usize).min(v - 1) * d + i % d] * 2.0) as f32).collect();
    assert_eq!(out.e, want, "gathered values are exact");
}

forge_graph! {
    /// Statements after a few-row product that read it a column pair at a time (a rotation, a
    /// pair difference), a column at a time (a window store into a state), and one that reads
    /// across columns (a neighbour five columns on, which no workgroup holds alone).
    graph QuantFollow {
        dims { M, K, N, S, H = N / 2 }
        input   a:     f32[M, K];
        uniform pos:   u32;
        weight  w:     q4_1[N, K];
        state   cache: f32[S, N];
        temp    y:     f32[M, N];
        output  r:     f32[M, N];
        output  z:     f32[M, H];
        output  s:     f32[M, N];
        y = matmul(a, transpose(w));
        r[t, j] = select(j / 2 * 2 == j,
            y[t, j / 2 * 2] * 0.6 - y[t, j / 2 * 2 + 1] * 0.8,
            y[t, j / 2 * 2 + 1] * 0.6 + y[t, j / 2 * 2] * 0.8);
        z[t, i] = y[t, 2 * i + 1] - y[t, 2 * i];
        cache[pos + t, j] = y[t, j] * 2.0;
        s[t, j] = y[t, j] + y[t, (j + 5) % N];
    }
}

/// The first three statements run inside the product's kernel (`Fusion::followers`): the
/// product and the last statement are the run's two kernels, and every output, the state's
/// window and the rows around it included, is the loops' (rows of a partial last column group
/// too: 42 columns).
fn statements_following_a_product(ctx: &Context) {
    for (m, k, n) in [(1, 576, 96), (3, 64, 42)] {
        let s_len = 6;
        let pos = 2u32;
        let a = rand_f32(m * k, 1.0, 41);
        let w = rand_blocks("q4_1", n * k, 42);
        let before = rand_f32(s_len * n, 1.0, 43);
        let mut g = QuantFollow::new(ctx, QuantFollowDims { m, k, n, s: s_len }).unwrap();
        g.load_weights(QuantFollowWeights { w: BlockQ4_1::slice(&w).unwrap() }).unwrap();
        g.write_state(&QuantFollowState { cache: before.clone() }).unwrap();
        let out = g.run(QuantFollowInputs { a: &a, pos }).unwrap();
        assert_eq!(g.last_profile().unwrap().kernels.len(), 2, "{m}x{k}x{n}: the product with its followers, then s");
        let y = matmul_nk(&a, &decode_blocks("q4_1", &w), m, k, n);
        let at = |t: usize, j: usize| y[t * n + j];
        let mut r = vec![0.0; m * n];
        let mut z = vec![0.0; m * n / 2];
        let mut s = vec![0.0; m * n];
        let mut cache = before.clone();
        for t in 0..m {
            for j in 0..n {
                let (even, odd) = (at(t, j / 2 * 2), at(t, j / 2 * 2 + 1));
                r[t * n + j] = if j % 2 == 0 { even * 0.6 - odd * 0.8 } else { odd * 0.6 + even * 0.8 };
                s[t * n + j] = at(t, j) + at(t, (j + 5) % n);
                cache[(pos as usize + t) * n + j] = at(t, j) * 2.0;
            }
            for i in 0..n / 2 {
                z[t * n / 2 + i] = at(t, 2 * i + 1) - at(t, 2 * i);
            }
        }
        let what = format!("{m}x{k}x{n}");
        assert_close(&format!("{what} r"), &out.r, &r, 1e-4, 1.0);
        assert_close(&format!("{what} z"), &out.z, &z, 1e-4, 1.0);
        assert_close(&format!("{what} s"), &out.s, &s, 1e-4, 1.0);
        assert_close(&format!("{what} cache"), &g.read_state().unwrap().cache, &cache, 1e-4, 1.0);
    }
}

forge_graph! {
    /// Layer norms in front of block-format products: one product, and a gated pair.
    graph QuantLayerNorm {
        dims { M, K, N }
        input  x:  f32[M, K];
        weight g:  f32[K];
        weight b:  f32[K];
        weight g2: f32[K];
        weight b2: f32[K];
        weight w8: q8_0[N, K];
        weight wg: q4_1[N, K];
        weight wu: q4_0[N, K];
        temp   n:  f32[M, K];
        temp   n2: f32[M, K];
        output y:  f32[M, N];
        output z:  f32[M, N];
        n = layer_norm(x, g, b, 1e-5);
        y = matmul(n, transpose(w8)) + 1.0;
        n2 = layer_norm(x * 0.5, g2, b2, 1e-5);
        z = silu(matmul(n2, transpose(wg))) * matmul(n2, transpose(wu));
    }
}

/// `layer_norm(x, g, b, eps)` in f64: two passes, the biased variance.
fn layer_norm_rows(x: &[f32], g: &[f32], b: &[f32], k: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(x.len());
    for row in x.chunks(k) {
        let mean = row.iter().map(|&v| f64::from(v)).sum::<f64>() / k as f64;
        let var = row.iter().map(|&v| (f64::from(v) - mean).powi(2)).sum::<f64>() / k as f64;
        let inv = 1.0 / (var + 1e-5).sqrt();
        out.extend(
            row.iter()
                .zip(g)
                .zip(b)
                .map(|((&v, &g), &b)| ((f64::from(v) - mean) * inv * f64::from(g) + f64::from(b)) as f32),
        );
    }
    out
}

/// Each norm folds into the product after it (`MatmulBody::layer`: its rows staged normalised
/// in workgroup memory), so the run is two kernels where rows of at most 2,048 values in all
/// allow; rows off zero (a mean of 3) and a pair; past the limit (2 rows of 1,536) the norms
/// run as kernels of their own. Against f64 loops over the decoded weights.
fn layer_norms_folded_into_products(ctx: &Context) {
    for (m, k, n, kernels) in [(1, 64, 40, 2), (3, 576, 96, 2), (2, 1536, 33, 4)] {
        let x: Vec<f32> = rand_f32(m * k, 1.0, 51).iter().map(|v| v + 3.0).collect();
        let (g, b, g2, b2) =
            (rand_gains(k, 0.3, 52), rand_f32(k, 0.5, 53), rand_gains(k, 0.3, 54), rand_f32(k, 0.5, 55));
        let (w8, wg, wu) =
            (rand_blocks("q8_0", n * k, 56), rand_blocks("q4_1", n * k, 57), rand_blocks("q4_0", n * k, 58));
        let mut gr = QuantLayerNorm::new(ctx, QuantLayerNormDims { m, k, n }).unwrap();
        gr.load_weights(QuantLayerNormWeights {
            g: &g,
            b: &b,
            g2: &g2,
            b2: &b2,
            w8: BlockQ8_0::slice(&w8).unwrap(),
            wg: BlockQ4_1::slice(&wg).unwrap(),
            wu: BlockQ4_0::slice(&wu).unwrap(),
        })
        .unwrap();
        let out = gr.run(QuantLayerNormInputs { x: &x }).unwrap();
        let what = format!("{m}x{k}x{n}");
        assert_eq!(gr.last_profile().unwrap().kernels.len(), kernels, "{what}: kernels");
        let y: Vec<f32> = matmul_nk(&layer_norm_rows(&x, &g, &b, k), &decode_blocks("q8_0", &w8), m, k, n)
            .iter()
            .map(|v| v + 1.0)
            .collect();
        let half: Vec<f32> = x.iter().map(|v| v * 0.5).collect();
        let n2 = layer_norm_rows(&half, &g2, &b2, k);
        let (gate, up) = (
            matmul_nk(&n2, &decode_blocks("q4_1", &wg), m, k, n),
            matmul_nk(&n2, &decode_blocks("q4_0", &wu), m, k, n),
        );
        let z: Vec<f32> = gate
            .iter()
            .zip(&up)
            .map(|(&a, &u)| (f64::from(a) / (1.0 + (-f64::from(a)).exp()) * f64::from(u)) as f32)
            .collect();
        let scale = |v: &[f32]| v.iter().fold(1.0f32, |m, x| m.max(x.abs()));
        assert_close(&format!("{what} y"), &out.y, &y, 1e-4, scale(&y));
        assert_close(&format!("{what} z"), &out.z, &z, 1e-4, scale(&z));
    }
}

/// Misuse is an error that says what is wrong: a block format outside a weight, a cast to one,
/// a last axis that is not whole blocks, a slice that is not whole blocks.
fn misuse_is_reported() {
    let text = |decl: &str, stmt: &str| {
        format!("graph G {{ dims {{ N, K }} input a: f32[N, K]; {decl} output y: f32[N, K]; {stmt} }}")
    };
    for (decl, stmt, want) in [
        ("input q: q4_0[N, K];", "y = a + q;", "block format for weights"),
        ("weight q: q8_0;", "y = a + q;", "needs a shape"),
        ("weight q: q8_0[N, 20];", "y = a;", "not a multiple of 32"),
        ("weight q: q8_0[N, K];", "y = a as q8_0;", "cannot be converted to a block format"),
    ] {
        let err = forge::parse_graph_source(&text(decl, stmt)).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains(want), "{decl} {stmt}: expected an error with `{want}`, got `{err}`");
    }
    assert!(BlockQ4_1::slice(&[0u8; 30]).is_err(), "30 bytes are not whole Q4_1 blocks");
    // A symbolic last axis is checked at `new`.
    let ctx = Context::cpu();
    let g = forge::parse_graph_source(
        "graph G { dims { N, K } input a: f32[N, K]; weight q: q4_0[N, K]; output y: f32[N, N]; y = matmul(a, transpose(q)); }",
    )
    .unwrap();
    let err = forge::GraphInstance::new(&ctx, &g, &[2, 48]).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains("not a multiple"), "K = 48: {err}");
}

forge_tests!(products_of_gguf_layout, products_at_tensor_core_precisions, products_of_kn_layout_and_layer_views, gather_from_a_block_table, statements_following_a_product, layer_norms_folded_into_products; plain: misuse_is_reported);
