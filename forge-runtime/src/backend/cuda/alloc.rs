//! Sub-allocation of the one device slab: resident weights and state grow from the bottom,
//! per-run transients from the top down; both ends are 256-byte aligned and reset wholesale.

use crate::error::{Error, Result};
use crate::memory::{align_up, SLAB_ALIGNMENT};

/// Offsets into a slab of `capacity` bytes. Resident ranges live in `[0, resident_top)`,
/// transient ones in `[transient_low, capacity)`; the two never cross.
#[derive(Debug, Clone)]
pub struct SlabAllocator {
    capacity: u64,
    resident_top: u64,
    transient_low: u64,
}

impl SlabAllocator {
    pub fn new(capacity: u64) -> SlabAllocator {
        let capacity = capacity / SLAB_ALIGNMENT * SLAB_ALIGNMENT;
        SlabAllocator { capacity, resident_top: 0, transient_low: capacity }
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    fn out_of_memory(&self, what: &str, size: u64) -> Error {
        Error::OutOfMemory(format!(
            "CUDA slab: {what} of {size} bytes does not fit ({} resident, {} transient, {} capacity)",
            self.resident_top,
            self.capacity - self.transient_low,
            self.capacity
        ))
    }

    /// A resident range (weights, state) kept until [`SlabAllocator::clear_resident`].
    pub fn resident(&mut self, size: u64) -> Result<u64> {
        let offset = self.resident_top;
        let end =
            offset.checked_add(align_up(size.max(1))).ok_or_else(|| self.out_of_memory("resident range", size))?;
        if end > self.transient_low {
            return Err(self.out_of_memory("resident range", size));
        }
        self.resident_top = end;
        Ok(offset)
    }

    /// A transient range kept until [`SlabAllocator::clear_transient`].
    pub fn transient(&mut self, size: u64) -> Result<u64> {
        let need = align_up(size.max(1));
        let low = self.transient_low.checked_sub(need).filter(|&l| l >= self.resident_top);
        let low = low.ok_or_else(|| self.out_of_memory("transient range", size))?;
        self.transient_low = low;
        Ok(low)
    }

    pub fn clear_transient(&mut self) {
        self.transient_low = self.capacity;
    }

    pub fn clear_resident(&mut self) {
        self.resident_top = 0;
    }

    pub fn resident_bytes(&self) -> u64 {
        self.resident_top
    }

    pub fn transient_bytes(&self) -> u64 {
        self.capacity - self.transient_low
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_are_aligned_and_never_cross() {
        let mut a = SlabAllocator::new(4096);
        assert_eq!(a.resident(10).unwrap(), 0);
        assert_eq!(a.resident(300).unwrap(), 256);
        assert_eq!(a.transient(1).unwrap(), 4096 - 256);
        assert_eq!(a.transient(257).unwrap(), 4096 - 256 - 512);
        assert_eq!(a.resident_bytes(), 768);
        assert!(a.transient(4096).is_err());
        assert!(a.resident(3000).is_err());
        a.clear_transient();
        assert_eq!(a.transient_bytes(), 0);
        assert!(a.resident(3000).is_ok());
        a.clear_resident();
        assert_eq!(a.resident_bytes(), 0);
    }
}
