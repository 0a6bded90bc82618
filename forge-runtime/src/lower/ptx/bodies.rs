//! Kernel templates: Map (grid-stride over output items), row kernels (one block per row,
//! shared-memory tree reduction), Matmul (16x16 shared-memory tiles, f32 accumulation) and the
//! skinny Matmul for few rows (K split across the block, one column per thread).

use super::emit::Val;
use super::emit::{f32_hex, Emitter};
use super::{MATMUL_TILE, ROW_MAX_BLOCK, SKINNY_UNROLL};
use crate::error::{Error, Result};
use crate::ir::{BinaryOp, KernelBody, ReduceOp, SExpr, Schedule};
use crate::lower::wgsl::{SKINNY_COLS, SKINNY_MAX_M};

/// Whether the skinny matmul first folds the K slices of one warp with shuffles: each warp then
/// holds whole slices of `SKINNY_COLS` lanes (`SKINNY_COLS` divides 32 and the block is whole warps).
fn skinny_shuffles(block: u32) -> bool {
    SKINNY_COLS < 32 && 32u32.is_multiple_of(SKINNY_COLS) && block.is_multiple_of(32)
}

/// Partial sums per output column that meet in shared memory: one per warp with shuffles,
/// else one per K slice. The kernel's shared array `{entry}_sk` holds `groups * m * SKINNY_COLS` f32.
pub(super) fn skinny_groups(block: u32) -> u32 {
    if skinny_shuffles(block) {
        block / 32
    } else {
        block / SKINNY_COLS
    }
}

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
    fn write_out(&mut self, out: usize, offset: &str, e: &SExpr, idx: &[String], acc: Option<&str>) -> Result<()> {
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

    fn input_f32(&mut self, e: &SExpr, idx: &[String]) -> Result<String> {
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

    /// `v = in_bounds ? e(idx) : 0` as f32, branching around the loads when out of bounds.
    fn guarded_f32(&mut self, e: &SExpr, idx: &[String], in_bounds: &str) -> Result<String> {
        let v = self.f32();
        self.op(format!("mov.f32 {v}, 0f00000000"));
        let skip = self.label("tile_skip");
        self.op(format!("@!{in_bounds} bra {skip}"));
        let x = self.input_f32(e, idx)?;
        self.op(format!("mov.f32 {v}, {x}"));
        self.place(&skip);
        Ok(v)
    }

    /// Tiled matmul: each block computes one `T x T` output tile, threads `(tx, ty)`.
    pub fn matmul(
        &mut self,
        out: usize,
        (m, n, k): (usize, usize, usize),
        a: &SExpr,
        b: &SExpr,
        epilogue: &SExpr,
    ) -> Result<()> {
        let t = MATMUL_TILE as u64;
        let it = self.it();
        let (tx32, ty32) = (self.b32(), self.b32());
        self.op(format!("mov.u32 {tx32}, %tid.x"));
        self.op(format!("mov.u32 {ty32}, %tid.y"));
        let (tx, ty) = (self.special("%tid.x"), self.special("%tid.y"));
        let (sa, sb, slot, arow, bcol) = (self.b32(), self.b32(), self.b32(), self.b32(), self.b32());
        let e = &self.spec.entry.clone();
        self.op(format!("mov.u32 {sa}, {e}_as"));
        self.op(format!("mov.u32 {sb}, {e}_bs"));
        self.op(format!("mad.lo.u32 {slot}, {ty32}, {t}, {tx32}"));
        self.op(format!("shl.b32 {slot}, {slot}, 2"));
        self.op(format!("mad.lo.u32 {arow}, {ty32}, {}, {sa}", 4 * t));
        self.op(format!("mad.lo.u32 {bcol}, {tx32}, 4, {sb}"));
        let tiles_n = (n as u64).div_ceil(t);
        let tiles = (m as u64).div_ceil(t) * tiles_n;
        self.block_loop(tiles, &mut |em, lb| {
            let (tm, tn) = (em.idx(), em.idx());
            em.op(format!("div.{it} {tm}, {lb}, {tiles_n}"));
            em.op(format!("rem.{it} {tn}, {lb}, {tiles_n}"));
            let row = em.idx_mad_const(&tm, t, &ty);
            let col = em.idx_mad_const(&tn, t, &tx);
            let (row_ok, col_ok) = (em.pred(), em.pred());
            em.op(format!("setp.lt.{it} {row_ok}, {row}, {m}"));
            em.op(format!("setp.lt.{it} {col_ok}, {col}, {n}"));
            let acc = em.f32();
            em.op(format!("mov.f32 {acc}, 0f00000000"));
            let kt = em.idx();
            em.op(format!("mov.{it} {kt}, 0"));
            let (top, end, p) = (em.label("ktile"), em.label("ktile_end"), em.pred());
            em.place(&top);
            em.op(format!("setp.ge.{it} {p}, {kt}, {k}"));
            em.op(format!("@{p} bra {end}"));
            let (ka, kb, pa, pb) = (em.idx(), em.idx(), em.pred(), em.pred());
            em.op(format!("add.{it} {ka}, {kt}, {tx}"));
            em.op(format!("add.{it} {kb}, {kt}, {ty}"));
            em.op(format!("setp.lt.and.{it} {pa}, {ka}, {k}, {row_ok}"));
            em.op(format!("setp.lt.and.{it} {pb}, {kb}, {k}, {col_ok}"));
            let va = em.guarded_f32(a, &[row.clone(), ka], &pa)?;
            let vb = em.guarded_f32(b, &[kb, col.clone()], &pb)?;
            let (da, db) = (em.b32(), em.b32());
            em.op(format!("add.u32 {da}, {sa}, {slot}"));
            em.op(format!("add.u32 {db}, {sb}, {slot}"));
            em.op(format!("st.shared.f32 [{da}], {va}"));
            em.op(format!("st.shared.f32 [{db}], {vb}"));
            em.op("bar.sync 0");
            for kk in 0..t {
                let (x, y) = (em.f32(), em.f32());
                em.op(format!("ld.shared.f32 {x}, [{arow}+{}]", 4 * kk));
                em.op(format!("ld.shared.f32 {y}, [{bcol}+{}]", 4 * t * kk));
                em.op(format!("fma.rn.f32 {acc}, {x}, {y}, {acc}"));
            }
            em.op("bar.sync 0");
            em.op(format!("add.{it} {kt}, {kt}, {t}"));
            em.op(format!("bra {top}"));
            em.place(&end);
            let (ok, skip) = (em.pred(), em.label("mm_skip"));
            em.op(format!("and.pred {ok}, {row_ok}, {col_ok}"));
            em.op(format!("@!{ok} bra {skip}"));
            let off = em.idx_mad_const(&row, n as u64, &col);
            em.write_out(out, &off, epilogue, &[row.clone(), col.clone()], Some(&acc))?;
            em.place(&skip);
            Ok(())
        })
    }

    /// Skinny matmul (`m <= SKINNY_MAX_M` rows): each block owns `SKINNY_COLS` consecutive
    /// output columns; thread `tid = slice * SKINNY_COLS + col` sums `a(i, kk) * b(kk, j)` over
    /// `kk = slice, slice + slices, …` into `m` registers (each `b` element is read once), then
    /// the slices are folded (warp shuffles, then shared memory) and one thread per `(i, j)`
    /// applies the epilogue and stores.
    #[allow(clippy::too_many_arguments)] // mirrors `matmul`, plus the block size
    pub fn skinny_matmul(
        &mut self,
        out: usize,
        (m, n, k): (usize, usize, usize),
        a: &SExpr,
        b: &SExpr,
        epilogue: &SExpr,
        block: u32,
    ) -> Result<()> {
        let cols = SKINNY_COLS as u64;
        let slices = (block / SKINNY_COLS) as u64;
        if m == 0 || m > SKINNY_MAX_M || slices < 2 || block > ROW_MAX_BLOCK {
            return Err(Error::Internal(format!(
                "{}: skinny matmul with m = {m}, block {block} (needs m in 1..={SKINNY_MAX_M}, 2 or more slices)",
                self.spec.entry
            )));
        }
        let (m64, block64) = (m as u64, block as u64);
        let shuffles = skinny_shuffles(block);
        let groups = skinny_groups(block) as u64;
        let it = self.it();
        let e = self.spec.entry.clone();
        // Per-thread constants: column and slice, shared-memory slots, the row indices.
        let tid32 = self.b32();
        self.op(format!("mov.u32 {tid32}, %tid.x"));
        let tid = self.special("%tid.x");
        let (col, slice) = (self.idx(), self.idx());
        self.op(format!("rem.{it} {col}, {tid}, {cols}"));
        self.op(format!("div.{it} {slice}, {tid}, {cols}"));
        let (base, col32, group32, wr, rd) = (self.b32(), self.b32(), self.b32(), self.b32(), self.b32());
        self.op(format!("mov.u32 {base}, {e}_sk"));
        self.op(format!("rem.u32 {col32}, {tid32}, {cols}"));
        if shuffles {
            self.op(format!("shr.u32 {group32}, {tid32}, 5"));
        } else {
            self.op(format!("div.u32 {group32}, {tid32}, {cols}"));
        }
        // Writer slot: red[(group * m + i) * cols + col]; reader slot of output o: red[q * m * cols + o].
        self.op(format!("mad.lo.u32 {wr}, {group32}, {}, {col32}", m64 * cols));
        self.op(format!("mad.lo.u32 {wr}, {wr}, 4, {base}"));
        self.op(format!("mad.lo.u32 {rd}, {tid32}, 4, {base}"));
        let writes = self.pred();
        if shuffles {
            let lane = self.b32();
            self.op(format!("and.b32 {lane}, {tid32}, 31"));
            self.op(format!("setp.lt.u32 {writes}, {lane}, {cols}"));
        } else {
            self.op(format!("setp.eq.u32 {writes}, {tid32}, {tid32}"));
        }
        let rows: Vec<String> = (0..m as u64).map(|i| self.idx_const(i)).collect();
        let unroll = SKINNY_UNROLL.max(1);
        let outputs = m64 * cols;
        self.block_loop((n as u64).div_ceil(cols), &mut |em, lb| {
            let j = em.idx_mad_const(lb, cols, &col);
            let parts: Vec<String> = (0..m).map(|_| em.f32()).collect();
            for p in &parts {
                em.op(format!("mov.f32 {p}, 0f00000000"));
            }
            let (col_ok, skip) = (em.pred(), em.label("sk_skip"));
            em.op(format!("setp.lt.{it} {col_ok}, {j}, {n}"));
            em.op(format!("@!{col_ok} bra {skip}"));
            let kk = em.idx();
            em.op(format!("mov.{it} {kk}, {slice}"));
            // `step(ks)`: b(ks[u], j) for every u first (independent loads), then the m FMAs each.
            let step = |em: &mut Self, ks: &[String]| -> Result<()> {
                let mut bs = Vec::with_capacity(ks.len());
                for kx in ks {
                    bs.push(em.input_f32(b, &[kx.clone(), j.clone()])?);
                }
                for (kx, bv) in ks.iter().zip(&bs) {
                    for (row, p) in rows.iter().zip(&parts) {
                        let av = em.input_f32(a, &[row.clone(), kx.clone()])?;
                        em.op(format!("fma.rn.f32 {p}, {av}, {bv}, {p}"));
                    }
                }
                Ok(())
            };
            if unroll > 1 && k as u64 > (unroll - 1) * slices {
                // Main loop while all `unroll` steps are in range: kk + (unroll - 1) * slices < k.
                let limit = k as u64 - (unroll - 1) * slices;
                let (top, end, p) = (em.label("sk_main"), em.label("sk_main_end"), em.pred());
                em.place(&top);
                em.op(format!("setp.ge.{it} {p}, {kk}, {limit}"));
                em.op(format!("@{p} bra {end}"));
                let mut ks = vec![kk.clone()];
                for u in 1..unroll {
                    let x = em.idx();
                    em.op(format!("add.{it} {x}, {kk}, {}", u * slices));
                    ks.push(x);
                }
                step(em, &ks)?;
                em.op(format!("add.{it} {kk}, {kk}, {}", unroll * slices));
                em.op(format!("bra {top}"));
                em.place(&end);
            }
            let (top, end, p) = (em.label("sk_k"), em.label("sk_k_end"), em.pred());
            em.place(&top);
            em.op(format!("setp.ge.{it} {p}, {kk}, {k}"));
            em.op(format!("@{p} bra {end}"));
            step(em, std::slice::from_ref(&kk))?;
            em.op(format!("add.{it} {kk}, {kk}, {slices}"));
            em.op(format!("bra {top}"));
            em.place(&end);
            em.place(&skip);
            // Fold the slices of each warp (lanes col, col + cols, … hold the same column).
            if shuffles {
                let mut off = cols;
                while off < 32 {
                    for p in &parts {
                        let t = em.f32();
                        em.op(format!("shfl.sync.bfly.b32 {t}, {p}, {off}, 31, -1"));
                        em.op(format!("add.rn.f32 {p}, {p}, {t}"));
                    }
                    off *= 2;
                }
            }
            for (i, p) in parts.iter().enumerate() {
                em.op(format!("@{writes} st.shared.f32 [{wr}+{}], {p}", 4 * i as u64 * cols));
            }
            em.op("bar.sync 0");
            // One thread per output (i, col): o = tid + r * block < m * cols, i = o / cols.
            for r in 0..outputs.div_ceil(block64) {
                let o = em.idx();
                em.op(format!("add.{it} {o}, {tid}, {}", r * block64));
                let (ok, done) = (em.pred(), em.label("sk_out"));
                if (r + 1) * block64 > outputs {
                    em.op(format!("setp.ge.{it} {ok}, {o}, {outputs}"));
                    em.op(format!("@{ok} bra {done}"));
                }
                let (i, c) = (em.idx(), em.idx());
                em.op(format!("div.{it} {i}, {o}, {cols}"));
                em.op(format!("rem.{it} {c}, {o}, {cols}"));
                let jj = em.idx_mad_const(lb, cols, &c);
                let jp = em.pred();
                em.op(format!("setp.ge.{it} {jp}, {jj}, {n}"));
                em.op(format!("@{jp} bra {done}"));
                let acc = em.f32();
                em.op(format!("ld.shared.f32 {acc}, [{rd}+{}]", 4 * r * block64));
                for q in 1..groups {
                    let x = em.f32();
                    em.op(format!("ld.shared.f32 {x}, [{rd}+{}]", 4 * (r * block64 + q * outputs)));
                    em.op(format!("add.rn.f32 {acc}, {acc}, {x}"));
                }
                let off = em.idx_mad_const(&i, n as u64, &jj);
                em.write_out(out, &off, epilogue, &[i.clone(), jj.clone()], Some(&acc))?;
                em.place(&done);
            }
            // The next block's partials may not overwrite the array before every read above.
            em.op("bar.sync 0");
            Ok(())
        })
    }
}
