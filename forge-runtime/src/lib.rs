//! Forge runtime: the graph model shared with `forge_graph!` (always built: it is all the macro
//! links), and with the `runtime` feature the kernel IR, lowering to WGSL and CUDA-C, the
//! backends (CPU always; wgpu and CUDA by feature) and the graph instance.
//!
//! Layers, each importing only those before it: `graph` → `ir` → `plan` (a checked graph to a
//! plan of kernels) → `codegen` (WGSL and CUDA-C) → `backend` (compile, allocate, run) →
//! `instance`. Users normally go through the `forge` facade crate.

pub mod elem;
pub mod error;
pub mod gguf;
pub mod graph;
#[doc(hidden)]
pub mod raw;

#[cfg(feature = "runtime")]
pub mod backend;
#[cfg(feature = "runtime")]
#[doc(hidden)]
pub mod codegen;
#[cfg(feature = "runtime")]
pub(crate) mod hash;
#[cfg(feature = "runtime")]
mod host;
#[cfg(feature = "runtime")]
mod instance;
#[cfg(feature = "runtime")]
pub mod ir;
#[cfg(feature = "runtime")]
mod memory;
#[cfg(feature = "runtime")]
pub mod options;
#[cfg(feature = "runtime")]
#[doc(hidden)]
pub mod plan;
#[cfg(feature = "runtime")]
mod source_text;

pub use elem::{BlockQ4_0, BlockQ4_1, BlockQ8_0, Elem, Element, Scalar, Ty};
pub use error::{Diagnostic, Error, Result};
pub use gguf::{GgmlType, Gguf};

#[cfg(feature = "runtime")]
pub use backend::oracle::{Compute, OracleContext};
#[cfg(feature = "runtime")]
pub use backend::{cpu::oracle::CpuOracle, BackendKind, Context};
#[cfg(feature = "runtime")]
pub use host::{HostSlice, HostVec, KernelSource, KernelTime, Profile, Source, Target};
#[cfg(feature = "runtime")]
pub use instance::{parse_graph_source, source_of, GraphInstance};
#[cfg(feature = "runtime")]
pub use ir::{KernelSpec, Schedule};
#[cfg(feature = "runtime")]
pub use memory::{BindingUsage, BufferView};
#[cfg(feature = "runtime")]
pub use options::{CudaOptions, Fusion, Options, SimtTile, TmaTile, WgpuOptions};

#[cfg(feature = "cuda")]
pub use backend::cuda::{CudaComputeContext, CudaPipeline};
#[cfg(feature = "wgpu")]
pub use backend::wgpu::{GraphPass, WgpuComputeContext};
/// The cudarc version Forge's CUDA backend is built on (for code that mixes both).
#[cfg(feature = "cuda")]
pub use cudarc;
/// The wgpu this crate is built on (the seed API takes and returns its types).
#[cfg(feature = "wgpu")]
pub use wgpu;
