//! tf32x3 products on persistent register-A grids (`CudaOptions::x3_persistent`, an opt-in),
//! forced onto 128×64 tiles for every product of this process, against an f64 reference: tiles
//! a block runs one after another (the stages' phases carried across them, an odd number of
//! k-tiles included), ragged edges, grids of fewer tiles than SMs, a bias and a residual in the
//! epilogue. Each run follows one with other inputs (the poison). CUDA only; elsewhere ignored.

mod common;

use common::*;
use forge::{Context, GraphInstance, HostSlice};

const GRAPH: &str = "graph P { dims { M, K, N }
    input x: f32[M, K]; input r: f32[M, N]; weight w: f32[N, K]; weight w2: f32[N, K]; weight bias: f32[N];
    output y: f32[M, N]; output z: f32[M, N];
    y = matmul(x, transpose(w), precision = tf32x3) + bias;
    z = r + matmul(x, transpose(w2), precision = tf32x3); }";

/// `bias[j] + Σ x[i,·] · w[j,·]` in f64, rounded to f32.
fn reference(x: &[f32], w: &[f32], add: &dyn Fn(usize, usize) -> f64, m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(m * n);
    for i in 0..m {
        for j in 0..n {
            let dot: f64 = (0..k).map(|kk| x[i * k + kk] as f64 * w[j * k + kk] as f64).sum();
            out.push((dot + add(i, j)) as f32);
        }
    }
    out
}

fn persistent_grids_match_f64(ctx: &Context) {
    // Every product takes the persistent 128×64 tiles (the small one too: any size).
    let cuda = forge::CudaOptions {
        x3_persistent: true,
        tma_tile: Some("128x64s4".parse().unwrap()),
        tf32x3_any_size: true,
        ..Default::default()
    };
    let ctx = &ctx.clone().with_options(forge::Options { cuda, ..Default::default() });
    // (M, K, N): MiniLM's FFN up (360 tiles on 132 blocks); ragged M, N and K; 512 tiles of 11
    // k-tiles (an odd count: each tile starts on another stage); 8 tiles, fewer than the SMs.
    for (m, k, n) in [(1920, 384, 1536), (1900, 376, 760), (4096, 352, 1024), (200, 96, 200)] {
        let mut g = GraphInstance::from_source(ctx, GRAPH, &[m, k, n]).unwrap();
        let (w, w2, bias) = (rand_f32(n * k, 1.0, 71), rand_f32(n * k, 1.0, 72), rand_f32(n, 1.0, 73));
        g.load_weights(&[("w", HostSlice::of(&w)), ("w2", HostSlice::of(&w2)), ("bias", HostSlice::of(&bias))])
            .unwrap();
        let (poison_x, poison_r) = (rand_f32(m * k, 3.0, 74), rand_f32(m * n, 3.0, 75));
        g.run(&[("x", HostSlice::of(&poison_x)), ("r", HostSlice::of(&poison_r))], &[]).unwrap();
        let (x, r) = (rand_f32(m * k, 1.0, 76), rand_f32(m * n, 1.0, 77));
        let out = g.run(&[("x", HostSlice::of(&x)), ("r", HostSlice::of(&r))], &[]).unwrap();
        let shape = format!("{m}x{k}x{n}");
        let variants: Vec<String> =
            g.last_profile().map(|p| p.kernels.iter().map(|k| k.variant.clone()).collect()).unwrap_or_default();
        eprintln!("{shape}: {variants:?}");
        let tma: Vec<&String> = variants.iter().filter(|v| v.contains("tma")).collect();
        assert!(tma.iter().all(|v| v.contains("-ra-p")), "{shape}: {variants:?}");
        let y = out.iter().find(|(name, _)| name == "y").map(|(_, v)| v.to_vec::<f32>("y").unwrap()).unwrap();
        let z = out.iter().find(|(name, _)| name == "z").map(|(_, v)| v.to_vec::<f32>("z").unwrap()).unwrap();
        // The bound of `tests/ops.rs`' tf32x3 products: f32-level error against a floor of √K/2.
        let floor = (k as f32).sqrt() * 0.5;
        assert_close(&format!("{shape} y"), &y, &reference(&x, &w, &|_, j| bias[j] as f64, m, k, n), 4e-6, floor);
        assert_close(&format!("{shape} z"), &z, &reference(&x, &w2, &|i, j| r[i * n + j] as f64, m, k, n), 4e-6, floor);
    }
}

fn main() {
    common::run_suite_cuda(&[("persistent_grids_match_f64", persistent_grids_match_f64)]);
}
