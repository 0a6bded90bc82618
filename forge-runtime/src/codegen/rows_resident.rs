//! Register-resident row kernels: the `per_row` threads of a row ([`RowLayout`]; several rows
//! share a workgroup when they are short) load it from memory once into registers, reduce
//! across the row from the registers (`rows_reduce`) and write the outputs from them, so
//! softmax and the norms read their input once instead of once per pass.
//!
//! A thread holds `chunks × width` values `x{v}`: chunk `k` is the columns
//! `(k · per_row + lane) · width ..+ width`. `width` is 4 on CUDA when rows are whole 16-byte
//! vectors and an operand or the output is read or written at the element or the column: each
//! such operand is loaded with one 16-byte load a chunk (`Writer::vec_indices`), the output
//! stored with one 16-byte store. Otherwise `width` is 1 (consecutive threads, consecutive
//! columns). Only the last chunk can pass the row's end; it is guarded by `ok{k}`.

use super::geometry::{self, chain_layout, RowLayout, VECTOR_POINTS};
use super::rows_reduce::{reduce_row, reduce_values, RowReduction};
use super::{unflatten, Dialect, Writer};
use crate::elem::Ty;
use crate::ir::fuse::row_major;
use crate::ir::{contiguous_strides, KernelBody, NormKind, ReduceOp, RowChain, RowOp, SExpr};

/// Where a thread's values of a row lie.
#[derive(PartialEq)]
struct Shape {
    cols: usize,
    per_row: usize,
    width: usize,
    chunks: usize,
}

impl Shape {
    fn values(&self) -> usize {
        self.chunks * self.width
    }
    /// Whether chunk `k` can pass the end of the row.
    fn partial(&self, k: usize) -> bool {
        (k + 1) * self.per_row * self.width > self.cols
    }
    /// Chunk `k`'s first column in units of `width`.
    fn unit(&self, w: &Writer<'_>, k: usize) -> String {
        match k * self.per_row {
            0 => w.idx("lane"),
            first => format!("{} + {}", w.u(first as u64), w.idx("lane")),
        }
    }
    /// `value` where value `v` is in the row, `outside` past its end.
    fn guarded(&self, v: usize, value: &str, outside: &str) -> String {
        let k = v / self.width;
        if self.partial(k) {
            format!("select({outside}, {value}, ok{k})")
        } else {
            value.to_string()
        }
    }
    fn names(&self) -> Vec<String> {
        (0..self.values()).map(|v| format!("x{v}")).collect()
    }
}

pub(super) fn row_kernel(w: &mut Writer<'_>, body: &KernelBody, layout: RowLayout) {
    let Some((leading, cols)) = body.row_space() else { return };
    let lead = start(w, leading, layout);
    let sh = stage_shape(w, body, leading, cols, layout);
    stage(w, body, leading, cols, &lead, &sh, Forward::default());
    let split = matches!(body, KernelBody::Norm { split: Some(_), .. });
    w.variant = Some(format!(
        "{}, registers ({} rows x {} threads, {} values each{}{})",
        body.kind(),
        layout.rows,
        layout.per_row,
        sh.values(),
        if sh.width > 1 { ", 16-byte vectors" } else { "" },
        if split { ", stored split too" } else { "" }
    ));
}

/// A row chain: each stage in a block of its own over the same rows, a barrier between stages
/// where they could race ([`needs_barrier`]: a stage may read what an earlier one wrote
/// anywhere in the row; reductions reuse their workgroup arrays). A stage whose row input is
/// the stage before's result at the same point, held by the same thread in the same place
/// ([`forwards`]), takes it from registers ([`forwarded`]) instead of reading it back.
pub(super) fn chain_kernel(w: &mut Writer<'_>, chain: &RowChain) {
    let layout = chain_layout(chain, &w.sched);
    let lead = start(w, &chain.leading, layout);
    let (leading, cols) = (&chain.leading, chain.cols);
    let shapes: Vec<Shape> = chain.stages.iter().map(|b| stage_shape(w, b, leading, cols, layout)).collect();
    let from: Vec<bool> = (0..chain.stages.len())
        .map(|s| s > 0 && forwards(&chain.stages[s - 1], &chain.stages[s], leading, cols) && shapes[s - 1] == shapes[s])
        .collect();
    let most = shapes.iter().map(Shape::values).max().unwrap_or(0);
    if from.contains(&true) {
        for v in 0..most {
            w.var(&forwarded(v), Ty::F32, &w.f32_lit(0.0));
        }
    }
    let mut kinds = Vec::new();
    for (s, body) in chain.stages.iter().enumerate() {
        if s > 0 && needs_barrier(&chain.stages, s, from[s]) {
            w.memory_barrier();
        }
        w.line("{");
        w.indent += 1;
        let fwd = Forward { from: from[s], to: from.get(s + 1).copied().unwrap_or(false) };
        stage(w, body, leading, cols, &lead, &shapes[s], fwd);
        w.close();
        kinds.push(body.kind());
    }
    kinds.dedup();
    let forwarded = from.iter().filter(|&&f| f).count();
    let split = chain.stages.iter().any(|s| matches!(s, KernelBody::Norm { split: Some(_), .. }));
    w.variant = Some(format!(
        "{} stages ({}) in one kernel, registers ({} rows x {} threads{}){}",
        chain.stages.len(),
        kinds.join(", "),
        layout.rows,
        layout.per_row,
        if forwarded > 0 { format!(", {forwarded} inputs from the stage before") } else { String::new() },
        if split { ", the norm stored split too" } else { "" }
    ));
}

/// Whether stage `s` must wait at a workgroup barrier for the stages before it. It need not
/// when nothing can race:
/// - memory: it reads nothing an earlier stage wrote (its row input, if it is one, comes from
///   registers: `forwarded`), and writes what no earlier stage touched;
/// - workgroup memory: the first reduction array it writes differs from the last one the
///   nearest earlier reducing stage reads. That stage read its other arrays before its own last
///   barrier, and a thread that reaches this stage's second reduction has passed this stage's
///   first barrier, so every thread has finished reading by then.
///
/// 100 dependent softmaxes then need no barrier between stages (each has two of its own).
fn needs_barrier(stages: &[KernelBody], s: usize, forwarded: bool) -> bool {
    let body = &stages[s];
    let earlier = &stages[..s];
    let written: Vec<usize> = earlier.iter().map(KernelBody::out).collect();
    let mut touched = written.clone();
    for b in earlier {
        b.exprs().iter().for_each(|e| e.visit_args(&mut |a| touched.push(a)));
    }
    let input = row_input(body);
    let mut reads_earlier = false;
    for e in body.exprs() {
        if forwarded && input.is_some_and(|i| std::ptr::eq(i, e)) {
            continue;
        }
        e.visit_args(&mut |a| reads_earlier |= written.contains(&a));
    }
    if reads_earlier || touched.contains(&body.out()) {
        return true;
    }
    let last_read = earlier.iter().rev().find_map(|b| reductions(b).last().copied());
    match (reductions(body).first(), last_read) {
        (Some(first), Some(last)) => *first == last,
        _ => false,
    }
}

/// Names of the stages' reductions (`reduce_row`'s workgroup arrays): [`stage`] reduces
/// under them and [`reductions`] lists them, so [`needs_barrier`] sees the arrays that run.
const RED_ROW: &str = "red";
const RED_ARG: &str = "redarg";
const RED_MAX: &str = "redmax";
const RED_SUM: &str = "redsum";
const RED_MEAN: &str = "redmean";
const RED_SQ: &str = "redsq";

/// The reductions a stage runs, in order.
fn reductions(body: &KernelBody) -> &'static [&'static str] {
    match body {
        KernelBody::Row { op: RowOp::Argmax, .. } => &[RED_ARG],
        KernelBody::Row { op: RowOp::Reduce(_), .. } => &[RED_ROW],
        KernelBody::Softmax { .. } => &[RED_MAX, RED_SUM],
        KernelBody::Norm { kind: NormKind::Layer, .. } => &[RED_MEAN, RED_SQ],
        KernelBody::Norm { kind: NormKind::Rms, .. } => &[RED_SQ],
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => &[],
    }
}

/// A row body's row input (a softmax's, a norm's or a row reduction's); `None` for the rest.
fn row_input(body: &KernelBody) -> Option<&SExpr> {
    match body {
        KernelBody::Row { input, .. } | KernelBody::Softmax { input, .. } | KernelBody::Norm { input, .. } => {
            Some(input)
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => None,
    }
}

/// Whether stage `to` reads its row input as exactly what stage `from` wrote at each point:
/// `from` writes every point of the rows (f32, so the stored value is the computed one) and
/// `to`'s input is a plain load of that output at the point.
fn forwards(from: &KernelBody, to: &KernelBody, leading: &[usize], cols: usize) -> bool {
    let pointwise = matches!(
        from,
        KernelBody::Softmax { .. } | KernelBody::Norm { .. } | KernelBody::Map { .. } | KernelBody::Index { .. }
    );
    let space = [leading, &[cols]].concat();
    match row_input(to) {
        Some(SExpr::Load { arg, strides, .. }) => pointwise && *arg == from.out() && row_major(&space, strides),
        Some(
            SExpr::Uniform { .. }
            | SExpr::Const(_)
            | SExpr::Var(_)
            | SExpr::Acc(_)
            | SExpr::Acc2
            | SExpr::Unary { .. }
            | SExpr::Binary { .. }
            | SExpr::Select { .. }
            | SExpr::Cast { .. }
            | SExpr::Gather { .. },
        )
        | None => false,
    }
}

/// The register that passes value `v` from one stage to the next. Its prefix is one no WGSL or
/// CUDA keyword or type name has before digits (`f` would reach `f16`, `f32`, `f64`).
fn forwarded(v: usize) -> String {
    format!("fw{v}")
}

/// Which of a chain stage's values pass through registers: `from` the stage before (its row
/// input), `to` the stage after (its results, into [`forwarded`] registers).
#[derive(Debug, Clone, Copy, Default)]
struct Forward {
    from: bool,
    to: bool,
}

/// Where a stage's values lie: [`Shape`] for its vector width.
fn stage_shape(w: &mut Writer<'_>, body: &KernelBody, leading: &[usize], cols: usize, layout: RowLayout) -> Shape {
    let mut full: Vec<String> = (0..leading.len()).map(|d| format!("l{d}")).collect();
    full.push("c".into());
    row_indices(w, leading, cols);
    let width = vector_width(w, body, &full, cols);
    let per_row = layout.per_row as usize;
    Shape { cols, per_row, width, chunks: cols.div_ceil(per_row * width) }
}

/// The writer's flat and column indices over the rows' space `[leading.., cols]` (a row
/// reduction's store leaves its own, over `leading`).
fn row_indices(w: &mut Writer<'_>, leading: &[usize], cols: usize) {
    w.own_strides = Some(contiguous_strides(&[leading, &[cols]].concat()));
    w.vec_indices = &["i", "c"];
}

/// One row body (or a map over the rows' space) for the thread's row, after [`start`], its
/// values where [`stage_shape`] put them.
fn stage(
    w: &mut Writer<'_>,
    body: &KernelBody,
    leading: &[usize],
    cols: usize,
    lead: &[String],
    sh: &Shape,
    fwd: Forward,
) {
    let mut full = lead.to_vec();
    full.push("c".into());
    row_indices(w, leading, cols);
    // The row input to load, unless it comes from the stage before.
    let loaded = |input| (!fwd.from).then_some(input);
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    let zero = w.f32_lit(0.0);
    if !matches!(body, KernelBody::Map { .. } | KernelBody::Index { .. }) {
        w.var("part", Ty::F32, &zero);
    }
    match body {
        KernelBody::Map { out, value, .. } | KernelBody::Index { out, value, reduce: None, .. } => {
            guards(w, sh);
            write(w, sh, RowOuts::one(*out), value, &full, &|w, _| w.f32_lit(0.0), fwd.to);
        }
        KernelBody::Row { out, op: RowOp::Argmax, input, epilogue, .. } => {
            load(w, sh, loaded(input), &full, &ninf);
            argmax(w, sh, *out, leading, lead, epilogue);
        }
        KernelBody::Row { out, op: RowOp::Reduce(op), input, epilogue, .. } => {
            let pad = w.lit(op.identity(Ty::F32));
            load(w, sh, loaded(input), &full, &pad);
            reduce_values(w, sh.per_row as u32, RED_ROW, &sh.names(), *op);
            w.if_("live && lane == 0u");
            let r = super::map::finish(w, *op, "part", cols);
            w.let_("acc", Ty::F32, &r);
            store_row(w, *out, leading, lead, epilogue);
        }
        KernelBody::Softmax { out, input, epilogue, .. } => {
            load(w, sh, loaded(input), &full, &ninf);
            reduce_values(w, sh.per_row as u32, RED_MAX, &sh.names(), ReduceOp::Max);
            w.let_("m", Ty::F32, "part");
            for v in 0..sh.values() {
                let e = sh.guarded(v, &w.exp(&format!("x{v} - m")), &zero);
                w.assign(&format!("x{v}"), &e);
            }
            if w.d == Dialect::Cuda {
                // Known before the sum, so the test overlaps its reduction.
                let in_range: Vec<String> = (0..sh.values()).map(|v| format!("forge_div_in_range(x{v})")).collect();
                w.let_("in_range", Ty::Bool, &in_range.join(" & "));
            }
            reduce_values(w, sh.per_row as u32, RED_SUM, &sh.names(), ReduceOp::Sum);
            w.let_("total", Ty::F32, "part");
            if w.d == Dialect::Cuda {
                quotients_by_total(w, sh);
            }
            let quotient = |w: &Writer<'_>, v: usize| match w.d {
                Dialect::Cuda => format!("x{v}"),
                Dialect::Wgsl => format!("x{v} / total"),
            };
            write(w, sh, RowOuts::one(*out), epilogue, &full, &quotient, fwd.to);
        }
        KernelBody::Norm { out, kind, input, gain, bias, eps, epilogue, split, .. } => {
            load(w, sh, loaded(input), &full, &zero);
            let n = w.f32_lit(cols as f32);
            if *kind == NormKind::Layer {
                // Two-pass variance from the registers: the mean, then squared deviations.
                reduce_values(w, sh.per_row as u32, RED_MEAN, &sh.names(), ReduceOp::Sum);
                w.let_("mean", Ty::F32, &format!("part / {n}"));
                for v in 0..sh.values() {
                    let d = sh.guarded(v, &format!("x{v} - mean"), &zero);
                    w.assign(&format!("x{v}"), &d);
                }
            }
            let squares: Vec<String> = sh.names().iter().map(|x| format!("{x} * {x}")).collect();
            reduce_values(w, sh.per_row as u32, RED_SQ, &squares, ReduceOp::Sum);
            let e = w.expr(eps, &[], None, "");
            let inv = w.rsqrt(&format!("part / {n} + {e}"));
            w.let_("inv", Ty::F32, &inv);
            let value = |w: &Writer<'_>, v: usize| {
                let g = w.expr(gain, &full, Some("i"), "");
                match bias {
                    Some(b) => format!("x{v} * inv * {g} + {}", w.expr(b, &full, Some("i"), "")),
                    None => format!("x{v} * inv * {g}"),
                }
            };
            write(w, sh, RowOuts { out: *out, split: *split }, epilogue, &full, &value, fwd.to);
        }
        KernelBody::Index { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => {}
    }
}

/// The thread's row (`row`, with its leading indices), its `lane` in the row and whether the
/// row exists (`live`). Workgroups wholly past the last row leave (uniformly, before any
/// barrier); a thread past it in the last workgroup computes the last row again and writes
/// nothing, so every thread of the workgroup reaches the barriers and shuffles.
fn start(w: &mut Writer<'_>, leading: &[usize], layout: RowLayout) -> Vec<String> {
    let rows: u64 = leading.iter().map(|&e| e as u64).product();
    let per_group = w.u(layout.rows as u64);
    w.if_(&format!("group * {per_group} >= {}", w.u(rows)));
    w.line("return;");
    w.close();
    w.let_("lane", Ty::U32, &format!("lid & {}u", layout.per_row - 1));
    let slot = format!("group * {per_group} + {}", w.idx(&format!("lid / {}u", layout.per_row)));
    w.let_idx("slot", &slot);
    w.let_("live", Ty::Bool, &format!("slot < {}", w.u(rows)));
    w.let_idx("row", &format!("select({}, slot, live)", w.u(rows.saturating_sub(1))));
    unflatten(w, "row", leading, "l")
}

/// 4 on CUDA when rows are whole 16-byte vectors and something is read or written 16 bytes at
/// a time (found by printing the operands once as lane 0); else 1.
fn vector_width(w: &mut Writer<'_>, body: &KernelBody, full: &[String], cols: usize) -> usize {
    let lanes = VECTOR_POINTS as usize;
    if w.d != Dialect::Cuda || !cols.is_multiple_of(lanes) {
        return 1;
    }
    let per_element: Vec<&SExpr> = match body {
        KernelBody::Softmax { input, epilogue, .. } => vec![input, epilogue],
        KernelBody::Norm { input, gain, bias, epilogue, .. } => {
            [input, gain, epilogue].into_iter().chain(bias).collect()
        }
        KernelBody::Row { input, .. } => vec![input],
        KernelBody::Map { value, .. } | KernelBody::Index { value, reduce: None, .. } => vec![value],
        KernelBody::Index { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => Vec::new(),
    };
    w.vec_lane = Some(0);
    for e in per_element {
        let _ = w.expr(e, full, Some("i"), "acc");
    }
    w.vec_lane = None;
    let reads = !w.take_vec_reads().is_empty();
    let writes = !matches!(body, KernelBody::Row { .. }) && w.vectorisable(body.out());
    if reads || writes {
        lanes
    } else {
        1
    }
}

/// Chunk `k` in a block of its own (guarded by `ok{k}` when it can pass the row's end):
/// `lane_body(v)` for each of its values `v` with the column `c` and flat index `i` defined;
/// on vector chunks the 16-byte loads the lanes read are printed ahead of them, `pre` before
/// those and `post` after the lanes.
fn chunk(
    w: &mut Writer<'_>,
    sh: &Shape,
    k: usize,
    pre: &[String],
    lane_body: &mut dyn FnMut(&mut Writer<'_>, usize),
    post: &mut dyn FnMut(&mut Writer<'_>),
) {
    if sh.partial(k) {
        w.if_(&format!("ok{k}"));
    } else {
        w.line("{");
        w.indent += 1;
    }
    let cols = w.u(sh.cols as u64);
    let unit = sh.unit(w, k);
    if sh.width == 1 {
        w.let_idx("c", &unit);
        w.let_idx("i", &format!("row * {cols} + c"));
        lane_body(w, k);
    } else {
        w.let_idx("cv", &unit);
        w.let_idx("iv", &format!("row * {} + cv", w.u((sh.cols / sh.width) as u64)));
        for line in pre {
            w.line(line);
        }
        let mark = w.body.len();
        for j in 0..sh.width {
            w.line("{");
            w.indent += 1;
            w.let_idx("c", &format!("cv * {} + {}", w.u(sh.width as u64), w.u(j as u64)));
            w.let_idx("i", &format!("row * {cols} + c"));
            w.vec_lane = Some(j);
            lane_body(w, k * sh.width + j);
            w.vec_lane = None;
            w.close();
        }
        let pad = "    ".repeat(w.indent);
        let loads: String = w
            .take_vec_reads()
            .into_iter()
            .map(|(a, slot)| format!("{pad}{}\n", w.vec_load(a, slot, if slot == 0 { "iv" } else { "cv" })))
            .collect();
        w.body.insert_str(mark, &loads);
        post(w);
    }
    w.close();
}

/// Declares the thread's values (`pad` past the row's end) and loads the row into them, or
/// takes them from the stage before ([`forwarded`]) where `input` is `None`.
fn load(w: &mut Writer<'_>, sh: &Shape, input: Option<&SExpr>, full: &[String], pad: &str) {
    for v in 0..sh.values() {
        w.var(&format!("x{v}"), Ty::F32, pad);
    }
    guards(w, sh);
    for k in 0..sh.chunks {
        let mut body = |w: &mut Writer<'_>, v: usize| {
            let x = match input {
                Some(input) => w.expr(input, full, Some("i"), ""),
                None => forwarded(v),
            };
            w.assign(&format!("x{v}"), &x);
        };
        chunk(w, sh, k, &[], &mut body, &mut |_| {});
    }
}

/// `ok{k}`: whether chunk `k` starts inside the row (chunks that can pass its end).
fn guards(w: &mut Writer<'_>, sh: &Shape) {
    for k in (0..sh.chunks).filter(|&k| sh.partial(k)) {
        let first = format!("({}) * {} < {}", sh.unit(w, k), w.u(sh.width as u64), w.u(sh.cols as u64));
        w.let_(&format!("ok{k}"), Ty::Bool, &first);
    }
}

/// CUDA: `x{v} /= total` through one reciprocal (the prelude's `forge_div_fast`, rounded as the
/// division) where the sum and every value of the thread are in its range (`in_range`, tested
/// as the exponentials were made; a softmax's zeros and normal values are); otherwise the
/// divisions themselves. The quotients are made before the range test, in one straight run that
/// starts as soon as the total is known, so the test's branch is off their dependency chain.
fn quotients_by_total(w: &mut Writer<'_>, sh: &Shape) {
    w.line("const forge_divisor per_total = forge_divisor_of(total);");
    for v in 0..sh.values() {
        w.let_(&format!("quot{v}"), Ty::F32, &format!("forge_div_fast(x{v}, per_total)"));
    }
    w.if_("in_range & per_total.fast");
    for v in 0..sh.values() {
        w.assign(&format!("x{v}"), &format!("quot{v}"));
    }
    w.close_else();
    for v in 0..sh.values() {
        w.assign(&format!("x{v}"), &format!("x{v} / total"));
    }
    w.close();
}

/// Argmax: the thread's best (value, column) over its values in column order, then across the
/// row; the first column wins ties and NaN never wins.
fn argmax(w: &mut Writer<'_>, sh: &Shape, out: usize, leading: &[usize], lead: &[String], epilogue: &SExpr) {
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.var("best", Ty::F32, &ninf);
    w.var("besti", Ty::U32, "4294967295u");
    for v in 0..sh.values() {
        let (k, j) = (v / sh.width, v % sh.width);
        let col = format!("u32(({}) * {} + {})", sh.unit(w, k), w.u(sh.width as u64), w.u(j as u64));
        let better = format!("x{v} > best || (x{v} == best && {col} < besti)");
        let cond = if sh.partial(k) { format!("ok{k} && ({better})") } else { better };
        w.if_(&cond);
        w.assign("best", &format!("x{v}"));
        w.assign("besti", &col);
        w.close();
    }
    let combine = |w: &mut Writer<'_>, m: &[String], o: &[String]| {
        w.if_(&format!("{0} > {1} || ({0} == {1} && {2} < {3})", o[0], m[0], o[1], m[1]));
        w.assign(&m[0], &o[0]);
        w.assign(&m[1], &o[1]);
        w.close();
    };
    let parts = [("best", Ty::F32), ("besti", Ty::U32)];
    reduce_row(w, &RowReduction { name: RED_ARG, parts: &parts, combine: &combine, warp: None }, sh.per_row as u32);
    w.if_("live && lane == 0u");
    w.let_("acc", Ty::U32, "select(besti, 0u, besti == 4294967295u)");
    store_row(w, out, leading, lead, epilogue);
}

/// `out[row] = epilogue(acc)` (inside the caller's `if`, which this closes).
fn store_row(w: &mut Writer<'_>, out: usize, leading: &[usize], lead: &[String], epilogue: &SExpr) {
    w.own_strides = Some(contiguous_strides(leading));
    let v = w.expr(epilogue, lead, Some("row"), "acc");
    w.store(out, "row", &v);
    w.close();
}

/// Where a row kernel (or a chain's stage) writes: its output, and a norm's split for a bf16x3
/// product's A ([`KernelBody::Norm`]'s `split`). The streamed template (`rows`) takes it too.
#[derive(Clone, Copy)]
pub(super) struct RowOuts {
    pub out: usize,
    pub split: Option<usize>,
}

impl RowOuts {
    fn one(out: usize) -> RowOuts {
        RowOuts { out, split: None }
    }
}

/// Stores `value`, the row's element at column `c`, split ([`Writer::store_split`]) into the
/// bf16 argument `split`: rows of `3 · cols`, the thread's row being `row`.
pub(super) fn store_split_at_column(w: &mut Writer<'_>, split: usize, cols: usize, value: &str) {
    let base = format!("(row * {} + c)", w.u(3 * cols as u64));
    w.store_split(split, &base, cols as u64, value);
}

/// Each value's output: `value(v)` (the op's result from the registers) through the epilogue,
/// stored per element or, on vector chunks of a 16-byte-aligned output, one store a chunk;
/// with `forward` also kept in [`forwarded`] registers for the next stage of a chain. A split
/// ([`Writer::store_split`]) goes to rows of `3 · cols` at the same column: per element, or
/// on CUDA's vector chunks as three 8-byte stores a chunk (`hi`, `lo`, `hi`).
fn write(
    w: &mut Writer<'_>,
    sh: &Shape,
    outs: RowOuts,
    epilogue: &SExpr,
    full: &[String],
    value: &dyn Fn(&Writer<'_>, usize) -> String,
    forward: bool,
) {
    let out = outs.out;
    let vector_store = sh.width > 1 && w.vectorisable(out);
    let vector_split =
        outs.split.filter(|&s| vector_store && w.d == Dialect::Cuda && geometry::half_vector_arg(&w.spec.args[s]));
    let ty = w.ty(epilogue.ty());
    let pre: Vec<String> =
        if vector_store { (0..sh.width).map(|j| format!("{ty} r{j};")).collect() } else { Vec::new() };
    w.if_("live");
    for k in 0..sh.chunks {
        let mut body = |w: &mut Writer<'_>, v: usize| {
            let acc = value(w, v);
            w.let_("acc", Ty::F32, &acc);
            let y = w.expr(epilogue, full, Some("i"), "acc");
            let y = if forward {
                w.assign(&forwarded(v), &y);
                forwarded(v)
            } else {
                y
            };
            if vector_store {
                w.assign(&format!("r{}", v % sh.width), &y);
            } else {
                w.store(out, "i", &y);
            }
            if let (Some(split), None) = (outs.split, vector_split) {
                let y = if vector_store { format!("r{}", v % sh.width) } else { y };
                store_split_at_column(w, split, sh.cols, &y);
            }
        };
        let mut post = |w: &mut Writer<'_>| {
            if vector_store {
                let store = w.vec_store(out, "iv", &["r0", "r1", "r2", "r3"]);
                w.line(store);
            }
            if let Some(split) = vector_split {
                split_vectors(w, split, (sh.cols / sh.width) as u64);
            }
        };
        chunk(w, sh, k, &pre, &mut body, &mut post);
    }
    w.close();
}

/// CUDA: the chunk's four values `r0..r3` (vector `cv` of the row) split into rows of
/// `3 · cols` bf16 (`vectors` = cols / 4): `hi` at vector `cv`, `lo` at `cv + vectors`, `hi` at
/// `cv + 2 · vectors` of the row, each one 8-byte store.
fn split_vectors(w: &mut Writer<'_>, split: usize, vectors: u64) {
    let lo: Vec<String> = (0..VECTOR_POINTS).map(|j| format!("(r{j} - forge_bf_round(r{j}))")).collect();
    let lo: Vec<&str> = lo.iter().map(String::as_str).collect();
    let hi = ["r0", "r1", "r2", "r3"];
    let row = format!("row * {}", w.u(3 * vectors));
    for (piece, values) in [(0, &hi[..]), (1, &lo[..]), (2, &hi[..])] {
        let at = match piece {
            0 => format!("{row} + cv"),
            p => format!("{row} + {} + cv", w.u(p * vectors)),
        };
        let store = w.vec_store(split, &at, values);
        w.line(store);
    }
}
