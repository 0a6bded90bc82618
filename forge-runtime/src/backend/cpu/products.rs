//! Matmul and attention kernels on the host. An operand that is a plain load of an f32 (or, for
//! matmul, f16/bf16) buffer is handed to the fast kernels as a strided view of host memory —
//! transposes, head splits and broadcasts are strides, nothing is packed on our side; any other
//! operand is evaluated into a contiguous buffer first. The product lands in the output buffer
//! (when it is f32) and the epilogue then runs over it in place.

use super::epilogue::{epilogue, epilogue_in_place, epilogue_pair, eval_f32, product};
use super::eval::Block;
use super::eval::Env;
use super::fast::{self, AttentionArgs, AttentionDims, Batch, GemmDims, GemmInput, MatLayout, View, ViewMut};
use super::store::{OutSlice, Store};
use crate::error::Result;
use crate::ir::{AttentionBody, MatmulBody, NormKind, RowLayerNorm, RowRms, SExpr};
use half::{bf16, f16};
use std::ops::Range;

/// Host memory an operand reads.
#[derive(Clone, Copy)]
enum Src<'a> {
    F32(&'a [f32]),
    F16(&'a [f16]),
    BF16(&'a [bf16]),
}

/// A `[batch.., rows, cols]` operand: a view of host memory, or its values evaluated.
enum Operand<'a> {
    View(Src<'a>, MatLayout),
    Owned(Vec<f32>, MatLayout),
}

impl Operand<'_> {
    fn src(&self) -> (Src<'_>, MatLayout) {
        match self {
            Operand::View(s, l) => (*s, *l),
            Operand::Owned(v, l) => (Src::F32(v), *l),
        }
    }

    fn f32_view(&self) -> Option<View<'_, f32>> {
        match self.src() {
            (Src::F32(v), l) => Some(View::new(v, l)),
            (Src::F16(_) | Src::BF16(_), _) => None,
        }
    }
}

/// The batch dims of a product as the fast kernels take them: as they are, or (more than
/// [`fast::MAX_BATCH_DIMS`]) flattened into one, which needs contiguous operands.
struct BatchPlan {
    dims: Vec<usize>,
    batch: Batch,
    flat: bool,
}

impl BatchPlan {
    fn new(dims: &[usize]) -> Result<BatchPlan> {
        let flat = dims.len() > fast::MAX_BATCH_DIMS;
        let batch = if flat { Batch::new(&[product(dims)])? } else { Batch::new(dims)? };
        Ok(BatchPlan { dims: dims.to_vec(), batch, flat })
    }

    /// Contiguous `[batch.., rows, cols]` layout.
    fn contiguous(&self, rows: usize, cols: usize) -> Result<MatLayout> {
        let per = (rows * cols) as isize;
        let mut strides: Vec<isize> = vec![0; self.batch.extents().len()];
        let mut acc = per;
        for (s, &e) in strides.iter_mut().zip(self.batch.extents()).rev() {
            *s = acc;
            acc *= e as isize;
        }
        Ok(MatLayout::new(0, cols as isize, 1).with_batch_strides(&strides)?)
    }

    /// The operand `e` over `[batch.., rows, cols]`: a view when it is a plain load of a float
    /// buffer (f32 only unless `halves`) and `eval` is false, else evaluated.
    fn operand<'a>(
        &self,
        env: &Env<'a>,
        e: &SExpr,
        rows: usize,
        cols: usize,
        halves: bool,
        eval: bool,
    ) -> Result<Operand<'a>> {
        if !(eval || self.flat) {
            if let Some(view) = self.view(env, e, halves) {
                return Ok(view);
            }
        }
        let mut space = self.dims.clone();
        space.extend([rows, cols]);
        Ok(Operand::Owned(eval_f32(env, e, &space), self.contiguous(rows, cols)?))
    }

    fn view<'a>(&self, env: &Env<'a>, e: &SExpr, halves: bool) -> Option<Operand<'a>> {
        let (arg, strides) = e.as_load()?;
        let nb = self.dims.len();
        if strides.len() != nb + 2 {
            return None;
        }
        let s: Vec<isize> = strides.iter().map(|&s| isize::try_from(s).ok()).collect::<Option<_>>()?;
        let a = env.spec.args.get(arg)?;
        let src = match env.mem.get(a.buffer)? {
            Store::F32(v) => Src::F32(v.get(a.offset..)?),
            Store::F16(v) if halves => Src::F16(bytemuck::cast_slice(v.get(a.offset..)?)),
            Store::BF16(v) if halves => Src::BF16(bytemuck::cast_slice(v.get(a.offset..)?)),
            Store::F16(_) | Store::BF16(_) | Store::U32(_) | Store::I32(_) | Store::Blocks { .. } => return None,
        };
        let layout = MatLayout::new(0, s[nb], s[nb + 1]).with_batch_strides(&s[..nb]).ok()?;
        Some(Operand::View(src, layout))
    }
}

/// `gemm` with A of any operand type.
fn gemm_a(d: &GemmDims, a: (Src<'_>, MatLayout), b: (Src<'_>, MatLayout), c: ViewMut<'_>) -> fast::Result<()> {
    match a.0 {
        Src::F32(x) => gemm_b(d, View::new(x, a.1), b, c),
        Src::F16(x) => gemm_b(d, View::new(x, a.1), b, c),
        Src::BF16(x) => gemm_b(d, View::new(x, a.1), b, c),
    }
}

fn gemm_b<TA: GemmInput>(d: &GemmDims, a: View<'_, TA>, b: (Src<'_>, MatLayout), c: ViewMut<'_>) -> fast::Result<()> {
    match b.0 {
        Src::F32(y) => fast::gemm(d, 1.0, a, View::new(y, b.1), 0.0, c),
        Src::F16(y) => fast::gemm(d, 1.0, a, View::new(y, b.1), 0.0, c),
        Src::BF16(y) => fast::gemm(d, 1.0, a, View::new(y, b.1), 0.0, c),
    }
}

/// `C = A · B` into the contiguous `c`, for the output columns `cols` at least: views first (B
/// and C shifted to the first of `cols`, the product `cols.len()` wide); if a view is rejected
/// (it reaches past its buffer), evaluated operands over all columns, as the generic path reads
/// them. `a_vals`: A already evaluated (contiguous; a folded norm's `a · gain`) instead of `m.a`.
fn matmul_into(
    env: &Env<'_>,
    m: &MatmulBody,
    a_vals: Option<&[f32]>,
    b: &SExpr,
    plan: &BatchPlan,
    c: &mut [f32],
    cols: Range<usize>,
) -> Result<()> {
    if is_block_load(env, b) {
        let mut space = m.batch.clone();
        space.extend([m.m, m.k]);
        let evaluated;
        let a = match a_vals {
            Some(v) => v,
            None => {
                evaluated = eval_f32(env, &m.a, &space);
                &evaluated
            }
        };
        if super::quant::block_product(env, m, b, a, c).is_some() {
            return Ok(());
        }
    }
    let lc = plan.contiguous(m.m, m.k)?;
    let lc_out = plan.contiguous(m.m, m.n)?;
    let a_of = |eval: bool| -> Result<Operand<'_>> {
        match a_vals {
            Some(v) => Ok(Operand::Owned(v.to_vec(), lc)),
            None => plan.operand(env, &m.a, m.m, m.k, true, eval),
        }
    };
    let shift = |l: MatLayout| {
        usize::try_from(l.offset as isize + cols.start as isize * l.col_stride).ok().map(|at| l.with_offset(at))
    };
    let (a, bv) = (a_of(false)?, plan.operand(env, b, m.k, m.n, true, false)?);
    let (b_src, lb) = bv.src();
    if let (Some(lb), Some(lc)) = (shift(lb), shift(lc_out)) {
        let dims = GemmDims { batch: plan.batch, m: m.m, k: m.k, n: cols.len() };
        if gemm_a(&dims, a.src(), (b_src, lb), ViewMut::new(c, lc)).is_ok() {
            return Ok(());
        }
    }
    let dims = GemmDims { batch: plan.batch, m: m.m, k: m.k, n: m.n };
    let (a, b) = (a_of(true)?, plan.operand(env, b, m.k, m.n, true, true)?);
    Ok(gemm_a(&dims, a.src(), b.src(), ViewMut::new(c, lc_out))?)
}

/// Whether `e` is a plain load of a block-format weight.
fn is_block_load(env: &Env<'_>, e: &SExpr) -> bool {
    e.as_load()
        .and_then(|(arg, _)| env.spec.args.get(arg))
        .and_then(|a| env.mem.get(a.buffer))
        .is_some_and(|s| matches!(s, Store::Blocks { .. }))
}

/// A folded RMS norm's operand and row scales ([`MatmulBody::rms`]): `a · gain` over
/// `[batch.., m, k]` and `1 / sqrt(mean_k(a²) + eps)` per row, as the `rms_norm` kernel
/// computes its scale.
fn folded_norm(env: &Env<'_>, m: &MatmulBody, rms: &RowRms) -> (Vec<f32>, Vec<f32>) {
    let mut space = m.batch.clone();
    space.extend([m.m, m.k]);
    let mut a = eval_f32(env, &m.a, &space);
    let gain = eval_f32(env, &rms.gain, &space);
    let eps = env.eval(&rms.eps, &Block::point(&[]), None).get(0).f();
    let n = m.k as f32;
    let inv = a.chunks(m.k.max(1)).map(|row| 1.0 / (fast::reduce::sum_map(row, |v| v * v) / n + eps).sqrt()).collect();
    a.iter_mut().zip(&gain).for_each(|(x, g)| *x *= g);
    (a, inv)
}

/// A folded layer norm's operand ([`MatmulBody::layer`]): `a`'s rows over `[batch.., m, k]`
/// normalised by the `layer_norm` kernel's own rows function.
fn folded_layer_norm(env: &Env<'_>, m: &MatmulBody, l: &RowLayerNorm) -> Result<Vec<f32>> {
    let mut space = m.batch.clone();
    space.extend([m.m, m.k]);
    let a = eval_f32(env, &m.a, &space);
    let gain = eval_f32(env, &l.gain, &space);
    let bias = l.bias.as_ref().map(|b| eval_f32(env, b, &space));
    let eps = env.eval(&l.eps, &Block::point(&[]), None).get(0).f();
    let p = fast::NormRows { kind: NormKind::Layer, gain: &gain, bias: bias.as_deref(), eps };
    let mut out = vec![0.0f32; a.len()];
    fast::norm_rows(&p, a.len() / m.k.max(1), m.k, &a, &mut out)?;
    Ok(out)
}

/// Multiplies each row of `c` (`n` columns) by its scale.
fn scale_rows(c: &mut [f32], n: usize, inv: &[f32]) {
    for (row, s) in c.chunks_mut(n.max(1)).zip(inv) {
        row.iter_mut().for_each(|v| *v *= s);
    }
}

/// `out = epilogue(A · B)` over `[batch.., m, n]`. An f32 output receives the product and the
/// epilogue is applied in place; other outputs get it converted from a temporary. A paired
/// product computes both into temporaries first; a folded norm scales the rows first.
pub fn matmul(env: &Env<'_>, m: &MatmulBody, mut dst: OutSlice<'_>) -> Result<()> {
    let plan = BatchPlan::new(&m.batch)?;
    let mut space = m.batch.clone();
    space.extend([m.m, m.n]);
    let norm = m.rms.as_ref().map(|r| folded_norm(env, m, r));
    let layer = m.layer.as_ref().map(|l| folded_layer_norm(env, m, l)).transpose()?;
    let a_vals = norm.as_ref().map(|(a, _)| a.as_slice()).or(layer.as_deref());
    let scale = |c: &mut [f32]| {
        if let Some((_, inv)) = &norm {
            scale_rows(c, m.n, inv);
        }
    };
    if let Some(b2) = &m.b2 {
        let (mut c, mut c2) = (vec![0.0f32; dst.len()], vec![0.0f32; dst.len()]);
        matmul_into(env, m, a_vals, &m.b, &plan, &mut c, 0..m.n)?;
        matmul_into(env, m, a_vals, b2, &plan, &mut c2, 0..m.n)?;
        scale(&mut c);
        scale(&mut c2);
        epilogue_pair(env, &m.epilogue, &space, &c, &c2, dst);
        return Ok(());
    }
    if m.split_store {
        let mut c = vec![0.0f32; space.iter().product()];
        matmul_into(env, m, a_vals, &m.b, &plan, &mut c, 0..m.n)?;
        scale(&mut c);
        epilogue_in_place(env, &m.epilogue, &space, &mut c);
        return split_store(&c, m.n, dst);
    }
    if let Some(c) = dst.as_f32() {
        if let Some(skip) = super::column_skip::ColumnSkip::of(env, &m.epilogue, &space) {
            if !skip.cols.is_empty() {
                matmul_into(env, m, a_vals, &m.b, &plan, c, skip.cols.clone())?;
                scale(c);
            }
            skip.apply(env, &space, c);
            return Ok(());
        }
        matmul_into(env, m, a_vals, &m.b, &plan, c, 0..m.n)?;
        scale(c);
        epilogue_in_place(env, &m.epilogue, &space, c);
        return Ok(());
    }
    let mut c = vec![0.0f32; dst.len()];
    matmul_into(env, m, a_vals, &m.b, &plan, &mut c, 0..m.n)?;
    scale(&mut c);
    epilogue(env, &m.epilogue, &space, &c, dst);
    Ok(())
}

/// `values` (rows of `n`) into the bf16 `dst` as rows of `[hi | lo | hi]`
/// ([`MatmulBody::split_store`]).
pub(super) fn split_store(values: &[f32], n: usize, dst: OutSlice<'_>) -> Result<()> {
    let OutSlice::BF16(out) = dst else {
        return Err(crate::error::Error::Internal("a split store's output must be bf16".into()));
    };
    if out.len() != 3 * values.len() || n == 0 {
        return Err(crate::error::Error::Internal(format!(
            "a split store of {} values has {} outputs",
            values.len(),
            out.len()
        )));
    }
    for (row, out) in values.chunks(n).zip(out.chunks_mut(3 * n)) {
        for (j, &v) in row.iter().enumerate() {
            let hi = super::scalar::f2bf(v);
            out[j] = hi;
            out[n + j] = super::scalar::f2bf(v - super::scalar::bf2f(hi));
            out[2 * n + j] = hi;
        }
    }
    Ok(())
}

/// Attention into the contiguous `out`: views first, evaluated operands if one is rejected.
fn attention_into(env: &Env<'_>, a: &AttentionBody, plan: &BatchPlan, out: &mut [f32]) -> Result<()> {
    with_operands(env, a, plan, out, fast::attention)
}

/// Each query row's log-sum-exp of its scores into `out` (`[batch.., tq]`, [`AttentionBody::lse`]).
pub fn attention_lse(env: &Env<'_>, a: &AttentionBody, out: &mut [f32]) -> Result<()> {
    with_operands(env, a, &BatchPlan::new(&a.batch)?, out, fast::log_sum_exps)
}

/// `run` over the attention's operands as strided views (evaluated into buffers where they
/// are not plain loads).
fn with_operands(
    env: &Env<'_>,
    a: &AttentionBody,
    plan: &BatchPlan,
    out: &mut [f32],
    run: fn(&AttentionDims, &AttentionArgs<'_>, &mut [f32]) -> fast::Result<()>,
) -> Result<()> {
    let dims = AttentionDims { batch: plan.batch, tq: a.tq, tk: a.tk, e: a.e, ev: a.ev };
    let scale = env.eval(&a.scale, &Block::point(&[]), None).get(0).f();
    for eval in [false, true] {
        let q = plan.operand(env, &a.q, a.tq, a.e, false, eval)?;
        let k = plan.operand(env, &a.k, a.tk, a.e, false, eval)?;
        let v = plan.operand(env, &a.v, a.tk, a.ev, false, eval)?;
        let mask = a.mask.as_ref().map(|m| plan.operand(env, m, a.tq, a.tk, false, eval)).transpose()?;
        let views = (q.f32_view(), k.f32_view(), v.f32_view(), mask.as_ref().map(|m| m.f32_view()));
        let (Some(q), Some(k), Some(v), mask) = views else { continue };
        let mask = match mask {
            Some(None) => continue,
            Some(Some(m)) => Some(m),
            None => None,
        };
        let args = AttentionArgs { q, k, v, mask, causal: a.causal, scale };
        match run(&dims, &args, out) {
            Ok(()) => return Ok(()),
            Err(e) if eval => return Err(e.into()),
            Err(_) => {}
        }
    }
    Err(crate::error::Error::Internal("attention operands could not be prepared".into()))
}

/// `out = epilogue(attention(q, k, v))` over `[batch.., tq, ev]` (in place for f32 outputs).
/// A permuted store (`a.out_strides`, f32 only) goes through a row-major temporary.
pub fn attention(env: &Env<'_>, a: &AttentionBody, mut dst: OutSlice<'_>) -> Result<()> {
    let plan = BatchPlan::new(&a.batch)?;
    let space = a.space();
    if let Some(k) = a.split_store {
        // The f32 layout first (permuted or not), then split into rows of `[hi | lo | hi]`.
        let mut rows = vec![0.0f32; space.iter().product()];
        attention_into(env, a, &plan, &mut rows)?;
        epilogue_in_place(env, &a.epilogue, &space, &mut rows);
        let mut placed = vec![0.0f32; rows.len()];
        scatter(&rows, &space, &a.store_strides(), &mut placed)?;
        return split_store(&placed, k, dst);
    }
    if let Some(strides) = &a.out_strides {
        let Some(out) = dst.as_f32() else {
            return Err(crate::error::Error::Internal("a permuted attention store must be f32".into()));
        };
        let mut rows = vec![0.0f32; out.len()];
        attention_into(env, a, &plan, &mut rows)?;
        epilogue_in_place(env, &a.epilogue, &space, &mut rows);
        return scatter(&rows, &space, strides, out);
    }
    if let Some(out) = dst.as_f32() {
        attention_into(env, a, &plan, out)?;
        epilogue_in_place(env, &a.epilogue, &space, out);
        return Ok(());
    }
    let mut out = vec![0.0f32; dst.len()];
    attention_into(env, a, &plan, &mut out)?;
    epilogue(env, &a.epilogue, &space, &out, dst);
    Ok(())
}

/// `dst[sum(idx · strides)] = src[i]` for every point `idx` (row-major index `i`) of `space`.
fn scatter(src: &[f32], space: &[usize], strides: &[usize], dst: &mut [f32]) -> Result<()> {
    let outside = || crate::error::Error::Internal("a permuted attention store leaves its buffer".into());
    let Some((&cols, lead)) = space.split_last() else { return Err(outside()) };
    if strides.len() != space.len() {
        return Err(outside());
    }
    let (lead_strides, col_stride) = (&strides[..lead.len()], strides[lead.len()]);
    let mut idx = vec![0usize; lead.len()];
    for row in src.chunks(cols.max(1)) {
        let base: usize = idx.iter().zip(lead_strides).map(|(i, s)| i * s).sum();
        for (c, &v) in row.iter().enumerate() {
            *dst.get_mut(base + c * col_stride).ok_or_else(outside)? = v;
        }
        // Next row: the odometer over the leading axes.
        for d in (0..idx.len()).rev() {
            idx[d] += 1;
            if idx[d] < lead[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Ok(())
}
