//! Index-notation sums of a product as matrix products: `out[o..] = sum(r.., a · b)` where each
//! factor reads only some of the variables (a convolution, `sum((c, u, v), w[o, c, u, v] ·
//! fill(x[b, c, i + u − 1, j + v − 1], 0.0))`: the weight ignores `b, i, j`, the input ignores
//! `o`). Each factor is evaluated once over the variables it reads (the input's im2col, the
//! weight's rows) and the sum is one batched `sgemm`, where the generic path would evaluate the
//! whole body at every (output, reduction) point. Variables both factors read are batch dims;
//! those only `a` reads are rows, those only `b` reads are columns, the reduction's are K.
//! Only reductions of 128 points or more take this path: there the GPUs already fold in an order
//! of their own, and the sums run in matrixmultiply's (f32, k-blocked, fused multiply-adds).

use super::epilogue::{product, BLOCK};
use super::eval::{Block, Env};
use super::fast::{self, Batch, GemmDims, MatLayout, View, ViewMut};
use super::store::OutSlice;
use crate::elem::Ty;
use crate::graph::ops::{BinaryOp, ReduceOp};
use crate::ir::{CoordValue, Reduction, SExpr};
use rayon::prelude::*;

/// Reductions of fewer points fold one by one in the written order on every backend, the same
/// operations as the GPUs' kernels, so they keep the generic path.
const SEQUENTIAL_POINTS: usize = 128;

/// Most elements a factor's matrix may hold (1 GiB of f32).
const MAX_FACTOR: usize = 1 << 28;

/// The variables (bit `d`: variable `d` of the space) an expression's value may depend on.
fn reads(e: &SExpr) -> u64 {
    match e {
        SExpr::Var(d) => 1u64 << d,
        SExpr::Load { strides, .. } => {
            strides.iter().enumerate().filter(|(_, &s)| s != 0).fold(0u64, |m, (d, _)| m | 1u64 << d)
        }
        SExpr::Gather { coords, .. } => coords.iter().fold(0u64, |m, c| {
            m | match &c.value {
                CoordValue::Var { var, .. } => 1u64 << var,
                CoordValue::Expr(x) => reads(x),
            }
        }),
        SExpr::Uniform { .. } | SExpr::Const(_) | SExpr::Acc(_) | SExpr::Acc2 => 0,
        SExpr::Unary { arg, .. } | SExpr::Cast { arg, .. } => reads(arg),
        SExpr::Binary { lhs, rhs, .. } => reads(lhs) | reads(rhs),
        SExpr::Select { cond, on_true, on_false } => reads(cond) | reads(on_true) | reads(on_false),
    }
}

/// How the variables split between the two factors.
struct Split {
    /// Variables of each role, in the space's order, with their extents.
    batch: Vec<(usize, usize)>,
    rows: Vec<(usize, usize)>,
    cols: Vec<(usize, usize)>,
    k: Vec<(usize, usize)>,
}

impl Split {
    fn extent(vars: &[(usize, usize)]) -> usize {
        vars.iter().map(|&(_, e)| e).product()
    }
}

/// `out` (f32, row-major over `extents`) as the sum of a product, if `value` is one and the
/// split pays: `false` (nothing written) otherwise.
pub fn run(env: &Env<'_>, extents: &[usize], red: &Reduction, value: &SExpr, dst: &mut OutSlice<'_>) -> bool {
    let (ReduceOp::Sum | ReduceOp::Mean, SExpr::Binary { op: BinaryOp::Mul, lhs, rhs }) = (red.op, value) else {
        return false;
    };
    let space: Vec<usize> = extents.iter().chain(&red.extents).copied().collect();
    if value.ty() != Ty::F32 || space.len() > 64 || dst.as_f32().is_none() {
        return false;
    }
    let (ra, rb) = (reads(lhs), reads(rhs));
    let mut split = Split { batch: Vec::new(), rows: Vec::new(), cols: Vec::new(), k: Vec::new() };
    for (d, &e) in space.iter().enumerate() {
        let (in_a, in_b) = (ra >> d & 1 == 1, rb >> d & 1 == 1);
        let role = match (d < extents.len(), in_a, in_b) {
            (false, _, _) => &mut split.k,
            (true, true, true) => &mut split.batch,
            (true, false, true) => &mut split.cols,
            // Read by `a` alone, or by neither (`a` is then evaluated along it, equal values).
            (true, true, false) | (true, false, false) => &mut split.rows,
        };
        role.push((d, e));
    }
    let (nb, m, n, k) =
        (Split::extent(&split.batch), Split::extent(&split.rows), Split::extent(&split.cols), Split::extent(&split.k));
    let out_len = product(extents);
    // The factors' evaluations against the body's at every (output, reduction) point.
    let factored = nb.saturating_mul(k).saturating_mul(m.saturating_add(n));
    // Below `SEQUENTIAL_POINTS` every backend folds in the same sequence (docs/semantics.md).
    if out_len == 0 || k < SEQUENTIAL_POINTS || factored.saturating_mul(4) > out_len.saturating_mul(k) {
        return false;
    }
    // The factors as matrices must fit beside the output (an im2col of a large input may not).
    if nb.saturating_mul(k).saturating_mul(m.max(n)) > MAX_FACTOR {
        return false;
    }
    let a = evaluate(env, lhs, &space, &[&split.batch, &split.rows, &split.k]);
    let b = evaluate(env, rhs, &space, &[&split.batch, &split.k, &split.cols]);
    let mut c = vec![0.0f32; nb * m * n];
    let flat = |rows: usize, cols: usize| -> Option<(Batch, MatLayout)> {
        let layout = MatLayout::new(0, cols as isize, 1).with_batch_strides(&[(rows * cols) as isize]).ok()?;
        Some((Batch::new(&[nb]).ok()?, layout))
    };
    let (Some((batch, la)), Some((_, lb)), Some((_, lc))) = (flat(m, k), flat(k, n), flat(m, n)) else { return false };
    let dims = GemmDims { batch, m, k, n };
    if fast::gemm(&dims, 1.0, View::new(&a, la), View::new(&b, lb), 0.0, ViewMut::new(&mut c, lc)).is_err() {
        return false;
    }
    let scale = if red.op == ReduceOp::Mean { 1.0 / k as f32 } else { 1.0 };
    let Some(out) = dst.as_f32() else { return false };
    // Each output point's (batch, row, column) in the product.
    let place = |vars: &[(usize, usize)], idx: &[usize]| vars.iter().fold(0, |acc, &(d, e)| acc * e + idx[d]);
    out.par_chunks_mut(BLOCK).enumerate().for_each(|(blk, part)| {
        let mut idx = unflatten(extents, blk * BLOCK);
        for x in part.iter_mut() {
            let (bi, ri, ci) = (place(&split.batch, &idx), place(&split.rows, &idx), place(&split.cols, &idx));
            *x = c[(bi * m + ri) * n + ci] * scale;
            step(extents, &mut idx);
        }
    });
    true
}

/// `e` over the variables `groups` (in that order, row-major; every other variable 0) as f32.
fn evaluate(env: &Env<'_>, e: &SExpr, space: &[usize], groups: &[&Vec<(usize, usize)>]) -> Vec<f32> {
    let order: Vec<(usize, usize)> = groups.iter().flat_map(|g| g.iter().copied()).collect();
    let local: Vec<usize> = order.iter().map(|&(_, e)| e).collect();
    let mut out = vec![0.0f32; product(&local)];
    out.par_chunks_mut(BLOCK).enumerate().for_each(|(blk, part)| {
        // Variables outside `order` stay 0; those in it are filled point by point.
        let mut vars = vec![vec![0u32; part.len()]; space.len()];
        order.iter().for_each(|&(d, _)| vars[d].clear());
        let mut idx = unflatten(&local, blk * BLOCK);
        for _ in 0..part.len() {
            for (slot, &(d, _)) in order.iter().enumerate() {
                vars[d].push(idx[slot] as u32);
            }
            step(&local, &mut idx);
        }
        let col = env.eval(e, &Block::explicit(vars, part.len()), None);
        part.iter_mut().enumerate().for_each(|(p, x)| *x = col.get(p).f());
    });
    out
}

/// The row-major index of point `flat` of `extents`.
fn unflatten(extents: &[usize], mut flat: usize) -> Vec<usize> {
    let mut idx = vec![0; extents.len()];
    for (i, &e) in idx.iter_mut().zip(extents).rev() {
        *i = flat % e.max(1);
        flat /= e.max(1);
    }
    idx
}

/// The next point in row-major order.
fn step(extents: &[usize], idx: &mut [usize]) {
    for (i, &e) in idx.iter_mut().zip(extents).rev() {
        *i += 1;
        if *i < e {
            return;
        }
        *i = 0;
    }
}
