//! `SlabAllocator`: the plain offset bookkeeping behind the four wgpu slabs (two transient rings, two bump regions).

use crate::error::{Error, Result};
use crate::memory::{BindingUsage, SLAB_ALIGNMENT};

/// One of the four physical slabs a view may live in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SlabKind {
    /// Read-only storage and uniforms, per run (a ring): `WgpuComputeContext::slab`.
    Read,
    /// Read-write storage, per run (a ring): `WgpuComputeContext::out_slab`.
    ReadWrite,
    /// Resident read-only weights (bump): `WgpuComputeContext::weight_slab`.
    Weight,
    /// Persistent read-write state (bump): `WgpuComputeContext::state_slab`.
    State,
}

impl SlabKind {
    /// The slab a binding usage selects.
    pub fn for_usage(usage: BindingUsage) -> SlabKind {
        match usage {
            BindingUsage::StorageRead | BindingUsage::Uniform => SlabKind::Read,
            BindingUsage::StorageReadWrite => SlabKind::ReadWrite,
            BindingUsage::StorageReadResident => SlabKind::Weight,
            BindingUsage::StoragePersistent => SlabKind::State,
        }
    }

    /// A short name for messages.
    pub fn name(self) -> &'static str {
        match self {
            SlabKind::Read => "read/uniform",
            SlabKind::ReadWrite => "read-write",
            SlabKind::Weight => "weight",
            SlabKind::State => "state",
        }
    }
}

/// Bytes a view of `size_bytes` really occupies when bound: at least 4, a multiple of 4
/// (WebGPU forbids empty bindings and copies must be 4-byte multiples).
pub fn view_size(size_bytes: u64) -> u64 {
    size_bytes.max(4).checked_next_multiple_of(4).unwrap_or(u64::MAX - 3)
}

/// `n` rounded up to [`SLAB_ALIGNMENT`], saturating near `u64::MAX` instead of overflowing
/// (the result is then far over any device limit and is refused there).
pub fn align_up_saturating(n: u64) -> u64 {
    n.checked_next_multiple_of(SLAB_ALIGNMENT).unwrap_or(u64::MAX - (SLAB_ALIGNMENT - 1))
}

/// A ring of 256-aligned ranges. Live allocations are `[read, write)` or, once wrapped,
/// `[read, wrap_end) ∪ [0, write)`.
#[derive(Debug, Clone, Default)]
struct Ring {
    capacity: u64,
    read: u64,
    write: u64,
    wrapped: bool,
    wrap_end: u64,
}

impl Ring {
    fn new(capacity: u64) -> Ring {
        Ring { capacity, ..Ring::default() }
    }

    fn is_empty(&self) -> bool {
        !self.wrapped && self.read == self.write
    }

    fn live_bytes(&self) -> u64 {
        if self.wrapped {
            (self.wrap_end - self.read) + self.write
        } else {
            self.write - self.read
        }
    }

    fn allocate(&mut self, occupied: u64) -> Option<u64> {
        if self.wrapped {
            if self.write.checked_add(occupied)? <= self.read {
                let at = self.write;
                self.write += occupied;
                return Some(at);
            }
            return None;
        }
        if self.write.checked_add(occupied)? <= self.capacity {
            let at = self.write;
            self.write += occupied;
            return Some(at);
        }
        if occupied <= self.read {
            self.wrapped = true;
            self.wrap_end = self.write;
            self.write = occupied;
            return Some(0);
        }
        None
    }

    fn advance_read_head(&mut self, offset: u64) {
        if self.wrapped {
            if offset >= self.read && offset <= self.wrap_end {
                self.read = offset;
                if self.read == self.wrap_end {
                    self.read = 0;
                    self.wrapped = false;
                }
            } else if offset <= self.write {
                self.read = offset;
                self.wrapped = false;
            }
        } else if offset >= self.read && offset <= self.write {
            self.read = offset;
        }
        if self.is_empty() {
            self.clear();
        }
    }

    fn clear(&mut self) {
        self.read = 0;
        self.write = 0;
        self.wrapped = false;
        self.wrap_end = 0;
    }
}

/// A bump region: `[0, used)` is live until the region is cleared.
#[derive(Debug, Clone, Default)]
struct Bump {
    capacity: u64,
    used: u64,
}

/// Offset bookkeeping for the four slabs; knows nothing of wgpu. Every offset it returns is a
/// multiple of [`crate::memory::SLAB_ALIGNMENT`].
#[derive(Debug, Clone)]
pub struct SlabAllocator {
    read: Ring,
    read_write: Ring,
    weight: Bump,
    state: Bump,
}

impl SlabAllocator {
    /// Four empty slabs of the given capacities (bytes).
    pub fn new(read: u64, read_write: u64, weight: u64, state: u64) -> SlabAllocator {
        SlabAllocator {
            read: Ring::new(read),
            read_write: Ring::new(read_write),
            weight: Bump { capacity: weight, used: 0 },
            state: Bump { capacity: state, used: 0 },
        }
    }

    /// Capacity of one slab in bytes.
    pub fn capacity(&self, kind: SlabKind) -> u64 {
        match kind {
            SlabKind::Read => self.read.capacity,
            SlabKind::ReadWrite => self.read_write.capacity,
            SlabKind::Weight => self.weight.capacity,
            SlabKind::State => self.state.capacity,
        }
    }

    /// Bytes held by live allocations of one slab (alignment padding included).
    pub fn live_bytes(&self, kind: SlabKind) -> u64 {
        match kind {
            SlabKind::Read => self.read.live_bytes(),
            SlabKind::ReadWrite => self.read_write.live_bytes(),
            SlabKind::Weight => self.weight.used,
            SlabKind::State => self.state.used,
        }
    }

    /// Capacity a bump slab needs so that a further `size_bytes` allocation fits.
    pub fn required_capacity(&self, kind: SlabKind, size_bytes: u64) -> u64 {
        self.live_bytes(kind).saturating_add(align_up_saturating(view_size(size_bytes)))
    }

    /// Allocates `size_bytes` (rounded by [`view_size`]) in one slab and returns its offset.
    /// A full slab is `Error::OutOfMemory` naming the slab, the request and the free bytes.
    pub fn allocate(&mut self, kind: SlabKind, size_bytes: u64) -> Result<u64> {
        let occupied = align_up_saturating(view_size(size_bytes));
        let found = match kind {
            SlabKind::Read => self.read.allocate(occupied),
            SlabKind::ReadWrite => self.read_write.allocate(occupied),
            SlabKind::Weight | SlabKind::State => {
                let bump = if kind == SlabKind::Weight { &mut self.weight } else { &mut self.state };
                match bump.used.checked_add(occupied) {
                    Some(end) if end <= bump.capacity => {
                        let at = bump.used;
                        bump.used = end;
                        Some(at)
                    }
                    _ => None,
                }
            }
        };
        found.ok_or_else(|| {
            let capacity = self.capacity(kind);
            Error::OutOfMemory(format!(
                "{} slab: {occupied} bytes requested, {} of {capacity} bytes free{}",
                kind.name(),
                capacity.saturating_sub(self.live_bytes(kind)),
                match kind {
                    SlabKind::Read | SlabKind::ReadWrite => " (call reserve_transient before allocating)",
                    SlabKind::Weight | SlabKind::State => "",
                }
            ))
        })
    }

    /// Sets a slab's capacity after its buffer was replaced. Bump slabs keep their contents
    /// (capacity never drops below the live bytes); rings must be empty to change size.
    pub fn set_capacity(&mut self, kind: SlabKind, capacity: u64) -> Result<()> {
        match kind {
            SlabKind::Read | SlabKind::ReadWrite => {
                let ring = if kind == SlabKind::Read { &mut self.read } else { &mut self.read_write };
                if !ring.is_empty() {
                    return Err(Error::InvalidArgument {
                        argument: "capacity".into(),
                        reason: format!("resizing the {} ring while {} bytes are live", kind.name(), ring.live_bytes()),
                    });
                }
                *ring = Ring::new(capacity);
            }
            SlabKind::Weight | SlabKind::State => {
                let bump = if kind == SlabKind::Weight { &mut self.weight } else { &mut self.state };
                if capacity < bump.used {
                    return Err(Error::InvalidArgument {
                        argument: "capacity".into(),
                        reason: format!(
                            "shrinking the {} slab to {capacity} bytes below its {} live bytes",
                            kind.name(),
                            bump.used
                        ),
                    });
                }
                bump.capacity = capacity;
            }
        }
        Ok(())
    }

    /// Whether both transient rings hold no live allocation.
    pub fn transient_is_empty(&self) -> bool {
        self.read.is_empty() && self.read_write.is_empty()
    }

    /// Releases the allocations of a ring that lie before `offset` (oldest first); an offset
    /// outside the live range is ignored. Bump slabs ignore this.
    pub fn advance_read_head(&mut self, kind: SlabKind, offset: u64) {
        match kind {
            SlabKind::Read => self.read.advance_read_head(offset),
            SlabKind::ReadWrite => self.read_write.advance_read_head(offset),
            SlabKind::Weight | SlabKind::State => {}
        }
    }

    /// Releases every transient allocation in both rings.
    pub fn clear_transient(&mut self) {
        self.read.clear();
        self.read_write.clear();
    }

    /// Empties one slab (rings and bump regions alike).
    pub fn clear(&mut self, kind: SlabKind) {
        match kind {
            SlabKind::Read => self.read.clear(),
            SlabKind::ReadWrite => self.read_write.clear(),
            SlabKind::Weight => self.weight.used = 0,
            SlabKind::State => self.state.used = 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_are_aligned_and_sizes_padded() {
        let mut a = SlabAllocator::new(4096, 4096, 4096, 4096);
        assert_eq!(view_size(0), 4);
        assert_eq!(view_size(5), 8);
        let x = a.allocate(SlabKind::Read, 1).unwrap();
        let y = a.allocate(SlabKind::Read, 300).unwrap();
        let z = a.allocate(SlabKind::Read, 0).unwrap();
        assert_eq!((x, y, z), (0, 256, 768));
        for kind in [SlabKind::ReadWrite, SlabKind::Weight, SlabKind::State] {
            let o = a.allocate(kind, 17).unwrap();
            let p = a.allocate(kind, 17).unwrap();
            assert_eq!(o % SLAB_ALIGNMENT, 0);
            assert_eq!(p, 256);
        }
        assert_eq!(a.live_bytes(SlabKind::Read), 1024);
    }

    #[test]
    fn ring_wraps_around_after_read_head_advances() {
        let mut a = SlabAllocator::new(1024, 1024, 0, 0);
        assert_eq!(a.allocate(SlabKind::Read, 256).unwrap(), 0);
        assert_eq!(a.allocate(SlabKind::Read, 256).unwrap(), 256);
        assert_eq!(a.allocate(SlabKind::Read, 256).unwrap(), 512);
        // 512 bytes do not fit at the tail and nothing was released yet.
        assert!(matches!(a.allocate(SlabKind::Read, 512), Err(Error::OutOfMemory(_))));
        a.advance_read_head(SlabKind::Read, 512);
        assert_eq!(a.live_bytes(SlabKind::Read), 256);
        // Wraps to the front.
        assert_eq!(a.allocate(SlabKind::Read, 512).unwrap(), 0);
        assert_eq!(a.live_bytes(SlabKind::Read), 768);
        // The gap [512, 512) is full now.
        assert!(a.allocate(SlabKind::Read, 4).is_err());
        // Releasing past the wrap point frees the tail.
        a.advance_read_head(SlabKind::Read, 256);
        assert_eq!(a.live_bytes(SlabKind::Read), 256);
        assert_eq!(a.allocate(SlabKind::Read, 4).unwrap(), 512);
        // Offsets outside the live range are ignored, never a panic.
        a.advance_read_head(SlabKind::Read, 1 << 40);
        assert_eq!(a.live_bytes(SlabKind::Read), 512);
        a.advance_read_head(SlabKind::Read, 768);
        assert!(a.transient_is_empty());
        assert_eq!(a.allocate(SlabKind::Read, 1024).unwrap(), 0);
    }

    #[test]
    fn overflow_is_an_error_and_clear_resets() {
        let mut a = SlabAllocator::new(512, 512, 512, 512);
        for kind in [SlabKind::Read, SlabKind::ReadWrite, SlabKind::Weight, SlabKind::State] {
            assert!(a.allocate(kind, 513).is_err(), "{kind:?}");
            assert!(a.allocate(kind, u64::MAX - 3).is_err(), "{kind:?}");
            a.allocate(kind, 512).unwrap();
            let err = a.allocate(kind, 1).unwrap_err().to_string();
            assert!(err.contains(kind.name()), "{err}");
        }
        a.clear_transient();
        assert!(a.transient_is_empty());
        assert_eq!(a.allocate(SlabKind::Read, 512).unwrap(), 0);
        assert_eq!(a.allocate(SlabKind::ReadWrite, 512).unwrap(), 0);
        assert_eq!(a.live_bytes(SlabKind::Weight), 512);
        a.clear(SlabKind::Weight);
        assert_eq!(a.allocate(SlabKind::Weight, 4).unwrap(), 0);
    }

    #[test]
    fn growth_keeps_bump_offsets_and_refuses_live_ring_resize() {
        let mut a = SlabAllocator::new(512, 512, 256, 256);
        assert_eq!(a.allocate(SlabKind::Weight, 100).unwrap(), 0);
        assert_eq!(a.required_capacity(SlabKind::Weight, 300), 256 + 512);
        a.set_capacity(SlabKind::Weight, 768).unwrap();
        assert_eq!(a.allocate(SlabKind::Weight, 300).unwrap(), 256);
        assert!(a.set_capacity(SlabKind::Weight, 256).is_err());
        a.allocate(SlabKind::Read, 4).unwrap();
        assert!(a.set_capacity(SlabKind::Read, 4096).is_err());
        a.clear_transient();
        a.set_capacity(SlabKind::Read, 4096).unwrap();
        assert_eq!(a.capacity(SlabKind::Read), 4096);
        assert_eq!(SlabKind::for_usage(BindingUsage::Uniform), SlabKind::Read);
        assert_eq!(SlabKind::for_usage(BindingUsage::StoragePersistent), SlabKind::State);
    }
}
