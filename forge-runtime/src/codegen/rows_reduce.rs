//! Reductions across the threads that share a row in the register-resident row kernels: each
//! thread folds its own values (`reduce_values`), brings its partials in mutable variables and
//! leaves with the row's result in them, every thread of the row the same. CUDA: butterfly
//! shuffles inside the warp (or one `redux.sync` for a max), then the warps of a row through
//! shared memory, folded as a tree; WGSL (and CUDA workgroups smaller than a warp): a tree in
//! workgroup memory that folds up to 16 partials a level (3 barriers for 256 threads).

use super::{Dialect, Writer};
use crate::elem::Ty;
use crate::ir::ReduceOp;

/// Emits `mine = combine(mine, other)` over partial variables and other values.
pub(super) type Combine<'a> = dyn Fn(&mut Writer<'_>, &[String], &[String]) + 'a;

/// Partials folded at most per level of the workgroup-memory tree.
const TREE_RADIX: u32 = 16;

/// One reduction across a row's threads.
pub(super) struct RowReduction<'a> {
    /// Prefix of its shared arrays (unique in the kernel: each reduction has its own arrays,
    /// so no barrier is needed before the next one).
    pub name: &'a str,
    /// The thread's partials (variables) and their types.
    pub parts: &'a [(&'a str, Ty)],
    /// Emits `mine = combine(mine, other)`: `mine` are the partial variables, `other` values.
    /// It must be commutative, so that every thread ends with the same result.
    pub combine: &'a Combine<'a>,
    /// A CUDA prelude function that folds the one part over a full warp with the same result
    /// as `combine`'s shuffle rounds (`forge_warp_fmax`), where there is one.
    pub warp: Option<&'a str>,
}

/// The CUDA prelude's whole-warp fold for `op`, where one gives the shuffles' result exactly (a
/// sum's or product's order would change).
fn warp_fold(op: ReduceOp) -> Option<&'static str> {
    match op {
        ReduceOp::Max => Some("forge_warp_fmax"),
        ReduceOp::Sum | ReduceOp::Prod | ReduceOp::Min | ReduceOp::Mean => None,
    }
}

/// `part` (an f32 the caller declared): `terms` folded pairwise by `op`'s combine in the thread
/// (a short dependency chain), then across the row's `per_row` threads; no terms leave `op`'s
/// identity. The caller finishes (a mean divides).
pub(super) fn reduce_values(w: &mut Writer<'_>, per_row: u32, name: &str, terms: &[String], op: ReduceOp) {
    fn tree(w: &Writer<'_>, t: &[String], op: ReduceOp) -> String {
        match t {
            [one] => one.clone(),
            _ => {
                let (a, b) = t.split_at(t.len() / 2);
                w.binary(op.combine(), Ty::F32, &tree(w, a, op), &tree(w, b, op))
            }
        }
    }
    let local = if terms.is_empty() { w.lit(op.identity(Ty::F32)) } else { tree(w, terms, op) };
    w.assign("part", &local);
    let combine_parts = |w: &mut Writer<'_>, mine: &[String], other: &[String]| {
        let c = w.binary(op.combine(), Ty::F32, &mine[0], &other[0]);
        w.assign(&mine[0], &c);
    };
    let r = RowReduction { name, parts: &[("part", Ty::F32)], combine: &combine_parts, warp: warp_fold(op) };
    reduce_row(w, &r, per_row);
}

/// Reduces `r.parts` across the `per_row` threads of each row (consecutive `lane`s of the
/// workgroup). Every thread of the workgroup must run it (barriers, full-warp shuffles).
pub(super) fn reduce_row(w: &mut Writer<'_>, r: &RowReduction<'_>, per_row: u32) {
    if per_row <= 1 {
        return;
    }
    if w.d == Dialect::Cuda && w.threads >= 32 {
        shuffle(w, r, per_row);
    } else {
        tree(w, r, per_row);
    }
}

fn mine(r: &RowReduction<'_>) -> Vec<String> {
    r.parts.iter().map(|(p, _)| p.to_string()).collect()
}

/// CUDA: butterflies over the row's lanes of a warp, then (rows wider than a warp) each warp's
/// result through shared memory, combined in warp order by every thread of the row.
fn shuffle(w: &mut Writer<'_>, r: &RowReduction<'_>, per_row: u32) {
    let mut offset = per_row.min(32) / 2;
    if let (Some(f), [(p, _)], true) = (r.warp, r.parts, per_row >= 32) {
        w.line(format!("{p} = {f}({p});"));
        offset = 0;
    }
    while offset > 0 {
        // Every lane of the warp shuffles (no lane is inside a branch here).
        w.line("{");
        w.indent += 1;
        let mut other = Vec::new();
        for (j, (p, ty)) in r.parts.iter().enumerate() {
            w.let_(&format!("o{j}"), *ty, &format!("__shfl_xor_sync(0xffffffffu, {p}, {offset})"));
            other.push(format!("o{j}"));
        }
        (r.combine)(w, &mine(r), &other);
        w.close();
        offset /= 2;
    }
    if per_row <= 32 {
        return;
    }
    let (warps, per_row_warps) = (w.threads / 32, per_row / 32);
    let arrays: Vec<String> = (0..r.parts.len()).map(|j| format!("{}{j}", r.name)).collect();
    for (a, (_, ty)) in arrays.iter().zip(r.parts) {
        w.shared(a, *ty, warps as usize);
    }
    w.if_("(lid & 31u) == 0u");
    for (a, (p, _)) in arrays.iter().zip(r.parts) {
        w.line(format!("{a}[lid >> 5u] = {p};"));
    }
    w.close();
    w.barrier();
    let first = format!("{}_warp", r.name);
    w.let_(&first, Ty::U32, &format!("(lid / {per_row}u) * {per_row_warps}u"));
    // The row's warp results, folded as a tree (log2 of them deep, not one long chain).
    let held = |k: u32| -> Vec<String> { (0..r.parts.len()).map(|j| format!("{}_w{k}_{j}", r.name)).collect() };
    for k in 1..per_row_warps {
        for ((v, a), (_, ty)) in held(k).iter().zip(&arrays).zip(r.parts) {
            w.var(v, *ty, &format!("{a}[{first} + {k}u]"));
        }
    }
    for (a, (p, _)) in arrays.iter().zip(r.parts) {
        w.assign(p, &format!("{a}[{first}]"));
    }
    let mut step = 1;
    while step < per_row_warps {
        for k in (0..per_row_warps).step_by(2 * step as usize).filter(|k| k + step < per_row_warps) {
            let mine = if k == 0 { mine(r) } else { held(k) };
            (r.combine)(w, &mine, &held(k + step));
        }
        step *= 2;
    }
}

/// Workgroup memory: each level, the first `n / radix` lanes of a row fold `radix` partials
/// (their own and ones `n / radix` apart, which no thread writes at that level), then a barrier;
/// at the end every thread reads its row's first slot.
fn tree(w: &mut Writer<'_>, r: &RowReduction<'_>, per_row: u32) {
    let arrays: Vec<String> = (0..r.parts.len()).map(|j| format!("{}{j}", r.name)).collect();
    for (a, (_, ty)) in arrays.iter().zip(r.parts) {
        w.shared(a, *ty, w.threads as usize);
    }
    for (a, (p, _)) in arrays.iter().zip(r.parts) {
        w.line(format!("{a}[lid] = {p};"));
    }
    w.barrier();
    let mut n = per_row;
    while n > 1 {
        let radix = n.min(TREE_RADIX);
        let m = n / radix;
        w.if_(&format!("lane < {m}u"));
        for k in 1..radix {
            let other: Vec<String> = arrays.iter().map(|a| format!("{a}[lid + {}u]", k * m)).collect();
            (r.combine)(w, &mine(r), &other);
        }
        for (a, (p, _)) in arrays.iter().zip(r.parts) {
            w.line(format!("{a}[lid] = {p};"));
        }
        w.close();
        w.barrier();
        n = m;
    }
    for (a, (p, _)) in arrays.iter().zip(r.parts) {
        w.assign(p, &format!("{a}[lid - lane]"));
    }
}
