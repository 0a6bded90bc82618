//! The backend contract every backend implements, below the instance layer: a [`Device`]
//! compiles a [`Plan`] into an [`Executable`] that loads weights, runs and reads and writes
//! state. The instance layer holds these as trait objects and names no concrete backend;
//! [`Context`] (here, in the backend layer) is where the concrete backends are chosen.

#[cfg(any(feature = "cuda", feature = "wgpu"))]
mod bounded;
mod cache_dir;
mod cache_file;
mod context;
pub mod cpu;
#[cfg(feature = "cuda")]
pub mod cuda;
pub mod oracle;
#[cfg(any(feature = "cuda", feature = "wgpu"))]
mod parallel;
pub mod tune;
#[cfg(feature = "wgpu")]
pub mod wgpu;

pub use context::{BackendKind, Context};

use crate::error::Result;
use crate::ir::{BufferId, Plan};
use crate::options::Options;
use std::sync::Arc;
use std::time::Duration;

/// PTX of a CUDA-C program for `arch`, through NVRTC (no GPU needed).
#[cfg(feature = "cuda")]
pub fn ptx_of(program: &str, arch: &str) -> Result<String> {
    cuda::nvrtc::compile_ptx(program, arch)
}

/// PTX needs the `cuda` feature (for the NVRTC loader).
#[cfg(not(feature = "cuda"))]
pub fn ptx_of(_program: &str, _arch: &str) -> Result<String> {
    Err(crate::error::Error::Unsupported {
        what: "PTX output".into(),
        reason: "without the `cuda` feature (NVRTC)".into(),
    })
}

/// A compute device that compiles plans.
pub trait Device: Send + Sync + std::fmt::Debug {
    fn kind(&self) -> BackendKind;
    /// What this device is, e.g. `wgpu (Vulkan, NVIDIA H200, GPU adapter)`.
    fn describe(&self) -> String;
    /// Compiles every kernel of `plan` (caches as the backend can) and allocates its memory.
    fn compile(&self, plan: Arc<Plan>, options: &Options) -> Result<Box<dyn Executable>>;
    /// The schedules autotuning picks for `plan`'s kernels on this device (`tune`); none
    /// where the backend has no variants to time.
    fn tune(&self, plan: &Plan, options: &Options) -> Result<Vec<tune::Tuned>> {
        let _ = (plan, options);
        Ok(Vec::new())
    }
    /// Buffer arguments one kernel may take (storage bindings a shader stage has on wgpu);
    /// plans split and fuse kernels to stay within it.
    fn max_kernel_args(&self) -> usize {
        usize::MAX
    }
    /// Whether products of half-float operands outrun f32 ones here (tensor cores), so a plan
    /// keeps operands it computes in their half type where that is exact (`plan::contract`).
    fn half_products_pay(&self) -> bool {
        false
    }
    /// Whether a decoding attention written as its statements runs as two attentions over
    /// chunks of keys here (`Fusion::attention`): wgpu, where it measured faster than the three
    /// statements' kernels. On CUDA both folded forms (one kernel over a cluster, the chunks)
    /// measured slower than the statements' programmatically launched chain; the CPU skips the
    /// masked slots' products itself.
    fn attention_statements_fold(&self) -> bool {
        false
    }
    /// Whether a prompt's attention written as its statements, both products allowing TF32, runs
    /// as one attention on tensor cores here (`Fusion::prompt_attention`): CUDA sm_90+
    /// (`codegen::attention_mma`); elsewhere the statements keep their kernels.
    fn prompt_attention_fold(&self) -> bool {
        false
    }
    /// Whether `conv2d` (at `precision = tf32`, or over f16/bf16) may run as a product reading
    /// the input's windows itself ([`crate::plan::Target::conv_windows`], from the size
    /// `CudaOptions::conv_windows` sets): CUDA sm_90, whose implicit GEMM loads them as TMA
    /// boxes; elsewhere the im2col temp.
    fn conv_windows(&self) -> bool {
        false
    }
    /// The concrete device, for `Context::with_wgpu` / `with_cuda`.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A plan compiled for one device, owning its memory (returned when dropped).
pub trait Executable: Send {
    /// Uploads a resident weight (or builds a scene) from element bytes.
    fn load_weight(&mut self, id: BufferId, bytes: &[u8]) -> Result<()>;
    /// Runs every kernel once (one submission on GPU backends) and reads the outputs back.
    fn run(&mut self, req: &RunRequest<'_>) -> Result<RunResult>;
    fn read_state(&mut self, id: BufferId) -> Result<Vec<u8>>;
    fn write_state(&mut self, id: BufferId, bytes: &[u8]) -> Result<()>;
    /// Copies state `from_id` of `from` into state `id` on the device, ordered before this
    /// executable's next run. `from` must be an executable of the same backend on the same device
    /// (an error otherwise); the caller checked that both hold the same bytes.
    fn copy_state_from(&mut self, id: BufferId, from: &dyn Executable, from_id: BufferId) -> Result<()>;
    /// For [`Executable::copy_state_from`]: the concrete executable behind `from`.
    fn as_any(&self) -> &dyn std::any::Any;
    /// Which variant of its template each launched kernel runs (profiles show it).
    fn variants(&self) -> Vec<String>;
    /// The kernels a run launches where they are not the plan's one for one (CUDA's bf16x3
    /// splits add kernels): each one's node label, kind and the plan kernel it belongs to.
    fn launched(&self) -> Option<Vec<LaunchedKernel>> {
        None
    }
}

/// [`Executable::copy_state_from`] given an executable of another backend or device.
pub(crate) fn other_executable(backend: &str) -> crate::error::Error {
    crate::error::Error::InvalidArgument {
        argument: "from".into(),
        reason: format!("state can be copied only between instances on the same {backend} context"),
    }
}

/// One kernel a run launches ([`Executable::launched`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchedKernel {
    pub node: String,
    pub entry: &'static str,
    /// The index of the plan kernel it computes (part of).
    pub origin: usize,
}

impl LaunchedKernel {
    /// The kernels of `plan` as launched, kernel `i` from plan kernel `origin[i]` (or, with no
    /// `origin`, from itself).
    pub fn of(plan: &Plan, origin: Option<&[usize]>) -> Vec<LaunchedKernel> {
        let kernels = plan.kernels.iter().enumerate();
        kernels
            .map(|(i, k)| LaunchedKernel {
                node: k.spec.node.clone(),
                entry: k.spec.body.kind(),
                origin: origin.and_then(|o| o.get(i).copied()).unwrap_or(i),
            })
            .collect()
    }
}

/// What one run hands an executable.
#[derive(Debug)]
pub struct RunRequest<'a> {
    /// Bytes of every `input` buffer.
    pub inputs: Vec<(BufferId, &'a [u8])>,
    /// The uniform block: one 4-byte word per uniform, padded to 16 bytes.
    pub uniforms: Vec<u8>,
    pub uniform_values: Vec<crate::elem::Scalar>,
    /// Whether to time every kernel (CUDA then launches directly with events between kernels
    /// instead of replaying its captured graph).
    pub profile_kernels: bool,
}

/// What an executable returns from one run.
#[derive(Debug, Default)]
pub struct RunResult {
    /// Bytes of every `output` buffer, in plan order.
    pub outputs: Vec<(BufferId, Vec<u8>)>,
    /// Device time of each kernel, when measured.
    pub kernel_times: Vec<Option<Duration>>,
    /// Device time of the whole graph, when measured as one span.
    pub device_total: Option<Duration>,
    /// Host time spent launching or submitting the kernels, when measured.
    pub enqueue: Option<Duration>,
}
