//! GGUF model files (llama.cpp's format): the metadata, the tensor directory and each tensor's
//! bytes, read by a small checked parser that owns the file's bytes. Always built (no GPU code).
//!
//! ```no_run
//! # fn main() -> forge_runtime::Result<()> {
//! use forge_runtime::gguf::{GgmlType, Gguf};
//! let file = Gguf::open("SmolLM2-135M-Instruct.Q4_1.gguf")?;
//! let layers = file.get_u32("llama.block_count")?;
//! let q = file.tensor("blk.0.attn_q.weight").expect("present");
//! assert_eq!(q.ty, GgmlType::Q4_1);
//! let q_bytes: &[u8] = file.tensor_bytes(q)?; // the blocks as stored, for the kernels
//! let norm: Vec<f32> = file.tensor_f32("blk.0.attn_norm.weight")?;
//! # Ok(()) }
//! ```

mod dequant;
mod ggml_type;
mod parse;
mod value;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::path::Path;

use crate::error::{Error, Result};

pub use dequant::dequantize;
pub use ggml_type::GgmlType;
pub use value::{Array, Value};

pub(crate) fn gguf_error(what: impl Into<String>, reason: impl Into<String>) -> Error {
    Error::Gguf { what: what.into(), reason: reason.into() }
}

/// One entry of the tensor directory. Fields are read-only facts about the file.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TensorInfo {
    pub name: String,
    /// Shape in ggml's `ne` order: `dims[0]` is the fastest-varying axis (the row length), so
    /// a `[576, 49152]` matrix has 49152 rows of 576 elements.
    pub dims: Vec<u64>,
    pub ty: GgmlType,
    /// Byte offset from the start of the data section (a multiple of the file's alignment).
    pub offset: u64,
    /// Bytes the tensor takes: `elements / ty.block_len() * ty.block_bytes()`.
    pub n_bytes: u64,
}

impl TensorInfo {
    /// Number of elements (product of `dims`; 1 for a scalar).
    pub fn n_elements(&self) -> u64 {
        self.dims.iter().product()
    }
}

/// A GGUF file held in memory: parsed metadata and tensor directory plus the file's bytes.
pub struct Gguf {
    bytes: Vec<u8>,
    header: parse::Header,
    tensor_index: HashMap<String, usize>,
}

impl std::fmt::Debug for Gguf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gguf")
            .field("version", &self.header.version)
            .field("metadata", &self.header.metadata.len())
            .field("tensors", &self.header.tensors.len())
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

impl Gguf {
    /// Reads and parses the file at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Gguf> {
        let path = path.as_ref();
        let bytes = std::fs::read(path)
            .map_err(|e| gguf_error(format!("file {}", path.display()), format!("cannot be read: {e}")))?;
        Gguf::from_bytes(bytes)
    }

    /// Parses a GGUF file already in memory (v2 or v3, little-endian). Errors name the field
    /// and byte offset that was wrong; no input panics or allocates more than its own size
    /// (a few times over).
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Gguf> {
        let header = parse::parse(&bytes)?;
        let tensor_index = header.tensors.iter().enumerate().map(|(i, t)| (t.name.clone(), i)).collect();
        Ok(Gguf { bytes, header, tensor_index })
    }

    /// The file's GGUF version (2 or 3).
    pub fn version(&self) -> u32 {
        self.header.version
    }

    /// Alignment of the tensors in the data section (`general.alignment`, default 32).
    pub fn alignment(&self) -> u64 {
        self.header.alignment
    }

    /// Every metadata entry in file order.
    pub fn metadata(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.header.metadata.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The value of metadata key `key`, if present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.header.index.get(key).map(|&i| &self.header.metadata[i].1)
    }

    fn typed<'a, T>(&'a self, key: &str, want: &str, pick: impl FnOnce(&'a Value) -> Option<T>) -> Result<T> {
        let value = self.get(key).ok_or_else(|| gguf_error(format!("key `{key}`"), "is missing"))?;
        pick(value).ok_or_else(|| {
            gguf_error(format!("key `{key}`"), format!("expected {want}, found {} ({value})", value.type_name()))
        })
    }

    /// A string value.
    pub fn get_str(&self, key: &str) -> Result<&str> {
        self.typed(key, "a string", Value::as_str)
    }

    /// An integer value of any type that fits in `u32`.
    pub fn get_u32(&self, key: &str) -> Result<u32> {
        self.typed(key, "an integer that fits in u32", Value::as_u32)
    }

    /// An integer value of any type that fits in `u64`.
    pub fn get_u64(&self, key: &str) -> Result<u64> {
        self.typed(key, "a non-negative integer", Value::as_u64)
    }

    /// An `f32` or `f64` value (as `f32`).
    pub fn get_f32(&self, key: &str) -> Result<f32> {
        self.typed(key, "an f32 or f64", Value::as_f32)
    }

    /// A bool value.
    pub fn get_bool(&self, key: &str) -> Result<bool> {
        self.typed(key, "a bool", Value::as_bool)
    }

    /// An array of strings.
    pub fn get_str_array(&self, key: &str) -> Result<&[String]> {
        self.typed(key, "an array of strings", |v| v.as_array().and_then(Array::as_strings))
    }

    /// An array of integers that all fit in `i32` (copied).
    pub fn get_i32_array(&self, key: &str) -> Result<Vec<i32>> {
        self.typed(key, "an array of integers that fit in i32", |v| v.as_array().and_then(Array::to_i32_vec))
    }

    /// An array of `f32` or `f64` (copied as `f32`).
    pub fn get_f32_array(&self, key: &str) -> Result<Vec<f32>> {
        self.typed(key, "an array of f32 or f64", |v| v.as_array().and_then(Array::to_f32_vec))
    }

    /// The tensor directory in file order.
    pub fn tensors(&self) -> &[TensorInfo] {
        &self.header.tensors
    }

    /// The directory entry of tensor `name`, if present.
    pub fn tensor(&self, name: &str) -> Option<&TensorInfo> {
        self.tensor_index.get(name).map(|&i| &self.header.tensors[i])
    }

    fn require(&self, name: &str) -> Result<&TensorInfo> {
        self.tensor(name).ok_or_else(|| gguf_error(format!("tensor `{name}`"), "is not in the file"))
    }

    /// Exactly the bytes of tensor `info` (blocks as stored). Errors when `info` is not an
    /// entry of this file.
    pub fn tensor_bytes(&self, info: &TensorInfo) -> Result<&[u8]> {
        let own = self.tensor(&info.name).filter(|own| *own == info);
        let range = own.and_then(|t| {
            let start = (self.header.data_start as u64).checked_add(t.offset)?;
            Some(usize::try_from(start).ok()?..usize::try_from(start.checked_add(t.n_bytes)?).ok()?)
        });
        range
            .and_then(|r| self.bytes.get(r))
            .ok_or_else(|| gguf_error(format!("tensor `{}`", info.name), "is not an entry of this file"))
    }

    /// The bytes of tensor `name`.
    pub fn tensor_data(&self, name: &str) -> Result<&[u8]> {
        self.tensor_bytes(self.require(name)?)
    }

    /// Tensor `name` widened to `f32`, for F32, F16 and BF16 tensors (norms, biases). Errors
    /// for quantized tensors: those are meant to stay blocks (see [`Gguf::tensor_dequantized`]).
    pub fn tensor_f32(&self, name: &str) -> Result<Vec<f32>> {
        let info = self.require(name)?;
        if !matches!(info.ty, GgmlType::F32 | GgmlType::F16 | GgmlType::BF16) {
            return Err(gguf_error(
                format!("tensor `{name}`"),
                format!("is {}, not F32/F16/BF16 (tensor_dequantized widens quantized tensors)", info.ty),
            ));
        }
        self.tensor_dequantized(name)
    }

    /// Tensor `name` decoded to `f32` by the reference [`dequantize`] (any type it handles).
    pub fn tensor_dequantized(&self, name: &str) -> Result<Vec<f32>> {
        let info = self.require(name)?;
        if !dequant::has_decoder(info.ty) {
            return Err(gguf_error(format!("tensor `{name}`"), format!("is {}, which has no CPU decoder", info.ty)));
        }
        let n = usize::try_from(info.n_elements())
            .map_err(|_| gguf_error(format!("tensor `{name}`"), "has more elements than memory can hold"))?;
        let mut out = vec![0.0f32; n];
        dequantize(info.ty, self.tensor_bytes(info)?, &mut out)?;
        Ok(out)
    }
}
