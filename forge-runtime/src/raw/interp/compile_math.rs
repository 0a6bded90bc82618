//! Lowers naga math builtins to interpreter instructions, resolving each to its operand kind.

use naga::{Expression, Handle, MathFunction as M, ScalarKind as K};

use super::compile::{unsupported, Builder, FnCx};
use super::ops::MathOp;
use super::program::{Instr, VecOp};
use crate::raw::RawError;

impl<'m> Builder<'m> {
    pub(super) fn math(
        &mut self,
        cx: &FnCx<'m>,
        dst: u32,
        n: u32,
        fun: M,
        args: [Option<Handle<Expression>>; 4],
    ) -> Result<(), RawError> {
        let a0 = args[0].ok_or_else(|| RawError::Mismatch("math argument".into()))?;
        let (kind, an) = self.shape_of(cx, a0)?;
        let mut regs = [0u32; 4];
        let mut steps = 0u8;
        for (i, a) in args.iter().enumerate() {
            if let Some(a) = a {
                let (r, w) = self.reg(cx, *a)?;
                regs[i] = r;
                if w > 1 {
                    steps |= 1 << i;
                }
            } else {
                regs[i] = regs[0];
            }
        }
        let [a, b, c, d] = regs;
        let f = kind == K::Float;
        let s = kind == K::Sint;
        let pick = |fo, so, uo| {
            if f {
                fo
            } else if s {
                so
            } else {
                uo
            }
        };
        let vec = |op| Instr::Vector { op, dst, a, b, c, n: an as u8 };
        let op = match fun {
            M::Abs if kind == K::Uint => {
                self.emit(Instr::Copy { dst, src: a, n });
                return Ok(());
            }
            M::Abs => {
                if f {
                    MathOp::AbsF
                } else {
                    MathOp::AbsS
                }
            }
            M::Min => pick(MathOp::MinF, MathOp::MinS, MathOp::MinU),
            M::Max => pick(MathOp::MaxF, MathOp::MaxS, MathOp::MaxU),
            M::Clamp => pick(MathOp::ClampF, MathOp::ClampS, MathOp::ClampU),
            M::Saturate => MathOp::Saturate,
            M::Cos => MathOp::Cos,
            M::Cosh => MathOp::Cosh,
            M::Sin => MathOp::Sin,
            M::Sinh => MathOp::Sinh,
            M::Tan => MathOp::Tan,
            M::Tanh => MathOp::Tanh,
            M::Acos => MathOp::Acos,
            M::Asin => MathOp::Asin,
            M::Atan => MathOp::Atan,
            M::Atan2 => MathOp::Atan2,
            M::Asinh => MathOp::Asinh,
            M::Acosh => MathOp::Acosh,
            M::Atanh => MathOp::Atanh,
            M::Radians => MathOp::Radians,
            M::Degrees => MathOp::Degrees,
            M::Ceil => MathOp::Ceil,
            M::Floor => MathOp::Floor,
            M::Round => MathOp::Round,
            M::Fract => MathOp::Fract,
            M::Trunc => MathOp::Trunc,
            M::Ldexp => MathOp::Ldexp,
            M::Exp => MathOp::Exp,
            M::Exp2 => MathOp::Exp2,
            M::Log => MathOp::Log,
            M::Log2 => MathOp::Log2,
            M::Pow => MathOp::Pow,
            M::Sign => {
                if f {
                    MathOp::SignF
                } else {
                    MathOp::SignS
                }
            }
            M::Fma => MathOp::Fma,
            M::Mix => MathOp::Mix,
            M::Step => MathOp::Step,
            M::SmoothStep => MathOp::SmoothStep,
            M::Sqrt => MathOp::Sqrt,
            M::InverseSqrt => MathOp::InvSqrt,
            M::CountTrailingZeros => MathOp::Ctz,
            M::CountLeadingZeros => MathOp::Clz,
            M::CountOneBits => MathOp::Popcnt,
            M::ReverseBits => MathOp::Rev,
            M::ExtractBits => {
                if s {
                    MathOp::ExtractS
                } else {
                    MathOp::ExtractU
                }
            }
            M::FirstTrailingBit => MathOp::FirstTrailing,
            M::FirstLeadingBit => {
                if s {
                    MathOp::FirstLeadingS
                } else {
                    MathOp::FirstLeadingU
                }
            }
            M::InsertBits => {
                self.emit(Instr::InsertBits { dst, e: a, newbits: b, offset: c, count: d, n: n as u8 });
                return Ok(());
            }
            M::Dot => {
                self.emit(vec(if f { VecOp::DotF } else { VecOp::DotI }));
                return Ok(());
            }
            M::Length => {
                self.emit(vec(VecOp::Length));
                return Ok(());
            }
            M::Distance => {
                self.emit(vec(VecOp::Distance));
                return Ok(());
            }
            M::Normalize => {
                self.emit(vec(VecOp::Normalize));
                return Ok(());
            }
            M::Cross => {
                self.emit(vec(VecOp::Cross));
                return Ok(());
            }
            M::FaceForward => {
                self.emit(vec(VecOp::FaceForward));
                return Ok(());
            }
            M::Reflect => {
                self.emit(vec(VecOp::Reflect));
                return Ok(());
            }
            other => return Err(unsupported(format!("math function {other:?}"))),
        };
        self.emit(Instr::Math { op, dst, a, b, c, n: n as u8, steps: steps & 0b111 });
        Ok(())
    }
}
