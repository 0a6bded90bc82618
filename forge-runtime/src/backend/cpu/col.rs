//! Columns of values (one per point of a block) and the scalar semantics applied a column at a
//! time: float columns go through typed loops, everything else through [`scalar`] per element,
//! so both routes compute exactly what [`scalar::unary`] / [`scalar::binary`] / [`scalar::cast`]
//! define.

use super::int;
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
            Ty::I32 => Col::I((0..n).map(|p| f(p).i32()).collect()),
            Ty::U32 => Col::U((0..n).map(|p| f(p).u32()).collect()),
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

/// `$body` with `$op` bound to each listed op as a constant, so that the scalar formula inlines
/// into its own loop (one vectorisable loop per op instead of a call per element).
macro_rules! per_op {
    ($ty:ident, $value:expr, $op:ident => $body:expr, [$($o:ident),*]) => {
        match $value {
            $($ty::$o => {
                let $op = $ty::$o;
                $body
            })*
        }
    };
}

/// Runs `$body` compiled for AVX2 where the CPU has it (`$name` is the AVX2 copy). The results
/// are the same either way: Rust never fuses a multiply and an add, only the vector width changes.
macro_rules! with_avx2 {
    ($name:ident ($($arg:ident : $ty:ty),*) $body:block) => {{
        // Safety contract: callable only where the CPU supports AVX2.
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        unsafe fn $name($($arg: $ty),*) $body
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (checked just above).
            unsafe { $name($($arg),*) }
        } else {
            $body
        }
        #[cfg(not(target_arch = "x86_64"))]
        $body
    }};
}

/// `op` on every value of `a`, the result typed `ty` (the expression's type).
pub fn unary(op: UnaryOp, a: Col, ty: Ty) -> Col {
    match a {
        Col::F(mut x) if ty == Ty::F32 && op != UnaryOp::Not => {
            let x_ref = &mut x[..];
            with_avx2!(unary_avx2(op: UnaryOp, x_ref: &mut [f32]) {
                per_op!(UnaryOp, op, o => x_ref.iter_mut().for_each(|v| *v = scalar::unary_f32(o, *v)),
                    [Neg, Exp, Log, Sqrt, Rsqrt, Tanh, Sigmoid, Silu, Gelu, GeluTanh, Erf, Sin, Cos, Relu, Abs, Floor, Not])
            });
            Col::F(x)
        }
        a => Col::collect(ty, a.len(), |p| scalar::unary(op, a.get(p))),
    }
}

/// `a op b` point by point, the result typed `ty`.
pub fn binary(op: BinaryOp, a: Col, b: Col, ty: Ty) -> Col {
    match (a, b) {
        (Col::F(mut x), Col::F(y)) if ty == Ty::F32 && scalar::arith_f32(op, 0.0, 0.0).is_some() => {
            // The formulas of `scalar::binary`'s float branch, a column at a time.
            let (x_ref, y_ref) = (&mut x[..], &y[..]);
            with_avx2!(binary_avx2(op: BinaryOp, x_ref: &mut [f32], y_ref: &[f32]) {
                per_op!(BinaryOp, op, o => x_ref.iter_mut().zip(y_ref).for_each(|(a, &b)| *a = scalar::arith_f32(o, *a, b).unwrap_or(f32::NAN)),
                    [Add, Sub, Mul, Div, Rem, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, And, Or])
            });
            Col::F(x)
        }
        (Col::F(x), Col::F(y)) if ty == Ty::Bool && scalar::compare_f32(op, 0.0, 0.0).is_some() => {
            let mut out = vec![false; x.len()];
            per_op!(BinaryOp, op, o => out.iter_mut().zip(x.iter().zip(&y)).for_each(|(c, (&a, &b))| *c = scalar::compare_f32(o, a, b).unwrap_or(false)),
                [Add, Sub, Mul, Div, Rem, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, And, Or]);
            Col::B(out)
        }
        // Integer columns (index arithmetic, comparisons of indices): one typed loop per op,
        // a division by a power of two as shifts.
        (Col::U(mut x), Col::U(y)) if ty == Ty::U32 => {
            if let Some(by) = pow2_divisor(op, &y, |&v| v.is_power_of_two().then(|| v.trailing_zeros())) {
                match by {
                    ByPow2::Div(k) => x.iter_mut().for_each(|a| *a >>= k),
                    ByPow2::Rem(k) => x.iter_mut().for_each(|a| *a &= (1u32 << k) - 1),
                }
                return Col::U(x);
            }
            per_op!(BinaryOp, op, o => x.iter_mut().zip(&y).for_each(|(a, &b)| *a = int::arith_u32(o, *a, b)),
                [Add, Sub, Mul, Div, Rem, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, And, Or]);
            Col::U(x)
        }
        (Col::I(mut x), Col::I(y)) if ty == Ty::I32 => {
            let positive_pow2 = |&v: &i32| (v > 0 && (v as u32).is_power_of_two()).then(|| v.trailing_zeros());
            if let Some(by) = pow2_divisor(op, &y, positive_pow2) {
                match by {
                    ByPow2::Div(k) => x.iter_mut().for_each(|a| *a = int::div_pow2_i32(*a, k)),
                    ByPow2::Rem(k) => x.iter_mut().for_each(|a| *a = a.wrapping_sub(int::div_pow2_i32(*a, k) << k)),
                }
                return Col::I(x);
            }
            per_op!(BinaryOp, op, o => x.iter_mut().zip(&y).for_each(|(a, &b)| *a = int::arith_i32(o, *a, b)),
                [Add, Sub, Mul, Div, Rem, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, And, Or]);
            Col::I(x)
        }
        (Col::U(x), Col::U(y)) if ty == Ty::Bool => {
            let mut out = vec![false; x.len()];
            per_op!(BinaryOp, op, o => out.iter_mut().zip(x.iter().zip(&y)).for_each(|(c, (&a, &b))| *c = int::compare(o, a, b)),
                [Add, Sub, Mul, Div, Rem, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, And, Or]);
            Col::B(out)
        }
        (Col::I(x), Col::I(y)) if ty == Ty::Bool => {
            let mut out = vec![false; x.len()];
            per_op!(BinaryOp, op, o => out.iter_mut().zip(x.iter().zip(&y)).for_each(|(c, (&a, &b))| *c = int::compare(o, a, b)),
                [Add, Sub, Mul, Div, Rem, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, And, Or]);
            Col::B(out)
        }
        (a, b) => Col::collect(ty, a.len(), |p| scalar::binary(op, a.get(p), b.get(p))),
    }
}

/// A division or a remainder by the same power of two `2^k` at every point.
enum ByPow2 {
    Div(u32),
    Rem(u32),
}

/// `op` as a [`ByPow2`], where it is `Div` or `Rem` and every divisor is the same power of two
/// (as `shift` recognises one).
fn pow2_divisor<T: PartialEq>(op: BinaryOp, y: &[T], shift: impl Fn(&T) -> Option<u32>) -> Option<ByPow2> {
    let by: fn(u32) -> ByPow2 = match op {
        BinaryOp::Div => ByPow2::Div,
        BinaryOp::Rem => ByPow2::Rem,
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
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
    };
    let first = y.first()?;
    if y.iter().any(|v| v != first) {
        return None;
    }
    shift(first).map(by)
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
