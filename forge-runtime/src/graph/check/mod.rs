//! The checker: an [`ast::Graph`] into a [`Checked`] graph, or every broken rule at once.
//! `decls` resolves declarations, `expr` and `call` type elementwise expressions and built-in
//! calls (`views` the axis-reordering ones), `index` index notation (`reduce` its reductions),
//! `concat` and `window` the whole-value built-ins written as index notation (`concat`;
//! `conv2d`, `max_pool`, `avg_pool`), `raw` raw kernels (naga), `flow` the order of reads and
//! writes, cycles and the unused-binding / dead-node warnings; `poison` keeps one mistake to
//! one error.

mod boundary;
mod build;
mod call;
mod concat;
mod decls;
mod expr;
mod flow;
mod index;
mod nat;
mod poison;
mod raw;
mod reduce;
mod target;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_errors;
mod views;
mod window;

use super::ast::{self, Expr, Item, Usage};
use super::builtins::Builtin;
use super::checked::{BindingId, Checked, Deferred, Node, NodeKind, ScheduleHint, TKind};
use super::diag::{GraphError, Severity};
use super::kind::ErrorKind;
use super::shape::{assignable, Extent, ShapeDisplay};
use expr::Typer;
use poison::Poison;
use std::collections::{HashMap, HashSet};

/// Largest workgroup every WebGPU adapter must support.
pub const MAX_PORTABLE_WORKGROUP: u64 = 256;

/// Checks every rule. On failure returns every error (and no warnings).
pub fn check(graph: &ast::Graph) -> Result<Checked, Vec<GraphError>> {
    let mut cx = Cx {
        graph,
        dims: graph.dims.iter().map(|d| d.text.clone()).collect(),
        derived: Vec::new(),
        bindings: Vec::new(),
        ids: HashMap::new(),
        errors: Vec::new(),
        deferred: Vec::new(),
        loops: Vec::new(),
        active_loop: None,
        written: HashSet::new(),
        view_targets: HashSet::new(),
        deps: HashMap::new(),
        poisoned: HashSet::new(),
        target_poison: Vec::new(),
    };
    decls::check_declarations(&mut cx);
    let nodes = cx.items(&graph.items);
    flow::check_outputs_written(&mut cx);
    if cx.errors.is_empty() {
        let warnings = flow::warnings(&cx, &nodes);
        let Cx { dims, derived, bindings, deferred, loops, .. } = cx;
        Ok(Checked { name: graph.name.text.clone(), dims, derived, bindings, nodes, loops, deferred, warnings })
    } else {
        Err(cx.errors)
    }
}

/// State of one check.
pub(super) struct Cx<'g> {
    pub graph: &'g ast::Graph,
    pub dims: Vec<String>,
    /// Each dim's formula when it is derived (see [`Checked::derived`]).
    pub derived: Vec<Option<super::checked::DimFormula>>,
    pub bindings: Vec<super::checked::BindingInfo>,
    /// The first binding of each name (lookups stay O(1) in large graphs).
    pub ids: HashMap<String, BindingId>,
    pub errors: Vec<GraphError>,
    pub deferred: Vec<Deferred>,
    /// Loop variables by id (name, extent).
    pub loops: Vec<(String, Extent)>,
    /// The loop whose body is being checked.
    pub active_loop: Option<usize>,
    /// Bindings some earlier node wrote.
    pub written: HashSet<BindingId>,
    /// Bindings that are views of another (written by a `reshape`/`transpose` node only).
    pub view_targets: HashSet<BindingId>,
    /// For each binding written outside loops, the bindings its value was computed from.
    pub deps: HashMap<BindingId, HashSet<BindingId>>,
    /// Bindings whose shape or element type is not to be trusted (see `poison`).
    pub poisoned: HashSet<(BindingId, poison::Poison)>,
    /// What the statement being checked found wrong with its target's declaration.
    pub target_poison: Vec<poison::Poison>,
}

impl Cx<'_> {
    pub fn err(&mut self, e: GraphError) {
        debug_assert!(e.severity == Severity::Error);
        self.errors.push(e);
    }

    /// The loop whose variable is `name`, inside that loop's body.
    pub fn loop_var(&self, name: &str) -> Option<usize> {
        let id = self.active_loop?;
        (self.loops[id].0 == name).then_some(id)
    }

    pub fn binding_id(&self, name: &str) -> Option<BindingId> {
        self.ids.get(name).copied()
    }

    pub fn shape_text(&self, s: &[Extent]) -> String {
        ShapeDisplay(&self.dims, s).to_string()
    }

    fn items(&mut self, items: &[Item]) -> Vec<Node> {
        let mut nodes = Vec::new();
        for item in items {
            match item {
                Item::Stmt(stmt) => nodes.extend(self.stmt(stmt)),
                Item::Loop(l) => nodes.extend(self.loop_(l)),
            }
        }
        nodes
    }

    fn loop_(&mut self, l: &ast::Loop) -> Option<Node> {
        // A count that is not a dim is reported; the body is still checked (its own errors, and
        // its writes, so that no "never written" follows), then dropped.
        let checked_count = decls::extent_of(self, &l.count);
        let count = checked_count.unwrap_or(Extent::Lit(0));
        if self.binding_id(&l.var.text).is_some() || self.graph.dim_index(&l.var.text).is_some() {
            self.err(GraphError::new(
                ErrorKind::DuplicateName,
                l.var.span,
                format!("loop variable `{}` has the name of a binding or dim", l.var.text),
            ));
        }
        let id = self.loops.len();
        self.loops.push((l.var.text.clone(), count));
        self.active_loop = Some(id);
        let body = self.items(&l.body);
        self.active_loop = None;
        checked_count?;
        let label = format!("for {} in 0..{}", l.var.text, self.shape_text(&[count]).trim_matches(['[', ']']));
        Some(Node {
            label,
            span: l.var.span,
            schedule: ScheduleHint::default(),
            kind: NodeKind::Loop { var: id, count, body },
        })
    }

    fn stmt(&mut self, stmt: &ast::Stmt) -> Option<Node> {
        let errors_before = self.errors.len();
        let taint = self.taint(stmt);
        self.target_poison.clear();
        let schedule = self.schedule(stmt);
        let label = stmt.to_string();
        let target = self.target(stmt);
        let kind = if let Some(indices) = &stmt.indices {
            index::index_node(self, stmt, indices, target?)
        } else if let Expr::Raw { lang, body, .. } = &stmt.value {
            raw::raw_node(self, stmt, lang, body, target?)
        } else if let Some(whole) = self.whole_value_call(&stmt.value) {
            match whole {
                Some(Builtin::Reshape) => self.view_node(stmt, (&stmt.value, true), target?),
                Some(Builtin::Concat) => concat::concat_node(self, stmt, target?),
                Some(Builtin::Conv2d) => window::conv2d_node(self, stmt, target?),
                Some(Builtin::Pool(pool)) => window::pool_node(self, stmt, target?, pool),
                Some(_) => self.view_node(stmt, (&stmt.value, false), target?),
                None => None,
            }
        } else {
            self.assign_node(stmt, target?)
        };
        if let Some(t) = target {
            if self.view_targets.contains(&t) && !matches!(kind, Some(NodeKind::View { .. })) {
                self.err(
                    GraphError::new(
                        ErrorKind::WriteReadOnly,
                        stmt.target.span,
                        format!(
                            "`{}` is a view (written by `reshape`/`transpose`) and cannot be written again",
                            stmt.target.text
                        ),
                    )
                    .help("declare another `temp` for this value"),
                );
            }
            self.written.insert(t);
        }
        if kind.is_none() && self.errors.len() == errors_before {
            // A statement is never dropped silently: its output would be left unwritten.
            self.err(GraphError::new(ErrorKind::ArgumentKind, stmt.value.span(), "this statement cannot be checked"));
        }
        self.settle(errors_before, &taint, target);
        Some(Node { label, span: stmt.target.span, schedule, kind: kind? })
    }

    /// The target binding, if it is declared and writable (reports why not).
    fn target(&mut self, stmt: &ast::Stmt) -> Option<BindingId> {
        let Some(id) = self.binding_id(&stmt.target.text) else {
            let what = if self.graph.dim_index(&stmt.target.text).is_some() {
                "is a dim, not a binding"
            } else {
                "is not declared"
            };
            let mut e =
                GraphError::new(ErrorKind::UnknownName, stmt.target.span, format!("`{}` {what}", stmt.target.text))
                    .help(format!("declare it first, e.g. `temp {}: f32[…];`", stmt.target.text));
            if self.graph.dim_index(&stmt.target.text).is_none() {
                e = e.suggest(&stmt.target.text, self.binding_names());
                // The binding it was surely meant to be counts as written: no "never written"
                // or "read before written" follows from the typo.
                let meant = super::suggest::closest(&stmt.target.text, self.binding_names()).map(str::to_string);
                if let Some(id) = meant.and_then(|m| self.binding_id(&m)) {
                    self.written.insert(id);
                }
            }
            self.err(e);
            return None;
        };
        let usage = self.bindings[id].usage;
        if !usage.writable() {
            self.err(
                GraphError::new(
                    ErrorKind::WriteReadOnly,
                    stmt.target.span,
                    format!(
                        "cannot write `{}`: expected a `temp`, `output` or `state`, found {}",
                        stmt.target.text,
                        usage.with_article()
                    ),
                )
                .help(format!(
                    "`{}` is {}; declare it `temp` or `output` to write it",
                    stmt.target.text,
                    usage.with_article()
                )),
            );
            return None;
        }
        Some(id)
    }

    fn schedule(&mut self, stmt: &ast::Stmt) -> ScheduleHint {
        let mut hint = ScheduleHint::default();
        let Some(s) = &stmt.schedule else { return hint };
        if let Some((wg, span)) = s.workgroup {
            if wg == 0 || !wg.is_power_of_two() || wg > MAX_PORTABLE_WORKGROUP {
                self.err(
                    GraphError::new(
                        ErrorKind::Schedule,
                        span,
                        format!("workgroup = {wg} is outside portable limits: expected a power of two from 1 to {MAX_PORTABLE_WORKGROUP}"),
                    )
                    .help(format!("use a power of two from 1 to {MAX_PORTABLE_WORKGROUP}")),
                );
            } else {
                hint.workgroup = Some(wg as u32);
            }
        }
        if let Some((items, span)) = s.items {
            if ![1, 2, 4, 8].contains(&items) {
                self.err(
                    GraphError::new(
                        ErrorKind::Schedule,
                        span,
                        format!("items = {items} is not supported: expected 1, 2, 4 or 8"),
                    )
                    .help("use 1, 2, 4 or 8"),
                );
            } else {
                hint.items = Some(items as u32);
            }
        }
        hint
    }

    /// The built-in of a node's whole value when it is a whole-value form (`reshape`,
    /// `transpose`, `permute`, `concat`, `conv2d`, the pools): `Some(None)` if the call's arity or options are wrong
    /// (reported, before any argument is read).
    fn whole_value_call(&mut self, value: &Expr) -> Option<Option<Builtin>> {
        let Expr::Call { func, args, named, .. } = value else { return None };
        let decl = super::builtins::lookup(&func.text, args.len())?;
        if !matches!(
            decl.builtin,
            Builtin::Reshape
                | Builtin::Transpose
                | Builtin::Permute
                | Builtin::Concat
                | Builtin::Conv2d
                | Builtin::Pool(_)
        ) {
            return None;
        }
        Some(call::resolve(self, func, args, named).map(|d| d.builtin))
    }

    fn view_node(&mut self, stmt: &ast::Stmt, (call, reshape): (&Expr, bool), target: BindingId) -> Option<NodeKind> {
        let tb = self.bindings[target].clone();
        if !matches!(tb.usage, Usage::Temp | Usage::Output) {
            self.err(
                GraphError::new(
                    ErrorKind::WriteReadOnly,
                    stmt.target.span,
                    format!("a view can only be a `temp` or `output`, and `{}` is {}", tb.name, tb.usage.with_article()),
                )
                .help("a view shares its source's memory; declare the view a `temp`, and copy it into the binding if needed"),
            );
            return None;
        }
        let Expr::Call { args, func, .. } = call else { return None };
        let source = if reshape {
            let mut typer = Typer::new(self, None);
            let arg = typer.expr(&args[0], None)?;
            if !matches!(arg.kind, TKind::Read(_)) {
                self.err(
                    GraphError::new(
                        ErrorKind::ArgumentKind,
                        args[0].span(),
                        "`reshape` takes a binding (or a view of one)",
                    )
                    .help("compute the expression into a `temp` first, then reshape the temp"),
                );
                return None;
            }
            self.deferred.push(Deferred::SameCount {
                a: arg.shape.clone(),
                b: tb.shape.clone(),
                what: format!(
                    "`{}` = reshape(…): {} and {}",
                    tb.name,
                    self.shape_text(&arg.shape),
                    self.shape_text(&tb.shape)
                ),
            });
            arg
        } else {
            let mut typer = Typer::new(self, None);
            typer.expr(call, None)?
        };
        if source.ty != tb.elem.compute() || (tb.elem != self.bindings[read_binding(&source)?].elem) {
            self.poison_target(Poison::Elem);
            self.err(GraphError::new(
                ErrorKind::TypeMismatch,
                func.span,
                format!(
                    "a view keeps its element type: `{}` is {} but the viewed binding is {}",
                    tb.name,
                    tb.elem,
                    self.bindings[read_binding(&source)?].elem
                ),
            ));
            return None;
        }
        if !reshape && source.shape != tb.shape {
            self.poison_target(Poison::Shape);
            self.err(GraphError::new(
                ErrorKind::ShapeMismatch,
                call.span(),
                format!(
                    "shape mismatch: `{}` has shape {} but this view has shape {}",
                    tb.name,
                    self.shape_text(&tb.shape),
                    self.shape_text(&source.shape)
                ),
            ));
            return None;
        }
        if self.written.contains(&target) || self.view_targets.contains(&target) {
            self.err(GraphError::new(
                ErrorKind::WriteReadOnly,
                stmt.target.span,
                format!("`{}` is written before; a view must be the only node writing its target", tb.name),
            ));
        }
        self.view_targets.insert(target);
        Some(NodeKind::View { target, source, reshape })
    }

    fn assign_node(&mut self, stmt: &ast::Stmt, target: BindingId) -> Option<NodeKind> {
        let tb = self.bindings[target].clone();
        let want = tb.elem.compute();
        let mut typer = Typer::new(self, None);
        let value = typer.expr(&stmt.value, Some(want))?;
        if value.ty != want {
            self.poison_target(Poison::Elem);
            self.err(
                GraphError::new(
                    ErrorKind::TypeMismatch,
                    stmt.value.span(),
                    format!("type mismatch: `{}` is {} but this node computes {}", tb.name, tb.elem, value.ty),
                )
                .help(format!("convert the value with `as {}`", tb.elem)),
            );
            return None;
        }
        if !assignable(&value.shape, &tb.shape) {
            self.poison_target(Poison::Shape);
            self.err(GraphError::new(
                ErrorKind::ShapeMismatch,
                stmt.value.span(),
                format!(
                    "shape mismatch: `{}` has shape {} but this node computes shape {}",
                    tb.name,
                    self.shape_text(&tb.shape),
                    self.shape_text(&value.shape)
                ),
            ));
            return None;
        }
        flow::check_in_place(self, stmt, target, &value);
        Some(NodeKind::Assign { target, value })
    }
}

/// The binding a view expression reads.
fn read_binding(e: &super::checked::TExpr) -> Option<BindingId> {
    match &e.kind {
        TKind::Read(v) => Some(v.binding),
        _ => None,
    }
}
