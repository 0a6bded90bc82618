//! Blocked attention for short sequences ([`AttentionBlock`]): a workgroup reads `16 · ra`
//! query rows of one batch entry and all its keys and values into workgroup memory, then
//! - scores: thread (`ty`, `tx`) of 16 × 8 computes rows `ty + 16a` against keys `tx + 8c`, a
//!   register-blocked product over the head dims;
//! - softmax: the row maximum and sum meet through workgroup memory (8 partials a row), the
//!   probabilities `exp(s - max)` overwrite the queries and keys;
//! - output: rows `ty + 16a`, dims `tx + 8c`, a product over the keys, divided by the sum.
//!
//! Same semantics as the online-softmax kernels: a key masked with `-inf` weighs 0, a row
//! whose every key is masked gets 0/0 = NaN; the scores never reach memory.

use super::attention::{key_row, min, store_point, with};
use super::geometry::{AttentionBlock, ATTENTION_BLOCK_THREADS};
use super::{unflatten, Writer};
use crate::elem::Ty;
use crate::ir::AttentionBody;

/// Key (and output-dim) groups of a workgroup; `ATTENTION_BLOCK_THREADS / KG` row groups.
const KG: usize = 8;
const RG: usize = ATTENTION_BLOCK_THREADS as usize / KG;

pub(super) fn blocked(w: &mut Writer<'_>, a: &AttentionBody, b: AttentionBlock) {
    let (tq, tk, e, ev) = (a.tq, a.tk, a.e, a.ev);
    let (ra, rows) = (b.ra, b.rows());
    let rc = tk.div_ceil(KG);
    let rd = ev.div_ceil(KG);
    let (ks, vs) = (key_row(e), key_row(ev));
    let tk8 = tk.next_multiple_of(KG);
    // Workgroup memory: queries at 0, keys at KB; the probabilities (rows of tk + 1) at 0 once
    // the scores are in registers; values at VB; row maxima and sums (8 partials a row) at PM
    // and PS.
    let kb = rows * ks;
    let vb = ((rows + tk8) * ks).max(rows * (tk + 1));
    let pm = vb + tk8 * vs + ev.next_multiple_of(KG);
    let ps = pm + rows * KG;
    debug_assert!(ps + rows * KG <= b.floats(a));
    w.shared("sm", Ty::F32, b.floats(a));
    let entries = a.batch.iter().map(|&x| x as u64).product::<u64>().max(1);
    let per_entry = b.per_entry(a);
    w.if_(&format!("group >= {}", w.u(entries * per_entry)));
    w.line("return;");
    w.close();
    w.let_idx("bidx", &format!("group / {}", w.u(per_entry)));
    w.let_idx("q0", &format!("(group % {}) * {}", w.u(per_entry), w.u(rows as u64)));
    w.let_("ty", Ty::U32, &format!("lid / {KG}u"));
    w.let_("tx", Ty::U32, &format!("lid % {KG}u"));
    let bvars = unflatten(w, "bidx", &a.batch, "b");

    // Keys, values and the workgroup's queries (rows past tq read as 0), neighbouring
    // invocations on neighbouring elements.
    let t = ATTENTION_BLOCK_THREADS as usize;
    for (what, count, width, stride, at) in [(&a.k, tk, e, ks, kb), (&a.v, tk, ev, vs, vb), (&a.q, rows, e, ks, 0)] {
        let total = count * width;
        w.for_unrolled("it", total.div_ceil(t));
        w.let_("x", Ty::U32, &format!("lid + it * {t}u"));
        w.if_(&format!("x < {total}u"));
        w.let_("r", Ty::U32, &format!("x / {width}u"));
        w.let_idx("d", &w.idx(&format!("x % {width}u")));
        w.var("val", Ty::F32, "0.0f");
        let (var, first) = if at == 0 { ("qi", "q0 + ") } else { ("kj", "") };
        w.let_idx(var, &format!("{first}{}", w.idx("r")));
        w.if_(&format!("{var} < {}", w.u(if at == 0 { tq } else { tk } as u64)));
        let v = w.expr(what, &with(&bvars, var, "d"), None, "");
        w.assign("val", &v);
        w.close();
        w.line(format!("sm[{at}u + r * {stride}u + x % {width}u] = val;"));
        w.close();
        w.close();
    }
    w.barrier();

    // Scores: sc[i·rc + c] for row ty + 16i, key tx + 8c.
    let q_at = format!("sm[(ty + {RG}u * i) * {ks}u + k]");
    let k_at = format!("sm[{kb}u + (tx + {KG}u * c) * {ks}u + k]");
    blocked_product(w, "sc", (ra, rc), e, &q_at, &k_at);

    // Scale, mask, causal cut and keys past tk (-inf); each thread's row maxima.
    let scale = w.expr(&a.scale, &[], None, "");
    w.let_("scale", Ty::F32, &scale);
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.unroll("i", ra);
    w.var("rmx", Ty::F32, &ninf);
    let row = format!("q0 + {}", w.idx(&format!("ty + {RG}u * i")));
    let clamped = min(w, &row, &w.u(tq as u64 - 1));
    w.let_idx("qi", &clamped);
    w.unroll("c", rc);
    w.let_("j", Ty::U32, &format!("tx + {KG}u * c"));
    let clamped = min(w, &w.idx("j"), &w.u(tk as u64 - 1));
    w.let_idx("kj", &clamped);
    let masked = match &a.mask {
        Some(m) => format!("sc[i * {rc}u + c] * scale + {}", w.expr(m, &with(&bvars, "qi", "kj"), None, "")),
        None => format!("sc[i * {rc}u + c] * scale"),
    };
    w.var("s", Ty::F32, &masked);
    let mut out = format!("j >= {tk}u");
    if a.causal {
        // Query i sees keys up to i + (tk - tq) (the queries are the last tq positions).
        out = format!("{out} || {} > qi + {}", w.idx("j"), w.u(tk.saturating_sub(tq) as u64));
    }
    w.if_(&out);
    w.assign("s", &ninf);
    w.close();
    w.line(format!("sc[i * {rc}u + c] = s;"));
    w.assign("rmx", "forge_fmax(rmx, s)");
    w.end_unroll();
    w.line(format!("sm[{pm}u + (ty + {RG}u * i) * {KG}u + tx] = rmx;"));
    w.end_unroll();
    // Every read of the queries and keys is done: the probabilities may overwrite them.
    w.barrier();

    // Probabilities exp(s - max) (0 for a masked key), stored by row; each thread's row sums.
    w.unroll("i", ra);
    w.let_("r", Ty::U32, &format!("ty + {RG}u * i"));
    w.var("mx", Ty::F32, &ninf);
    w.unroll("l", KG);
    w.assign("mx", &format!("forge_fmax(mx, sm[{pm}u + r * {KG}u + l])"));
    w.end_unroll();
    w.var("sum", Ty::F32, "0.0f");
    w.unroll("c", rc);
    w.let_("j", Ty::U32, &format!("tx + {KG}u * c"));
    w.var("p", Ty::F32, "0.0f");
    w.if_(&w.not_neg_inf(&format!("sc[i * {rc}u + c]")));
    let p = w.exp(&format!("sc[i * {rc}u + c] - mx"));
    w.assign("p", &p);
    w.close();
    w.assign("sum", "sum + p");
    w.if_(&format!("j < {tk}u"));
    w.line(format!("sm[r * {}u + j] = p;", tk + 1));
    w.close();
    w.end_unroll();
    w.line(format!("sm[{ps}u + r * {KG}u + tx] = sum;"));
    w.end_unroll();
    w.barrier();

    // Output: o[i·rd + c] for row ty + 16i, dim tx + 8c.
    let p_at = format!("sm[(ty + {RG}u * i) * {}u + k]", tk + 1);
    let v_at = format!("sm[{vb}u + k * {vs}u + tx + {KG}u * c]");
    blocked_product(w, "o", (ra, rd), tk, &p_at, &v_at);

    w.own_strides = Some(a.store_strides());
    w.unroll("i", ra);
    w.let_("r", Ty::U32, &format!("ty + {RG}u * i"));
    w.var("den", Ty::F32, "0.0f");
    w.unroll("l", KG);
    w.assign("den", &format!("den + sm[{ps}u + r * {KG}u + l]"));
    w.end_unroll();
    w.let_idx("qi", &format!("q0 + {}", w.idx("r")));
    w.if_(&format!("qi < {}", w.u(tq as u64)));
    w.unroll("c", rd);
    w.let_("dd", Ty::U32, &format!("tx + {KG}u * c"));
    w.if_(&format!("dd < {ev}u"));
    w.let_idx("d", &w.idx("dd"));
    let row = format!("(bidx * {} + qi)", w.u(tq as u64));
    store_point(w, a, &bvars, &row, "d", &format!("o[i * {rd}u + c] / den"));
    w.close();
    w.end_unroll();
    w.close();
    w.end_unroll();
}

/// `acc[i·cols + c] = Σ_k lhs · rhs` over `k < depth`, for `i < rows` and `c < cols`: `lhs` (an
/// expression in `i` and `k`) is read once per row and step into `row`, `rhs` (in `c` and `k`)
/// once per column and step, and every pair multiplies in registers.
fn blocked_product(w: &mut Writer<'_>, acc: &str, (rows, cols): (usize, usize), depth: usize, lhs: &str, rhs: &str) {
    w.var_array(acc, Ty::F32, rows * cols);
    w.unroll("s", rows * cols);
    w.line(format!("{acc}[s] = 0.0f;"));
    w.end_unroll();
    let row = format!("{acc}_row");
    w.var_array(&row, Ty::F32, rows);
    w.for_("k", &w.u(0), &w.u(depth as u64), &w.u(1));
    w.unroll("i", rows);
    w.line(format!("{row}[i] = {lhs};"));
    w.end_unroll();
    w.unroll("c", cols);
    w.let_("col", Ty::F32, rhs);
    w.unroll("i", rows);
    w.line(format!("{acc}[i * {cols}u + c] = {acc}[i * {cols}u + c] + {row}[i] * col;"));
    w.end_unroll();
    w.end_unroll();
    w.close();
}
