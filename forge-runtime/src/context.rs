//! `forge::Context`: the backend a graph runs on, chosen by `auto()` (CUDA > GPU wgpu >
//! software wgpu > CPU, `FORGE_BACKEND=cuda|wgpu|cpu` overrides) or built explicitly.

use crate::error::{Error, Result};
use std::fmt;
use std::sync::Arc;
#[cfg(any(feature = "wgpu", feature = "cuda"))]
use std::sync::{Mutex, MutexGuard};

/// Default size of each slab; slabs grow on demand up to the device's limits.
pub const DEFAULT_SLAB_BYTES: usize = 16 << 20;

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

// One per context, behind an Arc: the size difference of the variants costs nothing.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Backend {
    Cpu,
    #[cfg(feature = "wgpu")]
    Wgpu(Mutex<crate::backend::wgpu::WgpuComputeContext>),
    #[cfg(feature = "cuda")]
    Cuda(Mutex<crate::backend::cuda::CudaComputeContext>),
}

/// A compute backend, cheap to clone and shared by every graph built on it.
#[derive(Clone)]
pub struct Context {
    pub(crate) backend: Arc<Backend>,
    description: Arc<str>,
    /// Why `auto()` passed over the backends it tried before this one.
    notes: Arc<[String]>,
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context").field("backend", &self.description).finish()
    }
}

#[cfg(any(feature = "wgpu", feature = "cuda"))]
pub(crate) fn lock<T>(m: &Mutex<T>) -> Result<MutexGuard<'_, T>> {
    m.lock().map_err(|_| Error::Internal("a previous run panicked while holding the device".into()))
}

impl Context {
    fn from_backend(backend: Backend, description: String, notes: Vec<String>) -> Context {
        Context { backend: Arc::new(backend), description: description.into(), notes: notes.into() }
    }

    /// The best backend present: CUDA (feature `cuda`, driver found) > a GPU wgpu adapter >
    /// a software wgpu adapter > the CPU. `FORGE_BACKEND=cuda|wgpu|cpu` picks one and fails
    /// if it is missing.
    pub fn auto() -> Result<Context> {
        match std::env::var("FORGE_BACKEND").ok().as_deref().map(str::trim) {
            None | Some("") | Some("auto") => {}
            Some("cpu") => return Ok(Context::cpu()),
            Some("wgpu") => {
                return Context::wgpu()
                    .map_err(|e| Error::BackendUnavailable { requested: "wgpu".into(), reason: e.to_string() })
            }
            Some("cuda") => {
                return Context::cuda()
                    .map_err(|e| Error::BackendUnavailable { requested: "cuda".into(), reason: e.to_string() })
            }
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

    /// The CPU reference backend (always available).
    pub fn cpu() -> Context {
        Context::from_backend(Backend::Cpu, "cpu (reference interpreter)".into(), Vec::new())
    }

    /// The best wgpu adapter: a real GPU first, then a software one (lavapipe, WARP).
    #[cfg(feature = "wgpu")]
    pub fn wgpu() -> Result<Context> {
        let opts =
            crate::backend::wgpu::ContextOptions { capacity_bytes: DEFAULT_SLAB_BYTES as u64, ..Default::default() };
        Ok(Context::from_wgpu(crate::backend::wgpu::WgpuComputeContext::with_options(&opts)?))
    }

    #[cfg(not(feature = "wgpu"))]
    pub fn wgpu() -> Result<Context> {
        Err(Error::NoBackend("forge was built without the `wgpu` feature".into()))
    }

    /// Wraps an existing wgpu context (e.g. one built with `from_device`).
    #[cfg(feature = "wgpu")]
    pub fn from_wgpu(ctx: crate::backend::wgpu::WgpuComputeContext) -> Context {
        let a = &ctx.adapter;
        let kind = if a.is_software() { "software" } else { "GPU" };
        let description = format!("wgpu ({:?}, {}, {kind} adapter)", a.backend, a.name);
        Context::from_backend(Backend::Wgpu(Mutex::new(ctx)), description, Vec::new())
    }

    /// CUDA device 0 (feature `cuda`; needs an NVIDIA driver).
    #[cfg(feature = "cuda")]
    pub fn cuda() -> Result<Context> {
        let ctx = crate::backend::cuda::CudaComputeContext::new(0, DEFAULT_SLAB_BYTES)?;
        let description = format!("cuda ({}, {})", ctx.device_name(), ctx.arch());
        Ok(Context::from_backend(Backend::Cuda(Mutex::new(ctx)), description, Vec::new()))
    }

    #[cfg(not(feature = "cuda"))]
    pub fn cuda() -> Result<Context> {
        Err(Error::NoBackend("forge was built without the `cuda` feature".into()))
    }

    pub fn kind(&self) -> BackendKind {
        match &*self.backend {
            Backend::Cpu => BackendKind::Cpu,
            #[cfg(feature = "wgpu")]
            Backend::Wgpu(_) => BackendKind::Wgpu,
            #[cfg(feature = "cuda")]
            Backend::Cuda(_) => BackendKind::Cuda,
        }
    }

    /// What this context runs on, e.g. `wgpu (Vulkan, NVIDIA H200, GPU adapter)`.
    pub fn describe(&self) -> &str {
        &self.description
    }

    /// Why `auto()` passed over the backends it preferred to this one.
    pub fn selection_notes(&self) -> &[String] {
        &self.notes
    }

    /// Runs `f` on the wgpu context, if this is one (tests and tools use it to read counters).
    #[cfg(feature = "wgpu")]
    pub fn with_wgpu<R>(
        &self,
        f: impl FnOnce(&mut crate::backend::wgpu::WgpuComputeContext) -> R,
    ) -> Result<Option<R>> {
        match &*self.backend {
            Backend::Wgpu(m) => Ok(Some(f(&mut *lock(m)?))),
            _ => Ok(None),
        }
    }

    /// Runs `f` on the CUDA context, if this is one.
    #[cfg(feature = "cuda")]
    pub fn with_cuda<R>(
        &self,
        f: impl FnOnce(&mut crate::backend::cuda::CudaComputeContext) -> R,
    ) -> Result<Option<R>> {
        match &*self.backend {
            Backend::Cuda(m) => Ok(Some(f(&mut *lock(m)?))),
            _ => Ok(None),
        }
    }
}

impl fmt::Display for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}
