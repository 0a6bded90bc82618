//! Building checked expressions from parts, for the lowerings the checker writes itself
//! (`fill` and `wrap`, `concat`, the window built-ins, shifted subscripts to range-check).

use super::super::checked::{Const, Sub, TExpr, TKind};
use super::super::ops::BinaryOp;
use super::super::shape::Extent;
use crate::elem::Ty;
use proc_macro2::Span;

fn scalar(kind: TKind, ty: Ty, span: Span) -> TExpr {
    TExpr { kind, ty, shape: vec![], span }
}

/// The value of index variable `v`.
pub(super) fn index_var(v: usize, span: Span) -> TExpr {
    scalar(TKind::IndexVar(v), Ty::I32, span)
}

/// An `i32` literal.
pub(super) fn int(v: i32, span: Span) -> TExpr {
    scalar(TKind::Const(Const::I32(v)), Ty::I32, span)
}

/// An axis's extent as a value of `ty` (`u32` or `i32`).
pub(super) fn extent(n: Extent, ty: Ty, span: Span) -> TExpr {
    let kind = match (n, ty) {
        (Extent::Sym(d), _) => TKind::Dim(d),
        (Extent::Lit(v), Ty::U32) => TKind::Const(Const::U32(v as u32)),
        (Extent::Lit(v), Ty::I32 | Ty::F32 | Ty::Bool) => TKind::Const(Const::I32(v as i32)),
    };
    scalar(kind, ty, span)
}

/// `a op b` of type `ty` (at `a`'s span).
pub(super) fn binary(op: BinaryOp, a: TExpr, b: TExpr, ty: Ty) -> TExpr {
    let span = a.span;
    scalar(TKind::Binary(op, Box::new(a), Box::new(b)), ty, span)
}

/// `v + offset`: index variable `v` shifted by a literal.
pub(super) fn shifted(v: usize, offset: i64, span: Span) -> TExpr {
    binary(BinaryOp::Add, index_var(v, span), int(offset as i32, span), Ty::I32)
}

/// A subscript's value (`None`: an unshifted index variable, which lies inside its axis).
fn value(s: &Sub, span: Span) -> Option<TExpr> {
    match s {
        Sub::Var { offset: 0, .. } => None,
        Sub::Var { var, offset } => Some(shifted(*var, *offset, span)),
        Sub::Expr(e) => Some(e.clone()),
    }
}

/// `0 <= s && s < n` (`s < n` alone for a `u32` subscript).
fn inside(s: &Sub, n: Extent, span: Span) -> Option<TExpr> {
    let v = value(s, span)?;
    let ty = v.ty;
    let below = binary(BinaryOp::Lt, v.clone(), extent(n, ty, span), Ty::Bool);
    Some(match ty {
        Ty::U32 => below,
        Ty::I32 | Ty::F32 | Ty::Bool => {
            let above = binary(BinaryOp::Ge, v, int(0, span), Ty::Bool);
            binary(BinaryOp::And, above, below, Ty::Bool)
        }
    })
}

/// `read` where each of `subscripts` lies inside its axis (extent given beside it), else
/// `value`: zero padding and `fill(x[…], v)`.
pub(super) fn filled<'s>(
    read: TExpr,
    subscripts: impl IntoIterator<Item = (&'s Sub, Extent)>,
    value: TExpr,
    span: Span,
) -> TExpr {
    let inside = subscripts
        .into_iter()
        .filter_map(|(s, n)| inside(s, n, span))
        .reduce(|a, b| binary(BinaryOp::And, a, b, Ty::Bool));
    let Some(inside) = inside else { return read };
    let (ty, shape) = (read.ty, read.shape.clone());
    TExpr { kind: TKind::Select(Box::new(inside), Box::new(read), Box::new(value)), ty, shape, span }
}

/// The subscript taken modulo its axis: `((s % n) + n) % n` (`s % n` for a `u32`).
pub(super) fn wrapped(s: &Sub, n: Extent, span: Span) -> Sub {
    let Some(v) = value(s, span) else { return s.clone() };
    let ty = v.ty;
    let rem = |a: TExpr| binary(BinaryOp::Rem, a, extent(n, ty, span), ty);
    Sub::Expr(match ty {
        Ty::U32 => rem(v),
        Ty::I32 | Ty::F32 | Ty::Bool => rem(binary(BinaryOp::Add, rem(v), extent(n, ty, span), ty)),
    })
}
