//! Row norms folded into the few-row product that reads them: `n = rms_norm(x, g, eps)` (or
//! `layer_norm(x, g, b, eps)`) followed by `matmul(n, w)` (or a pair of them, [`super::pair`])
//! becomes one kernel. An RMS norm's product reads `x · g`, sums each row's squares as it goes,
//! and scales the row's sums by `1 / sqrt(mean(x²) + eps)` before the epilogue
//! ([`MatmulBody::rms`]); a layer norm's stages the rows normalised in workgroup memory first,
//! both passes over each row as the `layer_norm` kernel makes them ([`MatmulBody::layer`]). A
//! decode chain's pre-norm layer then loses a kernel, and with it a wait for the kernel ahead.
//!
//! What it needs, beyond what any inlining needs (the temp dead after the product, nothing in
//! between writing what the norm reads: [`super::next_reader`]):
//! - a norm whose epilogue is the bare value, into an f32 temp (a 16-bit temp would round the
//!   normalised value, which the fold cannot reproduce); an RMS norm without bias;
//! - a product with at most [`PAIR_MAX_ROWS`] rows and the default schedule, whose `a` is the
//!   temp read point for point (`[batch.., m]` the norm's rows, `k` its columns) and which
//!   reads the temp nowhere else; for a layer norm, block-format weights read along K (the
//!   skinny template's block loop, where a decoding step's products run on every backend) and
//!   rows of at most [`LAYER_FOLD_MAX_VALUES`] values in all.
//!
//! The product's sums are the normalised plan's up to rounding order (an RMS norm's scaled
//! after the sum instead of before each term).

use super::pair::PAIR_MAX_ROWS;
use super::{bind_args, compact_args, join_labels, next_reader, renumber, row_major};
use crate::elem::Elem;
use crate::ir::expr::SExpr;
use crate::ir::kernel::{KernelBody, MatmulBody, NormKind, RowLayerNorm, RowRms, Schedule};
use crate::ir::limits::LAYER_FOLD_MAX_VALUES;
use crate::ir::{KernelArg, Plan, PlannedKernel};

/// Folds every foldable norm into the product after it.
pub fn fold_norms(plan: &mut Plan, max_args: usize) {
    let mut p = 0;
    while p < plan.kernels.len() {
        match reader(plan, p) {
            Some(c) if fold(plan, p, c, max_args) => {
                plan.kernels.remove(p);
            }
            _ => p += 1,
        }
    }
}

/// A foldable norm's parts: output arg, rows (`leading`), columns, kind, input, gain, bias
/// (layer norms) and eps.
struct Norm<'a> {
    out: usize,
    leading: &'a [usize],
    cols: usize,
    kind: NormKind,
    input: &'a SExpr,
    gain: &'a SExpr,
    bias: Option<&'a SExpr>,
    eps: &'a SExpr,
}

fn norm(k: &PlannedKernel) -> Option<Norm<'_>> {
    let KernelBody::Norm { out, leading, cols, kind, input, gain, bias, eps, epilogue, split: None } = &k.spec.body
    else {
        return None;
    };
    let plain = matches!(epilogue, SExpr::Acc(_)) && k.spec.args[*out].elem == Elem::F32;
    // An RMS norm folds only without a bias (its scale comes after the sums).
    let foldable = *kind == NormKind::Layer || bias.is_none();
    (plain && foldable).then_some(Norm {
        out: *out,
        leading,
        cols: *cols,
        kind: *kind,
        input,
        gain,
        bias: bias.as_ref(),
        eps,
    })
}

/// The product that can take norm `p` in front of it.
fn reader(plan: &Plan, p: usize) -> Option<usize> {
    let pk = &plan.kernels[p];
    let n = norm(pk)?;
    let mut inputs = Vec::new();
    for e in [Some(n.input), Some(n.gain), n.bias, Some(n.eps)].into_iter().flatten() {
        e.visit_args(&mut |arg| inputs.push(pk.spec.args[arg].buffer));
    }
    let points = n.leading.iter().product::<usize>() * n.cols;
    let c = next_reader(plan, p, n.out, points, &inputs)?;
    let ck = &plan.kernels[c];
    let KernelBody::Matmul(m) = &ck.spec.body else { return None };
    let rows = m.m.saturating_mul(m.batch.iter().product());
    let fits = m.rms.is_none() && m.layer.is_none() && ck.schedule == Schedule::default() && rows <= PAIR_MAX_ROWS;
    let same_rows = [m.batch.as_slice(), &[m.m]].concat() == n.leading && m.k == n.cols && n.cols > 0;
    let takes_kind = match n.kind {
        NormKind::Rms => true,
        NormKind::Layer => rows.saturating_mul(m.k) <= LAYER_FOLD_MAX_VALUES && blocks_along_k(m, &ck.spec.args),
    };
    (fits && same_rows && takes_kind && reads_as_a_only(pk, n.out, ck, m)).then_some(c)
}

/// Whether B (and B2) are block-format weights read along K (GGUF's `[N, K]` rows through
/// `transpose`): the products whose skinny block loop takes a folded layer norm.
fn blocks_along_k(m: &MatmulBody, args: &[KernelArg]) -> bool {
    let nb = m.batch.len();
    [Some(&m.b), m.b2.as_ref()].into_iter().flatten().all(|b| {
        b.as_load()
            .is_some_and(|(arg, s)| s.get(nb) == Some(&1) && args.get(arg).is_some_and(|a| a.elem.is_quantized()))
    })
}

/// Whether the product reads the norm's result only as its `a`, point for point.
fn reads_as_a_only(pk: &PlannedKernel, out: usize, ck: &PlannedKernel, m: &MatmulBody) -> bool {
    let dst = &pk.spec.args[out];
    let Some((arg, strides)) = m.a.as_load() else { return false };
    let a = &ck.spec.args[arg];
    let space = [m.batch.as_slice(), &[m.m, m.k]].concat();
    if (a.buffer, a.offset, a.len) != (dst.buffer, dst.offset, dst.len) || !row_major(&space, strides) {
        return false;
    }
    let mut elsewhere = false;
    for e in [Some(&m.b), m.b2.as_ref(), Some(&m.epilogue)].into_iter().flatten() {
        e.visit_args(&mut |i| elsewhere |= ck.spec.args[i].buffer == dst.buffer);
    }
    !elsewhere
}

/// Moves norm `p` into product `c`: `a` becomes the norm's input, `rms` (or `layer`) its
/// gain, bias and eps.
fn fold(plan: &mut Plan, p: usize, c: usize, max_args: usize) -> bool {
    let pk = plan.kernels[p].spec.clone();
    let Some(n) = norm(&plan.kernels[p]) else { return false };
    let kind = n.kind;
    let (mut input, mut gain, mut bias, mut eps) = (n.input.clone(), n.gain.clone(), n.bias.cloned(), n.eps.clone());
    let temp = pk.args[n.out].buffer;
    let mut ck = plan.kernels[c].spec.clone();
    let exprs = [Some(&input), Some(&gain), bias.as_ref(), Some(&eps)];
    let arg_map = bind_args(&pk.args, &mut ck.args, exprs.into_iter().flatten());
    for e in [Some(&mut input), Some(&mut gain), bias.as_mut(), Some(&mut eps)].into_iter().flatten() {
        renumber(e, &arg_map);
    }
    let KernelBody::Matmul(m) = &mut ck.body else { return false };
    m.a = input;
    match kind {
        NormKind::Rms => m.rms = Some(RowRms { gain, eps }),
        NormKind::Layer => m.layer = Some(RowLayerNorm { gain, bias, eps }),
    }
    let temp_args: Vec<usize> = (0..ck.args.len()).filter(|&i| ck.args[i].buffer == temp).collect();
    compact_args(&mut ck, &temp_args);
    if ck.args.len() > max_args {
        return false;
    }
    ck.uses_uniforms = ck.body.uses_uniforms();
    ck.node = join_labels(&pk.node, &ck.node);
    plan.kernels[c].spec = ck;
    true
}
