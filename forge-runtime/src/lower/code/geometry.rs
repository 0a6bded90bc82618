//! How each kernel is launched: threads per workgroup, how many workgroups, which matmul
//! variant runs; and folding a workgroup count into a grid every backend accepts.

use super::map::PARALLEL_REDUCE_MIN;
use super::matmul_coop::coop_tile;
pub use super::matmul_coop::{coop_fits, coop_packed_args, COOP_SHARED_BYTES, COOP_THREADS};
use crate::ir::{AttentionBody, CoordValue, KernelArg, KernelBody, KernelSpec, MatmulBody, SExpr, Schedule};

/// Workgroups per dispatch dimension every WebGPU adapter supports (CUDA's y limit too).
pub const MAX_WORKGROUPS_PER_DIM: u32 = 65_535;
/// Matmuls with at most this many rows per batch entry (folded, [`matmul_rows`]) use the
/// skinny kernel.
pub const SKINNY_MAX_M: usize = 8;
/// Output columns per workgroup of the skinny matmul; the rest of the workgroup splits K.
pub const SKINNY_COLS: u32 = 8;
/// Multiprocessors the matmul choice assumes (an H200's 132): the templates do not know the
/// device, and the choice only needs to tell a grid that fills a large GPU from one that does not.
pub(crate) const ASSUMED_SMS: u64 = 132;
/// Threads per workgroup of the attention kernel.
pub const ATTENTION_THREADS: u32 = 64;
/// Most lanes that share one attention row.
pub const ATTENTION_MAX_LANES: u32 = 16;

/// Invocations that keep a GPU busy; attention rows split over lanes until they reach it.
/// (H200, MiniLM batch 64, 24,576 rows, a layer on CUDA / wgpu: 32K → 2 lanes 38.6 / 190 us,
/// 64K → 4 lanes 34.2 / 159 us, 128K → 8 lanes 41.7 / 166 us, 256K → 16 lanes 78 / 234 us.)
const ATTENTION_BUSY: u64 = 64 * 1024;

/// Lanes that share one query row of the attention kernel (each walks every `lanes`-th key;
/// their softmax states merge in workgroup memory): enough for [`ATTENTION_BUSY`]
/// invocations, at most one per key and [`ATTENTION_MAX_LANES`]; 1 where the merge buffer
/// (`threads × (ev + 2)` f32) would pass the 16 KiB every WebGPU adapter offers. On the H200
/// (MiniLM, 32 keys): batch 8, 3,072 rows, 37 → 21 us with 16 lanes; at batch 64 (24,576 rows)
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

/// CUDA's `__launch_bounds__` minimum of blocks an SM for a kernel, where it matters: the
/// attention kernel holds its query and output rows in registers (`e + ev` floats a thread),
/// and with as many registers as the compiler likes, fewer blocks fit an SM than a grid of a
/// few thousand needs, so the last blocks run as a second wave. Asking for enough blocks to
/// cover [`ASSUMED_SMS`] once, down to about `e + ev + 16` registers a thread (no spills), keeps
/// it to one. H200, MiniLM b64 (1,536 blocks of 64): 95 registers (10 blocks an SM, two waves)
/// → 80 (12, one wave).
pub fn cuda_min_blocks(spec: &KernelSpec, s: &Schedule) -> Option<u32> {
    let KernelBody::Attention(a) = &spec.body else { return None };
    if attention_block(a, s.workgroup).is_some() {
        return None;
    }
    let threads = threads(spec, s).max(1) as u64;
    let want = groups(spec, s).div_ceil(ASSUMED_SMS);
    let regs = ((a.e + a.ev + 16) as u64).next_multiple_of(8).max(32);
    let fit = (64 * 1024 / (threads * regs)).min(32);
    let blocks = want.min(fit);
    (blocks > 1).then_some(blocks as u32)
}

/// f32 of workgroup memory the attention kernel may use (16 KiB, every WebGPU adapter's).
pub const ATTENTION_SHARED_FLOATS: usize = 4096;

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
        let (ks, vs) = (super::attention::key_row(a.e), super::attention::key_row(a.ev));
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
    let per_key = super::attention::key_row(a.e) + super::attention::key_row(a.ev);
    let fit = (ATTENTION_SHARED_FLOATS / per_key.max(1)).min(64);
    let chunk = fit.min(a.tk.max(1));
    (chunk >= 8.min(a.tk.max(1))).then_some(chunk as u32)
}

/// Which matmul template runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatmulVariant {
    /// Few rows: each workgroup owns `SKINNY_COLS` columns and splits K (weights read once).
    Skinny,
    /// A `tile × tile` output tile per 256 invocations (`matmul_blocked`): 8×8 outputs each in
    /// registers (4×4 at 32×32), the 64×64 and 32×32 tiles splitting K four ways. Chosen by
    /// [`blocked_or_tiled`], or with `#[schedule(workgroup = 256, items = 2)]` (32×32) /
    /// `items = 4` (64×64) / `items = 8` (128×128).
    Blocked(u32),
    /// A square tile of this side (16 for 256 invocations).
    Tiled(u32),
    /// wgpu cooperative matrices (`matmul_coop`, f16 operands): [`COOP_THREADS`] invocations,
    /// each of their four subgroups owning `t × t` 16×16 tiles (a `32t × 32t` output tile).
    Coop(u32),
}

/// How many trailing batch dims of a matmul fold into its rows (0: none): the templates then
/// run one `m·F`-row product per remaining batch entry (F the folded extents' product), row
/// `r` being row `r % m` of folded batch entry `r / m`.
// Why: MiniLM's projections are `x[B, T, D] · wᵀ`, T ≈ 30 rows per entry against a weight all
// entries share; per entry they took the 16×16 tile (1.9 of wgpu's 2.8 ms on an H200), folded
// their B·T rows take the register-blocked one. A dim folds where B (the second operand) does
// not depend on it (no load stride, no index variable; or extent 1), so every row of a tile
// multiplies the same B. A and the epilogue are evaluated at each row's own batch index, so
// they may be any expression (the CUDA GEMM path, `gemm::bind`, folds plain loads the same way).
pub fn folded_batch_dims(m: &MatmulBody) -> usize {
    let nb = m.batch.len();
    let shared = |d: usize| !depends_on(&m.b, d) && !m.b2.as_ref().is_some_and(|b2| depends_on(b2, d));
    let folds = (0..nb).rev().take_while(|&d| m.batch[d] == 1 || shared(d)).count();
    if m.m == 0 || product(&m.batch[nb - folds..]) <= 1 {
        0
    } else {
        folds
    }
}

/// Whether expression `e` reads index variable `var` of its space.
fn depends_on(e: &SExpr, var: usize) -> bool {
    let mut uses = false;
    e.visit(&mut |x| {
        uses |= match x {
            SExpr::Load { strides, .. } => strides.get(var).is_some_and(|&s| s != 0),
            SExpr::Var(v) => *v == var,
            SExpr::Gather { coords, .. } => {
                coords.iter().any(|c| matches!(c.value, CoordValue::Var { var: v, .. } if v == var))
            }
            _ => false,
        }
    });
    uses
}

/// A matmul's (batch entries, rows per entry) once [`folded_batch_dims`] folded.
pub fn matmul_rows(m: &MatmulBody) -> (u64, u64) {
    let outer = m.batch.len() - folded_batch_dims(m);
    (product(&m.batch[..outer]), m.m as u64 * product(&m.batch[outer..]))
}

/// The template a matmul runs under schedule `s` (`args`: the kernel's arguments).
/// A paired product (`b2`) or one with a folded norm (`rms`) runs the skinny template, the one
/// that takes them (the fusion passes only make them of few-row products under the default
/// schedule).
pub fn matmul_variant(m: &MatmulBody, args: &[KernelArg], s: &Schedule) -> MatmulVariant {
    let few_rows = matmul_rows(m).1 <= SKINNY_MAX_M as u64;
    if (few_rows || m.b2.is_some() || m.rms.is_some()) && s.workgroup >= 2 * SKINNY_COLS {
        MatmulVariant::Skinny
    } else if s.coop && coop_fits(m, args) {
        MatmulVariant::Coop(match s.items {
            2 => 2,
            4 => 4,
            _ => coop_tile(m),
        })
    } else if s.workgroup == 256 && s.items == 2 {
        MatmulVariant::Blocked(32)
    } else if s.workgroup == 256 && s.items == 4 {
        MatmulVariant::Blocked(64)
    } else if s.workgroup == 256 && s.items == 8 {
        MatmulVariant::Blocked(128)
    } else if s.workgroup == 256 && s.items <= 1 {
        blocked_or_tiled(m)
    } else {
        MatmulVariant::Tiled(1 << (s.workgroup.clamp(1, 1024).ilog2() / 2))
    }
}

/// The default for 256 invocations: the candidate with the least modelled time. A candidate's
/// time is waves of workgroups over the assumed multiprocessors (`per_sm` resident on each),
/// times the workgroups sharing one, times its tile's work at its relative speed per
/// multiprocessor (the 16×16 tile reads workgroup memory twice per FMA: ~7× slower when the
/// GPU is full, but 16× more workgroups; the 32×32 tile, 4×4 outputs an invocation and K
/// split four ways, has 4× the 64×64 tile's workgroups, which wins for small products such as
/// 64×576×1536). The factors predate the 64×64 tile's own K split (2026-12-03), which made it
/// faster without moving any choice measured since.
fn blocked_or_tiled(m: &MatmulBody) -> MatmulVariant {
    // (variant, tile side, workgroups per multiprocessor, relative speed)
    let candidates = [
        (MatmulVariant::Blocked(128), 128u64, 2u64, 1.0),
        (MatmulVariant::Blocked(64), 64, 4, 0.6),
        (MatmulVariant::Blocked(32), 32, 4, 0.5),
        (MatmulVariant::Tiled(16), 16, 8, 0.15),
    ];
    let (batch, rows) = matmul_rows(m);
    let cost = |&(_, t, per_sm, speed): &(MatmulVariant, u64, u64, f64)| {
        let tiles = batch * rows.div_ceil(t) * (m.n as u64).div_ceil(t);
        let waves = tiles.div_ceil(ASSUMED_SMS * per_sm);
        let sharing = per_sm.min(tiles.div_ceil(ASSUMED_SMS));
        (waves * sharing * t * t) as f64 / speed
    };
    let best = candidates.iter().min_by(|a, b| cost(a).total_cmp(&cost(b)));
    best.map_or(MatmulVariant::Tiled(16), |c| c.0)
}

/// Threads per workgroup a kernel runs with.
pub fn threads(spec: &KernelSpec, s: &Schedule) -> u32 {
    match &spec.body {
        KernelBody::Matmul(m) => match matmul_variant(m, &spec.args, s) {
            MatmulVariant::Skinny => s.workgroup / SKINNY_COLS * SKINNY_COLS,
            MatmulVariant::Blocked(_) => 256,
            MatmulVariant::Coop(_) => COOP_THREADS,
            MatmulVariant::Tiled(t) => t * t,
        },
        KernelBody::Attention(a) => match attention_block(a, s.workgroup) {
            Some(_) => ATTENTION_BLOCK_THREADS,
            None => ATTENTION_THREADS.min(s.workgroup.max(1)),
        },
        KernelBody::Raw(r) => r.workgroup_size.iter().product(),
        KernelBody::Rows(c) => {
            let l = chain_layout(c, s);
            l.per_row * l.rows
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Norm { .. } => s.workgroup.max(1),
    }
}

fn product(extents: &[usize]) -> u64 {
    extents.iter().map(|&e| e as u64).product()
}

/// Total workgroups a kernel needs (before folding into a grid).
pub fn groups(spec: &KernelSpec, s: &Schedule) -> u64 {
    let t = threads(spec, s).max(1) as u64;
    match &spec.body {
        KernelBody::Raw(r) => r.workgroups.max(1),
        KernelBody::Map { extents, .. } | KernelBody::Index { extents, reduce: None, .. } => {
            product(extents).div_ceil(t * s.items.max(1) as u64).max(1)
        }
        KernelBody::Index { extents, reduce: Some((_, k)), .. } if *k >= PARALLEL_REDUCE_MIN => product(extents).max(1),
        KernelBody::Index { extents, .. } => product(extents).div_ceil(t * s.items.max(1) as u64).max(1),
        KernelBody::Row { leading, .. } | KernelBody::Softmax { leading, .. } | KernelBody::Norm { leading, .. } => {
            product(leading).div_ceil(body_row_layout(&spec.body, s).map_or(1, |l| l.rows) as u64).max(1)
        }
        KernelBody::Rows(c) => product(&c.leading).div_ceil(chain_layout(c, s).rows as u64).max(1),
        KernelBody::Matmul(m) => {
            let (entries, rows) = matmul_rows(m);
            let per = match matmul_variant(m, &spec.args, s) {
                MatmulVariant::Skinny => (m.n as u64).div_ceil(SKINNY_COLS as u64),
                MatmulVariant::Coop(t) => rows.div_ceil(32 * t as u64) * (m.n as u64).div_ceil(32 * t as u64),
                MatmulVariant::Blocked(tile) | MatmulVariant::Tiled(tile) => {
                    rows.div_ceil(tile as u64) * (m.n as u64).div_ceil(tile as u64)
                }
            };
            entries * per
        }
        KernelBody::Attention(a) => {
            if let Some(b) = attention_block(a, s.workgroup) {
                return (product(&a.batch) * b.per_entry(a)).max(1);
            }
            let rows_per_group = (t / attention_lanes(a, t as u32) as u64).max(1);
            match attention_chunk(a) {
                // Each workgroup's rows belong to one batch entry (they share its keys).
                Some(_) => (product(&a.batch) * (a.tq as u64).div_ceil(rows_per_group)).max(1),
                None => (product(&a.batch) * a.tq as u64).div_ceil(rows_per_group).max(1),
            }
        }
    }
}

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
/// is the latency (`FORGE_FEW_ROWS=0` turns it off). H200 (2026-12-03): 100 dependent
/// 1 × 1024 softmaxes 1.75 → 1.25 us a node on CUDA, 3.08 → 2.91 on wgpu. Spreading every
/// kernel of at most one wave so made MiniLM batch 8 (240 rows of 384) 525 → 657 us and the
/// batch-64 MLP block 40.7 → 47.3 us on CUDA.
pub fn row_layout(cols: usize, rows: u64, s: &Schedule) -> RowLayout {
    let threads = s.workgroup.max(1);
    let per_row_at = |values: usize| cols.div_ceil(values).max(1).next_power_of_two().min(threads as usize);
    let one_group = rows <= u64::from(threads) / per_row_at(ROW_VALUES_TARGET) as u64;
    let few = one_group && std::env::var("FORGE_FEW_ROWS").map_or(true, |v| v.trim() != "0");
    let per_row = per_row_at(if few { FEW_ROWS_VALUES } else { ROW_VALUES_TARGET }) as u32;
    if !threads.is_power_of_two() || cols.div_ceil(per_row as usize) > ROW_VALUES_MAX {
        return RowLayout { per_row: threads, rows: 1, resident: false };
    }
    RowLayout { per_row, rows: threads / per_row, resident: true }
}

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
/// most of it. H200, 100 dependent 1 × 1024 softmaxes chained (2026-12-03): CUDA 0.71 us a
/// stage at 4 values, 0.78 at 8, 1.70 at 16, 3.07 at 32; wgpu 1.50 / 1.36 / 1.48 / 2.37.
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
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => None,
    }
}

/// Points each thread of a vectorised CUDA map owns (one 16-byte load per operand).
pub const VECTOR_POINTS: u32 = 4;

/// Whether a CUDA map runs vectorised: 4-byte output elements at a 16-byte aligned offset,
/// a multiple of [`VECTOR_POINTS`] points, and a schedule of that many items (which
/// [`cuda_schedule`] gives maps by default).
pub fn vector_map(spec: &KernelSpec, s: &Schedule) -> bool {
    let KernelBody::Map { out, extents, .. } = &spec.body else { return false };
    s.items == VECTOR_POINTS && product(extents).is_multiple_of(VECTOR_POINTS as u64) && vector_arg(&spec.args[*out])
}

/// Whether an argument can be read or written [`VECTOR_POINTS`] elements (16 bytes) at a time
/// from a multiple of that index: a 4-byte element at a 16-byte aligned offset (buffers start
/// 256-byte aligned).
pub fn vector_arg(a: &crate::ir::KernelArg) -> bool {
    a.offset.is_multiple_of(VECTOR_POINTS as usize)
        && matches!(a.elem, crate::elem::Elem::F32 | crate::elem::Elem::U32 | crate::elem::Elem::I32)
}

/// The arguments a vectorised WGSL map binds as `array<vec4<…>>` (`true` at each), or `None`
/// where the map runs scalar. It vectorises under a schedule of [`VECTOR_POINTS`] items, one
/// 16-byte vector an invocation as on CUDA (which [`wgsl_schedule`] gives maps by default) when the output
/// is a 4-byte element at a 16-byte aligned offset, the points are a whole number of vectors,
/// and the value reads the output nowhere but at the flat index. The output is bound as
/// vectors, and so is each 4-byte, 16-byte aligned operand that is read only at the flat index;
/// an operand also read elsewhere (broadcast, gathered, strided) keeps its scalar binding,
/// since a binding has one element type in WGSL, and every read of it stays per lane.
pub fn wgsl_vector_args(spec: &KernelSpec, s: &Schedule) -> Option<Vec<bool>> {
    let KernelBody::Map { out, extents, value } = &spec.body else { return None };
    let n = product(extents);
    if s.items != VECTOR_POINTS || n == 0 || !n.is_multiple_of(VECTOR_POINTS as u64) {
        return None;
    }
    let own = crate::ir::contiguous_strides(extents);
    let (mut flat, mut other) = (vec![false; spec.args.len()], vec![false; spec.args.len()]);
    value.visit(&mut |e| match e {
        SExpr::Load { arg, strides, .. } if *strides == own => flat[*arg] = true,
        SExpr::Load { arg, .. } | SExpr::Gather { arg, .. } => other[*arg] = true,
        _ => {}
    });
    if !vector_arg(&spec.args[*out]) || other[*out] {
        return None;
    }
    let bound = |a: usize| a == *out || (flat[a] && !other[a] && vector_arg(&spec.args[a]));
    Some((0..spec.args.len()).map(bound).collect())
}

/// Whether a WGSL map runs vectorised ([`wgsl_vector_args`]).
pub fn wgsl_vector_map(spec: &KernelSpec, s: &Schedule) -> bool {
    wgsl_vector_args(spec, s).is_some()
}

/// The schedule a kernel runs with on wgpu: maps left at one item a thread get
/// [`VECTOR_POINTS`] when they can run vectorised (H200 over Vulkan: a copy
/// of 64 Mi f32 at 48% of PyTorch's with one 4-byte point a thread), row chains
/// [`WGSL_CHAIN_VALUES`] values a thread where their rows fit one workgroup ([`chain_layout`]).
/// Row reductions keep their schedule (see [`body_row_layout`]).
pub fn wgsl_schedule(spec: &KernelSpec, s: &Schedule) -> Schedule {
    let vectorised = Schedule { items: VECTOR_POINTS, ..*s };
    if s.items <= 1 && matches!(spec.body, KernelBody::Rows(_)) {
        Schedule { items: WGSL_CHAIN_VALUES, ..*s }
    } else if s.items <= 1 && wgsl_vector_map(spec, &vectorised) {
        vectorised
    } else {
        *s
    }
}

/// The schedule a kernel runs with on CUDA: maps left at one item a thread get
/// [`VECTOR_POINTS`] when they can run vectorised, row reductions to hold their row in
/// registers ([`body_row_layout`]) (H200: a copy at 57% of PyTorch's with one
/// 4-byte point a thread).
pub fn cuda_schedule(spec: &KernelSpec, s: &Schedule) -> Schedule {
    let vectorised = Schedule { items: VECTOR_POINTS, ..*s };
    if s.items <= 1 && (vector_map(spec, &vectorised) || matches!(spec.body, KernelBody::Row { .. })) {
        vectorised
    } else {
        *s
    }
}

/// Folds `total` workgroups into `[x, y, 1]` with `x ≤ x_limit` and `y ≤ 65,535`; kernels read
/// their group as `x + y * num_x`, and skip groups past `total`.
pub fn fold(total: u64, x_limit: u32) -> Option<[u32; 3]> {
    let x = total.min(x_limit as u64).max(1);
    let y = total.div_ceil(x);
    (y <= MAX_WORKGROUPS_PER_DIM as u64).then_some([x as u32, y as u32, 1])
}

/// Row sets (rows times one or two products) up to which the WGSL skinny kernel reads B as
/// vectors: its partial sums take `8 × 128` floats a row set of workgroup memory (WGSL
/// guarantees 16 KiB).
pub const SKINNY_VECTOR_MAX_SETS: u64 = 3;

/// The arguments of B (and a pair's B2) when the WGSL skinny kernel reads them as 16-byte
/// vectors (`matmul_skinny`): plain loads of f32 whose columns are contiguous, every other
/// stride and the offset a whole number of vectors, `n` a multiple of four, read nowhere else in
/// the kernel (the binding is declared `array<vec4<f32>>`), at most [`SKINNY_VECTOR_MAX_SETS`]
/// row sets. `FORGE_WGSL_SKINNY_VECTORS=0` keeps every B scalar (for comparisons).
pub fn skinny_vector_b(args: &[KernelArg], m: &MatmulBody) -> Option<Vec<usize>> {
    if std::env::var("FORGE_WGSL_SKINNY_VECTORS").is_ok_and(|v| v.trim() == "0") {
        return None;
    }
    let lanes = VECTOR_POINTS as usize;
    let sets = matmul_rows(m).1 * (1 + u64::from(m.b2.is_some()));
    if !m.n.is_multiple_of(lanes) || sets > SKINNY_VECTOR_MAX_SETS {
        return None;
    }
    let nb = m.batch.len();
    let mut vectors = Vec::new();
    for b in std::iter::once(&m.b).chain(m.b2.as_ref()) {
        let (arg, s) = b.as_load()?;
        let a = &args[arg];
        let lies = s.len() == nb + 2 && s[nb + 1] == 1 && s[..=nb].iter().all(|x| x.is_multiple_of(lanes));
        if !(lies && a.elem == crate::elem::Elem::F32 && vector_arg(a) && a.len.is_multiple_of(lanes)) {
            return None;
        }
        vectors.push(arg);
    }
    let mut others: Vec<&SExpr> = vec![&m.a, &m.epilogue];
    if let Some(r) = &m.rms {
        others.extend([&r.gain, &r.eps]);
    }
    let mut elsewhere = false;
    for e in others {
        e.visit_args(&mut |i| elsewhere |= vectors.contains(&i));
    }
    (!elsewhere).then_some(vectors)
}

/// A short description of the variant a kernel runs, for profiles.
pub fn variant_name(spec: &KernelSpec, s: &Schedule) -> String {
    let t = threads(spec, s);
    match &spec.body {
        KernelBody::Matmul(m) => match matmul_variant(m, &spec.args, s) {
            MatmulVariant::Skinny => format!("skinny matmul ({t} threads, {SKINNY_COLS} columns per group)"),
            MatmulVariant::Coop(c) => {
                format!("cooperative matrix f16 {0}x{0} (4 subgroups of {c}x{c} 16x16 tiles)", 32 * c)
            }
            MatmulVariant::Blocked(32) => "register-blocked 32x32 (4x4 per thread, K split 4 ways)".into(),
            MatmulVariant::Blocked(64) => "register-blocked 64x64 (8x8 per thread, K split 4 ways)".into(),
            MatmulVariant::Blocked(tile) => format!("register-blocked {tile}x{tile} (8x8 per thread)"),
            MatmulVariant::Tiled(tile) => format!("tiled {tile}x{tile}"),
        },
        KernelBody::Index { reduce: Some((_, k)), .. } if *k >= PARALLEL_REDUCE_MIN => {
            format!("workgroup reduction ({t} threads)")
        }
        KernelBody::Attention(a) => {
            if let Some(b) = attention_block(a, s.workgroup) {
                let rows = b.rows().min(a.tq);
                return format!(
                    "blocked, {rows} query rows x {} keys a workgroup in workgroup memory ({t} threads)",
                    a.tk
                );
            }
            let lanes = match attention_lanes(a, t) {
                1 => format!("one query per thread ({t} threads)"),
                lanes => format!("{lanes} lanes per query ({t} threads)"),
            };
            match attention_chunk(a) {
                Some(c) => format!("online softmax, {lanes}, keys in workgroup memory ({c} at a time)"),
                None => format!("online softmax, {lanes}"),
            }
        }
        KernelBody::Row { cols, leading, .. }
        | KernelBody::Softmax { cols, leading, .. }
        | KernelBody::Norm { cols, leading, .. } => {
            let l = body_row_layout(&spec.body, s).unwrap_or(row_layout(*cols, product(leading), s));
            if l.resident {
                let values = cols.div_ceil(l.per_row as usize);
                format!(
                    "{}, registers ({} rows x {} threads, {values} values each)",
                    spec.body.kind(),
                    l.rows,
                    l.per_row
                )
            } else {
                format!("{}, streamed ({t} threads a row)", spec.body.kind())
            }
        }
        KernelBody::Rows(c) => {
            let l = chain_layout(c, s);
            format!("{} stages in one kernel, registers ({} rows x {} threads)", c.stages.len(), l.rows, l.per_row)
        }
        other => format!("{} ({t} threads, {} items)", other.kind(), s.items.max(1)),
    }
}

/// [`variant_name`] for a kernel on wgpu (under [`wgsl_schedule`]), naming vectorised maps.
pub fn wgsl_variant_name(spec: &KernelSpec, s: &Schedule) -> String {
    let s = wgsl_schedule(spec, s);
    match &spec.body {
        _ if wgsl_vector_map(spec, &s) => {
            format!("map, 16-byte vectors ({} threads, {} points)", threads(spec, &s), s.items)
        }
        KernelBody::Matmul(m)
            if matmul_variant(m, &spec.args, &s) == MatmulVariant::Skinny
                && skinny_vector_b(&spec.args, m).is_some() =>
        {
            format!("skinny matmul, 16-byte B ({} threads, {SKINNY_COLS} columns per group)", threads(spec, &s))
        }
        _ => variant_name(spec, &s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A product whose B has `b_batch` strides along the batch dims (0: shared).
    fn with_b(batch: &[usize], b_batch: &[usize], m: usize, k: usize, n: usize) -> MatmulBody {
        let mut strides = b_batch.to_vec();
        strides.extend([n, 1]);
        MatmulBody {
            out: 0,
            batch: batch.to_vec(),
            m,
            n,
            k,
            a: SExpr::Const(crate::graph::checked::Const::F32(1.0)),
            b: SExpr::Load { arg: 1, strides, ty: crate::elem::Ty::F32 },
            b2: None,
            rms: None,
            epilogue: SExpr::Acc(crate::elem::Ty::F32),
            precision: Default::default(),
        }
    }

    /// A product with one B per batch entry.
    fn product(batch: &[usize], m: usize, k: usize, n: usize) -> MatmulBody {
        let mut strides = crate::ir::contiguous_strides(batch);
        strides.iter_mut().for_each(|s| *s *= k * n);
        with_b(batch, &strides, m, k, n)
    }

    #[test]
    fn batch_dims_fold_into_rows_where_b_is_shared() {
        let s = Schedule::default();
        // MiniLM's projections: 8 entries of 30 rows against one weight are one 240-row product.
        let shared = with_b(&[8], &[0], 30, 384, 1536);
        assert_eq!((folded_batch_dims(&shared), matmul_rows(&shared)), (1, (1, 240)));
        assert_eq!(matmul_variant(&shared, &[], &s), MatmulVariant::Blocked(32));
        assert_eq!(matmul_variant(&with_b(&[8], &[0], 30, 384, 384), &[], &s), MatmulVariant::Blocked(32));
        // Per-entry B: nothing folds, and each entry keeps its own tiles (one of 32 rows each).
        let own = product(&[8], 30, 384, 384);
        assert_eq!((folded_batch_dims(&own), matmul_rows(&own)), (0, (8, 30)));
        let spec = |m: MatmulBody| KernelSpec {
            node: "t".into(),
            args: Vec::new(),
            uses_uniforms: false,
            body: KernelBody::Matmul(Box::new(m)),
        };
        assert_eq!(groups(&spec(own), &s), 8 * 12);
        assert_eq!(groups(&spec(with_b(&[8], &[0], 30, 384, 384)), &s), 8 * 12);
        // Only the trailing shared dims fold; extent-1 dims fold whatever B does there.
        let inner = with_b(&[3, 5, 1], &[7, 0, 9], 4, 6, 2);
        assert_eq!((folded_batch_dims(&inner), matmul_rows(&inner)), (2, (3, 20)));
        assert_eq!(folded_batch_dims(&with_b(&[1, 1], &[0, 0], 4, 6, 2)), 0);
        assert_eq!(folded_batch_dims(&with_b(&[], &[], 4, 6, 2)), 0);
        // Few folded rows take the skinny kernel: one workgroup per 8 columns for all entries.
        let decode = with_b(&[2, 3], &[0, 0], 1, 64, 80);
        assert_eq!(matmul_variant(&decode, &[], &s), MatmulVariant::Skinny);
        assert_eq!(groups(&spec(decode), &s), 10);
    }

    #[test]
    fn large_products_choose_the_register_blocked_tiles() {
        let s = Schedule::default();
        let variant = |batch: &[usize], m, k, n| matmul_variant(&product(batch, m, k, n), &[], &s);
        assert_eq!(variant(&[], 4096, 4096, 4096), MatmulVariant::Blocked(128));
        assert_eq!(variant(&[12], 257, 19, 260), MatmulVariant::Blocked(128));
        assert_eq!(variant(&[], 1024, 1024, 1024), MatmulVariant::Blocked(64));
        assert_eq!(variant(&[], 1920, 1536, 384), MatmulVariant::Blocked(64));
        // Too few 64×64 tiles to fill the GPU: the 32×32 tile, whose K split keeps each
        // invocation's 4×4 block, gives 4× the workgroups (MiniLM's and the MLP's shapes).
        assert_eq!(variant(&[], 240, 384, 1536), MatmulVariant::Blocked(32));
        assert_eq!(variant(&[], 64, 576, 1536), MatmulVariant::Blocked(32));
        assert_eq!(variant(&[], 64, 1536, 576), MatmulVariant::Blocked(32));
        assert_eq!(variant(&[], 240, 384, 384), MatmulVariant::Blocked(32));
        assert_eq!(variant(&[], 8, 4096, 4096), MatmulVariant::Skinny);
    }

    #[test]
    fn schedules_force_a_matmul_variant() {
        let m = product(&[], 67, 45, 131);
        let with = |workgroup, items| matmul_variant(&m, &[], &Schedule { workgroup, items, coop: false });
        assert_eq!(with(256, 2), MatmulVariant::Blocked(32));
        assert_eq!(with(256, 4), MatmulVariant::Blocked(64));
        assert_eq!(with(256, 8), MatmulVariant::Blocked(128));
        assert_eq!(with(64, 1), MatmulVariant::Tiled(8));
        assert_eq!(with(64, 8), MatmulVariant::Tiled(8));
    }
}
