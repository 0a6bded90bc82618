//! Row chains: consecutive kernels over the same rows become one kernel ([`RowChain`]) whose
//! workgroups run every stage on their own rows in turn, a barrier between stages. A chain of
//! softmaxes, or a norm written by hand (`m = mean(x, keepdim = true); d = x - m; …`), is then
//! one launch instead of one per statement, which on a GPU is most of what a small row costs.
//!
//! What it needs:
//! - each kernel is a `Row`, `Softmax` or `Norm` body, or an elementwise `Map` (or `Index`
//!   without a reduction) whose space is `[leading.., cols]`, all with the same `leading` and
//!   `cols`, at least one of them a row body; rows short enough to sit in registers
//!   ([`row_layout`] under the default schedule, which every kernel of the chain has);
//! - every output f32, written whole (the rows' space, or one value a row);
//! - every access to a buffer the chain writes stays in the row it belongs to: loads over the
//!   rows' space read row `r` at the same leading indices (any column of it, or its one value),
//!   never through a gather, and all of the chain's arguments of that buffer are one range;
//!   a stage reads its own output only as its row input (row bodies load their whole row
//!   before they write it) or, for a map, at the point it writes;
//! - a row reduction's input multiplies or divides nothing by a value the same across the row:
//!   the WGSL dialect keeps standalone reductions streamed because a compiler factored such a
//!   multiplier out of an unrolled register sum (`sum(x * 1e-37)` of 3e38s overflowed;
//!   `geometry::body_row_layout`), which an input without one cannot expose.
//!
//! Since no workgroup reads a row another writes, the chain computes what the kernels did one
//! after another.

use super::{join_labels, sites_mut};
use crate::elem::Elem;
use crate::ir::expr::{BinaryOp, SExpr};
use crate::ir::kernel::{Access, KernelArg, KernelBody, KernelSpec, RowChain, Schedule};
use crate::ir::limits::row_layout;
use crate::ir::{contiguous_strides, Plan, PlannedKernel};

/// Most stages a chain takes: its code grows with each, and chains of the same stages compile
/// once. 100 dependent 1 × 1024 softmaxes ran as fast a stage on the H200 chained by 100, 16
/// or 8, while a cold `new` grew many times over with the longer chains (BENCHMARKS.md).
pub const MAX_STAGES: usize = 8;

/// Chains every run of consecutive kernels over the same rows.
pub fn chain_rows(plan: &mut Plan, max_args: usize) {
    // Each kernel joins the chain before it or starts the next one: one pass, each kernel
    // moved once (removing joined kernels from the list in place was quadratic).
    let mut chained: Vec<PlannedKernel> = Vec::with_capacity(plan.kernels.len());
    for b in std::mem::take(&mut plan.kernels) {
        if let Some(a) = chained.last_mut() {
            let room = stage_count(&a.spec.body) + stage_count(&b.spec.body) <= MAX_STAGES;
            let fits = room && a.schedule == Schedule::default() && b.schedule == Schedule::default();
            if let Some(spec) = fits.then(|| join(&a.spec, &b.spec)).flatten().filter(|s| s.args.len() <= max_args) {
                a.spec = spec;
                continue;
            }
        }
        chained.push(b);
    }
    plan.kernels = chained;
}

/// A kernel's stages: a chain's own, or the kernel as one stage.
fn stages(body: &KernelBody) -> Vec<KernelBody> {
    match body {
        KernelBody::Rows(c) => c.stages.clone(),
        other => vec![other.clone()],
    }
}

/// Whether a stage is a row body (a softmax, norm or row reduction) rather than elementwise.
fn is_row_body(body: &KernelBody) -> bool {
    matches!(body, KernelBody::Row { .. } | KernelBody::Softmax { .. } | KernelBody::Norm { .. })
}

/// Stages a kernel would bring to a chain.
fn stage_count(body: &KernelBody) -> usize {
    match body {
        KernelBody::Rows(c) => c.stages.len(),
        _ => 1,
    }
}

/// Elements a stage writes: one a row for a row reduction, else the rows' whole space.
fn out_len(body: &KernelBody, rows: usize, cols: usize) -> usize {
    match body {
        KernelBody::Row { .. } => rows,
        _ => rows * cols,
    }
}

/// `a` then `b` as one row chain, where that computes the same as running them in turn.
fn join(a: &KernelSpec, b: &KernelSpec) -> Option<KernelSpec> {
    let (left, right) = (stages(&a.body), stages(&b.body));
    let (leading, cols) = left.first()?.row_space()?;
    let (leading, cols) = (leading.to_vec(), cols);
    let rows: usize = leading.iter().product();
    let mut any_row = false;
    for s in left.iter().chain(&right) {
        if s.row_space()? != (leading.as_slice(), cols) {
            return None;
        }
        any_row |= is_row_body(s);
        if let KernelBody::Row { input, .. } = s {
            if cols > 1 && has_row_factor(input, leading.len()) {
                return None;
            }
        }
    }
    if !any_row || !row_layout(cols, rows as u64, &Schedule::default()).resident {
        return None;
    }
    // `b`'s arguments join `a`'s: the same range is one argument, written ones read-write.
    let mut args = a.args.clone();
    let mut map = Vec::with_capacity(b.args.len());
    for arg in &b.args {
        let same = |x: &KernelArg| (x.buffer, x.offset, x.len, x.elem) == (arg.buffer, arg.offset, arg.len, arg.elem);
        map.push(match args.iter().position(same) {
            Some(j) => j,
            None => {
                args.push(KernelArg { access: Access::Read, ..arg.clone() });
                args.len() - 1
            }
        });
    }
    let mut right = right;
    for s in &mut right {
        super::renumber_body(s, &map);
    }
    let stages: Vec<KernelBody> = left.into_iter().chain(right).collect();
    for s in &stages {
        let out = &mut args[s.out()];
        if out.elem != Elem::F32 || out.len != out_len(s, rows, cols) {
            return None;
        }
        out.access = Access::ReadWrite;
    }
    let written: Vec<usize> = stages.iter().map(|s| args[s.out()].buffer).collect();
    for &buffer in &written {
        if args.iter().filter(|x| x.buffer == buffer).count() > 1 {
            return None;
        }
    }
    for s in &stages {
        if !row_local(s, &args, &written, &leading, cols, rows) {
            return None;
        }
    }
    let uses_uniforms = a.uses_uniforms || b.uses_uniforms;
    let body = KernelBody::Rows(Box::new(RowChain { leading, cols, stages }));
    Some(KernelSpec { node: join_labels(&a.node, &b.node), args, uses_uniforms, body })
}

/// Whether `e` (over `[leading.., cols]`, `lead` leading axes) multiplies or divides by a value
/// that does not change along the row.
fn has_row_factor(e: &SExpr, lead: usize) -> bool {
    let mut found = false;
    e.visit(&mut |x| {
        if let SExpr::Binary { op: BinaryOp::Mul | BinaryOp::Div, lhs, rhs } = x {
            found |= same_along_row(lhs, lead) || same_along_row(rhs, lead);
        }
    });
    found
}

/// Whether `e` has one value across each row (no column index, no load that moves along it).
fn same_along_row(e: &SExpr, lead: usize) -> bool {
    let mut moves = false;
    e.visit(&mut |x| match x {
        SExpr::Var(d) => moves |= *d >= lead,
        SExpr::Load { strides, .. } => moves |= strides.get(lead).is_some_and(|&s| s != 0),
        SExpr::Gather { .. } | SExpr::Acc(_) | SExpr::Acc2 => moves = true,
        _ => {}
    });
    !moves
}

/// Whether every read `stage` makes of a buffer the chain writes stays in its row.
fn row_local(
    stage: &KernelBody,
    args: &[KernelArg],
    written: &[usize],
    leading: &[usize],
    cols: usize,
    rows: usize,
) -> bool {
    let own = stage.out();
    let input_space = [leading, &[cols]].concat();
    let mut copy = stage.clone();
    let mut ok = true;
    let sites = sites_mut(&mut copy);
    let row_input = is_row_body(stage);
    for (n, (e, space, _)) in sites.into_iter().enumerate() {
        // The row input is a row body's first site; it is loaded whole before any write.
        let is_input = row_input && n == 0;
        e.visit(&mut |x| match x {
            SExpr::Load { arg, strides, .. } if written.contains(&args[*arg].buffer) => {
                ok &= row_aligned(strides, &space, leading, args[*arg].len / rows.max(1));
                if *arg == own && !is_input {
                    // A map may read its own output only at the point it writes.
                    let point = !row_input && space == input_space && *strides == contiguous_strides(&space);
                    ok &= point;
                }
            }
            SExpr::Gather { arg, .. } if written.contains(&args[*arg].buffer) => ok = false,
            _ => {}
        });
    }
    ok
}

/// Whether a load with `strides` over `space` (`leading`, then the columns if it has them)
/// reads, at each point, the same row `r` of a buffer of `row_len` elements a row.
fn row_aligned(strides: &[usize], space: &[usize], leading: &[usize], row_len: usize) -> bool {
    if strides.len() != space.len() || space.len() < leading.len() || space[..leading.len()] != *leading {
        return false;
    }
    let lead = contiguous_strides(leading);
    let rows_match = (0..leading.len()).all(|d| leading[d] == 1 || strides[d] == lead[d] * row_len);
    let col = match space.len() - leading.len() {
        0 => true,
        1 => strides[leading.len()] == 0 || (strides[leading.len()] == 1 && row_len == space[leading.len()]),
        _ => false,
    };
    rows_match && col
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    /// 32,000 dependent softmaxes chain by [`MAX_STAGES`] in one pass (the time is printed,
    /// not asserted: tests make no timed assertions).
    #[test]
    fn long_runs_chain_in_one_pass() {
        let n = 32_000;
        let mut src = String::from("graph Long { dims { R, C } input x: f32[R, C]; output y: f32[R, C];");
        for i in 0..n - 1 {
            src += &format!(" temp t{i}: f32[R, C];");
        }
        src += " t0 = softmax(x);";
        for i in 1..n - 1 {
            src += &format!(" t{i} = softmax(t{});", i - 1);
        }
        src += &format!(" y = softmax(t{}); }}", n - 2);
        let g = crate::graph::parse_and_check(proc_macro2::TokenStream::from_str(&src).unwrap()).unwrap();
        let mut plan = crate::plan::lower_unfused(&g, &[2, 64]).unwrap();
        assert_eq!(plan.kernels.len(), n);
        let start = std::time::Instant::now();
        chain_rows(&mut plan, usize::MAX);
        eprintln!("{n} softmaxes chained in {:?}", start.elapsed());
        assert_eq!(plan.kernels.len(), n / MAX_STAGES);
    }
}
