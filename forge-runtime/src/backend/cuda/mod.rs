//! CUDA backend (feature `cuda`): a context with one stream and one device slab (the seed API),
//! NVRTC loaded by Forge (`nvrtc`), programs compiled to CUBIN and cached (`module`), kernels as
//! pipelines (`pipeline`), plans as executables with their own device memory and graph capture
//! (`exec`, timed behind a start `gate`), and the device the instance layer sees (`device`).

mod alloc;
mod context;
mod device;
mod exec;
mod gate;
mod launch;
mod loaded;
mod module;
pub mod nvrtc;
mod oracle;
mod pipeline;
mod tma;

pub use alloc::SlabAllocator;
pub use context::{CapturedGraph, CudaComputeContext, DeviceArena};
pub use device::CudaDevice;
pub use loaded::cached_module_count;
pub use pipeline::{launch_dims, CudaPipeline, LaunchDims};
