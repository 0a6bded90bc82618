//! What an index-notation read gives past its axis: `fill(x[i - 1], 0.0)` (a value),
//! `edge(x[i - 1])` (the nearest element) or `wrap(x[i - 1])` (periodic). A read that may leave
//! its axis must say one of them (`read_boundary`); these calls are how it says it, lowered
//! (`build.rs`) into the expressions every backend already runs: a `select` on the subscripts'
//! ranges, the clamped read as it is, or subscripts taken modulo their axes.

use super::super::ast::{Expr, Name};
use super::super::builtins::Boundary;
use super::super::checked::{TExpr, TKind};
use super::build;
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
            Some(build::filled(read.clone(), read_subs.iter().zip(shape), value, span))
        }
        Boundary::Wrap => {
            let subs = read_subs.iter().zip(&shape).map(|(s, &n)| build::wrapped(s, n, span)).collect();
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
