//! CUDA-C for one emitted naga expression: component-wise code with the interpreter's
//! operations (prelude helpers for integer, conversion and math semantics).

use naga::{BinaryOperator as B, Expression, Handle, ScalarKind as K, TypeInner, UnaryOperator as U};

use super::func::{mismatch, FnGen};
use super::types::{is_buffer, scalar_c, suffix};
use crate::raw::layout::column_stride;
use crate::raw::RawError;

fn shape(inner: &TypeInner) -> Option<(K, u32)> {
    match *inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => Some((s.kind, 1)),
        TypeInner::Vector { size, scalar } => Some((scalar.kind, size as u32)),
        _ => None,
    }
}

impl<'a, 'm> FnGen<'a, 'm> {
    pub(super) fn shape_of(&self, h: Handle<Expression>) -> Result<(K, u32), RawError> {
        shape(self.ty(h)?).ok_or_else(|| RawError::Unsupported("operand that is not a scalar or vector".into()))
    }

    /// Component `i` of expression `h` (a scalar broadcasts).
    pub(super) fn comp(&self, h: Handle<Expression>, i: u32) -> Result<String, RawError> {
        let (_, n) = self.shape_of(h)?;
        Ok(if n == 1 { format!("_e{}", h.index()) } else { format!("_e{}.v[{i}]", h.index()) })
    }

    fn dst(&self, e: usize, n: u32, i: u32) -> String {
        if n == 1 {
            format!("_e{e}")
        } else {
            format!("_e{e}.v[{i}]")
        }
    }

    pub(super) fn per_comp(
        &self,
        e: usize,
        n: u32,
        f: impl Fn(u32) -> Result<String, RawError>,
    ) -> Result<String, RawError> {
        let mut s = String::new();
        for i in 0..n {
            s.push_str(&format!("{} = {}; ", self.dst(e, n, i), f(i)?));
        }
        Ok(s.trim_end().to_string())
    }

    pub(super) fn expression(&mut self, h: Handle<Expression>) -> Result<(), RawError> {
        let e = h.index();
        let expr = self.f.expressions.try_get(h).map_err(|err| RawError::Mismatch(err.to_string()))?;
        match *expr {
            Expression::Literal(_)
            | Expression::Constant(_)
            | Expression::ZeroValue(_)
            | Expression::FunctionArgument(_)
            | Expression::GlobalVariable(_)
            | Expression::LocalVariable(_)
            | Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkGroupUniformLoadResult { .. }
            | Expression::RayQueryProceedResult => {}
            Expression::Compose { ref components, .. } => {
                let mut s = String::new();
                match *self.ty(h)? {
                    TypeInner::Vector { .. } => {
                        let mut k = 0;
                        for c in components {
                            let (_, n) = self.shape_of(*c)?;
                            for i in 0..n {
                                s.push_str(&format!("_e{e}.v[{k}] = {}; ", self.comp(*c, i)?));
                                k += 1;
                            }
                        }
                    }
                    TypeInner::Matrix { .. } => {
                        for (i, c) in components.iter().enumerate() {
                            s.push_str(&format!("_e{e}.c[{i}] = _e{}; ", c.index()));
                        }
                    }
                    TypeInner::Array { .. } => {
                        for (i, c) in components.iter().enumerate() {
                            s.push_str(&format!("_e{e}.v[{i}] = _e{}; ", c.index()));
                        }
                    }
                    TypeInner::Struct { .. } => {
                        for (i, c) in components.iter().enumerate() {
                            s.push_str(&format!("_e{e}.m{i} = _e{}; ", c.index()));
                        }
                    }
                    _ => return Err(mismatch("compose type")),
                }
                self.line(s.trim_end());
            }
            Expression::Access { base, index } => {
                self.access(e, base, format!("(unsigned int)_e{}", index.index()), None)?
            }
            Expression::AccessIndex { base, index } => self.access(e, base, format!("{index}u"), Some(index))?,
            Expression::Splat { size, value } => {
                let fr_s = self.per_comp(e, size as u32, |_| Ok(format!("_e{}", value.index())))?;
                self.line(&fr_s);
            }
            Expression::Swizzle { size, vector, pattern } => {
                let fr_s = self.per_comp(e, size as u32, |i| {
                    Ok(format!("_e{}.v[{}]", vector.index(), pattern[i as usize] as u8))
                })?;
                self.line(&fr_s);
            }
            Expression::Load { pointer } => {
                let (pointee, space) = self.pointee(pointer)?;
                let p = format!("_e{}", pointer.index());
                match (pointee, is_buffer(space)) {
                    (TypeInner::Atomic(s), true) => {
                        self.line(&format!("_e{e} = fr_batomic_load_{}({p});", suffix(s.kind)))
                    }
                    (TypeInner::Atomic(s), false) => {
                        self.line(&format!("_e{e} = *(volatile {}*){p};", scalar_c(s.kind)?))
                    }
                    (inner, true) => {
                        let mut s = String::new();
                        self.t.mem_access(&inner, &format!("_e{e}"), &p, "0u", true, 0, &mut s)?;
                        self.line("{");
                        self.line(&s);
                        self.line("}");
                    }
                    (_, false) => self.line(&format!("_e{e} = *{p};")),
                }
            }
            Expression::Unary { op, expr } => {
                let (kind, n) = self.shape_of(expr)?;
                {
                    let fr_s = self.per_comp(e, n, |i| {
                        let a = self.comp(expr, i)?;
                        Ok(match (op, kind) {
                            (U::Negate, K::Float) => format!("-{a}"),
                            (U::Negate, K::Sint) => format!("fr_neg_i({a})"),
                            (U::Negate, _) => format!("0u - {a}"),
                            (U::LogicalNot, _) | (U::BitwiseNot, K::Bool) => format!("!{a}"),
                            (U::BitwiseNot, _) => format!("~{a}"),
                        })
                    })?;
                    self.line(&fr_s);
                }
            }
            Expression::Binary { op, left, right } => {
                let (kind, _) = self.shape_of(left)?;
                let (_, n) = self.shape_of(h)?;
                {
                    let fr_s =
                        self.per_comp(e, n, |i| Ok(binary(op, kind, &self.comp(left, i)?, &self.comp(right, i)?)))?;
                    self.line(&fr_s);
                }
            }
            Expression::Select { condition, accept, reject } => {
                let (c, a, r) = (condition.index(), accept.index(), reject.index());
                match self.ty(condition)? {
                    TypeInner::Vector { size, .. } => {
                        let n = *size as u32;
                        {
                            let fr_s =
                                self.per_comp(e, n, |i| Ok(format!("_e{c}.v[{i}] ? _e{a}.v[{i}] : _e{r}.v[{i}]")))?;
                            self.line(&fr_s);
                        }
                    }
                    _ => self.line(&format!("_e{e} = _e{c} ? _e{a} : _e{r};")),
                }
            }
            Expression::Relational { fun, argument } => {
                let (_, n) = self.shape_of(argument)?;
                let comps: Vec<String> = (0..n).map(|i| self.comp(argument, i)).collect::<Result<_, _>>()?;
                match fun {
                    naga::RelationalFunction::All => self.line(&format!("_e{e} = {};", comps.join(" && "))),
                    naga::RelationalFunction::Any => self.line(&format!("_e{e} = {};", comps.join(" || "))),
                    naga::RelationalFunction::IsNan => {
                        let fr_s = self.per_comp(e, n, |i| Ok(format!("{0} != {0}", comps[i as usize])))?;
                        self.line(&fr_s);
                    }
                    naga::RelationalFunction::IsInf => {
                        let fr_s = self.per_comp(e, n, |i| {
                            Ok(format!("fabsf({}) == __uint_as_float(0x7f800000u)", comps[i as usize]))
                        })?;
                        self.line(&fr_s);
                    }
                }
            }
            Expression::Math { fun, arg, arg1, arg2, arg3 } => self.math(e, fun, arg, arg1, arg2, arg3)?,
            Expression::As { expr, kind, convert } => {
                let (src, n) = self.shape_of(expr)?;
                {
                    let fr_s = self.per_comp(e, n, |i| {
                        let a = self.comp(expr, i)?;
                        Ok(match (convert, src, kind) {
                            (None, K::Float, K::Uint) => format!("__float_as_uint({a})"),
                            (None, K::Float, K::Sint) => format!("__float_as_int({a})"),
                            (None, K::Sint | K::Uint, K::Float) => {
                                format!("__uint_as_float((unsigned int){a})")
                            }
                            (_, s, t) if s == t => a,
                            (Some(_), K::Float, K::Sint) => format!("fr_f2i({a})"),
                            (Some(_), K::Float, K::Uint) => format!("fr_f2u({a})"),
                            (Some(_), K::Sint, K::Float) => format!("fr_i2f({a})"),
                            (Some(_), K::Uint, K::Float) => format!("fr_u2f({a})"),
                            (Some(_), K::Bool, K::Float) => format!("({a} ? 1.0f : 0.0f)"),
                            (Some(_), K::Float, K::Bool) => format!("({a} != 0.0f)"),
                            (Some(_), K::Sint | K::Uint, K::Bool) => format!("({a} != 0)"),
                            (_, _, t) => format!("({}){a}", scalar_c(t)?),
                        })
                    })?;
                    self.line(&fr_s);
                }
            }
            Expression::ArrayLength(p) => {
                let stride = match self.pointee(p)?.0 {
                    TypeInner::Array { stride, .. } => stride,
                    _ => return Err(mismatch("arrayLength of a non-array")),
                };
                self.line(&format!("_e{e} = fr_array_length(_e{}, {stride}u);", p.index()));
            }
            Expression::RayQueryGetIntersection { query, committed: true } => {
                let q = format!("_e{}", query.index());
                self.line(&format!("_e{e} = {}{{}};", self.c_type_of(h)?));
                self.line(&format!(
                    "_e{e}.m0 = {q}->kind; if ({q}->kind != 0u) {{ _e{e}.m1 = {q}->t; _e{e}.m6 = {q}->prim; _e{e}.m7.v[0] = {q}->u; _e{e}.m7.v[1] = {q}->v; _e{e}.m8 = {q}->front; }}"
                ));
                self.line(&format!(
                    "for (int fr_k = 0; fr_k < 3; fr_k++) {{ _e{e}.m9.c[fr_k].v[fr_k] = 1.0f; _e{e}.m10.c[fr_k].v[fr_k] = 1.0f; }}"
                ));
            }
            ref other => return Err(RawError::Unsupported(format!("expression {other:?}"))),
        }
        Ok(())
    }

    /// `Access`/`AccessIndex`: pointers advance (C pointers clamp, buffer pointers add bytes);
    /// values are indexed with the same clamp.
    fn access(&mut self, e: usize, base: Handle<Expression>, idx: String, konst: Option<u32>) -> Result<(), RawError> {
        let b = format!("_e{}", base.index());
        match self.ty(base)?.clone() {
            TypeInner::Pointer { .. } | TypeInner::ValuePointer { .. } => {
                let (pointee, space) = self.pointee(base)?;
                let buffer = is_buffer(space);
                let (stride, len, field) = match pointee {
                    TypeInner::Array { stride, size, .. } => {
                        let len = match size {
                            naga::ArraySize::Constant(n) => n.get(),
                            _ => 0,
                        };
                        (stride, len, "v")
                    }
                    TypeInner::Vector { size, .. } => (4, size as u32, "v"),
                    TypeInner::Matrix { columns, rows, .. } => (column_stride(rows), columns as u32, "c"),
                    TypeInner::Struct { ref members, .. } => {
                        let k = konst.ok_or_else(|| mismatch("dynamic struct index"))?;
                        let m = members.get(k as usize).ok_or_else(|| mismatch("member index"))?;
                        if buffer {
                            self.line(&format!("_e{e} = fr_badd({b}, {}u);", m.offset));
                        } else {
                            self.line(&format!("_e{e} = &{b}->m{k};"));
                        }
                        return Ok(());
                    }
                    _ => return Err(mismatch("indexing through this pointer")),
                };
                if buffer {
                    self.line(&format!("_e{e} = fr_bidx({b}, {idx}, {stride}u);"));
                } else {
                    self.line(&format!("_e{e} = &{b}->{field}[fr_clampi({idx}, {len}u)];"));
                }
            }
            TypeInner::Vector { size, .. } => self.line(&format!("_e{e} = {b}.v[fr_clampi({idx}, {}u)];", size as u32)),
            TypeInner::Matrix { columns, .. } => {
                self.line(&format!("_e{e} = {b}.c[fr_clampi({idx}, {}u)];", columns as u32))
            }
            TypeInner::Array { size: naga::ArraySize::Constant(n), .. } => {
                self.line(&format!("_e{e} = {b}.v[fr_clampi({idx}, {}u)];", n.get()))
            }
            TypeInner::Struct { .. } => {
                let k = konst.ok_or_else(|| mismatch("dynamic struct index"))?;
                self.line(&format!("_e{e} = {b}.m{k};"));
            }
            ref other => return Err(RawError::Unsupported(format!("indexing {other:?}"))),
        }
        Ok(())
    }
}

fn binary(op: B, kind: K, a: &str, b: &str) -> String {
    let f = kind == K::Float;
    let i = kind == K::Sint;
    let bl = kind == K::Bool;
    match op {
        B::Add if f => format!("__fadd_rn({a}, {b})"),
        B::Subtract if f => format!("__fsub_rn({a}, {b})"),
        B::Multiply if f => format!("__fmul_rn({a}, {b})"),
        B::Divide if f => format!("__fdiv_rn({a}, {b})"),
        B::Modulo if f => format!("fmodf({a}, {b})"),
        B::Add if i => format!("fr_add_i({a}, {b})"),
        B::Subtract if i => format!("fr_sub_i({a}, {b})"),
        B::Multiply if i => format!("fr_mul_i({a}, {b})"),
        B::Divide if i => format!("fr_div_i({a}, {b})"),
        B::Modulo if i => format!("fr_mod_i({a}, {b})"),
        B::Add => format!("{a} + {b}"),
        B::Subtract => format!("{a} - {b}"),
        B::Multiply => format!("{a} * {b}"),
        B::Divide => format!("fr_div_u({a}, {b})"),
        B::Modulo => format!("fr_mod_u({a}, {b})"),
        B::Equal => format!("{a} == {b}"),
        B::NotEqual => format!("{a} != {b}"),
        B::Less => format!("{a} < {b}"),
        B::LessEqual => format!("{a} <= {b}"),
        B::Greater => format!("{a} > {b}"),
        B::GreaterEqual => format!("{a} >= {b}"),
        B::And if bl => format!("{a} && {b}"),
        B::InclusiveOr if bl => format!("{a} || {b}"),
        B::ExclusiveOr if bl => format!("{a} != {b}"),
        B::And => format!("{a} & {b}"),
        B::InclusiveOr => format!("{a} | {b}"),
        B::ExclusiveOr => format!("{a} ^ {b}"),
        B::LogicalAnd => format!("{a} && {b}"),
        B::LogicalOr => format!("{a} || {b}"),
        B::ShiftLeft if i => format!("fr_shl_i({a}, {b})"),
        B::ShiftLeft => format!("fr_shl_u({a}, {b})"),
        B::ShiftRight if i => format!("fr_shr_i({a}, {b})"),
        B::ShiftRight => format!("fr_shr_u({a}, {b})"),
    }
}
