//! The wgpu backend's executor: every kernel compiled once (cached per context); a run is
//! uploads, one encoder holding every dispatch and the output copies, and one submit.
//! Temps and outputs live in the read-write slab, where their consumers read them in place.

use super::context::WgpuComputeContext;
use super::submit::GraphPass;
use crate::context::{lock, Backend};
use crate::elem::Elem;
use crate::error::{Error, Result};
use crate::instance::{Executor, RunRequest, RunResult};
use crate::ir::{BufferId, BufferRole, Plan};
use crate::lower::wgsl::{emit_kernel, fold_dispatch, workgroup_count};
use crate::memory::{align_up, BindingUsage, BufferView};
use std::time::Duration;

/// Compiled kernels and resident memory of one plan on one wgpu context.
pub struct WgpuExec {
    pipelines: Vec<wgpu::ComputePipeline>,
    workgroups: Vec<[u32; 3]>,
    /// Resident views (weights and state), by plan buffer.
    resident: Vec<Option<BufferView>>,
    /// The last run's bind groups with the slab generation and views they were built for: a
    /// repeated run allocates the same views, so it reuses them instead of rebuilding.
    bind_groups: Option<(u64, Vec<Vec<BufferView>>, Vec<wgpu::BindGroup>)>,
}

fn byte_len(plan: &Plan, id: BufferId) -> u64 {
    let b = &plan.buffers[id];
    (b.len * b.elem.size_bytes()) as u64
}

fn over_limit(plan: &Plan, id: BufferId, e: Error) -> Error {
    match e {
        Error::OverLimit { what, requested, limit, .. } => {
            Error::OverLimit { binding: plan.buffers[id].name.clone(), what, requested, limit }
        }
        other => other,
    }
}

fn backend_ctx(backend: &Backend) -> Result<std::sync::MutexGuard<'_, WgpuComputeContext>> {
    match backend {
        Backend::Wgpu(m) => lock(m),
        _ => Err(Error::Internal("wgpu executor on another backend".into())),
    }
}

impl WgpuExec {
    pub fn new(ctx: &mut WgpuComputeContext, plan: &Plan) -> Result<WgpuExec> {
        let limit = ctx.constraints.max_storage_buffer_binding_size;
        for (id, b) in plan.buffers.iter().enumerate() {
            let bytes = byte_len(plan, id);
            if bytes > limit {
                return Err(Error::OverLimit {
                    binding: b.name.clone(),
                    what: "one storage binding",
                    requested: bytes,
                    limit,
                });
            }
            if b.elem == Elem::F16 && !ctx.constraints.shader_f16 {
                return Err(Error::Unsupported {
                    what: format!("f16 binding `{}`", b.name),
                    reason: format!("on adapter {} (no SHADER_F16)", ctx.adapter.name),
                });
            }
        }
        let max_dim = ctx.constraints.max_compute_workgroups_per_dimension;
        let compiled_before = ctx.compilation_count();
        let mut pipelines = Vec::with_capacity(plan.kernels.len());
        let mut workgroups = Vec::with_capacity(plan.kernels.len());
        for k in &plan.kernels {
            let total = workgroup_count(&k.spec, &k.schedule);
            let grid = fold_dispatch(total, max_dim).ok_or_else(|| Error::DispatchTooLarge {
                node: k.spec.node.clone(),
                requested: total,
                limit: max_dim as u64 * max_dim as u64,
            })?;
            let source = emit_kernel(plan, &k.spec, &k.schedule);
            pipelines.push(ctx.compile_pipeline_cached(&source, &k.spec.entry)?);
            workgroups.push(grid);
        }
        if ctx.compilation_count() != compiled_before {
            ctx.persist_pipeline_cache();
        }
        let mut resident = vec![None; plan.buffers.len()];
        for (id, b) in plan.buffers.iter().enumerate() {
            if b.role == BufferRole::State {
                let view = ctx.allocate_state(byte_len(plan, id), 0, 0).map_err(|e| over_limit(plan, id, e))?;
                resident[id] = Some(view);
            }
        }
        Ok(WgpuExec { pipelines, workgroups, resident, bind_groups: None })
    }
}

impl Executor for WgpuExec {
    fn load_weight(&mut self, backend: &Backend, plan: &Plan, id: BufferId, bytes: &[u8]) -> Result<()> {
        let mut ctx = backend_ctx(backend)?;
        match self.resident[id] {
            Some(view) => ctx.write_view(&view, bytes),
            None => {
                self.resident[id] = Some(ctx.allocate_weight(bytes, 0, 0).map_err(|e| over_limit(plan, id, e))?);
                Ok(())
            }
        }
    }

    fn run(&mut self, backend: &Backend, plan: &Plan, req: &RunRequest<'_>) -> Result<RunResult> {
        let mut ctx = backend_ctx(backend)?;
        let per_run = |role| plan.buffers.iter().enumerate().filter(move |(_, b)| b.role == role).map(|(id, _)| id);
        let read_bytes: u64 = per_run(BufferRole::Input).map(|id| align_up(byte_len(plan, id).max(4))).sum::<u64>()
            + align_up(req.uniforms.len() as u64);
        let rw_bytes: u64 = per_run(BufferRole::Temp)
            .chain(per_run(BufferRole::Output))
            .map(|id| align_up(byte_len(plan, id).max(4)))
            .sum();
        ctx.clear_transient_allocations();
        ctx.reserve_transient(read_bytes, rw_bytes)?;
        let mut views = self.resident.clone();
        for &(id, bytes) in &req.inputs {
            views[id] = Some(
                ctx.allocate_and_write(bytes, 0, 0, BindingUsage::StorageRead).map_err(|e| over_limit(plan, id, e))?,
            );
        }
        for id in per_run(BufferRole::Temp).chain(per_run(BufferRole::Output)) {
            let size = byte_len(plan, id) as usize;
            views[id] = Some(
                ctx.allocate_transient(size, 0, 0, BindingUsage::StorageReadWrite)
                    .map_err(|e| over_limit(plan, id, e))?,
            );
        }
        let uniform_view = if plan.uniforms.is_empty() {
            None
        } else {
            Some(ctx.allocate_and_write(&req.uniforms, 0, 0, BindingUsage::Uniform)?)
        };
        let mut bound_all = Vec::with_capacity(plan.kernels.len());
        for k in &plan.kernels {
            let mut bound = Vec::with_capacity(k.spec.args.len() + 1);
            for (slot, arg) in k.spec.args.iter().enumerate() {
                let view = views[arg.buffer].ok_or_else(|| {
                    Error::Internal(format!("buffer {} has no memory", plan.buffers[arg.buffer].name))
                })?;
                bound.push(view.at(0, slot as u32));
            }
            if k.spec.uses_uniforms {
                let view = uniform_view.ok_or_else(|| Error::Internal("uniform block missing".into()))?;
                bound.push(view.at(0, k.spec.args.len() as u32));
            }
            bound_all.push(bound);
        }
        let generation = ctx.generation();
        let bind_groups = match self.bind_groups.take() {
            Some((g, views, groups)) if g == generation && views == bound_all => groups,
            _ => self
                .pipelines
                .iter()
                .zip(&bound_all)
                .map(|(pipeline, bound)| ctx.create_compute_bind_group(pipeline, bound))
                .collect::<Result<Vec<_>>>()?,
        };
        let passes: Vec<GraphPass> = plan
            .kernels
            .iter()
            .zip(self.pipelines.iter().zip(&self.workgroups))
            .zip(&bind_groups)
            .map(|((k, (pipeline, workgroups)), bind_group)| GraphPass::Dispatch {
                label: k.spec.entry.clone(),
                pipeline: pipeline.clone(),
                bind_group: bind_group.clone(),
                workgroups: *workgroups,
            })
            .collect();
        self.bind_groups = Some((generation, bound_all, bind_groups));
        let outputs: Vec<BufferId> = per_run(BufferRole::Output).collect();
        let readback: Vec<BufferView> = outputs.iter().filter_map(|&id| views[id]).collect();
        let run = ctx.submit_graph_readback(&passes, &readback)?;
        let outputs = outputs
            .into_iter()
            .zip(run.readback)
            .map(|(id, mut bytes)| {
                bytes.truncate(byte_len(plan, id) as usize);
                (id, bytes)
            })
            .collect();
        let kernel_times = match run.pass_ns {
            Some(ns) => ns.into_iter().map(|n| Some(Duration::from_nanos(n))).collect(),
            None => vec![None; plan.kernels.len()],
        };
        Ok(RunResult { outputs, kernel_times, device_total: None, enqueue: None })
    }

    fn read_state(&self, backend: &Backend, plan: &Plan, id: BufferId) -> Result<Vec<u8>> {
        let ctx = backend_ctx(backend)?;
        let view = self.resident[id].ok_or_else(|| Error::Internal("state has no memory".into()))?;
        let mut bytes = ctx.read_buffer(&view)?;
        bytes.truncate(byte_len(plan, id) as usize);
        Ok(bytes)
    }

    fn write_state(&mut self, backend: &Backend, _plan: &Plan, id: BufferId, bytes: &[u8]) -> Result<()> {
        let ctx = backend_ctx(backend)?;
        let view = self.resident[id].ok_or_else(|| Error::Internal("state has no memory".into()))?;
        ctx.write_view(&view, bytes)
    }
}
