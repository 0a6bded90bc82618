//! The PTX text builder: virtual registers per class, labels, index arithmetic and memory ops.

use crate::elem::{Elem, Ty};
use crate::error::{Error, Result};
use crate::ir::KernelSpec;
use std::fmt::Write;

/// A value held in a register, with the IR type it carries (bool lives in a predicate).
#[derive(Debug, Clone)]
pub(super) struct Val {
    pub ty: Ty,
    pub reg: String,
}

impl Val {
    pub fn new(ty: Ty, reg: String) -> Val {
        Val { ty, reg }
    }
}

/// Builds one kernel body; register declarations are written once the counts are known.
pub(super) struct Emitter<'s> {
    pub spec: &'s KernelSpec,
    body: String,
    counts: [u32; 5],
    labels: u32,
    /// Index arithmetic width: u32 unless some buffer or space needs more than 2^31 elements.
    pub wide: bool,
    /// Registers holding each arg's global base address, then the uniform block's.
    pub bases: Vec<String>,
    pub uniform_base: Option<String>,
}

/// Register classes: predicate, f32, 32-bit int, 64-bit int, 16-bit.
const CLASSES: [(&str, &str); 5] = [("pred", "%p"), ("f32", "%f"), ("b32", "%r"), ("b64", "%rd"), ("b16", "%h")];

impl<'s> Emitter<'s> {
    pub fn new(spec: &'s KernelSpec, wide: bool) -> Emitter<'s> {
        Emitter { spec, body: String::new(), counts: [0; 5], labels: 0, wide, bases: Vec::new(), uniform_base: None }
    }

    fn reg(&mut self, class: usize) -> String {
        self.counts[class] += 1;
        format!("{}{}", CLASSES[class].1, self.counts[class])
    }
    pub fn pred(&mut self) -> String {
        self.reg(0)
    }
    pub fn f32(&mut self) -> String {
        self.reg(1)
    }
    pub fn b32(&mut self) -> String {
        self.reg(2)
    }
    pub fn b64(&mut self) -> String {
        self.reg(3)
    }
    pub fn b16(&mut self) -> String {
        self.reg(4)
    }
    /// A fresh register for a value of `ty`.
    pub fn reg_for(&mut self, ty: Ty) -> String {
        match ty {
            Ty::F32 => self.f32(),
            Ty::Bool => self.pred(),
            Ty::I32 | Ty::U32 => self.b32(),
        }
    }
    /// A fresh index register (u32 or u64 per `wide`).
    pub fn idx(&mut self) -> String {
        if self.wide {
            self.b64()
        } else {
            self.b32()
        }
    }
    /// The PTX type suffix of index arithmetic.
    pub fn it(&self) -> &'static str {
        if self.wide {
            "u64"
        } else {
            "u32"
        }
    }
    pub fn label(&mut self, what: &str) -> String {
        self.labels += 1;
        format!("$L_{what}_{}", self.labels)
    }

    /// Appends one instruction line (the `;` is added here).
    pub fn op(&mut self, text: impl AsRef<str>) {
        let _ = writeln!(self.body, "\t{};", text.as_ref());
    }
    pub fn place(&mut self, label: &str) {
        let _ = writeln!(self.body, "{label}:");
    }

    /// `dst = a * b + c` in index arithmetic with constant `b`.
    pub fn idx_mad_const(&mut self, a: &str, b: u64, c: &str) -> String {
        let dst = self.idx();
        let it = self.it();
        self.op(format!("mad.lo.{it} {dst}, {a}, {b}, {c}"));
        dst
    }
    pub fn idx_const(&mut self, v: u64) -> String {
        let dst = self.idx();
        let it = self.it();
        self.op(format!("mov.{it} {dst}, {v}"));
        dst
    }
    /// An index register from a 32-bit special register (`%tid.x`, `%ctaid.x`, …).
    pub fn special(&mut self, sreg: &str) -> String {
        let r = self.b32();
        self.op(format!("mov.u32 {r}, {sreg}"));
        if self.wide {
            let w = self.b64();
            self.op(format!("cvt.u64.u32 {w}, {r}"));
            w
        } else {
            r
        }
    }

    /// Row-major multi-index of `flat` in `extents` (extents of 1 give a constant 0).
    pub fn unflatten(&mut self, flat: &str, extents: &[usize]) -> Vec<String> {
        let mut idx = vec![String::new(); extents.len()];
        let mut rest = flat.to_string();
        let it = self.it();
        for d in (0..extents.len()).rev() {
            let e = extents[d].max(1) as u64;
            if e == 1 {
                idx[d] = self.idx_const(0);
            } else if d == 0 {
                idx[d] = rest.clone();
            } else {
                let (q, r) = (self.idx(), self.idx());
                self.op(format!("div.{it} {q}, {rest}, {e}"));
                self.op(format!("rem.{it} {r}, {rest}, {e}"));
                idx[d] = r;
                rest = q;
            }
        }
        idx
    }

    /// Global address of element `offset` (an index register) of arg `arg`.
    pub fn address(&mut self, arg: usize, offset: &str) -> Result<String> {
        let a = self
            .spec
            .args
            .get(arg)
            .ok_or_else(|| Error::Internal(format!("{}: arg {arg} out of range", self.spec.entry)))?;
        let size = a.elem.size_bytes();
        let base = self.bases[arg].clone();
        let addr = self.b64();
        if self.wide {
            self.op(format!("mad.lo.u64 {addr}, {offset}, {size}, {base}"));
        } else {
            self.op(format!("mad.wide.u32 {addr}, {offset}, {size}, {base}"));
        }
        Ok(addr)
    }

    /// Loads element `offset` of arg `arg` as stored (f16 widened to f32; ints as b32).
    pub fn load_elem(&mut self, arg: usize, offset: &str) -> Result<Val> {
        let addr = self.address(arg, offset)?;
        Ok(match self.spec.args[arg].elem {
            Elem::F32 => {
                let f = self.f32();
                self.op(format!("ld.global.f32 {f}, [{addr}]"));
                Val::new(Ty::F32, f)
            }
            Elem::F16 => {
                let (h, f) = (self.b16(), self.f32());
                self.op(format!("ld.global.b16 {h}, [{addr}]"));
                self.op(format!("cvt.f32.f16 {f}, {h}"));
                Val::new(Ty::F32, f)
            }
            e @ (Elem::U32 | Elem::I32) => {
                let r = self.b32();
                self.op(format!("ld.global.b32 {r}, [{addr}]"));
                Val::new(if e == Elem::U32 { Ty::U32 } else { Ty::I32 }, r)
            }
        })
    }

    /// Stores `v` (already converted to the element's compute type) at `offset` of arg `arg`.
    pub fn store_elem(&mut self, arg: usize, offset: &str, v: &Val) -> Result<()> {
        let addr = self.address(arg, offset)?;
        match self.spec.args[arg].elem {
            Elem::F32 => self.op(format!("st.global.f32 [{addr}], {}", v.reg)),
            Elem::F16 => {
                let h = self.b16();
                self.op(format!("cvt.rn.f16.f32 {h}, {}", v.reg));
                self.op(format!("st.global.b16 [{addr}], {h}"));
            }
            Elem::U32 | Elem::I32 => self.op(format!("st.global.b32 [{addr}], {}", v.reg)),
        }
        Ok(())
    }

    /// The finished function: header, parameters, register declarations, body.
    pub fn finish(self, preamble: &str) -> String {
        let mut out = String::new();
        let n = self.spec.args.len() + usize::from(self.spec.uses_uniforms);
        let params: Vec<String> = (0..n).map(|i| format!("\t.param .u64 {}_p{i}", self.spec.entry)).collect();
        let _ = writeln!(out, ".visible .entry {}(\n{}\n)\n{{", self.spec.entry, params.join(",\n"));
        out.push_str(preamble);
        for (i, (ty, prefix)) in CLASSES.iter().enumerate() {
            if self.counts[i] > 0 {
                let _ = writeln!(out, "\t.reg .{ty} {prefix}<{}>;", self.counts[i] + 1);
            }
        }
        out.push_str(&self.body);
        out.push_str("\tret;\n}\n");
        out
    }

    /// Loads every parameter and converts it to a global address (the first lines of the body).
    pub fn load_params(&mut self) {
        let n = self.spec.args.len() + usize::from(self.spec.uses_uniforms);
        for i in 0..n {
            let (raw, g) = (self.b64(), self.b64());
            self.op(format!("ld.param.u64 {raw}, [{}_p{i}]", self.spec.entry));
            self.op(format!("cvta.to.global.u64 {g}, {raw}"));
            if i < self.spec.args.len() {
                self.bases.push(g);
            } else {
                self.uniform_base = Some(g);
            }
        }
    }
}

/// `0fXXXXXXXX`: the exact bit pattern of an f32 constant.
pub(super) fn f32_hex(v: f32) -> String {
    format!("0f{:08X}", v.to_bits())
}
