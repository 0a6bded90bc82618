//! `WgpuComputeContext`: the device, its four slabs, construction, counters and the error sink.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::adapter::{self, AdapterConstraints, AdapterIdentity, ContextOptions, HardwareProfile};
use super::alloc::{align_up_saturating, SlabAllocator, SlabKind};
use crate::error::{Error, Result};
use crate::memory::SLAB_ALIGNMENT;

/// Reusable readback resources: a MAP_READ staging buffer and the timestamp query set.
#[derive(Default)]
pub(crate) struct ReadbackState {
    pub(crate) staging: Option<wgpu::Buffer>,
    pub(crate) queries: Option<(wgpu::QuerySet, wgpu::Buffer, u32)>,
}

/// A wgpu device with Forge's slabs, pipeline cache and one-submission graph execution.
pub struct WgpuComputeContext {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub adapter: AdapterIdentity,
    pub constraints: AdapterConstraints,
    pub profile: HardwareProfile,
    pub allocator: SlabAllocator,
    /// Read-only storage and uniform views (`StorageRead`, `Uniform`): a transient ring.
    pub slab: wgpu::Buffer,
    /// Read-write storage views (`StorageReadWrite`): a transient ring. wgpu tracks usage per
    /// whole buffer, so it never shares a buffer with the read-only views of one dispatch.
    pub out_slab: wgpu::Buffer,
    /// Resident read-only weights (`StorageReadResident`), bump-allocated until `clear_weights`.
    pub weight_slab: wgpu::Buffer,
    /// Resident read-write state (`StoragePersistent`), bump-allocated until `clear_state`.
    pub state_slab: wgpu::Buffer,
    pub timestamp_supported: bool,
    pub timestamp_period_ns: f32,
    pub(crate) max_uniform_binding: u64,
    pub(crate) generation: u64,
    pub(crate) pipelines: Mutex<HashMap<String, wgpu::ComputePipeline>>,
    pub(crate) compilations: AtomicU64,
    pub(crate) submissions: AtomicU64,
    pub(crate) readback_state: Mutex<ReadbackState>,
    pub(crate) uncaptured: Arc<Mutex<Vec<String>>>,
    /// Driver pipelines kept on disk across processes, where the device supports it.
    pub(crate) disk_cache: Option<super::disk_cache::DiskCache>,
}

impl std::fmt::Debug for WgpuComputeContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WgpuComputeContext")
            .field("adapter", &self.adapter)
            .field("constraints", &self.constraints)
            .field("allocator", &self.allocator)
            .field("generation", &self.generation)
            .finish_non_exhaustive()
    }
}

/// Usages of each slab (`slab` adds UNIFORM).
pub(crate) fn slab_usages(kind: SlabKind) -> wgpu::BufferUsages {
    let base = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    if kind == SlabKind::Read {
        base | wgpu::BufferUsages::UNIFORM
    } else {
        base
    }
}

impl WgpuComputeContext {
    /// Context on the best adapter of the environment's instance (`WGPU_BACKEND` honoured),
    /// high performance first, software adapters allowed.
    pub fn new(capacity_bytes: usize) -> Result<Self> {
        let opts = ContextOptions { capacity_bytes: capacity_bytes as u64, ..ContextOptions::default() };
        Self::with_options(&opts)
    }

    /// Context on the adapter `opts` picks (see [`ContextOptions`]).
    pub fn with_options(opts: &ContextOptions) -> Result<Self> {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        desc.backends &= opts.backends;
        let instance = wgpu::Instance::new(desc);
        let adapters = pollster::block_on(instance.enumerate_adapters(opts.backends));
        let adapter = adapter::choose_adapter(adapters, opts)?;
        let (device, queue) = adapter::request_device(&adapter)?;
        Self::from_device(device, queue, &adapter.get_info(), opts.capacity_bytes as usize)
    }

    /// Context on an existing device; limits and features are read from the device as it was
    /// created (nothing is widened).
    pub fn from_device(
        device: wgpu::Device,
        queue: wgpu::Queue,
        adapter_info: &wgpu::AdapterInfo,
        capacity_bytes: usize,
    ) -> Result<Self> {
        let limits = device.limits();
        let features = device.features();
        let constraints = AdapterConstraints::from_device_caps(&limits, features);
        let identity = AdapterIdentity::from_info(adapter_info);
        let profile = HardwareProfile::from_identity(&identity);
        let uncaptured = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&uncaptured);
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            if let Ok(mut v) = sink.lock() {
                if v.len() < 16 {
                    v.push(e.to_string());
                }
            }
        }));
        let capacity = align_up_saturating((capacity_bytes as u64).max(SLAB_ALIGNMENT));
        if capacity > constraints.max_buffer_size {
            return Err(Error::OverLimit {
                binding: "slab capacity".into(),
                what: "one buffer (max_buffer_size)",
                requested: capacity,
                limit: constraints.max_buffer_size,
            });
        }
        let make = |kind: SlabKind| create_slab(&device, kind, capacity);
        let (slab, out_slab, weight_slab, state_slab) =
            (make(SlabKind::Read)?, make(SlabKind::ReadWrite)?, make(SlabKind::Weight)?, make(SlabKind::State)?);
        let timestamp_supported = constraints.timestamps;
        let timestamp_period_ns = queue.get_timestamp_period();
        let device_for_cache = device.clone();
        Ok(WgpuComputeContext {
            device,
            queue,
            adapter: identity,
            constraints,
            profile,
            allocator: SlabAllocator::new(capacity, capacity, capacity, capacity),
            slab,
            out_slab,
            weight_slab,
            state_slab,
            timestamp_supported,
            timestamp_period_ns,
            max_uniform_binding: limits.max_uniform_buffer_binding_size,
            generation: 0,
            pipelines: Mutex::new(HashMap::new()),
            compilations: AtomicU64::new(0),
            submissions: AtomicU64::new(0),
            readback_state: Mutex::new(ReadbackState::default()),
            uncaptured,
            disk_cache: super::disk_cache::DiskCache::open(&device_for_cache, adapter_info),
        })
    }

    /// Identities of every adapter the environment's instance sees (blocking).
    pub fn available_adapters() -> Vec<AdapterIdentity> {
        adapter::available_adapters()
    }

    /// Bumped whenever any slab buffer is replaced: bind groups built before are stale.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Number of `queue.submit` calls this context made.
    pub fn submission_count(&self) -> u64 {
        self.submissions.load(Ordering::Relaxed)
    }

    /// The buffer a slab kind names.
    pub fn slab_buffer(&self, kind: SlabKind) -> &wgpu::Buffer {
        match kind {
            SlabKind::Read => &self.slab,
            SlabKind::ReadWrite => &self.out_slab,
            SlabKind::Weight => &self.weight_slab,
            SlabKind::State => &self.state_slab,
        }
    }

    /// Submits command buffers, counting the submission.
    pub(crate) fn submit(&self, buffers: Vec<wgpu::CommandBuffer>) -> wgpu::SubmissionIndex {
        self.submissions.fetch_add(1, Ordering::Relaxed);
        self.queue.submit(buffers)
    }

    /// Blocks until the device is idle.
    pub(crate) fn wait_idle(&self) -> Result<()> {
        self.device.poll(wgpu::PollType::wait_indefinitely()).map(|_| ()).map_err(|e| Error::wgpu("poll", e))
    }

    /// Returns (and clears) errors the device reported outside any error scope.
    pub(crate) fn take_uncaptured(&self, during: &'static str) -> Result<()> {
        let taken = match self.uncaptured.lock() {
            Ok(mut v) => std::mem::take(&mut *v),
            Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
        };
        if taken.is_empty() {
            Ok(())
        } else {
            Err(Error::wgpu(during, format!("earlier uncaptured device error: {}", taken.join("; "))))
        }
    }

    /// Runs `f` inside OutOfMemory + Validation + Internal error scopes and turns what they
    /// caught into an `Error` (out of memory → `Error::OutOfMemory`).
    pub(crate) fn scoped<T>(&self, during: &'static str, f: impl FnOnce() -> T) -> Result<T> {
        scoped(&self.device, during, f)
    }
}

/// See [`WgpuComputeContext::scoped`].
pub(crate) fn scoped<T>(device: &wgpu::Device, during: &'static str, f: impl FnOnce() -> T) -> Result<T> {
    let internal = device.push_error_scope(wgpu::ErrorFilter::Internal);
    let oom = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let validation = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let out = f();
    let v = pollster::block_on(validation.pop());
    let o = pollster::block_on(oom.pop());
    let i = pollster::block_on(internal.pop());
    if let Some(e) = o {
        return Err(Error::OutOfMemory(format!("{during}: {e}")));
    }
    if let Some(e) = v.or(i) {
        return Err(Error::wgpu(during, e));
    }
    Ok(out)
}

/// A slab buffer of `capacity` bytes for `kind`.
pub(crate) fn create_slab(device: &wgpu::Device, kind: SlabKind, capacity: u64) -> Result<wgpu::Buffer> {
    let label = match kind {
        SlabKind::Read => "forge slab (read/uniform)",
        SlabKind::ReadWrite => "forge out_slab (read-write)",
        SlabKind::Weight => "forge weight_slab",
        SlabKind::State => "forge state_slab",
    };
    scoped(device, "creating a slab buffer", || {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: capacity,
            usage: slab_usages(kind),
            mapped_at_creation: false,
        })
    })
}
