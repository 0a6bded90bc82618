//! `t = concat(a, b, axis = k);`: the target holds `a`, then `b`, along axis `k`. Checked here
//! and written as an index-notation node, `t[…, j, …] = select(j < A, a[…, j, …], b[…, j - A, …])`,
//! whose reads clamp (so neither branch can read past its operand); the target's extent along
//! `k` must be `A + B` (checked at `new` when the dims are symbols).

use super::super::ast::{Expr, Stmt};
use super::super::checked::{
    BindingInfo, Const, Deferred, IndexNode, NodeKind, ReadView, SliceIndex, Sub, TExpr, TKind,
};
use super::super::ops::BinaryOp;
use super::super::shape::Extent;
use super::build;
use super::expr::Typer;
use super::{Cx, ErrorKind, GraphError};
use crate::elem::Ty;
use proc_macro2::Span;

pub(super) fn concat_node(cx: &mut Cx<'_>, stmt: &Stmt, target: usize) -> Option<NodeKind> {
    let Expr::Call { args, named, span, .. } = &stmt.value else { return None };
    let [first_arg, second_arg] = args.as_slice() else { return None };
    let tb = cx.bindings[target].clone();
    let rank = tb.shape.len();
    let want = Some(tb.elem.compute());
    let a = Typer::new(cx, None).expr(first_arg, want);
    let b = Typer::new(cx, None).expr(second_arg, want);
    let axis = match named.iter().find(|(n, _)| n.text == "axis") {
        None => Some(rank.saturating_sub(1)),
        Some((_, e)) => super::views::literal_axis(e, rank, "the target's ").map_err(|err| cx.err(err)).ok(),
    };
    let (Some(a), Some(b), Some(axis)) = (a, b, axis) else { return None };
    let mut ok = rank > 0;
    if rank == 0 {
        cx.err(GraphError::new(ErrorKind::ArgumentKind, stmt.target.span, "`concat` needs a target of rank 1 or more"));
    }
    for (x, at) in [(&a, first_arg.span()), (&b, second_arg.span())] {
        ok &= operand_fits(cx, x, at, &tb, axis);
    }
    if !ok {
        return None;
    }
    let (ea, eb, total) = (a.shape[axis], b.shape[axis], tb.shape[axis]);
    match (ea, eb, total) {
        (Extent::Lit(x), Extent::Lit(y), Extent::Lit(z)) if x + y != z => {
            cx.err(GraphError::new(
                ErrorKind::ShapeMismatch,
                *span,
                format!("`concat` along axis {axis}: {x} + {y} is not `{}`'s {z}", tb.name),
            ));
            return None;
        }
        _ => cx.deferred.push(Deferred::SumOf {
            total,
            parts: vec![ea, eb],
            what: format!("`{}` = concat(…) along axis {axis}", tb.name),
        }),
    }
    let var = |d: usize| build::index_var(d, *span);
    let extent = |e: Extent| build::extent(e, Ty::I32, *span);
    let first = build::binary(BinaryOp::Lt, var(axis), extent(ea), Ty::Bool);
    let shifted = build::binary(BinaryOp::Sub, var(axis), extent(ea), Ty::I32);
    let read_a = element(&a, |d| if d == axis { Sub::Expr(var(d)) } else { Sub::Var { var: d, offset: 0 } });
    let read_b = element(&b, |d| if d == axis { Sub::Expr(shifted.clone()) } else { Sub::Var { var: d, offset: 0 } });
    let body = TExpr {
        kind: TKind::Select(Box::new(first), Box::new(read_a), Box::new(read_b)),
        ty: tb.elem.compute(),
        shape: vec![],
        span: *span,
    };
    super::flow::check_index_in_place(cx, stmt, target, &body, false);
    Some(NodeKind::Index(IndexNode {
        target,
        slice: Vec::new(),
        shifts: vec![None; tb.shape.len()],
        vars: tb.shape.clone(),
        body,
    }))
}

/// An operand is a binding (or a view of one) of the target's rank, equal to it on every axis
/// but `axis`.
fn operand_fits(cx: &mut Cx<'_>, x: &TExpr, at: Span, tb: &BindingInfo, axis: usize) -> bool {
    let (target, name) = (&tb.shape, &tb.name);
    if !matches!(x.kind, TKind::Read(_)) {
        let e = GraphError::new(ErrorKind::ArgumentKind, at, "`concat` takes bindings (or views of them)")
            .help("compute the expression into a `temp` first");
        cx.err(e);
        return false;
    }
    if x.ty != tb.elem.compute() {
        let msg = format!("`concat` into `{name}` needs {} operands, found {}", tb.elem, x.ty);
        cx.err(GraphError::new(ErrorKind::TypeMismatch, at, msg));
        return false;
    }
    let fits = x.shape.len() == target.len() && (0..target.len()).all(|d| d == axis || x.shape[d] == target[d]);
    if !fits {
        let msg = format!(
            "`concat` along axis {axis} into `{name}` {}: this operand is {}; every other axis must match",
            cx.shape_text(target),
            cx.shape_text(&x.shape)
        );
        cx.err(GraphError::new(ErrorKind::ShapeMismatch, at, msg));
    }
    fits
}

/// The operand's element at the target's point, `sub(d)` giving the subscript of view axis `d`
/// (slices and transposed axes mapped back to the binding's own axes).
pub(super) fn element(x: &TExpr, sub: impl Fn(usize) -> Sub) -> TExpr {
    let TKind::Read(ReadView { binding, slice, axes }) = &x.kind else { return x.clone() };
    let fixed = |s: &SliceIndex| {
        let kind = match s {
            SliceIndex::Loop(l) => TKind::LoopVar(*l),
            SliceIndex::Lit(v) => TKind::Const(Const::I32(*v as i32)),
        };
        Sub::Expr(TExpr { kind, ty: Ty::I32, shape: vec![], span: x.span })
    };
    let mut subs: Vec<Sub> = slice.iter().map(fixed).collect();
    // View axis d reads the binding's remainder axis axes[d].
    let mut own: Vec<(usize, Sub)> = axes.iter().enumerate().map(|(d, &r)| (r, sub(d))).collect();
    own.sort_by_key(|(r, _)| *r);
    subs.extend(own.into_iter().map(|(_, s)| s));
    TExpr { kind: TKind::Element { binding: *binding, subs }, ty: x.ty, shape: vec![], span: x.span }
}
