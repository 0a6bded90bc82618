//! Host memory of the CPU backend: one typed vector per plan buffer, with the element
//! conversions of loads (to the compute type) and stores (rounding to the element).

use super::col::Col;
use super::scalar::{bf2f, f2bf, Value};
use crate::elem::Elem;
use crate::error::{Error, Result};

/// One buffer's elements.
#[derive(Debug, Clone)]
pub enum Store {
    F32(Vec<f32>),
    F16(Vec<u16>),
    BF16(Vec<u16>),
    U32(Vec<u32>),
    I32(Vec<i32>),
    /// A block format's bytes as the file holds them (`len` values; weights only, never written
    /// by a kernel), decoded value by value on load.
    Blocks {
        elem: Elem,
        len: usize,
        bytes: Vec<u8>,
    },
}

/// The machine's memory (RAM + swap, from `/proc/meminfo`), where the OS says. With overcommit
/// a huge reservation succeeds and the process is killed when the pages are touched, so a
/// buffer larger than this is refused before it is reserved.
fn host_memory_bytes() -> Option<u64> {
    static MEMORY: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *MEMORY.get_or_init(|| {
        let info = std::fs::read_to_string("/proc/meminfo").ok()?;
        let kib = |key: &str| -> Option<u64> {
            let line = info.lines().find(|l| l.starts_with(key))?;
            line.split_whitespace().nth(1)?.parse().ok()
        };
        Some((kib("MemTotal:")? + kib("SwapTotal:").unwrap_or(0)).saturating_mul(1024))
    })
}

/// Memory the machine can give now (`MemAvailable` + `SwapFree`), where the OS says.
fn available_memory_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib = |key: &str| -> Option<u64> {
        let line = info.lines().find(|l| l.starts_with(key))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    Some((kib("MemAvailable:")? + kib("SwapFree:").unwrap_or(0)).saturating_mul(1024))
}

/// Refuses buffers that together need more than the machine can give now: each store is
/// filled when made, so under overcommit an allocation past it would be a kill by the kernel's
/// OOM killer rather than an error. `buffers` are `(name, bytes)`.
pub fn check_fits<'a>(buffers: impl Iterator<Item = (&'a str, u64)>) -> Result<()> {
    let (mut total, mut largest) = (0u64, ("", 0u64));
    for (name, bytes) in buffers {
        total = total.saturating_add(bytes);
        if bytes >= largest.1 {
            largest = (name, bytes);
        }
    }
    match available_memory_bytes() {
        Some(free) if total > free => Err(Error::OutOfMemory(format!(
            "the CPU backend needs {total} bytes for this graph's buffers (the largest `{}`, {} bytes); the machine has {free} available (RAM + swap)",
            largest.0, largest.1
        ))),
        _ => Ok(()),
    }
}

fn alloc<T: Clone>(len: usize, fill: T, name: &str) -> Result<Vec<T>> {
    let bytes = (len as u64).saturating_mul(std::mem::size_of::<T>() as u64);
    if let Some(memory) = host_memory_bytes().filter(|&m| bytes > m) {
        return Err(Error::OutOfMemory(format!(
            "binding `{name}` needs {bytes} bytes for the CPU backend; this machine has {memory} (RAM + swap)"
        )));
    }
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| Error::OutOfMemory(format!("binding `{name}` needs {len} host elements for the CPU backend")))?;
    v.resize(len, fill);
    Ok(v)
}

impl Store {
    /// `len` elements, NaN-poisoned floats / all-ones integers (so a skipped element shows),
    /// or zeros for persistent state.
    pub fn new(elem: Elem, len: usize, zero: bool, name: &str) -> Result<Store> {
        Ok(match elem {
            Elem::F32 => Store::F32(alloc(len, if zero { 0.0 } else { f32::NAN }, name)?),
            Elem::F16 => Store::F16(alloc(len, if zero { 0 } else { 0x7e00 }, name)?),
            Elem::BF16 => Store::BF16(alloc(len, if zero { 0 } else { 0x7fc0 }, name)?),
            Elem::U32 => Store::U32(alloc(len, if zero { 0 } else { u32::MAX }, name)?),
            Elem::I32 => Store::I32(alloc(len, if zero { 0 } else { -1 }, name)?),
            // All-ones bytes decode to NaN scales: an unloaded block shows.
            Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => {
                Store::Blocks { elem, len, bytes: alloc(elem.bytes_for(len), if zero { 0 } else { 0xff }, name)? }
            }
        })
    }

    pub fn len(&self) -> usize {
        match self {
            Store::F32(v) => v.len(),
            Store::F16(v) | Store::BF16(v) => v.len(),
            Store::U32(v) => v.len(),
            Store::I32(v) => v.len(),
            Store::Blocks { len, .. } => *len,
        }
    }

    /// Element `i` as a compute value (callers stay in bounds; a miss reads NaN / 0).
    #[inline]
    pub fn get(&self, i: usize) -> Value {
        match self {
            Store::F32(v) => Value::F(v.get(i).copied().unwrap_or(f32::NAN)),
            Store::F16(v) => Value::F(v.get(i).map_or(f32::NAN, |h| half::f16::from_bits(*h).to_f32())),
            Store::BF16(v) => Value::F(v.get(i).map_or(f32::NAN, |h| bf2f(*h))),
            Store::U32(v) => Value::U(v.get(i).copied().unwrap_or(0)),
            Store::I32(v) => Value::I(v.get(i).copied().unwrap_or(0)),
            Store::Blocks { elem, bytes, .. } => Value::F(block_value(*elem, bytes, i)),
        }
    }

    /// Replaces the contents with little-endian element bytes (the length was checked).
    pub fn load_bytes(&mut self, bytes: &[u8]) {
        match self {
            Store::F32(v) => v
                .iter_mut()
                .zip(bytes.chunks_exact(4))
                .for_each(|(d, c)| *d = f32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::F16(v) | Store::BF16(v) => {
                v.iter_mut().zip(bytes.chunks_exact(2)).for_each(|(d, c)| *d = u16::from_le_bytes([c[0], c[1]]))
            }
            Store::U32(v) => v
                .iter_mut()
                .zip(bytes.chunks_exact(4))
                .for_each(|(d, c)| *d = u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::I32(v) => v
                .iter_mut()
                .zip(bytes.chunks_exact(4))
                .for_each(|(d, c)| *d = i32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::Blocks { bytes: v, .. } => v.iter_mut().zip(bytes).for_each(|(d, s)| *d = *s),
        }
    }

    /// Copies `src`'s elements over these, in place (no allocation); `false`, copying nothing,
    /// where the two are not of one element type and length.
    pub fn copy_from(&mut self, src: &Store) -> bool {
        match (self, src) {
            (Store::F32(d), Store::F32(s)) if d.len() == s.len() => d.copy_from_slice(s),
            (Store::F16(d), Store::F16(s)) | (Store::BF16(d), Store::BF16(s)) if d.len() == s.len() => {
                d.copy_from_slice(s)
            }
            (Store::U32(d), Store::U32(s)) if d.len() == s.len() => d.copy_from_slice(s),
            (Store::I32(d), Store::I32(s)) if d.len() == s.len() => d.copy_from_slice(s),
            (Store::Blocks { bytes: d, .. }, Store::Blocks { bytes: s, .. }) if d.len() == s.len() => {
                d.copy_from_slice(s)
            }
            // Differing element types or lengths.
            (
                Store::F32(_) | Store::F16(_) | Store::BF16(_) | Store::U32(_) | Store::I32(_) | Store::Blocks { .. },
                _,
            ) => return false,
        }
        true
    }

    /// The elements as little-endian bytes; a copy the machine cannot allocate is an error.
    pub fn to_bytes(&self, name: &str) -> Result<Vec<u8>> {
        let bytes = match self {
            Store::F16(_) | Store::BF16(_) => self.len() * 2,
            Store::F32(_) | Store::U32(_) | Store::I32(_) => self.len() * 4,
            Store::Blocks { bytes, .. } => bytes.len(),
        };
        let mut out = Vec::new();
        out.try_reserve_exact(bytes)
            .map_err(|_| Error::OutOfMemory(format!("reading binding `{name}` back needs {bytes} host bytes")))?;
        match self {
            Store::F32(v) => out.extend(v.iter().flat_map(|x| x.to_le_bytes())),
            Store::F16(v) | Store::BF16(v) => out.extend(v.iter().flat_map(|x| x.to_le_bytes())),
            Store::U32(v) => out.extend(v.iter().flat_map(|x| x.to_le_bytes())),
            Store::I32(v) => out.extend(v.iter().flat_map(|x| x.to_le_bytes())),
            Store::Blocks { bytes, .. } => out.extend_from_slice(bytes),
        }
        Ok(out)
    }

    /// Little-endian bytes of elements `offset .. offset + len`.
    pub fn range_bytes(&self, offset: usize, len: usize) -> Vec<u8> {
        let end = (offset + len).min(self.len());
        let start = offset.min(end);
        match self {
            Store::F32(v) => v[start..end].iter().flat_map(|x| x.to_le_bytes()).collect(),
            Store::F16(v) | Store::BF16(v) => v[start..end].iter().flat_map(|x| x.to_le_bytes()).collect(),
            Store::U32(v) => v[start..end].iter().flat_map(|x| x.to_le_bytes()).collect(),
            Store::I32(v) => v[start..end].iter().flat_map(|x| x.to_le_bytes()).collect(),
            Store::Blocks { elem, bytes, .. } => {
                let (from, to) = (elem.bytes_for(start).min(bytes.len()), elem.bytes_for(end).min(bytes.len()));
                bytes[from..to].to_vec()
            }
        }
    }

    /// Overwrites elements from `offset` with little-endian element bytes.
    pub fn write_range_bytes(&mut self, offset: usize, bytes: &[u8]) {
        let start = offset.min(self.len());
        match self {
            Store::F32(v) => v[start..]
                .iter_mut()
                .zip(bytes.chunks_exact(4))
                .for_each(|(d, c)| *d = f32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::F16(v) | Store::BF16(v) => v[start..]
                .iter_mut()
                .zip(bytes.chunks_exact(2))
                .for_each(|(d, c)| *d = u16::from_le_bytes([c[0], c[1]])),
            Store::U32(v) => v[start..]
                .iter_mut()
                .zip(bytes.chunks_exact(4))
                .for_each(|(d, c)| *d = u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::I32(v) => v[start..]
                .iter_mut()
                .zip(bytes.chunks_exact(4))
                .for_each(|(d, c)| *d = i32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::Blocks { elem, bytes: v, .. } => {
                let from = elem.bytes_for(start).min(v.len());
                v[from..].iter_mut().zip(bytes).for_each(|(d, s)| *d = *s)
            }
        }
    }

    /// Copies all of `src` (same element type) to elements `offset..`; `None` if it does not fit.
    pub fn copy_in(&mut self, offset: usize, src: &Store) -> Option<()> {
        self.copy_range(offset, src, 0, src.len())
    }

    /// Copies `src[from .. from + len]` to `self[offset ..]`; `None` past either end or
    /// between element types.
    pub fn copy_range(&mut self, offset: usize, src: &Store, from: usize, len: usize) -> Option<()> {
        let (end, src_end) = (offset.checked_add(len)?, from.checked_add(len)?);
        match (self, src) {
            (Store::F32(d), Store::F32(s)) => d.get_mut(offset..end)?.copy_from_slice(s.get(from..src_end)?),
            (Store::F16(d), Store::F16(s)) | (Store::BF16(d), Store::BF16(s)) => {
                d.get_mut(offset..end)?.copy_from_slice(s.get(from..src_end)?)
            }
            (Store::U32(d), Store::U32(s)) => d.get_mut(offset..end)?.copy_from_slice(s.get(from..src_end)?),
            (Store::I32(d), Store::I32(s)) => d.get_mut(offset..end)?.copy_from_slice(s.get(from..src_end)?),
            (Store::Blocks { elem, bytes: d, .. }, Store::Blocks { elem: src_elem, bytes: s, .. })
                if elem == src_elem =>
            {
                // Whole blocks only.
                let whole = |v: usize| v.is_multiple_of(elem.block_len());
                if !(whole(offset) && whole(from) && whole(len)) {
                    return None;
                }
                let (at, src_at, n) = (elem.bytes_for(offset), elem.bytes_for(from), elem.bytes_for(len));
                d.get_mut(at..at.checked_add(n)?)?.copy_from_slice(s.get(src_at..src_at.checked_add(n)?)?)
            }
            // Different element types (or block formats): not a copy.
            (
                Store::F32(_) | Store::F16(_) | Store::BF16(_) | Store::U32(_) | Store::I32(_) | Store::Blocks { .. },
                _,
            ) => return None,
        }
        Some(())
    }

    /// Elements `offset .. offset + len` for writing, or `None` past the end.
    pub fn out_slice(&mut self, offset: usize, len: usize) -> Option<OutSlice<'_>> {
        let end = offset.checked_add(len)?;
        Some(match self {
            Store::F32(v) => OutSlice::F32(v.get_mut(offset..end)?),
            Store::F16(v) => OutSlice::F16(v.get_mut(offset..end)?),
            Store::BF16(v) => OutSlice::BF16(v.get_mut(offset..end)?),
            Store::U32(v) => OutSlice::U32(v.get_mut(offset..end)?),
            Store::I32(v) => OutSlice::I32(v.get_mut(offset..end)?),
            // Kernels never write a block format (weights only).
            Store::Blocks { .. } => return None,
        })
    }
}

/// Value `i` of block-format bytes (`elem::dequant_value`; NaN past the end).
#[inline]
fn block_value(elem: Elem, bytes: &[u8], i: usize) -> f32 {
    let size = elem.block_bytes();
    let at = (i / elem.block_len()) * size;
    bytes.get(at..at + size).map_or(f32::NAN, |block| crate::elem::dequant_value(elem, block, i % elem.block_len()))
}

/// A kernel's output range: typed, mutable, split into disjoint pieces for parallel writers.
#[derive(Debug)]
pub enum OutSlice<'a> {
    F32(&'a mut [f32]),
    F16(&'a mut [u16]),
    BF16(&'a mut [u16]),
    U32(&'a mut [u32]),
    I32(&'a mut [i32]),
}

impl<'a> OutSlice<'a> {
    pub fn len(&self) -> usize {
        match self {
            OutSlice::F32(v) => v.len(),
            OutSlice::F16(v) | OutSlice::BF16(v) => v.len(),
            OutSlice::U32(v) => v.len(),
            OutSlice::I32(v) => v.len(),
        }
    }

    /// The elements as f32 when the output is f32 (results may be written in place).
    pub fn as_f32(&mut self) -> Option<&mut [f32]> {
        match self {
            OutSlice::F32(v) => Some(v),
            OutSlice::F16(_) | OutSlice::BF16(_) | OutSlice::U32(_) | OutSlice::I32(_) => None,
        }
    }

    /// Consecutive pieces of `size` elements (the last may be shorter).
    pub fn chunks(self, size: usize) -> Vec<OutSlice<'a>> {
        let size = size.max(1);
        match self {
            OutSlice::F32(v) => v.chunks_mut(size).map(OutSlice::F32).collect(),
            OutSlice::F16(v) => v.chunks_mut(size).map(OutSlice::F16).collect(),
            OutSlice::BF16(v) => v.chunks_mut(size).map(OutSlice::BF16).collect(),
            OutSlice::U32(v) => v.chunks_mut(size).map(OutSlice::U32).collect(),
            OutSlice::I32(v) => v.chunks_mut(size).map(OutSlice::I32).collect(),
        }
    }

    /// Writes f32 values, rounded to the element type (f16/bf16 to nearest even).
    pub fn write_f32(&mut self, xs: &[f32]) {
        match self {
            OutSlice::F32(v) => v.iter_mut().zip(xs).for_each(|(d, &x)| *d = x),
            OutSlice::F16(_) | OutSlice::BF16(_) | OutSlice::U32(_) | OutSlice::I32(_) => {
                xs.iter().enumerate().for_each(|(i, &x)| self.set(i, Value::F(x)))
            }
        }
    }

    /// Writes one column of values, converted as [`OutSlice::write_f32`] does.
    pub fn write(&mut self, col: &Col) {
        match (self, col) {
            (OutSlice::F32(v), Col::F(xs)) => v.iter_mut().zip(xs).for_each(|(d, &x)| *d = x),
            (OutSlice::U32(v), Col::U(xs)) => v.iter_mut().zip(xs).for_each(|(d, &x)| *d = x),
            (OutSlice::I32(v), Col::I(xs)) => v.iter_mut().zip(xs).for_each(|(d, &x)| *d = x),
            (out, col) => (0..out.len().min(col.len())).for_each(|p| out.set(p, col.get(p))),
        }
    }

    /// Element `i` = `x`, rounded to the element type (floats to integers saturate, NaN → 0).
    fn set(&mut self, i: usize, x: Value) {
        match self {
            OutSlice::F32(v) => v[i] = x.f(),
            OutSlice::F16(v) => v[i] = half::f16::from_f32(x.f()).to_bits(),
            OutSlice::BF16(v) => v[i] = f2bf(x.f()),
            OutSlice::U32(v) => v[i] = to_u32(x),
            OutSlice::I32(v) => v[i] = to_i32(x),
        }
    }
}

fn to_u32(x: Value) -> u32 {
    match x {
        Value::U(u) => u,
        Value::I(i) => i as u32,
        Value::F(f) => f as u32,
        Value::B(b) => b as u32,
    }
}

fn to_i32(x: Value) -> i32 {
    match x {
        Value::I(i) => i,
        Value::U(u) => u as i32,
        Value::F(f) => f as i32,
        Value::B(b) => b as i32,
    }
}
