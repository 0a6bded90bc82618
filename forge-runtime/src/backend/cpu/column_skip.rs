//! Products that a select drops: an epilogue `select(cond, f(acc), other)` whose condition
//! and other branch do not read the product needs it only on the columns the condition picks
//! (a causal mask's visible slots), so the product may compute only those.

use super::epilogue::{product, BLOCK};
use super::eval::{Acc, Block, Env};
use crate::graph::ops::Const;
use crate::ir::SExpr;
use rayon::prelude::*;
use std::ops::Range;

/// An epilogue `select(cond, f(acc), other)` (or the mirror) whose condition and other branch
/// do not read the product needs the product only where the condition picks `f`: `cols`, the
/// columns of those points as one range (a causal mask's visible slots), may be all the product
/// computes.
pub(super) struct ColumnSkip<'e> {
    pub cols: Range<usize>,
    epilogue: &'e SExpr,
    other: &'e SExpr,
}

impl<'e> ColumnSkip<'e> {
    /// The skip `e` allows over `space` (`[batch.., m, n]`), if any.
    pub fn of(env: &Env<'_>, e: &'e SExpr, space: &[usize]) -> Option<ColumnSkip<'e>> {
        let SExpr::Select { cond, on_true, on_false } = e else { return None };
        let reads = |x: &SExpr| {
            let mut found = false;
            x.visit(&mut |y| found |= matches!(y, SExpr::Acc(_) | SExpr::Acc2));
            found
        };
        let (want, other) = match (reads(on_true), reads(on_false)) {
            (true, false) => (true, &**on_false),
            (false, true) => (false, &**on_true),
            _ => return None,
        };
        let n = *space.last()?;
        if reads(cond) || n == 0 {
            return None;
        }
        // A condition that ignores the batch dims is evaluated over the first matrix only.
        let nb = space.len().saturating_sub(2);
        let points = if uses_dims(cond, nb) { product(space) } else { product(&space[nb..]) };
        let (mut lo, mut hi) = (n, 0);
        let mut start = 0;
        while start < points {
            let len = BLOCK.min(points - start);
            let col = env.eval(cond, &Block::range(space, start, len), None);
            for p in (0..len).filter(|&p| col.get(p).b() == want) {
                let j = (start + p) % n;
                lo = lo.min(j);
                hi = hi.max(j + 1);
            }
            start += len;
        }
        let cols = if lo < hi { lo..hi } else { 0..0 };
        (cols.len() < n).then_some(ColumnSkip { cols, epilogue: e, other })
    }

    /// The epilogue over `out` (`[rows, n]`, holding the product on `cols`), in place: the whole
    /// select on `cols`, the other branch elsewhere.
    pub fn apply(&self, env: &Env<'_>, space: &[usize], out: &mut [f32]) {
        let n = space.last().copied().unwrap_or(1).max(1);
        let cols = &self.cols;
        out.par_chunks_mut(n).enumerate().for_each(|(r, row)| {
            let at = r * n;
            let mut put = |range: Range<usize>, e: &SExpr, with_acc: bool| {
                if range.is_empty() {
                    return;
                }
                if let SExpr::Const(Const::F32(v)) = e {
                    row[range].fill(*v);
                    return;
                }
                let blk = Block::range(space, at + range.start, range.len());
                let acc = with_acc.then(|| row[range.clone()].to_vec());
                let col = env.eval(e, &blk, acc.as_deref().map(Acc::F));
                row[range].iter_mut().enumerate().for_each(|(p, x)| *x = col.get(p).f());
            };
            put(0..cols.start, self.other, false);
            put(cols.clone(), self.epilogue, true);
            put(cols.end..n, self.other, false);
        });
    }
}

/// Whether `e` may vary along any of the first `dims` dims of its space (gathers: assumed so).
fn uses_dims(e: &SExpr, dims: usize) -> bool {
    let mut uses = false;
    e.visit(&mut |x| match x {
        SExpr::Var(d) => uses |= *d < dims,
        SExpr::Load { strides, .. } => uses |= strides.iter().take(dims).any(|&s| s != 0),
        SExpr::Gather { .. } => uses = true,
        SExpr::Uniform { .. }
        | SExpr::Const(_)
        | SExpr::Acc(_)
        | SExpr::Acc2
        | SExpr::Unary { .. }
        | SExpr::Binary { .. }
        | SExpr::Select { .. }
        | SExpr::Cast { .. } => {}
    });
    uses
}
