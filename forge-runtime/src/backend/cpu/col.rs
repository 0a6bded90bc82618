//! Columns of values (one per point of a block) and the scalar semantics applied a column at a
//! time: float columns go through typed loops, everything else through [`scalar`] per element,
//! so both routes compute exactly what [`scalar::unary`] / [`scalar::binary`] / [`scalar::cast`]
//! define.

use super::scalar::{self, Value};
use crate::elem::{Elem, Ty};
use crate::ir::{BinaryOp, UnaryOp};

/// A column of values, one per point.
#[derive(Debug, Clone, PartialEq)]
pub enum Col {
    F(Vec<f32>),
    I(Vec<i32>),
    U(Vec<u32>),
    B(Vec<bool>),
}

impl Col {
    pub fn get(&self, p: usize) -> Value {
        match self {
            Col::F(v) => Value::F(v[p]),
            Col::I(v) => Value::I(v[p]),
            Col::U(v) => Value::U(v[p]),
            Col::B(v) => Value::B(v[p]),
        }
    }

    pub fn splat(v: Value, n: usize) -> Col {
        match v {
            Value::F(x) => Col::F(vec![x; n]),
            Value::I(x) => Col::I(vec![x; n]),
            Value::U(x) => Col::U(vec![x; n]),
            Value::B(x) => Col::B(vec![x; n]),
        }
    }

    /// `f(p)` for every point, converted to `ty`.
    pub fn collect(ty: Ty, n: usize, f: impl Fn(usize) -> Value) -> Col {
        match ty {
            Ty::F32 => Col::F((0..n).map(|p| f(p).f()).collect()),
            Ty::I32 => Col::I(
                (0..n)
                    .map(|p| match f(p) {
                        Value::I(x) => x,
                        v => v.i64() as i32,
                    })
                    .collect(),
            ),
            Ty::U32 => Col::U(
                (0..n)
                    .map(|p| match f(p) {
                        Value::U(x) => x,
                        v => v.i64() as u32,
                    })
                    .collect(),
            ),
            Ty::Bool => Col::B((0..n).map(|p| f(p).b()).collect()),
        }
    }

    pub fn ty(&self) -> Ty {
        match self {
            Col::F(_) => Ty::F32,
            Col::I(_) => Ty::I32,
            Col::U(_) => Ty::U32,
            Col::B(_) => Ty::Bool,
        }
    }

    /// The same values as `ty` (a no-op when the column already has it).
    pub fn into_ty(self, ty: Ty) -> Col {
        if self.ty() == ty {
            return self;
        }
        Col::collect(ty, self.len(), |p| self.get(p))
    }

    /// The f32 values (a float column).
    pub fn floats(self) -> Vec<f32> {
        match self {
            Col::F(v) => v,
            other => (0..other.len()).map(|p| other.get(p).f()).collect(),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Col::F(v) => v.len(),
            Col::I(v) => v.len(),
            Col::U(v) => v.len(),
            Col::B(v) => v.len(),
        }
    }
}

/// `op` on every value of `a`, the result typed `ty` (the expression's type).
pub fn unary(op: UnaryOp, a: Col, ty: Ty) -> Col {
    match (a, scalar::unary_f32_fn(op)) {
        (Col::F(mut x), Some(f)) if ty == Ty::F32 => {
            x.iter_mut().for_each(|v| *v = f(*v));
            Col::F(x)
        }
        (a, _) => Col::collect(ty, a.len(), |p| scalar::unary(op, a.get(p))),
    }
}

/// `a op b` point by point, the result typed `ty`.
pub fn binary(op: BinaryOp, a: Col, b: Col, ty: Ty) -> Col {
    use BinaryOp::*;
    match (a, b) {
        (Col::F(mut x), Col::F(y)) => {
            // The formulas of `scalar::binary`'s float branch, a column at a time.
            let arith: Option<fn(f32, f32) -> f32> = match op {
                Add => Some(|a, b| a + b),
                Sub => Some(|a, b| a - b),
                Mul => Some(|a, b| a * b),
                Div => Some(|a, b| a / b),
                Min => Some(scalar::fmin),
                Max => Some(scalar::fmax),
                _ => None,
            };
            if let (Some(f), Ty::F32) = (arith, ty) {
                x.iter_mut().zip(&y).for_each(|(a, &b)| *a = f(*a, b));
                return Col::F(x);
            }
            let compare: Option<fn(f32, f32) -> bool> = match op {
                Lt => Some(|a, b| a < b),
                Le => Some(|a, b| a <= b),
                Gt => Some(|a, b| a > b),
                Ge => Some(|a, b| a >= b),
                Eq => Some(|a, b| a == b),
                Ne => Some(|a, b| a != b),
                _ => None,
            };
            if let (Some(c), Ty::Bool) = (compare, ty) {
                return Col::B(x.iter().zip(&y).map(|(&a, &b)| c(a, b)).collect());
            }
            per_point(op, Col::F(x), Col::F(y), ty)
        }
        (a, b) => per_point(op, a, b, ty),
    }
}

fn per_point(op: BinaryOp, a: Col, b: Col, ty: Ty) -> Col {
    Col::collect(ty, a.len(), |p| scalar::binary(op, a.get(p), b.get(p)))
}

/// `cond ? t : f` point by point, the result typed `ty`.
pub fn select(cond: Col, t: Col, f: Col, ty: Ty) -> Col {
    match (&cond, t, f) {
        (Col::B(c), Col::F(mut t), Col::F(f)) if ty == Ty::F32 => {
            t.iter_mut().zip(c).zip(&f).for_each(|((t, &c), &f)| *t = if c { *t } else { f });
            Col::F(t)
        }
        (_, t, f) => Col::collect(ty, cond.len(), |p| if cond.get(p).b() { t.get(p) } else { f.get(p) }),
    }
}

/// Conversion of every value to `to` (computed in `to.compute()`).
pub fn cast(a: Col, to: Elem) -> Col {
    match (a, to) {
        (Col::F(x), Elem::F32) => Col::F(x),
        (Col::U(x), Elem::F32) => Col::F(x.into_iter().map(|v| v as f32).collect()),
        (Col::I(x), Elem::F32) => Col::F(x.into_iter().map(|v| v as f32).collect()),
        (a, to) => Col::collect(to.compute(), a.len(), |p| scalar::cast(a.get(p), to)),
    }
}
