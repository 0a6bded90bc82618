//! A small CNN on the best backend found: the stem of a ResNet-18 (7x7 convolution of stride 2,
//! batch norm, ReLU, 3x3 max pool of stride 2) and its first basic block (conv3x3, batch norm,
//! ReLU, conv3x3, batch norm, plus the identity, ReLU) on `[B, 64, 56, 56]`, random weights,
//! batch norms folded into a per-channel scale and shift. Each stage is checked against the CPU
//! backend on the batch's first image (images are independent), then timed: warm-up runs, then
//! `--runs` runs, each timed alone; the table gives the best and the median, as host wall time
//! (upload, run, readback) and as device time where the backend measures it (CUDA: the
//! replayed graph's span). `bench/cnn_torch.py` prints the same rows for PyTorch (cuDNN).
//!
//! `cargo run --release --features cuda --example cnn [-- --batch 8 --runs 20 --no-check]`
//! (`FORGE_BACKEND=cuda|wgpu|cpu` to choose).

use forge::prelude::*;
use std::time::{Duration, Instant};

include!("graphs/cnn.rs");

struct Args {
    batch: usize,
    runs: usize,
    check: bool,
}

fn args() -> forge::Result<Args> {
    let mut a = Args { batch: 8, runs: 20, check: true };
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
            other => {
                let usage = "usage: cnn [--batch N] [--runs N] [--no-check]";
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

/// `‖got − want‖ / ‖want‖`, an error past 1e-4.
fn compare(stage: &str, got: &[f32], want: &[f32]) -> forge::Result<()> {
    let diff: f64 = got.iter().zip(want).map(|(a, w)| f64::from(a - w).powi(2)).sum();
    let norm: f64 = want.iter().map(|w| f64::from(*w).powi(2)).sum();
    let rel = (diff / norm).sqrt();
    println!("{stage}: vs the CPU backend on image 0, ‖out − ref‖ / ‖ref‖ = {rel:.2e}");
    if rel.is_nan() || rel >= 1e-4 || got.len() != want.len() {
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

fn main() -> forge::Result<()> {
    let Args { batch: b, runs, check } = args()?;
    let (h, w, c) = (224, 224, 64);
    let mut rng = fastrand::Rng::with_seed(7);
    let image = random(b * 3 * h * w, 1.0, &mut rng);
    let stem_w = conv_weight(64 * 3 * 49, 3 * 49, &mut rng);
    let (stem_scale, stem_shift) = folded_norm(64, &mut rng);
    let stem_weights = ResNetStemWeights { w: &stem_w, scale: &stem_scale, shift: &stem_shift };
    let features = random(b * c * 56 * 56, 1.0, &mut rng);
    let (w1, w2) = (conv_weight(c * c * 9, c * 9, &mut rng), conv_weight(c * c * 9, c * 9, &mut rng));
    let ((s1, t1), (s2, t2)) = (folded_norm(c, &mut rng), folded_norm(c, &mut rng));
    let block_weights = BasicBlockWeights { w1: &w1, s1: &s1, t1: &t1, w2: &w2, s2: &s2, t2: &t2 };

    let ctx = Context::auto()?;
    println!("backend: {ctx}");
    for note in ctx.selection_notes() {
        println!("  passed over {note}");
    }
    let t = Instant::now();
    let mut stem = ResNetStem::new(&ctx, ResNetStemDims { b, h, w })?;
    let mut block = BasicBlock::new(&ctx, BasicBlockDims { b, c, h: 56, w: 56 })?;
    println!("lower + compile: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    stem.load_weights(stem_weights)?;
    block.load_weights(block_weights)?;

    if check {
        let cpu = Context::cpu();
        let got = stem.run(ResNetStemInputs { x: &image })?.y;
        let mut reference = ResNetStem::new(&cpu, ResNetStemDims { b: 1, h, w })?;
        reference.load_weights(stem_weights)?;
        let want = reference.run(ResNetStemInputs { x: &image[..3 * h * w] })?.y;
        compare("stem", &got[..want.len()], &want)?;
        let got = block.run(BasicBlockInputs { x: &features })?.y;
        let mut reference = BasicBlock::new(&cpu, BasicBlockDims { b: 1, c, h: 56, w: 56 })?;
        reference.load_weights(block_weights)?;
        let want = reference.run(BasicBlockInputs { x: &features[..c * 56 * 56] })?.y;
        compare("basic block", &got[..want.len()], &want)?;
    }

    let backend = ctx.kind().to_string();
    println!("\nms per run, best and median of {runs} after 3 warm-up runs (wall: upload + run + readback)");
    println!("| stage       | input            | backend      | wall best | wall med. | dev. best | dev. med. |");
    println!("|---|---|---|---|---|---|---|");
    let device = |p: Option<&forge::Profile>| p.and_then(|p| p.device_total());
    time_stage("stem", &format!("[{b}, 3, {h}, {w}]"), &backend, runs, || {
        stem.run(ResNetStemInputs { x: &image })?;
        Ok(device(stem.last_profile()))
    })?;
    time_stage("basic block", &format!("[{b}, {c}, 56, 56]"), &backend, runs, || {
        block.run(BasicBlockInputs { x: &features })?;
        Ok(device(block.last_profile()))
    })?;
    // Where each stage's time goes: one more run of each with every kernel timed.
    stem.instance_mut().set_kernel_profiling(true);
    block.instance_mut().set_kernel_profiling(true);
    stem.run(ResNetStemInputs { x: &image })?;
    block.run(BasicBlockInputs { x: &features })?;
    for (name, p) in [("stem", stem.last_profile()), ("basic block", block.last_profile())] {
        if let Some(p) = p {
            print!("\n{name}:\n{p}");
        }
    }
    Ok(())
}
