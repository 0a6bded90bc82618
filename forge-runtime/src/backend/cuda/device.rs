//! The CUDA device shared by every instance of a context: device 0's context (one stream);
//! runs on it are serialised, so a graph capture never records another instance's launches.

use super::context::CudaComputeContext;
use crate::error::Result;
use std::sync::{Arc, Mutex, MutexGuard};

/// A CUDA device shared by every graph built on one context.
pub struct CudaDevice {
    ctx: Mutex<CudaComputeContext>,
    description: String,
    this: std::sync::Weak<CudaDevice>,
}

impl std::fmt::Debug for CudaDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.description)
    }
}

impl CudaDevice {
    /// Device `ordinal`; an error (never a panic) without a driver or device.
    pub fn new(ordinal: usize) -> Result<Arc<CudaDevice>> {
        let ctx = CudaComputeContext::new(ordinal, 1 << 20)?;
        let description = format!("cuda ({}, {})", ctx.device_name(), ctx.arch());
        Ok(Arc::new_cyclic(|this| CudaDevice { ctx: Mutex::new(ctx), description, this: this.clone() }))
    }

    /// What this device is, e.g. `cuda (NVIDIA H100, sm_90)`.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// This device as an owned handle (what an executable keeps).
    pub(super) fn handle(&self) -> Result<Arc<CudaDevice>> {
        self.this.upgrade().ok_or_else(|| crate::error::Error::Internal("CUDA device dropped while compiling".into()))
    }

    /// The context, held while an instance uses the stream (a panic elsewhere does not poison
    /// it).
    pub fn lock(&self) -> MutexGuard<'_, CudaComputeContext> {
        self.ctx.lock().unwrap_or_else(|p| p.into_inner())
    }
}
