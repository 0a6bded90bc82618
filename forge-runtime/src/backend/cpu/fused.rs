//! Float expressions evaluated fused, a short stretch of a row at a time: an elementwise or
//! index-notation kernel whose expression is f32 arithmetic over f32 loads, gathers at shifted
//! space variables (stencils), constants and uniforms is compiled once per run into a tree
//! whose nodes each fill a hundred-odd values of one scratch buffer. No column is allocated, everything
//! stays in L1, and each node is one tight loop — the same formulas ([`scalar`]) as the column
//! interpreter ([`super::eval`]), which takes every other expression.

use super::epilogue::BLOCK;
use super::eval::{Block, Env};
use super::scalar::{self, Value};
use super::store::Store;
use crate::elem::{Scalar, Ty};
use crate::ir::{BinaryOp, CoordValue, SExpr, UnaryOp};
use rayon::prelude::*;

/// Values a node computes at once (one stack array per level of the tree).
const WIDTH: usize = 128;

/// A compiled f32 expression over memory that is f32.
pub enum Fused<'a> {
    /// `v[base + Σ strides[d]·idx[d]]`.
    Load {
        v: &'a [f32],
        base: usize,
        strides: &'a [usize],
    },
    /// `v[base + Σ clamp(idx[var] + offset)·stride]`.
    Gather {
        v: &'a [f32],
        base: usize,
        coords: Vec<GatherCoord>,
    },
    Splat(f32),
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

/// The stretch of a row being computed: the row's first point `idx` (its last variable
/// `last` replaced by `j0`, the stretch's first value), `len` values.
struct Stretch<'i> {
    idx: &'i [usize],
    last: usize,
    j0: usize,
}

impl<'a> Fused<'a> {
    /// `e` compiled, or `None` where it is not all f32 arithmetic over f32 memory.
    pub fn compile(env: &Env<'a>, e: &'a SExpr) -> Option<Fused<'a>> {
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
                let coords = coords
                    .iter()
                    .map(|c| match &c.value {
                        CoordValue::Var { var, offset } => Some(GatherCoord {
                            var: *var,
                            offset: *offset,
                            max: c.extent.saturating_sub(1) as i64,
                            stride: c.stride,
                        }),
                        CoordValue::Expr(_) => None,
                    })
                    .collect::<Option<Vec<_>>>()?;
                Fused::Gather { v, base, coords }
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
            SExpr::Unary { op, arg } if *op != UnaryOp::Not => Fused::Unary(*op, Box::new(Fused::compile(env, arg)?)),
            SExpr::Binary { op, lhs, rhs } if scalar::arith_f32(*op, 0.0, 0.0).is_some() => {
                Fused::Binary(*op, Box::new(Fused::compile(env, lhs)?), Box::new(Fused::compile(env, rhs)?))
            }
            SExpr::Unary { .. }
            | SExpr::Binary { .. }
            | SExpr::Var(_)
            | SExpr::Acc(_)
            | SExpr::Acc2
            | SExpr::Select { .. }
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
            Fused::Load { .. } | Fused::Gather { .. } | Fused::Splat(_) => 0,
            Fused::Unary(_, a) => a.depth(),
            Fused::Binary(_, a, b) => a.depth().max(1 + b.depth()),
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
