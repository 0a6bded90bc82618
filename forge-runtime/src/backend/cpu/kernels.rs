//! Each kernel template on the host, in f32 like the GPU, in parallel (rayon). Elementwise and
//! index-notation kernels are evaluated in blocks of points ([`super::eval`]); row kernels,
//! matmuls and attention go to the fast kernels ([`super::fast`]) through [`super::rows`] and
//! [`super::products`]. Results are written straight into the output buffer, block by block.

use super::col::Col;
use super::epilogue::{product, BLOCK};
use super::eval::{Block, Env};
use super::fused::Fused;
use super::store::{OutSlice, Store};
use super::{products, row_kernels};
use crate::elem::{Scalar, Ty};
use crate::error::{Error, Result};
use crate::graph::ops::Finish;
use crate::ir::{AttentionBody, KernelBody, KernelSpec, Reduction, SExpr, ScatterBody};
use rayon::prelude::*;

/// Elements a body writes (row-major over its output space).
fn out_len(body: &KernelBody) -> usize {
    match body {
        KernelBody::Map { extents, .. } | KernelBody::Index { extents, .. } => product(extents),
        KernelBody::Row { leading, .. } => product(leading),
        KernelBody::Softmax { leading, cols, .. } | KernelBody::Norm { leading, cols, .. } => product(leading) * cols,
        // A split store writes three bf16 pieces a value.
        KernelBody::Matmul(m) => product(&m.batch) * m.m * m.n * if m.split_store { 3 } else { 1 },
        KernelBody::Attention(a) => product(&a.batch) * a.tq * a.ev * if a.split_store.is_some() { 3 } else { 1 },
        KernelBody::Scatter(s) => product(&s.extents),
        KernelBody::Raw(_) | KernelBody::Rows(_) => 0,
    }
}

/// Runs one kernel: reads `mem`, writes its output range. Raw kernels run through their
/// compiled interpreter form (`raw`).
pub fn run(
    spec: &KernelSpec,
    mem: &mut [Store],
    uniforms: &[Scalar],
    raw: Option<&super::raw::RawKernel>,
) -> Result<()> {
    if let KernelBody::Raw(body) = &spec.body {
        let Some(raw) = raw else {
            return Err(Error::Internal(format!("raw kernel `{}` was not compiled", spec.node)));
        };
        return raw.run(spec, body, mem, uniforms);
    }
    if let KernelBody::Rows(chain) = &spec.body {
        // Stage by stage: what the fused GPU kernel computes row by row (`ir::fuse::rows`).
        for stage in &chain.stages {
            let one = KernelSpec { body: stage.clone(), ..spec.clone() };
            run(&one, mem, uniforms, None)?;
        }
        return Ok(());
    }
    if let KernelBody::Scatter(s) = &spec.body {
        return scatter(spec, s, mem, uniforms);
    }
    let out = &spec.args[spec.body.out()];
    let len = out_len(&spec.body);
    let missing = || Error::Internal(format!("kernel `{}` writes outside its output buffer", spec.node));
    if out.buffer >= mem.len() {
        return Err(missing());
    }
    if spec.reads_buffer(out.buffer) {
        // The kernel reads the memory it writes: compute everything first, then store.
        let mut tmp = Store::new(out.elem, len, false, &spec.node)?;
        compute(spec, mem, uniforms, tmp.out_slice(0, len).ok_or_else(missing)?)?;
        mem[out.buffer].copy_in(out.offset, &tmp).ok_or_else(missing)?;
    } else {
        // Take the output buffer out of `mem` so that it can be written while the inputs are read.
        let mut store = std::mem::replace(&mut mem[out.buffer], Store::F32(Vec::new()));
        let result = match store.out_slice(out.offset, len) {
            Some(dst) => compute(spec, mem, uniforms, dst),
            None => Err(missing()),
        };
        mem[out.buffer] = store;
        result?;
    }
    match &spec.body {
        KernelBody::Norm { split: Some(split), cols, .. } => split_output(spec, *split, *cols, mem),
        // The statements a GPU kernel runs after its product (`ir::fuse::follow`), in order,
        // once the product is stored: what they read of it is final there too.
        KernelBody::Matmul(m) => {
            for f in &m.followers {
                run(&KernelSpec { body: f.body.clone(), ..spec.clone() }, mem, uniforms, None)?;
            }
            Ok(())
        }
        KernelBody::Attention(a) => match a.lse {
            Some(lse) => lse_output(spec, a, lse, mem, uniforms),
            None => Ok(()),
        },
        KernelBody::Norm { split: None, .. }
        | KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => Ok(()),
    }
}

/// An attention's second output ([`AttentionBody::lse`]): each query row's log-sum-exp of its
/// scores, into f32 argument `lse`.
fn lse_output(spec: &KernelSpec, a: &AttentionBody, lse: usize, mem: &mut [Store], uniforms: &[Scalar]) -> Result<()> {
    let wrong = || Error::Internal(format!("kernel `{}`: its log-sum-exps do not fit their argument", spec.node));
    let to = spec.args.get(lse).filter(|to| to.buffer < mem.len()).ok_or_else(wrong)?;
    let len = product(&a.batch) * a.tq;
    let mut values = vec![0.0f32; len];
    products::attention_lse(&Env { spec, mem, uniforms }, a, &mut values)?;
    match mem[to.buffer].out_slice(to.offset, len).ok_or_else(wrong)?.as_f32() {
        Some(dst) => {
            dst.copy_from_slice(&values);
            Ok(())
        }
        None => Err(wrong()),
    }
}

/// A norm's second output ([`KernelBody::Norm`]'s `split`): the f32 values it just stored,
/// split into the bf16 argument `split` as rows of `[hi | lo | hi]`, `cols` wide each.
fn split_output(spec: &KernelSpec, split: usize, cols: usize, mem: &mut [Store]) -> Result<()> {
    let (out, to) = (&spec.args[spec.body.out()], spec.args.get(split));
    let wrong = || Error::Internal(format!("kernel `{}`: its split store does not fit its output", spec.node));
    let Some(to) = to.filter(|to| to.buffer != out.buffer && to.buffer < mem.len()) else { return Err(wrong()) };
    let len = out_len(&spec.body);
    let values = match mem.get(out.buffer) {
        Some(Store::F32(v)) => {
            v.get(out.offset..out.offset.checked_add(len).ok_or_else(wrong)?).ok_or_else(wrong)?.to_vec()
        }
        Some(Store::F16(_) | Store::BF16(_) | Store::U32(_) | Store::I32(_) | Store::Blocks { .. }) | None => {
            return Err(wrong())
        }
    };
    let dst = mem[to.buffer].out_slice(to.offset, 3 * len).ok_or_else(wrong)?;
    products::split_store(&values, cols, dst)
}

fn compute(spec: &KernelSpec, mem: &[Store], uniforms: &[Scalar], mut dst: OutSlice<'_>) -> Result<()> {
    let env = Env { spec, mem, uniforms };
    match &spec.body {
        KernelBody::Map { extents, value, .. } | KernelBody::Index { extents, value, reduce: None, .. }
            if fused(&env, extents, value, &mut dst) =>
        {
            Ok(())
        }
        KernelBody::Map { extents, value, .. } => {
            blocks(extents, dst, |b| env.eval(value, b, None));
            Ok(())
        }
        KernelBody::Index { extents, reduce: Some(red), value, .. }
            if fused_reduce(&env, extents, red, value, &mut dst) =>
        {
            Ok(())
        }
        KernelBody::Index { extents, reduce, value, .. } => {
            blocks(extents, dst, |b| index(&env, b, value, reduce.as_ref()));
            Ok(())
        }
        body @ (KernelBody::Row { .. } | KernelBody::Softmax { .. } | KernelBody::Norm { .. }) => {
            row_kernels::run(&env, body, dst)
        }
        KernelBody::Matmul(m) => products::matmul(&env, m, dst),
        KernelBody::Attention(a) => products::attention(&env, a, dst),
        KernelBody::Scatter(_) => Err(Error::Internal("a scatter reached the template interpreter".into())),
        KernelBody::Raw(_) => Err(Error::Internal("raw kernel reached the template interpreter".into())),
        KernelBody::Rows(_) => Err(Error::Internal("a row chain reached the template interpreter".into())),
    }
}

/// A window written into part of its output ([`ScatterBody`]): computed whole into a scratch
/// store, then copied row by row (rows of the last axis) to the shifted places; the parts
/// that fall past the output's edge are skipped, as on the GPU.
fn scatter(spec: &KernelSpec, s: &ScatterBody, mem: &mut [Store], uniforms: &[Scalar]) -> Result<()> {
    let out = &spec.args[s.out];
    let len = product(&s.extents);
    let missing = || Error::Internal(format!("kernel `{}` writes outside its output buffer", spec.node));
    let (Some(&last), true) = (s.extents.last(), s.extents.len() == s.dims.len()) else { return Err(missing()) };
    if len == 0 || out.buffer >= mem.len() {
        return Ok(());
    }
    let mut tmp = Store::new(out.elem, len, false, &spec.node)?;
    let env = Env { spec, mem, uniforms };
    let mut window = tmp.out_slice(0, len).ok_or_else(missing)?;
    if !fused(&env, &s.extents, &s.value, &mut window) {
        blocks(&s.extents, window, |b| env.eval(&s.value, b, None));
    }
    let shift: Vec<u64> = s
        .shifts
        .iter()
        .map(|f| match f.and_then(|f| uniforms.get(f)) {
            Some(Scalar::U32(v)) => u64::from(*v),
            Some(Scalar::F32(_) | Scalar::F16(_) | Scalar::BF16(_) | Scalar::I32(_)) | None => 0,
        })
        .collect();
    let strides = s.strides();
    let rank = s.extents.len();
    let (last_shift, last_dim) = (shift[rank - 1], s.dims[rank - 1] as u64);
    let count = (last as u64).min(last_dim.saturating_sub(last_shift)) as usize;
    'rows: for row in 0..len / last {
        let mut at = out.offset as u64 + last_shift;
        let mut rest = row;
        for a in (0..rank - 1).rev() {
            let v = (rest % s.extents[a]) as u64 + shift[a];
            rest /= s.extents[a];
            if v >= s.dims[a] as u64 {
                continue 'rows;
            }
            at += v * strides[a] as u64;
        }
        if count > 0 {
            mem[out.buffer].copy_range(at as usize, &tmp, row * last, count).ok_or_else(missing)?;
        }
    }
    Ok(())
}

/// `value` over the space into an f32 `dst` through the fused evaluator ([`Fused`]), where it
/// takes the expression; `false` (nothing written) where it does not.
fn fused<'a>(env: &Env<'a>, extents: &[usize], value: &'a SExpr, dst: &mut OutSlice<'_>) -> bool {
    let (Some(out), false) = (dst.as_f32(), extents.is_empty()) else { return false };
    match Fused::compile(env, value, extents) {
        Some(f) => {
            f.run(extents, out);
            true
        }
        None => false,
    }
}

/// An index-notation reduction of f32 values through the fused evaluator (the same fold, point
/// by point), where it takes the body; `false` (nothing written) where it does not.
fn fused_reduce<'a>(
    env: &Env<'a>,
    extents: &[usize],
    red: &Reduction,
    value: &'a SExpr,
    dst: &mut OutSlice<'_>,
) -> bool {
    let (Some(out), false) = (dst.as_f32(), extents.is_empty()) else { return false };
    let space: Vec<usize> = extents.iter().chain(&red.extents).copied().collect();
    match Fused::compile(env, value, &space) {
        Some(f) => {
            f.run_reduce(extents, &red.extents, red.op, out);
            true
        }
        None => false,
    }
}

/// `f` over the space in blocks of points, in parallel, each block written to its part of `dst`.
fn blocks(extents: &[usize], dst: OutSlice<'_>, f: impl Fn(&Block) -> Col + Sync + Send) {
    dst.chunks(BLOCK).into_par_iter().enumerate().for_each(|(i, mut d)| {
        let col = f(&Block::range(extents, i * BLOCK, d.len()));
        d.write(&col);
    });
}

/// Index notation: `value`, or its reduction over the extra (last) variables, their points in
/// row-major order.
fn index(env: &Env<'_>, blk: &Block, value: &SExpr, reduce: Option<&Reduction>) -> Col {
    let Some(red) = reduce else { return env.eval(value, blk, None) };
    let (op, k) = (red.op, red.count());
    let mut point = vec![0u32; red.extents.len()];
    let mut b = blk.with_vars(&point);
    let mut acc = env.eval(value, &b, None);
    let ty = match acc.ty() {
        t @ (Ty::I32 | Ty::U32) => t,
        Ty::F32 | Ty::Bool => Ty::F32,
    };
    for _ in 1..k {
        // The next point, the last variable fastest.
        for (d, &e) in red.extents.iter().enumerate().rev() {
            point[d] += 1;
            if (point[d] as usize) < e {
                break;
            }
            point[d] = 0;
        }
        b.set_last_vars(&point);
        acc = super::col::binary(op.combine(), acc.into_ty(ty), env.eval(value, &b, None).into_ty(ty), ty);
    }
    match op.finish() {
        Finish::Folded => acc,
        Finish::DivideByCount => {
            let mut v = acc.floats();
            v.iter_mut().for_each(|x| *x /= k as f32);
            Col::F(v)
        }
    }
}
