//! Kernel IR: what each kernel computes (`KernelSpec`), kept apart from how it runs (`Schedule`).
//!
//! Lowering (`crate::lower`) turns a validated graph with concrete dims into a [`Plan`]: the
//! buffers, the uniform block and an ordered list of kernels. Every backend (WGSL, PTX, the CPU
//! interpreter) reads the same `KernelSpec`; shapes are concrete numbers, so codegen bakes them in.
//!
//! Index spaces. Every [`SExpr`] is evaluated at one point of an index space (a list of extents,
//! row-major). A [`SExpr::Load`] reads `arg` at offset `sum(idx[d] * strides[d])`, with
//! `strides.len()` equal to the space's rank; a stride of 0 is a broadcast dim.

use crate::elem::{Elem, Ty};

/// Index of a buffer in [`Plan::buffers`].
pub type BufferId = usize;

/// How a kernel touches one of its buffer arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Access {
    Read,
    ReadWrite,
}

/// One buffer argument of a kernel, in binding order (binding = position in `args`).
#[derive(Debug, Clone, PartialEq)]
pub struct KernelArg {
    pub buffer: BufferId,
    pub elem: Elem,
    /// Number of elements of the buffer.
    pub len: usize,
    pub access: Access,
    /// The buffer's role in the graph (decides where a backend keeps it).
    pub role: BufferRole,
}

/// Unary scalar functions. Float-only ones are checked by the validator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Not,
    Exp,
    Log,
    Sqrt,
    Rsqrt,
    /// `1 - 2 / (exp(2x) + 1)`: finite for every finite input on every backend.
    Tanh,
    /// `1 / (1 + exp(-x))`
    Sigmoid,
    /// `x * sigmoid(x)`
    Silu,
    /// tanh approximation: `0.5 x (1 + tanh(0.7978845608 (x + 0.044715 x^3)))`
    Gelu,
    /// `max(x, 0)`
    Relu,
    Abs,
}

/// Binary scalar operators. Comparisons yield `Ty::Bool`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Integer division truncates; `x / 0 == x` for integers (WGSL's rule, kept everywhere).
    Div,
    Min,
    Max,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl BinaryOp {
    pub fn is_comparison(self) -> bool {
        matches!(self, BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne)
    }
}

/// A scalar expression evaluated at one point of its kernel's index space.
#[derive(Debug, Clone, PartialEq)]
pub enum SExpr {
    /// `args[arg][sum(idx[d] * strides[d])]`, converted to the element's compute type.
    Load {
        arg: usize,
        strides: Vec<usize>,
        ty: Ty,
    },
    /// Field `field` of the graph's uniform block (see [`Plan::uniforms`]).
    Uniform {
        field: usize,
        ty: Ty,
    },
    Const {
        value: f64,
        ty: Ty,
    },
    /// The value the kernel's built-in op computed at this point (epilogues only; f32).
    Acc,
    Unary {
        op: UnaryOp,
        arg: Box<SExpr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<SExpr>,
        rhs: Box<SExpr>,
    },
    Select {
        cond: Box<SExpr>,
        on_true: Box<SExpr>,
        on_false: Box<SExpr>,
    },
    Cast {
        arg: Box<SExpr>,
        ty: Ty,
    },
    /// An indexed read (index notation): `args[arg][sum(clamp(idx[t.var] + t.offset) * t.stride)]`
    /// over `terms`, each coordinate clamped to `0..t.extent` (the clamp-to-edge rule).
    Gather {
        arg: usize,
        terms: Vec<IndexTerm>,
        ty: Ty,
    },
}

/// One subscript of a [`SExpr::Gather`]: index variable `var` of the space, shifted by `offset`
/// and clamped to `0..extent`, times `stride`.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexTerm {
    pub var: usize,
    pub offset: i64,
    pub extent: usize,
    pub stride: usize,
}

impl IndexTerm {
    /// The clamped coordinate for index value `i`.
    pub fn coord(&self, i: usize) -> usize {
        let max = self.extent.saturating_sub(1) as i64;
        (i as i64).saturating_add(self.offset).clamp(0, max) as usize
    }
}

impl SExpr {
    pub fn ty(&self) -> Ty {
        match self {
            SExpr::Load { ty, .. }
            | SExpr::Uniform { ty, .. }
            | SExpr::Const { ty, .. }
            | SExpr::Cast { ty, .. }
            | SExpr::Gather { ty, .. } => *ty,
            SExpr::Acc => Ty::F32,
            SExpr::Unary { op: UnaryOp::Not, .. } => Ty::Bool,
            SExpr::Unary { arg, .. } => arg.ty(),
            SExpr::Binary { op, lhs, .. } => {
                if op.is_comparison() {
                    Ty::Bool
                } else {
                    lhs.ty()
                }
            }
            SExpr::Select { on_true, .. } => on_true.ty(),
        }
    }

    /// Calls `f` on this node and every node below it.
    pub fn visit(&self, f: &mut impl FnMut(&SExpr)) {
        f(self);
        match self {
            SExpr::Unary { arg, .. } | SExpr::Cast { arg, .. } => arg.visit(f),
            SExpr::Binary { lhs, rhs, .. } => {
                lhs.visit(f);
                rhs.visit(f);
            }
            SExpr::Select { cond, on_true, on_false } => {
                cond.visit(f);
                on_true.visit(f);
                on_false.visit(f);
            }
            _ => {}
        }
    }

    pub fn uses_uniforms(&self) -> bool {
        let mut found = false;
        self.visit(&mut |e| found |= matches!(e, SExpr::Uniform { .. }));
        found
    }
}

/// Row reductions over the last axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    Sum,
    Max,
    Mean,
}

/// What a kernel computes. `out` is the index of the output in the kernel's `args`; every
/// output element is written exactly once, as `epilogue` (or `value`) converted to its elem.
#[derive(Debug, Clone, PartialEq)]
pub enum KernelBody {
    /// `out[i] = value(i)` over the space `extents` (row-major, `i` the multi-index).
    Map { out: usize, extents: Vec<usize>, value: SExpr },
    /// Over the space `[rows.., cols]` (`leading` = the row dims, product `rows`):
    /// `r = reduce(input(row, c) for c in 0..cols)` (Mean divides the sum by `cols`), then
    /// `out[row] = epilogue(row)` with `Acc = r`; the epilogue's space is `leading`.
    RowReduce { out: usize, leading: Vec<usize>, cols: usize, op: ReduceOp, input: SExpr, epilogue: SExpr },
    /// Numerically stable softmax along the last axis of `[leading.., cols]`:
    /// `m = max_c input`, `s = sum_c exp(input - m)`, `out[row, c] = epilogue(row, c)` with
    /// `Acc = exp(input(row, c) - m) / s`; input and epilogue share the space `[leading.., cols]`.
    Softmax { out: usize, leading: Vec<usize>, cols: usize, input: SExpr, epilogue: SExpr },
    /// RMS norm along the last axis: `ms = mean_c input^2`,
    /// `Acc = input(row, c) * (1 / sqrt(ms + eps)) * gain(row, c)`, `out[row, c] = epilogue`.
    /// `gain` is evaluated in the space `[leading.., cols]` too (its strides broadcast rows);
    /// `eps` is a scalar expression (constant or uniform) with an empty space.
    RmsNorm { out: usize, leading: Vec<usize>, cols: usize, input: SExpr, gain: SExpr, eps: SExpr, epilogue: SExpr },
    /// `Acc(i, j) = sum_k a(i, k) * b(k, j)` accumulated in f32; `a` has space `[m, k]`, `b`
    /// space `[k, n]`, `out[i, j] = epilogue(i, j)` in space `[m, n]`.
    Matmul { out: usize, m: usize, n: usize, k: usize, a: SExpr, b: SExpr, epilogue: SExpr },
    /// Index notation: `out[i] = value(i)` over the space `extents`, or with `reduce = (op, k)`,
    /// `out[i] = reduce(value(i, r) for r in 0..k)` where `value`'s space is `[extents.., k]`
    /// (Mean divides the sum by `k`). Reads are [`SExpr::Gather`]s.
    Index { out: usize, extents: Vec<usize>, reduce: Option<(ReduceOp, usize)>, value: SExpr },
    /// A raw WGSL kernel, run as written with `workgroups` workgroups (folded into x, y like
    /// every dispatch). Only the wgpu backend runs it.
    Raw { out: usize, source: String, entry: String, workgroups: u64 },
}

impl KernelBody {
    pub fn out(&self) -> usize {
        match self {
            KernelBody::Map { out, .. }
            | KernelBody::RowReduce { out, .. }
            | KernelBody::Softmax { out, .. }
            | KernelBody::RmsNorm { out, .. }
            | KernelBody::Matmul { out, .. }
            | KernelBody::Index { out, .. }
            | KernelBody::Raw { out, .. } => *out,
        }
    }
    /// Short name of the kernel's template (used in entry-point names).
    pub fn kind(&self) -> &'static str {
        match self {
            KernelBody::Map { .. } => "map",
            KernelBody::RowReduce { .. } => "reduce",
            KernelBody::Softmax { .. } => "softmax",
            KernelBody::RmsNorm { .. } => "rms_norm",
            KernelBody::Matmul { .. } => "matmul",
            KernelBody::Index { .. } => "index",
            KernelBody::Raw { .. } => "raw",
        }
    }
    /// Every scalar expression of the body.
    pub fn exprs(&self) -> Vec<&SExpr> {
        match self {
            KernelBody::Map { value, .. } => vec![value],
            KernelBody::RowReduce { input, epilogue, .. } | KernelBody::Softmax { input, epilogue, .. } => {
                vec![input, epilogue]
            }
            KernelBody::RmsNorm { input, gain, eps, epilogue, .. } => vec![input, gain, eps, epilogue],
            KernelBody::Matmul { a, b, epilogue, .. } => vec![a, b, epilogue],
            KernelBody::Index { value, .. } => vec![value],
            KernelBody::Raw { .. } => vec![],
        }
    }
}

/// One kernel of a plan: its maths, independent of any backend or schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelSpec {
    /// Entry-point name, unique within the plan (e.g. `k2_matmul`).
    pub entry: String,
    /// The graph statement this kernel belongs to, as written (for profiles and sources).
    pub node: String,
    /// Buffer arguments in binding order.
    pub args: Vec<KernelArg>,
    /// Whether the graph's uniform block is bound (after the args, at binding `args.len()`).
    pub uses_uniforms: bool,
    pub body: KernelBody,
}

/// How a kernel is run: invocations per workgroup (a power of two, at most 256) and output
/// items per invocation (1, 2, 4 or 8). Changing it never changes results beyond rounding order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Schedule {
    pub workgroup: u32,
    pub items: u32,
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule { workgroup: 256, items: 1 }
    }
}

/// The graph-level role of a plan buffer (hidden temps introduced by lowering are `Temp`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BufferRole {
    Input,
    Weight,
    State,
    Temp,
    Output,
}

/// A buffer of the plan: one per non-uniform binding, plus temps introduced by lowering.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanBuffer {
    pub name: String,
    pub elem: Elem,
    pub shape: Vec<usize>,
    pub len: usize,
    pub role: BufferRole,
}

/// One field of the uniform block: every field is one 4-byte word, in declaration order.
#[derive(Debug, Clone, PartialEq)]
pub struct UniformField {
    pub name: String,
    pub elem: Elem,
    pub default: Option<f64>,
}

/// A kernel and the schedule it runs with.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedKernel {
    pub spec: KernelSpec,
    pub schedule: Schedule,
}

/// A lowered graph with concrete dims.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub graph: String,
    pub buffers: Vec<PlanBuffer>,
    pub uniforms: Vec<UniformField>,
    pub kernels: Vec<PlannedKernel>,
}

impl Plan {
    pub fn buffer(&self, name: &str) -> Option<(BufferId, &PlanBuffer)> {
        self.buffers.iter().enumerate().find(|(_, b)| b.name == name)
    }
}

/// Row-major strides of `extents`.
pub fn contiguous_strides(extents: &[usize]) -> Vec<usize> {
    let mut strides = vec![0; extents.len()];
    let mut acc = 1;
    for d in (0..extents.len()).rev() {
        strides[d] = acc;
        acc *= extents[d];
    }
    strides
}

/// Strides to read a tensor of `shape` at points of the space `space` it broadcasts to
/// (trailing dims aligned; a dim of extent 1, or a missing leading dim, gets stride 0).
pub fn broadcast_strides(shape: &[usize], space: &[usize]) -> Vec<usize> {
    let own = contiguous_strides(shape);
    let offset = space.len().saturating_sub(shape.len());
    (0..space.len()).map(|d| if d < offset || shape[d - offset] == 1 { 0 } else { own[d - offset] }).collect()
}
