//! Fast f32 kernels of the CPU backend: strided batched gemm (matrixmultiply + rayon), row
//! kernels (softmax, norms, reductions, argmax) and attention over strided views.
//!
//! [`super::kernels`] sends a kernel here when the IR allows it (operands that are plain loads
//! become strided views of host memory, other operands are evaluated into contiguous buffers
//! first). The semantics are the backend's, the same as the GPU templates':
//! - arithmetic in f32; row sums in a fixed blocked-pairwise order (see [`reduce`]), so results
//!   do not depend on the thread count;
//! - gemm accumulates each element in k order with FMA (matrixmultiply's micro-kernel, k blocks
//!   of 256 added into C in order); how C is cut across threads never changes that order;
//! - `max` has identity −inf and propagates NaN; `argmax` is the first index of the largest
//!   element, NaN is never the largest, and a row of NaN gives 0;
//! - softmax of a row that holds NaN or +inf, or is all −inf, is NaN; attention of a query
//!   whose keys are all masked is NaN (as on the GPUs).
//!
//! Every entry point validates sizes, strides and offsets against its slices and returns a
//! [`KernelError`] instead of panicking or touching memory out of bounds; on error nothing has
//! been written. Work is spread over the current rayon pool.

mod attention;
mod few_rows;
mod gemm;
mod layout;
pub(crate) mod reduce;
mod rows;
#[cfg(test)]
mod tests;

pub use attention::{attention, log_sum_exps, AttentionArgs, AttentionDims};
pub use gemm::{gemm, GemmDims, GemmInput, View, ViewMut};
pub use layout::{Batch, MatLayout, MAX_BATCH_DIMS};
pub use rows::{argmax_rows, norm_rows, reduce_rows, softmax_rows, NormRows};

/// Why a fast kernel refused its arguments. Kernels validate everything before touching memory,
/// so an error means nothing was written (callers fall back to the generic path).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KernelError {
    /// More batch dims than the fixed-capacity descriptors hold.
    #[error("{rank} batch dims requested, at most {max} are supported")]
    TooManyBatchDims { rank: usize, max: usize },

    /// A size product (elements, batch count) does not fit in `usize`.
    #[error("{what}: the size overflows usize")]
    SizeOverflow { what: &'static str },

    /// A strided operand reaches elements outside its buffer.
    #[error("{operand}: layout reaches element offsets {lo}..={hi}, but the buffer holds {len} elements")]
    OutOfBounds { operand: &'static str, lo: i128, hi: i128, len: usize },

    /// An output layout maps two distinct logical elements to the same memory.
    #[error("{operand}: output layout overlaps itself (extents {extents:?}, strides {strides:?})")]
    OverlappingOutput { operand: &'static str, extents: Vec<usize>, strides: Vec<isize> },

    /// A contiguous buffer has the wrong length.
    #[error("{operand}: buffer holds {actual} elements, expected {expected}")]
    LengthMismatch { operand: &'static str, expected: usize, actual: usize },
}

/// Result alias of the fast kernels.
pub type Result<T> = std::result::Result<T, KernelError>;

impl From<KernelError> for crate::error::Error {
    fn from(e: KernelError) -> Self {
        crate::error::Error::Internal(format!("CPU kernel: {e}"))
    }
}

/// `actual == expected`, or a `LengthMismatch` naming `operand`.
pub(crate) fn expect_len(operand: &'static str, expected: usize, actual: usize) -> Result<()> {
    if expected != actual {
        return Err(KernelError::LengthMismatch { operand, expected, actual });
    }
    Ok(())
}
