//! The order of reads and writes: read-before-write, in-place use, cycles, outputs never
//! written; and the warnings (unused bindings, dead nodes).

use super::super::ast::{Name, Stmt, Usage};
use super::super::checked::{BindingId, Node, NodeKind, ReadView, Sub, TExpr, TKind};
use super::{Cx, ErrorKind, GraphError};

/// Records a read of binding `id` at `name`: a `temp` or `output` must have been written before.
pub(super) fn note_read(cx: &mut Cx<'_>, id: BindingId, name: &Name) {
    let usage = cx.bindings[id].usage;
    if matches!(usage, Usage::Temp | Usage::Output) && !cx.written.contains(&id) {
        cx.err(
            GraphError::new(
                ErrorKind::ReadBeforeWrite,
                name.span,
                format!("`{}` is read before any node writes it", name.text),
            )
            .help("nodes run in the order written; move the node that writes it above this one"),
        );
    }
}

/// Built-in ops read whole rows or tiles, and views read other points: neither may alias the
/// node's target. Elementwise reads of the target at the same point are fine (`acc = acc + x`).
pub(super) fn check_in_place(cx: &mut Cx<'_>, stmt: &Stmt, target: BindingId, value: &TExpr) {
    let name = cx.bindings[target].name.clone();
    let mut found = None;
    visit_outside_ops(value, &mut |e| match &e.kind {
        TKind::Op(call) if found.is_none() => {
            // Reported at the operand that reads the target.
            let mut at = None;
            for a in call.args.iter().chain(&call.mask) {
                a.visit(&mut |x| {
                    let reads = matches!(&x.kind, TKind::Read(v) if v.binding == target);
                    if reads && at.is_none() {
                        at = Some(x.span);
                    }
                });
            }
            if let Some(at) = at {
                found =
                    Some((at, format!("`{}` cannot run in place: it reads `{name}` while writing it", call.op.name())));
            }
        }
        TKind::Read(v) if v.binding == target && !is_identity(v) && found.is_none() => {
            found = Some((e.span, format!("`{name}` is read through a view while this node writes it")));
        }
        _ => {}
    });
    if let Some((span, msg)) = found {
        cx.err(GraphError::new(ErrorKind::InPlace, span, msg).help("write the result into a `temp` first"));
    }
    check_cycle(cx, stmt, target, &value.reads());
}

fn is_identity(v: &ReadView) -> bool {
    v.slice.is_empty() && v.axes.iter().enumerate().all(|(i, a)| i == *a)
}

/// Calls `f` on every sub-expression, but does not descend into op arguments (those are
/// reported once, at the op).
fn visit_outside_ops<'a>(e: &'a TExpr, f: &mut impl FnMut(&'a TExpr)) {
    f(e);
    match &e.kind {
        TKind::Op(_) => {}
        TKind::Unary(_, a) | TKind::Cast(a, _) => visit_outside_ops(a, f),
        TKind::Binary(_, a, b) => {
            visit_outside_ops(a, f);
            visit_outside_ops(b, f);
        }
        TKind::Select(c, a, b) => {
            visit_outside_ops(c, f);
            visit_outside_ops(a, f);
            visit_outside_ops(b, f);
        }
        TKind::Read(_)
        | TKind::Uniform(_)
        | TKind::Const(_)
        | TKind::Dim(_)
        | TKind::IndexVar(_)
        | TKind::LoopVar(_) => {}
        TKind::Element { .. } => {}
        TKind::Reduce(r) => visit_outside_ops(&r.body, f),
    }
}

/// Index notation: the target may be read only at exactly the point being written — and not
/// at all where the node writes it in part (a fixed slice or a shifted window: the point it
/// writes is not the point its indices name).
pub(super) fn check_index_in_place(cx: &mut Cx<'_>, stmt: &Stmt, target: BindingId, body: &TExpr, partial: bool) {
    let mut bad = None;
    body.visit(&mut |e| {
        if let TKind::Element { binding, subs } = &e.kind {
            let same_point =
                subs.iter().enumerate().all(|(d, s)| matches!(s, Sub::Var { var, offset: 0 } if *var == d));
            if *binding == target && (partial || !same_point) && bad.is_none() {
                bad = Some(e.span);
            }
        }
    });
    if let Some(span) = bad {
        let (msg, help) = if partial {
            (
                format!("`{}` is written in part here and cannot be read by the same node", stmt.target.text),
                "read it in a node of its own, or compute the value into a `temp` first",
            )
        } else {
            (
                format!("`{}` is read at other points than the one this node writes", stmt.target.text),
                "every point is computed in parallel; write the result into a fresh `temp`",
            )
        };
        cx.err(GraphError::new(ErrorKind::InPlace, span, msg).help(help));
    }
    check_cycle(cx, stmt, target, &body.reads());
}

/// Outside loops nodes form an acyclic graph: writing a binding again from values computed out
/// of its earlier value is a cycle. `state` bindings (persistent across runs) and values a loop
/// carries from one iteration to the next are exempt.
pub(super) fn check_cycle(cx: &mut Cx<'_>, stmt: &Stmt, target: BindingId, reads: &[BindingId]) {
    if cx.bindings[target].usage == Usage::State || cx.active_loop.is_some() {
        return;
    }
    // Direct reads only; the search runs when a binding is written again (a first write has no
    // earlier value to come from), so a chain of n nodes checks in O(n), not O(n²).
    let mut via = None;
    if cx.deps.contains_key(&target) {
        let mut seen = std::collections::HashSet::new();
        'starts: for &start in reads.iter().filter(|r| **r != target) {
            let mut stack = vec![start];
            while let Some(b) = stack.pop() {
                if !seen.insert(b) {
                    continue;
                }
                if let Some(d) = cx.deps.get(&b) {
                    if d.contains(&target) {
                        via = Some(start);
                        break 'starts;
                    }
                    stack.extend(d.iter().copied());
                }
            }
        }
    }
    if let Some(via) = via {
        let (t, v) = (&cx.bindings[target].name, &cx.bindings[via].name);
        let msg = format!("cycle: `{t}` is written from `{v}`, which was computed from `{t}` itself");
        cx.err(
            GraphError::new(ErrorKind::Cycle, stmt.target.span, msg)
                .help("nodes must form an acyclic graph; write the new value into a fresh `temp`"),
        );
    }
    cx.deps.entry(target).or_default().extend(reads.iter().copied().filter(|r| *r != target));
}

/// Every `output` is written by some node.
pub(super) fn check_outputs_written(cx: &mut Cx<'_>) {
    let missing: Vec<(String, proc_macro2::Span)> = cx
        .graph
        .bindings
        .iter()
        .filter(|b| b.usage == Usage::Output)
        .filter(|b| cx.binding_id(&b.name.text).is_some_and(|id| !cx.written.contains(&id)))
        .map(|b| (b.name.text.clone(), b.name.span))
        .collect();
    for (name, span) in missing {
        cx.err(
            GraphError::new(ErrorKind::OutputNeverWritten, span, format!("output `{name}` is never written"))
                .help(format!("add a node `{name} = …;`, or declare it `temp`")),
        );
    }
}

/// What a node reads and writes (for the warnings).
fn node_reads(n: &Node) -> Vec<BindingId> {
    match &n.kind {
        NodeKind::Assign { value, .. } => value.reads(),
        NodeKind::Index(ix) => ix.body.reads().into_iter().chain(ix.shifts.iter().flatten().copied()).collect(),
        NodeKind::View { source, .. } => source.reads(),
        NodeKind::Raw(r) => r.args.iter().copied().filter(|a| *a != r.target).collect(),
        NodeKind::Loop { body, .. } => body.iter().flat_map(node_reads).collect(),
    }
}

fn node_target(n: &Node) -> Option<BindingId> {
    match &n.kind {
        NodeKind::Assign { target, .. } | NodeKind::View { target, .. } => Some(*target),
        NodeKind::Index(ix) => Some(ix.target),
        NodeKind::Raw(r) => Some(r.target),
        NodeKind::Loop { .. } => None,
    }
}

/// Unused bindings and dead nodes (a `temp` written and never read afterwards — inside a loop,
/// a read anywhere in the loop's body counts: the next iteration reads it).
pub(super) fn warnings(cx: &Cx<'_>, nodes: &[Node]) -> Vec<GraphError> {
    let mut out = Vec::new();
    let mut used = vec![false; cx.bindings.len()];
    let mut flat: Vec<(&Node, Option<usize>)> = Vec::new();
    for (i, n) in nodes.iter().enumerate() {
        match &n.kind {
            NodeKind::Loop { body, .. } => flat.extend(body.iter().map(|b| (b, Some(i)))),
            _ => flat.push((n, None)),
        }
    }
    // Linear in the nodes: each node's reads once, then per binding the last node reading it
    // and the loops reading it.
    let reads: Vec<Vec<usize>> = flat.iter().map(|(n, _)| node_reads(n)).collect();
    let mut last_read = vec![None; cx.bindings.len()];
    let mut loop_reads: std::collections::HashSet<(usize, usize)> = std::collections::HashSet::new();
    for (i, ((n, lp), rs)) in flat.iter().zip(&reads).enumerate() {
        for &r in rs {
            used[r] = true;
            last_read[r] = Some(i);
            if let Some(l) = lp {
                loop_reads.insert((*l, r));
            }
        }
        if let Some(t) = node_target(n) {
            used[t] = true;
        }
    }
    for (id, (b, ast)) in cx.bindings.iter().zip(&cx.graph.bindings).enumerate() {
        if !used[id] {
            out.push(
                GraphError::new(ErrorKind::UnusedBinding, ast.name.span, format!("binding `{}` is never used", b.name))
                    .help("remove it, or read it in a node"),
            );
        }
    }
    for (i, (n, lp)) in flat.iter().enumerate() {
        let Some(t) = node_target(n) else { continue };
        if cx.bindings[t].usage != Usage::Temp {
            continue;
        }
        let later = last_read[t].is_some_and(|j| j > i);
        let in_loop = lp.is_some_and(|l| loop_reads.contains(&(l, t)));
        if !later && !in_loop {
            out.push(
                GraphError::new(
                    ErrorKind::DeadNode,
                    n.span,
                    format!("dead node: it writes `{}` but nothing reads it afterwards", cx.bindings[t].name),
                )
                .help("remove the node, or make the binding an `output`"),
            );
        }
    }
    out
}
