//! `CudaComputeContext`: one device, one stream, one slab of device memory sub-allocated by
//! [`SlabAllocator`], host↔device copies of [`BufferView`]s, and stream capture into graphs.
//! [`DeviceArena`]s are device memory apart from the slab, owned by their user (each graph
//! instance has one), with the same copies through the `*_arena` helpers.

use super::alloc::SlabAllocator;
use crate::error::{Error, Result};
use crate::memory::{BindingUsage, BufferView};
use cudarc::driver::{result as dr, sys, CudaContext, CudaGraph, CudaSlice, CudaStream, DevicePtr};
use std::sync::{Arc, Mutex, MutexGuard};

pub(crate) fn cuda_err(during: &'static str, e: impl std::fmt::Debug) -> Error {
    Error::Cuda { during, message: format!("{e:?}") }
}

/// One CUDA device with a single stream and a single device slab.
pub struct CudaComputeContext {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    /// Kept alive for its memory; kernels and copies address it through `base`.
    _slab: CudaSlice<u8>,
    base: sys::CUdeviceptr,
    alloc: Mutex<SlabAllocator>,
    arch: String,
    capability: (u32, u32),
    sms: usize,
    name: String,
    /// Unique in the process (never reused, unlike the driver context's address): what the
    /// process-wide module cache keys this context's modules by.
    id: u64,
}

impl Drop for CudaComputeContext {
    fn drop(&mut self) {
        super::loaded::forget_context(self.id);
    }
}

impl std::fmt::Debug for CudaComputeContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CudaComputeContext")
            .field("device", &self.name)
            .field("arch", &self.arch)
            .finish_non_exhaustive()
    }
}

impl CudaComputeContext {
    /// Opens device `ordinal` with a slab of `capacity_bytes`. Fails (never panics) when no
    /// CUDA driver is installed or the device does not exist.
    pub fn new(ordinal: usize, capacity_bytes: usize) -> Result<Self> {
        let unavailable = |reason: String| Error::BackendUnavailable { requested: "cuda".into(), reason };
        // SAFETY: only probes whether libcuda can be dlopen'ed; cudarc panics on first use
        // of the driver API if it cannot, so this must come before any other call.
        if !unsafe { sys::is_culib_present() } {
            return Err(unavailable("the CUDA driver library (libcuda.so) was not found".into()));
        }
        let count = CudaContext::device_count().map_err(|e| unavailable(format!("cuDeviceGetCount failed: {e:?}")))?;
        if count <= 0 || ordinal >= count as usize {
            return Err(unavailable(format!("device {ordinal} requested, {count} CUDA device(s) present")));
        }
        let ctx = CudaContext::new(ordinal).map_err(|e| cuda_err("creating the context", e))?;
        // One stream only: cudarc's cross-stream event tracking is pure overhead here.
        // SAFETY: every allocation and launch of this context goes through `stream`.
        unsafe { ctx.disable_event_tracking() };
        // A created stream, not the legacy default one: only those can be captured into graphs.
        let stream = ctx.new_stream().map_err(|e| cuda_err("creating the stream", e))?;
        let (major, minor) = ctx.compute_capability().map_err(|e| cuda_err("reading the compute capability", e))?;
        let name = ctx.name().map_err(|e| cuda_err("reading the device name", e))?;
        let sms = ctx
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(|e| cuda_err("reading the multiprocessor count", e))?;
        let capacity = (capacity_bytes.max(256) as u64).div_ceil(256) * 256;
        let slab = stream.alloc_zeros::<u8>(capacity as usize).map_err(|e| match e.0 {
            sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => {
                Error::OutOfMemory(format!("CUDA slab of {capacity} bytes on {name}"))
            }
            _ => cuda_err("allocating the slab", e),
        })?;
        let base = {
            let (ptr, _sync) = slab.device_ptr(&stream);
            ptr
        };
        Ok(CudaComputeContext {
            ctx,
            stream,
            _slab: slab,
            base,
            alloc: Mutex::new(SlabAllocator::new(capacity)),
            arch: format!("sm_{major}{minor}"),
            capability: (major.max(0) as u32, minor.max(0) as u32),
            sms: sms.max(1) as usize,
            name,
            id: {
                static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
                NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            },
        })
    }

    fn alloc(&self) -> Result<MutexGuard<'_, SlabAllocator>> {
        self.alloc.lock().map_err(|_| Error::Internal("CUDA slab allocator lock poisoned".into()))
    }

    /// This context's id, unique in the process.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// `"sm_90"` etc., from the device's compute capability.
    pub fn arch(&self) -> &str {
        &self.arch
    }
    /// The compute capability (major, minor).
    pub fn capability(&self) -> (u32, u32) {
        self.capability
    }
    /// Streaming multiprocessors of the device.
    pub fn multiprocessors(&self) -> usize {
        self.sms
    }
    pub fn device_name(&self) -> &str {
        &self.name
    }
    pub fn cuda_context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }
    pub fn capacity_bytes(&self) -> u64 {
        self.alloc().map(|a| a.capacity()).unwrap_or(0)
    }

    /// Device address of the first byte of `view`.
    pub fn device_address(&self, view: &BufferView) -> u64 {
        self.base + view.offset
    }

    fn check_view(&self, view: &BufferView, len: usize) -> Result<()> {
        let cap = self.capacity_bytes();
        if len as u64 > view.size || view.offset.checked_add(view.size).is_none_or(|end| end > cap) {
            return Err(Error::InvalidArgument {
                argument: "view".into(),
                reason: format!("{view:?} ({len} bytes) is outside the {cap}-byte slab"),
            });
        }
        Ok(())
    }

    /// A per-run range of `size` bytes (contents undefined), freed by `clear_transient_allocations`.
    pub fn allocate_transient(&self, size: u64, binding: u32, usage: BindingUsage) -> Result<BufferView> {
        let offset = self.alloc()?.transient(size)?;
        Ok(BufferView { offset, size, binding, group: 0, usage })
    }

    /// A range of `size` bytes (contents undefined) kept until `clear_weights`.
    pub fn allocate_resident(&self, size: u64, binding: u32, usage: BindingUsage) -> Result<BufferView> {
        let offset = self.alloc()?.resident(size)?;
        Ok(BufferView { offset, size, binding, group: 0, usage })
    }

    /// A range holding `bytes`: resident for `StorageReadResident`/`StoragePersistent`, else transient.
    pub fn allocate_and_write(&self, bytes: &[u8], binding: u32, usage: BindingUsage) -> Result<BufferView> {
        let size = bytes.len() as u64;
        let view = match usage {
            BindingUsage::StorageReadResident | BindingUsage::StoragePersistent => {
                let offset = self.alloc()?.resident(size)?;
                BufferView { offset, size, binding, group: 0, usage }
            }
            BindingUsage::StorageRead | BindingUsage::StorageReadWrite | BindingUsage::Uniform => {
                self.allocate_transient(size, binding, usage)?
            }
        };
        self.write_view(&view, bytes)?;
        Ok(view)
    }

    /// A resident weight range holding `bytes`, kept until `clear_weights`.
    pub fn allocate_weight(&self, bytes: &[u8], binding: u32) -> Result<BufferView> {
        self.allocate_and_write(bytes, binding, BindingUsage::StorageReadResident)
    }

    /// Forgets every resident range (weights and state).
    pub fn clear_weights(&self) -> Result<()> {
        self.alloc()?.clear_resident();
        Ok(())
    }
    pub fn resident_weight_bytes(&self) -> u64 {
        self.alloc().map(|a| a.resident_bytes()).unwrap_or(0)
    }
    pub fn clear_transient_allocations(&self) -> Result<()> {
        self.alloc()?.clear_transient();
        Ok(())
    }

    /// Copies `bytes` to the start of `view` (ordered on the stream; `bytes` may be dropped after).
    pub fn write_view(&self, view: &BufferView, bytes: &[u8]) -> Result<()> {
        self.check_view(view, bytes.len())?;
        // SAFETY: the destination lies inside the live slab (checked above).
        unsafe { self.htod(self.device_address(view), bytes) }
    }

    /// Fills `view` with the byte `value` (e.g. 0xFF to poison outputs with NaN).
    pub fn fill_view(&self, view: &BufferView, value: u8) -> Result<()> {
        self.check_view(view, 0)?;
        // SAFETY: the range lies inside the live slab (checked above).
        unsafe { self.fill(self.device_address(view), value, view.size) }
    }

    /// Waits for the stream, then copies `view` back.
    pub fn read_buffer(&self, view: &BufferView) -> Result<Vec<u8>> {
        self.check_view(view, 0)?;
        // SAFETY: the source lies inside the live slab (checked above).
        unsafe { self.dtoh(self.device_address(view), view.size) }
    }

    /// Device memory of `size` bytes (at least 256, rounded up to 256), zeroed on the stream,
    /// owned by the returned arena and freed when it drops. Views into it are offsets from its
    /// start; use the `*_arena` helpers to copy. CUDA's out-of-memory is [`Error::OutOfMemory`].
    pub fn allocate_arena(&self, size: u64) -> Result<DeviceArena> {
        let size = crate::memory::align_up(size.max(1));
        let oom = |why: String| Error::OutOfMemory(format!("a CUDA arena of {size} bytes on {}: {why}", self.name));
        let len = usize::try_from(size).map_err(|_| oom("larger than the address space".into()))?;
        let mem = self.stream.alloc_zeros::<u8>(len).map_err(|e| match e.0 {
            sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => oom(format!("{e:?}")),
            // Larger than the device: some drivers say INVALID_VALUE rather than OUT_OF_MEMORY.
            _ if self.ctx.total_mem().is_ok_and(|total| size > total as u64) => oom(format!("{e:?}")),
            _ => cuda_err("allocating an arena", e),
        })?;
        let base = {
            let (ptr, _sync) = mem.device_ptr(&self.stream);
            ptr
        };
        Ok(DeviceArena { ctx: self.ctx.clone(), mem: Some(mem), base, size })
    }

    /// Copies `bytes` to the start of `view` of `arena` (ordered on the stream, as `write_view`).
    pub fn write_arena(&self, arena: &DeviceArena, view: &BufferView, bytes: &[u8]) -> Result<()> {
        arena.check(view, bytes.len())?;
        // SAFETY: the destination lies inside the live arena (checked above).
        unsafe { self.htod(arena.address(view), bytes) }
    }

    /// Queues a copy of `src` of `from` to `dst` of `to` (the same size) on the stream.
    pub fn copy_arena(&self, from: &DeviceArena, src: &BufferView, to: &DeviceArena, dst: &BufferView) -> Result<()> {
        if src.size != dst.size {
            return Err(Error::Internal(format!("a state copy of {} bytes into {}", src.size, dst.size)));
        }
        from.check(src, 0)?;
        to.check(dst, 0)?;
        if src.size == 0 {
            return Ok(());
        }
        self.ctx.bind_to_thread().map_err(|e| cuda_err("binding the context", e))?;
        // SAFETY: both ranges lie inside live arenas of this context (checked above), of the
        // same size; the copy is ordered on the stream with every run that touches them.
        unsafe { dr::memcpy_dtod_async(to.address(dst), from.address(src), src.size as usize, self.stream.cu_stream()) }
            .map_err(|e| cuda_err("copying on the device", e))
    }

    /// Fills `view` of `arena` with the byte `value` (ordered on the stream).
    pub fn fill_arena(&self, arena: &DeviceArena, view: &BufferView, value: u8) -> Result<()> {
        arena.check(view, 0)?;
        // SAFETY: the range lies inside the live arena (checked above).
        unsafe { self.fill(arena.address(view), value, view.size) }
    }

    /// Waits for the stream, then copies `view` of `arena` back (as `read_buffer`).
    pub fn read_arena(&self, arena: &DeviceArena, view: &BufferView) -> Result<Vec<u8>> {
        arena.check(view, 0)?;
        // SAFETY: the source lies inside the live arena (checked above).
        unsafe { self.dtoh(arena.address(view), view.size) }
    }

    /// Queues a copy of `bytes` to `dst` on the stream.
    ///
    /// # Safety
    /// `dst .. dst + bytes.len()` must be live device memory of this context.
    unsafe fn htod(&self, dst: sys::CUdeviceptr, bytes: &[u8]) -> Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.ctx.bind_to_thread().map_err(|e| cuda_err("binding the context", e))?;
        // SAFETY: the caller vouches for the destination; a copy from pageable memory has
        // staged `bytes` by the time the call returns.
        unsafe { dr::memcpy_htod_async(dst, bytes, self.stream.cu_stream()) }
            .map_err(|e| cuda_err("copying to the device", e))
    }

    /// Queues a fill of `len` bytes at `dst` with `value` on the stream.
    ///
    /// # Safety
    /// `dst .. dst + len` must be live device memory of this context.
    unsafe fn fill(&self, dst: sys::CUdeviceptr, value: u8, len: u64) -> Result<()> {
        if len == 0 {
            return Ok(());
        }
        self.ctx.bind_to_thread().map_err(|e| cuda_err("binding the context", e))?;
        // SAFETY: the caller vouches for the range.
        unsafe { dr::memset_d8_async(dst, value, len as usize, self.stream.cu_stream()) }
            .map_err(|e| cuda_err("filling device memory", e))
    }

    /// Waits for the stream, then copies `len` bytes from `src`.
    ///
    /// # Safety
    /// `src .. src + len` must be live device memory of this context.
    unsafe fn dtoh(&self, src: sys::CUdeviceptr, len: u64) -> Result<Vec<u8>> {
        let mut out = vec![0u8; len as usize];
        self.synchronize()?;
        if !out.is_empty() {
            self.ctx.bind_to_thread().map_err(|e| cuda_err("binding the context", e))?;
            // SAFETY: the caller vouches for the source; the stream is idle and the copy into
            // pageable memory completes before the call returns (synchronised again below).
            unsafe { dr::memcpy_dtoh_async(&mut out, src, self.stream.cu_stream()) }
                .map_err(|e| cuda_err("copying from the device", e))?;
            self.synchronize()?;
        }
        Ok(out)
    }

    pub fn read_buffer_f32(&self, view: &BufferView) -> Result<Vec<f32>> {
        let bytes = self.read_buffer(view)?;
        Ok(bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }

    /// Waits until everything queued on the stream has run; reports asynchronous kernel faults.
    pub fn synchronize(&self) -> Result<()> {
        self.stream.synchronize().map_err(|e| cuda_err("synchronizing the stream", e))
    }

    /// Starts recording the stream's work into a graph (nothing runs until replay).
    pub fn begin_capture(&self) -> Result<()> {
        self.stream
            .begin_capture(sys::CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL)
            .map_err(|e| cuda_err("beginning stream capture", e))
    }

    /// Ends the capture begun by `begin_capture` and instantiates it.
    pub fn end_capture(&self) -> Result<CapturedGraph> {
        let graph = self
            .stream
            .end_capture(sys::CUgraphInstantiate_flags(0))
            .map_err(|e| cuda_err("ending stream capture", e))?
            .ok_or_else(|| Error::Cuda { during: "ending stream capture", message: "nothing was captured".into() })?;
        Ok(CapturedGraph { graph })
    }
}

/// Device memory owned by its user rather than by the context's slab (see
/// [`CudaComputeContext::allocate_arena`]): it never moves, so addresses baked into a captured
/// graph stay valid for the arena's life. [`BufferView`] offsets are relative to its start.
pub struct DeviceArena {
    ctx: Arc<CudaContext>,
    /// `Some` until dropped (taken in `Drop` to free it with the context bound).
    mem: Option<CudaSlice<u8>>,
    base: sys::CUdeviceptr,
    size: u64,
}

impl DeviceArena {
    pub fn size_bytes(&self) -> u64 {
        self.size
    }

    /// Device address of the first byte of `view`.
    pub fn address(&self, view: &BufferView) -> u64 {
        self.base + view.offset
    }

    fn check(&self, view: &BufferView, len: usize) -> Result<()> {
        if len as u64 > view.size || view.offset.checked_add(view.size).is_none_or(|end| end > self.size) {
            return Err(Error::InvalidArgument {
                argument: "view".into(),
                reason: format!("{view:?} ({len} bytes) is outside the {}-byte arena", self.size),
            });
        }
        Ok(())
    }
}

impl std::fmt::Debug for DeviceArena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceArena").field("base", &self.base).field("size", &self.size).finish()
    }
}

impl Drop for DeviceArena {
    fn drop(&mut self) {
        // cudarc frees on the stream (ordered after every use queued there) without making the
        // context current, and an instance may drop on a thread that never used CUDA: make it
        // current for the free, then restore the thread's own (not through `bind_to_thread`,
        // which would swallow an error cudarc recorded for a later call to report).
        let own = self.ctx.cu_ctx();
        let previous = dr::ctx::get_current().ok().flatten();
        if previous != Some(own) {
            // SAFETY: `own` is alive (this arena holds its `CudaContext`).
            let _ = unsafe { dr::ctx::set_current(own) };
        }
        drop(self.mem.take());
        if let Some(p) = previous.filter(|&p| p != own) {
            // SAFETY: restores the context that was current on entry (still alive: current).
            let _ = unsafe { dr::ctx::set_current(p) };
        }
    }
}

/// A recorded sequence of launches, replayed on the context's stream.
pub struct CapturedGraph {
    graph: CudaGraph,
}

// SAFETY: a CUDA graph exec may be launched from any thread, just not from two at once; a
// CapturedGraph is owned by one executor and launched only through `&self` while the
// owning instance holds the context's lock, so moving it between threads is sound.
unsafe impl Send for CapturedGraph {}

impl CapturedGraph {
    /// Queues the whole graph once (asynchronous; `synchronize` or a read waits for it).
    pub fn replay(&self) -> Result<()> {
        self.graph.launch().map_err(|e| cuda_err("launching a captured graph", e))
    }
}
