//! Element expressions over a whole space, block by block in parallel: the epilogues of
//! products and attention (reading their `Acc`), and plain evaluation into f32. Shared by the
//! kernel runner and the product and row kernels.

use super::col::Col;
use super::eval::{Acc, Block, Env};
use super::store::OutSlice;
use crate::ir::SExpr;
use rayon::prelude::*;

/// Points per block of elementwise evaluation (one rayon task each).
pub const BLOCK: usize = 2048;

pub fn product(extents: &[usize]) -> usize {
    extents.iter().product()
}

/// `leading` with `cols` appended.
pub fn with(leading: &[usize], cols: usize) -> Vec<usize> {
    let mut v = leading.to_vec();
    v.push(cols);
    v
}

/// The epilogue `e` over `space`, whose `Acc` is `acc` (row-major over `space`), into `dst`.
/// A bare `Acc` is copied.
pub fn epilogue(env: &Env<'_>, e: &SExpr, space: &[usize], acc: &[f32], dst: OutSlice<'_>) {
    if let SExpr::Acc(_) = e {
        dst.chunks(BLOCK * 8).into_par_iter().enumerate().for_each(|(i, mut d)| {
            let start = i * BLOCK * 8;
            d.write_f32(&acc[start..start + d.len()]);
        });
        return;
    }
    dst.chunks(BLOCK).into_par_iter().enumerate().for_each(|(i, mut d)| {
        let start = i * BLOCK;
        let acc = Acc::F(&acc[start..start + d.len()]);
        d.write(&env.eval(e, &Block::range(space, start, d.len()), Some(acc)));
    });
}

/// The epilogue `e` of a paired product over `space` (`Acc` is `acc`, `Acc2` is `acc2`, both
/// row-major over `space`), into `dst`.
pub fn epilogue_pair(env: &Env<'_>, e: &SExpr, space: &[usize], acc: &[f32], acc2: &[f32], dst: OutSlice<'_>) {
    dst.chunks(BLOCK).into_par_iter().enumerate().for_each(|(i, mut d)| {
        let r = i * BLOCK..i * BLOCK + d.len();
        let pair = Acc::Pair(&acc[r.clone()], &acc2[r.clone()]);
        d.write(&env.eval(e, &Block::range(space, r.start, d.len()), Some(pair)));
    });
}

/// The epilogue `e` over `space` applied in place: `out` holds `Acc` and receives the result
/// (each block reads its own `Acc` values before it overwrites them). The expression must not
/// read `out`'s memory (the caller took it out of the plan's memory).
pub fn epilogue_in_place(env: &Env<'_>, e: &SExpr, space: &[usize], out: &mut [f32]) {
    if let SExpr::Acc(_) = e {
        return;
    }
    out.par_chunks_mut(BLOCK).enumerate().for_each(|(i, d)| {
        let acc = d.to_vec();
        match env.eval(e, &Block::range(space, i * BLOCK, d.len()), Some(Acc::F(&acc))) {
            Col::F(v) => d.copy_from_slice(&v),
            col => d.iter_mut().enumerate().for_each(|(p, x)| *x = col.get(p).f()),
        }
    });
}

/// `e` over all of `space` as contiguous f32 values (row-major), evaluated in parallel.
pub fn eval_f32(env: &Env<'_>, e: &SExpr, space: &[usize]) -> Vec<f32> {
    let mut out = vec![0.0f32; product(space)];
    out.par_chunks_mut(BLOCK).enumerate().for_each(|(i, d)| {
        match env.eval(e, &Block::range(space, i * BLOCK, d.len()), None) {
            Col::F(v) => d.copy_from_slice(&v),
            col => d.iter_mut().enumerate().for_each(|(p, x)| *x = col.get(p).f()),
        }
    });
    out
}
