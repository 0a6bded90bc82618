//! The integer side of the fused evaluator ([`super::fused`]): `i32` index expressions affine in
//! the space variables (`i * 2 - 3 + u`, a window's input position) and conditions over them
//! (`0 <= r && r < H`, a padded read's test), evaluated a stretch of a row at a time. Only
//! expressions that cannot pass `i32`'s range over the space are taken, so the `i64` arithmetic
//! here gives the interpreter's wrapping `i32` values exactly.

use super::eval::Env;
use crate::elem::{Scalar, Ty};
use crate::graph::ops::Const;
use crate::ir::{BinaryOp, SExpr, UnaryOp};

/// `offset + Σ coef · idx[var]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Affine {
    terms: Vec<(usize, i64)>,
    offset: i64,
}

impl Affine {
    pub fn var(var: usize, offset: i64) -> Affine {
        Affine { terms: vec![(var, 1)], offset }
    }

    /// `e` (of type `i32`) as an affine expression over the space `extents`, where it is one and
    /// no partial value can leave `i32`'s range.
    pub fn of(env: &Env<'_>, e: &SExpr, extents: &[usize]) -> Option<Affine> {
        if e.ty() != Ty::I32 {
            return None;
        }
        let a = match e {
            SExpr::Var(d) if *d < extents.len() => Affine::var(*d, 0),
            SExpr::Const(Const::I32(c)) => Affine { terms: Vec::new(), offset: i64::from(*c) },
            SExpr::Uniform { field, .. } => {
                let Some(Scalar::I32(v)) = env.uniforms.get(*field) else { return None };
                Affine { terms: Vec::new(), offset: i64::from(*v) }
            }
            SExpr::Binary { op, lhs, rhs } => {
                let (l, r) = (Affine::of(env, lhs, extents)?, Affine::of(env, rhs, extents)?);
                match op {
                    BinaryOp::Add => l.plus(&r, 1),
                    BinaryOp::Sub => l.plus(&r, -1),
                    BinaryOp::Mul if l.terms.is_empty() => r.scaled(l.offset),
                    BinaryOp::Mul if r.terms.is_empty() => l.scaled(r.offset),
                    BinaryOp::Mul
                    | BinaryOp::Div
                    | BinaryOp::Rem
                    | BinaryOp::Min
                    | BinaryOp::Max
                    | BinaryOp::Lt
                    | BinaryOp::Le
                    | BinaryOp::Gt
                    | BinaryOp::Ge
                    | BinaryOp::Eq
                    | BinaryOp::Ne
                    | BinaryOp::And
                    | BinaryOp::Or => return None,
                }
            }
            SExpr::Var(_)
            | SExpr::Const(_)
            | SExpr::Load { .. }
            | SExpr::Gather { .. }
            | SExpr::Acc(_)
            | SExpr::Acc2
            | SExpr::Unary { .. }
            | SExpr::Select { .. }
            | SExpr::Cast { .. } => return None,
        };
        (a.bound(extents) <= i64::from(i32::MAX)).then_some(a)
    }

    /// `self + sign · other`.
    fn plus(&self, other: &Affine, sign: i64) -> Affine {
        let mut terms = self.terms.clone();
        for &(v, c) in &other.terms {
            match terms.iter_mut().find(|(w, _)| *w == v) {
                Some((_, k)) => *k += sign * c,
                None => terms.push((v, sign * c)),
            }
        }
        terms.retain(|&(_, c)| c != 0);
        Affine { terms, offset: self.offset + sign * other.offset }
    }

    fn scaled(&self, by: i64) -> Affine {
        let terms = if by == 0 { Vec::new() } else { self.terms.iter().map(|&(v, c)| (v, c * by)).collect() };
        Affine { terms, offset: self.offset * by }
    }

    /// The largest magnitude of any partial sum over the space.
    fn bound(&self, extents: &[usize]) -> i64 {
        let spread: i64 =
            self.terms.iter().map(|&(v, c)| c.abs().saturating_mul(extents[v].saturating_sub(1) as i64)).sum();
        spread.saturating_add(self.offset.abs())
    }

    /// The value at `idx` with variable `last` replaced by `j0`, and its step along `last`.
    pub fn start_step(&self, idx: &[usize], last: usize, j0: usize) -> (i64, i64) {
        let mut start = self.offset;
        let mut step = 0;
        for &(v, c) in &self.terms {
            if v == last {
                step += c;
                start += c * j0 as i64;
            } else {
                start += c * idx.get(v).copied().unwrap_or(0) as i64;
            }
        }
        (start, step)
    }
}

/// A condition over affine index expressions.
#[derive(Debug, Clone, PartialEq)]
pub enum Mask {
    /// `diff op 0` (`op` a comparison), `diff` the two sides' difference.
    Cmp(BinaryOp, Affine),
    And(Box<Mask>, Box<Mask>),
    Or(Box<Mask>, Box<Mask>),
    Not(Box<Mask>),
    Fixed(bool),
}

impl Mask {
    pub fn of(env: &Env<'_>, e: &SExpr, extents: &[usize]) -> Option<Mask> {
        let both = |lhs: &SExpr, rhs: &SExpr| {
            Some((Box::new(Mask::of(env, lhs, extents)?), Box::new(Mask::of(env, rhs, extents)?)))
        };
        Some(match e {
            SExpr::Const(Const::Bool(b)) => Mask::Fixed(*b),
            SExpr::Unary { op: UnaryOp::Not, arg } => Mask::Not(Box::new(Mask::of(env, arg, extents)?)),
            SExpr::Binary { op: BinaryOp::And, lhs, rhs } => {
                let (l, r) = both(lhs, rhs)?;
                Mask::And(l, r)
            }
            SExpr::Binary { op: BinaryOp::Or, lhs, rhs } => {
                let (l, r) = both(lhs, rhs)?;
                Mask::Or(l, r)
            }
            SExpr::Binary { op, lhs, rhs } if op.is_comparison() => {
                let (l, r) = (Affine::of(env, lhs, extents)?, Affine::of(env, rhs, extents)?);
                // Each side is within i32, so their difference is exact in i64.
                Mask::Cmp(*op, l.plus(&r, -1))
            }
            SExpr::Const(_)
            | SExpr::Unary { .. }
            | SExpr::Binary { .. }
            | SExpr::Load { .. }
            | SExpr::Uniform { .. }
            | SExpr::Var(_)
            | SExpr::Acc(_)
            | SExpr::Acc2
            | SExpr::Select { .. }
            | SExpr::Cast { .. }
            | SExpr::Gather { .. } => return None,
        })
    }

    /// The condition at the stretch's `out.len()` points (at most `N`).
    pub fn eval<const N: usize>(&self, idx: &[usize], last: usize, j0: usize, out: &mut [bool]) {
        match self {
            Mask::Fixed(b) => out.fill(*b),
            Mask::Cmp(op, diff) => {
                let (start, step) = diff.start_step(idx, last, j0);
                for (j, o) in out.iter_mut().enumerate() {
                    *o = super::int::compare(*op, start + step * j as i64, 0);
                }
            }
            Mask::And(a, b) | Mask::Or(a, b) => {
                let mut other = [false; N];
                let other = &mut other[..out.len()];
                a.eval::<N>(idx, last, j0, out);
                b.eval::<N>(idx, last, j0, other);
                let and = matches!(self, Mask::And(..));
                out.iter_mut().zip(other.iter()).for_each(|(x, &y)| *x = if and { *x && y } else { *x || y });
            }
            Mask::Not(a) => {
                a.eval::<N>(idx, last, j0, out);
                out.iter_mut().for_each(|x| *x = !*x);
            }
        }
    }
}
