//! `OracleContext` for CUDA (one kernel through Forge's PTX, timed with CUDA events) and the
//! seed's dispatch trait for `CudaPipeline`.

use super::{CudaComputeContext, CudaPipeline};
use crate::backend::oracle::{check_oracle_call, Compute, OracleContext};
use crate::error::Result;
use crate::ir::{KernelSpec, Schedule};
use crate::memory::{BindingUsage, BufferView};

impl Compute for CudaPipeline<'_> {
    /// Launches and waits, timing the kernel with CUDA events.
    fn dispatch(&self, buffers: &[BufferView], schedule: &Schedule, element_count: usize) -> Result<u64> {
        let ms = self.dispatch_gpu_timed_ms_sorted(buffers, schedule, element_count)?;
        Ok((ms.max(0.0) as f64 * 1e6) as u64)
    }
}

impl OracleContext for CudaComputeContext {
    fn run_kernel(
        &mut self,
        kernel: &KernelSpec,
        schedule: &Schedule,
        buffers: &[BufferView],
        element_count: usize,
        warmups: usize,
        samples: usize,
    ) -> Result<Vec<u64>> {
        check_oracle_call(kernel, buffers, element_count)?;
        let pipeline = CudaPipeline::compile_kernel(self, kernel, *schedule)?;
        let bound: Vec<BufferView> = buffers.iter().enumerate().map(|(i, v)| v.at(0, i as u32)).collect();
        for _ in 0..warmups {
            pipeline.dispatch_async_sorted(&bound, schedule, element_count)?;
        }
        (0..samples).map(|_| pipeline.dispatch(&bound, schedule, element_count)).collect()
    }

    fn allocate_and_write(
        &mut self,
        data: &[u8],
        binding: u32,
        _group: u32,
        usage: BindingUsage,
    ) -> Result<BufferView> {
        CudaComputeContext::allocate_and_write(self, data, binding, usage)
    }

    fn allocate_transient(
        &mut self,
        size_bytes: usize,
        binding: u32,
        _group: u32,
        usage: BindingUsage,
    ) -> Result<BufferView> {
        CudaComputeContext::allocate_transient(self, size_bytes as u64, binding, usage)
    }

    fn read_buffer_f32(&self, view: &BufferView) -> Result<Vec<f32>> {
        CudaComputeContext::read_buffer_f32(self, view)
    }

    fn clear_transient_allocations(&mut self) {
        // Only fails when the stream cannot be synchronised, which the next call reports.
        let _ = CudaComputeContext::clear_transient_allocations(self);
    }

    fn backend_name(&self) -> String {
        format!("cuda: {} ({})", self.device_name(), self.arch())
    }

    fn timestamp_supported(&self) -> bool {
        false
    }
}
