//! Shared test helpers: the per-backend harness (every numeric test runs as one named test per
//! backend — `cpu::name`, `wgpu::name`, `cuda::name` — and a backend missing on this machine
//! shows as *ignored* in cargo's own output, with the reason printed first), seeded random
//! data, tolerance checks.
#![allow(dead_code)]

use forge::Context;
use libtest_mimic::{Arguments, Failed, Trial};
use std::sync::OnceLock;

/// A test body run once per backend.
pub type BackendTest = fn(&Context);

/// `forge_tests!(a, b, c)` defines `main` running each function on every backend.
#[macro_export]
macro_rules! forge_tests {
    ($($name:ident),* $(,)?) => {
        fn main() {
            common::run_suite(&[$((stringify!($name), $name as common::BackendTest)),*], &[]);
        }
    };
    ($($name:ident),* ; half: $($half:ident),* $(,)?) => {
        fn main() {
            common::run_suite_half(
                &[$((stringify!($name), $name as common::BackendTest)),*],
                &[$((stringify!($half), $half as common::BackendTest)),*],
            );
        }
    };
    ($($name:ident),* ; half: $($half:ident),* ; cuda: $($cuda:ident),* $(,)?) => {
        fn main() {
            common::run_suite_half_cuda(
                &[$((stringify!($name), $name as common::BackendTest)),*],
                &[$((stringify!($half), $half as common::BackendTest)),*],
                &[$((stringify!($cuda), $cuda as common::BackendTest)),*],
            );
        }
    };
    ($($name:ident),* ; plain: $($plain:ident),* $(,)?) => {
        fn main() {
            common::run_suite(&[$((stringify!($name), $name as common::BackendTest)),*], &[$((stringify!($plain), $plain as fn())),*]);
        }
    };
}

fn probe(name: &str, require: &str, make: fn() -> forge::Result<Context>) -> Result<Context, String> {
    match make() {
        Ok(ctx) => Ok(ctx),
        Err(e) if std::env::var_os(require).is_some() => Err(format!("{require} is set but {name} failed: {e}")),
        Err(e) => Err(e.to_string()),
    }
}

/// The wgpu context tests share (one per test process, as an application would hold it).
pub fn wgpu() -> Option<Context> {
    static SHARED: OnceLock<Result<Context, String>> = OnceLock::new();
    SHARED.get_or_init(|| probe("wgpu", "FORGE_REQUIRE_WGPU", Context::wgpu)).clone().ok()
}

/// The CUDA context tests share, when the `cuda` feature is on and a driver exists.
pub fn cuda() -> Option<Context> {
    static SHARED: OnceLock<Result<Context, String>> = OnceLock::new();
    SHARED.get_or_init(|| probe("cuda", "FORGE_REQUIRE_CUDA", Context::cuda)).clone().ok()
}

/// Runs `tests` on cpu, wgpu and cuda (missing backends: ignored, or failed when
/// `FORGE_REQUIRE_WGPU` / `FORGE_REQUIRE_CUDA` is set) and `plain` once each.
pub fn run_suite(tests: &[(&'static str, BackendTest)], plain: &[(&'static str, fn())]) {
    run_suite_if(Ok(()), tests, plain)
}

/// [`run_suite`] when `requirement` holds (e.g. model files are installed); otherwise every
/// test is ignored with the reason printed (or failed, when `FORGE_REQUIRE_ALL=1`).
pub fn run_suite_if(
    requirement: Result<(), String>,
    tests: &[(&'static str, BackendTest)],
    plain: &[(&'static str, fn())],
) {
    run_suite_where(requirement, (|_| Ok(()), ""), tests, plain)
}

/// A capability a test needs beyond its backend: `Err(reason)` where the context lacks it.
pub type Needs = fn(&Context) -> Result<(), String>;

/// [`run_suite_if`] where each backend must also have a capability: `needs.0` probes a
/// context (e.g. for ray queries); a backend without it is ignored with the reason printed,
/// or failed when the environment variable `needs.1` is set.
pub fn run_suite_where(
    requirement: Result<(), String>,
    needs: (Needs, &str),
    tests: &[(&'static str, BackendTest)],
    plain: &[(&'static str, fn())],
) {
    run_groups(requirement, &[(needs, tests)], plain)
}

/// [`run_suite`] for tests that need 16-bit float storage: `common` ones run on every
/// backend, `half` ones where f16 and bf16 graphs build (elsewhere ignored with the reason;
/// failed when `FORGE_REQUIRE_F16` is set).
pub fn run_suite_half(tests: &[(&'static str, BackendTest)], half: &[(&'static str, BackendTest)]) {
    run_groups(Ok(()), &[((|_| Ok(()), ""), tests), ((half_floats, "FORGE_REQUIRE_F16"), half)], &[])
}

/// [`run_suite_half`] plus `cuda` tests of CUDA-C itself (on cpu and wgpu: ignored, with why).
pub fn run_suite_half_cuda(
    tests: &[(&'static str, BackendTest)],
    half: &[(&'static str, BackendTest)],
    cuda: &[(&'static str, BackendTest)],
) {
    run_groups(
        Ok(()),
        &[((|_| Ok(()), ""), tests), ((half_floats, "FORGE_REQUIRE_F16"), half), ((cuda_only, ""), cuda)],
        &[],
    )
}

/// `tests` on CUDA alone (CUDA-C or a CUDA kernel variant); on cpu and wgpu ignored, with why.
pub fn run_suite_cuda(tests: &[(&'static str, BackendTest)]) {
    run_groups(Ok(()), &[((cuda_only, ""), tests)], &[])
}

/// Several groups of tests, each behind its own capability (a backend lacking it shows the
/// group's tests as ignored, with the reason), plus tests that take no backend.
pub fn run_suite_groups(groups: &[Group<'_>], plain: &[(&'static str, fn())]) {
    run_groups(Ok(()), groups, plain)
}

/// The capability of tests of CUDA-C itself or of a CUDA kernel variant: the CUDA backend.
pub fn cuda_only(ctx: &Context) -> Result<(), String> {
    match ctx.kind() {
        forge::BackendKind::Cuda => Ok(()),
        _ => Err("a test of CUDA-C or of a CUDA kernel variant".to_string()),
    }
}

/// The capability of tests of wgpu's own behaviour (its devices, its environment).
pub fn wgpu_only(ctx: &Context) -> Result<(), String> {
    match ctx.kind() {
        forge::BackendKind::Wgpu => Ok(()),
        _ => Err("a test of the wgpu backend itself".to_string()),
    }
}

/// The capability of tests that compare a backend against the CPU reference: any other backend.
pub fn gpu_only(ctx: &Context) -> Result<(), String> {
    match ctx.kind() {
        forge::BackendKind::Cpu => Err("the CPU backend is the reference here".to_string()),
        _ => Ok(()),
    }
}

/// Whether a graph with f16 and bf16 inputs and outputs builds on `ctx` (`Unsupported`: the
/// reason; any other error is left for the test itself to report).
pub fn half_floats(ctx: &Context) -> Result<(), String> {
    let src = "graph HalfProbe { dims { N } input x: f16[N]; input z: bf16[N]; output y: f16[N]; output w: bf16[N]; y = x; w = z; }";
    match forge::GraphInstance::from_source(ctx, src, &[4]) {
        Err(forge::Error::Unsupported { what, reason }) => Err(format!("{what}: {reason}")),
        _ => Ok(()),
    }
}

/// [`run_suite_if`] plus `cuda` tests of a CUDA path (on cpu and wgpu: ignored, with why).
pub fn run_suite_if_cuda(
    requirement: Result<(), String>,
    tests: &[(&'static str, BackendTest)],
    cuda: &[(&'static str, BackendTest)],
) {
    run_groups(requirement, &[((|_| Ok(()), ""), tests), ((cuda_only, ""), cuda)], &[])
}

/// Tests behind one capability probe (and the variable that makes its absence a failure).
pub type Group<'a> = ((Needs, &'a str), &'a [(&'static str, BackendTest)]);

/// A backend's name, the variable that requires it, and how to open it.
type Backend = (&'static str, &'static str, fn() -> forge::Result<Context>);

/// Every group's tests on cpu, wgpu and cuda, each group behind its own capability probe.
pub fn run_groups(requirement: Result<(), String>, groups: &[Group<'_>], plain: &[(&'static str, fn())]) {
    let args = Arguments::from_args();
    let unmet = requirement.err();
    if let Some(reason) = &unmet {
        eprintln!("not available here ({reason}); these tests are ignored");
    }
    let backends: [Backend; 3] = [
        ("cpu", "", || Ok(Context::cpu())),
        ("wgpu", "FORGE_REQUIRE_WGPU", Context::wgpu),
        ("cuda", "FORGE_REQUIRE_CUDA", Context::cuda),
    ];
    let mut trials = Vec::new();
    for (backend, require, make) in backends {
        let present = match backend {
            "cpu" => Ok(Context::cpu()),
            "wgpu" => wgpu().ok_or_else(|| probe(backend, require, make).err().unwrap_or_default()),
            _ => cuda().ok_or_else(|| probe(backend, require, make).err().unwrap_or_default()),
        };
        for &(needs, tests) in groups {
            let mut required = !require.is_empty() && std::env::var_os(require).is_some();
            let ctx = present.clone().and_then(|c| match needs.0(&c) {
                Ok(()) => Ok(c),
                Err(reason) => {
                    // The backend is here but lacks the capability: only `needs.1` makes that a failure.
                    required = !needs.1.is_empty() && std::env::var_os(needs.1).is_some();
                    Err(match needs.1 {
                        "" => reason,
                        var => format!("{reason}; set {var} to fail instead"),
                    })
                }
            });
            if let Err(reason) = &ctx {
                if !tests.is_empty() {
                    eprintln!(
                        "{backend}: not available here ({reason}); {} of its tests {}",
                        tests.len(),
                        if required { "FAILED" } else { "ignored" }
                    );
                }
            }
            for &(name, f) in tests {
                let ctx = ctx.clone();
                let missing = ctx.is_err();
                let unmet_here = unmet.clone();
                let trial = Trial::test(format!("{backend}::{name}"), move || match (ctx, unmet_here) {
                    (_, Some(reason)) => Err(Failed::from(format!("requirement missing: {reason}"))),
                    (Ok(ctx), None) => run(std::panic::AssertUnwindSafe(move || f(&ctx))),
                    (Err(reason), None) => Err(Failed::from(format!("backend missing: {reason}"))),
                });
                let must = std::env::var_os("FORGE_REQUIRE_ALL").is_some();
                trials.push(trial.with_ignored_flag((missing && !required) || (unmet.is_some() && !must)));
            }
        }
    }
    // Plain tests share the suite's requirement (model files): ignored without it, like the rest.
    let must = std::env::var_os("FORGE_REQUIRE_ALL").is_some();
    for &(name, f) in plain {
        let unmet_here = unmet.clone();
        let trial = Trial::test(name, move || match unmet_here {
            Some(reason) => Err(Failed::from(format!("requirement missing: {reason}"))),
            None => run(f),
        });
        trials.push(trial.with_ignored_flag(unmet.is_some() && !must));
    }
    libtest_mimic::run(&args, trials).exit();
}

/// Runs `f` as a trial body: a panic is the trial's failure, with its message.
pub fn run<F: FnOnce() + std::panic::UnwindSafe>(f: F) -> Result<(), Failed> {
    std::panic::catch_unwind(f).map_err(|e| {
        let msg = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
        Failed::from(msg.unwrap_or_else(|| "panicked".into()))
    })
}

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

/// `n` norm gains near 1: `1 + u` with `u` uniform in `[-spread, spread]` (never exactly 1).
pub fn rand_gains(n: usize, spread: f32, seed: u64) -> Vec<f32> {
    rand_f32(n, spread, seed).into_iter().map(|g| 1.0 + g).collect()
}

pub fn rand_u32(n: usize, lo: u32, hi: u32, seed: u64) -> Vec<u32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n).map(|_| rng.u32(lo..=hi)).collect()
}

/// Asserts `got` matches `want` elementwise within `rel` (relative to max(|want|, floor));
/// NaN must meet NaN and infinities the same infinity.
#[track_caller]
pub fn assert_close(what: &str, got: &[f32], want: &[f32], rel: f32, floor: f32) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let tol = rel * w.abs().max(floor);
        let ok = (g.is_nan() && w.is_nan())
            || (g.is_infinite() && g == w)
            || (g.is_finite() && w.is_finite() && (g - w).abs() <= tol);
        assert!(ok, "{what}[{i}]: got {g}, want {w} (tol {tol})");
    }
}

/// Plain f64 matrix product of row-major `[m, k] × [k, n]`, rounded to f32.
pub fn naive_matmul(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut out = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            out[i * n + j] = (0..k).map(|kk| a[i * k + kk] as f64 * b[kk * n + j] as f64).sum::<f64>() as f32;
        }
    }
    out
}

/// Block bytes of `format` for `rows × cols` values (`cols` a multiple of 32): random f16 scales
/// of both signs, random codes, random Q4_1 minimums.
pub fn rand_blocks(format: &str, values: usize, seed: u64) -> Vec<u8> {
    rand_blocks_scaled(format, values, (0.005, 0.055), seed)
}

/// [`rand_blocks`] with each block's scale of magnitude in `lo..hi`.
pub fn rand_blocks_scaled(format: &str, values: usize, (lo, hi): (f32, f32), seed: u64) -> Vec<u8> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let size = block_bytes(format);
    let mut out = Vec::with_capacity(values / 32 * size);
    for _ in 0..values / 32 {
        let d = (lo + rng.f32() * (hi - lo)) * if rng.bool() { 1.0 } else { -1.0 };
        out.extend_from_slice(&forge::f16::from_f32(d).to_le_bytes());
        if format == "q4_1" {
            out.extend_from_slice(&forge::f16::from_f32(rng.f32() - 0.5).to_le_bytes());
        }
        let codes = if format == "q8_0" { 32 } else { 16 };
        out.extend((0..codes).map(|_| rng.u8(..)));
    }
    out
}

pub fn block_bytes(format: &str) -> usize {
    match format {
        "q4_0" => 18,
        "q4_1" => 20,
        _ => 34,
    }
}

/// Every value of `bytes` in f64, decoded straight from the GGUF definitions.
pub fn decode_blocks(format: &str, bytes: &[u8]) -> Vec<f64> {
    let half = |b: &[u8]| f64::from(forge::f16::from_le_bytes([b[0], b[1]]).to_f32());
    let mut out = Vec::new();
    for block in bytes.chunks(block_bytes(format)) {
        let d = half(&block[0..2]);
        match format {
            "q8_0" => out.extend(block[2..34].iter().map(|&q| f64::from(q as i8) * d)),
            _ => {
                let (min, codes) =
                    if format == "q4_1" { (half(&block[2..4]), &block[4..20]) } else { (0.0, &block[2..18]) };
                let offset = if format == "q4_0" { -8.0 } else { 0.0 };
                let value = |q: u8| (f64::from(q) + offset) * d + min;
                let lo: Vec<f64> = codes.iter().map(|&c| value(c & 15)).collect();
                let hi: Vec<f64> = codes.iter().map(|&c| value(c >> 4)).collect();
                out.extend(lo);
                out.extend(hi);
            }
        }
    }
    out
}
