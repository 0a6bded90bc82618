//! A small CNN on the best backend found: the stem of a ResNet-18 (7x7 convolution of stride 2,
//! batch norm, ReLU, 3x3 max pool of stride 2) and its first basic block (conv3x3, batch norm,
//! ReLU, conv3x3, batch norm, plus the identity, ReLU) on `[B, 64, 56, 56]`, random weights,
//! batch norms folded into a per-channel scale and shift. Each stage is checked against the CPU
//! backend on the batch's first image (images are independent), then timed: warm-up runs, then
//! `--runs` runs, each timed alone; the table gives the best and the median, as host wall time
//! (upload, run, readback) and as device time where the backend measures it (CUDA: the
//! replayed graph's span). `bench/cnn_torch.py` prints the same rows for PyTorch (cuDNN).
//! `--elem f16` / `bf16` stores every binding in that type (computed in f32, as PyTorch's
//! half-precision convolutions accumulate in f32). A convolution whose window sum has 128 or
//! more terms gives each output a workgroup; `--conv-workgroup N` puts
//! `#[schedule(workgroup = N)]` on the `conv2d` statements (N threads fold one output). The
//! CPU check takes seconds (the CPU backend is the reference, not fast); `--no-check` skips it.
//!
//! `--precision tf32x3` (or `tf32`, `bf16x3`) lets the f32 convolutions trade precision for
//! tensor cores as `matmul`'s option does. `--resnet50` times instead the four 3x3 convolutions
//! of ResNet-50's bottlenecks (64 channels at 56x56, 128 at 28x28, 256 at 14x14, 512 at 7x7),
//! each alone and checked the same way. With `--resnet50`, `--conv-windows MI|off` sets from
//! how many Mi values of im2col a convolution (tf32, f16, bf16) reads its windows inside the
//! product on sm_90 (`CudaOptions::conv_windows`; default 3).
//!
//! `cargo run --release --features cuda --example cnn [-- --batch 8 --runs 20 --elem f32
//! --precision f32 --conv-workgroup 64 --conv-windows 3 --no-check --resnet50]` (`FORGE_BACKEND=cuda|wgpu|cpu`
//! to choose).

use forge::prelude::*;
use forge::{GraphInstance, HostSlice};
use std::time::{Duration, Instant};

include!("graphs/cnn.rs");

/// How the graphs store their bindings.
#[derive(Clone, Copy)]
enum Storage {
    F32,
    F16,
    Bf16,
}

impl Storage {
    fn name(self) -> &'static str {
        match self {
            Storage::F32 => "f32",
            Storage::F16 => "f16",
            Storage::Bf16 => "bf16",
        }
    }
    /// The stem's and the block's source.
    fn sources(self) -> (&'static str, &'static str) {
        match self {
            Storage::F32 => (ResNetStem::SOURCE, BasicBlock::SOURCE),
            Storage::F16 => (ResNetStemF16::SOURCE, BasicBlockF16::SOURCE),
            Storage::Bf16 => (ResNetStemBf16::SOURCE, BasicBlockBf16::SOURCE),
        }
    }
}

/// Host values in a graph's storage type.
enum Data {
    F32(Vec<f32>),
    F16(Vec<f16>),
    Bf16(Vec<bf16>),
}

impl Data {
    fn new(values: &[f32], storage: Storage) -> Data {
        match storage {
            Storage::F32 => Data::F32(values.to_vec()),
            Storage::F16 => Data::F16(values.iter().map(|v| f16::from_f32(*v)).collect()),
            Storage::Bf16 => Data::Bf16(values.iter().map(|v| bf16::from_f32(*v)).collect()),
        }
    }
    /// The first `n` values (image 0 of a batch).
    fn prefix(&self, n: usize) -> Data {
        match self {
            Data::F32(v) => Data::F32(v[..n].to_vec()),
            Data::F16(v) => Data::F16(v[..n].to_vec()),
            Data::Bf16(v) => Data::Bf16(v[..n].to_vec()),
        }
    }
    fn slice(&self) -> HostSlice<'_> {
        match self {
            Data::F32(v) => HostSlice::of(v),
            Data::F16(v) => HostSlice::of(v),
            Data::Bf16(v) => HostSlice::of(v),
        }
    }
}

/// Output `name` of a run, widened to f32.
fn output(out: &[(String, forge::HostVec)], name: &str, storage: Storage) -> forge::Result<Vec<f32>> {
    let Some((_, v)) = out.iter().find(|(n, _)| n == name) else {
        return Err(forge::Error::Internal(format!("no output `{name}`")));
    };
    Ok(match storage {
        Storage::F32 => v.to_vec::<f32>(name)?,
        Storage::F16 => v.to_vec::<f16>(name)?.iter().map(|x| x.to_f32()).collect(),
        Storage::Bf16 => v.to_vec::<bf16>(name)?.iter().map(|x| x.to_f32()).collect(),
    })
}

struct Args {
    batch: usize,
    runs: usize,
    check: bool,
    storage: Storage,
    conv_workgroup: Option<usize>,
    /// `conv2d`'s `precision` (f32, tf32x3, tf32 or bf16x3).
    precision: String,
    resnet50: bool,
    /// `CudaOptions::conv_windows`: from how many Mi values of im2col a convolution reads its
    /// windows inside the product on sm_90 (`None`: never).
    conv_windows: Option<usize>,
}

fn args() -> forge::Result<Args> {
    let mut a = Args {
        batch: 8,
        runs: 20,
        check: true,
        storage: Storage::F32,
        conv_workgroup: None,
        precision: "f32".into(),
        resnet50: false,
        conv_windows: forge::CudaOptions::default().conv_windows,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut number = |what: &str| -> forge::Result<usize> {
            let v = it.next().and_then(|v| v.parse().ok()).filter(|v| *v > 0);
            v.ok_or_else(|| forge::Error::Internal(format!("{what} takes a positive integer")))
        };
        match flag.as_str() {
            "--batch" => a.batch = number("--batch")?,
            "--runs" => a.runs = number("--runs")?,
            "--no-check" => a.check = false,
            "--resnet50" => a.resnet50 = true,
            "--precision" => {
                a.precision = match it.next().as_deref() {
                    Some(p @ ("f32" | "tf32x3" | "tf32" | "bf16x3")) => p.to_string(),
                    _ => return Err(forge::Error::Internal("--precision takes f32, tf32x3, tf32 or bf16x3".into())),
                }
            }
            "--conv-workgroup" => a.conv_workgroup = Some(number("--conv-workgroup")?),
            "--conv-windows" => {
                a.conv_windows = match it.next().as_deref() {
                    Some("off") => None,
                    Some(mi) => match mi.parse::<usize>() {
                        Ok(mi) => Some(mi << 20),
                        Err(_) => return Err(forge::Error::Internal("--conv-windows takes Mi values or `off`".into())),
                    },
                    None => return Err(forge::Error::Internal("--conv-windows takes Mi values or `off`".into())),
                }
            }
            "--elem" => {
                a.storage = match it.next().as_deref() {
                    Some("f32") => Storage::F32,
                    Some("f16") => Storage::F16,
                    Some("bf16") => Storage::Bf16,
                    _ => return Err(forge::Error::Internal("--elem takes f32, f16 or bf16".into())),
                }
            }
            other => {
                let usage = "usage: cnn [--batch N] [--runs N] [--elem f32|f16|bf16] [--precision f32|tf32x3|tf32|bf16x3] [--conv-workgroup N] [--conv-windows MI|off] [--no-check] [--resnet50]";
                return Err(forge::Error::Internal(format!("unknown argument `{other}`; {usage}")));
            }
        }
    }
    Ok(a)
}

/// Uniform in ±`scale`.
fn random(n: usize, scale: f32, rng: &mut fastrand::Rng) -> Vec<f32> {
    (0..n).map(|_| (rng.f32() * 2.0 - 1.0) * scale).collect()
}

/// He-uniform weights of `n` values for a fan-in of `fan_in`.
fn conv_weight(n: usize, fan_in: usize, rng: &mut fastrand::Rng) -> Vec<f32> {
    random(n, (6.0 / fan_in as f32).sqrt(), rng)
}

/// A folded batch norm: per-channel scale near 1 and shift near 0.
fn folded_norm(c: usize, rng: &mut fastrand::Rng) -> (Vec<f32>, Vec<f32>) {
    ((0..c).map(|_| 0.75 + 0.5 * rng.f32()).collect(), random(c, 0.1, rng))
}

/// `‖got − want‖ / ‖want‖`, an error past `tolerance`.
fn compare(stage: &str, got: &[f32], want: &[f32], tolerance: f64) -> forge::Result<()> {
    let diff: f64 = got.iter().zip(want).map(|(a, w)| f64::from(a - w).powi(2)).sum();
    let norm: f64 = want.iter().map(|w| f64::from(*w).powi(2)).sum();
    let rel = (diff / norm).sqrt();
    println!("{stage}: vs the CPU backend on image 0, ‖out − ref‖ / ‖ref‖ = {rel:.2e}");
    if rel.is_nan() || rel >= tolerance || got.len() != want.len() {
        return Err(forge::Error::Internal(format!("{stage} differs from the CPU reference: {rel:e}")));
    }
    Ok(())
}

/// Best and median of `times`, in ms.
fn best_median(mut times: Vec<Duration>) -> Option<(f64, f64)> {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    Some((ms(*times.first()?), ms(times[times.len() / 2])))
}

/// Runs `run` (returning the run's device time, where measured) 3 times to warm up, then
/// `runs` times, and prints the table row.
fn time_stage(
    stage: &str,
    shape: &str,
    backend: &str,
    runs: usize,
    mut run: impl FnMut() -> forge::Result<Option<Duration>>,
) -> forge::Result<()> {
    for _ in 0..3 {
        run()?;
    }
    let (mut walls, mut devices) = (Vec::with_capacity(runs), Vec::with_capacity(runs));
    for _ in 0..runs {
        let t = Instant::now();
        let device = run()?;
        walls.push(t.elapsed());
        devices.extend(device);
    }
    let (wall_best, wall_median) = best_median(walls).unwrap_or_default();
    let device = match best_median(devices) {
        Some((best, median)) => format!("{best:>9.3} | {median:>9.3}"),
        None => format!("{:>9} | {:>9}", "n/a", "n/a"),
    };
    println!("| {stage:<11} | {shape:<16} | {backend:<12} | {wall_best:>9.3} | {wall_median:>9.3} | {device} |");
    Ok(())
}

/// `src` with `#[schedule(workgroup = n)]` on each `conv2d` statement and `precision` among
/// its options.
fn with_conv_options(src: &str, n: Option<usize>, precision: &str) -> String {
    let statement = |s: &str| {
        if !s.contains("conv2d") {
            return s.to_string();
        }
        let s = match s.rfind(')') {
            Some(end) if precision != "f32" => format!("{}, precision = {precision}{}", &s[..end], &s[end..]),
            _ => s.to_string(),
        };
        match n {
            Some(n) => format!("#[schedule(workgroup = {n})] {s}"),
            None => s,
        }
    };
    src.split_inclusive(';').map(statement).collect()
}

/// ResNet-50's 3x3 convolutions: (channels, height = width).
const RESNET50_3X3: [(usize, usize); 4] = [(64, 56), (128, 28), (256, 14), (512, 7)];

/// One 3x3 convolution of stride 1 and padding 1, `[B, C, H, W]` → `[B, C, H, W]`.
fn conv3x3_source(storage: Storage) -> String {
    let e = storage.name();
    format!(
        "graph Conv3x3 {{ dims {{ B, C, H, W }}
            input x: {e}[B, C, H, W]; weight w: {e}[C, C, 3, 3]; output y: {e}[B, C, H, W];
            y = conv2d(x, w, padding = 1); }}"
    )
}

/// `--resnet50`: each of ResNet-50's 3x3 convolutions alone, checked and timed as the stages are.
fn resnet50_convs(ctx: &Context, a: &Args) -> forge::Result<()> {
    let mut rng = fastrand::Rng::with_seed(11);
    let src = with_conv_options(&conv3x3_source(a.storage), a.conv_workgroup, &a.precision);
    let backend = label(ctx, a.storage, &a.precision);
    let mut rows = Vec::new();
    for (c, hw) in RESNET50_3X3 {
        let x = Data::new(&random(a.batch * c * hw * hw, 1.0, &mut rng), a.storage);
        let w = Data::new(&conv_weight(c * c * 9, c * 9, &mut rng), a.storage);
        let mut g = instance(ctx, &src, &[a.batch, c, hw, hw], &[("w", &w)])?;
        if a.check {
            let got = run(&mut g, &x, a.storage)?;
            let mut reference = instance(&Context::cpu(), &src, &[1, c, hw, hw], &[("w", &w)])?;
            let want = run(&mut reference, &x.prefix(c * hw * hw), a.storage)?;
            compare(&format!("conv3x3 {c}"), &got[..want.len()], &want, tolerance(a.storage, &a.precision))?;
        }
        rows.push((c, hw, x, g));
    }
    let stages = rows
        .iter_mut()
        .map(|(c, hw, x, g)| (format!("conv3x3 {c}"), format!("[{}, {c}, {hw}, {hw}]", a.batch), g, &*x))
        .collect();
    report(stages, &backend, a.runs)
}

/// Each stage timed ([`time_stage`]) under one table header, then run once more with every
/// kernel timed, to show where its time goes.
fn report(
    mut stages: Vec<(String, String, &mut GraphInstance, &Data)>,
    backend: &str,
    runs: usize,
) -> forge::Result<()> {
    println!("\nms per run, best and median of {runs} after 3 warm-up runs (wall: upload + run + readback)");
    println!("| stage       | input            | backend      | wall best | wall med. | dev. best | dev. med. |");
    println!("|---|---|---|---|---|---|---|");
    for (stage, shape, g, x) in &mut stages {
        time_stage(stage, shape, backend, runs, || {
            g.run(&[("x", x.slice())], &[])?;
            Ok(g.last_profile().and_then(|p| p.device_total()))
        })?;
    }
    for (stage, _, g, x) in &mut stages {
        g.set_kernel_profiling(true);
        g.run(&[("x", x.slice())], &[])?;
        if let Some(p) = g.last_profile() {
            print!("\n{stage}:\n{p}");
        }
    }
    Ok(())
}

/// The table's backend column: backend, storage, and a precision other than f32.
fn label(ctx: &Context, storage: Storage, precision: &str) -> String {
    match precision {
        "f32" => format!("{} {}", ctx.kind(), storage.name()),
        p => format!("{} {} {p}", ctx.kind(), storage.name()),
    }
}

/// The relative error a check allows: the CPU rounds each stored value as the device does, so
/// only the order of the sums differs (f16/bf16 temps may round a sum either way), plus what
/// `precision` trades.
fn tolerance(storage: Storage, precision: &str) -> f64 {
    let order = match storage {
        Storage::F32 => 1e-4,
        Storage::F16 => 2e-3,
        Storage::Bf16 => 1e-2,
    };
    match (storage, precision) {
        (Storage::F32, "tf32") => 5e-3,
        _ => order,
    }
}

/// A graph instance with its weights loaded.
fn instance(ctx: &Context, src: &str, dims: &[usize], weights: &[(&str, &Data)]) -> forge::Result<GraphInstance> {
    let mut g = GraphInstance::from_source(ctx, src, dims)?;
    let slices: Vec<(&str, HostSlice<'_>)> = weights.iter().map(|(n, d)| (*n, d.slice())).collect();
    g.load_weights(&slices)?;
    Ok(g)
}

/// One run of `g` on `x`; its output `y` in f32.
fn run(g: &mut GraphInstance, x: &Data, storage: Storage) -> forge::Result<Vec<f32>> {
    let out = g.run(&[("x", x.slice())], &[])?;
    output(&out, "y", storage)
}

fn main() -> forge::Result<()> {
    let a = args()?;
    if a.resnet50 {
        let cuda = forge::CudaOptions { conv_windows: a.conv_windows, ..Default::default() };
        let ctx = Context::auto()?.with_options(forge::Options { cuda, ..Default::default() });
        println!("backend: {ctx}");
        return resnet50_convs(&ctx, &a);
    }
    let Args { batch: b, runs, check, storage, conv_workgroup, ref precision, resnet50: _, conv_windows: _ } = a;
    let (h, w, c) = (224, 224, 64);
    let mut rng = fastrand::Rng::with_seed(7);
    let data = |v: Vec<f32>| Data::new(&v, storage);
    let image = data(random(b * 3 * h * w, 1.0, &mut rng));
    let stem_w = data(conv_weight(64 * 3 * 49, 3 * 49, &mut rng));
    let (scale, shift) = folded_norm(64, &mut rng);
    let stem_weights = [("w", &stem_w), ("scale", &data(scale)), ("shift", &data(shift))];
    let features = data(random(b * c * 56 * 56, 1.0, &mut rng));
    let (w1, w2) = (data(conv_weight(c * c * 9, c * 9, &mut rng)), data(conv_weight(c * c * 9, c * 9, &mut rng)));
    let ((s1, t1), (s2, t2)) = (folded_norm(c, &mut rng), folded_norm(c, &mut rng));
    let (s1, t1, s2, t2) = (data(s1), data(t1), data(s2), data(t2));
    let block_weights = [("w1", &w1), ("s1", &s1), ("t1", &t1), ("w2", &w2), ("s2", &s2), ("t2", &t2)];
    let (stem_src, block_src) = storage.sources();
    let (stem_src, block_src) = (
        with_conv_options(stem_src, conv_workgroup, precision),
        with_conv_options(block_src, conv_workgroup, precision),
    );
    let (stem_src, block_src) = (stem_src.as_str(), block_src.as_str());

    let ctx = Context::auto()?;
    println!("backend: {ctx}");
    for note in ctx.selection_notes() {
        println!("  passed over {note}");
    }
    let t = Instant::now();
    let mut stem = instance(&ctx, stem_src, &[b, h, w], &stem_weights)?;
    let mut block = instance(&ctx, block_src, &[b, c, 56, 56], &block_weights)?;
    println!("lower + compile + weights: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);

    if check {
        // Image 0 alone on the CPU.
        let tolerance = tolerance(storage, precision);
        let cpu = Context::cpu();
        let got = run(&mut stem, &image, storage)?;
        let want = run(&mut instance(&cpu, stem_src, &[1, h, w], &stem_weights)?, &image.prefix(3 * h * w), storage)?;
        compare("stem", &got[..want.len()], &want, tolerance)?;
        let got = run(&mut block, &features, storage)?;
        let mut reference = instance(&cpu, block_src, &[1, c, 56, 56], &block_weights)?;
        let want = run(&mut reference, &features.prefix(c * 56 * 56), storage)?;
        compare("basic block", &got[..want.len()], &want, tolerance)?;
    }

    let stages = vec![
        ("stem".to_string(), format!("[{b}, 3, {h}, {w}]"), &mut stem, &image),
        ("basic block".to_string(), format!("[{b}, {c}, 56, 56]"), &mut block, &features),
    ];
    report(stages, &label(&ctx, storage, precision), runs)
}
