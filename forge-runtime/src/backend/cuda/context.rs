//! `CudaComputeContext`: one device, one stream, one slab of device memory sub-allocated by
//! [`SlabAllocator`], host↔device copies of [`BufferView`]s, and stream capture into graphs.

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
    name: String,
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
            name,
        })
    }

    fn alloc(&self) -> Result<MutexGuard<'_, SlabAllocator>> {
        self.alloc.lock().map_err(|_| Error::Internal("CUDA slab allocator lock poisoned".into()))
    }

    /// `"sm_90"` etc., from the device's compute capability.
    pub fn arch(&self) -> &str {
        &self.arch
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
            return Err(Error::Internal(format!("view {view:?} ({len} bytes) is outside the {cap}-byte slab")));
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
            _ => self.allocate_transient(size, binding, usage)?,
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
        if bytes.is_empty() {
            return Ok(());
        }
        self.ctx.bind_to_thread().map_err(|e| cuda_err("binding the context", e))?;
        // SAFETY: the destination lies inside the live slab (checked above); a copy from
        // pageable memory has staged `bytes` by the time the call returns.
        unsafe { dr::memcpy_htod_async(self.device_address(view), bytes, self.stream.cu_stream()) }
            .map_err(|e| cuda_err("copying to the device", e))
    }

    /// Fills `view` with the byte `value` (e.g. 0xFF to poison outputs with NaN).
    pub fn fill_view(&self, view: &BufferView, value: u8) -> Result<()> {
        self.check_view(view, 0)?;
        self.ctx.bind_to_thread().map_err(|e| cuda_err("binding the context", e))?;
        // SAFETY: the range lies inside the live slab (checked above).
        unsafe { dr::memset_d8_async(self.device_address(view), value, view.size as usize, self.stream.cu_stream()) }
            .map_err(|e| cuda_err("filling device memory", e))
    }

    /// Waits for the stream, then copies `view` back.
    pub fn read_buffer(&self, view: &BufferView) -> Result<Vec<u8>> {
        self.check_view(view, 0)?;
        let mut out = vec![0u8; view.size as usize];
        self.synchronize()?;
        if !out.is_empty() {
            // SAFETY: the source lies inside the live slab; the stream is idle and the copy
            // into pageable memory completes before the call returns (synchronised again below).
            unsafe { dr::memcpy_dtoh_async(&mut out, self.device_address(view), self.stream.cu_stream()) }
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
