//! Memory an invocation can address: binding buffers, the workgroup's shared bytes and its own
//! local bytes (privates + function locals). Every access is per 32-bit word and bounds-checked
//! against the whole region: out-of-range loads read 0 and stores are dropped — what Vulkan's
//! robustBufferAccess2 does for wgpu's storage buffers (naga's buffer policy is `Unchecked` then).

use super::program::{TAG_LOCAL, TAG_WORKGROUP};

pub(crate) enum Region<'b> {
    Write(&'b mut [u8]),
    Read(&'b [u8]),
    Scene(&'b [f32]),
}

impl Region<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Region::Write(b) => b,
            Region::Read(b) => b,
            Region::Scene(_) => &[],
        }
    }
}

pub(crate) struct Memory<'a, 'b> {
    pub bindings: &'a mut [Region<'b>],
    pub workgroup: &'a mut [u8],
}

#[inline]
fn read(bytes: &[u8], off: u32) -> u32 {
    let o = off as usize;
    match bytes.get(o..o.wrapping_add(4)) {
        Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
        _ => 0,
    }
}

/// Returns whether the word was in range (and so written).
#[inline]
fn write(bytes: &mut [u8], off: u32, v: u32) -> bool {
    let o = off as usize;
    match bytes.get_mut(o..o.wrapping_add(4)) {
        Some(dst) => {
            dst.copy_from_slice(&v.to_le_bytes());
            true
        }
        None => false,
    }
}

impl Memory<'_, '_> {
    #[inline]
    pub(crate) fn load(&self, local: &[u8], tag: u32, off: u32) -> u32 {
        match tag {
            TAG_LOCAL => read(local, off),
            TAG_WORKGROUP => read(self.workgroup, off),
            i => self.bindings.get(i as usize).map_or(0, |r| read(r.bytes(), off)),
        }
    }

    #[inline]
    pub(crate) fn store(&mut self, local: &mut [u8], tag: u32, off: u32, v: u32) -> bool {
        match tag {
            TAG_LOCAL => write(local, off, v),
            TAG_WORKGROUP => write(self.workgroup, off, v),
            i => match self.bindings.get_mut(i as usize) {
                Some(Region::Write(b)) => write(b, off, v),
                _ => false,
            },
        }
    }

    /// Whether a whole word at `off` is addressable (atomics act only then).
    pub(crate) fn in_range(&self, local: &[u8], tag: u32, off: u32) -> bool {
        let len = match tag {
            TAG_LOCAL => local.len(),
            TAG_WORKGROUP => self.workgroup.len(),
            i => self.bindings.get(i as usize).map_or(0, |r| r.bytes().len()),
        };
        (off as usize).checked_add(4).is_some_and(|end| end <= len)
    }

    /// The triangles of a scene binding (empty if the binding is not a scene).
    pub(crate) fn scene(&self, index: u32) -> &[f32] {
        match self.bindings.get(index as usize) {
            Some(Region::Scene(t)) => t,
            _ => &[],
        }
    }

    /// Byte length of a binding (for `arrayLength`).
    pub(crate) fn binding_len(&self, tag: u32) -> usize {
        self.bindings.get(tag as usize).map_or(0, |r| r.bytes().len())
    }
}
