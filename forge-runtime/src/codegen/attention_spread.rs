//! Spread attention for decoding ([`AttentionSpread`]): one workgroup a batch entry of a few
//! query rows, its threads spread over the keys instead of walking them one after another.
//! - queries: the entry's `tq` rows into workgroup memory;
//! - scores: thread `lid` takes keys `lid, lid + threads, ..` against every row; a key every
//!   row masks with `-inf` (or a causal row cannot see) is not read;
//! - softmax: each row's maximum and sum meet across the workgroup ([`reduce_rows`]), and the
//!   probabilities overwrite the scores;
//! - values: `key_groups` groups of `lanes` threads, group `g` summing keys `g, g + groups, ..`
//!   (a key of probability 0 is not read), then the groups' partial rows add up.
//!
//! Same semantics as the other attention kernels (`softmax(q·kᵀ·scale + mask)·v`; a key masked
//! with `-inf` weighs 0, a row whose every key is masked gets 0/0 = NaN); only the order of the
//! sums differs.

use super::attention::{narrow, store_lse, store_point, with};
use super::geometry::AttentionSpread;
use super::{unflatten, Dialect, Writer};
use crate::elem::Ty;
use crate::ir::AttentionBody;

pub(super) fn spread(w: &mut Writer<'_>, a: &AttentionBody, s: AttentionSpread) {
    let t = s.threads as usize;
    let (tq, tk, e, ev) = (a.tq, a.tk, a.e, a.ev);
    let (second, stats) = (s.second(a), s.stats(a));
    w.shared("sm", Ty::F32, s.floats(a));
    w.variant = Some(super::geometry::spread_name(a, s));
    let entries = a.batch.iter().map(|&n| n as u64).product::<u64>().max(1);
    w.if_(&format!("group >= {}", w.u(entries)));
    w.line("return;");
    w.close();
    w.let_idx("bidx", "group");
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    let scale = w.expr(&a.scale, &[], None, "");
    w.let_("scale", Ty::F32, &scale);
    let ninf = w.f32_lit(f32::NEG_INFINITY);

    // Queries, row after row, at `second`.
    w.for_("x", "lid", &format!("{}u", tq * e), &format!("{t}u"));
    w.let_("qi", Ty::U32, &format!("x / {e}u"));
    w.let_("d", Ty::U32, &format!("x % {e}u"));
    let q = w.expr(&a.q, &with(&bvars, "qi", "d"), None, "");
    w.line(format!("sm[{second}u + x] = {q};"));
    w.close();
    w.barrier();

    let lanes = key_lanes(w, a, t);
    if lanes > 1 {
        scores_by_lanes(w, a, &bvars, (t, lanes), second);
    } else {
        // Scores of keys lid, lid + threads, .. against every row.
        w.for_("kj", &w.idx("lid"), &w.u(tk as u64), &w.u(t as u64));
        w.var_array("mk", Ty::F32, tq);
        w.var_array("sc", Ty::F32, tq);
        w.var("live", Ty::Bool, "false");
        w.unroll("qi", tq);
        key_mask(w, a, &bvars);
        w.line("sc[qi] = 0.0f;");
        w.end_unroll();
        w.if_("live");
        w.unroll("d", e);
        let k = w.expr(&a.k, &with(&bvars, "kj", "d"), None, "");
        w.let_("kd", Ty::F32, &k);
        w.unroll("qi", tq);
        w.line(format!("sc[qi] = sc[qi] + sm[{second}u + qi * {e}u + d] * kd;"));
        w.end_unroll();
        w.end_unroll();
        w.close();
        store_scores(w, a);
        w.close();
    }
    w.barrier();

    // Each row's maximum, then its probabilities and their sum.
    w.var_array("mx", Ty::F32, tq);
    reduce_rows(w, a, s, "forge_fmax", &ninf, |w| {
        w.assign("part", &format!("forge_fmax(part, sm[qi * {tk}u + kj])"));
    });
    w.unroll("qi", tq);
    w.line(format!("mx[qi] = sm[{second}u + qi * {t}u];"));
    w.end_unroll();
    // Everyone has read the maxima before the sums overwrite them.
    w.barrier();
    reduce_rows(w, a, s, "", "0.0f", |w| {
        w.var("p", Ty::F32, "0.0f");
        w.let_("sv", Ty::F32, &format!("sm[qi * {tk}u + kj]"));
        w.if_(&w.not_neg_inf("sv"));
        let p = w.exp("sv - mx[qi]");
        w.assign("p", &p);
        w.close();
        w.line(format!("sm[qi * {tk}u + kj] = p;"));
        w.assign("part", "part + p");
    });
    w.if_("lid == 0u");
    w.unroll("qi", tq);
    w.line(format!("sm[{stats}u + qi] = sm[{second}u + qi * {t}u];"));
    w.end_unroll();
    w.close();

    // Values: group `kg` sums keys kg, kg + groups, .., lane `lane` dims lane, lane + lanes, ..
    let (lanes, groups, per) = (s.lanes, s.key_groups(), s.dims_per_lane(a));
    w.let_("lane", Ty::U32, &format!("lid % {lanes}u"));
    w.let_("kg", Ty::U32, &format!("lid / {lanes}u"));
    w.var_array("acc", Ty::F32, tq * per);
    w.unroll("r", tq * per);
    w.line("acc[r] = 0.0f;");
    w.end_unroll();
    w.for_("kj", &w.idx("kg"), &w.u(tk as u64), &w.u(groups as u64));
    w.var_array("pr", Ty::F32, tq);
    w.var("live", Ty::Bool, "false");
    w.unroll("qi", tq);
    w.line(format!("pr[qi] = sm[qi * {tk}u + {}];", narrow(w, "kj")));
    w.assign("live", "live || pr[qi] != 0.0f");
    w.end_unroll();
    w.if_("live");
    w.unroll("r", per);
    w.let_("d", Ty::U32, &format!("lane + r * {lanes}u"));
    w.if_(&format!("d < {ev}u"));
    let v = w.expr(&a.v, &with(&bvars, "kj", "d"), None, "");
    w.let_("vd", Ty::F32, &v);
    w.unroll("qi", tq);
    w.line(format!("acc[qi * {per}u + r] = acc[qi * {per}u + r] + pr[qi] * vd;"));
    w.end_unroll();
    w.close();
    w.end_unroll();
    w.close();
    w.close();
    // The sums' tree and the denominators are read before the partial rows overwrite them.
    w.barrier();
    w.unroll("qi", tq);
    w.unroll("r", per);
    w.let_("d", Ty::U32, &format!("lane + r * {lanes}u"));
    w.if_(&format!("d < {ev}u"));
    w.line(format!("sm[{second}u + (kg * {tq}u + qi) * {ev}u + d] = acc[qi * {per}u + r];"));
    w.close();
    w.end_unroll();
    w.end_unroll();
    w.barrier();
    w.own_strides = Some(a.store_strides());
    w.for_("x", "lid", &format!("{}u", tq * ev), &format!("{t}u"));
    w.let_("qi", Ty::U32, &format!("x / {ev}u"));
    w.let_("d", Ty::U32, &format!("x % {ev}u"));
    w.var("num", Ty::F32, "0.0f");
    w.for_unrolled("g", groups);
    w.assign("num", &format!("num + sm[{second}u + (g * {tq}u + qi) * {ev}u + d]"));
    w.close();
    let row = format!("(bidx * {} + {})", w.u(tq as u64), w.idx("qi"));
    store_point(w, a, &bvars, &row, &w.idx("d"), &format!("num / sm[{stats}u + qi]"));
    w.close();
    if a.lse.is_some() {
        w.if_("lid == 0u");
        w.unroll("qi", tq);
        let row = format!("(bidx * {} + {})", w.u(tq as u64), w.idx("qi"));
        store_lse(w, a, &row, "mx[qi]", &format!("sm[{stats}u + qi]"));
        w.end_unroll();
        w.close();
    }
}

/// Reduces each row over the keys with `op` (`""`: a sum) from `init`: every thread folds its
/// keys `lid, lid + threads, ..` (`fold` updates `part` from `sm` at `qi`, `kj`), then the
/// partials meet at `second + qi · threads`, where row `qi`'s result ends in the first slot: on
/// CUDA, and in WGSL where subgroups are 32 wide (`Schedule::warp_sums`), a warp's by shuffles
/// and the warps' in thread 0 (two barriers), elsewhere in a tree over workgroup memory.
fn reduce_rows(
    w: &mut Writer<'_>,
    a: &AttentionBody,
    s: AttentionSpread,
    op: &str,
    init: &str,
    fold: impl Fn(&mut Writer<'_>),
) {
    let t = s.threads as usize;
    let second = s.second(a);
    w.unroll("qi", a.tq);
    w.var("part", Ty::F32, init);
    w.for_("kj", "lid", &format!("{}u", a.tk), &format!("{t}u"));
    fold(w);
    w.close();
    if w.d == Dialect::Cuda || (w.sched.warp_sums && t.is_multiple_of(32)) {
        let warps = t / 32;
        if op.is_empty() {
            w.warp_sum("part");
        } else {
            w.warp_max("part");
        }
        w.if_("lid % 32u == 0u");
        w.line(format!("sm[{second}u + qi * {t}u + lid / 32u] = part;"));
        w.close();
        w.end_unroll();
        w.barrier();
        w.if_("lid == 0u");
        w.unroll("qi", a.tq);
        w.var("all", Ty::F32, &format!("sm[{second}u + qi * {t}u]"));
        for i in 1..warps {
            w.assign("all", &join(op, "all", &format!("sm[{second}u + qi * {t}u + {i}u]")));
        }
        w.line(format!("sm[{second}u + qi * {t}u] = all;"));
        w.end_unroll();
        w.close();
        w.barrier();
        return;
    }
    w.line(format!("sm[{second}u + qi * {t}u + lid] = part;"));
    w.end_unroll();
    w.barrier();
    let mut step = t / 2;
    while step > 0 {
        w.if_(&format!("lid < {step}u"));
        w.unroll("qi", a.tq);
        let here = format!("sm[{second}u + qi * {t}u + lid]");
        let joined = join(op, &here, &format!("sm[{second}u + qi * {t}u + lid + {step}u]"));
        w.line(format!("{here} = {joined};"));
        w.end_unroll();
        w.close();
        w.barrier();
        step /= 2;
    }
}

/// `a` and `b` combined by `op` (`""`: added).
fn join(op: &str, a: &str, b: &str) -> String {
    if op.is_empty() {
        format!("{a} + {b}")
    } else {
        format!("{op}({a}, {b})")
    }
}

/// Threads that share a key's score where shuffles can add their parts (CUDA, and WGSL where
/// subgroups are 32 wide): the most, up to a warp, that leave every key a group of them at
/// once; 1 where keys are too many (each thread then scores keys `lid, lid + threads, ..`
/// alone). A decoding attention's chunk of 32 keys over 256 threads: 8 lanes a key, each over
/// an eighth of the head's dims, where one thread a key would leave 224 idle and walk all of
/// them.
fn key_lanes(w: &Writer<'_>, a: &AttentionBody, t: usize) -> usize {
    let shuffles = w.d == Dialect::Cuda || w.sched.warp_sums;
    if !shuffles || !t.is_multiple_of(32) || a.tk == 0 {
        return 1;
    }
    let most = (t / a.tk).min(32).min(a.e.next_power_of_two());
    if most < 2 {
        1
    } else {
        1 << most.ilog2()
    }
}

/// The scores (each row's at `sm[qi · tk + kj]`; the queries at `second`) with `lanes` threads
/// of the workgroup's `t` a key: thread `lid` takes key `k0 + lid / lanes` of each
/// round `k0` and dims `lid % lanes, + lanes, ..`; the lanes' parts meet by shuffles (every lane
/// of the warp runs them, outside any branch), and the first lane stores the key's score.
fn scores_by_lanes(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String], (t, lanes): (usize, usize), second: usize) {
    let (tq, tk, e) = (a.tq, a.tk, a.e);
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.let_("kpart", Ty::U32, &format!("lid % {lanes}u"));
    w.for_("k0", &w.u(0), &w.u(tk as u64), &w.u((t / lanes) as u64));
    w.let_idx("kj", &format!("k0 + {}", w.idx(&format!("lid / {lanes}u"))));
    w.var_array("mk", Ty::F32, tq);
    w.var_array("sc", Ty::F32, tq);
    w.var("live", Ty::Bool, "false");
    w.unroll("qi", tq);
    w.line(format!("mk[qi] = {ninf};"));
    w.line("sc[qi] = 0.0f;");
    w.end_unroll();
    w.if_(&format!("kj < {}", w.u(tk as u64)));
    w.unroll("qi", tq);
    key_mask(w, a, bvars);
    w.end_unroll();
    w.close();
    w.if_("live");
    w.unroll("i", e.div_ceil(lanes));
    w.let_("d", Ty::U32, &format!("kpart + i * {lanes}u"));
    w.if_(&format!("d < {e}u"));
    let k = w.expr(&a.k, &with(bvars, "kj", "d"), None, "");
    w.let_("kd", Ty::F32, &k);
    w.unroll("qi", tq);
    w.line(format!("sc[qi] = sc[qi] + sm[{second}u + qi * {e}u + d] * kd;"));
    w.end_unroll();
    w.close();
    w.end_unroll();
    w.close();
    w.unroll("qi", tq);
    w.xor_fold("sc[qi]", lanes as u32, &|_, a, b| format!("{a} + {b}"));
    w.end_unroll();
    w.if_(&format!("kj < {} && kpart == 0u", w.u(tk as u64)));
    store_scores(w, a);
    w.close();
    w.close();
}

/// Key `kj`'s scores into `sm[qi · tk + kj]`: `sc[qi] · scale + mk[qi]`, or `-inf` where the
/// mask is (so a masked key's score never meets an infinite or NaN product).
fn store_scores(w: &mut Writer<'_>, a: &AttentionBody) {
    w.unroll("qi", a.tq);
    w.var("sv", Ty::F32, &w.f32_lit(f32::NEG_INFINITY));
    w.if_(&w.not_neg_inf("mk[qi]"));
    w.assign("sv", "sc[qi] * scale + mk[qi]");
    w.close();
    w.line(format!("sm[qi * {}u + {}] = sv;", a.tk, narrow(w, "kj")));
    w.end_unroll();
}

/// Inside the unrolled rows `qi`, for key `kj`: the row's mask into `mk[qi]` (`-inf` past a
/// causal row's last key), and `live` set where it lets the key through.
fn key_mask(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String]) {
    let mask = match &a.mask {
        Some(m) => w.expr(m, &with(bvars, "qi", "kj"), None, ""),
        None => "0.0f".to_string(),
    };
    w.var("m", Ty::F32, &mask);
    if a.causal {
        // Query i sees keys up to i + (tk - tq) (the queries are the last tq positions).
        w.if_(&format!("kj > {}", w.idx(&format!("qi + {}u", a.tk.saturating_sub(a.tq)))));
        w.assign("m", &w.f32_lit(f32::NEG_INFINITY));
        w.close();
    }
    w.line("mk[qi] = m;");
    w.assign("live", &format!("live || {}", w.not_neg_inf("m")));
}
