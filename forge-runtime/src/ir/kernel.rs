//! What one kernel computes ([`KernelBody`]), kept apart from how it runs ([`Schedule`]).

use super::expr::{ReduceOp, SExpr};
use crate::elem::{Elem, Ty};

/// Row operations over the last axis that produce one value per row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RowOp {
    Reduce(ReduceOp),
    /// Index of the first largest element (`u32`); NaN is never the largest.
    Argmax,
}

/// Normalisations over the last axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NormKind {
    /// `x / sqrt(mean(x²) + eps) * gain`.
    Rms,
    /// `(x - mean) / sqrt(var + eps) * gain + bias`, biased variance.
    Layer,
}

/// A batched matrix product: `Acc(b, i, j) = sum_k a(b, i, k) * b(b, k, j)` in f32.
#[derive(Debug, Clone, PartialEq)]
pub struct MatmulBody {
    pub out: usize,
    pub batch: Vec<usize>,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    /// Space `[batch.., m, k]`.
    pub a: SExpr,
    /// Space `[batch.., k, n]`.
    pub b: SExpr,
    /// A second product of the same `a`, space `[batch.., k, n]`, whose value the epilogue
    /// reads as `Acc2`: two products of one input in one kernel (a gated MLP's gate and up,
    /// paired by `ir::fuse::pair`). Only the few-row templates take it (skinny, CUDA decode).
    pub b2: Option<SExpr>,
    /// A row RMS normalisation folded in front of the product (`ir::fuse::norm`): the product
    /// reads `a · gain`, and each row's sums are scaled by `1 / sqrt(mean_k(a²) + eps)` before
    /// the epilogue. Only the few-row templates take it (skinny, CUDA decode).
    pub rms: Option<RowRms>,
    /// A row layer normalisation folded in front of the product (`ir::fuse::norm`): the
    /// product reads `a`'s rows normalised as the `layer_norm` kernel normalises them
    /// ([`RowLayerNorm`]). Only the skinny template takes it.
    pub layer: Option<RowLayerNorm>,
    /// Space `[batch.., m, n]`; `Acc` is the product (`Acc2` the second one), row-scaled where
    /// `rms` is set.
    pub epilogue: SExpr,
    /// What an f32 product may trade for tensor cores (backends may compute more precisely).
    pub precision: crate::graph::checked::Precision,
    /// The output is the split A of a bf16x3 product (`codegen::cuda::split`, CUDA only): a bf16
    /// `[batch.., m, 3n]` whose row holds `[hi | lo | hi]` of the epilogue's values `v`
    /// (`hi = bf16(v)`, `lo = bf16(v - hi)`), instead of `v` at `[batch.., m, n]`.
    pub split_store: bool,
    /// `b` is a convolution's windows over an NHWC input (`plan::window`), which a backend
    /// that loads windows itself reads from here; `b` says the same as a gather.
    pub window: Option<Windows>,
    /// Elementwise statements after the product that read its output only within the columns
    /// each point's own workgroup computes ([`Follower`], `ir::fuse::follow`): the kernel runs
    /// them once its workgroups have stored their columns. Only the few-row templates take
    /// them (skinny; `ir::fuse::follow` says which products).
    pub followers: Vec<Follower>,
}

/// An elementwise statement run inside a few-row product's kernel ([`MatmulBody::followers`]):
/// every point reads the product's output (`[m, n]`, no batch) only at columns of one group of
/// `align` columns, starting at a multiple of `align`, the group holding column `anchor`. A
/// workgroup that computed that group (every row of it) computes the point after storing its
/// columns, so no point waits for another workgroup; `align` divides the columns a workgroup
/// computes. Elsewhere (CPU) the statement runs after the product, as written.
#[derive(Debug, Clone, PartialEq)]
pub struct Follower {
    /// An `Index` without a reduction, or a `Scatter`.
    pub body: KernelBody,
    /// Space: the body's points (its `extents`); an integer column of the product's output.
    pub anchor: SExpr,
    pub align: usize,
}

/// The windows a convolution's product reads as B (stride 1, one batch axis): `b(z, k, n)` is
/// the NHWC input's `x[z, h, w, c]` with `c = k % channels`, `(u, v)` the kernel tap
/// `k / channels` (row-major over `kernel`), `(i, j)` the output point `n` (rows of
/// `out_width`), `h = i + u·dilation[0] − padding[0]`, `w = j + v·dilation[1] − padding[1]`,
/// and zero where `(h, w)` leaves the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Windows {
    pub channels: usize,
    pub height: usize,
    pub width: usize,
    pub kernel: [usize; 2],
    pub out_width: usize,
    pub padding: [usize; 2],
    pub dilation: [usize; 2],
}

/// The RMS normalisation of `a`'s rows that a product applies itself ([`MatmulBody::rms`]):
/// `Acc(b, i, j) = s(b, i) · sum_k a(b, i, k) · gain(b, i, k) · b(b, k, j)` with
/// `s(b, i) = 1 / sqrt(sum_k a(b, i, k)² / k + eps)`. The same numbers as normalising first
/// (`rms_norm` into an f32 temp, then the product) up to rounding order.
#[derive(Debug, Clone, PartialEq)]
pub struct RowRms {
    /// Space `[batch.., m, k]`.
    pub gain: SExpr,
    /// Scalar (empty space).
    pub eps: SExpr,
}

/// The layer normalisation of `a`'s rows that a product applies before its sums
/// ([`MatmulBody::layer`]): it reads `(a - mean) · inv · gain + bias` with each row's `mean` and
/// `inv = 1 / sqrt(mean_k((a - mean)²) + eps)`, both passes over the row first, as the
/// `layer_norm` kernel computes them, so the same numbers as normalising into an f32 temp first
/// up to the sums' order. The skinny template stages the normalised rows in workgroup memory
/// (at most [`crate::ir::limits::LAYER_FOLD_MAX_VALUES`] values).
#[derive(Debug, Clone, PartialEq)]
pub struct RowLayerNorm {
    /// Space `[batch.., m, k]`.
    pub gain: SExpr,
    /// Space `[batch.., m, k]`.
    pub bias: Option<SExpr>,
    /// Scalar (empty space).
    pub eps: SExpr,
}

/// Fused scaled dot-product attention with an online softmax.
#[derive(Debug, Clone, PartialEq)]
pub struct AttentionBody {
    pub out: usize,
    pub batch: Vec<usize>,
    pub tq: usize,
    pub tk: usize,
    pub e: usize,
    pub ev: usize,
    /// Space `[batch.., tq, e]`.
    pub q: SExpr,
    /// Space `[batch.., tk, e]`.
    pub k: SExpr,
    /// Space `[batch.., tk, ev]`.
    pub v: SExpr,
    /// Additive mask, space `[batch.., tq, tk]`.
    pub mask: Option<SExpr>,
    /// Key `j` is skipped for query `i` when `j > i + (tk - tq)`.
    pub causal: bool,
    /// Scalar (empty space).
    pub scale: SExpr,
    /// Space `[batch.., tq, ev]`; `Acc` is the attention output.
    pub epilogue: SExpr,
    /// Where point `[batch.., i, c]` of the output lands: `None` row-major over the space;
    /// `Some(strides)` a permutation of another layout of the same elements (a head merge
    /// folded into the store, `ir::fuse`), one stride per axis, 0 on axes of extent 1.
    pub out_strides: Option<Vec<usize>>,
    /// `Some(k)`: the output is the split A of a bf16x3 product (`codegen::cuda::split`, CUDA
    /// only) whose rows are `k` wide: the value stored at element `at` (row-major or permuted,
    /// as above) of the f32 layout goes as bf16 to `at + (at / k) * 2k` (`hi`), `+ k` (`lo`) and
    /// `+ 2k` (`hi`), rows of `[hi | lo | hi]` ([`MatmulBody::split_store`]).
    pub split_store: Option<usize>,
    /// `Some(arg)`: argument `arg` (f32) also gets each query row's log-sum-exp of its scores,
    /// `ln Σ_j e^(s_j)` with `s` the scaled, masked scores (`-inf` for a row whose every key is
    /// masked), row-major over `[batch.., tq]`: the first of the two attentions a decoding
    /// attention's keys split into (`ir::fuse::split_keys`) leaves it for the second.
    pub lse: Option<usize>,
    /// What both products allow (the language's `precision = …`, or the more precise of the
    /// folded statements' products, `ir::fuse::attention`): where it is not `F32`, CUDA sm_90+
    /// runs a prompt's attention on tensor cores (`codegen::attention_mma`); every other kernel
    /// computes f32, which is at least as precise.
    pub precision: crate::graph::checked::Precision,
}

impl AttentionBody {
    /// The output's space `[batch.., tq, ev]`.
    pub fn space(&self) -> Vec<usize> {
        let mut space = self.batch.clone();
        space.extend([self.tq, self.ev]);
        space
    }

    /// The strides the output is stored at (row-major unless permuted).
    pub fn store_strides(&self) -> Vec<usize> {
        self.out_strides.clone().unwrap_or_else(|| super::contiguous_strides(&self.space()))
    }
}

/// What a kernel computes. `out` is the index of the output in the kernel's `args`; every output
/// element is written exactly once, as the body's value converted to the output's element type.
#[derive(Debug, Clone, PartialEq)]
pub enum KernelBody {
    /// `out[i] = value(i)` over the space `extents`.
    Map {
        out: usize,
        extents: Vec<usize>,
        value: SExpr,
        /// `Some(s)`: the value reads its inputs contiguously along the axes before `s`, not
        /// along the last (an im2col into a K-major temp), so GPU templates compute
        /// `[extents[..s]] × [extents[s..]]` tiles with neighbouring invocations along the
        /// first and store them through workgroup memory. A hint: dropping it changes no value.
        transpose_at: Option<usize>,
    },
    /// Over the space `[leading.., cols]`: `r = op(input(row, c) for c)`, then
    /// `out[row] = epilogue(row)` with `Acc = r` (epilogue space: `leading`).
    Row {
        out: usize,
        leading: Vec<usize>,
        cols: usize,
        op: RowOp,
        input: SExpr,
        epilogue: SExpr,
    },
    /// Numerically stable softmax along the last axis of `[leading.., cols]`; input and
    /// epilogue share that space.
    Softmax {
        out: usize,
        leading: Vec<usize>,
        cols: usize,
        input: SExpr,
        epilogue: SExpr,
    },
    /// A normalisation along the last axis; `gain`/`bias` in the space `[leading.., cols]`,
    /// `eps` scalar.
    Norm {
        out: usize,
        leading: Vec<usize>,
        cols: usize,
        kind: NormKind,
        input: SExpr,
        gain: SExpr,
        bias: Option<SExpr>,
        eps: SExpr,
        epilogue: SExpr,
        /// `Some(arg)`: the output is also a bf16x3 product's A (`codegen::cuda::split`, CUDA
        /// only), so the kernel writes it a second time, split: argument `arg` (bf16) gets rows
        /// of `[hi | lo | hi]`, `cols` wide each, of the values stored at `out`
        /// ([`MatmulBody::split_store`]).
        split: Option<usize>,
    },
    Matmul(Box<MatmulBody>),
    Attention(Box<AttentionBody>),
    /// Index notation: `out[i] = value(i)` over `extents`, or with a [`Reduction`] over
    /// `[k..]`, `out[i] = op(value(i, r..) for r.. in [k..])` where `value`'s space is
    /// `[extents.., k..]`.
    Index {
        out: usize,
        extents: Vec<usize>,
        reduce: Option<Reduction>,
        value: SExpr,
    },
    /// A window written into part of `out` (`cache[pos + t, d] = …`, [`ScatterBody`]).
    Scatter(Box<ScatterBody>),
    /// A raw WGSL kernel run as written: `workgroups` workgroups of `workgroup_size`.
    Raw(Box<RawBody>),
    /// Several row kernels over the same rows run as one ([`RowChain`]).
    Rows(Box<RowChain>),
}

/// The fold of an index kernel: `op` over the trailing variables of its value's space (of
/// these `extents`), their points taken as one row in row-major order.
#[derive(Debug, Clone, PartialEq)]
pub struct Reduction {
    pub op: ReduceOp,
    pub extents: Vec<usize>,
}

impl Reduction {
    /// How many values each output folds.
    pub fn count(&self) -> usize {
        self.extents.iter().product()
    }
}

/// Consecutive kernels over the same rows `[leading.., cols]` run as one kernel
/// (`ir::fuse::rows`): each workgroup runs every stage on its own rows in turn, a barrier
/// between stages. A stage is a `Row`, `Softmax` or `Norm` body over those rows, or an
/// elementwise `Map` (or `Index` without a reduction) over `[leading.., cols]`; each writes its
/// own output argument. Valid because every access to a buffer a stage writes stays in the
/// row it belongs to, so no workgroup reads what another writes.
#[derive(Debug, Clone, PartialEq)]
pub struct RowChain {
    pub leading: Vec<usize>,
    pub cols: usize,
    pub stages: Vec<KernelBody>,
}

/// A window written into part of its output: every point `v` of the space `extents` computes
/// `value(v)` and stores it at index `v[a] + shift[a]` on each axis `a` of `out`, row-major over
/// `dims` (`shift[a]`: the uniform field `shifts[a]`, else 0). A point whose shifted index is
/// not below `dims[a]` is skipped (the host refuses such a run first; the guard keeps a kernel
/// in bounds whatever it is given).
#[derive(Debug, Clone, PartialEq)]
pub struct ScatterBody {
    pub out: usize,
    pub extents: Vec<usize>,
    pub dims: Vec<usize>,
    pub shifts: Vec<Option<usize>>,
    pub value: SExpr,
}

impl ScatterBody {
    /// Row-major strides of `dims`.
    pub fn strides(&self) -> Vec<usize> {
        super::contiguous_strides(&self.dims)
    }
}

/// A raw kernel: its WGSL, entry point and dispatch.
#[derive(Debug, Clone, PartialEq)]
pub struct RawBody {
    pub out: usize,
    pub source: String,
    pub entry: String,
    pub workgroup_size: [u32; 3],
    /// Workgroups to launch (one invocation per element of the target, rounded up).
    pub workgroups: u64,
    /// Whether the kernel reads `num_workgroups` (needed past 65,535 workgroups).
    pub uses_num_workgroups: bool,
    /// Binding `n` of the kernel: `RawSlot::Arg(i)` (the kernel's `args[i]`), a uniform field,
    /// or a scene.
    pub slots: Vec<RawSlot>,
}

/// What a raw kernel's binding `n` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawSlot {
    Arg(usize),
    Uniform { field: usize },
    Scene { arg: usize },
}

impl KernelBody {
    pub fn out(&self) -> usize {
        match self {
            KernelBody::Map { out, .. }
            | KernelBody::Row { out, .. }
            | KernelBody::Softmax { out, .. }
            | KernelBody::Norm { out, .. }
            | KernelBody::Index { out, .. } => *out,
            KernelBody::Matmul(m) => m.out,
            KernelBody::Attention(a) => a.out,
            KernelBody::Scatter(s) => s.out,
            KernelBody::Raw(r) => r.out,
            KernelBody::Rows(c) => c.stages.last().map_or(0, KernelBody::out),
        }
    }
    /// The rows `(leading, cols)` a body runs over as a stage of a [`RowChain`]: a row body's
    /// own, or an elementwise body's space split before its last axis; `None` for the rest.
    pub fn row_space(&self) -> Option<(&[usize], usize)> {
        match self {
            KernelBody::Row { leading, cols, .. }
            | KernelBody::Softmax { leading, cols, .. }
            | KernelBody::Norm { leading, cols, .. } => Some((leading, *cols)),
            KernelBody::Map { extents, .. } | KernelBody::Index { extents, reduce: None, .. } => {
                extents.split_last().map(|(c, l)| (l, *c))
            }
            KernelBody::Index { reduce: Some(_), .. }
            | KernelBody::Matmul(_)
            | KernelBody::Attention(_)
            | KernelBody::Scatter(_)
            | KernelBody::Raw(_)
            | KernelBody::Rows(_) => None,
        }
    }
    /// The points of an elementwise body (a map, index notation without a reduction, or a
    /// window store): the space it computes one value at each point of.
    pub fn points(&self) -> Option<&[usize]> {
        match self {
            KernelBody::Map { extents, .. } | KernelBody::Index { extents, reduce: None, .. } => Some(extents),
            KernelBody::Scatter(s) => Some(&s.extents),
            KernelBody::Index { reduce: Some(_), .. }
            | KernelBody::Row { .. }
            | KernelBody::Softmax { .. }
            | KernelBody::Norm { .. }
            | KernelBody::Matmul(_)
            | KernelBody::Attention(_)
            | KernelBody::Raw(_)
            | KernelBody::Rows(_) => None,
        }
    }
    /// Every argument the kernel writes (one, except for a [`RowChain`], a norm that also
    /// writes its output split, a product's followers and an attention's log-sum-exps).
    pub fn outs(&self) -> Vec<usize> {
        match self {
            KernelBody::Rows(c) => c.stages.iter().flat_map(KernelBody::outs).collect(),
            KernelBody::Norm { out, split: Some(split), .. } => vec![*out, *split],
            KernelBody::Attention(a) => std::iter::once(a.out).chain(a.lse).collect(),
            KernelBody::Matmul(m) => {
                std::iter::once(m.out).chain(m.followers.iter().flat_map(|f| f.body.outs())).collect()
            }
            other => vec![other.out()],
        }
    }
    /// Short name of the kernel's template (used in entry-point names).
    pub fn kind(&self) -> &'static str {
        match self {
            KernelBody::Map { .. } => "map",
            KernelBody::Row { .. } => "row",
            KernelBody::Softmax { .. } => "softmax",
            KernelBody::Norm { kind: NormKind::Rms, .. } => "rms_norm",
            KernelBody::Norm { kind: NormKind::Layer, .. } => "layer_norm",
            KernelBody::Matmul(_) => "matmul",
            KernelBody::Attention(_) => "attention",
            KernelBody::Index { .. } => "index",
            KernelBody::Scatter(_) => "scatter",
            KernelBody::Raw(_) => "raw",
            KernelBody::Rows(_) => "rows",
        }
    }
    /// Every scalar expression of the body.
    pub fn exprs(&self) -> Vec<&SExpr> {
        match self {
            KernelBody::Map { value, .. } | KernelBody::Index { value, .. } => vec![value],
            KernelBody::Row { input, epilogue, .. } | KernelBody::Softmax { input, epilogue, .. } => {
                vec![input, epilogue]
            }
            KernelBody::Norm { input, gain, bias, eps, epilogue, .. } => {
                let mut v = vec![input, gain, eps, epilogue];
                v.extend(bias.as_ref());
                v
            }
            KernelBody::Matmul(m) => {
                let mut v = vec![&m.a, &m.b, &m.epilogue];
                v.extend(m.b2.as_ref());
                if let Some(r) = &m.rms {
                    v.extend([&r.gain, &r.eps]);
                }
                if let Some(l) = &m.layer {
                    v.extend([&l.gain, &l.eps]);
                    v.extend(l.bias.as_ref());
                }
                for f in &m.followers {
                    v.extend(f.body.exprs());
                    v.push(&f.anchor);
                }
                v
            }
            KernelBody::Attention(a) => {
                let mut v = vec![&a.q, &a.k, &a.v, &a.scale, &a.epilogue];
                v.extend(a.mask.as_ref());
                v
            }
            KernelBody::Scatter(s) => vec![&s.value],
            KernelBody::Raw(_) => vec![],
            KernelBody::Rows(c) => c.stages.iter().flat_map(KernelBody::exprs).collect(),
        }
    }
    /// Whether the kernel reads the uniform block (in an expression, or a scatter's shifts).
    pub fn uses_uniforms(&self) -> bool {
        let shifted = match self {
            KernelBody::Scatter(s) => s.shifts.iter().any(Option::is_some),
            KernelBody::Matmul(m) => m.followers.iter().any(|f| f.body.uses_uniforms()),
            KernelBody::Map { .. }
            | KernelBody::Row { .. }
            | KernelBody::Softmax { .. }
            | KernelBody::Norm { .. }
            | KernelBody::Attention(_)
            | KernelBody::Index { .. }
            | KernelBody::Raw(_)
            | KernelBody::Rows(_) => false,
        };
        shifted || self.exprs().iter().any(|e| e.uses_uniforms())
    }
    /// The type `Acc` has in the epilogue.
    pub fn acc_ty(&self) -> Ty {
        match self {
            KernelBody::Row { op: RowOp::Argmax, .. } => Ty::U32,
            KernelBody::Row { op: RowOp::Reduce(_), .. }
            | KernelBody::Map { .. }
            | KernelBody::Softmax { .. }
            | KernelBody::Norm { .. }
            | KernelBody::Matmul(_)
            | KernelBody::Attention(_)
            | KernelBody::Index { .. }
            | KernelBody::Scatter(_)
            | KernelBody::Raw(_)
            | KernelBody::Rows(_) => Ty::F32,
        }
    }
}

/// How a kernel is run: invocations per workgroup (a power of two, at most 256) and output items
/// per invocation (1, 2, 4 or 8). Changing it never changes results beyond rounding order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Schedule {
    pub workgroup: u32,
    pub items: u32,
    /// wgpu: a matmul of f16 operands runs on cooperative matrices (`matmul_coop`; `items` 2 or
    /// 4 force its 64×64 or 128×128 tile). Set by the wgpu backend where the adapter lists f16
    /// 16×16×16 with an f32 accumulator, never by a `#[schedule]`; ignored elsewhere.
    pub coop: bool,
    /// A skinny product over block-format weights splits K over whole warps whose lanes
    /// meet by shuffles, so fewer columns a workgroup pay (`geometry::skinny_cols`). Set by
    /// `geometry::cuda_schedule`, and on wgpu where subgroups are 32 wide (`subgroupShuffleXor`:
    /// `backend::wgpu::exec::device_schedule`, `WgpuOptions::subgroup_sums`), never by a
    /// `#[schedule]`; ignored elsewhere.
    pub warp_sums: bool,
    /// CUDA sm_90+: the device groups blocks into clusters, so a decoding attention splits each
    /// query row's keys over a cluster's blocks (`geometry::attention_variant`). Set by
    /// `codegen::cuda::emit_function_for` from its target, never by a `#[schedule]`; ignored
    /// elsewhere.
    pub clusters: bool,
    /// CUDA sm_90+: an attention whose products allow TF32 runs a prompt's rows on tensor cores
    /// (`geometry::attention_variant`). Set beside `clusters`, never by a `#[schedule]`; ignored
    /// elsewhere.
    pub tensor_cores: bool,
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule { workgroup: 256, items: 1, coop: false, warp_sums: false, clusters: false, tensor_cores: false }
    }
}

/// How a kernel touches one of its buffer arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Access {
    Read,
    ReadWrite,
}

/// One buffer argument of a kernel, in binding order: the elements
/// `buffer[offset .. offset + len]`.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelArg {
    pub buffer: usize,
    pub elem: Elem,
    pub offset: usize,
    pub len: usize,
    pub access: Access,
    pub role: super::BufferRole,
}

/// One kernel of a plan: its maths, independent of any backend or schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelSpec {
    /// The graph statement this kernel belongs to, as written (for profiles and sources).
    pub node: String,
    /// Buffer arguments in binding order.
    pub args: Vec<KernelArg>,
    /// Whether the graph's uniform block is bound (after the args).
    pub uses_uniforms: bool,
    pub body: KernelBody,
}

impl KernelSpec {
    /// Whether no kernel writes argument `arg` while the graph runs: a graph never assigns to
    /// an input or a weight (F0007), the host writes them only between runs.
    pub fn read_only(&self, arg: usize) -> bool {
        self.args.get(arg).is_some_and(|a| matches!(a.role, super::BufferRole::Input | super::BufferRole::Weight))
    }

    /// Whether any expression of the kernel reads plan buffer `buffer` (a raw kernel's reads
    /// are not expressions: callers treat its arguments themselves).
    pub fn reads_buffer(&self, buffer: usize) -> bool {
        let mut found = false;
        for e in self.body.exprs() {
            e.visit_args(&mut |arg| found |= self.args.get(arg).is_some_and(|a| a.buffer == buffer));
        }
        found
    }

    /// Whether the kernel binds plan buffer `buffer` at all.
    pub fn binds_buffer(&self, buffer: usize) -> bool {
        self.args.iter().any(|a| a.buffer == buffer)
    }

    /// How many loads and gathers of the kernel's expressions read plan buffer `buffer`.
    pub fn loads_of(&self, buffer: usize) -> usize {
        let mut loads = 0;
        for e in self.body.exprs() {
            e.visit_args(&mut |arg| loads += usize::from(self.args.get(arg).is_some_and(|a| a.buffer == buffer)));
        }
        loads
    }
}
