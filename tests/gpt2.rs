//! The GPT-2-style decoder (examples/graphs/gpt2.rs) with random weights, on every backend,
//! against a plain f64 implementation written out here: embeddings, pre-LayerNorm, q/k/v heads
//! read at affine subscripts of one `[T, 3D]` product, causal attention, tanh GELU, the tied
//! output projection. Two sizes: 7 tokens, and 70 (past the 64 keys a workgroup holds whole).
//! The cached decoder (examples/graphs/gpt2_cached.rs) must give the same logits (each run's
//! last) and choose their argmax when it prefills the first tokens in one run, hands its cache
//! to a one-token instance and steps through the rest; so must its Q8_0 form
//! (examples/graphs/gpt2_q8_cached.rs) against the f64 decoder over the blocks' values.

mod common;

use common::{assert_close, decode_blocks, rand_blocks_scaled, rand_f32, rand_gains, rand_u32};
use forge::prelude::*;

include!("../examples/graphs/gpt2.rs");
include!("../examples/graphs/gpt2_cached.rs");
include!("../examples/graphs/gpt2_q8_cached.rs");

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

/// The logits after each run's last token, and the id each run chose on the device: `$prefill`
/// (an instance of `first` tokens) runs `ids[..first]` after a run on other ids (its cache
/// entries must all be overwritten), hands its state to `$step` (one token), which runs the
/// rest one token a run.
macro_rules! cached_runs {
    ($inputs:ident, $prefill:expr, $step:expr, $ids:expr, $first:expr, $v:expr) => {{
        let (mut prefill, mut step, ids, first) = ($prefill, $step, $ids, $first);
        let other: Vec<u32> = ids[..first].iter().map(|i| (i + 1) % $v as u32).collect();
        prefill.run($inputs { ids: &other, pos: 0 }).expect("first run");
        let mut next = prefill.run($inputs { ids: &ids[..first], pos: 0 }).expect("prefill").next;
        let state = prefill.read_state().expect("read the state");
        let mut out = state.logits.clone();
        step.write_state(&state).expect("hand the state over");
        for (i, id) in ids.iter().enumerate().skip(first) {
            next.extend(step.run($inputs { ids: &[*id], pos: i as u32 }).expect("step").next);
            out.extend(step.read_state().expect("read the state").logits);
        }
        (out, next)
    }};
}

/// [`cached_runs`] of the f32 cached decoder, the last `steps` tokens one a run.
fn cached_logits(ctx: &Context, s: Size, w: &Weights, ids: &[u32], steps: usize) -> (Vec<f32>, Vec<u32>) {
    let first = ids.len() - steps;
    cached_runs!(Gpt2CachedInputs, cached(ctx, s, w, first), cached(ctx, s, w, 1), ids, first, s.v)
}

/// GPT-2's five matrices of `s` as Q8_0 blocks (`[out, in]` rows, the token embedding
/// `[V, D]`) with scales near the f32 weights' spread, and every weight in f32 for the f64
/// reference: the blocks decoded, the projections turned to GPT-2's `[in, out]`.
fn q8_weights(s: Size, seed: u64) -> (Vec<Vec<u8>>, Weights) {
    let Size { v, d, l, .. } = s;
    let mut w = weights(s, seed);
    // (weight index, layers, rows, columns, largest value)
    let matrices =
        [(0, 1, v, d, 0.5), (4, l, 3 * d, d, 0.3), (6, l, d, d, 0.2), (10, l, 4 * d, d, 0.2), (12, l, d, 4 * d, 0.1)];
    let mut blocks = Vec::new();
    for (n, &(at, layers, rows, cols, most)) in matrices.iter().enumerate() {
        let bytes =
            rand_blocks_scaled("q8_0", layers * rows * cols, (most / 254.0, most / 127.0), seed + 20 + n as u64);
        let values = decode_blocks("q8_0", &bytes);
        w.0[at] = if at == 0 {
            values.iter().map(|&x| x as f32).collect()
        } else {
            let per = rows * cols;
            (0..layers * per)
                .map(|i| {
                    let (layer, inner) = (i / per, i % per);
                    let (c, r) = (inner / rows, inner % rows);
                    values[layer * per + r * cols + c] as f32
                })
                .collect()
        };
        blocks.push(bytes);
    }
    (blocks, w)
}

/// A Q8_0 cached decoder of `t` new tokens a run, over a cache of `s.p` slots.
fn q8_cached(ctx: &Context, s: Size, blocks: &[Vec<u8>], w: &Weights, t: usize) -> Gpt2Q8Cached {
    let dims = Gpt2Q8CachedDims { t, s: s.p, v: s.v, p: s.p, d: s.d, h: s.h, l: s.l };
    let mut g = Gpt2Q8Cached::new(ctx, dims).expect("new");
    let (b, w) = (blocks, &w.0);
    let q8 = |i: usize| forge::BlockQ8_0::slice(&b[i]).expect("whole blocks");
    g.load_weights(Gpt2Q8CachedWeights {
        wte: q8(0),
        wpe: &w[1],
        ln1_g: &w[2],
        ln1_b: &w[3],
        attn_w: q8(1),
        attn_b: &w[5],
        proj_w: q8(2),
        proj_b: &w[7],
        ln2_g: &w[8],
        ln2_b: &w[9],
        fc_w: q8(3),
        fc_b: &w[11],
        out_w: q8(4),
        out_b: &w[13],
        lnf_g: &w[14],
        lnf_b: &w[15],
    })
    .expect("weights");
    g
}

/// Each run's last logits within `2e-5` of the largest reference logit of rows
/// `t - steps - 1 ..` of `full`, and each id their argmax wherever the top two are apart.
fn assert_runs_match(what: &str, s: Size, (got, next): (&[f32], &[u32]), full: &[f32], steps: usize) {
    let want = &full[(s.t - steps - 1) * s.v..];
    let scale = want.iter().fold(0f32, |m, v| m.max(v.abs()));
    assert_close(&format!("{what}: logits"), got, want, 2e-5, scale);
    assert_eq!(next.len(), steps + 1, "{what}: one id a run");
    for (run, (row, id)) in want.chunks(s.v).zip(next).enumerate() {
        let mut sorted = row.to_vec();
        sorted.sort_by(|a, b| b.total_cmp(a));
        let best = row.iter().position(|&x| x == sorted[0]).expect("a largest logit");
        let near = sorted[0] - sorted[1] < 1e-4 * scale;
        assert!(*id as usize == best || near, "{what}, run {run}: id {id}, argmax {best}");
    }
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

/// Prefill, then single-token steps with the cache: the full pass's logits at each run's last
/// position (7 tokens; 70, whose cache of 80 slots is past what a workgroup holds whole), and
/// the ids chosen on the device their argmax.
fn cached_decoding_matches_the_full_pass(ctx: &Context) {
    let sizes = [Size { t: 7, v: 50, p: 16, d: 32, h: 4, l: 2 }, Size { t: 70, v: 97, p: 80, d: 64, h: 2, l: 2 }];
    for (i, s) in sizes.into_iter().enumerate() {
        let (w, steps) = (weights(s, 10 * i as u64 + 3), 4);
        let ids = rand_u32(s.t, 0, s.v as u32, 200 + i as u64);
        let (got, next) = cached_logits(ctx, s, &w, &ids, steps);
        assert_runs_match(&format!("{} tokens, cached", s.t), s, (&got, &next), &reference(s, &w, &ids), steps);
    }
}

/// The Q8_0 decoder, prefill then steps, against the f64 decoder over its decoded weights.
fn q8_cached_decoding_matches_an_f64_decoder(ctx: &Context) {
    let sizes = [Size { t: 7, v: 50, p: 16, d: 32, h: 4, l: 2 }, Size { t: 70, v: 97, p: 80, d: 64, h: 2, l: 2 }];
    for (i, s) in sizes.into_iter().enumerate() {
        let ((blocks, w), steps) = (q8_weights(s, 10 * i as u64 + 5), 4);
        let ids = rand_u32(s.t, 0, s.v as u32, 300 + i as u64);
        let first = s.t - steps;
        let (prefill, step) = (q8_cached(ctx, s, &blocks, &w, first), q8_cached(ctx, s, &blocks, &w, 1));
        let (got, next) = cached_runs!(Gpt2Q8CachedInputs, prefill, step, &ids, first, s.v);
        assert_runs_match(&format!("{} tokens, Q8_0", s.t), s, (&got, &next), &reference(s, &w, &ids), steps);
    }
}

forge_tests!(matches_an_f64_decoder, cached_decoding_matches_the_full_pass, q8_cached_decoding_matches_an_f64_decoder);
