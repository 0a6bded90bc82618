//! Strided operand descriptors (batch dims, matrix layouts) and their validation.
//!
//! A matrix operand is `offset + Σ b_i·batch_stride_i + r·row_stride + c·col_stride`; strides
//! are signed element counts, 0 broadcasts. Validation computes the lowest and highest reachable
//! element (in i128, so no stride can overflow it) and checks both against the buffer; once that
//! holds, every partial sum of the address expression is itself a reachable element, so the hot
//! loops may use plain `isize` arithmetic.

use super::{KernelError, Result};

/// Most batch dims a descriptor holds (batch × heads, plus room for a group dim).
pub const MAX_BATCH_DIMS: usize = 4;

/// Extents of the leading (batch) dims shared by every operand of a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Batch {
    rank: usize,
    extents: [usize; MAX_BATCH_DIMS],
}

impl Batch {
    /// No batch dims: a single matrix.
    #[cfg(test)]
    pub fn none() -> Self {
        Self::default()
    }

    /// Batch dims, outermost first.
    pub fn new(extents: &[usize]) -> Result<Self> {
        if extents.len() > MAX_BATCH_DIMS {
            return Err(KernelError::TooManyBatchDims { rank: extents.len(), max: MAX_BATCH_DIMS });
        }
        let mut out = Self { rank: extents.len(), extents: [1; MAX_BATCH_DIMS] };
        out.extents[..extents.len()].copy_from_slice(extents);
        Ok(out)
    }

    /// The extents, outermost first.
    pub fn extents(&self) -> &[usize] {
        &self.extents[..self.rank]
    }

    /// Number of batch entries (product of the extents; 1 for no batch dims).
    pub fn count(&self) -> Result<usize> {
        self.extents()
            .iter()
            .try_fold(1usize, |acc, &e| acc.checked_mul(e))
            .ok_or(KernelError::SizeOverflow { what: "batch count" })
    }

    /// Element offset of flat batch entry `flat` under `strides` (row-major over the extents).
    pub(crate) fn offset_of(&self, strides: &[isize; MAX_BATCH_DIMS], mut flat: usize) -> isize {
        let mut off = 0isize;
        for d in (0..self.rank).rev() {
            let e = self.extents[d];
            off += (flat % e) as isize * strides[d];
            flat /= e;
        }
        off
    }
}

/// Layout of one strided matrix operand (with its batch strides).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatLayout {
    /// Element offset of entry `[0.., 0, 0]`.
    pub offset: usize,
    /// Step between consecutive rows.
    pub row_stride: isize,
    /// Step between consecutive columns.
    pub col_stride: isize,
    /// Step per batch dim, outermost first; entries past the batch rank are ignored. 0 broadcasts.
    pub batch_strides: [isize; MAX_BATCH_DIMS],
}

impl MatLayout {
    /// Dense row-major `[rows, cols]` with no batch strides.
    #[cfg(test)]
    pub fn row_major(cols: usize) -> Self {
        Self { offset: 0, row_stride: cols as isize, col_stride: 1, batch_strides: [0; MAX_BATCH_DIMS] }
    }

    /// General layout.
    pub fn new(offset: usize, row_stride: isize, col_stride: isize) -> Self {
        Self { offset, row_stride, col_stride, batch_strides: [0; MAX_BATCH_DIMS] }
    }

    /// Replace the base offset.
    pub fn with_offset(self, offset: usize) -> Self {
        Self { offset, ..self }
    }

    /// Set the batch strides, outermost first.
    pub fn with_batch_strides(self, strides: &[isize]) -> Result<Self> {
        if strides.len() > MAX_BATCH_DIMS {
            return Err(KernelError::TooManyBatchDims { rank: strides.len(), max: MAX_BATCH_DIMS });
        }
        let mut out = self;
        out.batch_strides = [0; MAX_BATCH_DIMS];
        out.batch_strides[..strides.len()].copy_from_slice(strides);
        Ok(out)
    }

    /// Batch strides followed by row and column strides, paired with the matching extents.
    fn dims(&self, batch: &Batch, rows: usize, cols: usize) -> (Vec<usize>, Vec<isize>) {
        let mut extents = batch.extents().to_vec();
        let mut strides = self.batch_strides[..batch.rank].to_vec();
        extents.extend([rows, cols]);
        strides.extend([self.row_stride, self.col_stride]);
        (extents, strides)
    }
}

/// Inclusive range of element offsets an operand reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    pub lo: usize,
    pub hi: usize,
}

/// Check that `layout` over `batch × rows × cols` stays inside a buffer of `len` elements.
/// Returns `None` when the operand has no elements (nothing is read or written).
pub(crate) fn check_span(
    operand: &'static str,
    batch: &Batch,
    rows: usize,
    cols: usize,
    layout: &MatLayout,
    len: usize,
) -> Result<Option<Span>> {
    let (extents, strides) = layout.dims(batch, rows, cols);
    if extents.contains(&0) {
        return Ok(None);
    }
    let mut lo = layout.offset as i128;
    let mut hi = lo;
    for (&e, &s) in extents.iter().zip(&strides) {
        let reach = (e as i128 - 1) * s as i128;
        if reach < 0 {
            lo += reach;
        } else {
            hi += reach;
        }
    }
    if lo < 0 || hi >= len as i128 {
        return Err(KernelError::OutOfBounds { operand, lo, hi, len });
    }
    // Both bounds are inside [0, len), so they fit usize.
    Ok(Some(Span { lo: lo as usize, hi: hi as usize }))
}

/// Check that distinct logical elements of an output never share memory (sufficient test:
/// sorted by |stride|, each dim with extent > 1 must step past the whole span of the smaller
/// ones). The kernels write disjoint pieces from several threads, which relies on this.
pub(crate) fn check_no_overlap(
    operand: &'static str,
    batch: &Batch,
    rows: usize,
    cols: usize,
    layout: &MatLayout,
) -> Result<()> {
    let (extents, strides) = layout.dims(batch, rows, cols);
    if extents.contains(&0) {
        return Ok(());
    }
    let mut live: Vec<(u128, u128)> = extents
        .iter()
        .zip(&strides)
        .filter(|(&e, _)| e > 1)
        .map(|(&e, &s)| (s.unsigned_abs() as u128, e as u128))
        .collect();
    live.sort_unstable();
    let mut span = 0u128; // largest offset difference reachable by the smaller dims
    for (stride, extent) in live {
        if stride <= span {
            return Err(KernelError::OverlappingOutput { operand, extents, strides });
        }
        span += stride * (extent - 1);
    }
    Ok(())
}

/// `a * b` or a `SizeOverflow` error naming `what`.
pub(crate) fn mul(what: &'static str, a: usize, b: usize) -> Result<usize> {
    a.checked_mul(b).ok_or(KernelError::SizeOverflow { what })
}
