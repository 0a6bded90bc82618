//! Lowers one emitted naga expression to interpreter instructions (operand kinds resolved here,
//! so the executor never looks at types).

use naga::{BinaryOperator as B, Expression, Handle, ScalarKind as K, TypeInner, UnaryOperator as U};

use super::compile::{unsupported, Builder, FnCx};
use super::ops::{BinOp, CvtOp, MathOp, UnOp};
use super::program::{Instr, VecOp};
use crate::raw::layout::column_stride;
use crate::raw::RawError;

/// Scalar kind and component count of a scalar or vector type.
fn shape(inner: &TypeInner) -> Option<(K, u32)> {
    match *inner {
        TypeInner::Scalar(s) => Some((s.kind, 1)),
        TypeInner::Vector { size, scalar } => Some((scalar.kind, size as u32)),
        TypeInner::Atomic(s) => Some((s.kind, 1)),
        _ => None,
    }
}

fn is_buffer(space: naga::AddressSpace) -> bool {
    matches!(space, naga::AddressSpace::Storage { .. } | naga::AddressSpace::Uniform)
}

impl<'m> Builder<'m> {
    pub(super) fn shape_of(&self, cx: &FnCx<'m>, h: Handle<Expression>) -> Result<(K, u32), RawError> {
        shape(self.ty(cx, h)?).ok_or_else(|| unsupported("operand that is not a scalar or vector"))
    }

    pub(super) fn expression(&mut self, cx: &mut FnCx<'m>, h: Handle<Expression>) -> Result<(), RawError> {
        let (dst, n) = self.reg(cx, h)?;
        let expr = cx.f.expressions.try_get(h).map_err(|e| RawError::Mismatch(e.to_string()))?;
        match *expr {
            // Baked into the register template, or written by the statement that produces them.
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
                let mut off = 0;
                for c in components {
                    let (src, w) = self.reg(cx, *c)?;
                    self.emit(Instr::Copy { dst: dst + off, src, n: w });
                    off += w;
                }
            }
            Expression::Access { base, index } => self.access(cx, dst, base, index)?,
            Expression::AccessIndex { base, index } => self.access_index(cx, dst, n, base, index)?,
            Expression::Splat { value, .. } => {
                let (src, _) = self.reg(cx, value)?;
                self.emit(Instr::Splat { dst, src, n: n as u8 });
            }
            Expression::Swizzle { size, vector, pattern } => {
                let (src, _) = self.reg(cx, vector)?;
                let pattern = pattern.map(|c| c as u8);
                self.emit(Instr::Swizzle { dst, src, n: size as u8, pattern });
            }
            Expression::Load { pointer } => {
                let (ptr, _) = self.reg(cx, pointer)?;
                let inner = self.ty(cx, h)?.clone();
                let layout = self.layout(&inner)?;
                self.emit(Instr::Load { dst, ptr, layout });
            }
            Expression::Unary { op, expr } => {
                let (kind, _) = self.shape_of(cx, expr)?;
                let (a, _) = self.reg(cx, expr)?;
                let op = match (op, kind) {
                    (U::Negate, K::Float) => UnOp::NegF,
                    (U::Negate, _) => UnOp::NegI,
                    (U::LogicalNot, _) | (U::BitwiseNot, K::Bool) => UnOp::LogicalNot,
                    (U::BitwiseNot, _) => UnOp::BitNot,
                };
                self.emit(Instr::Un { op, dst, a, n: n as u8 });
            }
            Expression::Binary { op, left, right } => self.binary(cx, dst, n, op, left, right)?,
            Expression::Select { condition, accept, reject } => {
                let (cond, cw) = self.reg(cx, condition)?;
                let (a, _) = self.reg(cx, accept)?;
                let (r, _) = self.reg(cx, reject)?;
                self.emit(Instr::Select { dst, cond, accept: a, reject: r, n, per_word: cw > 1 });
            }
            Expression::Relational { fun, argument } => {
                let (a, an) = self.reg(cx, argument)?;
                match fun {
                    naga::RelationalFunction::All => {
                        self.emit(Instr::Vector { op: VecOp::All, dst, a, b: a, c: a, n: an as u8 });
                    }
                    naga::RelationalFunction::Any => {
                        self.emit(Instr::Vector { op: VecOp::Any, dst, a, b: a, c: a, n: an as u8 });
                    }
                    naga::RelationalFunction::IsNan | naga::RelationalFunction::IsInf => {
                        let op = if fun == naga::RelationalFunction::IsNan { MathOp::IsNan } else { MathOp::IsInf };
                        self.emit(Instr::Math { op, dst, a, b: a, c: a, n: an as u8, steps: 1 });
                    }
                }
            }
            Expression::Math { fun, arg, arg1, arg2, arg3 } => {
                self.math(cx, dst, n, fun, [Some(arg), arg1, arg2, arg3])?
            }
            Expression::As { expr, kind, convert } => {
                let (src_kind, _) = self.shape_of(cx, expr)?;
                let (a, _) = self.reg(cx, expr)?;
                let op = match (convert, src_kind, kind) {
                    (None, _, _) => None,
                    (Some(_), s, t) if s == t => None,
                    (Some(_), K::Float, K::Sint) => Some(CvtOp::F2S),
                    (Some(_), K::Float, K::Uint) => Some(CvtOp::F2U),
                    (Some(_), K::Sint, K::Float) => Some(CvtOp::S2F),
                    (Some(_), K::Uint, K::Float) => Some(CvtOp::U2F),
                    (Some(_), K::Bool, K::Float) => Some(CvtOp::B2F),
                    (Some(_), K::Float, K::Bool) => Some(CvtOp::F2B),
                    (Some(_), K::Sint | K::Uint, K::Bool) => Some(CvtOp::I2B),
                    (Some(_), K::Sint | K::Uint | K::Bool, K::Sint | K::Uint) => None,
                    (Some(_), s, t) => return Err(unsupported(format!("conversion {s:?} -> {t:?}"))),
                };
                match op {
                    Some(op) => self.emit(Instr::Cvt { op, dst, a, n: n as u8 }),
                    None => self.emit(Instr::Copy { dst, src: a, n }),
                };
            }
            Expression::ArrayLength(ptr) => {
                let stride = match self.ty(cx, ptr)? {
                    TypeInner::Pointer { base, .. } => match self.tyi(*base)? {
                        TypeInner::Array { stride, .. } => *stride,
                        _ => return Err(unsupported("arrayLength of a non-array")),
                    },
                    _ => return Err(unsupported("arrayLength of a non-pointer")),
                };
                let (p, _) = self.reg(cx, ptr)?;
                self.emit(Instr::ArrayLength { dst, ptr: p, stride });
            }
            Expression::RayQueryGetIntersection { query, committed: true } => {
                let (q, _) = self.reg(cx, query)?;
                self.emit(Instr::RayCommitted { query: q, dst });
            }
            ref other => return Err(unsupported(format!("expression {other:?}"))),
        }
        Ok(())
    }

    fn access(
        &mut self,
        cx: &FnCx<'m>,
        dst: u32,
        base: Handle<Expression>,
        index: Handle<Expression>,
    ) -> Result<(), RawError> {
        let (b, _) = self.reg(cx, base)?;
        let (idx, _) = self.reg(cx, index)?;
        let bt = self.ty(cx, base)?.clone();
        match bt {
            TypeInner::Pointer { base: pointee, space } => {
                let buffer = is_buffer(space);
                let (stride, len) = match *self.tyi(pointee)? {
                    TypeInner::Array { stride, size, .. } => {
                        let len = match size {
                            naga::ArraySize::Constant(n) => n.get(),
                            _ => 0,
                        };
                        (stride, len)
                    }
                    TypeInner::Vector { size, .. } => (4, size as u32),
                    TypeInner::Matrix { columns, rows, .. } => (column_stride(rows), columns as u32),
                    _ => return Err(unsupported("indexing through this pointer")),
                };
                let clamp_len = if buffer { 0 } else { len };
                self.emit(Instr::PtrIndex { dst, base: b, idx, stride, clamp_len });
            }
            TypeInner::ValuePointer { size: Some(size), space, .. } => {
                let clamp_len = if is_buffer(space) { 0 } else { size as u32 };
                self.emit(Instr::PtrIndex { dst, base: b, idx, stride: 4, clamp_len });
            }
            TypeInner::Vector { size, .. } => {
                self.emit(Instr::IndexValue { dst, base: b, idx, elem: 1, len: size as u32 });
            }
            TypeInner::Matrix { columns, rows, .. } => {
                self.emit(Instr::IndexValue { dst, base: b, idx, elem: rows as u32, len: columns as u32 });
            }
            TypeInner::Array { base: elem, size: naga::ArraySize::Constant(len), .. } => {
                let elem = self.words(self.tyi(elem)?)?;
                self.emit(Instr::IndexValue { dst, base: b, idx, elem, len: len.get() });
            }
            ref other => return Err(unsupported(format!("indexing {other:?}"))),
        }
        Ok(())
    }

    fn access_index(
        &mut self,
        cx: &FnCx<'m>,
        dst: u32,
        n: u32,
        base: Handle<Expression>,
        index: u32,
    ) -> Result<(), RawError> {
        let (b, _) = self.reg(cx, base)?;
        let bt = self.ty(cx, base)?.clone();
        let offset = match bt {
            TypeInner::Pointer { base: pointee, .. } => match *self.tyi(pointee)? {
                TypeInner::Struct { ref members, .. } => {
                    members.get(index as usize).ok_or_else(|| RawError::Mismatch("member index".into()))?.offset
                }
                TypeInner::Array { stride, .. } => index * stride,
                TypeInner::Vector { .. } => 4 * index,
                TypeInner::Matrix { rows, .. } => index * column_stride(rows),
                _ => return Err(unsupported("member access through this pointer")),
            },
            TypeInner::ValuePointer { .. } => 4 * index,
            // Value bases: the register was aliased onto the base's words; nothing to run.
            _ => {
                if dst.saturating_add(n) > self.p.regs.len() as u32 {
                    return Err(RawError::Mismatch("alias".into()));
                }
                return Ok(());
            }
        };
        self.emit(Instr::PtrAdd { dst, base: b, offset });
        Ok(())
    }

    fn binary(
        &mut self,
        cx: &FnCx<'m>,
        dst: u32,
        n: u32,
        op: B,
        left: Handle<Expression>,
        right: Handle<Expression>,
    ) -> Result<(), RawError> {
        let (kind, ln) = self.shape_of(cx, left)?;
        let (_, rn) = self.shape_of(cx, right)?;
        let (a, _) = self.reg(cx, left)?;
        let (b, _) = self.reg(cx, right)?;
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
        let bop = match op {
            B::Add => {
                if f {
                    BinOp::AddF
                } else {
                    BinOp::AddI
                }
            }
            B::Subtract => {
                if f {
                    BinOp::SubF
                } else {
                    BinOp::SubI
                }
            }
            B::Multiply => {
                if f {
                    BinOp::MulF
                } else {
                    BinOp::MulI
                }
            }
            B::Divide => pick(BinOp::DivF, BinOp::DivS, BinOp::DivU),
            B::Modulo => pick(BinOp::ModF, BinOp::ModS, BinOp::ModU),
            B::Equal => {
                if f {
                    BinOp::EqF
                } else {
                    BinOp::EqI
                }
            }
            B::NotEqual => {
                if f {
                    BinOp::NeF
                } else {
                    BinOp::NeI
                }
            }
            B::Less => pick(BinOp::LtF, BinOp::LtS, BinOp::LtU),
            B::LessEqual => pick(BinOp::LeF, BinOp::LeS, BinOp::LeU),
            B::Greater => pick(BinOp::GtF, BinOp::GtS, BinOp::GtU),
            B::GreaterEqual => pick(BinOp::GeF, BinOp::GeS, BinOp::GeU),
            B::And | B::LogicalAnd => BinOp::And,
            B::InclusiveOr | B::LogicalOr => BinOp::Or,
            B::ExclusiveOr => BinOp::Xor,
            B::ShiftLeft => BinOp::Shl,
            B::ShiftRight => {
                if s {
                    BinOp::ShrS
                } else {
                    BinOp::ShrU
                }
            }
        };
        let sa = u8::from(!(ln == 1 && n > 1));
        let sb = u8::from(!(rn == 1 && n > 1));
        self.emit(Instr::Bin { op: bop, dst, a, b, n: n as u8, sa, sb });
        Ok(())
    }
}
