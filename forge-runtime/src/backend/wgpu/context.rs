//! `WgpuComputeContext`: the device, its four slabs, construction, counters and the error sink.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

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
    pub(crate) device: wgpu::Device,
    pub(crate) queue: wgpu::Queue,
    pub(crate) adapter: AdapterIdentity,
    pub(crate) constraints: AdapterConstraints,
    pub(crate) profile: HardwareProfile,
    pub(crate) allocator: SlabAllocator,
    /// Read-only storage and uniform views (`StorageRead`, `Uniform`): a transient ring.
    pub(crate) slab: wgpu::Buffer,
    /// Read-write storage views (`StorageReadWrite`): a transient ring. wgpu tracks usage per
    /// whole buffer, so it never shares a buffer with the read-only views of one dispatch.
    pub(crate) out_slab: wgpu::Buffer,
    /// Resident read-only weights (`StorageReadResident`), bump-allocated until `clear_weights`.
    pub(crate) weight_slab: wgpu::Buffer,
    /// Resident read-write state (`StoragePersistent`), bump-allocated until `clear_state`.
    pub(crate) state_slab: wgpu::Buffer,
    pub(crate) timestamp_supported: bool,
    pub(crate) timestamp_period_ns: f32,
    pub(crate) max_uniform_binding: u64,
    pub(crate) generation: u64,
    /// Compiled pipelines by entry and source, at most [`Self::MAX_CACHED_PIPELINES`].
    pub(crate) pipelines: Mutex<crate::backend::bounded::Bounded<String, wgpu::ComputePipeline>>,
    pub(crate) compilations: AtomicU64,
    pub(crate) submissions: Arc<AtomicU64>,
    pub(crate) readback_state: Mutex<ReadbackState>,
    pub(crate) uncaptured: Arc<Mutex<Vec<String>>>,
    /// Driver pipelines kept on disk across processes, where the device supports it.
    pub(crate) disk_cache: Option<super::disk_cache::DiskCache>,
    /// The cooperative-matrix shapes and types the adapter lists (`new_for_coopmat`; else empty).
    pub(crate) coopmat: Vec<wgpu::CooperativeMatrixProperties>,
    /// Every subgroup has 32 invocations (the adapter's smallest and largest size): what the
    /// cooperative matmul's tile assignment assumes.
    pub(crate) subgroups_of_32: bool,
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
        let (device, queue) = adapter::request_device(&adapter, wgpu::Features::empty())?;
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
            pipelines: Mutex::new(crate::backend::bounded::Bounded::new(Self::MAX_CACHED_PIPELINES)),
            compilations: AtomicU64::new(0),
            submissions: Arc::new(AtomicU64::new(0)),
            readback_state: Mutex::new(ReadbackState::default()),
            uncaptured,
            disk_cache: super::disk_cache::DiskCache::open(&device_for_cache, adapter_info),
            coopmat: Vec::new(),
            subgroups_of_32: adapter_info.subgroup_min_size == 32 && adapter_info.subgroup_max_size == 32,
        })
    }

    pub fn device(&self) -> &wgpu::Device {
        &self.device
    }
    pub fn queue(&self) -> &wgpu::Queue {
        &self.queue
    }
    /// The adapter this context runs on.
    pub fn adapter(&self) -> &AdapterIdentity {
        &self.adapter
    }
    /// The device's limits and features.
    pub fn constraints(&self) -> &AdapterConstraints {
        &self.constraints
    }
    pub fn hardware_profile(&self) -> &HardwareProfile {
        &self.profile
    }
    /// Offset bookkeeping of the four seed-API slabs.
    pub fn allocator(&self) -> &SlabAllocator {
        &self.allocator
    }
    /// Whether kernels may sum across subgroups assuming 32 invocations each
    /// ([`crate::ir::Schedule::warp_sums`]): the device has `SUBGROUP` and its subgroups are
    /// always 32 wide (NVIDIA's; lavapipe's follow its SIMD width, AMD's may be 64).
    pub fn subgroup_sums(&self) -> bool {
        self.subgroups_of_32 && self.constraints.subgroups
    }

    pub fn timestamp_supported(&self) -> bool {
        self.timestamp_supported
    }
    pub fn timestamp_period_ns(&self) -> f32 {
        self.timestamp_period_ns
    }

    /// What a graph instance keeps to run without holding the context: the device, its queue
    /// and the shared counters.
    pub(crate) fn handle(&self) -> DeviceHandle {
        DeviceHandle {
            device: self.device.clone(),
            queue: self.queue.clone(),
            submissions: Arc::clone(&self.submissions),
            uncaptured: Arc::clone(&self.uncaptured),
            timestamp_period: self.timestamp_period_ns,
            spin: spin_limit(&self.adapter),
        }
    }

    /// Identities of every adapter the environment's instance sees (blocking).
    pub fn available_adapters() -> Vec<AdapterIdentity> {
        adapter::available_adapters()
    }

    /// Bumped whenever any slab buffer is replaced: bind groups built before are stale.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Bytes the device's memory allocator holds once the queue has drained (wgpu's allocator
    /// report: Vulkan, DX12); `None` where the backend does not report. Instances return their
    /// memory on drop, so this stays flat across create-run-drop cycles.
    pub fn allocated_bytes(&self) -> Option<u64> {
        self.wait_idle().ok()?;
        self.device.generate_allocator_report().map(|r| r.total_allocated_bytes)
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

/// A device, its queue and the context's counters: what a graph instance runs with.
#[derive(Clone)]
pub(crate) struct DeviceHandle {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    submissions: Arc<AtomicU64>,
    uncaptured: Arc<Mutex<Vec<String>>>,
    pub timestamp_period: f32,
    /// How long a run's wait polls without blocking before it sleeps in the driver ([`spin_limit`]).
    spin: Duration,
}

/// How long an instance's run polls for its submission without blocking, before it sleeps in
/// the driver's wait: a GPU's run usually ends within this, and a blocked thread wakes late
/// (on the H200 through Vulkan one dispatch with its timestamps read back sooner polled than
/// blocked: `examples/wgpu_run_cost`, BENCHMARKS.md). Zero on software adapters, whose device
/// work is host threads a spinning thread would compete with. `WgpuOptions::spin` overrides it
/// per instance (zero: block).
fn spin_limit(adapter: &AdapterIdentity) -> Duration {
    if adapter.is_software() {
        Duration::ZERO
    } else {
        SPIN_DEFAULT
    }
}

/// [`spin_limit`] on hardware adapters.
const SPIN_DEFAULT: Duration = Duration::from_millis(2);

impl DeviceHandle {
    /// Submits one command buffer, counting the submission.
    pub fn submit(&self, cmd: wgpu::CommandBuffer) {
        self.submissions.fetch_add(1, Ordering::Relaxed);
        self.queue.submit([cmd]);
    }
    /// This handle polling for `spin` (where given) before it blocks.
    pub(crate) fn with_spin(self, spin: Option<Duration>) -> DeviceHandle {
        DeviceHandle { spin: spin.unwrap_or(self.spin), ..self }
    }
    pub fn wait(&self) -> Result<()> {
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        self.queue.on_submitted_work_done(move || flag.store(true, Ordering::Release));
        self.wait_until(&done)
    }
    /// Polls without blocking until `done` is set (by a callback a poll runs) or the spin
    /// limit passes, then blocks until the device is idle.
    fn wait_until(&self, done: &AtomicBool) -> Result<()> {
        let started = Instant::now();
        while !done.load(Ordering::Acquire) && started.elapsed() < self.spin {
            self.device.poll(wgpu::PollType::Poll).map_err(|e| Error::wgpu("poll", e))?;
            std::hint::spin_loop();
        }
        if done.load(Ordering::Acquire) {
            return Ok(());
        }
        self.device.poll(wgpu::PollType::wait_indefinitely()).map(|_| ()).map_err(|e| Error::wgpu("poll", e))
    }
    /// Errors the device reported outside any error scope since the last call.
    pub fn take_uncaptured(&self, during: &'static str) -> Result<()> {
        let taken = std::mem::take(&mut *self.uncaptured.lock().unwrap_or_else(|p| p.into_inner()));
        if taken.is_empty() {
            Ok(())
        } else {
            Err(Error::wgpu(during, format!("earlier uncaptured device error: {}", taken.join("; "))))
        }
    }
    /// Maps `buffer[0..len]`, hands the mapped bytes to `read` and unmaps: what `read` copies
    /// out is the only copy made.
    pub fn map_read_with<T>(&self, buffer: &wgpu::Buffer, len: u64, read: impl FnOnce(&[u8]) -> T) -> Result<T> {
        let (tx, rx) = mpsc::channel();
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        buffer.slice(0..len).map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
            flag.store(true, Ordering::Release);
        });
        self.wait_until(&done)?;
        match rx.recv() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(Error::wgpu("mapping the readback buffer", e)),
            Err(_) => return Err(Error::wgpu("mapping the readback buffer", "the map callback never ran")),
        }
        let out =
            read(&buffer.slice(0..len).get_mapped_range().map_err(|e| Error::wgpu("reading the mapped buffer", e))?);
        buffer.unmap();
        Ok(out)
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
