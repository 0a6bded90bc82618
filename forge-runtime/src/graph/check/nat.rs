//! The type an operand fixes by itself ([`Nat`]), read before it is typed: how literals,
//! dims and index variables take their neighbour's type, and where two operands disagree.

use super::super::ast::{BinOp, Expr, LitValue, UnOp};
use super::super::builtins::{lookup, Builtin};
use super::expr::Typer;
use super::{ErrorKind, GraphError};
use crate::elem::Ty;
use proc_macro2::Span;

/// The type an expression fixes by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Nat {
    Fixed(Ty),
    /// Only integer literals and dims: takes the context's type (i32 without one).
    FlexInt,
    /// Float literals (with integer ones and dims): takes the context's float type (f32).
    FlexFloat,
    /// Index and loop variables (with integer literals and dims): i32, or u32 beside a u32
    /// (their values are never negative, so either is exact).
    Index,
}

impl Nat {
    fn join(self, other: Nat) -> Nat {
        match (self, other) {
            (Nat::Fixed(t), _) | (_, Nat::Fixed(t)) => Nat::Fixed(t),
            (Nat::Index, _) | (_, Nat::Index) => Nat::Index,
            (Nat::FlexFloat, _) | (_, Nat::FlexFloat) => Nat::FlexFloat,
            _ => Nat::FlexInt,
        }
    }
}

impl Typer<'_, '_> {
    /// The type `e` fixes by itself, without reporting anything.
    pub fn nat(&self, e: &Expr) -> Nat {
        match e {
            Expr::Name(n) => self.nat_name(&n.text),
            Expr::Lit(l) => match l.value {
                LitValue::Int(_) => Nat::FlexInt,
                LitValue::Float(_) => Nat::FlexFloat,
            },
            Expr::Unary { op: UnOp::Not, .. } => Nat::Fixed(Ty::Bool),
            Expr::Unary { arg, .. } => self.nat(arg),
            Expr::Binary { op, lhs, rhs, .. } => match op {
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne | BinOp::And | BinOp::Or => {
                    Nat::Fixed(Ty::Bool)
                }
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => self.nat(lhs).join(self.nat(rhs)),
            },
            Expr::Cast { elem, .. } => Nat::Fixed(elem.compute()),
            Expr::Subscript { base, .. } => match self.cx.binding_id(&base.text) {
                Some(b) => Nat::Fixed(self.cx.bindings[b].elem.compute()),
                None => Nat::FlexInt,
            },
            Expr::Raw { .. } | Expr::Tuple { .. } => Nat::FlexInt,
            Expr::Call { func, args, .. } => {
                if let Some(op) = self.index.as_ref().and(super::reduce::reduction_call(&func.text, args)) {
                    return if op.float_only() {
                        Nat::Fixed(Ty::F32)
                    } else {
                        args.get(1).map_or(Nat::FlexInt, |a| self.nat(a))
                    };
                }
                match lookup(&func.text, args.len()).map(|d| d.builtin) {
                    Some(Builtin::Unary(op)) if op.float_only() => Nat::Fixed(Ty::F32),
                    Some(Builtin::Unary(_)) => args.first().map_or(Nat::FlexInt, |a| self.nat(a)),
                    Some(Builtin::Min | Builtin::Max) => args.iter().map(|a| self.nat(a)).fold(Nat::FlexInt, Nat::join),
                    Some(Builtin::Select) => args.iter().skip(1).map(|a| self.nat(a)).fold(Nat::FlexInt, Nat::join),
                    Some(Builtin::Boundary(_)) => args.iter().map(|a| self.nat(a)).fold(Nat::FlexInt, Nat::join),
                    Some(Builtin::Argmax) => Nat::Fixed(Ty::U32),
                    Some(
                        Builtin::Transpose | Builtin::Permute | Builtin::Reshape | Builtin::Concat | Builtin::Gather,
                    ) => args.first().map_or(Nat::FlexInt, |a| self.nat(a)),
                    Some(
                        Builtin::Reduce(_)
                        | Builtin::Softmax
                        | Builtin::RmsNorm
                        | Builtin::LayerNorm
                        | Builtin::Matmul
                        | Builtin::Conv2d
                        | Builtin::Pool(_)
                        | Builtin::Attention,
                    ) => Nat::Fixed(Ty::F32),
                    None => Nat::FlexInt,
                }
            }
        }
    }

    fn nat_name(&self, name: &str) -> Nat {
        if self.index.as_ref().is_some_and(|s| s.var(name).is_some()) || self.loop_var(name).is_some() {
            return Nat::Index;
        }
        if let Some(b) = self.cx.binding_id(name) {
            return Nat::Fixed(self.cx.bindings[b].elem.compute());
        }
        match name {
            "inf" => Nat::FlexFloat,
            "true" | "false" => Nat::Fixed(Ty::Bool),
            _ => Nat::FlexInt,
        }
    }

    /// The type two operands share, or a reported mismatch.
    pub fn operand_ty(&mut self, a: &Expr, b: &Expr, want: Option<Ty>, span: Span, what: &str) -> Option<Ty> {
        match (self.nat(a), self.nat(b)) {
            (Nat::Fixed(x), Nat::Fixed(y)) if x != y => self.err(
                GraphError::new(
                    ErrorKind::TypeMismatch,
                    span,
                    format!("{what}: operands have different element types, {x} and {y}"),
                )
                .help("convert one side with `as T`"),
            ),
            (Nat::Fixed(x @ (Ty::U32 | Ty::I32)), Nat::Index) | (Nat::Index, Nat::Fixed(x @ (Ty::U32 | Ty::I32))) => {
                Some(x)
            }
            (Nat::Fixed(x), Nat::Index) | (Nat::Index, Nat::Fixed(x)) => self.err(
                GraphError::new(
                    ErrorKind::TypeMismatch,
                    span,
                    format!("{what}: operands have different element types, {x} and an index (i32 or u32)"),
                )
                .help("convert the index with `as T`"),
            ),
            (Nat::Fixed(x), _) | (_, Nat::Fixed(x)) => Some(x),
            (n, m) => Some(match (n.join(m), want) {
                (Nat::Index, Some(Ty::U32)) => Ty::U32,
                (Nat::Index, _) => Ty::I32,
                (Nat::FlexFloat, Some(Ty::U32 | Ty::I32 | Ty::Bool) | None) => Ty::F32,
                (_, Some(t)) => t,
                (_, None) => Ty::I32,
            }),
        }
    }
}
