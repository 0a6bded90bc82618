//! Each kernel template on the host, in f32 like the GPU, parallel over rows or blocks of
//! points (rayon). Matmuls go to [`super::gemm`], everything else is written here once.

use super::eval::{Block, Col, Env};
use super::gemm;
use super::scalar::{fmax, Value};
use super::store::Store;
use crate::elem::Scalar;
use crate::error::{Error, Result};
use crate::ir::{AttentionBody, KernelBody, KernelSpec, MatmulBody, NormKind, ReduceOp, RowOp, SExpr};
use rayon::prelude::*;

/// Points per block of elementwise evaluation.
const BLOCK: usize = 1024;

/// Sum in f32, pairwise (the error grows with log n, not n).
pub fn sum_f32(xs: &[f32]) -> f32 {
    if xs.len() <= 32 {
        let mut lanes = [0.0f32; 8];
        for (i, x) in xs.iter().enumerate() {
            lanes[i % 8] += x;
        }
        return ((lanes[0] + lanes[4]) + (lanes[1] + lanes[5])) + ((lanes[2] + lanes[6]) + (lanes[3] + lanes[7]));
    }
    let mid = xs.len() / 2;
    sum_f32(&xs[..mid]) + sum_f32(&xs[mid..])
}

fn product(extents: &[usize]) -> usize {
    extents.iter().product()
}

/// Runs one kernel: reads `mem`, then writes its output range. Raw kernels run through their
/// compiled interpreter form (`raw`).
pub fn run(spec: &KernelSpec, mem: &mut [Store], uniforms: &[Scalar], raw: Option<&super::raw::RawKernel>) -> Result<()> {
    if let KernelBody::Raw(body) = &spec.body {
        let Some(raw) = raw else { return Err(Error::Internal(format!("raw kernel `{}` was not compiled", spec.node))) };
        return raw.run(spec, body, mem, uniforms);
    }
    let out = &spec.args[spec.body.out()];
    let (buffer, offset) = (out.buffer, out.offset);
    let values: Vec<Col> = {
        let env = Env { spec, mem, uniforms };
        match &spec.body {
            KernelBody::Map { extents, value, .. } => blocks(extents, |b| env.eval(value, b, None)),
            KernelBody::Index { extents, reduce, value, .. } => blocks(extents, |b| index(&env, b, value, *reduce)),
            KernelBody::Row { leading, cols, op, input, epilogue, .. } => rows(leading, |r| {
                let x = env.eval(input, &Block::range(&with(leading, *cols), r * cols, *cols), None).floats();
                let acc = match op {
                    RowOp::Reduce(ReduceOp::Sum) => Col::F(vec![sum_f32(&x)]),
                    RowOp::Reduce(ReduceOp::Mean) => Col::F(vec![sum_f32(&x) / *cols as f32]),
                    RowOp::Reduce(ReduceOp::Max) => Col::F(vec![x.iter().copied().fold(f32::NEG_INFINITY, fmax)]),
                    RowOp::Argmax => Col::U(vec![argmax(&x)]),
                };
                env.eval(epilogue, &Block::range(leading, r, 1), Some(&acc))
            }),
            KernelBody::Softmax { leading, cols, input, epilogue, .. } => rows(leading, |r| {
                let blk = Block::range(&with(leading, *cols), r * cols, *cols);
                let x = env.eval(input, &blk, None).floats();
                let m = x.iter().copied().fold(f32::NEG_INFINITY, fmax);
                let e: Vec<f32> = x.iter().map(|v| (v - m).exp()).collect();
                let s = sum_f32(&e);
                env.eval(epilogue, &blk, Some(&Col::F(e.iter().map(|v| v / s).collect())))
            }),
            KernelBody::Norm { leading, cols, kind, input, gain, bias, eps, epilogue, .. } => {
                let eps = env.eval(eps, &Block::point(&[]), None).get(0).f();
                rows(leading, |r| {
                    let blk = Block::range(&with(leading, *cols), r * cols, *cols);
                    let x = env.eval(input, &blk, None).floats();
                    let g = env.eval(gain, &blk, None).floats();
                    let n = *cols as f32;
                    let acc: Vec<f32> = match kind {
                        NormKind::Rms => {
                            let sq: Vec<f32> = x.iter().map(|v| v * v).collect();
                            let inv = 1.0 / (sum_f32(&sq) / n + eps).sqrt();
                            x.iter().zip(&g).map(|(v, g)| v * inv * g).collect()
                        }
                        NormKind::Layer => {
                            let mean = sum_f32(&x) / n;
                            let sq: Vec<f32> = x.iter().map(|v| (v - mean) * (v - mean)).collect();
                            let inv = 1.0 / (sum_f32(&sq) / n + eps).sqrt();
                            let b = bias.as_ref().map(|b| env.eval(b, &blk, None).floats()).unwrap_or_else(|| vec![0.0; x.len()]);
                            x.iter().zip(&g).zip(&b).map(|((v, g), b)| (v - mean) * inv * g + b).collect()
                        }
                    };
                    env.eval(epilogue, &blk, Some(&Col::F(acc)))
                })
            }
            KernelBody::Matmul(m) => matmul(&env, m)?,
            KernelBody::Attention(a) => attention(&env, a),
            KernelBody::Raw(_) => return Err(Error::Internal("raw kernel reached the template interpreter".into())),
        }
    };
    let store = mem.get_mut(buffer).ok_or_else(|| Error::Internal(format!("kernel `{}` writes a missing buffer", spec.node)))?;
    let mut at = offset;
    for col in values {
        for p in 0..col.len() {
            store.set(at, col.get(p));
            at += 1;
        }
    }
    Ok(())
}

fn with(leading: &[usize], cols: usize) -> Vec<usize> {
    let mut v = leading.to_vec();
    v.push(cols);
    v
}

/// First index of the largest element; NaN is never the largest; 0 for a row of NaN.
fn argmax(x: &[f32]) -> u32 {
    let mut best = (f32::NEG_INFINITY, None);
    for (i, &v) in x.iter().enumerate() {
        if v > best.0 || (v == best.0 && best.1.is_none()) {
            best = (v, Some(i));
        }
    }
    best.1.unwrap_or(0) as u32
}

/// `f` over the space in blocks of points (in parallel), results in row-major order.
fn blocks(extents: &[usize], f: impl Fn(&Block) -> Col + Sync + Send) -> Vec<Col> {
    let n = product(extents);
    let starts: Vec<usize> = (0..n).step_by(BLOCK).collect();
    starts.par_iter().map(|&s| f(&Block::range(extents, s, BLOCK.min(n - s)))).collect()
}

/// `f(row)` for every row of `leading` (in parallel), results in row order.
fn rows(leading: &[usize], f: impl Fn(usize) -> Col + Sync + Send) -> Vec<Col> {
    (0..product(leading)).into_par_iter().map(f).collect()
}

fn index(env: &Env<'_>, blk: &Block, value: &SExpr, reduce: Option<(ReduceOp, usize)>) -> Col {
    let Some((op, k)) = reduce else { return env.eval(value, blk, None) };
    let mut b = blk.clone();
    b.vars.push(vec![0; blk.n]);
    let mut acc = env.eval(value, &b, None);
    for r in 1..k {
        b.vars.last_mut().map(|v| v.iter_mut().for_each(|x| *x = r as u32));
        let v = env.eval(value, &b, None);
        acc = match (acc, v) {
            (Col::F(a), Col::F(v)) if op == ReduceOp::Max => Col::F(a.iter().zip(&v).map(|(a, b)| fmax(*a, *b)).collect()),
            (Col::F(a), Col::F(v)) => Col::F(a.iter().zip(&v).map(|(a, b)| a + b).collect()),
            (a, v) => {
                let bop = if op == ReduceOp::Max { crate::ir::BinaryOp::Max } else { crate::ir::BinaryOp::Add };
                let n = a.len();
                let vals: Vec<Value> = (0..n).map(|p| super::scalar::binary(bop, a.get(p), v.get(p))).collect();
                match vals.first() {
                    Some(Value::I(_)) => Col::I(vals.iter().map(|v| v.i64() as i32).collect()),
                    Some(Value::U(_)) => Col::U(vals.iter().map(|v| v.i64() as u32).collect()),
                    _ => Col::F(vals.iter().map(|v| v.f()).collect()),
                }
            }
        };
    }
    if op == ReduceOp::Mean {
        acc = Col::F(acc.floats().iter().map(|v| v / k as f32).collect());
    }
    acc
}

/// A `[rows, cols]` operand of one batch entry, contiguous f32.
fn operand(env: &Env<'_>, e: &SExpr, batch: &[usize], b: usize, rows: usize, cols: usize) -> Vec<f32> {
    let mut space = batch.to_vec();
    space.extend([rows, cols]);
    let blk = Block::range(&space, b * rows * cols, rows * cols);
    env.eval(e, &blk, None).floats()
}

fn matmul(env: &Env<'_>, m: &MatmulBody) -> Result<Vec<Col>> {
    let entries = product(&m.batch);
    let products: Vec<Vec<f32>> = (0..entries)
        .into_par_iter()
        .map(|b| {
            let a = operand(env, &m.a, &m.batch, b, m.m, m.k);
            let bm = operand(env, &m.b, &m.batch, b, m.k, m.n);
            gemm::gemm(m.m, m.n, m.k, &a, &bm)
        })
        .collect();
    let mut space = m.batch.clone();
    space.extend([m.m, m.n]);
    let per = m.m * m.n;
    Ok(products
        .into_iter()
        .enumerate()
        .map(|(b, c)| env.eval(&m.epilogue, &Block::range(&space, b * per, per), Some(&Col::F(c))))
        .collect())
}

fn attention(env: &Env<'_>, a: &AttentionBody) -> Vec<Col> {
    let scale = env.eval(&a.scale, &Block::point(&[]), None).get(0).f();
    let entries = product(&a.batch);
    let mut space = a.batch.clone();
    space.extend([a.tq, a.ev]);
    (0..entries)
        .into_par_iter()
        .map(|b| {
            let q = operand(env, &a.q, &a.batch, b, a.tq, a.e);
            let k = operand(env, &a.k, &a.batch, b, a.tk, a.e);
            let v = operand(env, &a.v, &a.batch, b, a.tk, a.ev);
            let mask = a.mask.as_ref().map(|m| operand(env, m, &a.batch, b, a.tq, a.tk));
            let mut out = vec![0.0f32; a.tq * a.ev];
            let mut s = vec![0.0f32; a.tk];
            for i in 0..a.tq {
                let visible = if a.causal { (i + a.tk.saturating_sub(a.tq) + 1).min(a.tk) } else { a.tk };
                for (j, sj) in s.iter_mut().enumerate().take(visible) {
                    let dot: f32 = (0..a.e).map(|d| q[i * a.e + d] * k[j * a.e + d]).sum();
                    *sj = dot * scale + mask.as_ref().map_or(0.0, |m| m[i * a.tk + j]);
                }
                let mx = s[..visible].iter().copied().fold(f32::NEG_INFINITY, fmax);
                let mut den = 0.0f32;
                let o = &mut out[i * a.ev..(i + 1) * a.ev];
                for j in 0..visible {
                    if s[j] == f32::NEG_INFINITY {
                        continue;
                    }
                    let p = (s[j] - mx).exp();
                    den += p;
                    for d in 0..a.ev {
                        o[d] += p * v[j * a.ev + d];
                    }
                }
                o.iter_mut().for_each(|x| *x /= den);
            }
            let per = a.tq * a.ev;
            env.eval(&a.epilogue, &Block::range(&space, b * per, per), Some(&Col::F(out)))
        })
        .collect()
}
