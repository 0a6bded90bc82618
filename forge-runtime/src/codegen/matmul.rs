//! Matmul templates (f32 accumulation, operands and epilogue as kernel expressions, batched):
//! the parts they share and a square shared-memory tile here, the skinny kernel for few rows (`matmul_skinny`: every
//! weight read once, the decode case) and the register-blocked tile for large products
//! (`matmul_blocked`).
//! Trailing batch dims that B does not depend on fold into the rows ([`Rows`]).

use super::geometry::{folded_batch_dims, matmul_rows};
use super::{unflatten, Writer};
use crate::elem::Ty;
use crate::ir::{contiguous_strides, MatmulBody};

/// Where a template's rows find their batch entry.
pub(super) enum Rows {
    /// Every batch dim is a slice of the grid (batch variables `b{d}`, the same for every row
    /// of the workgroup; a row is `i`).
    Entry(Vec<String>),
    /// Trailing batch dims fold into the rows ([`folded_batch_dims`]): `rows` rows, each row
    /// its own batch entry ([`Rows::split`]); `outer` says whether `obidx` (the unfolded
    /// batch entry) exists; `per` entries fold into one; `b_batch` are B's batch variables.
    Folded { rows: u64, per: u64, outer: bool, b_batch: Vec<String> },
}

impl Rows {
    /// Batch variables B is read with: B does not depend on the folded dims, which read 0 (a
    /// row past the last would name the next entry, and B is staged for every row).
    pub fn b_vars(&self) -> &[String] {
        match self {
            Rows::Entry(bvars) | Rows::Folded { b_batch: bvars, .. } => bvars,
        }
    }

    /// Rows of the (folded) product.
    pub fn count(&self, m: &MatmulBody) -> u64 {
        match self {
            Rows::Entry(_) => m.m as u64,
            Rows::Folded { rows, .. } => *rows,
        }
    }

    /// Lets row `r{s}` = `row` (`i{s}` without folding) and splits it ([`Rows::split`]).
    /// Returns the row variable (to compare with [`Rows::count`]), the row within its batch
    /// entry and the batch variables.
    pub fn row(&self, w: &mut Writer<'_>, m: &MatmulBody, row: &str, s: &str) -> (String, String, Vec<String>) {
        match self {
            Rows::Entry(bvars) => {
                let i = format!("i{s}");
                w.let_idx(&i, row);
                (i.clone(), i, bvars.clone())
            }
            Rows::Folded { .. } => {
                let r = format!("r{s}");
                w.let_idx(&r, row);
                let (i, bvars) = self.split(w, m, &r, s);
                (r, i, bvars)
            }
        }
    }

    /// Row variable `r` of a folded product as row `i{s}` of batch entry `bidx{s}` (unflattened
    /// into `b{s}{d}`); returns `i{s}` and the batch variables. Without folding `r` is the row.
    pub fn split(&self, w: &mut Writer<'_>, m: &MatmulBody, r: &str, s: &str) -> (String, Vec<String>) {
        let (per, outer) = match self {
            Rows::Entry(bvars) => return (r.to_string(), bvars.clone()),
            Rows::Folded { per, outer, .. } => (*per, *outer),
        };
        let (i, bidx, mm) = (format!("i{s}"), format!("bidx{s}"), w.u(m.m as u64));
        w.let_idx(&i, &format!("{r} % {mm}"));
        let entry = if outer { format!("obidx * {} + {r} / {mm}", w.u(per)) } else { format!("{r} / {mm}") };
        w.let_idx(&bidx, &entry);
        let bvars = unflatten(w, &bidx, &m.batch, &format!("b{s}"));
        (i, bvars)
    }
}

/// Splits `group` into the batch entry and the group within it (`tile`); `per_batch` groups
/// cover one entry's (folded, [`matmul_rows`]) rows.
pub(super) fn batch_split(w: &mut Writer<'_>, m: &MatmulBody, per_batch: u64) -> Rows {
    let (entries, rows) = matmul_rows(m);
    w.if_(&format!("group >= {}", w.u(entries * per_batch)));
    w.line("return;");
    w.close();
    let folds = folded_batch_dims(m);
    if folds == 0 {
        w.let_idx("bidx", &format!("group / {}", w.u(per_batch)));
        w.let_idx("tile", &format!("group % {}", w.u(per_batch)));
        return Rows::Entry(unflatten(w, "bidx", &m.batch, "b"));
    }
    let outer = m.batch.len() - folds;
    let mut b_batch = Vec::new();
    if outer > 0 {
        w.let_idx("obidx", &format!("group / {}", w.u(per_batch)));
        w.let_idx("tile", &format!("group % {}", w.u(per_batch)));
        b_batch = unflatten(w, "obidx", &m.batch[..outer], "ob");
    } else {
        w.let_idx("tile", "group");
    }
    b_batch.resize(m.batch.len(), w.u(0));
    Rows::Folded { rows, per: rows / m.m.max(1) as u64, outer: outer > 0, b_batch }
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
    if !m.split_store {
        w.store(m.out, &flat, &v);
        return;
    }
    // Rows of `[hi | lo | hi]`, three times as wide.
    let n = m.n as u64;
    let base = format!("((bidx * {} + i) * {} + j)", w.u(m.m as u64), w.u(3 * n));
    w.store_split(m.out, &base, n, &v);
}

/// A `t × t` output tile per workgroup, one output per invocation, K in steps of `t`.
pub(super) fn tiled(w: &mut Writer<'_>, m: &MatmulBody, t: u32) {
    w.shared("ta", Ty::F32, (t * t) as usize);
    w.shared("tb", Ty::F32, (t * t) as usize);
    let tiles_n = (m.n as u64).div_ceil(t as u64);
    let tiles_m = matmul_rows(m).1.div_ceil(t as u64);
    let rows_of = batch_split(w, m, tiles_m * tiles_n);
    let rows = w.u(rows_of.count(m));
    w.let_idx("tm", &format!("tile / {}", w.u(tiles_n)));
    w.let_idx("tn", &format!("tile % {}", w.u(tiles_n)));
    w.let_idx("ly", &w.idx(&format!("lid / {t}u")));
    w.let_idx("lx", &w.idx(&format!("lid % {t}u")));
    let (r, i, bvars) = rows_of.row(w, m, &format!("tm * {} + ly", w.u(t as u64)), "");
    w.let_idx("j", &format!("tn * {} + lx", w.u(t as u64)));
    w.var("sum", Ty::F32, "0.0f");
    w.for_("k0", &w.u(0), &w.u(m.k as u64), &w.u(t as u64));
    w.let_idx("ka", "k0 + lx");
    w.var("va", Ty::F32, "0.0f");
    w.if_(&format!("{r} < {rows} && ka < {}", w.u(m.k as u64)));
    let av = w.expr(&m.a, &vars(&bvars, &i, "ka"), None, "");
    w.assign("va", &av);
    w.close();
    w.line("ta[lid] = va;");
    w.let_idx("kb", "k0 + ly");
    w.var("vb", Ty::F32, "0.0f");
    w.if_(&format!("kb < {} && j < {}", w.u(m.k as u64), w.u(m.n as u64)));
    let bv = w.expr(&m.b, &vars(rows_of.b_vars(), "kb", "j"), None, "");
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
    w.if_(&format!("{r} < {rows} && j < {}", w.u(m.n as u64)));
    epilogue(w, m, &bvars);
    w.close();
}
