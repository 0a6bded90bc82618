//! Choosing the next token from logits: greedy, or a seeded draw from the softmax at a
//! temperature over the top-k tokens and the top-p mass. The rule is written so a GPU can follow
//! it in one workgroup without sorting (the decoder graph's `sample` kernel does, and
//! [`Sampler`] is the same rule on the host):
//!
//! 1. NaN logits count as `-inf`. If the largest logit `m` is not finite, the token is the
//!    greedy one.
//! 2. Top-k keeps the tokens whose logit is at least the k-th largest (ties at the edge stay).
//! 3. Each kept token weighs `w = exp((logit - m) · (1 / T))` (f32). Top-p keeps the tokens whose
//!    logit is at least the largest `t` for which the kept tokens with logits `≥ t` weigh at
//!    least `top_p` of all kept weight (a tie at the edge stays; sums in f32, any order).
//! 4. The token is the kept one with the largest `(logit - m) · (1 / T) + g`, where
//!    `g = -ln(-ln u)` is Gumbel noise and `u = (h + 0.5) / 2^24` for a 24-bit hash `h` of the
//!    token id and the draw's key (lowest id on a tie). This is an exact draw from the softmax of
//!    the kept logits at temperature `T` (the Gumbel-max trick), with fresh noise each draw.
//!
//! The draw's key comes from the seed and the number of draws before it, so the same seed gives
//! the same tokens; backends agree on every token except where two candidates' scores are
//! within the rounding of `exp`/`ln` (or a kept mass lies within rounding of `top_p`).

use crate::{Error, Result};

/// How the next token is chosen. `Default` is greedy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplingOptions {
    /// `0.0` is greedy (the first largest logit); otherwise logits are divided by it before the
    /// softmax. Default `0.0`.
    pub temperature: f32,
    /// Keep only the `top_k` most likely tokens (`0`: all). Default `0`.
    pub top_k: usize,
    /// Keep the most likely tokens whose probabilities first reach `top_p` in all (`1.0`: all).
    /// Default `1.0`.
    pub top_p: f32,
    /// The generator's seed. Default `0`.
    pub seed: u64,
}

impl Default for SamplingOptions {
    fn default() -> Self {
        SamplingOptions { temperature: 0.0, top_k: 0, top_p: 1.0, seed: 0 }
    }
}

impl SamplingOptions {
    /// Greedy decoding.
    pub fn greedy() -> Self {
        Self::default()
    }
    pub fn is_greedy(&self) -> bool {
        self.temperature == 0.0
    }
    fn check(&self) -> Result<()> {
        let bad = |argument: &str, reason: String| Err(Error::InvalidArgument { argument: argument.into(), reason });
        if !(self.temperature.is_finite() && self.temperature >= 0.0) {
            return bad("temperature", format!("{} is not a finite value ≥ 0", self.temperature));
        }
        if self.temperature > 0.0 && !(1.0 / self.temperature).is_finite() {
            return bad("temperature", format!("{} is too small to divide by", self.temperature));
        }
        if !(self.top_p > 0.0 && self.top_p <= 1.0) {
            return bad("top_p", format!("{} is not in (0, 1]", self.top_p));
        }
        if u32::try_from(self.top_k).is_err() {
            return bad("top_k", format!("{} is past u32", self.top_k));
        }
        Ok(())
    }

    /// `1 / temperature` as the kernel multiplies by it (`0` for greedy).
    pub(crate) fn inverse_temperature(&self) -> f32 {
        if self.is_greedy() {
            0.0
        } else {
            1.0 / self.temperature
        }
    }

    /// The key of draw number `draw` (what the kernel hashes each token id with).
    fn draw_key(&self, draw: u64) -> u32 {
        let mut state = self.seed ^ draw.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (splitmix64(&mut state) >> 32) as u32
    }
}

/// The host's sampler: the module's rule over logits in memory, one draw after another.
#[derive(Debug, Clone)]
pub struct Sampler {
    options: SamplingOptions,
    draws: u64,
}

impl Sampler {
    pub fn new(options: SamplingOptions) -> Result<Sampler> {
        options.check()?;
        Ok(Sampler { options, draws: 0 })
    }

    pub fn options(&self) -> &SamplingOptions {
        &self.options
    }

    /// Draws made so far (the next draw's number).
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// The next token for `logits` (NaN logits are never chosen; all-NaN gives 0).
    pub fn sample(&mut self, logits: &[f32]) -> u32 {
        if self.options.is_greedy() {
            return argmax(logits);
        }
        let key = self.next_key();
        self.skip();
        sample_with_key(logits, &self.options, key)
    }

    /// The key of the next draw (what a device kernel drawing it hashes token ids with).
    pub(crate) fn next_key(&self) -> u32 {
        self.options.draw_key(self.draws)
    }

    /// Counts a draw made elsewhere (by a device kernel, with [`Sampler::next_key`]).
    pub(crate) fn skip(&mut self) {
        self.draws += 1;
    }
}

/// One draw of the module's rule with the draw's key `key` (`options` not greedy).
fn sample_with_key(logits: &[f32], options: &SamplingOptions, key: u32) -> u32 {
    let clean = |v: f32| if v.is_nan() { f32::NEG_INFINITY } else { v };
    let m = logits.iter().fold(f32::NEG_INFINITY, |m, &v| if clean(v) > m { v } else { m });
    if !m.is_finite() {
        return argmax(logits);
    }
    let inv_t = options.inverse_temperature();
    let x = |v: f32| (clean(v) - m) * inv_t;
    let floor_k = top_k_floor(logits, options.top_k);
    let floor = if options.top_p < 1.0 { top_p_floor(logits, floor_k, options.top_p, |v| x(v).exp()) } else { floor_k };
    let mut best = (f32::NEG_INFINITY, 0u32);
    for (id, &v) in logits.iter().enumerate() {
        if order_key(v) >= floor {
            let score = x(v) + gumbel(id as u32, key);
            if score > best.0 {
                best = (score, id as u32);
            }
        }
    }
    best.1
}

/// An order-preserving u32 of a logit (NaN ranks with `-inf`).
pub(crate) fn order_key(v: f32) -> u32 {
    let v = if v.is_nan() { f32::NEG_INFINITY } else { v };
    let bits = v.to_bits();
    if bits & 0x8000_0000 != 0 {
        !bits
    } else {
        bits | 0x8000_0000
    }
}

/// The key of the k-th largest logit (`0`, keeping all, when `k` is 0 or covers every token).
fn top_k_floor(logits: &[f32], k: usize) -> u32 {
    if k == 0 || k >= logits.len() {
        return 0;
    }
    let mut keys: Vec<u32> = logits.iter().map(|&v| order_key(v)).collect();
    let (_, kth, _) = keys.select_nth_unstable_by(k - 1, |a, b| b.cmp(a));
    *kth
}

/// The largest key `t ≥ floor` for which the tokens with keys `≥ t` weigh at least `top_p` of
/// the tokens with keys `≥ floor`.
fn top_p_floor(logits: &[f32], floor: u32, top_p: f32, weight: impl Fn(f32) -> f32) -> u32 {
    let mut kept: Vec<(u32, f32)> =
        logits.iter().filter(|&&v| order_key(v) >= floor).map(|&v| (order_key(v), weight(v))).collect();
    let total: f32 = kept.iter().map(|&(_, w)| w).sum();
    let target = top_p * total;
    kept.sort_unstable_by_key(|k| std::cmp::Reverse(k.0));
    let mut mass = 0.0f32;
    let mut i = 0;
    while i < kept.len() {
        let edge = kept[i].0;
        while i < kept.len() && kept[i].0 == edge {
            mass += kept[i].1;
            i += 1;
        }
        if mass >= target {
            return edge;
        }
    }
    floor
}

/// Gumbel noise for token `id` in the draw keyed `key`.
fn gumbel(id: u32, key: u32) -> f32 {
    let h = lowbias32(lowbias32(id) ^ key);
    let u = ((h >> 8) as f32 + 0.5) * (1.0 / 16_777_216.0);
    -(-u.ln()).ln()
}

/// Chris Wellons' lowbias32 integer hash (a full-avalanche 32-bit mix).
pub(crate) fn lowbias32(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7FEB_352D);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846C_A68B);
    x ^ (x >> 16)
}

/// The next value of the splitmix64 sequence at `state`.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The index of the first largest value (NaN never wins).
pub fn argmax(values: &[f32]) -> u32 {
    let mut best = 0usize;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] || values[best].is_nan() && !v.is_nan() {
            best = i;
        }
    }
    best as u32
}

#[cfg(test)]
#[path = "sample_tests.rs"]
mod tests;
