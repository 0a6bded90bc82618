//! `CudaPipeline`: a loaded kernel function and its launches (the seed API). Kernels of the IR
//! are printed as CUDA-C (`codegen::cuda`) and compiled by NVRTC; raw CUDA-C and PTX load as
//! given. Modules are cached process-wide (`module`).

use super::context::{cuda_err, CudaComputeContext};
use super::module::{load_program, load_ptx};
use crate::error::{Error, Result};
use crate::ir::{KernelSpec, Schedule};
use crate::memory::BufferView;
use cudarc::driver::{sys, CudaFunction, CudaModule, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;
use std::sync::Arc;

/// Grid, block and dynamic shared memory of one launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LaunchDims {
    pub grid: (u32, u32, u32),
    pub block: (u32, u32, u32),
    pub shared_mem_bytes: u32,
}

/// Launch shape of an IR kernel.
pub fn launch_dims(spec: &KernelSpec, schedule: &Schedule) -> Result<LaunchDims> {
    let f = crate::codegen::cuda::emit_function(spec, schedule)?;
    Ok(LaunchDims { grid: (f.grid[0], f.grid[1], f.grid[2]), block: (f.threads, 1, 1), shared_mem_bytes: 0 })
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
    // SAFETY: every parameter is a live device address, one per pointer parameter of the
    // kernel, as its parameter convention requires; the launch shape is the kernel's own.
    unsafe { builder.launch(cfg) }.map(|_| ()).map_err(|e| cuda_err("launching a kernel", e))
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

    /// Prints `kernel` as CUDA-C (`codegen::cuda`), compiles it with NVRTC (cached) and loads it;
    /// launches follow [`launch_dims`].
    pub fn compile_kernel(ctx: &'a CudaComputeContext, kernel: &KernelSpec, schedule: Schedule) -> Result<Self> {
        let f = crate::codegen::cuda::emit_function(kernel, &schedule)?;
        let program = format!("{}\n{}", crate::codegen::cuda::prelude(), f.code);
        let module = load_program(ctx, &program, &f.name)?;
        let n = kernel.args.len() + usize::from(kernel.uses_uniforms);
        Self::new(ctx, &module, &f.name, (0..n as u32).collect(), Some(kernel.clone()))
    }

    /// The same as [`CudaPipeline::compile_kernel`] (every IR kernel is CUDA-C now).
    pub fn compile_cuda_c(ctx: &'a CudaComputeContext, kernel: &KernelSpec, schedule: Schedule) -> Result<Self> {
        Self::compile_kernel(ctx, kernel, schedule)
    }

    /// Compiles raw CUDA-C with NVRTC (no cache) and loads `entry_point`; its pointer params
    /// are `storage_buffer_bindings` in order.
    pub fn compile_cuda_c_source(
        ctx: &'a CudaComputeContext,
        source: &str,
        entry_point: &str,
        storage_buffer_bindings: &[u32],
    ) -> Result<Self> {
        let bytes = super::nvrtc::get()?.compile(source, ctx.arch(), super::nvrtc::Output::Cubin, entry_point)?;
        let module = ctx
            .cuda_context()
            .load_module(Ptx::from_binary(bytes))
            .map_err(|e| Error::ShaderCompile { entry: entry_point.into(), log: format!("cuModuleLoadData: {e:?}") })?;
        Self::new(ctx, &module, entry_point, storage_buffer_bindings.to_vec(), None)
    }

    /// As [`CudaPipeline::compile_cuda_c_source`], reusing the module compiled from the same
    /// source and arch (in this process and on disk).
    pub fn compile_cuda_c_source_cached(
        ctx: &'a CudaComputeContext,
        source: &str,
        entry_point: &str,
        storage_buffer_bindings: &[u32],
    ) -> Result<Self> {
        let module = load_program(ctx, source, entry_point)?;
        Self::new(ctx, &module, entry_point, storage_buffer_bindings.to_vec(), None)
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
        let module = load_ptx(ctx, ptx_source, entry_point)?;
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
        match self.spec.as_ref().map(|s| launch_dims(s, schedule)) {
            Some(Ok(dims)) => dims,
            _ => {
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
            return Err(Error::LengthMismatch {
                binding: format!("buffers of `{}`", self.entry),
                shape: "one view per binding".into(),
                expected: self.bindings.len(),
                actual: buffers.len(),
            });
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
