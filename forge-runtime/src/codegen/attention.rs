//! Fused attention: each (batch, query) row keeps its query, the running maximum, the running
//! denominator and the output row in registers and walks the keys once with an online
//! softmax, so the score matrix never reaches memory. Where the merge buffer fits
//! ([`attention_lanes`]), several lanes share a row, each walking every `lanes`-th key, and
//! their softmax states merge in workgroup memory: short sequences (MiniLM: 32 keys, 3,072
//! rows) otherwise leave most of a large GPU idle. Where a tile of keys fits
//! ([`attention_chunk`]), a workgroup's rows all belong to one batch entry and read its keys
//! and values from workgroup memory, which the workgroup fills once per tile with coalesced
//! reads; otherwise every row reads them from memory itself.

use super::geometry::{attention_chunk, attention_lanes};
use super::{unflatten, Dialect, Writer};
use crate::elem::Ty;
use crate::ir::AttentionBody;

/// Attention that the blocked template (`attention_block`) does not take.
pub(super) fn attention(w: &mut Writer<'_>, a: &AttentionBody) {
    let lanes = attention_lanes(a, w.threads);
    match attention_chunk(a) {
        Some(chunk) => tiled(w, a, lanes, chunk),
        None if lanes == 1 => one_lane(w, a),
        None => split_lanes(w, a, lanes),
    }
}

fn one_lane(w: &mut Writer<'_>, a: &AttentionBody) {
    let rows = a.batch.iter().map(|&e| e as u64).product::<u64>() * a.tq as u64;
    let t = w.threads as u64;
    let tq = a.tq as u64;
    w.let_idx("qrow", &format!("group * {} + {}", w.u(t), w.idx("lid")));
    w.if_(&format!("qrow >= {}", w.u(rows)));
    w.line("return;");
    w.close();
    w.let_idx("bidx", &format!("qrow / {}", w.u(tq)));
    w.let_idx("qi", &format!("qrow % {}", w.u(tq)));
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    let first = w.u(0);
    walk_keys(w, a, &bvars, &first, 1);
    store_row(w, a, &bvars, "qrow");
    store_lse(w, a, "qrow", "mx", "den");
}

/// Stores the row's normalised output `o / den` through the epilogue at output row `row`.
fn store_row(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String], row: &str) {
    w.own_strides = Some(a.store_strides());
    w.unroll("d", a.ev);
    store_point(w, a, bvars, row, &w.idx("d"), "o[d] / den");
    w.end_unroll();
}

/// Stores query row `row`'s log-sum-exp (flat over `[batch.., tq]`) from its score maximum
/// `max` and denominator `den` where the attention asks for it ([`AttentionBody::lse`]): `-inf`
/// for a row that saw no key (not `-inf + ln 0`, which fast math may leave undefined).
pub(super) fn store_lse(w: &mut Writer<'_>, a: &AttentionBody, row: &str, max: &str, den: &str) {
    let Some(lse) = a.lse else { return };
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    let value = format!("select({ninf}, {max} + {}, {})", w.log(den), w.not_neg_inf(max));
    w.store(lse, row, &value);
}

/// Stores `value`, the output at query row `row` (flat over `[batch.., tq]`; `bvars` and
/// `qi` are its coordinates) and dim `d` (an index expression of the variable `d`), through
/// the epilogue at its place in the output ([`out_index`]).
pub(super) fn store_point(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String], row: &str, d: &str, value: &str) {
    let at = out_index(w, a, bvars, row, d);
    w.let_idx("at", &at);
    w.let_("acc", Ty::F32, value);
    let y = w.expr(&a.epilogue, &with(bvars, "qi", "d"), Some("at"), "acc");
    let Some(k) = a.split_store else {
        w.store(a.out, "at", &y);
        return;
    };
    // Element `at` of rows of `k` goes to rows of `[hi | lo | hi]`, three times as wide.
    let k = k as u64;
    w.let_idx("sat", &format!("at + (at / {}) * {}", w.u(k), w.u(2 * k)));
    w.store_split(a.out, "sat", k, &y);
}

/// The output index of element `d` (an index expression) of query row `row` (flat over
/// `[batch.., tq]`; `bvars` and `qi` are its coordinates): row-major, or through the
/// permuted store's strides.
fn out_index(w: &Writer<'_>, a: &AttentionBody, bvars: &[String], row: &str, d: &str) -> String {
    let Some(strides) = &a.out_strides else { return format!("{row} * {} + {d}", w.u(a.ev as u64)) };
    let coords = bvars.iter().map(String::as_str).chain(["qi", d]);
    let terms: Vec<String> = coords
        .zip(strides)
        .filter(|(_, &s)| s != 0)
        .map(|(c, &s)| if s == 1 { c.to_string() } else { format!("{c} * {}", w.u(s as u64)) })
        .collect();
    if terms.is_empty() {
        w.u(0)
    } else {
        terms.join(" + ")
    }
}

/// Index variables `[batch.., x, y]` of the attention's spaces.
pub(super) fn with(bvars: &[String], x: &str, y: &str) -> Vec<String> {
    let mut v = bvars.to_vec();
    v.push(x.to_string());
    v.push(y.to_string());
    v
}

/// The row's state: `scale`, its query in `qv`, the running maximum `mx`, denominator `den`
/// and unnormalised output `o` (`qi`: the query's position; `bvars`: the batch variables).
fn row_state(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String]) {
    let (e, ev) = (a.e, a.ev);
    let scale = w.expr(&a.scale, &[], None, "");
    w.let_("scale", Ty::F32, &scale);
    w.var_array("qv", Ty::F32, e);
    w.unroll("d", e);
    let q = w.expr(&a.q, &with(bvars, "qi", "d"), None, "");
    w.line(format!("qv[d] = {q};"));
    w.end_unroll();
    w.var_array("o", Ty::F32, ev);
    w.unroll("d", ev);
    w.line("o[d] = 0.0f;");
    w.end_unroll();
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.var("mx", Ty::F32, &ninf);
    w.var("den", Ty::F32, "0.0f");
}

/// Inside a loop over increasing keys `kj`: stops at the first key a causal row must not see.
fn causal_stop(w: &mut Writer<'_>, a: &AttentionBody) {
    if a.causal {
        // Query i sees keys up to i + (tk - tq) (the queries are the last tq positions).
        w.if_(&format!("kj > qi + {}", w.u((a.tk as u64).saturating_sub(a.tq as u64))));
        w.line("break;");
        w.close();
    }
}

/// Folds key `kj` into the row's state; `key(w)` and `value(w)` print element `d` of its key
/// and value rows.
fn visit_key(
    w: &mut Writer<'_>,
    a: &AttentionBody,
    bvars: &[String],
    key: &dyn Fn(&Writer<'_>) -> String,
    value: &dyn Fn(&Writer<'_>) -> String,
) {
    w.var("s", Ty::F32, "0.0f");
    w.unroll("d", a.e);
    let k = key(w);
    w.assign("s", &format!("s + qv[d] * {k}"));
    w.end_unroll();
    let masked = match &a.mask {
        Some(m) => format!("s * scale + {}", w.expr(m, &with(bvars, "qi", "kj"), None, "")),
        None => "s * scale".to_string(),
    };
    w.assign("s", &masked);
    // A key masked with -inf contributes nothing (and must not turn the running max into NaN).
    w.if_(&w.not_neg_inf("s"));
    w.let_("mnew", Ty::F32, "forge_fmax(mx, s)");
    let corr = w.exp("mx - mnew");
    w.let_("corr", Ty::F32, &corr);
    let p = w.exp("s - mnew");
    w.let_("p", Ty::F32, &p);
    w.assign("den", "den * corr + p");
    w.unroll("d", a.ev);
    let v = value(w);
    w.line(format!("o[d] = o[d] * corr + p * {v};"));
    w.end_unroll();
    w.assign("mx", "mnew");
    w.close();
}

/// [`row_state`], then keys `first, first + step, ..` (`first` an index expression) read from
/// memory.
fn walk_keys(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String], first: &str, step: u64) {
    row_state(w, a, bvars);
    w.for_("kj", first, &w.u(a.tk as u64), &w.u(step));
    causal_stop(w, a);
    let key = |w: &Writer<'_>| w.expr(&a.k, &with(bvars, "kj", "d"), None, "");
    let value = |w: &Writer<'_>| w.expr(&a.v, &with(bvars, "kj", "d"), None, "");
    visit_key(w, a, bvars, &key, &value);
    w.close();
}

/// `lanes` invocations per query row: lane `l` walks keys `l, l + lanes, ..`; then every lane
/// reads the row's `lanes` states (max, denominator, partial output) from workgroup memory and
/// writes output dims `l, l + lanes, ..`. Invocations are lane-major (`lid = lane · rows per
/// group + row`), so a warp's loads of one key serve many query rows at once. No invocation
/// returns before the barrier.
fn split_lanes(w: &mut Writer<'_>, a: &AttentionBody, lanes: u32) {
    let rows = a.batch.iter().map(|&e| e as u64).product::<u64>() * a.tq as u64;
    let per_group = (w.threads / lanes) as u64;
    let tq = a.tq as u64;
    w.shared("sm", Ty::F32, w.threads as usize * (a.ev + 2));
    w.let_idx("qrow", &format!("group * {} + {}", w.u(per_group), w.idx(&format!("lid % {per_group}u"))));
    w.let_idx("lane", &w.idx(&format!("lid / {per_group}u")));
    w.let_("base", Ty::U32, &format!("lid % {per_group}u"));
    // Rows past the end compute a copy of the last row and skip the store.
    let clamped = min(w, "qrow", &w.u(rows - 1));
    w.let_idx("qr", &clamped);
    w.let_idx("bidx", &format!("qr / {}", w.u(tq)));
    w.let_idx("qi", &format!("qr % {}", w.u(tq)));
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    let first = w.idx("lane");
    walk_keys(w, a, &bvars, &first, lanes as u64);
    merge_lanes(w, a, &bvars, lanes, &format!("qrow < {}", w.u(rows)), "qrow");
}

/// Keys and values of the workgroup's batch entry pass through workgroup memory `chunk` keys
/// at a time (rows padded, [`key_row`]):
/// the workgroup reads each tile with neighbouring invocations on neighbouring elements, then
/// every query row of the workgroup (`lanes` invocations each, as in [`split_lanes`]) walks it.
/// Rows past `tq` in the entry's last workgroup compute a copy of its last row and skip the
/// store; nobody returns before the last barrier.
fn tiled(w: &mut Writer<'_>, a: &AttentionBody, lanes: u32, chunk: u32) {
    let t = w.threads as usize;
    let per_group = (w.threads / lanes) as u64;
    let (tq, tk, e, ev) = (a.tq as u64, a.tk as u64, a.e, a.ev);
    let (ks, vs) = (key_row(e), key_row(ev));
    let vbase = chunk as usize * ks;
    let merge = if lanes > 1 { t * (ev + 2) } else { 0 };
    w.shared("sm", Ty::F32, (chunk as usize * (ks + vs)).max(merge));
    let entries = a.batch.iter().map(|&e| e as u64).product::<u64>();
    let per_entry = tq.div_ceil(per_group);
    w.if_(&format!("group >= {}", w.u(entries * per_entry)));
    w.line("return;");
    w.close();
    w.let_idx("bidx", &format!("group / {}", w.u(per_entry)));
    w.let_idx(
        "qraw",
        &format!("(group % {}) * {} + {}", w.u(per_entry), w.u(per_group), w.idx(&format!("lid % {per_group}u"))),
    );
    w.let_idx("lane", &w.idx(&format!("lid / {per_group}u")));
    w.let_("base", Ty::U32, &format!("lid % {per_group}u"));
    let clamped = min(w, "qraw", &w.u(tq - 1));
    w.let_idx("qi", &clamped);
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    row_state(w, a, &bvars);
    w.for_("c0", &w.u(0), &w.u(tk), &w.u(chunk as u64));
    // The previous tile is read before this one overwrites it.
    w.barrier();
    // A loop of known trip count, unrolled: every read of the tile is in flight at once
    // (a loop from `lid` waited for each read in turn).
    for (what, width, stride, at) in [(&a.k, e, ks, 0), (&a.v, ev, vs, vbase)] {
        let total = chunk as usize * width;
        w.for_unrolled("it", total.div_ceil(t));
        w.let_("x", Ty::U32, &format!("lid + it * {t}u"));
        w.if_(&format!("x < {total}u"));
        w.let_idx("kj", &format!("c0 + {}", w.idx(&format!("x / {width}u"))));
        w.let_idx("d", &w.idx(&format!("x % {width}u")));
        w.var("val", Ty::F32, "0.0f");
        w.if_(&format!("kj < {}", w.u(tk)));
        let v = w.expr(what, &with(&bvars, "kj", "d"), None, "");
        w.assign("val", &v);
        w.close();
        w.line(format!("sm[{at}u + (x / {width}u) * {stride}u + x % {width}u] = val;"));
        w.close();
        w.close();
    }
    w.barrier();
    w.for_("kk", &w.idx("lane"), &w.u(chunk as u64), &w.u(lanes as u64));
    w.let_idx("kj", "c0 + kk");
    w.if_(&format!("kj >= {}", w.u(tk)));
    w.line("break;");
    w.close();
    causal_stop(w, a);
    let key = |w: &Writer<'_>| format!("sm[{} * {ks}u + d]", narrow(w, "kk"));
    let value = |w: &Writer<'_>| format!("sm[{vbase}u + {} * {vs}u + d]", narrow(w, "kk"));
    visit_key(w, a, &bvars, &key, &value);
    w.close();
    w.close();
    let row = format!("(bidx * {} + qi)", w.u(tq));
    let valid = format!("qraw < {}", w.u(tq));
    if lanes == 1 {
        w.if_(&valid);
        store_row(w, a, &bvars, &row);
        store_lse(w, a, &row, "mx", "den");
        w.close();
    } else {
        // The last tile is read before the merge reuses its memory.
        w.barrier();
        merge_lanes(w, a, &bvars, lanes, &valid, &row);
    }
}

/// Merges the `lanes` softmax states of each row through `sm` (maxima at `lid`, denominators
/// at `threads + lid`, outputs dim-major at `2·threads + d·threads + lid`, so the stores hit
/// distinct banks) and stores the rows where `valid`, lane `l` writing output dims `l, l +
/// lanes, ..` at output row `row`. The row's maximum, each lane's weight exp(max_l - max) (0
/// for a lane that saw no key), and the denominator; a row with every key masked gets 0/0 =
/// NaN, as with one lane.
fn merge_lanes(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String], lanes: u32, valid: &str, row: &str) {
    let t = w.threads as usize;
    let per_group = (w.threads / lanes) as u64;
    let ev = a.ev;
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.line("sm[lid] = mx;");
    w.line(format!("sm[{t}u + lid] = den;"));
    w.unroll("d", ev);
    w.line(format!("sm[{}u + d * {t}u + lid] = o[d];", 2 * t));
    w.end_unroll();
    w.barrier();
    w.var("rmx", Ty::F32, &ninf);
    w.unroll("l", lanes as usize);
    w.assign("rmx", &format!("forge_fmax(rmx, sm[base + l * {per_group}u])"));
    w.end_unroll();
    w.var_array("wl", Ty::F32, lanes as usize);
    w.var("rden", Ty::F32, "0.0f");
    w.unroll("l", lanes as usize);
    w.let_("ml", Ty::F32, &format!("sm[base + l * {per_group}u]"));
    w.var("wgt", Ty::F32, "0.0f");
    w.if_(&w.not_neg_inf("ml"));
    let wexp = w.exp("ml - rmx");
    w.assign("wgt", &wexp);
    w.close();
    w.line("wl[l] = wgt;");
    w.assign("rden", &format!("rden + sm[{t}u + base + l * {per_group}u] * wgt"));
    w.end_unroll();
    w.if_(valid);
    w.own_strides = Some(a.store_strides());
    w.for_("d", &w.idx("lane"), &w.u(ev as u64), &w.u(lanes as u64));
    w.var("num", Ty::F32, "0.0f");
    w.unroll("l", lanes as usize);
    w.assign("num", &format!("num + sm[{}u + {} * {t}u + base + l * {per_group}u] * wl[l]", 2 * t, narrow(w, "d")));
    w.end_unroll();
    store_point(w, a, bvars, row, "d", "num / rden");
    w.close();
    if a.lse.is_some() {
        w.if_("lane == 0u");
        store_lse(w, a, row, "rmx", "rden");
        w.close();
    }
    w.close();
}

/// Floats a key or value row of `width` takes in the workgroup tile: padded by one f32 so
/// lanes reading different keys hit different banks, or by four where the row is a whole
/// number of 16-byte vectors, so it stays 16-byte aligned (CUDA then reads it 128 bits at a
/// time) and neighbouring keys still start four banks apart.
pub(super) fn key_row(width: usize) -> usize {
    if width.is_multiple_of(4) {
        width + 4
    } else {
        width + 1
    }
}

/// The smaller of two index expressions.
pub(super) fn min(w: &Writer<'_>, a: &str, b: &str) -> String {
    match w.d {
        Dialect::Wgsl => format!("min({a}, {b})"),
        Dialect::Cuda => format!("({a} < {b} ? {a} : {b})"),
    }
}

/// A u32 from an index variable (u64 in wide CUDA kernels) for workgroup-memory subscripts.
pub(super) fn narrow(w: &Writer<'_>, v: &str) -> String {
    if w.wide {
        format!("u32({v})")
    } else {
        v.to_string()
    }
}
