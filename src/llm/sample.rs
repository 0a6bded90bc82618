//! Choosing the next token from logits: greedy, or a draw from the softmax at a temperature over
//! the top-k tokens and the top-p mass, from a seeded generator (the same seed and logits give
//! the same token on every machine).

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
        if !(self.top_p > 0.0 && self.top_p <= 1.0) {
            return bad("top_p", format!("{} is not in (0, 1]", self.top_p));
        }
        Ok(())
    }
}

/// A seeded sampler (splitmix64: small, fast, and the same sequence everywhere).
#[derive(Debug, Clone)]
pub struct Sampler {
    options: SamplingOptions,
    state: u64,
}

impl Sampler {
    pub fn new(options: SamplingOptions) -> Result<Sampler> {
        options.check()?;
        Ok(Sampler { options, state: options.seed })
    }

    pub fn options(&self) -> &SamplingOptions {
        &self.options
    }

    fn uniform(&mut self) -> f64 {
        (splitmix64(&mut self.state) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// The next token for `logits` (NaN logits are never chosen; all-NaN gives 0).
    pub fn sample(&mut self, logits: &[f32]) -> u32 {
        let finite = |v: f32| if v.is_nan() { f32::NEG_INFINITY } else { v };
        if self.options.is_greedy() {
            return argmax(logits);
        }
        // Candidates by decreasing logit (ties: lower id first), cut to top-k.
        let mut order: Vec<u32> = (0..logits.len() as u32).collect();
        let by_logit =
            |a: &u32, b: &u32| finite(logits[*b as usize]).total_cmp(&finite(logits[*a as usize])).then(a.cmp(b));
        // Only the top k need an order: select them first (linear), then sort those.
        if self.options.top_k > 0 && self.options.top_k < order.len() {
            order.select_nth_unstable_by(self.options.top_k - 1, by_logit);
            order.truncate(self.options.top_k);
        }
        order.sort_by(by_logit);
        let Some(&first) = order.first() else { return 0 };
        let top = f64::from(finite(logits[first as usize]));
        if !top.is_finite() {
            return first;
        }
        let t = f64::from(self.options.temperature);
        let weights: Vec<f64> =
            order.iter().map(|&i| ((f64::from(finite(logits[i as usize])) - top) / t).exp()).collect();
        let total: f64 = weights.iter().sum();
        // Top-p: the shortest prefix whose mass reaches top_p.
        let mut kept = 0;
        let mut mass = 0.0;
        while kept < weights.len() {
            mass += weights[kept];
            kept += 1;
            if mass >= f64::from(self.options.top_p) * total {
                break;
            }
        }
        let target = self.uniform() * mass;
        let mut acc = 0.0;
        for (&id, &w) in order.iter().zip(&weights).take(kept) {
            acc += w;
            if acc > target {
                return id;
            }
        }
        order[kept - 1]
    }
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
mod tests {
    use super::*;

    #[test]
    fn greedy_takes_the_first_largest() {
        let mut s = Sampler::new(SamplingOptions::greedy()).unwrap();
        assert_eq!(s.sample(&[1.0, f32::NAN, 3.0, 3.0, -1.0]), 2);
    }

    #[test]
    fn top_k_one_is_greedy_and_seeds_repeat() {
        let logits: Vec<f32> = (0..100).map(|i| ((i * 37) % 101) as f32 / 10.0).collect();
        let opts = SamplingOptions { temperature: 0.8, top_k: 1, top_p: 1.0, seed: 5 };
        assert_eq!(Sampler::new(opts).unwrap().sample(&logits), argmax(&logits));
        let opts = SamplingOptions { temperature: 1.0, top_k: 20, top_p: 0.9, seed: 9 };
        let draw = |o| {
            let mut s = Sampler::new(o).unwrap();
            (0..50).map(|_| s.sample(&logits)).collect::<Vec<_>>()
        };
        let a = draw(opts);
        assert_eq!(a, draw(opts), "same seed, same tokens");
        assert!(a.iter().any(|&x| x != a[0]), "a temperature of 1 over 20 tokens varies");
        let mut top20: Vec<u32> = (0..100).collect();
        top20.sort_by(|&x, &y| logits[y as usize].total_cmp(&logits[x as usize]));
        assert!(a.iter().all(|x| top20[..20].contains(x)), "only the top 20 are drawn");
    }

    #[test]
    fn bad_options_are_errors() {
        assert!(Sampler::new(SamplingOptions { temperature: -1.0, ..Default::default() }).is_err());
        assert!(Sampler::new(SamplingOptions { top_p: 0.0, ..Default::default() }).is_err());
    }
}
