//! How each kernel is launched: threads per workgroup, how many workgroups, which matmul
//! variant runs; and folding a workgroup count into a grid every backend accepts.

use crate::ir::{CoordValue, KernelArg, KernelBody, KernelSpec, MatmulBody, SExpr, Schedule};

mod attention;
mod coop;
mod rows;
pub use attention::*;
pub use coop::*;
pub use rows::*;

/// Reductions at least this long run one workgroup per output instead of a loop per thread.
pub const PARALLEL_REDUCE_MIN: usize = 128;
pub use crate::ir::limits::{MAX_WORKGROUPS_PER_DIM, SKINNY_MAX_M};
/// Output columns per workgroup of the skinny matmul; the rest of the workgroup splits K.
pub const SKINNY_COLS: u32 = 8;
/// Output columns a CUDA skinny workgroup computes over block formats ([`skinny_cols`]).
pub const SKINNY_WARP_COLS: u32 = 4;

/// Whether an operand's (first) load is contiguous along K (`strides[k_axis] == 1`, e.g. A
/// row-major or PyTorch `[out, in]` weights as B): then neighbouring invocations stage
/// neighbouring k, and otherwise neighbouring rows (A) or columns (B), so global reads coalesce.
pub fn along_k(operand: &SExpr, k_axis: usize) -> bool {
    let mut strides = None;
    operand.visit(&mut |e| {
        if let (None, SExpr::Load { strides: s, .. }) = (&strides, e) {
            strides = Some(s.clone());
        }
    });
    strides.is_some_and(|s| s.get(k_axis) == Some(&1))
}

/// The formats of B (and B2) where the skinny kernel reads them a block's quarter at a time
/// (`codegen::matmul_skinny_quant`): plain loads along K of block-format arguments under a
/// workgroup of 256 (whole warps a column); `None` otherwise.
pub fn skinny_block_formats(m: &MatmulBody, args: &[KernelArg], threads: u32) -> Option<Vec<crate::elem::Elem>> {
    if threads != 256 || !along_k(&m.b, m.batch.len()) {
        return None;
    }
    let elem_of = |b: &SExpr| {
        let (arg, s) = b.as_load()?;
        let elem = args.get(arg)?.elem;
        (elem.is_quantized() && s.get(m.batch.len()) == Some(&1)).then_some(elem)
    };
    std::iter::once(&m.b).chain(m.b2.as_ref()).map(elem_of).collect()
}

/// Output columns a skinny workgroup computes: [`SKINNY_COLS`] (32 slices of K a column), or
/// on CUDA over block formats ([`Schedule::warp_sums`]) [`SKINNY_WARP_COLS`] (two warps a
/// column). A decoding step's projections are latency-bound, and more warps a column means
/// fewer dependent trips over K each; 4 gave the fastest step of 8, 4, 2 and 1 (the tenth
/// session's journal entry). WGSL meets the slices in workgroup memory, where more slices a
/// column cost, so it keeps 8.
pub fn skinny_cols(m: &MatmulBody, args: &[KernelArg], s: &Schedule) -> u32 {
    let wide = (m.n as u64).div_ceil(SKINNY_WARP_COLS as u64) > SKINNY_WIDE_GROUPS;
    match skinny_block_formats(m, args, skinny_threads(s)) {
        Some(_) if s.warp_sums && !wide => SKINNY_WARP_COLS,
        _ => SKINNY_COLS,
    }
}
/// Workgroups a block-format product may have at [`SKINNY_WARP_COLS`] columns; a wider one (an
/// output head over the vocabulary) keeps [`SKINNY_COLS`], as it is bound by its many
/// workgroups' reductions rather than by each one's trips over K.
const SKINNY_WIDE_GROUPS: u64 = 8 * ASSUMED_SMS;
/// Threads of a skinny workgroup under `s`: its workgroup, a whole number of column tiles.
fn skinny_threads(s: &Schedule) -> u32 {
    s.workgroup / SKINNY_COLS * SKINNY_COLS
}

/// Multiprocessors the matmul choice assumes (an H200's 132): the templates do not know the
/// device, and the choice only needs to tell a grid that fills a large GPU from one that does not.
pub(crate) const ASSUMED_SMS: u64 = 132;

/// CUDA's `__launch_bounds__` minimum of blocks an SM for a kernel, where it matters: the
/// attention kernel holds its query and output rows in registers (`e + ev` floats a thread),
/// and with as many registers as the compiler likes, fewer blocks fit an SM than a grid of a
/// few thousand needs, so the last blocks run as a second wave. Asking for enough blocks to
/// cover [`ASSUMED_SMS`] once, down to about `e + ev + 16` registers a thread (no spills), keeps
/// it to one. H200, MiniLM b64 (1,536 blocks of 64): 95 registers (10 blocks an SM, two waves)
/// → 80 (12, one wave).
pub fn cuda_min_blocks(spec: &KernelSpec, s: &Schedule) -> Option<u32> {
    let KernelBody::Attention(a) = &spec.body else { return None };
    match attention_variant(a, s.workgroup) {
        AttentionVariant::Blocked(_) | AttentionVariant::Spread(_) => return None,
        AttentionVariant::Online => {}
    }
    let threads = threads(spec, s).max(1) as u64;
    let want = groups(spec, s).div_ceil(ASSUMED_SMS);
    let regs = ((a.e + a.ev + 16) as u64).next_multiple_of(8).max(32);
    let fit = (64 * 1024 / (threads * regs)).min(32);
    let blocks = want.min(fit);
    (blocks > 1).then_some(blocks as u32)
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
// entries share; per entry they took the 16×16 tile (most of wgpu's MiniLM time on an H200),
// folded their B·T rows take the register-blocked one. A dim folds where B (the second
// operand) does not depend on it (no load stride, no index variable; or extent 1), so every
// row of a tile multiplies the same B. A and the epilogue are evaluated at each row's own batch
// index, so they may be any expression (the CUDA GEMM path, `gemm::bind`, folds plain loads the
// same way).
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
            SExpr::Uniform { .. }
            | SExpr::Const(_)
            | SExpr::Acc(_)
            | SExpr::Acc2
            | SExpr::Unary { .. }
            | SExpr::Binary { .. }
            | SExpr::Select { .. }
            | SExpr::Cast { .. } => false,
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
/// 64×576×1536). The factors predate the 64×64 tile's own K split, which made it faster
/// without moving any choice measured since.
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
            MatmulVariant::Skinny => skinny_threads(s),
            MatmulVariant::Blocked(_) => 256,
            MatmulVariant::Coop(_) => COOP_THREADS,
            MatmulVariant::Tiled(t) => t * t,
        },
        KernelBody::Attention(a) => match attention_variant(a, s.workgroup) {
            AttentionVariant::Blocked(_) => ATTENTION_BLOCK_THREADS,
            AttentionVariant::Spread(spread) => spread.threads,
            AttentionVariant::Online => ATTENTION_THREADS.min(s.workgroup.max(1)),
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

fn product(extents: &[usize]) -> u64 {
    extents.iter().map(|&e| e as u64).product()
}

/// Total workgroups a kernel needs (before folding into a grid).
pub fn groups(spec: &KernelSpec, s: &Schedule) -> u64 {
    let t = threads(spec, s).max(1) as u64;
    match &spec.body {
        KernelBody::Raw(r) => r.workgroups.max(1),
        KernelBody::Map { extents, transpose_at, .. } if transposed_map(extents, *transpose_at).is_some() => {
            let tile = TRANSPOSE_TILE as u64;
            transposed_map(extents, *transpose_at)
                .map_or(1, |(_, rows, cols)| rows.div_ceil(tile) * cols.div_ceil(tile))
        }
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
            match attention_variant(a, s.workgroup) {
                AttentionVariant::Blocked(b) => return (product(&a.batch) * b.per_entry(a)).max(1),
                AttentionVariant::Spread(_) => return product(&a.batch).max(1),
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

/// Side of a transposed map's square tile ([`transposed_map`]): a warp's lanes along its rows.
pub const TRANSPOSE_TILE: u32 = 32;
/// Threads of a transposed map's workgroup: eight lines of [`TRANSPOSE_TILE`], four points
/// each.
pub const TRANSPOSE_THREADS: u32 = 256;

/// A map that runs in transposed tiles (`codegen::map`): `(split, rows, cols)`, the points of
/// `extents[..split]` and of `extents[split..]`, where the map's `transpose_at` falls inside
/// its axes.
pub fn transposed_map(extents: &[usize], transpose_at: Option<usize>) -> Option<(usize, u64, u64)> {
    let split = transpose_at.filter(|&s| s > 0 && s < extents.len())?;
    Some((split, product(&extents[..split]), product(&extents[split..])))
}

/// Points each thread of a vectorised CUDA map owns (one 16-byte load per operand).
pub const VECTOR_POINTS: u32 = 4;

/// Whether a CUDA map runs vectorised: 4-byte output elements at a 16-byte aligned offset (or
/// 16-bit ones at an 8-byte aligned offset: four stored as one 8-byte word), a multiple of
/// [`VECTOR_POINTS`] points, and a schedule of that many items (which [`cuda_schedule`] gives
/// maps by default).
pub fn vector_map(spec: &KernelSpec, s: &Schedule) -> bool {
    let KernelBody::Map { out, extents, transpose_at, .. } = &spec.body else { return false };
    let out = &spec.args[*out];
    transposed_map(extents, *transpose_at).is_none()
        && s.items == VECTOR_POINTS
        && product(extents).is_multiple_of(VECTOR_POINTS as u64)
        && (vector_arg(out) || half_vector_arg(out))
}

/// Whether a 16-bit argument can be written [`VECTOR_POINTS`] elements (8 bytes) at a time
/// from a multiple of that index (CUDA maps' output only).
pub fn half_vector_arg(a: &crate::ir::KernelArg) -> bool {
    a.offset.is_multiple_of(VECTOR_POINTS as usize)
        && matches!(a.elem, crate::elem::Elem::F16 | crate::elem::Elem::BF16)
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
    let KernelBody::Map { out, extents, value, transpose_at } = &spec.body else { return None };
    if transposed_map(extents, *transpose_at).is_some() {
        return None;
    }
    let n = product(extents);
    if s.items != VECTOR_POINTS || n == 0 || !n.is_multiple_of(VECTOR_POINTS as u64) {
        return None;
    }
    let own = crate::ir::contiguous_strides(extents);
    let (mut flat, mut other) = (vec![false; spec.args.len()], vec![false; spec.args.len()]);
    value.visit(&mut |e| match e {
        SExpr::Load { arg, strides, .. } if *strides == own => flat[*arg] = true,
        SExpr::Load { arg, .. } | SExpr::Gather { arg, .. } => other[*arg] = true,
        SExpr::Uniform { .. }
        | SExpr::Const(_)
        | SExpr::Var(_)
        | SExpr::Acc(_)
        | SExpr::Acc2
        | SExpr::Unary { .. }
        | SExpr::Binary { .. }
        | SExpr::Select { .. }
        | SExpr::Cast { .. } => {}
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
/// 4-byte point a thread); products sum across warps by shuffles ([`Schedule::warp_sums`]).
pub fn cuda_schedule(spec: &KernelSpec, s: &Schedule) -> Schedule {
    let vectorised = Schedule { items: VECTOR_POINTS, ..*s };
    if let KernelBody::Matmul(_) = &spec.body {
        return Schedule { warp_sums: true, ..*s };
    }
    if let KernelBody::Row { cols, leading, .. } = &spec.body {
        // One long row reduced by one block (a decoding step's argmax over the vocabulary):
        // the block's serial loop is the kernel's latency, so the widest block takes it.
        if product(leading) == 1 && *cols > LONG_ROW && s.workgroup == Schedule::default().workgroup {
            return Schedule { workgroup: LONG_ROW_THREADS, ..vectorised };
        }
    }
    if s.items <= 1 && (vector_map(spec, &vectorised) || matches!(spec.body, KernelBody::Row { .. })) {
        vectorised
    } else {
        *s
    }
}

/// Columns above which a lone row's reduction takes [`LONG_ROW_THREADS`] threads on CUDA.
pub const LONG_ROW: usize = 16_384;
/// Threads a lone long row's reduction takes on CUDA (the most a block has).
pub const LONG_ROW_THREADS: u32 = 1024;

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
/// row sets.
pub fn skinny_vector_b(args: &[KernelArg], m: &MatmulBody) -> Option<Vec<usize>> {
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
            match attention_variant(a, s.workgroup) {
                AttentionVariant::Blocked(b) => {
                    let rows = b.rows().min(a.tq);
                    return format!(
                        "blocked, {rows} query rows x {} keys a workgroup in workgroup memory ({t} threads)",
                        a.tk
                    );
                }
                AttentionVariant::Spread(spread) => return spread_name(a, spread),
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
    format!(
        "spread, {} query rows x {} keys a workgroup ({} threads; values in {} groups)",
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
