//! The LLaMA-style decoder (examples/graphs/llama.rs) with random weights, on every backend,
//! against a plain f64 implementation written out here: RMSNorm, rotate-half rotary embeddings
//! with angles t / θ^(2i/E), grouped-query causal attention (query head n reads key/value head
//! n / G), SwiGLU, `[out, in]` weights. Two sizes: 6 tokens, and 70 (past the 64 keys a
//! workgroup holds whole).

mod common;

use common::{assert_close, rand_f32, rand_gains, rand_u32};
use forge::prelude::*;

include!("../examples/graphs/llama.rs");

#[derive(Clone, Copy)]
struct Size {
    t: usize,
    v: usize,
    d: usize,
    h: usize,
    kv: usize,
    l: usize,
    f: usize,
}

/// Every weight, in the graph's declaration order.
struct Weights(Vec<Vec<f32>>);

fn weights(s: Size, seed: u64) -> Weights {
    let Size { v, d, h, kv, l, f, .. } = s;
    let kvd = kv * (d / h);
    let gain = |n: usize, seed| rand_gains(n, 0.2, seed);
    Weights(vec![
        rand_f32(v * d, 1.0, seed),
        gain(l * d, seed + 1),
        rand_f32(l * d * d, 0.3, seed + 2),
        rand_f32(l * kvd * d, 0.3, seed + 3),
        rand_f32(l * kvd * d, 0.3, seed + 4),
        rand_f32(l * d * d, 0.2, seed + 5),
        gain(l * d, seed + 6),
        rand_f32(l * f * d, 0.2, seed + 7),
        rand_f32(l * f * d, 0.2, seed + 8),
        rand_f32(l * d * f, 0.15, seed + 9),
        gain(d, seed + 10),
        rand_f32(v * d, 0.3, seed + 11),
    ])
}

fn logits(ctx: &Context, s: Size, w: &Weights, ids: &[u32]) -> Vec<f32> {
    let dims = LlamaDims { t: s.t, v: s.v, d: s.d, h: s.h, kv: s.kv, l: s.l, f: s.f };
    let mut g = Llama::new(ctx, dims).expect("new");
    let w = &w.0;
    g.load_weights(LlamaWeights {
        emb: &w[0],
        attn_norm: &w[1],
        wq: &w[2],
        wk: &w[3],
        wv: &w[4],
        wo: &w[5],
        ffn_norm: &w[6],
        w1: &w[7],
        w3: &w[8],
        w2: &w[9],
        norm: &w[10],
        lm_head: &w[11],
    })
    .expect("weights");
    // A first run on other ids: whatever the second fails to write keeps this run's values.
    let other: Vec<u32> = ids.iter().map(|i| (i + 1) % s.v as u32).collect();
    g.run(LlamaInputs { ids: &other, theta: LlamaInputs::DEFAULT_THETA }).expect("first run");
    g.run(LlamaInputs { ids, theta: LlamaInputs::DEFAULT_THETA }).expect("run").logits
}

/// `x · w[layer]ᵀ` for row-major `x: [rows, k]` and an `[out, in]` weight `w: [.., n, k]`.
fn linear(x: &[f64], w: &[f32], layer: usize, k: usize, n: usize) -> Vec<f64> {
    let w = &w[layer * n * k..(layer + 1) * n * k];
    x.chunks(k).flat_map(|row| (0..n).map(move |j| (0..k).map(|i| row[i] * w[j * k + i] as f64).sum::<f64>())).collect()
}

fn rms_norm(x: &[f64], g: &[f32], layer: usize, d: usize) -> Vec<f64> {
    let g = &g[layer * d..(layer + 1) * d];
    x.chunks(d)
        .flat_map(|row| {
            let inv = 1.0 / (row.iter().map(|v| v * v).sum::<f64>() / d as f64 + 1e-5).sqrt();
            (0..d).map(move |j| row[j] * inv * g[j] as f64)
        })
        .collect()
}

/// Rotate-half RoPE on every `e`-wide head of `x: [t, heads · e]`, in place.
fn rope(x: &mut [f64], t: usize, heads: usize, e: usize) {
    let half = e / 2;
    for pos in 0..t {
        for n in 0..heads {
            let at = pos * heads * e + n * e;
            for i in 0..half {
                let angle = pos as f64 / 10000f64.powf(2.0 * i as f64 / e as f64);
                let (a, b) = (x[at + i], x[at + half + i]);
                x[at + i] = a * angle.cos() - b * angle.sin();
                x[at + half + i] = b * angle.cos() + a * angle.sin();
            }
        }
    }
}

/// Causal attention: query head `n` of `q: [t, h·e]` against key/value head `n / (h / kv)`.
fn attention(q: &[f64], k: &[f64], v: &[f64], s: Size) -> Vec<f64> {
    let (t, h, e) = (s.t, s.h, s.d / s.h);
    let (group, kvd) = (h / s.kv, s.kv * e);
    let mut out = vec![0.0; t * h * e];
    for n in 0..h {
        let kvh = n / group;
        for i in 0..t {
            let scores: Vec<f64> = (0..=i)
                .map(|j| {
                    (0..e).map(|c| q[i * h * e + n * e + c] * k[j * kvd + kvh * e + c]).sum::<f64>() / (e as f64).sqrt()
                })
                .collect();
            let top = scores.iter().cloned().fold(f64::MIN, f64::max);
            let total: f64 = scores.iter().map(|sc| (sc - top).exp()).sum();
            for c in 0..e {
                out[i * h * e + n * e + c] =
                    (0..=i).map(|j| (scores[j] - top).exp() / total * v[j * kvd + kvh * e + c]).sum::<f64>();
            }
        }
    }
    out
}

fn reference(s: Size, w: &Weights, ids: &[u32]) -> Vec<f32> {
    let Size { t, v, d, h, kv, l, f } = s;
    let (e, w) = (d / h, &w.0);
    let mut x: Vec<f64> = (0..t * d).map(|i| w[0][(ids[i / d] as usize).min(v - 1) * d + i % d] as f64).collect();
    for layer in 0..l {
        let a = rms_norm(&x, &w[1], layer, d);
        let (mut q, mut k) = (linear(&a, &w[2], layer, d, d), linear(&a, &w[3], layer, d, kv * e));
        let val = linear(&a, &w[4], layer, d, kv * e);
        rope(&mut q, t, h, e);
        rope(&mut k, t, kv, e);
        let out = linear(&attention(&q, &k, &val, s), &w[5], layer, d, d);
        x.iter_mut().zip(&out).for_each(|(x, o)| *x += o);
        let a = rms_norm(&x, &w[6], layer, d);
        let (gate, up) = (linear(&a, &w[7], layer, d, f), linear(&a, &w[8], layer, d, f));
        let hid: Vec<f64> = gate.iter().zip(&up).map(|(g, u)| g / (1.0 + (-g).exp()) * u).collect();
        let down = linear(&hid, &w[9], layer, f, d);
        x.iter_mut().zip(&down).for_each(|(x, o)| *x += o);
    }
    let a = rms_norm(&x, &w[10], 0, d);
    linear(&a, &w[11], 0, d, v).into_iter().map(|v| v as f32).collect()
}

fn matches_an_f64_decoder(ctx: &Context) {
    let sizes = [
        Size { t: 6, v: 40, d: 64, h: 4, kv: 2, l: 2, f: 96 },
        Size { t: 70, v: 61, d: 64, h: 8, kv: 2, l: 2, f: 128 },
    ];
    for (i, s) in sizes.into_iter().enumerate() {
        let w = weights(s, 10 * i as u64 + 1);
        // A few ids past the vocabulary: they clamp to its last row (the documented gather rule).
        let ids = rand_u32(s.t, 0, s.v as u32 + 2, 100 + i as u64);
        let got = logits(ctx, s, &w, &ids);
        let want = reference(s, &w, &ids);
        let scale = want.iter().fold(0f32, |m, v| m.max(v.abs()));
        let err = got.iter().zip(&want).map(|(a, b)| (a - b).abs()).fold(0f32, f32::max) / scale;
        eprintln!("{ctx}: {} tokens, max error {err:.2e} of the largest logit", s.t);
        assert_close(&format!("{} tokens: logits", s.t), &got, &want, 2e-5, scale);
    }
}

forge_tests!(matches_an_f64_decoder);
