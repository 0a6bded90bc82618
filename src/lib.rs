//! # Forge
//!
//! Declarative GPU kernel graphs for Rust. Write a whole computation — dims, bindings, and the
//! nodes that compute them — in one [`forge_graph!`]; the macro checks it at compile time and
//! generates a typed API. At run time the graph is lowered to WGSL (wgpu: Vulkan, Metal, DX12,
//! GL) or CUDA-C (CUDA through NVRTC, feature `cuda`), compiled once and submitted as one command
//! encoder or one CUDA stream; the CPU backend runs the same graph as the numerical reference.
//!
//! ```
//! use forge::prelude::*;
//!
//! forge_graph! {
//!     pub graph Scale {
//!         dims { N }
//!         input x: f32[N];
//!         uniform k: f32 = 2.0;
//!         output y: f32[N];
//!         y = x * k + 1.0;
//!     }
//! }
//!
//! # fn main() -> forge::Result<()> {
//! let ctx = Context::cpu(); // or Context::auto(): CUDA > GPU wgpu > software wgpu > CPU
//! let mut g = Scale::new(&ctx, ScaleDims { n: 4 })?;
//! let out = g.run(ScaleInputs { x: &[1.0, 2.0, 3.0, 4.0], k: ScaleInputs::DEFAULT_K })?;
//! assert_eq!(out.y, vec![3.0, 5.0, 7.0, 9.0]);
//! println!("{}", g.source(Target::Wgsl)?); // the WGSL every node lowered to
//! # Ok(())
//! # }
//! ```
//!
//! See `README.md` for the language, the numeric semantics, the backends and the generated API.

// The crate's own graphs (`llm`) expand to `::forge::…` paths like a user's.
extern crate self as forge;

pub use forge_macros::forge_graph;

pub mod llm;
/// Synthetic weights in a GGUF block format (tests and benchmarks without a model file).
pub use forge_runtime::elem::synthetic_blocks;
/// GGUF model files: metadata, tensor directory and each tensor's bytes (checked reader).
pub use forge_runtime::gguf;
pub use forge_runtime::{
    parse_graph_source, BackendKind, BlockQ4_0, BlockQ4_1, BlockQ8_0, Context, Diagnostic, Elem, Element, Error,
    GraphInstance, HostSlice, HostVec, KernelSource, KernelTime, Profile, Result, Scalar, Source, Target,
};
/// How a context compiles and runs graphs: fusion passes, autotuning, per-backend choices.
pub use forge_runtime::{CudaOptions, Fusion, Options, SimtTile, TmaTile, WgpuOptions};
pub use half::{bf16, f16};

/// The checked graph: what a generated type's `graph()` and [`parse_graph_source`] return and
/// [`GraphInstance::new`] takes. Only the checker makes one, so a graph that reaches lowering
/// has passed every rule.
pub mod graph {
    pub use forge_runtime::graph::Checked;
    /// Every error the graph checker reports (the ui tests' catalogue of failing cases).
    #[doc(hidden)]
    pub use forge_runtime::graph::ErrorKind;
}

/// Plans, for the tests and tools that inspect them; not the public API.
#[doc(hidden)]
pub mod plan {
    pub use forge_runtime::plan::{lower, lower_for_target, lower_with, Target};
    pub use forge_runtime::source_of;
}

/// Generated code, for the tests and tools that inspect it; not the public API.
#[doc(hidden)]
pub mod codegen {
    /// WGSL checks.
    pub mod wgsl {
        pub use forge_runtime::codegen::wgsl::validate;
    }

    /// CUDA-C emission and its per-device target.
    pub mod cuda {
        pub use forge_runtime::codegen::cuda::{
            emit_function, emit_program_for, prelude, CudaTarget, TILE_REACHING_SHAPES,
        };

        /// How CUDA stores weights (transposed, split) and the plan it runs.
        pub mod weights {
            pub use forge_runtime::codegen::cuda::weights::{as_run, RunPlan};
        }
    }
}

/// The seed API every backend keeps: one kernel anywhere ([`seed::OracleContext`]), the kernel IR
/// it runs (also what [`GraphInstance::plan`] shows), memory views, and the backends' own
/// contexts with the crates they are built on.
pub mod seed {
    pub use forge_runtime::ir;
    #[cfg(feature = "cuda")]
    pub use forge_runtime::{cudarc, CudaComputeContext, CudaPipeline};
    #[cfg(feature = "wgpu")]
    pub use forge_runtime::{wgpu, GraphPass, WgpuComputeContext};
    pub use forge_runtime::{BindingUsage, BufferView, Compute, CpuOracle, KernelSpec, OracleContext, Schedule};
}

/// PTX of a CUDA-C program for `arch` through NVRTC (Forge's own loader: CUDA 12 or 13).
#[cfg(feature = "cuda")]
pub fn nvrtc_ptx(program: &str, arch: &str) -> Result<String> {
    forge_runtime::backend::ptx_of(program, arch)
}

/// What a graph-using module needs: `use forge::prelude::*;`.
pub mod prelude {
    pub use crate::{bf16, f16, forge_graph, BackendKind, Context, Error, Profile, Result, Source, Target};
}

/// Items the generated code uses; not part of the public API.
#[doc(hidden)]
pub mod __private {
    use forge_runtime::{Error, HostVec, Result};

    /// Removes output `name` from a run's outputs.
    pub fn take(outs: &mut Vec<(String, HostVec)>, name: &str) -> Result<HostVec> {
        let i = outs
            .iter()
            .position(|(n, _)| n == name)
            .ok_or_else(|| Error::Internal(format!("output `{name}` missing from the run")))?;
        Ok(outs.swap_remove(i).1)
    }
}
