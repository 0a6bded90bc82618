//! Greedy decoding with a key/value cache (examples/graphs/gpt2_cached.rs, or with
//! `--weights q8_0` its Q8_0 form, examples/graphs/gpt2_q8_cached.rs) on the best backend
//! found: GPT-2 small's shapes with random weights (no checkpoint is needed to time it), a
//! prompt prefilled in one run, then one run a generated token, the token chosen on the device;
//! beside it, what the same tokens cost without a cache (the full pass of
//! examples/graphs/gpt2.rs over the whole sequence in f32, once per token, the Q8_0 blocks
//! decoded for it), and a check that both pick the same tokens.
//!
//! `cargo run --release --example gpt2_decode -- [--layers N] [--prompt N] [--tokens N]
//! [--weights f32|q8_0]` (`FORGE_BACKEND=cuda|wgpu|cpu` to choose; defaults: 12 layers, 32
//! prompt tokens, 16 new, f32).

use forge::prelude::*;
use std::time::{Duration, Instant};

include!("graphs/gpt2.rs");
include!("graphs/gpt2_cached.rs");
include!("graphs/gpt2_q8_cached.rs");

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

/// `--weights`: whether the matrices are Q8_0 blocks.
fn q8_weights() -> forge::Result<bool> {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == "--weights").map(|i| args.get(i + 1).map(String::as_str)) {
        None | Some(Some("f32")) => Ok(false),
        Some(Some("q8_0")) => Ok(true),
        Some(_) => {
            Err(forge::Error::InvalidArgument { argument: "--weights".into(), reason: "expects f32 or q8_0".into() })
        }
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

/// A cached decoder's instances, f32 or Q8_0: one run of new tokens, the next id back.
trait Cached: Sized {
    fn step(&mut self, ids: &[u32], pos: u32) -> forge::Result<u32>;
    /// Gives `to` this instance's cache and logits.
    fn hand_over(&mut self, to: &mut Self) -> forge::Result<()>;
    fn device_time(&self) -> Option<Duration>;
}

/// The first id of a run's `next`.
fn first(next: &[u32]) -> forge::Result<u32> {
    next.first().copied().ok_or_else(|| forge::Error::InvalidArgument {
        argument: "next".into(),
        reason: "the run returned no id".into(),
    })
}

impl Cached for Gpt2Cached {
    fn step(&mut self, ids: &[u32], pos: u32) -> forge::Result<u32> {
        first(&self.run(Gpt2CachedInputs { ids, pos })?.next)
    }
    fn hand_over(&mut self, to: &mut Self) -> forge::Result<()> {
        to.write_state(&self.read_state()?)
    }
    fn device_time(&self) -> Option<Duration> {
        self.last_profile().and_then(|p| p.device)
    }
}

impl Cached for Gpt2Q8Cached {
    fn step(&mut self, ids: &[u32], pos: u32) -> forge::Result<u32> {
        first(&self.run(Gpt2Q8CachedInputs { ids, pos })?.next)
    }
    fn hand_over(&mut self, to: &mut Self) -> forge::Result<()> {
        to.write_state(&self.read_state()?)
    }
    fn device_time(&self) -> Option<Duration> {
        self.last_profile().and_then(|p| p.device)
    }
}

/// What a cached decode took: the prefill, the median step (host wall and device), the tokens.
struct Decoded {
    prefill: Duration,
    step: Duration,
    device: Option<Duration>,
    tokens: Vec<u32>,
}

/// Prefills `prompt`, hands the cache over, then steps until `total` tokens.
fn decode<G: Cached>(prefill: &mut G, step: &mut G, prompt: &[u32], total: usize) -> forge::Result<Decoded> {
    let t0 = Instant::now();
    let mut next = prefill.step(prompt, 0)?;
    let prefill_time = t0.elapsed();
    prefill.hand_over(step)?;
    let mut tokens = prompt.to_vec();
    let (mut steps, mut device) = (Vec::new(), Vec::new());
    for pos in prompt.len()..total {
        tokens.push(next);
        if pos + 1 == total {
            break;
        }
        let t = Instant::now();
        next = step.step(&[next], pos as u32)?;
        steps.push(t.elapsed());
        device.extend(step.device_time());
    }
    steps.sort();
    device.sort();
    let median = steps.get(steps.len() / 2).copied().unwrap_or_default();
    Ok(Decoded { prefill: prefill_time, step: median, device: device.get(device.len() / 2).copied(), tokens })
}

/// `n` values of Q8_0 blocks with codes uniform over the signed bytes and values up to `most`.
fn q8_blocks(n: usize, most: f32, rng: &mut fastrand::Rng) -> Vec<u8> {
    forge::synthetic_blocks(forge::Elem::Q8_0, n, most / 127.0, 0.0, || rng.u8(..))
}

/// The f32 values of `layers` matrices of Q8_0 `[rows, cols]` rows, each turned to
/// `[cols, rows]` (GPT-2's `[in, out]`) where `turn`.
fn decoded(bytes: &[u8], layers: usize, (rows, cols): (usize, usize), turn: bool) -> forge::Result<Vec<f32>> {
    let mut values = vec![0.0f32; layers * rows * cols];
    forge::gguf::dequantize(forge::gguf::GgmlType::Q8_0, bytes, &mut values)?;
    if !turn {
        return Ok(values);
    }
    let per = rows * cols;
    Ok((0..layers * per).map(|i| values[i / per * per + (i % per % rows) * cols + i % per / rows]).collect())
}

fn main() -> forge::Result<()> {
    let (l, prompt_len, new) = (arg("--layers", 12)?, arg("--prompt", 32)?, arg("--tokens", 16)?);
    let q8 = q8_weights()?;
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
    let mut w: Vec<Vec<f32>> = vec![
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
    // Q8_0: the five matrices as blocks of `[out, in]` rows at the same spreads; the f32 full
    // pass reads their decoded values.
    let mut blocks = Vec::new();
    if q8 {
        for (at, layers, shape, most) in [
            (0, 1, (V, D), 0.1),
            (4, l, (q, D), 0.04),
            (6, l, (D, D), 0.04),
            (10, l, (f, D), 0.04),
            (12, l, (D, f), 0.02),
        ] {
            let bytes = q8_blocks(layers * shape.0 * shape.1, most, &mut rng);
            w[at] = decoded(&bytes, layers, shape, at != 0)?;
            blocks.push(bytes);
        }
    }
    let prompt: Vec<u32> = (0..prompt_len).map(|_| rng.u32(0..V as u32)).collect();

    let ctx = Context::auto()?;
    println!("backend: {ctx}");
    let kind = if q8 { "Q8_0 matrices" } else { "f32 weights" };
    println!("GPT-2 small shapes, {l} layers, random {kind}: {prompt_len} prompt tokens, {new} generated");
    let built = Instant::now();
    let decoded = if q8 {
        let q8_cached = |t: usize| -> forge::Result<Gpt2Q8Cached> {
            let mut g = Gpt2Q8Cached::new(&ctx, Gpt2Q8CachedDims { t, s, v: V, p: P, d: D, h: H, l })?;
            let b = |i: usize| forge::BlockQ8_0::slice(&blocks[i]);
            g.load_weights(Gpt2Q8CachedWeights {
                wte: b(0)?,
                wpe: &w[1],
                ln1_g: &w[2],
                ln1_b: &w[3],
                attn_w: b(1)?,
                attn_b: &w[5],
                proj_w: b(2)?,
                proj_b: &w[7],
                ln2_g: &w[8],
                ln2_b: &w[9],
                fc_w: b(3)?,
                fc_b: &w[11],
                out_w: b(4)?,
                out_b: &w[13],
                lnf_g: &w[14],
                lnf_b: &w[15],
            })?;
            Ok(g)
        };
        let (mut prefill, mut step) = (q8_cached(prompt_len)?, q8_cached(1)?);
        println!("new + load (two cached instances): {:.0} ms", ms(built.elapsed()));
        decode(&mut prefill, &mut step, &prompt, s)?
    } else {
        let cached = |t: usize| -> forge::Result<Gpt2Cached> {
            let mut g = Gpt2Cached::new(&ctx, Gpt2CachedDims { t, s, v: V, p: P, d: D, h: H, l })?;
            g.load_weights(gpt2_weights!(Gpt2CachedWeights, w))?;
            Ok(g)
        };
        let (mut prefill, mut step) = (cached(prompt_len)?, cached(1)?);
        println!("new + load (two cached instances): {:.0} ms", ms(built.elapsed()));
        decode(&mut prefill, &mut step, &prompt, s)?
    };
    let on_device = match decoded.device {
        Some(d) => format!(", {:.3} ms of it on the device", ms(d)),
        None => String::new(),
    };
    println!(
        "cached: prefill {:.1} ms, then {:.2} ms a token (median of {} steps, host wall{on_device})",
        ms(decoded.prefill),
        ms(decoded.step),
        new.saturating_sub(1)
    );

    // Without a cache: the full pass over the sequence so far, once per generated token.
    let tokens = decoded.tokens;
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
    let cached_total = decoded.prefill + decoded.step * new as u32;
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
