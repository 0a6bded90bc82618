//! Row kernels' launch: threads a row, rows a workgroup, values a thread.

use super::{product, VECTOR_POINTS};
pub use crate::ir::limits::{row_layout, RowLayout, ROW_VALUES_MAX};
use crate::ir::{KernelBody, Schedule};

/// The layout a row chain runs (`rows_resident`): [`row_layout`] under the default schedule,
/// whatever the kernel's own (fusion only chains kernels that hold their rows in registers
/// under it, and a chain has no variants to tune). Where its rows fit one workgroup, the
/// workgroup has only the rows' threads, each holding `s.items` values when above one, else
/// [`CHAIN_FEW_ROWS_VALUES`] ([`wgsl_schedule`] asks for [`WGSL_CHAIN_VALUES`]).
pub fn chain_layout(c: &crate::ir::RowChain, s: &Schedule) -> RowLayout {
    let rows = product(&c.leading);
    let l = row_layout(c.cols, rows, &Schedule::default());
    let threads = Schedule::default().workgroup;
    let values = if s.items > 1 { s.items as usize } else { CHAIN_FEW_ROWS_VALUES };
    let per_row = c.cols.div_ceil(values).max(1).next_power_of_two().min(threads as usize) as u32;
    if !l.resident || rows > u64::from(threads / per_row) || c.cols.div_ceil(per_row as usize) > ROW_VALUES_MAX {
        return l;
    }
    RowLayout { per_row, rows: (rows.max(1) as u32).next_power_of_two().min(threads / per_row), resident: true }
}

/// Values a thread of a row chain holds when all its rows fit one workgroup ([`chain_layout`]):
/// such a chain is one workgroup bound by each stage's latency, and a thread's serial work is
/// most of it. 100 dependent 1 × 1024 softmaxes chained on the H200 ran fastest at 4 values
/// on CUDA and at 8 on wgpu, and slower with every doubling past that (BENCHMARKS.md).
pub const CHAIN_FEW_ROWS_VALUES: usize = 4;
/// The values [`wgsl_schedule`] gives a row chain's threads (see [`CHAIN_FEW_ROWS_VALUES`]).
pub const WGSL_CHAIN_VALUES: u32 = 8;

/// The layout a row kernel runs: [`row_layout`], except that row reductions (`sum`, `mean`,
/// `max`, `argmax`: one value a row, one read of the row either way) hold their row in
/// registers only under a schedule of [`VECTOR_POINTS`] items, which [`cuda_schedule`] gives
/// them: a WGSL compiler may factor a common multiplier out of the unrolled sum (lavapipe
/// turned `sum(x * 1e-37)` of 3e38s into `sum(x) * 1e-37`, an overflow), which the streaming
/// loop does not expose. `None` for other kernels.
pub fn body_row_layout(body: &KernelBody, s: &Schedule) -> Option<RowLayout> {
    match body {
        KernelBody::Row { .. } if s.items != VECTOR_POINTS => {
            Some(RowLayout { per_row: s.workgroup.max(1), rows: 1, resident: false })
        }
        KernelBody::Row { cols, leading, .. }
        | KernelBody::Softmax { cols, leading, .. }
        | KernelBody::Norm { cols, leading, .. } => Some(row_layout(*cols, product(leading), s)),
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => None,
    }
}
