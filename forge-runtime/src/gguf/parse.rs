//! The GGUF v2/v3 (little-endian) header parser. A model file is untrusted input: every
//! length, count and offset is checked against the bytes that remain before anything is
//! allocated or sliced, so a truncated or hostile file is an error naming what was wrong and
//! at which byte, never a panic or an allocation larger than the file.

use std::collections::HashMap;

use super::{gguf_error, Array, GgmlType, TensorInfo, Value};
use crate::error::Result;

const MAGIC: &[u8; 4] = b"GGUF";
/// Alignment of the data section and of every tensor when `general.alignment` is absent.
pub(super) const DEFAULT_ALIGNMENT: u64 = 32;
/// Dimensions a tensor may have (ggml's GGML_MAX_DIMS).
const MAX_DIMS: u32 = 4;
/// Arrays of arrays nest at most this deep (ggml itself reads none), so the recursion is bounded.
const MAX_ARRAY_DEPTH: u32 = 8;
/// Smallest encodings, used to refuse counts that the remaining bytes cannot hold.
const MIN_KV_BYTES: u64 = 8 + 4 + 1;
const MIN_TENSOR_INFO_BYTES: u64 = 8 + 4 + 4 + 8;
/// Collections reserve at most this many entries up front and grow as entries actually parse,
/// so a count that the file's size allows but its content does not back costs no memory.
const PREALLOCATE_MAX: usize = 1 << 12;

/// Everything the header says, with tensor offsets checked against the data section.
pub(super) struct Header {
    pub version: u32,
    pub metadata: Vec<(String, Value)>,
    pub index: HashMap<String, usize>,
    pub tensors: Vec<TensorInfo>,
    pub alignment: u64,
    pub data_start: usize,
}

/// A bounds-checked little-endian reader over the file's bytes.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn remaining(&self) -> u64 {
        (self.bytes.len() - self.pos) as u64
    }

    fn take(&mut self, n: u64, what: &str) -> Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(gguf_error(
                format!("{what} at byte {}", self.pos),
                format!("needs {n} bytes but the file ends after {} (truncated file?)", self.remaining()),
            ));
        }
        let start = self.pos;
        self.pos += n as usize;
        Ok(&self.bytes[start..self.pos])
    }

    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N]> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N as u64, what)?);
        Ok(out)
    }

    fn u32(&mut self, what: &str) -> Result<u32> {
        self.array(what).map(u32::from_le_bytes)
    }

    fn u64(&mut self, what: &str) -> Result<u64> {
        self.array(what).map(u64::from_le_bytes)
    }

    /// A count of items of at least `min_item_bytes` each, refused when the rest of the file
    /// could not hold that many (this bounds every allocation by the file's size).
    fn count(&mut self, min_item_bytes: u64, what: &str) -> Result<usize> {
        let at = self.pos;
        let n = self.u64(what)?;
        let fits = self.remaining() / min_item_bytes.max(1);
        if n > fits {
            return Err(gguf_error(
                format!("{what} at byte {at}"),
                format!(
                    "{n} items of at least {min_item_bytes} bytes cannot fit in the {} bytes left",
                    self.remaining()
                ),
            ));
        }
        Ok(n as usize)
    }

    /// A GGUF string: u64 length then bytes. Invalid UTF-8 is replaced (U+FFFD), as a few
    /// published vocabularies hold partial characters; the file still opens.
    fn string(&mut self, what: &str) -> Result<String> {
        let len = self.u64(what)?;
        Ok(String::from_utf8_lossy(self.take(len, what)?).into_owned())
    }
}

/// Smallest encoding of one element of GGUF value type `ty` (0 for an unknown type).
fn min_elem_bytes(ty: u32) -> u64 {
    match ty {
        0 | 1 | 7 => 1,
        2 | 3 => 2,
        4..=6 => 4,
        8 | 10..=12 => 8,
        9 => 4 + 8,
        _ => 0,
    }
}

fn unknown_type(what: &str, at: usize, ty: u32) -> crate::Error {
    gguf_error(format!("{what} at byte {at}"), format!("unknown GGUF value type {ty} (known: 0..=12)"))
}

fn read_value(c: &mut Cursor, ty: u32, what: &str) -> Result<Value> {
    let at = c.pos;
    Ok(match ty {
        0 => Value::U8(c.array::<1>(what)?[0]),
        1 => Value::I8(i8::from_le_bytes(c.array(what)?)),
        2 => Value::U16(u16::from_le_bytes(c.array(what)?)),
        3 => Value::I16(i16::from_le_bytes(c.array(what)?)),
        4 => Value::U32(c.u32(what)?),
        5 => Value::I32(i32::from_le_bytes(c.array(what)?)),
        6 => Value::F32(f32::from_le_bytes(c.array(what)?)),
        7 => Value::Bool(read_bool(c, what)?),
        8 => Value::String(c.string(what)?),
        9 => {
            let elem_ty = c.u32(what)?;
            Value::Array(read_array(c, elem_ty, what, 0)?)
        }
        10 => Value::U64(c.u64(what)?),
        11 => Value::I64(i64::from_le_bytes(c.array(what)?)),
        12 => Value::F64(f64::from_le_bytes(c.array(what)?)),
        _ => return Err(unknown_type(what, at, ty)),
    })
}

fn read_bool(c: &mut Cursor, what: &str) -> Result<bool> {
    let at = c.pos;
    match c.array::<1>(what)?[0] {
        0 => Ok(false),
        1 => Ok(true),
        b => Err(gguf_error(format!("{what} at byte {at}"), format!("bool byte is {b}, neither 0 nor 1"))),
    }
}

/// An array body (count, then elements of `ty`); the element type was already read.
fn read_array(c: &mut Cursor, ty: u32, what: &str, depth: u32) -> Result<Array> {
    let at = c.pos;
    if min_elem_bytes(ty) == 0 {
        return Err(unknown_type(what, at, ty));
    }
    let n = c.count(min_elem_bytes(ty), what)?;
    fn many<T>(n: usize, mut item: impl FnMut() -> Result<T>) -> Result<Vec<T>> {
        let mut v = Vec::with_capacity(n.min(PREALLOCATE_MAX));
        for _ in 0..n {
            v.push(item()?);
        }
        Ok(v)
    }
    Ok(match ty {
        0 => Array::U8(c.take(n as u64, what)?.to_vec()),
        1 => Array::I8(c.take(n as u64, what)?.iter().map(|&b| b as i8).collect()),
        2 => Array::U16(many(n, || c.array(what).map(u16::from_le_bytes))?),
        3 => Array::I16(many(n, || c.array(what).map(i16::from_le_bytes))?),
        4 => Array::U32(many(n, || c.u32(what))?),
        5 => Array::I32(many(n, || c.array(what).map(i32::from_le_bytes))?),
        6 => Array::F32(many(n, || c.array(what).map(f32::from_le_bytes))?),
        7 => Array::Bool(many(n, || read_bool(c, what))?),
        8 => Array::String(many(n, || c.string(what))?),
        9 => {
            if depth + 1 >= MAX_ARRAY_DEPTH {
                return Err(gguf_error(
                    format!("{what} at byte {at}"),
                    format!("arrays nest deeper than {MAX_ARRAY_DEPTH} levels"),
                ));
            }
            Array::Array(many(n, || {
                let inner_ty = c.u32(what)?;
                read_array(c, inner_ty, what, depth + 1)
            })?)
        }
        10 => Array::U64(many(n, || c.u64(what))?),
        11 => Array::I64(many(n, || c.array(what).map(i64::from_le_bytes))?),
        12 => Array::F64(many(n, || c.array(what).map(f64::from_le_bytes))?),
        _ => return Err(unknown_type(what, at, ty)),
    })
}

pub(super) fn parse(bytes: &[u8]) -> Result<Header> {
    let mut c = Cursor { bytes, pos: 0 };
    let magic = c.array::<4>("magic")?;
    if &magic != MAGIC {
        return Err(gguf_error(
            "magic at byte 0",
            format!("expected \"GGUF\", found \"{}\" (not a GGUF file)", magic.escape_ascii()),
        ));
    }
    let version = c.u32("version")?;
    match version {
        2 | 3 => {}
        1 => return Err(gguf_error("version at byte 4", "GGUF v1 (32-bit counts) is not supported; convert the file")),
        v if v & 0xFFFF == 0 => {
            return Err(gguf_error(
                "version at byte 4",
                format!("{v:#x} looks big-endian; only little-endian files are read"),
            ))
        }
        v => return Err(gguf_error("version at byte 4", format!("version {v} is not 2 or 3"))),
    }
    let n_tensors = c.count(MIN_TENSOR_INFO_BYTES, "tensor_count")?;
    let n_kv = c.count(MIN_KV_BYTES, "kv_count")?;

    let mut metadata = Vec::with_capacity(n_kv.min(PREALLOCATE_MAX));
    let mut index = HashMap::with_capacity(n_kv.min(PREALLOCATE_MAX));
    for i in 0..n_kv {
        let at = c.pos;
        let key = c.string(&format!("key of metadata entry {i}"))?;
        let what = format!("value of key `{key}`");
        let ty = c.u32(&what)?;
        let value = read_value(&mut c, ty, &what)?;
        if index.insert(key.clone(), metadata.len()).is_some() {
            return Err(gguf_error(format!("key `{key}` at byte {at}"), "the key appears twice"));
        }
        metadata.push((key, value));
    }

    let alignment = match index.get("general.alignment").map(|&i| &metadata[i].1) {
        None => DEFAULT_ALIGNMENT,
        Some(v) => match v.as_u32() {
            Some(a) if a.is_power_of_two() => a as u64,
            _ => {
                let found = format!("{v} ({})", v.type_name());
                return Err(gguf_error("key `general.alignment`", format!("{found} is not a u32 power of two")));
            }
        },
    };

    let mut tensors: Vec<TensorInfo> = Vec::with_capacity(n_tensors.min(PREALLOCATE_MAX));
    let mut names = HashMap::with_capacity(n_tensors.min(PREALLOCATE_MAX));
    for i in 0..n_tensors {
        let at = c.pos;
        let name = c.string(&format!("name of tensor {i}"))?;
        let what = format!("tensor `{name}` (info at byte {at})");
        let n_dims = c.u32(&what)?;
        if n_dims > MAX_DIMS {
            return Err(gguf_error(what, format!("{n_dims} dimensions, more than {MAX_DIMS}")));
        }
        let dims = (0..n_dims).map(|_| c.u64(&what)).collect::<Result<Vec<u64>>>()?;
        let ty = GgmlType::from_id(c.u32(&what)?);
        let offset = c.u64(&what)?;
        let n_bytes = tensor_bytes(&dims, ty).map_err(|reason| gguf_error(&what, reason))?;
        if !offset.is_multiple_of(alignment) {
            return Err(gguf_error(what, format!("offset {offset} is not a multiple of the alignment {alignment}")));
        }
        if names.insert(name.clone(), i).is_some() {
            return Err(gguf_error(what, "the tensor name appears twice"));
        }
        tensors.push(TensorInfo { name, dims, ty, offset, n_bytes });
    }

    // The data section starts at the next multiple of the alignment after the header.
    let data_start = (c.pos as u64).div_ceil(alignment) * alignment;
    let file_len = bytes.len() as u64;
    if !tensors.is_empty() && data_start > file_len {
        return Err(gguf_error(
            format!("data section at byte {data_start}"),
            format!("starts past the end of the {file_len}-byte file (truncated file?)"),
        ));
    }
    let data_start = data_start.min(file_len);
    let data_len = file_len - data_start;
    for t in &tensors {
        let end = t.offset.checked_add(t.n_bytes);
        if end.is_none_or(|end| end > data_len) {
            return Err(gguf_error(
                format!("tensor `{}`", t.name),
                format!(
                    "its {} bytes at data offset {} end past the {data_len}-byte data section (truncated file?)",
                    t.n_bytes, t.offset
                ),
            ));
        }
    }
    Ok(Header { version, metadata, index, tensors, alignment, data_start: data_start as usize })
}

/// Bytes of a tensor of shape `dims` (ne order) and type `ty`, with every product checked.
fn tensor_bytes(dims: &[u64], ty: GgmlType) -> std::result::Result<u64, String> {
    let Some(block_len) = ty.block_len() else {
        return Err(format!("{ty} is not a type this reader knows, so its size is unknown"));
    };
    let mut n: u64 = 1;
    for &d in dims {
        if d > i64::MAX as u64 {
            return Err(format!("dimension {d} is negative as ggml's int64"));
        }
        n = n.checked_mul(d).filter(|&n| n <= i64::MAX as u64).ok_or_else(|| format!("dims {dims:?} overflow"))?;
    }
    let row = dims.first().copied().unwrap_or(1);
    if !row.is_multiple_of(block_len as u64) {
        return Err(format!("rows of {row} elements are not a whole number of {block_len}-element {ty} blocks"));
    }
    ty.bytes_for(n).ok_or_else(|| format!("dims {dims:?} of {ty} overflow in bytes"))
}
