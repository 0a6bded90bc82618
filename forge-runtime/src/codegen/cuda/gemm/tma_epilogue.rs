//! How a TMA tile's accumulators, staged in shared memory, reach the epilogue (the templates
//! `wgmma_tma` places): in a one-tile block every thread takes the whole tile, the producer
//! warpgroup's too; in a persistent block each consumer warpgroup takes its own rows while the
//! producer fills the next tile's stages; with K split over a cluster the blocks first sum
//! their partial tiles through distributed shared memory. Also how many points a thread keeps
//! in flight.

use super::KernelIo;

/// The epilogue templates of one kernel.
pub(super) struct Parts {
    /// The consumers' barrier before they stage their accumulators (and, in their own
    /// epilogue, after).
    pub sync: &'static str,
    /// The consumers' own epilogue (persistent kernels), else empty.
    pub consumers: &'static str,
    /// The whole block's epilogue (one-tile kernels), else empty.
    pub block: &'static str,
    /// The cluster's sum of partial tiles and its epilogue (a K split), else empty.
    pub split_reduce: &'static str,
}

/// The templates for a persistent kernel or one of one tile, split `k_split` ways (a split's
/// epilogue is its reduction's alone; its cluster barrier orders the staged tiles).
pub(super) fn parts(persistent: bool, k_split: usize) -> Parts {
    let (consumers, block, split_reduce) = match (k_split > 1, !persistent) {
        (true, _) => ("", "", SPLIT_REDUCE),
        (false, true) => ("", BLOCK_EPILOGUE, ""),
        (false, false) => (WG_EPILOGUE, "", ""),
    };
    Parts { sync: if persistent { EPI_SYNC_WG } else { EPI_SYNC_ALL }, consumers, block, split_reduce }
}

/// The epilogue of a persistent kernel: each consumer warpgroup over its own 64 rows (the
/// producer is filling the next tile's stages meanwhile).
const WG_EPILOGUE: &str = r#"EPI_SYNC
#pragma unroll EPI_UNROLL
    for (int e = tid & 127; e < 64 * BN; e += 128) {
      const int r = e / BN, c = e % BN;
      const int row = m0 + cw * 64 + r, col = n0 + c;
      if (row < M && col < N) EPILOGUE;
    }
"#;

/// The epilogue of a block of one tile: every thread, the producer's too (an epilogue is
/// mostly issue-bound, and the producer warpgroup is idle by now), over the whole staged tile
/// (the consumers' 64-row parts follow each other: row `r` at `r · EPI_LD`).
const BLOCK_EPILOGUE: &str = r#"  __syncthreads();
  const float* const ctile = reinterpret_cast<const float*>(fg_smem_raw + (sbase + EPI_AT - smem_u32(fg_smem_raw)));
#pragma unroll EPI_UNROLL
  for (int e = tid; e < BM * BN; e += NT) {
    const int r = e / BN, c = e % BN;
    const int row = m0 + r, col = n0 + c;
    if (row < M && col < N) EPILOGUE;
  }
"#;

/// The epilogue's barriers: every consumer (the tile is staged over the stages), or this
/// warpgroup alone (named barrier 2 + its index, an immediate so that ptxas counts only the
/// barriers used; a persistent kernel's own region).
const EPI_SYNC_ALL: &str = "    asm volatile(\"bar.sync 1, %0;\" :: \"n\"(NC * 128) : \"memory\");\n";
const EPI_SYNC_WG: &str = "    if (cw == 0) asm volatile(\"bar.sync 2, 128;\" ::: \"memory\");\n    else asm volatile(\"bar.sync 3, 128;\" ::: \"memory\");\n";

/// A K split's end: every block of the cluster has staged its partial tile (row `r` at
/// `r · EPI_LD`), then block `q` sums its share of the tile's points over the blocks in rank
/// order (the same order whoever reads) through distributed shared memory and applies the
/// epilogue; no block leaves (and frees its shared memory) before every other is done reading
/// it. Every thread of every block takes both cluster barriers.
const SPLIT_REDUCE: &str = r#"  cluster_sync();
  if (wg > 0) {
    // Quads of 4 columns (BN is a multiple of 16); this block's share of the tile's quads.
    // Two quads' loads from every block are in flight before either quad's epilogue.
    constexpr int QUADS = BM * BN / 4, SHARE = (QUADS + KSPLIT - 1) / KSPLIT, STEP = NC * 128;
    const int q0 = (int)blockIdx.y * SHARE, q1 = min(q0 + SHARE, QUADS);
#pragma unroll 1
    for (int qd = q0 + tid - 128; qd < q1; qd += 2 * STEP) {
      float4 v[2];
#pragma unroll
      for (int u = 0; u < 2; ++u) {
        // A second quad past the share reloads the last one, unused.
        const int e = min(qd + u * STEP, q1 - 1) * 4, r = e / BN, c = e % BN;
        const u32 at = sbase + EPI_AT + 4u * (u32)(r * EPI_LD + c);
        v[u] = ld_cluster_v4(at, 0u);
#pragma unroll
        for (int q = 1; q < KSPLIT; ++q) {
          const float4 p = ld_cluster_v4(at, (u32)q);
          v[u].x += p.x; v[u].y += p.y; v[u].z += p.z; v[u].w += p.w;
        }
      }
#pragma unroll
      for (int u = 0; u < 2; ++u) {
        const int e = (qd + u * STEP) * 4, row = m0 + e / BN, c0 = n0 + e % BN;
        const float vs[4] = {v[u].x, v[u].y, v[u].z, v[u].w};
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          const float s = vs[j];
          const int col = c0 + j;
          if (qd + u * STEP < q1 && row < M && col < N) EPILOGUE_SUM;
        }
      }
    }
  }
  cluster_sync();
"#;

/// Epilogue points a thread has in flight: few enough copies of a heavy epilogue (GELU's erf)
/// that NVRTC stays quick ...
const EPILOGUE_UNROLL: usize = 4;
/// ... and, for a light one, enough loads of a residual in flight to cover their latency
/// (MiniLM b64 at bf16x3 measured faster on an H100 at 16 than at 8 or 4; BENCHMARKS.md).
const LIGHT_EPILOGUE_UNROLL: usize = 16;

/// The epilogue's unroll, by its weight.
pub(super) fn unroll(io: &KernelIo) -> usize {
    if io.light_epilogue {
        LIGHT_EPILOGUE_UNROLL
    } else {
        EPILOGUE_UNROLL
    }
}
