//! Fused attention: each (batch, query) row keeps its query, the running maximum, the running
//! denominator and the output row in registers and walks the keys once with an online
//! softmax, so the score matrix never reaches memory. Where the merge buffer fits
//! ([`attention_lanes`]), several lanes share a row, each walking every `lanes`-th key, and
//! their softmax states merge in workgroup memory: short sequences (MiniLM: 32 keys, 3,072
//! rows) otherwise leave most of a large GPU idle.

use super::geometry::attention_lanes;
use super::{unflatten, Writer};
use crate::elem::Ty;
use crate::ir::{contiguous_strides, AttentionBody};

pub(super) fn attention(w: &mut Writer<'_>, a: &AttentionBody) {
    match attention_lanes(a, w.threads) {
        1 => one_lane(w, a),
        lanes => split_lanes(w, a, lanes),
    }
}

fn one_lane(w: &mut Writer<'_>, a: &AttentionBody) {
    let rows = a.batch.iter().map(|&e| e as u64).product::<u64>() * a.tq as u64;
    let t = w.threads as u64;
    let (tq, ev) = (a.tq as u64, a.ev);
    w.let_idx("qrow", &format!("group * {} + {}", w.u(t), w.idx("lid")));
    w.if_(&format!("qrow >= {}", w.u(rows)));
    w.line("return;");
    w.close();
    w.let_idx("bidx", &format!("qrow / {}", w.u(tq)));
    w.let_idx("qi", &format!("qrow % {}", w.u(tq)));
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    let first = w.u(0);
    walk_keys(w, a, &bvars, &first, 1);
    let mut space = a.batch.clone();
    space.extend([a.tq, a.ev]);
    w.own_strides = Some(contiguous_strides(&space));
    w.for_unrolled("d", ev);
    w.let_idx("at", &format!("qrow * {} + {}", w.u(ev as u64), w.idx("d")));
    w.let_("acc", Ty::F32, "o[d] / den");
    let y = w.expr(&a.epilogue, &with(&bvars, "qi", "d"), Some("at"), "acc");
    w.store(a.out, "at", &y);
    w.close();
}

/// Index variables `[batch.., x, y]` of the attention's spaces.
fn with(bvars: &[String], x: &str, y: &str) -> Vec<String> {
    let mut v = bvars.to_vec();
    v.push(x.to_string());
    v.push(y.to_string());
    v
}

/// The row's query in `qv`, then keys `first, first + step, ..` (`first` an index expression) with an online softmax: the
/// running maximum `mx`, denominator `den` and unnormalised output `o` (`qi`: the query's
/// position; `bvars`: the batch variables).
fn walk_keys(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String], first: &str, step: u64) {
    let (tq, tk, e, ev) = (a.tq as u64, a.tk as u64, a.e, a.ev);
    let scale = w.expr(&a.scale, &[], None, "");
    w.let_("scale", Ty::F32, &scale);
    w.var_array("qv", Ty::F32, e);
    w.for_unrolled("d", e);
    let q = w.expr(&a.q, &with(bvars, "qi", "d"), None, "");
    w.line(format!("qv[d] = {q};"));
    w.close();
    w.var_array("o", Ty::F32, ev);
    w.for_unrolled("d", ev);
    w.line("o[d] = 0.0f;");
    w.close();
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.var("mx", Ty::F32, &ninf);
    w.var("den", Ty::F32, "0.0f");
    w.for_("kj", first, &w.u(tk), &w.u(step));
    if a.causal {
        // Query i sees keys up to i + (tk - tq) (the queries are the last tq positions).
        w.if_(&format!("kj > qi + {}", w.u(tk.saturating_sub(tq))));
        w.line("break;");
        w.close();
    }
    w.var("s", Ty::F32, "0.0f");
    w.for_unrolled("d", e);
    let k = w.expr(&a.k, &with(bvars, "kj", "d"), None, "");
    w.assign("s", &format!("s + qv[d] * {k}"));
    w.close();
    let masked = match &a.mask {
        Some(m) => format!("s * scale + {}", w.expr(m, &with(bvars, "qi", "kj"), None, "")),
        None => "s * scale".to_string(),
    };
    w.assign("s", &masked);
    // A key masked with -inf contributes nothing (and must not turn the running max into NaN).
    w.if_(&format!("{} != {}u", w.f32_bits("s"), f32::NEG_INFINITY.to_bits()));
    w.let_("mnew", Ty::F32, "forge_fmax(mx, s)");
    let corr = w.exp("mx - mnew");
    w.let_("corr", Ty::F32, &corr);
    let p = w.exp("s - mnew");
    w.let_("p", Ty::F32, &p);
    w.assign("den", "den * corr + p");
    w.for_unrolled("d", ev);
    let v = w.expr(&a.v, &with(bvars, "kj", "d"), None, "");
    w.line(format!("o[d] = o[d] * corr + p * {v};"));
    w.close();
    w.assign("mx", "mnew");
    w.close();
    w.close();
}

/// `lanes` invocations per query row: lane `l` walks keys `l, l + lanes, ..`; then every lane
/// reads the row's `lanes` states (max, denominator, partial output) from workgroup memory and
/// writes output dims `l, l + lanes, ..`. Invocations are lane-major (`lid = lane · rows per
/// group + row`), so a warp's loads of one key serve many query rows at once, and the merge
/// buffer is dim-major (`so[d · threads + lid]`) so its stores hit distinct banks. No
/// invocation returns before the barrier.
fn split_lanes(w: &mut Writer<'_>, a: &AttentionBody, lanes: u32) {
    let rows = a.batch.iter().map(|&e| e as u64).product::<u64>() * a.tq as u64;
    let per_group = (w.threads / lanes) as u64;
    let (tq, ev) = (a.tq as u64, a.ev);
    let t = w.threads as usize;
    w.shared("smx", Ty::F32, t);
    w.shared("sden", Ty::F32, t);
    w.shared("so", Ty::F32, t * ev);
    w.let_idx("qrow", &format!("group * {} + {}", w.u(per_group), w.idx(&format!("lid % {per_group}u"))));
    w.let_idx("lane", &w.idx(&format!("lid / {per_group}u")));
    // Slot of lane 0 of this row; lane l's slot is base + l · rows per group.
    w.line(format!("{} base = lid % {per_group}u;", if w.d == super::Dialect::Wgsl { "let" } else { "const u32" }));
    let last = w.u(rows - 1);
    let clamped = match w.d {
        super::Dialect::Wgsl => format!("min(qrow, {last})"),
        super::Dialect::Cuda => format!("(qrow < {last} ? qrow : {last})"),
    };
    // Rows past the end compute a copy of the last row and skip the store.
    w.let_idx("qr", &clamped);
    w.let_idx("bidx", &format!("qr / {}", w.u(tq)));
    w.let_idx("qi", &format!("qr % {}", w.u(tq)));
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    let first = w.idx("lane");
    walk_keys(w, a, &bvars, &first, lanes as u64);
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    let ninf_bits = format!("{}u", f32::NEG_INFINITY.to_bits());
    w.line("smx[lid] = mx;");
    w.line("sden[lid] = den;");
    w.for_unrolled("d", ev);
    w.line(format!("so[d * {t}u + lid] = o[d];"));
    w.close();
    w.barrier();
    // The row's maximum, each lane's weight exp(max_l - max) (0 for a lane that saw no key),
    // and the denominator; a row with every key masked gets 0/0 = NaN, as with one lane.
    w.var("rmx", Ty::F32, &ninf);
    w.for_unrolled("l", lanes as usize);
    w.assign("rmx", &format!("forge_fmax(rmx, smx[base + l * {per_group}u])"));
    w.close();
    w.var_array("wl", Ty::F32, lanes as usize);
    w.var("rden", Ty::F32, "0.0f");
    w.for_unrolled("l", lanes as usize);
    w.let_("ml", Ty::F32, &format!("smx[base + l * {per_group}u]"));
    w.var("wgt", Ty::F32, "0.0f");
    w.if_(&format!("{} != {ninf_bits}", w.f32_bits("ml")));
    let wexp = w.exp("ml - rmx");
    w.assign("wgt", &wexp);
    w.close();
    w.line("wl[l] = wgt;");
    w.assign("rden", &format!("rden + sden[base + l * {per_group}u] * wgt"));
    w.close();
    w.if_(&format!("qrow < {}", w.u(rows)));
    let mut space = a.batch.clone();
    space.extend([a.tq, a.ev]);
    w.own_strides = Some(contiguous_strides(&space));
    w.for_("d", &w.idx("lane"), &w.u(ev as u64), &w.u(lanes as u64));
    w.var("num", Ty::F32, "0.0f");
    w.for_unrolled("l", lanes as usize);
    w.assign("num", &format!("num + so[{} * {t}u + base + l * {per_group}u] * wl[l]", narrow(w, "d")));
    w.close();
    w.let_idx("at", &format!("qrow * {} + d", w.u(ev as u64)));
    w.let_("acc", Ty::F32, "num / rden");
    let y = w.expr(&a.epilogue, &with(&bvars, "qi", "d"), Some("at"), "acc");
    w.store(a.out, "at", &y);
    w.close();
    w.close();
}

/// A u32 from an index variable (u64 in wide CUDA kernels) for workgroup-memory subscripts.
fn narrow(w: &Writer<'_>, v: &str) -> String {
    if w.wide {
        format!("u32({v})")
    } else {
        v.to_string()
    }
}
