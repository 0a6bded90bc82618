//! The main job: a pre-norm SwiGLU MLP block with SmolLM-like dims (d = 576, f = 1536) on the
//! best backend found, checked against the CPU reference.
//!
//! `cargo run --release --example mlp_block` (`FORGE_BACKEND=cuda|wgpu|cpu` to choose).

use forge::prelude::*;
use std::time::Instant;

include!("graphs/mlp_block.rs");

fn random(n: usize, scale: f32, rng: &mut fastrand::Rng) -> Vec<f32> {
    (0..n).map(|_| (rng.f32() * 2.0 - 1.0) * scale).collect()
}

fn main() -> forge::Result<()> {
    let dims = MlpBlockDims { b: 4, d: 576, f: 1536 };
    let (b, d, f) = (dims.b, dims.d, dims.f);
    let mut rng = fastrand::Rng::with_seed(7);
    let x = random(b * d, 1.0, &mut rng);
    let g: Vec<f32> = (0..d).map(|_| 0.5 + rng.f32()).collect();
    let w_gate = random(d * f, 1.0 / (d as f32).sqrt(), &mut rng);
    let w_up = random(d * f, 1.0 / (d as f32).sqrt(), &mut rng);
    let w_down = random(f * d, 1.0 / (f as f32).sqrt(), &mut rng);
    let weights = MlpBlockWeights { g: &g, w_gate: &w_gate, w_up: &w_up, w_down: &w_down };
    let inputs = MlpBlockInputs { x: &x, eps: MlpBlockInputs::DEFAULT_EPS };

    let ctx = Context::auto()?;
    println!("backend: {ctx}");
    for note in ctx.selection_notes() {
        println!("  passed over {note}");
    }
    let t = Instant::now();
    let mut block = MlpBlock::new(&ctx, dims)?;
    println!("lower + compile: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    block.load_weights(weights)?;
    block.run(inputs)?; // warm-up
    let runs = 20;
    let t = Instant::now();
    let mut out = block.run(inputs)?;
    for _ in 1..runs {
        out = block.run(inputs)?;
    }
    let per_run = t.elapsed() / runs;
    println!(
        "run (B={b}, D={d}, F={f}): {:.3} ms per run, mean of {runs} (host wall, upload + readback)",
        per_run.as_secs_f64() * 1e3
    );
    // Later runs time the whole run only (CUDA graph replay, one wgpu pass): one more with
    // per-kernel timing for the profile.
    block.instance_mut().set_kernel_profiling(true);
    block.run(inputs)?;
    if let Some(p) = block.last_profile() {
        print!("{p}");
    }

    let cpu = Context::cpu();
    let mut reference = MlpBlock::new(&cpu, dims)?;
    reference.load_weights(weights)?;
    let want = reference.run(inputs)?.y;
    let max_rel = out.y.iter().zip(&want).map(|(a, w)| (a - w).abs() / w.abs().max(1e-2)).fold(0.0f32, f32::max);
    let norm_rel = (out.y.iter().zip(&want).map(|(a, w)| (a - w).powi(2)).sum::<f32>()
        / want.iter().map(|w| w * w).sum::<f32>())
    .sqrt();
    println!("vs CPU reference: max rel error {max_rel:.2e}, ||out - ref|| / ||ref|| = {norm_rel:.2e}");
    if norm_rel.is_nan() || norm_rel >= 1e-4 {
        return Err(forge::Error::Internal(format!("result differs from the CPU reference: {norm_rel:e}")));
    }
    Ok(())
}
