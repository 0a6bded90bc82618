//! Index notation, `t[i, j] = sum(k, a[i, k] * b[k, j]);`: every index bound (by the target
//! or by one top-level reduction), every binding subscripted with its full rank, every index
//! ranging over one extent. Shifted indices (`img[i + 1, j - 1]`) clamp to the edge.

use super::shape::{binding_shape, Extent, ExtentDisplay};
use super::typing::{callee, Callee};
use super::{ErrorKind, Expr, Graph, GraphError, Name, Stmt, Usage};

/// A reduction over one index at the top of an index-notation statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexReduce {
    Sum,
    Max,
    Mean,
}

/// The shape of an index-notation statement, as the checker and the lowering see it.
#[derive(Debug, Clone)]
pub struct IndexForm<'a> {
    /// Every index variable and its extent: the target's indices first, then the reduction's.
    pub vars: Vec<(String, Extent)>,
    /// The reduction and its variable (the last entry of `vars`), if any.
    pub reduce: Option<IndexReduce>,
    /// The expression evaluated at each point (under the reduction, if any).
    pub body: &'a Expr,
}

impl IndexForm<'_> {
    pub fn var(&self, name: &str) -> Option<usize> {
        self.vars.iter().position(|(v, _)| v == name)
    }
}

fn reduction(func: &Name, args: &[Expr]) -> Option<IndexReduce> {
    if args.len() != 2 || !matches!(args[0], Expr::Ref(_)) {
        return None;
    }
    match func.text.as_str() {
        "sum" => Some(IndexReduce::Sum),
        "max" => Some(IndexReduce::Max),
        "mean" => Some(IndexReduce::Mean),
        _ => None,
    }
}

/// Analyses `stmt` (which has `indices`), reporting every broken rule into `errors`.
pub fn index_form<'a>(
    graph: &Graph,
    stmt: &'a Stmt,
    indices: &[Name],
    written: &dyn Fn(&str) -> bool,
    errors: &mut Vec<GraphError>,
) -> IndexForm<'a> {
    let target = graph.binding(&stmt.target.text);
    let shape = target.map(|b| binding_shape(graph, &b.shape)).unwrap_or_default();
    if let Some(b) = target {
        if shape.len() != indices.len() {
            errors.push(GraphError::new(
                ErrorKind::IndexExtent,
                stmt.target.span,
                format!("`{}` has rank {} but is written with {} indices", b.name.text, shape.len(), indices.len()),
            ));
        }
    }
    let mut vars: Vec<(String, Extent)> = Vec::new();
    for (d, ix) in indices.iter().enumerate() {
        if vars.iter().any(|(v, _)| *v == ix.text) {
            errors.push(GraphError::new(
                ErrorKind::DuplicateName,
                ix.span,
                format!("index `{}` appears twice on the left", ix.text),
            ));
        }
        shadow_check(graph, ix, errors);
        vars.push((ix.text.clone(), shape.get(d).copied().unwrap_or(Extent::Lit(1))));
    }
    let mut form = IndexForm { vars, reduce: None, body: &stmt.value };
    let mut reduce_var: Option<&Name> = None;
    if let Expr::Call { func, args, .. } = &stmt.value {
        if let (Some(r), Expr::Ref(k)) = (reduction(func, args), &args[0]) {
            if form.var(&k.text).is_some() {
                errors.push(
                    GraphError::new(
                        ErrorKind::DuplicateName,
                        k.span,
                        format!("reduction index `{}` is already an index of the target", k.text),
                    )
                    .help("reduce over a fresh index: `sum(k, …)`"),
                );
            }
            shadow_check(graph, k, errors);
            form.reduce = Some(r);
            form.body = &args[1];
            reduce_var = Some(k);
        }
    }
    let mut walker = Walker {
        graph,
        form: &mut form,
        reduce_var,
        reduce_extent: None,
        target: &stmt.target.text,
        indices,
        written,
        errors,
    };
    let body = walker.form.body;
    walker.walk(body);
    if let (Some(k), None) = (reduce_var, walker.reduce_extent) {
        walker.errors.push(
            GraphError::new(
                ErrorKind::UnboundIndex,
                k.span,
                format!("reduction index `{}` subscripts nothing", k.text),
            )
            .help("use it in a subscript inside the reduction, e.g. `sum(k, a[i, k])`"),
        );
    }
    if let Some(k) = reduce_var {
        let extent = walker.reduce_extent.unwrap_or(Extent::Lit(1));
        form.vars.push((k.text.clone(), extent));
    }
    form
}

fn shadow_check(graph: &Graph, ix: &Name, errors: &mut Vec<GraphError>) {
    if graph.binding(&ix.text).is_some() || graph.dim_index(&ix.text).is_some() {
        errors.push(
            GraphError::new(
                ErrorKind::DuplicateName,
                ix.span,
                format!("index `{}` has the name of a binding or dim", ix.text),
            )
            .help("index variables are lower-case names of their own, e.g. `i`, `j`, `k`"),
        );
    }
}

struct Walker<'w, 'a> {
    graph: &'w Graph,
    form: &'w mut IndexForm<'a>,
    reduce_var: Option<&'a Name>,
    reduce_extent: Option<Extent>,
    target: &'w str,
    indices: &'w [Name],
    written: &'w dyn Fn(&str) -> bool,
    errors: &'w mut Vec<GraphError>,
}

impl Walker<'_, '_> {
    fn walk(&mut self, e: &Expr) {
        match e {
            Expr::Index { base, indices, .. } => self.subscript(base, indices),
            Expr::Ref(n) => {
                let is_index = self.form.var(&n.text).is_some() || self.reduce_var.is_some_and(|k| k.text == n.text);
                if is_index {
                    self.errors.push(GraphError::new(
                        ErrorKind::IndexForm,
                        n.span,
                        format!("index `{}` is used as a value; indices only subscript bindings", n.text),
                    ));
                } else if let Some(b) = self.graph.binding(&n.text) {
                    if !b.shape.is_empty() {
                        let vars: Vec<&str> = self.indices.iter().map(|i| i.text.as_str()).collect();
                        self.errors.push(
                            GraphError::new(
                                ErrorKind::IndexForm,
                                n.span,
                                format!("`{}` is read whole in an index-notation node", n.text),
                            )
                            .help(format!(
                                "subscript it, e.g. `{}[{}]`",
                                n.text,
                                vars.join(", ")
                            )),
                        );
                    }
                }
            }
            Expr::Call { func, args, .. } => {
                if reduction(func, args).is_some() {
                    self.errors.push(
                        GraphError::new(
                            ErrorKind::IndexForm,
                            func.span,
                            format!("a `{}` reduction must be the node's whole right-hand side", func.text),
                        )
                        .help("compute the reduction into a `temp` in its own node, then combine"),
                    );
                    return;
                }
                if let Some((Callee::Op(_), _)) = callee(&func.text, args.len()) {
                    self.errors.push(
                        GraphError::new(
                            ErrorKind::IndexForm,
                            func.span,
                            format!("`{}` is a whole-tensor op; index notation takes elementwise functions", func.text),
                        )
                        .help("call it in its own node `t = op(…);` and subscript `t` here"),
                    );
                    return;
                }
                args.iter().for_each(|a| self.walk(a));
            }
            Expr::Unary { arg, .. } | Expr::Cast { arg, .. } => self.walk(arg),
            Expr::Binary { lhs, rhs, .. } => {
                self.walk(lhs);
                self.walk(rhs);
            }
            Expr::Lit { .. } => {}
            Expr::Raw { span, .. } => self.errors.push(GraphError::new(
                ErrorKind::IndexForm,
                *span,
                "a raw kernel cannot appear in index notation",
            )),
        }
    }

    fn subscript(&mut self, base: &Name, indices: &[super::IndexExpr]) {
        let Some(b) = self.graph.binding(&base.text) else {
            self.errors.push(GraphError::new(
                ErrorKind::UnknownName,
                base.span,
                format!("`{}` is not declared", base.text),
            ));
            return;
        };
        if matches!(b.usage, Usage::Temp | Usage::Output) && base.text != self.target && !(self.written)(&base.text) {
            self.errors.push(
                GraphError::new(
                    ErrorKind::ReadBeforeWrite,
                    base.span,
                    format!("`{}` is read before any node writes it", base.text),
                )
                .help("nodes run in the order written; move the node that writes it above this one"),
            );
        }
        let shape = binding_shape(self.graph, &b.shape);
        if shape.len() != indices.len() {
            self.errors.push(GraphError::new(
                ErrorKind::IndexExtent,
                base.span,
                format!("`{}` has rank {} but is subscripted with {} indices", base.text, shape.len(), indices.len()),
            ));
        }
        for (d, ix) in indices.iter().enumerate() {
            let Some(&extent) = shape.get(d) else { continue };
            let is_reduce = self.reduce_var.is_some_and(|k| k.text == ix.var.text);
            let bound = if is_reduce {
                match self.reduce_extent {
                    None => {
                        self.reduce_extent = Some(extent);
                        continue;
                    }
                    Some(e) => Some(e),
                }
            } else {
                self.form.var(&ix.var.text).map(|v| self.form.vars[v].1)
            };
            let Some(expected) = bound else {
                let mut names: Vec<&str> = self.indices.iter().map(|i| i.text.as_str()).collect();
                names.extend(self.reduce_var.map(|k| k.text.as_str()));
                self.errors.push(
                    GraphError::new(ErrorKind::UnboundIndex, ix.var.span, format!("index `{}` is not bound", ix.var.text)).help(format!(
                        "bound indices here: [{}]; bind it on the left (`t[i, {}] = …`) or with a reduction (`sum({}, …)`)",
                        names.join(", "),
                        ix.var.text,
                        ix.var.text
                    )),
                );
                continue;
            };
            if expected != extent {
                self.errors.push(GraphError::new(
                    ErrorKind::IndexExtent,
                    ix.var.span,
                    format!(
                        "index `{}` ranges over {} but dim {d} of `{}` is {}",
                        ix.var.text,
                        ExtentDisplay(self.graph, expected),
                        base.text,
                        ExtentDisplay(self.graph, extent)
                    ),
                ));
            }
        }
    }
}

/// Whether the node reads its own target anywhere but at exactly its own point (a race when
/// every point is computed in parallel).
pub fn reads_target_elsewhere(stmt: &Stmt, indices: &[Name]) -> Option<proc_macro2::Span> {
    let mut found = None;
    stmt.value.visit(&mut |e| {
        if let Expr::Index { base, indices: ix, .. } = e {
            let same_point =
                ix.len() == indices.len() && ix.iter().zip(indices).all(|(a, b)| a.offset == 0 && a.var.text == b.text);
            if base.text == stmt.target.text && !same_point && found.is_none() {
                found = Some(base.span);
            }
        }
    });
    found
}
