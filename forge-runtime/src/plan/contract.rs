//! Index-notation sums of a product as a matrix product: `t[..] = sum(r..,
//! a · b)` where `a` and `b` read different target variables, like a convolution
//! `sum((c, u, v), w[o, c, u, v] * fill(x[b, c, i + u − 1, j + v − 1], 0.0))` (the weight ignores
//! `b, i, j`; the input ignores `o`). The target's axes split into batch axes, then rows (read by
//! `a` only), then columns (read by `b` only); the reduction's variables flatten into K. A factor
//! that is not a plain read laid out as the product needs (the input's padded windows) is first
//! computed into a hidden temp by a map kernel (an im2col: `[batch.., K.., cols..]`, or K-major
//! where the product feeds tensor cores), so the sum runs on the backends' matmul kernels
//! (tensor cores on CUDA) instead of one fold per output.

use super::expr::ArgSet;
use super::index::reads_vars;
use super::{Lowering, View};
use crate::elem::{Elem, Ty};
use crate::error::Result;
use crate::graph::checked::{Const, IndexReduce, Precision, Sub, TExpr, TKind};
use crate::ir::{Access, BinaryOp, BufferRole, KernelBody, ReduceOp, SExpr};

/// Reductions of fewer points keep the index kernel: there every backend folds the same
/// sequence (docs/semantics.md), and a product would not pay.
const MIN_POINTS: usize = 128;
/// Most elements a computed factor's temp may hold (1 GiB of f32).
const MAX_TEMP: usize = 1 << 28;

/// The roles of a space's variables in the product.
struct Roles {
    batch: Vec<usize>,
    rows: Vec<usize>,
    cols: Vec<usize>,
    k: Vec<usize>,
}

impl Lowering<'_> {
    /// `target[..] = sum(r.., a · b)` (space `extents`: the target's `rank` axes, then the
    /// reduction's) as a matmul, with map kernels for factors that need computing first; `None`
    /// where the sum is not such a product or would not pay (nothing emitted).
    pub(super) fn as_contraction(
        &mut self,
        target: &View,
        extents: &[usize],
        rank: usize,
        r: &IndexReduce,
    ) -> Result<Option<()>> {
        let TKind::Binary(BinaryOp::Mul, lhs, rhs) = &r.body.kind else { return Ok(None) };
        if r.op != ReduceOp::Sum || r.body.ty != Ty::F32 || rank == 0 {
            return Ok(None);
        }
        let k: usize = extents[rank..].iter().product();
        if k < MIN_POINTS {
            return Ok(None);
        }
        let (ra, rb) = (reads_vars(lhs, extents.len()), reads_vars(rhs, extents.len()));
        // The factor whose variables come first in the target gives the rows.
        let Some((roles, a, b)) = roles(&ra, &rb, rank, extents.len())
            .map(|x| (x, lhs, rhs))
            .or_else(|| roles(&rb, &ra, rank, extents.len()).map(|x| (x, rhs, lhs)))
        else {
            return Ok(None);
        };
        if self.as_window_product(target, extents, rank, r, a)?.is_some() {
            return Ok(Some(()));
        }
        let size = |vars: &[usize]| vars.iter().map(|&v| extents[v]).product::<usize>();
        let (m, n) = (size(&roles.rows), size(&roles.cols));
        // The factors' points (what the temps cost) against the index kernel's, a quarter.
        if m.saturating_mul(n) < m.saturating_add(n).saturating_mul(4) {
            return Ok(None);
        }
        // The output as `[batch.., m, n]`: rows and columns must each flatten.
        let batch = roles.batch.iter().map(|&v| vec![v]);
        let out_groups: Vec<Vec<usize>> = batch.clone().chain([roles.rows.clone(), roles.cols.clone()]).collect();
        let Some(out_view) = grouped(target, &out_groups) else { return Ok(None) };
        let mut args = ArgSet::default();
        let out = args.view(self, &out_view, Access::ReadWrite);
        let a_groups: Vec<Vec<usize>> = batch.clone().chain([roles.rows.clone(), roles.k.clone()]).collect();
        let b_groups: Vec<Vec<usize>> = batch.chain([roles.k.clone(), roles.cols.clone()]).collect();
        // A temp too large for a device's memory keeps the fold, which needs none.
        for (e, groups) in [(a, &a_groups), (b, &b_groups)] {
            let temp: usize = groups.iter().flatten().map(|&v| extents[v]).product();
            if temp > MAX_TEMP && self.plain_strides(e, extents, groups)?.is_none() {
                return Ok(None);
            }
        }
        let av = self.factor(&mut args, a, extents, &a_groups, None)?;
        let bv = self.factor(&mut args, b, extents, &b_groups, Some(r.precision))?;
        let batch = roles.batch.iter().map(|&v| extents[v]).collect();
        self.push(args, super::index::plain_product(out, (batch, m, n, k), av, bv, r.precision));
        Ok(Some(()))
    }

    /// Factor `e` as a matmul operand over `groups` (each group one axis of the operand, its
    /// variables flattened in order): a strided load where `e` is a plain read that flattens so,
    /// else a load of a temp that a map kernel fills with `e` over those variables. `second`:
    /// the product's precision where `e` is its second factor (`[batch.., k, cols]`).
    fn factor(
        &mut self,
        args: &mut ArgSet,
        e: &TExpr,
        extents: &[usize],
        groups: &[Vec<usize>],
        second: Option<Precision>,
    ) -> Result<SExpr> {
        if let Some(load) = self.plain_load(args, e, extents, groups)? {
            return Ok(load);
        }
        // Computed: a map kernel over the factor's variables into a contiguous temp.
        let elem = if self.half_products { self.exact_elem(e) } else { None }.unwrap_or(Elem::F32);
        // A second factor that feeds tensor cores is stored `[batch.., cols, k]` (K-major) where
        // `[batch.., k, cols]` cannot be: f32 ones at a precision that allows them (TMA + wgmma
        // take f32 operands K-major only), and half-float ones whose `[k, cols]` rows would not
        // be 16-byte aligned, which TMA needs (a 14×14 map's 196 positions). Otherwise the map's
        // neighbouring points read neighbouring inputs, while a K-major map gathers across
        // channels (measured 1.6× slower for a 64-channel 56×56 map).
        let sizes: Vec<usize> = groups.iter().map(|g| g.iter().map(|&v| extents[v]).product()).collect();
        let cols = sizes.last().copied().unwrap_or(1);
        let k_major = match (second, elem) {
            (None, _) => false,
            (Some(p), Elem::F32) => p != Precision::F32,
            (Some(_), Elem::F16 | Elem::BF16) => !(cols * elem.size_bytes()).is_multiple_of(16),
            // Temps hold floats only.
            (Some(_), Elem::U32 | Elem::I32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0) => false,
        };
        let mut stored: Vec<usize> = (0..groups.len()).collect();
        let k_major = k_major && groups.len() >= 2;
        if k_major {
            stored.swap(groups.len() - 2, groups.len() - 1);
        }
        let order: Vec<usize> = stored.iter().flat_map(|&g| groups[g].iter().copied()).collect();
        // A K-major f32 map's inputs run along its columns (positions), so its tiles are
        // transposed through workgroup memory: reads along positions, stores along K. Half-float
        // temps (2-byte stores, few positions) ran slower so and keep row order.
        let transpose_at = (k_major && elem == Elem::F32).then(|| order.len() - groups[groups.len() - 2].len());
        let temp =
            self.map_into_temp(e, extents, &order, elem, transpose_at, if second.is_some() { "b" } else { "a" })?;
        // The temp as the operand's `[groups..]` axes.
        let shape: Vec<usize> = stored.iter().map(|&g| sizes[g]).collect();
        let flat = View::contiguous(temp.buffer, shape);
        Ok(self.load(args, &flat, &stored, groups.len(), Ty::F32))
    }

    /// A hidden temp that a map kernel fills with `e` (space `extents`) over the variables
    /// `order`, laid out contiguously in that order (`transpose_at`: see `KernelBody::Map`).
    pub(super) fn map_into_temp(
        &mut self,
        e: &TExpr,
        extents: &[usize],
        order: &[usize],
        elem: Elem,
        transpose_at: Option<usize>,
        suffix: &str,
    ) -> Result<View> {
        let local: Vec<usize> = order.iter().map(|&v| extents[v]).collect();
        let mut map = vec![None; extents.len()];
        for (slot, &v) in order.iter().enumerate() {
            map[v] = Some(slot);
        }
        let mut body = e.clone();
        super::index::renumber(&mut body, &map)?;
        let name = format!("_t{}.{suffix}", self.hidden);
        self.hidden += 1;
        let temp = self.new_buffer(&name, elem, local.clone(), BufferRole::Temp)?;
        let mut margs = ArgSet::default();
        let mout = margs.view(self, &temp, Access::ReadWrite);
        let saved = std::mem::take(&mut self.index_vars);
        let value = self.scalar(&mut margs, &body, &[], local.len(), None);
        self.index_vars = saved;
        self.push(margs, KernelBody::Map { out: mout, extents: local, value: value?, transpose_at });
        Ok(temp)
    }

    /// The half-float type that holds every value of `e` exactly, if any: `e` only picks (reads,
    /// `select`, constants) among values of bindings of that type, so the temp may be that type
    /// and the product run on half-float kernels (tensor cores) with the same operand values.
    /// Only where the device's half-float products pay (CUDA; wgpu's ran these slower than f32).
    fn exact_elem(&self, e: &TExpr) -> Option<Elem> {
        match &e.kind {
            TKind::Element { binding, .. } => {
                Some(self.g.bindings[*binding].elem).filter(|el| matches!(el, Elem::F16 | Elem::BF16))
            }
            TKind::Select(_, a, b) => {
                let (ea, eb) = (self.exact_elem(a), self.exact_elem(b));
                if let TKind::Const(c) = &a.kind {
                    eb.filter(|el| holds(*el, c))
                } else if let TKind::Const(c) = &b.kind {
                    ea.filter(|el| holds(*el, c))
                } else {
                    ea.filter(|el| Some(*el) == eb)
                }
            }
            TKind::Read(_)
            | TKind::Uniform(_)
            | TKind::Const(_)
            | TKind::Dim(_)
            | TKind::IndexVar(_)
            | TKind::LoopVar(_)
            | TKind::Unary(..)
            | TKind::Binary(..)
            | TKind::Cast(..)
            | TKind::Op(_)
            | TKind::Reduce(_) => None,
        }
    }

    /// `e` as a strided load over `groups` (each group one axis, its variables flattened in
    /// order), when it is a read of a binding whose every subscript is a plain variable of some
    /// group and each group's variables flatten into one axis.
    pub(super) fn plain_load(
        &self,
        args: &mut ArgSet,
        e: &TExpr,
        extents: &[usize],
        groups: &[Vec<usize>],
    ) -> Result<Option<SExpr>> {
        let (Some(strides), TKind::Element { binding, .. }) = (self.plain_strides(e, extents, groups)?, &e.kind) else {
            return Ok(None);
        };
        let arg = args.view(self, self.view_of(*binding)?, Access::Read);
        Ok(Some(SExpr::Load { arg, strides, ty: e.ty }))
    }

    /// The strides of [`Lowering::plain_load`].
    fn plain_strides(&self, e: &TExpr, extents: &[usize], groups: &[Vec<usize>]) -> Result<Option<Vec<usize>>> {
        let TKind::Element { binding, subs } = &e.kind else { return Ok(None) };
        let v = self.view_of(*binding)?;
        let mut per_var = vec![0usize; extents.len()];
        for (axis, s) in subs.iter().enumerate() {
            match s {
                Sub::Var { var, offset: 0 } if groups.iter().flatten().any(|g| g == var) => {
                    per_var[*var] += v.strides[axis]
                }
                Sub::Var { .. } | Sub::Expr(_) => return Ok(None),
            }
        }
        let mut out = Vec::with_capacity(groups.len());
        for g in groups {
            let Some(stride) = flattened(g, extents, &per_var) else { return Ok(None) };
            out.push(stride);
        }
        Ok(Some(out))
    }
}

/// Whether `c` is a float that `elem` holds exactly.
fn holds(elem: Elem, c: &Const) -> bool {
    let Const::F32(v) = *c else { return false };
    match elem {
        Elem::F16 => half::f16::from_f32(v).to_f32() == v,
        Elem::BF16 => half::bf16::from_f32(v).to_f32() == v,
        Elem::F32 | Elem::U32 | Elem::I32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => false,
    }
}

/// The roles when `a` gives the rows: from the target's last axis back, the columns (read by `b`
/// alone), then the rows (read by `a` alone, at least one), then batch axes (any); reduction
/// variables are K. `None` where no column or row is found.
fn roles(a: &[bool], b: &[bool], rank: usize, vars: usize) -> Option<Roles> {
    let mut at = rank;
    while at > 0 && b[at - 1] && !a[at - 1] {
        at -= 1;
    }
    let cols: Vec<usize> = (at..rank).collect();
    let cols_start = at;
    while at > 0 && a[at - 1] && !b[at - 1] {
        at -= 1;
    }
    let rows: Vec<usize> = (at..cols_start).collect();
    if cols.is_empty() || rows.is_empty() {
        return None;
    }
    Some(Roles { batch: (0..at).collect(), rows, cols, k: (rank..vars).collect() })
}

/// The stride of `group`'s variables flattened into one axis (row-major), where `strides` (per
/// variable) allow it.
fn flattened(group: &[usize], extents: &[usize], strides: &[usize]) -> Option<usize> {
    let last = *group.last()?;
    let mut expect = strides[last];
    for &v in group.iter().rev() {
        if extents[v] > 1 && strides[v] != expect {
            return None;
        }
        expect = expect.checked_mul(extents[v])?;
    }
    Some(strides[last])
}

/// `target` (axes in the space's first variables) viewed with each of `groups` as one axis.
pub(super) fn grouped(target: &View, groups: &[Vec<usize>]) -> Option<View> {
    let extents = &target.shape;
    let mut shape = Vec::with_capacity(groups.len());
    let mut strides = Vec::with_capacity(groups.len());
    for g in groups {
        strides.push(flattened(g, extents, &target.strides)?);
        shape.push(g.iter().map(|&v| extents[v]).product());
    }
    Some(View { buffer: target.buffer, offset: target.offset, shape, strides })
}
