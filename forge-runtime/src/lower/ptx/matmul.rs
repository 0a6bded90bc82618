//! Matmul templates: the 16x16 shared-memory tile (one output per thread), the register-blocked
//! tile (`BLOCKED_TILE` square per 256-thread block, a 2x2 block of outputs per thread) and the
//! skinny kernel for few rows (K split across the block, one column per thread). All accumulate
//! each output in f32 over k in order, so they differ only in rounding order from the CPU.

use super::emit::Emitter;
use super::{BLOCKED_THREADS, MATMUL_TILE, ROW_MAX_BLOCK, SKINNY_UNROLL};
use crate::error::{Error, Result};
use crate::ir::SExpr;
use crate::lower::wgsl::{BLOCKED_K, BLOCKED_TILE, SKINNY_COLS, SKINNY_MAX_M};

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

impl Emitter<'_> {
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

    /// Register-blocked matmul (used when `wgsl::blocked_matmul` holds): each block of
    /// `BLOCKED_THREADS` threads computes one `BLOCKED_TILE` square output tile. Thread
    /// `tid = ty * S + tx` (`S` = threads per tile side) owns outputs `(ty + S * i, tx + S * j)`,
    /// `i, j < BLOCKED_TILE / S`, in registers. Per K step the block stages `a` as
    /// `[BLOCKED_TILE][BLOCKED_K]` and `b` as `[BLOCKED_K][BLOCKED_TILE]` in shared memory
    /// (element `tid + BLOCKED_THREADS * r` of each is thread `tid`'s `r`-th load, zero past
    /// m, n, k), then each thread runs `BLOCKED_K` steps of 2 + 2 shared loads and 4 FMAs.
    pub fn blocked_matmul(
        &mut self,
        out: usize,
        (m, n, k): (usize, usize, usize),
        a: &SExpr,
        b: &SExpr,
        epilogue: &SExpr,
    ) -> Result<()> {
        let (bt, bk, threads) = (BLOCKED_TILE as u64, BLOCKED_K as u64, BLOCKED_THREADS as u64);
        let side = 1u64 << (threads.ilog2() / 2);
        let per = bt / side.max(1);
        let loads = bt * bk / threads;
        if side * side != threads
            || per * side != bt
            || loads * threads != bt * bk
            || !threads.is_multiple_of(bk)
            || !threads.is_multiple_of(bt)
        {
            return Err(Error::Internal(format!(
                "{}: blocked matmul needs a square thread grid dividing the {bt} tile and {threads} \
                 threads divisible by {bk} and {bt}",
                self.spec.entry
            )));
        }
        let it = self.it();
        let e = self.spec.entry.clone();
        let tid32 = self.b32();
        self.op(format!("mov.u32 {tid32}, %tid.x"));
        let tid = self.special("%tid.x");
        // Output position (ty, tx); a-load position (a_row, a_kk); b-load position (b_kk, b_col).
        let (tx, ty, a_row, a_kk, b_kk, b_col) =
            (self.idx(), self.idx(), self.idx(), self.idx(), self.idx(), self.idx());
        self.op(format!("rem.{it} {tx}, {tid}, {side}"));
        self.op(format!("div.{it} {ty}, {tid}, {side}"));
        self.op(format!("div.{it} {a_row}, {tid}, {bk}"));
        self.op(format!("rem.{it} {a_kk}, {tid}, {bk}"));
        self.op(format!("div.{it} {b_kk}, {tid}, {bt}"));
        self.op(format!("rem.{it} {b_col}, {tid}, {bt}"));
        // Shared addresses: store slots sa/sb + 4 * (tid + threads * r); the thread's a rows and b columns.
        let (sa, sb, da, db, arow, bcol, tx32, ty32) =
            (self.b32(), self.b32(), self.b32(), self.b32(), self.b32(), self.b32(), self.b32(), self.b32());
        self.op(format!("mov.u32 {sa}, {e}_as"));
        self.op(format!("mov.u32 {sb}, {e}_bs"));
        self.op(format!("mad.lo.u32 {da}, {tid32}, 4, {sa}"));
        self.op(format!("mad.lo.u32 {db}, {tid32}, 4, {sb}"));
        self.op(format!("rem.u32 {tx32}, {tid32}, {side}"));
        self.op(format!("div.u32 {ty32}, {tid32}, {side}"));
        self.op(format!("mad.lo.u32 {arow}, {ty32}, {}, {sa}", 4 * bk));
        self.op(format!("mad.lo.u32 {bcol}, {tx32}, 4, {sb}"));
        let tiles_n = (n as u64).div_ceil(bt);
        let tiles = (m as u64).div_ceil(bt) * tiles_n;
        self.block_loop(tiles, &mut |em, lb| {
            let (tm, tn, row0, col0) = (em.idx(), em.idx(), em.idx(), em.idx());
            em.op(format!("div.{it} {tm}, {lb}, {tiles_n}"));
            em.op(format!("rem.{it} {tn}, {lb}, {tiles_n}"));
            em.op(format!("mul.lo.{it} {row0}, {tm}, {bt}"));
            em.op(format!("mul.lo.{it} {col0}, {tn}, {bt}"));
            // Rows of a this thread loads and whether they exist; likewise b's column.
            let mut a_rows = Vec::new();
            for r in 0..loads {
                let (ra, ok) = (em.idx(), em.pred());
                em.op(format!("add.{it} {ra}, {row0}, {a_row}"));
                if r > 0 {
                    em.op(format!("add.{it} {ra}, {ra}, {}", r * threads / bk));
                }
                em.op(format!("setp.lt.{it} {ok}, {ra}, {m}"));
                a_rows.push((ra, ok));
            }
            let (cb, cb_ok) = (em.idx(), em.pred());
            em.op(format!("add.{it} {cb}, {col0}, {b_col}"));
            em.op(format!("setp.lt.{it} {cb_ok}, {cb}, {n}"));
            let accs: Vec<String> = (0..per * per).map(|_| em.f32()).collect();
            for acc in &accs {
                em.op(format!("mov.f32 {acc}, 0f00000000"));
            }
            let kt = em.idx();
            em.op(format!("mov.{it} {kt}, 0"));
            let (top, end, p) = (em.label("bk"), em.label("bk_end"), em.pred());
            em.place(&top);
            em.op(format!("setp.ge.{it} {p}, {kt}, {k}"));
            em.op(format!("@{p} bra {end}"));
            // Global loads first (all independent), then the shared stores.
            let ka = em.idx();
            em.op(format!("add.{it} {ka}, {kt}, {a_kk}"));
            let mut vals = Vec::new();
            for (ra, ok) in &a_rows {
                let pa = em.pred();
                em.op(format!("setp.lt.and.{it} {pa}, {ka}, {k}, {ok}"));
                vals.push((em.guarded_f32(a, &[ra.clone(), ka.clone()], &pa)?, &da));
            }
            for r in 0..loads {
                let (kb, pb) = (em.idx(), em.pred());
                em.op(format!("add.{it} {kb}, {kt}, {b_kk}"));
                if r > 0 {
                    em.op(format!("add.{it} {kb}, {kb}, {}", r * threads / bt));
                }
                em.op(format!("setp.lt.and.{it} {pb}, {kb}, {k}, {cb_ok}"));
                vals.push((em.guarded_f32(b, &[kb, cb.clone()], &pb)?, &db));
            }
            for (i, (v, slot)) in vals.iter().enumerate() {
                let r = i as u64 % loads;
                em.op(format!("st.shared.f32 [{slot}+{}], {v}", 4 * threads * r));
            }
            em.op("bar.sync 0");
            for kk in 0..bk {
                let xs: Vec<String> = (0..per).map(|_| em.f32()).collect();
                let ys: Vec<String> = (0..per).map(|_| em.f32()).collect();
                for (i, x) in xs.iter().enumerate() {
                    em.op(format!("ld.shared.f32 {x}, [{arow}+{}]", 4 * (i as u64 * side * bk + kk)));
                }
                for (j, y) in ys.iter().enumerate() {
                    em.op(format!("ld.shared.f32 {y}, [{bcol}+{}]", 4 * (kk * bt + j as u64 * side)));
                }
                for (i, x) in xs.iter().enumerate() {
                    for (j, y) in ys.iter().enumerate() {
                        let acc = &accs[i * per as usize + j];
                        em.op(format!("fma.rn.f32 {acc}, {x}, {y}, {acc}"));
                    }
                }
            }
            em.op("bar.sync 0");
            em.op(format!("add.{it} {kt}, {kt}, {bk}"));
            em.op(format!("bra {top}"));
            em.place(&end);
            for i in 0..per {
                let (row, row_ok) = (em.idx(), em.pred());
                em.op(format!("add.{it} {row}, {row0}, {ty}"));
                if i > 0 {
                    em.op(format!("add.{it} {row}, {row}, {}", i * side));
                }
                em.op(format!("setp.lt.{it} {row_ok}, {row}, {m}"));
                for j in 0..per {
                    let (col, ok, skip) = (em.idx(), em.pred(), em.label("bk_skip"));
                    em.op(format!("add.{it} {col}, {col0}, {tx}"));
                    if j > 0 {
                        em.op(format!("add.{it} {col}, {col}, {}", j * side));
                    }
                    em.op(format!("setp.lt.and.{it} {ok}, {col}, {n}, {row_ok}"));
                    em.op(format!("@!{ok} bra {skip}"));
                    let off = em.idx_mad_const(&row, n as u64, &col);
                    let acc = accs[(i * per + j) as usize].clone();
                    em.write_out(out, &off, epilogue, &[row.clone(), col.clone()], Some(&acc))?;
                    em.place(&skip);
                }
            }
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
