//! The operand of a row kernel (reductions, argmax, softmax, norms) at the points of its
//! `[rows.., cols]` space: `axis = k` maps the folded axis onto the row, the others onto the
//! rows in order (any strides, no copy); `axis = all` is one row of every element in
//! row-major order.

use super::expr::ArgSet;
use super::{Lowering, View};
use crate::error::Result;
use crate::graph::checked::{ReduceAxis, TExpr};
use crate::graph::shape::concrete;
use crate::ir::{Access, BufferRole, KernelBody, SExpr};
use std::cmp::Ordering;

/// A row kernel's operand: the rows' extents, the row length and the value at each point.
pub(super) struct RowInput {
    pub leading: Vec<usize>,
    pub cols: usize,
    pub input: SExpr,
}

impl Lowering<'_> {
    /// `x` as rows along `axis`: the folded axes are the row, the kept ones (in order) the
    /// rows, so the results come out row-major in the shape without the folded axes.
    pub(super) fn row_input(&mut self, args: &mut ArgSet, x: &TExpr, axis: ReduceAxis) -> Result<RowInput> {
        let xs = concrete(&x.shape, self.dims);
        let rank = xs.len();
        let k = match axis {
            ReduceAxis::Last => rank.saturating_sub(1),
            ReduceAxis::One(k) => k,
            ReduceAxis::All => return self.whole_row(args, x, &xs),
        };
        let map: Vec<usize> = (0..rank)
            .map(|j| match j.cmp(&k) {
                Ordering::Less => j,
                Ordering::Equal => rank - 1,
                Ordering::Greater => j - 1,
            })
            .collect();
        let leading = xs.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, &e)| e).collect();
        let input = self.scalar(args, x, &map, rank, None)?;
        Ok(RowInput { leading, cols: xs.get(k).copied().unwrap_or(1), input })
    }

    /// `x` as one row of all its elements. Where every read steps evenly through memory the
    /// row reads `x`'s operands directly; otherwise (broadcasts, transposed views, gathers)
    /// `x` is first computed into a contiguous temp.
    fn whole_row(&mut self, args: &mut ArgSet, x: &TExpr, xs: &[usize]) -> Result<RowInput> {
        let cols = xs.iter().product();
        let mut own = ArgSet::default();
        let idmap: Vec<usize> = (0..xs.len()).collect();
        let value = self.scalar(&mut own, x, &idmap, xs.len(), None)?;
        if let Some(mut input) = flatten(&value, xs) {
            let new_index: Vec<usize> =
                own.args.iter().map(|a| args.arg(self, a.buffer, a.offset, a.len, a.access)).collect();
            crate::ir::fuse::renumber(&mut input, &new_index);
            return Ok(RowInput { leading: Vec::new(), cols, input });
        }
        let name = format!("_t{}", self.hidden);
        self.hidden += 1;
        let elem = crate::elem::Elem::F32;
        let temp = self.new_buffer(&name, elem, xs.to_vec(), BufferRole::Temp)?;
        let out = own.view(self, &temp, Access::ReadWrite);
        self.push(own, KernelBody::Map { out, extents: xs.to_vec(), value, transpose_at: None });
        let flat = View { offset: temp.offset, ..View::contiguous(temp.buffer, vec![cols]) };
        let input = self.load(args, &flat, &[0], 1, x.ty);
        Ok(RowInput { leading: Vec::new(), cols, input })
    }
}

/// `e`, evaluated at the points of `shape`, as an expression of one variable counting those
/// points in row-major order — when every load steps by one fixed stride per point; `None`
/// otherwise (a broadcast or reordered read, a gather, an index variable).
fn flatten(e: &SExpr, shape: &[usize]) -> Option<SExpr> {
    let b = |x: &SExpr| flatten(x, shape).map(Box::new);
    Some(match e {
        SExpr::Load { arg, strides, ty } => {
            SExpr::Load { arg: *arg, strides: vec![even_stride(strides, shape)?], ty: *ty }
        }
        SExpr::Uniform { .. } | SExpr::Const(_) => e.clone(),
        SExpr::Var(_) | SExpr::Acc(_) | SExpr::Acc2 | SExpr::Gather { .. } => return None,
        SExpr::Unary { op, arg } => SExpr::Unary { op: *op, arg: b(arg)? },
        SExpr::Cast { arg, to } => SExpr::Cast { arg: b(arg)?, to: *to },
        SExpr::Binary { op, lhs, rhs } => SExpr::Binary { op: *op, lhs: b(lhs)?, rhs: b(rhs)? },
        SExpr::Select { cond, on_true, on_false } => {
            SExpr::Select { cond: b(cond)?, on_true: b(on_true)?, on_false: b(on_false)? }
        }
    })
}

/// The one stride `s` with `strides[j] == s * (points per step of axis j)` on every axis that
/// is stepped along (extent > 1), if there is one.
fn even_stride(strides: &[usize], shape: &[usize]) -> Option<usize> {
    let stepped = |j: &usize| shape[*j] > 1;
    let Some(last) = (0..shape.len()).rev().find(stepped) else { return Some(0) };
    let s = strides[last];
    let mut per_step = 1usize;
    for j in (0..shape.len()).rev() {
        if stepped(&j) && strides[j] != s.checked_mul(per_step)? {
            return None;
        }
        per_step = per_step.checked_mul(shape[j])?;
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::even_stride;
    use crate::ir::KernelBody;

    #[test]
    fn axis_reductions_read_through_strides_and_whole_tensors_in_one_row() {
        let src = "graph G { dims { A, B, C } input x: f32[A, B, C]; input v: f32[C];
            output s: f32[A, C]; output t: f32; output w: f32;
            s = sum(x, axis = 1); t = sum(x, axis = all); w = sum(x * v, axis = all); }";
        let p = crate::plan::tests::plan_unfused(src, &[2, 3, 4]);
        let rows: Vec<_> = p
            .kernels
            .iter()
            .filter_map(|k| match &k.spec.body {
                KernelBody::Row { leading, cols, input, .. } => {
                    Some((leading.clone(), *cols, input.as_load().map(|(_, s)| s.to_vec())))
                }
                _ => None,
            })
            .collect();
        let want = [
            (vec![2, 4], 3, Some(vec![12, 1, 4])),
            (vec![], 24, Some(vec![1])),
            // `x * v` broadcasts `v`: computed into a contiguous temp, read in one stride.
            (vec![], 24, Some(vec![1])),
        ];
        assert_eq!(rows, want);
        let maps = p.kernels.iter().filter(|k| matches!(k.spec.body, KernelBody::Map { .. })).count();
        assert_eq!(maps, 1, "only the broadcast operand is copied");
        crate::plan::tests::validate_all(&crate::plan::tests::plan(src, &[2, 3, 4]));
    }

    #[test]
    fn even_strides_are_found_only_for_row_major_steps() {
        assert_eq!(even_stride(&[12, 4, 1], &[2, 3, 4]), Some(1));
        assert_eq!(even_stride(&[24, 8, 2], &[2, 3, 4]), Some(2));
        assert_eq!(even_stride(&[0, 4, 1], &[1, 3, 4]), Some(1), "an axis of extent 1 is never stepped");
        assert_eq!(even_stride(&[0, 0, 0], &[1, 1, 1]), Some(0));
        assert_eq!(even_stride(&[0, 1], &[3, 4]), None, "a broadcast axis");
        assert_eq!(even_stride(&[1, 3], &[3, 4]), None, "a transposed view");
    }
}
