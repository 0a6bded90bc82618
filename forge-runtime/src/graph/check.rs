//! Graph-level rules: names, usages, read-before-write, node types and shapes, in-place use,
//! schedules; dead nodes and unused bindings as warnings. Every error is collected, none stops the rest.

use super::index::IndexReduce;
use super::index::{index_form, reads_target_elsewhere};
use super::raw::check_raw;
use super::shape::{binding_shape, broadcast, ShapeDisplay};
use super::typing::{callee, read_names, reads, Callee, ETy, Infer};
use super::{DimRef, ErrorKind, Expr, Graph, GraphError, Name, Stmt, Usage};
use crate::elem::{Elem, Ty};
use std::collections::{HashMap, HashSet};

/// Whether a finding stops the graph (error) or is reported and passed (warning).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// A graph that passed every rule, with the warnings found on the way.
#[derive(Debug, Clone)]
pub struct Checked {
    pub warnings: Vec<GraphError>,
}

/// Largest workgroup every WebGPU adapter must support.
pub const MAX_PORTABLE_WORKGROUP: u64 = 256;

/// Checks every rule; on failure returns all errors (warnings included, last).
pub fn check(graph: &Graph) -> Result<Checked, Vec<GraphError>> {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    check_declarations(graph, &mut errors);
    check_statements(graph, &mut errors);
    check_usage(graph, &mut warnings, &mut errors);
    if errors.is_empty() {
        Ok(Checked { warnings })
    } else {
        errors.extend(warnings);
        Err(errors)
    }
}

fn check_declarations(graph: &Graph, errors: &mut Vec<GraphError>) {
    let mut seen = HashMap::new();
    for d in &graph.dims {
        if seen.insert(d.text.clone(), "dim").is_some() {
            errors.push(GraphError::new(
                ErrorKind::DuplicateName,
                d.span,
                format!("dim `{}` is declared twice", d.text),
            ));
        }
    }
    for b in &graph.bindings {
        let name = &b.name;
        match seen.insert(name.text.clone(), "binding") {
            Some("dim") => errors.push(GraphError::new(
                ErrorKind::DuplicateName,
                name.span,
                format!("`{}` is already a dim; pick another name", name.text),
            )),
            Some(_) => errors.push(GraphError::new(
                ErrorKind::DuplicateName,
                name.span,
                format!("binding `{}` is declared twice", name.text),
            )),
            None => {}
        }
        for d in &b.shape {
            match d {
                DimRef::Sym(n) if graph.dim_index(&n.text).is_none() => errors.push(
                    GraphError::new(ErrorKind::UndeclaredDim, n.span, format!("dim `{}` is not declared", n.text))
                        .help(format!(
                            "add it to the graph's `dims {{ … }}` list: dims {{ {} }}",
                            dim_list_with(graph, &n.text)
                        )),
                ),
                DimRef::Lit { value: 0, span } => errors.push(
                    GraphError::new(ErrorKind::BadDeclaration, *span, "a dim of 0 makes an empty tensor")
                        .help("dims are at least 1"),
                ),
                _ => {}
            }
        }
        if b.usage == Usage::Uniform && !b.shape.is_empty() {
            errors.push(
                GraphError::new(
                    ErrorKind::BadDeclaration,
                    b.name.span,
                    format!("uniform `{}` must be a scalar, found a shape", name.text),
                )
                .help("declare it `input` to pass a tensor per run"),
            );
        }
        if let Some((value, span)) = b.default {
            if b.usage != Usage::Uniform {
                errors.push(
                    GraphError::new(
                        ErrorKind::BadDeclaration,
                        span,
                        format!("only uniforms take a default value; `{}` is {}", name.text, article(b.usage)),
                    )
                    .help("remove `= …`, or declare it `uniform`"),
                );
            } else if !(value as f32).is_finite()
                || (!b.elem.is_float() && (value.fract() != 0.0 || (b.elem == Elem::U32 && value < 0.0)))
            {
                errors.push(GraphError::new(
                    ErrorKind::TypeMismatch,
                    span,
                    format!("default {value} does not fit {}", b.elem),
                ));
            }
        }
    }
}

fn dim_list_with(graph: &Graph, extra: &str) -> String {
    let mut names: Vec<&str> = graph.dims.iter().map(|d| d.text.as_str()).collect();
    names.push(extra);
    names.join(", ")
}

fn article(u: Usage) -> String {
    let k = u.keyword();
    if matches!(u, Usage::Input | Usage::Output) {
        format!("an `{k}`")
    } else {
        format!("a `{k}`")
    }
}

fn check_statements(graph: &Graph, errors: &mut Vec<GraphError>) {
    let mut written: HashSet<&str> = HashSet::new();
    let mut deps: HashMap<String, HashSet<String>> = HashMap::new();
    for stmt in &graph.stmts {
        let target = graph.binding(&stmt.target.text);
        match target {
            None => errors.push(
                GraphError::new(
                    ErrorKind::UnknownName,
                    stmt.target.span,
                    format!("`{}` is not declared", stmt.target.text),
                )
                .help(format!("declare it first, e.g. `temp {}: f32[…];`", stmt.target.text)),
            ),
            Some(b) if !b.usage.writable() => errors.push(
                GraphError::new(
                    ErrorKind::WriteReadOnly,
                    stmt.target.span,
                    format!(
                        "cannot write `{}`: expected a `temp`, `output` or `state`, found {}",
                        b.name.text,
                        article(b.usage)
                    ),
                )
                .help(format!(
                    "`{}` is {}; declare it `temp` or `output` to write it",
                    b.name.text,
                    article(b.usage)
                )),
            ),
            _ => {}
        }
        check_schedule(stmt, errors);
        check_cycle(graph, stmt, &mut deps, errors);
        if let Some(idx) = &stmt.indices {
            check_index_stmt(graph, stmt, idx, &written, errors);
            if target.is_some() {
                written.insert(stmt.target.text.as_str());
            }
            continue;
        }
        if let Expr::Raw { lang, body, .. } = &stmt.value {
            let was_written = |n: &str| written.contains(n);
            check_raw(graph, &stmt.target, lang, body, &was_written, errors);
            if target.is_some() {
                written.insert(stmt.target.text.as_str());
            }
            continue;
        }
        stmt.value.visit(&mut |e| {
            if let Expr::Ref(n) = e {
                if let Some(b) = graph.binding(&n.text) {
                    if matches!(b.usage, Usage::Temp | Usage::Output) && !written.contains(n.text.as_str()) {
                        errors.push(
                            GraphError::new(
                                ErrorKind::ReadBeforeWrite,
                                n.span,
                                format!("`{}` is read before any node writes it", n.text),
                            )
                            .help("nodes run in the order written; move the node that writes it above this one"),
                        );
                    }
                }
            }
        });
        let mut infer = Infer::new(graph);
        let info = infer.expr(&stmt.value);
        errors.append(&mut infer.errors);
        if let (Some(info), Some(b)) = (info, target) {
            let want = b.elem.compute();
            if !info.ty.fits(want) {
                errors.push(
                    GraphError::new(
                        ErrorKind::TypeMismatch,
                        stmt.value.span(),
                        format!(
                            "type mismatch: `{}` is {} but this node computes {}",
                            b.name.text,
                            b.elem,
                            info.ty.describe()
                        ),
                    )
                    .help(format!("convert the value with `as {}`", b.elem)),
                );
            }
            let target_shape = binding_shape(graph, &b.shape);
            if broadcast(&info.shape, &target_shape).ok().as_ref() != Some(&target_shape) {
                errors.push(GraphError::new(
                    ErrorKind::ShapeMismatch,
                    stmt.value.span(),
                    format!(
                        "shape mismatch: `{}` has shape {} but this node computes shape {}",
                        b.name.text,
                        ShapeDisplay(graph, &target_shape),
                        ShapeDisplay(graph, &info.shape)
                    ),
                ));
            }
        }
        check_in_place(stmt, errors);
        if target.is_some() {
            written.insert(stmt.target.text.as_str());
        }
    }
    for b in graph.bindings_of(Usage::Output) {
        if !written.contains(b.name.text.as_str()) {
            errors.push(
                GraphError::new(
                    ErrorKind::OutputNeverWritten,
                    b.name.span,
                    format!("output `{}` is never written", b.name.text),
                )
                .help("add a node `{0} = …;`, or declare it `temp`".replace("{0}", &b.name.text)),
            );
        }
    }
}

/// Built-in ops read whole rows or tiles, so their operands may not alias the node's target;
/// elementwise reads of the target at the same point are fine.
fn check_in_place(stmt: &Stmt, errors: &mut Vec<GraphError>) {
    let target = stmt.target.text.as_str();
    stmt.value.visit(&mut |e| {
        if let Expr::Call { func, args, .. } = e {
            if let Some((Callee::Op(_), _)) = callee(&func.text, args.len()) {
                if let Some(arg) = args.iter().find(|a| reads(a, target)) {
                    errors.push(
                        GraphError::new(
                            ErrorKind::InPlace,
                            arg.span(),
                            format!("`{}` cannot run in place: it reads `{target}` while writing it", func.text),
                        )
                        .help("write the result into a `temp` first"),
                    );
                }
            }
        }
    });
}

fn check_schedule(stmt: &Stmt, errors: &mut Vec<GraphError>) {
    let Some(s) = &stmt.schedule else { return };
    if let Some((wg, span)) = s.workgroup {
        if wg == 0 || !wg.is_power_of_two() || wg > MAX_PORTABLE_WORKGROUP {
            errors.push(
                GraphError::new(ErrorKind::Schedule, span, format!("workgroup = {wg} is outside portable limits: expected a power of two from 1 to {MAX_PORTABLE_WORKGROUP}"))
                    .help(format!("use a power of two from 1 to {MAX_PORTABLE_WORKGROUP}")),
            );
        }
    }
    if let Some((items, span)) = s.items {
        if ![1, 2, 4, 8].contains(&items) {
            errors.push(
                GraphError::new(
                    ErrorKind::Schedule,
                    span,
                    format!("items = {items} is not supported: expected 1, 2, 4 or 8"),
                )
                .help("use 1, 2, 4 or 8"),
            );
        }
    }
}

/// Index notation: the form's rules (see `index.rs`), in-place use, and the value's type.
fn check_index_stmt(graph: &Graph, stmt: &Stmt, idx: &[Name], written: &HashSet<&str>, errors: &mut Vec<GraphError>) {
    let was_written = |n: &str| written.contains(n);
    let form = index_form(graph, stmt, idx, &was_written, errors);
    if let Some(span) = reads_target_elsewhere(stmt, idx) {
        errors.push(
            GraphError::new(
                ErrorKind::InPlace,
                span,
                format!("`{}` is read at other points than the one this node writes", stmt.target.text),
            )
            .help("every point is computed in parallel; write the result into a fresh `temp`"),
        );
    }
    let mut infer = Infer::new(graph);
    infer.index_vars = Some(form.vars.iter().map(|(v, _)| v.clone()).collect());
    let info = infer.expr(form.body);
    errors.append(&mut infer.errors);
    let (Some(info), Some(b)) = (info, graph.binding(&stmt.target.text)) else { return };
    if form.reduce.is_some() && !info.ty.is_float() && form.reduce == Some(IndexReduce::Mean) {
        errors.push(
            GraphError::new(
                ErrorKind::TypeMismatch,
                form.body.span(),
                format!("`mean` needs a float value, found {}", info.ty.describe()),
            )
            .help("cast it with `as f32`"),
        );
    }
    if info.ty == ETy::Known(Ty::Bool) && form.reduce.is_some() {
        errors.push(GraphError::new(
            ErrorKind::TypeMismatch,
            form.body.span(),
            "a reduction needs a number, found bool",
        ));
    } else if !info.ty.fits(b.elem.compute()) {
        errors.push(
            GraphError::new(
                ErrorKind::TypeMismatch,
                form.body.span(),
                format!("type mismatch: `{}` is {} but this node computes {}", b.name.text, b.elem, info.ty.describe()),
            )
            .help(format!("convert the value with `as {}`", b.elem)),
        );
    }
}

/// Nodes form an acyclic graph: writing a binding again from values computed out of its
/// earlier value is a cycle (`state` bindings, persistent across runs, are exempt).
fn check_cycle(graph: &Graph, stmt: &Stmt, deps: &mut HashMap<String, HashSet<String>>, errors: &mut Vec<GraphError>) {
    let t = &stmt.target.text;
    if graph.binding(t).is_none_or(|b| b.usage == Usage::State) {
        return;
    }
    let mut new: HashSet<String> = HashSet::new();
    let mut via = None;
    for r in read_names(&stmt.value).into_iter().filter(|r| r != t && graph.binding(r).is_some()) {
        if let Some(d) = deps.get(&r) {
            if d.contains(t) && via.is_none() {
                via = Some(r.clone());
            }
            new.extend(d.iter().cloned());
        }
        new.insert(r);
    }
    if let Some(via) = via {
        errors.push(
            GraphError::new(
                ErrorKind::Cycle,
                stmt.target.span,
                format!("cycle: `{t}` is written from `{via}`, which was computed from `{t}` itself"),
            )
            .help("nodes must form an acyclic graph; write the new value into a fresh `temp`"),
        );
    }
    deps.entry(t.clone()).or_default().extend(new);
}

fn check_usage(graph: &Graph, warnings: &mut Vec<GraphError>, _errors: &mut [GraphError]) {
    for b in &graph.bindings {
        let used = graph.stmts.iter().any(|s| s.target.text == b.name.text || reads(&s.value, &b.name.text));
        if !used {
            warnings.push(
                GraphError::new(
                    ErrorKind::UnusedBinding,
                    b.name.span,
                    format!("binding `{}` is never used", b.name.text),
                )
                .help("remove it, or read it in a node"),
            );
        }
    }
    for (i, s) in graph.stmts.iter().enumerate() {
        let Some(b) = graph.binding(&s.target.text) else { continue };
        if b.usage != Usage::Temp {
            continue;
        }
        let read_later = graph.stmts[i + 1..].iter().any(|later| reads(&later.value, &b.name.text));
        if !read_later {
            warnings.push(
                GraphError::new(
                    ErrorKind::DeadNode,
                    s.target.span,
                    format!("dead node: it writes `{}` but nothing reads it afterwards", b.name.text),
                )
                .help("remove the node, or make the binding an `output`"),
            );
        }
    }
}
