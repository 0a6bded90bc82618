//! Lowering: a checked graph with concrete dims into a [`Plan`] — buffers, the uniform block and
//! an ordered list of kernels. Elementwise work around a built-in op becomes that op's epilogue,
//! an op's expression arguments become its prologue; other ops are materialised into hidden temps.

pub mod cuda_c;
mod expr;
mod index;
pub mod ptx;
pub mod wgsl;

use crate::elem::Ty;
use crate::error::{Error, Result};
use crate::graph::shape::{binding_shape, concrete};
use crate::graph::{typing::callee, typing::Callee, Expr, Graph, OpKind, Stmt, Usage};
use crate::ir::{
    Access, BufferId, BufferRole, KernelArg, KernelBody, KernelSpec, Plan, PlanBuffer, PlannedKernel, ReduceOp, SExpr,
    Schedule, UniformField,
};
use std::collections::HashMap;

/// Lowers `graph` (already checked) with `dims` (one value per declared dim, in order).
pub fn lower(graph: &Graph, dims: &[usize]) -> Result<Plan> {
    if dims.len() != graph.dims.len() {
        return Err(Error::Internal(format!("{} dims given for {} declared", dims.len(), graph.dims.len())));
    }
    for (d, &v) in graph.dims.iter().zip(dims) {
        if v == 0 {
            return Err(Error::InvalidDim { dim: d.text.clone(), value: v, reason: "dims must be at least 1".into() });
        }
        if v > u32::MAX as usize {
            return Err(Error::InvalidDim {
                dim: d.text.clone(),
                value: v,
                reason: format!("dims must be at most {}", u32::MAX),
            });
        }
    }
    let mut lw = Lowering {
        graph,
        dims,
        plan: Plan::default_for(graph),
        by_name: HashMap::new(),
        hidden: 0,
        index_vars: Vec::new(),
    };
    for b in &graph.bindings {
        let role = match b.usage {
            Usage::Uniform => {
                lw.plan.uniforms.push(UniformField {
                    name: b.name.text.clone(),
                    elem: b.elem,
                    default: b.default.map(|d| d.0),
                });
                continue;
            }
            Usage::Input => BufferRole::Input,
            Usage::Weight => BufferRole::Weight,
            Usage::State => BufferRole::State,
            Usage::Temp => BufferRole::Temp,
            Usage::Output => BufferRole::Output,
        };
        let shape = concrete(&binding_shape(graph, &b.shape), dims);
        let len = checked_len(&shape).ok_or_else(|| Error::InvalidDim {
            dim: b.name.text.clone(),
            value: shape.iter().product::<usize>(),
            reason: "the binding's element count overflows".into(),
        })?;
        lw.by_name.insert(b.name.text.clone(), lw.plan.buffers.len());
        lw.plan.buffers.push(PlanBuffer { name: b.name.text.clone(), elem: b.elem, shape, len, role });
    }
    for stmt in &graph.stmts {
        lw.statement(stmt)?;
    }
    Ok(lw.plan)
}

fn checked_len(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d)).filter(|&n| n.checked_mul(4).is_some())
}

impl Plan {
    fn default_for(graph: &Graph) -> Plan {
        Plan { graph: graph.name.text.clone(), buffers: Vec::new(), uniforms: Vec::new(), kernels: Vec::new() }
    }
}

pub(crate) struct Lowering<'g> {
    graph: &'g Graph,
    dims: &'g [usize],
    plan: Plan,
    by_name: HashMap<String, BufferId>,
    hidden: usize,
    /// Index variables (name, extent) of the index-notation node being lowered.
    index_vars: Vec<(String, usize)>,
}

/// Arguments of the kernel under construction.
#[derive(Default)]
pub(crate) struct ArgSet {
    args: Vec<KernelArg>,
}

impl ArgSet {
    fn arg(&mut self, plan: &Plan, buffer: BufferId, access: Access) -> usize {
        if let Some(i) = self.args.iter().position(|a| a.buffer == buffer) {
            if access == Access::ReadWrite {
                self.args[i].access = Access::ReadWrite;
            }
            return i;
        }
        let b = &plan.buffers[buffer];
        self.args.push(KernelArg { buffer, elem: b.elem, len: b.len, access, role: b.role });
        self.args.len() - 1
    }
}

impl<'g> Lowering<'g> {
    fn shape_of(&self, e: &Expr) -> Vec<usize> {
        let mut infer = crate::graph::typing::Infer::new(self.graph);
        infer.expr(e).map(|i| concrete(&i.shape, self.dims)).unwrap_or_default()
    }

    fn schedule(&self, stmt: &Stmt, body: &KernelBody) -> Schedule {
        let cols = match body {
            KernelBody::RowReduce { cols, .. }
            | KernelBody::Softmax { cols, .. }
            | KernelBody::RmsNorm { cols, .. } => Some(*cols),
            _ => None,
        };
        let mut s = Schedule {
            workgroup: cols.map(|c| (c.next_power_of_two() as u32).clamp(32, 256)).unwrap_or(256),
            items: 1,
        };
        if let Some(attr) = &stmt.schedule {
            if let Some((wg, _)) = attr.workgroup {
                s.workgroup = wg as u32;
            }
            if let Some((items, _)) = attr.items {
                s.items = items as u32;
            }
        }
        s
    }

    fn push_kernel(&mut self, stmt: &Stmt, args: ArgSet, body: KernelBody) {
        let idx = self.plan.kernels.len();
        let uses_uniforms = body.exprs().iter().any(|e| e.uses_uniforms());
        let schedule = self.schedule(stmt, &body);
        let spec = KernelSpec {
            entry: format!("k{idx}_{}", body.kind()),
            node: stmt.to_string(),
            args: args.args,
            uses_uniforms,
            body,
        };
        self.plan.kernels.push(PlannedKernel { spec, schedule });
    }

    fn statement(&mut self, stmt: &Stmt) -> Result<()> {
        let target = *self
            .by_name
            .get(&stmt.target.text)
            .ok_or_else(|| Error::Internal(format!("unknown target {}", stmt.target.text)))?;
        let extents = self.plan.buffers[target].shape.clone();
        let ty = self.plan.buffers[target].elem.compute();
        if let Some(indices) = &stmt.indices {
            return self.index_statement(stmt, target, indices);
        }
        if matches!(stmt.value, Expr::Raw { .. }) {
            return self.raw_statement(stmt, target);
        }
        self.write(stmt, target, &extents, ty, &stmt.value)
    }

    /// Emits the kernel(s) computing `value` into `target` (shape `extents`).
    fn write(&mut self, stmt: &Stmt, target: BufferId, extents: &[usize], ty: Ty, value: &Expr) -> Result<()> {
        let acc = self.pick_acc(value, extents);
        let mut args = ArgSet::default();
        let out = args.arg(&self.plan, target, Access::ReadWrite);
        let Some(op_call) = acc else {
            let value = self.scalar(stmt, &mut args, value, extents, Some(ty), None)?;
            self.push_kernel(stmt, args, KernelBody::Map { out, extents: extents.to_vec(), value });
            return Ok(());
        };
        let Expr::Call { func, args: op_args, .. } = op_call else {
            return Err(Error::Internal("acc is not a call".into()));
        };
        let Some((Callee::Op(op), _)) = callee(&func.text, op_args.len()) else {
            return Err(Error::Internal("acc is not an op".into()));
        };
        let epilogue_space: Vec<usize> = extents.to_vec();
        let epilogue = self.scalar(stmt, &mut args, value, &epilogue_space, Some(ty), Some(op_call))?;
        let body = match op {
            OpKind::Matmul => {
                let (sa, sb) = (self.shape_of(&op_args[0]), self.shape_of(&op_args[1]));
                let (m, k, n) = (sa[0], sa[1], sb[1]);
                let a = self.scalar(stmt, &mut args, &op_args[0], &[m, k], Some(Ty::F32), None)?;
                let b = self.scalar(stmt, &mut args, &op_args[1], &[k, n], Some(Ty::F32), None)?;
                KernelBody::Matmul { out, m, n, k, a, b, epilogue }
            }
            OpKind::Softmax | OpKind::RmsNorm | OpKind::Sum | OpKind::Max | OpKind::Mean => {
                let full = self.shape_of(&op_args[0]);
                let (leading, cols) = (full[..full.len() - 1].to_vec(), full[full.len() - 1]);
                let input = self.scalar(stmt, &mut args, &op_args[0], &full, Some(Ty::F32), None)?;
                match op {
                    OpKind::Softmax => KernelBody::Softmax { out, leading, cols, input, epilogue },
                    OpKind::RmsNorm => {
                        let gain = self.scalar(stmt, &mut args, &op_args[1], &full, Some(Ty::F32), None)?;
                        let eps = self.scalar(stmt, &mut args, &op_args[2], &[], Some(Ty::F32), None)?;
                        KernelBody::RmsNorm { out, leading, cols, input, gain, eps, epilogue }
                    }
                    _ => {
                        let op = match op {
                            OpKind::Sum => ReduceOp::Sum,
                            OpKind::Max => ReduceOp::Max,
                            _ => ReduceOp::Mean,
                        };
                        KernelBody::RowReduce { out, leading, cols, op, input, epilogue }
                    }
                }
            }
        };
        self.push_kernel(stmt, args, body);
        Ok(())
    }

    /// The op call whose result becomes `Acc` of this statement's kernel: the last op call
    /// (in reading order) outside any other op's arguments whose shape is the target's.
    fn pick_acc<'e>(&self, value: &'e Expr, extents: &[usize]) -> Option<&'e Expr> {
        let mut found = None;
        top_level_ops(value, &mut |call| {
            if self.shape_of(call) == extents {
                found = Some(call);
            }
        });
        found
    }

    /// Materialises an op call into a hidden temp and returns the temp's buffer.
    fn materialise(&mut self, stmt: &Stmt, call: &Expr) -> Result<BufferId> {
        let shape = self.shape_of(call);
        let len = shape.iter().product();
        let id = self.plan.buffers.len();
        self.plan.buffers.push(PlanBuffer {
            name: format!("_t{}", self.hidden),
            elem: crate::elem::Elem::F32,
            shape: shape.clone(),
            len,
            role: BufferRole::Temp,
        });
        self.hidden += 1;
        self.write(stmt, id, &shape, Ty::F32, call)?;
        Ok(id)
    }

    pub(crate) fn load(&mut self, args: &mut ArgSet, buffer: BufferId, space: &[usize]) -> SExpr {
        let b = &self.plan.buffers[buffer];
        let strides = crate::ir::broadcast_strides(&b.shape, space);
        let ty = b.elem.compute();
        let arg = args.arg(&self.plan, buffer, Access::Read);
        SExpr::Load { arg, strides, ty }
    }
}

/// Calls `f` on every op call of `e` that is not inside another op's arguments.
fn top_level_ops<'e>(e: &'e Expr, f: &mut impl FnMut(&'e Expr)) {
    match e {
        Expr::Call { func, args, .. } => {
            if let Some((Callee::Op(_), _)) = callee(&func.text, args.len()) {
                f(e);
            } else {
                args.iter().for_each(|a| top_level_ops(a, f));
            }
        }
        Expr::Unary { arg, .. } | Expr::Cast { arg, .. } => top_level_ops(arg, f),
        Expr::Binary { lhs, rhs, .. } => {
            top_level_ops(lhs, f);
            top_level_ops(rhs, f);
        }
        _ => {}
    }
}
