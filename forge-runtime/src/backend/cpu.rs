//! CPU reference backend: interprets the kernel IR directly, in f64 arithmetic with each
//! store rounded to its element type — the numerical reference for every other backend.

use crate::elem::{Elem, Scalar, Ty};
use crate::error::{Error, Result};
use crate::ir::{BinaryOp, KernelBody, KernelSpec, Plan, ReduceOp, SExpr, UnaryOp};
use std::time::{Duration, Instant};

/// A value inside a CPU kernel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    F(f64),
    I(i32),
    U(u32),
    B(bool),
}

impl Value {
    fn from_stored(v: f64, ty: Ty) -> Value {
        match ty {
            Ty::F32 => Value::F(v),
            Ty::I32 => Value::I(v as i32),
            Ty::U32 => Value::U(v as u32),
            Ty::Bool => Value::B(v != 0.0),
        }
    }
    pub fn as_f64(self) -> f64 {
        match self {
            Value::F(v) => v,
            Value::I(v) => v as f64,
            Value::U(v) => v as f64,
            Value::B(b) => b as u8 as f64,
        }
    }
    fn as_bool(self) -> bool {
        match self {
            Value::B(b) => b,
            other => other.as_f64() != 0.0,
        }
    }
    fn cast(self, ty: Ty) -> Value {
        match (self, ty) {
            (v, Ty::Bool) => Value::B(v.as_bool()),
            (Value::F(v), Ty::F32) => Value::F(v as f32 as f64),
            (Value::F(v), Ty::I32) => Value::I(v as f32 as i32),
            (Value::F(v), Ty::U32) => Value::U(v as f32 as u32),
            (Value::I(v), Ty::U32) => Value::U(v as u32),
            (Value::U(v), Ty::I32) => Value::I(v as i32),
            (v, Ty::F32) => Value::F(v.as_f64() as f32 as f64),
            (v, Ty::I32) => Value::I(v.as_f64() as i32),
            (v, Ty::U32) => Value::U(v.as_f64() as u32),
        }
    }
}

/// Rounds `v` as storing it in a buffer of `elem` would.
pub fn store_round(elem: Elem, v: Value) -> f64 {
    match elem {
        Elem::F32 => v.as_f64() as f32 as f64,
        Elem::F16 => half::f16::from_f64(v.as_f64()).to_f64(),
        Elem::I32 => match v {
            Value::F(f) => f as f32 as i32 as f64,
            other => other.cast(Ty::I32).as_f64(),
        },
        Elem::U32 => match v {
            Value::F(f) => f as f32 as u32 as f64,
            other => other.cast(Ty::U32).as_f64(),
        },
    }
}

fn tanh(x: f64) -> f64 {
    1.0 - 2.0 / ((2.0 * x).exp() + 1.0)
}

fn unary(op: UnaryOp, v: Value) -> Value {
    match (op, v) {
        (UnaryOp::Neg, Value::I(x)) => Value::I(x.wrapping_neg()),
        (UnaryOp::Neg, Value::U(x)) => Value::U(x.wrapping_neg()),
        (UnaryOp::Neg, v) => Value::F(-v.as_f64()),
        (UnaryOp::Not, v) => Value::B(!v.as_bool()),
        (UnaryOp::Abs, Value::I(x)) => Value::I(x.wrapping_abs()),
        (UnaryOp::Abs, Value::U(x)) => Value::U(x),
        (UnaryOp::Relu, Value::I(x)) => Value::I(x.max(0)),
        (UnaryOp::Relu, Value::U(x)) => Value::U(x),
        (op, v) => {
            let x = v.as_f64();
            Value::F(match op {
                UnaryOp::Exp => x.exp(),
                UnaryOp::Log => x.ln(),
                UnaryOp::Sqrt => x.sqrt(),
                UnaryOp::Rsqrt => 1.0 / x.sqrt(),
                UnaryOp::Tanh => tanh(x),
                UnaryOp::Sigmoid => 1.0 / (1.0 + (-x).exp()),
                UnaryOp::Silu => x / (1.0 + (-x).exp()),
                UnaryOp::Gelu => 0.5 * x * (1.0 + tanh(0.797_884_560_802_865_4 * (x + 0.044715 * x * x * x))),
                UnaryOp::Relu => x.max(0.0),
                UnaryOp::Abs => x.abs(),
                // Matched above already; spelled out so the match stays total.
                UnaryOp::Neg => -x,
                UnaryOp::Not => return Value::B(!v.as_bool()),
            })
        }
    }
}

fn binary(op: BinaryOp, a: Value, b: Value) -> Value {
    use BinaryOp::*;
    match (a, b) {
        (Value::I(x), Value::I(y)) => match op {
            Add => Value::I(x.wrapping_add(y)),
            Sub => Value::I(x.wrapping_sub(y)),
            Mul => Value::I(x.wrapping_mul(y)),
            Div => Value::I(if y == 0 { x } else { x.wrapping_div(y) }),
            Min => Value::I(x.min(y)),
            Max => Value::I(x.max(y)),
            _ => compare(op, x.cmp(&y)),
        },
        (Value::U(x), Value::U(y)) => match op {
            Add => Value::U(x.wrapping_add(y)),
            Sub => Value::U(x.wrapping_sub(y)),
            Mul => Value::U(x.wrapping_mul(y)),
            Div => Value::U(x.checked_div(y).unwrap_or(x)),
            Min => Value::U(x.min(y)),
            Max => Value::U(x.max(y)),
            _ => compare(op, x.cmp(&y)),
        },
        (Value::B(x), Value::B(y)) => Value::B(match op {
            And => x && y,
            Or => x || y,
            Eq => x == y,
            _ => x != y,
        }),
        (a, b) => {
            let (x, y) = (a.as_f64(), b.as_f64());
            match op {
                Add => Value::F(x + y),
                Sub => Value::F(x - y),
                Mul => Value::F(x * y),
                Div => Value::F(x / y),
                Min => Value::F(x.min(y)),
                Max => Value::F(x.max(y)),
                Lt => Value::B(x < y),
                Le => Value::B(x <= y),
                Gt => Value::B(x > y),
                Ge => Value::B(x >= y),
                Eq => Value::B(x == y),
                Ne => Value::B(x != y),
                And | Or => Value::B(false),
            }
        }
    }
}

fn compare(op: BinaryOp, ord: std::cmp::Ordering) -> Value {
    use std::cmp::Ordering::*;
    Value::B(match op {
        BinaryOp::Lt => ord == Less,
        BinaryOp::Le => ord != Greater,
        BinaryOp::Gt => ord == Greater,
        BinaryOp::Ge => ord != Less,
        BinaryOp::Eq => ord == Equal,
        _ => ord != Equal,
    })
}

/// Evaluation environment of one kernel: its buffers, the uniform block and `Acc`.
struct Env<'a> {
    spec: &'a KernelSpec,
    memory: &'a [Vec<f64>],
    uniforms: &'a [Scalar],
}

impl Env<'_> {
    fn eval(&self, e: &SExpr, idx: &[usize], acc: f64) -> Value {
        match e {
            SExpr::Load { arg, strides, ty } => {
                let off: usize = idx.iter().zip(strides).map(|(i, s)| i * s).sum();
                let buf = &self.memory[self.spec.args[*arg].buffer];
                Value::from_stored(buf.get(off).copied().unwrap_or(f64::NAN), *ty)
            }
            SExpr::Uniform { field, ty } => {
                let v = match self.uniforms.get(*field) {
                    Some(Scalar::F32(v)) => *v as f64,
                    Some(Scalar::F16(v)) => v.to_f64(),
                    Some(Scalar::U32(v)) => *v as f64,
                    Some(Scalar::I32(v)) => *v as f64,
                    None => f64::NAN,
                };
                Value::from_stored(v, *ty)
            }
            SExpr::Const { value, ty } => Value::from_stored(*value, *ty),
            SExpr::Acc => Value::F(acc),
            SExpr::Unary { op, arg } => unary(*op, self.eval(arg, idx, acc)),
            SExpr::Binary { op, lhs, rhs } => binary(*op, self.eval(lhs, idx, acc), self.eval(rhs, idx, acc)),
            SExpr::Select { cond, on_true, on_false } => {
                if self.eval(cond, idx, acc).as_bool() {
                    self.eval(on_true, idx, acc)
                } else {
                    self.eval(on_false, idx, acc)
                }
            }
            SExpr::Cast { arg, ty } => self.eval(arg, idx, acc).cast(*ty),
            SExpr::Gather { arg, terms, ty } => {
                let off: usize = terms.iter().map(|t| t.coord(idx.get(t.var).copied().unwrap_or(0)) * t.stride).sum();
                let buf = &self.memory[self.spec.args[*arg].buffer];
                Value::from_stored(buf.get(off).copied().unwrap_or(f64::NAN), *ty)
            }
        }
    }
}

/// Multi-index of flat position `flat` in `extents` (row-major), written into `idx`.
fn unflatten(mut flat: usize, extents: &[usize], idx: &mut [usize]) {
    for d in (0..extents.len()).rev() {
        idx[d] = flat % extents[d].max(1);
        flat /= extents[d].max(1);
    }
}

/// Runs one kernel over `memory` (one `Vec<f64>` per plan buffer).
pub fn run_kernel(spec: &KernelSpec, memory: &mut [Vec<f64>], uniforms: &[Scalar]) -> Result<()> {
    let out_arg = &spec.args[spec.body.out()];
    let (out_buf, out_elem) = (out_arg.buffer, out_arg.elem);
    let mut result = vec![0.0; out_arg.len];
    {
        let env = Env { spec, memory, uniforms };
        match &spec.body {
            KernelBody::Map { extents, value, .. } => {
                let mut idx = vec![0; extents.len()];
                for (flat, slot) in result.iter_mut().enumerate() {
                    unflatten(flat, extents, &mut idx);
                    *slot = store_round(out_elem, env.eval(value, &idx, 0.0));
                }
            }
            KernelBody::RowReduce { leading, cols, op, input, epilogue, .. } => {
                let mut idx = vec![0; leading.len() + 1];
                for (row, slot) in result.iter_mut().enumerate() {
                    unflatten(row, leading, &mut idx[..leading.len()]);
                    let mut r = if *op == ReduceOp::Max { f64::NEG_INFINITY } else { 0.0 };
                    for c in 0..*cols {
                        idx[leading.len()] = c;
                        let v = env.eval(input, &idx, 0.0).as_f64();
                        r = if *op == ReduceOp::Max { r.max(v) } else { r + v };
                    }
                    if *op == ReduceOp::Mean {
                        r /= *cols as f64;
                    }
                    *slot = store_round(out_elem, env.eval(epilogue, &idx[..leading.len()], r));
                }
            }
            KernelBody::Softmax { leading, cols, input, epilogue, .. } => {
                let mut idx = vec![0; leading.len() + 1];
                let rows = result.len() / cols.max(&1);
                for row in 0..rows {
                    unflatten(row, leading, &mut idx[..leading.len()]);
                    let vals: Vec<f64> = (0..*cols)
                        .map(|c| {
                            idx[leading.len()] = c;
                            env.eval(input, &idx, 0.0).as_f64()
                        })
                        .collect();
                    let m = vals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                    let s: f64 = vals.iter().map(|v| (v - m).exp()).sum();
                    for (c, v) in vals.iter().enumerate() {
                        idx[leading.len()] = c;
                        result[row * cols + c] = store_round(out_elem, env.eval(epilogue, &idx, (v - m).exp() / s));
                    }
                }
            }
            KernelBody::RmsNorm { leading, cols, input, gain, eps, epilogue, .. } => {
                let mut idx = vec![0; leading.len() + 1];
                let rows = result.len() / cols.max(&1);
                let eps = env.eval(eps, &[], 0.0).as_f64();
                for row in 0..rows {
                    unflatten(row, leading, &mut idx[..leading.len()]);
                    let vals: Vec<f64> = (0..*cols)
                        .map(|c| {
                            idx[leading.len()] = c;
                            env.eval(input, &idx, 0.0).as_f64()
                        })
                        .collect();
                    let ms = vals.iter().map(|v| v * v).sum::<f64>() / *cols as f64;
                    let inv = 1.0 / (ms + eps).sqrt();
                    for (c, v) in vals.iter().enumerate() {
                        idx[leading.len()] = c;
                        let g = env.eval(gain, &idx, 0.0).as_f64();
                        result[row * cols + c] = store_round(out_elem, env.eval(epilogue, &idx, v * inv * g));
                    }
                }
            }
            KernelBody::Index { extents, reduce, value, .. } => {
                let rank = extents.len();
                let mut idx = vec![0; rank + 1];
                for (flat, slot) in result.iter_mut().enumerate() {
                    unflatten(flat, extents, &mut idx[..rank]);
                    let v = match reduce {
                        None => env.eval(value, &idx[..rank], 0.0),
                        Some((op, k)) => {
                            idx[rank] = 0;
                            let mut acc = env.eval(value, &idx, 0.0);
                            for r in 1..*k {
                                idx[rank] = r;
                                let v = env.eval(value, &idx, 0.0);
                                acc = binary(if *op == ReduceOp::Max { BinaryOp::Max } else { BinaryOp::Add }, acc, v);
                            }
                            if *op == ReduceOp::Mean {
                                acc = Value::F(acc.as_f64() / (*k).max(1) as f64);
                            }
                            acc
                        }
                    };
                    *slot = store_round(out_elem, v);
                }
            }
            KernelBody::Raw { .. } => {
                return Err(Error::Unsupported {
                    what: format!("raw WGSL kernel `{}` (node `{}`)", spec.entry, spec.node),
                    reason: "on the CPU backend: raw kernels run on wgpu only".into(),
                })
            }
            KernelBody::Matmul { m, n, k, a, b, epilogue, .. } => {
                let av: Vec<f64> = (0..m * k).map(|f| env.eval(a, &[f / k, f % k], 0.0).as_f64()).collect();
                let bv: Vec<f64> = (0..k * n).map(|f| env.eval(b, &[f / n, f % n], 0.0).as_f64()).collect();
                for i in 0..*m {
                    for j in 0..*n {
                        let acc: f64 = (0..*k).map(|kk| av[i * k + kk] * bv[kk * n + j]).sum();
                        result[i * n + j] = store_round(out_elem, env.eval(epilogue, &[i, j], acc));
                    }
                }
            }
        }
    }
    let dst = memory
        .get_mut(out_buf)
        .ok_or_else(|| Error::Internal(format!("kernel {} writes a missing buffer", spec.entry)))?;
    *dst = result;
    Ok(())
}

/// Runs every kernel of `plan` in order; returns each kernel's wall time.
pub fn run_plan(plan: &Plan, memory: &mut [Vec<f64>], uniforms: &[Scalar]) -> Result<Vec<Duration>> {
    plan.kernels
        .iter()
        .map(|k| {
            let start = Instant::now();
            run_kernel(&k.spec, memory, uniforms)?;
            Ok(start.elapsed())
        })
        .collect()
}
