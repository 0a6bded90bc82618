//! Forge runtime: the graph model shared with `forge_graph!`, kernel IR, lowering to WGSL and
//! PTX, and the backends (wgpu, CUDA, CPU) that run a whole graph in one submission.

pub mod backend;
pub mod context;
pub mod elem;
pub mod error;
pub mod graph;
pub mod host;
pub mod instance;
pub mod ir;
pub mod lower;
pub mod memory;
pub mod oracle;

pub use context::{BackendKind, Context};
pub use elem::{Elem, Element, Scalar, Ty};
pub use error::{Diagnostic, Error, Result};
pub use host::{HostSlice, HostVec, KernelSource, KernelTime, Profile, Source, Target};
pub use instance::{parse_graph_source, GraphInstance};
pub use ir::{KernelSpec, Schedule};
pub use memory::{BindingUsage, BufferView};
pub use oracle::{Compute, CpuOracle, OracleContext};

#[cfg(feature = "cuda")]
pub use backend::cuda::{CudaComputeContext, CudaPipeline};
#[cfg(feature = "wgpu")]
pub use backend::wgpu::{GraphPass, WgpuComputeContext};
/// The cudarc version Forge's CUDA backend is built on (for code that mixes both).
#[cfg(feature = "cuda")]
pub use cudarc;
