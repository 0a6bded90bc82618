//! Host-side data crossing the API: typed slices in, typed vectors out, uniforms, profiles
//! and lowered sources.

use crate::elem::{Elem, Element};
use crate::error::{Error, Result};
use std::fmt;
use std::time::Duration;

/// A borrowed host slice of any element type. Its byte length is always `len × size`.
#[derive(Debug, Clone, Copy)]
pub struct HostSlice<'a> {
    elem: Elem,
    len: usize,
    bytes: &'a [u8],
}

impl<'a> HostSlice<'a> {
    /// `len` counts values: a slice of GGUF blocks holds 32 values a block.
    pub fn of<T: Element>(data: &'a [T]) -> HostSlice<'a> {
        let len = data.len().saturating_mul(T::ELEM.block_len());
        HostSlice { elem: T::ELEM, len, bytes: bytemuck::cast_slice(data) }
    }
    /// Little-endian element bytes (whole blocks for the block formats); errors unless
    /// `bytes.len() == elem.bytes_for(len)` and `len` is a whole number of blocks.
    pub fn from_bytes(elem: Elem, len: usize, bytes: &'a [u8]) -> Result<HostSlice<'a>> {
        let want =
            len.is_multiple_of(elem.block_len()).then(|| (len / elem.block_len()).checked_mul(elem.block_bytes()));
        if want.flatten() != Some(bytes.len()) {
            return Err(Error::LengthMismatch {
                binding: "host slice".into(),
                shape: format!("{len} {elem} elements"),
                expected: want.flatten().unwrap_or(usize::MAX),
                actual: bytes.len(),
            });
        }
        Ok(HostSlice { elem, len, bytes })
    }
    pub fn elem(&self) -> Elem {
        self.elem
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// An owned host buffer of any element type (an output or a state read back). Its byte length
/// is always `len × size`.
#[derive(Debug, Clone, PartialEq)]
pub struct HostVec {
    elem: Elem,
    len: usize,
    bytes: Vec<u8>,
}

impl HostVec {
    /// Element bytes read back from a device; errors unless their length fits `len` elements.
    pub fn from_bytes(elem: Elem, len: usize, bytes: Vec<u8>) -> Result<HostVec> {
        HostSlice::from_bytes(elem, len, &bytes)?;
        Ok(HostVec { elem, len, bytes })
    }
    pub fn elem(&self) -> Elem {
        self.elem
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The elements as `T`; errors when `T` is not the buffer's element type.
    pub fn to_vec<T: Element>(&self, binding: &str) -> Result<Vec<T>> {
        if T::ELEM != self.elem {
            return Err(Error::TypeMismatch {
                binding: binding.into(),
                expected: self.elem.to_string(),
                actual: T::ELEM.to_string(),
            });
        }
        Ok(bytemuck::pod_collect_to_vec(&self.bytes))
    }
}

/// What `source` lowers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// WGSL, as run by the wgpu backend.
    Wgsl,
    /// PTX, as NVRTC compiles the CUDA-C program for an `sm_80` device (needs the NVRTC
    /// library, no GPU).
    Ptx,
    /// CUDA-C, the program the CUDA backend compiles with NVRTC for an sm_90 device (H100,
    /// H200); matmul kernels are chosen per device, so other GPUs run other variants (works
    /// with no GPU).
    CudaC,
}

/// The code of one kernel.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelSource {
    pub node: String,
    pub entry: String,
    pub code: String,
}

/// The code every node of a graph lowered to; `Display` prints it all, each kernel headed by
/// a comment line naming its node.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    pub target: Target,
    pub kernels: Vec<KernelSource>,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, k) in self.kernels.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            if !k.code.starts_with("// node:") {
                writeln!(f, "// node: {}", k.node)?;
            }
            f.write_str(&k.code)?;
            if !k.code.ends_with('\n') {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// Time of one kernel of the last run.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelTime {
    pub node: String,
    /// The kernel's template, e.g. `matmul`.
    pub entry: String,
    /// Which variant of the template ran, e.g. `tiled 16x16`, `tensor-core mma`.
    pub variant: String,
    /// Device time (GPU timestamps, CUDA events, or the CPU backend's own wall time), when the
    /// backend can measure it.
    pub time: Option<Duration>,
}

/// Per-node times of the last run.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub backend: String,
    /// Host wall time of the whole `run`, uploads and readback included.
    pub wall: Duration,
    /// Host time spent launching the kernels (CUDA: the launches or the graph replay; wgpu:
    /// from the start of the run to the submission's return, uploads and encoding included).
    pub enqueue: Option<Duration>,
    /// Device time of the whole graph when measured as one span (a replayed CUDA graph). On
    /// CUDA, from the second run of an instance, the stream is held while the run is enqueued,
    /// so this (and each kernel's time) counts device work only, not the host's launches.
    pub device: Option<Duration>,
    pub kernels: Vec<KernelTime>,
}

impl Profile {
    /// Device time of the whole graph: measured as one span, or the sum of the kernel times.
    pub fn device_total(&self) -> Option<Duration> {
        self.device.or_else(|| self.kernels.iter().map(|k| k.time).sum())
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total =
            self.device_total().map(|d| format!("{:.1} us", d.as_secs_f64() * 1e6)).unwrap_or_else(|| "n/a".into());
        writeln!(
            f,
            "{:>12}  {:<14} node   ({}; run wall {:.1} us, device {total})",
            "device time",
            "kernel",
            self.backend,
            self.wall.as_secs_f64() * 1e6
        )?;
        for k in &self.kernels {
            let t = k.time.map(|t| format!("{:.1} us", t.as_secs_f64() * 1e6)).unwrap_or_else(|| "n/a".into());
            writeln!(f, "{t:>12}  {:<14} {}  [{}]", k.entry, k.node, k.variant)?;
        }
        Ok(())
    }
}
