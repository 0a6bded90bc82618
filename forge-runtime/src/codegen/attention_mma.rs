//! A prompt's attention on tensor cores (CUDA sm_90+, [`AttentionMma`]): a block of four warps
//! holds 64 query rows of one batch entry (16 a warp, as `mma.sync.m16n8k8` TF32 fragments in
//! registers) and walks the entry's keys in tiles of 32 with an online softmax, so the scores
//! never reach memory:
//! - each tile's keys and values go through registers into workgroup memory (with their TF32
//!   remainders for `tf32x3`), the next live tile's loads in flight while the block computes
//!   this one;
//! - scores `Q·Kᵀ` by tensor cores, scaled and masked in the accumulator layout; each row's
//!   running maximum meets across the four lanes that hold it (shuffles), its denominator stays
//!   a partial per lane until the end;
//! - the probabilities go through the warp's own workgroup memory (the accumulator layout is
//!   not the operand layout) into `P·V` by tensor cores;
//! - a tile every row's mask leaves out (`-inf` on every key: slots past a causal prompt's
//!   positions, a cache's unwritten slots) is skipped whole: its masks are read one tile ahead,
//!   the block votes (`__syncthreads_or`), and neither its keys nor its products are touched;
//! - with `parts > 1` the blocks of a cluster take tiles `rank, rank + parts, ..` of the same
//!   rows (a prompt fills few blocks: SmolLM2's 512 rows are 72), leave their softmax states in
//!   workgroup memory, and block `rank` finishes a `1 / parts` share of the rows from all of
//!   them through distributed shared memory.
//!
//! `tf32x3` splits every operand `x` into `hi` (its top 19 bits, which the tensor cores read
//! from `x` itself) and `lo = x − hi` rounded to TF32 and sums `lo·hi + hi·lo + hi·hi`, as the
//! GEMM does (`docs/semantics.md`); `tf32` reads the top 19 bits. Semantics otherwise as the
//! other attention kernels (`softmax(q·kᵀ·scale + mask)·v`; a masked key weighs 0 whatever its
//! rows hold, a row whose every key is masked gets 0/0 = NaN); only the order of the sums and
//! the products' rounding differ.

use super::attention::{min, store_point, with};
use super::attention_cluster::CLUSTER_SYNC;
use super::attention_mma_tile::{load_tile, masks, pointers, store_tile, tile_products, vote, Layout, LANE_SCORES};
use super::geometry::{AttentionMma, ATTENTION_MMA_KEYS, ATTENTION_MMA_ROWS, ATTENTION_MMA_THREADS};
use super::{unflatten, Dialect, Writer};
use crate::elem::Ty;
use crate::ir::AttentionBody;

/// The TF32 remainder of `x` (`x − hi` rounded to nearest, ties away, like `cvt.rna`; `+-inf`:
/// 0; NaN: a quiet NaN, so a NaN whose payload lies only in the low 13 bits, which the tensor
/// cores read as inf, still makes the product NaN) and the `m16n8k8` product, as lambdas so two
/// attentions in one program do not define them twice.
const HELPERS: &str = r#"auto frest = [](u32 x) -> u32 {
    const u32 a = x & 0x7fffffffu;
    const u32 d = __float_as_uint(__uint_as_float(x) - __uint_as_float(x & 0xffffe000u));
    const u32 lo = (d + 0x1000u) & 0xffffe000u;
    return a < 0x7f800000u ? lo : (a == 0x7f800000u ? 0u : 0x7fc00000u);
};
auto fmma = [](float* d, u32 a0, u32 a1, u32 a2, u32 a3, u32 b0, u32 b1) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
};"#;

/// The kernel of `a` (its layout `m`).
pub(super) fn mma(w: &mut Writer<'_>, a: &AttentionBody, m: AttentionMma) {
    debug_assert!(w.d == Dialect::Cuda, "tensor-core attention is a CUDA template");
    let lay = Layout::of(a, m);
    let (e, ev, bk, t) = (a.e, a.ev, ATTENTION_MMA_KEYS, ATTENTION_MMA_THREADS as usize);
    w.variant = Some(super::geometry::mma_name(m));
    w.shared_raw("sm", "u32", lay.words);
    if m.parts > 1 {
        w.cluster = Some(m.parts);
    }
    for l in HELPERS.lines() {
        w.line(l);
    }
    let parts = m.parts as u64;
    let row_blocks = a.tq.div_ceil(ATTENTION_MMA_ROWS) as u64;
    w.let_("rank", Ty::U32, &format!("u32(group % {})", w.u(parts)));
    w.let_idx("blk", &format!("group / {}", w.u(parts)));
    // Every entry's last rows first (under a causal mask they see the most keys), so a grid of
    // more blocks than fit at once leaves the lightest for last.
    let entries = a.batch.iter().product::<usize>().max(1) as u64;
    w.let_idx("bidx", &format!("blk % {}", w.u(entries)));
    w.let_idx("rb", &format!("{} - blk / {}", w.u(row_blocks - 1), w.u(entries)));
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    let scale = w.expr(&a.scale, &[], None, "");
    w.let_("scale", Ty::F32, &scale);
    w.line("const u32 warp = lid / 32u, g = (lid % 32u) / 4u, t4 = lid % 4u;");
    w.let_idx("r0", &format!("rb * {} + warp * 16u + g", w.u(ATTENTION_MMA_ROWS as u64)));
    queries(w, a, m, &bvars);
    w.line(format!("float o[{}];", ev / 2));
    w.unroll("x", ev / 2);
    w.line("o[x] = 0.0f;");
    w.end_unroll();
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.line(format!("float ma = {ninf}, mb = {ninf}, la = 0.0f, lb = 0.0f;"));
    w.line(format!("float mk[{LANE_SCORES}], mn[{LANE_SCORES}];"));
    w.line(format!("float kr[{}], vr[{}];", bk * e / t, bk * ev / t));
    pointers(w, &lay, a);
    // The first tile's keys and values are read beside its masks (one round trip; wasted
    // where the tile turns out masked).
    let first = format!("{} * rank", w.u(bk as u64));
    load_tile(w, a, &bvars, &first);
    masks(w, a, &bvars, "mk", &first);
    vote(w, "live", "mk");
    w.line("bool loaded = true;");
    let tiles = a.tk.div_ceil(bk) as u64;
    w.for_("kt", &w.idx("rank"), &w.u(tiles), &w.u(parts));
    w.let_idx("c0", &format!("kt * {}", w.u(bk as u64)));
    w.if_("live");
    w.if_("!loaded");
    load_tile(w, a, &bvars, "c0");
    w.close();
    store_tile(w, a, m, &lay);
    w.close();
    // Whether the block has a next tile; its masks are read while this one's products run (a
    // dead tile's right away), its keys and values where this tile is live.
    w.line(format!("const bool more = kt + {} < {};", w.u(parts), w.u(tiles)));
    w.unroll("x", LANE_SCORES);
    w.line(format!("mn[x] = {ninf};"));
    w.end_unroll();
    let next = format!("c0 + {}", w.u(parts * bk as u64));
    let next_masks = |w: &mut Writer<'_>| {
        w.if_("more");
        masks(w, a, &bvars, "mn", &next);
        w.close();
    };
    w.barrier();
    w.if_("live");
    w.if_("more");
    load_tile(w, a, &bvars, &next);
    w.close();
    tile_products(w, a, m, &lay, &next_masks);
    w.close_else();
    next_masks(w);
    w.close();
    vote(w, "next", "mn");
    w.line("loaded = live && more;");
    w.line("live = next;");
    w.unroll("x", LANE_SCORES);
    w.line("mk[x] = mn[x];");
    w.end_unroll();
    w.close();
    for v in ["la", "lb"] {
        for lane in [1, 2] {
            w.line(format!("{v} += __shfl_xor_sync(0xffffffffu, {v}, {lane});"));
        }
    }
    if m.parts > 1 {
        combine(w, a, m, &lay, &bvars);
    } else {
        finish(w, a, &bvars);
    }
}

/// Each lane's query fragments (`E / 2` values: fragment `f` of k-step `f / 4` is row
/// `g + 8·(f % 2)`, dim `t4 + 4·((f / 2) % 2)`) and their TF32 remainders for `tf32x3`. Rows
/// past `tq` read the last row and are never stored.
fn queries(w: &mut Writer<'_>, a: &AttentionBody, m: AttentionMma, bvars: &[String]) {
    let n = a.e / 2;
    w.line(format!("u32 qh[{n}];"));
    if m.x3 {
        w.line(format!("u32 ql[{n}];"));
    }
    w.unroll("f", n);
    let last = w.u(a.tq as u64 - 1);
    w.let_idx("qr", "r0 + (f % 2u) * 8u");
    w.let_idx("qi", &min(w, "qr", &last));
    w.let_idx("d", "(f / 4u) * 8u + t4 + ((f / 2u) % 2u) * 4u");
    let q = w.expr(&a.q, &with(bvars, "qi", "d"), None, "");
    w.line(format!("qh[f] = __float_as_uint({q});"));
    if m.x3 {
        w.line("ql[f] = frest(qh[f]);");
    }
    w.end_unroll();
}

/// One block a row block: the lane's outputs (row `r0` for `o[x]` with `x % 4 < 2`, `r0 + 8`
/// for the others; dim `8·(x / 4) + 2·t4 + x % 2`) through the epilogue.
fn finish(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String]) {
    w.own_strides = Some(a.store_strides());
    w.unroll("x", a.ev / 2);
    w.let_idx("qi", "r0 + ((x % 4u) / 2u) * 8u");
    w.if_(&format!("qi < {}", w.u(a.tq as u64)));
    w.let_idx("d", "(x / 4u) * 8u + 2u * t4 + x % 2u");
    let row = format!("(bidx * {} + qi)", w.u(a.tq as u64));
    store_point(w, a, bvars, &row, "d", "o[x] / (x % 4u < 2u ? la : lb)");
    w.close();
    w.end_unroll();
}

/// A cluster's blocks: each leaves its rows' unnormalised outputs, maxima and denominators in
/// its workgroup memory (over the tiles, which every warp has finished: the last vote was a
/// barrier), the cluster barrier publishes them, and block `rank` finishes rows `rank · 64 /
/// parts ..` from every block's state, `threads / rows` threads a row, each every so many dims:
/// the row's weights `w_r = e^(m_r − M)` (`M = max m_r`) once, then `Σ w_r o_r / Σ w_r l_r` a
/// dim; a second cluster barrier keeps each block's memory alive until all have read it.
fn combine(w: &mut Writer<'_>, a: &AttentionBody, m: AttentionMma, lay: &Layout, bvars: &[String]) {
    let (os, om, ol, ev) = (lay.os, lay.om, lay.ol, a.ev);
    let parts = m.parts as usize;
    w.unroll("x", ev / 2);
    w.line("const u32 lr = warp * 16u + g + ((x % 4u) / 2u) * 8u;");
    w.line(format!("sm[lr * {os}u + (x / 4u) * 8u + 2u * t4 + x % 2u] = __float_as_uint(o[x]);"));
    w.end_unroll();
    w.if_("t4 == 0u");
    w.line(format!("sm[{om}u + warp * 16u + g] = __float_as_uint(ma);"));
    w.line(format!("sm[{om}u + warp * 16u + g + 8u] = __float_as_uint(mb);"));
    w.line(format!("sm[{ol}u + warp * 16u + g] = __float_as_uint(la);"));
    w.line(format!("sm[{ol}u + warp * 16u + g + 8u] = __float_as_uint(lb);"));
    w.close();
    w.line(CLUSTER_SYNC);
    let share = ATTENTION_MMA_ROWS / parts;
    let per_row = ATTENTION_MMA_THREADS as usize / share;
    let dims = ev / per_row;
    // Each block's workgroup memory as this block addresses it through the cluster.
    w.line("const u32 sm_at = u32(__cvta_generic_to_shared(sm));");
    w.line(format!("u32 peer[{parts}];"));
    w.for_unrolled("cr", parts);
    w.line(r#"asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer[cr]) : "r"(sm_at), "r"(cr));"#);
    w.close();
    let load = |w: &mut Writer<'_>, name: &str, at: &str| {
        w.line(format!(
            r#"asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"({name}) : "r"(peer[cr] + 4u * ({at})));"#
        ));
    };
    w.line(format!("const u32 lr = rank * {share}u + lid / {per_row}u;"));
    // Lane `k` of a row takes its dims `k, k + per_row, ..`: the lanes of a row read neighbouring
    // words (a run of a lane's own would put 8 lanes on each bank).
    w.line(format!("const u32 d0 = lid % {per_row}u;"));
    w.line(format!("float mr[{parts}], lsum[{parts}], orow[{parts}][{dims}];"));
    w.for_unrolled("cr", parts);
    load(w, "mr[cr]", &format!("{om}u + lr"));
    load(w, "lsum[cr]", &format!("{ol}u + lr"));
    w.unroll("j", dims);
    load(w, "orow[cr][j]", &format!("lr * {os}u + d0 + j * {per_row}u"));
    w.end_unroll();
    w.close();
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.line(format!("float top = {ninf}, den = 0.0f;"));
    w.for_unrolled("cr", parts);
    w.line("top = forge_fmax(top, mr[cr]);");
    w.close();
    // A block that saw no live key of the row (maximum -inf) weighs 0.
    w.line(format!("float wr[{parts}];"));
    w.for_unrolled("cr", parts);
    w.line(format!("wr[cr] = {} ? expf(mr[cr] - top) : 0.0f;", w.not_neg_inf("mr[cr]")));
    w.line("den += wr[cr] * lsum[cr];");
    w.close();
    w.own_strides = Some(a.store_strides());
    w.let_idx("qi", &format!("rb * {} + lr", w.u(ATTENTION_MMA_ROWS as u64)));
    w.if_(&format!("qi < {}", w.u(a.tq as u64)));
    w.unroll("j", dims);
    w.let_idx("d", &w.idx(&format!("d0 + j * {per_row}u")));
    w.line("float num = 0.0f;");
    w.for_unrolled("cr", parts);
    w.line("num += wr[cr] * orow[cr][j];");
    w.close();
    let row = format!("(bidx * {} + qi)", w.u(a.tq as u64));
    store_point(w, a, bvars, &row, "d", "num / den");
    w.end_unroll();
    w.close();
    w.line(CLUSTER_SYNC);
}
