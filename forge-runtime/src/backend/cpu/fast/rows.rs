//! Row kernels over a contiguous block of `[rows, cols]` f32 values: reductions, argmax,
//! softmax and the norms, one row at a time in [`super::reduce`]'s order.
//!
//! These run on the calling thread: the CPU backend cuts a kernel's rows into groups and runs
//! the groups in parallel, so that evaluating a non-trivial input and the epilogue happen in the
//! same task as the row maths. Everything is f32, so overflow behaves as on a GPU: a row of 3e38
//! has an infinite sum of squares and `rms_norm` returns 0 for it.

use super::super::scalar::{arith_f32, Value};
use super::layout::mul;
use super::{expect_len, reduce, Result};
use crate::elem::Ty;
use crate::graph::ops::{Finish, ReduceOp};
use crate::ir::NormKind;

/// Checks `x` against `rows × cols`.
fn check_input(op: &'static str, rows: usize, cols: usize, x: &[f32]) -> Result<usize> {
    let elems = mul(op, rows, cols)?;
    expect_len(op, elems, x.len())?;
    Ok(elems)
}

/// The rows of `x` (`rows` of them even when `cols == 0`).
fn row_iter(rows: usize, cols: usize, x: &[f32]) -> impl Iterator<Item = &[f32]> {
    (0..rows).map(move |r| &x[r * cols..(r + 1) * cols])
}

/// `out[r] = op(x[r, ..])`, folded by [`ReduceOp::combine`] from its identity (an empty row
/// gives the identity; an empty mean 0 / 0 = NaN).
pub fn reduce_rows(op: ReduceOp, rows: usize, cols: usize, x: &[f32], out: &mut [f32]) -> Result<()> {
    check_input("row reduction input", rows, cols, x)?;
    expect_len("row reduction output", rows, out.len())?;
    let n = cols as f32;
    let (combine, identity) = (op.combine(), Value::of(op.identity(Ty::F32)).f());
    for (o, r) in out.iter_mut().zip(row_iter(rows, cols, x)) {
        let folded = match op {
            // Blocked-pairwise and 8-lane folds: the same results, vectorised.
            ReduceOp::Sum | ReduceOp::Mean => reduce::sum(r),
            ReduceOp::Max => reduce::max(r),
            ReduceOp::Prod | ReduceOp::Min => {
                r.iter().fold(identity, |a, &b| arith_f32(combine, a, b).unwrap_or(f32::NAN))
            }
        };
        *o = match op.finish() {
            Finish::Folded => folded,
            Finish::DivideByCount => folded / n,
        };
    }
    Ok(())
}

/// `out[r]` = the first index of the largest element of row `r` (see [`reduce::argmax`]).
pub fn argmax_rows(rows: usize, cols: usize, x: &[f32], out: &mut [u32]) -> Result<()> {
    check_input("argmax input", rows, cols, x)?;
    expect_len("argmax output", rows, out.len())?;
    for (o, r) in out.iter_mut().zip(row_iter(rows, cols, x)) {
        *o = reduce::argmax(r);
    }
    Ok(())
}

/// Row softmax of `x` into `out` (same shape); see [`reduce::softmax_row`] for NaN rows.
pub fn softmax_rows(rows: usize, cols: usize, x: &[f32], out: &mut [f32]) -> Result<()> {
    let elems = check_input("softmax input", rows, cols, x)?;
    expect_len("softmax output", elems, out.len())?;
    out.copy_from_slice(x);
    if cols > 0 {
        out.chunks_mut(cols).for_each(reduce::softmax_row);
    }
    Ok(())
}

/// The parameters of a normalisation: `gain` and `bias` hold either one row (`cols` values,
/// shared by every row) or one row per row of the input (`rows × cols`).
#[derive(Debug, Clone, Copy)]
pub struct NormRows<'a> {
    pub kind: NormKind,
    pub gain: &'a [f32],
    /// Layer norm only; `None` adds nothing.
    pub bias: Option<&'a [f32]>,
    pub eps: f32,
}

impl NormRows<'_> {
    /// Row `r` of a parameter (validated to hold `cols` or `rows × cols` values).
    fn param(p: &[f32], r: usize, cols: usize) -> &[f32] {
        if p.len() == cols {
            p
        } else {
            &p[r * cols..(r + 1) * cols]
        }
    }
}

/// Normalises each row: RMS `x · inv · g` with `inv = 1 / sqrt(Σx² / n + eps)`, or layer norm
/// `(x − mean) · inv · g (+ b)` with `mean = Σx / n`, `inv = 1 / sqrt(Σ(x − mean)² / n + eps)`
/// (two passes, biased variance) — the GPU templates' formulas.
pub fn norm_rows(p: &NormRows<'_>, rows: usize, cols: usize, x: &[f32], out: &mut [f32]) -> Result<()> {
    let elems = check_input("norm input", rows, cols, x)?;
    expect_len("norm output", elems, out.len())?;
    let param_ok = |len: usize| len == cols || len == elems;
    if !param_ok(p.gain.len()) {
        expect_len("norm gain", cols, p.gain.len())?;
    }
    if let Some(b) = p.bias.filter(|b| !param_ok(b.len())) {
        expect_len("norm bias", cols, b.len())?;
    }
    if cols == 0 {
        return Ok(());
    }
    let n = cols as f32;
    for (r, (xr, o)) in row_iter(rows, cols, x).zip(out.chunks_mut(cols)).enumerate() {
        let g = NormRows::param(p.gain, r, cols);
        match p.kind {
            NormKind::Rms => {
                let inv = 1.0 / (reduce::sum_map(xr, |v| v * v) / n + p.eps).sqrt();
                for ((o, &v), &g) in o.iter_mut().zip(xr).zip(g) {
                    *o = v * inv * g;
                }
            }
            NormKind::Layer => {
                let mean = reduce::sum(xr) / n;
                let inv = 1.0 / (reduce::sum_map(xr, |v| (v - mean) * (v - mean)) / n + p.eps).sqrt();
                match p.bias {
                    Some(b) => {
                        let b = NormRows::param(b, r, cols);
                        for (((o, &v), &g), &b) in o.iter_mut().zip(xr).zip(g).zip(b) {
                            *o = (v - mean) * inv * g + b;
                        }
                    }
                    None => {
                        for ((o, &v), &g) in o.iter_mut().zip(xr).zip(g) {
                            *o = (v - mean) * inv * g;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
