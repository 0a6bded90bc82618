//! The benchmark's cases: each a graph written in Forge's language, its dims, what it moves or
//! computes, and how it is measured (the device time of one kernel, or of the whole run).

use forge::{Context, Elem, GraphInstance, HostSlice};
use std::time::Duration;

use super::sources::{chain_source, mlp_source, mlp_stack_source};

/// What a case's rate is counted in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Work {
    /// Bytes read plus written: GB/s, against the copy roofline.
    Bytes(f64),
    /// Floating-point operations: TFLOP/s.
    Flops(f64),
    /// Dependent kernels: time per kernel.
    Nodes(usize),
    /// Whole-model latency.
    Model,
}

pub struct Case {
    pub key: &'static str,
    pub what: String,
    pub source: String,
    pub dims: Vec<usize>,
    pub work: Work,
    /// Time only this kernel (index into the plan), else the whole run's device time.
    pub kernel: Option<usize>,
    /// Too slow for the CPU backend at this size.
    pub heavy: bool,
}

/// One measurement: the median device time, the run's median host wall time, the variant.
pub struct Measured {
    pub device: Duration,
    pub wall: Duration,
    pub variant: String,
    /// `GraphInstance::from_source` (check, lower, compile; pipelines from the disk cache
    /// when an earlier process left them there).
    pub build: Duration,
}

fn case(
    key: &'static str,
    what: &str,
    source: String,
    dims: Vec<usize>,
    work: Work,
    kernel: Option<usize>,
    heavy: bool,
) -> Case {
    Case { key, what: what.into(), source, dims, work, kernel, heavy }
}

fn matmul(key: &'static str, elem: &str, m: usize, k: usize, n: usize, weight_t: bool) -> Case {
    let (w, use_w) = if weight_t {
        ("f32[N, K]".replace("f32", elem), "transpose(w)")
    } else {
        ("f32[K, N]".replace("f32", elem), "w")
    };
    let src = format!(
        "graph Mm {{ dims {{ M, K, N }} weight a: {elem}[M, K]; weight w: {w}; output y: {elem}[M, N]; y = matmul(a, {use_w}); }}"
    );
    let what = format!("matmul {m}x{k}x{n} {elem}{}", if weight_t { " (weight [N, K])" } else { "" });
    case(key, &what, src, vec![m, k, n], Work::Flops(2.0 * m as f64 * k as f64 * n as f64), Some(0), true)
}

/// Every case, in the order the table prints them.
pub fn all() -> Vec<Case> {
    let n64 = 64usize << 20;
    let (r, c) = (8192usize, 8192usize);
    let rc = (r * c) as f64 * 4.0;
    let mut v = vec![
        case("copy", "y = x, 64 Mi f32 (the roofline)", "graph C { dims { N } weight x: f32[N]; output y: f32[N]; y = x; }".into(), vec![n64], Work::Bytes(n64 as f64 * 8.0), Some(0), false),
        case("axpb", "y = x * 2 + 1, 64 Mi f32", "graph A { dims { N } weight x: f32[N]; output y: f32[N]; y = x * 2.0 + 1.0; }".into(), vec![n64], Work::Bytes(n64 as f64 * 8.0), Some(0), false),
        case("softmax", "softmax 8192 x 8192 f32", "graph S { dims { R, C } weight x: f32[R, C]; output y: f32[R, C]; y = softmax(x); }".into(), vec![r, c], Work::Bytes(rc * 2.0), Some(0), false),
        case("rms_norm", "rms_norm 8192 x 8192 f32", "graph N { dims { R, C } weight x: f32[R, C]; weight g: f32[C]; output y: f32[R, C]; y = rms_norm(x, g, 1e-5); }".into(), vec![r, c], Work::Bytes(rc * 2.0), Some(0), false),
        case("layer_norm", "layer_norm 8192 x 8192 f32", "graph N { dims { R, C } weight x: f32[R, C]; weight g: f32[C]; weight b: f32[C]; output y: f32[R, C]; y = layer_norm(x, g, b, 1e-5); }".into(), vec![r, c], Work::Bytes(rc * 2.0), Some(0), false),
        case("row_sum", "row sum 8192 x 8192 f32 (bytes read)", "graph S { dims { R, C } weight x: f32[R, C]; output y: f32[R]; y = sum(x); }".into(), vec![r, c], Work::Bytes(rc), Some(0), false),
    ];
    for (key, elem, n) in [
        ("matmul_f16_4096", "f16", 4096),
        ("matmul_bf16_4096", "bf16", 4096),
        ("matmul_f32_4096", "f32", 4096),
        ("matmul_f16_1024", "f16", 1024),
        ("matmul_bf16_1024", "bf16", 1024),
        ("matmul_f32_1024", "f32", 1024),
    ] {
        v.push(matmul(key, elem, n, n, n, false));
    }
    v.push(matmul("linear_240x384x1536", "f32", 240, 384, 1536, true));
    v.push(matmul("linear_240x1536x384", "f32", 240, 1536, 384, true));
    v.push(matmul("linear_1920x384x1536", "f32", 1920, 384, 1536, true));
    v.push(matmul("linear_1920x1536x384", "f32", 1920, 1536, 384, true));
    v.push(matmul("decode_f16_1x4096x14336", "f16", 1, 4096, 14336, true));
    v.push(case(
        "mlp10_b1",
        "10-layer SwiGLU MLP, batch 1, d 576, f 1536",
        mlp_source(10),
        vec![1, 576, 1536, 10],
        Work::Model,
        None,
        false,
    ));
    v.push(case(
        "mlp10t_b1",
        "the same with nn.Linear's [out, in] weights",
        mlp_stack_source(10, true),
        vec![1, 576, 1536, 10],
        Work::Model,
        None,
        false,
    ));
    v.push(case(
        "mlp_b64",
        "MLP block, batch 64, d 576, f 1536",
        mlp_source(1),
        vec![64, 576, 1536],
        Work::Model,
        None,
        false,
    ));
    v.push(case(
        "chain100",
        "100 dependent elementwise statements (1024 f32; they fuse)",
        chain_source(100, false),
        vec![1024],
        Work::Nodes(100),
        None,
        false,
    ));
    v.push(case(
        "softmax100",
        "100 dependent softmaxes (1 x 1024 f32; they chain into one kernel)",
        chain_source(100, true),
        vec![1024],
        Work::Nodes(100),
        None,
        false,
    ));
    // MiniLM (random weights: speed does not depend on them), 32-token sentences.
    // B, T, V, P, D, H, E, F, L
    // The graph as written (`precision = bf16x3`: bf16 GEMMs over split operands on CUDA);
    // `_f32`: every product in true f32; `_tf32x3`: every product `precision = tf32x3`.
    let (f32_source, tf32x3_source) = (minilm_graph::minilm_source("f32"), minilm_graph::minilm_source("tf32x3"));
    for (key, b, src) in [
        ("minilm_b8", 8usize, MiniLm::SOURCE.to_string()),
        ("minilm_b64", 64, MiniLm::SOURCE.to_string()),
        ("minilm_b8_f32", 8, f32_source.clone()),
        ("minilm_b64_f32", 64, f32_source.clone()),
        ("minilm_b8_tf32x3", 8, tf32x3_source.clone()),
        ("minilm_b64_tf32x3", 64, tf32x3_source.clone()),
    ] {
        let what = format!("all-MiniLM-L6-v2 encoder, {b} sentences x 32 tokens");
        v.push(case(key, &what, src, vec![b, 32, 30522, 512, 384, 12, 1536, 6], Work::Model, None, b > 8));
    }
    v
}

/// A graph read from `path` (Forge's language), timed as a whole run at `dims` (`a,b,c`).
pub fn custom(path: &str, dims: &str) -> forge::Result<Case> {
    let source = std::fs::read_to_string(path).map_err(|e| forge::Error::InvalidArgument {
        argument: "--graph".into(),
        reason: format!("reading {path}: {e}"),
    })?;
    let dims = dims
        .split(',')
        .filter(|d| !d.trim().is_empty())
        .map(|d| d.trim().parse::<usize>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| forge::Error::InvalidArgument { argument: "--dims".into(), reason: e.to_string() })?;
    let stem = std::path::Path::new(path).file_stem().map_or("graph".into(), |s| s.to_string_lossy().into_owned());
    let key: &'static str = Box::leak(stem.into_boxed_str());
    Ok(case(key, &format!("{path} at {dims:?}"), source, dims, Work::Model, None, false))
}

mod minilm_graph {
    use forge::prelude::*;
    include!("../graphs/minilm.rs");
}
use minilm_graph::MiniLm;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

/// Random non-zero bytes for a buffer of `len` elements.
fn random_bytes(elem: Elem, len: usize, rng: &mut fastrand::Rng) -> Vec<u8> {
    if elem.is_quantized() {
        return random_blocks(elem, len, rng);
    }
    (0..len)
        .flat_map(|_| {
            let v = (rng.f32() * 2.0 - 1.0) * 0.5 + 0.01;
            match elem {
                Elem::F16 => half::f16::from_f32(v).to_le_bytes().to_vec(),
                Elem::BF16 => half::bf16::from_f32(v).to_le_bytes().to_vec(),
                Elem::U32 => (rng.u32(0..100)).to_le_bytes().to_vec(),
                Elem::I32 => (rng.i32(0..100)).to_le_bytes().to_vec(),
                Elem::F32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => v.to_le_bytes().to_vec(),
            }
        })
        .collect()
}

/// Random GGUF blocks for `len` values: a small f16 scale (and Q4_1 minimum), random codes.
fn random_blocks(elem: Elem, len: usize, rng: &mut fastrand::Rng) -> Vec<u8> {
    forge::synthetic_blocks(elem, len, 0.02, -0.1, || rng.u8(..))
}

/// How `--kernels` sums a run's per-kernel times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breakdown {
    /// By template and variant.
    Templates,
    /// By node (digits dropped, so a repeated layer's nodes add up).
    Nodes,
}

/// Builds the case's instance on `ctx` with random weights and inputs, warms it up and times it;
/// with `breakdown`, one more run's per-kernel times go to stderr.
pub fn measure(ctx: &Context, case: &Case, breakdown: Option<Breakdown>) -> forge::Result<Measured> {
    let built = std::time::Instant::now();
    let mut g = GraphInstance::from_source(ctx, &case.source, &case.dims)?;
    let build = built.elapsed();
    let plan = g.plan().clone();
    let mut rng = fastrand::Rng::with_seed(7);
    let mut data = Vec::new();
    for b in &plan.buffers {
        if matches!(b.role, forge::ir::BufferRole::Weight | forge::ir::BufferRole::Input) {
            data.push((b.name.clone(), b.role, b.elem, b.len, random_bytes(b.elem, b.len, &mut rng)));
        }
    }
    let slices = |role| -> forge::Result<Vec<(&str, HostSlice<'_>)>> {
        data.iter()
            .filter(|d| d.1 == role)
            .map(|d| Ok((d.0.as_str(), HostSlice::from_bytes(d.2, d.3, &d.4)?)))
            .collect()
    };
    g.load_weights(&slices(forge::ir::BufferRole::Weight)?)?;
    let inputs = slices(forge::ir::BufferRole::Input)?;
    g.set_kernel_profiling(case.kernel.is_some());
    let iters = if ctx.kind() == forge::BackendKind::Cpu { 3 } else { 30 };
    for _ in 0..3 {
        g.run(&inputs, &[])?;
    }
    let (mut dev, mut wall) = (Vec::new(), Vec::new());
    let mut variant = String::new();
    for _ in 0..iters {
        let t = std::time::Instant::now();
        g.run(&inputs, &[])?;
        wall.push(t.elapsed());
        let Some(p) = g.last_profile() else { continue };
        let d = match case.kernel {
            Some(k) => p.kernels.get(k).and_then(|k| k.time),
            None => p.device_total(),
        };
        if let Some(d) = d {
            dev.push(d);
        }
        variant = match case.kernel {
            Some(k) => p.kernels.get(k).map(|k| k.variant.clone()).unwrap_or_default(),
            None => format!("{} kernels", p.kernels.len()),
        };
    }
    if let (None, Some(by)) = (case.kernel, breakdown) {
        print_breakdown(&mut g, &inputs, case.key, by)?;
    }
    Ok(Measured { device: median(dev), wall: median(wall), variant, build })
}

/// One run with per-kernel timing, summed as `by` says, on stderr (the table on stdout stays as
/// it is).
fn print_breakdown(
    g: &mut GraphInstance,
    inputs: &[(&str, HostSlice<'_>)],
    key: &str,
    by: Breakdown,
) -> forge::Result<()> {
    g.set_kernel_profiling(true);
    g.run(inputs, &[])?;
    g.set_kernel_profiling(false);
    let Some(p) = g.last_profile() else { return Ok(()) };
    let by_node = by == Breakdown::Nodes;
    let mut sums: Vec<(String, usize, f64)> = Vec::new();
    for k in &p.kernels {
        let label = if by_node {
            let node: String = k.node.chars().filter(|c| !c.is_ascii_digit()).collect();
            format!("{node}: {} [{}]", k.entry, k.variant)
        } else {
            format!("{} [{}]", k.entry, k.variant)
        };
        let us = k.time.map_or(0.0, |t| t.as_secs_f64() * 1e6);
        match sums.iter_mut().find(|s| s.0 == label) {
            Some(s) => {
                s.1 += 1;
                s.2 += us;
            }
            None => sums.push((label, 1, us)),
        }
    }
    sums.sort_by(|a, b| b.2.total_cmp(&a.2));
    let total: f64 = sums.iter().map(|s| s.2).sum();
    eprintln!("{key} on {}: {} kernels, {total:.1} us summed", p.backend, p.kernels.len());
    for (label, n, us) in sums {
        eprintln!("  {us:>9.1} us {n:>4}x  {label}");
    }
    Ok(())
}
