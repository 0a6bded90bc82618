//! M ≤ 8 (decode): stream B exactly once with 16-byte loads; A is tiny and stays in L1/L2.
//!
//! B `[N,K]` (`ColMajor`): each warp walks `WIDTH` rows of B along K, 32 lanes × 16 bytes per
//! step, loading every row's chunk before using any (WIDTH loads in flight per lane, A chunks
//! shared by the WIDTH rows); warps of a block split K and meet in shared memory.
//! B `[K,N]` (`RowMajor`): each thread owns one 16-byte column chunk and a contiguous K slice,
//! loading 16/ES rows before using them; the block's K slices meet in shared memory.
//! A paired product (`FG_PAIR`: the kernel's `KernelIo::b2_ptr`) streams a second B of the same
//! layout beside the first, with its own accumulators, and hands the epilogue both sums.
//! A folded RMS norm (`FG_RMS`: `KernelIo::rms_gain`) multiplies A by the gain as it loads it
//! and hands the epilogue each row's sum of squares, which scales the sums there.

use super::choose::DecodeConfig;
use super::spec::{GemmSpec, Layout, Requirement, Which};
use super::{epi_call, helpers, kernel_head, to_u32, Emitted, KernelIo};
use std::fmt::Write as _;

/// A value `A[m][k]` as float, whatever A's layout.
const A_AT: &str = r#"
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

/// The `[N,K]` kernel's folded norm (FG_RMS): sums of squares of A's rows, each warp's share of
/// K (before the main loop, so its loads overlap B's), folded over the warp; the epilogue adds
/// the 8 warps' parts (`RSS`) after the block's barrier. (The `[K,N]` kernel sums the squares
/// of the A values its products load: `BODY_KN`.)
const ROW_SQUARES: &str = r#"
#if FG_RMS
  __shared__ float fg_ss[8][MR];
  {
    float ss[MR];
#pragma unroll
    for (int m = 0; m < MR; ++m) ss[m] = 0.f;
    for (int k = threadIdx.x; k < K; k += 256)
#pragma unroll
      for (int m = 0; m < MR; ++m) {
        const float v = a_at(gA, m, k);
        ss[m] = fmaf(v, v, ss[m]);
      }
#pragma unroll
    for (int m = 0; m < MR; ++m) {
      float v = ss[m];
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
      if ((threadIdx.x & 31) == 0) fg_ss[threadIdx.x >> 5][m] = v;
    }
  }
#define RSS(m) (fg_ss[0][m] + fg_ss[1][m] + fg_ss[2][m] + fg_ss[3][m] + fg_ss[4][m] + fg_ss[5][m] + fg_ss[6][m] + fg_ss[7][m])
#endif
"#;

const BODY_NK: &str = r#"
  constexpr int EPC = 16 / ES, GROUPS = 8 / KSW, NB = WIDTH * GROUPS;
  __shared__ float red[KSW][NB][MR];
#if FG_PAIR
  __shared__ float red2[KSW][NB][MR];
  float acc2[MR][WIDTH];
#endif
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int grp = warp / KSW, ks = warp % KSW;
  const int nb0 = blockIdx.x * NB + grp * WIDTH;
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
#pragma unroll 2
  for (int k = (ks * 32 + lane) * EPC; k < K; k += KSW * 32 * EPC) {
    float bf[WIDTH][EPC];
    rows_at(gB, k, bf);
#if FG_PAIR
    float bg[WIDTH][EPC];
    rows_at(gB2, k, bg);
#endif
#pragma unroll
    for (int m = 0; m < MR; ++m) {
      float af[EPC], unused = 0.f;
      a_chunk(gA, gG, m, k, K, af, unused, false);
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
  __syncthreads();
  for (int i = tid; i < NB * MR; i += 256) {
    const int nn = i / MR, m = i % MR;
    const int n = blockIdx.x * NB + nn;
    float v = 0.f;
#pragma unroll
    for (int s = 0; s < KSW; ++s) v += red[s][nn][m];
#if FG_PAIR
    float v2 = 0.f;
#pragma unroll
    for (int s = 0; s < KSW; ++s) v2 += red2[s][nn][m];
#endif
    if (n < N) EPILOGUE;
  }
}
"#;

/// The `[K,N]` kernel's set-up (a thread's K slice is `TRIPS` chunks of rows: [`kn_trips`])
/// and, where its whole K slice is at most `PRELOAD` chunks of
/// rows, every load of B (and B2) issued at once, so a thread waits for memory once, not once a
/// chunk. Runs before the grid-dependency wait where B cannot be written by a kernel
/// (`KernelIo::b_read_only`): the weights then arrive while the kernel ahead still runs.
/// H200 (2026-12-03), the 10-layer decode MLP with paired gate/up products: 88.3 → 79.9 us.
const PRE_KN: &str = r#"
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
#pragma unroll
    for (int t = 0; t < (CAN_PRE ? TRIPS : 1); ++t)
#pragma unroll
      for (int e = 0; e < EPC; ++e) bv[t][e] = ld16(gB + ((long long)(kbeg + t * EPC + e) * LDB + n) * ES);
#if FG_PAIR
#pragma unroll
    for (int t = 0; t < (CAN_PRE ? TRIPS : 1); ++t)
#pragma unroll
      for (int e = 0; e < EPC; ++e) bw[t][e] = ld16(gB2 + ((long long)(kbeg + t * EPC + e) * LDB + n) * ES);
#endif
  }
"#;

const BODY_KN: &str = r#"
  __shared__ float part[8][MR][NCOL];
  // A folded norm's sums of squares come from the A values the products load anyway: the
  // threads of column chunk 0 together cover K once; their sums fold with the products'.
#if FG_RMS
  __shared__ float fg_ss[8][MR];
#define RSS(m) (fg_ss[0][m] + fg_ss[1][m] + fg_ss[2][m] + fg_ss[3][m] + fg_ss[4][m] + fg_ss[5][m] + fg_ss[6][m] + fg_ss[7][m])
#endif
  float ss[MR];
#pragma unroll
  for (int m = 0; m < MR; ++m) ss[m] = 0.f;
  const bool count = FG_RMS && ch == 0;
#if FG_PAIR
  __shared__ float part2[8][MR][NCOL];
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
  // then add the 8 warps' partials in shared memory (no atomics).
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
  // The thread that adds a column's 8 partials stores it: no second barrier.
  for (int i = tid; i < MR * NCOL; i += 256) {
    const int m = i / NCOL, jj = i % NCOL;
    const int col = blockIdx.x * NCOL + jj;
    float v = 0.f;
#pragma unroll
    for (int w = 0; w < 8; ++w) v += part[w][m][jj];
#if FG_PAIR
    float v2 = 0.f;
#pragma unroll
    for (int w = 0; w < 8; ++w) v2 += part2[w][m][jj];
#endif
    if (col < N) EPILOGUE;
  }
}
"#;

/// Tensor-core variant for B `[N,K]` with 16-bit elements: a warp owns 8 rows of B, and each
/// lane's 16-byte chunk of a row (8 consecutive k) feeds two m16n8k16 steps directly from
/// registers. K is permuted identically in A and B (lane t's chunk k0+8t.. supplies logical
/// k 2t, 2t+1, 2t+8, 2t+9 of two steps), which leaves the sum unchanged; rows ≥ M of A are 0.
const BODY_NK_TC: &str = r#"
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

pub fn emit(spec: &GemmSpec, d: &DecodeConfig, io: &KernelIo) -> Result<Emitted, String> {
    if spec.m > 8 {
        return Err("decode kernels take M ≤ 8".into());
    }
    let vector = d.vector && spec.vec16_ok(Which::A) && spec.vec16_ok(Which::B);
    if d.vector && !vector {
        return Err("vector loads need 16-byte aligned rows".into());
    }
    let epc = spec.elem().per_16b();
    let mut src = helpers(io, spec.elem(), spec);
    let _ = writeln!(
        src,
        "constexpr int MR = {}, WIDTH = {}, KSW = {}, PRELOAD = {PRELOAD_CHUNKS}, TRIPS = {};\nconstexpr bool VEC = {vector};",
        spec.m,
        d.width,
        d.k_split,
        kn_trips(spec, d)
    );
    // Kernels of one module may differ: each sets the switch its body reads.
    let _ = writeln!(src, "#undef FG_PAIR\n#define FG_PAIR {}", u8::from(io.b2_ptr.is_some()));
    let _ = writeln!(src, "#undef FG_RMS\n#define FG_RMS {}", u8::from(io.rms_gain.is_some()));
    let _ = writeln!(src, "#undef RSS\nconstexpr bool G_VEC = {};", io.rms_gain.is_some_and(|g| g.vector));
    src.push_str(A_AT);
    src.push_str("}\n");
    // The `[K,N]` kernel's preloads run before the wait where no kernel writes B
    // (`FORGE_CUDA_EARLY_LOADS=0`: after it, for comparisons). Where they hold all of B, B is
    // not also asked of L2: see `PREFETCH_MAX_BYTES`.
    let early = std::env::var("FORGE_CUDA_EARLY_LOADS").map_or(true, |v| v.trim() != "0");
    let early_loads = early && spec.b.layout == Layout::RowMajor && !d.tensor && io.b_read_only;
    use crate::lower::cuda::{grid_trigger, TriggerAt};
    let mut before_wait = grid_trigger(true, TriggerAt::BeforeWait).to_string();
    if !(early_loads && vector && kn_preloads_all(spec, d)) {
        before_wait.push_str(&prefetch_b(spec, vector, io.b2_ptr.is_some()));
    }
    if early_loads {
        before_wait.push_str(PRE_KN);
    }
    src.push_str(&kernel_head(spec, io, 256, 1, false, Some(&before_wait)));
    if io.rms_gain.is_none() {
        src.push_str("  const char* gG = gA;\n");
    }
    src.push_str(grid_trigger(true, TriggerAt::AfterWait));
    let (body, blocks) = match spec.b.layout {
        _ if d.tensor && (io.b2_ptr.is_some() || io.rms_gain.is_some()) => {
            return Err("a paired product or a folded norm runs the SIMT decode kernel".into())
        }
        Layout::ColMajor if d.tensor => {
            if !matches!(d.k_split, 1 | 2 | 4 | 8)
                || !matches!(d.width, 1 | 2 | 4 | 8)
                || !vector
                || spec.elem() == super::spec::Elem::F32
            {
                return Err("tensor-core decode: 16-bit, aligned rows, k_split and width in {1,2,4,8}".into());
            }
            (BODY_NK_TC.replace("EPILOGUE", &epi_call(io, "v", "m", "n")), spec.n.div_ceil(8 * (8 / d.k_split)))
        }
        Layout::ColMajor => {
            if !matches!(d.k_split, 1 | 2 | 4 | 8) || d.width == 0 || d.width > 8 {
                return Err("[N,K] decode: k_split in {1,2,4,8}, width 1..=8".into());
            }
            let nb = d.width * (8 / d.k_split);
            (format!("{ROW_SQUARES}{BODY_NK}").replace("EPILOGUE", &epi_call(io, "v", "m", "n")), spec.n.div_ceil(nb))
        }
        Layout::RowMajor if d.tensor => return Err("tensor-core decode needs B [N,K]".into()),
        Layout::RowMajor => {
            if !matches!(d.width, 1 | 2 | 4 | 8 | 16 | 32) || d.k_split * d.width != 256 {
                return Err("[K,N] decode: width a power of two ≤ 32, width × k_split = 256".into());
            }
            let pre = if early_loads { "" } else { PRE_KN };
            let body = format!("{pre}{BODY_KN}").replace("EPILOGUE", &epi_call(io, "v", "m", "col"));
            (body, spec.n.div_ceil(d.width * epc))
        }
    };
    src.push_str(&body);
    let mut needs = Vec::new();
    if vector {
        needs.push(Requirement::PointerAlign { operand: Which::A, bytes: 16 });
        needs.push(Requirement::PointerAlign { operand: Which::B, bytes: 16 });
    }
    Ok(Emitted {
        source: src,
        grid: (to_u32(blocks, "grid.x")?, 1, to_u32(spec.batch_count(), "batch")?),
        block: (256, 1, 1),
        dynamic_smem_bytes: 0,
        needs,
        nvrtc_arch: String::new(),
        tensor_maps: Vec::new(),
    })
}

/// Chunks of `16 / ES` rows of B a thread of the `[K,N]` kernel loads up front when its whole K
/// slice is that short (the 10-layer decode MLP's f32 products: 2 and 3): 16-byte registers
/// `PRELOAD · 16 / ES` of them.
const PRELOAD_CHUNKS: usize = 4;

/// Chunks of `16 / ES` rows in a thread's K slice of the `[K,N]` kernel (`PRE_KN`'s `TRIPS`):
/// its `256 / width` rows of threads split K.
fn kn_trips(spec: &GemmSpec, d: &DecodeConfig) -> usize {
    spec.k.div_ceil(256 / d.width.max(1)).div_ceil(spec.elem().per_16b())
}

/// Whether every thread of the `[K,N]` kernel holds its whole K slice in registers up front
/// (`PRE_KN`'s `CAN_PRE`: at most [`PRELOAD_CHUNKS`] chunks of rows a slice).
fn kn_preloads_all(spec: &GemmSpec, d: &DecodeConfig) -> bool {
    kn_trips(spec, d) <= PRELOAD_CHUNKS
}

/// Bytes each thread's bulk prefetch asks for ([`prefetch_b`]).
const PREFETCH_CHUNK: usize = 4096;
/// Largest B [`prefetch_b`] asks L2 for: a fraction of an H200's 50 MB, so the one kernel of
/// lookahead that programmatic launch gives does not evict what the running kernel reads. A
/// B larger than this streams as it is read (H200: prefetching a 117 MB f16 decode weight
/// took the product from 35 to 46 us). Nor is a B the `[K,N]` kernel preloads whole before its
/// wait asked of L2 as well: the requests then only compete with the loads (H200, 2026-12-03,
/// the 10-layer decode MLP: 74.8 → 68.5 us; asking L2 for the weights of the product two
/// kernels on as well made it slower still, 82.7 us).
const PREFETCH_MAX_BYTES: usize = 8 << 20;

/// Statements that ask L2 for B (and a paired product's B2; bulk prefetches of 4 KiB dealt round-robin over the grid's
/// blocks, then their threads), before the kernel waits for the one ahead of it: B is usually a
/// weight, and since small kernels let their dependents launch early ([`crate::lower::cuda::
/// early_trigger`]), it streams in while that kernel runs, so a chain of decode products
/// overlaps its weight traffic. L2 is coherent, so a B the kernel ahead writes is still read
/// correctly after the wait. Only for a contiguous B of 16-byte rows (`vector`) of at most
/// [`PREFETCH_MAX_BYTES`]; `FORGE_CUDA_PREFETCH=0` turns it off. H200 (2026-12-02), the
/// 10-layer decode MLP (42 kernels, 3.5 MB of f32 weight a product): 118.1 → 106.6 us.
fn prefetch_b(spec: &GemmSpec, vector: bool, paired: bool) -> String {
    let rows = match spec.b.layout {
        Layout::ColMajor => spec.n,
        Layout::RowMajor => spec.k,
    };
    let cols = spec.n + spec.k - rows;
    let total = rows * cols * spec.elem().bytes();
    let off = std::env::var("FORGE_CUDA_PREFETCH").is_ok_and(|v| v.trim() == "0");
    let operands: &[&str] = if paired { &["gB", "gB2"] } else { &["gB"] };
    let asked = total * operands.len();
    if off || !vector || spec.b.ld != cols || total < 16 || asked > PREFETCH_MAX_BYTES {
        return String::new();
    }
    operands
        .iter()
        .map(|g| format!(
            "  for (long long c = (long long)threadIdx.x * gridDim.x + blockIdx.x; c * {PREFETCH_CHUNK} < {total}ll; c += (long long)gridDim.x * 256)\n    FG_PREFETCH_L2({g} + c * {PREFETCH_CHUNK}, (unsigned)(min({PREFETCH_CHUNK}ll, {total}ll - c * {PREFETCH_CHUNK}) & ~15ll));\n"
        ))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::code::gemm::spec::{Accumulate, Elem, Operand, Precision};

    /// A `[1, K] · [K, N]` f32 weight product.
    fn kn(n: usize, k: usize) -> GemmSpec {
        let op = |ld| Operand { elem: Elem::F32, layout: Layout::RowMajor, ld, align: 16 };
        GemmSpec {
            m: 1,
            n,
            k,
            batch: Vec::new(),
            a: op(k),
            b: op(n),
            accumulate: Accumulate::F32,
            precision: Precision::F32,
        }
    }

    /// The decode kernel's source for `kn(n, k)`, two chunks wide.
    fn kn_source(n: usize, k: usize) -> String {
        kn_source_with(n, k, None)
    }

    /// `kn_source`, with a folded norm's gain where given.
    fn kn_source_with(n: usize, k: usize, rms_gain: Option<super::super::RmsGain<'static>>) -> String {
        let d = DecodeConfig { width: 2, k_split: 128, vector: true, tensor: false };
        let io = KernelIo {
            kernel_name: "k",
            params: "const float* a, const float* b, float* c, const float* g",
            a_ptr: "a",
            b_ptr: "b",
            b2_ptr: None,
            rms_gain,
            b_read_only: true,
            epilogue: "epi",
            epilogue_args: "c",
        };
        emit(&kn(n, k), &d, &io).unwrap().source
    }

    #[test]
    fn weights_preloaded_whole_are_not_also_asked_of_l2() {
        // The decode MLP's products: every thread's K slice (5 and 12 rows) fits the preload.
        for (n, k) in [(1536, 576), (576, 1536)] {
            let src = kn_source(n, k);
            assert!(src.contains("CAN_PRE") && !src.contains("FG_PREFETCH_L2"), "{n}x{k}");
        }
        // 4096 rows over 128 slices are 8 chunks a thread, more than the preload holds (4 MB,
        // under the prefetch cap).
        assert!(kn_source(256, 4096).contains("FG_PREFETCH_L2"));
    }

    #[test]
    fn kn_products_meet_at_one_barrier_and_sum_squares_from_their_own_loads() {
        // H200 (2026-12-04), the 10-layer decode MLP: 64.5 us with a second barrier and the
        // norm's own pass over A, 61.4 without that pass, 58.1 with neither.
        let gain = super::super::RmsGain { ptr: "g", vector: true };
        for (n, k, norm) in [(1536, 576, true), (576, 1536, false), (104, 40, true)] {
            let src = kn_source_with(n, k, norm.then_some(gain));
            let body = &src[src.find("__global__").unwrap()..];
            assert_eq!(body.matches("__syncthreads()").count(), 1, "{n}x{k}");
            assert!(!body.contains("k += 256"), "{n}x{k}: a separate pass over A for the norm");
        }
    }
}
