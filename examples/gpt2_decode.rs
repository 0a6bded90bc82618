//! Greedy decoding with a key/value cache (examples/graphs/gpt2_cached.rs) on the best backend
//! found: GPT-2 small's shapes with random weights (no checkpoint is needed to time it), a
//! prompt prefilled in one run, then one run a generated token; beside it, what the same
//! tokens cost without a cache (the full pass of examples/graphs/gpt2.rs over the whole
//! sequence, once per token), and a check that both pick the same tokens.
//!
//! `cargo run --release --example gpt2_decode -- [--layers N] [--prompt N] [--tokens N]`
//! (`FORGE_BACKEND=cuda|wgpu|cpu` to choose; defaults: 12 layers, 32 prompt tokens, 16 new).

use forge::prelude::*;
use std::time::{Duration, Instant};

include!("graphs/gpt2.rs");
include!("graphs/gpt2_cached.rs");

/// GPT-2 small: vocabulary, positions, width, heads.
const V: usize = 50257;
const P: usize = 1024;
const D: usize = 768;
const H: usize = 12;

fn random(n: usize, scale: f32, rng: &mut fastrand::Rng) -> Vec<f32> {
    (0..n).map(|_| (rng.f32() * 2.0 - 1.0) * scale).collect()
}

fn arg(name: &str, default: usize) -> forge::Result<usize> {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args.get(i + 1).and_then(|v| v.parse().ok()).filter(|v| *v > 0).ok_or_else(|| {
            forge::Error::InvalidArgument { argument: name.into(), reason: "expects a positive integer".into() }
        }),
    }
}

/// The index of the largest logit of the last row.
fn last_argmax(logits: &[f32]) -> u32 {
    let row = &logits[logits.len() - V..];
    (0..V).fold(0, |best, j| if row[j] > row[best] { j } else { best }) as u32
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() -> forge::Result<()> {
    let (l, prompt_len, new) = (arg("--layers", 12)?, arg("--prompt", 32)?, arg("--tokens", 16)?);
    let s = prompt_len + new;
    if s > P {
        return Err(forge::Error::InvalidArgument {
            argument: "--prompt/--tokens".into(),
            reason: format!("{s} positions, over GPT-2's {P}"),
        });
    }
    let mut rng = fastrand::Rng::with_seed(11);
    let (f, q) = (4 * D, 3 * D);
    let gains = |n: usize, rng: &mut fastrand::Rng| (0..n).map(|_| 0.8 + 0.4 * rng.f32()).collect::<Vec<f32>>();
    let w: Vec<Vec<f32>> = vec![
        random(V * D, 0.1, &mut rng),
        random(P * D, 0.02, &mut rng),
        gains(l * D, &mut rng),
        random(l * D, 0.02, &mut rng),
        random(l * D * q, 0.04, &mut rng),
        random(l * q, 0.02, &mut rng),
        random(l * D * D, 0.04, &mut rng),
        random(l * D, 0.02, &mut rng),
        gains(l * D, &mut rng),
        random(l * D, 0.02, &mut rng),
        random(l * D * f, 0.04, &mut rng),
        random(l * f, 0.02, &mut rng),
        random(l * f * D, 0.02, &mut rng),
        random(l * D, 0.02, &mut rng),
        gains(D, &mut rng),
        random(D, 0.02, &mut rng),
    ];
    let prompt: Vec<u32> = (0..prompt_len).map(|_| rng.u32(0..V as u32)).collect();

    let ctx = Context::auto()?;
    println!("backend: {ctx}");
    println!("GPT-2 small shapes, {l} layers, random weights: {prompt_len} prompt tokens, {new} generated");
    let cached = |t: usize| -> forge::Result<Gpt2Cached> {
        let mut g = Gpt2Cached::new(&ctx, Gpt2CachedDims { t, s, v: V, p: P, d: D, h: H, l })?;
        g.load_weights(gpt2_weights!(Gpt2CachedWeights, w))?;
        Ok(g)
    };
    let built = Instant::now();
    let (mut prefill, mut step) = (cached(prompt_len)?, cached(1)?);
    println!("new + load (two cached instances): {:.0} ms", ms(built.elapsed()));

    // With the cache: one prefill run, the cache handed over, one run per token.
    let t0 = Instant::now();
    let mut logits = prefill.run(Gpt2CachedInputs { ids: &prompt, pos: 0 })?.logits;
    let prefill_time = t0.elapsed();
    step.write_state(&prefill.read_state()?)?;
    let mut tokens = prompt.clone();
    let mut steps = Vec::with_capacity(new);
    let mut device = Vec::with_capacity(new);
    for pos in prompt_len..s {
        let next = last_argmax(&logits);
        tokens.push(next);
        if pos + 1 == s {
            break;
        }
        let t = Instant::now();
        logits = step.run(Gpt2CachedInputs { ids: &[next], pos: pos as u32 })?.logits;
        steps.push(t.elapsed());
        device.extend(step.last_profile().and_then(|p| p.device));
    }
    steps.sort();
    device.sort();
    let median = steps.get(steps.len() / 2).copied().unwrap_or_default();
    let on_device = match device.get(device.len() / 2) {
        Some(d) => format!(", {:.3} ms of it on the device", ms(*d)),
        None => String::new(),
    };
    println!(
        "cached: prefill {:.1} ms, then {:.2} ms a token (median of {} steps, host wall{on_device})",
        ms(prefill_time),
        ms(median),
        steps.len()
    );

    // Without a cache: the full pass over the sequence so far, once per generated token.
    let mut full_total = Duration::ZERO;
    let mut agree = 0;
    for n in prompt_len..s {
        let mut g = Gpt2::new(&ctx, Gpt2Dims { t: n, v: V, p: P, d: D, h: H, l })?;
        g.load_weights(gpt2_weights!(Gpt2Weights, w))?;
        let t = Instant::now();
        let full = g.run(Gpt2Inputs { ids: &tokens[..n] })?.logits;
        full_total += t.elapsed();
        agree += usize::from(last_argmax(&full) == tokens[n]);
    }
    let cached_total = prefill_time + median * new as u32;
    println!(
        "without a cache: {:.1} ms for the same {new} tokens (a full pass each, runs only): {:.1}x the cached \
         {:.1} ms (prefill + {new} x the median step)",
        ms(full_total),
        full_total.as_secs_f64() / cached_total.as_secs_f64().max(1e-9),
        ms(cached_total)
    );
    println!("generated: {:?}", &tokens[prompt_len..]);
    // Both compute the same logits up to rounding order; a near tie may still pick differently.
    println!("the full pass picks the same next token at {agree} of {new} positions");
    Ok(())
}
