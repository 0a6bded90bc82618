//! Index-notation reductions, `sum(k, e)` and `sum((c, u, v), e)`, anywhere in a node's value:
//! each binds fresh index variables for its body only (every one's extent from the axes it
//! subscripts whole, as a single index's), and reductions do not nest.

use super::super::ast::{Expr, Name};
use super::super::checked::{IndexReduce, Precision, TExpr, TKind};
use super::super::ops::ReduceOp;
use super::expr::Typer;
use super::{ErrorKind, GraphError};
use crate::elem::Ty;
use proc_macro2::Span;

/// The reduction a two-argument call in index notation writes, `name(k, body)` or
/// `name((i, j), body)`: a reduction's name whose first argument is a bare name or a tuple of
/// names, or any call of `sum`/`prod`/`mean` (for the message); `max(a[i], b[i])` and `min(…)`
/// of two other operands are elementwise.
pub(super) fn reduction_call(func: &str, args: &[Expr]) -> Option<ReduceOp> {
    let op = ReduceOp::ALL.into_iter().find(|r| r.name() == func)?;
    let elementwise_too = super::super::builtins::lookup(func, 2).is_some_and(|d| d.positional == (2, 2));
    let indices_first = matches!(args.first(), Some(Expr::Name(_) | Expr::Tuple { .. }));
    (args.len() == 2 && (!elementwise_too || indices_first)).then_some(op)
}

/// Types `op(indices, body)` in index notation: binds the indices, types the body with them in
/// scope, then drops them again (a later reduction may reuse the names).
pub(super) fn reduction(
    t: &mut Typer<'_, '_>,
    op: ReduceOp,
    func: &Name,
    args: &[Expr],
    named: &[(Name, Expr)],
    span: Span,
    want: Option<Ty>,
) -> Option<TExpr> {
    let [first, body_expr] = args else { return None };
    if let Some((key, _)) = named.first() {
        return t.err(GraphError::new(
            ErrorKind::IndexForm,
            key.span,
            format!("an index reduction takes no options; `{}` is not one", key.text),
        ));
    }
    let (reducing, in_subscript) = (t.index.as_ref().is_some_and(|s| s.reducing), t.subscript > 0);
    if reducing || in_subscript {
        let place = if reducing { "inside another reduction" } else { "in a subscript" };
        return t.err(
            GraphError::new(ErrorKind::IndexForm, func.span, format!("a `{}` reduction cannot be {place}", func.text))
                .help("compute it into a `temp` in its own node, then read that here"),
        );
    }
    let names = |items: &[Expr]| -> Option<Vec<Name>> {
        items.iter().map(|i| if let Expr::Name(n) = i { Some(n.clone()) } else { None }).collect()
    };
    let indices: Vec<Name> = match first {
        Expr::Name(k) => vec![k.clone()],
        Expr::Tuple { items, .. } if names(items).is_some() => names(items).unwrap_or_default(),
        other => {
            return t.err(
                GraphError::new(
                    ErrorKind::IndexForm,
                    other.span(),
                    format!("`{}` reduces over an index: its first argument is one, or a tuple of them", func.text),
                )
                .help(format!("e.g. `{0}(k, a[i, k])` or `{0}((k, l), a[i, k, l])`", func.text)),
            );
        }
    };
    let vars = bind_indices(t, &indices)?;
    let want_body = if op.float_only() { Some(Ty::F32) } else { want };
    if let Some(s) = t.index.as_mut() {
        s.reducing = true;
    }
    let body = t.expr(body_expr, want_body);
    let scope = t.index.as_mut()?;
    scope.reducing = false;
    for &v in &vars {
        scope.live[v] = false;
    }
    let body = body?;
    let unbound = vars.iter().zip(&indices).find(|(v, _)| scope.vars[**v].1.is_none());
    if let Some((_, k)) = unbound {
        return t.err(
            GraphError::new(
                ErrorKind::UnboundIndex,
                k.span,
                format!("reduction index `{}` subscripts nothing", k.text),
            )
            .help(format!(
                "use it as a whole subscript inside the reduction, e.g. `{}({1}, a[i, {1}])`",
                func.text, k.text
            )),
        );
    }
    if body.ty == Ty::Bool {
        return t.err(GraphError::new(
            ErrorKind::TypeMismatch,
            body_expr.span(),
            "a reduction needs a number, found bool",
        ));
    }
    if op.float_only() && body.ty != Ty::F32 {
        return t.err(
            GraphError::new(
                ErrorKind::TypeMismatch,
                body_expr.span(),
                format!("`{}` needs a float value, found {}", op.name(), body.ty),
            )
            .help("cast it with `as f32`"),
        );
    }
    let ty = body.ty;
    Some(TExpr {
        kind: TKind::Reduce(Box::new(IndexReduce { op, vars, body, precision: Precision::F32, window: None })),
        ty,
        shape: vec![],
        span,
    })
}

/// Adds the reduction's indices to the scope (extents unknown until the body subscripts with
/// them) and returns their variable ids; a repeated index or one the target binds is an error.
fn bind_indices(t: &mut Typer<'_, '_>, indices: &[Name]) -> Option<Vec<usize>> {
    let mut ok = true;
    for (n, k) in indices.iter().enumerate() {
        if indices[..n].iter().any(|prev| prev.text == k.text) {
            t.cx.err(GraphError::new(
                ErrorKind::DuplicateName,
                k.span,
                format!("index `{}` appears twice in the reduction's indices", k.text),
            ));
            ok = false;
        } else if t.index.as_ref().is_some_and(|s| s.var(&k.text).is_some()) {
            t.cx.err(
                GraphError::new(
                    ErrorKind::DuplicateName,
                    k.span,
                    format!("reduction index `{}` is already an index of the target", k.text),
                )
                .help("reduce over a fresh index: `sum(k, …)`"),
            );
            ok = false;
        }
        super::index::shadow_check(t.cx, k);
    }
    if !ok {
        return None;
    }
    let scope = t.index.as_mut()?;
    Some(indices.iter().map(|k| scope.push(&k.text, None)).collect())
}
