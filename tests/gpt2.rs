//! The GPT-2-style decoder (examples/graphs/gpt2.rs) with random weights, on every backend,
//! against a plain f64 implementation written out here: embeddings, pre-LayerNorm, q/k/v heads
//! read at affine subscripts of one `[T, 3D]` product, causal attention, tanh GELU, the tied
//! output projection. Two sizes: 7 tokens, and 70 (past the 64 keys a workgroup holds whole).
//! The cached decoder (examples/graphs/gpt2_cached.rs) must give the same logits when it
//! prefills the first tokens in one run, hands its cache to a one-token instance and steps
//! through the rest.

mod common;

use common::{assert_close, rand_f32, rand_gains, rand_u32};
use forge::prelude::*;

include!("../examples/graphs/gpt2.rs");
include!("../examples/graphs/gpt2_cached.rs");

/// The model's sizes (`D` divisible by `H`).
#[derive(Clone, Copy)]
struct Size {
    t: usize,
    v: usize,
    p: usize,
    d: usize,
    h: usize,
    l: usize,
}

/// Every weight, in the graph's declaration order.
struct Weights(Vec<Vec<f32>>);

fn weights(s: Size, seed: u64) -> Weights {
    let Size { v, p, d, l, .. } = s;
    let f = 4 * d;
    let gain = |n: usize, seed| rand_gains(n, 0.2, seed);
    Weights(vec![
        rand_f32(v * d, 0.5, seed),
        rand_f32(p * d, 0.3, seed + 1),
        gain(l * d, seed + 2),
        rand_f32(l * d, 0.1, seed + 3),
        rand_f32(l * d * 3 * d, 0.3, seed + 4),
        rand_f32(l * 3 * d, 0.1, seed + 5),
        rand_f32(l * d * d, 0.2, seed + 6),
        rand_f32(l * d, 0.1, seed + 7),
        gain(l * d, seed + 8),
        rand_f32(l * d, 0.1, seed + 9),
        rand_f32(l * d * f, 0.2, seed + 10),
        rand_f32(l * f, 0.1, seed + 11),
        rand_f32(l * f * d, 0.1, seed + 12),
        rand_f32(l * d, 0.1, seed + 13),
        gain(d, seed + 14),
        rand_f32(d, 0.1, seed + 15),
    ])
}

fn logits(ctx: &Context, s: Size, w: &Weights, ids: &[u32]) -> Vec<f32> {
    let mut g = Gpt2::new(ctx, Gpt2Dims { t: s.t, v: s.v, p: s.p, d: s.d, h: s.h, l: s.l }).expect("new");
    let w = &w.0;
    g.load_weights(gpt2_weights!(Gpt2Weights, w)).expect("weights");
    // A first run on other ids: whatever the second fails to write keeps this run's values.
    let other: Vec<u32> = ids.iter().map(|i| (i + 1) % s.v as u32).collect();
    g.run(Gpt2Inputs { ids: &other }).expect("first run");
    g.run(Gpt2Inputs { ids }).expect("run").logits
}

/// A cached decoder of `t` new tokens a run, over a cache of `s.p` slots.
fn cached(ctx: &Context, s: Size, w: &Weights, t: usize) -> Gpt2Cached {
    let dims = Gpt2CachedDims { t, s: s.p, v: s.v, p: s.p, d: s.d, h: s.h, l: s.l };
    let mut g = Gpt2Cached::new(ctx, dims).expect("new");
    let w = &w.0;
    g.load_weights(gpt2_weights!(Gpt2CachedWeights, w)).expect("weights");
    g
}

/// Logits of `ids` from a prefill of all but the last `steps` tokens, then one token a run.
fn cached_logits(ctx: &Context, s: Size, w: &Weights, ids: &[u32], steps: usize) -> Vec<f32> {
    let first = ids.len() - steps;
    let mut prefill = cached(ctx, s, w, first);
    // A run on other ids first: its cache entries must all be overwritten by the real prefill.
    let other: Vec<u32> = ids[..first].iter().map(|i| (i + 1) % s.v as u32).collect();
    prefill.run(Gpt2CachedInputs { ids: &other, pos: 0 }).expect("first run");
    let mut out = prefill.run(Gpt2CachedInputs { ids: &ids[..first], pos: 0 }).expect("prefill").logits;
    let mut step = cached(ctx, s, w, 1);
    step.write_state(&prefill.read_state().expect("read cache")).expect("hand the cache over");
    for (i, id) in ids.iter().enumerate().skip(first) {
        out.extend(step.run(Gpt2CachedInputs { ids: &[*id], pos: i as u32 }).expect("step").logits);
    }
    out
}

/// `x · w[layer] + b[layer]` for row-major `x: [rows, k]`, `w: [.., k, n]`, in f64.
fn linear(x: &[f64], w: &[f32], b: &[f32], layer: usize, k: usize, n: usize) -> Vec<f64> {
    let (w, b) = (&w[layer * k * n..(layer + 1) * k * n], &b[layer * n..(layer + 1) * n]);
    x.chunks(k)
        .flat_map(|row| (0..n).map(move |j| b[j] as f64 + (0..k).map(|i| row[i] * w[i * n + j] as f64).sum::<f64>()))
        .collect()
}

fn layer_norm(x: &[f64], g: &[f32], b: &[f32], layer: usize, d: usize) -> Vec<f64> {
    let (g, b) = (&g[layer * d..(layer + 1) * d], &b[layer * d..(layer + 1) * d]);
    x.chunks(d)
        .flat_map(|row| {
            let mean = row.iter().sum::<f64>() / d as f64;
            let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / d as f64;
            let inv = 1.0 / (var + 1e-5).sqrt();
            (0..d).map(move |j| (row[j] - mean) * inv * g[j] as f64 + b[j] as f64)
        })
        .collect()
}

fn gelu_tanh(x: f64) -> f64 {
    0.5 * x * (1.0 + ((2.0 / std::f64::consts::PI).sqrt() * (x + 0.044715 * x * x * x)).tanh())
}

/// Causal attention over `qkv: [T, 3D]` (heads side by side), heads merged back to `[T, D]`.
fn causal_attention(qkv: &[f64], t: usize, d: usize, h: usize) -> Vec<f64> {
    let e = d / h;
    let mut out = vec![0.0; t * d];
    for n in 0..h {
        let at = |row: usize, part: usize, i: usize| qkv[row * 3 * d + part * d + n * e + i];
        for i in 0..t {
            let scores: Vec<f64> =
                (0..=i).map(|j| (0..e).map(|c| at(i, 0, c) * at(j, 1, c)).sum::<f64>() / (e as f64).sqrt()).collect();
            let top = scores.iter().cloned().fold(f64::MIN, f64::max);
            let total: f64 = scores.iter().map(|s| (s - top).exp()).sum();
            for c in 0..e {
                out[i * d + n * e + c] = (0..=i).map(|j| (scores[j] - top).exp() / total * at(j, 2, c)).sum::<f64>();
            }
        }
    }
    out
}

fn reference(s: Size, w: &Weights, ids: &[u32]) -> Vec<f32> {
    let Size { t, v, d, h, l, .. } = s;
    let w = &w.0;
    let mut x: Vec<f64> = (0..t * d)
        .map(|i| {
            let (row, col) = (i / d, i % d);
            let id = (ids[row] as usize).min(v - 1);
            w[0][id * d + col] as f64 + w[1][row * d + col] as f64
        })
        .collect();
    for layer in 0..l {
        let a = layer_norm(&x, &w[2], &w[3], layer, d);
        let qkv = linear(&a, &w[4], &w[5], layer, d, 3 * d);
        let proj = linear(&causal_attention(&qkv, t, d, h), &w[6], &w[7], layer, d, d);
        x.iter_mut().zip(&proj).for_each(|(x, p)| *x += p);
        let a = layer_norm(&x, &w[8], &w[9], layer, d);
        let up: Vec<f64> = linear(&a, &w[10], &w[11], layer, d, 4 * d).into_iter().map(gelu_tanh).collect();
        let down = linear(&up, &w[12], &w[13], layer, 4 * d, d);
        x.iter_mut().zip(&down).for_each(|(x, p)| *x += p);
    }
    let a = layer_norm(&x, &w[14], &w[15], 0, d);
    a.chunks(d)
        .flat_map(|row| (0..v).map(move |j| (0..d).map(|c| row[c] * w[0][j * d + c] as f64).sum::<f64>() as f32))
        .collect()
}

fn matches_an_f64_decoder(ctx: &Context) {
    let sizes = [Size { t: 7, v: 50, p: 16, d: 32, h: 4, l: 2 }, Size { t: 70, v: 97, p: 80, d: 64, h: 2, l: 2 }];
    for (i, s) in sizes.into_iter().enumerate() {
        let w = weights(s, 10 * i as u64 + 1);
        // A few ids past the vocabulary: they clamp to its last row (the documented gather rule).
        let ids = rand_u32(s.t, 0, s.v as u32 + 2, 100 + i as u64);
        let got = logits(ctx, s, &w, &ids);
        let want = reference(s, &w, &ids);
        let scale = want.iter().fold(0f32, |m, v| m.max(v.abs()));
        assert_close(&format!("{} tokens: logits", s.t), &got, &want, 2e-5, scale);
    }
}

/// Prefill, then single-token steps with the cache: the full pass's logits, position for
/// position (7 tokens; 70, whose cache of 80 slots is past what a workgroup holds whole).
fn cached_decoding_matches_the_full_pass(ctx: &Context) {
    let sizes = [Size { t: 7, v: 50, p: 16, d: 32, h: 4, l: 2 }, Size { t: 70, v: 97, p: 80, d: 64, h: 2, l: 2 }];
    for (i, s) in sizes.into_iter().enumerate() {
        let w = weights(s, 10 * i as u64 + 3);
        let ids = rand_u32(s.t, 0, s.v as u32, 200 + i as u64);
        let got = cached_logits(ctx, s, &w, &ids, 4);
        let want = reference(s, &w, &ids);
        let scale = want.iter().fold(0f32, |m, v| m.max(v.abs()));
        assert_close(&format!("{} tokens, cached: logits", s.t), &got, &want, 2e-5, scale);
    }
}

forge_tests!(matches_an_f64_decoder, cached_decoding_matches_the_full_pass);
