//! The wgpu backend as a [`Device`]: a [`WgpuComputeContext`] behind a mutex that survives a
//! panic in a caller's closure, compiling plans into per-instance executables.

use super::context::WgpuComputeContext;
use super::exec::WgpuExec;
use crate::backend::{BackendKind, Device, Executable};
use crate::error::Result;
use crate::ir::Plan;
use std::sync::{Arc, Mutex, MutexGuard};

/// A wgpu device shared by every graph built on one context.
pub struct WgpuDevice {
    ctx: Mutex<WgpuComputeContext>,
    description: String,
    this: std::sync::Weak<WgpuDevice>,
}

impl std::fmt::Debug for WgpuDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.description)
    }
}

/// Software Vulkan (Mesa) warns on every start when `XDG_RUNTIME_DIR` is unset; give it a
/// private directory once, before the first instance.
fn private_runtime_dir() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let valid = std::env::var_os("XDG_RUNTIME_DIR").map(std::path::PathBuf::from).is_some_and(|p| p.is_dir());
        if valid {
            return;
        }
        let dir = std::env::temp_dir().join(format!("forge-runtime-{}", std::process::id()));
        if std::fs::create_dir_all(&dir).is_ok() {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
            }
            // Set before any other thread of ours reads the environment (the first context).
            std::env::set_var("XDG_RUNTIME_DIR", &dir);
        }
    });
}

impl WgpuDevice {
    /// The best adapter of the environment (a GPU first, then software), with cooperative
    /// matrices enabled where a Vulkan adapter has them ([`WgpuComputeContext::new_for_coopmat`]:
    /// f16 matmuls then run on them).
    pub fn new() -> Result<Arc<WgpuDevice>> {
        private_runtime_dir();
        let ctx = WgpuComputeContext::new_for_coopmat(crate::backend::wgpu::SEED_SLAB_BYTES)?;
        Ok(WgpuDevice::from_context(ctx))
    }

    pub fn from_context(ctx: WgpuComputeContext) -> Arc<WgpuDevice> {
        let a = ctx.adapter();
        let kind = if a.is_software() { "software" } else { "GPU" };
        let description = format!("wgpu ({:?}, {}, {kind} adapter)", a.backend, a.name);
        Arc::new_cyclic(|this| WgpuDevice { ctx: Mutex::new(ctx), description, this: this.clone() })
    }

    /// The context; a panic while another caller held it does not make it unusable.
    pub fn lock(&self) -> MutexGuard<'_, WgpuComputeContext> {
        self.ctx.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Device for WgpuDevice {
    fn kind(&self) -> BackendKind {
        BackendKind::Wgpu
    }
    fn describe(&self) -> String {
        self.description.clone()
    }
    fn compile(&self, plan: Arc<Plan>, options: &crate::options::Options) -> Result<Box<dyn Executable>> {
        let me = self
            .this
            .upgrade()
            .ok_or_else(|| crate::error::Error::Internal("wgpu device dropped while compiling".into()))?;
        Ok(Box::new(WgpuExec::new(me, plan, &options.wgpu)?))
    }
    fn tune(&self, plan: &Plan, options: &crate::options::Options) -> Result<Vec<crate::backend::tune::Tuned>> {
        let mut ctx = self.lock();
        // The candidates run in the context's transient slabs: never under views a caller of
        // the seed API still holds (tuning then waits for another `new`).
        if !ctx.allocator.transient_is_empty() {
            return Ok(Vec::new());
        }
        let coop = options.wgpu.cooperative_matrix && ctx.coop_matmul();
        let (read, read_write) = crate::backend::tune::transient_bytes(plan, coop);
        // Arguments that do not fit one buffer of this device: the modelled choices stay.
        if ctx.reserve_transient(read, read_write).is_err() {
            return Ok(Vec::new());
        }
        let tuned = crate::backend::tune::tune_plan(plan, &mut *ctx, &self.description, coop);
        ctx.clear_transient_allocations();
        tuned
    }
    fn attention_statements_fold(&self) -> bool {
        true
    }
    fn max_kernel_args(&self) -> usize {
        self.lock().constraints().max_storage_buffers_per_shader_stage as usize
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
