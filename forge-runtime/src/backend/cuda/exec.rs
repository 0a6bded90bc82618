//! Runs a whole [`Plan`] on CUDA with the same memory model as `backend::cpu::run_plan`
//! (one `Vec<f64>` per plan buffer): upload, launch every kernel on the stream, read back.

use super::context::{CapturedGraph, DeviceArena};
use super::pipeline::{launch_raw, load_kernel};
use super::{CudaComputeContext, CudaPipeline};
use crate::context::Backend;
use crate::elem::Scalar;
use crate::error::{Error, Result};
use crate::instance::{Executor, RunRequest, RunResult};
use crate::ir::{BufferId, BufferRole, Plan};
use crate::lower::ptx::LaunchDims;
use crate::memory::{align_up, BindingUsage, BufferView};
use cudarc::driver::{CudaEvent, CudaFunction};
use std::time::{Duration, Instant};

/// How [`run_plan`] submits the kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanRun {
    /// Launch each kernel on the stream.
    Direct,
    /// Record the launches into a CUDA graph, then replay it once.
    Captured,
    /// Launch each kernel with `gridDim.x` capped at this many blocks, so the kernels' grid-stride
    /// loops cover the rest (what very large launches rely on).
    GridCap(u32),
}

/// Host encoding of plan buffers, shared with the CPU backend.
pub use crate::backend::cpu_exec::{decode, encode};

fn usage(role: BufferRole) -> BindingUsage {
    match role {
        BufferRole::Input => BindingUsage::StorageRead,
        BufferRole::Weight => BindingUsage::StorageReadResident,
        BufferRole::State => BindingUsage::StoragePersistent,
        BufferRole::Temp | BufferRole::Output => BindingUsage::StorageReadWrite,
    }
}

/// Uploads every buffer of `memory`, runs every kernel of `plan` in order, and reads every
/// buffer back into `memory`. All ranges are transient: the slab's transient end is reset
/// before returning, so call it with no other transient allocations alive.
pub fn run_plan(
    ctx: &CudaComputeContext,
    plan: &Plan,
    memory: &mut [Vec<f64>],
    uniforms: &[Scalar],
    mode: PlanRun,
) -> Result<()> {
    if memory.len() != plan.buffers.len() {
        return Err(Error::Internal(format!(
            "{} memory buffers for {} plan buffers",
            memory.len(),
            plan.buffers.len()
        )));
    }
    let pipelines = plan
        .kernels
        .iter()
        .map(|k| CudaPipeline::compile_kernel(ctx, &k.spec, k.schedule))
        .collect::<Result<Vec<_>>>()?;
    let result = (|| {
        let mut views = Vec::with_capacity(plan.buffers.len());
        for (i, (b, values)) in plan.buffers.iter().zip(memory.iter()).enumerate() {
            let bytes = encode(b.elem, values);
            let view = ctx.allocate_transient(bytes.len() as u64, i as u32, usage(b.role))?;
            ctx.write_view(&view, &bytes)?;
            views.push(view);
        }
        let words: Vec<u8> = uniforms.iter().flat_map(|s| s.to_word()).collect();
        let uniform_view =
            ctx.allocate_and_write(if words.is_empty() { &[0u8; 4] } else { &words }, 0, BindingUsage::Uniform)?;
        let bound: Vec<Vec<BufferView>> = plan
            .kernels
            .iter()
            .map(|k| {
                let mut v: Vec<BufferView> =
                    k.spec.args.iter().enumerate().map(|(i, a)| views[a.buffer].at(0, i as u32)).collect();
                if k.spec.uses_uniforms {
                    v.push(uniform_view.at(0, k.spec.args.len() as u32));
                }
                v
            })
            .collect();
        let launch_all = || -> Result<()> {
            for ((k, p), v) in plan.kernels.iter().zip(&pipelines).zip(&bound) {
                match mode {
                    PlanRun::GridCap(cap) => {
                        let d = p.launch_dims(&k.schedule, 0);
                        p.dispatch_ptx(v, (d.grid.0.min(cap.max(1)), d.grid.1, d.grid.2), d.block, d.shared_mem_bytes)?
                    }
                    _ => p.dispatch_async_sorted(v, &k.schedule, 0)?,
                }
            }
            Ok(())
        };
        match mode {
            PlanRun::Direct | PlanRun::GridCap(_) => launch_all()?,
            PlanRun::Captured => {
                ctx.begin_capture()?;
                let launched = launch_all();
                let graph = ctx.end_capture();
                launched?;
                graph?.replay()?;
            }
        }
        ctx.synchronize()?;
        for ((b, view), values) in plan.buffers.iter().zip(&views).zip(memory.iter_mut()) {
            *values = decode(b.elem, &ctx.read_buffer(view)?);
        }
        Ok(())
    })();
    ctx.clear_transient_allocations()?;
    result
}

/// The CUDA executor of a [`GraphInstance`](crate::instance::GraphInstance): one device arena of
/// its own (every plan buffer and the uniform block, 256-byte aligned, sized exactly), so
/// instances never compete for the context's slab; a run writes the inputs, queues every
/// kernel (bracketed by timing events), waits once and reads the outputs.
pub struct CudaExec {
    kernels: Vec<(CudaFunction, LaunchDims)>,
    /// Offsets of every plan buffer in `arena`.
    views: Vec<BufferView>,
    uniforms: BufferView,
    /// Each kernel's parameters: device addresses in `arena`, fixed for its life.
    params: Vec<Vec<u64>>,
    /// The kernel sequence captured once and replayed by every later run (`FORGE_CUDA_GRAPHS=0`
    /// launches every kernel every run instead). Declared before `arena`: dropped first.
    graph: Option<CapturedGraph>,
    use_graphs: bool,
    arena: DeviceArena,
}

fn backend_ctx(backend: &Backend) -> Result<std::sync::MutexGuard<'_, CudaComputeContext>> {
    match backend {
        Backend::Cuda(m) => crate::context::lock(m),
        _ => Err(Error::Internal("CUDA executor on another backend".into())),
    }
}

fn byte_len(plan: &Plan, id: BufferId) -> u64 {
    let b = &plan.buffers[id];
    (b.len * b.elem.size_bytes()) as u64
}

fn elapsed(from: &CudaEvent, to: &CudaEvent) -> Option<Duration> {
    let ms = from.elapsed_ms(to).ok()?;
    Some(Duration::from_secs_f64(ms.max(0.0) as f64 / 1e3))
}

/// Offsets of every plan buffer, then of the uniform block, in one arena; and its size.
fn arena_layout(plan: &Plan) -> Result<(Vec<BufferView>, BufferView, u64)> {
    let mut end = 0u64;
    let mut place = |size: u64, binding: u32, usage: BindingUsage, name: &str| -> Result<BufferView> {
        let offset = end;
        end = offset.checked_add(align_up(size.max(1))).filter(|&e| e < u64::MAX / 2).ok_or_else(|| {
            Error::OutOfMemory(format!("graph `{}`: binding `{name}` of {size} bytes overflows the arena", plan.graph))
        })?;
        Ok(BufferView { offset, size, binding, group: 0, usage })
    };
    let views = plan
        .buffers
        .iter()
        .enumerate()
        .map(|(id, b)| place(byte_len(plan, id), id as u32, usage(b.role), &b.name))
        .collect::<Result<Vec<_>>>()?;
    let uniforms = place((plan.uniforms.len() as u64 * 4).max(16), 0, BindingUsage::Uniform, "uniforms")?;
    Ok((views, uniforms, end))
}

impl CudaExec {
    pub fn new(ctx: &mut CudaComputeContext, plan: &Plan) -> Result<CudaExec> {
        let kernels =
            plan.kernels.iter().map(|k| load_kernel(ctx, &k.spec, &k.schedule)).collect::<Result<Vec<_>>>()?;
        let (views, uniforms, size) = arena_layout(plan)?;
        let arena = ctx.allocate_arena(size).map_err(|e| match e {
            Error::OutOfMemory(m) => {
                let largest = (0..plan.buffers.len()).max_by_key(|&id| byte_len(plan, id));
                let name = largest.map_or("uniforms", |id| plan.buffers[id].name.as_str());
                let bytes = largest.map_or(0, |id| byte_len(plan, id));
                Error::OutOfMemory(format!(
                    "graph `{}`: its {} bindings need {size} bytes (largest: binding `{name}`, {bytes} bytes): {m}",
                    plan.graph,
                    plan.buffers.len()
                ))
            }
            other => other,
        })?;
        // The arena starts zeroed (state and the uniform block); every other buffer is
        // poisoned with NaN so a kernel that skips an element shows.
        for (view, b) in views.iter().zip(&plan.buffers) {
            if b.role != BufferRole::State {
                ctx.fill_arena(&arena, view, 0xFF)?;
            }
        }
        let params = plan
            .kernels
            .iter()
            .map(|k| {
                let mut p: Vec<u64> = k.spec.args.iter().map(|a| arena.address(&views[a.buffer])).collect();
                if k.spec.uses_uniforms {
                    p.push(arena.address(&uniforms));
                }
                p
            })
            .collect();
        let use_graphs = std::env::var("FORGE_CUDA_GRAPHS").map(|v| v.trim() != "0").unwrap_or(true);
        Ok(CudaExec { kernels, views, uniforms, params, graph: None, use_graphs, arena })
    }

    /// Bytes of device memory this executor owns (its arena).
    pub fn device_bytes(&self) -> u64 {
        self.arena.size_bytes()
    }

    /// Launches every kernel on the stream; with `events`, records `events[k]` before kernel k
    /// and the last event after the last kernel.
    fn launch_all(&self, ctx: &CudaComputeContext, events: Option<&[CudaEvent]>) -> Result<()> {
        for (k, (function, dims)) in self.kernels.iter().enumerate() {
            if let Some(ev) = events {
                ev[k].record(ctx.stream()).map_err(|e| super::context::cuda_err("recording an event", e))?;
            }
            launch_raw(ctx, function, &self.params[k], *dims)?;
        }
        if let Some(ev) = events {
            ev[self.kernels.len()]
                .record(ctx.stream())
                .map_err(|e| super::context::cuda_err("recording an event", e))?;
        }
        Ok(())
    }
}

fn new_events(ctx: &CudaComputeContext, n: usize) -> Result<Vec<CudaEvent>> {
    (0..n)
        .map(|_| ctx.cuda_context().new_event(Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT)))
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|e| super::context::cuda_err("creating timing events", e))
}

impl Executor for CudaExec {
    fn load_weight(&mut self, backend: &Backend, _plan: &Plan, id: BufferId, bytes: &[u8]) -> Result<()> {
        backend_ctx(backend)?.write_arena(&self.arena, &self.views[id], bytes)
    }

    fn run(&mut self, backend: &Backend, plan: &Plan, req: &RunRequest<'_>) -> Result<RunResult> {
        let ctx = backend_ctx(backend)?;
        for &(id, bytes) in &req.inputs {
            ctx.write_arena(&self.arena, &self.views[id], bytes)?;
        }
        let n = (req.uniforms.len() as u64).min(self.uniforms.size) as usize;
        ctx.write_arena(&self.arena, &self.uniforms, &req.uniforms[..n])?;
        let mut kernel_times = vec![None; self.kernels.len()];
        let mut device_total = None;
        let enqueue;
        if req.profile_kernels {
            // Direct launches with an event between kernels: per-node device times.
            let events = new_events(&ctx, self.kernels.len() + 1)?;
            let t = Instant::now();
            self.launch_all(&ctx, Some(&events))?;
            enqueue = t.elapsed();
            ctx.synchronize()?;
            for (k, time) in kernel_times.iter_mut().enumerate() {
                *time = elapsed(&events[k], &events[k + 1]);
            }
        } else {
            let events = new_events(&ctx, 2)?;
            if self.use_graphs && self.graph.is_none() {
                // Captured once: buffers never move, so the same launches replay every run.
                ctx.begin_capture()?;
                let launched = self.launch_all(&ctx, None);
                let graph = ctx.end_capture();
                launched?;
                self.graph = Some(graph?);
            }
            let t = Instant::now();
            events[0].record(ctx.stream()).map_err(|e| super::context::cuda_err("recording an event", e))?;
            match &self.graph {
                Some(graph) if self.use_graphs => graph.replay()?,
                _ => self.launch_all(&ctx, None)?,
            }
            events[1].record(ctx.stream()).map_err(|e| super::context::cuda_err("recording an event", e))?;
            enqueue = t.elapsed();
            ctx.synchronize()?;
            device_total = elapsed(&events[0], &events[1]);
        }
        let mut outputs = Vec::new();
        for (id, b) in plan.buffers.iter().enumerate() {
            if b.role == BufferRole::Output {
                outputs.push((id, ctx.read_arena(&self.arena, &self.views[id])?));
            }
        }
        Ok(RunResult { outputs, kernel_times, device_total, enqueue: Some(enqueue) })
    }

    fn read_state(&self, backend: &Backend, _plan: &Plan, id: BufferId) -> Result<Vec<u8>> {
        backend_ctx(backend)?.read_arena(&self.arena, &self.views[id])
    }

    fn write_state(&mut self, backend: &Backend, _plan: &Plan, id: BufferId, bytes: &[u8]) -> Result<()> {
        backend_ctx(backend)?.write_arena(&self.arena, &self.views[id], bytes)
    }
}
