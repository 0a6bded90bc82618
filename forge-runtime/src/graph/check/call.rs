//! Typing calls of built-ins: the declaration table gives arity and options; one exhaustive
//! `match` here gives each built-in its operand rules, result type and shape.

use super::super::ast::{Expr, Name};
use super::super::builtins::{callable_names, known_names, lookup, signatures, Builtin, BuiltinDecl};
use super::super::checked::{OpCall, Precision, ReduceAxis, TExpr, TKind};
use super::super::shape::{broadcast, Extent, ExtentDisplay, Shape};
use super::expr::Typer;
use super::nat::Nat;
use super::{Cx, ErrorKind, GraphError};
use crate::elem::Ty;
use proc_macro2::Span;

pub(super) fn call(
    t: &mut Typer<'_, '_>,
    func: &Name,
    args: &[Expr],
    named: &[(Name, Expr)],
    span: Span,
    want: Option<Ty>,
) -> Option<TExpr> {
    // In index notation `max(k, …)` with a bare name (or a tuple of names) first is a
    // reduction; `max` of any other two operands (`max(a[i], b[i])`) is the elementwise maximum.
    if let Some(op) = t.index.as_ref().and(super::reduce::reduction_call(&func.text, args)) {
        return super::reduce::reduction(t, op, func, args, named, span, want);
    }
    let decl = resolve(t.cx, func, args, named)?;
    let mut opts = Options::default();
    for (key, value) in named {
        opts.set(t, key, value)?;
    }
    if t.index.is_some()
        && !matches!(
            decl.builtin,
            Builtin::Unary(_) | Builtin::Min | Builtin::Max | Builtin::Select | Builtin::Boundary(_)
        )
    {
        return t.err(
            GraphError::new(
                ErrorKind::IndexForm,
                func.span,
                format!("`{}` is a whole-tensor op; index notation takes elementwise functions", func.text),
            )
            .help("call it in its own node `t = op(…);` and subscript `t` here"),
        );
    }
    let f = func.text.as_str();
    let mk = |op, args: Vec<TExpr>, axis, opts: Options, ty, shape| {
        let call = OpCall {
            op,
            args,
            keepdim: opts.keepdim,
            axis,
            causal: opts.causal,
            mask: opts.mask,
            scale: opts.scale,
            precision: opts.precision,
        };
        Some(TExpr { kind: TKind::Op(Box::new(call)), ty, shape, span })
    };
    match decl.builtin {
        Builtin::Unary(op) => {
            let want = if op.float_only() { Some(Ty::F32) } else { want };
            let a = t.expr(&args[0], want)?;
            if a.ty == Ty::Bool || (op.float_only() && a.ty != Ty::F32) {
                return t.err(
                    GraphError::new(
                        ErrorKind::TypeMismatch,
                        args[0].span(),
                        format!("`{f}` needs a float argument, found {}", a.ty),
                    )
                    .help("cast it with `as f32`"),
                );
            }
            let (ty, shape) = (a.ty, a.shape.clone());
            Some(TExpr { kind: TKind::Unary(op, Box::new(a)), ty, shape, span })
        }
        Builtin::Min | Builtin::Max => {
            let ty = t.operand_ty(&args[0], &args[1], want, span, &format!("`{f}`"))?;
            let (a, b) = (t.expr(&args[0], Some(ty)), t.expr(&args[1], Some(ty)));
            let (a, b) = (a?, b?);
            if ty == Ty::Bool {
                return t.err(GraphError::new(
                    ErrorKind::TypeMismatch,
                    span,
                    format!("`{f}` is not defined on bool values"),
                ));
            }
            let shape = t.broadcast(&a.shape, &b.shape, span)?;
            let op = if decl.builtin == Builtin::Min {
                super::super::ops::BinaryOp::Min
            } else {
                super::super::ops::BinaryOp::Max
            };
            Some(TExpr { kind: TKind::Binary(op, Box::new(a), Box::new(b)), ty, shape, span })
        }
        Builtin::Select => {
            let ty = t.operand_ty(&args[1], &args[2], want, span, "`select`")?;
            let c = t.expr(&args[0], Some(Ty::Bool));
            // In index notation each branch's subscripts are range-checked where the condition
            // holds (or fails): `select(e < H, x[e + H], x[e - H])` reads inside `x`.
            let branch = |t: &mut Typer<'_, '_>, arg: &Expr, holds: bool| {
                let guard = c.as_ref().filter(|c| c.ty == Ty::Bool).cloned();
                let pushed = match (t.index.as_mut(), guard) {
                    (Some(scope), Some(g)) => {
                        scope.guards.push((g, holds));
                        true
                    }
                    _ => false,
                };
                let e = t.expr(arg, Some(ty));
                if let (true, Some(scope)) = (pushed, t.index.as_mut()) {
                    scope.guards.pop();
                }
                e
            };
            let (a, b) = (branch(t, &args[1], true), branch(t, &args[2], false));
            let (c, a, b) = (c?, a?, b?);
            if c.ty != Ty::Bool {
                return t.err(GraphError::new(
                    ErrorKind::TypeMismatch,
                    args[0].span(),
                    format!("`select`'s condition must be a comparison (bool), found {}", c.ty),
                ));
            }
            let s = t.broadcast(&c.shape, &a.shape, span)?;
            let shape = t.broadcast(&s, &b.shape, span)?;
            Some(TExpr { kind: TKind::Select(Box::new(c), Box::new(a), Box::new(b)), ty, shape, span })
        }
        Builtin::Reduce(_) | Builtin::Argmax => {
            let x = float_operand(t, f, &args[0], 1)?;
            let axis = reduce_axis(t, opts.axis.as_ref(), x.shape.len())?;
            let keepdim = opts.keepdim;
            let shape = x
                .shape
                .iter()
                .enumerate()
                .filter_map(|(k, &e)| match axis.folds(k, x.shape.len()) {
                    false => Some(e),
                    true => keepdim.then_some(Extent::Lit(1)),
                })
                .collect();
            let ty = if decl.builtin == Builtin::Argmax { Ty::U32 } else { Ty::F32 };
            mk(decl.builtin, vec![x], axis, opts, ty, shape)
        }
        Builtin::Softmax => {
            let x = float_operand(t, f, &args[0], 1)?;
            let shape = x.shape.clone();
            mk(decl.builtin, vec![x], ReduceAxis::Last, opts, Ty::F32, shape)
        }
        Builtin::RmsNorm | Builtin::LayerNorm => {
            let x = float_operand(t, f, &args[0], 1);
            let g = float_operand(t, f, &args[1], 0);
            let (x, g) = (x?, g?);
            let mut all = vec![x, g];
            if decl.builtin == Builtin::LayerNorm {
                all.push(float_operand(t, f, &args[2], 0)?);
            }
            for p in &all[1..] {
                if broadcast(&all[0].shape, &p.shape).ok().as_ref() != Some(&all[0].shape) {
                    let (ps, xs) = (t.cx.shape_text(&p.shape), t.cx.shape_text(&all[0].shape));
                    return t.err(GraphError::new(
                        ErrorKind::ShapeMismatch,
                        p.span,
                        format!("`{f}`'s parameter has shape {ps}, which does not broadcast to the input's {xs}"),
                    ));
                }
            }
            let eps_arg = &args[args.len() - 1];
            let eps = t.expr(eps_arg, Some(Ty::F32))?;
            if eps.ty != Ty::F32 || !eps.shape.is_empty() {
                return t.err(
                    GraphError::new(
                        ErrorKind::ArgumentKind,
                        eps_arg.span(),
                        format!("`{f}`'s eps must be a float scalar (a literal or a uniform)"),
                    )
                    .help(format!("e.g. `{}` or `uniform eps: f32 = 1e-5;`", decl.signature.replace("eps", "1e-5"))),
                );
            }
            all.push(eps);
            let shape = all[0].shape.clone();
            mk(decl.builtin, all, ReduceAxis::Last, opts, Ty::F32, shape)
        }
        Builtin::Matmul => {
            let a = float_operand(t, f, &args[0], 2);
            let b = float_operand(t, f, &args[1], 2);
            let (a, b) = (a?, b?);
            let (ra, rb) = (a.shape.len(), b.shape.len());
            if a.shape[ra - 1] != b.shape[rb - 2] {
                let (dims, x, y) = (&t.cx.dims, a.shape[ra - 1], b.shape[rb - 2]);
                let msg = format!(
                    "`matmul` inner dims differ: the left operand's columns are {} but the right operand's rows are {}",
                    ExtentDisplay(dims, x),
                    ExtentDisplay(dims, y)
                );
                return t.err(GraphError::new(ErrorKind::ShapeMismatch, args[1].span(), msg).help(
                    "matmul(a: [.., M, K], b: [.., K, N]) -> [.., M, N]; PyTorch weights [N, K] are `transpose(w)`",
                ));
            }
            let mut shape = t.broadcast(&a.shape[..ra - 2].to_vec(), &b.shape[..rb - 2].to_vec(), span)?;
            shape.extend([a.shape[ra - 2], b.shape[rb - 1]]);
            mk(decl.builtin, vec![a, b], ReduceAxis::Last, opts, Ty::F32, shape)
        }
        Builtin::Transpose => super::views::transpose(t, args, span),
        Builtin::Permute => super::views::permute(t, args, span),
        Builtin::Reshape => t.err(
            GraphError::new(ErrorKind::ArgumentKind, func.span, "`reshape` is a node's whole value: `t = reshape(x);`")
                .help("declare a `temp` of the new shape and reshape into it"),
        ),
        Builtin::Concat => t.err(
            GraphError::new(
                ErrorKind::ArgumentKind,
                func.span,
                "`concat` is a node's whole value: `t = concat(a, b);`",
            )
            .help("declare a `temp` for the concatenation and use it here"),
        ),
        Builtin::Conv2d | Builtin::Pool(_) => t.err(
            GraphError::new(
                ErrorKind::ArgumentKind,
                func.span,
                format!("`{f}` is a node's whole value: `t = {f}(x, …);`"),
            )
            .help("declare a `temp` for its result and use it here"),
        ),
        Builtin::Gather => {
            let table = t.expr(&args[0], None)?;
            let ids = t.expr(&args[1], Some(Ty::U32))?;
            if table.shape.is_empty() || !matches!(table.kind, TKind::Read(_)) {
                return t.err(GraphError::new(
                    ErrorKind::ArgumentKind,
                    args[0].span(),
                    "`gather`'s table must be a binding of rank 1 or more",
                ));
            }
            if !ids.ty.is_int() {
                return t.err(GraphError::new(
                    ErrorKind::TypeMismatch,
                    args[1].span(),
                    format!("`gather`'s ids must be integers, found {}", ids.ty),
                ));
            }
            let mut shape = ids.shape.clone();
            shape.extend_from_slice(&table.shape[1..]);
            let ty = table.ty;
            mk(decl.builtin, vec![table, ids], ReduceAxis::Last, opts, ty, shape)
        }
        Builtin::Attention => attention(t, args, opts, span),
        Builtin::Boundary(kind) => super::boundary::boundary_call(t, kind, func, args, want, span),
    }
}

/// The declaration a call resolves to, once its name, positional arity and option names are
/// checked against it (before any argument is read: every layer after this may index `args`
/// up to the declared arity). Reports why not and returns `None` otherwise.
pub(super) fn resolve(cx: &mut Cx<'_>, func: &Name, args: &[Expr], named: &[(Name, Expr)]) -> Option<BuiltinDecl> {
    let Some(decl) = lookup(&func.text, args.len()) else {
        cx.err(
            GraphError::new(ErrorKind::UnknownName, func.span, format!("unknown function `{}`", func.text))
                .help(format!("known: {}", known_names()))
                .suggest(&func.text, callable_names()),
        );
        return None;
    };
    let (lo, hi) = decl.positional;
    if args.len() < lo || args.len() > hi {
        let takes = if lo == hi { lo.to_string() } else { format!("{lo} to {hi}") };
        let mut e = GraphError::new(
            ErrorKind::Arity,
            func.span,
            format!("`{}` takes {takes} argument{}, found {}", func.text, if hi == 1 { "" } else { "s" }, args.len()),
        )
        .help(format!("call it as `{}`", signatures(&func.text)));
        if matches!(decl.builtin, Builtin::Reduce(_)) {
            e = e.help(format!(
                "`{0}(x)` reduces the last axis (`axis = k` another, `axis = all` every one); an index reduction is written `t[i] = {0}(k, x[i, k]);`",
                func.text
            ));
        }
        cx.err(e);
        return None;
    }
    for (i, (key, _)) in named.iter().enumerate() {
        if !decl.named.contains(&key.text.as_str()) {
            let known = if decl.named.is_empty() { "none".to_string() } else { decl.named.join(", ") };
            cx.err(
                GraphError::new(
                    ErrorKind::ArgumentKind,
                    key.span,
                    format!("`{}` has no option `{}` (options: {known})", func.text, key.text),
                )
                .help(format!("call it as `{}`", signatures(&func.text)))
                .suggest(&key.text, decl.named.iter().copied()),
            );
            return None;
        }
        if named[..i].iter().any(|(k, _)| k.text == key.text) {
            cx.err(GraphError::new(
                ErrorKind::DuplicateName,
                key.span,
                format!("option `{}` is given twice", key.text),
            ));
            return None;
        }
    }
    Some(decl)
}

/// `precision = …` of `matmul` and `conv2d`.
pub(super) fn precision_option(value: &Expr) -> Result<Precision, GraphError> {
    let found = match value {
        Expr::Name(n) => Precision::ALL.into_iter().find(|p| p.name() == n.text),
        _ => None,
    };
    found.ok_or_else(|| {
        let names: Vec<&str> = Precision::ALL.iter().map(|p| p.name()).collect();
        GraphError::new(
            ErrorKind::ArgumentKind,
            value.span(),
            format!("`precision` takes one of {}, found `{value}`", names.join(", ")),
        )
        .help("tf32x3: three TF32 tensor-core products, error near f32's; bf16x3: three bf16 ones, about 1e-5 relative; tf32: one TF32, about 1e-3")
    })
}

/// Named options of a call, parsed.
#[derive(Default)]
struct Options {
    keepdim: bool,
    /// `axis = …` as written; read once the operand's rank is known.
    axis: Option<Expr>,
    causal: bool,
    mask: Option<TExpr>,
    scale: Option<TExpr>,
    precision: Precision,
}

impl Options {
    fn set(&mut self, t: &mut Typer<'_, '_>, key: &Name, value: &Expr) -> Option<()> {
        let flag = |t: &mut Typer<'_, '_>| match value {
            Expr::Name(n) if n.text == "true" || n.text == "false" => Some(n.text == "true"),
            _ => t.err(GraphError::new(
                ErrorKind::ArgumentKind,
                value.span(),
                format!("`{}` takes `true` or `false`, found `{value}`", key.text),
            )),
        };
        match key.text.as_str() {
            "keepdim" => self.keepdim = flag(t)?,
            "axis" => self.axis = Some(value.clone()),
            "causal" => self.causal = flag(t)?,
            "precision" => match precision_option(value) {
                Ok(p) => self.precision = p,
                Err(e) => return t.err(e),
            },
            "mask" => self.mask = Some(t.expr(value, Some(Ty::F32))?),
            "scale" => {
                let s = t.expr(value, Some(Ty::F32))?;
                if s.ty != Ty::F32 || !s.shape.is_empty() {
                    return t.err(GraphError::new(
                        ErrorKind::ArgumentKind,
                        value.span(),
                        "`scale` must be a float scalar",
                    ));
                }
                self.scale = Some(s);
            }
            _ => {
                return t.err(GraphError::new(
                    ErrorKind::ArgumentKind,
                    key.span,
                    format!("unknown option `{}`", key.text),
                ))
            }
        }
        Some(())
    }
}

/// A reduction's `axis = k` (an integer literal, negative counting from the end) or
/// `axis = all`, for an operand of rank `rank`; the last axis when not given.
fn reduce_axis(t: &mut Typer<'_, '_>, value: Option<&Expr>, rank: usize) -> Option<ReduceAxis> {
    match value {
        None => Some(ReduceAxis::Last),
        Some(Expr::Name(n)) if n.text == "all" => Some(ReduceAxis::All),
        Some(e) => match super::views::literal_axis(e, rank, "the operand's ") {
            Ok(k) => Some(ReduceAxis::One(k)),
            Err(err) => {
                t.err(err.help("`axis = k` folds axis k (negative counts from the end), `axis = all` every axis"))
            }
        },
    }
}

/// An operand that must be float and of at least `min_rank`.
fn float_operand(t: &mut Typer<'_, '_>, f: &str, arg: &Expr, min_rank: usize) -> Option<TExpr> {
    let want = match t.nat(arg) {
        Nat::Fixed(_) => None,
        _ => Some(Ty::F32),
    };
    let x = t.expr(arg, want)?;
    if x.ty != Ty::F32 {
        return t.err(
            GraphError::new(ErrorKind::TypeMismatch, arg.span(), format!("`{f}` needs float operands, found {}", x.ty))
                .help("cast it with `as f32`"),
        );
    }
    if x.shape.len() < min_rank {
        let s = t.cx.shape_text(&x.shape);
        return t.err(GraphError::new(
            ErrorKind::ArgumentKind,
            arg.span(),
            format!("`{f}` needs an operand of rank {min_rank} or more, found shape {s}"),
        ));
    }
    Some(x)
}

fn attention(t: &mut Typer<'_, '_>, args: &[Expr], opts: Options, span: Span) -> Option<TExpr> {
    let q = float_operand(t, "attention", &args[0], 2);
    let k = float_operand(t, "attention", &args[1], 2);
    let v = float_operand(t, "attention", &args[2], 2);
    let (q, k, v) = (q?, k?, v?);
    let (rq, rk, rv) = (q.shape.len(), k.shape.len(), v.shape.len());
    let (e_q, e_k) = (q.shape[rq - 1], k.shape[rk - 1]);
    if e_q != e_k {
        return t.err(GraphError::new(
            ErrorKind::ShapeMismatch,
            args[1].span(),
            "`attention`: q and k must share their last axis (the head size)",
        ));
    }
    if k.shape[rk - 2] != v.shape[rv - 2] {
        return t.err(GraphError::new(
            ErrorKind::ShapeMismatch,
            args[2].span(),
            "`attention`: k and v must have the same number of keys (second-to-last axis)",
        ));
    }
    let batch = t.broadcast(&q.shape[..rq - 2].to_vec(), &k.shape[..rk - 2].to_vec(), span)?;
    let batch: Shape = t.broadcast(&batch, &v.shape[..rv - 2].to_vec(), span)?;
    if let Some(m) = &opts.mask {
        let mut scores = batch.clone();
        scores.extend([q.shape[rq - 2], k.shape[rk - 2]]);
        if broadcast(&m.shape, &scores).ok().as_ref() != Some(&scores) {
            let (ms, ss) = (t.cx.shape_text(&m.shape), t.cx.shape_text(&scores));
            return t.err(GraphError::new(
                ErrorKind::ShapeMismatch,
                m.span,
                format!("`attention`'s mask has shape {ms}, which does not broadcast to the scores' {ss}"),
            ));
        }
    }
    let mut shape = batch;
    shape.extend([q.shape[rq - 2], v.shape[rv - 1]]);
    let call = OpCall {
        op: Builtin::Attention,
        args: vec![q, k, v],
        keepdim: false,
        axis: ReduceAxis::Last,
        causal: opts.causal,
        mask: opts.mask,
        scale: opts.scale,
        precision: opts.precision,
    };
    Some(TExpr { kind: TKind::Op(Box::new(call)), ty: Ty::F32, shape, span })
}
