//! `Program::verify`: proves once, after compilation, that every register range, jump target,
//! table index and memory template of a program is in range, so the executor can index freely.

use super::program::*;

impl Program {
    /// Checks that every register range, jump target and table index is in range.
    pub(crate) fn verify(&self) -> Result<(), String> {
        let nregs = self.regs.len() as u64;
        let reg = |r: Reg, n: u64| -> Result<(), String> {
            if n == 0 || (r as u64 + n) <= nregs {
                Ok(())
            } else {
                Err(format!("register range {r}+{n} outside the file of {nregs}"))
            }
        };
        let code_len = self.code.len() as u32;
        let pc = |t: u32| {
            if t <= code_len {
                Ok(())
            } else {
                Err(format!("jump target {t} outside the code"))
            }
        };
        let layout = |l: u32| -> Result<u64, String> {
            self.layouts.get(l as usize).map(|v| v.len() as u64).ok_or_else(|| "layout index".to_string())
        };
        let opt = |r: Reg, n: u64| if r == NO_REG { Ok(()) } else { reg(r, n) };
        pc(self.entry_pc)?;
        for ins in &self.code {
            match *ins {
                Instr::Copy { dst, src, n } => {
                    reg(dst, n as u64)?;
                    reg(src, n as u64)?;
                }
                Instr::Splat { dst, src, n } => {
                    reg(dst, n as u64)?;
                    reg(src, 1)?;
                }
                Instr::Swizzle { dst, src, n, pattern } => {
                    reg(dst, n as u64)?;
                    let max = pattern[..n.min(4) as usize].iter().copied().max().unwrap_or(0) as u64;
                    reg(src, max + 1)?;
                }
                Instr::Bin { dst, a, b, n, sa, sb, .. } => {
                    let n = n as u64;
                    reg(dst, n)?;
                    reg(a, if sa == 0 { 1 } else { n })?;
                    reg(b, if sb == 0 { 1 } else { n })?;
                }
                Instr::Un { dst, a, n, .. } | Instr::Cvt { dst, a, n, .. } => {
                    reg(dst, n as u64)?;
                    reg(a, n as u64)?;
                }
                Instr::Math { dst, a, b, c, n, steps, .. } => {
                    let n = n as u64;
                    reg(dst, n)?;
                    for (i, r) in [a, b, c].into_iter().enumerate() {
                        reg(r, if steps & (1 << i) != 0 { n } else { 1 })?;
                    }
                }
                Instr::InsertBits { dst, e, newbits, offset, count, n } => {
                    let n = n as u64;
                    reg(dst, n)?;
                    reg(e, n)?;
                    reg(newbits, n)?;
                    reg(offset, 1)?;
                    reg(count, 1)?;
                }
                Instr::Select { dst, cond, accept, reject, n, per_word } => {
                    let n = n as u64;
                    reg(dst, n)?;
                    reg(cond, if per_word { n } else { 1 })?;
                    reg(accept, n)?;
                    reg(reject, n)?;
                }
                Instr::Vector { op, dst, a, b, c, n } => {
                    let n = n as u64;
                    let out = match op {
                        VecOp::Normalize | VecOp::Cross | VecOp::FaceForward | VecOp::Reflect => n,
                        _ => 1,
                    };
                    reg(dst, out)?;
                    reg(a, n)?;
                    if matches!(
                        op,
                        VecOp::DotF
                            | VecOp::DotI
                            | VecOp::Distance
                            | VecOp::Cross
                            | VecOp::FaceForward
                            | VecOp::Reflect
                    ) {
                        reg(b, n)?;
                    }
                    if op == VecOp::FaceForward {
                        reg(c, n)?;
                    }
                }
                Instr::IndexValue { dst, base, idx, elem, len } => {
                    if len == 0 {
                        return Err("index into an empty value".into());
                    }
                    reg(dst, elem as u64)?;
                    reg(base, elem as u64 * len as u64)?;
                    reg(idx, 1)?;
                }
                Instr::PtrAdd { dst, base, .. } => {
                    reg(dst, 2)?;
                    reg(base, 2)?;
                }
                Instr::PtrIndex { dst, base, idx, .. } => {
                    reg(dst, 2)?;
                    reg(base, 2)?;
                    reg(idx, 1)?;
                }
                Instr::Load { dst, ptr, layout: l } => {
                    reg(dst, layout(l)?)?;
                    reg(ptr, 2)?;
                }
                Instr::Store { ptr, src, layout: l } => {
                    reg(src, layout(l)?)?;
                    reg(ptr, 2)?;
                }
                Instr::ArrayLength { dst, ptr, stride } => {
                    if stride == 0 {
                        return Err("zero array stride".into());
                    }
                    reg(dst, 1)?;
                    reg(ptr, 2)?;
                }
                Instr::Atomic { op, dst, ptr, value, compare } => {
                    reg(ptr, 2)?;
                    reg(value, 1)?;
                    if op == AtomicOp::CompareExchange {
                        reg(compare, 1)?;
                        opt(dst, 2)?;
                    } else {
                        opt(dst, 1)?;
                    }
                }
                Instr::Jump { to } => pc(to)?,
                Instr::JumpIf { cond, to } | Instr::JumpIfNot { cond, to } => {
                    reg(cond, 1)?;
                    pc(to)?;
                }
                Instr::Switch { selector, table } => {
                    reg(selector, 1)?;
                    let t = self.switches.get(table as usize).ok_or("switch table index")?;
                    pc(t.default)?;
                    for &(_, to) in &t.cases {
                        pc(to)?;
                    }
                }
                Instr::Call { call } => {
                    let c = self.calls.get(call as usize).ok_or("call index")?;
                    pc(c.entry)?;
                    for &(d, s, n) in &c.args {
                        reg(d, n as u64)?;
                        reg(s, n as u64)?;
                    }
                    opt(c.result, c.result_words as u64)?;
                }
                Instr::Return { src, n } => reg(src, n as u64)?,
                Instr::Barrier => {}
                Instr::InitLocals { base, template } => {
                    let t = self.local_templates.get(template as usize).ok_or("local template index")?;
                    if base as u64 + t.len() as u64 > self.local_bytes as u64 {
                        return Err("local template outside local memory".into());
                    }
                }
                Instr::RayInit { query, scene, desc } => {
                    reg(query, 2)?;
                    reg(scene, 1)?;
                    reg(desc, super::rayquery::RAY_DESC_WORDS as u64)?;
                }
                Instr::RayProceed { query, dst } => {
                    reg(query, 2)?;
                    reg(dst, 1)?;
                }
                Instr::RayTerminate { query } => reg(query, 2)?,
                Instr::RayCommitted { query, dst } => {
                    reg(query, 2)?;
                    reg(dst, super::rayquery::INTERSECTION_WORDS as u64)?;
                }
            }
        }
        for (_, r, n) in &self.builtin_args {
            reg(*r, *n as u64)?;
        }
        if self.private_init.len() as u64 > self.local_bytes as u64 {
            return Err("private init outside local memory".into());
        }
        Ok(())
    }
}
