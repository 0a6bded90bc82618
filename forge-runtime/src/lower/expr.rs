//! Scalar lowering: a node expression evaluated at one point of an index space, as an [`SExpr`].

use super::{ArgSet, Lowering};
use crate::elem::Ty;
use crate::error::{Error, Result};
use crate::graph::typing::{callee, Callee, ETy, Infer};
use crate::graph::{BinOp, Expr, Stmt, UnOp};
use crate::ir::{BinaryOp, SExpr, UnaryOp};

fn bin(op: BinaryOp, lhs: SExpr, rhs: SExpr) -> SExpr {
    SExpr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }
}

impl Lowering<'_> {
    fn ety(&self, e: &Expr) -> ETy {
        Infer::new(self.graph).expr(e).map(|i| i.ty).unwrap_or(ETy::Known(Ty::F32))
    }

    /// The type two operands are computed in: a known side wins over a literal.
    fn operand_ty(&self, a: &Expr, b: &Expr) -> Ty {
        match (self.ety(a), self.ety(b)) {
            (ETy::Known(t), _) | (_, ETy::Known(t)) => t,
            (ETy::FloatLit, _) | (_, ETy::FloatLit) => Ty::F32,
            _ => Ty::I32,
        }
    }

    /// Lowers `e` at a point of `space`. `expected` types literals; `acc` is the op call whose
    /// value the kernel computes (it becomes [`SExpr::Acc`]); other op calls are materialised.
    pub(crate) fn scalar(
        &mut self,
        stmt: &Stmt,
        args: &mut ArgSet,
        e: &Expr,
        space: &[usize],
        expected: Option<Ty>,
        acc: Option<&Expr>,
    ) -> Result<SExpr> {
        Ok(match e {
            Expr::Ref(n) => {
                if let Some(field) = self.plan.uniforms.iter().position(|u| u.name == n.text) {
                    SExpr::Uniform { field, ty: self.plan.uniforms[field].elem.compute() }
                } else {
                    let id = *self
                        .by_name
                        .get(&n.text)
                        .ok_or_else(|| Error::Internal(format!("unknown binding {}", n.text)))?;
                    self.load(args, id, space)
                }
            }
            Expr::Lit { value, is_int, .. } => {
                let ty = expected.unwrap_or(if *is_int { Ty::I32 } else { Ty::F32 });
                SExpr::Const { value: *value, ty }
            }
            Expr::Unary { op, arg, .. } => {
                let op = if *op == UnOp::Neg { UnaryOp::Neg } else { UnaryOp::Not };
                let expected = if op == UnaryOp::Not { None } else { expected };
                SExpr::Unary { op, arg: Box::new(self.scalar(stmt, args, arg, space, expected, acc)?) }
            }
            Expr::Binary { op, lhs, rhs, .. } => {
                let operand = match op {
                    BinOp::And | BinOp::Or => Ty::Bool,
                    _ => self.operand_ty(lhs, rhs),
                };
                let l = self.scalar(stmt, args, lhs, space, Some(operand), acc)?;
                let r = self.scalar(stmt, args, rhs, space, Some(operand), acc)?;
                let op = match op {
                    BinOp::Add => BinaryOp::Add,
                    BinOp::Sub => BinaryOp::Sub,
                    BinOp::Mul => BinaryOp::Mul,
                    BinOp::Div => BinaryOp::Div,
                    BinOp::Lt => BinaryOp::Lt,
                    BinOp::Le => BinaryOp::Le,
                    BinOp::Gt => BinaryOp::Gt,
                    BinOp::Ge => BinaryOp::Ge,
                    BinOp::Eq => BinaryOp::Eq,
                    BinOp::Ne => BinaryOp::Ne,
                    BinOp::And => BinaryOp::And,
                    BinOp::Or => BinaryOp::Or,
                };
                bin(op, l, r)
            }
            Expr::Cast { arg, elem, .. } => {
                let inner = self.scalar(stmt, args, arg, space, None, acc)?;
                SExpr::Cast { arg: Box::new(inner), ty: elem.compute() }
            }
            Expr::Call { func, args: call_args, .. } => {
                let Some((kind, _)) = callee(&func.text, call_args.len()) else {
                    return Err(Error::Internal(format!("unknown function {}", func.text)));
                };
                match kind {
                    Callee::Op(_) if acc.is_some_and(|a| std::ptr::eq(a, e)) => SExpr::Acc,
                    Callee::Op(_) => {
                        let temp = self.materialise(stmt, e)?;
                        self.load(args, temp, space)
                    }
                    Callee::Unary(op) => {
                        let float_only = !matches!(op, UnaryOp::Relu | UnaryOp::Abs);
                        let expected = if float_only { Some(Ty::F32) } else { expected };
                        SExpr::Unary {
                            op,
                            arg: Box::new(self.scalar(stmt, args, &call_args[0], space, expected, acc)?),
                        }
                    }
                    Callee::Min | Callee::Max => {
                        let t = self.operand_ty(&call_args[0], &call_args[1]);
                        let l = self.scalar(stmt, args, &call_args[0], space, Some(t), acc)?;
                        let r = self.scalar(stmt, args, &call_args[1], space, Some(t), acc)?;
                        bin(if kind == Callee::Min { BinaryOp::Min } else { BinaryOp::Max }, l, r)
                    }
                    Callee::Select => {
                        let t = self.operand_ty(&call_args[1], &call_args[2]);
                        let cond = self.scalar(stmt, args, &call_args[0], space, None, acc)?;
                        let on_true = self.scalar(stmt, args, &call_args[1], space, Some(t), acc)?;
                        let on_false = self.scalar(stmt, args, &call_args[2], space, Some(t), acc)?;
                        SExpr::Select { cond: Box::new(cond), on_true: Box::new(on_true), on_false: Box::new(on_false) }
                    }
                }
            }
            Expr::Index { base, indices, .. } => self.gather(args, base, indices)?,
            Expr::Raw { .. } => {
                return Err(Error::Unsupported {
                    what: "this expression form".into(),
                    reason: "by the lowering yet".into(),
                })
            }
        })
    }
}
