//! Float expressions evaluated fused, a short stretch of a row at a time: an elementwise or
//! index-notation kernel (a reduction too, folded point by point in the interpreter's order)
//! whose expression is f32 arithmetic over f32 loads, gathers at shifted space variables
//! (stencils) or at affine index expressions (a strided window's input), selects on comparisons
//! of such expressions (`fill`'s padding test), constants and uniforms is compiled once per run
//! into a tree whose nodes each fill a hundred-odd values of one scratch buffer. No column is
//! allocated, everything stays in L1, and each node is one tight loop — the same formulas
//! ([`scalar`]) as the column interpreter ([`super::eval`]), which takes every other expression.

use super::epilogue::BLOCK;
use super::eval::{Block, Env};
use super::fused_index::{Affine, Mask};
use super::scalar::{self, Value};
use super::store::Store;
use crate::elem::{Scalar, Ty};
use crate::graph::ops::Finish;
use crate::ir::{BinaryOp, CoordValue, ReduceOp, SExpr, UnaryOp};
use rayon::prelude::*;

/// Values a node computes at once (one stack array per level of the tree).
const WIDTH: usize = 128;
/// Most coordinates a fused gather takes (a tensor's rank).
const MAX_COORDS: usize = 8;

/// A compiled f32 expression over memory that is f32.
pub enum Fused<'a> {
    /// `v[base + Σ strides[d]·idx[d]]`.
    Load {
        v: &'a [f32],
        base: usize,
        strides: &'a [usize],
    },
    /// `v[base + Σ clamp(idx[var] + offset)·stride]`: a stencil's read. Kept apart from
    /// [`Fused::Window`], whose general coordinates cost a stencil about 40% (measured on `heat`).
    Gather {
        v: &'a [f32],
        base: usize,
        coords: Vec<GatherCoord>,
    },
    /// `v[base + Σ clamp(affine)·stride]`: a gather at computed coordinates (a strided or
    /// dilated window's input position).
    Window {
        v: &'a [f32],
        base: usize,
        coords: Vec<AffineCoord>,
    },
    Splat(f32),
    /// `select(mask, a, b)`.
    Select(Mask, Box<Fused<'a>>, Box<Fused<'a>>),
    Unary(UnaryOp, Box<Fused<'a>>),
    Binary(BinaryOp, Box<Fused<'a>>, Box<Fused<'a>>),
}

/// One coordinate of a fused gather.
pub struct GatherCoord {
    var: usize,
    offset: i64,
    /// The largest coordinate (`extent - 1`, at least 0).
    max: i64,
    stride: usize,
}

impl GatherCoord {
    #[inline(always)]
    fn at(&self, i: usize) -> usize {
        (i as i64 + self.offset).clamp(0, self.max) as usize * self.stride
    }
}

/// One coordinate of a fused window read: an affine index expression, clamped.
pub struct AffineCoord {
    value: Affine,
    /// The largest coordinate (`extent - 1`, at least 0).
    max: i64,
    stride: usize,
}

/// The stretch of a row being computed: the row's first point `idx` (its last variable
/// `last` replaced by `j0`, the stretch's first value), `len` values.
struct Stretch<'i> {
    idx: &'i [usize],
    last: usize,
    j0: usize,
}

impl<'a> Fused<'a> {
    /// `e` over the space `extents` compiled, or `None` where it is not all f32 arithmetic over
    /// f32 memory (gathers and selects on affine index expressions included).
    pub fn compile(env: &Env<'a>, e: &'a SExpr, extents: &[usize]) -> Option<Fused<'a>> {
        let floats = |arg: usize| match (env.spec.args.get(arg), env.mem) {
            (Some(a), mem) => match mem.get(a.buffer)? {
                Store::F32(v) => Some((v.as_slice(), a.offset)),
                Store::F16(_) | Store::BF16(_) | Store::U32(_) | Store::I32(_) | Store::Blocks { .. } => None,
            },
            (None, _) => None,
        };
        if e.ty() != Ty::F32 {
            return None;
        }
        Some(match e {
            SExpr::Load { arg, strides, .. } => {
                let (v, base) = floats(*arg)?;
                Fused::Load { v, base, strides }
            }
            SExpr::Gather { arg, coords, .. } => {
                let (v, base) = floats(*arg)?;
                let max = |c: &crate::ir::Coord| c.extent.saturating_sub(1) as i64;
                let shifts = coords
                    .iter()
                    .map(|c| match &c.value {
                        CoordValue::Var { var, offset } => {
                            Some(GatherCoord { var: *var, offset: *offset, max: max(c), stride: c.stride })
                        }
                        CoordValue::Expr(_) => None,
                    })
                    .collect::<Option<Vec<_>>>();
                if let Some(coords) = shifts {
                    return Some(Fused::Gather { v, base, coords });
                }
                let coords = coords
                    .iter()
                    .map(|c| {
                        let value = match &c.value {
                            CoordValue::Var { var, offset } if *var < extents.len() => Affine::var(*var, *offset),
                            CoordValue::Var { .. } => return None,
                            CoordValue::Expr(x) => Affine::of(env, x, extents)?,
                        };
                        Some(AffineCoord { value, max: max(c), stride: c.stride })
                    })
                    .collect::<Option<Vec<_>>>()?;
                (coords.len() <= MAX_COORDS).then_some(Fused::Window { v, base, coords })?
            }
            SExpr::Const(c) => Fused::Splat(Value::of(*c).f()),
            SExpr::Uniform { field, .. } => Fused::Splat(match env.uniforms.get(*field) {
                Some(Scalar::F32(v)) => *v,
                Some(Scalar::F16(v)) => v.to_f32(),
                Some(Scalar::BF16(v)) => v.to_f32(),
                Some(Scalar::U32(v)) => Value::U(*v).f(),
                Some(Scalar::I32(v)) => Value::I(*v).f(),
                None => f32::NAN,
            }),
            SExpr::Unary { op, arg } if *op != UnaryOp::Not => {
                Fused::Unary(*op, Box::new(Fused::compile(env, arg, extents)?))
            }
            SExpr::Binary { op, lhs, rhs } if scalar::arith_f32(*op, 0.0, 0.0).is_some() => Fused::Binary(
                *op,
                Box::new(Fused::compile(env, lhs, extents)?),
                Box::new(Fused::compile(env, rhs, extents)?),
            ),
            SExpr::Select { cond, on_true, on_false } => Fused::Select(
                Mask::of(env, cond, extents)?,
                Box::new(Fused::compile(env, on_true, extents)?),
                Box::new(Fused::compile(env, on_false, extents)?),
            ),
            SExpr::Unary { .. }
            | SExpr::Binary { .. }
            | SExpr::Var(_)
            | SExpr::Acc(_)
            | SExpr::Acc2
            | SExpr::Cast { .. } => return None,
        })
    }

    /// The expression over the space `extents` (not rank 0), row-major into `out`, in parallel.
    pub fn run(&self, extents: &[usize], out: &mut [f32]) {
        let last = extents.len() - 1;
        let scratch_len = self.depth() * WIDTH;
        out.par_chunks_mut(BLOCK).enumerate().for_each(|(i, d)| {
            let mut scratch = vec![0.0f32; scratch_len];
            let mut at = 0;
            Block::range(extents, i * BLOCK, d.len()).for_rows(|idx, len| {
                for s in (0..len).step_by(WIDTH) {
                    let w = WIDTH.min(len - s);
                    let stretch = Stretch { idx, last, j0: idx[last] + s };
                    self.eval_best(&stretch, &mut d[at..at + w], &mut scratch);
                    at += w;
                }
            });
        });
    }

    /// `op` folded over the reduction points of `red` (the space's trailing variables, in
    /// row-major order, one at a time from the first: the order `kernels::index` folds in) of
    /// the expression over the space `extents ++ red`, each output of `extents` (not rank 0)
    /// row-major into `out`, in parallel.
    pub fn run_reduce(&self, extents: &[usize], red: &[usize], op: ReduceOp, out: &mut [f32]) {
        let (last, rank) = (extents.len() - 1, extents.len());
        let points: usize = red.iter().product();
        let combine = op.combine();
        let scratch_len = (self.depth() + 1) * WIDTH;
        out.par_chunks_mut(BLOCK).enumerate().for_each(|(i, d)| {
            let mut scratch = vec![0.0f32; scratch_len];
            let mut full = vec![0usize; rank + red.len()];
            let mut at = 0;
            Block::range(extents, i * BLOCK, d.len()).for_rows(|idx, len| {
                full[..rank].copy_from_slice(&idx[..rank]);
                for s in (0..len).step_by(WIDTH) {
                    let w = WIDTH.min(len - s);
                    let acc = &mut d[at..at + w];
                    let (vals, rest) = scratch.split_at_mut(WIDTH);
                    full[rank..].iter_mut().for_each(|x| *x = 0);
                    for n in 0..points {
                        let stretch = Stretch { idx: &full, last, j0: idx[last] + s };
                        if n == 0 {
                            self.eval_best(&stretch, acc, rest);
                        } else {
                            self.eval_best(&stretch, &mut vals[..w], rest);
                            acc.iter_mut()
                                .zip(&vals[..w])
                                .for_each(|(a, &v)| *a = scalar::arith_f32(combine, *a, v).unwrap_or(f32::NAN));
                        }
                        // The next point, the last variable fastest.
                        for (x, &e) in full[rank..].iter_mut().zip(red).rev() {
                            *x += 1;
                            if *x < e {
                                break;
                            }
                            *x = 0;
                        }
                    }
                    if op.finish() == Finish::DivideByCount {
                        acc.iter_mut().for_each(|a| *a /= points as f32);
                    }
                    at += w;
                }
            });
        });
    }

    /// [`Fused::eval`], in AVX2 where the processor has it.
    fn eval_best(&self, p: &Stretch<'_>, out: &mut [f32], scratch: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2 (checked just above), all the function needs.
            return unsafe { self.eval_avx2(p, out, scratch) };
        }
        self.eval(p, out, scratch)
    }

    /// The scratch rows [`Fused::eval`] needs (one a level of binary nodes).
    fn depth(&self) -> usize {
        match self {
            Fused::Load { .. } | Fused::Gather { .. } | Fused::Window { .. } | Fused::Splat(_) => 0,
            Fused::Unary(_, a) => a.depth(),
            Fused::Binary(_, a, b) | Fused::Select(_, a, b) => a.depth().max(1 + b.depth()),
        }
    }
}

/// `out[i] = op(out[i])`, one loop per op (each with its formula inlined).
macro_rules! unary_each {
    ($op:expr, $out:expr, [$($o:ident),*]) => {
        match $op {
            $(UnaryOp::$o => $out.iter_mut().for_each(|x| *x = scalar::unary_f32(UnaryOp::$o, *x)),)*
        }
    };
}

/// `out[i] = op(out[i], rhs[i])`, one loop per op.
macro_rules! binary_each {
    ($op:expr, $out:expr, $rhs:expr, [$($o:ident),*]) => {
        match $op {
            $(BinaryOp::$o => $out.iter_mut().zip($rhs.iter()).for_each(|(x, &y)| {
                *x = scalar::arith_f32(BinaryOp::$o, *x, y).unwrap_or(f32::NAN)
            }),)*
        }
    };
}

/// The evaluator `$name` (compiled with `$attr`): the same code for the portable build and for
/// AVX2, which runs each node's loop eight lanes wide (Rust never contracts a multiply and an
/// add, so the results are the same).
macro_rules! evaluator {
    ($name:ident $(, #[$attr:meta])*) => {
        impl Fused<'_> {
    /// Fills `out` (at most [`WIDTH`] values) with the stretch's values; `scratch` holds
    /// [`Fused::depth`] rows of [`WIDTH`].
    $(#[$attr])*
    fn $name(&self, p: &Stretch<'_>, out: &mut [f32], scratch: &mut [f32]) {
        let read = |v: &[f32], o: usize| v.get(o).copied().unwrap_or(f32::NAN);
        match self {
            Fused::Load { v, base, strides } => {
                let first =
                    strides.iter().zip(p.idx).enumerate().fold(*base, |o, (d, (s, &i))| {
                        o.wrapping_add(s.wrapping_mul(if d == p.last { p.j0 } else { i }))
                    });
                let step = strides.get(p.last).copied().unwrap_or(0);
                match v.get(first..first.saturating_add(out.len())) {
                    Some(run) if step == 1 => out.copy_from_slice(run),
                    _ => out
                        .iter_mut()
                        .enumerate()
                        .for_each(|(j, o)| *o = read(v, first.wrapping_add(j.wrapping_mul(step)))),
                }
            }
            Fused::Gather { v, base, coords } => {
                let mut fixed = *base;
                for c in coords.iter().filter(|c| c.var != p.last) {
                    fixed += c.at(p.idx.get(c.var).copied().unwrap_or(0));
                }
                let moving = || coords.iter().filter(|c| c.var == p.last);
                // Where no moving coordinate clamps, the values are one strided run of memory.
                let (mut lo, mut hi) = (p.j0 as i64, (p.j0 + out.len()) as i64);
                for c in moving() {
                    lo = lo.max(-c.offset);
                    hi = hi.min(c.max + 1 - c.offset);
                }
                let step: usize = moving().map(|c| c.stride).sum();
                let at = |j: usize| moving().fold(fixed, |o, c| o + c.at(j));
                if lo < hi && step == 1 {
                    let (lo, hi) = ((lo as usize) - p.j0, (hi as usize) - p.j0);
                    let first = at(p.j0 + lo);
                    if let Some(run) = v.get(first..first + (hi - lo)) {
                        out[lo..hi].copy_from_slice(run);
                        (0..lo).chain(hi..out.len()).for_each(|j| out[j] = read(v, at(p.j0 + j)));
                        return;
                    }
                }
                out.iter_mut().enumerate().for_each(|(j, o)| *o = read(v, at(p.j0 + j)));
            }
            Fused::Window { v, base, coords } => {
                // Each coordinate's value at the stretch's first point and its step along it.
                let mut moves = [(0i64, 0i64); MAX_COORDS];
                for (m, c) in moves.iter_mut().zip(coords) {
                    *m = c.value.start_step(p.idx, p.last, p.j0);
                }
                let parts = || moves.iter().zip(coords).map(|(&(start, step), c)| (start, step, c));
                let at = |j: usize| {
                    parts().fold(*base, |o, (start, step, c)| {
                        o + (start + step * j as i64).clamp(0, c.max) as usize * c.stride
                    })
                };
                // Where no coordinate clamps (each moves forward or not at all), the values are
                // one strided run of memory.
                let (mut lo, mut hi) = (0i64, out.len() as i64);
                let mut forward = true;
                for (start, step, c) in parts() {
                    match step {
                        0 if (0..=c.max).contains(&start) => {}
                        0 => hi = 0,
                        // A unit step (a stencil's shifted variable) needs no division.
                        1 => {
                            lo = lo.max(-start);
                            hi = hi.min(c.max + 1 - start);
                        }
                        s if s > 0 => {
                            lo = lo.max((-start).div_euclid(s) + i64::from((-start).rem_euclid(s) != 0));
                            hi = hi.min((c.max - start).div_euclid(s) + 1);
                        }
                        _ => forward = false,
                    }
                }
                let step: i64 = parts().map(|(_, s, c)| s * c.stride as i64).sum();
                if forward && lo < hi && step > 0 {
                    let (lo, hi, step) = (lo as usize, hi as usize, step as usize);
                    let first = at(lo);
                    if let Some(run) = v.get(first..first + (hi - lo - 1) * step + 1) {
                        if step == 1 {
                            out[lo..hi].copy_from_slice(run);
                        } else {
                            out[lo..hi].iter_mut().zip(run.iter().step_by(step)).for_each(|(o, &x)| *o = x);
                        }
                        (0..lo).chain(hi..out.len()).for_each(|j| out[j] = read(v, at(j)));
                        return;
                    }
                }
                out.iter_mut().enumerate().for_each(|(j, o)| *o = read(v, at(j)));
            }
            Fused::Select(mask, on_true, on_false) => {
                on_true.$name(p, out, scratch);
                let (tmp, rest) = scratch.split_at_mut(WIDTH.min(scratch.len()));
                let other = &mut tmp[..out.len()];
                on_false.$name(p, other, rest);
                let mut pick = [false; WIDTH];
                let pick = &mut pick[..out.len()];
                mask.eval::<WIDTH>(p.idx, p.last, p.j0, pick);
                out.iter_mut().zip(other.iter()).zip(pick.iter()).for_each(|((o, &b), &m)| {
                    if !m {
                        *o = b;
                    }
                });
            }
            Fused::Splat(x) => out.fill(*x),
            Fused::Unary(op, arg) => {
                arg.$name(p, out, scratch);
                unary_each!(op, out, [Neg, Exp, Log, Sqrt, Rsqrt, Tanh, Sigmoid, Silu, Gelu, GeluTanh, Erf, Sin, Cos, Relu, Abs, Floor, Not]);
            }
            Fused::Binary(op, lhs, rhs) => {
                lhs.$name(p, out, scratch);
                let (tmp, rest) = scratch.split_at_mut(WIDTH.min(scratch.len()));
                let rhs_vals = &mut tmp[..out.len()];
                rhs.$name(p, rhs_vals, rest);
                binary_each!(op, out, rhs_vals, [Add, Sub, Mul, Div, Rem, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, And, Or]);
            }
        }
    }
        }
    };
}

evaluator!(eval);
#[cfg(target_arch = "x86_64")]
evaluator!(eval_avx2, #[target_feature(enable = "avx2")]);
