//! CUDA backend (feature `cuda`): a context with one stream and one device slab, pipelines
//! loaded from `lower::ptx` output or NVRTC-compiled CUDA-C, plan execution and graph capture.

mod alloc;
mod context;
pub mod exec;
mod oracle;
mod pipeline;

pub use alloc::SlabAllocator;
pub use context::{CapturedGraph, CudaComputeContext, DeviceArena};
pub use exec::{decode, encode, run_plan, CudaExec, PlanRun};
pub use pipeline::{cached_module_count, CudaPipeline};
