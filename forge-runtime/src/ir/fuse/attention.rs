//! Attention written as its three statements folded into one attention kernel:
//! `s = f(matmul(q, transpose(k)))`, `p = softmax(s)`, `o = g(matmul(p, v))` with `f` one of
//! `Acc · c`, `Acc · c + m` or `select(cond, Acc · c, -inf)` (`c` a scalar: constants and
//! uniforms) becomes `o = g(attention(q, k, v, mask, scale = c))` (the select's mask is
//! `select(cond, 0, -inf)`), the two temps gone. Two shapes fold, each where a device says its
//! kernel wins ([`Folds`]):
//! - **decoding** (few query rows an entry): two attentions, over chunks of keys and then over
//!   the chunks (`super::split_keys`), whose keys past a query's position are never read
//!   (`Fusion::attention`, where the device wants it: wgpu);
//! - **prompts** (16 query rows or more, both products at `tf32x3` or `tf32`): one attention on
//!   tensor cores (`codegen::attention_mma`) that never writes the scores and skips every tile
//!   of keys its rows' masks leave out (`Fusion::prompt_attention`).
//!
//! What it needs:
//! - the three kernels in a row, the scores and probabilities f32 temps written whole and
//!   dead after their one reader ([`super::dead_after`]); the products without a paired
//!   operand, a folded norm or a split store, on the default schedule;
//! - the softmax reads the scores point for point and stores them bare; the values' product
//!   reads the probabilities point for point as its `a`, and nowhere else;
//! - the kernel it becomes takes the shape (`super::split_keys::chunk`: at most four queries an
//!   entry, keys whole chunks of 32 or more divide; [`attention_mma_layout`]: head dims that
//!   are multiples of 8 up to 64).
//!
//! The sums are the unfused plan's up to rounding order; the attention's `precision` is the
//! more precise of the products' (`f32` if either says so). The decoding kernel computes f32,
//! at least as precise as any.

use super::{bind_args, compact_args, dead_after, join_labels, remap, renumber, row_major};
use crate::elem::{Elem, Ty};
use crate::graph::checked::Const;
use crate::graph::checked::Precision;
use crate::ir::expr::{BinaryOp, SExpr};
use crate::ir::kernel::{AttentionBody, KernelBody, MatmulBody, Schedule};
use crate::ir::limits::attention_mma_layout;
use crate::ir::{fold, BufferRole, Plan, PlannedKernel};

/// Which shapes fold (each gated by its `Fusion` switch and the device).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Folds {
    /// A few queries an entry over many keys, split into chunks of keys.
    pub decoding: bool,
    /// A prompt's rows on tensor cores.
    pub prompts: bool,
}

/// Folds every foldable three-statement attention into one kernel; whether any folded.
pub fn fold_attention(plan: &mut Plan, max_args: usize, folds: Folds) -> bool {
    let mut s = 0;
    let mut folded = false;
    while s + 2 < plan.kernels.len() {
        if fold_at(plan, s, max_args, folds) {
            plan.kernels.drain(s + 1..s + 3);
            folded = true;
            // The producer, when it went, sat before the attention.
            s -= usize::from(recompute_mask(plan, s, max_args));
            if folds.decoding && super::split_keys::split_at(plan, s, max_args) {
                s += 1;
            }
        }
        s += 1;
    }
    folded
}

/// The folded attention at `s` computes its mask itself where the mask reads a temp whose
/// producer computes it from indices and uniforms alone (a causal mask from the position: the
/// attention then loads nothing to decide which tiles of keys to skip); the producer goes once
/// no kernel reads its temp. Whether it went.
fn recompute_mask(plan: &mut Plan, s: usize, max_args: usize) -> bool {
    let spec = &plan.kernels[s].spec;
    let KernelBody::Attention(a) = &spec.body else { return false };
    let Some(mask) = &a.mask else { return false };
    let mut buffers = Vec::new();
    mask.visit_args(&mut |arg| buffers.push(spec.args[arg].buffer));
    buffers.dedup();
    let [buffer] = buffers[..] else { return false };
    let Some(p) = (0..s).rev().find(|&i| super::writes(&plan.kernels[i], buffer)) else { return false };
    let Some((out, extents, value)) = super::producer(&plan.kernels[p]) else { return false };
    let mut computed = true;
    value.visit(&mut |n| computed &= !matches!(n, SExpr::Load { .. } | SExpr::Gather { .. }));
    let dst = &plan.kernels[p].spec.args[out];
    let temp = plan.buffers.get(buffer).is_some_and(|b| b.role == BufferRole::Temp);
    if !computed || !temp || dst.buffer != buffer || dst.len != extents.iter().product::<usize>() {
        return false;
    }
    let (extents, value) = (extents.to_vec(), value.clone());
    if !super::absorb(plan, (p, s), (out, &extents, &value), None, max_args) {
        return false;
    }
    let read = plan.kernels.iter().enumerate().any(|(i, k)| i != p && super::touches(k, buffer));
    if !read {
        plan.kernels.remove(p);
    }
    !read
}

/// The scores' `f`: the scale and the additive mask.
fn scores_epilogue(e: &SExpr) -> Option<(SExpr, Option<SExpr>)> {
    let scalar = |x: &SExpr| {
        let mut plain = true;
        x.visit(&mut |n| {
            plain &= matches!(
                n,
                SExpr::Const(_)
                    | SExpr::Uniform { .. }
                    | SExpr::Unary { .. }
                    | SExpr::Binary { .. }
                    | SExpr::Cast { .. }
            )
        });
        plain && x.ty() == Ty::F32
    };
    let no_acc = |x: &SExpr| {
        let mut none = true;
        x.visit(&mut |n| none &= !matches!(n, SExpr::Acc(_) | SExpr::Acc2));
        none
    };
    // `Acc` alone, or `Acc · c` / `c · Acc`: the scale.
    let scaled = |x: &SExpr| -> Option<SExpr> {
        if matches!(x, SExpr::Acc(_)) {
            return Some(SExpr::Const(Const::F32(1.0)));
        }
        let SExpr::Binary { op: BinaryOp::Mul, lhs, rhs } = x else { return None };
        let c = if matches!(**lhs, SExpr::Acc(_)) {
            &**rhs
        } else if matches!(**rhs, SExpr::Acc(_)) {
            &**lhs
        } else {
            return None;
        };
        scalar(c).then(|| c.clone())
    };
    let ninf = |x: &SExpr| matches!(x, SExpr::Const(Const::F32(v)) if *v == f32::NEG_INFINITY);
    if let Some(scale) = scaled(e) {
        return Some((scale, None));
    }
    if let SExpr::Binary { op: BinaryOp::Add, lhs, rhs } = e {
        let (scale, mask) = if let (Some(s), true) = (scaled(lhs), no_acc(rhs)) {
            (s, (**rhs).clone())
        } else if let (Some(s), true) = (scaled(rhs), no_acc(lhs)) {
            (s, (**lhs).clone())
        } else {
            return None;
        };
        return (mask.ty() == Ty::F32).then_some((scale, Some(mask)));
    }
    let SExpr::Select { cond, on_true, on_false } = e else { return None };
    if !ninf(on_false) || !no_acc(cond) {
        return None;
    }
    let scale = scaled(on_true)?;
    let zero = SExpr::Const(Const::F32(0.0));
    Some((scale, Some(fold::select((**cond).clone(), zero, (**on_false).clone()))))
}

/// A product the fold may take: no paired operand, folded norm or split store, default schedule.
fn product(k: &PlannedKernel) -> Option<&MatmulBody> {
    let KernelBody::Matmul(m) = &k.spec.body else { return None };
    let plain =
        m.b2.is_none() && m.rms.is_none() && m.layer.is_none() && !m.split_store && k.schedule == Schedule::default();
    plain.then_some(&**m)
}

/// Whether arg `out` of `w` is an f32 temp of `points` elements.
fn whole_f32_temp(plan: &Plan, w: &PlannedKernel, out: usize, points: usize) -> bool {
    let a = &w.spec.args[out];
    a.elem == Elem::F32 && a.len == points && plan.buffers.get(a.buffer).is_some_and(|b| b.role == BufferRole::Temp)
}

/// The precision an attention folded from products allowing `a` and `b` keeps: the more
/// precise (`bf16x3` runs as `tf32x3` on tensor cores, which is more precise).
fn both_allow(a: Precision, b: Precision) -> Precision {
    match (a, b) {
        (Precision::F32, _) | (_, Precision::F32) => Precision::F32,
        (Precision::Tf32, Precision::Tf32) => Precision::Tf32,
        (Precision::Tf32x3 | Precision::Bf16x3 | Precision::Tf32, _) => Precision::Tf32x3,
    }
}

/// Folds kernels `s`, `s + 1`, `s + 2` into kernel `s + 2` when they are an attention.
fn fold_at(plan: &mut Plan, s: usize, max_args: usize, folds: Folds) -> bool {
    if attention_parts(plan, s).is_none() {
        return false;
    }
    let (sk, ck) = (&plan.kernels[s].spec, &plan.kernels[s + 2].spec);
    let probs = plan.kernels[s + 1].spec.args[plan.kernels[s + 1].spec.body.out()].buffer;
    let (KernelBody::Matmul(sm), KernelBody::Matmul(cm)) = (&sk.body, &ck.body) else { return false };
    let Some((scale, mask)) = scores_epilogue(&sm.epilogue) else { return false };
    let mut args = ck.args.clone();
    let exprs: Vec<&SExpr> = [&sm.a, &sm.b, &scale].into_iter().chain(mask.as_ref()).collect();
    let arg_map = bind_args(&sk.args, &mut args, exprs);
    let rank = sm.batch.len() + 2;
    // The keys' space [batch.., e, tk] turns to [batch.., tk, e].
    let mut phi: Vec<Option<usize>> = (0..rank).map(Some).collect();
    phi.swap(rank - 2, rank - 1);
    let Some(k) = remap(&sm.b, &phi, rank, &arg_map) else { return false };
    let mut q = sm.a.clone();
    renumber(&mut q, &arg_map);
    let mut scale = scale;
    renumber(&mut scale, &arg_map);
    let mask = mask.map(|mut m| {
        renumber(&mut m, &arg_map);
        m
    });
    let attention = AttentionBody {
        out: cm.out,
        batch: sm.batch.clone(),
        tq: sm.m,
        tk: sm.n,
        e: sm.k,
        ev: cm.n,
        q,
        k,
        v: cm.b.clone(),
        mask,
        causal: false,
        scale,
        epilogue: cm.epilogue.clone(),
        out_strides: None,
        split_store: None,
        lse: None,
        precision: both_allow(sm.precision, cm.precision),
    };
    // The kernel it becomes: the attention over chunks of keys (split once folded), or the
    // tensor-core one.
    let decoding = folds.decoding && super::split_keys::chunk(&attention).is_some();
    let prompt = folds.prompts && attention_mma_layout(&attention).is_some();
    if !(decoding || prompt) {
        return false;
    }
    let mut spec = ck.clone();
    spec.args = args;
    spec.body = KernelBody::Attention(Box::new(attention));
    let temp_args: Vec<usize> = (0..spec.args.len()).filter(|&i| spec.args[i].buffer == probs).collect();
    compact_args(&mut spec, &temp_args);
    // Split into chunks, the first kernel binds two temps more.
    let split = usize::from(decoding && !prompt) * 2;
    if spec.args.len() + split > max_args || spec.args.iter().any(|a| a.buffer == probs) {
        return false;
    }
    spec.uses_uniforms = spec.body.uses_uniforms();
    let label = join_labels(&join_labels(&sk.node, &plan.kernels[s + 1].spec.node), &ck.node);
    spec.node = label;
    plan.kernels[s + 2].spec = spec;
    plan.kernels.swap(s, s + 2);
    true
}

/// `Some` where kernels `s`, `s + 1`, `s + 2` are the scores, softmax and values of one
/// attention ([`fold_at`] then asks whether the spread kernel takes its shape).
fn attention_parts(plan: &Plan, s: usize) -> Option<()> {
    let (sk, pk, ck) = (&plan.kernels[s], &plan.kernels[s + 1], &plan.kernels[s + 2]);
    let (sm, cm) = (product(sk)?, product(ck)?);
    let KernelBody::Softmax { out: p_out, leading, cols, input, epilogue } = &pk.spec.body else { return None };
    let rows = [sm.batch.as_slice(), &[sm.m]].concat();
    let space = [sm.batch.as_slice(), &[sm.m, sm.n]].concat();
    let points: usize = space.iter().product();
    let shapes = *leading == rows && *cols == sm.n && cm.batch == sm.batch && cm.m == sm.m && cm.k == sm.n;
    if !shapes || !matches!(epilogue, SExpr::Acc(_)) || pk.schedule != Schedule::default() {
        return None;
    }
    if !whole_f32_temp(plan, sk, sm.out, points) || !whole_f32_temp(plan, pk, *p_out, points) {
        return None;
    }
    let (scores, probs) = (&sk.spec.args[sm.out], &pk.spec.args[*p_out]);
    // The softmax reads the scores point for point; the values' product the probabilities as `a`.
    let reads_point = |k: &PlannedKernel, e: &SExpr, of: &crate::ir::KernelArg| {
        e.as_load().is_some_and(|(arg, strides)| {
            let a = &k.spec.args[arg];
            (a.buffer, a.offset, a.len) == (of.buffer, of.offset, of.len) && row_major(&space, strides)
        })
    };
    if !reads_point(pk, input, scores) || !reads_point(ck, &cm.a, probs) {
        return None;
    }
    let mut elsewhere = false;
    for e in [&cm.b, &cm.epilogue] {
        e.visit_args(&mut |i| elsewhere |= [scores.buffer, probs.buffer].contains(&ck.spec.args[i].buffer));
    }
    for e in [&sm.a, &sm.b, &sm.epilogue] {
        e.visit_args(&mut |i| elsewhere |= sk.spec.args[i].buffer == scores.buffer);
    }
    // Nothing the queries, keys or mask come from changes before the values' product ends:
    // the softmax writes only the probabilities, the product only its output, which no
    // operand of the scores (nor the values) reads, since the fused kernel reads them all
    // while other workgroups already store.
    let dst = ck.spec.args[cm.out].buffer;
    let writes_inputs = pk.spec.args.iter().any(|a| a.buffer != probs.buffer && a.access != crate::ir::Access::Read)
        || ck.spec.args.iter().any(|a| a.buffer == scores.buffer)
        || sk.spec.args.iter().any(|a| a.buffer == dst)
        || ck.spec.args.iter().enumerate().any(|(i, a)| i != cm.out && a.buffer == dst);
    if elsewhere
        || writes_inputs
        || !dead_after(plan, s + 1, scores.buffer, scores.offset, scores.len)
        || !dead_after(plan, s + 2, probs.buffer, probs.offset, probs.len)
    {
        return None;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::scores_epilogue;
    use crate::elem::Ty;
    use crate::graph::checked::Const;
    use crate::ir::expr::{BinaryOp, SExpr};

    fn bin(op: BinaryOp, lhs: SExpr, rhs: SExpr) -> SExpr {
        SExpr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }
    }

    #[test]
    fn the_scores_forms_give_their_scale_and_mask() {
        let acc = SExpr::Acc(Ty::F32);
        let c = SExpr::Const(Const::F32(0.125));
        let m = SExpr::Load { arg: 3, strides: vec![0, 1], ty: Ty::F32 };
        assert_eq!(scores_epilogue(&acc), Some((SExpr::Const(Const::F32(1.0)), None)));
        assert_eq!(scores_epilogue(&bin(BinaryOp::Mul, c.clone(), acc.clone())), Some((c.clone(), None)));
        let added = bin(BinaryOp::Add, bin(BinaryOp::Mul, acc.clone(), c.clone()), m.clone());
        assert_eq!(scores_epilogue(&added), Some((c.clone(), Some(m.clone()))));
        let ninf = SExpr::Const(Const::F32(f32::NEG_INFINITY));
        let cond = bin(BinaryOp::Eq, m.clone(), SExpr::Const(Const::F32(0.0)));
        let select = SExpr::Select {
            cond: Box::new(cond.clone()),
            on_true: Box::new(bin(BinaryOp::Mul, acc.clone(), c.clone())),
            on_false: Box::new(ninf.clone()),
        };
        let (scale, mask) = scores_epilogue(&select).expect("a masked select folds");
        assert_eq!(scale, c);
        let want = SExpr::Select {
            cond: Box::new(cond),
            on_true: Box::new(SExpr::Const(Const::F32(0.0))),
            on_false: Box::new(ninf),
        };
        assert_eq!(mask, Some(want));
        // A scale read from memory, a mask that reads the product, a select filling 0: no.
        assert_eq!(scores_epilogue(&bin(BinaryOp::Mul, acc.clone(), m.clone())), None);
        assert_eq!(scores_epilogue(&bin(BinaryOp::Add, acc.clone(), acc.clone())), None);
        let zero_fill = SExpr::Select {
            cond: Box::new(bin(BinaryOp::Eq, m, SExpr::Const(Const::F32(0.0)))),
            on_true: Box::new(acc),
            on_false: Box::new(SExpr::Const(Const::F32(0.0))),
        };
        assert_eq!(scores_epilogue(&zero_fill), None);
    }
}
