//! The CUDA-C of the decode kernels (M ≤ 8) that `decode::emit` assembles: A's loads, the
//! `[N,K]` body (SIMT and tensor-core), the `[K,N]` preloads and body.

/// A value `A[m][k]` as float, whatever A's layout.
pub(super) const A_AT: &str = r#"
// Preloads that run ahead of a grid wait keep one group of loads in flight (`PRE_KN`,
// `PRE_NK`); below sm_90 kernels do not wait for the one ahead, so nothing overlaps the loads.
#if __CUDA_ARCH__ >= 900
constexpr bool PACE = PACED;
#else
constexpr bool PACE = false;
#endif
__device__ __forceinline__ float a_at(const char* gA, int m, int k) {
  return A_KMAJOR ? ldf(gA, (long long)m * LDA + k) : ldf(gA, (long long)k * LDA + m);
}
// EPC consecutive A[m][k..] as floats (16-byte load when rows allow it), zero past `kend`; times
// the gain's gG[k..] where a norm is folded in (FG_RMS), whose sum of squares of the values
// before the gain grows `ss` where `count`.
__device__ __forceinline__ void a_chunk(const char* gA, const char* gG, int m, int k, int kend, float* f,
                                        float& ss, bool count) {
  constexpr int EPC = 16 / ES;
  if (VEC && A_KMAJOR && k + EPC <= kend) {
    unpack16(ld16c(gA + ((long long)m * LDA + k) * ES), f);
  } else {
#pragma unroll
    for (int e = 0; e < EPC; ++e) f[e] = (k + e < kend) ? a_at(gA, m, k + e) : 0.f;
  }
#if FG_RMS
  if (count) {
#pragma unroll
    for (int e = 0; e < EPC; ++e) ss = fmaf(f[e], f[e], ss);
  }
  float g[EPC];
  if (G_VEC && k + EPC <= kend) {
    unpack16(ld16c(gG + (long long)k * ES), g);
  } else {
#pragma unroll
    for (int e = 0; e < EPC; ++e) g[e] = (k + e < kend) ? ldf(gG, k + e) : 0.f;
  }
#pragma unroll
  for (int e = 0; e < EPC; ++e) f[e] *= g[e];
#endif
}
// The [K,N] kernel's step: acc[m][j] += A[m][k + e] * bf[e][j] over one chunk of rows, every m
// (and, where `count`, ss[m] += A[m][k + e]² for a folded norm).
__device__ __forceinline__ void kn_step(const char* gA, const char* gG, int k, int kend,
                                        const float (&bf)[16 / ES][16 / ES], float (&acc)[MR][16 / ES],
                                        float (&ss)[MR], bool count) {
  constexpr int EPC = 16 / ES;
#pragma unroll
  for (int m = 0; m < MR; ++m) {
    float af[EPC];
    a_chunk(gA, gG, m, k, kend, af, ss[m], count);
#pragma unroll
    for (int e = 0; e < EPC; ++e)
#pragma unroll
      for (int j = 0; j < EPC; ++j) acc[m][j] = fmaf(af[e], bf[e][j], acc[m][j]);
  }
}
"#;

/// The `[N,K]` kernel's set-up and, where every lane's share of its WIDTH rows is at most
/// `TRIPS` 16-byte chunks a row that the registers hold (`NK_PRE`: `decode::nk_preloads`), every
/// load of B (and B2) issued before the first multiply. Like `PRE_KN` it runs before the grid
/// wait where no kernel writes B, paced one group of four loads (64 bytes) in flight a thread.
/// A block whose warps cover K in one trip keeps only those warps (`KSA` of `KSW`).
pub(super) const PRE_NK: &str = r#"
  constexpr int EPC = 16 / ES, GROUPS = 8 / KSW, NB = WIDTH * GROUPS, KSA = NT / 32 / GROUPS;
  constexpr bool CAN_PRE = NK_PRE;
  constexpr int NPRE = CAN_PRE ? TRIPS : 1;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int grp = warp / KSW, ks = warp % KSW;
  const int nb0 = blockIdx.x * NB + grp * WIDTH;
  v4u bv[NPRE][WIDTH];
#if FG_PAIR
  v4u bw[NPRE][WIDTH];
#endif
  if (CAN_PRE) {
    // This lane's chunks of its WIDTH rows of `g` into `b`; `more`: loads follow these.
    auto preload = [&](const char* g, v4u (&b)[NPRE][WIDTH], bool more) {
#pragma unroll
      for (int t = 0; t < NPRE; ++t) {
        const int k = (ks * 32 + lane) * EPC + t * KSA * 32 * EPC;
        if (k < K) {
#pragma unroll
          for (int r = 0; r < WIDTH; ++r) {
            const char* p = g + ((long long)min(nb0 + r, N - 1) * LDB + k) * ES;
            const bool last = t + 1 == NPRE && r + 1 == WIDTH && !more;
            b[t][r] = (PACE && r % 4 == 3 && !last) ? ld16_acquire(p) : ld16(p);
          }
        }
      }
    };
    preload(gB, bv, FG_PAIR);
#if FG_PAIR
    preload(gB2, bw, false);
#endif
  }
"#;

pub(super) const BODY_NK: &str = r#"
  __shared__ float red[KSA][NB][MR];
#if FG_PAIR
  __shared__ float red2[KSA][NB][MR];
  float acc2[MR][WIDTH];
#endif
  // A folded norm's sums of squares come from the A values the products load anyway: the
  // warps of row group 0 together cover K once; each folds its own and the epilogue adds them.
#if FG_RMS
  __shared__ float fg_ss[KSA][MR];
#define RSS(m) rss_m
#endif
  float ss[MR];
#pragma unroll
  for (int m = 0; m < MR; ++m) ss[m] = 0.f;
  const bool count = FG_RMS && grp == 0;
  float acc[MR][WIDTH];
#pragma unroll
  for (int m = 0; m < MR; ++m)
#pragma unroll
    for (int r = 0; r < WIDTH; ++r) {
      acc[m][r] = 0.f;
#if FG_PAIR
      acc2[m][r] = 0.f;
#endif
    }
  // WIDTH rows of B (from `g`) at k, as floats: every 16-byte load issued before any is used.
  auto rows_at = [&](const char* g, int k, float (&bf)[WIDTH][EPC]) {
    if (VEC && k + EPC <= K) {
      v4u bv[WIDTH];
#pragma unroll
      for (int r = 0; r < WIDTH; ++r) bv[r] = ld16(g + ((long long)min(nb0 + r, N - 1) * LDB + k) * ES);
#pragma unroll
      for (int r = 0; r < WIDTH; ++r) unpack16(bv[r], bf[r]);
    } else {
#pragma unroll
      for (int r = 0; r < WIDTH; ++r) {
        const int n = min(nb0 + r, N - 1);
#pragma unroll
        for (int e = 0; e < EPC; ++e) bf[r][e] = (k + e < K) ? ldf(g, (long long)n * LDB + k + e) : 0.f;
      }
    }
  };
  // acc (acc2) += A[m][k..] · the rows' chunks at k, every m.
  auto step = [&](int k, const float (&bf)[WIDTH][EPC]
#if FG_PAIR
                  , const float (&bg)[WIDTH][EPC]
#endif
                  ) {
#pragma unroll
    for (int m = 0; m < MR; ++m) {
      float af[EPC];
      a_chunk(gA, gG, m, k, K, af, ss[m], count);
#pragma unroll
      for (int r = 0; r < WIDTH; ++r)
#pragma unroll
        for (int e = 0; e < EPC; ++e) {
          acc[m][r] = fmaf(af[e], bf[r][e], acc[m][r]);
#if FG_PAIR
          acc2[m][r] = fmaf(af[e], bg[r][e], acc2[m][r]);
#endif
        }
    }
  };
  if (CAN_PRE) {
#pragma unroll
    for (int t = 0; t < NPRE; ++t) {
      const int k = (ks * 32 + lane) * EPC + t * KSA * 32 * EPC;
      if (k < K) {
        float bf[WIDTH][EPC];
#pragma unroll
        for (int r = 0; r < WIDTH; ++r) unpack16(bv[t][r], bf[r]);
#if FG_PAIR
        float bg[WIDTH][EPC];
#pragma unroll
        for (int r = 0; r < WIDTH; ++r) unpack16(bw[t][r], bg[r]);
        step(k, bf, bg);
#else
        step(k, bf);
#endif
      }
    }
  } else {
#pragma unroll 2
    for (int k = (ks * 32 + lane) * EPC; k < K; k += KSA * 32 * EPC) {
      float bf[WIDTH][EPC];
      rows_at(gB, k, bf);
#if FG_PAIR
      float bg[WIDTH][EPC];
      rows_at(gB2, k, bg);
      step(k, bf, bg);
#else
      step(k, bf);
#endif
    }
  }
#pragma unroll
  for (int m = 0; m < MR; ++m)
#pragma unroll
    for (int r = 0; r < WIDTH; ++r) {
      float v = acc[m][r];
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
      if (lane == 0) red[ks][grp * WIDTH + r][m] = v;
#if FG_PAIR
      float v2 = acc2[m][r];
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) v2 += __shfl_xor_sync(0xffffffffu, v2, o);
      if (lane == 0) red2[ks][grp * WIDTH + r][m] = v2;
#endif
    }
#if FG_RMS
#pragma unroll
  for (int m = 0; m < MR; ++m) {
    float v = ss[m];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (grp == 0 && lane == 0) fg_ss[ks][m] = v;
  }
#endif
  __syncthreads();
  for (int i = tid; i < NB * MR; i += NT) {
    const int nn = i / MR, m = i % MR;
    const int n = blockIdx.x * NB + nn;
#if FG_RMS
    float rss_m = 0.f;
#pragma unroll
    for (int s = 0; s < KSA; ++s) rss_m += fg_ss[s][m];
#endif
    float v = 0.f;
#pragma unroll
    for (int s = 0; s < KSA; ++s) v += red[s][nn][m];
#if FG_PAIR
    float v2 = 0.f;
#pragma unroll
    for (int s = 0; s < KSA; ++s) v2 += red2[s][nn][m];
#endif
    if (n < N) EPILOGUE;
  }
}
"#;

/// The `[K,N]` kernel's set-up (a thread's K slice is `TRIPS` chunks of rows: `decode::kn_trips`)
/// and, where its whole K slice is at most `PRELOAD` chunks of rows, every load of B (and B2)
/// issued before the first multiply, so a thread waits for memory once, not once a chunk. Runs
/// before the grid-dependency wait where B cannot be written by a kernel
/// (`KernelIo::b_read_only`): the weights then arrive while the kernel ahead still runs
/// (faster on the H200's 10-layer decode MLP with paired gate/up products; BENCHMARKS.md).
///
/// Paced (`PACED`, where the loads run before the wait on sm_90+): a thread has one chunk of rows in flight at a time; the last load of each
/// chunk but the final one is an acquire, which keeps the next chunk's loads (ptxas would
/// otherwise hoist every load to the top) until it returns.
/// A product's whole weight requested at once (7 MB for the MLP's gate/up pair) queued ahead of
/// the latency-critical work of the kernels in flight: `%globaltimer` stamps of every block
/// showed the down product's grid wait releasing later after the gate/up product than with
/// small weights, and about as early as with small weights once paced. One chunk (64 bytes) a
/// thread keeps a product's requests near what the memory system holds in flight at the copy
/// rate. Faster on the H200's decode MLP, more so with the trimmed blocks of
/// `decode::block_threads` (BENCHMARKS.md).
pub(super) const PRE_KN: &str = r#"
  constexpr int EPC = 16 / ES, NCOL = WIDTH * EPC, KPS = TRIPS * EPC;
  constexpr bool CAN_PRE = TRIPS <= PRELOAD;
  const int tid = threadIdx.x;
  const int ch = tid % WIDTH, ks = tid / WIDTH;
  const int n = blockIdx.x * NCOL + ch * EPC;
  const bool full = VEC && n + EPC <= N;
  const int kbeg = ks * KPS, kend = min(K, kbeg + KPS);
  const bool pre = CAN_PRE && full && kend - kbeg == KPS;
  v4u bv[CAN_PRE ? TRIPS : 1][EPC];
#if FG_PAIR
  v4u bw[CAN_PRE ? TRIPS : 1][EPC];
#endif
  if (pre) {
    // Paced: one chunk of rows in flight a thread (see above), where a grid wait follows.
    constexpr int NPRE = CAN_PRE ? TRIPS : 1;
    // This thread's rows of `g` into `b`; `more`: loads follow these (B2's, after B's).
    auto preload = [&](const char* g, v4u (&b)[NPRE][EPC], bool more) {
#pragma unroll
      for (int t = 0; t < NPRE; ++t)
#pragma unroll
        for (int e = 0; e < EPC; ++e) {
          const char* p = g + ((long long)(kbeg + t * EPC + e) * LDB + n) * ES;
          b[t][e] = (PACE && e == EPC - 1 && (t + 1 < NPRE || more)) ? ld16_acquire(p) : ld16(p);
        }
    };
    preload(gB, bv, FG_PAIR);
#if FG_PAIR
    preload(gB2, bw, false);
#endif
  }
"#;

pub(super) const BODY_KN: &str = r#"
  __shared__ float part[NW][MR][NCOL];
  // A folded norm's sums of squares come from the A values the products load anyway: the
  // threads of column chunk 0 together cover K once; their sums fold with the products'.
#if FG_RMS
  __shared__ float fg_ss[NW][MR];
#define RSS(m) rss_m
#endif
  float ss[MR];
#pragma unroll
  for (int m = 0; m < MR; ++m) ss[m] = 0.f;
  const bool count = FG_RMS && ch == 0;
#if FG_PAIR
  __shared__ float part2[NW][MR][NCOL];
  float acc2[MR][EPC];
#endif
  float acc[MR][EPC];
#pragma unroll
  for (int m = 0; m < MR; ++m)
#pragma unroll
    for (int j = 0; j < EPC; ++j) {
      acc[m][j] = 0.f;
#if FG_PAIR
      acc2[m][j] = 0.f;
#endif
    }
  if (pre) {
#pragma unroll
    for (int t = 0; t < (CAN_PRE ? TRIPS : 1); ++t) {
      float bf[EPC][EPC];
#pragma unroll
      for (int e = 0; e < EPC; ++e) unpack16(bv[t][e], bf[e]);
      kn_step(gA, gG, kbeg + t * EPC, kend, bf, acc, ss, count);
#if FG_PAIR
#pragma unroll
      for (int e = 0; e < EPC; ++e) unpack16(bw[t][e], bf[e]);
      kn_step(gA, gG, kbeg + t * EPC, kend, bf, acc2, ss, false);
#endif
    }
  } else {
    // One chunk of rows of B (from `g`) at k, as floats.
    auto chunk_at = [&](const char* g, int k, float (&bf)[EPC][EPC]) {
      if (full && k + EPC <= kend) {
        v4u bv[EPC];
#pragma unroll
        for (int e = 0; e < EPC; ++e) bv[e] = ld16(g + ((long long)(k + e) * LDB + n) * ES);
#pragma unroll
        for (int e = 0; e < EPC; ++e) unpack16(bv[e], bf[e]);
      } else {
#pragma unroll
        for (int e = 0; e < EPC; ++e)
#pragma unroll
          for (int j = 0; j < EPC; ++j)
            bf[e][j] = (k + e < kend && n + j < N) ? ldf(g, (long long)(k + e) * LDB + n + j) : 0.f;
      }
    };
#pragma unroll 1
    for (int k = kbeg; k < kend; k += EPC) {
      float bf[EPC][EPC];
      chunk_at(gB, k, bf);
#if FG_PAIR
      float bg[EPC][EPC];
      chunk_at(gB2, k, bg);
      kn_step(gA, gG, k, kend, bg, acc2, ss, false);
#endif
      kn_step(gA, gG, k, kend, bf, acc, ss, count);
    }
  }
  // Lanes of a warp hold 32 / WIDTH k slices of the same columns: fold them with shuffles,
  // then add the NW warps' partials in shared memory (no atomics).
#pragma unroll
  for (int m = 0; m < MR; ++m)
#pragma unroll
    for (int j = 0; j < EPC; ++j) {
      float v = acc[m][j];
#pragma unroll
      for (int o = WIDTH; o < 32; o <<= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
      acc[m][j] = v;
#if FG_PAIR
      float v2 = acc2[m][j];
#pragma unroll
      for (int o = WIDTH; o < 32; o <<= 1) v2 += __shfl_xor_sync(0xffffffffu, v2, o);
      acc2[m][j] = v2;
#endif
    }
  const int lane = tid & 31, warp = tid >> 5;
#if FG_RMS
#pragma unroll
  for (int m = 0; m < MR; ++m) {
    float v = ss[m];
#pragma unroll
    for (int o = WIDTH; o < 32; o <<= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (lane == 0) fg_ss[warp][m] = v;
  }
#endif
  if (lane < WIDTH) {
#pragma unroll
    for (int m = 0; m < MR; ++m)
#pragma unroll
      for (int j = 0; j < EPC; ++j) {
        part[warp][m][ch * EPC + j] = acc[m][j];
#if FG_PAIR
        part2[warp][m][ch * EPC + j] = acc2[m][j];
#endif
      }
  }
  __syncthreads();
  // The thread that adds a column's NW partials stores it: no second barrier.
  for (int i = tid; i < MR * NCOL; i += NT) {
    const int m = i / NCOL, jj = i % NCOL;
    const int col = blockIdx.x * NCOL + jj;
#if FG_RMS
    float rss_m = 0.f;
#pragma unroll
    for (int w = 0; w < NW; ++w) rss_m += fg_ss[w][m];
#endif
    float v = 0.f;
#pragma unroll
    for (int w = 0; w < NW; ++w) v += part[w][m][jj];
#if FG_PAIR
    float v2 = 0.f;
#pragma unroll
    for (int w = 0; w < NW; ++w) v2 += part2[w][m][jj];
#endif
    if (col < N) EPILOGUE;
  }
}
"#;

/// Tensor-core variant for B `[N,K]` with 16-bit elements: a warp owns 8 rows of B, and each
/// lane's 16-byte chunk of a row (8 consecutive k) feeds two m16n8k16 steps directly from
/// registers. K is permuted identically in A and B (lane t's chunk k0+8t.. supplies logical
/// k 2t, 2t+1, 2t+8, 2t+9 of two steps), which leaves the sum unchanged; rows ≥ M of A are 0.
pub(super) const BODY_NK_TC: &str = r#"
  constexpr int GROUPS = 8 / KSW, NBR = 8 * GROUPS, U = WIDTH;
  __shared__ float red[KSW][GROUPS][8][8];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int grp = warp / KSW, ks = warp % KSW;
  const int g = lane >> 2, t4 = lane & 3;
  const int nrow = min(blockIdx.x * NBR + grp * 8 + g, N - 1);
  const char* brow = gB + (long long)nrow * LDB * ES;
  const bool arow_ok = g < MR;
  const char* arow = gA + (long long)(arow_ok ? g : 0) * LDA * ES;
  float acc[4] = {0.f, 0.f, 0.f, 0.f};
  auto chunk = [&](const char* row, int k) -> v4u {
    if (k + 8 <= K) return ld16c(row + (long long)k * ES);
    u32 w[4] = {0u, 0u, 0u, 0u};
#pragma unroll
    for (int e = 0; e < 8; ++e)
      if (k + e < K) w[e >> 1] |= ldbits(row, k + e) << (16 * (e & 1));
    return v4u{w[0], w[1], w[2], w[3]};
  };
  auto chunk_b = [&](int k) -> v4u {
    if (k + 8 <= K) return ld16(brow + (long long)k * ES);
    return chunk(brow, k);
  };
  constexpr int KSTEP = 32 * KSW;
#pragma unroll 1
  for (int kb = ks * 32; kb < K; kb += U * KSTEP) {
    v4u bv[U], av[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int k = kb + u * KSTEP + t4 * 8;
      bv[u] = (k < K) ? chunk_b(k) : v4u{0u, 0u, 0u, 0u};
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int k = kb + u * KSTEP + t4 * 8;
      av[u] = (arow_ok && k < K) ? chunk(arow, k) : v4u{0u, 0u, 0u, 0u};
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const u32 a0[4] = {av[u].x, 0u, av[u].y, 0u};
      const u32 b0[2] = {bv[u].x, bv[u].y};
      mma16816(acc, a0, b0);
      const u32 a1[4] = {av[u].z, 0u, av[u].w, 0u};
      const u32 b1[2] = {bv[u].z, bv[u].w};
      mma16816(acc, a1, b1);
    }
  }
  red[ks][grp][g][t4 * 2] = acc[0];
  red[ks][grp][g][t4 * 2 + 1] = acc[1];
  __syncthreads();
  for (int i = tid; i < GROUPS * 8 * MR; i += 256) {
    const int gi = i / (8 * MR), r = i % (8 * MR);
    const int m = r / 8, c = r % 8;
    const int n = blockIdx.x * NBR + gi * 8 + c;
    float v = 0.f;
#pragma unroll
    for (int s = 0; s < KSW; ++s) v += red[s][gi][m][c];
    if (n < N) EPILOGUE;
  }
}
"#;
