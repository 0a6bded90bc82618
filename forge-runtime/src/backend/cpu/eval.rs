//! Kernel expressions on the host, a block of points at a time: each node of the expression is
//! evaluated for every point of the block into a column, so the interpretation cost is paid once
//! per block, not once per element.

use super::scalar::{self, Value};
use super::store::Store;
use crate::elem::{Scalar, Ty};
use crate::ir::{BinaryOp, CoordValue, KernelSpec, SExpr};

/// What a kernel's expressions read: its arguments' memory and the uniform values.
pub struct Env<'a> {
    pub spec: &'a KernelSpec,
    pub mem: &'a [Store],
    pub uniforms: &'a [Scalar],
}

/// Points of an index space: `vars[d][p]` is variable `d` at point `p`.
#[derive(Debug, Clone)]
pub struct Block {
    pub vars: Vec<Vec<u32>>,
    pub n: usize,
}

impl Block {
    /// Row-major points `start .. start + n` of the space `extents`.
    pub fn range(extents: &[usize], start: usize, n: usize) -> Block {
        let rank = extents.len();
        let mut vars = vec![Vec::with_capacity(n); rank];
        let mut idx = vec![0usize; rank];
        let mut f = start;
        for d in (0..rank).rev() {
            let e = extents[d].max(1);
            idx[d] = f % e;
            f /= e;
        }
        for _ in 0..n {
            for d in 0..rank {
                vars[d].push(idx[d] as u32);
            }
            for d in (0..rank).rev() {
                idx[d] += 1;
                if idx[d] < extents[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
        Block { vars, n }
    }
    /// One point.
    pub fn point(idx: &[usize]) -> Block {
        Block { vars: idx.iter().map(|&i| vec![i as u32]).collect(), n: 1 }
    }
}

/// A column of values, one per point.
#[derive(Debug, Clone)]
pub enum Col {
    F(Vec<f32>),
    I(Vec<i32>),
    U(Vec<u32>),
    B(Vec<bool>),
}

impl Col {
    pub fn get(&self, p: usize) -> Value {
        match self {
            Col::F(v) => Value::F(v[p]),
            Col::I(v) => Value::I(v[p]),
            Col::U(v) => Value::U(v[p]),
            Col::B(v) => Value::B(v[p]),
        }
    }
    fn splat(v: Value, n: usize) -> Col {
        match v {
            Value::F(x) => Col::F(vec![x; n]),
            Value::I(x) => Col::I(vec![x; n]),
            Value::U(x) => Col::U(vec![x; n]),
            Value::B(x) => Col::B(vec![x; n]),
        }
    }
    fn collect(ty: Ty, n: usize, f: impl Fn(usize) -> Value) -> Col {
        match ty {
            Ty::F32 => Col::F((0..n).map(|p| f(p).f()).collect()),
            Ty::I32 => Col::I((0..n).map(|p| match f(p) { Value::I(x) => x, v => v.i64() as i32 }).collect()),
            Ty::U32 => Col::U((0..n).map(|p| match f(p) { Value::U(x) => x, v => v.i64() as u32 }).collect()),
            Ty::Bool => Col::B((0..n).map(|p| f(p).b()).collect()),
        }
    }
    /// The f32 values (a float column).
    pub fn floats(self) -> Vec<f32> {
        match self {
            Col::F(v) => v,
            other => (0..other.len()).map(|p| other.get(p).f()).collect(),
        }
    }
    pub fn len(&self) -> usize {
        match self {
            Col::F(v) => v.len(),
            Col::I(v) => v.len(),
            Col::U(v) => v.len(),
            Col::B(v) => v.len(),
        }
    }
}

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
        _ => v,
    }
}

impl Env<'_> {
    /// `e` at every point of `blk`; `acc` is the op's value at those points (epilogues).
    pub fn eval(&self, e: &SExpr, blk: &Block, acc: Option<&Col>) -> Col {
        let n = blk.n;
        match e {
            SExpr::Load { arg, strides, ty } => {
                let a = &self.spec.args[*arg];
                let store = &self.mem[a.buffer];
                let off = |p: usize| a.offset + strides.iter().zip(&blk.vars).map(|(s, v)| s * v[p] as usize).sum::<usize>();
                match (store, ty) {
                    (Store::F32(v), _) => Col::F((0..n).map(|p| v.get(off(p)).copied().unwrap_or(f32::NAN)).collect()),
                    _ => Col::collect(*ty, n, |p| store.get(off(p))),
                }
            }
            SExpr::Uniform { field, ty } => Col::splat(uniform(self.uniforms.get(*field), *ty), n),
            SExpr::Const(c) => Col::splat(Value::of(*c), n),
            SExpr::Var(d) => Col::I(blk.vars.get(*d).map_or(vec![0; n], |v| v.iter().map(|&x| x as i32).collect())),
            SExpr::Acc(_) => acc.cloned().unwrap_or(Col::F(vec![f32::NAN; n])),
            SExpr::Unary { op, arg } => {
                let a = self.eval(arg, blk, acc);
                let ty = e.ty();
                Col::collect(ty, n, |p| scalar::unary(*op, a.get(p)))
            }
            SExpr::Binary { op, lhs, rhs } => {
                let (a, b) = (self.eval(lhs, blk, acc), self.eval(rhs, blk, acc));
                if let (Col::F(x), Col::F(y)) = (&a, &b) {
                    let f: Option<fn(f32, f32) -> f32> = match op {
                        BinaryOp::Add => Some(|a, b| a + b),
                        BinaryOp::Sub => Some(|a, b| a - b),
                        BinaryOp::Mul => Some(|a, b| a * b),
                        BinaryOp::Div => Some(|a, b| a / b),
                        _ => None,
                    };
                    if let Some(f) = f {
                        return Col::F(x.iter().zip(y).map(|(a, b)| f(*a, *b)).collect());
                    }
                }
                Col::collect(e.ty(), n, |p| scalar::binary(*op, a.get(p), b.get(p)))
            }
            SExpr::Select { cond, on_true, on_false } => {
                let (c, t, f) = (self.eval(cond, blk, acc), self.eval(on_true, blk, acc), self.eval(on_false, blk, acc));
                Col::collect(e.ty(), n, |p| if c.get(p).b() { t.get(p) } else { f.get(p) })
            }
            SExpr::Cast { arg, to } => {
                let a = self.eval(arg, blk, acc);
                Col::collect(to.compute(), n, |p| scalar::cast(a.get(p), *to))
            }
            SExpr::Gather { arg, coords, ty } => {
                let a = &self.spec.args[*arg];
                let store = &self.mem[a.buffer];
                let values: Vec<Option<Col>> = coords
                    .iter()
                    .map(|c| match &c.value {
                        CoordValue::Expr(x) => Some(self.eval(x, blk, acc)),
                        CoordValue::Var { .. } => None,
                    })
                    .collect();
                Col::collect(*ty, n, |p| {
                    let mut off = a.offset;
                    for (c, v) in coords.iter().zip(&values) {
                        let raw = match (&c.value, v) {
                            (CoordValue::Var { var, offset }, _) => blk.vars.get(*var).map_or(0, |x| x[p] as i64) + offset,
                            (CoordValue::Expr(_), Some(col)) => col.get(p).i64(),
                            (CoordValue::Expr(_), None) => 0,
                        };
                        off += c.clamp(raw) * c.stride;
                    }
                    store.get(off)
                })
            }
        }
    }
}
