//! What a GEMM is: shapes, operand element types and layouts, batch dims; what a launch needs.

use crate::error::Error;
pub use crate::graph::checked::Precision;

/// A product the GEMM kernels do not take (callers fall back to the generic matmul template).
pub(crate) fn unsupported(reason: impl Into<String>) -> Error {
    Error::Unsupported {
        what: "this matrix product".into(),
        reason: format!("by the CUDA GEMM kernels: {}", reason.into()),
    }
}

/// Element type of an input operand in device memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Elem {
    F32,
    F16,
    BF16,
}

impl Elem {
    pub fn bytes(self) -> usize {
        match self {
            Elem::F32 => 4,
            Elem::F16 | Elem::BF16 => 2,
        }
    }
    /// Elements in one 16-byte vector.
    pub fn per_16b(self) -> usize {
        16 / self.bytes()
    }
    pub fn name(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::F16 => "f16",
            Elem::BF16 => "bf16",
        }
    }
}

/// Memory order of an operand, named from the logical matrix (A is `[M,K]`, B is `[K,N]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// A: `[M,K]` with K contiguous, `A[i*ld + k]`. B: `[K,N]` with N contiguous, `B[k*ld + j]`.
    RowMajor,
    /// A: stored `[K,M]` (M contiguous), `A[k*ld + i]`. B: stored `[N,K]` (K contiguous),
    /// `B[j*ld + k]`, the way PyTorch `Linear` weights lie.
    ColMajor,
}

/// One input operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Operand {
    pub elem: Elem,
    pub layout: Layout,
    /// Leading dimension in elements (distance between consecutive rows of the stored matrix).
    pub ld: usize,
    /// Byte alignment the caller guarantees for the base pointer (and every batch offset of
    /// it). 16 lets the kernels use 16-byte vector / `cp.async` loads.
    pub align: usize,
}

/// A batch dimension: `extent` matrices, each operand offset by its stride (in elements).
/// `c_stride` is informational: the kernel passes the flattened batch index to the epilogue,
/// which addresses C itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BatchDim {
    pub extent: usize,
    pub a_stride: usize,
    pub b_stride: usize,
    pub c_stride: usize,
}

/// Accumulator type. Only f32 exists: f16 accumulation loses too much for Forge's semantics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Accumulate {
    F32,
}

/// `C[b, i, j] = sum_k A[b, i, k] * B[b, k, j]`, handed element by element to an epilogue.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GemmSpec {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    /// Outermost first; the flattened batch index is row-major over these extents.
    pub batch: Vec<BatchDim>,
    pub a: Operand,
    pub b: Operand,
    pub accumulate: Accumulate,
    /// What f32 inputs may trade for tensor cores (explicit opt-ins: `Tf32` about 1e-3
    /// relative error, `Tf32x3` near f32's).
    pub precision: Precision,
    /// B is a convolution's windows over an NHWC input (`b` its argument, `[batch, H, W, C]`),
    /// loaded by the TMA kernel one box a tap and block of channels; `b`'s layout says
    /// K-major.
    pub window: Option<crate::ir::Windows>,
}

impl GemmSpec {
    /// Number of matrices (product of batch extents).
    pub fn batch_count(&self) -> usize {
        self.batch.iter().map(|d| d.extent).product()
    }

    pub fn elem(&self) -> Elem {
        self.a.elem
    }

    /// Checks shapes, leading dimensions and limits every kernel relies on.
    pub fn validate(&self) -> Result<(), Error> {
        let (m, n, k) = (self.m, self.n, self.k);
        if m == 0 || n == 0 || k == 0 {
            return Err(unsupported(format!("empty product: m={m} n={n} k={k}")));
        }
        if self.a.elem != self.b.elem {
            return Err(unsupported(format!("mixed operand types {} x {}", self.a.elem.name(), self.b.elem.name())));
        }
        if self.precision != Precision::F32 && self.a.elem != Elem::F32 {
            return Err(unsupported("tf32 applies to f32 operands only"));
        }
        let a_cols = match self.a.layout {
            Layout::RowMajor => k,
            Layout::ColMajor => m,
        };
        let b_cols = match self.b.layout {
            Layout::RowMajor => n,
            Layout::ColMajor => k,
        };
        if self.a.ld < a_cols {
            return Err(unsupported(format!("A: ld {} < row length {a_cols}", self.a.ld)));
        }
        if self.b.ld < b_cols {
            return Err(unsupported(format!("B: ld {} < row length {b_cols}", self.b.ld)));
        }
        let limit = i32::MAX as usize;
        if m > limit || n > limit || k > limit {
            return Err(unsupported("a dimension exceeds i32"));
        }
        match self.batch_count() {
            0 => Err(unsupported("a batch extent is zero")),
            b if b > 65535 => Err(unsupported(format!("{b} batch matrices exceed grid.z (65535)"))),
            _ => Ok(()),
        }
    }

    /// Whether an operand's rows start on 16-byte boundaries everywhere (pointer, `ld`, and
    /// every batch stride), which 16-byte vector loads and `cp.async` need.
    pub fn vec16_ok(&self, which: Which) -> bool {
        let (op, strides): (&Operand, Vec<usize>) = match which {
            Which::A => (&self.a, self.batch.iter().map(|d| d.a_stride).collect()),
            Which::B => (&self.b, self.batch.iter().map(|d| d.b_stride).collect()),
        };
        let v = op.elem.per_16b();
        op.align % 16 == 0 && op.ld % v == 0 && strides.iter().all(|s| s % v == 0)
    }
}

/// Names one of the two input operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    A,
    B,
}

/// Something the caller must provide or check before launching an emitted kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requirement {
    /// Compile and run for at least this compute capability (NVRTC `--gpu-architecture`).
    MinArch { major: u32, minor: u32 },
    /// Compile for `sm_90a` exactly (wgmma); the PTX runs on compute capability 9.0 only.
    ArchSm90a,
    /// The operand's base pointer (and every batch offset) must be aligned to this many bytes.
    PointerAlign { operand: Which, bytes: usize },
    /// Dynamic shared memory above 48 KiB: set `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`
    /// to this value before launching.
    DynamicSmemOptIn { bytes: u32 },
    /// Encode `Emitted::tensor_maps` on the host and pass them after the caller's parameters.
    TensorMaps,
}

/// A 2-D to 4-D tiled tensor map with 128-byte swizzle and zero fill out of bounds, as the TMA
/// kernel expects it: the host encodes one per entry of `Emitted::tensor_maps` (A first, then
/// B) from that operand's base device pointer (before any batch offset) and passes the 128
/// bytes by value after the kernel's own parameters. A map stays valid while the pointer and
/// shape do, so it is encoded once per buffer binding, not per launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TensorMapDesc {
    pub operand: Which,
    pub elem: Elem,
    /// 2, or 3 with a batch dimension; 4 for a window B (`[batch, H, W, C]`).
    pub rank: u32,
    /// Extents in elements, innermost (contiguous) first; those past `rank` are 1.
    pub dims: [u64; 4],
    /// Byte strides of dims 1 to 3 (dim 0 is contiguous).
    pub strides_bytes: [u64; 3],
    /// Box (one copy) extents in elements, innermost first; the inner one is 128 bytes.
    pub box_dims: [u32; 4],
}
