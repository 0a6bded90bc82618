//! Templates over a flat index space: maps (`items` outputs per invocation) and index notation
//! (serial reductions per output, or one workgroup per output with a tree reduction when the
//! reduction is long).

use super::{geometry, unflatten, Dialect, Writer};
use crate::elem::Ty;
use crate::graph::ops::Finish;
use crate::ir::{contiguous_strides, ReduceOp, Reduction, SExpr, ScatterBody};

/// The invocation's `it`-th output of a flat space: `(group * items + it) * threads + lid`.
fn flat_index(w: &mut Writer<'_>, it: &str) -> String {
    let (items, threads) = (w.sched.items.max(1) as u64, w.threads as u64);
    format!("({} * {} + {}) * {} + {}", "group", w.u(items), w.idx(it), w.u(threads), w.idx("lid"))
}

/// Opens the loop over an invocation's `items` points `i` of a flat space of `n` (closed by the
/// caller); an invocation past the end returns.
fn point_loop(w: &mut Writer<'_>, n: u64) {
    w.for_unrolled("it", w.sched.items.max(1) as usize);
    let i = flat_index(w, "it");
    w.let_idx("i", &i);
    w.if_(&format!("i >= {}", w.u(n)));
    w.line("return;");
    w.close();
}

pub(super) fn map(w: &mut Writer<'_>, out: usize, extents: &[usize], value: &SExpr, transpose_at: Option<usize>) {
    if let Some((split, rows, cols)) = geometry::transposed_map(extents, transpose_at) {
        return transposed_map(w, out, extents, value, split, (rows, cols));
    }
    let vectorised = match w.d {
        Dialect::Cuda => geometry::vector_map(w.spec, &w.sched),
        Dialect::Wgsl => match geometry::wgsl_vector_args(w.spec, &w.sched) {
            // A binding at an index base off a 16-byte boundary stays scalar (the wgpu layout
            // aligns regions to 16 bytes, so a 16-byte aligned offset has an aligned base).
            Some(bound) if w.base_aligned(out) => {
                w.vec_bound = bound.iter().enumerate().map(|(a, &b)| b && w.base_aligned(a)).collect();
                true
            }
            _ => false,
        },
    };
    if vectorised {
        return vector_map(w, out, extents, value);
    }
    let n: u64 = extents.iter().map(|&e| e as u64).product();
    w.own_strides = Some(contiguous_strides(extents));
    point_loop(w, n);
    let vars = unflatten(w, "i", extents, "v");
    let v = w.expr(value, &vars, Some("i"), "");
    w.store(out, "i", &v);
    w.close();
}

/// A map over `[rows, cols]` (the points of `extents[..split]` and of `extents[split..]`) whose
/// value reads its inputs contiguously along the rows: each workgroup computes a
/// [`geometry::TRANSPOSE_TILE`]² tile with a warp's lanes along the rows (each lane keeps its
/// row and walks the tile's columns), puts it in workgroup memory, and stores it with the
/// lanes along the columns, so both the reads and the stores coalesce.
fn transposed_map(w: &mut Writer<'_>, out: usize, extents: &[usize], value: &SExpr, split: usize, space: (u64, u64)) {
    let (rows, cols) = space;
    let tile = geometry::TRANSPOSE_TILE as u64;
    let lines = geometry::TRANSPOSE_THREADS as u64 / tile;
    let pitch = tile + 1;
    w.variant = Some(format!("transposed {tile}×{tile} tiles"));
    w.own_strides = Some(contiguous_strides(extents));
    let ty = value.ty();
    w.shared("tt", ty, (tile * pitch) as usize);
    let col_tiles = cols.div_ceil(tile);
    w.let_idx("tx", &format!("{} % {}", w.idx("lid"), w.u(tile)));
    w.let_idx("ty", &format!("{} / {}", w.idx("lid"), w.u(tile)));
    w.let_idx("r0", &format!("({} / {}) * {}", w.idx("group"), w.u(col_tiles), w.u(tile)));
    w.let_idx("c0", &format!("({} % {}) * {}", w.idx("group"), w.u(col_tiles), w.u(tile)));
    // Compute: lane `tx` owns row `r0 + tx`, its line walks the tile's columns `ty + lines·it`.
    w.let_idx("row", "r0 + tx");
    w.if_(&format!("row < {}", w.u(rows)));
    let row_vars = unflatten_nested(w, "row", &extents[..split], "v", 0);
    w.for_unrolled("it", (tile / lines) as usize);
    w.let_idx("tc", &format!("ty + it * {}", w.u(lines)));
    w.let_idx("col", "c0 + tc");
    w.if_(&format!("col < {}", w.u(cols)));
    let mut vars = row_vars;
    vars.extend(unflatten_nested(w, "col", &extents[split..], "v", split));
    w.let_idx("i", &format!("row * {} + col", w.u(cols)));
    let v = w.expr(value, &vars, Some("i"), "");
    w.line(format!("tt[tc * {} + tx] = {v};", w.u(pitch)));
    w.close();
    w.close();
    w.close();
    w.barrier();
    // Store: lane `tx` owns column `c0 + tx`, its line walks the tile's rows.
    w.let_idx("scol", "c0 + tx");
    w.for_unrolled("it", (tile / lines) as usize);
    w.let_idx("tr", &format!("ty + it * {}", w.u(lines)));
    w.let_idx("srow", "r0 + tr");
    w.if_(&format!("srow < {} && scol < {}", w.u(rows), w.u(cols)));
    let at = format!("srow * {} + scol", w.u(cols));
    let from = format!("tt[tx * {} + tr]", w.u(pitch));
    w.store(out, &at, &from);
    w.close();
    w.close();
}

/// Each invocation owns four consecutive points `4q..4q+3`. Operands read at the flat index
/// are loaded once as 16-byte vectors (CUDA: structs through the pointer; WGSL: elements of an
/// `array<vec4<…>>` binding), each lane is computed as in [`map`], and the four results are
/// stored with one 16-byte store.
fn vector_map(w: &mut Writer<'_>, out: usize, extents: &[usize], value: &SExpr) {
    let n: u64 = extents.iter().map(|&e| e as u64).product();
    let lanes = geometry::VECTOR_POINTS as u64;
    w.own_strides = Some(contiguous_strides(extents));
    let q = format!("group * {} + {}", w.u(w.threads as u64), w.idx("lid"));
    w.let_idx("q", &q);
    w.if_(&format!("q >= {}", w.u(n / lanes)));
    w.line("return;");
    w.close();
    let mark = w.body.len();
    let ty = w.ty(value.ty());
    for lane in 0..lanes {
        match w.d {
            Dialect::Wgsl => w.line(format!("var r{lane}: {ty};")),
            Dialect::Cuda => w.line(format!("{ty} r{lane};")),
        }
    }
    // The four lanes share the coordinates of the outer axes: from the first suffix of axes
    // whose points are a multiple of four on, no group of lanes crosses an outer coordinate.
    // Those are computed once, and only the suffix's per lane (index arithmetic is what bounds
    // an im2col map's rate, not its bytes).
    let split = (0..extents.len())
        .rev()
        .find(|&d| extents[d..].iter().map(|&e| e as u64).product::<u64>() % lanes == 0)
        .unwrap_or(0);
    let inner: u64 = extents[split..].iter().map(|&e| e as u64).product();
    let mut outer_vars = Vec::new();
    if split > 0 {
        w.let_idx("outer_i", &format!("q / {}", w.u(inner / lanes)));
        w.let_idx("inner_i", &format!("(q % {}) * {}", w.u(inner / lanes), w.u(lanes)));
        outer_vars = unflatten_nested(w, "outer_i", &extents[..split], "v", 0);
    }
    for lane in 0..lanes {
        w.line("{");
        w.indent += 1;
        let i = format!("q * {} + {}", w.u(lanes), w.u(lane));
        w.let_idx("i", &i);
        w.vec_lane = Some(lane as usize);
        let vars = if split > 0 {
            w.let_idx("lane_i", &format!("inner_i + {}", w.u(lane)));
            let mut vars = outer_vars.clone();
            vars.extend(unflatten_nested(w, "lane_i", &extents[split..], "v", split));
            vars
        } else {
            unflatten(w, "i", extents, "v")
        };
        let v = w.expr(value, &vars, Some("i"), "");
        w.vec_lane = None;
        w.line(format!("r{lane} = {v};"));
        w.close();
    }
    let pad = "    ".repeat(w.indent);
    let loads: String =
        w.take_vec_reads().into_iter().map(|(a, slot)| format!("{pad}{}\n", w.vec_load(a, slot, "q"))).collect();
    w.body.insert_str(mark, &loads);
    let store = w.vec_store(out, "q", &["r0", "r1", "r2", "r3"]);
    w.line(store);
}

/// The coordinates of flat index `flat` over `extents` (row-major), named `{prefix}{first + d}`,
/// innermost first, each from the quotient of the last: one division and one multiply-subtract
/// an axis (an axis of extent 1 is 0).
fn unflatten_nested(w: &mut Writer<'_>, flat: &str, extents: &[usize], prefix: &str, first: usize) -> Vec<String> {
    let mut names = vec![String::new(); extents.len()];
    let mut rest = flat.to_string();
    for d in (0..extents.len()).rev() {
        let name = format!("{prefix}{}", first + d);
        let e = extents[d] as u64;
        if d == 0 {
            w.let_idx(&name, &rest);
        } else if e == 1 {
            w.let_idx(&name, &w.u(0));
        } else {
            let quotient = format!("{name}q");
            w.let_idx(&quotient, &format!("{rest} / {}", w.u(e)));
            w.let_idx(&name, &format!("{rest} - {quotient} * {}", w.u(e)));
            rest = quotient;
        }
        names[d] = name;
    }
    names
}

/// A window stored into part of its output ([`ScatterBody`]): each point computed as a map's,
/// stored at its shifted index; a point whose shifted index wraps or passes the output's edge
/// is skipped.
pub(super) fn scatter(w: &mut Writer<'_>, s: &ScatterBody) {
    let n: u64 = s.extents.iter().map(|&e| e as u64).product();
    w.own_strides = Some(contiguous_strides(&s.extents));
    point_loop(w, n);
    let vars = unflatten(w, "i", &s.extents, "v");
    scatter_point(w, s, &vars, Some("i"));
    w.close();
}

/// Stores the window's value at point `vars` (`flat` its row-major index, where the caller's
/// `own_strides` are the window's), skipped where a shifted index leaves `dims`.
pub(super) fn scatter_point(w: &mut Writer<'_>, s: &ScatterBody, vars: &[String], flat: Option<&str>) {
    let strides = s.strides();
    let (mut at, mut inside) = (Vec::new(), Vec::new());
    for (a, v) in vars.iter().enumerate() {
        let pos = match s.shifts.get(a).copied().flatten() {
            Some(field) => {
                let by = w.expr(&SExpr::Uniform { field, ty: Ty::U32 }, vars, None, "");
                let name = format!("at{a}");
                w.let_idx(&name, &format!("{v} + {}", w.idx(&by)));
                inside.push(format!("{name} >= {v} && {name} < {}", w.u(s.dims[a] as u64)));
                name
            }
            None => v.clone(),
        };
        at.push(format!("{pos} * {}", w.u(strides[a] as u64)));
    }
    let guarded = !inside.is_empty();
    if guarded {
        w.if_(&inside.join(" && "));
    }
    let value = w.expr(&s.value, vars, flat, "");
    w.store(s.out, &at.join(" + "), &value);
    if guarded {
        w.close();
    }
}

/// `a` and `b` folded by the reduction's operator ([`ReduceOp::combine`]).
fn combine(w: &Writer<'_>, op: ReduceOp, ty: Ty, a: &str, b: &str) -> String {
    w.binary(op.combine(), ty, a, b)
}

fn identity(w: &Writer<'_>, op: ReduceOp, ty: Ty) -> String {
    w.lit(op.identity(ty))
}

/// The reduction's variables at flat point `r` of its extents (row-major); one variable is
/// `r` itself.
fn reduction_vars(w: &mut Writer<'_>, r: &str, extents: &[usize]) -> Vec<String> {
    match extents {
        [_] => vec![r.to_string()],
        _ => unflatten(w, r, extents, "rv"),
    }
}

pub(super) fn index(w: &mut Writer<'_>, out: usize, extents: &[usize], reduce: Option<&Reduction>, value: &SExpr) {
    let Some(red) = reduce else {
        return map(w, out, extents, value, None);
    };
    let (op, k) = (red.op, red.count());
    let n: u64 = extents.iter().map(|&e| e as u64).product();
    let ty = value.ty();
    if k >= geometry::PARALLEL_REDUCE_MIN {
        // One workgroup per output: threads split the reduction, then a tree in shared memory.
        let t = w.threads;
        w.shared("red", ty, t as usize);
        w.let_idx("i", "group");
        w.if_(&format!("i >= {}", w.u(n)));
        w.line("return;");
        w.close();
        let mut vars = unflatten(w, "i", extents, "v");
        let id = identity(w, op, ty);
        w.var("part", ty, &id);
        w.for_("r", &w.idx("lid"), &w.u(k as u64), &w.u(t as u64));
        vars.extend(reduction_vars(w, "r", &red.extents));
        let v = w.expr(value, &vars, None, "");
        let c = combine(w, op, ty, "part", &v);
        w.assign("part", &c);
        w.close();
        tree(w, "red", "part", t, &|w, a, b| combine(w, op, ty, a, b));
        w.if_("lid == 0u");
        let r = finish(w, op, "red[0]", k);
        w.store(out, "i", &r);
        w.close();
        return;
    }
    point_loop(w, n);
    let mut vars = unflatten(w, "i", extents, "v");
    let outer = vars.len();
    vars.extend(red.extents.iter().map(|_| w.u(0)));
    let first = w.expr(value, &vars, None, "");
    w.var("acc", ty, &first);
    vars.truncate(outer);
    w.for_("r", &w.u(1), &w.u(k as u64), &w.u(1));
    vars.extend(reduction_vars(w, "r", &red.extents));
    let v = w.expr(value, &vars, None, "");
    let c = combine(w, op, ty, "acc", &v);
    w.assign("acc", &c);
    w.close();
    let r = finish(w, op, "acc", k);
    w.store(out, "i", &r);
    w.close();
}

/// The result of a fold `v` of `k` values ([`ReduceOp::finish`]).
pub(super) fn finish(w: &Writer<'_>, op: ReduceOp, v: &str, k: usize) -> String {
    match op.finish() {
        Finish::Folded => v.to_string(),
        Finish::DivideByCount => format!("{v} / {}", w.f32_lit(k as f32)),
    }
}

/// Tree reduction of each thread's `part` into `arr[0]` (all threads reach every barrier).
pub(super) fn tree(
    w: &mut Writer<'_>,
    arr: &str,
    part: &str,
    threads: u32,
    combine: &dyn Fn(&Writer<'_>, &str, &str) -> String,
) {
    if w.d == Dialect::Cuda && threads.is_power_of_two() && (32..=1024).contains(&threads) {
        return warp_tree(w, arr, part, threads, combine);
    }
    w.line(format!("{arr}[lid] = {part};"));
    w.barrier();
    let mut s = threads / 2;
    while s > 0 {
        w.if_(&format!("lid < {s}u"));
        let c = combine(w, &format!("{arr}[lid]"), &format!("{arr}[lid + {s}u]"));
        w.line(format!("{arr}[lid] = {c};"));
        w.close();
        w.barrier();
        s /= 2;
    }
}

/// CUDA's [`tree`]: butterfly shuffles inside each warp, the warps' results through `arr`, and
/// a last butterfly over them in warp 0 — two barriers where the shared-memory tree has one a
/// level. Every thread of the block runs it (full-warp shuffles).
fn warp_tree(
    w: &mut Writer<'_>,
    arr: &str,
    part: &str,
    threads: u32,
    combine: &dyn Fn(&Writer<'_>, &str, &str) -> String,
) {
    w.xor_fold(part, 32, combine);
    let warps = threads / 32;
    if warps > 1 {
        w.if_("(lid & 31u) == 0u");
        w.line(format!("{arr}[lid >> 5u] = {part};"));
        w.close();
        w.barrier();
        w.if_("lid < 32u");
        // Lanes past the warp count hold copies; lane 0 combines each warp's value once.
        w.assign(part, &format!("{arr}[lid & {}u]", warps - 1));
        w.xor_fold(part, warps, combine);
        w.close();
    }
    w.if_("lid == 0u");
    w.line(format!("{arr}[0] = {part};"));
    w.close();
    w.barrier();
}
