//! A GGUF Llama on a Forge [`Context`]: the weights read from the file as they are (block
//! formats stay blocks), a prefill instance per padded prompt length and a one-token instance
//! for decoding, the key/value cache handed between them, and the next id (greedy, or drawn by
//! the sampling rule of [`super::sample`] on the device) read back after each run.

use super::graph::{LlamaGguf, LlamaGgufDims, LlamaGgufInputs, LlamaGgufWeights};
use super::sample::{Sampler, SamplingOptions};
use crate::gguf::{GgmlType, Gguf};
use crate::BackendKind;
use crate::{BlockQ4_1, BlockQ8_0, Context, Error, Result};

/// A Llama model's shape, read from the GGUF metadata.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LlamaConfig {
    pub layers: usize,
    pub width: usize,
    pub ffn: usize,
    pub heads: usize,
    pub kv_heads: usize,
    pub vocab: usize,
    pub rope_base: f32,
    pub rms_eps: f32,
    /// The file's trained context (positions past it are allowed but untrained).
    pub trained_context: usize,
}

impl LlamaConfig {
    /// SmolLM2-135M(-Instruct)'s shape.
    pub const SMOLLM2_135M: LlamaConfig = LlamaConfig {
        layers: 30,
        width: 576,
        ffn: 1536,
        heads: 9,
        kv_heads: 3,
        vocab: 49152,
        rope_base: 100000.0,
        rms_eps: 1e-5,
        trained_context: 8192,
    };

    /// The `llama.*` keys of `file`, checked against what the graph computes.
    pub fn from_gguf(file: &Gguf) -> Result<LlamaConfig> {
        let arch = file.get_str("general.architecture")?;
        if arch != "llama" {
            return Err(unsupported(format!("architecture `{arch}`"), "only `llama` is"));
        }
        let get = |key: &str| file.get_u32(&format!("llama.{key}")).map(|v| v as usize);
        let embd = file.tensor("token_embd.weight").ok_or_else(|| missing("token_embd.weight"))?;
        let config = LlamaConfig {
            layers: get("block_count")?,
            width: get("embedding_length")?,
            ffn: get("feed_forward_length")?,
            heads: get("attention.head_count")?,
            kv_heads: get("attention.head_count_kv")?,
            vocab: embd.dims.get(1).copied().unwrap_or(0) as usize,
            rope_base: file.get_f32("llama.rope.freq_base").unwrap_or(10000.0),
            rms_eps: file.get_f32("llama.attention.layer_norm_rms_epsilon")?,
            trained_context: get("context_length")?,
        };
        let c = &config;
        let whole =
            c.heads > 0 && c.kv_heads > 0 && c.width.is_multiple_of(c.heads) && c.heads.is_multiple_of(c.kv_heads);
        if !whole || !(c.width / c.heads).is_multiple_of(2) || c.layers == 0 || c.vocab == 0 {
            return Err(unsupported(format!("{c:?}"), "the heads must divide the width, in even head sizes"));
        }
        if let Ok(rope) = get("rope.dimension_count") {
            if rope != c.width / c.heads {
                return Err(unsupported(
                    format!("rope over {rope} of {} head dims", c.width / c.heads),
                    "only whole heads are",
                ));
            }
        }
        Ok(config)
    }

    fn dims(&self, tokens: usize, context: usize) -> LlamaGgufDims {
        LlamaGgufDims {
            t: tokens,
            s: context,
            v: self.vocab,
            d: self.width,
            h: self.heads,
            kv: self.kv_heads,
            l: self.layers,
            f: self.ffn,
        }
    }
}

fn unsupported(what: String, reason: &str) -> Error {
    Error::Unsupported { what: format!("GGUF model: {what}"), reason: format!("here: {reason}") }
}

fn missing(name: &str) -> Error {
    Error::Gguf { what: format!("tensor `{name}`"), reason: "is not in the file".into() }
}

/// The weights as the graph takes them: per-layer tensors concatenated into one stacked binding
/// each (their bytes as stored), norms as f32.
struct Weights {
    emb: Vec<u8>,
    attn_norm: Vec<f32>,
    /// Per layer, the file's query, key and value rows one after the other.
    wqkv: Vec<u8>,
    wo: Vec<u8>,
    ffn_norm: Vec<f32>,
    w_gate: Vec<u8>,
    w_up: Vec<u8>,
    w_down: Vec<u8>,
    out_norm: Vec<f32>,
}

impl Weights {
    fn read(file: &Gguf, c: &LlamaConfig) -> Result<Weights> {
        let blocks = |name: &str, ty: GgmlType, rows: usize, cols: usize| -> Result<Vec<u8>> {
            let info = file.tensor(name).ok_or_else(|| missing(name))?;
            if info.ty != ty || info.dims != [cols as u64, rows as u64] {
                return Err(unsupported(
                    format!("tensor `{name}` is {:?} {:?}", info.ty, info.dims),
                    &format!("this graph reads {ty:?} [{cols}, {rows}] (ggml order)"),
                ));
            }
            Ok(file.tensor_bytes(info)?.to_vec())
        };
        // Each layer's matrices `(name, rows)` one after the other, then the next layer's.
        let stacked = |parts: &[(&str, usize)], cols: usize| -> Result<Vec<u8>> {
            let mut out = Vec::new();
            for l in 0..c.layers {
                for (what, rows) in parts {
                    out.extend_from_slice(&blocks(&format!("blk.{l}.{what}.weight"), GgmlType::Q4_1, *rows, cols)?);
                }
            }
            Ok(out)
        };
        let norms = |what: &str| -> Result<Vec<f32>> {
            let mut out = Vec::with_capacity(c.layers * c.width);
            for l in 0..c.layers {
                out.extend(file.tensor_f32(&format!("blk.{l}.{what}.weight"))?);
            }
            Ok(out)
        };
        if file.tensor("output.weight").is_some() {
            return Err(unsupported("a separate output.weight".into(), "the output head is tied to token_embd"));
        }
        let (d, kvd, f) = (c.width, c.kv_heads * (c.width / c.heads), c.ffn);
        Ok(Weights {
            emb: blocks("token_embd.weight", GgmlType::Q8_0, c.vocab, d)?,
            attn_norm: norms("attn_norm")?,
            wqkv: stacked(&[("attn_q", d), ("attn_k", kvd), ("attn_v", kvd)], d)?,
            wo: stacked(&[("attn_output", d)], d)?,
            ffn_norm: norms("ffn_norm")?,
            w_gate: stacked(&[("ffn_gate", f)], d)?,
            w_up: stacked(&[("ffn_up", f)], d)?,
            w_down: stacked(&[("ffn_down", d)], f)?,
            out_norm: file.tensor_f32("output_norm.weight")?,
        })
    }

    /// Random weights of `c`'s shape in the same formats (for timing without the file): small
    /// scales and random codes, norms near 1.
    fn random(c: &LlamaConfig, seed: u64) -> Weights {
        let mut state = seed;
        let mut blocks = |elem: crate::Elem, values: usize| {
            let (d, m) = (0.004, -0.03);
            forge_runtime::elem::synthetic_blocks(elem, values, d, m, || super::sample::splitmix64(&mut state) as u8)
        };
        let (l, d, f, kvd) = (c.layers, c.width, c.ffn, c.kv_heads * (c.width / c.heads));
        let q41 = crate::Elem::Q4_1;
        Weights {
            emb: blocks(crate::Elem::Q8_0, c.vocab * d),
            attn_norm: vec![1.0; l * d],
            wqkv: blocks(q41, l * (d + 2 * kvd) * d),
            wo: blocks(q41, l * d * d),
            ffn_norm: vec![1.0; l * d],
            w_gate: blocks(q41, l * f * d),
            w_up: blocks(q41, l * f * d),
            w_down: blocks(q41, l * d * f),
            out_norm: vec![1.0; d],
        }
    }

    fn load(&self, g: &mut LlamaGguf) -> Result<()> {
        g.load_weights(LlamaGgufWeights {
            emb: BlockQ8_0::slice(&self.emb)?,
            attn_norm: &self.attn_norm,
            wqkv: BlockQ4_1::slice(&self.wqkv)?,
            wo: BlockQ4_1::slice(&self.wo)?,
            ffn_norm: &self.ffn_norm,
            w_gate: BlockQ4_1::slice(&self.w_gate)?,
            w_up: BlockQ4_1::slice(&self.w_up)?,
            w_down: BlockQ4_1::slice(&self.w_down)?,
            out_norm: &self.out_norm,
        })
    }
}

/// Prompt chunks are padded to one of these lengths (few instances to build); longer prompts
/// run in chunks of the largest.
const PREFILL_SIZES: [usize; 4] = [16, 64, 256, 512];

/// Which instance holds the current cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Holder {
    Step,
    Prefill(usize),
}

/// A model loaded on a context with a cache of `context` positions: feed tokens, read the next id
/// (greedy, or drawn by [`SamplingOptions`] given to [`LlamaSession::set_sampling`]) and, when
/// asked, the logits.
pub struct LlamaSession {
    config: LlamaConfig,
    context: usize,
    ctx: Context,
    weights: Weights,
    step: LlamaGguf,
    prefill: Vec<(usize, LlamaGguf)>,
    holder: Holder,
    /// The instance that ran last (its profile is the latest).
    last_run: Holder,
    kernel_profiling: bool,
    pos: usize,
    /// The sampling options and the draws made since they were set.
    sampler: Sampler,
    /// Whether draws run in the graph's kernel (GPU backends) or on the host (the CPU backend,
    /// whose logits are already in memory: the kernel would only be interpreted there).
    draw_in_graph: bool,
}

impl LlamaSession {
    /// Reads the model from `file` and builds its one-token instance on `ctx` with a cache of
    /// `context` positions.
    pub fn new(ctx: &Context, file: &Gguf, context: usize) -> Result<LlamaSession> {
        let config = LlamaConfig::from_gguf(file)?;
        let weights = Weights::read(file, &config)?;
        LlamaSession::with_weights(ctx, config, weights, context)
    }

    /// A session over random weights of `config`'s shape in the file's formats: for timing
    /// where the model file is not at hand.
    pub fn with_random_weights(ctx: &Context, config: LlamaConfig, context: usize, seed: u64) -> Result<LlamaSession> {
        LlamaSession::with_weights(ctx, config, Weights::random(&config, seed), context)
    }

    fn with_weights(ctx: &Context, config: LlamaConfig, weights: Weights, context: usize) -> Result<LlamaSession> {
        if context == 0 {
            return Err(Error::InvalidArgument { argument: "context".into(), reason: "must be at least 1".into() });
        }
        let mut step = LlamaGguf::new(ctx, config.dims(1, context))?;
        weights.load(&mut step)?;
        Ok(LlamaSession {
            config,
            context,
            ctx: ctx.clone(),
            weights,
            step,
            prefill: Vec::new(),
            holder: Holder::Step,
            last_run: Holder::Step,
            kernel_profiling: false,
            pos: 0,
            sampler: Sampler::new(SamplingOptions::greedy())?,
            draw_in_graph: ctx.kind() != BackendKind::Cpu,
        })
    }

    /// Times every kernel of every run from now on, prefill and decoding (`last_profile`; off
    /// by default: timing runs kernels one by one instead of replaying a captured graph).
    pub fn set_kernel_profiling(&mut self, on: bool) {
        self.kernel_profiling = on;
        self.step.instance_mut().set_kernel_profiling(on);
        for (_, g) in &mut self.prefill {
            g.instance_mut().set_kernel_profiling(on);
        }
    }

    /// The latest run's profile: its wall and device time, and each kernel's time where
    /// profiling is on (a prefill chunk's or a one-token step's, whichever ran last).
    pub fn last_profile(&self) -> Option<&crate::Profile> {
        match self.last_run {
            Holder::Step => self.step.last_profile(),
            Holder::Prefill(size) => self.prefill.iter().find(|(s, _)| *s == size).and_then(|(_, g)| g.last_profile()),
        }
    }

    pub fn config(&self) -> &LlamaConfig {
        &self.config
    }
    /// Positions used so far (the next token goes to this position).
    pub fn position(&self) -> usize {
        self.pos
    }
    /// Cache positions in all.
    pub fn context(&self) -> usize {
        self.context
    }
    /// The backend the session runs on.
    pub fn backend(&self) -> &Context {
        &self.ctx
    }

    /// How the next ids are chosen from now on (checked; the draws count again from 0, so the
    /// same options after the same feeds give the same ids).
    pub fn set_sampling(&mut self, options: SamplingOptions) -> Result<()> {
        self.sampler = Sampler::new(options)?;
        Ok(())
    }

    pub fn sampling(&self) -> &SamplingOptions {
        self.sampler.options()
    }

    /// Draws in the graph's kernel even on the CPU backend (interpreted there: for tests of the
    /// kernel itself).
    #[doc(hidden)]
    pub fn set_draw_in_graph(&mut self, on: bool) {
        self.draw_in_graph = on;
    }

    /// Forgets every position (the cache is overwritten as positions are used again).
    pub fn reset(&mut self) {
        self.pos = 0;
    }

    /// Feeds `ids` at the next positions and returns the next id: the greedy one, or a draw by
    /// the session's sampling options.
    pub fn feed(&mut self, ids: &[u32]) -> Result<u32> {
        if ids.is_empty() {
            return Err(Error::InvalidArgument { argument: "ids".into(), reason: "no tokens to feed".into() });
        }
        if self.pos + ids.len() > self.context {
            return Err(Error::InvalidArgument {
                argument: "ids".into(),
                reason: format!(
                    "{} tokens after {} would pass the session's context of {} positions",
                    ids.len(),
                    self.pos,
                    self.context
                ),
            });
        }
        if let Some(bad) = ids.iter().find(|&&id| id as usize >= self.config.vocab) {
            return Err(Error::InvalidArgument {
                argument: "ids".into(),
                reason: format!("token id {bad} is outside the vocabulary of {}", self.config.vocab),
            });
        }
        let mut next = 0;
        let mut rest = ids;
        while !rest.is_empty() {
            let (chunk, after) = if rest.len() == 1 { (rest, &rest[1..]) } else { self.prefill_chunk(rest) };
            // Only the last chunk's id is used: the others run greedy (no draw).
            next = self.run_chunk(chunk, after.is_empty())?;
            rest = after;
        }
        if !self.sampler.options().is_greedy() {
            if self.draw_in_graph {
                self.sampler.skip();
            } else {
                let logits = self.logits()?;
                next = self.sampler.sample(&logits);
            }
        }
        Ok(next)
    }

    /// The first chunk of `ids` for one prefill run, and the rest.
    fn prefill_chunk<'a>(&self, ids: &'a [u32]) -> (&'a [u32], &'a [u32]) {
        let largest = PREFILL_SIZES[PREFILL_SIZES.len() - 1];
        ids.split_at(ids.len().min(largest))
    }

    fn run_chunk(&mut self, chunk: &[u32], last: bool) -> Result<u32> {
        let holder = match chunk.len() {
            1 => Holder::Step,
            n => {
                let size = PREFILL_SIZES.iter().copied().find(|&s| s >= n).unwrap_or(n);
                // Padding must fit the cache: fall back to the exact length near its end.
                Holder::Prefill(if self.pos + size <= self.context { size } else { n })
            }
        };
        self.move_cache(holder)?;
        let (pos, n) = (self.pos as u32, chunk.len() as u32);
        let (theta, eps) = (self.config.rope_base, self.config.rms_eps);
        let s = self.sampler.options();
        let draw = last && self.draw_in_graph && !s.is_greedy();
        let (inv_temperature, top_k, top_p, draw_key) = if draw {
            // `check` keeps top_k within u32.
            (s.inverse_temperature(), u32::try_from(s.top_k).unwrap_or(u32::MAX), s.top_p, self.sampler.next_key())
        } else {
            (0.0, 0, 1.0, 0)
        };
        let g = self.instance(holder)?;
        let mut ids = chunk.to_vec();
        ids.resize(
            match holder {
                Holder::Step => 1,
                Holder::Prefill(size) => size,
            },
            0,
        );
        let out = g.run(LlamaGgufInputs { ids: &ids, pos, n, theta, eps, inv_temperature, top_k, top_p, draw_key })?;
        self.last_run = holder;
        self.pos += chunk.len();
        out.next.first().copied().ok_or_else(|| Error::Internal("the graph returned no next id".into()))
    }

    /// The logits of the last token fed (as the device left them).
    pub fn logits(&mut self) -> Result<Vec<f32>> {
        let holder = self.holder;
        self.instance(holder)?.instance_mut().read_state("logits")?.to_vec::<f32>("logits")
    }

    fn instance(&mut self, holder: Holder) -> Result<&mut LlamaGguf> {
        match holder {
            Holder::Step => Ok(&mut self.step),
            Holder::Prefill(size) => {
                if !self.prefill.iter().any(|(s, _)| *s == size) {
                    let mut g = LlamaGguf::new(&self.ctx, self.config.dims(size, self.context))?;
                    self.weights.load(&mut g)?;
                    g.instance_mut().set_kernel_profiling(self.kernel_profiling);
                    self.prefill.push((size, g));
                }
                let at = self.prefill.iter().position(|(s, _)| *s == size);
                at.map(|i| &mut self.prefill[i].1).ok_or_else(|| Error::Internal("prefill instance lost".into()))
            }
        }
    }

    /// Hands the cache (and the logits) to `to`, copied on the device once per switch; none at
    /// position 0, where no slot of it will be read before it is written again.
    fn move_cache(&mut self, to: Holder) -> Result<()> {
        if self.holder == to {
            return Ok(());
        }
        if self.pos > 0 {
            self.instance(to)?;
            let (from, into) = self.pair(self.holder, to)?;
            for name in ["kc", "vc", "logits"] {
                into.instance_mut().copy_state_from(name, from.instance())?;
            }
        }
        self.holder = to;
        Ok(())
    }

    /// The instances of `from` and `to` (two different ones, both built) at once.
    fn pair(&mut self, from: Holder, to: Holder) -> Result<(&LlamaGguf, &mut LlamaGguf)> {
        let lost = || Error::Internal("prefill instance lost".into());
        let at = |prefill: &[(usize, LlamaGguf)], size: usize| prefill.iter().position(|(s, _)| *s == size);
        match (from, to) {
            (Holder::Step, Holder::Prefill(size)) => {
                let i = at(&self.prefill, size).ok_or_else(lost)?;
                Ok((&self.step, &mut self.prefill[i].1))
            }
            (Holder::Prefill(size), Holder::Step) => {
                let i = at(&self.prefill, size).ok_or_else(lost)?;
                Ok((&self.prefill[i].1, &mut self.step))
            }
            (Holder::Prefill(a), Holder::Prefill(b)) => {
                let (i, j) = (at(&self.prefill, a).ok_or_else(lost)?, at(&self.prefill, b).ok_or_else(lost)?);
                if i < j {
                    let (left, right) = self.prefill.split_at_mut(j);
                    Ok((&left[i].1, &mut right[0].1))
                } else if j < i {
                    let (left, right) = self.prefill.split_at_mut(i);
                    Ok((&right[0].1, &mut left[j].1))
                } else {
                    Err(Error::Internal("a cache handed to its own instance".into()))
                }
            }
            (Holder::Step, Holder::Step) => Err(Error::Internal("a cache handed to its own instance".into())),
        }
    }
}
