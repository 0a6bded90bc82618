//! Portable raw WGSL kernels: `portable::check_portable` decides whether a compute entry point
//! lies in the subset Forge runs on every backend (the checker rejects the rest at compile
//! time, on the string literal); with the `runtime` feature `interp` runs it on the CPU and
//! `cuda::to_cuda_c` translates it to CUDA-C with the same semantics.

pub mod error;
#[cfg(feature = "runtime")]
pub(crate) mod layout;
pub mod portable;

pub use error::{PortableError, RawError};
pub use portable::{
    check_portable, BindingKind, Builtins, KernelBinding, PortableKernel, ScalarType, StructMember, ValueType,
    WorkgroupVar,
};
#[cfg(feature = "runtime")]
pub mod interp;
