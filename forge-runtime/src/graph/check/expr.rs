//! Typing elementwise expressions: names resolved (index and loop variables, bindings, dims,
//! `inf`/`true`/`false`), literals typed by their context and range-checked, operators unified,
//! shapes broadcast. Types flow both ways in one pass: [`Typer::nat`] reads the type an
//! operand fixes by itself (bounded by the parser's depth limit), the caller's expected type
//! settles the rest (literals and dims).

use super::super::ast::{BinOp, Expr, Lit, LitValue, Name, UnOp, Usage};
use super::super::checked::{Const, ReadView, TExpr, TKind};
use super::super::ops::{BinaryOp, UnaryOp};
use super::super::shape::{broadcast, ExtentDisplay, Shape};
use super::index::IndexScope;
use super::{Cx, ErrorKind, GraphError};
use crate::elem::{Elem, Ty};
use proc_macro2::Span;

/// Types expressions of one node.
pub(super) struct Typer<'c, 'g> {
    pub cx: &'c mut Cx<'g>,
    /// Index notation: the node's index variables.
    pub index: Option<IndexScope>,
    /// How many subscripts deep the expression being typed is (index notation).
    pub subscript: usize,
}

impl<'c, 'g> Typer<'c, 'g> {
    pub fn new(cx: &'c mut Cx<'g>, index: Option<IndexScope>) -> Self {
        Typer { cx, index, subscript: 0 }
    }

    pub fn err<T>(&mut self, e: GraphError) -> Option<T> {
        self.cx.err(e);
        None
    }

    pub(super) fn loop_var(&self, name: &str) -> Option<usize> {
        self.cx.loop_var(name)
    }

    /// Types `e`; `want` types literals and dims that nothing else types.
    pub fn expr(&mut self, e: &Expr, want: Option<Ty>) -> Option<TExpr> {
        let span = e.span();
        let mk = |kind, ty, shape| Some(TExpr { kind, ty, shape, span });
        match e {
            Expr::Name(n) => self.name(n, want),
            Expr::Lit(l) => {
                let c = self.literal(*l, want)?;
                mk(TKind::Const(c), c.ty(), vec![])
            }
            Expr::Unary { op, arg, span } => {
                let a = self.expr(arg, if *op == UnOp::Not { Some(Ty::Bool) } else { want })?;
                match op {
                    UnOp::Neg if matches!(a.ty, Ty::U32 | Ty::Bool) => self.err(GraphError::new(
                        ErrorKind::TypeMismatch,
                        *span,
                        format!("cannot negate a {} value", a.ty),
                    )),
                    UnOp::Not if a.ty != Ty::Bool => self.err(GraphError::new(
                        ErrorKind::TypeMismatch,
                        *span,
                        format!("`!` needs a bool (a comparison), found {}", a.ty),
                    )),
                    _ => {
                        let op = if *op == UnOp::Neg { UnaryOp::Neg } else { UnaryOp::Not };
                        let (ty, shape) = (a.ty, a.shape.clone());
                        if let (UnaryOp::Neg, TKind::Const(c)) = (op, &a.kind) {
                            return mk(TKind::Const(negate(*c)), ty, shape);
                        }
                        mk(TKind::Unary(op, Box::new(a)), ty, shape)
                    }
                }
            }
            Expr::Binary { op, lhs, rhs, span } => self.binary(*op, lhs, rhs, want, *span),
            Expr::Cast { arg, elem, .. } => {
                let a = self.expr(arg, None)?;
                let shape = a.shape.clone();
                mk(TKind::Cast(Box::new(a), *elem), elem.compute(), shape)
            }
            Expr::Call { func, args, named, span } => super::call::call(self, func, args, named, *span, want),
            Expr::Subscript { base, subs, span } => match self.index.is_some() {
                true => super::index::element(self, base, subs, *span),
                false => self.slice(base, subs, *span),
            },
            Expr::Tuple { span, .. } => self.err(
                GraphError::new(
                    ErrorKind::IndexForm,
                    *span,
                    "a tuple of indices is only a reduction's first argument, `sum((i, j), …)`",
                )
                .help("write one value here; parentheses around several names list a reduction's indices"),
            ),
            Expr::Raw { span, lang, .. } => self.err(GraphError::new(
                ErrorKind::RawForm,
                *span,
                format!("a raw `{}!` kernel must be a node's whole right-hand side", lang.text),
            )),
        }
    }

    fn name(&mut self, n: &Name, want: Option<Ty>) -> Option<TExpr> {
        let span = n.span;
        let mk = |kind, ty, shape| Some(TExpr { kind, ty, shape, span });
        let var = match (self.index.as_ref().and_then(|s| s.var(&n.text)), self.loop_var(&n.text)) {
            (Some(i), _) => Some(TKind::IndexVar(i)),
            (None, Some(l)) => Some(TKind::LoopVar(l)),
            (None, None) => None,
        };
        if let Some(kind) = var {
            // Beside a u32 an index is a u32 (its value is never negative: the cast is exact).
            let value = TExpr { kind, ty: Ty::I32, shape: vec![], span };
            return match want {
                Some(Ty::U32) => mk(TKind::Cast(Box::new(value), Elem::U32), Ty::U32, vec![]),
                _ => Some(value),
            };
        }
        if let Some(id) = self.cx.binding_id(&n.text) {
            let b = self.cx.bindings[id].clone();
            super::flow::note_read(self.cx, id, n);
            return match b.usage {
                Usage::Uniform => mk(TKind::Uniform(id), b.elem.compute(), vec![]),
                Usage::Scene => self.err(
                    GraphError::new(
                        ErrorKind::ArgumentKind,
                        span,
                        format!("scene `{}` can only be traced by a raw kernel", n.text),
                    )
                    .help("name it among a `wgsl!` kernel's bindings"),
                ),
                _ if self.index.is_some() && !b.shape.is_empty() => {
                    // Suggest the trailing indices, as broadcasting would align them.
                    let names = self.index.as_ref().map(|s| s.names()).unwrap_or_default();
                    let mut vars: Vec<String> = names[names.len().saturating_sub(b.shape.len())..].to_vec();
                    while vars.len() < b.shape.len() {
                        vars.push("…".into());
                    }
                    let vars = vars.join(", ");
                    self.err(
                        GraphError::new(
                            ErrorKind::IndexForm,
                            span,
                            format!("`{}` is read whole in an index-notation node", n.text),
                        )
                        .help(format!("subscript it, e.g. `{}[{vars}]`", n.text)),
                    )
                }
                _ => {
                    let rank = b.shape.len();
                    let view = ReadView { binding: id, slice: vec![], axes: (0..rank).collect() };
                    mk(TKind::Read(view), b.elem.compute(), b.shape.clone())
                }
            };
        }
        if let Some(d) = self.cx.graph.dim_index(&n.text) {
            let ty = match want {
                Some(t @ (Ty::U32 | Ty::I32 | Ty::F32)) => t,
                _ => Ty::I32,
            };
            return mk(TKind::Dim(d), ty, vec![]);
        }
        match n.text.as_str() {
            "inf" => {
                let c = self.literal(Lit { value: LitValue::Float(f64::INFINITY), span }, want)?;
                mk(TKind::Const(c), c.ty(), vec![])
            }
            "true" | "false" => mk(TKind::Const(Const::Bool(n.text == "true")), Ty::Bool, vec![]),
            _ => match &self.index {
                // In index notation an unknown name in a subscript, or one that looks like an
                // index, is an index nobody bound.
                Some(scope) if self.subscript > 0 || is_index_like(&n.text) => {
                    let names = scope.names();
                    let help = format!(
                        "bound indices here: [{}]; bind it on the left (`t[i, {1}] = …`) or with a reduction (`sum({1}, …)`)",
                        names.join(", "),
                        n.text
                    );
                    let mut known: Vec<&str> = names.iter().map(String::as_str).collect();
                    known.extend(self.cx.active_loop.and_then(|l| self.cx.loops.get(l)).map(|l| l.0.as_str()));
                    let e = GraphError::new(ErrorKind::UnboundIndex, span, format!("index `{}` is not bound", n.text))
                        .help(help)
                        .suggest(&n.text, known);
                    self.err(e)
                }
                _ => {
                    let mut help = format!("declare it, e.g. `input {}: f32[…];`", n.text);
                    if self.index.is_none() && is_index_like(&n.text) {
                        help.push_str("; index variables exist only in index notation (`t[i] = …`)");
                    }
                    let mut known = self.cx.value_names();
                    let indices = self.index.as_ref().map(|s| s.names()).unwrap_or_default();
                    known.extend(indices.iter().map(String::as_str));
                    let e = GraphError::new(ErrorKind::UnknownName, span, format!("`{}` is not declared", n.text))
                        .help(help)
                        .suggest(&n.text, known);
                    self.err(e)
                }
            },
        }
    }

    /// A literal typed as `want` (its own kind without one), range-checked and rounded.
    pub fn literal(&mut self, l: Lit, want: Option<Ty>) -> Option<Const> {
        let out = match (l.value, want) {
            (LitValue::Int(v), Some(Ty::U32)) => u32::try_from(v).ok().map(Const::U32),
            (LitValue::Int(v), Some(Ty::I32) | None) => i32::try_from(v).ok().map(Const::I32),
            (LitValue::Int(v), Some(Ty::F32)) => Some(Const::F32(v as f32)),
            (LitValue::Float(v), Some(Ty::F32) | None) => {
                let f = v as f32;
                if v != 0.0 && f.abs() < f32::MIN_POSITIVE {
                    return self.err(
                        GraphError::new(ErrorKind::TypeMismatch, l.span, format!("literal {v:e} is too small for f32"))
                            .help("f32 literals are 0 or at least 1.1754944e-38 in magnitude (GPUs may flush smaller values to zero)"),
                    );
                }
                (f.is_finite() || v.is_infinite()).then_some(Const::F32(f))
            }
            (LitValue::Float(_), Some(t @ (Ty::U32 | Ty::I32))) => {
                return self.err(
                    GraphError::new(ErrorKind::TypeMismatch, l.span, format!("a float literal where {t} is expected"))
                        .help("write an integer, or convert the other operand with `as f32`"),
                )
            }
            (_, Some(Ty::Bool)) => {
                return self.err(GraphError::new(ErrorKind::TypeMismatch, l.span, "a number where a bool is expected"))
            }
        };
        if out.is_none() {
            let ty = want.map_or("its type".to_string(), |t| t.to_string());
            let shown = match l.value {
                LitValue::Int(v) => v.to_string(),
                LitValue::Float(v) => format!("{v:e}"),
            };
            let range = match (l.value, want) {
                (_, Some(Ty::U32)) => "u32 holds 0 to 4294967295",
                (LitValue::Int(_), Some(Ty::I32) | None) => "i32 holds -2147483648 to 2147483647",
                _ => "f32 holds finite magnitudes up to 3.4028235e38",
            };
            return self.err(
                GraphError::new(ErrorKind::TypeMismatch, l.span, format!("literal {shown} does not fit {ty}"))
                    .help(format!("literals take the type of their context and must fit it: {range}")),
            );
        }
        out
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr, want: Option<Ty>, span: Span) -> Option<TExpr> {
        let what = format!("operator `{}`", op.symbol());
        let operand = match op {
            BinOp::And | BinOp::Or => Ty::Bool,
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => {
                self.operand_ty(lhs, rhs, want, span, &what)?
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne => {
                self.operand_ty(lhs, rhs, None, span, &what)?
            }
        };
        let (a, b) = (self.expr(lhs, Some(operand)), self.expr(rhs, Some(operand)));
        let (a, b) = (a?, b?);
        let shape = self.broadcast(&a.shape, &b.shape, span)?;
        let bop = match op {
            BinOp::Add => BinaryOp::Add,
            BinOp::Sub => BinaryOp::Sub,
            BinOp::Mul => BinaryOp::Mul,
            BinOp::Div => BinaryOp::Div,
            BinOp::Rem => BinaryOp::Rem,
            BinOp::Lt => BinaryOp::Lt,
            BinOp::Le => BinaryOp::Le,
            BinOp::Gt => BinaryOp::Gt,
            BinOp::Ge => BinaryOp::Ge,
            BinOp::Eq => BinaryOp::Eq,
            BinOp::Ne => BinaryOp::Ne,
            BinOp::And => BinaryOp::And,
            BinOp::Or => BinaryOp::Or,
        };
        if bop.is_logical() && (a.ty != Ty::Bool || b.ty != Ty::Bool) {
            return self.err(GraphError::new(
                ErrorKind::TypeMismatch,
                span,
                format!("{what} needs bool operands (comparisons)"),
            ));
        }
        if !bop.is_logical() && a.ty == Ty::Bool && !matches!(bop, BinaryOp::Eq | BinaryOp::Ne) {
            return self.err(GraphError::new(
                ErrorKind::TypeMismatch,
                span,
                format!("{what} is not defined on bool values"),
            ));
        }
        if bop == BinaryOp::Rem && a.ty == Ty::F32 {
            let (x, y) = (operand_text(lhs), operand_text(rhs));
            return self.err(
                GraphError::new(ErrorKind::TypeMismatch, span, "operator `%` takes integers (i32 or u32), found f32")
                    .help(format!("for a float remainder write `{x} - {y} * (({x} / {y}) as i32 as f32)`")),
            );
        }
        let ty = if bop.is_comparison() { Ty::Bool } else { a.ty };
        Some(TExpr { kind: TKind::Binary(bop, Box::new(a), Box::new(b)), ty, shape, span })
    }

    pub fn broadcast(&mut self, a: &Shape, b: &Shape, span: Span) -> Option<Shape> {
        match broadcast(a, b) {
            Ok(s) => Some(s),
            Err((x, y)) => {
                let (dims, sa, sb) = (&self.cx.dims, self.cx.shape_text(a), self.cx.shape_text(b));
                let msg = format!(
                    "shapes {sa} and {sb} do not broadcast: {} vs {}",
                    ExtentDisplay(dims, x),
                    ExtentDisplay(dims, y)
                );
                self.err(
                    GraphError::new(ErrorKind::ShapeMismatch, span, msg)
                        .help("operands broadcast over trailing dims: each pair must be equal, or one of them 1"),
                )
            }
        }
    }

    /// `w[l]`, `x[0]` outside index notation: leading axes fixed by loop variables or literals.
    fn slice(&mut self, base: &Name, subs: &[Expr], span: Span) -> Option<TExpr> {
        use super::super::checked::SliceIndex;
        use super::target::fixed_axis;
        let Some(id) = self.cx.binding_id(&base.text) else {
            let e = GraphError::new(ErrorKind::UnknownName, base.span, format!("`{}` is not declared", base.text))
                .suggest(&base.text, self.cx.binding_names());
            return self.err(e);
        };
        super::flow::note_read(self.cx, id, base);
        let b = self.cx.bindings[id].clone();
        if subs.len() > b.shape.len() {
            return self.err(GraphError::new(
                ErrorKind::IndexExtent,
                span,
                format!("`{}` has rank {} but is subscripted with {} indices", b.name, b.shape.len(), subs.len()),
            ));
        }
        let mut slice = Vec::new();
        for (axis, s) in subs.iter().enumerate() {
            let extent = b.shape[axis];
            match s {
                Expr::Name(n) if self.loop_var(&n.text).is_some() => {
                    let fix = SliceIndex::Loop(self.loop_var(&n.text)?);
                    fixed_axis(self.cx, fix, n.span, extent, axis, &b.name).ok()?;
                    slice.push(fix);
                }
                Expr::Lit(Lit { value: LitValue::Int(v), span }) if *v >= 0 => {
                    let fix = SliceIndex::Lit(*v as u64);
                    fixed_axis(self.cx, fix, *span, extent, axis, &b.name).ok()?;
                    slice.push(fix);
                }
                other => return self.err(
                    GraphError::new(
                        ErrorKind::IndexForm,
                        other.span(),
                        "outside index notation a subscript fixes a leading axis by a loop variable or a literal",
                    )
                    .help("for gathers, shifts or computed subscripts write the node in index notation: `t[i, j] = …`"),
                ),
            }
        }
        let rest = b.shape.len() - slice.len();
        let view = ReadView { binding: id, slice, axes: (0..rest).collect() };
        let shape = b.shape[subs.len()..].to_vec();
        Some(TExpr { kind: TKind::Read(view), ty: b.elem.compute(), shape, span })
    }
}

/// `e` as written, in parentheses unless it is one term (a name, literal, call or subscript).
fn operand_text(e: &Expr) -> String {
    match e {
        Expr::Name(_) | Expr::Call { .. } | Expr::Subscript { .. } | Expr::Tuple { .. } => e.to_string(),
        Expr::Lit(l)
            if !matches!(l.value, LitValue::Int(v) if v < 0) && !matches!(l.value, LitValue::Float(v) if v < 0.0) =>
        {
            e.to_string()
        }
        Expr::Lit(_) | Expr::Unary { .. } | Expr::Binary { .. } | Expr::Cast { .. } | Expr::Raw { .. } => {
            format!("({e})")
        }
    }
}

/// A one-letter lower-case name, as index variables are usually written.
fn is_index_like(name: &str) -> bool {
    name.len() == 1 && name.chars().all(|c| c.is_ascii_lowercase())
}

fn negate(c: Const) -> Const {
    match c {
        Const::F32(v) => Const::F32(-v),
        Const::I32(v) => Const::I32(v.wrapping_neg()),
        Const::U32(v) => Const::U32(v.wrapping_neg()),
        Const::Bool(b) => Const::Bool(b),
    }
}
