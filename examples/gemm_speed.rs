//! Matmul speed on CUDA, graph by graph through `GraphInstance::from_source`: 4096³ in f16,
//! bf16 and f32 (and f32 with the TF32 opt-in), the MiniLM projections (f32, 8 sentences × 30
//! tokens, `x · wᵀ + b`) and a decode row. For each: the variant Forge chose, the median device
//! time of 30 graph replays, TFLOP/s, the largest error on 256 sampled outputs against an f64
//! reference (relative to the largest reference value), and the generic template's time
//! (`CudaOptions::gemm` off) for comparison. Writes the shapes to `DIR/shapes.csv` and the times to
//! `DIR/forge.csv`; `python3 bench/torch_gemm.py DIR` times the same shapes in PyTorch and
//! prints both side by side.
//!
//! `cargo run --release --features cuda --example gemm_speed -- DIR`
//!
//! The `*-3xtf32` rows use `precision = tf32x3`; beside them (the "beside ms" column, which is
//! the generic template's time on the other rows) the same product in true f32, and PyTorch in
//! true f32. The `*-bf16x3` rows (and the batch-64 MiniLM rows that follow them) use
//! `precision = bf16x3`, timed whole (the operand splits included), with tf32x3 beside them.
//!
//! `-- DIR --sweep [--sweep-only]` also (or only) times every SIMT tile (`CudaOptions::simt_tile`) on the f32 MiniLM shapes at
//! batch 8 and 64, next to the tile Forge picks, to check the choice. `--sweep-x3` does the same
//! for tf32x3's TMA tiles, `--sweep-bf16x3` for the bf16 TMA tiles of MiniLM's batch-64
//! `bf16x3` products (`CudaOptions::tma_tile`, timed whole: the split of A included) and K splits
//! over clusters on its N = 384 ones (`CudaOptions::split_k`; `--splits-only`: those alone).

use forge::{bf16, f16, Context, CudaOptions, GraphInstance, HostSlice, Options};
use std::fmt::Write as _;

/// One product: `y[M, N] = a[M, K] · w` with `w` stored `[N, K]` (`transpose`) or `[K, N]`.
#[derive(Clone, Copy)]
struct Case {
    name: &'static str,
    ty: &'static str,
    m: usize,
    n: usize,
    k: usize,
    wt: bool,
    bias: bool,
    /// Weights stacked `[batch, …]` against one A (MiniLM's query, key and value: 3).
    batch: usize,
    tf32: bool,
    /// The product's `precision` option.
    precision: Precision,
}

/// `matmul(…, precision = …)` of a case: none (true f32), `tf32x3` (true f32 timed beside it,
/// and PyTorch in true f32) or `bf16x3` (tf32x3 timed beside it).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Precision {
    F32,
    Tf32x3,
    Bf16x3,
}

impl Precision {
    /// The option as the graph writes it.
    fn option(self) -> &'static str {
        match self {
            Precision::F32 => "",
            Precision::Tf32x3 => ", precision = tf32x3",
            Precision::Bf16x3 => ", precision = bf16x3",
        }
    }

    /// The precision timed beside it (the comparison's "beside" column), and what to call it.
    fn beside(self) -> (Precision, &'static str) {
        match self {
            Precision::F32 => (Precision::F32, "generic"),
            Precision::Tf32x3 => (Precision::F32, "f32"),
            Precision::Bf16x3 => (Precision::Tf32x3, "tf32x3"),
        }
    }
}

const fn case(name: &'static str, ty: &'static str, m: usize, n: usize, k: usize, wt: bool, bias: bool) -> Case {
    Case { name, ty, m, n, k, wt, bias, batch: 1, tf32: false, precision: Precision::F32 }
}

fn cases() -> Vec<Case> {
    let mut v = vec![
        case("square", "f16", 4096, 4096, 4096, false, false),
        case("square", "f16", 4096, 4096, 4096, true, false),
        case("square", "bf16", 4096, 4096, 4096, true, false),
        case("square", "f32", 4096, 4096, 4096, false, false),
        case("square-tf32", "f32", 4096, 4096, 4096, false, false),
        case("square-tf32", "f32", 4096, 4096, 4096, true, false),
        case("minilm-qkvo", "f32", 240, 384, 384, true, true),
        case("minilm-up", "f32", 240, 1536, 384, true, true),
        case("minilm-down", "f32", 240, 384, 1536, true, true),
        case("minilm-up", "f16", 240, 1536, 384, true, false),
        case("decode", "f16", 1, 14336, 4096, true, false),
    ];
    v[4].tf32 = true;
    v[5].tf32 = true;
    // `precision = tf32x3` at 4096³ and on MiniLM's projections at batch 8 and 64.
    for (name, m, n, k, wt, bias) in [
        ("square-3xtf32", 4096, 4096, 4096, false, false),
        ("square-3xtf32", 4096, 4096, 4096, true, false),
        ("minilm-qkvo", 240, 384, 384, true, true),
        ("minilm-up", 240, 1536, 384, true, true),
        ("minilm-down", 240, 384, 1536, true, true),
        ("minilm-qkvo", 1920, 384, 384, true, true),
        ("minilm-up", 1920, 1536, 384, true, true),
        ("minilm-down", 1920, 384, 1536, true, true),
    ] {
        v.push(Case { precision: Precision::Tf32x3, ..case(name, "f32", m, n, k, wt, bias) });
    }
    // `precision = bf16x3` (bf16 GEMMs over split operands) where tf32x3 takes the tensor cores.
    for (name, m, n, k, bias) in [
        ("square-bf16x3", 4096, 4096, 4096, false),
        ("minilm-qkvo", 1920, 384, 384, true),
        ("minilm-qkv", 1920, 1152, 384, true),
        ("minilm-up", 1920, 1536, 384, true),
        ("minilm-down", 1920, 384, 1536, true),
    ] {
        v.push(Case { precision: Precision::Bf16x3, ..case(name, "f32", m, n, k, true, bias) });
    }
    v
}

fn source(c: &Case) -> String {
    let t = c.ty;
    let opt = c.precision.option();
    let (w, prod) = if c.wt {
        (format!("{t}[N, K]"), format!("matmul(a, transpose(w){opt})"))
    } else {
        (format!("{t}[K, N]"), format!("matmul(a, w{opt})"))
    };
    let (bias_decl, bias) = if c.bias { ("weight bias: f32[N];", " + bias") } else { ("", "") };
    // Stacked weights (`batch` > 1): `[B, …]`, the output `[B, M, N]`.
    let (w, y) =
        if c.batch > 1 { (w.replace('[', "[B, "), format!("{t}[B, M, N]")) } else { (w, format!("{t}[M, N]")) };
    format!(
        "graph Mm {{ dims {{ M, N, K, B }} input a: {t}[M, K]; weight w: {w}; {bias_decl} output y: {y}; y = {prod}{bias}; }}"
    )
}

/// Values in [-1, 1] from a small LCG (the same stream every run).
fn values(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

/// Host data of one operand in the case's type, and the values it holds as f32.
enum Data {
    F32(Vec<f32>),
    F16(Vec<f16>),
    BF16(Vec<bf16>),
}

impl Data {
    fn new(ty: &str, v: Vec<f32>) -> (Data, Vec<f32>) {
        match ty {
            "f16" => {
                let h: Vec<f16> = v.iter().map(|&x| f16::from_f32(x)).collect();
                let f = h.iter().map(|x| x.to_f32()).collect();
                (Data::F16(h), f)
            }
            "bf16" => {
                let h: Vec<bf16> = v.iter().map(|&x| bf16::from_f32(x)).collect();
                let f = h.iter().map(|x| x.to_f32()).collect();
                (Data::BF16(h), f)
            }
            _ => (Data::F32(v.clone()), v),
        }
    }
    fn slice(&self) -> HostSlice<'_> {
        match self {
            Data::F32(v) => HostSlice::of(v),
            Data::F16(v) => HostSlice::of(v),
            Data::BF16(v) => HostSlice::of(v),
        }
    }
}

fn output_f32(v: &forge::HostVec) -> forge::Result<Vec<f32>> {
    Ok(match v.elem() {
        forge::Elem::F16 => v.to_vec::<f16>("y")?.iter().map(|x| x.to_f32()).collect(),
        forge::Elem::BF16 => v.to_vec::<bf16>("y")?.iter().map(|x| x.to_f32()).collect(),
        _ => v.to_vec::<f32>("y")?,
    })
}

struct Timed {
    variant: String,
    ms: f64,
    err: f64,
}

/// CUDA options with `set` applied to the defaults.
fn cuda(set: impl FnOnce(&mut CudaOptions)) -> CudaOptions {
    let mut o = CudaOptions::default();
    set(&mut o);
    o
}

/// Builds the case's graph with `cuda` options, checks 256 outputs and times `reps` replays.
fn time(ctx: &Context, c: &Case, cuda: CudaOptions, reps: usize) -> forge::Result<Timed> {
    let ctx = ctx.clone().with_options(Options { cuda, ..Options::default() });
    let mut g = GraphInstance::from_source(&ctx, &source(c), &[c.m, c.n, c.k, c.batch])?;
    let (a, af) = Data::new(c.ty, values(c.m * c.k, 1));
    // Batch entry 0 (the one checked below) holds the same values whatever the batch.
    let (w, wf) = Data::new(c.ty, values(c.batch * c.n * c.k, 2));
    let bias = values(c.n, 3);
    let mut weights = vec![("w", w.slice())];
    if c.bias {
        weights.push(("bias", HostSlice::of(&bias)));
    }
    g.load_weights(&weights)?;
    let out = g.run(&[("a", a.slice())], &[])?;
    // The product's variant (a bf16x3 product runs last, after the splits of its operands).
    let variant = g.last_profile().map_or(String::new(), |p| match p.kernels.as_slice() {
        [] => String::new(),
        [one] => one.variant.clone(),
        [.., last] => format!("{} (+{} split)", last.variant, p.kernels.len() - 1),
    });
    let y = output_f32(&out[0].1)?;
    let (mut worst, mut scale) = (0f64, 1e-30f64);
    for s in 0..256usize {
        let (i, j) = ((s * 7919 + 13) % c.m, (s * 104_729 + 7) % c.n);
        let mut want: f64 = (0..c.k)
            .map(|kk| af[i * c.k + kk] as f64 * if c.wt { wf[j * c.k + kk] } else { wf[kk * c.n + j] } as f64)
            .sum();
        if c.bias {
            want += bias[j] as f64;
        }
        worst = worst.max((y[i * c.n + j] as f64 - want).abs());
        scale = scale.max(want.abs());
    }
    let mut times = Vec::with_capacity(reps);
    for r in 0..reps + 3 {
        g.run(&[("a", a.slice())], &[])?;
        let t = g.last_profile().and_then(|p| p.device_total()).map_or(f64::NAN, |d| d.as_secs_f64() * 1e3);
        if r >= 3 {
            times.push(t);
        }
    }
    times.sort_by(|x, y| x.total_cmp(y));
    Ok(Timed { variant, ms: times[times.len() / 2], err: worst / scale })
}

/// SIMT tiles the sweep tries (`CudaOptions::simt_tile`).
const SWEEP_TILES: [&str; 13] = [
    "128x128x16",
    "128x64x8",
    "64x64x8",
    "64x64x8k4",
    "64x32x8k4",
    "32x64x8k4",
    "64x32x8k2",
    "32x32x8k4",
    "32x32x16k4",
    "16x32x8k8",
    "32x16x8k8",
    "32x32x8k8",
    "32x64x8k8",
];

/// TMA + wgmma tf32x3 tiles the x3 sweep tries (`CudaOptions::tma_tile`).
const X3_TILES: [&str; 7] = ["128x128s3", "128x64s3", "128x64s4", "64x128s4", "64x128s3", "64x64s3", "64x64s4"];

/// Register-A tiles the x3 sweep also runs as persistent grids (`CudaOptions::x3_persistent`;
/// 48-wide ones take the register-A loop only with stages enough for one block an SM).
const X3_PERSISTENT_TILES: [&str; 5] = ["128x64s3", "128x64s4", "128x64s5", "128x48s4", "128x48s5"];

/// Times each tf32x3 TMA tile on MiniLM's batch-64 projections and 4096³ (`--sweep-x3`), then
/// the register-A ones as persistent grids.
fn sweep_x3(ctx: &Context) -> forge::Result<()> {
    let cases = [(1920, 384, 384), (1920, 1152, 384), (1920, 1536, 384), (1920, 384, 1536), (4096, 4096, 4096)]
        .map(|(m, n, k)| Case { precision: Precision::Tf32x3, ..case("sweep", "f32", m, n, k, true, m < 4096) });
    let any_size = cuda(|o| o.tf32x3_any_size = true);
    sweep_tiles(ctx, &cases, Knob::Tma, &X3_TILES, any_size)?;
    println!("persistent grids (x3_persistent):");
    let persistent = CudaOptions { x3_persistent: true, ..any_size };
    sweep_tiles(ctx, &cases, Knob::Tma, &X3_PERSISTENT_TILES, persistent)
}

/// bf16 TMA + wgmma tiles the bf16x3 sweep tries (`CudaOptions::tma_tile`): the modelled table's
/// and the 96- and 48-wide ones that cut MiniLM's N = 384 into more tiles (120 of 64×96 where
/// 64×128 makes 90 for 132 SMs). Not 128×128 of three stages: two blocks an SM leave it too few
/// registers (ptxas refuses it; `choose::TMA_TILES`).
const BF16_TILES: [&str; 9] =
    ["128x192s4", "128x128s4", "128x96s4", "128x64s4", "128x48s4", "64x192s4", "64x128s4", "64x96s4", "64x64s4"];

/// Tiles the bf16x3 sweep splits K for over clusters of 2, 3 and 4 blocks (`CudaOptions::split_k`).
const SPLIT_TILES: [&str; 4] = ["128x256s4", "128x192s4", "128x128s4", "64x192s4"];

/// Times each bf16 TMA tile on MiniLM's batch-64 `bf16x3` products (`--sweep-bf16x3`): the out
/// projection, query-key-value (three stacked weights against one A, as MiniLM runs them), FFN
/// up and down; then, on the N = 384 products (few tiles), tiles with K split over clusters.
fn sweep_bf16x3(ctx: &Context) -> forge::Result<()> {
    let cases = [(1920, 384, 384, 1), (1920, 384, 384, 3), (1920, 1536, 384, 1), (1920, 384, 1536, 1)].map(
        |(m, n, k, batch)| Case { precision: Precision::Bf16x3, batch, ..case("sweep", "f32", m, n, k, true, true) },
    );
    if std::env::args().all(|a| a != "--splits-only") {
        sweep_tiles(ctx, &cases, Knob::Tma, &BF16_TILES, CudaOptions::default())?;
    }
    let narrow = [cases[3], cases[0]];
    for s in [2, 3, 4] {
        println!("K split over clusters of {s} (split_k {s}):");
        sweep_tiles(ctx, &narrow, Knob::Tma, &SPLIT_TILES, cuda(|o| o.split_k = Some(s)))?;
    }
    Ok(())
}

/// Times each SIMT tile on MiniLM's f32 projections at batch 8 and 64 (~30 tokens a sentence).
fn sweep(ctx: &Context) -> forge::Result<()> {
    let shapes =
        [(240, 384, 384), (240, 1536, 384), (240, 384, 1536), (1920, 384, 384), (1920, 1536, 384), (1920, 384, 1536)];
    let cases = shapes.map(|(m, n, k)| case("sweep", "f32", m, n, k, true, true));
    sweep_tiles(ctx, &cases, Knob::Simt, &SWEEP_TILES, CudaOptions::default())
}

/// Which tile a sweep forces.
#[derive(Clone, Copy)]
enum Knob {
    Simt,
    Tma,
}

/// For each case: the variant Forge picks, then each tile forced through `knob` (on `also`).
fn sweep_tiles(ctx: &Context, cases: &[Case], knob: Knob, tiles: &[&str], also: CudaOptions) -> forge::Result<()> {
    for c in cases {
        let (m, n, k) = (c.m, c.n, c.k);
        let flops = 2.0 * (c.batch * m * n * k) as f64;
        let picked = time(ctx, c, CudaOptions::default(), 20)?;
        let b = if c.batch > 1 { format!("{}x", c.batch) } else { String::new() };
        println!(
            "{b}{m}x{n}x{k}: picked {} {:.4} ms {:.1} TFLOP/s",
            picked.variant,
            picked.ms,
            flops / picked.ms / 1e9
        );
        for tile in tiles {
            let forced = match knob {
                Knob::Simt => tile.parse().map(|t| CudaOptions { simt_tile: Some(t), ..also }),
                Knob::Tma => tile.parse().map(|t| CudaOptions { tma_tile: Some(t), ..also }),
            };
            match forced.and_then(|o| time(ctx, c, o, 20)) {
                Ok(t) => println!(
                    "   {:<30} {:.4} ms {:>6.1} TFLOP/s err {:.1e}",
                    t.variant,
                    t.ms,
                    flops / t.ms / 1e9,
                    t.err
                ),
                Err(e) => println!("   {tile:<30} failed: {e}"),
            }
        }
    }
    Ok(())
}

fn main() -> forge::Result<()> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    if std::env::args().any(|a| a == "--sweep-x3") {
        let ctx = Context::cuda()?;
        println!("{}", ctx.describe());
        return sweep_x3(&ctx);
    }
    if std::env::args().any(|a| a == "--sweep-bf16x3") {
        let ctx = Context::cuda()?;
        println!("{}", ctx.describe());
        return sweep_bf16x3(&ctx);
    }
    if std::env::args().any(|a| a == "--sweep") {
        let ctx = Context::cuda()?;
        println!("{}", ctx.describe());
        sweep(&ctx)?;
        if std::env::args().any(|a| a == "--sweep-only") {
            return Ok(());
        }
    }
    for c in &cases() {
        forge::parse_graph_source(&source(c))?;
    }
    let ctx = Context::cuda()?;
    println!("{}", ctx.describe());
    let (mut shapes, mut csv) =
        (String::from("idx,name,dtype,m,n,k,wt,bias,tf32\n"), String::from("idx,variant,ms,tflops,err,generic_ms\n"));
    println!(
        "{:>2} {:<12} {:<5} {:>16} {:<3} {:<26} {:>9} {:>8} {:>9} {:>11} {:>8}",
        "#", "case", "type", "MxNxK", "B", "variant", "ms", "TFLOP/s", "rel.err", "beside ms", "speedup"
    );
    for (idx, c) in cases().iter().enumerate() {
        let _ = writeln!(
            shapes,
            "{idx},{},{},{},{},{},{},{},{}",
            c.name,
            c.ty,
            c.m,
            c.n,
            c.k,
            u8::from(c.wt),
            u8::from(c.bias),
            u8::from(c.tf32)
        );
        let fast = time(&ctx, c, cuda(|o| o.tf32 = c.tf32), 30)?;
        // Beside each: the generic template, for tf32x3 the true-f32 kernel, for bf16x3 tf32x3.
        let (beside, what) = c.precision.beside();
        let generic = match (c.tf32, c.precision) {
            (true, _) => None,
            (false, Precision::F32) => Some(time(&ctx, c, cuda(|o| o.gemm = false), 5)?),
            (false, _) => Some(time(&ctx, &Case { precision: beside, ..*c }, CudaOptions::default(), 30)?),
        };
        let flops = 2.0 * (c.batch * c.m * c.n * c.k) as f64;
        let tflops = flops / fast.ms / 1e9;
        let gms = generic.as_ref().map_or(f64::NAN, |g| g.ms);
        println!(
            "{idx:>2} {:<12} {:<5} {:>16} {:<3} {:<26} {:>9.4} {:>8.1} {:>9.2e} {:>11.4} {:>7.1}x",
            c.name,
            c.ty,
            format!("{}x{}x{}", c.m, c.n, c.k),
            if c.wt { "NK" } else { "KN" },
            fast.variant,
            fast.ms,
            tflops,
            fast.err,
            gms,
            gms / fast.ms
        );
        if let Some(g) = &generic {
            println!("   {what}: {} rel.err {:.2e}", g.variant, g.err);
        }
        if c.precision == Precision::Tf32x3 {
            // The tensor-core kernel even where Forge keeps the product on SIMT (too few tiles).
            let any = time(&ctx, c, cuda(|o| o.tf32x3_any_size = true), 30)?;
            println!(
                "   tensor cores at any size: {} {:.4} ms {:.1} TFLOP/s rel.err {:.2e}",
                any.variant,
                any.ms,
                flops / any.ms / 1e9,
                any.err
            );
        }
        let _ = writeln!(csv, "{idx},{},{:.6},{tflops:.2},{:.3e},{gms:.6}", fast.variant, fast.ms, fast.err);
    }
    std::fs::write(format!("{dir}/shapes.csv"), shapes).map_err(|e| forge::Error::Internal(e.to_string()))?;
    std::fs::write(format!("{dir}/forge.csv"), csv).map_err(|e| forge::Error::Internal(e.to_string()))?;
    Ok(())
}
