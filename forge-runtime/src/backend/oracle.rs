//! The seed's shared dispatch layer: [`Compute`] (one kernel launch, the seed's
//! `QualiaCompute`) and [`OracleContext`] (allocate, run one kernel with warm-ups and timed
//! samples, read back), implemented by every backend — the CPU one included — so a kernel can
//! be measured or checked the same way anywhere.

use crate::error::{Error, Result};
use crate::ir::{KernelSpec, Schedule};
use crate::memory::{BindingUsage, BufferView};

/// Launches one compiled kernel on bound views; returns its time in nanoseconds.
pub trait Compute {
    fn dispatch(&self, buffers: &[BufferView], schedule: &Schedule, element_count: usize) -> Result<u64>;
}

/// A backend that can allocate, run one kernel repeatedly and read results back.
pub trait OracleContext {
    /// Compiles `kernel`, runs it `warmups` times untimed, then `samples` times timed, with
    /// `buffers[i]` bound to argument `i`; returns each sample in nanoseconds (device time
    /// where the backend measures it, host wall time otherwise). `element_count` must be the
    /// output's element count. Kernels that read uniforms need a graph (`GraphInstance`).
    fn run_kernel(
        &mut self,
        kernel: &KernelSpec,
        schedule: &Schedule,
        buffers: &[BufferView],
        element_count: usize,
        warmups: usize,
        samples: usize,
    ) -> Result<Vec<u64>>;
    fn allocate_and_write(&mut self, data: &[u8], binding: u32, group: u32, usage: BindingUsage) -> Result<BufferView>;
    fn allocate_transient(
        &mut self,
        size_bytes: usize,
        binding: u32,
        group: u32,
        usage: BindingUsage,
    ) -> Result<BufferView>;
    fn read_buffer_f32(&self, view: &BufferView) -> Result<Vec<f32>>;
    /// Releases every transient allocation (only once no device work uses them).
    fn clear_transient_allocations(&mut self);
    /// What runs the kernels, e.g. `cpu`, `wgpu: NVIDIA H200`.
    fn backend_name(&self) -> String;
    fn timestamp_supported(&self) -> bool;
}

/// Checks what every backend's `run_kernel` requires of its arguments.
pub fn check_oracle_call(kernel: &KernelSpec, buffers: &[BufferView], element_count: usize) -> Result<()> {
    if kernel.uses_uniforms {
        return Err(Error::Unsupported {
            what: format!("kernel `{}` reads uniforms", kernel.node),
            reason: "in run_kernel (run it inside a graph)".into(),
        });
    }
    if buffers.len() != kernel.args.len() {
        return Err(Error::LengthMismatch {
            binding: format!("{} buffers", kernel.node),
            shape: "one view per kernel argument".into(),
            expected: kernel.args.len(),
            actual: buffers.len(),
        });
    }
    let out = &kernel.args[kernel.body.out()];
    if element_count != out.len {
        return Err(Error::LengthMismatch {
            binding: format!("{} output", kernel.node),
            shape: "element_count".into(),
            expected: out.len,
            actual: element_count,
        });
    }
    for (i, (arg, view)) in kernel.args.iter().zip(buffers).enumerate() {
        let need = arg.elem.bytes_for(arg.len) as u64;
        if view.size < need {
            return Err(Error::LengthMismatch {
                binding: format!("{} argument {i}", kernel.node),
                shape: format!("{} {} elements", arg.len, arg.elem),
                expected: need as usize,
                actual: view.size as usize,
            });
        }
    }
    Ok(())
}
