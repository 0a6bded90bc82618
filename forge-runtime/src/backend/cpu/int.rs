//! Integer arithmetic of kernel expressions, typed: the formulas of [`super::scalar::binary`]'s
//! integer branches (wrapping, `x / 0 == x`, comparisons as bools) without the `Value` enum, so
//! that a column's loop inlines them.

use crate::graph::ops::{div_i32, div_u32, rem_i32, rem_u32};
use crate::ir::BinaryOp;

/// `x op y` on i32 (a comparison gives 1 or 0; [`compare`] is the bool form).
#[inline(always)]
pub fn arith_i32(op: BinaryOp, x: i32, y: i32) -> i32 {
    match op {
        BinaryOp::Add => x.wrapping_add(y),
        BinaryOp::Sub => x.wrapping_sub(y),
        BinaryOp::Mul => x.wrapping_mul(y),
        BinaryOp::Div => div_i32(x, y),
        BinaryOp::Rem => rem_i32(x, y),
        BinaryOp::Min => x.min(y),
        BinaryOp::Max => x.max(y),
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne => {
            i32::from(compare(op, x, y))
        }
        BinaryOp::And | BinaryOp::Or => 0,
    }
}

/// `x op y` on u32 (a comparison gives 1 or 0).
#[inline(always)]
pub fn arith_u32(op: BinaryOp, x: u32, y: u32) -> u32 {
    match op {
        BinaryOp::Add => x.wrapping_add(y),
        BinaryOp::Sub => x.wrapping_sub(y),
        BinaryOp::Mul => x.wrapping_mul(y),
        BinaryOp::Div => div_u32(x, y),
        BinaryOp::Rem => rem_u32(x, y),
        BinaryOp::Min => x.min(y),
        BinaryOp::Max => x.max(y),
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne => {
            u32::from(compare(op, x, y))
        }
        BinaryOp::And | BinaryOp::Or => 0,
    }
}

/// A comparison of integers (false for the ops that are not comparisons).
#[inline(always)]
pub fn compare<T: Ord>(op: BinaryOp, x: T, y: T) -> bool {
    match op {
        BinaryOp::Lt => x < y,
        BinaryOp::Le => x <= y,
        BinaryOp::Gt => x > y,
        BinaryOp::Ge => x >= y,
        BinaryOp::Eq => x == y,
        BinaryOp::Ne => x != y,
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Rem
        | BinaryOp::Min
        | BinaryOp::Max
        | BinaryOp::And
        | BinaryOp::Or => false,
    }
}

/// `x / 2^k` truncated toward zero (`div_i32` for a divisor `2^k`, `k < 31`).
#[inline(always)]
pub fn div_pow2_i32(x: i32, k: u32) -> i32 {
    // A negative dividend is biased by `2^k - 1` so that the shift rounds toward zero.
    let bias = (x >> 31) & ((1i32 << k) - 1);
    (x + bias) >> k
}
