//! Kernel templates: Map (grid-stride over output items), Index and the row kernels (one block
//! per row, shared-memory tree reduction). The Matmul templates live in `matmul`.

use super::emit::Val;
use super::emit::{f32_hex, Emitter};
use super::ROW_MAX_BLOCK;
use crate::error::{Error, Result};
use crate::ir::{BinaryOp, KernelBody, ReduceOp, SExpr, Schedule};

/// How a row-reduction combines partial values.
#[derive(Clone, Copy, PartialEq)]
enum Combine {
    Sum,
    Max,
}

impl Combine {
    fn identity(self) -> &'static str {
        match self {
            Combine::Sum => "0f00000000",
            Combine::Max => "0fFF800000",
        }
    }
    fn op(self) -> &'static str {
        match self {
            Combine::Sum => "add.rn.f32",
            Combine::Max => "max.f32",
        }
    }
}

impl Emitter<'_> {
    /// Runs `body(block)` for every logical block `0..nblocks`, striding by the grid size so
    /// any block count works with a grid clamped to the hardware limit. The loop bound is
    /// uniform within a block, so barriers inside `body` are safe.
    pub fn block_loop(&mut self, nblocks: u64, body: &mut dyn FnMut(&mut Self, &str) -> Result<()>) -> Result<()> {
        let it = self.it();
        let lb = self.special("%ctaid.x");
        let step = self.special("%nctaid.x");
        let (top, end) = (self.label("block"), self.label("block_end"));
        let p = self.pred();
        self.place(&top);
        self.op(format!("setp.ge.{it} {p}, {lb}, {nblocks}"));
        self.op(format!("@{p} bra {end}"));
        body(self, &lb)?;
        self.op(format!("add.{it} {lb}, {lb}, {step}"));
        self.op(format!("bra {top}"));
        self.place(&end);
        Ok(())
    }

    /// Evaluates `e` and converts it to the output element's compute type, then stores it.
    pub(super) fn write_out(
        &mut self,
        out: usize,
        offset: &str,
        e: &SExpr,
        idx: &[String],
        acc: Option<&str>,
    ) -> Result<()> {
        let v = self.expr(e, idx, acc)?;
        let ty = self
            .spec
            .args
            .get(out)
            .map(|a| a.elem.compute())
            .ok_or_else(|| Error::Internal("output arg missing".into()))?;
        let v = self.cast(v, ty);
        self.store_elem(out, offset, &v)
    }

    pub fn map(&mut self, out: usize, extents: &[usize], value: &SExpr, schedule: Schedule) -> Result<()> {
        let total: u64 = extents.iter().map(|&e| e as u64).product();
        let (w, items) = (schedule.workgroup as u64, schedule.items.max(1) as u64);
        let it = self.it();
        let tid = self.special("%tid.x");
        self.block_loop(total.div_ceil(w * items), &mut |em, lb| {
            let first = em.idx_mad_const(lb, w * items, &tid);
            for j in 0..items {
                let flat = em.idx();
                em.op(format!("add.{it} {flat}, {first}, {}", j * w));
                let (p, skip) = (em.pred(), em.label("item_skip"));
                em.op(format!("setp.ge.{it} {p}, {flat}, {total}"));
                em.op(format!("@{p} bra {skip}"));
                let idx = em.unflatten(&flat, extents);
                em.write_out(out, &flat, value, &idx, None)?;
                em.place(&skip);
            }
            Ok(())
        })
    }

    /// Index notation: like Map, and with `reduce = (op, k)` each item folds `value(i, r)` over
    /// `r in 0..k` sequentially, with the CPU's typed `Add`/`Max` (Mean divides in f32).
    pub fn index(
        &mut self,
        out: usize,
        extents: &[usize],
        reduce: Option<(ReduceOp, usize)>,
        value: &SExpr,
        schedule: Schedule,
    ) -> Result<()> {
        let Some((op, k)) = reduce else { return self.map(out, extents, value, schedule) };
        let total: u64 = extents.iter().map(|&e| e as u64).product();
        let (w, items) = (schedule.workgroup as u64, schedule.items.max(1) as u64);
        let it = self.it();
        let tid = self.special("%tid.x");
        self.block_loop(total.div_ceil(w * items), &mut |em, lb| {
            let first = em.idx_mad_const(lb, w * items, &tid);
            for j in 0..items {
                let flat = em.idx();
                em.op(format!("add.{it} {flat}, {first}, {}", j * w));
                let (p, skip) = (em.pred(), em.label("item_skip"));
                em.op(format!("setp.ge.{it} {p}, {flat}, {total}"));
                em.op(format!("@{p} bra {skip}"));
                let mut idx = em.unflatten(&flat, extents);
                let r = em.idx_const(0);
                idx.push(r.clone());
                let first_v = em.expr(value, &idx, None)?;
                let acc = Val::new(first_v.ty, em.reg_for(first_v.ty));
                em.mov(&acc, &first_v);
                em.op(format!("mov.{it} {r}, 1"));
                let (top, end, q) = (em.label("red"), em.label("red_end"), em.pred());
                em.place(&top);
                em.op(format!("setp.ge.{it} {q}, {r}, {k}"));
                em.op(format!("@{q} bra {end}"));
                let v = em.expr(value, &idx, None)?;
                let combined =
                    em.binary(if op == ReduceOp::Max { BinaryOp::Max } else { BinaryOp::Add }, acc.clone(), v)?;
                let combined = em.cast(combined, acc.ty);
                em.mov(&acc, &combined);
                em.op(format!("add.{it} {r}, {r}, 1"));
                em.op(format!("bra {top}"));
                em.place(&end);
                let result = if op == ReduceOp::Mean {
                    let x = em.as_f32(acc.clone());
                    let q = em.f32();
                    em.op(format!("div.rn.f32 {q}, {}, {}", x.reg, f32_hex(k.max(1) as f32)));
                    Val::new(crate::elem::Ty::F32, q)
                } else {
                    acc.clone()
                };
                let ty = em.spec.args[out].elem.compute();
                let result = em.cast(result, ty);
                em.store_elem(out, &flat, &result)?;
                em.place(&skip);
            }
            Ok(())
        })
    }

    /// Folds `v` over the `w` threads of the block; every thread gets the result. Uses the
    /// kernel's shared array `sh` (`w` f32 words) and leaves it free again.
    fn block_reduce(&mut self, v: &str, tid32: &str, w: u32, combine: Combine) -> String {
        let (base, addr) = (self.b32(), self.b32());
        self.op(format!("mov.u32 {base}, {}_sh", self.spec.entry));
        self.op(format!("mad.lo.u32 {addr}, {tid32}, 4, {base}"));
        self.op(format!("st.shared.f32 [{addr}], {v}"));
        self.op("bar.sync 0");
        let mut s = w / 2;
        while s >= 1 {
            let (p, x, y) = (self.pred(), self.f32(), self.f32());
            self.op(format!("setp.lt.u32 {p}, {tid32}, {s}"));
            self.op(format!("@{p} ld.shared.f32 {x}, [{addr}]"));
            self.op(format!("@{p} ld.shared.f32 {y}, [{addr}+{}]", 4 * s));
            self.op(format!("@{p} {} {x}, {x}, {y}", combine.op()));
            self.op(format!("@{p} st.shared.f32 [{addr}], {x}"));
            self.op("bar.sync 0");
            s /= 2;
        }
        let r = self.f32();
        self.op(format!("ld.shared.f32 {r}, [{base}]"));
        // Nobody may overwrite sh[0] before every thread has read it.
        self.op("bar.sync 0");
        r
    }

    /// `for c in tid..cols step w { f(c) }` over the columns of one row.
    fn col_loop(
        &mut self,
        tid: &str,
        cols: usize,
        w: u32,
        f: &mut dyn FnMut(&mut Self, &str) -> Result<()>,
    ) -> Result<()> {
        let it = self.it();
        let c = self.idx();
        self.op(format!("mov.{it} {c}, {tid}"));
        let (top, end, p) = (self.label("col"), self.label("col_end"), self.pred());
        self.place(&top);
        self.op(format!("setp.ge.{it} {p}, {c}, {cols}"));
        self.op(format!("@{p} bra {end}"));
        f(self, &c)?;
        self.op(format!("add.{it} {c}, {c}, {w}"));
        self.op(format!("bra {top}"));
        self.place(&end);
        Ok(())
    }

    /// Per-thread partial of `value(row, c)` over this thread's columns, then the block result.
    #[allow(clippy::too_many_arguments)] // the row context travels as plain registers
    fn row_fold(
        &mut self,
        lead: &[String],
        tid: &str,
        tid32: &str,
        cols: usize,
        w: u32,
        combine: Combine,
        value: &mut dyn FnMut(&mut Self, &[String]) -> Result<String>,
    ) -> Result<String> {
        let part = self.f32();
        self.op(format!("mov.f32 {part}, {}", combine.identity()));
        self.col_loop(tid, cols, w, &mut |em, c| {
            let mut idx = lead.to_vec();
            idx.push(c.to_string());
            let v = value(em, &idx)?;
            em.op(format!("{} {part}, {part}, {v}", combine.op()));
            Ok(())
        })?;
        Ok(self.block_reduce(&part, tid32, w, combine))
    }

    pub(super) fn input_f32(&mut self, e: &SExpr, idx: &[String]) -> Result<String> {
        let v = self.expr(e, idx, None)?;
        Ok(self.as_f32(v).reg)
    }

    /// RowReduce, Softmax and RmsNorm: one block of `w` threads per row.
    pub fn row_kernel(&mut self, body: &KernelBody, w: u32) -> Result<()> {
        if !w.is_power_of_two() || w > ROW_MAX_BLOCK {
            return Err(Error::Internal(format!(
                "{}: workgroup {w} is not a power of two <= {ROW_MAX_BLOCK}",
                self.spec.entry
            )));
        }
        let (out, leading, cols) = match body {
            KernelBody::RowReduce { out, leading, cols, .. }
            | KernelBody::Softmax { out, leading, cols, .. }
            | KernelBody::RmsNorm { out, leading, cols, .. } => (*out, leading.clone(), *cols),
            _ => return Err(Error::Internal("row_kernel on a non-row body".into())),
        };
        let rows: u64 = leading.iter().map(|&e| e as u64).product();
        let tid32 = self.b32();
        self.op(format!("mov.u32 {tid32}, %tid.x"));
        let tid = self.special("%tid.x");
        let eps = match body {
            KernelBody::RmsNorm { eps, .. } => Some(self.input_f32(eps, &[])?),
            _ => None,
        };
        let cols_f = f32_hex(cols as f32);
        self.block_loop(rows, &mut |em, row| {
            let lead = em.unflatten(row, &leading);
            match body {
                KernelBody::RowReduce { op, input, epilogue, .. } => {
                    let combine = if *op == ReduceOp::Max { Combine::Max } else { Combine::Sum };
                    let mut r =
                        em.row_fold(&lead, &tid, &tid32, cols, w, combine, &mut |em, idx| em.input_f32(input, idx))?;
                    if *op == ReduceOp::Mean {
                        let q = em.f32();
                        em.op(format!("div.rn.f32 {q}, {r}, {cols_f}"));
                        r = q;
                    }
                    let (p, skip) = (em.pred(), em.label("row_skip"));
                    em.op(format!("setp.ne.u32 {p}, {tid32}, 0"));
                    em.op(format!("@{p} bra {skip}"));
                    em.write_out(out, row, epilogue, &lead, Some(&r))?;
                    em.place(&skip);
                }
                KernelBody::Softmax { input, epilogue, .. } => {
                    let m = em.row_fold(&lead, &tid, &tid32, cols, w, Combine::Max, &mut |em, idx| {
                        em.input_f32(input, idx)
                    })?;
                    let shifted_exp = |em: &mut Self, idx: &[String]| -> Result<String> {
                        let x = em.input_f32(input, idx)?;
                        let d = em.f32();
                        em.op(format!("sub.rn.f32 {d}, {x}, {m}"));
                        Ok(em.exp(&d))
                    };
                    let s =
                        em.row_fold(&lead, &tid, &tid32, cols, w, Combine::Sum, &mut |em, idx| shifted_exp(em, idx))?;
                    em.col_loop(&tid, cols, w, &mut |em, c| {
                        let mut idx = lead.clone();
                        idx.push(c.to_string());
                        let e = shifted_exp(em, &idx)?;
                        let a = em.f32();
                        em.op(format!("div.rn.f32 {a}, {e}, {s}"));
                        let off = em.idx_mad_const(row, cols as u64, c);
                        em.write_out(out, &off, epilogue, &idx, Some(&a))
                    })?;
                }
                KernelBody::RmsNorm { input, gain, epilogue, .. } => {
                    let ss = em.row_fold(&lead, &tid, &tid32, cols, w, Combine::Sum, &mut |em, idx| {
                        let x = em.input_f32(input, idx)?;
                        let d = em.f32();
                        em.op(format!("mul.rn.f32 {d}, {x}, {x}"));
                        Ok(d)
                    })?;
                    let (ms, t, sq, inv) = (em.f32(), em.f32(), em.f32(), em.f32());
                    em.op(format!("div.rn.f32 {ms}, {ss}, {cols_f}"));
                    em.op(format!("add.rn.f32 {t}, {ms}, {}", eps.clone().unwrap_or_default()));
                    em.op(format!("sqrt.rn.f32 {sq}, {t}"));
                    em.op(format!("rcp.rn.f32 {inv}, {sq}"));
                    em.col_loop(&tid, cols, w, &mut |em, c| {
                        let mut idx = lead.clone();
                        idx.push(c.to_string());
                        let x = em.input_f32(input, &idx)?;
                        let g = em.input_f32(gain, &idx)?;
                        let (a, b) = (em.f32(), em.f32());
                        em.op(format!("mul.rn.f32 {a}, {x}, {inv}"));
                        em.op(format!("mul.rn.f32 {b}, {a}, {g}"));
                        let off = em.idx_mad_const(row, cols as u64, c);
                        em.write_out(out, &off, epilogue, &idx, Some(&b))
                    })?;
                }
                _ => {}
            }
            Ok(())
        })
    }
}
