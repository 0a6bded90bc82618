//! Decode and prefill speed of a GGUF Llama with SmolLM2-135M's shapes and formats (Q4_1
//! projections, Q8_0 tied embedding) over random weights, so it runs where the model file is not
//! at hand: the time to prefill a prompt, and per token of greedy decoding (one run a token, the
//! id chosen on the device) at a given context length. `bench/llm_torch.py` times PyTorch's
//! `LlamaForCausalLM` of the same config on the same machine.
//!
//! `cargo run --release --example llm_speed -- [--prompt 512] [--tokens 64] [--context 1024]
//! [--sample] [--top-k K] [--top-p P] [--fold-attention on|off] [--prompt-attention on|off]
//! [--followers on|off] [--record-ahead on|off] [--subgroup-sums on|off] [--tf32x3-any-size]
//! [--profile]`
//! (`FORGE_BACKEND=cuda|wgpu|cpu` to choose). `--fold-attention` sets `Fusion::attention` (a
//! decoding step's attention statements as two attentions over chunks of keys on wgpu),
//! `--prompt-attention`
//! `Fusion::prompt_attention` (a prompt's, on tensor cores), `--followers` `Fusion::followers`
//! (the query rotation and cache stores inside the QKV product), `--record-ahead`
//! `WgpuOptions::record_ahead`, `--subgroup-sums` `WgpuOptions::subgroup_sums` (default: the
//! library's defaults); `--tf32x3-any-size` sets
//! `CudaOptions::tf32x3_any_size` (a prompt's smaller tf32x3 products on tensor cores too).
//! `--sample` draws each id as `chat` does by default (temperature 0.7, top-k 40, top-p 0.9)
//! instead of greedily; `--top-k 0` and `--top-p 1` turn those cuts off.

use forge::llm::{LlamaConfig, LlamaSession, SamplingOptions};
use forge::{Context, Error, Result};
use std::time::Instant;

fn arg(name: &str, default: usize) -> Result<usize> {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args.get(i + 1).and_then(|v| v.parse().ok()).filter(|v| *v > 0).ok_or_else(|| {
            Error::InvalidArgument { argument: name.into(), reason: "expects a positive integer".into() }
        }),
    }
}

fn main() -> Result<()> {
    let (prompt, tokens, context) = (arg("--prompt", 512)?, arg("--tokens", 64)?, arg("--context", 1024)?);
    if prompt + tokens + 1 > context {
        return Err(Error::InvalidArgument {
            argument: "--context".into(),
            reason: "must hold the prompt and the tokens".into(),
        });
    }
    let mut ctx = Context::auto()?;
    let value = |name: &str| std::env::args().skip_while(|a| a != name).nth(1);
    // `on` / `off` of a switch, where given.
    let switch = |name: &str| -> Result<Option<bool>> {
        match value(name).as_deref() {
            None => Ok(None),
            Some("on") => Ok(Some(true)),
            Some("off") => Ok(Some(false)),
            Some(_) => Err(Error::InvalidArgument { argument: name.into(), reason: "expects on or off".into() }),
        }
    };
    let mut options = ctx.options().clone();
    if let Some(on) = switch("--fold-attention")? {
        options.fusion.attention = on;
    }
    if let Some(on) = switch("--prompt-attention")? {
        options.fusion.prompt_attention = on;
    }
    if let Some(on) = switch("--record-ahead")? {
        options.wgpu.record_ahead = on;
    }
    if let Some(on) = switch("--followers")? {
        options.fusion.followers = on;
    }
    if let Some(on) = switch("--subgroup-sums")? {
        options.wgpu.subgroup_sums = on;
    }
    ctx = ctx.with_options(options);
    // `CudaOptions::tf32x3_any_size`: a prompt's tf32x3 products on tensor cores however small.
    if std::env::args().any(|a| a == "--tf32x3-any-size") {
        let mut options = ctx.options().clone();
        options.cuda.tf32x3_any_size = true;
        ctx = ctx.with_options(options);
    }
    let built = Instant::now();
    let mut session = LlamaSession::with_random_weights(&ctx, LlamaConfig::SMOLLM2_135M, context, 7)?;
    let sample = std::env::args().any(|a| a == "--sample");
    let top_k = value("--top-k")
        .map_or(Ok(40), |v| v.parse::<usize>())
        .map_err(|_| Error::InvalidArgument { argument: "--top-k".into(), reason: "expects a count".into() })?;
    let top_p = value("--top-p")
        .map_or(Ok(0.9), |v| v.parse::<f32>())
        .map_err(|_| Error::InvalidArgument { argument: "--top-p".into(), reason: "expects a number".into() })?;
    let sampling = SamplingOptions { temperature: 0.7, top_k, top_p, seed: 1 };
    if sample {
        session.set_sampling(sampling)?;
    }
    let ids: Vec<u32> = (0..prompt as u32).map(|i| (i * 7919) % 49152).collect();
    // Warm: build the prefill instance and compile everything once.
    session.feed(&ids)?;
    session.feed(&[1])?;
    let warm = built.elapsed();
    let (mut prefill, mut first, mut per_token) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..3 {
        session.reset();
        let start = Instant::now();
        let mut next = session.feed(&ids)?;
        prefill.push(start.elapsed().as_secs_f64());
        // The first step also moves the cache to the one-token instance: timed on its own.
        let start = Instant::now();
        next = session.feed(&[next])?;
        first.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        for _ in 0..tokens {
            next = session.feed(&[next])?;
        }
        per_token.push(start.elapsed().as_secs_f64() / tokens as f64);
    }
    // The last decoding step as replayed (no per-kernel timing): wall and device time.
    if let Some(p) = session.last_profile() {
        let device = p.device_total().map_or_else(|| "n/a".into(), |d| format!("{:.1} us", d.as_secs_f64() * 1e6));
        println!("last step: wall {:.1} us, device {device}", p.wall.as_secs_f64() * 1e6);
    }
    if std::env::args().any(|a| a == "--profile") {
        // Per-kernel times (kernels launched one by one, so slower than the figures above) of
        // one prefill and one decoding step, on stderr.
        session.set_kernel_profiling(true);
        session.reset();
        for run in [&ids[..], &[1]] {
            session.feed(run)?;
            if let Some(p) = session.last_profile() {
                eprintln!("{p}");
            }
        }
    }
    let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    println!("backend: {}", ctx.describe());
    println!("build + first runs: {:.2} s", warm.as_secs_f64());
    println!(
        "| backend | next id | prefill {prompt} tokens (ms) | first step, cache handed over (ms) | decode at {prompt} (us/token) | tokens/s |"
    );
    println!("|---|---|---|---|---|---|");
    println!(
        "| {:?} | {} | {:.2} | {:.2} | {:.1} | {:.0} |",
        ctx.kind(),
        if sample { format!("T 0.7, top-k {top_k}, top-p {top_p}") } else { "greedy".into() },
        best(&prefill) * 1e3,
        best(&first) * 1e3,
        best(&per_token) * 1e6,
        1.0 / best(&per_token)
    );
    Ok(())
}
