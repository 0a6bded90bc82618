//! Launch limits the target-neutral passes respect and every code generator shares: which
//! products count as few-row (skinny) and how a row kernel lays its rows over a workgroup
//! (fusion chains only rows that stay in registers). Below the code generators, so the IR's
//! passes never import them.

use super::{AttentionBody, Schedule};

/// Workgroups per dispatch dimension every WebGPU adapter supports (CUDA's y limit too).
pub const MAX_WORKGROUPS_PER_DIM: u32 = 65_535;

/// Matmuls with at most this many rows per batch entry (folded, `geometry::matmul_rows`) use
/// the skinny kernel.
pub const SKINNY_MAX_M: usize = 8;

/// Values a thread of a register-resident row kernel holds at most when the workgroup has
/// threads to spare: a row gets the fewest threads (a power of two) that keep each at or under
/// this (more threads a row, more warps to hide latency when there are few rows).
pub const ROW_VALUES_TARGET: usize = 16;
/// Values a thread holds at most in registers; rows longer than this per thread of the
/// workgroup stream through memory instead (`rows`: 64 × 256 threads = 16,384 columns).
pub const ROW_VALUES_MAX: usize = 64;

/// How a row kernel splits its workgroup between rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowLayout {
    /// Threads per row (a power of two).
    pub per_row: u32,
    /// Rows per workgroup (`threads / per_row`).
    pub rows: u32,
    /// Each thread holds its values of the row in registers and the row is read once
    /// (`rows_resident`); otherwise one row per workgroup, streamed once per pass (`rows`).
    pub resident: bool,
}

/// Values a thread of a register-resident row kernel holds when the kernel has few rows
/// ([`row_layout`]): one 16-byte vector.
pub const FEW_ROWS_VALUES: usize = 4;

/// The layout of a row kernel of `rows` rows of `cols` columns under schedule `s`:
/// register-resident when the workgroup is a power of two and the row fits in
/// [`ROW_VALUES_MAX`] values a thread; short rows share a workgroup (MiniLM's 384-wide norms:
/// 32 threads of 12 values, 8 rows). Where all the rows fit one workgroup that way, each row
/// gets threads for [`FEW_ROWS_VALUES`] values instead of [`ROW_VALUES_TARGET`]: the kernel
/// is then one latency-bound workgroup, and a thread's serial work (its `exp`s and divisions)
/// is the latency: 100 dependent 1 × 1024 softmaxes ran faster, on CUDA and wgpu. Spreading every kernel of at most one wave so made
/// MiniLM batch 8 (240 rows of 384) and the batch-64 MLP block slower on CUDA (BENCHMARKS.md).
pub fn row_layout(cols: usize, rows: u64, s: &Schedule) -> RowLayout {
    let threads = s.workgroup.max(1);
    let per_row_at = |values: usize| cols.div_ceil(values).max(1).next_power_of_two().min(threads as usize);
    let one_group = rows <= u64::from(threads) / per_row_at(ROW_VALUES_TARGET) as u64;
    let per_row = per_row_at(if one_group { FEW_ROWS_VALUES } else { ROW_VALUES_TARGET }) as u32;
    if !threads.is_power_of_two() || cols.div_ceil(per_row as usize) > ROW_VALUES_MAX {
        return RowLayout { per_row: threads, rows: 1, resident: false };
    }
    RowLayout { per_row, rows: threads / per_row, resident: true }
}

/// f32 of workgroup memory the attention kernel may use (16 KiB, every WebGPU adapter's).
pub const ATTENTION_SHARED_FLOATS: usize = 4096;

/// Most query rows a batch entry may have for the spread attention ([`attention_spread_layout`]).
pub const ATTENTION_SPREAD_MAX_ROWS: usize = 4;
/// Threads of a spread attention workgroup (fewer where the schedule's workgroup is smaller).
pub const ATTENTION_SPREAD_THREADS: u32 = 256;

/// The spread attention (`codegen::attention_spread`'s kernel) for decoding, where a batch entry has
/// a few query rows and many keys: one workgroup an entry, its threads spread over the keys
/// (each scores keys `lid, lid + threads, ..` against every row, the scores in workgroup
/// memory), a workgroup-wide softmax, then `key_groups` groups of `lanes` threads each sum
/// every `key_groups`-th key's value row. The per-key chain of the online softmax (one lane
/// walking hundreds of keys) becomes a few loads in flight per thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttentionSpread {
    pub threads: u32,
    /// Threads along the output dims in the values' pass (a power of two, at most `threads`).
    pub lanes: usize,
}

impl AttentionSpread {
    /// Groups of [`lanes`](Self::lanes) threads in the values' pass, each taking every
    /// `key_groups`-th key.
    pub fn key_groups(self) -> usize {
        self.threads as usize / self.lanes
    }
    /// Output dims a thread sums in the values' pass.
    pub fn dims_per_lane(self, a: &AttentionBody) -> usize {
        a.ev.div_ceil(self.lanes)
    }
    /// Where the second region starts (queries, then reduction partials, then partial outputs;
    /// the first holds the scores, then the probabilities, `tq · tk`).
    pub fn second(self, a: &AttentionBody) -> usize {
        a.tq * a.tk
    }
    /// Where each row's denominator is kept.
    pub fn stats(self, a: &AttentionBody) -> usize {
        let t = self.threads as usize;
        self.second(a) + (a.tq * a.e).max(a.tq * t).max(self.key_groups() * a.tq * a.ev)
    }
    /// Workgroup memory (f32).
    pub fn floats(self, a: &AttentionBody) -> usize {
        self.stats(a) + a.tq
    }
}

/// The spread attention's layout for `a` under a workgroup of `workgroup`: at most
/// [`ATTENTION_SPREAD_MAX_ROWS`] query rows, and workgroup memory within
/// [`ATTENTION_SHARED_FLOATS`] (`codegen::geometry::attention_variant` says whether it runs).
pub fn attention_spread_layout(a: &AttentionBody, workgroup: u32) -> Option<AttentionSpread> {
    if a.tq == 0 || a.tq > ATTENTION_SPREAD_MAX_ROWS || a.tk == 0 || a.ev == 0 {
        return None;
    }
    let threads = ATTENTION_SPREAD_THREADS.min(workgroup.max(1));
    let threads = 1u32 << (31 - threads.leading_zeros());
    if threads < 32 {
        return None;
    }
    let lanes = a.ev.next_power_of_two().min(threads as usize);
    let s = AttentionSpread { threads, lanes };
    (s.floats(a) <= ATTENTION_SHARED_FLOATS).then_some(s)
}
