//! The subscripts of an index-notation target: index names, and for a `state` the two partial
//! writes a cache needs — a slice fixed by leading loop variables or literals
//! (`cache[l, t, d] = …`) and an index shifted by a `u32` uniform (`cache[pos + t, d] = …`,
//! the window range-checked at `run`).

use super::super::ast::{Name, Stmt, TargetSub, Usage};
use super::super::checked::{BindingId, Deferred, SliceIndex};
use super::super::shape::Extent;
use super::{Cx, ErrorKind, GraphError};
use crate::elem::Ty;

/// One axis of the written window: its index, and the uniform shifting it.
pub(super) struct WindowAxis {
    pub index: Name,
    pub shift: Option<BindingId>,
    /// Whether the index runs over the target's axis (else its extent comes from the value's
    /// reads: a shifted index, or a name of a malformed sum).
    pub sized: bool,
}

/// The target's subscripts resolved: the fixed leading axes, then one window axis per
/// remaining axis, and whether they are valid (errors are reported; the indices are returned
/// anyway so that the value is still checked).
pub(super) fn target_axes(
    cx: &mut Cx<'_>,
    stmt: &Stmt,
    subs: &[TargetSub],
    target: BindingId,
) -> (Vec<SliceIndex>, Vec<WindowAxis>, bool) {
    let tb = cx.bindings[target].clone();
    let mut slice = Vec::new();
    let mut window = Vec::new();
    let mut ok = true;
    for (axis, sub) in subs.iter().enumerate() {
        let extent = tb.shape.get(axis).copied();
        match sub {
            TargetSub::Name(n) if cx.loop_var(&n.text).is_some() => {
                if !window.is_empty() {
                    ok &= not_leading(cx, sub);
                    continue;
                }
                let Some(l) = cx.loop_var(&n.text) else { continue };
                // On a rank mismatch (reported) there is no axis to check against.
                if let Some(extent) = extent {
                    ok &= fixed_axis(cx, SliceIndex::Loop(l), n.span, extent, axis, &tb.name).is_ok();
                }
                slice.push(SliceIndex::Loop(l));
            }
            TargetSub::Lit { value, span } => {
                if !window.is_empty() {
                    ok &= not_leading(cx, sub);
                    continue;
                }
                if let Some(extent) = extent {
                    ok &= fixed_axis(cx, SliceIndex::Lit(*value), *span, extent, axis, &tb.name).is_ok();
                }
                slice.push(SliceIndex::Lit(*value));
            }
            TargetSub::Name(n) => window.push(WindowAxis { index: n.clone(), shift: None, sized: true }),
            TargetSub::Sum { lhs, rhs, span } => {
                let (by, index) = match (uniform(cx, lhs), uniform(cx, rhs)) {
                    (Some(u), None) => (u, rhs),
                    (None, Some(u)) => (u, lhs),
                    _ => {
                        cx.err(
                            GraphError::new(
                                ErrorKind::IndexForm,
                                *span,
                                "a shifted target subscript adds a `u32` uniform to an index: `pos + t`",
                            )
                            .help("declare the offset `uniform pos: u32;`"),
                        );
                        ok = false;
                        // Both names stay in scope, so that the value is checked without
                        // follow-on errors (the node is dropped).
                        for n in [lhs, rhs] {
                            window.push(WindowAxis { index: n.clone(), shift: None, sized: false });
                        }
                        continue;
                    }
                };
                let ub = &cx.bindings[by];
                if ub.elem.compute() != Ty::U32 {
                    let msg = format!("the offset `{}` of a target subscript must be u32, found {}", ub.name, ub.elem);
                    cx.err(GraphError::new(ErrorKind::TypeMismatch, *span, msg));
                    ok = false;
                }
                window.push(WindowAxis { index: index.clone(), shift: Some(by), sized: false });
            }
        }
    }
    let partial = !slice.is_empty() || window.iter().any(|w| w.shift.is_some());
    if partial && tb.usage != Usage::State {
        cx.err(
            GraphError::new(
                ErrorKind::IndexForm,
                stmt.target.span,
                format!(
                    "`{}` is written in part (a fixed slice or a shifted window), which only a `state` keeps: found {}",
                    tb.name,
                    tb.usage.with_article()
                ),
            )
            .help(format!(
                "declare it `state {}: …;` (it then keeps its other elements across writes and runs)",
                tb.name
            )),
        );
        ok = false;
    }
    (slice, window, ok)
}

/// A leading axis of `binding` fixed by a loop variable (its count at most the axis's extent,
/// checked at `new` unless they are the same dim) or a literal (inside the axis: now for a
/// literal extent, at `new` for a dim) — the rule for reads (`w[l]`) and targets
/// (`cache[l, t, d]`). A literal outside a literal extent is reported and `Err`.
pub(super) fn fixed_axis(
    cx: &mut Cx<'_>,
    fix: SliceIndex,
    span: proc_macro2::Span,
    extent: Extent,
    axis: usize,
    binding: &str,
) -> Result<(), ()> {
    match (fix, extent) {
        (SliceIndex::Loop(l), extent) => {
            let (name, count) = cx.loops[l].clone();
            if count != extent {
                let what = format!("loop `{name}` indexes axis {axis} of `{binding}`");
                cx.deferred.push(Deferred::AtMost { small: count, large: extent, what });
            }
        }
        (SliceIndex::Lit(v), Extent::Lit(e)) if v >= e => {
            let msg = format!("index {v} is outside axis {axis} of `{binding}` (extent {e})");
            cx.err(GraphError::new(ErrorKind::IndexExtent, span, msg));
            return Err(());
        }
        (SliceIndex::Lit(_), Extent::Lit(_)) => {}
        (SliceIndex::Lit(v), extent @ Extent::Sym(_)) => {
            let what = format!("index {v} into axis {axis} of `{binding}`");
            cx.deferred.push(Deferred::AtMost { small: Extent::Lit(v + 1), large: extent, what });
        }
    }
    Ok(())
}

/// The binding `n` names when it is a uniform.
fn uniform(cx: &Cx<'_>, n: &Name) -> Option<BindingId> {
    cx.binding_id(&n.text).filter(|&id| cx.bindings[id].usage == Usage::Uniform)
}

fn not_leading(cx: &mut Cx<'_>, sub: &TargetSub) -> bool {
    cx.err(
        GraphError::new(
            ErrorKind::IndexForm,
            sub.span(),
            "a loop variable or literal fixes a leading axis of the target; an axis after an index cannot be fixed",
        )
        .help("put the fixed axes first (`cache[l, t, d]`), or write the value into a `temp` of the slice's shape"),
    );
    false
}
