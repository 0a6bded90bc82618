//! The executor: runs one invocation's instructions until it reaches a barrier or finishes.
//! Register operands were proven in range by `Program::verify`, so indexing cannot fail.

use super::memory::Memory;
use super::ops::{bin, cvt, f, fb, insert_bits, math, un};
use super::program::{AtomicOp, Instr, Program, VecOp, NO_REG};
use super::rayquery::{self, slot};
use crate::raw::RawError;

pub(crate) struct Frame {
    ret: u32,
    result: u32,
    words: u32,
}

/// One invocation's state: its registers, local memory and call stack.
pub(crate) struct Invocation {
    pub pc: u32,
    pub regs: Vec<u32>,
    pub local: Vec<u8>,
    pub frames: Vec<Frame>,
    pub done: bool,
}

pub(crate) enum Stop {
    Barrier,
    Done,
}

fn vec3(r: &[u32], at: usize) -> [f32; 3] {
    [f(r[at]), f(r[at + 1]), f(r[at + 2])]
}

impl Program {
    /// Runs `inv` until a barrier or its end; `budget` counts down executed instructions.
    pub(crate) fn exec(&self, inv: &mut Invocation, mem: &mut Memory, budget: &mut u64) -> Result<Stop, RawError> {
        let code = &self.code[..];
        let r = &mut inv.regs[..];
        let local = &mut inv.local[..];
        let mut pc = inv.pc as usize;
        loop {
            if *budget == 0 {
                inv.pc = pc as u32;
                return Err(RawError::StepLimit { limit: self.step_limit });
            }
            *budget -= 1;
            let Some(ins) = code.get(pc) else {
                return Err(RawError::Mismatch("ran past the end of the code".into()));
            };
            pc += 1;
            match *ins {
                Instr::Copy { dst, src, n } => {
                    let (d, s, n) = (dst as usize, src as usize, n as usize);
                    r.copy_within(s..s + n, d);
                }
                Instr::Splat { dst, src, n } => {
                    let v = r[src as usize];
                    r[dst as usize..dst as usize + n as usize].fill(v);
                }
                Instr::Swizzle { dst, src, n, pattern } => {
                    let mut tmp = [0u32; 4];
                    for i in 0..n as usize {
                        tmp[i] = r[src as usize + pattern[i] as usize];
                    }
                    r[dst as usize..dst as usize + n as usize].copy_from_slice(&tmp[..n as usize]);
                }
                Instr::Bin { op, dst, a, b, n, sa, sb } => {
                    for i in 0..n as usize {
                        let x = r[a as usize + i * sa as usize];
                        let y = r[b as usize + i * sb as usize];
                        r[dst as usize + i] = bin(op, x, y);
                    }
                }
                Instr::Un { op, dst, a, n } => {
                    for i in 0..n as usize {
                        r[dst as usize + i] = un(op, r[a as usize + i]);
                    }
                }
                Instr::Cvt { op, dst, a, n } => {
                    for i in 0..n as usize {
                        r[dst as usize + i] = cvt(op, r[a as usize + i]);
                    }
                }
                Instr::Math { op, dst, a, b, c, n, steps } => {
                    let (s0, s1, s2) = ((steps & 1) as usize, (steps >> 1 & 1) as usize, (steps >> 2 & 1) as usize);
                    for i in 0..n as usize {
                        let v = math(op, r[a as usize + i * s0], r[b as usize + i * s1], r[c as usize + i * s2]);
                        r[dst as usize + i] = v;
                    }
                }
                Instr::InsertBits { dst, e, newbits, offset, count, n } => {
                    let (o, c) = (r[offset as usize], r[count as usize]);
                    for i in 0..n as usize {
                        r[dst as usize + i] = insert_bits(r[e as usize + i], r[newbits as usize + i], o, c);
                    }
                }
                Instr::Select { dst, cond, accept, reject, n, per_word } => {
                    for i in 0..n as usize {
                        let c = r[cond as usize + if per_word { i } else { 0 }];
                        r[dst as usize + i] = if c != 0 { r[accept as usize + i] } else { r[reject as usize + i] };
                    }
                }
                Instr::Vector { op, dst, a, b, c, n } => {
                    self.vector(r, op, dst as usize, a as usize, b as usize, c as usize, n as usize)
                }
                Instr::IndexValue { dst, base, idx, elem, len } => {
                    let i = r[idx as usize].min(len - 1);
                    let s = base as usize + (i * elem) as usize;
                    r.copy_within(s..s + elem as usize, dst as usize);
                }
                Instr::PtrAdd { dst, base, offset } => {
                    let (tag, off) = (r[base as usize], r[base as usize + 1]);
                    r[dst as usize] = tag;
                    r[dst as usize + 1] = off.saturating_add(offset);
                }
                Instr::PtrIndex { dst, base, idx, stride, clamp_len } => {
                    let (tag, off) = (r[base as usize], r[base as usize + 1]);
                    let mut i = r[idx as usize];
                    if clamp_len != 0 {
                        i = i.min(clamp_len - 1);
                    }
                    r[dst as usize] = tag;
                    // Saturating: an offset past 4 GiB stays out of range instead of wrapping into it.
                    r[dst as usize + 1] = off.saturating_add(i.saturating_mul(stride));
                }
                Instr::Load { dst, ptr, layout } => {
                    let (tag, off) = (r[ptr as usize], r[ptr as usize + 1]);
                    let offs = &self.layouts[layout as usize];
                    for (i, &o) in offs.iter().enumerate() {
                        r[dst as usize + i] = mem.load(local, tag, off.saturating_add(o));
                    }
                }
                Instr::Store { ptr, src, layout } => {
                    let (tag, off) = (r[ptr as usize], r[ptr as usize + 1]);
                    let offs = &self.layouts[layout as usize];
                    for (i, &o) in offs.iter().enumerate() {
                        mem.store(local, tag, off.saturating_add(o), r[src as usize + i]);
                    }
                }
                Instr::ArrayLength { dst, ptr, stride } => {
                    let (tag, off) = (r[ptr as usize], r[ptr as usize + 1] as usize);
                    let len = mem.binding_len(tag).saturating_sub(off) / stride as usize;
                    r[dst as usize] = len.min(u32::MAX as usize) as u32;
                }
                Instr::Atomic { op, dst, ptr, value, compare } => {
                    let (tag, off) = (r[ptr as usize], r[ptr as usize + 1]);
                    let v = r[value as usize];
                    let in_range = mem.in_range(local, tag, off);
                    let old = if in_range { mem.load(local, tag, off) } else { 0 };
                    let (new, exchanged) = match op {
                        AtomicOp::Add => (old.wrapping_add(v), true),
                        AtomicOp::Sub => (old.wrapping_sub(v), true),
                        AtomicOp::And => (old & v, true),
                        AtomicOp::Or => (old | v, true),
                        AtomicOp::Xor => (old ^ v, true),
                        AtomicOp::MinS => ((old as i32).min(v as i32) as u32, true),
                        AtomicOp::MinU => (old.min(v), true),
                        AtomicOp::MaxS => ((old as i32).max(v as i32) as u32, true),
                        AtomicOp::MaxU => (old.max(v), true),
                        AtomicOp::Exchange => (v, true),
                        AtomicOp::CompareExchange => {
                            let hit = in_range && old == r[compare as usize];
                            (if hit { v } else { old }, hit)
                        }
                    };
                    if in_range {
                        mem.store(local, tag, off, new);
                    }
                    if dst != NO_REG {
                        r[dst as usize] = old;
                        if op == AtomicOp::CompareExchange {
                            r[dst as usize + 1] = exchanged as u32;
                        }
                    }
                }
                Instr::Jump { to } => pc = to as usize,
                Instr::JumpIf { cond, to } => {
                    if r[cond as usize] != 0 {
                        pc = to as usize;
                    }
                }
                Instr::JumpIfNot { cond, to } => {
                    if r[cond as usize] == 0 {
                        pc = to as usize;
                    }
                }
                Instr::Switch { selector, table } => {
                    let t = &self.switches[table as usize];
                    let v = r[selector as usize];
                    pc = t.cases.iter().find(|c| c.0 == v).map_or(t.default, |c| c.1) as usize;
                }
                Instr::Call { call } => {
                    let c = &self.calls[call as usize];
                    for &(d, s, n) in &c.args {
                        r.copy_within(s as usize..(s + n) as usize, d as usize);
                    }
                    inv.frames.push(Frame { ret: pc as u32, result: c.result, words: c.result_words });
                    pc = c.entry as usize;
                }
                Instr::Return { src, n } => match inv.frames.pop() {
                    Some(fr) => {
                        if fr.result != NO_REG && n == fr.words {
                            r.copy_within(src as usize..(src + n) as usize, fr.result as usize);
                        }
                        pc = fr.ret as usize;
                    }
                    None => {
                        inv.pc = pc as u32;
                        inv.done = true;
                        return Ok(Stop::Done);
                    }
                },
                Instr::Barrier => {
                    inv.pc = pc as u32;
                    return Ok(Stop::Barrier);
                }
                Instr::InitLocals { base, template } => {
                    let t = &self.local_templates[template as usize];
                    local[base as usize..base as usize + t.len()].copy_from_slice(t);
                }
                Instr::RayInit { query, scene, desc } => {
                    let (tag, off) = (r[query as usize], r[query as usize + 1]);
                    mem.store(local, tag, off.saturating_add(4 * slot::SCENE), r[scene as usize] + 1);
                    for i in 0..rayquery::RAY_DESC_WORDS {
                        mem.store(local, tag, off.saturating_add(4 * (slot::DESC + i)), r[desc as usize + i as usize]);
                    }
                    mem.store(local, tag, off.saturating_add(4 * slot::KIND), 0);
                }
                Instr::RayProceed { query, dst } => {
                    // Opaque triangles only: the first proceed finds the closest hit and ends
                    // the traversal, so it always reports "no more candidates".
                    let (tag, off) = (r[query as usize], r[query as usize + 1]);
                    let scene = mem.load(local, tag, off.saturating_add(4 * slot::SCENE));
                    if scene != 0 {
                        let mut desc = [0u32; rayquery::RAY_DESC_WORDS as usize];
                        for (i, d) in desc.iter_mut().enumerate() {
                            *d = mem.load(local, tag, off.saturating_add(4 * (slot::DESC + i as u32)));
                        }
                        let hit = rayquery::trace(mem.scene(scene - 1), &desc);
                        let words = match hit {
                            Some(h) => [1, fb(h.t), h.prim, fb(h.u), fb(h.v), h.front as u32],
                            None => [0; 6],
                        };
                        for (i, w) in words.into_iter().enumerate() {
                            mem.store(local, tag, off.saturating_add(4 * (slot::KIND + i as u32)), w);
                        }
                        mem.store(local, tag, off.saturating_add(4 * slot::SCENE), 0);
                    }
                    r[dst as usize] = 0;
                }
                Instr::RayTerminate { query } => {
                    let (tag, off) = (r[query as usize], r[query as usize + 1]);
                    mem.store(local, tag, off.saturating_add(4 * slot::SCENE), 0);
                }
                Instr::RayCommitted { query, dst } => {
                    let (tag, off) = (r[query as usize], r[query as usize + 1]);
                    let mut state = [0u32; slot::FRONT as usize + 1];
                    for (i, s) in state.iter_mut().enumerate() {
                        *s = mem.load(local, tag, off.saturating_add(4 * i as u32));
                    }
                    let d = dst as usize;
                    rayquery::committed_words(&state, &mut r[d..d + rayquery::INTERSECTION_WORDS as usize]);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn vector(&self, r: &mut [u32], op: VecOp, dst: usize, a: usize, b: usize, c: usize, n: usize) {
        let dot = |r: &[u32], x: usize, y: usize| {
            let mut s = f(r[x]) * f(r[y]);
            for i in 1..n {
                s += f(r[x + i]) * f(r[y + i]);
            }
            s
        };
        match op {
            VecOp::DotF => r[dst] = fb(dot(r, a, b)),
            VecOp::DotI => {
                let mut s = 0u32;
                for i in 0..n {
                    s = s.wrapping_add(r[a + i].wrapping_mul(r[b + i]));
                }
                r[dst] = s;
            }
            VecOp::Length => r[dst] = fb(if n == 1 { f(r[a]).abs() } else { dot(r, a, a).sqrt() }),
            VecOp::Distance => {
                let mut s = 0.0f32;
                for i in 0..n {
                    let d = f(r[a + i]) - f(r[b + i]);
                    s += d * d;
                }
                r[dst] = fb(if n == 1 { (f(r[a]) - f(r[b])).abs() } else { s.sqrt() });
            }
            VecOp::Normalize => {
                let len = dot(r, a, a).sqrt();
                for i in 0..n {
                    r[dst + i] = fb(f(r[a + i]) / len);
                }
            }
            VecOp::Cross => {
                if n == 3 {
                    let (x, y) = (vec3(r, a), vec3(r, b));
                    let v = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
                    for (i, w) in v.into_iter().enumerate() {
                        r[dst + i] = fb(w);
                    }
                }
            }
            VecOp::FaceForward => {
                // faceForward(e1, e2, e3) = dot(e2, e3) < 0 ? e1 : -e1
                let flip = dot(r, b, c) >= 0.0;
                for i in 0..n {
                    let v = f(r[a + i]);
                    r[dst + i] = fb(if flip { -v } else { v });
                }
            }
            VecOp::Reflect => {
                // reflect(e1, e2) = e1 - 2 * dot(e2, e1) * e2
                let d = dot(r, b, a);
                for i in 0..n {
                    r[dst + i] = fb(f(r[a + i]) - 2.0 * d * f(r[b + i]));
                }
            }
            VecOp::All => r[dst] = (0..n).all(|i| r[a + i] != 0) as u32,
            VecOp::Any => r[dst] = (0..n).any(|i| r[a + i] != 0) as u32,
        }
    }
}
