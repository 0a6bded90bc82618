//! Forge's scalar semantics on the host, in f32 like the GPU (README, "Numbers"): the same
//! formulas as the kernels' prelude (`codegen::prelude`), wrapping integers, integer
//! `x / 0 == x`, saturating float→int casts with NaN → 0, NaN-propagating min/max, f16/bf16
//! rounding to nearest even.

use super::fast::reduce::exp_nonpos;
use crate::elem::Elem;
use crate::graph::checked::Const;
use crate::graph::ops::{div_i32, div_u32, rem_i32, rem_u32};
use crate::ir::{BinaryOp, UnaryOp};

/// One value inside a kernel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    F(f32),
    I(i32),
    U(u32),
    B(bool),
}

impl Value {
    pub fn of(c: Const) -> Value {
        match c {
            Const::F32(v) => Value::F(v),
            Const::I32(v) => Value::I(v),
            Const::U32(v) => Value::U(v),
            Const::Bool(b) => Value::B(b),
        }
    }
    pub fn f(self) -> f32 {
        match self {
            Value::F(v) => v,
            Value::I(v) => v as f32,
            Value::U(v) => v as f32,
            Value::B(b) => b as u8 as f32,
        }
    }
    pub fn i64(self) -> i64 {
        match self {
            Value::F(v) => v as i64,
            Value::I(v) => v as i64,
            Value::U(v) => v as i64,
            Value::B(b) => b as i64,
        }
    }
    pub fn b(self) -> bool {
        match self {
            Value::B(b) => b,
            other => other.i64() != 0,
        }
    }
    /// As a u32 column stores it (`Col::collect`).
    pub fn u32(self) -> u32 {
        match self {
            Value::U(x) => x,
            v => v.i64() as u32,
        }
    }
    /// As an i32 column stores it (`Col::collect`).
    pub fn i32(self) -> i32 {
        match self {
            Value::I(x) => x,
            v => v.i64() as i32,
        }
    }
}

#[inline(always)]
pub fn fmax(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        a + b
    } else {
        a.max(b)
    }
}
#[inline(always)]
pub fn fmin(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        a + b
    } else {
        a.min(b)
    }
}
#[inline(always)]
pub fn tanh(x: f32) -> f32 {
    let x2 = x * x;
    if x.abs() < 0.25 {
        x * (1.0 + x2 * (-0.333_333_34 + x2 * (0.133_333_34 + x2 * (-0.053_968_254 + x2 * 0.021_869_488))))
    } else {
        1.0 - 2.0 / ((2.0 * x).exp() + 1.0)
    }
}
/// `erf` as the kernels compute it: a series below 0.5, else the Numerical Recipes `erfc` fit
/// (its exponent is always below −0.5, so the vectorisable [`exp_nonpos`] serves). Both sides
/// are computed and one is selected, so loops over `erf` (and `gelu`) vectorise.
#[inline(always)]
pub fn erf(x: f32) -> f32 {
    let z = x.abs();
    let x2 = x * x;
    let small = x
        * std::f32::consts::FRAC_2_SQRT_PI
        * (1.0
            + x2 * (-0.333_333_34
                + x2 * (0.1 + x2 * (-0.023_809_524 + x2 * (0.004_629_629_7 + x2 * -0.000_757_575_8)))));
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -1.265_512_2
        + t * (1.000_023_7
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_204 + t * (1.488_515_9 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * exp_nonpos(-z * z + poly);
    let large = if x >= 0.0 { 1.0 - r } else { r - 1.0 };
    if z < 0.5 {
        small
    } else {
        large
    }
}
#[inline(always)]
pub fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + erf(x * 0.707_106_77))
}
#[inline(always)]
pub fn gelu_tanh(x: f32) -> f32 {
    0.5 * x * (1.0 + tanh(0.797_884_6 * (x + 0.044_715 * x * x * x)))
}
/// π/2 in four parts: the first three of 12 significant bits (so that their products with a
/// 12-bit half of the quotient are exact), the fourth the rest rounded to f32.
const HALF_PI: [f32; 4] = [1.570_312_5, 4.837_513e-4, 7.549_533_6e-8, 2.563_344e-12];

/// `(sin x, cos x)`, the prelude's `forge_sincos` step for step: `x` reduced by π/2 (the
/// quotient `q` split in 12-bit halves, exact for |q| < 2^24), Cephes' polynomials on
/// [-π/4, π/4], the quadrant from `q mod 4`. Within 2e-7 of the exact values for |x| < 2^23;
/// NaN from there on (consecutive f32 values lie a radian or more apart). `sin` keeps tiny
/// arguments (and the sign of zero) as they are.
pub fn sincos(x: f32) -> (f32, f32) {
    let q0 = (x * 0.636_619_75).round_ties_even();
    let qh = (q0 * (1.0 / 4096.0)).trunc() * 4096.0;
    let ql = q0 - qh;
    let mut r = x - qh * HALF_PI[0];
    r -= ql * HALF_PI[0];
    r -= qh * HALF_PI[1];
    r -= ql * HALF_PI[1];
    r -= qh * HALF_PI[2];
    r -= ql * HALF_PI[2];
    r -= q0 * HALF_PI[3];
    // Past ~2^21 the f32 quotient can be one off (2/π and the product round): one more step.
    let step = if r > std::f32::consts::FRAC_PI_4 {
        1.0
    } else if r < -std::f32::consts::FRAC_PI_4 {
        -1.0
    } else {
        0.0
    };
    let q = q0 + step;
    r -= step * HALF_PI[0];
    r -= step * HALF_PI[1];
    r -= step * HALF_PI[2];
    r -= step * HALF_PI[3];
    let z = r * r;
    let s = r + r * z * (-1.666_665_5e-1 + z * (8.332_161e-3 + z * -1.951_529_6e-4));
    let c = 1.0 - 0.5 * z + z * z * (4.166_664_6e-2 + z * (-1.388_731_6e-3 + z * 2.443_315_7e-5));
    let k = q - 4.0 * (q * 0.25).floor();
    let (sin, cos) = if k == 0.0 {
        (s, c)
    } else if k == 1.0 {
        (c, -s)
    } else if k == 2.0 {
        (-s, -c)
    } else {
        (-c, s)
    };
    if x.abs() >= 8_388_608.0 {
        (f32::NAN, f32::NAN)
    } else if x.abs() < 2.441_406_3e-4 {
        (x, cos)
    } else {
        (sin, cos)
    }
}

pub fn f2i(x: f32) -> i32 {
    x as i32 // Rust's `as`: saturating, NaN → 0
}
pub fn f2u(x: f32) -> u32 {
    x as u32
}
/// bf16 bits of `x`, rounded to nearest even (NaN → the quiet NaN 0x7fc0).
pub fn f2bf(x: f32) -> u16 {
    if x.is_nan() {
        return 0x7fc0;
    }
    let b = x.to_bits();
    (b.wrapping_add(0x7fff + ((b >> 16) & 1)) >> 16) as u16
}
pub fn bf2f(h: u16) -> f32 {
    f32::from_bits((h as u32) << 16)
}

pub fn unary(op: UnaryOp, v: Value) -> Value {
    match (op, v) {
        (UnaryOp::Neg, Value::I(x)) => Value::I(x.wrapping_neg()),
        (UnaryOp::Neg, Value::U(x)) => Value::U(x.wrapping_neg()),
        (UnaryOp::Not, v) => Value::B(!v.b()),
        (UnaryOp::Abs, Value::I(x)) => Value::I(x.wrapping_abs()),
        (UnaryOp::Abs | UnaryOp::Relu, Value::U(x)) => Value::U(x),
        (UnaryOp::Relu, Value::I(x)) => Value::I(x.max(0)),
        (UnaryOp::Neg | UnaryOp::Abs | UnaryOp::Relu, Value::F(_) | Value::B(_))
        // Float-only: the checker makes the argument f32.
        | (
            UnaryOp::Exp
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
            _,
        ) => Value::F(unary_f32(op, v.f())),
    }
}

/// A unary op on a float (`Not` gives 1 or 0; [`unary`] makes it a bool).
#[inline(always)]
pub fn unary_f32(op: UnaryOp, x: f32) -> f32 {
    match op {
        UnaryOp::Neg => -x,
        UnaryOp::Exp => x.exp(),
        UnaryOp::Log => x.ln(),
        UnaryOp::Sqrt => x.sqrt(),
        UnaryOp::Rsqrt => 1.0 / x.sqrt(),
        UnaryOp::Tanh => tanh(x),
        UnaryOp::Sigmoid => 1.0 / (1.0 + (-x).exp()),
        UnaryOp::Silu => x / (1.0 + (-x).exp()),
        UnaryOp::Gelu => gelu(x),
        UnaryOp::GeluTanh => gelu_tanh(x),
        UnaryOp::Erf => erf(x),
        UnaryOp::Sin => sincos(x).0,
        UnaryOp::Cos => sincos(x).1,
        UnaryOp::Relu => fmax(x, 0.0),
        UnaryOp::Abs => x.abs(),
        UnaryOp::Floor => x.floor(),
        UnaryOp::Not => (x == 0.0) as u8 as f32,
    }
}

/// An arithmetic op (`Add Sub Mul Div Min Max`) on floats; `None` for comparisons and logic,
/// and for `Rem`, which takes integers only (the checker rejects floats).
#[inline(always)]
pub fn arith_f32(op: BinaryOp, x: f32, y: f32) -> Option<f32> {
    Some(match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x * y,
        BinaryOp::Div => x / y,
        BinaryOp::Min => fmin(x, y),
        BinaryOp::Max => fmax(x, y),
        BinaryOp::Rem
        | BinaryOp::Lt
        | BinaryOp::Le
        | BinaryOp::Gt
        | BinaryOp::Ge
        | BinaryOp::Eq
        | BinaryOp::Ne
        | BinaryOp::And
        | BinaryOp::Or => return None,
    })
}

/// A comparison (or logic op, always false) on floats; `None` for arithmetic.
#[inline(always)]
pub fn compare_f32(op: BinaryOp, x: f32, y: f32) -> Option<bool> {
    Some(match op {
        BinaryOp::Lt => x < y,
        BinaryOp::Le => x <= y,
        BinaryOp::Gt => x > y,
        BinaryOp::Ge => x >= y,
        BinaryOp::Eq => x == y,
        BinaryOp::Ne => x != y,
        BinaryOp::And | BinaryOp::Or => false,
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Rem
        | BinaryOp::Min
        | BinaryOp::Max => return None,
    })
}

#[inline]
pub fn binary(op: BinaryOp, a: Value, b: Value) -> Value {
    use BinaryOp::*;
    match (a, b) {
        (Value::I(x), Value::I(y)) => match op {
            Add => Value::I(x.wrapping_add(y)),
            Sub => Value::I(x.wrapping_sub(y)),
            Mul => Value::I(x.wrapping_mul(y)),
            Div => Value::I(div_i32(x, y)),
            Rem => Value::I(rem_i32(x, y)),
            Min => Value::I(x.min(y)),
            Max => Value::I(x.max(y)),
            Lt | Le | Gt | Ge | Eq | Ne | And | Or => compare(op, x.cmp(&y)),
        },
        (Value::U(x), Value::U(y)) => match op {
            Add => Value::U(x.wrapping_add(y)),
            Sub => Value::U(x.wrapping_sub(y)),
            Mul => Value::U(x.wrapping_mul(y)),
            Div => Value::U(div_u32(x, y)),
            Rem => Value::U(rem_u32(x, y)),
            Min => Value::U(x.min(y)),
            Max => Value::U(x.max(y)),
            Lt | Le | Gt | Ge | Eq | Ne | And | Or => compare(op, x.cmp(&y)),
        },
        (Value::B(x), Value::B(y)) => Value::B(match op {
            And => x && y,
            Or => x || y,
            Eq => x == y,
            Ne | Lt | Le | Gt | Ge | Add | Sub | Mul | Div | Rem | Min | Max => x != y,
        }),
        (a, b) => {
            let (x, y) = (a.f(), b.f());
            match (arith_f32(op, x, y), compare_f32(op, x, y)) {
                (Some(v), _) => Value::F(v),
                (None, c) => Value::B(c.unwrap_or(false)),
            }
        }
    }
}

fn compare(op: BinaryOp, ord: std::cmp::Ordering) -> Value {
    use std::cmp::Ordering::*;
    Value::B(match op {
        BinaryOp::Lt => ord == Less,
        BinaryOp::Le => ord != Greater,
        BinaryOp::Gt => ord == Greater,
        BinaryOp::Ge => ord != Less,
        BinaryOp::Eq => ord == Equal,
        BinaryOp::Ne => ord != Equal,
        // The checker never lets these reach a comparison of numbers.
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Rem
        | BinaryOp::Min
        | BinaryOp::Max
        | BinaryOp::And
        | BinaryOp::Or => false,
    })
}

/// Conversion to `to` (f16 and bf16 round to their precision and stay f32 values).
pub fn cast(v: Value, to: Elem) -> Value {
    match (v, to) {
        // The checker admits no cast to a block format; a value keeps its f32 then.
        (v, Elem::F32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0) => Value::F(v.f()),
        (v, Elem::F16) => Value::F(half::f16::from_f32(v.f()).to_f32()),
        (v, Elem::BF16) => Value::F(bf2f(f2bf(v.f()))),
        (Value::F(x), Elem::I32) => Value::I(f2i(x)),
        (Value::F(x), Elem::U32) => Value::U(f2u(x)),
        (Value::U(x), Elem::I32) => Value::I(x as i32),
        (Value::I(x), Elem::U32) => Value::U(x as u32),
        (Value::B(b), Elem::I32) => Value::I(b as i32),
        (Value::B(b), Elem::U32) => Value::U(b as u32),
        (v @ Value::I(_), Elem::I32) | (v @ Value::U(_), Elem::U32) => v,
    }
}
