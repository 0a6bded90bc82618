//! Index notation: a (batched) matmul when it is one, a scatter when the target is a shifted
//! window of a state, else an index kernel (one thread an output, or a workgroup an output
//! where the reduction is long).

use super::expr::ArgSet;
use super::{Lowering, View};
use crate::elem::Ty;
use crate::error::{Error, Result};
use crate::graph::checked::{IndexNode, ReadView, Sub, TExpr, TKind};
use crate::ir::{Access, BinaryOp, BufferRole, KernelBody, MatmulBody, ReduceOp, SExpr, ScatterBody};

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
        let mut args = ArgSet::default();
        let out = args.view(self, &target, Access::ReadWrite);
        if let Some(body) = self.as_matmul(&mut args, ix, &extents, out)? {
            self.push(args, body);
            return Ok(());
        }
        let value = self.scalar(&mut args, &ix.body, &[], extents.len(), None)?;
        let reduce = ix.reduce.map(|r| (r, extents[rank]));
        self.push(args, KernelBody::Index { out, extents: extents[..rank].to_vec(), reduce, value });
        Ok(())
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
        let value = if ix.reduce.is_some() {
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

    /// `t[b.., i, j] = sum(k, a[…] * c[…])` with plain subscripts: a (batched) matmul.
    fn as_matmul(
        &mut self,
        args: &mut ArgSet,
        ix: &IndexNode,
        extents: &[usize],
        out: usize,
    ) -> Result<Option<KernelBody>> {
        if ix.reduce != Some(ReduceOp::Sum) {
            return Ok(None);
        }
        let TKind::Binary(BinaryOp::Mul, a, b) = &ix.body.kind else { return Ok(None) };
        let (Some(va), Some(vb)) = (plain_vars(a), plain_vars(b)) else { return Ok(None) };
        let (rank, kvar) = (extents.len() - 1, extents.len() - 1);
        if ix.body.ty != Ty::F32
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
        let load = |lw: &mut Self, args: &mut ArgSet, e: &TExpr, space: &[usize]| -> Result<SExpr> {
            let TKind::Element { binding, subs } = &e.kind else {
                return Err(Error::Internal("matmul operand".into()));
            };
            let v = lw.view_of(*binding)?.clone();
            let arg = args.view(lw, &v, Access::Read);
            let mut strides = vec![0; space.len()];
            for (k, s) in subs.iter().enumerate() {
                if let Sub::Var { var, .. } = s {
                    let pos =
                        space.iter().position(|x| x == var).ok_or_else(|| Error::Internal("matmul var".into()))?;
                    strides[pos] += v.strides[k];
                }
            }
            Ok(SExpr::Load { arg, strides, ty: e.ty })
        };
        let av = load(self, args, a, &space_a)?;
        let bv = load(self, args, b, &space_b)?;
        Ok(Some(KernelBody::Matmul(Box::new(MatmulBody {
            out,
            batch: extents[..rank - 2].to_vec(),
            m: extents[i],
            n: extents[j],
            k: extents[kvar],
            a: av,
            b: bv,
            b2: None,
            rms: None,
            epilogue: SExpr::Acc(Ty::F32),
            precision: Default::default(),
            split_store: false,
        }))))
    }
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
