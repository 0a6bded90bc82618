//! Shared test helpers: seeded random data, backends to run on, tolerance checks.
#![allow(dead_code)]

use forge::Context;
use std::sync::OnceLock;

/// Random values in [-scale, scale], never exactly zero.
pub fn rand_f32(n: usize, scale: f32, seed: u64) -> Vec<f32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n)
        .map(|_| {
            let v = (rng.f32() * 2.0 - 1.0) * scale;
            if v == 0.0 {
                scale * 0.5
            } else {
                v
            }
        })
        .collect()
}

pub fn rand_i32(n: usize, lo: i32, hi: i32, seed: u64) -> Vec<i32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n).map(|_| rng.i32(lo..=hi)).collect()
}

pub fn rand_u32(n: usize, lo: u32, hi: u32, seed: u64) -> Vec<u32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n).map(|_| rng.u32(lo..=hi)).collect()
}

/// The wgpu context tests run on, one per test process (as an application would hold it).
/// On CI (`FORGE_REQUIRE_WGPU=1`) a missing adapter fails the test; elsewhere it is skipped
/// with the reason printed.
pub fn wgpu() -> Option<Context> {
    static SHARED: OnceLock<Option<Context>> = OnceLock::new();
    SHARED.get_or_init(fresh_wgpu).clone()
}

/// A wgpu context of its own (for tests that count its submissions or compilations).
pub fn fresh_wgpu() -> Option<Context> {
    match Context::wgpu() {
        Ok(ctx) => Some(ctx),
        Err(e) if std::env::var_os("FORGE_REQUIRE_WGPU").is_some() => {
            panic!("FORGE_REQUIRE_WGPU is set but wgpu failed: {e}")
        }
        Err(e) => {
            eprintln!("skipped on wgpu: {e}");
            None
        }
    }
}

/// The CUDA context, one per test process, when the `cuda` feature is on and a driver exists.
pub fn cuda() -> Option<Context> {
    static SHARED: OnceLock<Option<Context>> = OnceLock::new();
    SHARED.get_or_init(fresh_cuda).clone()
}

fn fresh_cuda() -> Option<Context> {
    match Context::cuda() {
        Ok(ctx) => Some(ctx),
        Err(e) => {
            eprintln!("skipped on cuda: {e}");
            None
        }
    }
}

/// Every GPU backend present (wgpu, CUDA), each named.
pub fn gpu_backends() -> Vec<Context> {
    wgpu().into_iter().chain(cuda()).collect()
}

/// Asserts `got` matches `want` elementwise within `rel` (relative to max(|want|, floor)).
#[track_caller]
pub fn assert_close(what: &str, got: &[f32], want: &[f32], rel: f32, floor: f32) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let tol = rel * w.abs().max(floor);
        assert!(g.is_finite() == w.is_finite() && (g - w).abs() <= tol, "{what}[{i}]: got {g}, want {w} (tol {tol})");
    }
}
