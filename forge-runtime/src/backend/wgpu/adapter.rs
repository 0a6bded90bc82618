//! Adapter choice and device creation: `AdapterIdentity`, `AdapterConstraints`, `HardwareProfile`, `ContextOptions`.

use crate::error::{Error, Result};

/// Who the adapter is: enough to name it in reports and key caches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdapterIdentity {
    pub name: String,
    pub vendor: u32,
    pub device: u32,
    pub driver: String,
    pub driver_info: String,
    pub backend: wgpu::Backend,
    pub device_type: wgpu::DeviceType,
}

impl AdapterIdentity {
    /// Identity of an adapter from its info.
    pub fn from_info(info: &wgpu::AdapterInfo) -> AdapterIdentity {
        AdapterIdentity {
            name: info.name.clone(),
            vendor: info.vendor,
            device: info.device,
            driver: info.driver.clone(),
            driver_info: info.driver_info.clone(),
            backend: info.backend,
            device_type: info.device_type,
        }
    }

    /// A software rasterizer / CPU implementation (lavapipe, SwiftShader, WARP).
    pub fn is_software(&self) -> bool {
        self.device_type == wgpu::DeviceType::Cpu
    }
}

impl std::fmt::Display for AdapterIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({:?}, {:?}", self.name, self.backend, self.device_type)?;
        if !self.driver.is_empty() {
            write!(f, ", {} {}", self.driver, self.driver_info)?;
        }
        f.write_str(")")
    }
}

/// The limits and features of the device a context runs on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdapterConstraints {
    pub max_storage_buffer_binding_size: u64,
    pub max_buffer_size: u64,
    pub max_compute_workgroups_per_dimension: u32,
    pub max_compute_invocations_per_workgroup: u32,
    pub max_compute_workgroup_size_x: u32,
    pub max_compute_workgroup_storage_size: u32,
    pub min_storage_buffer_offset_alignment: u32,
    pub min_uniform_buffer_offset_alignment: u32,
    pub max_uniform_buffer_binding_size: u64,
    /// Storage buffers one kernel binds (each kernel argument is one).
    pub max_storage_buffers_per_shader_stage: u32,
    pub shader_f16: bool,
    pub timestamps: bool,
    pub subgroups: bool,
    /// `EXPERIMENTAL_COOPERATIVE_MATRIX` is enabled (only on contexts from `new_for_coopmat`).
    pub cooperative_matrix: bool,
}

impl AdapterConstraints {
    /// Constraints of a device with these limits and enabled features.
    pub fn from_device_caps(limits: &wgpu::Limits, features: wgpu::Features) -> AdapterConstraints {
        AdapterConstraints {
            max_storage_buffer_binding_size: limits.max_storage_buffer_binding_size,
            max_buffer_size: limits.max_buffer_size,
            max_compute_workgroups_per_dimension: limits.max_compute_workgroups_per_dimension,
            max_compute_invocations_per_workgroup: limits.max_compute_invocations_per_workgroup,
            max_compute_workgroup_size_x: limits.max_compute_workgroup_size_x,
            max_compute_workgroup_storage_size: limits.max_compute_workgroup_storage_size,
            min_storage_buffer_offset_alignment: limits.min_storage_buffer_offset_alignment,
            min_uniform_buffer_offset_alignment: limits.min_uniform_buffer_offset_alignment,
            max_uniform_buffer_binding_size: limits.max_uniform_buffer_binding_size,
            max_storage_buffers_per_shader_stage: limits.max_storage_buffers_per_shader_stage,
            shader_f16: features.contains(wgpu::Features::SHADER_F16),
            timestamps: features.contains(wgpu::Features::TIMESTAMP_QUERY),
            subgroups: features.contains(wgpu::Features::SUBGROUP),
            cooperative_matrix: features.contains(wgpu::Features::EXPERIMENTAL_COOPERATIVE_MATRIX),
        }
    }
}

/// Coarse hardware description plus a stable key for on-disk caches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HardwareProfile {
    pub device_type: wgpu::DeviceType,
    pub backend: wgpu::Backend,
    /// `backend-vendor-device-driver-driver_info`, lower-case hex ids, no spaces.
    pub cache_key: String,
}

impl HardwareProfile {
    /// Profile of an adapter.
    pub fn from_identity(id: &AdapterIdentity) -> HardwareProfile {
        let clean = |s: &str| -> String {
            s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '_' }).collect()
        };
        HardwareProfile {
            device_type: id.device_type,
            backend: id.backend,
            cache_key: format!(
                "{}-{:04x}-{:04x}-{}-{}",
                clean(&format!("{:?}", id.backend).to_lowercase()),
                id.vendor,
                id.device,
                clean(&id.driver),
                clean(&id.driver_info)
            ),
        }
    }
}

/// How [`super::WgpuComputeContext::with_options`] picks its adapter.
#[derive(Debug, Clone)]
pub struct ContextOptions {
    /// Initial capacity of each slab in bytes (rounded up to 256).
    pub capacity_bytes: u64,
    /// Backends to enumerate.
    pub backends: wgpu::Backends,
    /// Tie-break between several real GPUs.
    pub power_preference: wgpu::PowerPreference,
    /// Pick a software (`DeviceType::Cpu`) adapter even when a GPU exists.
    pub force_software: bool,
    /// Fall back to a software adapter when no GPU exists (else `Error::NoBackend`).
    pub allow_software: bool,
}

impl Default for ContextOptions {
    fn default() -> ContextOptions {
        ContextOptions {
            capacity_bytes: 64 << 20,
            backends: wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all()),
            power_preference: wgpu::PowerPreference::HighPerformance,
            force_software: false,
            allow_software: true,
        }
    }
}

/// Instance honouring `WGPU_BACKEND` and friends.
pub(crate) fn instance_from_env() -> wgpu::Instance {
    wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env())
}

fn type_rank(t: wgpu::DeviceType, pref: wgpu::PowerPreference) -> Option<u32> {
    use wgpu::DeviceType::*;
    match (t, pref) {
        (IntegratedGpu, wgpu::PowerPreference::LowPower) => Some(0),
        (DiscreteGpu, wgpu::PowerPreference::LowPower) => Some(1),
        (DiscreteGpu, _) => Some(0),
        (IntegratedGpu, _) => Some(1),
        (VirtualGpu, _) => Some(2),
        (Other, _) => Some(3),
        (Cpu, _) => None,
    }
}

/// Picks the best adapter: a real GPU (by type rank) unless `force_software`, else a software
/// one when allowed. `Error::NoBackend` names every adapter found.
pub(crate) fn choose_adapter(adapters: Vec<wgpu::Adapter>, opts: &ContextOptions) -> Result<wgpu::Adapter> {
    let found: Vec<String> = adapters.iter().map(|a| AdapterIdentity::from_info(&a.get_info()).to_string()).collect();
    let mut best: Option<(u32, wgpu::Adapter)> = None;
    for adapter in adapters {
        let info = adapter.get_info();
        let rank = match type_rank(info.device_type, opts.power_preference) {
            Some(r) if !opts.force_software => r,
            Some(_) => continue,
            None if opts.force_software || opts.allow_software => 10,
            None => continue,
        };
        if best.as_ref().is_none_or(|(r, _)| rank < *r) {
            best = Some((rank, adapter));
        }
    }
    best.map(|(_, a)| a).ok_or_else(|| {
        let wanted = if opts.force_software {
            "a software (Cpu) adapter"
        } else if opts.allow_software {
            "any adapter"
        } else {
            "a hardware GPU adapter (software adapters are not allowed)"
        };
        let seen = if found.is_empty() { "none".to_string() } else { found.join("; ") };
        Error::NoBackend(format!("wgpu: wanted {wanted} on {:?}; found: {seen}", opts.backends))
    })
}

/// Features Forge enables when the adapter has them. Ray queries back `build_triangle_scene`.
pub(crate) fn wanted_features(available: wgpu::Features) -> wgpu::Features {
    available
        & (wgpu::Features::TIMESTAMP_QUERY
            | wgpu::Features::SHADER_F16
            | wgpu::Features::SUBGROUP
            | wgpu::Features::PIPELINE_CACHE
            | wgpu::Features::EXPERIMENTAL_RAY_QUERY)
}

/// Requests a device with the adapter's own limits (acceleration-structure limits included),
/// the optional features it has, and `extra` (which the caller checked the adapter has).
pub(crate) fn request_device(adapter: &wgpu::Adapter, extra: wgpu::Features) -> Result<(wgpu::Device, wgpu::Queue)> {
    let required_features = wanted_features(adapter.features()) | (extra & adapter.features());
    // wgpu refuses EXPERIMENTAL_* features unless the descriptor carries the opt-in token.
    let experimental_features = if required_features.intersects(wgpu::Features::all_experimental_mask()) {
        // SAFETY: the token only acknowledges that wgpu's experimental paths may have bugs; the
        // experimental features requested are ray queries, used only by scenes a caller builds,
        // and cooperative matrices, only on a `new_for_coopmat` context, used only by shaders a
        // caller writes against the combinations `cooperative_matrix_properties()` lists.
        unsafe { wgpu::ExperimentalFeatures::enabled() }
    } else {
        wgpu::ExperimentalFeatures::disabled()
    };
    let desc = wgpu::DeviceDescriptor {
        label: Some("forge"),
        required_features,
        required_limits: adapter.limits(),
        experimental_features,
        ..Default::default()
    };
    pollster::block_on(adapter.request_device(&desc)).map_err(|e| Error::wgpu("request_device", e))
}

/// Every adapter the environment's instance can see (blocking).
pub fn available_adapters() -> Vec<AdapterIdentity> {
    let instance = instance_from_env();
    let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()));
    adapters.iter().map(|a| AdapterIdentity::from_info(&a.get_info())).collect()
}
