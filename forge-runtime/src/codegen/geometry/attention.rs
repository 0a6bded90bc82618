//! The attention kernel's launch: lanes a query row, blocked workgroups, key chunks in
//! workgroup memory.

use super::ASSUMED_SMS;
use crate::ir::AttentionBody;

/// Threads per workgroup of the attention kernel.
pub const ATTENTION_THREADS: u32 = 64;
/// Most lanes that share one attention row.
pub const ATTENTION_MAX_LANES: u32 = 16;

/// Invocations that keep a GPU busy; attention rows split over lanes until they reach it.
/// (On the H200, MiniLM batch 64's 24,576 rows ran fastest at 64K invocations, 4 lanes, on
/// both CUDA and wgpu, against 32K, 128K and 256K; BENCHMARKS.md.)
const ATTENTION_BUSY: u64 = 64 * 1024;

/// Lanes that share one query row of the attention kernel (each walks every `lanes`-th key;
/// their softmax states merge in workgroup memory): enough for [`ATTENTION_BUSY`]
/// invocations, at most one per key and [`ATTENTION_MAX_LANES`]; 1 where the merge buffer
/// (`threads × (ev + 2)` f32) would pass the 16 KiB every WebGPU adapter offers. On the H200
/// (MiniLM, 32 keys) batch 8's 3,072 rows ran faster with 16 lanes; at batch 64 (24,576 rows)
/// 16 lanes lose to 4, hence the cap by invocation count.
pub fn attention_lanes(a: &AttentionBody, threads: u32) -> u32 {
    let rows = (a.batch.iter().map(|&e| e as u64).product::<u64>() * a.tq as u64).max(1);
    let want = ATTENTION_BUSY.div_ceil(rows).next_power_of_two();
    let lanes = want.min(a.tk.max(1).next_power_of_two() as u64).min(ATTENTION_MAX_LANES as u64) as u32;
    let bytes = threads as usize * (a.ev + 2) * 4;
    if lanes < 2 || !threads.is_multiple_of(lanes) || bytes > 16 * 1024 {
        1
    } else {
        lanes
    }
}

pub use crate::ir::limits::ATTENTION_SHARED_FLOATS;

/// Threads of a blocked attention workgroup ([`attention_block`]): 16 groups of query rows
/// by 8 groups of keys (or output dims).
pub const ATTENTION_BLOCK_THREADS: u32 = 128;
/// Most keys, query rows a workgroup and head dims of the blocked attention.
pub const ATTENTION_BLOCK_MAX: usize = 64;

/// The blocked attention (`attention_block`'s kernel): a workgroup holds `16 · ra` query rows
/// of one batch entry and all its keys and values in workgroup memory and computes their scores
/// as a small matrix product, `ra` rows by `ceil(tk / 8)` keys a thread, then the softmax and
/// the product with the values the same way. For short sequences (MiniLM: ~30 keys) this
/// replaces a dependent chain per key (the online softmax's rescale and two exps) with
/// register-blocked products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttentionBlock {
    /// Query rows a thread holds (a workgroup holds `16 · ra`).
    pub ra: usize,
}

impl AttentionBlock {
    pub fn rows(self) -> usize {
        16 * self.ra
    }
    /// Workgroups of one batch entry.
    pub fn per_entry(self, a: &AttentionBody) -> u64 {
        a.tq.div_ceil(self.rows()).max(1) as u64
    }
    /// Workgroup memory (f32): queries and keys (the probabilities overwrite them once the
    /// scores are in registers), values, and two partials (max, sum) per row and key group.
    /// Key and value rows are padded to 8 rows and columns of `8 · ceil(width / 8)` so every
    /// thread's reads stay in the array; what the padding holds is never used.
    pub fn floats(self, a: &AttentionBody) -> usize {
        let (ks, vs) = (crate::codegen::attention::key_row(a.e), crate::codegen::attention::key_row(a.ev));
        let tk8 = a.tk.next_multiple_of(8);
        let qk = (self.rows() + tk8) * ks;
        let p = self.rows() * (a.tk + 1);
        qk.max(p) + tk8 * vs + a.ev.next_multiple_of(8) + 2 * self.rows() * 8
    }
}

/// Whether the attention runs blocked, and with how many rows a thread: at most
/// [`ATTENTION_BLOCK_MAX`] keys and head dims, a workgroup of at least
/// [`ATTENTION_BLOCK_THREADS`], and workgroup memory within [`ATTENTION_SHARED_FLOATS`]. A
/// workgroup takes all of an entry's rows (up to 64) where that still makes two workgroups an
/// SM, else 16 (more workgroups for a small batch, each reading the keys again).
pub fn attention_block(a: &AttentionBody, workgroup: u32) -> Option<AttentionBlock> {
    let small = |n: usize| (1..=ATTENTION_BLOCK_MAX).contains(&n);
    if workgroup < ATTENTION_BLOCK_THREADS || !small(a.tk) || !small(a.e) || !small(a.ev) || a.tq == 0 {
        return None;
    }
    let entries = a.batch.iter().map(|&e| e as u64).product::<u64>().max(1);
    let whole = AttentionBlock { ra: a.tq.div_ceil(16).min(4) };
    let most = if entries * whole.per_entry(a) >= 2 * ASSUMED_SMS { whole.ra } else { 1 };
    (1..=most).rev().map(|ra| AttentionBlock { ra }).find(|b| b.floats(a) <= ATTENTION_SHARED_FLOATS)
}

/// Keys per shared tile of the attention kernel: the keys and values of one batch entry are
/// read once per workgroup into workgroup memory (rows padded: `attention::key_row`), `chunk` keys at a
/// time, and every query row of the workgroup reads them there. At most 64 keys and what fits
/// [`ATTENTION_SHARED_FLOATS`]; `None` (each row reads its keys from memory) where fewer than
/// 8 keys (or than `tk`) would fit.
pub fn attention_chunk(a: &AttentionBody) -> Option<u32> {
    let per_key = crate::codegen::attention::key_row(a.e) + crate::codegen::attention::key_row(a.ev);
    let fit = (ATTENTION_SHARED_FLOATS / per_key.max(1)).min(64);
    let chunk = fit.min(a.tk.max(1));
    (chunk >= 8.min(a.tk.max(1))).then_some(chunk as u32)
}

pub use crate::ir::limits::{
    AttentionMma, AttentionSpread, ATTENTION_MMA_KEYS, ATTENTION_MMA_ROWS, ATTENTION_SPREAD_MAX_ROWS,
    ATTENTION_SPREAD_THREADS,
};
/// Threads of a tensor-core attention block (four warps, 16 query rows each).
pub const ATTENTION_MMA_THREADS: u32 = 128;

/// How profiles name the tensor-core attention.
pub fn mma_name(m: AttentionMma) -> String {
    let kind = if m.x3 { "tf32x3" } else { "tf32" };
    let split = match m.parts {
        1 => String::new(),
        p => format!(", keys split over {p} blocks"),
    };
    format!(
        "tensor cores ({kind}), {ATTENTION_MMA_ROWS} query rows x {ATTENTION_MMA_KEYS} keys at a time ({ATTENTION_MMA_THREADS} threads{split})"
    )
}

/// Most keys of the per-dim attention ([`attention_dims`]): its scores live in registers.
pub const ATTENTION_DIMS_MAX_KEYS: usize = 64;
/// Most head dims a score of the per-dim attention takes (every thread computes all scores).
pub const ATTENTION_DIMS_MAX_E: usize = 4;

/// The per-dim attention (`attention_dims`' kernel): one query an entry whose scores are short
/// products over a few keys, as where a decoding attention's chunks are combined
/// (`ir::fuse::split_keys`: 32 log-sum-exps as scores). `lanes` threads take an entry, one an
/// output dim, each computing every score itself, so no thread waits on another: no
/// workgroup memory, no barrier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttentionDims {
    /// Threads a workgroup: a whole number of entries' lanes.
    pub threads: u32,
    /// Threads an entry (a power of two, at least the output dims where the workgroup allows).
    pub lanes: u32,
}

impl AttentionDims {
    /// Entries a workgroup takes.
    pub fn per_group(self) -> u64 {
        u64::from(self.threads / self.lanes.max(1)).max(1)
    }
    /// Workgroups of the whole attention.
    pub fn groups(self, a: &AttentionBody) -> u64 {
        let entries = a.batch.iter().map(|&e| e as u64).product::<u64>().max(1);
        entries.div_ceil(self.per_group())
    }
}

/// Whether the attention runs per dim ([`AttentionDims`]): one query an entry, scores of at
/// most [`ATTENTION_DIMS_MAX_E`] dims over at most [`ATTENTION_DIMS_MAX_KEYS`] keys, no
/// log-sum-exps asked for.
pub fn attention_dims(a: &AttentionBody, workgroup: u32) -> Option<AttentionDims> {
    let fits = a.tq == 1
        && (1..=ATTENTION_DIMS_MAX_E).contains(&a.e)
        && (1..=ATTENTION_DIMS_MAX_KEYS).contains(&a.tk)
        && a.ev > 0
        && a.lse.is_none();
    let lanes = (a.ev.next_power_of_two().min(1 << 16) as u32).min(workgroup.max(1));
    fits.then(|| AttentionDims { threads: lanes * (workgroup.max(1) / lanes), lanes })
}

/// Which attention template runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttentionVariant {
    /// Short sequences: [`attention_block`].
    Blocked(AttentionBlock),
    /// A few queries an entry over many keys (decoding):
    /// [`crate::ir::limits::attention_spread_layout`].
    Spread(AttentionSpread),
    /// The online softmax, lanes a row ([`attention_lanes`]), keys tiled where
    /// [`attention_chunk`] says.
    Online,
    /// A prompt's rows on tensor cores, 64 rows a block
    /// ([`crate::ir::limits::attention_mma_layout`]).
    Mma(AttentionMma),
    /// One query over a few keys of short scores, a thread an output dim: [`attention_dims`].
    Dims(AttentionDims),
}

/// The attention template for `a` under `s`: where it stores log-sum-exps (the templates that
/// do), spread where that layout takes it, else the online softmax; otherwise tensor cores where
/// `s.tensor_cores` and that layout takes it (products that allow TF32, a prompt's rows), else
/// per dim where it takes the shape, else blocked where it does, else spread (its keys split over a cluster where
/// `s.clusters` and that layout takes it, else one workgroup an entry where that layout does),
/// else the online softmax.
pub fn attention_variant(a: &AttentionBody, s: &crate::ir::Schedule) -> AttentionVariant {
    if a.lse.is_some() {
        return match crate::ir::limits::attention_spread_layout(a, s.workgroup) {
            Some(spread) => AttentionVariant::Spread(spread),
            None => AttentionVariant::Online,
        };
    }
    if let Some(m) = s.tensor_cores.then(|| crate::ir::limits::attention_mma_layout(a)).flatten() {
        return AttentionVariant::Mma(m);
    }
    if let Some(d) = attention_dims(a, s.workgroup) {
        return AttentionVariant::Dims(d);
    }
    if let Some(b) = attention_block(a, s.workgroup) {
        return AttentionVariant::Blocked(b);
    }
    let cluster = s.clusters.then(|| crate::ir::limits::attention_cluster_layout(a)).flatten();
    match cluster.or_else(|| crate::ir::limits::attention_spread_layout(a, s.workgroup)) {
        Some(spread) => AttentionVariant::Spread(spread),
        None => AttentionVariant::Online,
    }
}
