//! Matmul templates (f32 accumulation, operands and epilogue as kernel expressions, batched):
//! a skinny kernel for few rows (every weight read once: the decode case), a square
//! shared-memory tile, and (in `matmul_blocked`) the register-blocked tile for large products.

use super::geometry::{matmul_variant, MatmulVariant, SKINNY_COLS};
use super::matmul_blocked::blocked;
use super::{unflatten, Writer};
use crate::elem::Ty;
use crate::ir::{contiguous_strides, MatmulBody};

/// Splits `group` into the batch index (unflattened into `b{d}` variables) and the group
/// within the batch entry (`tile`). Returns the batch variables.
pub(super) fn batch_split(w: &mut Writer<'_>, m: &MatmulBody, per_batch: u64) -> Vec<String> {
    let total = m.batch.iter().map(|&e| e as u64).product::<u64>() * per_batch;
    w.if_(&format!("group >= {}", w.u(total)));
    w.line("return;");
    w.close();
    w.let_idx("bidx", &format!("group / {}", w.u(per_batch)));
    w.let_idx("tile", &format!("group % {}", w.u(per_batch)));
    unflatten(w, "bidx", &m.batch, "b")
}

/// Index variables of a space `[batch.., x, y]`.
pub(super) fn vars(batch: &[String], x: &str, y: &str) -> Vec<String> {
    let mut v = batch.to_vec();
    v.push(x.into());
    v.push(y.into());
    v
}

/// Stores `acc` (the product at `(i, j)`, batch entry `bidx`) through the epilogue (the GEMM
/// kernels' epilogue functions print it too).
pub(super) fn epilogue(w: &mut Writer<'_>, m: &MatmulBody, bvars: &[String]) {
    let mut space = m.batch.clone();
    space.extend([m.m, m.n]);
    w.own_strides = Some(contiguous_strides(&space));
    let flat = format!("((bidx * {} + i) * {} + j)", w.u(m.m as u64), w.u(m.n as u64));
    let v = w.expr(&m.epilogue, &vars(bvars, "i", "j"), Some(&flat), "acc");
    w.store(m.out, &flat, &v);
}

pub(super) fn matmul(w: &mut Writer<'_>, m: &MatmulBody) {
    match matmul_variant(m, &w.sched) {
        MatmulVariant::Skinny => skinny(w, m),
        MatmulVariant::Blocked(tile) => blocked(w, m, tile),
        MatmulVariant::Tiled(t) => tiled(w, m, t),
    }
}

/// Each workgroup owns `SKINNY_COLS` output columns of every row and splits K into
/// `threads / SKINNY_COLS` slices; partial sums meet in workgroup memory.
fn skinny(w: &mut Writer<'_>, m: &MatmulBody) {
    let (cols, slices) = (SKINNY_COLS, w.threads / SKINNY_COLS);
    let rows = m.m;
    w.shared("red", Ty::F32, w.threads as usize * rows);
    let per_batch = (m.n as u64).div_ceil(cols as u64);
    let bvars = batch_split(w, m, per_batch);
    w.let_idx("col", &w.idx(&format!("lid % {cols}u")));
    w.let_idx("ks", &w.idx(&format!("lid / {cols}u")));
    w.let_idx("j", &format!("tile * {} + col", w.u(cols as u64)));
    for r in 0..rows {
        w.var(&format!("p{r}"), Ty::F32, "0.0f");
    }
    w.if_(&format!("j < {}", w.u(m.n as u64)));
    w.for_("kk", "ks", &w.u(m.k as u64), &w.u(slices as u64));
    let bv = w.expr(&m.b, &vars(&bvars, "kk", "j"), None, "");
    w.let_("bv", Ty::F32, &bv);
    for r in 0..rows {
        let av = w.expr(&m.a, &vars(&bvars, &w.u(r as u64), "kk"), None, "");
        w.assign(&format!("p{r}"), &format!("p{r} + {av} * bv"));
    }
    w.close();
    w.close();
    for r in 0..rows {
        w.line(format!("red[(u32(ks) * {rows}u + {r}u) * {cols}u + u32(col)] = p{r};"));
    }
    w.barrier();
    w.if_(&format!("ks == {} && j < {}", w.u(0), w.u(m.n as u64)));
    w.for_("i", &w.u(0), &w.u(rows as u64), &w.u(1));
    w.var("acc", Ty::F32, "0.0f");
    w.for_unrolled("q", slices as usize);
    w.assign("acc", &format!("acc + red[(q * {rows}u + u32(i)) * {cols}u + u32(col)]"));
    w.close();
    epilogue(w, m, &bvars);
    w.close();
    w.close();
}

/// A `t × t` output tile per workgroup, one output per invocation, K in steps of `t`.
fn tiled(w: &mut Writer<'_>, m: &MatmulBody, t: u32) {
    w.shared("ta", Ty::F32, (t * t) as usize);
    w.shared("tb", Ty::F32, (t * t) as usize);
    let tiles_n = (m.n as u64).div_ceil(t as u64);
    let tiles_m = (m.m as u64).div_ceil(t as u64);
    let bvars = batch_split(w, m, tiles_m * tiles_n);
    w.let_idx("tm", &format!("tile / {}", w.u(tiles_n)));
    w.let_idx("tn", &format!("tile % {}", w.u(tiles_n)));
    w.let_idx("ly", &w.idx(&format!("lid / {t}u")));
    w.let_idx("lx", &w.idx(&format!("lid % {t}u")));
    w.let_idx("i", &format!("tm * {} + ly", w.u(t as u64)));
    w.let_idx("j", &format!("tn * {} + lx", w.u(t as u64)));
    w.var("sum", Ty::F32, "0.0f");
    w.for_("k0", &w.u(0), &w.u(m.k as u64), &w.u(t as u64));
    w.let_idx("ka", "k0 + lx");
    w.var("va", Ty::F32, "0.0f");
    w.if_(&format!("i < {} && ka < {}", w.u(m.m as u64), w.u(m.k as u64)));
    let av = w.expr(&m.a, &vars(&bvars, "i", "ka"), None, "");
    w.assign("va", &av);
    w.close();
    w.line("ta[lid] = va;");
    w.let_idx("kb", "k0 + ly");
    w.var("vb", Ty::F32, "0.0f");
    w.if_(&format!("kb < {} && j < {}", w.u(m.k as u64), w.u(m.n as u64)));
    let bv = w.expr(&m.b, &vars(&bvars, "kb", "j"), None, "");
    w.assign("vb", &bv);
    w.close();
    w.line("tb[lid] = vb;");
    w.barrier();
    w.for_unrolled("kk", t as usize);
    w.assign("sum", &format!("sum + ta[u32(ly) * {t}u + kk] * tb[kk * {t}u + u32(lx)]"));
    w.close();
    w.barrier();
    w.close();
    w.let_("acc", Ty::F32, "sum");
    w.if_(&format!("i < {} && j < {}", w.u(m.m as u64), w.u(m.n as u64)));
    epilogue(w, m, &bvars);
    w.close();
}
