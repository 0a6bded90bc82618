//! Kernel expressions on the host, a block of points at a time: each node of the expression is
//! evaluated for every point of the block into a column ([`Col`]), so the interpretation cost is
//! paid once per block, not once per element. Loads of a row-major range of points copy runs of
//! memory; float arithmetic runs in typed loops ([`super::col`]).

use super::col::{self, Col};
use super::scalar::{self, Value};
use super::store::Store;
use crate::elem::{Scalar, Ty};
use crate::ir::{Coord, CoordValue, KernelSpec, SExpr, UnaryOp};
use std::cell::OnceCell;

/// What a kernel's expressions read: its arguments' memory and the uniform values.
pub struct Env<'a> {
    pub spec: &'a KernelSpec,
    pub mem: &'a [Store],
    pub uniforms: &'a [Scalar],
}

/// The op's result at the points of a block (what `SExpr::Acc` reads in an epilogue).
#[derive(Debug, Clone, Copy)]
pub enum Acc<'a> {
    F(&'a [f32]),
    U(&'a [u32]),
    /// A paired matmul's two products (`Acc`, `Acc2`).
    Pair(&'a [f32], &'a [f32]),
}

/// Values of subexpressions that repeat within one evaluation, found by structural equality:
/// gathers at computed coordinates, and sines and cosines of one argument, computed together
/// (RoPE reads each element and takes each angle's sine and cosine twice or more).
#[derive(Default)]
struct Memo<'e> {
    gathers: Vec<(&'e SExpr, Col)>,
    /// `(argument, sines, cosines)`.
    sincos: Vec<(&'e SExpr, Vec<f32>, Vec<f32>)>,
}

/// Points of an index space: a row-major range of it (possibly with one more variable held at
/// a constant, as index-notation reductions use), or explicit per-variable values.
#[derive(Debug, Clone)]
pub struct Block {
    pub n: usize,
    /// `(extents, start)` when the points are `start .. start + n` of the space, row-major.
    range: Option<(Vec<usize>, usize)>,
    /// Trailing variables after the range's, each equal at every point.
    extra: Vec<u32>,
    /// `vars[d][p]` is variable `d` at point `p` (made on first use for a range).
    vars: OnceCell<Vec<Vec<u32>>>,
}

impl Block {
    /// Row-major points `start .. start + n` of the space `extents`.
    pub fn range(extents: &[usize], start: usize, n: usize) -> Block {
        Block { n, range: Some((extents.to_vec(), start)), extra: Vec::new(), vars: OnceCell::new() }
    }

    /// One point.
    pub fn point(idx: &[usize]) -> Block {
        Block::explicit(idx.iter().map(|&i| vec![i as u32]).collect(), 1)
    }

    fn explicit(vars: Vec<Vec<u32>>, n: usize) -> Block {
        Block { n, range: None, extra: Vec::new(), vars: OnceCell::from(vars) }
    }

    /// The same points with `values.len()` more variables (the last), each equal to its value
    /// everywhere.
    pub fn with_vars(&self, values: &[u32]) -> Block {
        if self.range.is_some() && self.extra.is_empty() {
            return Block { n: self.n, range: self.range.clone(), extra: values.to_vec(), vars: OnceCell::new() };
        }
        let mut vars = self.vars().clone();
        vars.extend(values.iter().map(|&v| vec![v; self.n]));
        Block::explicit(vars, self.n)
    }

    /// Sets the last `values.len()` variables (made by [`Block::with_vars`]) to `values` at
    /// every point.
    pub fn set_last_vars(&mut self, values: &[u32]) {
        if !self.extra.is_empty() {
            self.extra = values.to_vec();
            self.vars = OnceCell::new();
            return;
        }
        self.range = None;
        self.vars();
        if let Some(vars) = self.vars.get_mut() {
            let from = vars.len().saturating_sub(values.len());
            for (var, &value) in vars[from..].iter_mut().zip(values) {
                var.iter_mut().for_each(|x| *x = value);
            }
        }
    }

    /// Per-variable values at every point.
    pub fn vars(&self) -> &Vec<Vec<u32>> {
        self.vars.get_or_init(|| {
            let Some((extents, start)) = &self.range else { return Vec::new() };
            let rank = extents.len();
            let mut vars = vec![Vec::with_capacity(self.n); rank];
            let mut idx = unflatten(extents, *start);
            for _ in 0..self.n {
                vars.iter_mut().zip(&idx).for_each(|(v, &i)| v.push(i as u32));
                step(extents, &mut idx, rank);
            }
            vars.extend(self.extra.iter().map(|&x| vec![x; self.n]));
            vars
        })
    }

    /// Calls `f(index, len)` for each run of consecutive points along the last variable of a
    /// range block: `index` is the run's first point (the extra variable appended). `false`
    /// (and no call) for an explicit block.
    pub fn for_rows(&self, mut f: impl FnMut(&[usize], usize)) -> bool {
        let Some((extents, start)) = &self.range else { return false };
        let rank = extents.len();
        let mut idx = unflatten(extents, *start);
        idx.extend(self.extra.iter().map(|&x| x as usize));
        if rank == 0 {
            (0..self.n).for_each(|_| f(&idx, 1));
            return true;
        }
        let mut left = self.n;
        while left > 0 {
            let len = left.min(extents[rank - 1].max(1) - idx[rank - 1]);
            f(&idx, len);
            left -= len;
            idx[rank - 1] = 0;
            step(extents, &mut idx, rank - 1);
        }
        true
    }

    /// The last variable of a range block's space (the one its runs step along).
    fn run_var(&self) -> Option<usize> {
        self.range.as_ref().and_then(|(extents, _)| extents.len().checked_sub(1))
    }

    /// Variable `d` at every point (0 where the space has no such variable).
    fn var(&self, d: usize) -> Vec<i32> {
        if self.vars.get().is_none() {
            let last = self.run_var();
            let mut out = Vec::with_capacity(self.n);
            let ranged = self.for_rows(|idx, len| match idx.get(d) {
                Some(&i) if Some(d) == last => out.extend((i..i + len).map(|x| x as i32)),
                Some(&i) => out.extend(std::iter::repeat_n(i as i32, len)),
                None => out.extend(std::iter::repeat_n(0, len)),
            });
            if ranged {
                return out;
            }
        }
        self.vars().get(d).map_or(vec![0; self.n], |v| v.iter().map(|&x| x as i32).collect())
    }

    /// Calls `f(offset, len, step)` for each run of consecutive points along the last
    /// variable: the run starts at element `base + Σ strides[d]·index[d]` and steps by `step`
    /// (the last variable's stride). Explicit blocks have runs of one point.
    fn for_runs(&self, strides: &[usize], base: usize, mut f: impl FnMut(usize, usize, usize)) {
        let offset = |base: usize, idx: &[usize]| {
            strides.iter().zip(idx).fold(base, |o, (s, i)| o.wrapping_add(s.wrapping_mul(*i)))
        };
        let last = self.run_var().and_then(|r| strides.get(r)).copied().unwrap_or(0);
        if self.for_rows(|idx, len| f(offset(base, idx), len, last)) {
            return;
        }
        let vars = self.vars();
        let mut idx = vec![0usize; vars.len()];
        for p in 0..self.n {
            idx.iter_mut().zip(vars).for_each(|(i, v)| *i = v[p] as usize);
            f(offset(base, &idx), 1, 0);
        }
    }
}

/// The row-major index of flat point `flat` of `extents`.
fn unflatten(extents: &[usize], mut flat: usize) -> Vec<usize> {
    let mut idx = vec![0usize; extents.len()];
    for d in (0..extents.len()).rev() {
        let e = extents[d].max(1);
        idx[d] = flat % e;
        flat /= e;
    }
    idx
}

/// Advances `idx` by one point in its first `dims` variables (row-major, wrapping around).
fn step(extents: &[usize], idx: &mut [usize], dims: usize) {
    for d in (0..dims).rev() {
        idx[d] += 1;
        if idx[d] < extents[d] {
            return;
        }
        idx[d] = 0;
    }
}

/// A uniform as a value of `ty` (NaN when it is missing).
fn uniform(u: Option<&Scalar>, ty: Ty) -> Value {
    let v = match u {
        Some(Scalar::F32(v)) => Value::F(*v),
        Some(Scalar::F16(v)) => Value::F(v.to_f32()),
        Some(Scalar::BF16(v)) => Value::F(v.to_f32()),
        Some(Scalar::U32(v)) => Value::U(*v),
        Some(Scalar::I32(v)) => Value::I(*v),
        None => Value::F(f32::NAN),
    };
    match ty {
        Ty::F32 => Value::F(v.f()),
        Ty::U32 | Ty::I32 | Ty::Bool => v,
    }
}

/// Elements of `store` at `offsets` as a column of `ty` (a miss reads NaN / 0).
fn gather(store: &Store, offsets: &[usize], ty: Ty) -> Col {
    let col = match store {
        Store::F32(v) => Col::F(offsets.iter().map(|&o| v.get(o).copied().unwrap_or(f32::NAN)).collect()),
        Store::U32(v) => Col::U(offsets.iter().map(|&o| v.get(o).copied().unwrap_or(0)).collect()),
        Store::I32(v) => Col::I(offsets.iter().map(|&o| v.get(o).copied().unwrap_or(0)).collect()),
        Store::F16(_) | Store::BF16(_) | Store::Blocks { .. } => {
            return Col::collect(ty, offsets.len(), |p| store.get(offsets[p]))
        }
    };
    col.into_ty(ty)
}

impl Env<'_> {
    /// `e` at every point of `blk`; `acc` is the op's value at those points (epilogues).
    pub fn eval(&self, e: &SExpr, blk: &Block, acc: Option<Acc<'_>>) -> Col {
        self.eval_in(e, blk, acc, &mut Memo::default())
    }

    /// [`Env::eval`] with the values of repeated subexpressions kept in `memo`.
    fn eval_in<'e>(&self, e: &'e SExpr, blk: &Block, acc: Option<Acc<'_>>, memo: &mut Memo<'e>) -> Col {
        let n = blk.n;
        match e {
            SExpr::Load { arg, strides, ty } => self.load(*arg, strides, *ty, blk),
            SExpr::Uniform { field, ty } => Col::splat(uniform(self.uniforms.get(*field), *ty), n),
            SExpr::Const(c) => Col::splat(Value::of(*c), n),
            SExpr::Var(d) => Col::I(blk.var(*d)),
            SExpr::Acc(_) => match acc {
                Some(Acc::F(v) | Acc::Pair(v, _)) => Col::F(v.to_vec()),
                Some(Acc::U(v)) => Col::U(v.to_vec()),
                None => Col::F(vec![f32::NAN; n]),
            },
            SExpr::Acc2 => match acc {
                Some(Acc::Pair(_, v)) => Col::F(v.to_vec()),
                Some(Acc::F(_) | Acc::U(_)) | None => Col::F(vec![f32::NAN; n]),
            },
            SExpr::Unary { op: op @ (UnaryOp::Sin | UnaryOp::Cos), arg } if e.ty() == Ty::F32 => {
                let sin = *op == UnaryOp::Sin;
                if let Some((_, s, c)) = memo.sincos.iter().find(|(k, _, _)| *k == &**arg) {
                    return Col::F(if sin { s.clone() } else { c.clone() });
                }
                let x = self.eval_in(arg, blk, acc, memo);
                let Col::F(x) = x else { return col::unary(*op, x, e.ty()) };
                let (s, c): (Vec<f32>, Vec<f32>) = x.iter().map(|&v| scalar::sincos(v)).unzip();
                let out = Col::F(if sin { s.clone() } else { c.clone() });
                memo.sincos.push((arg, s, c));
                out
            }
            SExpr::Unary { op, arg } => col::unary(*op, self.eval_in(arg, blk, acc, memo), e.ty()),
            SExpr::Binary { op, lhs, rhs } => {
                col::binary(*op, self.eval_in(lhs, blk, acc, memo), self.eval_in(rhs, blk, acc, memo), e.ty())
            }
            SExpr::Select { cond, on_true, on_false } => {
                let (c, t, f) = (
                    self.eval_in(cond, blk, acc, memo),
                    self.eval_in(on_true, blk, acc, memo),
                    self.eval_in(on_false, blk, acc, memo),
                );
                col::select(c, t, f, e.ty())
            }
            SExpr::Cast { arg, to } => col::cast(self.eval_in(arg, blk, acc, memo), *to),
            SExpr::Gather { arg, coords, ty } => {
                if let Some((_, col)) = memo.gathers.iter().find(|(k, _)| *k == e) {
                    return col.clone();
                }
                if let Some(col) = self.gather_runs(*arg, coords, *ty, blk) {
                    return col;
                }
                let a = &self.spec.args[*arg];
                let mut offsets = vec![a.offset; n];
                for c in coords {
                    let mut add = |p: usize, raw: i64| offsets[p] += c.clamp(raw) * c.stride;
                    match &c.value {
                        CoordValue::Var { var, offset } => match blk.vars().get(*var) {
                            Some(v) => v.iter().enumerate().for_each(|(p, &x)| add(p, x as i64 + offset)),
                            None => (0..n).for_each(|p| add(p, *offset)),
                        },
                        CoordValue::Expr(x) => match self.eval_in(x, blk, acc, memo) {
                            Col::U(v) => v.iter().enumerate().for_each(|(p, &x)| add(p, x as i64)),
                            Col::I(v) => v.iter().enumerate().for_each(|(p, &x)| add(p, x as i64)),
                            col => (0..n).for_each(|p| add(p, col.get(p).i64())),
                        },
                    }
                }
                let col = gather(&self.mem[a.buffer], &offsets, *ty);
                memo.gathers.push((e, col.clone()));
                col
            }
        }
    }

    /// `args[arg][Σ strides[d]·idx[d]]` at every point: f32 runs are copied, other element
    /// types converted through their compute type.
    fn load(&self, arg: usize, strides: &[usize], ty: Ty, blk: &Block) -> Col {
        let a = &self.spec.args[arg];
        let store = &self.mem[a.buffer];
        if let (Store::F32(v), Ty::F32) = (store, ty) {
            let mut out = Vec::with_capacity(blk.n);
            blk.for_runs(strides, a.offset, |off, len, step| match (step, v.get(off..off.saturating_add(len))) {
                (1, Some(run)) => out.extend_from_slice(run),
                (0, _) => out.extend(std::iter::repeat_n(v.get(off).copied().unwrap_or(f32::NAN), len)),
                _ => out.extend(
                    (0..len).map(|j| v.get(off.wrapping_add(j.wrapping_mul(step))).copied().unwrap_or(f32::NAN)),
                ),
            });
            return Col::F(out);
        }
        let mut offsets = Vec::with_capacity(blk.n);
        blk.for_runs(strides, a.offset, |off, len, step| {
            offsets.extend((0..len).map(|j| off.wrapping_add(j.wrapping_mul(step))))
        });
        gather(store, &offsets, ty)
    }
}

impl Env<'_> {
    /// A gather whose coordinates are all shifted space variables, over a range block: run by
    /// run, the coordinates of the other variables are clamped once, and the stretch of the run
    /// where no coordinate of the run's variable is clamped is one strided run of memory (a
    /// copy for f32); only the points near an edge are clamped one by one. `None` for other
    /// gathers and blocks.
    fn gather_runs(&self, arg: usize, coords: &[Coord], ty: Ty, blk: &Block) -> Option<Col> {
        let last = blk.run_var()?;
        let mut moving = Vec::new();
        for c in coords {
            match &c.value {
                CoordValue::Var { var, offset } if *var == last => moving.push((c, *offset)),
                CoordValue::Var { .. } => {}
                CoordValue::Expr(_) => return None,
            }
        }
        let a = &self.spec.args[arg];
        let store = &self.mem[a.buffer];
        let floats = match (store, ty) {
            (Store::F32(v), Ty::F32) => Some(v),
            _ => None,
        };
        // The run's variable values `lo..hi` where no moving coordinate is clamped.
        let (mut lo, mut hi) = (0i64, i64::MAX);
        for (c, off) in &moving {
            lo = lo.max(-off);
            hi = hi.min(c.extent as i64 - off);
        }
        let step: usize = moving.iter().map(|(c, _)| c.stride).sum();
        let mut out = Vec::with_capacity(blk.n);
        let mut offsets = Vec::new();
        blk.for_rows(|idx, len| {
            let mut base = a.offset;
            for c in coords {
                if let CoordValue::Var { var, offset } = &c.value {
                    if *var != last {
                        base += c.clamp(idx.get(*var).map_or(0, |&i| i as i64) + offset) * c.stride;
                    }
                }
            }
            let j0 = idx.get(last).map_or(0, |&i| i as i64);
            let at = |j: i64| moving.iter().fold(base, |o, (c, off)| o + c.clamp(j + off) * c.stride);
            let (from, to) = (lo.clamp(j0, j0 + len as i64), hi.clamp(j0, j0 + len as i64));
            let (from, to) = if from < to { (from, to) } else { (j0 + len as i64, j0 + len as i64) };
            match floats {
                Some(v) => {
                    let read = |o: usize| v.get(o).copied().unwrap_or(f32::NAN);
                    out.extend((j0..from).map(|j| read(at(j))));
                    let first = at(from);
                    match v.get(first..first + (to - from) as usize) {
                        Some(run) if step == 1 && from < to => out.extend_from_slice(run),
                        _ => out.extend((0..(to - from) as usize).map(|j| read(first + j * step))),
                    }
                    out.extend((to..j0 + len as i64).map(|j| read(at(j))));
                }
                None => offsets.extend((j0..j0 + len as i64).map(at)),
            }
        });
        match floats {
            Some(_) => Some(Col::F(out)),
            None => Some(gather(store, &offsets, ty)),
        }
    }
}
