//! Index notation, `t[i, j] = sum(k, a[i, k] * b[k, j]);`: every index bound (by the target or
//! by a reduction around it, [`super::reduce`]), every binding subscripted with its full rank.
//! A subscript is an index variable (an unshifted one may read a prefix of a larger dim, checked
//! at `new`), a variable shifted by a literal, or any integer expression. A shifted or affine
//! subscript must stay inside its axis (refused at compile time where that fails whatever the
//! dims, else checked at `new`, guards understood) unless its read says what it gives past the
//! axis (`fill`, `edge`, `wrap`: `boundary.rs`); data-dependent ones (gathers, `ids[n]`) clamp.

use super::super::ast::{BinOp, Expr, Lit, LitValue, Name, Stmt, TargetSub, Usage};
use super::super::checked::{Deferred, IndexNode, NodeKind, Sub, TExpr, TKind};
use super::super::shape::{Extent, ExtentDisplay};
use super::expr::Typer;
use super::{Cx, ErrorKind, GraphError};
use crate::elem::Ty;
use proc_macro2::Span;

/// The index variables of the node being checked.
pub(super) struct IndexScope {
    /// Name and extent of each variable: the target's, then each reduction's (extent found from
    /// its first plain subscript).
    pub vars: Vec<(String, Option<Extent>)>,
    /// How many of `vars` the target binds (the rest are reductions').
    pub targets: usize,
    /// Whether each variable is in scope (a reduction's only inside it).
    pub live: Vec<bool>,
    /// Where each variable first got its extent from a read (for messages).
    pub bound_at: Vec<Option<String>>,
    /// Whether a reduction's body is being typed (reductions do not nest).
    pub reducing: bool,
    /// Affine subscripts to range-check once every extent is known.
    pub pending: Vec<PendingSub>,
    /// The conditions of the `select`s being checked and which branch: what holds where a
    /// subscript is read (a guarded read is checked only where its guard holds).
    pub guards: Vec<(TExpr, bool)>,
    pub target: usize,
    /// The read being typed says what it gives past its axis (`fill`, `edge`, `wrap`), so its
    /// subscripts may leave it.
    pub said: bool,
    /// Reads typed so far.
    pub reads: usize,
}

/// An affine subscript to range-check at `new` (`Deferred::InRange`).
pub(super) struct PendingSub {
    pub sub: TExpr,
    pub extent: Extent,
    pub what: String,
    /// The `select` conditions around it and the branch it is in.
    pub guards: Vec<(TExpr, bool)>,
    /// For `x[i ± k]`: what a read that leaves the axis whatever the dims is refused with at
    /// compile time.
    pub shift: Option<Shift>,
}

/// A subscript `i ± k` of a read that says nothing about its boundary.
pub(super) struct Shift {
    var: usize,
    offset: i64,
    /// The subscript.
    at: Span,
    /// The whole read as written, and which read of the node it is (one error a read).
    read: String,
    read_id: usize,
}

impl IndexScope {
    /// The variable `name` names here (the innermost live one).
    pub fn var(&self, name: &str) -> Option<usize> {
        (0..self.vars.len()).rev().find(|&v| self.live[v] && self.vars[v].0 == name)
    }
    pub fn names(&self) -> Vec<String> {
        self.vars.iter().zip(&self.live).filter(|(_, live)| **live).map(|((v, _), _)| v.clone()).collect()
    }
    /// Adds a live variable; returns its id.
    pub fn push(&mut self, name: &str, extent: Option<Extent>) -> usize {
        self.vars.push((name.to_string(), extent));
        self.live.push(true);
        self.bound_at.push(None);
        self.vars.len() - 1
    }
}

pub(super) fn index_node(cx: &mut Cx<'_>, stmt: &Stmt, subs: &[TargetSub], target: usize) -> Option<NodeKind> {
    let tb = cx.bindings[target].clone();
    // On a rank mismatch (or a bad subscript) the body is still checked (every error at once),
    // then dropped.
    let rank_ok = tb.shape.len() == subs.len();
    if !rank_ok {
        cx.poison_target(super::poison::Poison::Shape);
        cx.err(GraphError::new(
            ErrorKind::IndexExtent,
            stmt.target.span,
            format!("`{}` has rank {} but is written with {} indices", tb.name, tb.shape.len(), subs.len()),
        ));
    }
    let (slice, window, axes_ok) = super::target::target_axes(cx, stmt, subs, target);
    let fixed = slice.len();
    let mut scope = IndexScope {
        vars: Vec::new(),
        targets: window.len(),
        live: Vec::new(),
        bound_at: Vec::new(),
        reducing: false,
        pending: Vec::new(),
        guards: Vec::new(),
        target,
        said: false,
        reads: 0,
    };
    for (d, w) in window.iter().enumerate() {
        let ix = &w.index;
        let malformed = !w.sized && w.shift.is_none();
        if scope.var(&ix.text).is_some() && !malformed {
            cx.err(GraphError::new(
                ErrorKind::DuplicateName,
                ix.span,
                format!("index `{}` appears twice on the left", ix.text),
            ));
        }
        if !malformed {
            shadow_check(cx, ix);
        }
        // A shifted index takes its extent from the value's reads, like a reduction's.
        let extent = if w.sized { tb.shape.get(fixed + d).copied() } else { None };
        scope.push(&ix.text, extent);
    }
    let body_expr = &stmt.value;
    let want = tb.elem.compute();
    let mut typer = Typer::new(cx, Some(scope));
    let body = typer.expr(body_expr, Some(want));
    let scope = typer.index.take()?;
    let body = body?;
    if !rank_ok || !axes_ok {
        return None;
    }
    let mut vars = Vec::new();
    for (v, (name, extent)) in scope.vars.iter().enumerate() {
        match extent {
            Some(e) => vars.push(*e),
            None if v < scope.targets => {
                cx.err(
                    GraphError::new(
                        ErrorKind::UnboundIndex,
                        window[v].index.span,
                        format!("shifted index `{name}` subscripts nothing in the value, so its range is unknown"),
                    )
                    .help(format!("read a binding at `{name}` (e.g. `cache[pos + {name}, d] = k[{name}, d]`): the window is as long as that axis")),
                );
                return None;
            }
            // A reduction reports its own unbound indices.
            None => return None,
        }
    }
    let mut refused = Vec::new();
    for PendingSub { sub, extent, what, guards, shift } in scope.pending {
        if let (Some(Shift { var, offset, at, read, read_id }), true) = (shift, guards.is_empty()) {
            let fits = match (vars[var], extent) {
                _ if offset < 0 => Some(false),
                (Extent::Lit(v), Extent::Lit(n)) => Some(v.saturating_add(offset as u64) <= n),
                (v, n) if v == n => Some(false),
                _ => None,
            };
            match fits {
                Some(true) => continue,
                Some(false) if refused.contains(&read_id) => continue,
                Some(false) => {
                    refused.push(read_id);
                    let name = &scope.vars[var].0;
                    let first = if offset < 0 { format!("{name} = 0") } else { format!("the last {name}") };
                    cx.err(unsaid_boundary(at, &what, &format!("{first} reads past the axis"), &read));
                    continue;
                }
                None => {}
            }
        }
        cx.deferred.push(Deferred::InRange { sub, vars: vars.clone(), extent, guards, what });
    }
    let result_ty = body.ty;
    if result_ty != want {
        cx.poison_target(super::poison::Poison::Elem);
        cx.err(
            GraphError::new(
                ErrorKind::TypeMismatch,
                body_expr.span(),
                format!("type mismatch: `{}` is {} but this node computes {}", tb.name, tb.elem, result_ty),
            )
            .help(format!("convert the value with `as {}`", tb.elem)),
        );
        return None;
    }
    let shifts: Vec<_> = window.iter().map(|w| w.shift).collect();
    // A shifted window no longer than its axis (where it starts is checked at `run`).
    for (d, w) in window.iter().enumerate() {
        if let (Some(_), Some(&axis)) = (w.shift, tb.shape.get(fixed + d)) {
            let what = format!("the window of `{}` in `{stmt}`", w.index.text);
            match (vars[d], axis) {
                (Extent::Lit(a), Extent::Lit(b)) if a > b => {
                    cx.err(GraphError::new(
                        ErrorKind::IndexExtent,
                        w.index.span,
                        format!("{what} is {a} long, longer than its axis ({b})"),
                    ));
                    return None;
                }
                (a, b) if a != b => cx.deferred.push(Deferred::AtMost { small: a, large: b, what }),
                _ => {}
            }
        }
    }
    let partial = fixed > 0 || shifts.iter().any(Option::is_some);
    super::flow::check_index_in_place(cx, stmt, target, &body, partial);
    Some(NodeKind::Index(IndexNode { target, slice, shifts, vars, body }))
}

pub(super) fn shadow_check(cx: &mut Cx<'_>, ix: &Name) {
    let is_loop = cx.loop_var(&ix.text).is_some();
    if cx.binding_id(&ix.text).is_some() || cx.graph.dim_index(&ix.text).is_some() || is_loop {
        cx.err(
            GraphError::new(
                ErrorKind::DuplicateName,
                ix.span,
                format!("index `{}` has the name of a binding, dim or loop variable", ix.text),
            )
            .help("index variables are lower-case names of their own, e.g. `i`, `j`, `k`"),
        );
    }
}

/// A read that leaves its axis whatever the dims, without `fill`, `edge` or `wrap`.
fn unsaid_boundary(at: Span, what: &str, why: &str, read: &str) -> GraphError {
    GraphError::new(
        ErrorKind::ReadBoundary,
        at,
        format!("{what} may leave its axis ({why}), and the read does not say what it gives there"),
    )
    .help(format!(
        "say it: `fill({read}, 0.0)` (a value: zero padding), `edge({read})` (the nearest element) or `wrap({read})` (periodic); or guard the read with `select`"
    ))
}

fn read_text(base: &Name, subs: &[Expr]) -> String {
    let subs: Vec<String> = subs.iter().map(|s| s.to_string()).collect();
    format!("{}[{}]", base.text, subs.join(", "))
}

/// `v` or `v ± literal` where `v` is an index variable.
fn shifted_var(scope: &IndexScope, e: &Expr) -> Option<(usize, i64)> {
    match e {
        Expr::Name(n) => scope.var(&n.text).map(|v| (v, 0)),
        Expr::Binary { op: op @ (BinOp::Add | BinOp::Sub), lhs, rhs, .. } => {
            let (Expr::Name(n), Expr::Lit(Lit { value: LitValue::Int(k), .. })) = (&**lhs, &**rhs) else { return None };
            let v = scope.var(&n.text)?;
            let k = i64::try_from(*k).ok()?;
            Some((v, if *op == BinOp::Sub { k.checked_neg()? } else { k }))
        }
        _ => None,
    }
}

/// An element read `base[subs…]` inside index notation.
pub(super) fn element(t: &mut Typer<'_, '_>, base: &Name, subs: &[Expr], span: Span) -> Option<TExpr> {
    let Some(id) = t.cx.binding_id(&base.text) else {
        let e = GraphError::new(ErrorKind::UnknownName, base.span, format!("`{}` is not declared", base.text))
            .suggest(&base.text, t.cx.binding_names());
        return t.err(e);
    };
    let b = t.cx.bindings[id].clone();
    if b.usage == Usage::Scene || b.usage == Usage::Uniform {
        return t.err(GraphError::new(
            ErrorKind::ArgumentKind,
            base.span,
            format!("`{}` is {} and cannot be subscripted", b.name, b.usage.with_article()),
        ));
    }
    let is_target = t.index.as_ref().is_some_and(|s| s.target == id);
    if !is_target {
        super::flow::note_read(t.cx, id, base);
    }
    if b.shape.len() != subs.len() {
        return t.err(GraphError::new(
            ErrorKind::IndexExtent,
            base.span,
            format!("`{}` has rank {} but is subscripted with {} indices", base.text, b.shape.len(), subs.len()),
        ));
    }
    // Only this read is said to leave its axis, not reads inside its subscripts.
    let said = t.index.as_mut().is_some_and(|s| std::mem::take(&mut s.said));
    let read_id = t.index.as_mut().map_or(0, |s| {
        s.reads += 1;
        s.reads
    });
    let mut out = Vec::with_capacity(subs.len());
    for (axis, sub) in subs.iter().enumerate() {
        let extent = b.shape[axis];
        let scope = t.index.as_ref()?;
        if let Some((var, offset)) = shifted_var(scope, sub) {
            bind_extent(t, var, offset, extent, axis, &b.name, sub.span());
            if offset != 0 && !said {
                if let Some(scope) = t.index.as_mut() {
                    let span = sub.span();
                    scope.pending.push(PendingSub {
                        sub: super::build::shifted(var, offset, span),
                        extent,
                        what: format!("subscript {axis} of `{}` (`{sub}`)", b.name),
                        guards: scope.guards.clone(),
                        shift: Some(Shift { var, offset, at: span, read: read_text(base, subs), read_id }),
                    });
                }
            }
            out.push(Sub::Var { var, offset });
            continue;
        }
        t.subscript += 1;
        let e = t.expr(sub, Some(Ty::I32));
        t.subscript -= 1;
        let e = e?;
        if !e.ty.is_int() {
            return t.err(
                GraphError::new(
                    ErrorKind::TypeMismatch,
                    sub.span(),
                    format!("a subscript must be an integer, found {}", e.ty),
                )
                .help("convert it with `as u32` (ids stored as floats), or declare the binding `u32`"),
            );
        }
        let mut data_dependent = false;
        e.visit(&mut |x| {
            data_dependent |= matches!(x.kind, TKind::Element { .. } | TKind::Read(_) | TKind::Uniform(_))
        });
        if !data_dependent && !said {
            let what = format!("subscript {axis} of `{}` (`{sub}`)", b.name);
            if let Some(scope) = t.index.as_mut() {
                let guards = scope.guards.clone();
                scope.pending.push(PendingSub { sub: e.clone(), extent, what, guards, shift: None });
            }
        }
        out.push(Sub::Expr(e));
    }
    Some(TExpr { kind: TKind::Element { binding: id, subs: out }, ty: b.elem.compute(), shape: vec![], span })
}

/// Relates index variable `var` to the extent of the axis it subscripts: the reduction
/// variable takes its extent from its first plain use; a target variable may read a prefix.
fn bind_extent(t: &mut Typer<'_, '_>, var: usize, offset: i64, extent: Extent, axis: usize, base: &str, span: Span) {
    let Some(scope) = t.index.as_mut() else { return };
    let is_reduce = var >= scope.targets;
    let name = scope.vars[var].0.clone();
    match scope.vars[var].1 {
        None if offset == 0 => {
            scope.vars[var].1 = Some(extent);
            scope.bound_at[var] = Some(format!("dim {axis} of `{base}`"));
        }
        None => {}
        Some(have) if have == extent => {}
        Some(have) if is_reduce => {
            let at = scope.bound_at[var].clone().unwrap_or_default();
            let dims = &t.cx.dims;
            let msg = format!(
                "index `{name}` ranges over {} ({at}) but dim {axis} of `{base}` is {}",
                ExtentDisplay(dims, have),
                ExtentDisplay(dims, extent)
            );
            t.cx.err(GraphError::new(ErrorKind::IndexExtent, span, msg));
        }
        Some(have) => match (have, extent) {
            (Extent::Lit(v), Extent::Lit(d)) if v > d && offset == 0 => {
                t.cx.err(
                    GraphError::new(
                        ErrorKind::IndexExtent,
                        span,
                        format!("index `{name}` ranges over {v} but dim {axis} of `{base}` is {d}"),
                    )
                    .help("an index may read a prefix of a longer axis, never past its end"),
                );
            }
            _ if offset == 0 => t.cx.deferred.push(Deferred::AtMost {
                small: have,
                large: extent,
                what: format!("index `{name}` reads dim {axis} of `{base}`"),
            }),
            _ => {}
        },
    }
}
