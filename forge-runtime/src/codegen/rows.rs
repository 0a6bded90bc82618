//! Row templates — reductions and argmax, softmax, RMS and layer norm (two-pass variance) over
//! the last axis of `[leading.., cols]`. Rows that fit in registers run `rows_resident` (one
//! read of the row); longer ones the streaming template here: one workgroup per row, threads
//! striding over the columns once per pass, tree reductions in workgroup memory.

use super::map::{finish, tree};
use super::rows_resident::{store_split_at_column, RowOuts};
use super::{unflatten, Writer};
use crate::elem::Ty;
use crate::ir::{KernelBody, NormKind, RowOp, SExpr};

/// Starts a row kernel: the row guard and the index variables. Returns (leading vars, full
/// vars with the column variable `c` last, flat index of `(row, c)`).
fn preamble(w: &mut Writer<'_>, leading: &[usize], cols: usize) -> (Vec<String>, Vec<String>, String) {
    let rows: u64 = leading.iter().map(|&e| e as u64).product();
    w.let_idx("row", "group");
    w.if_(&format!("row >= {}", w.u(rows)));
    w.line("return;");
    w.close();
    let lead = unflatten(w, "row", leading, "l");
    let mut full = lead.clone();
    full.push("c".into());
    let mut space = leading.to_vec();
    space.push(cols);
    w.own_strides = Some(crate::ir::contiguous_strides(&space));
    (lead, full, format!("(row * {} + c)", w.u(cols as u64)))
}

/// `for (c = lid; c < cols; c += threads)`.
fn col_loop(w: &mut Writer<'_>, cols: usize) {
    let (lid, cols, step) = (w.idx("lid"), w.u(cols as u64), w.u(w.threads as u64));
    w.for_("c", &lid, &cols, &step);
}

/// Independent partials a thread of a streamed reduction keeps: its loads of one pass over
/// the row are then [`STREAM_PARTIALS`] apart and in flight together (H200 through Vulkan: a
/// row sum with one partial read 54% of the copy rate, its loads one after another).
const STREAM_PARTIALS: usize = 4;

/// The independent chains a thread walks its columns of a row of `cols` in: [`STREAM_PARTIALS`],
/// or one for rows shorter than one pass of them.
fn chains(w: &Writer<'_>, cols: usize) -> usize {
    if cols < STREAM_PARTIALS * w.threads as usize {
        1
    } else {
        STREAM_PARTIALS
    }
}

/// Walks this thread's columns `lid, lid + threads, ...`, [`chains`] of them an iteration, the
/// columns past the last whole iteration in chain 0: `step(w, p)` emits chain `p`'s update at
/// column `c` (defined). Each chain is its own loop-carried dependence, so a chain's loads are
/// in flight beside the others'.
fn walk_columns(w: &mut Writer<'_>, cols: usize, step: &mut dyn FnMut(&mut Writer<'_>, usize)) {
    let t = w.threads as usize;
    if chains(w, cols) == 1 {
        col_loop(w, cols);
        step(w, 0);
        w.close();
        return;
    }
    let stride = STREAM_PARTIALS * t;
    let whole = cols / stride * stride;
    let lid = w.idx("lid");
    w.for_("c0", &lid, &w.u(whole as u64), &w.u(stride as u64));
    for p in 0..STREAM_PARTIALS {
        w.open("");
        let at = if p == 0 { "c0".to_string() } else { format!("c0 + {}", w.u((p * t) as u64)) };
        w.let_idx("c", &at);
        step(w, p);
        w.close();
    }
    w.close();
    w.for_("c", &format!("{} + {lid}", w.u(whole as u64)), &w.u(cols as u64), &w.u(t as u64));
    step(w, 0);
    w.close();
}

/// Leaves in `part` this thread's reduction (`combine`, from `init`) of `x` over its columns,
/// one partial a chain ([`walk_columns`]), the partials combined in pairs. Each partial is its
/// own loop-carried chain, so no compiler can factor a common multiplier out of the sum (see
/// `geometry::body_row_layout`).
fn streamed_partials(
    w: &mut Writer<'_>,
    cols: usize,
    init: &str,
    x: &str,
    combine: &dyn Fn(&Writer<'_>, &str, &str) -> String,
) {
    // One chain (at most a few columns a thread): the partial is `part` itself.
    let one = chains(w, cols) == 1;
    let name = |p: usize| if one { "part".to_string() } else { format!("part{p}") };
    for p in 0..chains(w, cols) {
        w.var(&name(p), Ty::F32, init);
    }
    walk_columns(w, cols, &mut |w, p| {
        let next = combine(w, &name(p), x);
        w.assign(&name(p), &next);
    });
    if one {
        return;
    }
    let mut level: Vec<String> = (0..STREAM_PARTIALS).map(name).collect();
    while level.len() > 1 {
        level = level
            .chunks(2)
            .map(|pair| match pair.split_first() {
                Some((a, rest)) => rest.iter().fold(a.clone(), |acc, b| combine(w, &acc, b)),
                None => String::new(),
            })
            .collect();
    }
    w.var("part", Ty::F32, &level.concat());
}

/// Leaves in `best`, `besti` this thread's largest `x` over its columns and the first column
/// holding it, one pair a chain ([`walk_columns`]), then the pairs combined under the same rule
/// (larger value, else lower column; NaN never wins), which picks the same column whatever the
/// grouping.
fn streamed_argmax(w: &mut Writer<'_>, cols: usize, ninf: &str, x: &str) {
    for p in 0..chains(w, cols) {
        w.var(&format!("best{p}"), Ty::F32, ninf);
        w.var(&format!("besti{p}"), Ty::U32, "4294967295u");
    }
    let keep = |w: &mut Writer<'_>, p: usize, value: &str, index: &str| {
        let (b, bi) = (format!("best{p}"), format!("besti{p}"));
        w.if_(&format!("{value} > {b} || ({value} == {b} && {index} < {bi})"));
        w.assign(&b, value);
        w.assign(&bi, index);
        w.close();
    };
    walk_columns(w, cols, &mut |w, p| {
        w.let_("x", Ty::F32, x);
        keep(w, p, "x", "u32(c)");
    });
    for p in 1..chains(w, cols) {
        keep(w, 0, &format!("best{p}"), &format!("besti{p}"));
    }
    w.var("best", Ty::F32, "best0");
    w.var("besti", Ty::U32, "besti0");
}

fn fmax(_: &Writer<'_>, a: &str, b: &str) -> String {
    format!("forge_fmax({a}, {b})")
}

pub(super) fn row_kernel(w: &mut Writer<'_>, body: &KernelBody) {
    if let Some(layout) = super::geometry::body_row_layout(body, &w.sched).filter(|l| l.resident) {
        return super::rows_resident::row_kernel(w, body, layout);
    }
    let t = w.threads;
    match body {
        KernelBody::Row { out, leading, cols, op: RowOp::Argmax, input, epilogue } => {
            w.shared("redv", Ty::F32, t as usize);
            w.shared("redi", Ty::U32, t as usize);
            let (lead, full, flat) = preamble(w, leading, *cols);
            let ninf = w.f32_lit(f32::NEG_INFINITY);
            let x = w.expr(input, &full, Some(&flat), "");
            streamed_argmax(w, *cols, &ninf, &x);
            w.line("redv[lid] = best;");
            w.line("redi[lid] = besti;");
            w.barrier();
            let mut s = t / 2;
            while s > 0 {
                w.if_(&format!("lid < {s}u"));
                w.let_("ov", Ty::F32, &format!("redv[lid + {s}u]"));
                w.let_("oi", Ty::U32, &format!("redi[lid + {s}u]"));
                w.if_("ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])");
                w.line("redv[lid] = ov;");
                w.line("redi[lid] = oi;");
                w.close();
                w.close();
                w.barrier();
                s /= 2;
            }
            w.if_("lid == 0u");
            w.let_("acc", Ty::U32, "select(redi[0], 0u, redi[0] == 4294967295u)");
            w.own_strides = Some(crate::ir::contiguous_strides(leading));
            let v = w.expr(epilogue, &lead, Some("row"), "acc");
            w.store(*out, "row", &v);
            w.close();
        }
        KernelBody::Row { out, leading, cols, op: RowOp::Reduce(op), input, epilogue } => {
            w.shared("red", Ty::F32, t as usize);
            let (lead, full, flat) = preamble(w, leading, *cols);
            let init = w.lit(op.identity(Ty::F32));
            let x = w.expr(input, &full, Some(&flat), "");
            let combine = |w: &Writer<'_>, a: &str, b: &str| w.binary(op.combine(), Ty::F32, a, b);
            streamed_partials(w, *cols, &init, &x, &combine);
            tree(w, "red", "part", t, &combine);
            w.if_("lid == 0u");
            let r = finish(w, *op, "red[0]", *cols);
            w.let_("acc", Ty::F32, &r);
            w.own_strides = Some(crate::ir::contiguous_strides(leading));
            let v = w.expr(epilogue, &lead, Some("row"), "acc");
            w.store(*out, "row", &v);
            w.close();
        }
        KernelBody::Softmax { out, leading, cols, input, epilogue } => {
            w.shared("red", Ty::F32, t as usize);
            let (_, full, flat) = preamble(w, leading, *cols);
            let x = w.expr(input, &full, Some(&flat), "");
            let ninf = w.f32_lit(f32::NEG_INFINITY);
            w.var("part", Ty::F32, &ninf);
            col_loop(w, *cols);
            let c = fmax(w, "part", &x);
            w.assign("part", &c);
            w.close();
            tree(w, "red", "part", t, &|w, a, b| fmax(w, a, b));
            w.let_("m", Ty::F32, "red[0]");
            w.barrier();
            w.assign("part", &w.f32_lit(0.0));
            col_loop(w, *cols);
            let e = w.exp(&format!("{x} - m"));
            w.assign("part", &format!("part + {e}"));
            w.close();
            tree(w, "red", "part", t, &|_, a, b| format!("{a} + {b}"));
            w.let_("total", Ty::F32, "red[0]");
            col_loop(w, *cols);
            let e = w.exp(&format!("{x} - m"));
            w.let_("acc", Ty::F32, &format!("{e} / total"));
            let v = w.expr(epilogue, &full, Some(&flat), "acc");
            w.store(*out, &flat, &v);
            w.close();
        }
        KernelBody::Norm { out, leading, cols, kind, input, gain, bias, eps, epilogue, split } => {
            let outs = RowOuts { out: *out, split: *split };
            norm(w, outs, leading, *cols, *kind, input, gain, bias.as_ref(), eps, epilogue);
        }
        // Not row kernels: `Writer::emit_body` sends them to their own templates.
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn norm(
    w: &mut Writer<'_>,
    outs: RowOuts,
    leading: &[usize],
    cols: usize,
    kind: NormKind,
    input: &SExpr,
    gain: &SExpr,
    bias: Option<&SExpr>,
    eps: &SExpr,
    epilogue: &SExpr,
) {
    let t = w.threads;
    w.shared("red", Ty::F32, t as usize);
    let (_, full, flat) = preamble(w, leading, cols);
    let x = w.expr(input, &full, Some(&flat), "");
    let n = w.f32_lit(cols as f32);
    let zero = w.f32_lit(0.0);
    w.var("part", Ty::F32, &zero);
    let centre = match kind {
        NormKind::Rms => None,
        NormKind::Layer => {
            col_loop(w, cols);
            w.assign("part", &format!("part + {x}"));
            w.close();
            tree(w, "red", "part", t, &|_, a, b| format!("{a} + {b}"));
            w.let_("mean", Ty::F32, &format!("red[0] / {n}"));
            w.barrier();
            w.assign("part", &zero);
            Some("mean")
        }
    };
    col_loop(w, cols);
    let dev = match centre {
        Some(m) => format!("({x} - {m})"),
        None => x.clone(),
    };
    w.let_("d", Ty::F32, &dev);
    w.assign("part", "part + d * d");
    w.close();
    tree(w, "red", "part", t, &|_, a, b| format!("{a} + {b}"));
    let e = w.expr(eps, &[], None, "");
    let inv = w.rsqrt(&format!("red[0] / {n} + {e}"));
    w.let_("inv", Ty::F32, &inv);
    col_loop(w, cols);
    let g = w.expr(gain, &full, Some(&flat), "");
    let v = match (centre, bias) {
        (Some(m), Some(b)) => format!("({x} - {m}) * inv * {g} + {}", w.expr(b, &full, Some(&flat), "")),
        (Some(m), None) => format!("({x} - {m}) * inv * {g}"),
        (None, _) => format!("{x} * inv * {g}"),
    };
    w.let_("acc", Ty::F32, &v);
    let y = w.expr(epilogue, &full, Some(&flat), "acc");
    match outs.split {
        Some(split) => {
            w.let_("y", Ty::F32, &y);
            w.store(outs.out, &flat, "y");
            store_split_at_column(w, split, cols, "y");
        }
        None => w.store(outs.out, &flat, &y),
    }
    w.close();
}
