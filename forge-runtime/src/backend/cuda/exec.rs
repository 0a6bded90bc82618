//! A plan compiled on a CUDA device: one NVRTC program for every kernel (CUBIN for the device,
//! cached; matmuls on the GEMM kernels chosen for this device), one device arena of the
//! instance's own for every buffer and the uniform block, a run launched on the context's one
//! stream — captured into a CUDA graph on the second run and replayed after — with one
//! synchronisation before the outputs are read back. GEMM kernels on TMA take tensor maps,
//! encoded once here from the arena's addresses (the arena never moves) and passed by value.
//! On sm_90 the generated kernels launch programmatically (`launch`).

use super::context::{CapturedGraph, DeviceArena};
use super::device::CudaDevice;
use super::gate::{GateHold, StartGate};
use super::launch::{launch, programmatic_launches, Param};
use super::pipeline::LaunchDims;
use super::tma::encode_tensor_map;
use super::CudaComputeContext;
use crate::backend::{BackendKind, Device, Executable, RunRequest, RunResult};
use crate::error::{Error, Result};
use crate::ir::{BufferId, BufferRole, KernelBody, Plan};
use crate::memory::{align_up, BindingUsage, BufferView};
use crate::options::CudaOptions;
use cudarc::driver::{CudaEvent, CudaFunction};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The parameters of a raw kernel's CUDA-C: pointers, byte lengths, triangle counts.
fn raw_kernel_params(
    spec: &crate::ir::KernelSpec,
    body: &crate::ir::RawBody,
    params: &[crate::codegen::cuda::raw::CudaParam],
    bindings: &[u32],
    address: &dyn Fn(&crate::ir::KernelArg) -> u64,
    uniforms: u64,
) -> Result<Vec<Param>> {
    use crate::codegen::cuda::raw::CudaParam;
    use crate::ir::RawSlot;
    let slot = |i: usize| {
        bindings
            .get(i)
            .and_then(|&b| body.slots.get(b as usize))
            .copied()
            .ok_or_else(|| Error::Internal(format!("raw kernel `{}`: binding {i}", spec.node)))
    };
    params
        .iter()
        .map(|p| {
            Ok(match *p {
                CudaParam::Pointer { binding, .. } => Param::U64(match slot(binding)? {
                    RawSlot::Arg(i) | RawSlot::Scene { arg: i } => address(&spec.args[i]),
                    RawSlot::Uniform { field } => uniforms + 4 * field as u64,
                }),
                CudaParam::ByteLength { binding } => Param::U64(match slot(binding)? {
                    RawSlot::Arg(i) | RawSlot::Scene { arg: i } => spec.args[i].elem.bytes_for(spec.args[i].len) as u64,
                    RawSlot::Uniform { .. } => 4,
                }),
                CudaParam::TriangleCount { binding } => Param::U32(match slot(binding)? {
                    RawSlot::Scene { arg } | RawSlot::Arg(arg) => (spec.args[arg].len / 9) as u32,
                    RawSlot::Uniform { .. } => 0,
                }),
            })
        })
        .collect()
}

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
    /// Weights not stored as declared (`codegen::cuda::weights`): their bytes are rearranged as loaded.
    stored: crate::codegen::cuda::weights::StoredWeights,
    /// For each kernel of `plan`, the lowered plan's kernel it belongs to (empty: one for one).
    origin: Vec<usize>,
    variants: Vec<String>,
    kernels: Vec<(CudaFunction, LaunchDims)>,
    /// Offsets of every plan buffer in `arena`.
    views: Vec<BufferView>,
    uniforms: BufferView,
    /// Each kernel's parameters: device addresses in `arena`, fixed for its life.
    params: Vec<Vec<Param>>,
    /// Which kernels launch programmatically (generated kernels on sm_90+, `launch`).
    programmatic: Vec<bool>,
    /// The kernel sequence captured once and replayed by every later run (with `CudaOptions::graphs` off it
    /// launches every kernel every run instead). Dropped before `arena`.
    graph: Option<CapturedGraph>,
    use_graphs: bool,
    /// Holds the stream while a run is enqueued, so its events time the device alone. Only
    /// from the second run: a kernel's first launch may load its module lazily or grow the
    /// local-memory pool, and either waits for the device to idle, which a held stream never
    /// does.
    gate: Option<StartGate>,
    /// The two events that time a run as one span, made once (not at every run of a loop).
    span: Vec<CudaEvent>,
    launched_once: bool,
    /// Freed in `Drop`, under the device's lock.
    arena: std::mem::ManuallyDrop<DeviceArena>,
}

impl Drop for CudaExec {
    fn drop(&mut self) {
        // Freeing the graph, the gate's pinned word or the arena may wait for the device to
        // idle, and the free itself goes on the shared stream. Meanwhile another instance's run
        // may hold that stream at its start gate (its next launch would then wait for this
        // thread, and this thread for the gate: a deadlock) or be capturing it (the free would
        // land in its graph). So frees are serialised with runs, as runs are with each other.
        let device = self.device.clone();
        let _serialised = device.lock();
        self.graph = None;
        self.gate = None;
        // SAFETY: the arena is dropped exactly once, here, and `self` is not used afterwards.
        unsafe { std::mem::ManuallyDrop::drop(&mut self.arena) };
    }
}

fn byte_len(plan: &Plan, id: BufferId) -> u64 {
    let b = &plan.buffers[id];
    b.elem.bytes_for(b.len) as u64
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
    pub fn new(device: Arc<CudaDevice>, plan: Arc<Plan>, options: &CudaOptions) -> Result<CudaExec> {
        let guard = device.lock();
        let ctx: &CudaComputeContext = &guard;
        let target = crate::codegen::cuda::CudaTarget::with_options(ctx.capability(), ctx.multiprocessors(), options)?;
        let (run, program) = crate::codegen::cuda::for_target(&plan, &target)?;
        let (stored, origin) = (run.stored, run.origin);
        let plan = run.plan.map_or(plan, Arc::new);
        let functions = program.functions;
        // One program per distinct kernel (names are content hashes), compiled in parallel.
        let mut unique: Vec<&crate::codegen::cuda::CudaFunction> = Vec::new();
        for f in functions.iter().flatten() {
            if !unique.iter().any(|u| u.name == f.name) {
                unique.push(f);
            }
        }
        let arch = target.arch_name();
        let sources: Vec<(String, &str)> = unique
            .iter()
            .map(|f| {
                let arch = if f.sm90a { "sm_90a" } else { arch.as_str() };
                (format!("{}\n{}", crate::codegen::cuda::prelude(), f.code), arch)
            })
            .collect();
        let pairs: Vec<(&str, &str)> = sources.iter().map(|(s, a)| (s.as_str(), *a)).collect();
        let loaded = super::module::load_programs(ctx, &pairs, &plan.graph)?;
        let module_of = |name: &str| {
            unique
                .iter()
                .position(|u| u.name == name)
                .and_then(|i| loaded.get(i).cloned())
                .ok_or_else(|| Error::Internal(format!("no module for kernel `{name}`")))
        };
        let mut raw_params = vec![None; plan.kernels.len()];
        let kernels = functions
            .iter()
            .zip(&plan.kernels)
            .enumerate()
            .map(|(i, (f, k))| {
                let (name, module, dims) = match f {
                    Some(f) => {
                        let dims = LaunchDims {
                            grid: (f.grid[0], f.grid[1], f.grid[2]),
                            block: (f.threads, 1, 1),
                            shared_mem_bytes: f.smem,
                        };
                        (f.name.clone(), module_of(&f.name)?, dims)
                    }
                    None => {
                        let KernelBody::Raw(body) = &k.spec.body else {
                            return Err(Error::Internal("missing CUDA function".into()));
                        };
                        let (name, code, params, bindings) = crate::codegen::cuda::emit_raw_with_params(&k.spec)?;
                        let m = super::module::load_program(ctx, &code, &name)?;
                        let grid = crate::codegen::geometry::fold(
                            body.workgroups,
                            crate::codegen::geometry::MAX_WORKGROUPS_PER_DIM,
                        )
                        .ok_or_else(|| Error::DispatchTooLarge {
                            node: k.spec.node.clone(),
                            requested: body.workgroups,
                            limit: 65_535 * 65_535,
                        })?;
                        let [x, y, z] = body.workgroup_size;
                        raw_params[i] = Some((params, bindings));
                        (
                            name,
                            m,
                            LaunchDims { grid: (grid[0], grid[1], grid[2]), block: (x, y, z), shared_mem_bytes: 0 },
                        )
                    }
                };
                let function = module.load_function(&name).map_err(|e| Error::ShaderCompile {
                    entry: name.clone(),
                    log: format!("entry point not found in the module: {e:?}"),
                })?;
                if dims.shared_mem_bytes > 48 * 1024 {
                    use cudarc::driver::sys::CUfunction_attribute_enum as A;
                    let bytes = dims.shared_mem_bytes as i32;
                    function
                        .set_attribute(A::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes)
                        .map_err(|e| super::context::cuda_err("raising a kernel's dynamic shared memory limit", e))?;
                }
                Ok((function, dims))
            })
            .collect::<Result<Vec<_>>>()?;
        let variants = plan
            .kernels
            .iter()
            .zip(&functions)
            .map(|(k, f)| match f.as_ref().and_then(|f| f.variant.clone()) {
                Some(v) => v,
                None => {
                    let schedule = crate::codegen::geometry::cuda_schedule(&k.spec, &k.schedule);
                    crate::codegen::geometry::variant_name(&k.spec, &schedule)
                }
            })
            .collect();
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
        let arg_address =
            |a: &crate::ir::KernelArg| arena.address(&views[a.buffer]) + a.elem.bytes_for(a.offset) as u64;
        let params = plan
            .kernels
            .iter()
            .zip(&raw_params)
            .zip(&functions)
            .map(|((k, raw), f)| match (raw, &k.spec.body) {
                (Some((params, bindings)), KernelBody::Raw(body)) => {
                    raw_kernel_params(&k.spec, body, params, bindings, &arg_address, arena.address(&uniforms))
                }
                (
                    Some(_) | None,
                    KernelBody::Map { .. }
                    | KernelBody::Index { .. }
                    | KernelBody::Row { .. }
                    | KernelBody::Softmax { .. }
                    | KernelBody::Norm { .. }
                    | KernelBody::Matmul(_)
                    | KernelBody::Attention(_)
                    | KernelBody::Scatter(_)
                    | KernelBody::Raw(_)
                    | KernelBody::Rows(_),
                ) => {
                    let mut p: Vec<Param> = k.spec.args.iter().map(|a| Param::U64(arg_address(a))).collect();
                    if k.spec.uses_uniforms {
                        p.push(Param::U64(arena.address(&uniforms)));
                    }
                    for m in f.iter().flat_map(|f| &f.tensor_maps) {
                        let arg = k.spec.args.get(m.arg).ok_or_else(|| {
                            Error::Internal(format!("tensor map of `{}`: argument {}", k.spec.node, m.arg))
                        })?;
                        p.push(Param::Map(encode_tensor_map(&m.desc, arg_address(arg))?));
                    }
                    Ok(p)
                }
            })
            .collect::<Result<Vec<_>>>()?;
        let use_graphs = options.graphs;
        let pdl = programmatic_launches(ctx.capability(), options.pdl);
        let programmatic = functions.iter().map(|f| pdl && f.is_some()).collect();
        let gate = StartGate::new(ctx);
        let span = new_events(ctx, 2)?;
        drop(guard);
        Ok(CudaExec {
            device,
            plan,
            stored,
            origin,
            variants,
            kernels,
            views,
            uniforms,
            params,
            programmatic,
            graph: None,
            use_graphs,
            gate,
            span,
            launched_once: false,
            arena: std::mem::ManuallyDrop::new(arena),
        })
    }

    /// Holds the stream at the start gate while a run is enqueued, from the second run on
    /// (see `gate`); `None`: the run goes ungated.
    fn hold_stream(&self, ctx: &CudaComputeContext) -> Result<Option<GateHold<'_>>> {
        self.gate.as_ref().filter(|_| self.launched_once).map(|g| g.hold(ctx)).transpose()
    }

    /// Launches every kernel on the stream; with `events`, records `events[k]` before kernel k
    /// and the last event after the last kernel.
    fn launch_all(&self, ctx: &CudaComputeContext, events: Option<&[CudaEvent]>) -> Result<()> {
        for (k, (function, dims)) in self.kernels.iter().enumerate() {
            if let Some(ev) = events {
                ev[k].record(ctx.stream()).map_err(|e| super::context::cuda_err("recording an event", e))?;
            }
            // Events between kernels (profiling) leave nothing to overlap.
            launch(ctx, function, &self.params[k], *dims, events.is_none() && self.programmatic[k])?;
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
        let elem = self.plan.buffers[id].elem.size_bytes();
        if let Some(stored) = self.stored.stored_bytes(id, bytes, elem) {
            return self.device.lock().write_arena(&self.arena, &self.views[id], &stored);
        }
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
            let events = new_events(ctx, self.kernels.len() + 1)?;
            let t = Instant::now();
            let hold = self.hold_stream(ctx)?;
            self.launch_all(ctx, Some(&events))?;
            drop(hold);
            enqueue = t.elapsed();
            ctx.synchronize()?;
            for (k, time) in kernel_times.iter_mut().enumerate() {
                *time = elapsed(&events[k], &events[k + 1]);
            }
        } else {
            let events = &self.span;
            if self.use_graphs && self.graph.is_none() {
                // Captured once: buffers never move, so the same launches replay every run.
                ctx.begin_capture()?;
                let launched = self.launch_all(ctx, None);
                let graph = ctx.end_capture();
                launched?;
                self.graph = Some(graph?);
            }
            let t = Instant::now();
            let hold = self.hold_stream(ctx)?;
            events[0].record(ctx.stream()).map_err(|e| super::context::cuda_err("recording an event", e))?;
            match &self.graph {
                Some(graph) if self.use_graphs => graph.replay()?,
                _ => self.launch_all(ctx, None)?,
            }
            events[1].record(ctx.stream()).map_err(|e| super::context::cuda_err("recording an event", e))?;
            drop(hold);
            enqueue = t.elapsed();
            ctx.synchronize()?;
            device_total = elapsed(&events[0], &events[1]);
        }
        self.launched_once = true;
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

    fn copy_state_from(&mut self, id: BufferId, from: &dyn Executable, from_id: BufferId) -> Result<()> {
        let from = from.as_any().downcast_ref::<CudaExec>().filter(|f| Arc::ptr_eq(&f.device, &self.device));
        let from = from.ok_or_else(|| crate::backend::other_executable("CUDA"))?;
        let src = from.views.get(from_id).ok_or_else(|| crate::backend::other_executable("CUDA"))?;
        self.device.lock().copy_arena(&from.arena, src, &self.arena, &self.views[id])
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn variants(&self) -> Vec<String> {
        self.variants.clone()
    }

    fn launched(&self) -> Option<Vec<crate::backend::LaunchedKernel>> {
        let origin = Some(self.origin.as_slice()).filter(|o| !o.is_empty())?;
        Some(crate::backend::LaunchedKernel::of(&self.plan, Some(origin)))
    }
}

/// A CUDA device compiles plans into [`CudaExec`]s.
impl Device for CudaDevice {
    fn half_products_pay(&self) -> bool {
        true
    }
    /// sm_90+, where the schedule turns on `tensor_cores` (`codegen::attention_mma`'s `mma.sync`
    /// would also run on sm_80, where it was never measured).
    fn prompt_attention_fold(&self) -> bool {
        self.lock().capability() >= (9, 0)
    }
    /// sm_90 (wgmma): the TMA GEMM reads a tf32 convolution's windows as boxes of an NHWC copy of
    /// its input (`codegen::cuda::gemm`), where an im2col temp had cost more than the product.
    fn conv_windows(&self) -> bool {
        self.lock().capability() == (9, 0)
    }

    fn kind(&self) -> BackendKind {
        BackendKind::Cuda
    }
    fn describe(&self) -> String {
        self.description().to_string()
    }
    fn compile(&self, plan: Arc<Plan>, options: &crate::options::Options) -> Result<Box<dyn Executable>> {
        Ok(Box::new(CudaExec::new(self.handle()?, plan, &options.cuda)?))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
