//! Host memory of the CPU backend: one typed vector per plan buffer, with the element
//! conversions of loads (to the compute type) and stores (rounding to the element).

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
}

fn alloc<T: Clone>(len: usize, fill: T, name: &str) -> Result<Vec<T>> {
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
        })
    }

    pub fn len(&self) -> usize {
        match self {
            Store::F32(v) => v.len(),
            Store::F16(v) | Store::BF16(v) => v.len(),
            Store::U32(v) => v.len(),
            Store::I32(v) => v.len(),
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
        }
    }

    /// Stores `x` at `i`, rounded to the element type.
    #[inline]
    pub fn set(&mut self, i: usize, x: Value) {
        match self {
            Store::F32(v) => {
                if let Some(s) = v.get_mut(i) {
                    *s = x.f();
                }
            }
            Store::F16(v) => {
                if let Some(s) = v.get_mut(i) {
                    *s = half::f16::from_f32(x.f()).to_bits();
                }
            }
            Store::BF16(v) => {
                if let Some(s) = v.get_mut(i) {
                    *s = f2bf(x.f());
                }
            }
            Store::U32(v) => {
                if let Some(s) = v.get_mut(i) {
                    *s = match x {
                        Value::U(u) => u,
                        Value::I(i) => i as u32,
                        Value::F(f) => f as u32,
                        Value::B(b) => b as u32,
                    };
                }
            }
            Store::I32(v) => {
                if let Some(s) = v.get_mut(i) {
                    *s = match x {
                        Value::I(i) => i,
                        Value::U(u) => u as i32,
                        Value::F(f) => f as i32,
                        Value::B(b) => b as i32,
                    };
                }
            }
        }
    }

    /// Replaces the contents with little-endian element bytes (the length was checked).
    pub fn load_bytes(&mut self, bytes: &[u8]) {
        match self {
            Store::F32(v) => v.iter_mut().zip(bytes.chunks_exact(4)).for_each(|(d, c)| *d = f32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::F16(v) | Store::BF16(v) => v.iter_mut().zip(bytes.chunks_exact(2)).for_each(|(d, c)| *d = u16::from_le_bytes([c[0], c[1]])),
            Store::U32(v) => v.iter_mut().zip(bytes.chunks_exact(4)).for_each(|(d, c)| *d = u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::I32(v) => v.iter_mut().zip(bytes.chunks_exact(4)).for_each(|(d, c)| *d = i32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        }
    }

    /// The elements as little-endian bytes; a copy the machine cannot allocate is an error.
    pub fn to_bytes(&self, name: &str) -> Result<Vec<u8>> {
        let size = match self {
            Store::F16(_) | Store::BF16(_) => 2,
            _ => 4,
        };
        let mut out = Vec::new();
        out.try_reserve_exact(self.len() * size)
            .map_err(|_| Error::OutOfMemory(format!("reading binding `{name}` back needs {} host bytes", self.len() * size)))?;
        match self {
            Store::F32(v) => out.extend(v.iter().flat_map(|x| x.to_le_bytes())),
            Store::F16(v) | Store::BF16(v) => out.extend(v.iter().flat_map(|x| x.to_le_bytes())),
            Store::U32(v) => out.extend(v.iter().flat_map(|x| x.to_le_bytes())),
            Store::I32(v) => out.extend(v.iter().flat_map(|x| x.to_le_bytes())),
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
        }
    }

    /// Overwrites elements from `offset` with little-endian element bytes.
    pub fn write_range_bytes(&mut self, offset: usize, bytes: &[u8]) {
        let start = offset.min(self.len());
        match self {
            Store::F32(v) => v[start..].iter_mut().zip(bytes.chunks_exact(4)).for_each(|(d, c)| *d = f32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::F16(v) | Store::BF16(v) => v[start..].iter_mut().zip(bytes.chunks_exact(2)).for_each(|(d, c)| *d = u16::from_le_bytes([c[0], c[1]])),
            Store::U32(v) => v[start..].iter_mut().zip(bytes.chunks_exact(4)).for_each(|(d, c)| *d = u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            Store::I32(v) => v[start..].iter_mut().zip(bytes.chunks_exact(4)).for_each(|(d, c)| *d = i32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        }
    }

    /// The f32 elements, when the buffer holds f32 (fast paths read them directly).
    pub fn as_f32(&self) -> Option<&[f32]> {
        match self {
            Store::F32(v) => Some(v),
            _ => None,
        }
    }
}
