//! A decoding attention's keys split into chunks, as two attentions: on a device that folds a
//! decoding step's attention statements (wgpu), the folded attention of a few queries an entry
//! over many keys (`super::attention`) becomes
//! - **chunks**: the same attention over `[batch.., chunk]` entries of `size` keys each (key
//!   `c · size + j` of the original is key `j` of chunk `c`), storing each chunk's output `ô`
//!   (`[batch.., chunk, tq, ev]`) and its log-sum-exp `lse` (`[batch.., chunk, tq]`,
//!   [`AttentionBody::lse`]) in two hidden temps;
//! - **combine**: an attention over the chunks whose scores are the log-sum-exps and whose
//!   values are the chunks' outputs: `Σ_c e^(lse_c) ô_c / Σ_c e^(lse_c)` is the softmax over all
//!   keys times the values, since `e^(lse_c) ô_c = Σ_{j in c} e^(s_j) v_j`. Each (entry, query)
//!   is one entry of it (`[batch.., tq]`, one query, `e = 1`, the query `1` and scale `1`),
//!   so its keys may depend on the query. A chunk whose every key is masked (`lse = -inf`)
//!   weighs 0 and its output (0/0) is read as 0; where every chunk is, the row is 0/0 = NaN as
//!   in one attention. The original epilogue, permuted store and split store move to it.
//!
//! Both run on any backend's ordinary templates (the chunks on the spread one), so each
//! decoding step has two kernels where the statements had three, and the chunks' keys are
//! read by many workgroups at once (the GGUF Llama's wgpu step measured faster so; on CUDA the
//! statements' chain of kernels won, so CUDA keeps them). Sums differ from one attention's only in order and in the
//! log-sum-exp's `ln`/`exp` round trip (a few ulp of each chunk's weight).

use super::compact_args;
use crate::elem::{Elem, Ty};
use crate::graph::checked::Const;
use crate::ir::expr::{BinaryOp, Coord, CoordValue, SExpr};
use crate::ir::fold::{binary, select};
use crate::ir::limits::ATTENTION_SPREAD_MAX_ROWS;
use crate::ir::{contiguous_strides, Access, AttentionBody, BufferRole, KernelArg, KernelBody, Plan, PlanBuffer};

/// Keys a chunk takes at least (one warp's worth a key each in the spread template). Larger
/// chunks measured slower on wgpu: the chunks' kernel grew more than the combination shrank
/// (BENCHMARKS.md, seventeenth session).
const MIN_CHUNK: usize = 32;
/// Chunks an entry splits into at most: the combining attention's keys, which the blocked
/// template holds in workgroup memory.
const MAX_CHUNKS: usize = 32;
/// Chunks an entry splits into at least (fewer: the split would not spread the keys).
const MIN_CHUNKS: usize = 4;

/// Keys a chunk of `a` takes: the fewest from [`MIN_CHUNK`] that divide its keys into at most
/// [`MAX_CHUNKS`] whole chunks (a chunk never reaches past the last key); `None` where `a` is
/// no decoding attention this split takes (more than [`ATTENTION_SPREAD_MAX_ROWS`] queries an
/// entry, fewer than [`MIN_CHUNKS`] chunks, keys no such chunk divides (a prime count, say), a
/// causal flag, or log-sum-exps already asked for).
pub fn chunk(a: &AttentionBody) -> Option<usize> {
    let few = (1..=ATTENTION_SPREAD_MAX_ROWS).contains(&a.tq);
    // A causal flag would become a mask term; folded statements never carry one.
    if !few || a.causal || a.ev == 0 || a.e == 0 || a.lse.is_some() || a.tk < MIN_CHUNKS * MIN_CHUNK {
        return None;
    }
    (MIN_CHUNK..=a.tk / MIN_CHUNKS).find(|&s| a.tk.is_multiple_of(s) && a.tk / s <= MAX_CHUNKS)
}

/// Replaces the attention kernel at `s` by its chunks and their combination (two kernels, at
/// `s` and `s + 1`) where [`chunk`] takes it and each kernel keeps within `max_args`; whether
/// it did.
pub fn split_at(plan: &mut Plan, s: usize, max_args: usize) -> bool {
    let k = &plan.kernels[s];
    let KernelBody::Attention(a) = &k.spec.body else { return false };
    let Some(size) = chunk(a) else { return false };
    let chunks = a.tk / size;
    let rows = a.batch.iter().try_fold(chunks * a.tq, |n, &b| n.checked_mul(b));
    let Some((lse_len, outs_len)) = rows.and_then(|r| Some((r, r.checked_mul(a.ev)?))) else { return false };
    // The hidden temps, bound after the kernel's own arguments.
    let (o_buf, l_buf) = (plan.buffers.len(), plan.buffers.len() + 1);
    let (o_arg, l_arg) = (k.spec.args.len(), k.spec.args.len() + 1);
    let parts = Parts { nb: a.batch.len(), size, chunks };
    let (Some(first), Some(second)) = (parts.chunks(a), parts.combine(a, o_arg, l_arg)) else { return false };
    let temp =
        |buffer, len, access| KernelArg { buffer, elem: Elem::F32, offset: 0, len, access, role: BufferRole::Temp };
    let mut chunk_spec = k.spec.clone();
    chunk_spec.args.extend([temp(o_buf, outs_len, Access::ReadWrite), temp(l_buf, lse_len, Access::ReadWrite)]);
    chunk_spec.body = KernelBody::Attention(Box::new(AttentionBody { out: o_arg, lse: Some(l_arg), ..first }));
    let mut combine_spec = k.spec.clone();
    combine_spec.args.extend([temp(o_buf, outs_len, Access::Read), temp(l_buf, lse_len, Access::Read)]);
    combine_spec.body = KernelBody::Attention(Box::new(second));
    for spec in [&mut chunk_spec, &mut combine_spec] {
        let all: Vec<usize> = (0..spec.args.len()).collect();
        compact_args(spec, &all);
        spec.uses_uniforms = spec.body.uses_uniforms();
    }
    if chunk_spec.args.len() > max_args || combine_spec.args.len() > max_args {
        return false;
    }
    chunk_spec.node = format!("{} (keys in {chunks} chunks)", k.spec.node);
    combine_spec.node = format!("{} (chunks combined)", k.spec.node);
    for (buffer, last, len) in [(o_buf, &[a.tq, a.ev][..], outs_len), (l_buf, &[a.tq][..], lse_len)] {
        let shape = [&a.batch[..], &[chunks], last].concat();
        plan.buffers.push(PlanBuffer {
            name: format!("_a{buffer}"),
            elem: Elem::F32,
            shape,
            len,
            role: BufferRole::Temp,
        });
    }
    let schedule = plan.kernels[s].schedule;
    plan.kernels[s].spec = chunk_spec;
    plan.kernels.insert(s + 1, crate::ir::PlannedKernel { spec: combine_spec, schedule });
    true
}

/// The two attentions' shapes: `nb` batch axes, chunks of `size` keys.
struct Parts {
    nb: usize,
    size: usize,
    chunks: usize,
}

impl Parts {
    /// The attention over chunks (its `out` and `lse` still to be set): every operand moved to
    /// `[batch.., chunk, ..]`, key `j` of chunk `c` reading key `c · size + j`.
    fn chunks(&self, a: &AttentionBody) -> Option<AttentionBody> {
        let Parts { nb, size, chunks } = *self;
        let keep = |extra: usize| (0..nb).chain((nb..nb + extra).map(|d| d + 1)).collect::<Vec<usize>>();
        // [batch.., tq, e] -> [batch.., chunk, tq, e].
        let q = Moves { to: keep(2), split: None, rank: nb + 3 }.apply(&a.q)?;
        // [batch.., tk, e] -> [batch.., chunk, size, e]: the key axis splits.
        let keys = Moves { to: keep(2), split: Some(Split { axis: nb, outer: nb, inner: nb + 1, size }), rank: nb + 3 };
        let (k, v) = (keys.apply(&a.k)?, keys.apply(&a.v)?);
        // [batch.., tq, tk] -> [batch.., chunk, tq, size].
        let masks =
            Moves { to: keep(2), split: Some(Split { axis: nb + 1, outer: nb, inner: nb + 2, size }), rank: nb + 3 };
        let mask = match &a.mask {
            Some(m) => Some(masks.apply(m)?),
            None => None,
        };
        Some(AttentionBody {
            out: a.out,
            batch: [&a.batch[..], &[chunks]].concat(),
            tq: a.tq,
            tk: size,
            e: a.e,
            ev: a.ev,
            q,
            k,
            v,
            mask,
            causal: false,
            scale: a.scale.clone(),
            epilogue: SExpr::Acc(Ty::F32),
            out_strides: None,
            split_store: None,
            lse: None,
            precision: a.precision,
        })
    }

    /// The attention over the chunks of every (entry, query): scores the log-sum-exps at
    /// `l_arg`, values the chunks' outputs at `o_arg` (0 where a chunk saw no key), the
    /// original output, epilogue and stores.
    fn combine(&self, a: &AttentionBody, o_arg: usize, l_arg: usize) -> Option<AttentionBody> {
        let Parts { nb, chunks, .. } = *self;
        // Stored as [batch.., chunk, tq(, ev)]; read over [batch.., tq, chunk(, ev or e = 1)].
        let reorder = |strides: Vec<usize>, last: usize| {
            let mut s = strides[..nb].to_vec();
            s.extend([strides[nb + 1], strides[nb], last]);
            s
        };
        let l_strides = contiguous_strides(&[&a.batch[..], &[chunks, a.tq]].concat());
        let o_strides = contiguous_strides(&[&a.batch[..], &[chunks, a.tq, a.ev]].concat());
        let lse = SExpr::Load { arg: l_arg, strides: reorder(l_strides, 0), ty: Ty::F32 };
        let outs =
            SExpr::Load { arg: o_arg, strides: reorder(o_strides[..nb + 2].to_vec(), o_strides[nb + 2]), ty: Ty::F32 };
        let empty = binary(BinaryOp::Eq, lse.clone(), SExpr::Const(Const::F32(f32::NEG_INFINITY)));
        // [batch.., tq, ev] -> [batch.., tq, 1, ev].
        let to: Vec<usize> = (0..=nb).chain([nb + 2]).collect();
        let epilogue = Moves { to, split: None, rank: nb + 3 }.apply(&a.epilogue)?;
        let out_strides = match &a.out_strides {
            Some(s) if s.len() == nb + 2 => Some([&s[..=nb], &[0], &s[nb + 1..]].concat()),
            Some(_) => return None,
            None => None,
        };
        Some(AttentionBody {
            out: a.out,
            batch: [&a.batch[..], &[a.tq]].concat(),
            tq: 1,
            tk: chunks,
            e: 1,
            ev: a.ev,
            q: SExpr::Const(Const::F32(1.0)),
            k: lse,
            v: select(empty, SExpr::Const(Const::F32(0.0)), outs),
            mask: None,
            causal: false,
            scale: SExpr::Const(Const::F32(1.0)),
            epilogue,
            out_strides,
            split_store: a.split_store,
            lse: None,
            precision: a.precision,
        })
    }
}

/// One axis of an expression's space that becomes two: old index `outer · size + inner`.
#[derive(Debug, Clone, Copy)]
struct Split {
    axis: usize,
    outer: usize,
    inner: usize,
    size: usize,
}

/// How an expression's axes move to a space of `rank` axes: old axis `d` is new axis `to[d]`,
/// except the split one.
struct Moves {
    to: Vec<usize>,
    split: Option<Split>,
    rank: usize,
}

impl Moves {
    /// The value of old axis `d` in the new space.
    fn var(&self, d: usize) -> SExpr {
        match self.split {
            Some(sp) if sp.axis == d => {
                let size = SExpr::Const(Const::I32(i32::try_from(sp.size).unwrap_or(i32::MAX)));
                let outer = binary(BinaryOp::Mul, SExpr::Var(sp.outer), size);
                binary(BinaryOp::Add, outer, SExpr::Var(sp.inner))
            }
            _ => SExpr::Var(self.to.get(d).copied().unwrap_or(d)),
        }
    }

    /// `e` over the new space; `None` where it names an axis it has no place for.
    fn apply(&self, e: &SExpr) -> Option<SExpr> {
        let b = |x: &SExpr| self.apply(x).map(Box::new);
        Some(match e {
            SExpr::Load { arg, strides, ty } => {
                let mut s = vec![0; self.rank];
                for (d, &st) in strides.iter().enumerate() {
                    match self.split {
                        Some(sp) if sp.axis == d => {
                            *s.get_mut(sp.outer)? += st.checked_mul(sp.size)?;
                            *s.get_mut(sp.inner)? += st;
                        }
                        _ => *s.get_mut(*self.to.get(d)?)? += st,
                    }
                }
                SExpr::Load { arg: *arg, strides: s, ty: *ty }
            }
            SExpr::Var(d) => {
                if self.split.is_none_or(|sp| sp.axis != *d) && self.to.get(*d).is_none() {
                    return None;
                }
                self.var(*d)
            }
            SExpr::Gather { arg, coords, ty } => {
                let mut moved = Vec::with_capacity(coords.len());
                for c in coords {
                    let value = match &c.value {
                        CoordValue::Var { var, offset } => match self.split {
                            Some(sp) if sp.axis == *var => {
                                let offset = SExpr::Const(Const::I32(i32::try_from(*offset).ok()?));
                                CoordValue::Expr(binary(BinaryOp::Add, self.var(*var), offset))
                            }
                            _ => CoordValue::Var { var: *self.to.get(*var)?, offset: *offset },
                        },
                        CoordValue::Expr(x) => CoordValue::Expr(self.apply(x)?),
                    };
                    moved.push(Coord { value, extent: c.extent, stride: c.stride });
                }
                SExpr::Gather { arg: *arg, coords: moved, ty: *ty }
            }
            SExpr::Uniform { .. } | SExpr::Const(_) | SExpr::Acc(_) | SExpr::Acc2 => e.clone(),
            SExpr::Unary { op, arg } => SExpr::Unary { op: *op, arg: b(arg)? },
            SExpr::Cast { arg, to } => SExpr::Cast { arg: b(arg)?, to: *to },
            SExpr::Binary { op, lhs, rhs } => SExpr::Binary { op: *op, lhs: b(lhs)?, rhs: b(rhs)? },
            SExpr::Select { cond, on_true, on_false } => {
                SExpr::Select { cond: b(cond)?, on_true: b(on_true)?, on_false: b(on_false)? }
            }
        })
    }
}
