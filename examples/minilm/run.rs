//! The MiniLM graph with real weights: load once, embed tokenized batches (one graph run per
//! batch). Shared by `examples/minilm.rs` and `tests/minilm.rs`.

use super::model_files::{self, Batch, ModelWeights};
use forge::prelude::*;
use std::path::Path;

include!("../graphs/minilm.rs");

/// The model's weights and config, read once.
pub struct Model {
    pub weights: ModelWeights,
}

impl Model {
    pub fn load(dir: &Path) -> Result<Model, String> {
        let weights = model_files::load_weights(dir)?;
        weights.validate()?;
        Ok(Model { weights })
    }

    /// The graph's dims for a batch of `batch` sentences padded to `seq` tokens.
    pub fn dims(&self, batch: usize, seq: usize) -> MiniLmDims {
        let c = &self.weights.config;
        MiniLmDims {
            b: batch,
            t: seq,
            v: c.vocab_size,
            p: c.max_position,
            d: c.hidden,
            h: c.heads,
            f: c.intermediate,
            l: c.layers,
        }
    }

    /// A graph instance on `ctx` for `[batch, seq]` with the weights loaded.
    pub fn instance(&self, ctx: &Context, batch: usize, seq: usize) -> forge::Result<MiniLm> {
        let mut g = MiniLm::new(ctx, self.dims(batch, seq))?;
        self.load_into(g.instance_mut())?;
        Ok(g)
    }

    /// Loads every weight into `g` by its name in the graph (query, key and value side by side).
    fn load_into(&self, g: &mut forge::GraphInstance) -> forge::Result<()> {
        let w = &self.weights;
        let layers = w.config.layers;
        let (qkv_w, qkv_b) =
            (side_by_side(&[&w.q_w, &w.k_w, &w.v_w], layers), side_by_side(&[&w.q_b, &w.k_b, &w.v_b], layers));
        let weights: [(&str, &[f32]); 17] = [
            ("word_embeddings", &w.word_embeddings),
            ("position_embeddings", &w.position_embeddings),
            ("token_type_embeddings", &w.token_type_embeddings),
            ("emb_ln_gamma", &w.emb_ln_gamma),
            ("emb_ln_beta", &w.emb_ln_beta),
            ("qkv_w", &qkv_w),
            ("qkv_b", &qkv_b),
            ("attn_out_w", &w.attn_out_w),
            ("attn_out_b", &w.attn_out_b),
            ("attn_ln_gamma", &w.attn_ln_gamma),
            ("attn_ln_beta", &w.attn_ln_beta),
            ("ffn_up_w", &w.ffn_up_w),
            ("ffn_up_b", &w.ffn_up_b),
            ("ffn_down_w", &w.ffn_down_w),
            ("ffn_down_b", &w.ffn_down_b),
            ("ffn_ln_gamma", &w.ffn_ln_gamma),
            ("ffn_ln_beta", &w.ffn_ln_beta),
        ];
        let slices: Vec<(&str, forge::HostSlice<'_>)> =
            weights.iter().map(|(n, v)| (*n, forge::HostSlice::of(v))).collect();
        g.load_weights(&slices)
    }
}

/// An instance of the graph built from `source` (MiniLM's text, changed: e.g. another
/// `precision`, [`minilm_source`]) for `[batch, seq]`, with the weights loaded as
/// [`Model::instance`] loads them.
pub fn instance_of_source(
    ctx: &Context,
    model: &Model,
    batch: usize,
    seq: usize,
    source: &str,
) -> forge::Result<forge::GraphInstance> {
    let c = &model.weights.config;
    let dims = [batch, seq, c.vocab_size, c.max_position, c.hidden, c.heads, c.intermediate, c.layers];
    let mut g = forge::GraphInstance::from_source(ctx, source, &dims)?;
    model.load_into(&mut g)?;
    Ok(g)
}

/// Runs a MiniLM instance (typed, through `instance_mut`, or from text) built for the batch's shape.
pub fn run_source_batch(g: &mut forge::GraphInstance, batch: &Batch, hidden: usize) -> forge::Result<Vec<Vec<f32>>> {
    let out = g.run(&[("ids", forge::HostSlice::of(&batch.ids)), ("mask", forge::HostSlice::of(&batch.mask))], &[])?;
    let embedding: Vec<f32> = match out.iter().find(|(n, _)| n == "embedding") {
        Some((_, v)) => v.to_vec("embedding")?,
        None => return Err(forge::Error::Internal("no `embedding` output".into())),
    };
    Ok(embedding.chunks(hidden.max(1)).map(|c| c.to_vec()).collect())
}

/// One embedding per sentence of `batch` from the graph built from `source`.
pub fn embed_source(ctx: &Context, model: &Model, batch: &Batch, source: &str) -> forge::Result<Vec<Vec<f32>>> {
    let mut g = instance_of_source(ctx, model, batch.batch, batch.seq, source)?;
    run_source_batch(&mut g, batch, model.weights.config.hidden)
}

/// Per layer, each tensor's slice in turn: `[L, n]` tensors become one `[L, len, n]`.
fn side_by_side(tensors: &[&[f32]], layers: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(tensors.iter().map(|t| t.len()).sum());
    for l in 0..layers {
        for t in tensors {
            let n = t.len() / layers.max(1);
            out.extend_from_slice(&t[l * n..(l + 1) * n]);
        }
    }
    out
}

/// One embedding per sentence of `batch` (an instance built for its shape, one run).
pub fn embed(ctx: &Context, model: &Model, batch: &Batch) -> forge::Result<Vec<Vec<f32>>> {
    let mut g = model.instance(ctx, batch.batch, batch.seq)?;
    run_batch(&mut g, batch, model.weights.config.hidden)
}

/// Runs an instance built for the batch's shape.
pub fn run_batch(g: &mut MiniLm, batch: &Batch, hidden: usize) -> forge::Result<Vec<Vec<f32>>> {
    let out = g.run(MiniLmInputs { ids: &batch.ids, mask: &batch.mask })?;
    Ok(out.embedding.chunks(hidden).map(|c| c.to_vec()).collect())
}
