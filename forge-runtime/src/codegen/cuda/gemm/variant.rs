//! The GEMM kernel variants and their tiles: what `choose` picks and the templates emit.

use crate::options::SimtTile;
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
    /// TMA + 16-bit wgmma only: K split over a cluster of this many blocks (1: no split), each
    /// block one share of the k-tiles; the blocks sum their partial tiles through distributed
    /// shared memory, in rank order, before the epilogue (`tma_epilogue`).
    pub k_split: usize,
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

    /// `BMxBNxBK` (one group) or `BMxBNxBKkS` (`S` K groups), as the variant name prints it:
    /// the syntax of [`SimtTile`], then [`SimtConfig::from_groups`].
    fn from_str(s: &str) -> Result<SimtConfig, String> {
        let t: SimtTile = s.parse().map_err(|e: crate::error::Error| e.to_string())?;
        SimtConfig::from_groups(t.bm, t.bn, t.bk, t.k_groups)
    }
}

impl SimtConfig {
    /// The tile of `bm × bn × bk` with K shared by `ks` thread groups (square-ish thread
    /// tiles), if the kernel can run it.
    pub fn from_groups(bm: usize, bn: usize, bk: usize, ks: usize) -> Result<SimtConfig, String> {
        let bad = || format!("`{bm}x{bn}x{bk}k{ks}` is not a SIMT tile the kernel runs (e.g. `64x64x8`, `32x32x8k4`)");
        let c = if ks == 1 {
            SimtConfig::whole(bm, bn, bk)
        } else {
            // Threads per group 256/ks own bm·bn outputs: 4×4, 8×4 or 8×8 each, wider along
            // the longer side.
            let per = bm.saturating_mul(bn).saturating_mul(ks) / 256;
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
                if t.k_split > 1 {
                    write!(f, "-k{}", t.k_split)?;
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
