//! Row kernels (`Row`, `Softmax`, `Norm`) on the host: rows are cut into groups of about
//! [`TASK_ELEMS`] elements, one rayon task per group. A task takes its input rows straight from
//! host memory when the input is a plain contiguous f32 load (else it evaluates the input for
//! its rows), runs the fast row kernel ([`super::fast`]), then writes the epilogue.

use super::col::Col;
use super::epilogue::{product, with};
use super::eval::{Acc, Block, Env};
use super::fast::{self, NormRows};
use super::store::{OutSlice, Store};
use crate::error::Result;
use crate::ir::{contiguous_strides, KernelBody, RowOp, SExpr};
use rayon::prelude::*;
use std::borrow::Cow;

/// Elements per task (rows are never split).
const TASK_ELEMS: usize = 16 * 1024;

/// The f32 values a plain load reads over `space` when they are contiguous in memory (strides
/// row-major, ignoring dims of extent 1): the slice of all of them.
pub fn contiguous_f32<'a>(env: &Env<'a>, e: &SExpr, space: &[usize]) -> Option<&'a [f32]> {
    let (arg, strides) = e.as_load()?;
    let want = contiguous_strides(space);
    if strides.len() != space.len() || space.iter().zip(strides).zip(&want).any(|((&n, s), w)| n > 1 && s != w) {
        return None;
    }
    let a = env.spec.args.get(arg)?;
    let Store::F32(v) = env.mem.get(a.buffer)? else { return None };
    v.get(a.offset..a.offset.checked_add(product(space))?)
}

/// A per-row parameter (norm gain or bias) over `[leading.., cols]` that is a plain f32 load
/// broadcast over the rows: its one row of `cols` values.
fn broadcast_row<'a>(env: &Env<'a>, e: &SExpr, leading: &[usize], cols: usize) -> Option<&'a [f32]> {
    let (arg, strides) = e.as_load()?;
    let (last, lead) = strides.split_last()?;
    if lead.len() != leading.len()
        || lead.iter().zip(leading).any(|(&s, &n)| n > 1 && s != 0)
        || (cols > 1 && *last != 1)
    {
        return None;
    }
    let a = env.spec.args.get(arg)?;
    let Store::F32(v) = env.mem.get(a.buffer)? else { return None };
    v.get(a.offset..a.offset.checked_add(cols)?)
}

/// A norm parameter for the task's rows: shared, direct, or evaluated.
#[derive(Clone, Copy)]
enum Param<'a> {
    /// One row shared by all rows.
    Row(&'a [f32]),
    /// All rows, contiguous (the task takes its part).
    All(&'a [f32]),
    /// Evaluated per task.
    Eval(&'a SExpr),
}

impl<'a> Param<'a> {
    fn new(env: &Env<'a>, e: &'a SExpr, leading: &[usize], cols: usize) -> Param<'a> {
        let space = with(leading, cols);
        if let Some(r) = broadcast_row(env, e, leading, cols) {
            Param::Row(r)
        } else if let Some(all) = contiguous_f32(env, e, &space) {
            Param::All(all)
        } else {
            Param::Eval(e)
        }
    }

    /// Values for rows `r0 .. r0 + rows` (one row when shared).
    fn rows(self, env: &Env<'_>, space: &[usize], r0: usize, rows: usize) -> Cow<'a, [f32]> {
        let cols = space.last().copied().unwrap_or(1);
        match self {
            Param::Row(r) => Cow::Borrowed(r),
            Param::All(all) => Cow::Borrowed(&all[r0 * cols..(r0 + rows) * cols]),
            Param::Eval(e) => Cow::Owned(env.eval(e, &Block::range(space, r0 * cols, rows * cols), None).floats()),
        }
    }
}

/// One row kernel into `dst` (`leading` values for `Row`, `leading × cols` otherwise).
pub fn run(env: &Env<'_>, body: &KernelBody, dst: OutSlice<'_>) -> Result<()> {
    let (leading, cols, input, epilogue) = match body {
        KernelBody::Row { leading, cols, input, epilogue, .. }
        | KernelBody::Softmax { leading, cols, input, epilogue, .. }
        | KernelBody::Norm { leading, cols, input, epilogue, .. } => (leading, *cols, input, epilogue),
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => return Err(crate::error::Error::Internal("not a row kernel".into())),
    };
    let space = with(leading, cols);
    let direct = contiguous_f32(env, input, &space);
    let per_row = matches!(body, KernelBody::Row { .. });
    let out_cols = if per_row { 1 } else { cols };
    if out_cols == 0 {
        return Ok(()); // softmax / norm of empty rows: nothing to write
    }
    let norm = match body {
        KernelBody::Norm { kind, gain, bias, eps, .. } => Some((
            *kind,
            Param::new(env, gain, leading, cols),
            bias.as_ref().map(|b| Param::new(env, b, leading, cols)),
            env.eval(eps, &Block::point(&[]), None).get(0).f(),
        )),
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => None,
    };
    let group = TASK_ELEMS.div_ceil(cols.max(1));
    dst.chunks(group * out_cols).into_par_iter().enumerate().try_for_each(|(g, mut d)| -> Result<()> {
        let (r0, rows) = (g * group, d.len() / out_cols);
        let x: Cow<'_, [f32]> = match direct {
            Some(x) => Cow::Borrowed(&x[r0 * cols..(r0 + rows) * cols]),
            None => Cow::Owned(env.eval(input, &Block::range(&space, r0 * cols, rows * cols), None).floats()),
        };
        let mut acc = vec![0.0f32; rows * out_cols];
        match body {
            KernelBody::Row { op: RowOp::Argmax, .. } => {
                let mut idx = vec![0u32; rows];
                fast::argmax_rows(rows, cols, &x, &mut idx)?;
                if let SExpr::Acc(_) = epilogue {
                    d.write(&Col::U(idx));
                } else {
                    d.write(&env.eval(epilogue, &Block::range(leading, r0, rows), Some(Acc::U(&idx))));
                }
                return Ok(());
            }
            KernelBody::Row { op: RowOp::Reduce(op), .. } => {
                fast::reduce_rows(*op, rows, cols, &x, &mut acc)?;
            }
            KernelBody::Softmax { .. } => fast::softmax_rows(rows, cols, &x, &mut acc)?,
            KernelBody::Map { .. }
            | KernelBody::Index { .. }
            | KernelBody::Norm { .. }
            | KernelBody::Matmul(_)
            | KernelBody::Attention(_)
            | KernelBody::Scatter(_)
            | KernelBody::Raw(_)
            | KernelBody::Rows(_) => {
                if let Some((kind, gain, bias, eps)) = norm {
                    let gain = gain.rows(env, &space, r0, rows);
                    let bias = bias.map(|b| b.rows(env, &space, r0, rows));
                    let p = NormRows { kind, gain: &gain, bias: bias.as_deref(), eps };
                    fast::norm_rows(&p, rows, cols, &x, &mut acc)?;
                }
            }
        }
        if let SExpr::Acc(_) = epilogue {
            d.write_f32(&acc);
        } else {
            let blk =
                if per_row { Block::range(leading, r0, rows) } else { Block::range(&space, r0 * cols, rows * cols) };
            d.write(&env.eval(epilogue, &blk, Some(Acc::F(&acc))));
        }
        Ok(())
    })
}
