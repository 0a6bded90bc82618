//! Matmul templates (f32 accumulation, operands and epilogue as kernel expressions, batched):
//! a skinny kernel for few rows (every weight read once: the decode case), a square
//! shared-memory tile, and (in `matmul_blocked`) the register-blocked tile for large products.
//! Trailing batch dims that B does not depend on fold into the rows ([`Rows`]).

use super::geometry::{folded_batch_dims, matmul_rows, matmul_variant, MatmulVariant, SKINNY_COLS};
use super::matmul_blocked::blocked;
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
    w.store(m.out, &flat, &v);
}

pub(super) fn matmul(w: &mut Writer<'_>, m: &MatmulBody) {
    match matmul_variant(m, &w.spec.args, &w.sched) {
        MatmulVariant::Skinny => skinny(w, m),
        MatmulVariant::Coop(t) => super::matmul_coop::coop(w, m, t),
        MatmulVariant::Blocked(tile) => blocked(w, m, tile),
        MatmulVariant::Tiled(t) => tiled(w, m, t),
    }
}

/// Each workgroup owns `SKINNY_COLS` output columns of every row and splits K into
/// `threads / SKINNY_COLS` slices; partial sums meet in workgroup memory. A paired product
/// (`b2`) keeps a second set of sums (`q`, `red2`, `acc2`) beside the first; a folded RMS norm
/// (`rms`) multiplies A by the gain as it loads it and sums each row's squares (`s`, met in
/// `red3` from the first column's invocations: every column sees the same rows).
fn skinny(w: &mut Writer<'_>, m: &MatmulBody) {
    let (cols, slices) = (SKINNY_COLS, w.threads / SKINNY_COLS);
    let per_batch = (m.n as u64).div_ceil(cols as u64);
    let rows_of = batch_split(w, m, per_batch);
    let rows = rows_of.count(m) as usize;
    let paired = m.b2.is_some();
    w.shared("red", Ty::F32, w.threads as usize * rows);
    if paired {
        w.shared("red2", Ty::F32, w.threads as usize * rows);
    }
    if m.rms.is_some() {
        w.shared("red3", Ty::F32, slices as usize * rows);
    }
    // Each row's (row within its batch entry, batch variables).
    let split: Vec<(String, Vec<String>)> = (0..rows)
        .map(|r| match &rows_of {
            Rows::Entry(bvars) => (w.u(r as u64), bvars.clone()),
            Rows::Folded { .. } => {
                let (_, i, bvars) = rows_of.row(w, m, &w.u(r as u64), &format!("{r}_"));
                (i, bvars)
            }
        })
        .collect();
    // Neighbouring invocations read neighbouring elements of B: its columns where they are
    // contiguous, else (PyTorch `[out, in]` weights, `transpose(w)`) the K slices of a column.
    if super::matmul_blocked::along_k(&m.b, m.batch.len()) {
        w.let_idx("col", &w.idx(&format!("lid / {slices}u")));
        w.let_idx("ks", &w.idx(&format!("lid % {slices}u")));
    } else {
        w.let_idx("col", &w.idx(&format!("lid % {cols}u")));
        w.let_idx("ks", &w.idx(&format!("lid / {cols}u")));
    }
    w.let_idx("j", &format!("tile * {} + col", w.u(cols as u64)));
    for r in 0..rows {
        w.var(&format!("p{r}"), Ty::F32, "0.0f");
        if paired {
            w.var(&format!("q{r}"), Ty::F32, "0.0f");
        }
        if m.rms.is_some() {
            w.var(&format!("s{r}"), Ty::F32, "0.0f");
        }
    }
    w.if_(&format!("j < {}", w.u(m.n as u64)));
    // Each trip loads `unroll` k of B (and A) before the first multiply, so a thread waits
    // for memory once a trip, not once a k; k stays interleaved across the slices
    // (`k0 + u·slices + ks`), so neighbouring invocations still read neighbouring elements.
    let per_k = rows * (1 + usize::from(m.rms.is_some())) + 1 + usize::from(paired);
    let (k, unroll) = (m.k as u64, skinny_unroll(m.k, slices, per_k));
    let exact = k.is_multiple_of(slices as u64 * unroll as u64);
    w.for_("k0", &w.u(0), &w.u(k), &w.u(slices as u64 * unroll as u64));
    for u in 0..unroll {
        w.let_idx(&format!("kk{u}"), &format!("k0 + {} + ks", w.u(u as u64 * slices as u64)));
        // Past K (the last trip only): a clamped, in-bounds read whose product is dropped.
        let kc = if exact {
            format!("kk{u}")
        } else {
            w.let_idx(&format!("kc{u}"), &format!("min(kk{u}, {})", w.u(k - 1)));
            format!("kc{u}")
        };
        let bv = w.expr(&m.b, &vars(rows_of.b_vars(), &kc, "j"), None, "");
        w.let_(&format!("bv{u}"), Ty::F32, &bv);
        if let Some(b2) = &m.b2 {
            let bw = w.expr(b2, &vars(rows_of.b_vars(), &kc, "j"), None, "");
            w.let_(&format!("bw{u}"), Ty::F32, &bw);
        }
        for (r, (i, bvars)) in split.iter().enumerate() {
            let av = w.expr(&m.a, &vars(bvars, i, &kc), None, "");
            w.let_(&format!("av{r}_{u}"), Ty::F32, &av);
            if let Some(rms) = &m.rms {
                let gv = w.expr(&rms.gain, &vars(bvars, i, &kc), None, "");
                w.let_(&format!("gv{r}_{u}"), Ty::F32, &gv);
            }
        }
    }
    let k_lit = w.u(k);
    let keep = |term: String, u: u32| if exact { term } else { format!("select(0.0f, {term}, kk{u} < {k_lit})") };
    for u in 0..unroll {
        for r in 0..rows {
            let a = match m.rms {
                Some(_) => {
                    w.assign(&format!("s{r}"), &format!("s{r} + {}", keep(format!("av{r}_{u} * av{r}_{u}"), u)));
                    format!("(av{r}_{u} * gv{r}_{u})")
                }
                None => format!("av{r}_{u}"),
            };
            for (sum, b) in [("p", "bv")].into_iter().chain(paired.then_some(("q", "bw"))) {
                let term = keep(format!("{a} * {b}{u}"), u);
                w.assign(&format!("{sum}{r}"), &format!("{sum}{r} + {term}"));
            }
        }
    }
    w.close();
    w.close();
    for r in 0..rows {
        w.line(format!("red[(u32(ks) * {rows}u + {r}u) * {cols}u + u32(col)] = p{r};"));
        if paired {
            w.line(format!("red2[(u32(ks) * {rows}u + {r}u) * {cols}u + u32(col)] = q{r};"));
        }
    }
    if m.rms.is_some() {
        w.if_(&format!("col == {}", w.u(0)));
        for r in 0..rows {
            w.line(format!("red3[u32(ks) * {rows}u + {r}u] = s{r};"));
        }
        w.close();
    }
    w.barrier();
    w.if_(&format!("ks == {} && j < {}", w.u(0), w.u(m.n as u64)));
    let r = if matches!(rows_of, Rows::Entry(_)) { "i" } else { "r" };
    w.for_(r, &w.u(0), &w.u(rows as u64), &w.u(1));
    let (_, bvars) = rows_of.split(w, m, r, "");
    w.var("acc", Ty::F32, "0.0f");
    if paired {
        w.var("acc2", Ty::F32, "0.0f");
    }
    if m.rms.is_some() {
        w.var("ss", Ty::F32, "0.0f");
    }
    w.for_unrolled("q", slices as usize);
    w.assign("acc", &format!("acc + red[(q * {rows}u + u32({r})) * {cols}u + u32(col)]"));
    if paired {
        w.assign("acc2", &format!("acc2 + red2[(q * {rows}u + u32({r})) * {cols}u + u32(col)]"));
    }
    if m.rms.is_some() {
        w.assign("ss", &format!("ss + red3[q * {rows}u + u32({r})]"));
    }
    w.close();
    scale_rows(w, m, "ss");
    epilogue(w, m, &bvars);
    w.close();
    w.close();
}

/// A folded RMS norm's row scale ([`MatmulBody::rms`]) applied to `acc` (and `acc2`), given
/// the row's sum of squares in `ss`; nothing without one. Every template that takes the fold
/// (skinny, CUDA's decode epilogue) scales through this.
pub(super) fn scale_rows(w: &mut Writer<'_>, m: &MatmulBody, ss: &str) {
    let Some(rms) = &m.rms else { return };
    let eps = w.expr(&rms.eps, &[], None, "");
    let inv = w.rsqrt(&format!("{ss} / {} + {eps}", w.f32_lit(m.k as f32)));
    w.let_("inv", Ty::F32, &inv);
    w.assign("acc", "acc * inv");
    if m.b2.is_some() {
        w.assign("acc2", "acc2 * inv");
    }
}

/// k each invocation of the skinny kernel loads per trip, `per_k` values each (a row of A
/// per row, B, a paired B2): as many as [`SKINNY_LOADS`] values in flight allow (4 to 16),
/// the largest such count dividing its share of K (so no trip needs a bounds check), else
/// that many (the last trip checks). More loads in flight keep more bytes moving per
/// invocation: a decode product is latency-bound. `FORGE_SKINNY_UNROLL_MAX` caps the count
/// (for comparisons; 8 is the rule before 2026-12-03).
fn skinny_unroll(k: usize, slices: u32, per_k: usize) -> u32 {
    let share = k.div_ceil(slices as usize).max(1) as u32;
    let cap = std::env::var("FORGE_SKINNY_UNROLL_MAX").ok().and_then(|v| v.trim().parse::<u32>().ok());
    let most = ((SKINNY_LOADS / per_k.max(1)).clamp(4, 16) as u32).min(cap.unwrap_or(16).max(4));
    (4..=most).rev().find(|u| share.is_multiple_of(*u)).unwrap_or(share.min(most))
}

/// Values a skinny invocation has in flight per trip at most (see [`skinny_unroll`]).
const SKINNY_LOADS: usize = 40;

/// A `t × t` output tile per workgroup, one output per invocation, K in steps of `t`.
fn tiled(w: &mut Writer<'_>, m: &MatmulBody, t: u32) {
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
