//! The sampling rule on the host: greedy, seeds, top-k, top-p and the frequencies of the draws.

use super::*;

fn draws(options: SamplingOptions, logits: &[f32], n: usize) -> Vec<u32> {
    let mut s = Sampler::new(options).unwrap();
    (0..n).map(|_| s.sample(logits)).collect()
}

fn counts(ids: &[u32], len: usize) -> Vec<usize> {
    let mut c = vec![0; len];
    for &i in ids {
        c[i as usize] += 1;
    }
    c
}

#[test]
fn greedy_takes_the_first_largest() {
    let mut s = Sampler::new(SamplingOptions::greedy()).unwrap();
    assert_eq!(s.sample(&[1.0, f32::NAN, 3.0, 3.0, -1.0]), 2);
}

#[test]
fn top_k_one_is_greedy_and_seeds_repeat() {
    let logits: Vec<f32> = (0..100).map(|i| ((i * 37) % 101) as f32 / 10.0).collect();
    let one = SamplingOptions { temperature: 0.8, top_k: 1, top_p: 1.0, seed: 5 };
    assert!(draws(one, &logits, 20).iter().all(|&t| t == argmax(&logits)));
    let opts = SamplingOptions { temperature: 1.0, top_k: 20, top_p: 0.9, seed: 9 };
    let a = draws(opts, &logits, 50);
    assert_eq!(a, draws(opts, &logits, 50), "same seed, same tokens");
    assert_ne!(a, draws(SamplingOptions { seed: 10, ..opts }, &logits, 50), "another seed, other tokens");
    assert!(a.iter().any(|&x| x != a[0]), "a temperature of 1 over 20 tokens varies");
    let mut top20: Vec<u32> = (0..100).collect();
    top20.sort_by(|&x, &y| logits[y as usize].total_cmp(&logits[x as usize]));
    assert!(a.iter().all(|x| top20[..20].contains(x)), "only the top 20 are drawn");
}

/// Draws follow the softmax at the temperature: every count within 5 standard deviations.
#[test]
fn frequencies_follow_the_softmax() {
    let logits = [0.3f32, -1.2, 2.0, 0.9, f32::NAN, 1.4, -0.4];
    let t = 0.8f32;
    let n = 40_000;
    let got = counts(&draws(SamplingOptions { temperature: t, seed: 77, ..Default::default() }, &logits, n), 7);
    let w: Vec<f64> =
        logits.iter().map(|&l| if l.is_nan() { 0.0 } else { (f64::from(l) / f64::from(t)).exp() }).collect();
    let total: f64 = w.iter().sum();
    for (id, (&c, &wi)) in got.iter().zip(&w).enumerate() {
        let p = wi / total;
        let sd = (n as f64 * p * (1.0 - p)).sqrt().max(1.0);
        assert!((c as f64 - n as f64 * p).abs() < 5.0 * sd, "token {id}: {c} draws, expected {:.0}", n as f64 * p);
    }
    assert_eq!(got[4], 0, "NaN is never drawn");
}

/// Top-p keeps the fewest most likely tokens that reach the mass, in their own proportions.
#[test]
fn top_p_keeps_the_smallest_prefix() {
    let probs = [0.05f32, 0.5, 0.15, 0.3];
    let logits: Vec<f32> = probs.iter().map(|p| p.ln()).collect();
    let n = 20_000;
    let got =
        counts(&draws(SamplingOptions { temperature: 1.0, top_p: 0.75, seed: 3, ..Default::default() }, &logits, n), 4);
    assert_eq!((got[0], got[2]), (0, 0), "only 0.5 and 0.3 are kept: {got:?}");
    let share = got[1] as f64 / n as f64;
    assert!((share - 0.625).abs() < 0.02, "0.5 / 0.8 of the draws, got {share}");
    // A tie at the edge stays: both 0.3s are kept.
    let tied = [0.4f32.ln(), 0.3f32.ln(), 0.3f32.ln()];
    let got =
        counts(&draws(SamplingOptions { temperature: 1.0, top_p: 0.6, seed: 4, ..Default::default() }, &tied, 3000), 3);
    assert!(got.iter().all(|&c| c > 600), "{got:?}");
}

#[test]
fn unusable_logits_fall_back_to_greedy() {
    let opts = SamplingOptions { temperature: 1.0, ..Default::default() };
    assert_eq!(draws(opts, &[f32::NAN, f32::NEG_INFINITY, f32::NAN], 3), [1, 1, 1], "the first non-NaN");
    assert_eq!(draws(opts, &[1.0, f32::INFINITY, 2.0], 3), [1, 1, 1]);
}

#[test]
fn order_keys_follow_the_floats() {
    let v = [f32::NEG_INFINITY, -3.5, -0.0, 0.0, 1e-30, 2.0, f32::INFINITY];
    assert!(v.windows(2).all(|w| order_key(w[0]) <= order_key(w[1])));
    assert_eq!(order_key(f32::NAN), order_key(f32::NEG_INFINITY));
}

#[test]
fn bad_options_are_errors() {
    assert!(Sampler::new(SamplingOptions { temperature: -1.0, ..Default::default() }).is_err());
    assert!(Sampler::new(SamplingOptions { temperature: 1e-40, ..Default::default() }).is_err());
    assert!(Sampler::new(SamplingOptions { top_p: 0.0, ..Default::default() }).is_err());
}
