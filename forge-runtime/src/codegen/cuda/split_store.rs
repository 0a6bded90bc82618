//! A kernel whose output a bf16x3 product reads as A writes that A split itself, and the split
//! kernel goes ([`MatmulBody::split_store`](crate::ir::MatmulBody::split_store),
//! [`AttentionBody::split_store`](crate::ir::AttentionBody::split_store), a norm's `split`):
//! - a product or attention whose output is only ever that A stores the split instead of it: in
//!   MiniLM the up projection's GELU output (the down projection's A) and the attention's
//!   head-merged output (the out projection's A);
//! - a norm, alone or as a stage of a row chain, stores the split beside its output, which others
//!   read on (in MiniLM each LayerNorm's output is the next product's A and the next residual's
//!   input).

use crate::elem::Elem;
use crate::ir::{contiguous_strides, Access, BufferRole, KernelArg, KernelBody, Plan, PlanBuffer, SExpr};

/// Folds the split of A at kernel `s` of `plan` (`cuda_split`) into the product or attention
/// that writes that A, where it can; whether it did (kernel `s` is then gone).
pub(super) fn fold_into_producer(plan: &mut Plan, s: usize) -> bool {
    let Some(f) = foldable(plan, s) else { return false };
    let name = split_name(plan, f.source);
    let stored = match plan.buffers.iter().position(|b| b.name == name) {
        Some(b) => b,
        None => {
            let len = 3 * f.len;
            plan.buffers.push(PlanBuffer { name, elem: Elem::BF16, shape: vec![len], len, role: BufferRole::Temp });
            plan.buffers.len() - 1
        }
    };
    let arg = KernelArg {
        buffer: stored,
        elem: Elem::BF16,
        offset: 0,
        len: 3 * f.len,
        access: Access::ReadWrite,
        role: BufferRole::Temp,
    };
    let producer = &mut plan.kernels[f.producer].spec;
    let next = producer.args.len();
    match (&mut producer.body, f.store) {
        (KernelBody::Matmul(m), Store::Replace) => {
            m.split_store = true;
            producer.args[m.out] = arg.clone();
        }
        (KernelBody::Attention(a), Store::Replace) => {
            a.split_store = Some(f.k);
            producer.args[a.out] = arg.clone();
        }
        (body, Store::Beside { stage }) => {
            let norm = match (body, stage) {
                (KernelBody::Rows(c), Some(i)) => c.stages.get_mut(i),
                (body, None) => Some(body),
                (
                    KernelBody::Map { .. }
                    | KernelBody::Index { .. }
                    | KernelBody::Row { .. }
                    | KernelBody::Softmax { .. }
                    | KernelBody::Norm { .. }
                    | KernelBody::Matmul(_)
                    | KernelBody::Attention(_)
                    | KernelBody::Scatter(_)
                    | KernelBody::Raw(_),
                    Some(_),
                ) => None,
            };
            match norm {
                // Already stored for an earlier product of the same output: only the reader changes.
                Some(KernelBody::Norm { split: Some(_), .. }) => {}
                Some(KernelBody::Norm { split, .. }) => {
                    *split = Some(next);
                    producer.args.push(arg.clone());
                }
                Some(
                    KernelBody::Map { .. }
                    | KernelBody::Index { .. }
                    | KernelBody::Row { .. }
                    | KernelBody::Softmax { .. }
                    | KernelBody::Matmul(_)
                    | KernelBody::Attention(_)
                    | KernelBody::Scatter(_)
                    | KernelBody::Raw(_)
                    | KernelBody::Rows(_),
                )
                | None => return false,
            }
        }
        (
            KernelBody::Map { .. }
            | KernelBody::Index { .. }
            | KernelBody::Row { .. }
            | KernelBody::Softmax { .. }
            | KernelBody::Norm { .. }
            | KernelBody::Scatter(_)
            | KernelBody::Raw(_)
            | KernelBody::Rows(_),
            Store::Replace,
        ) => return false,
    }
    let consumer = &mut plan.kernels[f.consumer].spec;
    if let KernelBody::Matmul(m) = &consumer.body {
        if let Some((a, _)) = m.a.as_load() {
            consumer.args[a] = KernelArg { access: Access::Read, ..arg };
        }
    }
    plan.kernels.remove(s);
    true
}

/// The buffer a producer stores the split of `source` in.
fn split_name(plan: &Plan, source: usize) -> String {
    format!("{}.bf16x3", plan.buffers[source].name)
}

/// A split that its source's producer can write instead.
struct Fold {
    /// The kernel that writes the split's source last before it: a product, an attention or a
    /// norm.
    producer: usize,
    /// The product whose A the split is.
    consumer: usize,
    /// The source buffer (f32, read whole) and its elements.
    source: usize,
    len: usize,
    /// The width of the rows the split reads.
    k: usize,
    store: Store,
}

/// How the producer stores the split.
#[derive(Clone, Copy)]
enum Store {
    /// Instead of its output (a product or attention).
    Replace,
    /// Beside its output: the producer is a norm (`stage: None`) or a row chain whose stage
    /// `stage` is one.
    Beside { stage: Option<usize> },
}

/// Kernel `s` as a split the producer of its source can write: the split reads a buffer whole,
/// row-major as `[rows, K]`, and the last kernel to touch it before writes all of it in f32:
/// - a norm (or a row chain whose last stage to write it is one) over rows of `K`, which keeps
///   its output and stores the split beside it;
/// - a product (writing `[.., K]` rows) or an attention that does not read it, into a temp: its
///   output is replaced by the split, so none may read it after until it is written whole again.
fn foldable(plan: &Plan, s: usize) -> Option<Fold> {
    let split = &plan.kernels.get(s)?.spec;
    let KernelBody::Map { out: 1, extents, value, .. } = &split.body else { return None };
    let src = split.args.first()?;
    let (source, len) = (src.buffer, plan.buffers.get(src.buffer)?.len);
    let rank = extents.len();
    let (lead, k) = (extents.get(..rank.checked_sub(2)?)?, *extents.last()?);
    let mut want: Vec<usize> = contiguous_strides(lead).iter().map(|st| st * k).collect();
    want.extend([0, 1]);
    let reads_whole =
        first_load(value).is_some_and(|st| st == want) && lead.iter().product::<usize>() * k == len && src.offset == 0;
    if !reads_whole {
        return None;
    }
    let touches = |i: usize| plan.kernels[i].spec.args.iter().any(|a| a.buffer == source);
    let producer = (0..s).rev().find(|&i| touches(i))?;
    let p = &plan.kernels[producer].spec;
    let consumer = (s + 1..plan.kernels.len()).find(|&i| matches!(plan.kernels[i].spec.body, KernelBody::Matmul(_)))?;
    let whole = |arg: usize| {
        p.args.get(arg).is_some_and(|o| o.buffer == source && o.offset == 0 && o.len == len && o.elem == Elem::F32)
    };
    let norm = |body: &KernelBody| match body {
        KernelBody::Norm { out, leading, cols, split, .. } => {
            let stored =
                |arg: &usize| p.args.get(*arg).is_some_and(|a| plan.buffers[a.buffer].name == split_name(plan, source));
            whole(*out)
                && *cols == k
                && leading.iter().product::<usize>() * cols == len
                && split.as_ref().is_none_or(stored)
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => false,
    };
    let beside = match &p.body {
        body @ KernelBody::Norm { .. } => norm(body).then_some(None),
        KernelBody::Rows(c) => {
            let last = c.stages.iter().rposition(|st| p.args.get(st.out()).is_some_and(|o| o.buffer == source))?;
            norm(&c.stages[last]).then_some(Some(last))
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_) => None,
    };
    if let Some(stage) = beside {
        return Some(Fold { producer, consumer, source, len, k, store: Store::Beside { stage } });
    }
    // A product splits its own rows (`n == k`); an attention maps each element's place in the
    // f32 layout (row-major or a head merge's permutation) to its place in the rows of `k`.
    let (out, points, rows_fit) = match &p.body {
        KernelBody::Matmul(m) if !m.split_store => (m.out, m.batch.iter().product::<usize>() * m.m * m.n, m.n == k),
        KernelBody::Attention(a) if a.split_store.is_none() => {
            (a.out, a.batch.iter().product::<usize>() * a.tq * a.ev, true)
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Norm { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => return None,
    };
    let temp = plan.buffers[source].role == BufferRole::Temp;
    if !(temp && whole(out) && points == len && rows_fit && !p.reads_buffer(source)) {
        return None;
    }
    for i in s + 1..plan.kernels.len() {
        if !touches(i) {
            continue;
        }
        let k = &plan.kernels[i].spec;
        let rewrites = !matches!(k.body, KernelBody::Raw(_))
            && k.body
                .outs()
                .iter()
                .any(|&o| k.args[o].buffer == source && k.args[o].offset == 0 && k.args[o].len == len)
            && !k.reads_buffer(source);
        if !rewrites {
            return None;
        }
        break;
    }
    Some(Fold { producer, consumer, source, len, k, store: Store::Replace })
}

/// The strides of the first load in `e` (a split reads one operand).
fn first_load(e: &SExpr) -> Option<Vec<usize>> {
    let mut found = None;
    e.visit(&mut |n| {
        if let (None, SExpr::Load { strides, .. }) = (&found, n) {
            found = Some(strides.clone());
        }
    });
    found
}
