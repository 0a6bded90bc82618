//! The kernels of each node. An assignment becomes one kernel around its last top-level
//! built-in op whose result has the target's shape (elementwise work before it is the op's
//! prologue, after it the epilogue) — or a map when it has none; other ops become hidden temps.
//! Index notation is lowered in `index`; views alias memory.

use super::expr::{tail, ArgSet};
use super::{Lowering, View};
use crate::elem::Elem;
use crate::error::{Error, Result};
use crate::graph::builtins::Builtin;
use crate::graph::checked::{Node, NodeKind, RawNode, ScheduleHint, TExpr, TKind};
use crate::graph::shape::concrete;
use crate::graph::Usage;
use crate::ir::{
    Access, AttentionBody, BufferRole, KernelBody, KernelSpec, MatmulBody, NormKind, PlannedKernel, RawBody, RawSlot,
    RowOp, SExpr, Schedule,
};

impl Lowering<'_> {
    pub fn node(&mut self, n: &Node) -> Result<()> {
        self.label = n.label.clone();
        self.hint = n.schedule;
        let (lowered, target) = match &n.kind {
            NodeKind::Assign { target, value } => {
                let view = self.target_view(*target)?;
                (self.write(&view, value), *target)
            }
            NodeKind::Index(ix) => (self.index_node(ix), ix.target),
            NodeKind::View { target, source, reshape } => (self.view_node(*target, source, *reshape), *target),
            NodeKind::Raw(r) => (self.raw_node(r), r.target),
            NodeKind::Loop { .. } => return Err(Error::Internal("nested loop reached a node".into())),
        };
        if let Some(w) = self.written.get_mut(target) {
            *w = true;
        }
        lowered
    }

    /// The memory a node writes: the binding's own buffer (made at its first write).
    pub(super) fn target_view(&mut self, target: usize) -> Result<View> {
        match &self.views[target] {
            Some(v) => Ok(v.clone()),
            None => self.own_buffer(target, BufferRole::Temp),
        }
    }

    pub fn push(&mut self, args: ArgSet, body: KernelBody) {
        let uses_uniforms = body.uses_uniforms();
        let schedule = default_schedule(self.hint);
        let spec = KernelSpec { node: self.label.clone(), args: args.args, uses_uniforms, body };
        self.plan.kernels.push(PlannedKernel { spec, schedule });
    }

    /// Emits the kernel(s) computing `value` into `target` (contiguous; stores convert to its
    /// buffer's element type).
    pub fn write(&mut self, target: &View, value: &TExpr) -> Result<()> {
        let shape = target.shape.clone();
        let acc = pick_acc(value, &shape, self.dims);
        let mut args = ArgSet::default();
        let out = args.view(self, target, Access::ReadWrite);
        let Some(call_expr) = acc else {
            let map = align(&concrete(&value.shape, self.dims), &shape);
            let value = self.scalar(&mut args, value, &map, shape.len(), None)?;
            self.push(args, KernelBody::Map { out, extents: shape, value, transpose_at: None });
            return Ok(());
        };
        let TKind::Op(call) = &call_expr.kind else { return Err(Error::Internal("anchor is not an op".into())) };
        // The epilogue runs in the op's own result space (the target's, up to size-1 axes).
        let espace = concrete(&call_expr.shape, self.dims);
        let emap = align(&concrete(&value.shape, self.dims), &espace);
        let epilogue = self.scalar(&mut args, value, &emap, espace.len(), Some(call_expr))?;
        let full = |lw: &Self, e: &TExpr| concrete(&e.shape, lw.dims);
        let body = match call.op {
            Builtin::Reduce(_) | Builtin::Argmax | Builtin::Softmax | Builtin::RmsNorm | Builtin::LayerNorm => {
                let super::reduce::RowInput { leading, cols, input } =
                    self.row_input(&mut args, &call.args[0], call.axis)?;
                // Softmax and the norms run along the last axis, so the row space is x's own.
                let rank = leading.len() + 1;
                let idmap: Vec<usize> = (0..rank).collect();
                // A keepdim reduction's epilogue space drops the kept axes (one value per row);
                // softmax and the norms keep theirs (one value per element).
                let per_row = matches!(call.op, Builtin::Reduce(_) | Builtin::Argmax);
                let epilogue = if per_row && espace.len() > leading.len() {
                    let emap = align(&concrete(&value.shape, self.dims), &leading);
                    self.scalar(&mut args, value, &emap, leading.len(), Some(call_expr))?
                } else {
                    epilogue
                };
                match call.op {
                    Builtin::Reduce(op) => {
                        KernelBody::Row { out, leading, cols, op: RowOp::Reduce(op), input, epilogue }
                    }
                    Builtin::Argmax => KernelBody::Row { out, leading, cols, op: RowOp::Argmax, input, epilogue },
                    Builtin::Softmax => KernelBody::Softmax { out, leading, cols, input, epilogue },
                    Builtin::RmsNorm | Builtin::LayerNorm => {
                        let layer = call.op == Builtin::LayerNorm;
                        let g = &call.args[1];
                        let gain = self.scalar(&mut args, g, tail(&idmap, g.shape.len()), rank, None)?;
                        let bias = match layer {
                            true => {
                                let b = &call.args[2];
                                Some(self.scalar(&mut args, b, tail(&idmap, b.shape.len()), rank, None)?)
                            }
                            false => None,
                        };
                        let eps = self.scalar(&mut args, &call.args[call.args.len() - 1], &[], 0, None)?;
                        let kind = if layer { NormKind::Layer } else { NormKind::Rms };
                        KernelBody::Norm { out, leading, cols, kind, input, gain, bias, eps, epilogue, split: None }
                    }
                    other @ (Builtin::Unary(_)
                    | Builtin::Min
                    | Builtin::Max
                    | Builtin::Select
                    | Builtin::Matmul
                    | Builtin::Transpose
                    | Builtin::Permute
                    | Builtin::Reshape
                    | Builtin::Concat
                    | Builtin::Conv2d
                    | Builtin::Pool(_)
                    | Builtin::Gather
                    | Builtin::Attention
                    | Builtin::Boundary(_)) => {
                        return Err(Error::Internal(format!("`{}` in a row kernel", other.name())))
                    }
                }
            }
            Builtin::Matmul => {
                let (a, b) = (&call.args[0], &call.args[1]);
                let rank = espace.len();
                let (m, n) = (espace[rank - 2], espace[rank - 1]);
                let k = *full(self, a).last().unwrap_or(&1);
                let batch = espace[..rank - 2].to_vec();
                let idmap: Vec<usize> = (0..rank).collect();
                let av = self.scalar(&mut args, a, tail(&idmap, a.shape.len()), rank, None)?;
                let bv = self.scalar(&mut args, b, tail(&idmap, b.shape.len()), rank, None)?;
                KernelBody::Matmul(Box::new(MatmulBody {
                    out,
                    batch,
                    m,
                    n,
                    k,
                    a: av,
                    b: bv,
                    b2: None,
                    rms: None,
                    layer: None,
                    epilogue,
                    precision: call.precision,
                    split_store: false,
                    window: None,
                    followers: Vec::new(),
                }))
            }
            Builtin::Attention => {
                let (q, k, v) = (&call.args[0], &call.args[1], &call.args[2]);
                let rank = espace.len();
                let (qs, ks, vs) = (full(self, q), full(self, k), full(self, v));
                let (tq, e, tk, ev) = (qs[qs.len() - 2], qs[qs.len() - 1], ks[ks.len() - 2], vs[vs.len() - 1]);
                let batch = espace[..rank - 2].to_vec();
                let idmap: Vec<usize> = (0..rank).collect();
                let qv = self.scalar(&mut args, q, tail(&idmap, q.shape.len()), rank, None)?;
                let kv = self.scalar(&mut args, k, tail(&idmap, k.shape.len()), rank, None)?;
                let vv = self.scalar(&mut args, v, tail(&idmap, v.shape.len()), rank, None)?;
                let mask = match &call.mask {
                    Some(mk) => Some(self.scalar(&mut args, mk, tail(&idmap, mk.shape.len()), rank, None)?),
                    None => None,
                };
                let scale = match &call.scale {
                    Some(s) => self.scalar(&mut args, s, &[], 0, None)?,
                    None => SExpr::Const(crate::graph::checked::Const::F32(1.0 / (e as f32).sqrt())),
                };
                KernelBody::Attention(Box::new(AttentionBody {
                    out,
                    batch,
                    tq,
                    tk,
                    e,
                    ev,
                    q: qv,
                    k: kv,
                    v: vv,
                    mask,
                    causal: call.causal,
                    scale,
                    epilogue,
                    out_strides: None,
                    split_store: None,
                    lse: None,
                    precision: call.precision,
                }))
            }
            Builtin::Unary(_)
            | Builtin::Min
            | Builtin::Max
            | Builtin::Select
            | Builtin::Transpose
            | Builtin::Permute
            | Builtin::Reshape
            | Builtin::Concat
            | Builtin::Conv2d
            | Builtin::Pool(_)
            | Builtin::Gather
            | Builtin::Boundary(_) => {
                return Err(Error::Internal(format!("`{}` chosen as a kernel's op", call.op.name())))
            }
        };
        self.push(args, body);
        Ok(())
    }

    fn view_node(&mut self, target: usize, source: &TExpr, reshape: bool) -> Result<()> {
        let TKind::Read(rv) = &source.kind else { return Err(Error::Internal("view of a non-view".into())) };
        let v = self.view_of(rv.binding)?.select(rv, &self.loop_values);
        let tb = &self.g.bindings[target];
        let tshape = concrete(&tb.shape, self.dims);
        let alias = tb.usage == Usage::Temp && (!reshape || v.is_contiguous());
        if alias {
            let view = if reshape { View { offset: v.offset, ..View::contiguous(v.buffer, tshape) } } else { v };
            self.views[target] = Some(view);
            return Ok(());
        }
        // A copy: the source's elements in row-major order are the target's.
        let out_view = self.target_view(target)?;
        let mut args = ArgSet::default();
        let out = args.view(self, &out_view, Access::ReadWrite);
        let map: Vec<usize> = (0..v.shape.len()).collect();
        let value = self.load(&mut args, &v, &map, v.shape.len(), source.ty);
        self.push(args, KernelBody::Map { out, extents: v.shape.clone(), value, transpose_at: None });
        Ok(())
    }

    fn raw_node(&mut self, r: &RawNode) -> Result<()> {
        let target = self.target_view(r.target)?;
        // Elements the kernel does not write read as zero on every backend, never an earlier
        // run's values (wgpu and CUDA keep those) nor the CPU's poison: an `output` or `temp`
        // target no earlier node of the run wrote is zeroed first. A `state` keeps its values.
        let binding = &self.g.bindings[r.target];
        if matches!(binding.usage, Usage::Output | Usage::Temp) && !self.written[r.target] {
            let zero = match binding.elem.compute() {
                crate::elem::Ty::I32 => crate::graph::checked::Const::I32(0),
                crate::elem::Ty::U32 => crate::graph::checked::Const::U32(0),
                crate::elem::Ty::F32 | crate::elem::Ty::Bool => crate::graph::checked::Const::F32(0.0),
            };
            let mut args = ArgSet::default();
            let out = args.view(self, &target, Access::ReadWrite);
            self.push(
                args,
                KernelBody::Map { out, extents: target.shape.clone(), value: SExpr::Const(zero), transpose_at: None },
            );
        }
        let mut args = ArgSet::default();
        let out = args.view(self, &target, Access::ReadWrite);
        let mut slots = Vec::with_capacity(r.args.len());
        for &b in &r.args {
            let binding = &self.g.bindings[b];
            slots.push(match binding.usage {
                Usage::Uniform => RawSlot::Uniform { field: self.uniform_field(b)? },
                Usage::Scene => {
                    let v = self.view_of(b)?.clone();
                    RawSlot::Scene { arg: args.view(self, &v, Access::Read) }
                }
                Usage::Input | Usage::Weight | Usage::State | Usage::Temp | Usage::Output if b == r.target => {
                    RawSlot::Arg(out)
                }
                Usage::Input | Usage::Weight | Usage::State | Usage::Temp | Usage::Output => {
                    let mut v = self.view_of(b)?.clone();
                    if !v.is_contiguous() {
                        v = self.contiguous_copy(&v, binding.elem)?;
                    }
                    RawSlot::Arg(args.view(self, &v, Access::Read))
                }
            });
        }
        let invocations = r.workgroup_size.iter().map(|&x| x.max(1) as u64).product::<u64>();
        let workgroups = (target.span() as u64).div_ceil(invocations).max(1);
        let limit = u64::from(crate::ir::limits::MAX_WORKGROUPS_PER_DIM);
        if workgroups > limit && !r.uses_num_workgroups {
            return Err(Error::RawDispatchTooLarge { node: self.label.clone(), workgroups, limit });
        }
        let body = RawBody {
            out,
            source: r.source.clone(),
            entry: r.entry.clone(),
            workgroup_size: r.workgroup_size,
            workgroups,
            uses_num_workgroups: r.uses_num_workgroups,
            slots,
        };
        self.push(args, KernelBody::Raw(Box::new(body)));
        Ok(())
    }

    /// A contiguous copy of a strided view in a hidden temp (raw kernels index arrays flat).
    fn contiguous_copy(&mut self, v: &View, elem: Elem) -> Result<View> {
        let name = format!("_t{}", self.hidden);
        self.hidden += 1;
        let copy = self.new_buffer(&name, elem, v.shape.clone(), BufferRole::Temp)?;
        let mut args = ArgSet::default();
        let out = args.view(self, &copy, Access::ReadWrite);
        let map: Vec<usize> = (0..v.shape.len()).collect();
        let value = self.load(&mut args, v, &map, v.shape.len(), elem.compute());
        self.push(args, KernelBody::Map { out, extents: v.shape.clone(), value, transpose_at: None });
        Ok(copy)
    }
}

/// The op call whose result becomes the kernel's `Acc`: the last op call (in reading order)
/// outside any other op's arguments whose shape is the target's, up to size-1 axes.
fn pick_acc<'e>(value: &'e TExpr, target: &[usize], dims: &[usize]) -> Option<&'e TExpr> {
    let mut found = None;
    top_level_ops(value, &mut |call| {
        let fusable = matches!(&call.kind, TKind::Op(c) if c.op != Builtin::Gather);
        let shape = concrete(&call.shape, dims);
        if fusable && squeeze_usize(&shape) == squeeze_usize(target) {
            found = Some(call);
        }
    });
    found
}

fn squeeze_usize(s: &[usize]) -> Vec<usize> {
    s.iter().copied().filter(|&e| e != 1).collect()
}

/// Calls `f` on every op call of `e` that is not inside another op's arguments.
fn top_level_ops<'e>(e: &'e TExpr, f: &mut impl FnMut(&'e TExpr)) {
    match &e.kind {
        TKind::Op(_) => f(e),
        TKind::Unary(_, a) | TKind::Cast(a, _) => top_level_ops(a, f),
        TKind::Binary(_, a, b) => {
            top_level_ops(a, f);
            top_level_ops(b, f);
        }
        TKind::Select(c, a, b) => {
            top_level_ops(c, f);
            top_level_ops(a, f);
            top_level_ops(b, f);
        }
        TKind::Read(_)
        | TKind::Uniform(_)
        | TKind::Const(_)
        | TKind::Dim(_)
        | TKind::IndexVar(_)
        | TKind::LoopVar(_)
        | TKind::Element { .. }
        | TKind::Reduce(_) => {}
    }
}

/// Maps the axes of a value of shape `value` onto a space of shape `space`: trailing axes
/// aligned when it broadcasts; otherwise (a `[R]` value into an `[R, 1]` space) the axes of
/// extent > 1 in order.
fn align(value: &[usize], space: &[usize]) -> Vec<usize> {
    let broadcasts =
        value.len() <= space.len() && value.iter().rev().zip(space.iter().rev()).all(|(v, s)| v == s || *v == 1);
    if broadcasts {
        return (space.len() - value.len()..space.len()).collect();
    }
    let big: Vec<usize> = (0..space.len()).filter(|&d| space[d] != 1).collect();
    let mut next = big.into_iter();
    value.iter().map(|&v| if v == 1 { 0 } else { next.next().unwrap_or(0) }).collect()
}

/// The schedule of a kernel: the template's default, overridden by the node's attribute.
/// Every template defaults to 256 threads: row kernels pack short rows several to a workgroup
/// (`geometry::row_layout`).
fn default_schedule(hint: ScheduleHint) -> Schedule {
    let mut s = Schedule::default();
    if let Some(wg) = hint.workgroup {
        s.workgroup = wg;
    }
    if let Some(items) = hint.items {
        s.items = items;
    }
    s
}
