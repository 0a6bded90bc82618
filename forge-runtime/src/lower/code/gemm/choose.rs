//! Kernel variants and the choice among them for a spec and a GPU architecture.

use super::spec::{Elem, GemmSpec, Layout, Precision, Which};
use super::wgmma_tma::{dynamic_smem, MAX_SMEM};
use super::wgmma_x3::X3Loop;
use crate::error::Error;
use std::fmt;

/// Tile shape and pipeline of the tensor-core kernels (`Wgmma`, `MmaSync`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileConfig {
    pub bm: usize,
    pub bn: usize,
    /// K extent of one shared-memory stage: 128 bytes of the element (64 f16, 32 f32).
    pub bk: usize,
    pub stages: usize,
    /// Warp grid of the mma.sync kernel (ignored by wgmma: one warpgroup per 64 rows).
    pub warps_m: usize,
    pub warps_n: usize,
    /// `cp.async` 16-byte copies (needs 16-byte aligned rows); otherwise guarded scalar loads.
    pub async_copy: bool,
    /// tf32x3 on TMA + wgmma with A from registers (`wgmma_x3`); set by the choice only where
    /// [`ChooseOptions::x3_register_a`] opts in and the tile takes it.
    pub register_a: bool,
    /// A persistent grid of at most this many blocks (one an SM) that loop over the tiles, the
    /// producer filling the next tile's stages during this one's epilogue; 0: a block a tile.
    /// Only tf32x3's register-A loop, where [`ChooseOptions::x3_persistent`] opts in.
    pub persistent: usize,
}

/// Register-blocked f32 FMA kernel: 256 threads, `tm × tn` outputs each; where one tile needs
/// fewer than 256 threads, the rest split K inside the block (`split_k()` groups).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SimtConfig {
    pub bm: usize,
    pub bn: usize,
    /// K depth each thread group multiplies per stage (a stage is `bk · split_k()` deep).
    pub bk: usize,
    /// Outputs per thread along M and N (multiples of 4: 4×4 register blocks).
    pub tm: usize,
    pub tn: usize,
    /// 16-byte global loads where rows allow them (f32 only).
    pub vector: bool,
}

impl SimtConfig {
    /// The tile with one 256-thread group (`bm/16 × bn/16` outputs a thread).
    pub const fn whole(bm: usize, bn: usize, bk: usize) -> SimtConfig {
        SimtConfig { bm, bn, bk, tm: bm / 16, tn: bn / 16, vector: true }
    }

    /// A tile of `tm × tn` outputs a thread, K split over the block's remaining threads.
    pub const fn split(bm: usize, bn: usize, bk: usize, tm: usize, tn: usize) -> SimtConfig {
        SimtConfig { bm, bn, bk, tm, tn, vector: true }
    }

    /// Thread groups that split K inside the block.
    pub fn split_k(&self) -> usize {
        256 / ((self.bm / self.tm.max(1)) * (self.bn / self.tn.max(1))).max(1)
    }

    /// Whether the kernel template can be instantiated: whole warps per K group, power-of-two
    /// groups, every thread's share of a stage one contiguous run.
    pub fn validate(&self) -> Result<(), String> {
        let pow2 = |v: usize, lo: usize, hi: usize| v.is_power_of_two() && (lo..=hi).contains(&v);
        let ok_dims = pow2(self.bm, 16, 128)
            && pow2(self.bn, 16, 128)
            && pow2(self.bk, 4, 16)
            && matches!(self.tm, 4 | 8)
            && matches!(self.tn, 4 | 8)
            && self.bm.is_multiple_of(self.tm)
            && self.bn.is_multiple_of(self.tn);
        let bad = || Err(format!("simt tile {self} cannot be instantiated"));
        if !ok_dims {
            return bad();
        }
        let g = (self.bm / self.tm) * (self.bn / self.tn);
        if !(32..=256).contains(&g) || 256 % g != 0 || !(256 / g).is_power_of_two() {
            return bad();
        }
        let kb = self.bk * (256 / g);
        for (rows, run) in [(self.bm, kb), (self.bm, self.bm), (self.bn, kb), (self.bn, self.bn)] {
            // Per-thread share `rows·kb/256` of a stage, within one run of `run` contiguous values.
            let share = rows * kb;
            if !share.is_multiple_of(256) || run % (share / 256) != 0 {
                return bad();
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for SimtConfig {
    type Err = String;

    /// `BMxBNxBK` (one group) or `BMxBNxBKkS` (`S` K groups, square-ish thread tiles), as the
    /// variant name prints it: the `FORGE_CUDA_SIMT` override.
    fn from_str(s: &str) -> Result<SimtConfig, String> {
        let bad = || format!("`{s}` is not a SIMT tile (e.g. `64x64x8`, `32x32x8k4`)");
        let body = s.trim().trim_start_matches("simt");
        let (dims, ks) = match body.split_once('k') {
            Some((d, k)) => (d, k.parse::<usize>().map_err(|_| bad())?),
            None => (body, 1),
        };
        let v: Vec<usize> = dims.split('x').map(|p| p.parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
        let [bm, bn, bk] = v[..] else { return Err(bad()) };
        let c = if ks == 1 {
            SimtConfig::whole(bm, bn, bk)
        } else {
            // Threads per group 256/ks own bm·bn outputs: 4×4, 8×4 or 8×8 each, wider along
            // the longer side.
            let per = (bm * bn * ks) / 256;
            let (tm, tn) = match per {
                16 => (4, 4),
                32 if bm >= bn => (8, 4),
                32 => (4, 8),
                64 => (8, 8),
                _ => return Err(bad()),
            };
            SimtConfig::split(bm, bn, bk, tm, tn)
        };
        c.validate()?;
        if c.split_k() != ks {
            return Err(bad());
        }
        Ok(c)
    }
}

/// Weight-streaming kernel for M ≤ 8 (decode), 256 threads a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DecodeConfig {
    /// B `ColMajor` (`[N,K]`): rows of B each warp streams; B `RowMajor`: 16-byte column
    /// chunks of N a block covers.
    pub width: usize,
    /// Ways K is split inside a block (warps for `[N,K]`, thread rows for `[K,N]`).
    pub k_split: usize,
    /// 16-byte vector loads of A and B.
    pub vector: bool,
    /// B `[N,K]`, 16-bit: feed mma.sync from the loaded chunks (8 rows a warp; `width` is
    /// then the number of 16-byte loads each lane has in flight).
    pub tensor: bool,
}

/// One kernel family with its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// sm_90a: `wgmma.mma_async` from swizzled shared memory fed by a `cp.async` pipeline.
    Wgmma(TileConfig),
    /// sm_90a: warp-specialised TMA producer + wgmma consumers on mbarriers (needs tensor
    /// maps from the host).
    WgmmaTma(TileConfig),
    /// sm_80+: `ldmatrix` + `mma.sync` (m16n8k16 f16/bf16, m16n8k8 tf32), multi-stage.
    MmaSync(TileConfig),
    /// Any arch: f32 FMA (inputs of any type converted to f32).
    Simt(SimtConfig),
    /// M ≤ 8: stream B once with 16-byte loads, split K inside the block.
    Decode(DecodeConfig),
}

impl fmt::Display for SimtConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "simt{}x{}x{}", self.bm, self.bn, self.bk)?;
        if self.split_k() > 1 {
            write!(f, "k{}", self.split_k())?;
        }
        if !self.vector {
            write!(f, "-scalar")?;
        }
        Ok(())
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Wgmma(t) => {
                write!(f, "wgmma{}x{}s{}", t.bm, t.bn, t.stages)?;
                if !t.async_copy {
                    write!(f, "-sync")?;
                }
                Ok(())
            }
            Variant::WgmmaTma(t) => {
                write!(f, "tma{}x{}s{}", t.bm, t.bn, t.stages)?;
                if t.register_a {
                    write!(f, "-ra")?;
                }
                if t.persistent > 0 {
                    write!(f, "-p")?;
                }
                Ok(())
            }
            Variant::MmaSync(t) => {
                write!(f, "mma{}x{}x{}s{}", t.bm, t.bn, t.bk, t.stages)?;
                if !t.async_copy {
                    write!(f, "-sync")?;
                }
                Ok(())
            }
            Variant::Simt(s) => write!(f, "{s}"),
            Variant::Decode(d) => {
                let kind = if d.tensor { "decode-tc" } else { "decode" };
                write!(f, "{kind}-w{}k{}{}", d.width, d.k_split, if d.vector { "" } else { "-scalar" })
            }
        }
    }
}

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
    /// `(bm, bn, stages)` of the TMA + TF32 wgmma tile instead of the modelled choice (tuning).
    pub tma_tile: Option<(usize, usize, usize)>,
    /// tf32x3 TMA tiles that take it feed A from registers (opt-in, see `wgmma_x3`).
    pub x3_register_a: bool,
    /// Register-A tf32x3 tiles run as a persistent grid (opt-in, see `wgmma_x3`).
    pub x3_persistent: bool,
    /// The product streams a second B beside the first (a paired decode product): a decode
    /// thread's preloads hold both.
    pub paired: bool,
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
        return Ok(Variant::Decode(decode_config(spec, sms, vec_a && vec_b, arch, opt.paired)));
    }
    let tensor = arch >= (8, 0);
    let hopper = arch == (9, 0) && vec_a && vec_b;
    match spec.elem() {
        Elem::F32 if spec.precision != Precision::F32 && tensor => Ok(choose_tf32(spec, arch, opt, vec_a && vec_b)),
        Elem::F32 => Ok(Variant::Simt(pick_simt(spec, sms, vec_a && vec_b, opt.simt))),
        Elem::F16 | Elem::BF16 if hopper && opt.tensor_maps && spec.batch.len() <= 1 => {
            Ok(Variant::WgmmaTma(pick_tile(spec, sms, &TMA_TILES, true)))
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
/// there (H200: 27 vs 42 TFLOP/s at 4096³). On sm_80–89, where TF32 runs at 8x the f32 rate,
/// only the fill counts.
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
    TileConfig { bm, bn, bk, stages, warps_m: wm, warps_n: wn, async_copy: true, register_a: false, persistent: 0 }
}

/// TMA + wgmma tiles with their relative per-flop rate (H200, 2026-11-30: 128×256 600 TFLOP/s,
/// 128×192 560, 128×128 438 at 4096³).
pub const TMA_TILES: [(TileConfig, f64); 5] = [
    (tile(128, 256, 64, 4, 0, 0), 1.0),
    (tile(128, 192, 64, 4, 0, 0), 0.93),
    (tile(128, 128, 64, 3, 0, 0), 0.73),
    (tile(64, 128, 64, 4, 0, 0), 0.5),
    (tile(64, 64, 64, 4, 0, 0), 0.35),
];
/// cp.async + wgmma tiles (256×128 459 TFLOP/s, 128×256 400 at 4096³).
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
/// 3 MFLOP per multiprocessor. H200, 2026-12-01 (`gemm_speed --sweep-x3`): 1920×384×384
/// (566 MFLOP, 90 128×64 tiles) 24 us on TMA + wgmma against 30 on SIMT; 240×1536×384
/// (283 MFLOP) 26 us against 18.
const TF32X3_MIN_FLOPS_PER_SM: usize = 3_000_000;
const TF32X3_MIN_FILL_NUM: usize = 1;
const TF32X3_MIN_FILL_DEN: usize = 2;

/// TMA + TF32 wgmma tiles (K stage of 32 floats; f32 stages are twice the bytes of f16's).
pub const TMA_TF32_TILES: [(TileConfig, f64); 3] =
    [(tile(128, 256, 32, 4, 0, 0), 1.0), (tile(128, 128, 32, 4, 0, 0), 0.75), (tile(64, 128, 32, 4, 0, 0), 0.5)];
/// tf32x3 keeps the remainders beside the stages and a second set of accumulators (so no
/// 256-wide tile: 256 registers a thread). Rates fitted to H200 measurements (2026-12-02,
/// `gemm_speed --sweep-x3`: 4096³ at 85.8, 61.5, 67.5, 61.6 TFLOP/s; MiniLM b64 per product):
/// 128×128 wins where the waves come out even, 128×64 where 128×128 needs a second, mostly
/// empty wave, as in MiniLM's 2048-row products (b64 1309 → 1296 us; 1219 with the
/// register-A loop of `wgmma_x3`).
pub const TMA_TF32X3_TILES: [(TileConfig, f64); 4] = [
    (tile(128, 128, 32, 3, 0, 0), 0.8),
    (tile(128, 64, 32, 4, 0, 0), 0.7),
    (tile(64, 128, 32, 4, 0, 0), 0.63),
    (tile(64, 64, 32, 3, 0, 0), 0.57),
];

/// tf32x3's tile of two blocks an SM (2 stages, ~97 KiB: `wgmma_tma::blocks_per_sm`): one
/// block's pipeline fill and epilogue overlap the other's main loop, which pays where that fixed
/// cost is a large part of a tile (short K) and there are blocks to pair (more tiles than
/// SMs). Its rate is the paired one. H200, MiniLM b64 (2026-12-02, `FORGE_BENCH_KERNELS=nodes`,
/// 6 layers): FFN up (1920×1536×384) 400 → 336 us against 128×64s4, QKV (1920×1152×384) 309 →
/// 280; alone (90 tiles) or at K = 1536 it lost (out 128 → 143, FFN down 356 → 411).
const X3_PAIRED: (TileConfig, f64) = (tile(128, 64, 32, 2, 0, 0), 0.95);
const X3_PAIRED_MAX_K: usize = 512;

/// Whether [`X3_PAIRED`] is a candidate for `spec`.
fn x3_paired_fits(spec: &GemmSpec, sms: usize) -> bool {
    let t = X3_PAIRED.0;
    spec.k <= X3_PAIRED_MAX_K && tile_count(spec, t.bm, t.bn) > sms
}

/// tf32x3's 48-wide tile: where 64-wide tiles come out in uneven waves, 48-wide ones may fill
/// the SMs better. A narrower B tile reads more shared memory per flop (A is read once per 48
/// columns instead of 64), hence the lower rate. H200, MiniLM b64 (2026-12-02,
/// `FORGE_BENCH_KERNELS=nodes`, 6 layers): the N = 384 products (90 128×64 tiles on 132 SMs,
/// 120 48-wide ones) FFN down 355 → 306 us, out 128 → 113; QKV (N = 1152) 282 → 271 against
/// the paired 128×64; FFN up (N = 1536) lost, 335 → 438. Three stages measured as four.
const X3_NARROW: (TileConfig, f64) = (tile(128, 48, 32, 3, 0, 0), 0.6);

/// mma.sync tf32 tiles (K stage of 32 floats = 128 bytes).
pub const MMA_TF32_TILES: [(TileConfig, f64); 2] =
    [(tile(128, 128, 32, 4, 2, 4), 1.0), (tile(64, 64, 32, 4, 2, 2), 0.55)];

/// Dynamic shared memory of a tile config for elements of `bytes` bytes (+1 KiB alignment slack).
pub fn tile_smem_bytes(t: &TileConfig, elem_bytes: usize) -> usize {
    (t.bm + t.bn) * t.bk * elem_bytes * t.stages + 1024
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
/// fill the GPU on products of a few hundred rows: on the H200 (`gemm_speed --sweep`,
/// 2026-12-01) the modelled pick was the fastest or within 5% of it on MiniLM's six f32
/// shapes (240 and 1920 rows), 2–5x faster than the whole 64×64 tile at 240 rows.
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

/// `FORGE_CUDA_NK_WIDTH` (1, 2, 4 or 8): rows of B `[N,K]` a decode block streams with every
/// warp splitting K, for comparisons.
fn nk_width_override() -> Option<usize> {
    let w = std::env::var("FORGE_CUDA_NK_WIDTH").ok()?.trim().parse().ok()?;
    matches!(w, 1 | 2 | 4 | 8).then_some(w)
}

/// Enough blocks to cover every SM a few times; split K inside the block for the rest.
fn decode_config(spec: &GemmSpec, sms: usize, vector: bool, arch: (u32, u32), paired: bool) -> DecodeConfig {
    let want_blocks = 3 * sms;
    let batches = spec.batch_count();
    let tensor = vector && arch >= (8, 0) && spec.elem() != Elem::F32 && spec.b.layout == Layout::ColMajor;
    if tensor {
        // One block per SM already saturates HBM here; splitting K further only adds the
        // shared-memory reduction (H200: k_split 1 78% of copy, 2 71%, 4 75% at 14336×4096).
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
            // issues all its loads before the wait. The PyTorch-layout decode MLP (H200,
            // 2026-12-04, same call): the pair's 576-deep rows 4 a block (384 blocks of 160
            // threads), the down product's 1536-deep ones 4 (144 blocks), 59.3 → 43.6 us; the
            // pair 8 rows a block (192 blocks, 16 loads a thread) 44.3. (At most 4 rows of A:
            // `decode::NK_PRELOAD_ROWS`.)
            let wide = [8, 4, 2].into_iter().find(|&width| {
                let d = DecodeConfig { width, k_split: 8, vector, tensor: false };
                spec.m * width <= 16
                    && spec.n.div_ceil(width) * batches >= sms
                    && super::decode::nk_preloads(spec, &d, vector, paired)
            });
            if let Some(width) = nk_width_override().or(wide) {
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
            // product one chunk wide (144 blocks instead of 72) took its 10 layers from 80.0
            // to 90.3 us (H200, 2026-12-03).
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
mod tests {
    use super::*;
    use crate::lower::code::gemm::spec::{Accumulate, Operand};

    fn f32_spec(m: usize, n: usize, k: usize) -> GemmSpec {
        let op = |layout, ld| Operand { elem: Elem::F32, layout, ld, align: 16 };
        GemmSpec {
            m,
            n,
            k,
            batch: Vec::new(),
            a: op(Layout::RowMajor, k),
            b: op(Layout::ColMajor, k),
            accumulate: Accumulate::F32,
            precision: Precision::F32,
        }
    }

    /// An H200's options (132 SMs) with every opt-in off; `maps`: tensor maps offered.
    fn h200(maps: bool) -> ChooseOptions {
        ChooseOptions {
            sms: 132,
            tensor_maps: maps,
            simt: None,
            tf32x3_any_size: false,
            tma_tile: None,
            x3_register_a: false,
            x3_persistent: false,
            paired: false,
        }
    }

    fn simt(m: usize, n: usize, k: usize) -> SimtConfig {
        match choose_with(&f32_spec(m, n, k), (9, 0), &h200(true)) {
            Ok(Variant::Simt(c)) => c,
            other => panic!("{m}x{n}x{k}: {other:?}"),
        }
    }

    #[test]
    fn kn_decode_is_at_least_two_chunks_wide() {
        // The decode MLP's [K, N] weights: 1536 columns give 192 blocks two chunks wide; 576
        // give 72, fewer than the 132 SMs, but one chunk wide measured slower.
        let kn = |n: usize, k: usize| GemmSpec {
            b: Operand { elem: Elem::F32, layout: Layout::RowMajor, ld: n, align: 16 },
            ..f32_spec(1, n, k)
        };
        let width = |n: usize, k: usize| decode_config(&kn(n, k), 132, true, (9, 0), false).width;
        assert_eq!((width(1536, 576), width(576, 1536), width(14336, 4096)), (2, 2, 8));
    }

    #[test]
    fn nk_decode_streams_the_widest_rows_that_still_fill_the_sms() {
        // PyTorch-layout weights ([N, K]): the decode MLP's 576-deep pair 4 rows a block (384
        // blocks), its 1536-deep down product 4 (144; 8 would leave 60 SMs idle); rows too long
        // to preload keep the K-split shape; more rows of A take fewer rows of B, and past 4 the
        // K-split shape.
        let nk = |m: usize, n: usize, k: usize| GemmSpec {
            b: Operand { elem: Elem::F32, layout: Layout::ColMajor, ld: k, align: 16 },
            ..f32_spec(m, n, k)
        };
        let shape = |m: usize, n: usize, k: usize, paired: bool| {
            let d = decode_config(&nk(m, n, k), 132, true, (9, 0), paired);
            (d.width, d.k_split)
        };
        assert_eq!(shape(1, 1536, 576, true), (4, 8), "the pair's two weights: 8 loads a thread");
        assert_eq!(shape(1, 1536, 576, false), (8, 8));
        assert_eq!(shape(1, 576, 1536, false), (4, 8), "two trips a lane");
        assert_eq!(shape(1, 14336, 4096, false), (2, 8), "4096 deep: 4 trips a lane, 8 loads at width 2");
        assert_eq!(shape(1, 1024, 16384, false), (2, 8), "too long to preload: the old K split");
        assert_eq!(shape(4, 1536, 576, false), (4, 8));
        assert_eq!(shape(6, 4096, 1024, false), (4, 4), "more than 4 rows of A: the K-split shape");
        assert_eq!(shape(8, 14336, 4096, false), (4, 1));
    }

    #[test]
    fn every_simt_tile_instantiates_and_round_trips_its_name() {
        for (c, _, _) in SIMT_TILES {
            c.validate().unwrap();
            let name = c.to_string();
            assert_eq!(name.parse::<SimtConfig>(), Ok(c), "{name}");
        }
        assert_eq!(SimtConfig::split(32, 32, 8, 4, 4).to_string(), "simt32x32x8k4");
        assert!("32x32x8k3".parse::<SimtConfig>().is_err());
        assert!("48x32x8".parse::<SimtConfig>().is_err());
        assert!("simt".parse::<SimtConfig>().is_err());
        // Groups smaller than a warp would diverge at the group-uniform loads.
        assert!(SimtConfig::split(16, 16, 8, 4, 4).validate().is_err());
    }

    #[test]
    fn small_products_split_k_and_large_ones_keep_whole_tiles() {
        // MiniLM at batch 8: too few 64×64 tiles for 132 multiprocessors.
        for (m, n, k) in [(240, 384, 384), (240, 384, 1536), (240, 1536, 384)] {
            assert!(simt(m, n, k).split_k() > 1, "{m}x{n}x{k}: {}", simt(m, n, k));
        }
        assert_eq!(simt(4096, 4096, 4096), SimtConfig::whole(128, 128, 16));
        let forced = ChooseOptions { simt: Some(SimtConfig::split(16, 32, 8, 4, 4)), ..h200(true) };
        let Ok(Variant::Simt(c)) = choose_with(&f32_spec(4096, 4096, 64), (9, 0), &forced) else { panic!() };
        assert_eq!(c.to_string(), "simt16x32x8k8");
    }

    #[test]
    fn tf32_options_take_tensor_cores_where_they_gain() {
        let with = |m, n, k, p| GemmSpec { precision: p, ..f32_spec(m, n, k) };
        let opt = h200;
        let pick = |s: &GemmSpec, arch, maps| choose_with(s, arch, &opt(maps)).unwrap();
        // sm_90: MiniLM's 1920-row products on TMA + wgmma, its 240-row ones on split-K SIMT.
        assert!(matches!(pick(&with(1920, 384, 384, Precision::Tf32x3), (9, 0), true), Variant::WgmmaTma(_)));
        assert!(matches!(pick(&with(240, 1536, 384, Precision::Tf32x3), (9, 0), true), Variant::Simt(_)));
        // The register-A loop only where opted in, only for tf32x3, only on 128×64 tiles of
        // one block an SM; short-K products of more tiles than SMs pair 2-stage blocks instead.
        let opted = ChooseOptions { x3_register_a: true, ..opt(true) };
        let ra = |s: &GemmSpec| match choose_with(s, (9, 0), &opted).unwrap() {
            Variant::WgmmaTma(t) => (t.bm, t.bn, t.register_a),
            other => panic!("{other:?}"),
        };
        // 132 128×64 tiles: one even wave, one block an SM, A from registers.
        assert_eq!(ra(&with(1536, 704, 384, Precision::Tf32x3)), (128, 64, true));
        // 96 128×64 tiles leave 36 of 132 SMs idle: 128 48-wide ones (3 stages, two blocks an
        // SM, so A stays in shared memory) fill them; so for QKV's 270 against 360.
        assert_eq!(ra(&with(2048, 384, 384, Precision::Tf32x3)), (128, 48, false));
        assert_eq!(ra(&with(1920, 1152, 384, Precision::Tf32x3)), (128, 48, false));
        assert_eq!(ra(&with(4096, 4096, 4096, Precision::Tf32x3)), (128, 128, false));
        assert!(!ra(&with(2048, 384, 384, Precision::Tf32)).2);
        assert_eq!(ra(&with(1920, 1536, 384, Precision::Tf32x3)), (128, 64, false));
        let Variant::WgmmaTma(t) = choose_with(&with(1920, 1536, 384, Precision::Tf32x3), (9, 0), &opted).unwrap()
        else {
            panic!()
        };
        assert_eq!(t.stages, 2);
        assert_eq!(ra(&with(1920, 384, 1536, Precision::Tf32x3)), (128, 48, false));
        let Variant::WgmmaTma(t) = pick(&with(2048, 384, 384, Precision::Tf32x3), (9, 0), true) else { panic!() };
        assert!(!t.register_a);
        // Without tensor maps sm_90 keeps tf32x3 off mma.sync (slower than SIMT there).
        assert!(matches!(pick(&with(4096, 4096, 4096, Precision::Tf32x3), (9, 0), false), Variant::Simt(_)));
        // sm_80: mma.sync where the tiles fill the GPU.
        assert!(matches!(pick(&with(4096, 4096, 4096, Precision::Tf32x3), (8, 0), true), Variant::MmaSync(_)));
        assert!(matches!(pick(&with(64, 64, 64, Precision::Tf32x3), (8, 0), true), Variant::Simt(_)));
        // Single TF32 takes the tensor cores at any size; plain f32 never does.
        assert!(matches!(pick(&with(240, 384, 384, Precision::Tf32), (9, 0), true), Variant::WgmmaTma(_)));
        assert!(matches!(pick(&with(4096, 4096, 4096, Precision::F32), (9, 0), true), Variant::Simt(_)));
    }

    #[test]
    fn persistent_grids_only_where_opted_in_on_register_a_tiles() {
        let x3 = |m, n, k| GemmSpec { precision: Precision::Tf32x3, ..f32_spec(m, n, k) };
        let opt = ChooseOptions { x3_register_a: true, x3_persistent: true, ..h200(true) };
        let tile = |s: &GemmSpec, o: &ChooseOptions| match choose_with(s, (9, 0), o).unwrap() {
            Variant::WgmmaTma(t) => t,
            other => panic!("{other:?}"),
        };
        // A register-A tile: a grid of one block an SM, named in the variant.
        let t = tile(&x3(1536, 704, 384), &opt);
        assert_eq!((t.register_a, t.persistent), (true, 132));
        assert_eq!(Variant::WgmmaTma(t).to_string(), "tma128x64s4-ra-p");
        // Paired or 48-wide tiles (A in shared memory) stay a block a tile; so does everything
        // without the opt-in, or without the register-A loop.
        assert_eq!(tile(&x3(1920, 1536, 384), &opt).persistent, 0);
        assert_eq!(tile(&x3(2048, 384, 384), &opt).persistent, 0);
        assert_eq!(tile(&x3(1536, 704, 384), &ChooseOptions { x3_persistent: false, ..opt }).persistent, 0);
        assert_eq!(tile(&x3(1536, 704, 384), &ChooseOptions { x3_register_a: false, ..opt }).persistent, 0);
        // A forced tile takes it where it runs the register-A loop.
        let forced = ChooseOptions { tma_tile: Some((128, 64, 4)), ..opt };
        assert_eq!(tile(&x3(1920, 1536, 384), &forced).persistent, 132);
        // Six stages and the output tile beside them would pass 227 KiB: a block a tile.
        let deep = ChooseOptions { tma_tile: Some((128, 64, 6)), ..opt };
        let t = tile(&x3(1920, 1536, 384), &deep);
        assert_eq!((t.register_a, t.persistent), (true, 0));
    }
}
