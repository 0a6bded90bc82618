//! Kernel launches of a plan: parameters by value, and programmatic dependent launch (PDL) on
//! sm_90+, where a generated kernel (which opens with `griddepcontrol.wait`) may be scheduled
//! while the kernel ahead of it drains, so back-to-back small kernels overlap their launch
//! latency with its tail. Captured into a CUDA graph, such launches become programmatic edges.

use super::pipeline::LaunchDims;
use super::tma::TensorMap;
use super::CudaComputeContext;
use crate::error::Result;
use cudarc::driver::CudaFunction;
use std::ffi::c_void;

/// One kernel parameter.
#[derive(Debug, Clone, Copy)]
pub(super) enum Param {
    U64(u64),
    U32(u32),
    /// A tensor map, by value.
    Map(TensorMap),
}

/// Whether a plan's generated kernels launch programmatically on a device of `capability`:
/// sm_90+, where the options allow it ([`CudaOptions::pdl`](crate::options::CudaOptions::pdl)).
pub(super) fn programmatic_launches(capability: (u32, u32), allowed: bool) -> bool {
    capability >= (9, 0) && allowed
}

/// Launches `function` with mixed 64- and 32-bit parameters through `cuLaunchKernelEx` (cudarc's
/// builder has no launch attributes); with `programmatic` (only for kernels whose first
/// statement is the grid-dependency wait, see `codegen::cuda::GRID_WAIT`) it carries
/// `PROGRAMMATIC_STREAM_SERIALIZATION`, otherwise no attribute: a plain launch.
pub(super) fn launch(
    ctx: &CudaComputeContext,
    function: &CudaFunction,
    params: &[Param],
    dims: LaunchDims,
    programmatic: bool,
) -> Result<()> {
    use cudarc::driver::sys;
    let err = |e| super::context::cuda_err("launching a kernel", e);
    ctx.cuda_context().bind_to_thread().map_err(err)?;
    // The driver reads each parameter's bytes through these pointers during the call only.
    let mut args: Vec<*mut c_void> = params
        .iter()
        .map(|p| match p {
            Param::U64(v) => v as *const u64 as *mut c_void,
            Param::U32(v) => v as *const u32 as *mut c_void,
            Param::Map(m) => m as *const TensorMap as *mut c_void,
        })
        .collect();
    // SAFETY: an all-zero launch-attribute value is valid (a plain C union of integers and
    // structs of integers); the one field the attribute id names is set below.
    let mut value: sys::CUlaunchAttributeValue = unsafe { std::mem::zeroed() };
    value.programmaticStreamSerializationAllowed = 1;
    let mut attr = sys::CUlaunchAttribute {
        id: sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION,
        pad: [0; 4],
        value,
    };
    let config = sys::CUlaunchConfig {
        gridDimX: dims.grid.0,
        gridDimY: dims.grid.1,
        gridDimZ: dims.grid.2,
        blockDimX: dims.block.0,
        blockDimY: dims.block.1,
        blockDimZ: dims.block.2,
        sharedMemBytes: dims.shared_mem_bytes,
        hStream: ctx.stream().cu_stream(),
        attrs: &mut attr,
        numAttrs: u32::from(programmatic),
    };
    // SAFETY: the parameters follow the kernel's declared list (device addresses of live arena
    // memory, then sizes or tensor maps of that memory) and point at values that outlive the
    // call; the launch shape is the kernel's own, its dynamic shared memory within the limit set
    // when it was loaded; the function belongs to the context bound above and the stream to
    // that context; a programmatic kernel waits on its grid dependency before touching memory.
    unsafe { sys::cuLaunchKernelEx(&config, function.cu_function(), args.as_mut_ptr(), std::ptr::null_mut()) }
        .result()
        .map_err(err)
}
