//! Scalar expressions ([`SExpr`]) to PTX, with the CPU interpreter's semantics: integer ops
//! wrap, integer `x / 0 == x`, float-to-int casts saturate (NaN to 0), bools live in predicates.

use super::emit::{f32_hex, Emitter, Val};
use crate::elem::Ty;
use crate::error::{Error, Result};
use crate::ir::{BinaryOp, SExpr, UnaryOp};

const LOG2_E: f32 = std::f32::consts::LOG2_E;
const LN_2: f32 = std::f32::consts::LN_2;

impl Emitter<'_> {
    /// Evaluates `e` at the multi-index `idx` (index registers); `acc` is the f32 `Acc` register.
    pub fn expr(&mut self, e: &SExpr, idx: &[String], acc: Option<&str>) -> Result<Val> {
        match e {
            SExpr::Load { arg, strides, ty } => {
                if strides.len() != idx.len() {
                    return Err(Error::Internal(format!(
                        "{}: load of arg {arg} has {} strides in a space of rank {}",
                        self.spec.entry,
                        strides.len(),
                        idx.len()
                    )));
                }
                let mut off = self.idx_const(0);
                for (i, &s) in idx.iter().zip(strides) {
                    if s != 0 {
                        off = self.idx_mad_const(i, s as u64, &off);
                    }
                }
                let v = self.load_elem(*arg, &off)?;
                Ok(self.stored_as(v, *ty))
            }
            SExpr::Uniform { field, ty } => {
                let base = self.uniform_base.clone().ok_or_else(|| {
                    Error::Internal(format!("{}: reads a uniform but uses_uniforms is false", self.spec.entry))
                })?;
                let byte = 4 * field;
                let v = if *ty == Ty::F32 {
                    let f = self.f32();
                    self.op(format!("ld.global.f32 {f}, [{base}+{byte}]"));
                    Val::new(Ty::F32, f)
                } else {
                    let r = self.b32();
                    self.op(format!("ld.global.b32 {r}, [{base}+{byte}]"));
                    Val::new(if *ty == Ty::I32 { Ty::I32 } else { Ty::U32 }, r)
                };
                Ok(self.stored_as(v, *ty))
            }
            SExpr::Const { value, ty } => Ok(self.constant(*value, *ty)),
            SExpr::Acc => {
                let acc =
                    acc.ok_or_else(|| Error::Internal(format!("{}: Acc outside an epilogue", self.spec.entry)))?;
                Ok(Val::new(Ty::F32, acc.to_string()))
            }
            SExpr::Unary { op, arg } => {
                let v = self.expr(arg, idx, acc)?;
                self.unary(*op, v)
            }
            SExpr::Binary { op, lhs, rhs } => {
                let (a, b) = (self.expr(lhs, idx, acc)?, self.expr(rhs, idx, acc)?);
                self.binary(*op, a, b)
            }
            SExpr::Select { cond, on_true, on_false } => {
                let c = self.expr(cond, idx, acc)?;
                let c = self.as_bool(c);
                let t = self.expr(on_true, idx, acc)?;
                let f = self.expr(on_false, idx, acc)?;
                let f = self.cast(f, t.ty);
                let d = self.reg_for(t.ty);
                match t.ty {
                    Ty::F32 => self.op(format!("selp.f32 {d}, {}, {}, {}", t.reg, f.reg, c.reg)),
                    Ty::Bool => {
                        let (x, y) = (self.pred(), self.pred());
                        self.op(format!("and.pred {x}, {}, {}", c.reg, t.reg));
                        self.op(format!("not.pred {y}, {}", c.reg));
                        self.op(format!("and.pred {y}, {y}, {}", f.reg));
                        self.op(format!("or.pred {d}, {x}, {y}"));
                    }
                    _ => self.op(format!("selp.b32 {d}, {}, {}, {}", t.reg, f.reg, c.reg)),
                }
                Ok(Val::new(t.ty, d))
            }
            SExpr::Cast { arg, ty } => {
                let v = self.expr(arg, idx, acc)?;
                Ok(self.cast(v, *ty))
            }
            SExpr::Gather { arg, terms, ty } => {
                // Clamp-to-edge: each coordinate is clamp(idx[var] + offset, 0, extent - 1),
                // computed signed (indices stay below 2^31, or 2^63 in wide mode).
                let s = if self.wide { "s64" } else { "s32" };
                let mut off = self.idx_const(0);
                for t in terms {
                    let i = match idx.get(t.var) {
                        Some(i) => i.clone(),
                        None => self.idx_const(0),
                    };
                    let c = self.idx();
                    self.op(format!("add.{s} {c}, {i}, {}", t.offset));
                    self.op(format!("max.{s} {c}, {c}, 0"));
                    self.op(format!("min.{s} {c}, {c}, {}", t.extent.saturating_sub(1)));
                    off = self.idx_mad_const(&c, t.stride as u64, &off);
                }
                let v = self.load_elem(*arg, &off)?;
                Ok(self.stored_as(v, *ty))
            }
        }
    }

    /// Copies `src` into the existing register `dst` of the same type.
    pub fn mov(&mut self, dst: &Val, src: &Val) {
        let t = match dst.ty {
            Ty::F32 => "f32",
            Ty::Bool => "pred",
            _ => "b32",
        };
        self.op(format!("mov.{t} {}, {}", dst.reg, src.reg));
    }

    /// A constant as the CPU's `Value::stored_as(value, ty)` reads it.
    pub fn constant(&mut self, value: f64, ty: Ty) -> Val {
        let d = self.reg_for(ty);
        match ty {
            Ty::F32 => self.op(format!("mov.f32 {d}, {}", f32_hex(value as f32))),
            Ty::I32 => self.op(format!("mov.b32 {d}, {}", value as i32)),
            Ty::U32 => self.op(format!("mov.b32 {d}, {}", value as u32)),
            Ty::Bool => {
                let r = self.b32();
                self.op(format!("mov.b32 {r}, {}", u32::from(value != 0.0)));
                self.op(format!("setp.ne.u32 {d}, {r}, 0"));
            }
        }
        Val::new(ty, d)
    }

    /// A loaded value read as `ty` the way the CPU's `from_stored` does (numeric, saturating).
    fn stored_as(&mut self, v: Val, ty: Ty) -> Val {
        match (v.ty, ty) {
            (a, b) if a == b => v,
            (Ty::I32, Ty::U32) => {
                let d = self.b32();
                self.op(format!("max.s32 {d}, {}, 0", v.reg));
                Val::new(Ty::U32, d)
            }
            (Ty::U32, Ty::I32) => {
                let d = self.b32();
                self.op(format!("min.u32 {d}, {}, 2147483647", v.reg));
                Val::new(Ty::I32, d)
            }
            _ => self.cast(v, ty),
        }
    }

    /// The CPU's `as_f64` then f32: ints convert, bools become 0 or 1.
    pub fn as_f32(&mut self, v: Val) -> Val {
        let d = self.f32();
        match v.ty {
            Ty::F32 => return v,
            Ty::I32 => self.op(format!("cvt.rn.f32.s32 {d}, {}", v.reg)),
            Ty::U32 => self.op(format!("cvt.rn.f32.u32 {d}, {}", v.reg)),
            Ty::Bool => self.op(format!("selp.f32 {d}, 0f3F800000, 0f00000000, {}", v.reg)),
        }
        Val::new(Ty::F32, d)
    }

    /// `v != 0` (NaN counts as true, like Rust's `!=`).
    pub fn as_bool(&mut self, v: Val) -> Val {
        let d = self.pred();
        match v.ty {
            Ty::Bool => return v,
            Ty::F32 => self.op(format!("setp.neu.f32 {d}, {}, 0f00000000", v.reg)),
            _ => self.op(format!("setp.ne.b32 {d}, {}, 0", v.reg)),
        }
        Val::new(Ty::Bool, d)
    }

    /// `Value::cast`: bit casts between i32 and u32, saturating truncation from float.
    pub fn cast(&mut self, v: Val, ty: Ty) -> Val {
        if v.ty == ty {
            return v;
        }
        match (v.ty, ty) {
            (_, Ty::Bool) => self.as_bool(v),
            (_, Ty::F32) => self.as_f32(v),
            (Ty::I32 | Ty::U32, _) => Val::new(ty, v.reg),
            (Ty::F32, _) => {
                let d = self.b32();
                let s = if ty == Ty::I32 { "s32" } else { "u32" };
                self.op(format!("cvt.rzi.{s}.f32 {d}, {}", v.reg));
                Val::new(ty, d)
            }
            (Ty::Bool, _) => {
                let d = self.b32();
                self.op(format!("selp.b32 {d}, 1, 0, {}", v.reg));
                Val::new(ty, d)
            }
        }
    }

    fn fop(&mut self, text: &str, a: &str) -> String {
        let d = self.f32();
        self.op(format!("{text} {d}, {a}"));
        d
    }
    fn fop2(&mut self, text: &str, a: &str, b: &str) -> String {
        let d = self.f32();
        self.op(format!("{text} {d}, {a}, {b}"));
        d
    }
    /// `exp(x)` as `2^(x log2 e)`.
    pub fn exp(&mut self, x: &str) -> String {
        let t = self.fop2("mul.rn.f32", x, &f32_hex(LOG2_E));
        self.fop("ex2.approx.f32", &t)
    }
    /// `1 - 2 / (exp(2x) + 1)`, finite for every finite input.
    fn tanh(&mut self, x: &str) -> String {
        let two_x = self.fop2("add.rn.f32", x, x);
        let e = self.exp(&two_x);
        let d = self.fop2("add.rn.f32", &e, "0f3F800000");
        let q = self.fop2("div.rn.f32", "0f40000000", &d);
        self.fop2("sub.rn.f32", "0f3F800000", &q)
    }

    fn unary(&mut self, op: UnaryOp, v: Val) -> Result<Val> {
        let int = matches!(v.ty, Ty::I32 | Ty::U32);
        match op {
            UnaryOp::Not => {
                let b = self.as_bool(v);
                let d = self.pred();
                self.op(format!("not.pred {d}, {}", b.reg));
                return Ok(Val::new(Ty::Bool, d));
            }
            UnaryOp::Neg if int => {
                let d = self.b32();
                self.op(format!("neg.s32 {d}, {}", v.reg));
                return Ok(Val::new(v.ty, d));
            }
            UnaryOp::Abs | UnaryOp::Relu if v.ty == Ty::U32 => return Ok(v),
            UnaryOp::Abs if int => {
                let d = self.b32();
                self.op(format!("abs.s32 {d}, {}", v.reg));
                return Ok(Val::new(v.ty, d));
            }
            UnaryOp::Relu if int => {
                let d = self.b32();
                self.op(format!("max.s32 {d}, {}, 0", v.reg));
                return Ok(Val::new(v.ty, d));
            }
            _ => {}
        }
        let x = self.as_f32(v).reg;
        let r = match op {
            UnaryOp::Neg => self.fop("neg.f32", &x),
            UnaryOp::Exp => self.exp(&x),
            UnaryOp::Log => {
                let l = self.fop("lg2.approx.f32", &x);
                self.fop2("mul.rn.f32", &l, &f32_hex(LN_2))
            }
            UnaryOp::Sqrt => self.fop("sqrt.rn.f32", &x),
            UnaryOp::Rsqrt => {
                let s = self.fop("sqrt.rn.f32", &x);
                self.fop("rcp.rn.f32", &s)
            }
            UnaryOp::Tanh => self.tanh(&x),
            UnaryOp::Sigmoid | UnaryOp::Silu => {
                let n = self.fop("neg.f32", &x);
                let e = self.exp(&n);
                let d = self.fop2("add.rn.f32", &e, "0f3F800000");
                if op == UnaryOp::Sigmoid {
                    self.fop("rcp.rn.f32", &d)
                } else {
                    self.fop2("div.rn.f32", &x, &d)
                }
            }
            UnaryOp::Gelu => {
                let x2 = self.fop2("mul.rn.f32", &x, &x);
                let x3 = self.fop2("mul.rn.f32", &x2, &x);
                let c = self.fop2("mul.rn.f32", &x3, &f32_hex(0.044715));
                let s = self.fop2("add.rn.f32", &x, &c);
                let u = self.fop2("mul.rn.f32", &s, &f32_hex(0.797_884_6));
                let t = self.tanh(&u);
                let one_t = self.fop2("add.rn.f32", &t, "0f3F800000");
                let half_x = self.fop2("mul.rn.f32", &x, "0f3F000000");
                self.fop2("mul.rn.f32", &half_x, &one_t)
            }
            UnaryOp::Relu => self.fop2("max.f32", &x, "0f00000000"),
            UnaryOp::Abs => self.fop("abs.f32", &x),
            UnaryOp::Not => return Err(Error::Internal("not handled above".into())),
        };
        Ok(Val::new(Ty::F32, r))
    }

    pub fn binary(&mut self, op: BinaryOp, a: Val, b: Val) -> Result<Val> {
        use BinaryOp::*;
        match (a.ty, b.ty) {
            (Ty::I32, Ty::I32) | (Ty::U32, Ty::U32) => {
                let s = if a.ty == Ty::I32 { "s32" } else { "u32" };
                // And/Or on ints compare like `!=`, as the CPU's `compare` fallback does.
                if op.is_comparison() || matches!(op, And | Or) {
                    let d = self.pred();
                    self.op(format!("setp.{}.{s} {d}, {}, {}", cmp_name(op, false), a.reg, b.reg));
                    return Ok(Val::new(Ty::Bool, d));
                }
                let d = self.b32();
                match op {
                    Add | Sub => {
                        self.op(format!("{}.{s} {d}, {}, {}", if op == Add { "add" } else { "sub" }, a.reg, b.reg))
                    }
                    Mul => self.op(format!("mul.lo.{s} {d}, {}, {}", a.reg, b.reg)),
                    Min | Max => {
                        self.op(format!("{}.{s} {d}, {}, {}", if op == Min { "min" } else { "max" }, a.reg, b.reg))
                    }
                    Div => {
                        // x / 0 == x: divide by 1 instead, then pick the dividend.
                        let (z, one, q) = (self.pred(), self.b32(), self.b32());
                        self.op(format!("setp.eq.b32 {z}, {}, 0", b.reg));
                        self.op(format!("selp.b32 {one}, 1, {}, {z}", b.reg));
                        self.op(format!("div.{s} {q}, {}, {one}", a.reg));
                        self.op(format!("selp.b32 {d}, {}, {q}, {z}", a.reg));
                    }
                    _ => return Err(Error::Internal(format!("{op:?} on integers"))),
                }
                Ok(Val::new(a.ty, d))
            }
            (Ty::Bool, Ty::Bool) => {
                let d = self.pred();
                match op {
                    And => self.op(format!("and.pred {d}, {}, {}", a.reg, b.reg)),
                    Or => self.op(format!("or.pred {d}, {}, {}", a.reg, b.reg)),
                    Eq => {
                        let x = self.pred();
                        self.op(format!("xor.pred {x}, {}, {}", a.reg, b.reg));
                        self.op(format!("not.pred {d}, {x}"));
                    }
                    _ => self.op(format!("xor.pred {d}, {}, {}", a.reg, b.reg)),
                }
                Ok(Val::new(Ty::Bool, d))
            }
            _ => {
                let (x, y) = (self.as_f32(a).reg, self.as_f32(b).reg);
                if op.is_comparison() {
                    let d = self.pred();
                    self.op(format!("setp.{}.f32 {d}, {x}, {y}", cmp_name(op, true)));
                    return Ok(Val::new(Ty::Bool, d));
                }
                let text = match op {
                    Add => "add.rn.f32",
                    Sub => "sub.rn.f32",
                    Mul => "mul.rn.f32",
                    Div => "div.rn.f32",
                    Min => "min.f32",
                    Max => "max.f32",
                    _ => return Ok(self.constant(0.0, Ty::Bool)),
                };
                Ok(Val::new(Ty::F32, self.fop2(text, &x, &y)))
            }
        }
    }
}

/// The `setp` comparison; float `!=` is unordered (true on NaN) like Rust's.
fn cmp_name(op: BinaryOp, float: bool) -> &'static str {
    match op {
        BinaryOp::Lt => "lt",
        BinaryOp::Le => "le",
        BinaryOp::Gt => "gt",
        BinaryOp::Ge => "ge",
        BinaryOp::Eq => "eq",
        _ if float => "neu",
        _ => "ne",
    }
}
