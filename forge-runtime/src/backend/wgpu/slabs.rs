//! Slab allocation on `WgpuComputeContext`: transient rings, resident weight/state bump regions, growth.

use super::alloc::{align_up_saturating, view_size, SlabKind};
use super::context::{create_slab, WgpuComputeContext};
use crate::error::{Error, Result};
use crate::memory::{BindingUsage, BufferView};

impl WgpuComputeContext {
    /// Checks one view's bound size against the device's binding limits.
    fn check_binding_size(&self, size: u64, binding: u32, usage: BindingUsage) -> Result<()> {
        let (limit, what) = match usage {
            BindingUsage::Uniform => (self.max_uniform_binding, "one uniform binding"),
            BindingUsage::StorageRead
            | BindingUsage::StorageReadWrite
            | BindingUsage::StorageReadResident
            | BindingUsage::StoragePersistent => {
                (self.constraints.max_storage_buffer_binding_size, "one storage binding")
            }
        };
        if size > limit {
            return Err(Error::OverLimit { binding: format!("binding {binding}"), what, requested: size, limit });
        }
        Ok(())
    }

    fn allocate_view(&mut self, size_bytes: u64, binding: u32, group: u32, usage: BindingUsage) -> Result<BufferView> {
        let size = view_size(size_bytes);
        self.check_binding_size(size, binding, usage)?;
        let kind = SlabKind::for_usage(usage);
        if matches!(kind, SlabKind::Weight | SlabKind::State) {
            self.ensure_bump_capacity(kind, size, binding)?;
        }
        let offset = self.allocator.allocate(kind, size)?;
        Ok(BufferView { offset, size, binding, group, usage })
    }

    /// Uploads `data` (padded with zeros to a multiple of 4 bytes) into a transient range of
    /// the slab `usage` selects: `slab` for `StorageRead`/`Uniform`, `out_slab` for
    /// `StorageReadWrite`. Resident usages go to [`Self::allocate_weight`] / [`Self::allocate_state`].
    pub fn allocate_and_write(
        &mut self,
        data: &[u8],
        binding: u32,
        group: u32,
        usage: BindingUsage,
    ) -> Result<BufferView> {
        let view = match usage {
            BindingUsage::StorageReadResident => return self.allocate_weight(data, binding, group),
            BindingUsage::StoragePersistent => {
                let view = self.allocate_state(data.len() as u64, binding, group)?;
                self.write_padded(&view, data);
                return Ok(view);
            }
            BindingUsage::StorageRead | BindingUsage::StorageReadWrite | BindingUsage::Uniform => {
                self.allocate_view(data.len() as u64, binding, group, usage)?
            }
        };
        self.write_padded(&view, data);
        Ok(view)
    }

    /// A transient range of `size_bytes` (uninitialised: it holds whatever the last run left).
    pub fn allocate_transient(
        &mut self,
        size_bytes: usize,
        binding: u32,
        group: u32,
        usage: BindingUsage,
    ) -> Result<BufferView> {
        match usage {
            BindingUsage::StorageReadResident | BindingUsage::StoragePersistent => Err(Error::InvalidArgument {
                argument: "usage".into(),
                reason: format!(
                    "allocate_transient takes a per-run usage (StorageRead, StorageReadWrite, Uniform), got {usage:?} for binding {binding}; \
                     use allocate_weight or allocate_state"
                ),
            }),
            BindingUsage::StorageRead | BindingUsage::StorageReadWrite | BindingUsage::Uniform => {
                self.allocate_view(size_bytes as u64, binding, group, usage)
            }
        }
    }

    /// Bump-allocates `data` into the resident weight slab (growing it when needed) and uploads
    /// it once. The view (`StorageReadResident`) survives `clear_transient_allocations`.
    pub fn allocate_weight(&mut self, data: &[u8], binding: u32, group: u32) -> Result<BufferView> {
        let view = self.allocate_view(data.len() as u64, binding, group, BindingUsage::StorageReadResident)?;
        self.write_padded(&view, data);
        Ok(view)
    }

    /// Bump-allocates `size_bytes` of zero-filled persistent state (`StoragePersistent`).
    pub fn allocate_state(&mut self, size_bytes: u64, binding: u32, group: u32) -> Result<BufferView> {
        let view = self.allocate_view(size_bytes, binding, group, BindingUsage::StoragePersistent)?;
        let mut encoder =
            self.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("forge zero state") });
        encoder.clear_buffer(&self.state_slab, view.offset, Some(view.size));
        self.scoped("zero-filling state", || self.submit(vec![encoder.finish()]))?;
        Ok(view)
    }

    /// Forgets every weight; earlier weight views are stale.
    pub fn clear_weights(&mut self) {
        self.allocator.clear(SlabKind::Weight);
    }

    /// Forgets every state range; earlier state views are stale.
    pub fn clear_state(&mut self) {
        self.allocator.clear(SlabKind::State);
    }

    /// Bytes the weight slab holds (alignment padding included).
    pub fn resident_weight_bytes(&self) -> usize {
        self.allocator.live_bytes(SlabKind::Weight) as usize
    }

    /// Releases the read/uniform ring's allocations that lie before `offset`.
    pub fn advance_read_head(&mut self, offset: usize) {
        self.allocator.advance_read_head(SlabKind::Read, offset as u64);
    }

    /// Releases every transient allocation (both rings). Only once device work on them is done;
    /// every submit of this context waits, so that holds after any call returns.
    pub fn clear_transient_allocations(&mut self) {
        self.allocator.clear_transient();
    }

    /// Makes room for `read_bytes` in `slab` and `read_write_bytes` in `out_slab` (sums of
    /// `align_up`ed view sizes). Call with no transient allocation live; a slab that is too
    /// small is re-created (bumping [`Self::generation`]); over `max_buffer_size` → `OverLimit`.
    pub fn reserve_transient(&mut self, read_bytes: u64, read_write_bytes: u64) -> Result<()> {
        if !self.allocator.transient_is_empty() {
            return Err(Error::InvalidArgument {
                argument: "reserve_transient".into(),
                reason: "transient allocations are live; call clear_transient_allocations first".into(),
            });
        }
        for (kind, bytes, name) in [
            (SlabKind::Read, read_bytes, "transient read slab"),
            (SlabKind::ReadWrite, read_write_bytes, "transient read-write slab"),
        ] {
            let needed = align_up_saturating(bytes);
            if needed <= self.allocator.capacity(kind) {
                continue;
            }
            let limit = self.constraints.max_buffer_size;
            if needed > limit {
                return Err(Error::OverLimit {
                    binding: name.into(),
                    what: "one buffer (max_buffer_size)",
                    requested: needed,
                    limit,
                });
            }
            let buffer = create_slab(&self.device, kind, needed)?;
            self.allocator.set_capacity(kind, needed)?;
            match kind {
                SlabKind::Read => self.slab = buffer,
                // Only the transient kinds are reserved here.
                SlabKind::ReadWrite | SlabKind::Weight | SlabKind::State => self.out_slab = buffer,
            }
            self.generation += 1;
        }
        Ok(())
    }

    /// Grows a bump slab so `size` more bytes fit: a bigger buffer, old contents copied on the
    /// device, same offsets valid. Bumps [`Self::generation`].
    fn ensure_bump_capacity(&mut self, kind: SlabKind, size: u64, binding: u32) -> Result<()> {
        let needed = self.allocator.required_capacity(kind, size);
        let capacity = self.allocator.capacity(kind);
        if needed <= capacity {
            return Ok(());
        }
        let limit = self.constraints.max_buffer_size;
        if needed > limit {
            return Err(Error::OverLimit {
                binding: format!("binding {binding}"),
                what: if kind == SlabKind::Weight {
                    "the resident weight slab (max_buffer_size)"
                } else {
                    "the resident state slab (max_buffer_size)"
                },
                requested: needed,
                limit,
            });
        }
        let new_capacity = align_up_saturating(needed.max(capacity.saturating_mul(2))).min(limit).max(needed);
        let buffer = create_slab(&self.device, kind, new_capacity)?;
        let used = self.allocator.live_bytes(kind);
        if used > 0 {
            let old = self.slab_buffer(kind);
            let mut encoder = self
                .device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("forge slab growth") });
            encoder.copy_buffer_to_buffer(old, 0, &buffer, 0, used);
            self.scoped("growing a slab", || self.submit(vec![encoder.finish()]))?;
        }
        self.allocator.set_capacity(kind, new_capacity)?;
        match kind {
            SlabKind::Weight => self.weight_slab = buffer,
            // Only the resident kinds grow here.
            SlabKind::State | SlabKind::Read | SlabKind::ReadWrite => self.state_slab = buffer,
        }
        self.generation += 1;
        Ok(())
    }

    /// `queue.write_buffer` of `data` into `view`, zero-padding to the view's 4-byte size.
    fn write_padded(&self, view: &BufferView, data: &[u8]) {
        let buffer = self.slab_buffer(SlabKind::for_usage(view.usage));
        let whole = data.len() - data.len() % 4;
        if whole > 0 {
            self.queue.write_buffer(buffer, view.offset, &data[..whole]);
        }
        let tail_len = (view.size as usize).saturating_sub(whole).min(4);
        if tail_len > 0 && (data.is_empty() || whole < data.len()) {
            let mut tail = [0u8; 4];
            tail[..data.len() - whole].copy_from_slice(&data[whole..]);
            self.queue.write_buffer(buffer, view.offset + whole as u64, &tail[..tail_len]);
        }
    }

    /// Writes `data` into an existing view (`queue.write_buffer`; applied before the next submit).
    /// `data` must not be longer than the view; it is zero-padded to a multiple of 4 bytes.
    pub fn write_view(&self, view: &BufferView, data: &[u8]) -> Result<()> {
        if data.len() as u64 > view.size {
            return Err(Error::InvalidArgument {
                argument: "data".into(),
                reason: format!(
                    "write_view: {} bytes do not fit the view of {} bytes at binding {}",
                    data.len(),
                    view.size,
                    view.binding
                ),
            });
        }
        self.check_view_bounds(view)?;
        self.write_padded(view, data);
        Ok(())
    }

    /// Checks that a view lies inside its slab and is 4-byte sized.
    pub(crate) fn check_view_bounds(&self, view: &BufferView) -> Result<()> {
        let buffer = self.slab_buffer(SlabKind::for_usage(view.usage));
        let end = view.offset.checked_add(view.size);
        if view.size == 0 || !view.size.is_multiple_of(4) || end.is_none_or(|e| e > buffer.size()) {
            return Err(Error::InvalidArgument {
                argument: "view".into(),
                reason: format!(
                    "{}..+{} (binding {}) is not a 4-byte-sized range of the {} slab ({} bytes)",
                    view.offset,
                    view.size,
                    view.binding,
                    SlabKind::for_usage(view.usage).name(),
                    buffer.size()
                ),
            });
        }
        Ok(())
    }
}
