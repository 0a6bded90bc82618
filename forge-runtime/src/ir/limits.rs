//! Launch limits the target-neutral passes respect and every code generator shares: which
//! products count as few-row (skinny) and how a row kernel lays its rows over a workgroup
//! (fusion chains only rows that stay in registers). Below the code generators, so the IR's
//! passes never import them.

use super::{AttentionBody, Schedule, Windows};

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
/// Values of a product's rows a folded layer norm stages in workgroup memory at most
/// (`MatmulBody::layer`: 8 KiB, half of what every WebGPU adapter offers, beside the skinny
/// template's own sums).
pub const LAYER_FOLD_MAX_VALUES: usize = 2048;

/// Most query rows a batch entry may have for the spread attention ([`attention_spread_layout`]).
pub const ATTENTION_SPREAD_MAX_ROWS: usize = 4;
/// Threads of a spread attention workgroup (fewer where the schedule's workgroup is smaller).
pub const ATTENTION_SPREAD_THREADS: u32 = 256;

/// The spread attention (`codegen::attention_spread`'s kernel) for decoding, where a batch entry has
/// a few query rows and many keys: one workgroup an entry, its threads spread over the keys
/// (each scores keys `lid, lid + threads, ..` against every row, the scores in workgroup
/// memory), a workgroup-wide softmax, then `key_groups` groups of `lanes` threads each sum
/// every `key_groups`-th key's value row. The per-key chain of the online softmax (one lane
/// walking hundreds of keys) becomes a few loads in flight per thread. With `parts > 1` (CUDA
/// sm_90+, `codegen::attention_cluster`) an entry's keys are split over a cluster of `parts`
/// blocks, in chunks of [`SPREAD_CHUNK`] keys dealt round, whose partial softmax states meet
/// in distributed shared memory: an entry's key and value rows are read by `parts`
/// multiprocessors instead of one, and the batch axes its keys and values broadcast along
/// (grouped-query heads) join its query rows, so each key is read once for all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttentionSpread {
    pub threads: u32,
    /// Threads along the output dims in the values' pass (a power of two, at most `threads`).
    pub lanes: usize,
    /// Blocks an entry's keys are split over (1: one workgroup an entry).
    pub parts: u32,
    /// Query rows a workgroup holds: `tq`, times the extents of the batch axes the keys and
    /// values broadcast along where `parts > 1` ([`broadcast_axes`]).
    pub rows: usize,
}

/// Keys a cluster block takes at a time (its keys are chunks `rank, rank + parts, ..`).
pub const SPREAD_CHUNK: usize = 32;

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
    /// Keys one workgroup scores: all of them, or a cluster block's chunks.
    pub fn keys(self, a: &AttentionBody) -> usize {
        match self.parts {
            0 | 1 => a.tk,
            p => a.tk.div_ceil(SPREAD_CHUNK * p as usize) * SPREAD_CHUNK,
        }
    }
    /// Entries (each `rows` query rows over every key; a cluster's blocks count once).
    pub fn entries(self, a: &AttentionBody) -> u64 {
        let all = a.batch.iter().map(|&n| n as u64).product::<u64>() * a.tq as u64;
        (all / self.rows.max(1) as u64).max(1)
    }
    /// Where the second region starts (queries, then reduction partials, then partial outputs;
    /// the first holds the scores, then the probabilities, `rows · keys`).
    pub fn second(self, a: &AttentionBody) -> usize {
        self.rows * self.keys(a)
    }
    /// Where each row's denominator is kept.
    pub fn stats(self, a: &AttentionBody) -> usize {
        let t = self.threads as usize;
        // A cluster block also keeps its warps' sums beside the queries.
        let queries = match self.parts {
            0 | 1 => self.rows * a.e,
            _ => self.rows * (a.e + t / 32),
        };
        self.second(a) + queries.max(self.rows * t).max(self.key_groups() * self.rows * a.ev)
    }
    /// Where a cluster block keeps each row's maximum, then its unnormalised output rows
    /// (`rows · ev`), for the other blocks to read.
    pub fn maxima(self, a: &AttentionBody) -> usize {
        self.stats(a) + self.rows
    }
    /// Workgroup memory (f32).
    pub fn floats(self, a: &AttentionBody) -> usize {
        match self.parts {
            0 | 1 => self.stats(a) + self.rows,
            // Each row's maximum, then its output row (first the warps' maxima).
            _ => self.maxima(a) + self.rows + self.rows * a.ev.max(self.threads as usize / 32),
        }
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
    let s = AttentionSpread { threads, lanes, parts: 1, rows: a.tq };
    (s.floats(a) <= ATTENTION_SHARED_FLOATS).then_some(s)
}

/// The batch axes along which the keys and the values are both plain loads of stride 0 (the
/// query groups of grouped-query attention reading one key/value head).
pub fn broadcast_axes(a: &AttentionBody) -> Vec<bool> {
    let strides = |x: &crate::ir::SExpr| x.as_load().map(|(_, s)| s.to_vec());
    match (strides(&a.k), strides(&a.v)) {
        (Some(k), Some(v)) if k.len() == a.batch.len() + 2 && v.len() == k.len() => {
            (0..a.batch.len()).map(|i| k[i] == 0 && v[i] == 0).collect()
        }
        _ => vec![false; a.batch.len()],
    }
}

/// Blocks of a cluster spread attention (the portable cluster size).
pub const SPREAD_CLUSTER: u32 = 8;
/// Threads of a cluster spread attention's block: its few keys' work is short chains of
/// shuffles and workgroup-memory reads, so more warps (each fewer keys) finish sooner.
const SPREAD_CLUSTER_THREADS: u32 = 512;
/// Lanes along the output dims of a cluster spread attention: each thread holds `ev / 16` dims
/// of its group's value rows.
const SPREAD_CLUSTER_LANES: usize = 16;
/// Most values of its group's rows a thread of a cluster spread attention holds.
const SPREAD_MAX_VALUES: usize = 64;
/// f32 of static shared memory a CUDA block may declare (48 KiB).
const CUDA_STATIC_SHARED_FLOATS: usize = 12 * 1024;
/// Most query rows a cluster spread attention's block holds (every thread scores its key
/// against each).
const SPREAD_MAX_ROWS: usize = 16;
/// Most head dims a cluster spread attention's thread holds (its key's row, in registers).
const SPREAD_MAX_DIMS: usize = 128;

/// The spread attention split over a cluster (CUDA sm_90+, `codegen::attention_cluster`):
/// at most [`ATTENTION_SPREAD_MAX_ROWS`] queries an entry, every block of [`SPREAD_CLUSTER`]
/// two chunks of keys or more, and at most one key a thread (a thread holds its keys' rows and
/// its part of its group's value rows in registers, so every load is issued at once); `None`
/// elsewhere.
pub fn attention_cluster_layout(a: &AttentionBody) -> Option<AttentionSpread> {
    let few = (1..=ATTENTION_SPREAD_MAX_ROWS).contains(&a.tq);
    if !few || a.ev == 0 || a.tk < 2 * SPREAD_CHUNK * SPREAD_CLUSTER as usize || a.e > SPREAD_MAX_DIMS {
        return None;
    }
    let lanes = SPREAD_CLUSTER_LANES.min(a.ev.next_power_of_two());
    let shared = broadcast_axes(a).iter().zip(&a.batch).filter(|(b, _)| **b).map(|(_, &n)| n).product::<usize>();
    let rows = a.tq * shared;
    let c = AttentionSpread { threads: SPREAD_CLUSTER_THREADS, lanes, parts: SPREAD_CLUSTER, rows };
    let fits = c.keys(a) <= c.threads as usize
        && rows <= SPREAD_MAX_ROWS
        && c.keys(a).div_ceil(c.key_groups()) * c.dims_per_lane(a) <= SPREAD_MAX_VALUES
        && c.floats(a) <= CUDA_STATIC_SHARED_FLOATS;
    fits.then_some(c)
}

/// Query rows a tensor-core attention block holds (four warps of 16, `codegen::attention_mma`).
pub const ATTENTION_MMA_ROWS: usize = 64;
/// Keys a tensor-core attention block takes at a time (a tile of keys and values in workgroup
/// memory).
pub const ATTENTION_MMA_KEYS: usize = 32;
/// Most head dims (of the queries and keys, and of the values) a tensor-core attention takes:
/// a thread holds its 16 query rows' fragments and output rows in registers.
const ATTENTION_MMA_MAX_DIMS: usize = 64;

/// A prompt's attention on tensor cores (CUDA sm_90+, `codegen::attention_mma`): `x3` where its
/// products are `tf32x3` (each operand split in two TF32 parts, three products), else single
/// TF32 products; each block of 64 rows splits its keys over a cluster of `parts` blocks (tiles
/// `rank, rank + parts, ..`) whose softmax states meet in distributed shared memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttentionMma {
    pub x3: bool,
    pub parts: u32,
}

/// Multiprocessors the kernel choices assume (an H200's 132): the templates do not know the
/// device, and a choice only needs to tell a grid that fills a large GPU from one that does not.
pub(crate) const ASSUMED_SMS: u64 = 132;

/// Blocks a tensor-core attention wants before it splits keys no further: two an SM of a
/// large GPU, since one block of four warps leaves each scheduler a single warp.
const ATTENTION_MMA_WANTED_BLOCKS: usize = 2 * ASSUMED_SMS as usize;

/// The tensor-core layout of `a`: products that allow TF32 (`AttentionBody::precision`), at
/// least one block of 16 query rows an entry, head dims multiples of 8 up to
/// [`ATTENTION_MMA_MAX_DIMS`] and f32 operands; `None` elsewhere. Keys split over the most blocks (4 or
/// 2) that keep the grid within twice [`ATTENTION_MMA_WANTED_BLOCKS`] and two tiles a block.
pub fn attention_mma_layout(a: &AttentionBody) -> Option<AttentionMma> {
    use crate::graph::checked::Precision;
    let x3 = match a.precision {
        Precision::F32 => return None,
        Precision::Tf32x3 | Precision::Bf16x3 => true,
        Precision::Tf32 => false,
    };
    let dims = |d: usize| d > 0 && d.is_multiple_of(8) && d <= ATTENTION_MMA_MAX_DIMS;
    let f32s = [&a.q, &a.k, &a.v].iter().all(|x| x.ty() == crate::elem::Ty::F32);
    if a.tq < 16 || a.tk == 0 || !dims(a.e) || !dims(a.ev) || !f32s {
        return None;
    }
    let blocks = a.batch.iter().product::<usize>() * a.tq.div_ceil(ATTENTION_MMA_ROWS);
    let tiles = a.tk.div_ceil(ATTENTION_MMA_KEYS);
    let parts = [4, 2].into_iter().find(|&p| blocks * p <= 2 * ATTENTION_MMA_WANTED_BLOCKS && tiles >= 2 * p);
    Some(AttentionMma { x3, parts: parts.unwrap_or(1) as u32 })
}

/// Input channels one k-tile of a window product takes (`plan::window`): a 128-byte row of
/// its element (32 f32, 64 f16 or bf16).
pub fn window_channels(elem_bytes: usize) -> usize {
    128 / elem_bytes.max(1)
}
/// The im2col values from which a convolution reads its input's windows instead
/// (`plan::window`): a smaller temp stays in the L2 cache between the map that writes it and
/// the product that reads it, and its product may have too few output tiles for the window
/// kernel. ResNet-50's 7² layer at batch 8 (1.8 M values: 64 tiles of K = 4,608) ran slower
/// from windows, its 14² layer (3.6 M) faster, at tf32 as in f16 and bf16.
pub const WINDOW_MIN_VALUES: usize = 3 << 20;

/// Output rows a window product's tile may cover: `out_width · rows` points, a multiple of 8 of
/// at most 256 (one wgmma's N; rows past the output read zeros and are not stored), largest
/// first.
pub fn window_rows(w: &Windows) -> impl Iterator<Item = usize> + '_ {
    let most = 256 / w.out_width.max(1);
    (1..=most).rev().filter(move |r| (w.out_width * r).is_multiple_of(8))
}

/// Whether the window product's kernel takes `w` over elements of `elem_bytes` (`plan::window`,
/// `codegen::cuda::gemm`): channels in whole k-tiles, rows and columns within a TMA box (256),
/// some tile of whole rows.
pub fn windows_fit(w: &Windows, elem_bytes: usize) -> bool {
    w.channels.is_multiple_of(window_channels(elem_bytes))
        && w.channels > 0
        && (1..=256).contains(&w.width)
        && (1..=256).contains(&w.out_width)
        && w.height > 0
        && window_rows(w).next().is_some()
}
