//! `forge::Context`: the device a graph runs on, chosen by `auto()` (CUDA > GPU wgpu > software
//! wgpu > CPU, `FORGE_BACKEND=cuda|wgpu|cpu` overrides) or built explicitly.

use super::Device;
use crate::error::{Error, Result};
use crate::options::Options;
use std::fmt;
use std::sync::Arc;

/// Which backend a context runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackendKind {
    Cuda,
    Wgpu,
    Cpu,
}

impl fmt::Display for BackendKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BackendKind::Cuda => "cuda",
            BackendKind::Wgpu => "wgpu",
            BackendKind::Cpu => "cpu",
        })
    }
}

/// A compute backend, cheap to clone and shared by every graph built on it.
#[derive(Clone)]
pub struct Context {
    pub(crate) device: Arc<dyn Device>,
    description: Arc<str>,
    /// Why `auto()` passed over the backends it tried before this one.
    notes: Arc<[String]>,
    /// How graphs built on this context are compiled and run.
    options: Arc<Options>,
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context").field("backend", &self.description).finish()
    }
}

impl fmt::Display for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

impl Context {
    pub(crate) fn from_device(device: Arc<dyn Device>) -> Context {
        let description = device.describe().into();
        Context { device, description, notes: Arc::from(Vec::new()), options: Arc::default() }
    }

    /// The best backend present: CUDA (feature `cuda`, driver found) > a GPU wgpu adapter >
    /// a software wgpu adapter > the CPU. `FORGE_BACKEND=cuda|wgpu|cpu` picks one and fails if
    /// it is missing.
    pub fn auto() -> Result<Context> {
        let forced = |requested: &str, r: Result<Context>| {
            r.map_err(|e| {
                let reason = match e {
                    Error::BackendUnavailable { reason, .. } => reason,
                    other => other.to_string(),
                };
                Error::BackendUnavailable {
                    requested: requested.into(),
                    reason: format!("FORGE_BACKEND={requested} was set, but {reason}"),
                }
            })
        };
        match std::env::var("FORGE_BACKEND").ok().as_deref().map(str::trim) {
            None | Some("") | Some("auto") => {}
            Some("cpu") => return Ok(Context::cpu()),
            Some("wgpu") => return forced("wgpu", Context::wgpu()),
            Some("cuda") => return forced("cuda", Context::cuda()),
            Some(other) => return Err(Error::UnknownBackend(other.into())),
        }
        let mut notes = Vec::new();
        match Context::cuda() {
            Ok(ctx) => return Ok(ctx),
            Err(e) => notes.push(format!("cuda: {e}")),
        }
        match Context::wgpu() {
            Ok(ctx) => return Ok(Context { notes: notes.into(), ..ctx }),
            Err(e) => notes.push(format!("wgpu: {e}")),
        }
        Ok(Context { notes: notes.into(), ..Context::cpu() })
    }

    /// The CPU backend (always available): the numerical reference and the fallback.
    pub fn cpu() -> Context {
        Context::from_device(Arc::new(super::cpu::CpuDevice::new()))
    }

    /// The best wgpu adapter: a real GPU first, then a software one (lavapipe, WARP).
    #[cfg(feature = "wgpu")]
    pub fn wgpu() -> Result<Context> {
        Ok(Context::from_device(super::wgpu::WgpuDevice::new()?))
    }

    #[cfg(not(feature = "wgpu"))]
    pub fn wgpu() -> Result<Context> {
        Err(Error::BackendUnavailable {
            requested: "wgpu".into(),
            reason: "forge was built without the `wgpu` feature".into(),
        })
    }

    /// Wraps an existing wgpu context (e.g. one built with `from_device`).
    #[cfg(feature = "wgpu")]
    pub fn from_wgpu(ctx: super::wgpu::WgpuComputeContext) -> Context {
        Context::from_device(super::wgpu::WgpuDevice::from_context(ctx))
    }

    /// CUDA device 0 (feature `cuda`; needs an NVIDIA driver).
    #[cfg(feature = "cuda")]
    pub fn cuda() -> Result<Context> {
        Ok(Context::from_device(super::cuda::CudaDevice::new(0)?))
    }

    #[cfg(not(feature = "cuda"))]
    pub fn cuda() -> Result<Context> {
        Err(Error::BackendUnavailable {
            requested: "cuda".into(),
            reason: "forge was built without the `cuda` feature".into(),
        })
    }

    /// This context with `options` for every graph built on it from now on (instances
    /// already built keep theirs). The device is shared, not reopened.
    pub fn with_options(self, options: Options) -> Context {
        Context { options: Arc::new(options), ..self }
    }

    /// How graphs built on this context are compiled and run.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// With `on`, every graph built on this context times the variants of each kernel that
    /// has several (today: wgpu's matmul templates) at `new`, keeps those whose output matches
    /// the CPU reference on random inputs, and runs the fastest; the choice is kept in the cache
    /// directory per device and kernel, so it is timed once. `last_profile()` names it.
    /// Default: off ([`Options::autotune`]). Backends without variants to time ignore it.
    pub fn with_autotune(self, on: bool) -> Context {
        let options = Options { autotune: on, ..self.options().clone() };
        self.with_options(options)
    }

    pub fn autotune(&self) -> bool {
        self.options.autotune
    }

    pub fn kind(&self) -> BackendKind {
        self.device.kind()
    }

    /// What this context runs on, e.g. `wgpu (Vulkan, NVIDIA H200, GPU adapter)`.
    pub fn describe(&self) -> &str {
        &self.description
    }

    /// Why `auto()` passed over the backends it preferred to this one.
    pub fn selection_notes(&self) -> &[String] {
        &self.notes
    }

    /// Runs `f` on the wgpu context, if this is one (tests and tools read counters this way).
    /// A panic inside `f` does not poison the context for later calls.
    #[cfg(feature = "wgpu")]
    pub fn with_wgpu<R>(&self, f: impl FnOnce(&mut super::wgpu::WgpuComputeContext) -> R) -> Option<R> {
        let dev = self.device.as_any().downcast_ref::<super::wgpu::WgpuDevice>()?;
        Some(f(&mut dev.lock()))
    }

    /// Runs `f` on the CUDA context, if this is one.
    #[cfg(feature = "cuda")]
    pub fn with_cuda<R>(&self, f: impl FnOnce(&mut super::cuda::CudaComputeContext) -> R) -> Option<R> {
        let dev = self.device.as_any().downcast_ref::<super::cuda::CudaDevice>()?;
        Some(f(&mut dev.lock()))
    }
}
