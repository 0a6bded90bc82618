//! Declarations: dims and bindings — names unique and not reserved, every dim declared and
//! non-zero, derived dims computed from earlier ones, uniforms scalar with defaults that fit
//! their type, scenes `f32[N, 9]` — and the declared names, for "did you mean" hints.

use super::super::ast::{DimExpr, DimRef, Usage};
use super::super::checked::{BindingInfo, DimFormula};
use super::super::shape::Extent;
use super::expr::Typer;
use super::poison::Poison;
use super::{Cx, ErrorKind, GraphError};
use crate::elem::Elem;
use std::collections::HashMap;

/// Names the language gives a meaning of their own.
const RESERVED: [&str; 3] = ["inf", "true", "false"];

pub(super) fn check_declarations(cx: &mut Cx<'_>) {
    let graph = cx.graph;
    let mut seen: HashMap<&str, &str> = HashMap::new();
    for d in &graph.dims {
        if seen.insert(d.text.as_str(), "dim").is_some() {
            cx.err(GraphError::new(ErrorKind::DuplicateName, d.span, format!("dim `{}` is declared twice", d.text)));
        }
        if RESERVED.contains(&d.text.as_str()) {
            cx.err(
                GraphError::new(
                    ErrorKind::BadDeclaration,
                    d.span,
                    format!("`{}` is reserved; pick another name", d.text),
                )
                .help("`inf`, `true` and `false` are literals in graph expressions"),
            );
        }
    }
    cx.derived = graph.dims.iter().enumerate().map(|(i, d)| derived_dim(cx, i, &d.text)).collect();
    for b in &graph.bindings {
        let name = &b.name;
        match seen.insert(name.text.as_str(), "binding") {
            Some("dim") => cx.err(GraphError::new(
                ErrorKind::DuplicateName,
                name.span,
                format!("`{}` is already a dim; pick another name", name.text),
            )),
            Some(_) => {
                cx.err(GraphError::new(
                    ErrorKind::DuplicateName,
                    name.span,
                    format!("binding `{}` is declared twice", name.text),
                ));
                continue;
            }
            None => {}
        }
        if RESERVED.contains(&name.text.as_str()) {
            cx.err(
                GraphError::new(
                    ErrorKind::BadDeclaration,
                    name.span,
                    format!("`{}` is reserved; pick another name", name.text),
                )
                .help("`inf`, `true` and `false` are literals in graph expressions"),
            );
        }
        let id = cx.bindings.len();
        let mut shape = Vec::with_capacity(b.shape.len());
        for d in &b.shape {
            match extent_of(cx, d) {
                Some(e) => shape.push(e),
                // Reported: the binding is poisoned, and the axis kept (as 0) so that its rank
                // stays the declared one.
                None => {
                    cx.poison(id, Poison::Shape);
                    shape.push(Extent::Lit(0));
                }
            }
        }
        if b.usage == Usage::Uniform && !b.shape.is_empty() {
            cx.poison(id, Poison::Shape);
            cx.err(
                GraphError::new(
                    ErrorKind::BadDeclaration,
                    b.name.span,
                    format!("uniform `{}` must be a scalar, found a shape", name.text),
                )
                .help("declare it `input` to pass a tensor per run"),
            );
        }
        if b.usage == Usage::Scene
            && (b.elem != Elem::F32 || b.shape.len() != 2 || shape.get(1) != Some(&Extent::Lit(9)))
        {
            cx.poison(id, Poison::Shape);
            cx.err(
                GraphError::new(
                    ErrorKind::BadDeclaration,
                    b.name.span,
                    format!("scene `{}` must be declared `f32[N, 9]`", name.text),
                )
                .help("a scene is a triangle soup: N triangles of 3 vertices of 3 floats"),
            );
        }
        if b.elem.is_quantized() {
            check_block_format(cx, b, &shape);
        }
        let mut default = None;
        if let Some(lit) = b.default {
            if b.usage != Usage::Uniform {
                cx.err(
                    GraphError::new(
                        ErrorKind::BadDeclaration,
                        lit.span,
                        format!("only uniforms take a default value; `{}` is {}", name.text, b.usage.with_article()),
                    )
                    .help("remove `= …`, or declare it `uniform`"),
                );
            } else {
                default = Typer::new(cx, None).literal(lit, Some(b.elem.compute()));
            }
        }
        cx.ids.entry(name.text.clone()).or_insert(cx.bindings.len());
        cx.bindings.push(BindingInfo {
            name: name.text.clone(),
            usage: b.usage,
            elem: b.elem,
            shape,
            default,
            doc: b.doc.clone(),
        });
    }
}

impl Cx<'_> {
    /// Every binding's name, for "did you mean" hints.
    pub fn binding_names(&self) -> Vec<&str> {
        self.bindings.iter().map(|b| b.name.as_str()).collect()
    }

    /// Every name a value may be: bindings, dims and the loop variable in scope.
    pub fn value_names(&self) -> Vec<&str> {
        let mut names = self.binding_names();
        names.extend(self.dims.iter().map(String::as_str));
        names.extend(self.active_loop.and_then(|l| self.loops.get(l)).map(|l| l.0.as_str()));
        names
    }
}

/// A block format (`q4_0 q4_1 q8_0`) is a weight's, with blocks of 32 along its last axis.
fn check_block_format(cx: &mut Cx<'_>, b: &super::super::ast::Binding, shape: &[Extent]) {
    let elem = b.elem;
    if b.usage != Usage::Weight {
        cx.err(
            GraphError::new(
                ErrorKind::BadDeclaration,
                b.elem_span,
                format!("`{elem}` is a block format for weights; `{}` is {}", b.name.text, b.usage.with_article()),
            )
            .help("declare it `weight` (its bytes come from a GGUF file), or use f32/f16/bf16"),
        );
    } else if b.shape.is_empty() {
        cx.err(
            GraphError::new(
                ErrorKind::BadDeclaration,
                b.elem_span,
                format!("`{elem}` weight `{}` needs a shape", b.name.text),
            )
            .help("blocks of 32 values run along the last axis, as in GGUF"),
        );
    } else if let Some(Extent::Lit(v)) = shape.last() {
        if v % 32 != 0 {
            cx.err(
                GraphError::new(
                    ErrorKind::BadDeclaration,
                    b.elem_span,
                    format!("`{elem}` weight `{}` has a last axis of {v}, not a multiple of 32", b.name.text),
                )
                .help("blocks of 32 values run along the last axis, as in GGUF"),
            );
        }
    }
}

/// The extent a dim reference denotes (reports undeclared and zero dims).
pub(super) fn extent_of(cx: &mut Cx<'_>, d: &DimRef) -> Option<Extent> {
    match d {
        DimRef::Sym(n) => match cx.graph.dim_index(&n.text) {
            Some(i) => Some(Extent::Sym(i)),
            None => {
                let mut names: Vec<&str> = cx.graph.dims.iter().map(|d| d.text.as_str()).collect();
                names.push(&n.text);
                let help = format!("add it to the graph's `dims {{ … }}` list: dims {{ {} }}", names.join(", "));
                let e = GraphError::new(ErrorKind::UndeclaredDim, n.span, format!("dim `{}` is not declared", n.text))
                    .help(help)
                    .suggest(&n.text, cx.dims.iter().map(String::as_str));
                cx.err(e);
                None
            }
        },
        DimRef::Lit { value: 0, span } => {
            cx.err(
                GraphError::new(ErrorKind::BadDeclaration, *span, "a dim of 0 makes an empty tensor")
                    .help("dims are at least 1"),
            );
            None
        }
        DimRef::Lit { value, .. } => Some(Extent::Lit(*value)),
    }
}

/// Dim `index`'s formula, when it is derived; every problem in it is reported.
fn derived_dim(cx: &mut Cx<'_>, index: usize, dim: &str) -> Option<DimFormula> {
    let expr = cx.graph.derived.get(index)?.as_ref()?;
    formula(cx, index, dim, expr)
}

fn formula(cx: &mut Cx<'_>, index: usize, dim: &str, e: &DimExpr) -> Option<DimFormula> {
    match e {
        DimExpr::Lit { value, .. } => Some(DimFormula::Lit(*value)),
        DimExpr::Dim(n) => match cx.graph.dim_index(&n.text) {
            Some(i) if i < index => Some(DimFormula::Dim(i)),
            Some(_) => {
                let msg = format!("dim `{dim}` is computed from `{}`, which is not declared before it", n.text);
                let help = format!("a derived dim uses dims listed before it: move `{dim}` after `{}`", n.text);
                cx.err(GraphError::new(ErrorKind::BadDeclaration, n.span, msg).help(help));
                None
            }
            None => {
                let msg = format!("dim `{}` is not declared", n.text);
                let help = format!("declare `{}` in `dims {{ … }}` before `{dim}`", n.text);
                let earlier = cx.dims[..index.min(cx.dims.len())].iter().map(String::as_str);
                let e = GraphError::new(ErrorKind::UndeclaredDim, n.span, msg).help(help).suggest(&n.text, earlier);
                cx.err(e);
                None
            }
        },
        DimExpr::Bin { op, lhs, rhs, span } => {
            let (a, b) = (formula(cx, index, dim, lhs), formula(cx, index, dim, rhs));
            if *op == super::super::ast::DimOp::Div && matches!(b, Some(DimFormula::Lit(0))) {
                let msg = format!("dim `{dim}` divides by zero");
                cx.err(GraphError::new(ErrorKind::BadDeclaration, *span, msg));
                return None;
            }
            Some(DimFormula::Bin(*op, Box::new(a?), Box::new(b?)))
        }
    }
}
