//! The GGUF reader on a real model file, SmolLM2-135M-Instruct Q4_1: its metadata, tensor
//! directory and dequantized blocks against values read with llama.cpp's Python `gguf` package
//! (`gguf.quants.dequantize`). Without the file (`forge_llm::smollm_gguf` says where it looked)
//! the test shows as ignored with the reason.

use forge_runtime::gguf::{GgmlType, Gguf};
use libtest_mimic::{Arguments, Failed, Trial};

fn sum(v: &[f32]) -> f64 {
    v.iter().map(|&x| x as f64).sum()
}

/// The first four values, exactly (f64 holds every f32).
fn head(v: &[f32]) -> [f64; 4] {
    [v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64]
}

fn reads_smollm2(path: &std::path::Path) -> Result<(), Failed> {
    let g = Gguf::open(path)?;
    assert_eq!(g.version(), 3);
    assert_eq!(g.get_str("general.architecture")?, "llama");
    assert_eq!(g.get_u32("llama.block_count")?, 30);
    assert_eq!(g.get_u32("llama.embedding_length")?, 576);
    assert_eq!(g.get_u32("llama.feed_forward_length")?, 1536);
    assert_eq!(g.get_u32("llama.attention.head_count")?, 9);
    assert_eq!(g.get_u32("llama.attention.head_count_kv")?, 3);
    assert_eq!(g.get_u32("llama.context_length")?, 8192);
    assert_eq!(g.get_u32("llama.rope.dimension_count")?, 64);
    assert_eq!(g.get_f32("llama.rope.freq_base")?, 100000.0);
    assert_eq!(g.get_f32("llama.attention.layer_norm_rms_epsilon")?, 1e-5);
    assert_eq!(g.get_str("tokenizer.ggml.model")?, "gpt2");
    assert_eq!(g.get_str_array("tokenizer.ggml.tokens")?.len(), 49152);
    assert_eq!(g.get_i32_array("tokenizer.ggml.token_type")?.len(), 49152);
    assert_eq!(g.metadata().count(), 33);
    assert_eq!(g.alignment(), 32);

    // 30 layers of 9 tensors, the embedding (tied to the output head) and the final norm.
    assert_eq!(g.tensors().len(), 272);
    assert!(g.tensor("output.weight").is_none());
    let embd = g.tensor("token_embd.weight").ok_or("no token_embd.weight")?;
    assert_eq!((embd.ty, &embd.dims[..]), (GgmlType::Q8_0, &[576, 49152][..]));
    assert_eq!(embd.n_bytes, 576 / 32 * 34 * 49152);
    let q = g.tensor("blk.0.attn_q.weight").ok_or("no blk.0.attn_q.weight")?;
    assert_eq!((q.ty, &q.dims[..]), (GgmlType::Q4_1, &[576, 576][..]));
    let k = g.tensor("blk.0.attn_k.weight").ok_or("no blk.0.attn_k.weight")?;
    assert_eq!((k.ty, &k.dims[..]), (GgmlType::Q4_1, &[576, 192][..]));
    let down = g.tensor("blk.29.ffn_down.weight").ok_or("no blk.29.ffn_down.weight")?;
    assert_eq!((down.ty, &down.dims[..]), (GgmlType::Q4_1, &[1536, 576][..]));
    for t in g.tensors().iter().filter(|t| t.name.ends_with("norm.weight")) {
        assert_eq!((t.ty, &t.dims[..]), (GgmlType::F32, &[576][..]), "{}", t.name);
    }
    assert_eq!(g.tensor_bytes(q)?.len(), 576 / 32 * 20 * 576);

    // First values exactly, sums to rounding, against gguf-py's dequantize.
    let e = g.tensor_dequantized("token_embd.weight")?;
    assert_eq!(head(&e), [-0.10654449462890625, 0.032978057861328125, 0.048198699951171875, -0.022830963134765625]);
    assert!((sum(&e[576..1152]) - 0.35922718048095703).abs() < 1e-5);
    assert!((sum(&e) - -15353.04449415207).abs() < 1e-2);
    let qd = g.tensor_dequantized("blk.0.attn_q.weight")?;
    assert_eq!(head(&qd), [-0.0963134765625, 0.1573486328125, -0.0963134765625, -0.73046875]);
    assert!((sum(&qd[576..1152]) - -0.71209716796875).abs() < 1e-5);
    assert!((sum(&qd) - 59.22322082519531).abs() < 1e-3);
    let dd = g.tensor_dequantized("blk.29.ffn_down.weight")?;
    assert!((sum(&dd) - 49.83570861816406).abs() < 1e-3);
    assert_eq!(dd.iter().fold(0.0f32, |m, x| m.max(x.abs())), 4.34375);
    let norm = g.tensor_f32("output_norm.weight")?;
    assert_eq!(head(&norm), [1.7578125, 1.8203125, 1.78125, 1.6015625]);
    assert!((sum(&norm) - 1038.33203125).abs() < 1e-3);
    assert!(g.tensor_f32("blk.0.attn_q.weight").is_err(), "quantized tensors are not widened by tensor_f32");
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let found = forge_llm::smollm_gguf().map_err(|e| e.to_string());
    if let Err(reason) = &found {
        eprintln!("gguf_smollm: ignored: {reason}");
    }
    let missing = found.is_err();
    let trial = Trial::test("reads_smollm2_q4_1", move || match found {
        Ok(path) => reads_smollm2(&path),
        Err(reason) => Err(Failed::from(format!("model file missing: {reason}"))),
    });
    libtest_mimic::run(&args, vec![trial.with_ignored_flag(missing)]).exit();
}
