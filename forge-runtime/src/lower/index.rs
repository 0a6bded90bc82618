//! Lowering of index-notation nodes (`t[i, j] = sum(k, a[i, k] * b[k, j]);`) to
//! [`KernelBody::Index`] with [`SExpr::Gather`] reads, and of raw WGSL nodes to
//! [`KernelBody::Raw`].

use super::{ArgSet, Lowering};
use crate::error::{Error, Result};
use crate::graph::shape::concrete;
use crate::graph::{index_form, IndexExpr, IndexReduce, Name, Stmt, Usage};
use crate::ir::{contiguous_strides, Access, BufferId, IndexTerm, KernelBody, ReduceOp, SExpr};

impl Lowering<'_> {
    /// Emits the one kernel of an index-notation node.
    pub(crate) fn index_statement(&mut self, stmt: &Stmt, target: BufferId, indices: &[Name]) -> Result<()> {
        let mut errors = Vec::new();
        let form = index_form(self.graph, stmt, indices, &|_| true, &mut errors);
        if let Some(e) = errors.first() {
            return Err(Error::Internal(format!("index-notation node was not checked: {}", e.message)));
        }
        let extents = self.plan.buffers[target].shape.clone();
        let ty = self.plan.buffers[target].elem.compute();
        self.index_vars = form.vars.iter().map(|(name, e)| (name.clone(), concrete(&[*e], self.dims)[0])).collect();
        let space: Vec<usize> = self.index_vars.iter().map(|(_, e)| *e).collect();
        let mut args = ArgSet::default();
        let out = args.arg(&self.plan, target, Access::ReadWrite);
        let value = self.scalar(stmt, &mut args, form.body, &space, Some(ty), None);
        self.index_vars.clear();
        let value = value?;
        let reduce = form.reduce.map(|r| {
            let op = match r {
                IndexReduce::Sum => ReduceOp::Sum,
                IndexReduce::Max => ReduceOp::Max,
                IndexReduce::Mean => ReduceOp::Mean,
            };
            (op, space.last().copied().unwrap_or(1))
        });
        self.push_kernel(stmt, args, KernelBody::Index { out, extents, reduce, value });
        Ok(())
    }

    /// An indexed read `base[i + 1, k]` at a point of the current index space.
    pub(crate) fn gather(&mut self, args: &mut ArgSet, base: &Name, indices: &[IndexExpr]) -> Result<SExpr> {
        let id =
            *self.by_name.get(&base.text).ok_or_else(|| Error::Internal(format!("unknown binding {}", base.text)))?;
        let shape = self.plan.buffers[id].shape.clone();
        let ty = self.plan.buffers[id].elem.compute();
        let strides = contiguous_strides(&shape);
        let mut terms = Vec::with_capacity(indices.len());
        for (d, ix) in indices.iter().enumerate() {
            let var = self
                .index_vars
                .iter()
                .position(|(n, _)| *n == ix.var.text)
                .ok_or_else(|| Error::Internal(format!("unbound index {}", ix.var.text)))?;
            let extent = shape.get(d).copied().unwrap_or(1);
            terms.push(IndexTerm { var, offset: ix.offset, extent, stride: strides.get(d).copied().unwrap_or(0) });
        }
        let arg = args.arg(&self.plan, id, Access::Read);
        Ok(SExpr::Gather { arg, terms, ty })
    }

    /// Emits a raw WGSL node: the source runs as written, bindings in the order named.
    pub(crate) fn raw_statement(&mut self, stmt: &Stmt, target: BufferId) -> Result<()> {
        let crate::graph::Expr::Raw { lang, body, .. } = &stmt.value else {
            return Err(Error::Internal("raw_statement on a non-raw node".into()));
        };
        let raw = crate::graph::raw::parse_raw_args(body, lang.span).map_err(|e| Error::Internal(e.message))?;
        let mut args = ArgSet::default();
        let mut out = 0;
        for n in &raw.names {
            if self.graph.binding(&n.text).is_some_and(|b| b.usage == Usage::Uniform) {
                return Err(Error::Unsupported {
                    what: format!("uniform `{}` in raw kernel `{stmt}`", n.text),
                    reason: "at run time yet (the macro checks it; pass the value in a 1-element `input` instead)"
                        .into(),
                });
            }
            let id =
                *self.by_name.get(&n.text).ok_or_else(|| Error::Internal(format!("unknown binding {}", n.text)))?;
            let access = if id == target { Access::ReadWrite } else { Access::Read };
            let i = args.arg(&self.plan, id, access);
            if id == target {
                out = i;
            }
        }
        let (entry, invocations) = raw_entry(&raw.source)?;
        let len = self.plan.buffers[target].len as u64;
        let workgroups = len.div_ceil(invocations.max(1));
        self.push_kernel(
            stmt,
            args,
            KernelBody::Raw { out, source: raw.source.clone(), entry: entry.clone(), workgroups },
        );
        if let Some(k) = self.plan.kernels.last_mut() {
            k.spec.entry = entry;
        }
        Ok(())
    }
}

/// The compute entry point of a raw WGSL kernel and its invocations per workgroup.
#[cfg(feature = "wgpu")]
fn raw_entry(source: &str) -> Result<(String, u64)> {
    let module = naga::front::wgsl::parse_str(source)
        .map_err(|e| Error::ShaderCompile { entry: "raw kernel".into(), log: e.emit_to_string(source) })?;
    let ep =
        module.entry_points.iter().find(|ep| ep.stage == naga::ShaderStage::Compute).ok_or_else(|| {
            Error::ShaderCompile { entry: "raw kernel".into(), log: "no @compute entry point".into() }
        })?;
    let [x, y, z] = ep.workgroup_size;
    Ok((ep.name.clone(), x as u64 * y as u64 * z as u64))
}

#[cfg(not(feature = "wgpu"))]
fn raw_entry(_source: &str) -> Result<(String, u64)> {
    Err(Error::Unsupported { what: "raw WGSL kernels".into(), reason: "without the `wgpu` feature".into() })
}
