//! Heat diffusion on a plate: a few hot spots spread out over `--runs` runs of `--steps` steps
//! each (every step a kernel, all of a run's steps in one submission), the plate kept on the
//! device between runs. Writes the plate after each run as a PNG heat map (`heat-NN.png` in
//! `--out`, default the current directory), prints the total heat (insulated edges: it stays
//! the same) and checks the last plate against the CPU backend. `--cpu-loop` also times the same
//! steps as a plain single-threaded Rust loop and checks Forge's plate against it.
//!
//! `cargo run --release --example heat [-- --size 256 --steps 50 --runs 8 --out DIR --cpu-loop]`

use forge::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

include!("graphs/heat.rs");

struct Args {
    size: usize,
    steps: usize,
    runs: usize,
    out: PathBuf,
    cpu_loop: bool,
}

fn args() -> Result<Args, String> {
    let mut a = Args { size: 256, steps: 50, runs: 8, out: PathBuf::from("."), cpu_loop: false };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        let number = |v: String| v.parse::<usize>().map_err(|_| format!("{flag}: `{v}` is not a count"));
        match flag.as_str() {
            "--size" => a.size = number(value()?)?,
            "--steps" => a.steps = number(value()?)?,
            "--runs" => a.runs = number(value()?)?,
            "--out" => a.out = PathBuf::from(value()?),
            "--cpu-loop" => a.cpu_loop = true,
            other => {
                return Err(format!("unknown flag {other} (--size N, --steps N, --runs N, --out DIR, --cpu-loop)"))
            }
        }
    }
    if a.size < 2 || a.steps == 0 || a.runs == 0 {
        return Err("--size must be at least 2, --steps and --runs at least 1".into());
    }
    Ok(a)
}

/// A cold plate with a few hot discs.
fn initial(n: usize) -> Vec<f32> {
    let spots = [(0.3, 0.3, 0.08, 100.0), (0.7, 0.4, 0.05, 80.0), (0.5, 0.75, 0.12, 60.0)];
    let mut u = vec![0.0f32; n * n];
    for (i, row) in u.chunks_mut(n).enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            let (y, x) = (i as f32 / n as f32, j as f32 / n as f32);
            for (cx, cy, r, t) in spots {
                if (x - cx).powi(2) + (y - cy).powi(2) < r * r {
                    *v = t;
                }
            }
        }
    }
    u
}

/// One step as a plain loop: the graph's formula, term for term in its order, a neighbour past
/// the edge reading the edge (the clamp rule).
fn loop_step(u: &[f32], next: &mut [f32], n: usize, alpha: f32) {
    for i in 0..n {
        let (up, down) = (i.saturating_sub(1), (i + 1).min(n - 1));
        for j in 0..n {
            let (left, right) = (j.saturating_sub(1), (j + 1).min(n - 1));
            let c = u[i * n + j];
            next[i * n + j] =
                c + alpha * (u[up * n + j] + u[down * n + j] + u[i * n + left] + u[i * n + right] - 4.0 * c);
        }
    }
}

/// The runs as a plain single-threaded loop from `start`: the plate, and the best time a step.
fn loop_runs(start: &[f32], n: usize, steps: usize, runs: usize, alpha: f32) -> (Vec<f32>, f64) {
    let (mut u, mut next) = (start.to_vec(), vec![0.0f32; n * n]);
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let t = Instant::now();
        for _ in 0..steps {
            loop_step(&u, &mut next, n, alpha);
            std::mem::swap(&mut u, &mut next);
        }
        best = best.min(t.elapsed().as_secs_f64() / steps as f64);
    }
    (u, best)
}

/// The plate as a PNG heat map (black, red, yellow, white from 0 to `hottest`).
fn write_png(path: &Path, u: &[f32], n: usize, hottest: f32) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), n as u32, n as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let rgb: Vec<u8> = u
        .iter()
        .flat_map(|&v| {
            let t = (v / hottest).clamp(0.0, 1.0) * 3.0;
            [t, t - 1.0, t - 2.0].map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8)
        })
        .collect();
    let mut w = enc.write_header().map_err(|e| e.to_string())?;
    w.write_image_data(&rgb).map_err(|e| e.to_string())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let a = args()?;
    std::fs::create_dir_all(&a.out)?;
    let n = a.size;
    let start = HeatStepsState { u: initial(n) };
    let hottest = start.u.iter().copied().fold(0.0, f32::max);
    let inputs = HeatStepsInputs { alpha: HeatStepsInputs::DEFAULT_ALPHA };
    let dims = HeatStepsDims { h: n, w: n, s: a.steps };

    let ctx = Context::auto()?;
    println!("backend: {ctx}");
    let built = Instant::now();
    let mut plate = HeatSteps::new(&ctx, dims)?;
    println!(
        "new: {:.0} ms ({} kernels a run)",
        built.elapsed().as_secs_f64() * 1e3,
        plate.instance().plan().kernels.len()
    );
    plate.write_state(&start)?;
    let first: f64 = start.u.iter().map(|&v| f64::from(v)).sum();
    let mut per_run = Vec::with_capacity(a.runs);
    for r in 0..a.runs {
        let t = Instant::now();
        let total = plate.run(inputs)?.total[0];
        per_run.push(t.elapsed());
        let u = plate.read_state()?.u;
        let path = a.out.join(format!("heat-{r:02}.png"));
        write_png(&path, &u, n, hottest)?;
        println!("run {r}: {} steps, total heat {total:.1} (start {first:.1}), {}", a.steps, path.display());
    }
    per_run.sort();
    let median = per_run[per_run.len() / 2];
    println!(
        "{} steps of {n}x{n} a run: {:.3} ms a run, {:.1} us a step (median wall)",
        a.steps,
        median.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e6 / a.steps as f64
    );

    if a.cpu_loop {
        let (want, step) = loop_runs(&start.u, n, a.steps, a.runs, inputs.alpha);
        let got = plate.read_state()?.u;
        let worst = got.iter().zip(&want).map(|(g, w)| (g - w).abs()).fold(0.0f32, f32::max);
        println!(
            "plain Rust loop, one thread: {:.1} us a step (best run); Forge on {:?}: {:.1} us a step (best run); largest difference {worst:.2e}",
            step * 1e6,
            ctx.kind(),
            per_run[0].as_secs_f64() * 1e6 / a.steps as f64
        );
    }

    // The same runs on the CPU backend, the numerical reference.
    if ctx.kind() != BackendKind::Cpu {
        let mut reference = HeatSteps::new(&Context::cpu(), dims)?;
        reference.write_state(&start)?;
        for _ in 0..a.runs {
            reference.run(inputs)?;
        }
        let (got, want) = (plate.read_state()?.u, reference.read_state()?.u);
        let worst = got.iter().zip(&want).map(|(g, w)| (g - w).abs()).fold(0.0f32, f32::max);
        println!("largest difference from the CPU backend: {worst:.2e}");
    }
    Ok(())
}
