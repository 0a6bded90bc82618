//! Spread attention over a cluster (CUDA sm_90+): a decoding batch entry's keys split over the
//! `parts` blocks of one thread-block cluster (`__cluster_dims__`), so its key and value rows
//! stream through `parts` multiprocessors instead of one (the one-workgroup spread reads a
//! Llama head's 512 cached keys and values, 256 KiB, through a single multiprocessor).
//! - block `rank` takes the chunks of [`SPREAD_CHUNK`] keys `rank, rank + parts, ..` (a
//!   prefix of live keys, as a decoding cache has, spreads evenly), at most one key a thread;
//! - the batch axes the keys and values broadcast along (grouped-query heads) join the query
//!   rows, so a key is read once for every head of its group;
//! - every load is issued before any is used (one round trip): the masks of each warp's keys,
//!   their rows (warp `kw` its keys', lanes along the dims so each load instruction reads one
//!   contiguous run), every thread's share of its values group's rows, and the queries;
//! - scores against every query row (a lane's dims summed across the warp by shuffles), the
//!   block's softmax over its keys (thread `lid` local key `lid`: maximum `m_r`,
//!   denominator `l_r`; a warp's by shuffles, the warps' through workgroup memory), then
//!   `key_groups` groups of `lanes` threads sum their keys' value rows at their probabilities,
//!   and the groups meet in workgroup memory: the unnormalised rows `o_r`;
//! - every block leaves `m_r`, `l_r`, `o_r` in its workgroup memory, the cluster barrier
//!   publishes them, and block `rank` finishes the output dims `x ≡ rank (mod parts)`:
//!   `Σ e^(m_r − M) o_r / Σ e^(m_r − M) l_r` with `M = max m_r`, read through distributed shared
//!   memory; a second cluster barrier keeps each block's memory alive until all have read it.
//!
//! Semantics as the one-workgroup spread (`softmax(q·kᵀ·scale + mask)·v`; masked keys weigh
//! 0 whatever their rows hold: their rows are read beside the masks, which saves a round trip,
//! but a masked score is dropped by a select and a value of probability 0 is skipped; a row
//! whose every key is masked gets 0/0 = NaN); only the order of the sums differs.
//!
//! Where it runs: the language's `attention` of a few queries an entry over at least 512 keys
//! on sm_90+ (`ir::limits::attention_cluster_layout`). GPT-2's cached decoding step over 632
//! slots went from one workgroup a head to 8 blocks a head (BENCHMARKS.md). (Folded from the
//! statements, it lost to their chain of kernels twice, so CUDA keeps those.)

use super::attention::{store_point, with};
use super::geometry::AttentionSpread;
use super::{unflatten, Dialect, Writer};
use crate::elem::Ty;
use crate::ir::limits::{broadcast_axes, SPREAD_CHUNK};
use crate::ir::AttentionBody;

/// The cluster barrier: every thread of every block of the cluster arrives, and what each
/// wrote to its workgroup memory before it is visible to all after it.
pub(super) const CLUSTER_SYNC: &str =
    r#"asm volatile("barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;" ::: "memory");"#;

/// The kernel of `a` under the cluster layout `s` (`s.parts` blocks an entry of `s.rows` rows):
/// its phases one after another.
pub(super) fn spread_cluster(w: &mut Writer<'_>, a: &AttentionBody, s: AttentionSpread) {
    debug_assert!(w.d == Dialect::Cuda, "clusters are a CUDA schedule");
    w.shared("sm", Ty::F32, s.floats(a));
    w.cluster = Some(s.parts);
    w.variant = Some(super::geometry::spread_name(a, s));
    // Every block takes part in both cluster barriers: none returns early (the grid is exactly
    // `entries · parts` blocks, a multiple of the cluster).
    let parts = s.parts as usize;
    w.let_("rank", Ty::U32, &format!("u32(group % {})", w.u(parts as u64)));
    w.let_idx("bidx", &format!("group / {}", w.u(parts as u64)));
    let shared = broadcast_axes(a);
    let entry_extents: Vec<usize> = a.batch.iter().zip(&shared).filter(|(_, s)| !**s).map(|(&n, _)| n).collect();
    let evars = unflatten(w, "bidx", &entry_extents, "b");
    let scale = w.expr(&a.scale, &[], None, "");
    w.let_("scale", Ty::F32, &scale);
    let (t, keys, groups) = (s.threads as usize, s.keys(a), s.key_groups());
    let maxima = s.maxima(a);
    let phase = Phase {
        a,
        rv: RowVars { a, shared: &shared, evars: &evars },
        t,
        tk: a.tk,
        e: a.e,
        ev: a.ev,
        parts,
        rows: s.rows,
        keys,
        lanes: s.lanes,
        groups,
        per: s.dims_per_lane(a),
        u: keys.div_ceil(groups),
        warps: t / 32,
        kpw: keys.div_ceil(t / 32),
        chunks: a.e.div_ceil(32),
        second: s.second(a),
        stats: s.stats(a),
        maxima,
        rows_at: maxima + s.rows,
    };
    phase.loads(w);
    phase.scores(w);
    phase.softmax(w);
    phase.values(w);
    phase.combine(w);
}

/// What the kernel's phases share: the shapes (`kpw` keys a warp scores, `u` keys a values
/// group sums, `chunks` of 32 dims a lane reads of a key) and where workgroup memory keeps what
/// (`second`: queries and warps' sums, later the groups' rows; `stats`: denominators;
/// `maxima`: maxima, first the warps'; `rows_at`: the block's unnormalised rows).
#[derive(Clone, Copy)]
struct Phase<'x> {
    a: &'x AttentionBody,
    rv: RowVars<'x>,
    t: usize,
    tk: usize,
    e: usize,
    ev: usize,
    parts: usize,
    rows: usize,
    keys: usize,
    lanes: usize,
    groups: usize,
    per: usize,
    u: usize,
    warps: usize,
    kpw: usize,
    chunks: usize,
    second: usize,
    stats: usize,
    maxima: usize,
    rows_at: usize,
}

impl Phase<'_> {
    /// Key `kj` of this block's local key `li`.
    fn key_of(&self, w: &Writer<'_>, li: &str) -> String {
        let c = SPREAD_CHUNK as u64;
        w.idx(&format!("({li} / {c}u) * {}u + rank * {c}u + {li} % {c}u", c * self.parts as u64))
    }

    /// Every load, then the queries into workgroup memory.
    fn loads(&self, w: &mut Writer<'_>) {
        let Phase { a, rv, t, tk, e, ev, rows, keys, lanes, groups, per, u, kpw, chunks, second, .. } = *self;
        let ninf = w.f32_lit(f32::NEG_INFINITY);
        // One round of loads, issued whole before any is used: the masks of the warp's keys against
        // every row, their rows (warp `kw` its `kpw` keys', lanes along the dims, so each load
        // instruction reads one contiguous run), every thread its share of its values group's
        // rows, and the queries. A masked key's rows are read too (waiting for the mask first
        // would cost a round trip) and weigh nothing: a select drops its score and the sums skip
        // values of probability 0.
        w.let_("kw", Ty::U32, "lid / 32u");
        w.let_("ln", Ty::U32, "lid % 32u");
        w.var_array("mk", Ty::F32, kpw * rows);
        w.var_array("kin", Ty::Bool, kpw);
        w.unroll("j", kpw);
        w.let_("li", Ty::U32, &format!("kw * {kpw}u + j"));
        w.let_idx("kj", &self.key_of(w, "li"));
        w.line(format!("kin[j] = li < {keys}u && kj < {};", w.u(tk as u64)));
        w.unroll("ri", rows);
        w.line(format!("mk[j * {rows}u + ri] = {ninf};"));
        w.end_unroll();
        w.if_("kin[j]");
        w.unroll("ri", rows);
        let bv = rv.define(w, "ri");
        let mask = mask_at(w, a, &bv, "kj", &ninf);
        w.line(format!("mk[j * {rows}u + ri] = {mask};"));
        w.end_unroll();
        w.close();
        w.end_unroll();
        w.let_("lane", Ty::U32, &format!("lid % {lanes}u"));
        w.let_("kg", Ty::U32, &format!("lid / {lanes}u"));
        w.var_array("kd", Ty::F32, kpw * chunks);
        w.unroll("j", kpw);
        w.let_("li", Ty::U32, &format!("kw * {kpw}u + j"));
        w.let_idx("kj", &self.key_of(w, "li"));
        w.unroll("c", chunks);
        w.let_("d", Ty::U32, "ln + c * 32u");
        w.line(format!("kd[j * {chunks}u + c] = 0.0f;"));
        w.if_(&format!("kin[j] && d < {e}u"));
        let k = w.expr(&a.k, &with(&rv.any_row(), "kj", "d"), None, "");
        w.line(format!("kd[j * {chunks}u + c] = {k};"));
        w.close();
        w.end_unroll();
        w.end_unroll();
        w.var_array("vv", Ty::F32, u * per);
        w.unroll("ui", u);
        w.let_("li", Ty::U32, &format!("kg + ui * {groups}u"));
        w.let_idx("vkj", &self.key_of(w, "li"));
        w.unroll("r", per);
        w.line(format!("vv[ui * {per}u + r] = 0.0f;"));
        w.let_("d", Ty::U32, &format!("lane + r * {lanes}u"));
        w.if_(&format!("li < {keys}u && vkj < {} && d < {ev}u", w.u(tk as u64)));
        let v = w.expr(&a.v, &with(&rv.any_row(), "vkj", "d"), None, "");
        w.line(format!("vv[ui * {per}u + r] = {v};"));
        w.close();
        w.end_unroll();
        w.end_unroll();
        w.for_("x", "lid", &format!("{}u", rows * e), &format!("{t}u"));
        w.let_("ri", Ty::U32, &format!("x / {e}u"));
        w.let_("d", Ty::U32, &format!("x % {e}u"));
        let bv = rv.define(w, "ri");
        let q = w.expr(&a.q, &with(&bv, "qi", "d"), None, "");
        w.line(format!("sm[{second}u + x] = {q};"));
        w.close();
        w.barrier();
    }

    /// Each (row, key) score into workgroup memory.
    fn scores(&self, w: &mut Writer<'_>) {
        let Phase { e, rows, keys, kpw, chunks, second, .. } = *self;
        let ninf = w.f32_lit(f32::NEG_INFINITY);
        // Scores: each warp its keys, a lane's dims summed across the warp by shuffles; lane 0
        // keeps each (row, key) score in workgroup memory.
        w.unroll("j", kpw);
        w.let_("li", Ty::U32, &format!("kw * {kpw}u + j"));
        w.unroll("ri", rows);
        w.var("sc", Ty::F32, "0.0f");
        w.unroll("c", chunks);
        w.let_("d", Ty::U32, "ln + c * 32u");
        w.if_(&format!("d < {e}u"));
        w.assign("sc", &format!("sc + sm[{second}u + ri * {e}u + d] * kd[j * {chunks}u + c]"));
        w.close();
        w.end_unroll();
        w.warp_sum("sc");
        w.if_(&format!("ln == 0u && li < {keys}u"));
        w.var("sv", Ty::F32, &ninf);
        w.if_(&w.not_neg_inf(&format!("mk[j * {rows}u + ri]")));
        w.assign("sv", &format!("sc * scale + mk[j * {rows}u + ri]"));
        w.close();
        w.line(format!("sm[ri * {keys}u + li] = sv;"));
        w.close();
        w.end_unroll();
        w.end_unroll();
        w.barrier();
    }

    /// The block's softmax over its keys: probabilities, maxima and denominators.
    fn softmax(&self, w: &mut Writer<'_>) {
        let Phase { e, rows, keys, warps, second, stats, maxima, .. } = *self;
        let ninf = w.f32_lit(f32::NEG_INFINITY);
        // The block's maximum and denominator of each row (thread `lid` local key `lid`): a warp's
        // by shuffles, the warps' through workgroup memory (every thread reads the maxima; thread
        // 0 sums).
        w.var_array("mx", Ty::F32, rows);
        w.var_array("sv", Ty::F32, rows);
        w.unroll("ri", rows);
        w.line(format!("sv[ri] = {ninf};"));
        w.if_(&format!("lid < {keys}u"));
        w.line(format!("sv[ri] = sm[ri * {keys}u + lid];"));
        w.close();
        w.let_("wm", Ty::F32, "forge_warp_fmax(sv[ri])");
        w.if_("lid % 32u == 0u");
        w.line(format!("sm[{maxima}u + ri * {warps}u + lid / 32u] = wm;"));
        w.close();
        w.end_unroll();
        w.barrier();
        w.unroll("ri", rows);
        w.line(format!("mx[ri] = sm[{maxima}u + ri * {warps}u];"));
        w.for_unrolled("wi", warps);
        w.line(format!("mx[ri] = forge_fmax(mx[ri], sm[{maxima}u + ri * {warps}u + wi]);"));
        w.close();
        w.var("p", Ty::F32, "0.0f");
        w.if_(&w.not_neg_inf("sv[ri]"));
        let p = w.exp("sv[ri] - mx[ri]");
        w.assign("p", &p);
        w.close();
        w.if_(&format!("lid < {keys}u"));
        w.line(format!("sm[ri * {keys}u + lid] = p;"));
        w.close();
        w.warp_sum("p");
        w.if_("lid % 32u == 0u");
        w.line(format!("sm[{second}u + {}u + ri * {warps}u + lid / 32u] = p;", rows * e));
        w.close();
        w.end_unroll();
        // Everyone has read the warps' maxima before thread 0 overwrites them.
        w.barrier();
        w.if_("lid == 0u");
        w.unroll("ri", rows);
        w.var("den", Ty::F32, "0.0f");
        w.for_unrolled("wi", warps);
        w.assign("den", &format!("den + sm[{second}u + {}u + ri * {warps}u + wi]", rows * e));
        w.close();
        w.line(format!("sm[{stats}u + ri] = den;"));
        w.line(format!("sm[{maxima}u + ri] = mx[ri];"));
        w.end_unroll();
        w.close();
    }

    /// The block's unnormalised output rows, for the cluster.
    fn values(&self, w: &mut Writer<'_>) {
        let Phase { t, ev, rows, keys, lanes, groups, per, u, second, rows_at, .. } = *self;
        // Values: each group sums its keys' rows (already in registers) at their probabilities.
        w.var_array("acc", Ty::F32, rows * per);
        w.unroll("r", rows * per);
        w.line("acc[r] = 0.0f;");
        w.end_unroll();
        w.unroll("ui", u);
        w.let_("li", Ty::U32, &format!("kg + ui * {groups}u"));
        w.if_(&format!("li < {keys}u"));
        w.unroll("ri", rows);
        w.let_("pr", Ty::F32, &format!("sm[ri * {keys}u + li]"));
        w.if_("pr != 0.0f");
        w.unroll("r", per);
        w.line(format!("acc[ri * {per}u + r] = acc[ri * {per}u + r] + pr * vv[ui * {per}u + r];"));
        w.end_unroll();
        w.close();
        w.end_unroll();
        w.close();
        w.end_unroll();
        // The warps' sums are read (thread 0) before the group rows overwrite them.
        w.barrier();
        w.unroll("ri", rows);
        w.unroll("r", per);
        w.let_("d", Ty::U32, &format!("lane + r * {lanes}u"));
        w.if_(&format!("d < {ev}u"));
        w.line(format!("sm[{second}u + (kg * {rows}u + ri) * {ev}u + d] = acc[ri * {per}u + r];"));
        w.close();
        w.end_unroll();
        w.end_unroll();
        w.barrier();
        // This block's unnormalised rows, for the cluster.
        w.for_("x", "lid", &format!("{}u", rows * ev), &format!("{t}u"));
        w.var("num", Ty::F32, "0.0f");
        w.for_unrolled("g", groups);
        w.assign("num", &format!("num + sm[{second}u + g * {}u + x]", rows * ev));
        w.close();
        w.line(format!("sm[{rows_at}u + x] = num;"));
        w.close();
        w.line(CLUSTER_SYNC);
    }

    /// Every block's states combined into the outputs.
    fn combine(&self, w: &mut Writer<'_>) {
        let Phase { a, rv, t, ev, parts, rows, stats, maxima, rows_at, .. } = *self;
        let ninf = w.f32_lit(f32::NEG_INFINITY);
        // Block `rank` finishes outputs x ≡ rank (mod parts) from every block's state.
        w.line("const u32 sm_at = u32(__cvta_generic_to_shared(sm));");
        w.own_strides = Some(a.store_strides());
        w.for_("x", &format!("lid * {parts}u + rank"), &format!("{}u", rows * ev), &format!("{}u", t * parts));
        w.let_("ri", Ty::U32, &format!("x / {ev}u"));
        w.let_("d", Ty::U32, &format!("x % {ev}u"));
        let bv = rv.define(w, "ri");
        w.var_array("mr", Ty::F32, parts);
        w.var_array("lr", Ty::F32, parts);
        w.var_array("orow", Ty::F32, parts);
        w.for_unrolled("cr", parts);
        remote(w, "mr[cr]", &format!("{maxima}u + ri"), "cr");
        remote(w, "lr[cr]", &format!("{stats}u + ri"), "cr");
        remote(w, "orow[cr]", &format!("{rows_at}u + x"), "cr");
        w.close();
        w.var("top", Ty::F32, &ninf);
        w.for_unrolled("cr", parts);
        w.assign("top", "forge_fmax(top, mr[cr])");
        w.close();
        w.var("num", Ty::F32, "0.0f");
        w.var("den", Ty::F32, "0.0f");
        w.for_unrolled("cr", parts);
        w.if_(&w.not_neg_inf("mr[cr]"));
        let scale_r = w.exp("mr[cr] - top");
        w.let_("wr", Ty::F32, &scale_r);
        w.assign("den", "den + wr * lr[cr]");
        w.assign("num", "num + wr * orow[cr]");
        w.close();
        w.close();
        let row = rv.flat_row(w, &bv);
        store_point(w, a, &bv, &row, &w.idx("d"), "num / den");
        w.close();
        // No block's memory goes while another may still read it.
        w.line(CLUSTER_SYNC);
    }
}

/// An entry's rows: the batch axes its keys broadcast along, then the query rows. `define`
/// declares a row's coordinates (`qi` and `s{axis}`) from its index and returns the batch
/// variables an expression of the row takes (the entry's own and the row's).
#[derive(Clone, Copy)]
struct RowVars<'x> {
    a: &'x AttentionBody,
    shared: &'x [bool],
    evars: &'x [String],
}

impl RowVars<'_> {
    fn define(&self, w: &mut Writer<'_>, ri: &str) -> Vec<String> {
        w.let_("qi", Ty::U32, &format!("{ri} % {}u", self.a.tq));
        let mut below = self.a.tq;
        for axis in (0..self.a.batch.len()).rev().filter(|&i| self.shared[i]) {
            let n = self.a.batch[axis];
            w.let_(&format!("s{axis}"), Ty::U32, &format!("({ri} / {below}u) % {n}u"));
            below *= n;
        }
        self.vars(|axis| format!("s{axis}"))
    }
    /// The batch variables with the broadcast axes at 0 (the keys and values ignore them).
    fn any_row(&self) -> Vec<String> {
        self.vars(|_| "0u".to_string())
    }
    fn vars(&self, shared: impl Fn(usize) -> String) -> Vec<String> {
        let mut own = self.evars.iter();
        (0..self.a.batch.len())
            .map(|i| if self.shared[i] { shared(i) } else { own.next().cloned().unwrap_or_default() })
            .collect()
    }
    /// The row's index flat over `[batch.., tq]`.
    fn flat_row(&self, w: &Writer<'_>, bv: &[String]) -> String {
        let mut row = String::from("0u");
        for (v, &n) in bv.iter().zip(&self.a.batch) {
            row = format!("({row} * {n}u + {v})");
        }
        format!("({})", w.idx(&format!("{row} * {}u + qi", self.a.tq)))
    }
}

/// Row `qi`'s mask at key `kj` (`bv`: the row's batch variables), `-inf` past a causal row's
/// last key.
fn mask_at(w: &Writer<'_>, a: &AttentionBody, bv: &[String], kj: &str, ninf: &str) -> String {
    let mask = match &a.mask {
        Some(m) => w.expr(m, &with(bv, "qi", kj), None, ""),
        None => "0.0f".to_string(),
    };
    if !a.causal {
        return mask;
    }
    let last = w.idx(&format!("qi + {}u", a.tk.saturating_sub(a.tq)));
    format!("(({kj}) > {last} ? {ninf} : {mask})")
}

/// `name = sm[at]` of cluster block `rank`, through distributed shared memory.
fn remote(w: &mut Writer<'_>, name: &str, at: &str, rank: &str) {
    w.open("");
    w.line("u32 remote;");
    w.line(format!(
        r#"asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(sm_at + 4u * ({at})), "r"({rank}));"#
    ));
    w.line(format!(r#"asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"({name}) : "r"(remote));"#));
    w.close();
}
