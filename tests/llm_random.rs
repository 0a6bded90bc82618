//! The GGUF Llama of `forge::llm` with random weights in the file's formats, on every backend
//! against the CPU: the logits after a prefill that pads (a prompt of 21 runs as 64 tokens, only
//! 21 real) and after one-token steps through the handed-over cache, and the greedy ids the
//! device picks. Small shapes, so it runs wherever the tests run; `tests/smollm.rs` holds the
//! real model to the float64 reference.

mod common;

use common::*;
use forge::llm::{LlamaConfig, LlamaSession, Sampler, SamplingOptions};
use forge::Context;

const SMALL: LlamaConfig = LlamaConfig {
    layers: 3,
    width: 128,
    ffn: 320,
    heads: 4,
    kv_heads: 2,
    vocab: 1024,
    rope_base: 10000.0,
    rms_eps: 1e-5,
    trained_context: 256,
};

/// Logits after the prompt and after each of `steps` greedy steps, and the ids chosen.
fn trace(ctx: &Context, steps: usize) -> (Vec<Vec<f32>>, Vec<u32>) {
    trace_over(ctx, steps, 96)
}

/// [`trace`] with a cache of `slots` positions.
fn trace_over(ctx: &Context, steps: usize, slots: usize) -> (Vec<Vec<f32>>, Vec<u32>) {
    let mut s = LlamaSession::with_random_weights(ctx, SMALL, slots, 3).expect("session");
    let prompt: Vec<u32> = (0..21u32).map(|i| (i * 97 + 5) % 1024).collect();
    let mut next = s.feed(&prompt).expect("prefill");
    let (mut logits, mut ids) = (vec![s.logits().expect("logits")], vec![next]);
    for _ in 0..steps {
        next = s.feed(&[next]).expect("step");
        logits.push(s.logits().expect("logits"));
        ids.push(next);
    }
    (logits, ids)
}

fn decoding_matches_the_cpu(ctx: &Context) {
    let (want, want_ids) = trace(&Context::cpu(), 4);
    let (got, ids) = trace(ctx, 4);
    assert_matches_trace((&got, &ids), (&want, &want_ids));
}

/// Over 256 slots: a decoding step's attention statements run as the device folds them by
/// default (wgpu: chunks of 32 keys and their combination), the same logits.
fn decoding_over_chunks_of_keys_matches_the_cpu(ctx: &Context) {
    let (want, want_ids) = trace_over(&Context::cpu(), 3, 256);
    let (got, ids) = trace_over(ctx, 3, 256);
    assert_matches_trace((&got, &ids), (&want, &want_ids));
}

/// Logits within f32 rounding of the CPU's, ids equal wherever the CPU's top two are apart.
fn assert_matches_trace((got, ids): (&[Vec<f32>], &[u32]), (want, want_ids): (&[Vec<f32>], &[u32])) {
    for (step, (g, w)) in got.iter().zip(want).enumerate() {
        let scale = w.iter().fold(1e-3f32, |m, v| m.max(v.abs()));
        assert!(w.iter().all(|v| v.is_finite()), "step {step}: the reference is finite");
        assert_close(&format!("step {step} logits"), g, w, 2e-4, scale);
    }
    // The ids follow the logits: equal wherever the top two are apart.
    for (step, (g, w)) in ids.iter().zip(want_ids).enumerate() {
        let row = &want[step];
        let mut sorted = row.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        assert!(g == w || sorted[0] - sorted[1] < 1e-3, "step {step}: id {g}, CPU {w}");
    }
}

/// Draws made by the graph's sampling kernel (interpreted on the CPU) against the host's rule on
/// the same logits: the same ids apart from rounding near-ties, and never outside the top-k.
/// Each draw refeeds the same prompt (the same logits, fresh noise), at temperatures wide
/// enough that the thresholds decide which tokens can win.
fn device_draws_follow_the_host_rule(ctx: &Context) {
    let options = [
        SamplingOptions { temperature: 30.0, top_k: 40, top_p: 0.9, seed: 11 },
        SamplingOptions { temperature: 30.0, top_k: 0, top_p: 1.0, seed: 12 },
        SamplingOptions { temperature: 0.7, top_k: 5, top_p: 1.0, seed: 14 },
        // Past the kernel's 1024 workgroup candidates: the largest 512 reach the mass, or
        // every pass reads all logits (a near-flat distribution).
        SamplingOptions { temperature: 1000.0, top_k: 0, top_p: 0.2, seed: 15 },
        SamplingOptions { temperature: 1000.0, top_k: 0, top_p: 0.6, seed: 13 },
        SamplingOptions { temperature: 1000.0, top_k: 2000, top_p: 0.3, seed: 16 },
    ];
    // A vocabulary past the kernel's candidate space.
    let config = LlamaConfig { vocab: 3000, ..SMALL };
    let mut s = LlamaSession::with_random_weights(ctx, config, 64, 5).expect("session");
    s.set_draw_in_graph(true);
    let prompt: Vec<u32> = (0..9u32).map(|i| (i * 131 + 7) % 3000).collect();
    for o in &options {
        s.set_sampling(*o).expect("options");
        let mut host = Sampler::new(*o).expect("options");
        let (mut same, mut distinct) = (0, std::collections::BTreeSet::new());
        let draws = 24;
        for draw in 0..draws {
            s.reset();
            let got = s.feed(&prompt).expect("prefill");
            let logits = s.logits().expect("logits");
            let want = host.sample(&logits);
            if o.top_k > 0 {
                let mut sorted = logits.clone();
                sorted.sort_by(|a, b| b.total_cmp(a));
                assert!(
                    logits[got as usize] >= sorted[o.top_k - 1],
                    "{o:?} draw {draw}: {got} is not in the top {}",
                    o.top_k
                );
            }
            same += usize::from(got == want);
            distinct.insert(got);
        }
        assert!(same * 10 >= draws * 9, "{o:?}: {same} of {draws} draws agree with the host");
        if o.temperature > 1.0 {
            assert!(distinct.len() * 2 > draws, "{o:?}: only {} distinct ids in {draws} draws", distinct.len());
        }
    }
}

/// Feeding past the context, an empty feed and an id outside the vocabulary are errors.
fn misuse_is_an_error() {
    let mut s = LlamaSession::with_random_weights(&Context::cpu(), SMALL, 8, 1).expect("session");
    assert!(s.feed(&[]).is_err());
    assert!(s.feed(&[5000]).is_err(), "id past the vocabulary");
    assert!(s.feed(&[1; 9]).is_err(), "past the context");
    s.feed(&[1; 8]).expect("exactly the context");
    assert!(s.feed(&[1]).is_err(), "the cache is full");
    s.reset();
    s.feed(&[1, 2]).expect("after a reset");
}

forge_tests!(decoding_matches_the_cpu, decoding_over_chunks_of_keys_matches_the_cpu, device_draws_follow_the_host_rule; plain: misuse_is_an_error);
