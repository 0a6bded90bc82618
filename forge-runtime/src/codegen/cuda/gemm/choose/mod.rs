//! The choice among the kernel variants (`variant`) for a spec and a GPU architecture: the
//! tile tables, the cost model over them, the decode products' shapes.

use super::smem::{blocks_per_sm, dynamic_smem, tile_smem_bytes, X3Loop, MAX_SMEM};
use super::spec::{Elem, GemmSpec, Layout, Precision, Which};
use crate::error::Error;
use crate::ir::limits::{window_channels, window_rows, windows_fit};
use crate::ir::Windows;

use super::variant::{DecodeConfig, SimtConfig, TileConfig, Variant};

/// What the caller can offer beyond a plain launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChooseOptions {
    /// Streaming multiprocessors of the device.
    pub sms: usize,
    /// The caller can encode tensor maps and pass them (enables the TMA kernel on sm_90).
    pub tensor_maps: bool,
    /// The SIMT tile wherever the SIMT kernel runs, instead of the modelled choice (tuning).
    pub simt: Option<SimtConfig>,
    /// tf32x3 on tensor cores however few tiles the product has (tuning).
    pub tf32x3_any_size: bool,
    /// `(bm, bn, stages)` of the TMA + wgmma tile (TF32 or 16-bit) instead of the modelled
    /// choice (tuning).
    pub tma_tile: Option<(usize, usize, usize)>,
    /// tf32x3 TMA tiles that take it feed A from registers (opt-in, see `wgmma_x3`).
    pub x3_register_a: bool,
    /// Register-A tf32x3 tiles run as a persistent grid (opt-in, see `wgmma_x3`).
    pub x3_persistent: bool,
    /// K split of 16-bit TMA products over a cluster of blocks ([`k_split`], opt-in):
    /// `Some(s)` splits every product that admits `s`; `None` or `Some(1)` never splits.
    pub k_split: Option<usize>,
    /// The product streams a second B beside the first (a paired decode product): a decode
    /// thread's preloads hold both.
    pub paired: bool,
    /// Rows of B `[N,K]` a decode block streams with every warp splitting K (1, 2, 4 or 8)
    /// instead of the modelled choice (comparisons).
    pub decode_width: Option<usize>,
}

/// The variant for `spec` on `arch` given what the caller offers.
///
/// f16/bf16: sm_90 with 16-byte aligned rows → TMA + wgmma (or cp.async + wgmma without tensor
/// maps, or with more than one batch dim); sm_80+ → mma.sync (`cp.async` when aligned, guarded
/// loads otherwise); older → SIMT. f32 → SIMT, or mma.sync TF32 when `tf32` is set. M ≤ 8 →
/// decode (tensor-core for 16-bit `[N,K]` weights).
pub fn choose_with(spec: &GemmSpec, arch: (u32, u32), opt: &ChooseOptions) -> Result<Variant, Error> {
    spec.validate()?;
    let sms = opt.sms.max(1);
    let vec_a = spec.vec16_ok(Which::A);
    let vec_b = spec.vec16_ok(Which::B);
    if spec.m <= 8 {
        let d = decode_config(spec, sms, vec_a && vec_b, arch, opt.paired, opt.decode_width);
        return Ok(Variant::Decode(d));
    }
    let tensor = arch >= (8, 0);
    let hopper = arch == (9, 0) && vec_a && vec_b;
    match spec.elem() {
        Elem::F32 if spec.precision != Precision::F32 && tensor => Ok(choose_tf32(spec, arch, opt, vec_a && vec_b)),
        Elem::F32 => Ok(Variant::Simt(pick_simt(spec, sms, vec_a && vec_b, opt.simt))),
        Elem::F16 | Elem::BF16 if hopper && opt.tensor_maps && spec.batch.len() <= 1 => {
            let t = match opt.tma_tile {
                Some((bm, bn, stages)) => tile(bm, bn, 64, stages, 0, 0),
                None => pick_tile(spec, sms, &TMA_TILES, true),
            };
            Ok(Variant::WgmmaTma(k_split(spec, t, opt.k_split)))
        }
        Elem::F16 | Elem::BF16 if hopper => {
            // 4 warpgroups leave 128 registers a thread: N-major B (more loader addresses)
            // spills there, so it keeps to 2-warpgroup tiles.
            let table: Vec<(TileConfig, f64)> =
                WGMMA_TILES.iter().copied().filter(|(t, _)| t.bm <= 128 || spec.b.layout == Layout::ColMajor).collect();
            Ok(Variant::Wgmma(pick_tile(spec, sms, &table, true)))
        }
        Elem::F16 | Elem::BF16 if tensor => Ok(Variant::MmaSync(pick_tile(spec, sms, &MMA_TILES, vec_a && vec_b))),
        Elem::F16 | Elem::BF16 => Ok(Variant::Simt(pick_simt(spec, sms, false, opt.simt))),
    }
}

/// An f32 product with a TF32 opt-in on sm_80+: TMA + TF32 wgmma on sm_90 (both operands
/// K-major, tensor maps offered), else mma.sync. tf32x3 takes the tensor cores only where they
/// gain and otherwise stays true f32 on SIMT (more precise than asked): on sm_90 from
/// [`TF32X3_MIN_FLOPS_PER_SM`] of work, on tiles that fill the device, and never on mma.sync
/// there (slower than SIMT's true f32 on the H200). On sm_80–89, where TF32 runs at 8x the
/// f32 rate, only the fill counts.
fn choose_tf32(spec: &GemmSpec, arch: (u32, u32), opt: &ChooseOptions, vector: bool) -> Variant {
    let sms = opt.sms.max(1);
    let x3 = spec.precision == Precision::Tf32x3;
    let simt = || Variant::Simt(pick_simt(spec, sms, vector, opt.simt));
    let flops = 2 * spec.m * spec.n * spec.k * spec.batch_count();
    let big = arch < (9, 0) || flops >= TF32X3_MIN_FLOPS_PER_SM * sms;
    let fills = |t: &TileConfig| {
        let tiles = tile_count(spec, t.bm, t.bn);
        opt.tf32x3_any_size || (big && tiles * TF32X3_MIN_FILL_DEN >= sms * TF32X3_MIN_FILL_NUM)
    };
    let usable = |table: &[(TileConfig, f64)]| -> Vec<(TileConfig, f64)> {
        table.iter().copied().filter(|(t, _)| !x3 || fills(t)).collect()
    };
    let k_major = spec.a.layout == Layout::RowMajor && spec.b.layout == Layout::ColMajor;
    if arch == (9, 0) && vector && opt.tensor_maps && spec.batch.len() <= 1 && k_major {
        let mut table = usable(if x3 { &TMA_TF32X3_TILES } else { &TMA_TF32_TILES });
        if x3 && x3_paired_fits(spec, sms) {
            table.push(X3_PAIRED);
        }
        if x3 {
            table.extend(usable(&[X3_NARROW]));
        }
        // The loop a tile runs decides its shared memory, so it is set before the model sees it.
        let with_loop = |t: TileConfig| {
            let register_a = x3 && opt.x3_register_a && X3Loop::takes(&t);
            let persistent = TileConfig { register_a, persistent: sms, ..t };
            // A persistent block also keeps its output tile apart from the stages.
            let fits = |p: &TileConfig| dynamic_smem(p, 4, X3Loop::RegisterA.lo_bytes(p)) <= MAX_SMEM;
            if register_a && opt.x3_persistent && fits(&persistent) {
                persistent
            } else {
                TileConfig { register_a, ..t }
            }
        };
        let table: Vec<(TileConfig, f64)> = table.into_iter().map(|(t, eff)| (with_loop(t), eff)).collect();
        return match (opt.tma_tile, table.is_empty()) {
            (_, true) => simt(),
            (Some((bm, bn, stages)), false) => Variant::WgmmaTma(with_loop(tile(bm, bn, 32, stages, 0, 0))),
            (None, false) => {
                let smem = |t: &TileConfig| dynamic_smem(t, 4, if x3 { X3Loop::of(t).lo_bytes(t) } else { 0 });
                Variant::WgmmaTma(pick_tile_smem(spec, sms, &table, true, smem))
            }
        };
    }
    let table = usable(&MMA_TF32_TILES);
    if table.is_empty() || (x3 && arch >= (9, 0)) {
        return simt();
    }
    Variant::MmaSync(pick_tile(spec, sms, &table, vector))
}

const fn tile(bm: usize, bn: usize, bk: usize, stages: usize, wm: usize, wn: usize) -> TileConfig {
    TileConfig {
        bm,
        bn,
        bk,
        stages,
        warps_m: wm,
        warps_n: wn,
        async_copy: true,
        register_a: false,
        persistent: 0,
        k_split: 1,
    }
}

/// TMA + wgmma tiles with their relative per-flop rate (each tile's rate at 4096³ on the H200,
/// `gemm_speed`; BENCHMARKS.md). 128×128 has four stages: with three, two blocks fit an
/// SM's shared memory (`wgmma_tma::blocks_per_sm`), and ptxas cannot fit its accumulators in
/// the 80 registers a thread that leaves. The cost model sees the same waves either way.
pub const TMA_TILES: [(TileConfig, f64); 5] = [
    (tile(128, 256, 64, 4, 0, 0), 1.0),
    (tile(128, 192, 64, 4, 0, 0), 0.93),
    (tile(128, 128, 64, 4, 0, 0), 0.73),
    (tile(64, 128, 64, 4, 0, 0), 0.5),
    (tile(64, 64, 64, 4, 0, 0), 0.35),
];
/// Shapes `(M, N)` (K = 1024) at which 16-bit products take every tile the chooser can pick
/// (its test `the_compiled_shapes_reach_every_16bit_tile` checks that they do, for K-major and
/// N-major B, batched or not, sm_90 and sm_80): `tests/snapshots.rs` (`cuda_tile_picks_compile`)
/// compiles a product at each, so every tile's kernel is assembled.
pub const TILE_REACHING_SHAPES: [(usize, usize); 7] =
    [(64, 64), (64, 2176), (128, 4288), (192, 2880), (192, 5696), (320, 5696), (448, 6400)];
/// cp.async + wgmma tiles (relative rates measured the same way).
pub const WGMMA_TILES: [(TileConfig, f64); 4] = [
    (tile(256, 128, 64, 4, 0, 0), 1.0),
    (tile(128, 256, 64, 4, 0, 0), 0.87),
    (tile(64, 128, 64, 4, 0, 0), 0.6),
    (tile(64, 64, 64, 4, 0, 0), 0.45),
];
/// mma.sync f16/bf16 tiles.
pub const MMA_TILES: [(TileConfig, f64); 3] =
    [(tile(128, 256, 64, 3, 2, 4), 1.0), (tile(128, 128, 64, 3, 2, 4), 0.85), (tile(64, 64, 64, 4, 2, 2), 0.5)];
/// `tf32x3` runs on tensor cores only with at least NUM/DEN tiles per multiprocessor and
/// 3 MFLOP per multiprocessor: on the H200 (`gemm_speed --sweep-x3`) MiniLM's 1920×384×384
/// (566 MFLOP, 90 128×64 tiles) ran faster on TMA + wgmma than on SIMT, 240×1536×384
/// (283 MFLOP) slower (BENCHMARKS.md).
const TF32X3_MIN_FLOPS_PER_SM: usize = 3_000_000;
const TF32X3_MIN_FILL_NUM: usize = 1;
const TF32X3_MIN_FILL_DEN: usize = 2;

/// TMA + TF32 wgmma tiles (K stage of 32 floats; f32 stages are twice the bytes of f16's).
pub const TMA_TF32_TILES: [(TileConfig, f64); 3] =
    [(tile(128, 256, 32, 4, 0, 0), 1.0), (tile(128, 128, 32, 4, 0, 0), 0.75), (tile(64, 128, 32, 4, 0, 0), 0.5)];
/// tf32x3 keeps the remainders beside the stages and a second set of accumulators (so no
/// 256-wide tile: 256 registers a thread). Rates fitted to H200 measurements (`gemm_speed
/// --sweep-x3` at 4096³ and MiniLM b64 per product; BENCHMARKS.md): 128×128 wins where the
/// waves come out even, 128×64 where 128×128 needs a second, mostly empty wave, as in MiniLM's
/// 2048-row products (faster still with the register-A loop of `wgmma_x3`).
pub const TMA_TF32X3_TILES: [(TileConfig, f64); 4] = [
    (tile(128, 128, 32, 3, 0, 0), 0.8),
    (tile(128, 64, 32, 4, 0, 0), 0.7),
    (tile(64, 128, 32, 4, 0, 0), 0.63),
    (tile(64, 64, 32, 3, 0, 0), 0.57),
];

/// tf32x3's tile of two blocks an SM (2 stages, ~97 KiB: `wgmma_tma::blocks_per_sm`): one
/// block's pipeline fill and epilogue overlap the other's main loop, which pays where that fixed
/// cost is a large part of a tile (short K) and there are blocks to pair (more tiles than
/// SMs). Its rate is the paired one. Per kernel in MiniLM b64 on the H200
/// (`bench --kernels nodes`; BENCHMARKS.md) it beat 128×64s4 on the FFN up (1920×1536×384)
/// and QKV (1920×1152×384) products, and lost alone (90 tiles) or at K = 1536 (out, FFN down).
const X3_PAIRED: (TileConfig, f64) = (tile(128, 64, 32, 2, 0, 0), 0.95);
const X3_PAIRED_MAX_K: usize = 512;

/// Whether [`X3_PAIRED`] is a candidate for `spec`.
fn x3_paired_fits(spec: &GemmSpec, sms: usize) -> bool {
    let t = X3_PAIRED.0;
    spec.k <= X3_PAIRED_MAX_K && tile_count(spec, t.bm, t.bn) > sms
}

/// tf32x3's 48-wide tile: where 64-wide tiles come out in uneven waves, 48-wide ones may fill
/// the SMs better. A narrower B tile reads more shared memory per flop (A is read once per 48
/// columns instead of 64), hence the lower rate. Per kernel in MiniLM b64 on the H200
/// (`bench --kernels nodes`; BENCHMARKS.md) it won on the N = 384 products (90 128×64
/// tiles on 132 SMs, 120 48-wide ones: FFN down, out) and on QKV (N = 1152) against the paired
/// 128×64, and lost on FFN up (N = 1536). Three stages measured as four.
const X3_NARROW: (TileConfig, f64) = (tile(128, 48, 32, 3, 0, 0), 0.6);

/// mma.sync tf32 tiles (K stage of 32 floats = 128 bytes).
pub const MMA_TF32_TILES: [(TileConfig, f64); 2] =
    [(tile(128, 128, 32, 4, 2, 4), 1.0), (tile(64, 64, 32, 4, 2, 2), 0.55)];

/// Most blocks a cluster splits K over (8 is the portable cluster size; 4 keeps clusters easy
/// to place on an SM group).
pub const MAX_K_SPLIT: usize = 4;

/// K split over clusters for a 16-bit TMA product: only where asked (`forced`, from
/// `CudaOptions::split_k`), splitting the picked tile `s` ways where K has `s` k-tiles to share
/// and a cluster holds `s` blocks (`2..=MAX_K_SPLIT`). Not
/// chosen by itself: alone, MiniLM b64's FFN down projection as bf16x3 (1920 × 384 × 4608 over
/// split operands) ran faster on 128×192 tiles split 4 ways than on the best unsplit tile, but
/// in the model, behind the FFN up projection and with its residual, the whole encoder ran
/// slower with the split (H100; BENCHMARKS.md).
pub fn k_split(spec: &GemmSpec, picked: TileConfig, forced: Option<usize>) -> TileConfig {
    match forced {
        Some(s) if (2..=MAX_K_SPLIT).contains(&s) && spec.k.div_ceil(picked.bk) >= s => {
            TileConfig { k_split: s, ..picked }
        }
        _ => picked,
    }
}

/// The TMA tile of a window product ([`GemmSpec::window`], sm_90, f32 at TF32 or f16/bf16):
/// K-tiles of one 128-byte row of channels, 64-row tiles
/// (128 where M allows), `bn` whole output rows ([`window_rows`]) picked by the wave model
/// (ties to the wider tile, which reads the weights fewer times), as many stages as fit, up
/// to 4.
pub fn window_tile(spec: &GemmSpec, w: &Windows, arch: (u32, u32), sms: usize) -> Result<Variant, Error> {
    spec.validate()?;
    let es = spec.elem().bytes();
    let tf32 = spec.elem() != Elem::F32 || spec.precision == Precision::Tf32;
    if arch != (9, 0) || !tf32 || !windows_fit(w, es) {
        return Err(super::spec::unsupported("window products run on sm_90's TMA kernel, f32 at TF32 or 16-bit"));
    }
    let bm = if spec.m >= 128 { 128 } else { 64 };
    let mut best: Option<(f64, TileConfig)> = None;
    for rows in window_rows(w) {
        let bn = w.out_width * rows;
        let bk = window_channels(es);
        let fits = (2..=4).rev().map(|s| tile(bm, bn, bk, s, 0, 0)).find(|t| dynamic_smem(t, es, 0) <= MAX_SMEM);
        let Some(t) = fits else { continue };
        let cost = tile_cost(spec, sms.max(1), bm, bn, blocks_per_sm(dynamic_smem(&t, es, 0)), 1.0);
        if best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, t));
        }
    }
    best.map(|(_, t)| Variant::WgmmaTma(t)).ok_or_else(|| super::spec::unsupported("no window tile fits"))
}

/// Output tiles of `bm × bn` over every batch entry.
fn tile_count(spec: &GemmSpec, bm: usize, bn: usize) -> usize {
    spec.m.div_ceil(bm) * spec.n.div_ceil(bn) * spec.batch_count()
}

/// Time model: waves of tiles, co-resident blocks sharing an SM, efficiency per tile shape.
fn tile_cost(spec: &GemmSpec, sms: usize, bm: usize, bn: usize, per_sm: usize, eff: f64) -> f64 {
    let tiles = tile_count(spec, bm, bn);
    let slots = sms * per_sm.max(1);
    let waves = tiles.div_ceil(slots);
    let sharing = per_sm.max(1).min(tiles.div_ceil(sms));
    waves as f64 * sharing as f64 * (bm * bn) as f64 / eff
}

fn pick_tile(spec: &GemmSpec, sms: usize, table: &[(TileConfig, f64)], async_copy: bool) -> TileConfig {
    let eb = spec.elem().bytes();
    pick_tile_smem(spec, sms, table, async_copy, |t| tile_smem_bytes(t, eb))
}

/// [`pick_tile`] for kernels whose shared memory is `smem(tile)` bytes.
fn pick_tile_smem(
    spec: &GemmSpec,
    sms: usize,
    table: &[(TileConfig, f64)],
    async_copy: bool,
    smem: impl Fn(&TileConfig) -> usize,
) -> TileConfig {
    let mut best = table[0].0;
    let mut best_cost = f64::MAX;
    for (t, eff) in table {
        let per_sm = (227 * 1024) / smem(t).max(1);
        let c = tile_cost(spec, sms, t.bm, t.bn, per_sm, *eff);
        if c < best_cost {
            best_cost = c;
            best = *t;
        }
    }
    best.async_copy = async_copy;
    best
}

fn pick_simt(spec: &GemmSpec, sms: usize, vector: bool, forced: Option<SimtConfig>) -> SimtConfig {
    let vector = vector && spec.elem() == Elem::F32;
    if let Some(c) = forced {
        return SimtConfig { vector, ..c };
    }
    let mut best = SIMT_TILES[0].0;
    let mut best_cost = f64::MAX;
    for (c, per_sm, eff) in SIMT_TILES {
        let cost = tile_cost(spec, sms, c.bm, c.bn, per_sm, eff);
        if cost < best_cost {
            best_cost = cost;
            best = c;
        }
    }
    SimtConfig { vector, ..best }
}

/// SIMT tiles with the blocks an SM holds and the relative per-flop rate of the thread tile
/// (8×8 outputs a thread reuse each shared read twice as often as 4×4). A 16-deep K stage
/// halves the barriers of the 128×128 tile (85% vs 81% of cuBLAS at 4096³). The split tiles
/// fill the GPU on products of a few hundred rows: on the H200 (`gemm_speed --sweep`;
/// BENCHMARKS.md) the modelled pick was the fastest or within 5% of it on MiniLM's six f32
/// shapes (240 and 1920 rows), several times faster than the whole 64×64 tile at 240 rows.
pub const SIMT_TILES: [(SimtConfig, usize, f64); 8] = [
    (SimtConfig::whole(128, 128, 16), 2, 1.0),
    (SimtConfig::whole(128, 64, 8), 3, 0.8),
    (SimtConfig::whole(64, 128, 8), 3, 0.8),
    (SimtConfig::whole(64, 64, 8), 4, 0.6),
    (SimtConfig::split(64, 64, 8, 8, 8), 2, 0.85),
    (SimtConfig::split(64, 32, 8, 8, 4), 3, 0.6),
    (SimtConfig::split(32, 32, 8, 4, 4), 4, 0.6),
    (SimtConfig::split(16, 32, 8, 4, 4), 4, 0.5),
];

/// Enough blocks to cover every SM a few times; split K inside the block for the rest.
/// `width` (1, 2, 4 or 8) overrides the modelled rows of an `[N,K]` B a block streams.
fn decode_config(
    spec: &GemmSpec,
    sms: usize,
    vector: bool,
    arch: (u32, u32),
    paired: bool,
    width: Option<usize>,
) -> DecodeConfig {
    let want_blocks = 3 * sms;
    let batches = spec.batch_count();
    let tensor = vector && arch >= (8, 0) && spec.elem() != Elem::F32 && spec.b.layout == Layout::ColMajor;
    if tensor {
        // One block per SM already saturates HBM here; splitting K further only adds the
        // shared-memory reduction (on the H200 k_split 1 read closest to the copy rate).
        let mut k_split = 1;
        while k_split < 8 && spec.n.div_ceil(8 * (8 / k_split)) * batches < sms {
            k_split *= 2;
        }
        return DecodeConfig { width: 4, k_split, vector, tensor };
    }
    match spec.b.layout {
        Layout::ColMajor => {
            // Where the lanes can hold their chunks of `width` rows whole (`decode::nk_preloads`:
            // at most 8 loads a thread, both weights of a pair), every warp splits K and a block
            // streams the widest set of rows that still gives each SM a block: a thread then
            // issues all its loads before the wait. The PyTorch-layout decode MLP on the H200
            // ran fastest with the pair's 576-deep rows 4 a block (384 blocks of 160 threads)
            // and the down product's 1536-deep ones 4 (144 blocks), ahead of the pair at 8
            // rows a block (192 blocks, 16 loads a thread; BENCHMARKS.md). (At most 4 rows of
            // A: `decode::NK_PRELOAD_ROWS`.)
            let wide = [8, 4, 2].into_iter().find(|&width| {
                let d = DecodeConfig { width, k_split: 8, vector, tensor: false };
                spec.m * width <= 16
                    && spec.n.div_ceil(width) * batches >= sms
                    && super::decode::nk_preloads(spec, &d, vector, paired)
            });
            if let Some(width) = width.filter(|w| matches!(w, 1 | 2 | 4 | 8)).or(wide) {
                return DecodeConfig { width, k_split: 8, vector, tensor: false };
            }
            // 8 warps = (8 / k_split) row groups × k_split; each warp streams `width` rows.
            let width = if spec.m > 4 { 4 } else { 2 };
            let mut k_split = 1;
            while k_split < 8 {
                let rows_per_block = width * (8 / k_split);
                if spec.n.div_ceil(rows_per_block) * batches >= want_blocks {
                    break;
                }
                k_split *= 2;
            }
            DecodeConfig { width, k_split, vector, tensor: false }
        }
        Layout::RowMajor => {
            // 256 threads = width chunk columns × k_split rows of threads. Not narrower than
            // two chunks even where that leaves SMs idle: the decode MLP's 1536×576 down
            // product one chunk wide (144 blocks instead of 72) made its 10 layers slower on
            // the H200 (BENCHMARKS.md).
            let v = spec.elem().per_16b();
            let mut width = 16;
            while width > 2 && spec.n.div_ceil(width * v) * batches < want_blocks {
                width /= 2;
            }
            DecodeConfig { width, k_split: 256 / width, vector, tensor: false }
        }
    }
}

#[cfg(test)]
mod tests;
