//! An instance's inputs written straight into a mapped staging buffer of its own: the run
//! unmaps it, copies from it at the start of its encoder, and asks to map it again right after
//! the submit, so that map completes during the same wait as the outputs' readback. Where the
//! buffer is not mapped (yet), the run writes its inputs with `queue.write_buffer`, which makes
//! (and later frees) a staging buffer a call.

use super::context::scoped;
use super::layout::Layout;
use crate::error::Result;
use crate::ir::{BufferId, BufferRole, Plan};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The staging buffer of an instance's inputs.
pub(super) struct Upload {
    buffer: wgpu::Buffer,
    /// Set by the map callback, cleared when the run unmaps.
    mapped: Arc<AtomicBool>,
    /// Each input's offset in `buffer` and its bytes padded to 4.
    at: Vec<(BufferId, u64, u64)>,
}

/// One input's copy out of the staging buffer: its offset there, its buffer, its padded bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct StagedCopy {
    from: u64,
    id: BufferId,
    bytes: u64,
}

impl Upload {
    /// The staging buffer for `plan`'s inputs (each as `layout` pads it), mapped; `None`
    /// without inputs.
    pub fn new(device: &wgpu::Device, plan: &Plan, layout: &Layout) -> Result<Option<Upload>> {
        let mut at = Vec::new();
        let mut size = 0u64;
        for (id, b) in plan.buffers.iter().enumerate() {
            if b.role == BufferRole::Input {
                let bytes = layout.padded_bytes(plan, id);
                at.push((id, size, bytes));
                size += bytes;
            }
        }
        if size == 0 {
            return Ok(None);
        }
        let buffer = scoped(device, "creating the input staging buffer", || {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("forge inputs"),
                size,
                usage: wgpu::BufferUsages::MAP_WRITE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: true,
            })
        })?;
        Ok(Some(Upload { buffer, mapped: Arc::new(AtomicBool::new(true)), at }))
    }

    /// Writes `inputs` into the mapped buffer (zero-padded to 4 bytes) and unmaps it; the
    /// copies the run's encoder must make. `None` (nothing written) where the buffer is not
    /// mapped or an input has no place in it.
    pub fn stage(&self, inputs: &[(BufferId, &[u8])]) -> Option<Vec<StagedCopy>> {
        if !self.mapped.load(Ordering::Acquire) {
            return None;
        }
        let mut copies = Vec::with_capacity(inputs.len());
        for &(id, bytes) in inputs {
            let &(_, from, padded) = self.at.iter().find(|(i, _, _)| *i == id)?;
            if bytes.len() as u64 > padded {
                return None;
            }
            copies.push((StagedCopy { from, id, bytes: padded }, bytes));
        }
        {
            let mut view = self.buffer.get_mapped_range_mut(..).ok()?;
            for (c, bytes) in &copies {
                // Within the buffer: `at` lays the inputs out back to back from 0.
                let (start, end) = (c.from as usize, (c.from + c.bytes) as usize);
                let mut slot = view.slice(start..end);
                slot.slice(..bytes.len()).copy_from_slice(bytes);
                slot.slice(bytes.len()..).fill(0);
            }
        }
        self.buffer.unmap();
        self.mapped.store(false, Ordering::Release);
        Some(copies.into_iter().map(|(c, _)| c).collect())
    }

    /// Records `copies` into `encoder`, ahead of the kernels that read the inputs.
    pub fn record(&self, encoder: &mut wgpu::CommandEncoder, copies: &[StagedCopy], layout: &Layout) {
        for c in copies {
            let (to, offset) = layout.place(c.id);
            encoder.copy_buffer_to_buffer(&self.buffer, c.from, to, offset, c.bytes);
        }
    }

    /// Asks for the buffer mapped again once the submission that copies from it is done.
    pub fn remap(&self) {
        let mapped = Arc::clone(&self.mapped);
        self.buffer.map_async(wgpu::MapMode::Write, .., move |r| {
            if r.is_ok() {
                mapped.store(true, Ordering::Release);
            }
        });
    }

    pub fn destroy(&self) {
        self.buffer.destroy();
    }
}
