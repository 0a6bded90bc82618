//! Shared memory of the GEMM tiles: what a tile's stages take, what a block may have on sm_90,
//! how many blocks an SM then holds, and the tf32x3 loops' extra room. The choice and the
//! kernels both read it, so it sits below both.

use super::variant::TileConfig;

/// Dynamic shared memory of a tile config for elements of `bytes` bytes (+1 KiB alignment slack).
pub fn tile_smem_bytes(t: &TileConfig, elem_bytes: usize) -> usize {
    (t.bm + t.bn) * t.bk * elem_bytes * t.stages + 1024
}

/// Dynamic shared memory of the kernel: the stages (and tf32x3 remainders), or the staged
/// output tile where that is larger (a persistent kernel: both), then the stages' two
/// mbarriers each.
pub(super) fn dynamic_smem(t: &TileConfig, elem_bytes: usize, lo_bytes: usize) -> usize {
    let stages = tile_smem_bytes(t, elem_bytes) + lo_bytes;
    let staged_tile = (t.bm / 64) * 64 * (t.bn + 8) * 4;
    let data = if t.persistent > 0 { stages + staged_tile } else { stages.max(staged_tile + 1024) };
    data + 2 * t.stages * 8
}

/// Dynamic shared memory a block may have on sm_90 (227 KiB).
pub(super) const MAX_SMEM: usize = 227 * 1024;

/// Blocks an SM holds (228 KiB of shared memory, 1 KiB of it reserved per block): two where
/// they fit, so one block's pipeline fill and epilogue overlap the other's main loop; the
/// kernel then compiles for half the registers (`__launch_bounds__`).
pub(super) fn blocks_per_sm(smem: usize) -> usize {
    if 2 * (smem + 1024) <= 228 * 1024 {
        2
    } else {
        1
    }
}

/// How the tf32x3 loop feeds A (see `wgmma_x3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum X3Loop {
    SharedA,
    RegisterA,
}

impl X3Loop {
    /// The loop tile `t` runs (its `register_a`, which the choice sets).
    pub(super) fn of(t: &TileConfig) -> X3Loop {
        if t.register_a {
            X3Loop::RegisterA
        } else {
            X3Loop::SharedA
        }
    }

    /// Whether `t` can run `RegisterA`: two consumer warpgroups on a 64-wide tile, one block an
    /// SM (its 152 registers a thread leave no room for a second; a tile small enough for two
    /// compiles for 80 and takes `SharedA`).
    pub(super) fn takes(t: &TileConfig) -> bool {
        let smem = dynamic_smem(t, 4, X3Loop::RegisterA.lo_bytes(t));
        t.bm == 128 && t.bn <= 64 && blocks_per_sm(smem) == 1
    }

    /// Shared-memory bytes of the remainders beside the `STAGES` TMA stages.
    pub(super) fn lo_bytes(self, t: &TileConfig) -> usize {
        let per_stage = match self {
            X3Loop::SharedA => (t.bm + t.bn) * t.bk * 4,
            X3Loop::RegisterA => t.bn * t.bk * 4,
        };
        per_stage * t.stages
    }
}
