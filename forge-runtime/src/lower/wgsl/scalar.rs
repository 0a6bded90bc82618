//! WGSL for scalar expressions: literals, loads through strides, operators, stores.

use super::Emitter;
use crate::elem::{Elem, Ty};
use crate::ir::{BinaryOp, SExpr, UnaryOp};

pub(super) fn float_lit(v: f64) -> String {
    let f = v as f32;
    if f.is_finite() {
        format!("{f:?}f")
    } else {
        format!("bitcast<f32>({}u)", f.to_bits())
    }
}

fn const_lit(value: f64, ty: Ty) -> String {
    match ty {
        Ty::F32 => float_lit(value),
        Ty::I32 => {
            let v = value as i64 as i32;
            if v == i32::MIN {
                "(-2147483647i - 1i)".into()
            } else {
                format!("{v}i")
            }
        }
        Ty::U32 => format!("{}u", value as i64 as u32),
        Ty::Bool => (value != 0.0).to_string(),
    }
}

impl Emitter<'_> {
    /// `vars[d]` is the WGSL expression of index d of the space; `flat` its row-major flat index.
    pub(super) fn expr(&self, e: &SExpr, vars: &[String], flat: &str) -> String {
        match e {
            SExpr::Load { arg, strides, .. } => {
                let a = &self.spec.args[*arg];
                let off = offset(strides, vars, flat);
                let load = format!("a{arg}[{off}]");
                if a.elem == Elem::F16 {
                    format!("f32({load})")
                } else {
                    load
                }
            }
            SExpr::Uniform { field, .. } => format!("u.f{field}"),
            SExpr::Const { value, ty } => const_lit(*value, *ty),
            SExpr::Acc => "acc".into(),
            SExpr::Unary { op, arg } => {
                let x = self.expr(arg, vars, flat);
                let ty = arg.ty();
                match op {
                    UnaryOp::Neg => format!("(-{x})"),
                    UnaryOp::Not => format!("(!{x})"),
                    UnaryOp::Exp => format!("exp({x})"),
                    UnaryOp::Log => format!("log({x})"),
                    UnaryOp::Sqrt => format!("sqrt({x})"),
                    UnaryOp::Rsqrt => format!("inverseSqrt({x})"),
                    UnaryOp::Tanh => format!("forge_tanh({x})"),
                    UnaryOp::Sigmoid => format!("forge_sigmoid({x})"),
                    UnaryOp::Silu => format!("forge_silu({x})"),
                    UnaryOp::Gelu => format!("forge_gelu({x})"),
                    UnaryOp::Relu if ty == Ty::U32 => x,
                    UnaryOp::Relu => format!("max({x}, {})", const_lit(0.0, ty)),
                    UnaryOp::Abs if ty == Ty::U32 => x,
                    UnaryOp::Abs => format!("abs({x})"),
                }
            }
            SExpr::Binary { op, lhs, rhs } => {
                let (a, b) = (self.expr(lhs, vars, flat), self.expr(rhs, vars, flat));
                let sym = match op {
                    BinaryOp::Add => "+",
                    BinaryOp::Sub => "-",
                    BinaryOp::Mul => "*",
                    BinaryOp::Div => match lhs.ty() {
                        Ty::I32 => return format!("forge_div_i32({a}, {b})"),
                        Ty::U32 => return format!("forge_div_u32({a}, {b})"),
                        _ => "/",
                    },
                    BinaryOp::Min => return format!("min({a}, {b})"),
                    BinaryOp::Max => return format!("max({a}, {b})"),
                    BinaryOp::Lt => "<",
                    BinaryOp::Le => "<=",
                    BinaryOp::Gt => ">",
                    BinaryOp::Ge => ">=",
                    BinaryOp::Eq => "==",
                    BinaryOp::Ne => "!=",
                    BinaryOp::And => "&&",
                    BinaryOp::Or => "||",
                };
                format!("({a} {sym} {b})")
            }
            SExpr::Select { cond, on_true, on_false } => format!(
                "select({}, {}, {})",
                self.expr(on_false, vars, flat),
                self.expr(on_true, vars, flat),
                self.expr(cond, vars, flat)
            ),
            SExpr::Cast { arg, ty } => format!("{}({})", ty.name(), self.expr(arg, vars, flat)),
            SExpr::Gather { arg, terms, .. } => {
                let off: Vec<String> = terms
                    .iter()
                    .map(|t| {
                        let v = vars.get(t.var).cloned().unwrap_or_else(|| "0u".into());
                        let coord = if t.offset == 0 {
                            v
                        } else {
                            format!("u32(clamp(i32({v}) + ({}i), 0i, {}i))", t.offset, t.extent.saturating_sub(1))
                        };
                        if t.stride == 1 {
                            coord
                        } else {
                            format!("{coord} * {}u", t.stride)
                        }
                    })
                    .collect();
                let off = if off.is_empty() { "0u".to_string() } else { off.join(" + ") };
                let load = format!("a{arg}[{off}]");
                if self.spec.args[*arg].elem == Elem::F16 {
                    format!("f32({load})")
                } else {
                    load
                }
            }
        }
    }

    pub(super) fn store(&self, out: usize, index: &str, value: String) -> String {
        match self.spec.args[out].elem {
            Elem::F16 => format!("a{out}[{index}] = f16({value});"),
            _ => format!("a{out}[{index}] = {value};"),
        }
    }
}

/// Offset of a load: the flat index when the strides are the space's own, else the dot product.
fn offset(strides: &[usize], vars: &[String], flat: &str) -> String {
    if strides.is_empty() || strides.iter().all(|&s| s == 0) {
        return "0u".into();
    }
    let terms: Vec<String> = strides
        .iter()
        .zip(vars)
        .filter(|(&s, _)| s != 0)
        .map(|(&s, v)| if s == 1 { v.clone() } else { format!("{v} * {s}u") })
        .collect();
    if vars.len() == strides.len() && is_contiguous_for(strides) && !flat.is_empty() && terms.len() == strides.len() {
        // A full-rank contiguous read of the space itself.
        return flat.to_string();
    }
    terms.join(" + ")
}

/// Whether full-rank, all-nonzero strides can be the space's own row-major strides. Loads
/// that broadcast have a zero stride and never get here, so a full-rank read whose strides
/// fall from left to right down to 1 is the space's own layout and reads at the flat index.
fn is_contiguous_for(strides: &[usize]) -> bool {
    strides.last() == Some(&1) && strides.windows(2).all(|w| w[0] >= w[1])
}
