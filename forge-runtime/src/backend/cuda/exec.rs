//! A plan compiled on a CUDA device: one NVRTC program for every kernel (CUBIN for the device,
//! cached), one device arena of the instance's own for every buffer and the uniform block, a
//! run launched on the context's one stream — captured into a CUDA graph on the second run and
//! replayed after — with one synchronisation before the outputs are read back.

use super::context::{CapturedGraph, DeviceArena};
use super::device::CudaDevice;
use super::pipeline::{launch_raw, LaunchDims};
use super::CudaComputeContext;
use crate::backend::{Executable, RunRequest, RunResult};
use crate::error::{Error, Result};
use crate::ir::{BufferId, BufferRole, KernelBody, Plan};
use crate::memory::{align_up, BindingUsage, BufferView};
use cudarc::driver::{CudaEvent, CudaFunction};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn usage(role: BufferRole) -> BindingUsage {
    match role {
        BufferRole::Input => BindingUsage::StorageRead,
        BufferRole::Weight | BufferRole::Scene => BindingUsage::StorageReadResident,
        BufferRole::State => BindingUsage::StoragePersistent,
        BufferRole::Temp | BufferRole::Output => BindingUsage::StorageReadWrite,
    }
}

/// One plan on one CUDA device, with memory of its own (256-byte aligned, sized exactly).
pub struct CudaExec {
    device: Arc<CudaDevice>,
    plan: Arc<Plan>,
    variants: Vec<String>,
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
        .map(|(id, b)| place(byte_len(&plan, id), id as u32, usage(b.role), &b.name))
        .collect::<Result<Vec<_>>>()?;
    let uniforms = place((plan.uniforms.len() as u64 * 4).max(16), 0, BindingUsage::Uniform, "uniforms")?;
    Ok((views, uniforms, end))
}

impl CudaExec {
    pub fn new(device: Arc<CudaDevice>, plan: Arc<Plan>) -> Result<CudaExec> {
        let guard = device.lock();
        let ctx: &CudaComputeContext = &guard;
        if let Some(k) = plan.kernels.iter().find(|k| matches!(k.spec.body, KernelBody::Raw(_))) {
            return Err(Error::Unsupported { what: format!("raw kernel of node `{}`", k.spec.node), reason: "on CUDA yet".into() });
        }
        let (program, functions) = crate::lower::cuda::emit_program(&plan)?;
        let module = super::module::load_program(ctx, &program, &plan.graph)?;
        let kernels = functions
            .iter()
            .map(|f| {
                let function = module.load_function(&f.name).map_err(|e| Error::ShaderCompile {
                    entry: f.name.clone(),
                    log: format!("entry point not found in the module: {e:?}"),
                })?;
                let dims = LaunchDims { grid: (f.grid[0], f.grid[1], f.grid[2]), block: (f.threads, 1, 1), shared_mem_bytes: 0 };
                Ok((function, dims))
            })
            .collect::<Result<Vec<_>>>()?;
        let variants = plan.kernels.iter().map(|k| crate::lower::code::geometry::variant_name(&k.spec, &k.schedule)).collect();
        let (views, uniforms, size) = arena_layout(&plan)?;
        let arena = ctx.allocate_arena(size).map_err(|e| match e {
            Error::OutOfMemory(m) => {
                let largest = (0..plan.buffers.len()).max_by_key(|&id| byte_len(&plan, id));
                let name = largest.map_or("uniforms", |id| plan.buffers[id].name.as_str());
                let bytes = largest.map_or(0, |id| byte_len(&plan, id));
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
                let mut p: Vec<u64> = k
                    .spec
                    .args
                    .iter()
                    .map(|a| arena.address(&views[a.buffer]) + (a.offset * a.elem.size_bytes()) as u64)
                    .collect();
                if k.spec.uses_uniforms {
                    p.push(arena.address(&uniforms));
                }
                p
            })
            .collect();
        let use_graphs = std::env::var("FORGE_CUDA_GRAPHS").map(|v| v.trim() != "0").unwrap_or(true);
        drop(guard);
        Ok(CudaExec { device, plan, variants, kernels, views, uniforms, params, graph: None, use_graphs, arena })
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

impl Executable for CudaExec {
    fn load_weight(&mut self, id: BufferId, bytes: &[u8]) -> Result<()> {
        self.device.lock().write_arena(&self.arena, &self.views[id], bytes)
    }

    fn run(&mut self, req: &RunRequest<'_>) -> Result<RunResult> {
        let device = Arc::clone(&self.device);
        let guard = device.lock();
        let ctx: &CudaComputeContext = &guard;
        let plan = Arc::clone(&self.plan);
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
                let mut bytes = ctx.read_arena(&self.arena, &self.views[id])?;
                bytes.truncate(plan.byte_len(id) as usize);
                outputs.push((id, bytes));
            }
        }
        Ok(RunResult { outputs, kernel_times, device_total, enqueue: Some(enqueue) })
    }

    fn read_state(&mut self, id: BufferId) -> Result<Vec<u8>> {
        let mut bytes = self.device.lock().read_arena(&self.arena, &self.views[id])?;
        bytes.truncate(self.plan.byte_len(id) as usize);
        Ok(bytes)
    }

    fn write_state(&mut self, id: BufferId, bytes: &[u8]) -> Result<()> {
        self.device.lock().write_arena(&self.arena, &self.views[id], bytes)
    }

    fn variants(&self) -> Vec<String> {
        self.variants.clone()
    }
}
