//! What an index-notation read gives past its axis: `fill(x[i - 1], 0.0)` (a value),
//! `edge(x[i - 1])` (the nearest element) or `wrap(x[i - 1])` (periodic). A read that may leave
//! its axis must say one of them (`read_boundary`); these calls are how it says it, lowered here
//! into the expressions every backend already runs: a `select` on the subscripts' ranges, the
//! clamped read as it is, or subscripts taken modulo their axes.

use super::super::ast::{Expr, Name};
use super::super::builtins::Boundary;
use super::super::checked::{Const, Sub, TExpr, TKind};
use super::super::ops::BinaryOp;
use super::super::shape::Extent;
use super::expr::Typer;
use super::{ErrorKind, GraphError};
use crate::elem::Ty;
use proc_macro2::Span;

/// Types `fill(read, value)`, `edge(read)` or `wrap(read)`.
pub(super) fn boundary_call(
    t: &mut Typer<'_, '_>,
    kind: Boundary,
    func: &Name,
    args: &[Expr],
    want: Option<Ty>,
    span: Span,
) -> Option<TExpr> {
    let f = kind.name();
    if t.index.is_none() {
        return t.err(
            GraphError::new(
                ErrorKind::IndexForm,
                func.span,
                format!("`{f}` says what an index-notation read gives past its axis; it has no meaning here"),
            )
            .help(format!("use it inside index notation: `y[i] = {f}(x[i - 1]{})`", fill_arg(kind))),
        );
    }
    let Some(Expr::Subscript { base, subs, span: read_span }) = args.first() else {
        let found = args.first().map_or(span, Expr::span);
        return t.err(
            GraphError::new(ErrorKind::ArgumentKind, found, format!("`{f}` takes one subscripted read `x[…]` first"))
                .help(format!("wrap the read alone: `{f}(x[i - 1]{}) * 2.0`", fill_arg(kind))),
        );
    };
    let ty = match (kind, args.get(1)) {
        (Boundary::Fill, Some(value)) => Some(t.operand_ty(&args[0], value, want, span, "`fill`")?),
        _ => None,
    };
    if let Some(scope) = t.index.as_mut() {
        scope.said = true;
    }
    let read = super::index::element(t, base, subs, *read_span);
    if let Some(scope) = t.index.as_mut() {
        scope.said = false;
    }
    let read = read?;
    let TKind::Element { binding, subs: read_subs } = &read.kind else { return Some(read) };
    let shape = t.cx.bindings[*binding].shape.clone();
    match kind {
        Boundary::Edge => Some(read),
        Boundary::Fill => {
            let value = t.expr(&args[1], ty)?;
            if value.ty != read.ty {
                return t.err(
                    GraphError::new(
                        ErrorKind::TypeMismatch,
                        args[1].span(),
                        format!("`fill`'s value is {} but `{}` holds {}", value.ty, base.text, read.ty),
                    )
                    .help(format!("convert it with `as {}`", read.ty)),
                );
            }
            let inside = read_subs
                .iter()
                .zip(&shape)
                .filter_map(|(s, &n)| inside(s, n, span))
                .reduce(|a, b| binary(BinaryOp::And, a, b, Ty::Bool, span));
            let Some(inside) = inside else { return Some(read) };
            let (ty, shape) = (read.ty, read.shape.clone());
            Some(TExpr { kind: TKind::Select(Box::new(inside), Box::new(read), Box::new(value)), ty, shape, span })
        }
        Boundary::Wrap => {
            let subs = read_subs.iter().zip(&shape).map(|(s, &n)| wrapped(s, n, span)).collect();
            Some(TExpr { kind: TKind::Element { binding: *binding, subs }, ..read })
        }
    }
}

fn fill_arg(kind: Boundary) -> &'static str {
    match kind {
        Boundary::Fill => ", 0.0",
        Boundary::Edge | Boundary::Wrap => "",
    }
}

/// The subscript's value as an integer expression (`None`: an unshifted index variable, which
/// always lies inside its axis).
fn value(s: &Sub, span: Span) -> Option<TExpr> {
    match s {
        Sub::Var { offset: 0, .. } => None,
        Sub::Var { var, offset } => {
            let v = TExpr { kind: TKind::IndexVar(*var), ty: Ty::I32, shape: vec![], span };
            let k = TExpr { kind: TKind::Const(Const::I32(*offset as i32)), ty: Ty::I32, shape: vec![], span };
            Some(binary(BinaryOp::Add, v, k, Ty::I32, span))
        }
        Sub::Expr(e) => Some(e.clone()),
    }
}

/// `0 <= s && s < n` (`s < n` alone for a `u32` subscript).
fn inside(s: &Sub, n: Extent, span: Span) -> Option<TExpr> {
    let v = value(s, span)?;
    let ty = v.ty;
    let below = binary(BinaryOp::Lt, v.clone(), extent(n, ty, span), Ty::Bool, span);
    Some(match ty {
        Ty::U32 => below,
        Ty::I32 | Ty::F32 | Ty::Bool => {
            let zero = TExpr { kind: TKind::Const(Const::I32(0)), ty: Ty::I32, shape: vec![], span };
            let above = binary(BinaryOp::Ge, v, zero, Ty::Bool, span);
            binary(BinaryOp::And, above, below, Ty::Bool, span)
        }
    })
}

/// The subscript modulo its axis: `((s % n) + n) % n` (`s % n` for a `u32`).
fn wrapped(s: &Sub, n: Extent, span: Span) -> Sub {
    let Some(v) = value(s, span) else { return s.clone() };
    let ty = v.ty;
    let rem = |a: TExpr| binary(BinaryOp::Rem, a, extent(n, ty, span), ty, span);
    Sub::Expr(match ty {
        Ty::U32 => rem(v),
        Ty::I32 | Ty::F32 | Ty::Bool => rem(binary(BinaryOp::Add, rem(v), extent(n, ty, span), ty, span)),
    })
}

fn extent(n: Extent, ty: Ty, span: Span) -> TExpr {
    let kind = match (n, ty) {
        (Extent::Sym(d), _) => TKind::Dim(d),
        (Extent::Lit(v), Ty::U32) => TKind::Const(Const::U32(v as u32)),
        (Extent::Lit(v), Ty::I32 | Ty::F32 | Ty::Bool) => TKind::Const(Const::I32(v as i32)),
    };
    TExpr { kind, ty, shape: vec![], span }
}

fn binary(op: BinaryOp, a: TExpr, b: TExpr, ty: Ty, span: Span) -> TExpr {
    TExpr { kind: TKind::Binary(op, Box::new(a), Box::new(b)), ty, shape: vec![], span }
}
