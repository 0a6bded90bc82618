//! Register-blocked FMA kernel (true f32; also the any-arch fallback for 16-bit inputs).
//!
//! 256 threads. Each thread owns `TM × TN` outputs laid out as 4×4 blocks `4·TY` / `4·TX` apart
//! (`TY = BM/TM`, `TX = BN/TN` threads), so its shared reads are 16-byte vectors that a warp
//! broadcasts (A) or spreads over all banks (B). Both tiles are stored K-outer (`As[k][m]`,
//! `Bs[k][n]`); the next tile is fetched into registers while the current one is multiplied
//! (double-buffered shared).
//!
//! Small products leave most multiprocessors idle with 64×64 to 128×128 tiles, so a small tile
//! may split K inside the block: `KS = 256 / (TX·TY)` thread groups each multiply their own
//! `BK`-deep slice of every `KS·BK`-deep stage, and the partial tiles meet in shared memory
//! (a fixed-order tree, so results do not depend on timing) before group 0 runs the epilogue.

use super::spec::{Elem, GemmSpec, Requirement, Which};
use super::variant::SimtConfig;
use super::{epi_call, helpers, kernel_head, to_u32, Emitted, KernelIo};
use std::fmt::Write as _;

const BODY: &str = r#"
  constexpr int TY = BM / TM, TX = BN / TN, G = TX * TY, KS = NT / G, KB = KS * BK;
  constexpr int VA = BM * KB / NT, VB = BN * KB / NT;
  constexpr int TCA = A_KMAJOR ? KB : BM, TCB = B_KMAJOR ? KB : BN;
  constexpr int KT = (K + KB - 1) / KB;
  constexpr int TILES = 2 * KB * (BM + BN), PARTIALS = (KS / 2) * BM * BN;
  // One buffer: the double-buffered stages, later the partial tiles of the K groups.
  __shared__ alignas(16) float smem[TILES > PARTIALS ? TILES : PARTIALS];
  float (*As)[KB][BM] = reinterpret_cast<float (*)[KB][BM]>(smem);
  float (*Bs)[KB][BN] = reinterpret_cast<float (*)[KB][BN]>(smem + 2 * KB * BM);
  const int tid = threadIdx.x, grp = tid / G, lt = tid % G, tx = lt % TX, ty = lt / TX;
  const int kg = grp * BK;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  // This thread's slice of each tile: strided index s, first contiguous index c.
  const int sa_ = (tid * VA) / TCA, ca_ = (tid * VA) % TCA;
  const int sb_ = (tid * VB) / TCB, cb_ = (tid * VB) % TCB;
  float ra[VA], rb[VB];

  auto fetch = [&](const char* g, long long ld, int gs, int gc, int ext_s, int ext_c, float* r, int cnt) {
#pragma unroll
    for (int q = 0; q < cnt; q += 4) {
      if (VEC && cnt % 4 == 0 && gs < ext_s && gc + q + 3 < ext_c) {
        const v4u v = ld16c(g + ((long long)gs * ld + gc + q) * ES);
        r[q] = __uint_as_float(v.x); r[q + 1] = __uint_as_float(v.y);
        r[q + 2] = __uint_as_float(v.z); r[q + 3] = __uint_as_float(v.w);
      } else {
#pragma unroll
        for (int v = q; v < q + 4 && v < cnt; ++v)
          r[v] = (gs < ext_s && gc + v < ext_c) ? ldf(g, (long long)gs * ld + gc + v) : 0.f;
      }
    }
  };
  auto load_global = [&](int kt) {
    const int k0 = kt * KB;
    if constexpr (A_KMAJOR) fetch(gA, LDA, m0 + sa_, k0 + ca_, M, K, ra, VA);
    else fetch(gA, LDA, k0 + sa_, m0 + ca_, K, M, ra, VA);
    if constexpr (B_KMAJOR) fetch(gB, LDB, n0 + sb_, k0 + cb_, N, K, rb, VB);
    else fetch(gB, LDB, k0 + sb_, n0 + cb_, K, N, rb, VB);
  };
  auto store_shared = [&](int st) {
#pragma unroll
    for (int v = 0; v < VA; ++v) {
      if constexpr (A_KMAJOR) As[st][ca_ + v][sa_] = ra[v]; else As[st][sa_][ca_ + v] = ra[v];
    }
#pragma unroll
    for (int v = 0; v < VB; ++v) {
      if constexpr (B_KMAJOR) Bs[st][cb_ + v][sb_] = rb[v]; else Bs[st][sb_][cb_ + v] = rb[v];
    }
  };

  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;

  load_global(0);
  store_shared(0);
  __syncthreads();
#pragma unroll 1
  for (int kt = 0; kt < KT; ++kt) {
    const int st = kt & 1;
    if (kt + 1 < KT) load_global(kt + 1);
#pragma unroll 8
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int h = 0; h < TM / 4; ++h) {
        const f4 v = *reinterpret_cast<const f4*>(&As[st][kg + k][h * 4 * TY + ty * 4]);
        a[h * 4] = v.x; a[h * 4 + 1] = v.y; a[h * 4 + 2] = v.z; a[h * 4 + 3] = v.w;
      }
#pragma unroll
      for (int h = 0; h < TN / 4; ++h) {
        const f4 v = *reinterpret_cast<const f4*>(&Bs[st][kg + k][h * 4 * TX + tx * 4]);
        b[h * 4] = v.x; b[h * 4 + 1] = v.y; b[h * 4 + 2] = v.z; b[h * 4 + 3] = v.w;
      }
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
    if (kt + 1 < KT) store_shared(st ^ 1);
    __syncthreads();
  }

  // K groups [s, 2s) hand their tiles to groups [0, s), halving until group 0 holds the sum,
  // 16 bytes a thread at a time (neighbouring threads on neighbouring vectors). Not unrolled:
  // each round is TM·TN/4 stores and loads already, and NVRTC time grows with it (a scalar
  // round made a 64×64 tile's compile measurably longer).
#pragma unroll 1
  for (int s = KS / 2; s >= 1; s /= 2) {
    if (grp >= s && grp < 2 * s) {
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int h = 0; h < TN / 4; ++h)
          *reinterpret_cast<f4*>(&smem[((((grp - s) * TM + i) * (TN / 4) + h) * G + lt) * 4]) =
              f4{acc[i][h * 4], acc[i][h * 4 + 1], acc[i][h * 4 + 2], acc[i][h * 4 + 3]};
    }
    __syncthreads();
    if (grp < s) {
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int h = 0; h < TN / 4; ++h) {
          const f4 v = *reinterpret_cast<const f4*>(&smem[(((grp * TM + i) * (TN / 4) + h) * G + lt) * 4]);
          acc[i][h * 4] += v.x; acc[i][h * 4 + 1] += v.y; acc[i][h * 4 + 2] += v.z; acc[i][h * 4 + 3] += v.w;
        }
    }
    __syncthreads();
  }
  if constexpr (KS == 1) {
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
      for (int j = 0; j < TN; ++j) {
        const int row = m0 + (i >> 2) * 4 * TY + ty * 4 + (i & 3);
        const int col = n0 + (j >> 2) * 4 * TX + tx * 4 + (j & 3);
        if (row < M && col < N) EPILOGUE;
      }
  } else {
    // Group 0 stages the tile; all threads run the epilogue over it in one rolled loop (one
    // copy of the epilogue in the code, coalesced stores).
    if (grp == 0) {
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int h = 0; h < TN / 4; ++h) {
          const int r = (i >> 2) * 4 * TY + ty * 4 + (i & 3), c = h * 4 * TX + tx * 4;
          *reinterpret_cast<f4*>(&smem[r * BN + c]) =
              f4{acc[i][h * 4], acc[i][h * 4 + 1], acc[i][h * 4 + 2], acc[i][h * 4 + 3]};
        }
    }
    __syncthreads();
#pragma unroll 1
    for (int o = tid; o < BM * BN; o += NT) {
      const int row = m0 + o / BN, col = n0 + o % BN;
      if (row < M && col < N) STAGED_EPILOGUE;
    }
  }
}
"#;

pub fn emit(spec: &GemmSpec, c: &SimtConfig, io: &KernelIo) -> Result<Emitted, String> {
    let nt = 256;
    c.validate()?;
    let vector = c.vector && spec.elem() == Elem::F32;
    if vector && !(spec.vec16_ok(Which::A) && spec.vec16_ok(Which::B)) {
        return Err("vector loads need 16-byte aligned rows".into());
    }
    let mut src = helpers(io, spec.elem(), spec);
    let _ = writeln!(
        src,
        "constexpr int BM = {}, BN = {}, BK = {}, TM = {}, TN = {}, NT = {nt};\nconstexpr bool VEC = {vector};",
        c.bm, c.bn, c.bk, c.tm, c.tn
    );
    src.push_str("struct alignas(16) f4 { float x, y, z, w; };\n}\n");
    src.push_str(&kernel_head(spec, io, nt, 2, false, None));
    let body = BODY.replace("STAGED_EPILOGUE", &epi_call(io, "smem[o]", "row", "col"));
    src.push_str(&body.replace("EPILOGUE", &epi_call(io, "acc[i][j]", "row", "col")));
    let mut needs = Vec::new();
    if vector {
        needs.push(Requirement::PointerAlign { operand: Which::A, bytes: 16 });
        needs.push(Requirement::PointerAlign { operand: Which::B, bytes: 16 });
    }
    Ok(Emitted {
        source: src,
        grid: (
            to_u32(spec.n.div_ceil(c.bn), "grid.x")?,
            to_u32(spec.m.div_ceil(c.bm), "grid.y")?,
            to_u32(spec.batch_count(), "batch")?,
        ),
        block: (nt as u32, 1, 1),
        dynamic_smem_bytes: 0,
        needs,
        nvrtc_arch: String::new(),
        tensor_maps: Vec::new(),
    })
}
