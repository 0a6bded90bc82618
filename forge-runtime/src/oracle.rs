//! The seed's shared dispatch layer: [`Compute`] (one kernel launch, the seed's
//! `QualiaCompute`) and [`OracleContext`] (allocate, run one kernel with warm-ups and timed
//! samples, read back), implemented by every backend — the CPU one included — so a kernel can
//! be measured or checked the same way anywhere.

use crate::backend::cpu::run_kernel as cpu_run_kernel;
use crate::backend::cpu_exec::{decode, encode};
use crate::error::{Error, Result};
use crate::ir::{KernelSpec, Schedule};
use crate::memory::{align_up, BindingUsage, BufferView};
use std::time::Instant;

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
pub(crate) fn check_oracle_call(kernel: &KernelSpec, buffers: &[BufferView], element_count: usize) -> Result<()> {
    if kernel.uses_uniforms {
        return Err(Error::Unsupported {
            what: format!("kernel `{}` reads uniforms", kernel.entry),
            reason: "in run_kernel (run it inside a graph)".into(),
        });
    }
    if buffers.len() != kernel.args.len() {
        return Err(Error::LengthMismatch {
            binding: format!("{} buffers", kernel.entry),
            shape: "one view per kernel argument".into(),
            expected: kernel.args.len(),
            actual: buffers.len(),
        });
    }
    let out = &kernel.args[kernel.body.out()];
    if element_count != out.len {
        return Err(Error::LengthMismatch {
            binding: format!("{} output", kernel.entry),
            shape: "element_count".into(),
            expected: out.len,
            actual: element_count,
        });
    }
    for (i, (arg, view)) in kernel.args.iter().zip(buffers).enumerate() {
        let need = (arg.len * arg.elem.size_bytes()) as u64;
        if view.size < need {
            return Err(Error::LengthMismatch {
                binding: format!("{} argument {i}", kernel.entry),
                shape: format!("{} {} elements", arg.len, arg.elem),
                expected: need as usize,
                actual: view.size as usize,
            });
        }
    }
    Ok(())
}

/// The CPU reference as an oracle: views are ranges of one host byte slab.
#[derive(Debug, Default)]
pub struct CpuOracle {
    slab: Vec<u8>,
}

impl CpuOracle {
    pub fn new() -> CpuOracle {
        CpuOracle::default()
    }

    fn range(&self, view: &BufferView) -> Result<std::ops::Range<usize>> {
        let (start, end) = (view.offset as usize, (view.offset + view.size) as usize);
        if end > self.slab.len() {
            return Err(Error::Internal(format!(
                "view {start}..{end} outside the CPU slab of {} bytes",
                self.slab.len()
            )));
        }
        Ok(start..end)
    }
}

impl OracleContext for CpuOracle {
    fn run_kernel(
        &mut self,
        kernel: &KernelSpec,
        schedule: &Schedule,
        buffers: &[BufferView],
        element_count: usize,
        warmups: usize,
        samples: usize,
    ) -> Result<Vec<u64>> {
        let _ = schedule; // the interpreter has no schedule: results never depend on one
        check_oracle_call(kernel, buffers, element_count)?;
        let slots = kernel.args.iter().map(|a| a.buffer).max().map_or(0, |m| m + 1);
        let mut memory = vec![Vec::new(); slots];
        for (arg, view) in kernel.args.iter().zip(buffers) {
            let r = self.range(view)?;
            memory[arg.buffer] = decode(arg.elem, &self.slab[r][..arg.len * arg.elem.size_bytes()]);
        }
        let mut times = Vec::with_capacity(samples);
        for i in 0..warmups + samples {
            let t = Instant::now();
            cpu_run_kernel(kernel, &mut memory, &[])?;
            if i >= warmups {
                times.push(t.elapsed().as_nanos() as u64);
            }
        }
        let out = &kernel.args[kernel.body.out()];
        let bytes = encode(out.elem, &memory[out.buffer]);
        let r = self.range(&buffers[kernel.body.out()])?;
        self.slab[r.start..r.start + bytes.len()].copy_from_slice(&bytes);
        Ok(times)
    }

    fn allocate_and_write(&mut self, data: &[u8], binding: u32, group: u32, usage: BindingUsage) -> Result<BufferView> {
        let view = self.allocate_transient(data.len(), binding, group, usage)?;
        let r = self.range(&view)?;
        self.slab[r.start..r.start + data.len()].copy_from_slice(data);
        Ok(view)
    }

    fn allocate_transient(
        &mut self,
        size_bytes: usize,
        binding: u32,
        group: u32,
        usage: BindingUsage,
    ) -> Result<BufferView> {
        let offset = align_up(self.slab.len() as u64);
        let size = align_up(size_bytes.max(4) as u64);
        let end = usize::try_from(offset + size).map_err(|_| Error::OutOfMemory("CPU oracle slab".into()))?;
        self.slab
            .try_reserve(end.saturating_sub(self.slab.len()))
            .map_err(|_| Error::OutOfMemory(format!("CPU oracle slab of {end} bytes")))?;
        self.slab.resize(end, 0);
        Ok(BufferView { offset, size, binding, group, usage })
    }

    fn read_buffer_f32(&self, view: &BufferView) -> Result<Vec<f32>> {
        let r = self.range(view)?;
        Ok(self.slab[r].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }

    fn clear_transient_allocations(&mut self) {
        self.slab.clear();
    }

    fn backend_name(&self) -> String {
        "cpu".into()
    }

    fn timestamp_supported(&self) -> bool {
        false
    }
}
