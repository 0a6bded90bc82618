//! Cooperative matrices (tensor cores from WGSL, `enable wgpu_cooperative_matrix;`): the seed's
//! `new_for_coopmat`, which looks for an adapter that exposes them (through Vulkan's
//! `VK_KHR_cooperative_matrix` where another backend would hide them), and the list of
//! shapes and types that adapter supports. A combination missing from that list must never
//! reach the driver: on the H200 one (f32 A/B) failed in its compiler and left the device
//! unusable.

use super::adapter::{self, ContextOptions};
use super::context::WgpuComputeContext;
use crate::error::Result;

/// Which backends `new_for_coopmat` searches: `WGPU_BACKEND` where set, else Vulkan.
fn coopmat_backends() -> wgpu::Backends {
    wgpu::Backends::from_env().unwrap_or(wgpu::Backends::VULKAN)
}

impl WgpuComputeContext {
    /// Like [`WgpuComputeContext::new`], but first looks (on Vulkan, unless `WGPU_BACKEND` says
    /// otherwise) for an adapter with `EXPERIMENTAL_COOPERATIVE_MATRIX`, and builds the context
    /// on it with the feature enabled; where no adapter has it, falls back to `new`
    /// (`constraints().cooperative_matrix` then reads false and
    /// [`cooperative_matrix_properties`](Self::cooperative_matrix_properties) is empty).
    pub fn new_for_coopmat(capacity_bytes: usize) -> Result<Self> {
        let backends = coopmat_backends();
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        desc.backends = backends;
        let instance = wgpu::Instance::new(desc);
        let adapters: Vec<wgpu::Adapter> = pollster::block_on(instance.enumerate_adapters(backends))
            .into_iter()
            .filter(|a| a.features().contains(wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX))
            .collect();
        if adapters.is_empty() {
            return Self::new(capacity_bytes);
        }
        let opts = ContextOptions { capacity_bytes: capacity_bytes as u64, backends, ..ContextOptions::default() };
        let adapter = adapter::choose_adapter(adapters, &opts)?;
        let properties = adapter.cooperative_matrix_properties();
        let (device, queue) = adapter::request_device(&adapter, wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX)?;
        let mut ctx = Self::from_device(device, queue, &adapter.get_info(), capacity_bytes)?;
        ctx.coopmat = properties;
        Ok(ctx)
    }

    /// The cooperative-matrix configurations (M×N×K, A/B type, accumulator type) this context's
    /// adapter supports: empty unless built by [`new_for_coopmat`](Self::new_for_coopmat) on
    /// an adapter that has them. A shader may use only these.
    pub fn cooperative_matrix_properties(&self) -> &[wgpu::CooperativeMatrixProperties] {
        &self.coopmat
    }

    /// Whether `m×n×k` with A/B of `ab` and an accumulator of `cr` is listed.
    pub fn supports_cooperative_matrix(
        &self,
        (m, n, k): (u32, u32, u32),
        ab: wgpu::CooperativeScalarType,
        cr: wgpu::CooperativeScalarType,
    ) -> bool {
        self.constraints.cooperative_matrix
            && self
                .coopmat
                .iter()
                .any(|p| (p.m_size, p.n_size, p.k_size) == (m, n, k) && p.ab_type == ab && p.cr_type == cr)
    }

    /// Whether Forge's matmuls of f16 operands run on this context's cooperative matrices
    /// (`matmul_coop`): the adapter lists f16 16×16×16 with an f32 accumulator, runs 32-lane
    /// subgroups, has `SHADER_F16` and the template's 24 KiB of workgroup memory
    /// (`WgpuOptions::cooperative_matrix` can still turn them off).
    pub fn coop_matmul(&self) -> bool {
        use wgpu::CooperativeScalarType as S;
        self.subgroups_of_32
            && self.constraints.shader_f16
            && self.constraints.max_compute_workgroup_storage_size >= crate::codegen::geometry::COOP_SHARED_BYTES
            && self.supports_cooperative_matrix((16, 16, 16), S::F16, S::F32)
    }
}
