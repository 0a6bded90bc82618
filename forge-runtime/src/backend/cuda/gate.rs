//! A gate at the head of a timed run: the stream waits on a word of mapped host memory while
//! the host enqueues the run, so the run's first timing event fires once the whole run is
//! queued. Without it an idle stream records that event at once and the device time of a
//! run includes the host's launch time (one 64 Mi-float copy kernel timed well above the
//! kernel time Nsight Compute gave on the H200; BENCHMARKS.md).

use super::context::cuda_err;
use super::CudaComputeContext;
use crate::error::Result;
use cudarc::driver::sys;
use std::cell::Cell;
use std::sync::atomic::{AtomicU32, Ordering};

/// One pinned, device-mapped `u32` and the generation the next hold waits for.
pub(super) struct StartGate {
    host: *mut AtomicU32,
    device: sys::CUdeviceptr,
    generation: Cell<u32>,
}

// SAFETY: the word is pinned host memory owned by the gate alone; the host side only touches
// it through the atomic, and the gate moves between threads with the executable that owns it.
unsafe impl Send for StartGate {}

impl StartGate {
    /// A gate on `ctx`'s device, or `None` where the device cannot map host memory or wait on
    /// it from a stream (runs then stay ungated: their device time includes the enqueue).
    pub(super) fn new(ctx: &CudaComputeContext) -> Option<StartGate> {
        let cu = ctx.cuda_context();
        cu.bind_to_thread().ok()?;
        let maps = cu.attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY).ok()?;
        if maps == 0 {
            return None;
        }
        let mut host: *mut std::ffi::c_void = std::ptr::null_mut();
        // SAFETY: allocates 4 bytes of pinned, device-mapped host memory into `host`.
        unsafe { sys::cuMemHostAlloc(&mut host, 4, sys::CU_MEMHOSTALLOC_DEVICEMAP) }.result().ok()?;
        let host = host.cast::<AtomicU32>();
        // SAFETY: `host` is 4 live, aligned, writable bytes (page-aligned pinned memory).
        unsafe { host.write(AtomicU32::new(0)) };
        let mut device: sys::CUdeviceptr = 0;
        // SAFETY: `host` came from cuMemHostAlloc with DEVICEMAP in this context.
        let mapped = unsafe { sys::cuMemHostGetDevicePointer_v2(&mut device, host.cast(), 0) }.result();
        let gate = StartGate { host, device, generation: Cell::new(0) };
        mapped.ok().map(|_| gate)
    }

    /// Makes `ctx`'s stream wait until [`GateHold`] is dropped; enqueue the run meanwhile.
    pub(super) fn hold<'a>(&'a self, ctx: &CudaComputeContext) -> Result<GateHold<'a>> {
        let generation = self.generation.get().wrapping_add(1);
        self.generation.set(generation);
        // SAFETY: `device` maps this gate's live word; the stream belongs to `ctx`'s context,
        // which is current on this thread (the caller launched on it); GEQ compares cyclically.
        unsafe {
            sys::cuStreamWaitValue32_v2(
                ctx.stream().cu_stream(),
                self.device,
                generation,
                sys::CUstreamWaitValue_flags::CU_STREAM_WAIT_VALUE_GEQ as u32,
            )
        }
        .result()
        .map_err(|e| cuda_err("holding the stream at the start gate", e))?;
        Ok(GateHold { gate: self, generation })
    }

    fn word(&self) -> &AtomicU32 {
        // SAFETY: `host` points at the live, initialised atomic this gate owns until drop.
        unsafe { &*self.host }
    }
}

impl Drop for StartGate {
    fn drop(&mut self) {
        // Nothing may still wait on the word: every hold is released when dropped, and the
        // owner synchronises its stream after each run.
        // SAFETY: `host` came from cuMemHostAlloc and is freed once.
        unsafe {
            let _ = sys::cuMemFreeHost(self.host.cast());
        }
    }
}

/// The stream is held while this lives; dropping it (also on an error path) lets it go.
pub(super) struct GateHold<'a> {
    gate: &'a StartGate,
    generation: u32,
}

impl Drop for GateHold<'_> {
    fn drop(&mut self) {
        self.gate.word().store(self.generation, Ordering::SeqCst);
    }
}
