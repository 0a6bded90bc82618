//! Lowers naga statements to interpreter instructions: structured control flow (if, switch,
//! loop with continuing/break-if) becomes jumps patched once their targets are known.

use naga::{Expression, Handle, Statement, TypeInner};

use super::compile::{unsupported, Builder, Ctl, FnCx};
use super::program::*;
use crate::raw::RawError;

impl<'m> Builder<'m> {
    pub(super) fn block(&mut self, cx: &mut FnCx<'m>, block: &naga::Block) -> Result<(), RawError> {
        for stmt in block.iter() {
            self.statement(cx, stmt)?;
        }
        Ok(())
    }

    fn statement(&mut self, cx: &mut FnCx<'m>, stmt: &Statement) -> Result<(), RawError> {
        match stmt {
            Statement::Emit(range) => {
                for h in range.clone() {
                    self.expression(cx, h)?;
                }
            }
            Statement::Block(b) => self.block(cx, b)?,
            Statement::If { condition, accept, reject } => {
                let (c, _) = self.reg(cx, *condition)?;
                let j_else = self.emit(Instr::JumpIfNot { cond: c, to: 0 });
                self.block(cx, accept)?;
                if reject.is_empty() {
                    let end = self.pc();
                    self.patch(j_else, end);
                } else {
                    let j_end = self.emit(Instr::Jump { to: 0 });
                    let else_pc = self.pc();
                    self.patch(j_else, else_pc);
                    self.block(cx, reject)?;
                    let end = self.pc();
                    self.patch(j_end, end);
                }
            }
            Statement::Switch { selector, cases } => {
                let (sel, _) = self.reg(cx, *selector)?;
                let table = self.p.switches.len() as u32;
                self.p.switches.push(SwitchTable { cases: Vec::new(), default: 0 });
                self.emit(Instr::Switch { selector: sel, table });
                cx.ctl.push(Ctl::Switch { breaks: Vec::new() });
                let mut entries = Vec::new();
                let mut default = None;
                for case in cases {
                    let start = self.pc();
                    match case.value {
                        naga::SwitchValue::I32(v) => entries.push((v as u32, start)),
                        naga::SwitchValue::U32(v) => entries.push((v, start)),
                        naga::SwitchValue::Default => default = Some(start),
                    }
                    self.block(cx, &case.body)?;
                    if !case.fall_through {
                        let j = self.emit(Instr::Jump { to: 0 });
                        if let Some(Ctl::Switch { breaks }) = cx.ctl.last_mut() {
                            breaks.push(j);
                        }
                    }
                }
                let end = self.pc();
                if let Some(Ctl::Switch { breaks }) = cx.ctl.pop() {
                    for j in breaks {
                        self.patch(j, end);
                    }
                }
                if let Some(t) = self.p.switches.get_mut(table as usize) {
                    t.cases = entries;
                    t.default = default.unwrap_or(end);
                }
            }
            Statement::Loop { body, continuing, break_if } => {
                let top = self.pc();
                cx.ctl.push(Ctl::Loop { breaks: Vec::new(), continues: Vec::new() });
                self.block(cx, body)?;
                let cont = self.pc();
                let Some(Ctl::Loop { breaks, continues }) = cx.ctl.pop() else {
                    return Err(RawError::Mismatch("loop nesting".into()));
                };
                for j in continues {
                    self.patch(j, cont);
                }
                self.block(cx, continuing)?;
                let mut breaks = breaks;
                if let Some(c) = break_if {
                    let (c, _) = self.reg(cx, *c)?;
                    breaks.push(self.emit(Instr::JumpIf { cond: c, to: 0 }));
                }
                self.emit(Instr::Jump { to: top });
                let end = self.pc();
                for j in breaks {
                    self.patch(j, end);
                }
            }
            Statement::Break => {
                let j = self.emit(Instr::Jump { to: 0 });
                match cx.ctl.last_mut() {
                    Some(Ctl::Loop { breaks, .. } | Ctl::Switch { breaks }) => breaks.push(j),
                    None => return Err(RawError::Mismatch("break outside a loop or switch".into())),
                }
            }
            Statement::Continue => {
                let j = self.emit(Instr::Jump { to: 0 });
                let target = cx.ctl.iter_mut().rev().find_map(|c| match c {
                    Ctl::Loop { continues, .. } => Some(continues),
                    Ctl::Switch { .. } => None,
                });
                target.ok_or_else(|| RawError::Mismatch("continue outside a loop".into()))?.push(j);
            }
            Statement::Return { value } => {
                let (src, n) = match value {
                    Some(v) => self.reg(cx, *v)?,
                    None => (0, 0),
                };
                self.emit(Instr::Return { src, n });
            }
            Statement::ControlBarrier(_) => {
                self.emit(Instr::Barrier);
            }
            // Invocations run one at a time: every write is visible to the next reader already.
            Statement::MemoryBarrier(_) => {}
            Statement::Store { pointer, value } => {
                let (ptr, _) = self.reg(cx, *pointer)?;
                let (src, _) = self.reg(cx, *value)?;
                let inner = self.ty(cx, *value)?.clone();
                let layout = self.layout(&inner)?;
                self.emit(Instr::Store { ptr, src, layout });
            }
            Statement::Atomic { pointer, fun, value, result } => self.atomic(cx, *pointer, fun, *value, *result)?,
            Statement::WorkGroupUniformLoad { pointer, result } => {
                let (ptr, _) = self.reg(cx, *pointer)?;
                let (dst, _) = self.reg(cx, *result)?;
                let inner = self.ty(cx, *result)?.clone();
                let layout = self.layout(&inner)?;
                self.emit(Instr::Barrier);
                self.emit(Instr::Load { dst, ptr, layout });
                self.emit(Instr::Barrier);
            }
            Statement::Call { function, arguments, result } => {
                let (entry, params) = self
                    .fns
                    .get(function)
                    .cloned()
                    .ok_or_else(|| RawError::Mismatch("call to an unchecked function".into()))?;
                let mut args = Vec::new();
                for (&(dst, n), a) in params.iter().zip(arguments) {
                    args.push((dst, self.reg(cx, *a)?.0, n));
                }
                let (result, result_words) = match result {
                    Some(r) => self.reg(cx, *r)?,
                    None => (NO_REG, 0),
                };
                let call = self.p.calls.len() as u32;
                self.p.calls.push(CallSite { entry, args, result, result_words });
                self.emit(Instr::Call { call });
            }
            Statement::RayQuery { query, fun } => {
                let (q, _) = self.reg(cx, *query)?;
                match fun {
                    naga::RayQueryFunction::Initialize { acceleration_structure, descriptor } => {
                        let (scene, _) = self.reg(cx, *acceleration_structure)?;
                        let (desc, _) = self.reg(cx, *descriptor)?;
                        self.emit(Instr::RayInit { query: q, scene, desc });
                    }
                    naga::RayQueryFunction::Proceed { result } => {
                        let (dst, _) = self.reg(cx, *result)?;
                        self.emit(Instr::RayProceed { query: q, dst });
                    }
                    naga::RayQueryFunction::Terminate => {
                        self.emit(Instr::RayTerminate { query: q });
                    }
                    _ => return Err(unsupported("ray-query function")),
                }
            }
            other => return Err(unsupported(format!("statement {other:?}"))),
        }
        Ok(())
    }

    fn atomic(
        &mut self,
        cx: &mut FnCx<'m>,
        pointer: Handle<Expression>,
        fun: &naga::AtomicFunction,
        value: Handle<Expression>,
        result: Option<Handle<Expression>>,
    ) -> Result<(), RawError> {
        use naga::AtomicFunction as A;
        let signed = match self.ty(cx, pointer)? {
            TypeInner::Pointer { base, .. } => match self.tyi(*base)? {
                TypeInner::Atomic(s) => s.kind == naga::ScalarKind::Sint,
                _ => return Err(unsupported("atomic on a non-atomic")),
            },
            _ => return Err(unsupported("atomic through a non-pointer")),
        };
        let mut compare = NO_REG;
        let op = match fun {
            A::Add => AtomicOp::Add,
            A::Subtract => AtomicOp::Sub,
            A::And => AtomicOp::And,
            A::InclusiveOr => AtomicOp::Or,
            A::ExclusiveOr => AtomicOp::Xor,
            A::Min if signed => AtomicOp::MinS,
            A::Min => AtomicOp::MinU,
            A::Max if signed => AtomicOp::MaxS,
            A::Max => AtomicOp::MaxU,
            A::Exchange { compare: None } => AtomicOp::Exchange,
            A::Exchange { compare: Some(c) } => {
                compare = self.reg(cx, *c)?.0;
                AtomicOp::CompareExchange
            }
        };
        let dst = match result {
            Some(r) => self.reg(cx, r)?.0,
            None => NO_REG,
        };
        let (ptr, _) = self.reg(cx, pointer)?;
        let (value, _) = self.reg(cx, value)?;
        self.emit(Instr::Atomic { op, dst, ptr, value, compare });
        Ok(())
    }
}
