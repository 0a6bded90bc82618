//! The CUDA backend as a [`Device`]: device 0's context (one stream) shared by every instance;
//! runs on it are serialised, so a graph capture never records another instance's launches.

use super::context::CudaComputeContext;
use super::exec::CudaExec;
use crate::backend::{BackendKind, Device, Executable};
use crate::error::Result;
use crate::ir::Plan;
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

    /// The context, held while an instance uses the stream (a panic elsewhere does not poison
    /// it).
    pub fn lock(&self) -> MutexGuard<'_, CudaComputeContext> {
        self.ctx.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Device for CudaDevice {
    fn kind(&self) -> BackendKind {
        BackendKind::Cuda
    }
    fn describe(&self) -> String {
        self.description.clone()
    }
    fn compile(&self, plan: Arc<Plan>, options: &crate::options::Options) -> Result<Box<dyn Executable>> {
        let me = self
            .this
            .upgrade()
            .ok_or_else(|| crate::error::Error::Internal("CUDA device dropped while compiling".into()))?;
        Ok(Box::new(CudaExec::new(me, plan, &options.cuda)?))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
