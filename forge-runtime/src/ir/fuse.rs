//! Fusion across statements: an elementwise kernel (a map, or index notation without a
//! reduction) whose result is a temp read by exactly one later kernel is inlined into that
//! kernel's expressions, and its own kernel and buffer disappear. `t = a * b; y = t + c;` is one
//! kernel, as `y = a * b + c` is.
//!
//! Inlining is exact: the consumer evaluates the producer's expression at the point it would
//! have loaded, converted as the store would have converted it (16-bit temps round), so a
//! fused plan computes the same numbers as the unfused one on every backend. What it needs:
//! - the temp's value is dead after the consumer (the next kernel touching it overwrites it
//!   whole without reading, or none does), and it is not an output or state;
//! - nothing between the two kernels, nor the consumer itself, writes what the producer reads;
//! - every read of the temp in the consumer maps each producer axis onto one consumer axis of
//!   the same extent (broadcasts and transposes do; gathers and shifted reads do not), and sits
//!   where a fast path does not need a plain load (never a matmul operand, nor an attention's
//!   but a decoding one's queries);
//! - the result stays small: at most [`MAX_DEPTH`](crate::graph::MAX_DEPTH) deep, and a
//!   producer of more than [`CHEAP_NODES`] nodes is inlined only at one site without broadcast.
//!
//! Then two few-row products of one input, the first read only by the second's epilogue, become
//! one kernel ([`pair`]), an RMS norm read only as a few-row product's input folds into it
//! ([`norm`]), attention written as scores, softmax and values with few queries an entry runs
//! as one attention kernel ([`attention`]), a permuting copy of an attention's result folds into the attention's store
//! ([`store`]), and whole copies that start or end a running value (`r = x; … y = r;`) are
//! elided ([`copy`]). Last, consecutive kernels over the same rows (softmaxes, norms, row
//! reductions and the maps between them) run as one kernel ([`rows`]).
//!
//! [`Fusion`] (a context's `Options::fusion`) turns passes off, for comparisons.

use super::expr::{Coord, CoordValue, SExpr};
use super::kernel::{Access, KernelArg, KernelBody};
use super::{contiguous_strides, BufferRole, Plan, PlannedKernel};
use crate::elem::Elem;
use crate::graph::checked::Const;
use crate::options::Fusion;

/// Producers up to this many expression nodes may be evaluated more than once per point they
/// stored (several read sites, or a broadcast read).
pub const CHEAP_NODES: usize = 16;

/// Fuses every fusable producer into its consumer, then drops the temps no kernel uses.
/// No fused kernel takes more than `max_args` buffer arguments (the device's storage bindings a
/// kernel, `ir::limits::kernel_args`): a merge that would is not made.
pub fn fuse(plan: &mut Plan, passes: &Fusion, max_args: usize) {
    if !passes.enabled {
        return;
    }
    fuse_without_rows(plan, passes, max_args);
    if passes.rows {
        rows::chain_rows(plan, max_args);
    }
}

/// Every pass but [`rows`].
fn fuse_without_rows(plan: &mut Plan, passes: &Fusion, max_args: usize) {
    inline_producers(plan, max_args);
    if passes.pairs {
        pair::pair_products(plan, max_args);
    }
    if passes.norms {
        norm::fold_norms(plan, max_args);
    }
    let folds = attention::Folds { decoding: passes.attention, prompts: passes.prompt_attention };
    if (folds.decoding || folds.prompts) && attention::fold_attention(plan, max_args, folds) {
        // A decoding attention's queries may now take their producer (a RoPE, a head split).
        inline_producers(plan, max_args);
    }
    store::fold_permuting_copies(plan);
    if passes.copies {
        copy::elide_copies(plan);
    }
    if passes.followers {
        follow::fold_followers(plan, max_args);
    }
    drop_unused_temps(plan);
}

/// Inlines every elementwise producer its consumer can take.
fn inline_producers(plan: &mut Plan, max_args: usize) {
    let mut p = 0;
    while p < plan.kernels.len() {
        match consumer_of(plan, p) {
            Some(c) if inline(plan, p, c, max_args) => {
                plan.kernels.remove(p);
            }
            _ => p += 1,
        }
    }
}

/// The producer's body parts: output arg, space and value (elementwise kernels only).
fn producer(k: &PlannedKernel) -> Option<(usize, &[usize], &SExpr)> {
    match &k.spec.body {
        KernelBody::Map { out, extents, value, .. } | KernelBody::Index { out, extents, reduce: None, value } => {
            Some((*out, extents, value))
        }
        KernelBody::Index { reduce: Some(_), .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Norm { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => None,
    }
}

/// Whether a kernel reads `buffer` (a raw kernel: whether it binds it at all).
fn reads(k: &PlannedKernel, buffer: usize) -> bool {
    match k.spec.body {
        KernelBody::Raw(_) => k.spec.args.iter().any(|a| a.buffer == buffer),
        _ => k.spec.reads_buffer(buffer),
    }
}

/// Whether a kernel writes `buffer`: through its output arguments, the only ones any kernel
/// writes (lowering binds a raw kernel's other bindings read-only).
fn writes(k: &PlannedKernel, buffer: usize) -> bool {
    k.spec.body.outs().into_iter().any(|o| k.spec.args.get(o).is_some_and(|a| a.buffer == buffer))
}

/// Whether a kernel binds `buffer` at all.
fn touches(k: &PlannedKernel, buffer: usize) -> bool {
    k.spec.binds_buffer(buffer)
}

/// Whether a load with `strides` over `space` reads a contiguous row-major result point for
/// point (axes of one point may carry any stride).
pub(crate) fn row_major(space: &[usize], strides: &[usize]) -> bool {
    let own = contiguous_strides(space);
    strides.len() == space.len() && (0..space.len()).all(|d| space[d] == 1 || strides[d] == own[d])
}

/// The kernel that may absorb producer `p`: the next one touching its temp, when the temp is
/// dead after it and the producer's inputs are unchanged until it.
fn consumer_of(plan: &Plan, p: usize) -> Option<usize> {
    let pk = &plan.kernels[p];
    let (out, extents, value) = producer(pk)?;
    let mut inputs = Vec::new();
    value.visit_args(&mut |arg| inputs.push(pk.spec.args[arg].buffer));
    next_reader(plan, p, out, extents.iter().product(), &inputs)
}

/// The kernel that can take over kernel `p`'s result (its arg `out`, `points` elements): the
/// next kernel touching it, when the result is a temp of exactly those points that kernel reads
/// and does not write (nor is raw), the temp is dead after it, and no kernel from `p + 1` up to
/// and including it writes a buffer of `inputs` (what `p` read, which the taker now reads).
fn next_reader(plan: &Plan, p: usize, out: usize, points: usize, inputs: &[usize]) -> Option<usize> {
    let dst = &plan.kernels[p].spec.args[out];
    if plan.buffers.get(dst.buffer)?.role != BufferRole::Temp || dst.len != points {
        return None;
    }
    let c = (p + 1..plan.kernels.len()).find(|&i| touches(&plan.kernels[i], dst.buffer))?;
    let ck = &plan.kernels[c];
    if matches!(ck.spec.body, KernelBody::Raw(_)) || writes(ck, dst.buffer) || !reads(ck, dst.buffer) {
        return None;
    }
    if !dead_after(plan, c, dst.buffer, dst.offset, dst.len) {
        return None;
    }
    let clobbered = plan.kernels[p + 1..=c].iter().any(|k| inputs.iter().any(|&b| writes(k, b)));
    (!clobbered).then_some(c)
}

/// Whether buffer range `offset..offset + len` is dead after kernel `c`: the next kernel
/// touching the buffer rewrites the whole range without reading it, or none does.
fn dead_after(plan: &Plan, c: usize, buffer: usize, offset: usize, len: usize) -> bool {
    let Some(n) = (c + 1..plan.kernels.len()).find(|&i| touches(&plan.kernels[i], buffer)) else { return true };
    let nk = &plan.kernels[n];
    let w = &nk.spec.args[nk.spec.body.out()];
    let covers = w.buffer == buffer && w.offset <= offset && w.offset + w.len >= offset + len;
    covers && !reads(nk, buffer)
}

/// Inlines producer `p` into consumer `c`; false (and nothing changed) where a read of the temp
/// cannot take it.
fn inline(plan: &mut Plan, p: usize, c: usize, max_args: usize) -> bool {
    let Some((out, extents, value)) = producer(&plan.kernels[p]) else { return false };
    let (extents, value) = (extents.to_vec(), value.clone());
    absorb(plan, (p, c), (out, &extents, &value), None, max_args)
}

/// Consumer `c` takes over producer `p`'s result (arg `out`, over `extents`): its reads of it
/// become `value` evaluated in place. `b2`, a matmul operand of `p`, becomes `c`'s paired
/// operand ([`pair`]). False (and nothing changed) where a read of the temp cannot take it, or
/// the merged kernel would take more than `max_args` arguments.
fn absorb(
    plan: &mut Plan,
    (p, c): (usize, usize),
    (out, extents, value): (usize, &[usize], &SExpr),
    b2: Option<&SExpr>,
    max_args: usize,
) -> bool {
    let pk = plan.kernels[p].spec.clone();
    let dst = pk.args[out].clone();
    let Some(stored) = as_stored(value, dst.elem) else { return false };
    let size = nodes(&stored);
    let mut ck = plan.kernels[c].spec.clone();
    let arg_map = bind_args(&pk.args, &mut ck.args, [Some(&stored), b2].into_iter().flatten());
    let temp_args: Vec<usize> = (0..ck.args.len()).filter(|&i| ck.args[i].buffer == dst.buffer).collect();
    if temp_args.iter().any(|&i| ck.args[i].offset != dst.offset || ck.args[i].len != dst.len) {
        return false;
    }
    let mut sites = 0usize;
    let mut ok = true;
    for (e, space, host) in sites_mut(&mut ck.body) {
        let mut visit = Substitute {
            temp_args: &temp_args,
            extents,
            stored: &stored,
            arg_map: &arg_map,
            space: &space,
            host,
            sites: 0,
            broadcast: false,
        };
        match visit.expr(e) {
            Some(new) => *e = new,
            None => ok = false,
        }
        sites += visit.sites;
        if visit.broadcast && size > CHEAP_NODES {
            ok = false;
        }
        if !ok {
            break;
        }
    }
    let too_big =
        (sites > 1 && size > CHEAP_NODES) || ck.body.exprs().iter().any(|e| depth(e) > crate::graph::MAX_DEPTH);
    if !ok || sites == 0 || too_big {
        return false;
    }
    if let Some(b2) = b2 {
        let KernelBody::Matmul(m) = &mut ck.body else { return false };
        let mut moved = b2.clone();
        renumber(&mut moved, &arg_map);
        m.b2 = Some(moved);
    }
    compact_args(&mut ck, &temp_args);
    if ck.args.len() > max_args {
        return false;
    }
    ck.uses_uniforms = ck.body.uses_uniforms();
    ck.node = if pk.node == ck.node { ck.node.clone() } else { join_labels(&pk.node, &ck.node) };
    plan.kernels[c].spec = ck;
    true
}

/// Where each argument of `from` that `exprs` read lands in the argument list `to`: the argument
/// already bound there to the same range, else a new read-only one (`usize::MAX` for those the
/// expressions do not read).
fn bind_args<'e>(
    from: &[KernelArg],
    to: &mut Vec<KernelArg>,
    exprs: impl IntoIterator<Item = &'e SExpr>,
) -> Vec<usize> {
    let mut arg_map = vec![usize::MAX; from.len()];
    for e in exprs {
        e.visit_args(&mut |arg| arg_map[arg] = 0);
    }
    for (i, slot) in arg_map.iter_mut().enumerate() {
        if *slot == usize::MAX {
            continue;
        }
        let a = &from[i];
        *slot = match to.iter().position(|b| (b.buffer, b.offset, b.len) == (a.buffer, a.offset, a.len)) {
            Some(j) => j,
            None => {
                to.push(KernelArg { access: Access::Read, ..a.clone() });
                to.len() - 1
            }
        };
    }
    arg_map
}

/// The value as the consumer would have loaded it back: 16-bit temps round through the store.
fn as_stored(value: &SExpr, elem: Elem) -> Option<SExpr> {
    match elem {
        Elem::F16 | Elem::BF16 => Some(SExpr::Cast { arg: Box::new(value.clone()), to: elem }),
        _ if value.ty() == elem.compute() => Some(value.clone()),
        _ => None,
    }
}

/// Rewrites one consumer expression, replacing reads of the temp by the producer's value.
struct Substitute<'a> {
    temp_args: &'a [usize],
    extents: &'a [usize],
    stored: &'a SExpr,
    arg_map: &'a [usize],
    space: &'a [usize],
    host: bool,
    sites: usize,
    broadcast: bool,
}

impl Substitute<'_> {
    fn expr(&mut self, e: &SExpr) -> Option<SExpr> {
        let b = |s: &mut Self, x: &SExpr| s.expr(x).map(Box::new);
        Some(match e {
            SExpr::Load { arg, strides, .. } if self.temp_args.contains(arg) => {
                if !self.host || strides.len() != self.space.len() {
                    return None;
                }
                let phi = point_map(self.extents, self.space, strides)?;
                let used: usize = self.extents.iter().product();
                let here: usize = self.space.iter().product();
                self.broadcast |= here > used;
                self.sites += 1;
                remap(self.stored, &phi, self.space.len(), self.arg_map)?
            }
            SExpr::Gather { arg, .. } if self.temp_args.contains(arg) => return None,
            SExpr::Load { .. }
            | SExpr::Gather { .. }
            | SExpr::Uniform { .. }
            | SExpr::Const(_)
            | SExpr::Var(_)
            | SExpr::Acc(_)
            | SExpr::Acc2 => e.clone(),
            SExpr::Unary { op, arg } => SExpr::Unary { op: *op, arg: b(self, arg)? },
            SExpr::Cast { arg, to } => SExpr::Cast { arg: b(self, arg)?, to: *to },
            SExpr::Binary { op, lhs, rhs } => SExpr::Binary { op: *op, lhs: b(self, lhs)?, rhs: b(self, rhs)? },
            SExpr::Select { cond, on_true, on_false } => {
                SExpr::Select { cond: b(self, cond)?, on_true: b(self, on_true)?, on_false: b(self, on_false)? }
            }
        })
    }
}

/// For each producer axis, the consumer axis it is read along (`None` for size-1 axes), when a
/// load with `strides` over `space` reads the producer's contiguous result point for point.
fn point_map(extents: &[usize], space: &[usize], strides: &[usize]) -> Option<Vec<Option<usize>>> {
    let own = contiguous_strides(extents);
    let mut used = vec![false; space.len()];
    let mut phi = Vec::with_capacity(extents.len());
    for (j, &e) in extents.iter().enumerate() {
        if e == 1 {
            phi.push(None);
            continue;
        }
        let d = (0..space.len()).find(|&d| !used[d] && space[d] == e && strides[d] == own[j])?;
        used[d] = true;
        phi.push(Some(d));
    }
    let stray = (0..space.len()).any(|d| space[d] > 1 && strides[d] != 0 && !used[d]);
    (!stray).then_some(phi)
}

/// The producer's expression moved into the consumer's space (`rank` axes) and arg list.
pub(crate) fn remap(e: &SExpr, phi: &[Option<usize>], rank: usize, args: &[usize]) -> Option<SExpr> {
    let b = |x: &SExpr| remap(x, phi, rank, args).map(Box::new);
    Some(match e {
        SExpr::Load { arg, strides, ty } => {
            let mut s = vec![0; rank];
            for (j, &st) in strides.iter().enumerate() {
                if let (Some(Some(d)), true) = (phi.get(j), st != 0) {
                    s[*d] += st;
                }
            }
            SExpr::Load { arg: args[*arg], strides: s, ty: *ty }
        }
        SExpr::Var(j) => match phi.get(*j)? {
            Some(d) => SExpr::Var(*d),
            None => SExpr::Const(Const::I32(0)),
        },
        SExpr::Gather { arg, coords, ty } => {
            let mut out = Vec::with_capacity(coords.len());
            for c in coords {
                let value = match &c.value {
                    CoordValue::Var { var, offset } => match phi.get(*var)? {
                        Some(d) => CoordValue::Var { var: *d, offset: *offset },
                        None => CoordValue::Expr(SExpr::Const(Const::I32(i32::try_from(*offset).ok()?))),
                    },
                    CoordValue::Expr(x) => CoordValue::Expr(remap(x, phi, rank, args)?),
                };
                out.push(Coord { value, extent: c.extent, stride: c.stride });
            }
            SExpr::Gather { arg: args[*arg], coords: out, ty: *ty }
        }
        SExpr::Acc(_) => return None,
        // Only a paired product's epilogue (`pair`) carries it into its consumer.
        SExpr::Uniform { .. } | SExpr::Const(_) | SExpr::Acc2 => e.clone(),
        SExpr::Unary { op, arg } => SExpr::Unary { op: *op, arg: b(arg)? },
        SExpr::Cast { arg, to } => SExpr::Cast { arg: b(arg)?, to: *to },
        SExpr::Binary { op, lhs, rhs } => SExpr::Binary { op: *op, lhs: b(lhs)?, rhs: b(rhs)? },
        SExpr::Select { cond, on_true, on_false } => {
            SExpr::Select { cond: b(cond)?, on_true: b(on_true)?, on_false: b(on_false)? }
        }
    })
}

/// Every expression of a body with its index space and whether a producer may be inlined
/// there (matmul and attention operands feed fast paths that need plain loads; a spread
/// attention's queries do not).
pub(crate) fn sites_mut(body: &mut KernelBody) -> Vec<(&mut SExpr, Vec<usize>, bool)> {
    let with = |lead: &[usize], last: &[usize]| [lead, last].concat();
    match body {
        KernelBody::Map { extents, value, .. } => vec![(value, extents.clone(), true)],
        KernelBody::Scatter(s) => vec![(&mut s.value, s.extents.clone(), true)],
        KernelBody::Index { extents, reduce, value, .. } => {
            let space = match reduce {
                Some(r) => with(extents, &r.extents),
                None => extents.clone(),
            };
            vec![(value, space, true)]
        }
        KernelBody::Row { leading, cols, input, epilogue, .. } => {
            vec![(input, with(leading, &[*cols]), true), (epilogue, leading.clone(), true)]
        }
        KernelBody::Softmax { leading, cols, input, epilogue, .. } => {
            let s = with(leading, &[*cols]);
            vec![(input, s.clone(), true), (epilogue, s, true)]
        }
        KernelBody::Norm { leading, cols, input, gain, bias, eps, epilogue, .. } => {
            let s = with(leading, &[*cols]);
            let mut v = vec![(input, s.clone(), true), (gain, s.clone(), true), (eps, Vec::new(), true)];
            if let Some(b) = bias {
                v.push((b, s.clone(), true));
            }
            v.push((epilogue, s, true));
            v
        }
        KernelBody::Matmul(m) => {
            let (a, b) = (with(&m.batch, &[m.m, m.k]), with(&m.batch, &[m.k, m.n]));
            let e = with(&m.batch, &[m.m, m.n]);
            let a_space = a.clone();
            let mut v = vec![(&mut m.a, a, false), (&mut m.b, b.clone(), false), (&mut m.epilogue, e, true)];
            if let Some(b2) = &mut m.b2 {
                v.push((b2, b, false));
            }
            if let Some(r) = &mut m.rms {
                v.push((&mut r.gain, a_space.clone(), false));
                v.push((&mut r.eps, Vec::new(), false));
            }
            if let Some(l) = &mut m.layer {
                v.push((&mut l.gain, a_space.clone(), false));
                if let Some(b) = &mut l.bias {
                    v.push((b, a_space, false));
                }
                v.push((&mut l.eps, Vec::new(), false));
            }
            // A follower's reads of the product are what made it one (`follow`): nothing is
            // inlined into it.
            for f in &mut m.followers {
                let space = f.body.points().unwrap_or(&[]).to_vec();
                v.extend(sites_mut(&mut f.body).into_iter().map(|(e, s, _)| (e, s, false)));
                v.push((&mut f.anchor, space, false));
            }
            v
        }
        KernelBody::Attention(a) => {
            let (batch, space) = (a.batch.clone(), a.space());
            // The spread attention (decoding) reads its few queries once, through any expression.
            let spread = super::limits::attention_spread_layout(a, super::Schedule::default().workgroup).is_some();
            let mut v = vec![
                (&mut a.q, with(&batch, &[a.tq, a.e]), spread),
                (&mut a.k, with(&batch, &[a.tk, a.e]), false),
                (&mut a.v, with(&batch, &[a.tk, a.ev]), false),
                (&mut a.scale, Vec::new(), true),
                (&mut a.epilogue, space, true),
            ];
            if let Some(m) = &mut a.mask {
                v.push((m, with(&batch, &[a.tq, a.tk]), true));
            }
            v
        }
        KernelBody::Raw(_) => Vec::new(),
        KernelBody::Rows(c) => c.stages.iter_mut().flat_map(sites_mut).collect(),
    }
}

/// Drops the temp's args that no expression references any more, renumbering the rest.
pub(crate) fn compact_args(k: &mut super::KernelSpec, temp_args: &[usize]) {
    let mut used = vec![false; k.args.len()];
    for o in k.body.outs() {
        used[o] = true;
    }
    for e in k.body.exprs() {
        e.visit_args(&mut |arg| used[arg] = true);
    }
    let keep: Vec<bool> = (0..k.args.len()).map(|i| used[i] || !temp_args.contains(&i)).collect();
    let new_index = retain_flagged(&mut k.args, &keep);
    renumber_body(&mut k.body, &new_index);
}

fn renumber_body(body: &mut KernelBody, new_index: &[usize]) {
    if let KernelBody::Rows(c) = body {
        for stage in &mut c.stages {
            renumber_body(stage, new_index);
        }
        return;
    }
    renumber_outs(body, new_index);
    for (e, _, _) in sites_mut(body) {
        renumber(e, new_index);
    }
}

/// Renumbers the arguments a body writes (a product's followers' too; their expressions are
/// among the product's sites).
fn renumber_outs(body: &mut KernelBody, new_index: &[usize]) {
    match body {
        KernelBody::Map { out, .. }
        | KernelBody::Row { out, .. }
        | KernelBody::Softmax { out, .. }
        | KernelBody::Norm { out, .. }
        | KernelBody::Index { out, .. } => *out = new_index[*out],
        KernelBody::Matmul(m) => {
            m.out = new_index[m.out];
            for f in &mut m.followers {
                renumber_outs(&mut f.body, new_index);
            }
        }
        KernelBody::Attention(a) => {
            a.out = new_index[a.out];
            a.lse = a.lse.map(|l| new_index[l]);
        }
        KernelBody::Scatter(s) => s.out = new_index[s.out],
        KernelBody::Raw(_) => {}
        KernelBody::Rows(c) => {
            for stage in &mut c.stages {
                renumber_outs(stage, new_index);
            }
        }
    }
}

pub(crate) fn renumber(e: &mut SExpr, new_index: &[usize]) {
    match e {
        SExpr::Load { arg, .. } => *arg = new_index[*arg],
        SExpr::Gather { arg, coords, .. } => {
            *arg = new_index[*arg];
            for c in coords {
                if let CoordValue::Expr(x) = &mut c.value {
                    renumber(x, new_index);
                }
            }
        }
        SExpr::Unary { arg, .. } | SExpr::Cast { arg, .. } => renumber(arg, new_index),
        SExpr::Binary { lhs, rhs, .. } => {
            renumber(lhs, new_index);
            renumber(rhs, new_index);
        }
        SExpr::Select { cond, on_true, on_false } => {
            renumber(cond, new_index);
            renumber(on_true, new_index);
            renumber(on_false, new_index);
        }
        SExpr::Uniform { .. } | SExpr::Const(_) | SExpr::Var(_) | SExpr::Acc(_) | SExpr::Acc2 => {}
    }
}

/// Removes temp buffers no kernel binds (their producers were all inlined).
fn drop_unused_temps(plan: &mut Plan) {
    let mut used = vec![false; plan.buffers.len()];
    for k in &plan.kernels {
        for a in &k.spec.args {
            used[a.buffer] = true;
        }
    }
    let keep: Vec<bool> = plan.buffers.iter().zip(&used).map(|(b, &u)| u || b.role != BufferRole::Temp).collect();
    if keep.iter().all(|&k| k) {
        return;
    }
    let new_id = retain_flagged(&mut plan.buffers, &keep);
    for k in &mut plan.kernels {
        for a in &mut k.spec.args {
            a.buffer = new_id[a.buffer];
        }
    }
}

/// Keeps `items[i]` where `keep[i]`; returns each old index's new one (kept items' are exact).
fn retain_flagged<T>(items: &mut Vec<T>, keep: &[bool]) -> Vec<usize> {
    let new_index = keep.iter().scan(0, |next, &k| Some(std::mem::replace(next, *next + usize::from(k)))).collect();
    let mut flags = keep.iter();
    items.retain(|_| flags.next().copied().unwrap_or(true));
    new_index
}

fn nodes(e: &SExpr) -> usize {
    let mut n = 0;
    e.visit(&mut |_| n += 1);
    n
}

fn depth(e: &SExpr) -> usize {
    let sub = |x: &SExpr| depth(x);
    1 + match e {
        SExpr::Unary { arg, .. } | SExpr::Cast { arg, .. } => sub(arg),
        SExpr::Binary { lhs, rhs, .. } => sub(lhs).max(sub(rhs)),
        SExpr::Select { cond, on_true, on_false } => sub(cond).max(sub(on_true)).max(sub(on_false)),
        SExpr::Gather { coords, .. } => coords
            .iter()
            .map(|c| match &c.value {
                CoordValue::Expr(x) => sub(x),
                CoordValue::Var { .. } => 0,
            })
            .max()
            .unwrap_or(0),
        SExpr::Load { .. } | SExpr::Uniform { .. } | SExpr::Const(_) | SExpr::Var(_) | SExpr::Acc(_) | SExpr::Acc2 => 0,
    }
}

/// The fused kernel's label: its statements in order, shortened past a few.
fn join_labels(first: &str, then: &str) -> String {
    const MAX: usize = 160;
    // `a; …(+N); z`: past MAX characters keep the first statement and the last, count the rest.
    let count = |s: &str| s.split("; ").filter(|p| !p.starts_with('…')).count() + hidden(s);
    let between = (count(first) + count(then)).saturating_sub(2);
    if first.len() + then.len() + 2 <= MAX || between == 0 {
        return format!("{first}; {then}");
    }
    let head = first.split("; ").next().unwrap_or(first);
    let tail = then.rsplit("; ").next().unwrap_or(then);
    format!("{head}; …(+{between}); {tail}")
}

/// Statements a shortened label counts in its `…(+N)` part.
fn hidden(s: &str) -> usize {
    s.split("; ")
        .filter_map(|p| p.strip_prefix("…(+").and_then(|r| r.strip_suffix(')')))
        .filter_map(|n| n.parse::<usize>().ok())
        .sum()
}

mod attention;
mod copy;
mod follow;
mod norm;
mod pair;
mod rows;
mod split_keys;
mod store;

#[cfg(test)]
mod follow_tests;
#[cfg(test)]
mod split_keys_tests;
#[cfg(test)]
mod tests;
