//! Global → shared tile copies into 128-byte-swizzled panels (shared by mma.sync and wgmma).
//!
//! A tile is `TS` strided rows × `TC` contiguous elements of an operand as it lies in memory.
//! It is stored as `TC / (128 / ES)` panels, each `TS` rows of 128 bytes; in row `s` the 16-byte
//! chunk `c` sits at chunk `c ^ (s & 7)`. That is exactly wgmma's 128-byte swizzle (atoms of
//! 8 rows × 128 bytes, 1024-byte aligned), and it keeps `ldmatrix` and the copies free of bank
//! conflicts because any 8 consecutive rows of one chunk column hit 8 different bank groups.

/// `panel_off<TS>(s, c)`: byte offset of element (s, c); `load_tile_async` (cp.async with
/// zero fill beyond the edges) and `load_tile_sync` (guarded element loads, for rows that are
/// not 16-byte aligned).
pub const LOADER: &str = r#"
template <int TS>
__device__ __forceinline__ u32 panel_off(int s, int c) {
  constexpr int EPC = 16 / ES, PW = 128 / ES;
  return (u32)((c / PW) * (TS * 128) + s * 128 + ((((c % PW) / EPC) ^ (s & 7)) << 4) + (c % EPC) * ES);
}

template <int TS, int TC, int NT>
__device__ __forceinline__ void load_tile_async(u32 sbase, const char* g, long long ld, int s0, int c0,
                                                int ext_s, int ext_c, int tid) {
  constexpr int EPC = 16 / ES;
  constexpr int CPR = TC / EPC;
  constexpr int TOTAL = TS * CPR;
#pragma unroll 4
  for (int it = 0; it < (TOTAL + NT - 1) / NT; ++it) {
    const int ch = tid + it * NT;
    if (TOTAL % NT != 0 && ch >= TOTAL) break;
    const int s = ch / CPR, cc = ch % CPR;
    const int gs = s0 + s, gc = c0 + cc * EPC;
    const int rem = ext_c - gc;
    const u32 bytes = (gs < ext_s && rem > 0) ? (rem >= EPC ? 16u : (u32)(rem * ES)) : 0u;
    const char* src = bytes ? g + ((long long)gs * ld + gc) * ES : g;
    const u32 dst = sbase + (u32)((cc >> 3) * (TS * 128) + s * 128 + (((cc & 7) ^ (s & 7)) << 4));
    cp_async16(dst, src, bytes);
  }
}

template <int TS, int TC, int NT>
__device__ __forceinline__ void load_tile_sync(u32 sbase, const char* g, long long ld, int s0, int c0,
                                               int ext_s, int ext_c, int tid) {
  constexpr int EPC = 16 / ES;
  constexpr int CPR = TC / EPC;
  constexpr int TOTAL = TS * CPR;
#pragma unroll
  for (int it = 0; it < (TOTAL + NT - 1) / NT; ++it) {
    const int ch = tid + it * NT;
    if (TOTAL % NT != 0 && ch >= TOTAL) break;
    const int s = ch / CPR, cc = ch % CPR;
    const int gs = s0 + s, gc = c0 + cc * EPC;
    u32 w[4] = {0u, 0u, 0u, 0u};
    if (gs < ext_s) {
      const long long row = (long long)gs * ld;
#pragma unroll
      for (int e = 0; e < EPC; ++e) {
        if (gc + e < ext_c) {
          const u32 v = ldbits(g, row + gc + e);
          if (ES == 4) w[e] = v; else w[e >> 1] |= v << (16 * (e & 1));
        }
      }
    }
    const u32 dst = sbase + (u32)((cc >> 3) * (TS * 128) + s * 128 + (((cc & 7) ^ (s & 7)) << 4));
    sts128(dst, w[0], w[1], w[2], w[3]);
  }
}

// Raster tiles in groups of 8 M-tiles so concurrently running blocks share A and B in L2.
__device__ __forceinline__ void tile_coords_at(int bid, int tiles_m, int tiles_n, int& tm, int& tn) {
  const int group = 8 * tiles_n;
  const int first_m = (bid / group) * 8;
  const int gm = min(tiles_m - first_m, 8);
  tm = first_m + (bid % group) % gm;
  tn = (bid % group) / gm;
}
__device__ __forceinline__ void tile_coords(int tiles_m, int tiles_n, int& tm, int& tn) {
  tile_coords_at((int)blockIdx.x, tiles_m, tiles_n, tm, tn);
}
"#;

/// The statement that fills one pipeline stage `stage` with K-tile `kt`
/// (A at `sa`, B at `sa + A_STAGE`), as a lambda named `load_stage`.
pub fn load_stage_lambda(async_copy: bool) -> String {
    let f = if async_copy { "load_tile_async" } else { "load_tile_sync" };
    format!(
        r#"  auto load_stage = [&](int stage, int kt) {{
    const int k0 = kt * BK;
    const u32 sa = sbase + (u32)stage * (A_STAGE + B_STAGE);
    const u32 sb = sa + A_STAGE;
    if constexpr (A_KMAJOR) {f}<BM, BK, NT>(sa, gA, LDA, m0, k0, M, K, tid);
    else {f}<BK, BM, NT>(sa, gA, LDA, k0, m0, K, M, tid);
    if constexpr (B_KMAJOR) {f}<BN, BK, NT>(sb, gB, LDB, n0, k0, N, K, tid);
    else {f}<BK, BN, NT>(sb, gB, LDB, k0, n0, K, N, tid);
  }};
"#
    )
}
