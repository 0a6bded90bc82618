//! How each kernel is launched: threads per workgroup, how many workgroups, which matmul
//! variant runs; and folding a workgroup count into a grid every backend accepts.

use super::map::PARALLEL_REDUCE_MIN;
use crate::ir::{KernelBody, KernelSpec, MatmulBody, Schedule};

/// Workgroups per dispatch dimension every WebGPU adapter supports (CUDA's y limit too).
pub const MAX_WORKGROUPS_PER_DIM: u32 = 65_535;
/// Matmuls with at most this many rows per batch entry use the skinny kernel.
pub const SKINNY_MAX_M: usize = 8;
/// Output columns per workgroup of the skinny matmul; the rest of the workgroup splits K.
pub const SKINNY_COLS: u32 = 8;
/// Output tile side of the register-blocked matmul (256 invocations, 2×2 outputs each).
pub const BLOCKED_TILE: u32 = 32;
/// K slice of the register-blocked matmul kept in workgroup memory per step.
pub const BLOCKED_K: u32 = 16;
/// Threads per workgroup of the attention kernel (one query row each).
pub const ATTENTION_THREADS: u32 = 64;

/// Which matmul template runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatmulVariant {
    /// Few rows: each workgroup owns `SKINNY_COLS` columns and splits K (weights read once).
    Skinny,
    /// `#[schedule(workgroup = 256, items = 4)]`: 32×32 tile, 2×2 outputs per invocation.
    /// Opt-in: on the H200 at 64×576×1536 it lost to the 16×16 tile (too few workgroups).
    Blocked,
    /// A square tile of this side (16 for 256 invocations).
    Tiled(u32),
}

pub fn matmul_variant(m: &MatmulBody, s: &Schedule) -> MatmulVariant {
    if m.m <= SKINNY_MAX_M && s.workgroup >= 2 * SKINNY_COLS {
        MatmulVariant::Skinny
    } else if s.workgroup == 256 && s.items == 4 {
        MatmulVariant::Blocked
    } else {
        MatmulVariant::Tiled(1 << (s.workgroup.clamp(1, 1024).ilog2() / 2))
    }
}

/// Threads per workgroup a kernel runs with.
pub fn threads(spec: &KernelSpec, s: &Schedule) -> u32 {
    match &spec.body {
        KernelBody::Matmul(m) => match matmul_variant(m, s) {
            MatmulVariant::Skinny => s.workgroup / SKINNY_COLS * SKINNY_COLS,
            MatmulVariant::Blocked => 256,
            MatmulVariant::Tiled(t) => t * t,
        },
        KernelBody::Attention(_) => ATTENTION_THREADS.min(s.workgroup.max(1)),
        KernelBody::Raw(r) => r.workgroup_size.iter().product(),
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
        KernelBody::Matmul(m) => {
            let per = match matmul_variant(m, s) {
                MatmulVariant::Skinny => (m.n as u64).div_ceil(SKINNY_COLS as u64),
                MatmulVariant::Blocked => {
                    let t = BLOCKED_TILE as u64;
                    (m.m as u64).div_ceil(t) * (m.n as u64).div_ceil(t)
                }
                MatmulVariant::Tiled(tile) => (m.m as u64).div_ceil(tile as u64) * (m.n as u64).div_ceil(tile as u64),
            };
            product(&m.batch) * per
        }
        KernelBody::Attention(a) => (product(&a.batch) * a.tq as u64).div_ceil(t).max(1),
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

/// The layout of a row kernel of `cols` columns under schedule `s`: register-resident when the
/// workgroup is a power of two and the row fits in [`ROW_VALUES_MAX`] values a thread; short
/// rows share a workgroup (MiniLM's 384-wide norms: 32 threads of 12 values, 8 rows).
pub fn row_layout(cols: usize, s: &Schedule) -> RowLayout {
    let threads = s.workgroup.max(1);
    let want = cols.div_ceil(ROW_VALUES_TARGET).max(1).next_power_of_two();
    let per_row = want.min(threads as usize) as u32;
    if !threads.is_power_of_two() || cols.div_ceil(per_row as usize) > ROW_VALUES_MAX {
        return RowLayout { per_row: threads, rows: 1, resident: false };
    }
    RowLayout { per_row, rows: threads / per_row, resident: true }
}

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
        KernelBody::Row { cols, .. } | KernelBody::Softmax { cols, .. } | KernelBody::Norm { cols, .. } => {
            Some(row_layout(*cols, s))
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Raw(_) => None,
    }
}

/// Points each thread of a vectorised CUDA map owns (one 16-byte load per operand).
pub const VECTOR_POINTS: u32 = 4;

/// Whether a CUDA map runs vectorised: 4-byte output elements at a 16-byte aligned offset,
/// a multiple of [`VECTOR_POINTS`] points, and a schedule of that many items (which
/// [`cuda_schedule`] gives maps by default).
pub fn vector_map(spec: &KernelSpec, s: &Schedule) -> bool {
    let KernelBody::Map { out, extents, .. } = &spec.body else { return false };
    s.items == VECTOR_POINTS && product(extents) % VECTOR_POINTS as u64 == 0 && vector_arg(&spec.args[*out])
}

/// Whether an argument can be read or written [`VECTOR_POINTS`] elements (16 bytes) at a time
/// from a multiple of that index: a 4-byte element at a 16-byte aligned offset (buffers start
/// 256-byte aligned).
pub fn vector_arg(a: &crate::ir::KernelArg) -> bool {
    a.offset % VECTOR_POINTS as usize == 0
        && matches!(a.elem, crate::elem::Elem::F32 | crate::elem::Elem::U32 | crate::elem::Elem::I32)
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

/// A short description of the variant a kernel runs, for profiles.
pub fn variant_name(spec: &KernelSpec, s: &Schedule) -> String {
    let t = threads(spec, s);
    match &spec.body {
        KernelBody::Matmul(m) => match matmul_variant(m, s) {
            MatmulVariant::Skinny => format!("skinny matmul ({t} threads, {SKINNY_COLS} columns per group)"),
            MatmulVariant::Blocked => format!("register-blocked {BLOCKED_TILE}x{BLOCKED_TILE} tile"),
            MatmulVariant::Tiled(tile) => format!("tiled {tile}x{tile}"),
        },
        KernelBody::Index { reduce: Some((_, k)), .. } if *k >= PARALLEL_REDUCE_MIN => {
            format!("workgroup reduction ({t} threads)")
        }
        KernelBody::Attention(_) => format!("online softmax, one query per thread ({t} threads)"),
        KernelBody::Row { cols, .. } | KernelBody::Softmax { cols, .. } | KernelBody::Norm { cols, .. } => {
            let l = body_row_layout(&spec.body, s).unwrap_or(row_layout(*cols, s));
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
        other => format!("{} ({t} threads, {} items)", other.kind(), s.items.max(1)),
    }
}
