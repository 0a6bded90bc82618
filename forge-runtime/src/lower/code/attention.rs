//! Fused attention: one invocation per (batch, query) row keeps its query, the running maximum,
//! the running denominator and the output row in registers and walks the keys once with an
//! online softmax, so the score matrix never reaches memory.

use super::{unflatten, Writer};
use crate::elem::Ty;
use crate::ir::{contiguous_strides, AttentionBody};

pub(super) fn attention(w: &mut Writer<'_>, a: &AttentionBody) {
    let rows = a.batch.iter().map(|&e| e as u64).product::<u64>() * a.tq as u64;
    let t = w.threads as u64;
    let (tq, tk, e, ev) = (a.tq as u64, a.tk as u64, a.e, a.ev);
    w.let_idx("qrow", &format!("group * {} + {}", w.u(t), w.idx("lid")));
    w.if_(&format!("qrow >= {}", w.u(rows)));
    w.line("return;");
    w.close();
    w.let_idx("bidx", &format!("qrow / {}", w.u(tq)));
    w.let_idx("qi", &format!("qrow % {}", w.u(tq)));
    let bvars = unflatten(w, "bidx", &a.batch, "b");
    let with = |x: &str, y: &str| {
        let mut v = bvars.clone();
        v.push(x.to_string());
        v.push(y.to_string());
        v
    };
    let scale = w.expr(&a.scale, &[], None, "");
    w.let_("scale", Ty::F32, &scale);
    w.var_array("qv", Ty::F32, e);
    w.for_unrolled("d", e);
    let q = w.expr(&a.q, &with("qi", "d"), None, "");
    w.line(format!("qv[d] = {q};"));
    w.close();
    w.var_array("o", Ty::F32, ev);
    w.for_unrolled("d", ev);
    w.line("o[d] = 0.0f;");
    w.close();
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.var("mx", Ty::F32, &ninf);
    w.var("den", Ty::F32, "0.0f");
    w.for_("kj", &w.u(0), &w.u(tk), &w.u(1));
    if a.causal {
        // Query i sees keys up to i + (tk - tq) (the queries are the last tq positions).
        w.if_(&format!("kj > qi + {}", w.u(tk.saturating_sub(tq))));
        w.line("break;");
        w.close();
    }
    w.var("s", Ty::F32, "0.0f");
    w.for_unrolled("d", e);
    let k = w.expr(&a.k, &with("kj", "d"), None, "");
    w.assign("s", &format!("s + qv[d] * {k}"));
    w.close();
    let masked = match &a.mask {
        Some(m) => format!("s * scale + {}", w.expr(m, &with("qi", "kj"), None, "")),
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
    let v = w.expr(&a.v, &with("kj", "d"), None, "");
    w.line(format!("o[d] = o[d] * corr + p * {v};"));
    w.close();
    w.assign("mx", "mnew");
    w.close();
    w.close();
    let mut space = a.batch.clone();
    space.extend([a.tq, a.ev]);
    w.own_strides = Some(contiguous_strides(&space));
    w.for_unrolled("d", ev);
    w.let_idx("at", &format!("qrow * {} + {}", w.u(ev as u64), w.idx("d")));
    w.let_("acc", Ty::F32, "o[d] / den");
    let y = w.expr(&a.epilogue, &with("qi", "d"), Some("at"), "acc");
    w.store(a.out, "at", &y);
    w.close();
}
