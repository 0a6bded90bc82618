//! Constant folding of kernel expressions in Forge's one numeric semantics (`docs/semantics.md`):
//! an operation whose operands are all constants is evaluated here, once, in f32 / wrapping
//! integers, so no backend's compiler evaluates it by rules of its own (WGSL rejects `1.0 / 0.0`
//! or an `i32` overflow in a constant expression; drivers may fold in wider precision).
//! Transcendental functions of a constant fold only where a dialect's compiler would itself
//! evaluate them (`exp`, `log`, `sqrt`, `inverseSqrt`), with Rust's correctly rounded-ish libm.

use super::expr::{BinaryOp, SExpr, UnaryOp};
use crate::elem::Elem;
use crate::graph::checked::Const;
use crate::graph::ops::{div_i32, div_u32, rem_i32, rem_u32};

/// `op(arg)`, folded when `arg` is a constant.
pub fn unary(op: UnaryOp, arg: SExpr) -> SExpr {
    if let SExpr::Const(c) = arg {
        if let Some(v) = unary_const(op, c) {
            return SExpr::Const(v);
        }
    }
    SExpr::Unary { op, arg: Box::new(arg) }
}

/// `lhs op rhs`, folded when both are constants.
pub fn binary(op: BinaryOp, lhs: SExpr, rhs: SExpr) -> SExpr {
    if let (SExpr::Const(a), SExpr::Const(b)) = (&lhs, &rhs) {
        if let Some(v) = binary_const(op, *a, *b) {
            return SExpr::Const(v);
        }
    }
    SExpr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }
}

/// `select(cond, on_true, on_false)`, reduced to one branch when `cond` is a constant.
pub fn select(cond: SExpr, on_true: SExpr, on_false: SExpr) -> SExpr {
    match cond {
        SExpr::Const(Const::Bool(true)) => on_true,
        SExpr::Const(Const::Bool(false)) => on_false,
        cond => SExpr::Select { cond: Box::new(cond), on_true: Box::new(on_true), on_false: Box::new(on_false) },
    }
}

/// `arg as to`, folded when `arg` is a constant.
pub fn cast(arg: SExpr, to: Elem) -> SExpr {
    match arg {
        SExpr::Const(c) => SExpr::Const(cast_const(c, to)),
        arg => SExpr::Cast { arg: Box::new(arg), to },
    }
}

/// NaN-propagating maximum and minimum (either operand NaN → NaN).
fn fmax(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        a + b
    } else {
        a.max(b)
    }
}
fn fmin(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        a + b
    } else {
        a.min(b)
    }
}

fn unary_const(op: UnaryOp, c: Const) -> Option<Const> {
    Some(match (op, c) {
        (UnaryOp::Not, Const::Bool(b)) => Const::Bool(!b),
        (UnaryOp::Neg, Const::I32(x)) => Const::I32(x.wrapping_neg()),
        (UnaryOp::Neg, Const::U32(x)) => Const::U32(x.wrapping_neg()),
        (UnaryOp::Abs, Const::I32(x)) => Const::I32(x.wrapping_abs()),
        (UnaryOp::Relu, Const::I32(x)) => Const::I32(x.max(0)),
        (UnaryOp::Abs | UnaryOp::Relu, Const::U32(x)) => Const::U32(x),
        (op, Const::F32(x)) => Const::F32(match op {
            UnaryOp::Neg => -x,
            UnaryOp::Abs => x.abs(),
            UnaryOp::Relu => fmax(x, 0.0),
            UnaryOp::Exp => x.exp(),
            UnaryOp::Log => x.ln(),
            UnaryOp::Sqrt => x.sqrt(),
            UnaryOp::Rsqrt => 1.0 / x.sqrt(),
            // Exact, so every backend agrees with the folded value.
            UnaryOp::Floor => x.floor(),
            // Left to the backend's own formula (the prelude's), which the folder does not
            // duplicate; `!` of a float is not a graph expression.
            UnaryOp::Not
            | UnaryOp::Tanh
            | UnaryOp::Sigmoid
            | UnaryOp::Silu
            | UnaryOp::Gelu
            | UnaryOp::GeluTanh
            | UnaryOp::Erf
            | UnaryOp::Sin
            | UnaryOp::Cos => return None,
        }),
        // Type combinations the checker never builds (a float-only op of an integer, `!` of a
        // number, an op of a bool besides `!`).
        (
            UnaryOp::Not
            | UnaryOp::Exp
            | UnaryOp::Log
            | UnaryOp::Sqrt
            | UnaryOp::Rsqrt
            | UnaryOp::Tanh
            | UnaryOp::Sigmoid
            | UnaryOp::Silu
            | UnaryOp::Gelu
            | UnaryOp::GeluTanh
            | UnaryOp::Erf
            | UnaryOp::Sin
            | UnaryOp::Cos
            | UnaryOp::Floor,
            Const::I32(_) | Const::U32(_),
        )
        | (
            UnaryOp::Neg
            | UnaryOp::Exp
            | UnaryOp::Log
            | UnaryOp::Sqrt
            | UnaryOp::Rsqrt
            | UnaryOp::Tanh
            | UnaryOp::Sigmoid
            | UnaryOp::Silu
            | UnaryOp::Gelu
            | UnaryOp::GeluTanh
            | UnaryOp::Erf
            | UnaryOp::Sin
            | UnaryOp::Cos
            | UnaryOp::Relu
            | UnaryOp::Abs
            | UnaryOp::Floor,
            Const::Bool(_),
        ) => return None,
    })
}

fn binary_const(op: BinaryOp, a: Const, b: Const) -> Option<Const> {
    use std::cmp::Ordering;
    use BinaryOp::*;
    // Called for comparisons only; unordered (a NaN) is false except for `!=`.
    let compare = |ord: Option<Ordering>| {
        Const::Bool(match ord {
            None => op == Ne,
            Some(o) => match op {
                Lt => o == Ordering::Less,
                Le => o != Ordering::Greater,
                Gt => o == Ordering::Greater,
                Ge => o != Ordering::Less,
                Eq => o == Ordering::Equal,
                Ne => o != Ordering::Equal,
                Add | Sub | Mul | Div | Rem | Min | Max | And | Or => false,
            },
        })
    };
    Some(match (a, b) {
        (Const::F32(x), Const::F32(y)) => match op {
            Add => Const::F32(x + y),
            Sub => Const::F32(x - y),
            Mul => Const::F32(x * y),
            Div => Const::F32(x / y),
            Min => Const::F32(fmin(x, y)),
            Max => Const::F32(fmax(x, y)),
            // `%` takes integers (the checker rejects floats): nothing to fold.
            Rem | And | Or => return None,
            Lt | Le | Gt | Ge | Eq | Ne => compare(x.partial_cmp(&y)),
        },
        (Const::I32(x), Const::I32(y)) => match op {
            Add => Const::I32(x.wrapping_add(y)),
            Sub => Const::I32(x.wrapping_sub(y)),
            Mul => Const::I32(x.wrapping_mul(y)),
            Div => Const::I32(div_i32(x, y)),
            Rem => Const::I32(rem_i32(x, y)),
            Min => Const::I32(x.min(y)),
            Max => Const::I32(x.max(y)),
            And | Or => return None,
            Lt | Le | Gt | Ge | Eq | Ne => compare(Some(x.cmp(&y))),
        },
        (Const::U32(x), Const::U32(y)) => match op {
            Add => Const::U32(x.wrapping_add(y)),
            Sub => Const::U32(x.wrapping_sub(y)),
            Mul => Const::U32(x.wrapping_mul(y)),
            Div => Const::U32(div_u32(x, y)),
            Rem => Const::U32(rem_u32(x, y)),
            Min => Const::U32(x.min(y)),
            Max => Const::U32(x.max(y)),
            And | Or => return None,
            Lt | Le | Gt | Ge | Eq | Ne => compare(Some(x.cmp(&y))),
        },
        (Const::Bool(x), Const::Bool(y)) => Const::Bool(match op {
            And => x && y,
            Or => x || y,
            Eq => x == y,
            Ne => x != y,
            Add | Sub | Mul | Div | Rem | Min | Max | Lt | Le | Gt | Ge => return None,
        }),
        // Mixed operand types: the checker never builds them.
        (Const::F32(_), Const::I32(_) | Const::U32(_) | Const::Bool(_))
        | (Const::I32(_), Const::F32(_) | Const::U32(_) | Const::Bool(_))
        | (Const::U32(_), Const::F32(_) | Const::I32(_) | Const::Bool(_))
        | (Const::Bool(_), Const::F32(_) | Const::I32(_) | Const::U32(_)) => return None,
    })
}

/// bf16 rounding to nearest even (NaN stays NaN).
fn bf16_round(x: f32) -> f32 {
    if x.is_nan() {
        return x;
    }
    let b = x.to_bits();
    f32::from_bits((b.wrapping_add(0x7fff + ((b >> 16) & 1)) >> 16) << 16)
}

fn cast_const(c: Const, to: Elem) -> Const {
    let f = |c: Const| match c {
        Const::F32(v) => v,
        Const::I32(v) => v as f32,
        Const::U32(v) => v as f32,
        Const::Bool(b) => u8::from(b) as f32,
    };
    match (to, c) {
        // No cast names a block format (the checker rejects it); the value stays f32.
        (Elem::F32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0, c) => Const::F32(f(c)),
        (Elem::F16, c) => Const::F32(half::f16::from_f32(f(c)).to_f32()),
        (Elem::BF16, c) => Const::F32(bf16_round(f(c))),
        (Elem::I32, Const::F32(v)) => Const::I32(v as i32),
        (Elem::I32, Const::U32(v)) => Const::I32(v as i32),
        (Elem::I32, Const::I32(v)) => Const::I32(v),
        (Elem::I32, Const::Bool(b)) => Const::I32(i32::from(b)),
        (Elem::U32, Const::F32(v)) => Const::U32(v as u32),
        (Elem::U32, Const::I32(v)) => Const::U32(v as u32),
        (Elem::U32, Const::U32(v)) => Const::U32(v),
        (Elem::U32, Const::Bool(b)) => Const::U32(u32::from(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_by_forge_semantics() {
        let c = |e: SExpr| match e {
            SExpr::Const(c) => c,
            other => panic!("not folded: {other:?}"),
        };
        let f = |v: f32| SExpr::Const(Const::F32(v));
        let i = |v: i32| SExpr::Const(Const::I32(v));
        assert_eq!(c(binary(BinaryOp::Div, f(1.0), f(0.0))), Const::F32(f32::INFINITY));
        assert_eq!(c(binary(BinaryOp::Div, i(i32::MIN), i(-1))), Const::I32(i32::MIN));
        assert_eq!(c(binary(BinaryOp::Div, i(7), i(0))), Const::I32(7));
        assert_eq!(c(binary(BinaryOp::Rem, i(-7), i(3))), Const::I32(-1));
        assert_eq!(c(binary(BinaryOp::Rem, i(7), i(-3))), Const::I32(1));
        assert_eq!(c(binary(BinaryOp::Rem, i(7), i(0))), Const::I32(7));
        assert_eq!(c(binary(BinaryOp::Rem, i(i32::MIN), i(-1))), Const::I32(0));
        let u = |v: u32| SExpr::Const(Const::U32(v));
        assert_eq!(c(binary(BinaryOp::Rem, u(u32::MAX), u(10))), Const::U32(5));
        assert_eq!(c(binary(BinaryOp::Rem, u(9), u(0))), Const::U32(9));
        assert_eq!(c(binary(BinaryOp::Add, i(i32::MAX), i(1))), Const::I32(i32::MIN));
        assert_eq!(c(binary(BinaryOp::Ne, f(f32::NAN), f(f32::NAN))), Const::Bool(true));
        assert!(matches!(c(binary(BinaryOp::Max, f(f32::NAN), f(1.0))), Const::F32(v) if v.is_nan()));
        assert_eq!(c(cast(f(f32::NAN), Elem::I32)), Const::I32(0));
        assert_eq!(c(cast(f(-1.0), Elem::U32)), Const::U32(0));
        assert_eq!(c(cast(f(1.0 + 1.0 / 256.0), Elem::BF16)), Const::F32(1.0));
        assert_eq!(c(cast(f(1.0 + 1.0 / 2048.0), Elem::F16)), Const::F32(1.0));
    }
}
