//! The CPU backend as the seed's oracle: views are ranges of one host byte slab.

use super::kernels;
use super::store::Store;
use crate::backend::oracle::{check_oracle_call, OracleContext};
use crate::error::{Error, Result};
use crate::ir::{KernelSpec, Schedule};
use crate::memory::{align_up, BindingUsage, BufferView};
use std::time::Instant;

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
        let end = view.offset.checked_add(view.size).filter(|&e| e <= self.slab.len() as u64);
        match end {
            Some(end) => Ok(view.offset as usize..end as usize),
            None => Err(Error::InvalidArgument {
                argument: "view".into(),
                reason: format!("{}..+{} is outside the CPU slab of {} bytes", view.offset, view.size, self.slab.len()),
            }),
        }
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
        // Each argument becomes a buffer of its own, bound from element 0.
        let mut spec = kernel.clone();
        let mut memory = Vec::with_capacity(kernel.args.len());
        for (i, (arg, view)) in kernel.args.iter().zip(buffers).enumerate() {
            let r = self.range(view)?;
            let mut store = Store::new(arg.elem, arg.len, true, "oracle argument")?;
            store.load_bytes(&self.slab[r][..arg.elem.bytes_for(arg.len)]);
            memory.push(store);
            spec.args[i].buffer = i;
            spec.args[i].offset = 0;
        }
        let mut times = Vec::with_capacity(samples);
        for i in 0..warmups + samples {
            let t = Instant::now();
            kernels::run(&spec, &mut memory, &[], None)?;
            if i >= warmups {
                times.push(t.elapsed().as_nanos() as u64);
            }
        }
        // Every argument the kernel writes (an attention's log-sum-exps beside its output).
        for out in kernel.body.outs() {
            let bytes = memory[out].to_bytes("output")?;
            let r = self.range(&buffers[out])?;
            self.slab[r.start..r.start + bytes.len()].copy_from_slice(&bytes);
        }
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
        let end = offset
            .checked_add(size)
            .and_then(|e| usize::try_from(e).ok())
            .ok_or_else(|| Error::OutOfMemory(format!("CPU oracle slab: {size_bytes} more bytes overflow its size")))?;
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
