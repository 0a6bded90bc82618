//! Backends: the CPU reference interpreter, wgpu and (feature `cuda`) CUDA.

pub mod cpu;
pub mod cpu_exec;
#[cfg(feature = "cuda")]
pub mod cuda;
#[cfg(feature = "wgpu")]
pub mod wgpu;
