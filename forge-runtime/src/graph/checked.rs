//! The checked graph: what the checker hands to lowering, as naga's validator hands a module to
//! its back ends. Every name is resolved to an id, every call to a [`Builtin`], every expression
//! carries its type and symbolic shape, literals are typed and range-checked, index forms are
//! decided. Lowering accepts only this type and re-infers nothing.

use super::ast::{DimOp, Usage};
use super::builtins::Builtin;
use super::diag::GraphError;
pub use super::ops::Const;
use super::ops::{BinaryOp, ReduceOp, UnaryOp};
use super::shape::{Extent, Shape};
use crate::elem::{Elem, Ty};
use proc_macro2::Span;

/// Index of a binding in [`Checked::bindings`].
pub type BindingId = usize;

/// A graph that passed every rule. Only the checker builds one ([`super::check`],
/// [`super::parse_and_check`], `parse_graph_source`): its fields are the crate's, so lowering can
/// trust them; outside the crate it is read through the accessors below.
///
/// ```
/// let g = forge_runtime::parse_graph_source("graph G { dims { N } input x: f32[N]; output y: f32[N]; y = x; }")?;
/// assert_eq!((g.name(), g.free_dims()), ("G", vec!["N"]));
/// # Ok::<(), forge_runtime::Error>(())
/// ```
///
/// ```compile_fail,E0616
/// let g = forge_runtime::parse_graph_source("graph G { dims { N } input x: f32[N]; output y: f32[N]; y = x; }")?;
/// let _ = g.bindings.len(); // private: a graph is read, never edited, outside the crate
/// # Ok::<(), forge_runtime::Error>(())
/// ```
#[derive(Debug, Clone)]
// Lowering reads most fields; the macro's build (no `runtime` feature) has no lowering.
#[cfg_attr(not(feature = "runtime"), allow(dead_code))]
pub struct Checked {
    pub(crate) name: String,
    /// Every dim, passed or derived, in declaration order ([`Extent::Sym`] indexes it).
    pub(crate) dims: Vec<String>,
    /// For each of `dims`, its formula when derived from earlier dims (not passed).
    pub(crate) derived: Vec<Option<DimFormula>>,
    pub(crate) bindings: Vec<BindingInfo>,
    pub(crate) nodes: Vec<Node>,
    /// Loop variables, by id: their names and extents.
    pub(crate) loops: Vec<(String, Extent)>,
    /// Rules that need the dims' values (sub-ranges, view sizes), checked when instantiated.
    pub(crate) deferred: Vec<Deferred>,
    pub(crate) warnings: Vec<GraphError>,
}

impl Checked {
    /// The graph's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The warnings the checker found (dead nodes, …); errors make no `Checked`.
    pub fn warnings(&self) -> &[GraphError] {
        &self.warnings
    }

    pub fn binding(&self, name: &str) -> Option<(BindingId, &BindingInfo)> {
        self.bindings.iter().enumerate().find(|(_, b)| b.name == name)
    }

    /// The dims a caller passes, in order (derived ones are computed from them).
    pub fn free_dims(&self) -> Vec<&str> {
        let derived = |i: usize| self.derived.get(i).is_some_and(Option::is_some);
        self.dims.iter().enumerate().filter(|&(i, _)| !derived(i)).map(|(_, d)| d.as_str()).collect()
    }
}

/// A derived dim's formula over earlier dims (by index into [`Checked::dims`]).
#[derive(Debug, Clone, PartialEq)]
pub enum DimFormula {
    Dim(usize),
    Lit(u64),
    Bin(DimOp, Box<DimFormula>, Box<DimFormula>),
}

impl DimFormula {
    /// The formula as written, with `dims` naming its dims (`D / H`).
    pub fn text(&self, dims: &[String]) -> String {
        match self {
            DimFormula::Dim(i) => dims.get(*i).cloned().unwrap_or_else(|| "?".into()),
            DimFormula::Lit(v) => v.to_string(),
            DimFormula::Bin(op, a, b) => {
                let side = |f: &DimFormula, tight: bool| match f {
                    DimFormula::Bin(inner, ..) if tight || precedence(*inner) < precedence(*op) => {
                        format!("({})", f.text(dims))
                    }
                    _ => f.text(dims),
                };
                // The right side of `-` and `/` keeps its parentheses at equal precedence.
                let tight_rhs = matches!(b.as_ref(), DimFormula::Bin(inner, ..)
                    if precedence(*inner) == precedence(*op) && matches!(op, DimOp::Sub | DimOp::Div));
                format!("{} {} {}", side(a, false), op.symbol(), side(b, tight_rhs))
            }
        }
    }
}

fn precedence(op: DimOp) -> u8 {
    match op {
        DimOp::Add | DimOp::Sub => 0,
        DimOp::Mul | DimOp::Div => 1,
    }
}

/// A declared binding, resolved.
#[derive(Debug, Clone)]
pub struct BindingInfo {
    pub name: String,
    pub usage: Usage,
    pub elem: Elem,
    pub shape: Shape,
    pub default: Option<Const>,
    pub doc: Vec<String>,
}

/// How a node runs, from `#[schedule(…)]` (absent fields: the lowering's default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScheduleHint {
    pub workgroup: Option<u32>,
    pub items: Option<u32>,
}

/// One node (a statement) or a loop of nodes.
#[derive(Debug, Clone)]
pub struct Node {
    /// The statement as written, e.g. `y = x + matmul(h, w)` (profiles and sources show it).
    pub label: String,
    /// Where the node's target (or the loop's variable) was written.
    pub span: Span,
    pub schedule: ScheduleHint,
    pub kind: NodeKind,
}

#[derive(Debug, Clone)]
pub enum NodeKind {
    /// `target = value;` — elementwise work and built-in ops, `value.shape` broadcastable to
    /// the target's shape or equal to it up to size-1 axes.
    Assign { target: BindingId, value: TExpr },
    /// `target[i, j] = value;` (index notation).
    Index(IndexNode),
    /// `target = reshape(x);` / `target = transpose(x, …);`: the target is a view of `source`
    /// (a [`TKind::Read`]) — no kernel unless the layout forces a copy.
    View { target: BindingId, source: TExpr, reshape: bool },
    /// `target = wgsl!(…);`
    Raw(RawNode),
    /// `for var in 0..count { body }`.
    Loop { var: usize, count: Extent, body: Vec<Node> },
}

/// An index-notation node: every point of `vars[..target_rank]` computes `body`; the
/// reductions inside it ([`TKind::Reduce`]) run over the other vars.
#[derive(Debug, Clone)]
pub struct IndexNode {
    pub target: BindingId,
    /// Leading target axes fixed by a loop variable or literal (`cache[l, t, d] = …`, a
    /// `state` only): the node writes that slice.
    pub slice: Vec<SliceIndex>,
    /// For each remaining target axis, the `u32` uniform shifting its index
    /// (`cache[pos + t, d]`, a `state` only); the window must fit (checked at `run`).
    pub shifts: Vec<Option<BindingId>>,
    /// Extents of the index variables: the target's (of a shifted axis: the window's, from
    /// the value's reads), then each reduction's, in the order the reductions are written.
    pub vars: Vec<Extent>,
    pub body: TExpr,
}

/// A raw WGSL kernel node.
#[derive(Debug, Clone)]
pub struct RawNode {
    pub target: BindingId,
    pub source: String,
    pub entry: String,
    pub workgroup_size: [u32; 3],
    /// Binding `n` of the kernel is `args[n]`.
    pub args: Vec<BindingId>,
    /// Whether the entry point reads `@builtin(num_workgroups)` (needed to cover grids folded
    /// past 65,535 workgroups per dimension).
    pub uses_num_workgroups: bool,
}

/// A typed expression.
#[derive(Debug, Clone)]
pub struct TExpr {
    pub kind: TKind,
    pub ty: Ty,
    pub shape: Shape,
    pub span: Span,
}

/// A binding read as a (possibly sliced, possibly transposed) view.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadView {
    pub binding: BindingId,
    /// Leading axes fixed by a subscript (`w[l]`, `w[0]`).
    pub slice: Vec<SliceIndex>,
    /// The view's axes as axes of the unsliced remainder: `[0, 1, …]` for a plain read.
    pub axes: Vec<usize>,
}

/// A fixed leading subscript of a view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SliceIndex {
    /// A loop variable (by loop id).
    Loop(usize),
    Lit(u64),
}

/// One subscript of an index-notation read.
#[derive(Debug, Clone)]
pub enum Sub {
    /// `i` or `i + 2`: index variable `var` shifted by a literal. A shift past the edge clamps
    /// to the edge; an unshifted variable over a larger dim reads a prefix (checked at `new`).
    Var { var: usize, offset: i64 },
    /// Any other integer expression (affine subscripts, gathers `ids[n]`): the value is clamped
    /// to the dim at run time; affine ones are also range-checked at `new`.
    Expr(TExpr),
}

#[derive(Debug, Clone)]
pub enum TKind {
    Read(ReadView),
    Uniform(BindingId),
    Const(Const),
    /// The value of a dim.
    Dim(usize),
    /// The value of an index-notation variable (`i32`).
    IndexVar(usize),
    /// The value of a loop variable (`i32`).
    LoopVar(usize),
    Unary(UnaryOp, Box<TExpr>),
    Binary(BinaryOp, Box<TExpr>, Box<TExpr>),
    Select(Box<TExpr>, Box<TExpr>, Box<TExpr>),
    /// A conversion to `elem` (`ty` is its compute type; `as f16` rounds to f16).
    Cast(Box<TExpr>, Elem),
    /// A built-in op (not elementwise: those are Unary/Binary/Select).
    Op(Box<OpCall>),
    /// An element of a binding at computed subscripts (index notation, gathers).
    Element {
        binding: BindingId,
        subs: Vec<Sub>,
    },
    /// An index-notation reduction, `sum((c, u, v), body)` (index notation only; never nested).
    Reduce(Box<IndexReduce>),
}

/// `op` of `body` over every value of the index variables `vars` (ids into the node's
/// [`IndexNode::vars`]; the body may also read the target's variables).
#[derive(Debug, Clone)]
pub struct IndexReduce {
    pub op: ReduceOp,
    pub vars: Vec<usize>,
    pub body: TExpr,
    /// What a sum of an f32 product may trade for tensor cores where it runs as a matmul
    /// (`conv2d(…, precision = …)`; a sum written by hand is true f32).
    pub precision: Precision,
    /// The geometry `conv2d` wrote this sum from, which a backend that reads the input's
    /// windows itself may take (`plan::window`); `None` for every other sum.
    pub window: Option<Box<ConvWindow>>,
}

/// What `conv2d` knows of its sum beyond the expression: the input read plainly and the
/// window's options, so a plan can read the windows from a copy of the input instead of
/// computing every window's points (`plan::window`).
#[derive(Debug, Clone)]
pub struct ConvWindow {
    /// The input's element `x[b, c, h, w]` at variables 0, 1, 2, 3 of a space of its own.
    pub input: TExpr,
    /// The sum's variables: batch, output channel, output row and column, then the reduced
    /// input channel, kernel row and kernel column.
    pub vars: [usize; 7],
    pub stride: [u64; 2],
    pub padding: [u64; 2],
    pub dilation: [u64; 2],
    /// More than one group (the channel subscript is then not a plain variable).
    pub grouped: bool,
}

/// A call of a built-in op with its options resolved.
#[derive(Debug, Clone)]
pub struct OpCall {
    pub op: Builtin,
    pub args: Vec<TExpr>,
    pub keepdim: bool,
    /// The axes a reduction (`sum`, …, `argmax`) folds; every other op keeps `Last`.
    pub axis: ReduceAxis,
    pub causal: bool,
    pub mask: Option<TExpr>,
    pub scale: Option<TExpr>,
    pub precision: Precision,
}

/// Which axes a reduction built-in folds: the last (the default), axis `k` (`axis = k`,
/// counted from the front once checked) or every axis (`axis = all`, one row of all elements
/// in row-major order).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ReduceAxis {
    #[default]
    Last,
    One(usize),
    All,
}

impl ReduceAxis {
    /// Whether axis `k` of a rank-`rank` operand is folded.
    pub fn folds(self, k: usize, rank: usize) -> bool {
        match self {
            ReduceAxis::Last => k + 1 == rank,
            ReduceAxis::One(a) => k == a,
            ReduceAxis::All => true,
        }
    }
}

/// How an f32 `matmul` may use tensor cores (`precision = …`; `docs/semantics.md`). Every
/// backend may compute more precisely than asked: where no tensor core fits, all are f32.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Precision {
    /// True f32 products (the default).
    #[default]
    F32,
    /// Each operand split into two TF32 parts, three tensor-core products summed in f32:
    /// about 2^-21 relative error per term, close to f32's 2^-24.
    Tf32x3,
    /// Operands rounded to TF32 (10 mantissa bits): about 1e-3 relative error.
    Tf32,
    /// Each operand split into two bf16 parts (`hi = bf16(x)`, `lo = bf16(x - hi)`), three
    /// tensor-core products (`hi·hi + lo·hi + hi·lo`) summed in f32: about 2^-16 relative error
    /// per term, twice the tensor-core rate of `tf32x3`.
    Bf16x3,
}

impl Precision {
    pub const ALL: [Precision; 4] = [Precision::F32, Precision::Tf32x3, Precision::Bf16x3, Precision::Tf32];

    /// The name a graph writes (`precision = tf32x3`).
    pub fn name(self) -> &'static str {
        match self {
            Precision::F32 => "f32",
            Precision::Tf32x3 => "tf32x3",
            Precision::Tf32 => "tf32",
            Precision::Bf16x3 => "bf16x3",
        }
    }
}

impl TExpr {
    /// Calls `f` on this expression and every sub-expression, parents first.
    pub fn visit<'a>(&'a self, f: &mut impl FnMut(&'a TExpr)) {
        f(self);
        match &self.kind {
            TKind::Read(_)
            | TKind::Uniform(_)
            | TKind::Const(_)
            | TKind::Dim(_)
            | TKind::IndexVar(_)
            | TKind::LoopVar(_) => {}
            TKind::Unary(_, a) | TKind::Cast(a, _) => a.visit(f),
            TKind::Binary(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            TKind::Select(c, a, b) => {
                c.visit(f);
                a.visit(f);
                b.visit(f);
            }
            TKind::Op(call) => {
                call.args.iter().for_each(|a| a.visit(f));
                if let Some(m) = &call.mask {
                    m.visit(f);
                }
                if let Some(s) = &call.scale {
                    s.visit(f);
                }
            }
            TKind::Element { subs, .. } => {
                for s in subs {
                    if let Sub::Expr(e) = s {
                        e.visit(f);
                    }
                }
            }
            TKind::Reduce(r) => r.body.visit(f),
        }
    }

    /// Bindings this expression reads.
    pub fn reads(&self) -> Vec<BindingId> {
        let mut out = Vec::new();
        self.visit(&mut |e| match &e.kind {
            TKind::Read(v) => out.push(v.binding),
            TKind::Uniform(b) => out.push(*b),
            TKind::Element { binding, .. } => out.push(*binding),
            _ => {}
        });
        out
    }
}

/// A rule checked when the graph is instantiated, against the dims' values.
#[derive(Debug, Clone)]
pub enum Deferred {
    /// `small` must not exceed `large` (an index variable reading a prefix of a larger dim, a
    /// literal slice index inside its axis).
    AtMost { small: Extent, large: Extent, what: String },
    /// An affine subscript must stay inside `0..extent` for every value of its index variables
    /// where `guards` hold (each a condition of an enclosing `select` and the branch it chose:
    /// `true` for the first value, `false` for the second).
    InRange { sub: TExpr, vars: Vec<Extent>, extent: Extent, guards: Vec<(TExpr, bool)>, what: String },
    /// Two shapes must hold the same number of elements (`reshape`).
    SameCount { a: Shape, b: Shape, what: String },
    /// `total` must be the sum of `parts` (`concat`'s axis).
    SumOf { total: Extent, parts: Vec<Extent>, what: String },
    /// `total` must be `part × times` (`conv2d`'s input channels: its weight's × groups).
    Scaled { total: Extent, part: Extent, times: Extent, what: String },
    /// `n` must be a multiple of `by` (`conv2d`'s output channels by groups).
    Divisible { n: Extent, by: Extent, what: String },
    /// `out` must be the window formula's extent, `(input + 2·padding − dilation·(kernel − 1)
    /// − 1) / stride + 1`, with the dilated kernel inside the padded input (`conv2d`, pooling).
    Window {
        out: Extent,
        input: Extent,
        kernel: Extent,
        stride: u64,
        padding: u64,
        dilation: u64,
        /// `ceil_mode`: the count rounded up.
        ceil: bool,
        what: String,
    },
}
