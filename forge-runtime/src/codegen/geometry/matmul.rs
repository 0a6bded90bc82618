//! Which matmul template runs and its skinny geometry: the variant choice over an assumed
//! GPU, rows folded from batch dims, the skinny kernel's columns a workgroup and its vector B.

use super::{coop_fits, coop_tile, product, vector_arg, ASSUMED_SMS, SKINNY_MAX_M, VECTOR_POINTS};
use crate::ir::{CoordValue, KernelArg, MatmulBody, SExpr, Schedule};

/// Output columns per workgroup of the skinny matmul; the rest of the workgroup splits K.
pub const SKINNY_COLS: u32 = 8;
/// Output columns a CUDA skinny workgroup computes over block formats ([`skinny_cols`]).
pub const SKINNY_WARP_COLS: u32 = 4;
/// Output columns a skinny workgroup computes over block formats where its grid would be wide
/// (an output head over the vocabulary: [`skinny_cols`]).
pub const SKINNY_WIDE_COLS: u32 = 16;

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
/// over block formats where warps sum ([`Schedule::warp_sums`]: CUDA, and wgpu on subgroups of
/// 32) [`SKINNY_WARP_COLS`] (two warps a column). A decoding step's projections are
/// latency-bound, and more warps a column means fewer dependent trips over K each; 4 gave the
/// fastest step of 8, 4, 2 and 1 on CUDA (the tenth session's journal entry). Where the slices
/// meet in workgroup memory (WGSL without subgroups), more slices a column cost, so it keeps 8.
pub fn skinny_cols(m: &MatmulBody, args: &[KernelArg], s: &Schedule) -> u32 {
    let wide = (m.n as u64).div_ceil(SKINNY_WARP_COLS as u64) > SKINNY_WIDE_GROUPS;
    match skinny_block_formats(m, args, skinny_threads(s)) {
        Some(_) if wide => SKINNY_WIDE_COLS,
        Some(_) if s.warp_sums => SKINNY_WARP_COLS,
        _ => SKINNY_COLS,
    }
}
/// Workgroups a block-format product may have at [`SKINNY_WARP_COLS`] columns; a wider one (an
/// output head over the vocabulary) takes [`SKINNY_WIDE_COLS`], 16 slices of K a column (two
/// columns a warp), as it is bound by its many short workgroups (waves of them, each a round
/// trip to memory and a reduction) rather than by each one's trips over K.
const SKINNY_WIDE_GROUPS: u64 = 8 * ASSUMED_SMS;
/// Threads of a skinny workgroup under `s`: its workgroup, a whole number of column tiles.
pub(super) fn skinny_threads(s: &Schedule) -> u32 {
    s.workgroup / SKINNY_COLS * SKINNY_COLS
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
/// A paired product (`b2`), one with a folded norm (`rms`, `layer`) or with followers runs the skinny
/// template, the one that takes them (the fusion passes only make them of few-row products
/// under the default schedule).
pub fn matmul_variant(m: &MatmulBody, args: &[KernelArg], s: &Schedule) -> MatmulVariant {
    let few_rows = matmul_rows(m).1 <= SKINNY_MAX_M as u64;
    let folded = m.b2.is_some() || m.rms.is_some() || m.layer.is_some() || !m.followers.is_empty();
    if (few_rows || folded) && s.workgroup >= 2 * SKINNY_COLS {
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
    if let Some(l) = &m.layer {
        others.extend([&l.gain, &l.eps]);
        others.extend(l.bias.as_ref());
    }
    let mut elsewhere = false;
    for e in others {
        e.visit_args(&mut |i| elsewhere |= vectors.contains(&i));
    }
    (!elsewhere).then_some(vectors)
}
