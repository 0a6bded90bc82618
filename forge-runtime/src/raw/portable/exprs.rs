//! Which naga expressions the portable subset accepts, with the message for each one it does not.

use naga::valid::FunctionInfo;
use naga::{Expression, Function, Handle, Literal, MathFunction, Span, TypeInner};

use super::check::{Checker, BACKENDS};

impl Checker<'_> {
    fn is_matrix(&self, fi: &FunctionInfo, e: Handle<Expression>) -> bool {
        matches!(fi[e].ty.inner_with(&self.module.types), TypeInner::Matrix { .. })
    }

    /// Returns whether the expression kind is supported (its type is checked only then).
    pub(super) fn check_expression(&mut self, expr: &Expression, span: Span, _f: &Function, fi: &FunctionInfo) -> bool {
        let msg: String = match expr {
            Expression::Literal(l) => match l {
                Literal::F32(_) | Literal::I32(_) | Literal::U32(_) | Literal::Bool(_) => return true,
                Literal::F16(_) => format!("f16 is not supported {BACKENDS}"),
                Literal::F64(_) => format!("f64 is not supported {BACKENDS}"),
                Literal::I64(_) | Literal::U64(_) => format!("64-bit integers are not supported {BACKENDS}"),
                Literal::I16(_) | Literal::U16(_) => format!("16-bit integers are not supported {BACKENDS}"),
                Literal::AbstractInt(_) | Literal::AbstractFloat(_) => "abstract literal left after validation".into(),
            },
            Expression::Constant(_)
            | Expression::ZeroValue(_)
            | Expression::Compose { .. }
            | Expression::Access { .. }
            | Expression::AccessIndex { .. }
            | Expression::Splat { .. }
            | Expression::Swizzle { .. }
            | Expression::FunctionArgument(_)
            | Expression::GlobalVariable(_)
            | Expression::LocalVariable(_)
            | Expression::Load { .. }
            | Expression::Select { .. }
            | Expression::CallResult(_)
            | Expression::ArrayLength(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkGroupUniformLoadResult { .. }
            | Expression::RayQueryProceedResult => return true,
            Expression::RayQueryGetIntersection { committed: true, .. } => return true,
            Expression::Override(_) => {
                "pipeline-overridable constants (`override`) are not supported; use `const` or a uniform".into()
            }
            Expression::ImageSample { .. } => format!("texture sampling is not supported {BACKENDS}"),
            Expression::ImageLoad { .. } => format!("textureLoad is not supported {BACKENDS}"),
            Expression::ImageQuery { .. } => format!("texture queries (textureDimensions, …) are not supported {BACKENDS}"),
            Expression::Derivative { .. } => {
                "derivatives (dpdx, dpdy, fwidth) exist only in fragment shaders and are not supported".into()
            }
            Expression::Unary { expr, .. } => {
                if !self.is_matrix(fi, *expr) {
                    return true;
                }
                format!("matrix arithmetic is not supported {BACKENDS}")
            }
            Expression::Binary { left, right, .. } => {
                if !self.is_matrix(fi, *left) && !self.is_matrix(fi, *right) {
                    return true;
                }
                format!("matrix arithmetic is not supported {BACKENDS}")
            }
            Expression::Relational { .. } => return true,
            Expression::Math { fun, arg, .. } => {
                if supported_math(*fun) && !self.is_matrix(fi, *arg) {
                    return true;
                }
                format!("the builtin `{}` is not supported {BACKENDS}", math_name(*fun))
            }
            Expression::As { convert, kind, .. } => match (convert, kind) {
                (Some(4) | None, naga::ScalarKind::Float | naga::ScalarKind::Sint | naga::ScalarKind::Uint) => return true,
                (Some(1), naga::ScalarKind::Bool) => return true,
                (Some(2), naga::ScalarKind::Float) | (None, _) => format!("f16 is not supported {BACKENDS}"),
                (Some(8), naga::ScalarKind::Float) => format!("f64 is not supported {BACKENDS}"),
                (Some(8), _) => format!("64-bit integers are not supported {BACKENDS}"),
                _ => format!("this conversion is not supported {BACKENDS}"),
            },
            Expression::RayQueryGetIntersection { committed: false, .. } => format!(
                "rayQueryGetCandidateIntersection is not supported {BACKENDS}: scenes hold opaque triangles, use rayQueryGetCommittedIntersection"
            ),
            Expression::RayQueryVertexPositions { .. } => {
                format!("ray-query vertex positions are not supported {BACKENDS}")
            }
            Expression::SubgroupBallotResult | Expression::SubgroupOperationResult { .. } => {
                format!("subgroup operations are not supported {BACKENDS}")
            }
            Expression::CooperativeLoad { .. } | Expression::CooperativeMultiplyAdd { .. } => {
                format!("cooperative matrix operations are not supported {BACKENDS}")
            }
        };
        self.err(span, msg);
        false
    }
}

pub(crate) fn supported_math(fun: MathFunction) -> bool {
    use MathFunction as M;
    matches!(
        fun,
        M::Abs
            | M::Min
            | M::Max
            | M::Clamp
            | M::Saturate
            | M::Cos
            | M::Cosh
            | M::Sin
            | M::Sinh
            | M::Tan
            | M::Tanh
            | M::Acos
            | M::Asin
            | M::Atan
            | M::Atan2
            | M::Asinh
            | M::Acosh
            | M::Atanh
            | M::Radians
            | M::Degrees
            | M::Ceil
            | M::Floor
            | M::Round
            | M::Fract
            | M::Trunc
            | M::Ldexp
            | M::Exp
            | M::Exp2
            | M::Log
            | M::Log2
            | M::Pow
            | M::Dot
            | M::Cross
            | M::Distance
            | M::Length
            | M::Normalize
            | M::FaceForward
            | M::Reflect
            | M::Sign
            | M::Fma
            | M::Mix
            | M::Step
            | M::SmoothStep
            | M::Sqrt
            | M::InverseSqrt
            | M::CountTrailingZeros
            | M::CountLeadingZeros
            | M::CountOneBits
            | M::ReverseBits
            | M::ExtractBits
            | M::InsertBits
            | M::FirstTrailingBit
            | M::FirstLeadingBit
    )
}

/// The WGSL name of a math builtin, for messages.
fn math_name(fun: MathFunction) -> String {
    let dbg = format!("{fun:?}");
    let mut chars = dbg.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => dbg,
    }
}
