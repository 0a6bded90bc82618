//! Index notation: a (batched) matmul when it is one, a scatter when the target is a shifted
//! window of a state, else an index kernel (one thread an output, or a workgroup an output
//! where the reduction is long). A reduction that is not the whole value is computed first,
//! by its own kernel, into a hidden temp over the target indices it reads; the value loads it.

use super::expr::ArgSet;
use super::{Lowering, View};
use crate::elem::Ty;
use crate::error::{Error, Result};
use crate::graph::checked::{ConvWindow, IndexNode, IndexReduce, Precision, ReadView, Sub, TExpr, TKind};
use crate::ir::{Access, BinaryOp, BufferRole, KernelBody, MatmulBody, ReduceOp, Reduction, SExpr, ScatterBody};

impl Lowering<'_> {
    pub(super) fn index_node(&mut self, ix: &IndexNode) -> Result<()> {
        let whole = self.target_view(ix.target)?;
        // A slice fixed by leading loop variables or literals is a contiguous part of a state.
        let rest = whole.shape.len().saturating_sub(ix.slice.len());
        let read = ReadView { binding: ix.target, slice: ix.slice.clone(), axes: (0..rest).collect() };
        let target = whole.select(&read, &self.loop_values);
        let extents: Vec<usize> = ix.vars.iter().map(|e| e.value(self.dims)).collect();
        let rank = target.shape.len();
        if ix.shifts.iter().any(Option::is_some) {
            return self.shifted_write(ix, &target, &extents);
        }
        self.index_kernel(&target, &extents, rank, &ix.body)
    }

    /// The kernels computing `body` at every point of `target`, whose axes are the first `rank`
    /// of the variables `extents`.
    fn index_kernel(&mut self, target: &View, extents: &[usize], rank: usize, body: &TExpr) -> Result<()> {
        if let TKind::Reduce(r) = &body.kind {
            let outer: Vec<usize> = (0..rank).collect();
            let (space, r) = renumbered(r, extents, &outer)?;
            return self.reduction_kernel(target, &space, rank, &r);
        }
        let saved = std::mem::replace(&mut self.index_vars, extents.to_vec());
        let mut args = ArgSet::default();
        let out = args.view(self, target, Access::ReadWrite);
        let value = self.scalar(&mut args, body, &[], rank, None);
        self.index_vars = saved;
        self.push(args, KernelBody::Index { out, extents: extents[..rank].to_vec(), reduce: None, value: value? });
        Ok(())
    }

    /// `target[..] = op(r.., body)` where the space's first `rank` variables are the target's
    /// axes and the rest `r.vars`: a matmul where it is one, else an index kernel that folds.
    fn reduction_kernel(&mut self, target: &View, space: &[usize], rank: usize, r: &IndexReduce) -> Result<()> {
        let mut args = ArgSet::default();
        let out = args.view(self, target, Access::ReadWrite);
        if let Some(body) = self.as_matmul(&mut args, r, space, out)? {
            self.push(args, body);
            return Ok(());
        }
        if self.as_contraction(target, space, rank, r)?.is_some() {
            return Ok(());
        }
        // Reductions do not nest: the body has none to hoist.
        let saved = std::mem::take(&mut self.index_vars);
        let value = self.scalar(&mut args, &r.body, &[], space.len(), None);
        self.index_vars = saved;
        let reduce = Some(Reduction { op: r.op, extents: space[rank..].to_vec() });
        self.push(args, KernelBody::Index { out, extents: space[..rank].to_vec(), reduce, value: value? });
        Ok(())
    }

    /// A reduction inside a larger index-notation value (space of `rank` variables): computed
    /// first into a hidden temp over the target variables its body reads, then loaded (a
    /// broadcast along the target variables it does not read).
    pub(super) fn hoisted_reduction(&mut self, args: &mut ArgSet, r: &IndexReduce, rank: usize) -> Result<SExpr> {
        let extents = self.index_vars.clone();
        if extents.len() < rank {
            return Err(Error::Internal("a reduction outside an index-notation value".into()));
        }
        let used = reads_vars(&r.body, rank);
        let outer: Vec<usize> = (0..rank).filter(|&v| used[v]).collect();
        let (space, renumbered) = renumbered(r, &extents, &outer)?;
        let name = format!("_t{}", self.hidden);
        self.hidden += 1;
        let elem = super::expr::temp_elem(r.body.ty);
        let temp = self.new_buffer(&name, elem, space[..outer.len()].to_vec(), BufferRole::Temp)?;
        self.reduction_kernel(&temp, &space, outer.len(), &renumbered)?;
        Ok(self.load(args, &temp, &outer, rank, elem.compute()))
    }

    /// `cache[pos + t, d] = value`: the value over the window (`extents`), stored at the
    /// shifted places of `target`. With a reduction the value is computed into a scratch buffer
    /// first (by the usual kernels, a matmul where it is one), then stored by a plain scatter.
    fn shifted_write(&mut self, ix: &IndexNode, target: &View, extents: &[usize]) -> Result<()> {
        let rank = target.shape.len();
        let shifts =
            ix.shifts.iter().map(|s| s.map(|b| self.uniform_field(b)).transpose()).collect::<Result<Vec<_>>>()?;
        let mut args = ArgSet::default();
        let out = args.view(self, target, Access::ReadWrite);
        let window = extents[..rank].to_vec();
        let value = if has_reduction(&ix.body) {
            let name = format!("{}.window", self.g.bindings[ix.target].name);
            let scratch = self.new_buffer(&name, self.g.bindings[ix.target].elem, window.clone(), BufferRole::Temp)?;
            let plain = IndexNode { slice: Vec::new(), shifts: vec![None; rank], ..ix.clone() };
            let saved = self.views[ix.target].replace(scratch.clone());
            let computed = self.index_node(&plain);
            self.views[ix.target] = saved;
            computed?;
            let map: Vec<usize> = (0..rank).collect();
            self.load(&mut args, &scratch, &map, rank, self.g.bindings[ix.target].elem.compute())
        } else {
            self.scalar(&mut args, &ix.body, &[], rank, None)?
        };
        let dims = target.shape.clone();
        self.push(args, KernelBody::Scatter(Box::new(ScatterBody { out, extents: window, dims, shifts, value })));
        Ok(())
    }

    /// `t[b.., i, j] = sum(k, a[…] * c[…])` with plain subscripts: a (batched) matmul. The
    /// space `extents` is the target's axes, then `k`.
    fn as_matmul(
        &mut self,
        args: &mut ArgSet,
        r: &IndexReduce,
        extents: &[usize],
        out: usize,
    ) -> Result<Option<KernelBody>> {
        if r.op != ReduceOp::Sum || r.vars.len() != 1 {
            return Ok(None);
        }
        let TKind::Binary(BinaryOp::Mul, a, b) = &r.body.kind else { return Ok(None) };
        let (Some(va), Some(vb)) = (plain_vars(a), plain_vars(b)) else { return Ok(None) };
        let (rank, kvar) = (extents.len() - 1, extents.len() - 1);
        if r.body.ty != Ty::F32
            || rank < 2
            || va.iter().filter(|v| **v == kvar).count() != 1
            || vb.iter().filter(|v| **v == kvar).count() != 1
        {
            return Ok(None);
        }
        // Target axes: batch axes (in both operands), then i (only in a), then j (only in b).
        let (i, j) = (rank - 2, rank - 1);
        let in_a = |v: usize| va.contains(&v);
        let in_b = |v: usize| vb.contains(&v);
        let batch_ok = (0..rank - 2).all(|v| in_a(v) && in_b(v));
        if !batch_ok || !in_a(i) || in_b(i) || !in_b(j) || in_a(j) {
            return Ok(None);
        }
        // The operands in their own spaces: a over [batch.., i, k], b over [batch.., k, j].
        let space_a: Vec<usize> = (0..rank - 2).chain([i, kvar]).collect();
        let space_b: Vec<usize> = (0..rank - 2).chain([kvar, j]).collect();
        let load = |lw: &Self, args: &mut ArgSet, e: &TExpr, space: &[usize]| -> Result<SExpr> {
            let groups: Vec<Vec<usize>> = space.iter().map(|&v| vec![v]).collect();
            lw.plain_load(args, e, extents, &groups)?.ok_or_else(|| Error::Internal("matmul operand".into()))
        };
        let av = load(self, args, a, &space_a)?;
        let bv = load(self, args, b, &space_b)?;
        let dims = (extents[..rank - 2].to_vec(), extents[i], extents[j], extents[kvar]);
        Ok(Some(plain_product(out, dims, av, bv, r.precision)))
    }
}

/// `out = a · b` over `(batch, m, n, k)`, f32, no epilogue: the product index notation writes
/// (at `precision`: `conv2d`'s option, else true f32).
pub(super) fn plain_product(
    out: usize,
    (batch, m, n, k): (Vec<usize>, usize, usize, usize),
    a: SExpr,
    b: SExpr,
    precision: Precision,
) -> KernelBody {
    KernelBody::Matmul(Box::new(MatmulBody {
        out,
        batch,
        m,
        n,
        k,
        a,
        b,
        b2: None,
        rms: None,
        layer: None,
        epilogue: SExpr::Acc(Ty::F32),
        precision,
        split_store: false,
        window: None,
        followers: Vec::new(),
    }))
}

/// The subscript variables of an element read whose every subscript is an unshifted variable.
fn plain_vars(e: &TExpr) -> Option<Vec<usize>> {
    let TKind::Element { subs, .. } = &e.kind else { return None };
    subs.iter()
        .map(|s| match s {
            Sub::Var { var, offset: 0 } => Some(*var),
            Sub::Var { .. } | Sub::Expr(_) => None,
        })
        .collect()
}

/// Which of the first `vars` index variables `e` reads (as a value or a subscript).
pub(super) fn reads_vars(e: &TExpr, vars: usize) -> Vec<bool> {
    let mut used = vec![false; vars];
    e.visit(&mut |x| {
        let mut mark = |v: usize| {
            if let Some(u) = used.get_mut(v) {
                *u = true;
            }
        };
        match &x.kind {
            TKind::IndexVar(v) => mark(*v),
            TKind::Element { subs, .. } => subs.iter().for_each(|s| {
                if let Sub::Var { var, .. } = s {
                    mark(*var);
                }
            }),
            _ => {}
        }
    });
    used
}

/// Whether `e` holds an index-notation reduction.
fn has_reduction(e: &TExpr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x.kind, TKind::Reduce(_)));
    found
}

/// `r` in a space of its own: the variables `outer` (ids into `extents`, the node's variables),
/// then the reduction's. Returns that space's extents and `r` with its variables renumbered.
fn renumbered(r: &IndexReduce, extents: &[usize], outer: &[usize]) -> Result<(Vec<usize>, IndexReduce)> {
    let mut map = vec![None; extents.len()];
    let mut space = Vec::with_capacity(outer.len() + r.vars.len());
    for (n, &v) in outer.iter().chain(&r.vars).enumerate() {
        let slot = map.get_mut(v).ok_or_else(|| Error::Internal(format!("index variable {v} has no extent")))?;
        *slot = Some(n);
        space.push(extents[v]);
    }
    let mut body = r.body.clone();
    renumber(&mut body, &map)?;
    let vars = (outer.len()..space.len()).collect();
    // A window whose variables do not all survive is dropped: the sum still lowers without it.
    let window = r.window.as_ref().and_then(|w| {
        let vars = w.vars.map(|v| map.get(v).copied().flatten());
        vars.iter()
            .all(Option::is_some)
            .then(|| Box::new(ConvWindow { vars: vars.map(|v| v.unwrap_or(0)), ..(**w).clone() }))
    });
    Ok((space, IndexReduce { op: r.op, vars, body, precision: r.precision, window }))
}

/// Renames every index variable `v` of `e` to `map[v]`.
pub(super) fn renumber(e: &mut TExpr, map: &[Option<usize>]) -> Result<()> {
    let to = |v: usize| {
        map.get(v).copied().flatten().ok_or_else(|| Error::Internal(format!("index variable {v} outside its space")))
    };
    match &mut e.kind {
        TKind::IndexVar(v) => *v = to(*v)?,
        TKind::Read(_) | TKind::Uniform(_) | TKind::Const(_) | TKind::Dim(_) | TKind::LoopVar(_) => {}
        TKind::Unary(_, a) | TKind::Cast(a, _) => renumber(a, map)?,
        TKind::Binary(_, a, b) => {
            renumber(a, map)?;
            renumber(b, map)?;
        }
        TKind::Select(c, a, b) => {
            renumber(c, map)?;
            renumber(a, map)?;
            renumber(b, map)?;
        }
        TKind::Op(call) => {
            for a in call.args.iter_mut().chain(call.mask.as_mut()).chain(call.scale.as_mut()) {
                renumber(a, map)?;
            }
        }
        TKind::Element { subs, .. } => {
            for s in subs {
                match s {
                    Sub::Var { var, .. } => *var = to(*var)?,
                    Sub::Expr(x) => renumber(x, map)?,
                }
            }
        }
        TKind::Reduce(r) => {
            for v in &mut r.vars {
                *v = to(*v)?;
            }
            renumber(&mut r.body, map)?;
        }
    }
    Ok(())
}
