//! Norms folded into the skinny product (`ir::fuse::norm`): an RMS norm's row scale applied
//! to the sums after the K loop ([`scale_rows`], which CUDA's decode epilogue prints too), and
//! a layer norm's rows staged normalised in workgroup memory before it ([`stage_layer_norm`]),
//! where the K loops read A ([`a_value`]).

use super::matmul::vars;
use super::Writer;
use crate::elem::Ty;
use crate::ir::MatmulBody;

/// A folded RMS norm's row scale ([`MatmulBody::rms`]) applied to `acc` (and `acc2`), given
/// the row's sum of squares in `ss`; nothing without one. Every template that takes the fold
/// (skinny, CUDA's decode epilogue) scales through this.
pub(super) fn scale_rows(w: &mut Writer<'_>, m: &MatmulBody, ss: &str) {
    let Some(rms) = &m.rms else { return };
    let eps = w.expr(&rms.eps, &[], None, "");
    let inv = w.rsqrt(&format!("{ss} / {} + {eps}", w.f32_lit(m.k as f32)));
    w.let_("inv", Ty::F32, &inv);
    w.assign("acc", "acc * inv");
    if m.b2.is_some() {
        w.assign("acc2", "acc2 * inv");
    }
}

/// A folded layer norm's rows ([`MatmulBody::layer`]) normalised into workgroup memory `lna`
/// (row `r` from `r · k`), which the K loops read as A. Every thread of the workgroup runs this,
/// outside any branch and after the grid wait: each row into `lna` with its sum (the mean), the
/// squared deviations' sum (`inv`), then each value replaced by `(x - mean) · inv · gain +
/// bias` as the `layer_norm` kernel computes it; nothing without a fold.
pub(super) fn stage_layer_norm(w: &mut Writer<'_>, m: &MatmulBody, split: &[(String, Vec<String>)]) {
    let Some(l) = &m.layer else { return };
    let (k, t) = (m.k, w.threads);
    w.shared("lna", Ty::F32, split.len() * k);
    w.shared("lnred", Ty::F32, t as usize);
    let n = w.f32_lit(k as f32);
    let eps = w.expr(&l.eps, &[], None, "");
    let sum = |_: &Writer<'_>, a: &str, b: &str| format!("{a} + {b}");
    let (lid, end, step) = (w.idx("lid"), w.u(k as u64), w.u(t as u64));
    for (r, (i, bvars)) in split.iter().enumerate() {
        let at = format!("lna[{} + kx]", w.u((r * k) as u64));
        let kx = vars(bvars, i, "kx");
        let (part, mean, inv) = (format!("ln_part{r}"), format!("ln_mean{r}"), format!("ln_inv{r}"));
        w.var(&part, Ty::F32, "0.0f");
        w.for_("kx", &lid, &end, &step);
        let x = w.expr(&m.a, &kx, None, "");
        w.let_("xv", Ty::F32, &x);
        w.line(format!("{at} = xv;"));
        w.assign(&part, &format!("{part} + xv"));
        w.close();
        super::map::tree(w, "lnred", &part, t, &sum);
        w.let_(&mean, Ty::F32, &format!("lnred[0] / {n}"));
        // Every thread has read the sum before the next one overwrites it.
        w.barrier();
        w.assign(&part, "0.0f");
        w.for_("kx", &lid, &end, &step);
        w.let_("dv", Ty::F32, &format!("{at} - {mean}"));
        w.assign(&part, &format!("{part} + dv * dv"));
        w.close();
        super::map::tree(w, "lnred", &part, t, &sum);
        let scale = w.rsqrt(&format!("lnred[0] / {n} + {eps}"));
        w.let_(&inv, Ty::F32, &scale);
        w.barrier();
        // Each thread rewrites the values it wrote.
        w.for_("kx", &lid, &end, &step);
        let g = w.expr(&l.gain, &kx, None, "");
        let value = match &l.bias {
            Some(b) => format!("({at} - {mean}) * {inv} * {g} + {}", w.expr(b, &kx, None, "")),
            None => format!("({at} - {mean}) * {inv} * {g}"),
        };
        w.let_("yv", Ty::F32, &value);
        w.line(format!("{at} = yv;"));
        w.close();
    }
    w.barrier();
}

/// Row `r`'s A value at K index `k` (an index expression): a folded layer norm's staged row
/// ([`stage_layer_norm`]), else `a` itself at the row's variables `(i, bvars)`.
pub(super) fn a_value(w: &Writer<'_>, m: &MatmulBody, r: usize, (i, bvars): (&str, &[String]), k: &str) -> String {
    match m.layer {
        Some(_) => format!("lna[{} + {k}]", w.u((r * m.k) as u64)),
        None => w.expr(&m.a, &vars(bvars, i, k), None, ""),
    }
}
