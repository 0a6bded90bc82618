//! How each kernel is launched: threads per workgroup, how many workgroups, which matmul
//! variant runs; and folding a workgroup count into a grid every backend accepts.

use crate::ir::{KernelBody, KernelSpec, Schedule};

mod attention;
mod coop;
mod maps;
mod matmul;
mod rows;
pub use attention::*;
pub use coop::*;
pub use maps::*;
pub use matmul::*;
pub use rows::*;

/// Reductions at least this long run one workgroup per output instead of a loop per thread.
pub const PARALLEL_REDUCE_MIN: usize = 128;
pub(crate) use crate::ir::limits::ASSUMED_SMS;
pub use crate::ir::limits::{MAX_WORKGROUPS_PER_DIM, SKINNY_MAX_M};

/// CUDA's `__launch_bounds__` minimum of blocks an SM for a kernel, where it matters: the
/// attention kernel holds its query and output rows in registers (`e + ev` floats a thread),
/// and with as many registers as the compiler likes, fewer blocks fit an SM than a grid of a
/// few thousand needs, so the last blocks run as a second wave. Asking for enough blocks to
/// cover [`ASSUMED_SMS`] once, down to about `e + ev + 16` registers a thread (no spills), keeps
/// it to one. H200, MiniLM b64 (1,536 blocks of 64): 95 registers (10 blocks an SM, two waves)
/// → 80 (12, one wave).
pub fn cuda_min_blocks(spec: &KernelSpec, s: &Schedule) -> Option<u32> {
    let KernelBody::Attention(a) = &spec.body else { return None };
    match attention_variant(a, s) {
        // One block an SM: a cluster block keeps its keys' and values' rows in registers.
        AttentionVariant::Spread(spread) if spread.parts > 1 => return Some(1),
        AttentionVariant::Blocked(_)
        | AttentionVariant::Spread(_)
        | AttentionVariant::Mma(_)
        | AttentionVariant::Dims(_) => return None,
        AttentionVariant::Online => {}
    }
    let threads = threads(spec, s).max(1) as u64;
    let want = groups(spec, s).div_ceil(ASSUMED_SMS);
    let regs = ((a.e + a.ev + 16) as u64).next_multiple_of(8).max(32);
    let fit = (64 * 1024 / (threads * regs)).min(32);
    let blocks = want.min(fit);
    (blocks > 1).then_some(blocks as u32)
}

/// Threads per workgroup a kernel runs with.
pub fn threads(spec: &KernelSpec, s: &Schedule) -> u32 {
    match &spec.body {
        KernelBody::Matmul(m) => match matmul_variant(m, &spec.args, s) {
            MatmulVariant::Skinny => skinny_threads(s),
            MatmulVariant::Blocked(_) => 256,
            MatmulVariant::Coop(_) => COOP_THREADS,
            MatmulVariant::Tiled(t) => t * t,
        },
        KernelBody::Attention(a) => match attention_variant(a, s) {
            AttentionVariant::Blocked(_) => ATTENTION_BLOCK_THREADS,
            AttentionVariant::Spread(spread) => spread.threads,
            AttentionVariant::Online => ATTENTION_THREADS.min(s.workgroup.max(1)),
            AttentionVariant::Mma(_) => ATTENTION_MMA_THREADS,
            AttentionVariant::Dims(d) => d.threads,
        },
        KernelBody::Raw(r) => r.workgroup_size.iter().product(),
        KernelBody::Rows(c) => {
            let l = chain_layout(c, s);
            l.per_row * l.rows
        }
        KernelBody::Map { extents, transpose_at, .. } if transposed_map(extents, *transpose_at).is_some() => {
            TRANSPOSE_THREADS
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Scatter(_)
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Norm { .. } => s.workgroup.max(1),
    }
}

pub(super) fn product(extents: &[usize]) -> u64 {
    extents.iter().map(|&e| e as u64).product()
}

/// Total workgroups a kernel needs (before folding into a grid).
pub fn groups(spec: &KernelSpec, s: &Schedule) -> u64 {
    if let KernelBody::Map { extents, transpose_at, .. } = &spec.body {
        if let Some((_, rows, cols)) = transposed_map(extents, *transpose_at) {
            let tile = TRANSPOSE_TILE as u64;
            return rows.div_ceil(tile) * cols.div_ceil(tile);
        }
    }
    let t = threads(spec, s).max(1) as u64;
    match &spec.body {
        KernelBody::Raw(r) => r.workgroups.max(1),
        KernelBody::Map { extents, .. } | KernelBody::Index { extents, reduce: None, .. } => {
            product(extents).div_ceil(t * s.items.max(1) as u64).max(1)
        }
        KernelBody::Scatter(sc) => product(&sc.extents).div_ceil(t * s.items.max(1) as u64).max(1),
        KernelBody::Index { extents, reduce: Some(r), .. } if r.count() >= PARALLEL_REDUCE_MIN => {
            product(extents).max(1)
        }
        KernelBody::Index { extents, .. } => product(extents).div_ceil(t * s.items.max(1) as u64).max(1),
        KernelBody::Row { leading, .. } | KernelBody::Softmax { leading, .. } | KernelBody::Norm { leading, .. } => {
            product(leading).div_ceil(body_row_layout(&spec.body, s).map_or(1, |l| l.rows) as u64).max(1)
        }
        KernelBody::Rows(c) => product(&c.leading).div_ceil(chain_layout(c, s).rows as u64).max(1),
        KernelBody::Matmul(m) => {
            let (entries, rows) = matmul_rows(m);
            let per = match matmul_variant(m, &spec.args, s) {
                MatmulVariant::Skinny => (m.n as u64).div_ceil(skinny_cols(m, &spec.args, s) as u64),
                MatmulVariant::Coop(t) => rows.div_ceil(32 * t as u64) * (m.n as u64).div_ceil(32 * t as u64),
                MatmulVariant::Blocked(tile) | MatmulVariant::Tiled(tile) => {
                    rows.div_ceil(tile as u64) * (m.n as u64).div_ceil(tile as u64)
                }
            };
            entries * per
        }
        KernelBody::Attention(a) => {
            match attention_variant(a, s) {
                AttentionVariant::Blocked(b) => return (product(&a.batch) * b.per_entry(a)).max(1),
                AttentionVariant::Spread(spread) => return spread.entries(a) * spread.parts.max(1) as u64,
                AttentionVariant::Mma(m) => {
                    let row_blocks = (a.tq as u64).div_ceil(ATTENTION_MMA_ROWS as u64);
                    return (product(&a.batch) * row_blocks * m.parts as u64).max(1);
                }
                AttentionVariant::Dims(d) => return d.groups(a),
                AttentionVariant::Online => {}
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
/// 4-byte point a thread); products sum across warps by shuffles ([`Schedule::warp_sums`]).
pub fn cuda_schedule(spec: &KernelSpec, s: &Schedule) -> Schedule {
    let vectorised = Schedule { items: VECTOR_POINTS, ..*s };
    if let KernelBody::Matmul(_) = &spec.body {
        return Schedule { warp_sums: true, ..*s };
    }
    if lone_long_row(&spec.body, s) {
        return Schedule { workgroup: LONG_ROW_THREADS, ..vectorised };
    }
    if s.items <= 1 && (vector_map(spec, &vectorised) || matches!(spec.body, KernelBody::Row { .. })) {
        vectorised
    } else {
        *s
    }
}

/// Whether `body` reduces one long row under the default workgroup (a decoding step's argmax
/// over the vocabulary): one block runs it, and its serial loop is the kernel's latency, so
/// the widest block takes it ([`LONG_ROW_THREADS`]; on wgpu where the device allows).
pub fn lone_long_row(body: &KernelBody, s: &Schedule) -> bool {
    matches!(body, KernelBody::Row { cols, leading, .. }
        if product(leading) == 1 && *cols > LONG_ROW && s.workgroup == Schedule::default().workgroup)
}

/// Columns above which a lone row's reduction takes [`LONG_ROW_THREADS`] threads.
pub const LONG_ROW: usize = 16_384;
/// Threads a lone long row's reduction takes (the most a CUDA block has).
pub const LONG_ROW_THREADS: u32 = 1024;

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
        KernelBody::Matmul(m) => match matmul_variant(m, &spec.args, s) {
            MatmulVariant::Skinny => {
                format!("skinny matmul ({t} threads, {} columns per group)", skinny_cols(m, &spec.args, s))
            }
            MatmulVariant::Coop(c) => {
                format!("cooperative matrix f16 {0}x{0} (4 subgroups of {c}x{c} 16x16 tiles)", 32 * c)
            }
            MatmulVariant::Blocked(32) => "register-blocked 32x32 (4x4 per thread, K split 4 ways)".into(),
            MatmulVariant::Blocked(64) => "register-blocked 64x64 (8x8 per thread, K split 4 ways)".into(),
            MatmulVariant::Blocked(tile) => format!("register-blocked {tile}x{tile} (8x8 per thread)"),
            MatmulVariant::Tiled(tile) => format!("tiled {tile}x{tile}"),
        },
        KernelBody::Index { reduce: Some(r), .. } if r.count() >= PARALLEL_REDUCE_MIN => {
            format!("workgroup reduction ({t} threads)")
        }
        KernelBody::Attention(a) => {
            match attention_variant(a, s) {
                AttentionVariant::Blocked(b) => {
                    let rows = b.rows().min(a.tq);
                    return format!(
                        "blocked, {rows} query rows x {} keys a workgroup in workgroup memory ({t} threads)",
                        a.tk
                    );
                }
                AttentionVariant::Spread(spread) => return spread_name(a, spread),
                AttentionVariant::Mma(m) => return mma_name(m),
                AttentionVariant::Dims(d) => {
                    return format!(
                        "a thread an output dim, {} keys ({} entries a workgroup of {t} threads)",
                        a.tk,
                        d.per_group()
                    );
                }
                AttentionVariant::Online => {}
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

/// The spread attention's [`variant_name`] (its template also names its CUDA function's variant so).
pub fn spread_name(a: &crate::ir::AttentionBody, s: AttentionSpread) -> String {
    let split = match s.parts {
        0 | 1 => "a workgroup".to_string(),
        p => format!("over a cluster of {p} blocks"),
    };
    format!(
        "spread, {} query rows x {} keys {split} ({} threads; values in {} groups)",
        a.tq,
        a.tk,
        s.threads,
        s.key_groups()
    )
}

/// [`variant_name`] for a kernel on wgpu (under [`wgsl_schedule`]), naming vectorised maps.
pub fn wgsl_variant_name(spec: &KernelSpec, s: &Schedule) -> String {
    let s = wgsl_schedule(spec, s);
    if wgsl_vector_map(spec, &s) {
        return format!("map, 16-byte vectors ({} threads, {} points)", threads(spec, &s), s.items);
    }
    match &spec.body {
        KernelBody::Matmul(m)
            if matmul_variant(m, &spec.args, &s) == MatmulVariant::Skinny
                && skinny_vector_b(&spec.args, m).is_some() =>
        {
            format!("skinny matmul, 16-byte B ({} threads, {SKINNY_COLS} columns per group)", threads(spec, &s))
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Norm { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => variant_name(spec, &s),
    }
}

#[cfg(test)]
mod tests;
