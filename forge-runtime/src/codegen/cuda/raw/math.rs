//! CUDA-C for naga math builtins: component-wise prelude helpers and whole-vector builtins
//! (dot, length, normalize, …) written out in the interpreter's order of operations.

use naga::{Expression, Handle, MathFunction as M, ScalarKind as K};

use super::func::{mismatch, FnGen};
use super::types::{literal, scalar_c, suffix};
use crate::raw::RawError;

impl FnGen<'_, '_> {
    pub(super) fn math(
        &mut self,
        e: usize,
        fun: M,
        arg: Handle<Expression>,
        arg1: Option<Handle<Expression>>,
        arg2: Option<Handle<Expression>>,
        arg3: Option<Handle<Expression>>,
    ) -> Result<(), RawError> {
        for l in self.math_lines(e, fun, arg, arg1, arg2, arg3)? {
            self.line(&l);
        }
        Ok(())
    }

    fn math_lines(
        &self,
        e: usize,
        fun: M,
        arg: Handle<Expression>,
        arg1: Option<Handle<Expression>>,
        arg2: Option<Handle<Expression>>,
        arg3: Option<Handle<Expression>>,
    ) -> Result<Vec<String>, RawError> {
        let mut lines: Vec<String> = Vec::new();
        let (kind, n) = self.shape_of(arg)?;
        let c = |h: Option<Handle<Expression>>, i: u32| -> Result<String, RawError> {
            self.comp(h.ok_or_else(|| mismatch("math argument"))?, i)
        };
        let a = |i: u32| self.comp(arg, i);
        let s = suffix(kind);
        let rc = scalar_c(kind)?;
        // Reductions and other whole-vector builtins, in the interpreter's order of operations.
        let dot = |x: Handle<Expression>, y: Handle<Expression>| -> Result<String, RawError> {
            let mut acc = format!("__fmul_rn({}, {})", self.comp(x, 0)?, self.comp(y, 0)?);
            for i in 1..n {
                acc = format!("__fadd_rn({acc}, __fmul_rn({}, {}))", self.comp(x, i)?, self.comp(y, i)?);
            }
            Ok(acc)
        };
        match fun {
            M::Dot if kind == K::Float => {
                let b = arg1.ok_or_else(|| mismatch("dot"))?;
                let d = dot(arg, b)?;
                lines.push(format!("_e{e} = {d};"));
                return Ok(lines);
            }
            M::Dot => {
                let b = arg1.ok_or_else(|| mismatch("dot"))?;
                let mut acc = String::from("0u");
                for i in 0..n {
                    acc = format!("({acc} + (unsigned int){} * (unsigned int){})", a(i)?, self.comp(b, i)?);
                }
                lines.push(format!("_e{e} = ({rc}){acc};"));
                return Ok(lines);
            }
            M::Length => {
                let v = if n == 1 { format!("fabsf({})", a(0)?) } else { format!("__fsqrt_rn({})", dot(arg, arg)?) };
                lines.push(format!("_e{e} = {v};"));
                return Ok(lines);
            }
            M::Distance => {
                let b = arg1.ok_or_else(|| mismatch("distance"))?;
                if n == 1 {
                    lines.push(format!("_e{e} = fabsf(__fsub_rn({}, {}));", a(0)?, self.comp(b, 0)?));
                } else {
                    let mut s = String::from("{ float fr_s = 0.0f; float fr_d;");
                    for i in 0..n {
                        s.push_str(&format!(
                            " fr_d = __fsub_rn({}, {}); fr_s = __fadd_rn(fr_s, __fmul_rn(fr_d, fr_d));",
                            a(i)?,
                            self.comp(b, i)?
                        ));
                    }
                    s.push_str(&format!(" _e{e} = __fsqrt_rn(fr_s); }}"));
                    lines.push(s);
                }
                return Ok(lines);
            }
            M::Normalize => {
                let len = format!("__fsqrt_rn({})", dot(arg, arg)?);
                lines.push(format!("{{ float fr_len = {len};"));
                lines.push(self.per_comp(e, n, |i| Ok(format!("__fdiv_rn({}, fr_len)", a(i)?)))?);
                lines.push("}".into());
                return Ok(lines);
            }
            M::Cross => {
                let b = arg1.ok_or_else(|| mismatch("cross"))?;
                let (x, y) = (arg.index(), b.index());
                lines.push(format!(
                    "_e{e}.v[0] = __fsub_rn(__fmul_rn(_e{x}.v[1], _e{y}.v[2]), __fmul_rn(_e{x}.v[2], _e{y}.v[1]));\n\
                     _e{e}.v[1] = __fsub_rn(__fmul_rn(_e{x}.v[2], _e{y}.v[0]), __fmul_rn(_e{x}.v[0], _e{y}.v[2]));\n\
                     _e{e}.v[2] = __fsub_rn(__fmul_rn(_e{x}.v[0], _e{y}.v[1]), __fmul_rn(_e{x}.v[1], _e{y}.v[0]));"
                ));
                return Ok(lines);
            }
            M::FaceForward => {
                let (b, cc) =
                    (arg1.ok_or_else(|| mismatch("faceForward"))?, arg2.ok_or_else(|| mismatch("faceForward"))?);
                lines.push(format!("{{ bool fr_flip = {} >= 0.0f;", dot(b, cc)?));
                lines.push(self.per_comp(e, n, |i| Ok(format!("fr_flip ? -{0} : {0}", a(i)?)))?);
                lines.push("}".into());
                return Ok(lines);
            }
            M::Reflect => {
                let b = arg1.ok_or_else(|| mismatch("reflect"))?;
                lines.push(format!("{{ float fr_d2 = __fmul_rn(2.0f, {});", dot(b, arg)?));
                lines.push(
                    self.per_comp(e, n, |i| {
                        Ok(format!("__fsub_rn({}, __fmul_rn(fr_d2, {}))", a(i)?, self.comp(b, i)?))
                    })?,
                );
                lines.push("}".into());
                return Ok(lines);
            }
            _ => {}
        }
        let f = kind == K::Float;
        let rad = std::f32::consts::PI / 180.0;
        let deg = 180.0 / std::f32::consts::PI;
        let bits = |x: &str| format!("(unsigned int){x}");
        lines.push(self.per_comp(e, n, |i| {
            let x = a(i)?;
            Ok(match fun {
                M::Abs if f => format!("fabsf({x})"),
                M::Abs if kind == K::Sint => format!("fr_abs_i({x})"),
                M::Abs => x,
                M::Min => format!("fr_min_{s}({x}, {})", c(arg1, i)?),
                M::Max => format!("fr_max_{s}({x}, {})", c(arg1, i)?),
                M::Clamp => format!("fr_clamp_{s}({x}, {}, {})", c(arg1, i)?, c(arg2, i)?),
                M::Saturate => format!("fr_saturate({x})"),
                M::Cos => format!("cosf({x})"),
                M::Cosh => format!("coshf({x})"),
                M::Sin => format!("sinf({x})"),
                M::Sinh => format!("sinhf({x})"),
                M::Tan => format!("tanf({x})"),
                M::Tanh => format!("tanhf({x})"),
                M::Acos => format!("acosf({x})"),
                M::Asin => format!("asinf({x})"),
                M::Atan => format!("atanf({x})"),
                M::Atan2 => format!("atan2f({x}, {})", c(arg1, i)?),
                M::Asinh => format!("asinhf({x})"),
                M::Acosh => format!("acoshf({x})"),
                M::Atanh => format!("atanhf({x})"),
                M::Radians => format!("__fmul_rn({x}, {})", literal(K::Float, rad.to_bits())),
                M::Degrees => format!("__fmul_rn({x}, {})", literal(K::Float, deg.to_bits())),
                M::Ceil => format!("ceilf({x})"),
                M::Floor => format!("floorf({x})"),
                M::Round => format!("rintf({x})"),
                M::Fract => format!("fr_fract({x})"),
                M::Trunc => format!("truncf({x})"),
                M::Ldexp => format!("fr_ldexp({x}, {})", c(arg1, i)?),
                M::Exp => format!("expf({x})"),
                M::Exp2 => format!("exp2f({x})"),
                M::Log => format!("logf({x})"),
                M::Log2 => format!("log2f({x})"),
                M::Pow => format!("powf({x}, {})", c(arg1, i)?),
                M::Sign if f => format!("fr_sign_f({x})"),
                M::Sign => format!("fr_sign_i({x})"),
                M::Fma => format!("fmaf({x}, {}, {})", c(arg1, i)?, c(arg2, i)?),
                M::Mix => format!("fr_mix({x}, {}, {})", c(arg1, i)?, c(arg2, i)?),
                M::Step => format!("fr_step({x}, {})", c(arg1, i)?),
                M::SmoothStep => format!("fr_smoothstep({x}, {}, {})", c(arg1, i)?, c(arg2, i)?),
                M::Sqrt => format!("__fsqrt_rn({x})"),
                M::InverseSqrt => format!("fr_inverse_sqrt({x})"),
                M::CountTrailingZeros => format!("({rc})fr_ctz({})", bits(&x)),
                M::CountLeadingZeros => format!("({rc})fr_clz({})", bits(&x)),
                M::CountOneBits => format!("({rc})fr_popcnt({})", bits(&x)),
                M::ReverseBits => format!("({rc})fr_rev({})", bits(&x)),
                M::FirstTrailingBit => format!("({rc})fr_first_trailing({})", bits(&x)),
                M::FirstLeadingBit if kind == K::Sint => {
                    format!("({rc})fr_first_leading_s({})", bits(&x))
                }
                M::FirstLeadingBit => format!("({rc})fr_first_leading_u({})", bits(&x)),
                M::ExtractBits if kind == K::Sint => {
                    format!("({rc})fr_extract_s({}, {}, {})", bits(&x), c(arg1, i)?, c(arg2, i)?)
                }
                M::ExtractBits => format!("({rc})fr_extract_u({}, {}, {})", bits(&x), c(arg1, i)?, c(arg2, i)?),
                M::InsertBits => {
                    format!("({rc})fr_insert({}, {}, {}, {})", bits(&x), bits(&c(arg1, i)?), c(arg2, i)?, c(arg3, i)?)
                }
                other => return Err(RawError::Unsupported(format!("math function {other:?}"))),
            })
        })?);
        Ok(lines)
    }
}
