//! Benchmark: the MLP block (d = 576, f = 1536) on every backend present, beside PyTorch on
//! the same GPU measured in the same run (`bench/torch_mlp.py`, when python3 + torch + CUDA
//! exist). Prints a table of median times; figures go to BENCHMARKS.md with date and device.
//!
//! `cargo run --release --features cuda --example bench_mlp [-- --cpu]` (`--cpu`: the CPU too)

use forge::prelude::*;
use std::time::{Duration, Instant};

include!("graphs/mlp_block.rs");

fn random(n: usize, scale: f32, rng: &mut fastrand::Rng) -> Vec<f32> {
    (0..n).map(|_| (rng.f32() * 2.0 - 1.0) * scale).collect()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// (median host wall of `run`, median summed device time of its kernels)
fn measure(ctx: &Context, b: usize, iters: usize) -> forge::Result<(Duration, Option<Duration>)> {
    let (d, f) = (576, 1536);
    let mut rng = fastrand::Rng::with_seed(1);
    let x = random(b * d, 1.0, &mut rng);
    let g: Vec<f32> = (0..d).map(|_| 0.5 + rng.f32()).collect();
    let wg = random(d * f, 1.0 / (d as f32).sqrt(), &mut rng);
    let wu = random(d * f, 1.0 / (d as f32).sqrt(), &mut rng);
    let wd = random(f * d, 1.0 / (f as f32).sqrt(), &mut rng);
    let mut block = MlpBlock::new(ctx, MlpBlockDims { b, d, f })?;
    block.load_weights(MlpBlockWeights { g: &g, w_gate: &wg, w_up: &wu, w_down: &wd })?;
    let inputs = MlpBlockInputs { x: &x, eps: 1e-5 };
    for _ in 0..5 {
        block.run(inputs)?;
    }
    let (mut walls, mut devs) = (Vec::new(), Vec::new());
    for _ in 0..iters {
        let t = Instant::now();
        block.run(inputs)?;
        walls.push(t.elapsed());
        if let Some(d) = block.last_profile().and_then(|p| p.device_total()) {
            devs.push(d);
        }
    }
    Ok((median(walls), (!devs.is_empty()).then(|| median(devs))))
}

/// (B, wall us, eager device us, CUDA-graph device us) per batch size.
fn torch_reference(batches: &[usize]) -> Vec<(usize, f64, f64, f64)> {
    let args: Vec<String> = batches.iter().map(|b| b.to_string()).collect();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/torch_mlp.py");
    let script = if std::path::Path::new(script).exists() { script.to_string() } else { "bench/torch_mlp.py".into() };
    let parse = |l: &str| -> Option<(usize, f64, f64, f64)> {
        let p: Vec<&str> = l.split_whitespace().collect();
        if p.len() != 5 || p[0] != "torch" {
            return None;
        }
        Some((p[1].parse().ok()?, p[2].parse().ok()?, p[3].parse().ok()?, p[4].parse().ok()?))
    };
    match std::process::Command::new("python3").arg(&script).args(&args).output() {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).lines().filter_map(parse).collect(),
        Ok(out) => {
            eprintln!(
                "PyTorch reference unavailable: {}",
                String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("")
            );
            Vec::new()
        }
        Err(e) => {
            eprintln!("PyTorch reference unavailable: {e}");
            Vec::new()
        }
    }
}

fn main() -> forge::Result<()> {
    let batches = [1usize, 64];
    let mut contexts = Vec::new();
    for make in [Context::cuda, Context::wgpu] {
        match make() {
            Ok(c) => contexts.push(c),
            Err(e) => eprintln!("skipping a backend: {e}"),
        }
    }
    if contexts.is_empty() || std::env::args().any(|a| a == "--cpu") {
        contexts.push(Context::cpu());
    }
    println!("{:<58} {:>5} {:>14} {:>14}", "backend", "B", "run wall (us)", "device (us)");
    for ctx in &contexts {
        for &b in &batches {
            let iters = if ctx.kind() == BackendKind::Cpu { 5 } else { 200 };
            let (wall, dev) = measure(ctx, b, iters)?;
            let dev = dev.map(|d| format!("{:.1}", d.as_secs_f64() * 1e6)).unwrap_or_else(|| "n/a".into());
            println!("{:<58} {:>5} {:>14.1} {:>14}", ctx.describe(), b, wall.as_secs_f64() * 1e6, dev);
        }
    }
    for (b, wall, dev, graph) in torch_reference(&batches) {
        println!("{:<58} {:>5} {:>14.1} {:>14.1}", "PyTorch eager (CUDA, fp32, no TF32)", b, wall, dev);
        println!("{:<58} {:>5} {:>14} {:>14.1}", "PyTorch CUDA-graph replay of the same forward", b, "-", graph);
    }
    println!("medians; run wall = upload x + all kernels + read y back; device = sum of per-kernel device times");
    Ok(())
}
