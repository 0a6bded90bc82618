//! One error per mistake: a binding whose declaration is broken (an undeclared or zero dim in
//! its shape) or whose declaration disagrees with the node that writes it is poisoned, and the
//! errors a later statement would derive from it (shapes and ranks, or element types) are
//! dropped; that statement is checked in full again once the first error is fixed. Errors of
//! other kinds (unknown names, flow, schedules) are still reported there.

use super::super::ast::{Expr, Stmt};
use super::{BindingId, Cx, ErrorKind};
use proc_macro2::{TokenStream, TokenTree};
use std::collections::HashSet;

/// What about a binding is not to be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(in crate::graph) enum Poison {
    /// Its shape (so also its rank).
    Shape,
    /// Its element type.
    Elem,
}

impl Poison {
    /// Whether an error of `kind` may derive from this poison.
    fn derives(self, kind: ErrorKind) -> bool {
        match self {
            Poison::Shape => {
                matches!(kind, ErrorKind::ShapeMismatch | ErrorKind::IndexExtent | ErrorKind::ArgumentKind)
            }
            Poison::Elem => kind == ErrorKind::TypeMismatch,
        }
    }
}

impl Cx<'_> {
    /// Poisons binding `id` now (a broken declaration, already reported).
    pub fn poison(&mut self, id: BindingId, p: Poison) {
        self.poisoned.insert((id, p));
    }

    /// Notes that the statement being checked disagrees with its target's declaration in `p`
    /// (reported): the target is poisoned unless that error is itself dropped as derived.
    pub fn poison_target(&mut self, p: Poison) {
        self.target_poison.push(p);
    }

    /// The poisons among the bindings `stmt` reads or writes.
    pub(super) fn taint(&self, stmt: &Stmt) -> HashSet<Poison> {
        let mut names = vec![stmt.target.text.as_str()];
        names_in(&stmt.value, &mut names);
        let mut raw = Vec::new();
        if let Expr::Raw { body, .. } = &stmt.value {
            idents(body, &mut raw);
        }
        names
            .into_iter()
            .chain(raw.iter().map(String::as_str))
            .filter_map(|n| self.binding_id(n))
            .flat_map(|id| [Poison::Shape, Poison::Elem].into_iter().filter(move |p| self.poisoned.contains(&(id, *p))))
            .collect()
    }

    /// Drops the errors since `from` that derive from `taint`, then poisons `target` as the
    /// statement asked, unless the error that asked was dropped.
    pub(super) fn settle(&mut self, from: usize, taint: &HashSet<Poison>, target: Option<BindingId>) {
        let tail = self.errors.split_off(from.min(self.errors.len()));
        self.errors.extend(tail.into_iter().filter(|e| !taint.iter().any(|p| p.derives(e.kind))));
        let asked = std::mem::take(&mut self.target_poison);
        if let Some(t) = target {
            for p in asked.into_iter().filter(|p| !taint.contains(p)) {
                self.poisoned.insert((t, p));
            }
        }
    }
}

/// Every name `e` mentions (bindings among them), in any position.
fn names_in<'e>(e: &'e Expr, out: &mut Vec<&'e str>) {
    match e {
        Expr::Name(n) => out.push(&n.text),
        Expr::Tuple { items, .. } => items.iter().for_each(|item| names_in(item, out)),
        Expr::Lit(_) | Expr::Raw { .. } => {}
        Expr::Unary { arg, .. } | Expr::Cast { arg, .. } => names_in(arg, out),
        Expr::Binary { lhs, rhs, .. } => {
            names_in(lhs, out);
            names_in(rhs, out);
        }
        Expr::Call { args, named, .. } => {
            args.iter().for_each(|a| names_in(a, out));
            named.iter().for_each(|(_, v)| names_in(v, out));
        }
        Expr::Subscript { base, subs, .. } => {
            out.push(&base.text);
            subs.iter().for_each(|s| names_in(s, out));
        }
    }
}

/// Every identifier of a raw kernel's tokens (its bindings among them).
fn idents(tokens: &TokenStream, out: &mut Vec<String>) {
    for t in tokens.clone() {
        match t {
            TokenTree::Ident(i) => out.push(i.to_string()),
            TokenTree::Group(g) => idents(&g.stream(), out),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}
