//! Per-dim attention ([`AttentionDims`]): one query an entry whose scores are short products
//! over a few keys, as where a decoding attention's chunks combine (`ir::fuse::split_keys`:
//! each chunk's log-sum-exp a score, its output the value). A thread takes one output dim of
//! one entry and computes every score itself (the entry's threads load the same few query and
//! key values, from cache), the softmax in registers, then its dim's sum over the keys: no
//! thread waits on another, so the kernel is a few loads deep where the blocked template it
//! replaces for such shapes filled and reduced through workgroup memory for one row of sixteen.
//!
//! Same semantics as the other attention kernels (`softmax(q·kᵀ·scale + mask)·v`; a key masked
//! with `-inf` weighs 0 and its value is not read, a row whose every key is masked gets 0/0 =
//! NaN); only the order of the sums differs. One query sees every key, so a causal flag cuts
//! nothing.

use super::attention::{store_point, with};
use super::geometry::AttentionDims;
use super::{unflatten, Writer};
use crate::elem::Ty;
use crate::ir::AttentionBody;

pub(super) fn per_dim(w: &mut Writer<'_>, a: &AttentionBody, l: AttentionDims) {
    let (tk, e, ev) = (a.tk, a.e, a.ev);
    let lanes = l.lanes as usize;
    let entries = a.batch.iter().map(|&n| n as u64).product::<u64>().max(1);
    let per = w.u(l.per_group());
    w.let_idx("bidx", &format!("group * {per} + {}", w.idx(&format!("lid / {lanes}u"))));
    w.if_(&format!("bidx >= {}", w.u(entries)));
    w.line("return;");
    w.close();
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    w.let_idx("qi", &w.u(0));
    let scale = w.expr(&a.scale, &[], None, "");
    w.let_("scale", Ty::F32, &scale);
    let ninf = w.f32_lit(f32::NEG_INFINITY);

    // Every score, and their maximum.
    w.var_array("sc", Ty::F32, tk);
    w.var("mx", Ty::F32, &ninf);
    w.unroll("j", tk);
    w.let_idx("kj", &w.idx("j"));
    w.var("dot", Ty::F32, "0.0f");
    w.unroll("d", e);
    let q = w.expr(&a.q, &with(&bvars, "qi", "d"), None, "");
    let k = w.expr(&a.k, &with(&bvars, "kj", "d"), None, "");
    w.assign("dot", &format!("dot + {q} * {k}"));
    w.end_unroll();
    let mask = match &a.mask {
        Some(m) => w.expr(m, &with(&bvars, "qi", "kj"), None, ""),
        None => "0.0f".to_string(),
    };
    w.let_("m", Ty::F32, &mask);
    w.var("s", Ty::F32, &ninf);
    w.if_(&w.not_neg_inf("m"));
    w.assign("s", "dot * scale + m");
    w.close();
    w.line("sc[j] = s;");
    w.assign("mx", "forge_fmax(mx, s)");
    w.end_unroll();

    // The probabilities over the scores, and their sum.
    w.var("den", Ty::F32, "0.0f");
    w.unroll("j", tk);
    w.var("p", Ty::F32, "0.0f");
    w.if_(&w.not_neg_inf("sc[j]"));
    let p = w.exp("sc[j] - mx");
    w.assign("p", &p);
    w.close();
    w.line("sc[j] = p;");
    w.assign("den", "den + p");
    w.end_unroll();

    // Dims lane, lane + lanes, ..: each a sum over the keys of nonzero probability.
    w.own_strides = Some(a.store_strides());
    w.let_("lane", Ty::U32, &format!("lid % {lanes}u"));
    w.unroll("r", ev.div_ceil(lanes));
    w.let_("d", Ty::U32, &format!("lane + r * {lanes}u"));
    w.if_(&format!("d < {ev}u"));
    w.var("num", Ty::F32, "0.0f");
    w.unroll("j", tk);
    w.if_("sc[j] != 0.0f");
    w.let_idx("kj", &w.idx("j"));
    let v = w.expr(&a.v, &with(&bvars, "kj", "d"), None, "");
    w.assign("num", &format!("num + sc[j] * {v}"));
    w.close();
    w.end_unroll();
    store_point(w, a, &bvars, "bidx", &w.idx("d"), "num / den");
    w.close();
    w.end_unroll();
}
