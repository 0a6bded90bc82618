//! `CudaPipeline`: a loaded kernel function and its launches. PTX from `lower::ptx` loads
//! straight into the driver; CUDA-C goes through NVRTC. Modules and NVRTC output are cached
//! process-wide, keyed by source and arch (and context for loaded modules).

use super::context::{cuda_err, CudaComputeContext};
use crate::error::{Error, Result};
use crate::ir::{KernelSpec, Schedule};
use crate::lower::ptx::{emit_kernel, launch_dims, LaunchDims};
use crate::memory::BufferView;
use cudarc::driver::{sys, CudaFunction, CudaModule, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::{CompileOptions, Ptx};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

type ModuleKey = (usize, String, String);

fn module_cache() -> &'static Mutex<HashMap<ModuleKey, Arc<CudaModule>>> {
    static CACHE: OnceLock<Mutex<HashMap<ModuleKey, Arc<CudaModule>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn nvrtc_cache() -> &'static Mutex<HashMap<(String, String), String>> {
    static CACHE: OnceLock<Mutex<HashMap<(String, String), String>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn lock<T>(m: &Mutex<T>) -> Result<std::sync::MutexGuard<'_, T>> {
    m.lock().map_err(|_| Error::Internal("CUDA compile cache lock poisoned".into()))
}

/// Number of PTX modules loaded through the process-wide cache.
pub fn cached_module_count() -> usize {
    module_cache().lock().map(|c| c.len()).unwrap_or(0)
}

/// NVRTC wants `&'static str` arches; each distinct arch string is leaked once.
fn static_arch(arch: &str) -> Result<&'static str> {
    static ARCHES: OnceLock<Mutex<HashMap<String, &'static str>>> = OnceLock::new();
    let mut map = lock(ARCHES.get_or_init(Default::default))?;
    Ok(*map.entry(arch.to_string()).or_insert_with(|| Box::leak(arch.to_string().into_boxed_str())))
}

/// The driver's JIT log for `ptx` (the plain load reports only an error code).
fn jit_log(ptx: &str) -> String {
    let Ok(src) = std::ffi::CString::new(ptx) else { return "PTX contains a NUL byte".into() };
    let mut buf = vec![0u8; 1 << 14];
    let mut opts = [sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER, sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES];
    let mut vals: [*mut std::ffi::c_void; 2] = [buf.as_mut_ptr().cast(), buf.len() as *mut std::ffi::c_void];
    let mut module: sys::CUmodule = std::ptr::null_mut();
    // SAFETY: `src` is NUL-terminated; the log buffer outlives the call and its size is passed
    // by value as the JIT API requires; a module that did load is unloaded at once.
    unsafe {
        let r = sys::cuModuleLoadDataEx(&mut module, src.as_ptr().cast(), 2, opts.as_mut_ptr(), vals.as_mut_ptr());
        if r == sys::CUresult::CUDA_SUCCESS {
            sys::cuModuleUnload(module);
        }
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    String::from_utf8_lossy(&buf[..end]).into_owned()
}

/// Loads `ptx` into the context (or reuses the module loaded from the same text before).
fn load_ptx_module(ctx: &CudaComputeContext, ptx: &str, entry: &str) -> Result<Arc<CudaModule>> {
    if ptx.contains('\0') {
        return Err(Error::ShaderCompile { entry: entry.into(), log: "PTX source contains a NUL byte".into() });
    }
    let key = (ctx.cuda_context().cu_ctx() as usize, ctx.arch().to_string(), ptx.to_string());
    if let Some(m) = lock(module_cache())?.get(&key) {
        return Ok(m.clone());
    }
    let module = ctx.cuda_context().load_module(Ptx::from_src(ptx)).map_err(|e| Error::ShaderCompile {
        entry: entry.into(),
        log: format!("cuModuleLoadData: {e:?}\n{}", jit_log(ptx)),
    })?;
    lock(module_cache())?.insert(key, module.clone());
    Ok(module)
}

/// CUDA-C to PTX with NVRTC for the context's arch.
fn nvrtc(ctx: &CudaComputeContext, source: &str, entry: &str) -> Result<String> {
    // SAFETY: only probes whether libnvrtc can be loaded; cudarc panics on use otherwise.
    if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
        return Err(Error::BackendUnavailable {
            requested: "cuda (NVRTC)".into(),
            reason: "libnvrtc was not found".into(),
        });
    }
    let opts = CompileOptions { arch: Some(static_arch(ctx.arch())?), ..Default::default() };
    let ptx = cudarc::nvrtc::compile_ptx_with_opts(source, opts).map_err(|e| {
        let log = match &e {
            cudarc::nvrtc::CompileError::CompileError { log, .. } => log.to_string_lossy().into_owned(),
            other => format!("{other:?}"),
        };
        Error::ShaderCompile { entry: entry.into(), log }
    })?;
    Ok(ptx.to_src())
}

/// Launches `function` on the context's stream with one u64 device address per parameter.
pub(crate) fn launch_raw(
    ctx: &CudaComputeContext,
    function: &CudaFunction,
    params: &[u64],
    dims: LaunchDims,
) -> Result<()> {
    let cfg = LaunchConfig { grid_dim: dims.grid, block_dim: dims.block, shared_mem_bytes: dims.shared_mem_bytes };
    let mut builder = ctx.stream().launch_builder(function);
    for p in params {
        builder.arg(p);
    }
    // SAFETY: every parameter is a device address inside the context's slab, one per
    // pointer parameter of the kernel, as the PTX parameter convention requires.
    unsafe { builder.launch(cfg) }.map(|_| ()).map_err(|e| cuda_err("launching a kernel", e))
}

/// Lowers `spec` to PTX, loads it (cached) and returns the function with its launch shape.
pub(crate) fn load_kernel(
    ctx: &CudaComputeContext,
    spec: &KernelSpec,
    schedule: &Schedule,
) -> Result<(CudaFunction, LaunchDims)> {
    let (ptx, dims) = if use_tensor_cores(ctx, spec) {
        let source = crate::lower::cuda_c::emit_kernel(spec, schedule)?;
        (cached_nvrtc(ctx, &source, &spec.entry)?, crate::lower::cuda_c::launch_dims(spec, schedule))
    } else {
        (emit_kernel(spec, schedule, ctx.arch())?, launch_dims(spec, schedule))
    };
    let module = load_ptx_module(ctx, &ptx, &spec.entry)?;
    let function = module.load_function(&spec.entry).map_err(|e| Error::ShaderCompile {
        entry: spec.entry.clone(),
        log: format!("entry point not found in the module: {e:?}"),
    })?;
    Ok((function, dims))
}

/// f16 x f16 matmuls run on tensor cores (CUDA-C through NVRTC) where the device and NVRTC
/// allow it and `FORGE_CUDA_TENSOR_CORES` is not `0`; everything else runs Forge's own PTX.
fn use_tensor_cores(ctx: &CudaComputeContext, spec: &KernelSpec) -> bool {
    crate::lower::cuda_c::tensor_core_matmul(spec)
        && crate::lower::cuda_c::supports_arch(ctx.arch())
        && !std::env::var("FORGE_CUDA_TENSOR_CORES").is_ok_and(|v| v.trim() == "0")
        // SAFETY: only asks the dynamic loader whether libnvrtc can be opened.
        && unsafe { cudarc::nvrtc::sys::is_culib_present() }
}

/// NVRTC output for `source` on the context's architecture, cached per process.
fn cached_nvrtc(ctx: &CudaComputeContext, source: &str, entry: &str) -> Result<String> {
    let key = (ctx.arch().to_string(), source.to_string());
    if let Some(p) = lock(nvrtc_cache())?.get(&key) {
        return Ok(p.clone());
    }
    let ptx = nvrtc(ctx, source, entry)?;
    lock(nvrtc_cache())?.insert(key, ptx.clone());
    Ok(ptx)
}

/// One kernel function of a loaded module, with the binding of each pointer parameter.
pub struct CudaPipeline<'a> {
    ctx: &'a CudaComputeContext,
    function: CudaFunction,
    entry: String,
    bindings: Vec<u32>,
    spec: Option<KernelSpec>,
}

impl<'a> CudaPipeline<'a> {
    fn new(
        ctx: &'a CudaComputeContext,
        module: &Arc<CudaModule>,
        entry: &str,
        bindings: Vec<u32>,
        spec: Option<KernelSpec>,
    ) -> Result<Self> {
        let function = module.load_function(entry).map_err(|e| Error::ShaderCompile {
            entry: entry.into(),
            log: format!("entry point `{entry}` not found in the module: {e:?}"),
        })?;
        Ok(CudaPipeline { ctx, function, entry: entry.into(), bindings, spec })
    }

    /// Lowers `kernel` to PTX (`lower::ptx`) and loads it; launches follow `launch_dims`.
    pub fn compile_kernel(ctx: &'a CudaComputeContext, kernel: &KernelSpec, schedule: Schedule) -> Result<Self> {
        let ptx = emit_kernel(kernel, &schedule, ctx.arch())?;
        let module = load_ptx_module(ctx, &ptx, &kernel.entry)?;
        let n = kernel.args.len() + usize::from(kernel.uses_uniforms);
        Self::new(ctx, &module, &kernel.entry, (0..n as u32).collect(), Some(kernel.clone()))
    }

    /// Lowers `kernel` to CUDA-C (`lower::cuda_c`: tensor-core GEMM, only where
    /// `cuda_c::tensor_core_matmul` holds, sm_80+) and compiles it with NVRTC (cached). Params
    /// follow the PTX convention; the pipeline holds no spec, so launch it with `dispatch_ptx`
    /// and `lower::cuda_c::launch_dims` (its block shape is not the PTX kernel's).
    pub fn compile_cuda_c(ctx: &'a CudaComputeContext, kernel: &KernelSpec, schedule: Schedule) -> Result<Self> {
        use crate::lower::cuda_c;
        if !cuda_c::supports_arch(ctx.arch()) {
            return Err(Error::Unsupported {
                what: format!("CUDA-C tensor-core lowering of `{}` on {}", kernel.entry, ctx.arch()),
                reason: format!("(mma.sync m16n8k16 needs sm_{} or newer; use compile_kernel)", cuda_c::MIN_SM),
            });
        }
        let source = cuda_c::emit_kernel(kernel, &schedule)?;
        let n = kernel.args.len() + usize::from(kernel.uses_uniforms);
        let bindings: Vec<u32> = (0..n as u32).collect();
        Self::compile_cuda_c_source_cached(ctx, &source, &kernel.entry, &bindings)
    }

    /// Compiles raw CUDA-C with NVRTC (no cache) and loads `entry_point`; its pointer params
    /// are `storage_buffer_bindings` in order.
    pub fn compile_cuda_c_source(
        ctx: &'a CudaComputeContext,
        source: &str,
        entry_point: &str,
        storage_buffer_bindings: &[u32],
    ) -> Result<Self> {
        let ptx = nvrtc(ctx, source, entry_point)?;
        Self::compile_ptx(ctx, &ptx, entry_point, storage_buffer_bindings)
    }

    /// As [`CudaPipeline::compile_cuda_c_source`], reusing NVRTC output for the same source and arch.
    pub fn compile_cuda_c_source_cached(
        ctx: &'a CudaComputeContext,
        source: &str,
        entry_point: &str,
        storage_buffer_bindings: &[u32],
    ) -> Result<Self> {
        let ptx = cached_nvrtc(ctx, source, entry_point)?;
        Self::compile_ptx(ctx, &ptx, entry_point, storage_buffer_bindings)
    }

    /// Loads already-compiled PTX (no NVRTC, no cache) for the kernel `spec`.
    pub fn from_ptx(ctx: &'a CudaComputeContext, ptx: &Ptx, entry_point: &str, spec: KernelSpec) -> Result<Self> {
        let module = ctx
            .cuda_context()
            .load_module(ptx.clone())
            .map_err(|e| Error::ShaderCompile { entry: entry_point.into(), log: format!("cuModuleLoadData: {e:?}") })?;
        let n = spec.args.len() + usize::from(spec.uses_uniforms);
        Self::new(ctx, &module, entry_point, (0..n as u32).collect(), Some(spec))
    }

    /// Loads hand-written or emitted PTX text through the process-wide module cache.
    pub fn compile_ptx(
        ctx: &'a CudaComputeContext,
        ptx_source: &str,
        entry_point: &str,
        storage_buffer_bindings: &[u32],
    ) -> Result<Self> {
        let module = load_ptx_module(ctx, ptx_source, entry_point)?;
        Self::new(ctx, &module, entry_point, storage_buffer_bindings.to_vec(), None)
    }

    pub fn entry(&self) -> &str {
        &self.entry
    }
    pub fn spec(&self) -> Option<&KernelSpec> {
        self.spec.as_ref()
    }

    /// Grid and block: the IR kernel's own, or one thread per `items` elements for raw kernels.
    pub fn launch_dims(&self, schedule: &Schedule, element_count: usize) -> LaunchDims {
        match &self.spec {
            Some(spec) => launch_dims(spec, schedule),
            None => {
                let per_block = schedule.workgroup.max(1) as u64 * schedule.items.max(1) as u64;
                let blocks = (element_count as u64).div_ceil(per_block).clamp(1, (1 << 31) - 1);
                LaunchDims {
                    grid: (blocks as u32, 1, 1),
                    block: (schedule.workgroup.max(1), 1, 1),
                    shared_mem_bytes: 0,
                }
            }
        }
    }

    /// Device addresses of `buffers` in parameter order (`buffers` in any order).
    fn params(&self, buffers: &[BufferView]) -> Result<Vec<u64>> {
        self.bindings
            .iter()
            .map(|b| {
                buffers.iter().find(|v| v.binding == *b).map(|v| self.ctx.device_address(v)).ok_or_else(|| {
                    Error::MissingBinding {
                        binding: format!("{} binding {b}", self.entry),
                        hint: "no buffer view was given for it",
                    }
                })
            })
            .collect()
    }

    /// Device addresses of `buffers`, already in ascending binding order.
    fn params_sorted(&self, buffers: &[BufferView]) -> Result<Vec<u64>> {
        if buffers.len() < self.bindings.len() {
            return Err(Error::Internal(format!(
                "{}: {} buffers for {} bindings",
                self.entry,
                buffers.len(),
                self.bindings.len()
            )));
        }
        Ok(buffers[..self.bindings.len()].iter().map(|v| self.ctx.device_address(v)).collect())
    }

    fn launch(&self, params: &[u64], dims: LaunchDims) -> Result<()> {
        launch_raw(self.ctx, &self.function, params, dims)
    }

    /// Queues the kernel without waiting; the next read or `synchronize` is the barrier.
    pub fn dispatch_async(&self, buffers: &[BufferView], schedule: &Schedule, element_count: usize) -> Result<()> {
        let params = self.params(buffers)?;
        self.launch(&params, self.launch_dims(schedule, element_count))
    }

    /// As [`CudaPipeline::dispatch_async`] with `buffers` already in binding order (no search).
    pub fn dispatch_async_sorted(
        &self,
        buffers: &[BufferView],
        schedule: &Schedule,
        element_count: usize,
    ) -> Result<()> {
        let params = self.params_sorted(buffers)?;
        self.launch(&params, self.launch_dims(schedule, element_count))
    }

    /// Queues the kernel with an explicit grid, block and dynamic shared memory.
    pub fn dispatch_ptx(
        &self,
        buffers: &[BufferView],
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        shared_mem_bytes: u32,
    ) -> Result<()> {
        let params = self.params(buffers)?;
        self.launch(&params, LaunchDims { grid, block, shared_mem_bytes })
    }

    /// Device time of one launch in milliseconds, measured with CUDA events (fences the stream).
    pub fn dispatch_gpu_timed_ms_sorted(
        &self,
        buffers: &[BufferView],
        schedule: &Schedule,
        element_count: usize,
    ) -> Result<f32> {
        let cx = self.ctx.cuda_context();
        let flags = Some(sys::CUevent_flags::CU_EVENT_DEFAULT);
        let start = cx.new_event(flags).map_err(|e| cuda_err("creating a timing event", e))?;
        let end = cx.new_event(flags).map_err(|e| cuda_err("creating a timing event", e))?;
        start.record(self.ctx.stream()).map_err(|e| cuda_err("recording a timing event", e))?;
        self.dispatch_async_sorted(buffers, schedule, element_count)?;
        end.record(self.ctx.stream()).map_err(|e| cuda_err("recording a timing event", e))?;
        end.synchronize().map_err(|e| cuda_err("waiting for a timing event", e))?;
        start.elapsed_ms(&end).map_err(|e| cuda_err("reading a timing event", e))
    }
}
