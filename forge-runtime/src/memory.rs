//! Backend-neutral views of device memory: which slab a range lives in and how kernels bind it.

/// How a kernel binding may touch memory; on wgpu it also picks the physical slab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BindingUsage {
    /// Read-only storage, per run (inputs): the read/uniform slab.
    StorageRead,
    /// Read-write storage, per run (temps, outputs): the read-write slab.
    StorageReadWrite,
    /// Read-only storage, resident until `clear_weights` (weights): the weight slab.
    StorageReadResident,
    /// Read-write storage kept across runs (`state` bindings such as a KV cache): the state slab.
    StoragePersistent,
    /// Uniform block, per run: the read/uniform slab.
    Uniform,
}

/// A byte range of one slab, bound at `(group, binding)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BufferView {
    pub offset: u64,
    pub size: u64,
    pub binding: u32,
    pub group: u32,
    pub usage: BindingUsage,
}

impl BufferView {
    /// The same range bound at another slot.
    pub fn at(self, group: u32, binding: u32) -> BufferView {
        BufferView { group, binding, ..self }
    }
}

/// Alignment of every slab sub-allocation: WebGPU's `min_storage_buffer_offset_alignment` and
/// `min_uniform_buffer_offset_alignment` are at most 256 on every adapter.
pub const SLAB_ALIGNMENT: u64 = 256;

/// Rounds `n` up to the slab alignment.
pub fn align_up(n: u64) -> u64 {
    n.checked_next_multiple_of(SLAB_ALIGNMENT).unwrap_or(u64::MAX - (SLAB_ALIGNMENT - 1))
}
