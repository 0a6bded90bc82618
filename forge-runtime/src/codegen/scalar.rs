//! Kernel expressions as text: one printer for both dialects. Integer arithmetic wraps (CUDA
//! goes through `u32`, where C++ defines wrapping), division, remainder and conversions call the prelude's
//! helpers, gathers clamp every coordinate to its axis.

use super::{Dialect, Writer};
use crate::elem::{Elem, Ty};
use crate::ir::{BinaryOp, Coord, CoordValue, SExpr, UnaryOp};

impl Writer<'_> {
    /// `e` at the point whose index variables are `vars` (index-typed), `flat` the point's
    /// row-major flat index when the caller has it, `acc` the name of the op's value (and
    /// `{acc}2` that of a paired product's second value).
    pub fn expr(&self, e: &SExpr, vars: &[String], flat: Option<&str>, acc: &str) -> String {
        let sub = |x: &SExpr| self.expr(x, vars, flat, acc);
        let cuda = self.d == Dialect::Cuda;
        match e {
            SExpr::Load { arg, strides, .. } => self.load(*arg, &self.offset(strides, vars, flat)),
            SExpr::Uniform { field, ty } => match (self.d, ty) {
                (Dialect::Wgsl, _) => format!("u.f{field}"),
                (Dialect::Cuda, Ty::F32) => format!("__uint_as_float(u[{field}])"),
                (Dialect::Cuda, Ty::I32) => format!("i32(u[{field}])"),
                (Dialect::Cuda, _) => format!("u[{field}]"),
            },
            SExpr::Const(c) => self.lit(*c),
            SExpr::Var(d) => format!("i32({})", vars.get(*d).map(String::as_str).unwrap_or("0u")),
            SExpr::Acc(_) => acc.to_string(),
            // A paired product's second value is named after the first (`acc`, `acc2`).
            SExpr::Acc2 => format!("{acc}2"),
            SExpr::Unary { op, arg } => {
                let x = sub(arg);
                let ty = arg.ty();
                match op {
                    UnaryOp::Neg if ty == Ty::I32 && cuda => format!("i32(0u - u32({x}))"),
                    UnaryOp::Neg => format!("(-{x})"),
                    UnaryOp::Not => format!("(!{x})"),
                    UnaryOp::Exp => self.exp(&x),
                    UnaryOp::Log => self.math("log", "logf", &x),
                    UnaryOp::Sqrt => self.math("sqrt", "sqrtf", &x),
                    UnaryOp::Rsqrt => self.rsqrt(&x),
                    UnaryOp::Tanh => format!("forge_tanh({x})"),
                    UnaryOp::Sigmoid => format!("forge_sigmoid({x})"),
                    UnaryOp::Silu => format!("forge_silu({x})"),
                    UnaryOp::Gelu => format!("forge_gelu({x})"),
                    UnaryOp::GeluTanh => format!("forge_gelu_tanh({x})"),
                    UnaryOp::Erf => format!("forge_erf({x})"),
                    UnaryOp::Sin => format!("forge_sin({x})"),
                    UnaryOp::Cos => format!("forge_cos({x})"),
                    UnaryOp::Relu => match ty {
                        Ty::F32 => format!("forge_fmax({x}, 0.0f)"),
                        Ty::I32 => format!("max({x}, {})", self.lit(crate::graph::checked::Const::I32(0))),
                        Ty::U32 | Ty::Bool => x,
                    },
                    UnaryOp::Abs => match (ty, cuda) {
                        (Ty::F32, false) => format!("abs({x})"),
                        (Ty::F32, true) => format!("fabsf({x})"),
                        (Ty::I32, false) => format!("abs({x})"),
                        (Ty::I32, true) => format!("i32(({x}) < 0 ? 0u - u32({x}) : u32({x}))"),
                        (Ty::U32 | Ty::Bool, _) => x,
                    },
                    UnaryOp::Floor => self.math("floor", "floorf", &x),
                }
            }
            SExpr::Binary { op, lhs, rhs } => self.binary_text(*op, lhs.ty(), &sub(lhs), &sub(rhs), plain_divisor(rhs)),
            SExpr::Select { cond, on_true, on_false } => {
                format!("select({}, {}, {})", sub(on_false), sub(on_true), sub(cond))
            }
            SExpr::Cast { arg, to } => self.cast(&sub(arg), arg.ty(), *to),
            SExpr::Gather { arg, coords, .. } => {
                let terms: Vec<String> = coords.iter().map(|c| self.coord(c, vars, flat, acc)).collect();
                let index = if terms.is_empty() { self.u(0) } else { terms.join(" + ") };
                self.load(*arg, &index)
            }
        }
    }

    /// `a op b` for operands of type `ty` (a reduction's combine among them).
    pub fn binary(&self, op: BinaryOp, ty: Ty, a: &str, b: &str) -> String {
        self.binary_text(op, ty, a, b, false)
    }

    /// [`Writer::binary`]; `plain_rhs` when `b` is a constant divisor that needs no guard
    /// (see [`plain_divisor`]).
    fn binary_text(&self, op: BinaryOp, ty: Ty, a: &str, b: &str, plain_rhs: bool) -> String {
        let cuda = self.d == Dialect::Cuda;
        if let (Ty::F32, Some(f)) = (ty, float_comparison(op)) {
            return format!("{f}({a}, {b})");
        }
        let sym = match op {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => match ty {
                Ty::I32 => return format!("forge_div_i32({a}, {b})"),
                Ty::U32 => return format!("forge_div_u32({a}, {b})"),
                Ty::F32 | Ty::Bool => "/",
            },
            BinaryOp::Rem => match ty {
                // A literal divisor other than 0 and -1 needs no guard: both dialects'
                // own `%` truncates.
                Ty::I32 | Ty::U32 if plain_rhs => "%",
                Ty::I32 => return format!("forge_rem_i32({a}, {b})"),
                Ty::U32 => return format!("forge_rem_u32({a}, {b})"),
                // The checker admits integers only; a float is spelled as each dialect would.
                Ty::F32 if cuda => return format!("fmodf({a}, {b})"),
                Ty::F32 | Ty::Bool => "%",
            },
            BinaryOp::Min | BinaryOp::Max => {
                let max = op == BinaryOp::Max;
                return match ty {
                    Ty::F32 => format!("{}({a}, {b})", if max { "forge_fmax" } else { "forge_fmin" }),
                    Ty::I32 | Ty::U32 | Ty::Bool => format!("{}({a}, {b})", if max { "max" } else { "min" }),
                };
            }
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
        };
        if cuda && ty == Ty::I32 && matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) {
            return format!("i32(u32({a}) {sym} u32({b}))");
        }
        format!("({a} {sym} {b})")
    }

    fn math(&self, wgsl: &str, cuda: &str, x: &str) -> String {
        match self.d {
            Dialect::Wgsl => format!("{wgsl}({x})"),
            Dialect::Cuda => format!("{cuda}({x})"),
        }
    }

    /// Conversion of `x` (of type `from`) to element `to`.
    pub fn cast(&self, x: &str, from: Ty, to: Elem) -> String {
        let as_f32 = |x: &str| if from == Ty::F32 { x.to_string() } else { format!("f32({x})") };
        match to {
            // No cast names a block format (the checker rejects it): the value stays f32.
            Elem::F32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => as_f32(x),
            Elem::F16 => format!("forge_h_round({})", as_f32(x)),
            Elem::BF16 => format!("forge_bf_round({})", as_f32(x)),
            Elem::I32 => match from {
                Ty::F32 => format!("forge_f2i({x})"),
                Ty::I32 => x.to_string(),
                Ty::U32 | Ty::Bool => format!("i32({x})"),
            },
            Elem::U32 => match from {
                Ty::F32 => format!("forge_f2u({x})"),
                Ty::U32 => x.to_string(),
                Ty::I32 | Ty::Bool => format!("u32({x})"),
            },
        }
    }

    /// One clamped gather coordinate times its stride.
    fn coord(&self, c: &Coord, vars: &[String], flat: Option<&str>, acc: &str) -> String {
        let max = c.extent.saturating_sub(1);
        let i32_lit =
            |v: i64| self.lit(crate::graph::checked::Const::I32(v.clamp(i32::MIN as i64, i32::MAX as i64) as i32));
        let coord = match &c.value {
            CoordValue::Var { var, offset } => {
                let v = vars.get(*var).map(String::as_str).unwrap_or("0u");
                if *offset == 0 {
                    format!("min(u32({v}), {max}u)")
                } else {
                    format!("u32(clamp(i32({v}) + {}, {}, {}))", i32_lit(*offset), i32_lit(0), i32_lit(max as i64))
                }
            }
            CoordValue::Expr(e) => {
                let x = self.expr(e, vars, flat, acc);
                match e.ty() {
                    Ty::I32 => format!("u32(clamp({x}, {}, {}))", i32_lit(0), i32_lit(max as i64)),
                    Ty::U32 | Ty::F32 | Ty::Bool => format!("min({x}, {max}u)"),
                }
            }
        };
        let coord = self.idx(&coord);
        if c.stride == 1 {
            coord
        } else {
            format!("{coord} * {}", self.u(c.stride as u64))
        }
    }

    /// Offset of a load: the flat index when the strides are the space's own, else the dot
    /// product of index variables and strides.
    pub fn offset(&self, strides: &[usize], vars: &[String], flat: Option<&str>) -> String {
        if strides.iter().all(|&s| s == 0) {
            return self.u(0);
        }
        if let Some(f) = flat {
            if self.own_strides.as_deref() == Some(strides) {
                return f.to_string();
            }
        }
        let terms: Vec<String> = strides
            .iter()
            .zip(vars)
            .filter(|(&s, _)| s != 0)
            .map(|(&s, v)| if s == 1 { v.clone() } else { format!("{v} * {}", self.u(s as u64)) })
            .collect();
        terms.join(" + ")
    }
}

/// The prelude's comparison of floats for `op` (NaN tested on the bits); `None` for the
/// operators that are not comparisons.
fn float_comparison(op: BinaryOp) -> Option<&'static str> {
    match op {
        BinaryOp::Lt => Some("forge_flt"),
        BinaryOp::Le => Some("forge_fle"),
        BinaryOp::Gt => Some("forge_fgt"),
        BinaryOp::Ge => Some("forge_fge"),
        BinaryOp::Eq => Some("forge_feq"),
        BinaryOp::Ne => Some("forge_fne"),
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Rem
        | BinaryOp::Min
        | BinaryOp::Max
        | BinaryOp::And
        | BinaryOp::Or => None,
    }
}

/// Whether `%` by `rhs` is the same in every dialect without the prelude's guard: a constant
/// that is neither 0 nor -1.
fn plain_divisor(rhs: &SExpr) -> bool {
    use crate::graph::checked::Const;
    match rhs {
        SExpr::Const(Const::I32(c)) => *c != 0 && *c != -1,
        SExpr::Const(Const::U32(c)) => *c != 0,
        SExpr::Const(Const::F32(_) | Const::Bool(_))
        | SExpr::Load { .. }
        | SExpr::Uniform { .. }
        | SExpr::Var(_)
        | SExpr::Acc(_)
        | SExpr::Acc2
        | SExpr::Unary { .. }
        | SExpr::Binary { .. }
        | SExpr::Select { .. }
        | SExpr::Cast { .. }
        | SExpr::Gather { .. } => false,
    }
}
