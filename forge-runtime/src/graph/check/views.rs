//! Typing the view built-ins `transpose` and `permute`: a binding's read with its axes
//! reordered (no kernel; lowering folds the order into strides).

use super::super::ast::{Expr, Lit, LitValue};
use super::super::checked::{TExpr, TKind};
use super::expr::Typer;
use super::{ErrorKind, GraphError};
use proc_macro2::Span;

/// `transpose(x)` / `transpose(x, a, b)`: a view of a binding with two axes swapped.
pub(super) fn transpose(t: &mut Typer<'_, '_>, args: &[Expr], span: Span) -> Option<TExpr> {
    let mut x = t.expr(&args[0], None)?;
    let rank = x.shape.len();
    let TKind::Read(view) = &mut x.kind else {
        return t.err(
            GraphError::new(ErrorKind::ArgumentKind, args[0].span(), "`transpose` takes a binding (or a view of one)")
                .help("compute the expression into a `temp` first"),
        );
    };
    if rank < 2 {
        return t.err(GraphError::new(ErrorKind::ArgumentKind, args[0].span(), "`transpose` needs rank 2 or more"));
    }
    let (a, b) = match args.len() {
        1 => (rank - 2, rank - 1),
        3 => (view_axis(t, &args[1], rank)?, view_axis(t, &args[2], rank)?),
        _ => {
            return t.err(GraphError::new(
                ErrorKind::Arity,
                span,
                "`transpose` takes one argument, or three: (x, dim0, dim1)",
            ))
        }
    };
    view.axes.swap(a, b);
    x.shape.swap(a, b);
    x.span = span;
    Some(x)
}

/// An axis argument (of a view, or `concat`'s `axis`): an integer literal inside `rank`,
/// negative counting from the end; `whose` names the rank in the message ("the target's ").
pub(super) fn literal_axis(e: &Expr, rank: usize, whose: &str) -> Result<usize, GraphError> {
    let v = match e {
        Expr::Lit(Lit { value: LitValue::Int(v), .. }) => *v,
        _ => return Err(GraphError::new(ErrorKind::ArgumentKind, e.span(), "an axis is an integer literal")),
    };
    let a = if v < 0 { rank as i128 + v } else { v };
    if a < 0 || a >= rank as i128 {
        let valid = match rank {
            0 => "it has no axes".to_string(),
            _ => format!("valid axes are {} to {}", -(rank as i128), rank - 1),
        };
        let msg = format!("axis {v} is outside {whose}rank {rank}: {valid}");
        return Err(GraphError::new(ErrorKind::ArgumentKind, e.span(), msg));
    }
    Ok(a as usize)
}

/// [`literal_axis`] of a view's operand, reported through the typer.
fn view_axis(t: &mut Typer<'_, '_>, e: &Expr, rank: usize) -> Option<usize> {
    match literal_axis(e, rank, "") {
        Ok(axis) => Some(axis),
        Err(err) => t.err(err),
    }
}

/// `permute(x, d0, d1, …)`: a view of a binding whose axis `i` is its axis `d_i`.
pub(super) fn permute(t: &mut Typer<'_, '_>, args: &[Expr], span: Span) -> Option<TExpr> {
    let mut x = t.expr(&args[0], None)?;
    let rank = x.shape.len();
    let TKind::Read(view) = &mut x.kind else {
        return t.err(
            GraphError::new(ErrorKind::ArgumentKind, args[0].span(), "`permute` takes a binding (or a view of one)")
                .help("compute the expression into a `temp` first"),
        );
    };
    if args.len() - 1 != rank {
        let msg = format!("`permute` of a rank-{rank} operand names {rank} axes, found {}", args.len() - 1);
        return t.err(GraphError::new(ErrorKind::Arity, span, msg).help("permute(x, d0, d1, …): every axis once"));
    }
    let mut order = Vec::with_capacity(rank);
    for e in &args[1..] {
        let a = view_axis(t, e, rank)?;
        if order.contains(&a) {
            let msg = format!("axis {a} is named twice; `permute` names every axis once");
            return t.err(GraphError::new(ErrorKind::ArgumentKind, e.span(), msg));
        }
        order.push(a);
    }
    view.axes = order.iter().map(|&a| view.axes[a]).collect();
    x.shape = order.iter().map(|&a| x.shape[a]).collect();
    x.span = span;
    Some(x)
}
