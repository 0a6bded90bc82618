//! Type and shape inference for node expressions, and the catalogue of built-in functions.

use super::shape::{binding_shape, broadcast, ExtentDisplay, Shape, ShapeDisplay};
use super::{BinOp, ErrorKind, Expr, Graph, GraphError, UnOp};
use crate::elem::Ty;
use crate::ir::UnaryOp;

use super::builtins::signature;
pub use super::builtins::{callee, read_names, reads, Callee, OpKind, KNOWN_FUNCTIONS};

/// The type of an expression: known, or a literal that adopts its neighbour's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ETy {
    Known(Ty),
    IntLit,
    FloatLit,
}

impl ETy {
    /// The concrete type, defaulting literals (ints to i32, floats to f32).
    pub fn or_default(self) -> Ty {
        match self {
            ETy::Known(t) => t,
            ETy::IntLit => Ty::I32,
            ETy::FloatLit => Ty::F32,
        }
    }
    pub fn describe(self) -> String {
        match self {
            ETy::Known(t) => t.to_string(),
            ETy::IntLit => "an integer literal".into(),
            ETy::FloatLit => "a float literal".into(),
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, ETy::Known(Ty::F32) | ETy::FloatLit | ETy::IntLit)
    }
    /// Whether a value of this type can be stored as `target`.
    pub fn fits(self, target: Ty) -> bool {
        match self {
            ETy::Known(t) => t == target,
            ETy::IntLit => target != Ty::Bool,
            ETy::FloatLit => target == Ty::F32,
        }
    }
}

/// Type and symbolic shape of an expression.
#[derive(Debug, Clone, PartialEq)]
pub struct ExprInfo {
    pub ty: ETy,
    pub shape: Shape,
}

/// Infers expression types and shapes, collecting every error instead of stopping at the first.
pub struct Infer<'g> {
    pub graph: &'g Graph,
    pub errors: Vec<GraphError>,
    /// Index notation: subscripts `a[i, …]` read one element; these names are index variables.
    pub index_vars: Option<Vec<String>>,
}

impl<'g> Infer<'g> {
    pub fn new(graph: &'g Graph) -> Self {
        Infer { graph, errors: Vec::new(), index_vars: None }
    }

    fn err<T>(&mut self, e: GraphError) -> Option<T> {
        self.errors.push(e);
        None
    }

    /// Unifies two operand types for an arithmetic or comparison operator.
    fn unify(&mut self, a: ETy, b: ETy, span: proc_macro2::Span, what: &str) -> Option<ETy> {
        Some(match (a, b) {
            (ETy::Known(x), ETy::Known(y)) if x == y => a,
            (ETy::Known(t), lit) | (lit, ETy::Known(t))
                if lit != ETy::Known(t) && matches!(lit, ETy::IntLit | ETy::FloatLit) =>
            {
                if lit.fits(t) {
                    ETy::Known(t)
                } else {
                    self.err(
                        GraphError::new(
                            ErrorKind::TypeMismatch,
                            span,
                            format!("{what}: {} does not fit {t}", lit.describe()),
                        )
                        .help(format!(
                            "write the literal as {} or cast the other operand with `as f32`",
                            if t == Ty::F32 { "a float" } else { "an integer" }
                        )),
                    )?
                }
            }
            (ETy::FloatLit, _) | (_, ETy::FloatLit) => ETy::FloatLit,
            (ETy::IntLit, ETy::IntLit) => ETy::IntLit,
            _ => self.err(
                GraphError::new(
                    ErrorKind::TypeMismatch,
                    span,
                    format!("{what}: operands have different element types, {} and {}", a.describe(), b.describe()),
                )
                .help("convert one side with `as T`"),
            )?,
        })
    }

    fn broadcast(&mut self, a: &Shape, b: &Shape, span: proc_macro2::Span) -> Option<Shape> {
        match broadcast(a, b) {
            Ok(s) => Some(s),
            Err((x, y)) => self.err(
                GraphError::new(
                    ErrorKind::ShapeMismatch,
                    span,
                    format!(
                        "shapes {} and {} do not broadcast: {} vs {}",
                        ShapeDisplay(self.graph, a),
                        ShapeDisplay(self.graph, b),
                        ExtentDisplay(self.graph, x),
                        ExtentDisplay(self.graph, y)
                    ),
                )
                .help("operands broadcast over trailing dims: each pair must be equal, or one of them 1"),
            ),
        }
    }

    /// Type and shape of `e`, or `None` after recording why not.
    pub fn expr(&mut self, e: &Expr) -> Option<ExprInfo> {
        match e {
            Expr::Ref(n) => {
                let is_index = self.index_vars.as_ref().is_some_and(|v| v.contains(&n.text));
                let Some(b) = self.graph.binding(&n.text).filter(|_| !is_index) else {
                    if is_index {
                        return None; // reported by the index-notation checker
                    }
                    let what = if self.graph.dim_index(&n.text).is_some() {
                        "is a dim, not a binding"
                    } else {
                        "is not declared"
                    };
                    return self.err(GraphError::new(ErrorKind::UnknownName, n.span, format!("`{}` {what}", n.text)));
                };
                Some(ExprInfo { ty: ETy::Known(b.elem.compute()), shape: binding_shape(self.graph, &b.shape) })
            }
            Expr::Lit { is_int, .. } => {
                Some(ExprInfo { ty: if *is_int { ETy::IntLit } else { ETy::FloatLit }, shape: vec![] })
            }
            Expr::Unary { op, arg, span } => {
                let a = self.expr(arg)?;
                match op {
                    UnOp::Neg if a.ty == ETy::Known(Ty::U32) || a.ty == ETy::Known(Ty::Bool) => {
                        self.err(GraphError::new(
                            ErrorKind::TypeMismatch,
                            *span,
                            format!("cannot negate a {} value", a.ty.describe()),
                        ))
                    }
                    UnOp::Not if a.ty != ETy::Known(Ty::Bool) => self.err(GraphError::new(
                        ErrorKind::TypeMismatch,
                        *span,
                        format!("`!` needs a bool (a comparison), found {}", a.ty.describe()),
                    )),
                    _ => Some(a),
                }
            }
            Expr::Binary { op, lhs, rhs, span } => {
                let (a, b) = (self.expr(lhs), self.expr(rhs));
                let (a, b) = (a?, b?);
                let shape = self.broadcast(&a.shape, &b.shape, *span)?;
                let what = format!("operator `{}`", op.symbol());
                match op {
                    BinOp::And | BinOp::Or => {
                        if a.ty != ETy::Known(Ty::Bool) || b.ty != ETy::Known(Ty::Bool) {
                            return self.err(GraphError::new(
                                ErrorKind::TypeMismatch,
                                *span,
                                format!("{what} needs bool operands (comparisons)"),
                            ));
                        }
                        Some(ExprInfo { ty: ETy::Known(Ty::Bool), shape })
                    }
                    _ => {
                        let ty = self.unify(a.ty, b.ty, *span, &what)?;
                        let is_cmp =
                            matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne);
                        if ty == ETy::Known(Ty::Bool) && !matches!(op, BinOp::Eq | BinOp::Ne) {
                            return self.err(GraphError::new(
                                ErrorKind::TypeMismatch,
                                *span,
                                format!("{what} is not defined on bool values"),
                            ));
                        }
                        Some(ExprInfo { ty: if is_cmp { ETy::Known(Ty::Bool) } else { ty }, shape })
                    }
                }
            }
            Expr::Cast { arg, elem, .. } => {
                let a = self.expr(arg)?;
                Some(ExprInfo { ty: ETy::Known(elem.compute()), shape: a.shape })
            }
            Expr::Call { func, args, span } => self.call(func, args, *span),
            Expr::Index { base, .. } if self.index_vars.is_some() => {
                let b = self.graph.binding(&base.text)?;
                Some(ExprInfo { ty: ETy::Known(b.elem.compute()), shape: vec![] })
            }
            Expr::Index { span, .. } => self.err(
                GraphError::new(ErrorKind::IndexForm, *span, "indexed reads `a[i, …]` belong to index-notation nodes")
                    .help("write the target with its indices too: `t[i, j] = …`"),
            ),
            Expr::Raw { span, lang, .. } => self.err(GraphError::new(
                ErrorKind::RawForm,
                *span,
                format!("a raw `{}!` kernel must be a node's whole right-hand side", lang.text),
            )),
        }
    }

    fn call(&mut self, func: &super::Name, args: &[Expr], span: proc_macro2::Span) -> Option<ExprInfo> {
        let index_reduction = matches!(func.text.as_str(), "sum" | "max" | "mean") && args.len() == 2;
        if self.index_vars.is_some() && index_reduction {
            return None; // a nested reduction, reported by the index-notation checker
        }
        let Some((callee, arity)) = callee(&func.text, args.len()) else {
            return self.err(
                GraphError::new(ErrorKind::UnknownName, func.span, format!("unknown function `{}`", func.text))
                    .help(format!("known: {KNOWN_FUNCTIONS}")),
            );
        };
        if args.len() != arity {
            return self.err(
                GraphError::new(
                    ErrorKind::Arity,
                    func.span,
                    format!(
                        "`{}` takes {arity} argument{}, found {}",
                        func.text,
                        if arity == 1 { "" } else { "s" },
                        args.len()
                    ),
                )
                .help(if matches!(callee, Callee::Op(OpKind::Sum | OpKind::Max | OpKind::Mean)) {
                    format!(
                        "`{}(x)` reduces the last axis; an index reduction is written `t[i] = {}(k, x[i, k]);`",
                        func.text, func.text
                    )
                } else {
                    format!("call it as `{}`", signature(&func.text))
                }),
            );
        }
        let infos: Vec<Option<ExprInfo>> = args.iter().map(|a| self.expr(a)).collect();
        let infos: Vec<ExprInfo> = infos.into_iter().collect::<Option<_>>()?;
        let f = &func.text;
        match callee {
            Callee::Unary(op) => {
                let a = &infos[0];
                let float_only = !matches!(op, UnaryOp::Relu | UnaryOp::Abs);
                if a.ty == ETy::Known(Ty::Bool) || (float_only && !a.ty.is_float()) {
                    return self.err(
                        GraphError::new(
                            ErrorKind::TypeMismatch,
                            args[0].span(),
                            format!("`{f}` needs a float argument, found {}", a.ty.describe()),
                        )
                        .help("cast it with `as f32`"),
                    );
                }
                let ty = if float_only && a.ty == ETy::IntLit { ETy::FloatLit } else { a.ty };
                Some(ExprInfo { ty, shape: a.shape.clone() })
            }
            Callee::Min | Callee::Max => {
                let ty = self.unify(infos[0].ty, infos[1].ty, span, &format!("`{f}`"))?;
                let shape = self.broadcast(&infos[0].shape, &infos[1].shape, span)?;
                Some(ExprInfo { ty, shape })
            }
            Callee::Select => {
                if infos[0].ty != ETy::Known(Ty::Bool) {
                    return self.err(GraphError::new(
                        ErrorKind::TypeMismatch,
                        args[0].span(),
                        format!("`select`'s condition must be a comparison (bool), found {}", infos[0].ty.describe()),
                    ));
                }
                let ty = self.unify(infos[1].ty, infos[2].ty, span, "`select`")?;
                let s = self.broadcast(&infos[0].shape, &infos[1].shape, span)?;
                let shape = self.broadcast(&s, &infos[2].shape, span)?;
                Some(ExprInfo { ty, shape })
            }
            Callee::Op(op) => self.op(op, f, args, &infos),
        }
    }

    fn float_operand(&mut self, f: &str, arg: &Expr, info: &ExprInfo, min_rank: usize) -> Option<()> {
        if !info.ty.is_float() {
            return self.err(
                GraphError::new(
                    ErrorKind::TypeMismatch,
                    arg.span(),
                    format!("`{f}` needs float operands, found {}", info.ty.describe()),
                )
                .help("cast it with `as f32`"),
            );
        }
        if info.shape.len() < min_rank {
            return self.err(GraphError::new(
                ErrorKind::ArgumentKind,
                arg.span(),
                format!(
                    "`{f}` needs an operand of rank {min_rank} or more, found shape {}",
                    ShapeDisplay(self.graph, &info.shape)
                ),
            ));
        }
        Some(())
    }

    fn op(&mut self, op: OpKind, f: &str, args: &[Expr], infos: &[ExprInfo]) -> Option<ExprInfo> {
        let known = ETy::Known(Ty::F32);
        match op {
            OpKind::Matmul => {
                let (a, b) = (&infos[0], &infos[1]);
                let ok_a = self.float_operand(f, &args[0], a, 2);
                let ok_b = self.float_operand(f, &args[1], b, 2);
                ok_a?;
                ok_b?;
                for (arg, info) in args.iter().zip(infos) {
                    if info.shape.len() != 2 {
                        return self.err(GraphError::new(
                            ErrorKind::ArgumentKind,
                            arg.span(),
                            format!(
                                "`matmul` takes 2-D operands, found shape {}",
                                ShapeDisplay(self.graph, &info.shape)
                            ),
                        ));
                    }
                }
                if a.shape[1] != b.shape[0] {
                    return self.err(
                        GraphError::new(
                            ErrorKind::ShapeMismatch,
                            args[1].span(),
                            format!(
                                "`matmul` inner dims differ: {} is {} but {} is {}",
                                "the left operand's columns",
                                ExtentDisplay(self.graph, a.shape[1]),
                                "the right operand's rows",
                                ExtentDisplay(self.graph, b.shape[0])
                            ),
                        )
                        .help("matmul(a: [M, K], b: [K, N]) -> [M, N]"),
                    );
                }
                Some(ExprInfo { ty: known, shape: vec![a.shape[0], b.shape[1]] })
            }
            OpKind::Softmax => {
                self.float_operand(f, &args[0], &infos[0], 1)?;
                Some(ExprInfo { ty: known, shape: infos[0].shape.clone() })
            }
            OpKind::Sum | OpKind::Max | OpKind::Mean => {
                self.float_operand(f, &args[0], &infos[0], 1)?;
                let s = &infos[0].shape;
                Some(ExprInfo { ty: known, shape: s[..s.len() - 1].to_vec() })
            }
            OpKind::RmsNorm => {
                let (x, g, eps) = (&infos[0], &infos[1], &infos[2]);
                let ok_x = self.float_operand(f, &args[0], x, 1);
                let ok_g = self.float_operand(f, &args[1], g, 1);
                ok_x?;
                ok_g?;
                if !eps.ty.is_float() || !eps.shape.is_empty() {
                    return self.err(
                        GraphError::new(
                            ErrorKind::ArgumentKind,
                            args[2].span(),
                            "`rms_norm`'s eps must be a float scalar (a literal or a uniform)",
                        )
                        .help("e.g. `rms_norm(x, g, 1e-5)` or `uniform eps: f32 = 1e-5;`"),
                    );
                }
                if broadcast(&x.shape, &g.shape).ok().as_ref() != Some(&x.shape) {
                    return self.err(GraphError::new(
                        ErrorKind::ShapeMismatch,
                        args[1].span(),
                        format!(
                            "`rms_norm`'s gain has shape {}, which does not broadcast to the input's {}",
                            ShapeDisplay(self.graph, &g.shape),
                            ShapeDisplay(self.graph, &x.shape)
                        ),
                    ));
                }
                Some(ExprInfo { ty: known, shape: x.shape.clone() })
            }
        }
    }
}
