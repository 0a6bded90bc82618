//! sm_80+ tensor-core kernel: multi-stage cp.async pipeline, ldmatrix, mma.sync.
//!
//! f16/bf16 use m16n8k16; f32 with the tf32 opt-in uses m16n8k8 (TF32 reads the top 19 bits
//! of each f32, so the operands need no conversion). `precision = tf32x3` splits every f32
//! fragment into a TF32 head and a TF32-rounded remainder and sums three products per step
//! (`lo·hi + hi·lo + hi·hi`, each stage into its own partial: `docs/semantics.md`;
//! `SPLIT_A` sits where the A fragments are complete). Each warp owns a `BM/WM × BN/WN` block
//! of C in registers; fragments come from the swizzled panels with `ldmatrix` (`.trans` when
//! the operand is M/N-major), or scalar shared loads for M/N-major tf32, which `ldmatrix`
//! cannot transpose (32-bit elements).

use super::smem::tile_smem_bytes;
use super::spec::{Elem, GemmSpec, Precision, Requirement};
use super::variant::TileConfig;
use super::{align_needs, epi_call, helpers, kernel_head, loader, to_u32, Emitted, KernelIo};
use std::fmt::Write as _;

const BODY: &str = r#"
  constexpr int TM_ = BM / WM, TN_ = BN / WN, MI = TM_ / 16, NJ = TN_ / 8;
  constexpr int EPC = 16 / ES, KSTEP = (ES == 2) ? 16 : 8;
  constexpr int A_STAGE = BM * BK * ES, B_STAGE = BN * BK * ES;
  constexpr int KT = (K + BK - 1) / BK;
  constexpr int TILES_M = (M + BM - 1) / BM, TILES_N = (N + BN - 1) / BN;
  int tm, tn;
  tile_coords(TILES_M, TILES_N, tm, tn);
  const int m0 = tm * BM, n0 = tn * BN;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wm = warp / WN, wn = warp % WN;
  const int g = lane >> 2, t4 = lane & 3;
  const u32 sbase = (smem_u32(fg_smem_raw) + 1023u) & ~1023u;
LOAD_STAGE
  float acc[MI][NJ][4];
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NJ; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.f;

#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < KT) load_stage(s, s);
    cp_commit();
  }
#pragma unroll 1
  for (int kt = 0; kt < KT; ++kt) {
    cp_wait<STAGES - 2>();
    __syncthreads();
    {
      const int nt = kt + STAGES - 1;
      if (nt < KT) load_stage(nt % STAGES, nt);
      cp_commit();
    }
    const u32 sa = sbase + (u32)(kt % STAGES) * (A_STAGE + B_STAGE);
    const u32 sb = sa + A_STAGE;
STAGE_BEGIN
#pragma unroll
    for (int kk = 0; kk < BK / KSTEP; ++kk) {
      u32 af[MI][4];
#pragma unroll
      for (int mi = 0; mi < MI; ++mi) {
        const int mr = wm * TM_ + mi * 16;
        if constexpr (A_KMAJOR) {
          ldsm4(sa + panel_off<BM>(mr + (lane & 15), kk * KSTEP + (lane >> 4) * EPC),
                af[mi][0], af[mi][1], af[mi][2], af[mi][3]);
        } else if constexpr (ES == 2) {
          const int mat = lane >> 3;
          ldsm4t(sa + panel_off<BK>(kk * KSTEP + (lane & 7) + (mat >> 1) * 8, mr + (mat & 1) * 8),
                 af[mi][0], af[mi][1], af[mi][2], af[mi][3]);
        } else {
          af[mi][0] = lds32(sa + panel_off<BK>(kk * 8 + t4, mr + g));
          af[mi][1] = lds32(sa + panel_off<BK>(kk * 8 + t4, mr + g + 8));
          af[mi][2] = lds32(sa + panel_off<BK>(kk * 8 + t4 + 4, mr + g));
          af[mi][3] = lds32(sa + panel_off<BK>(kk * 8 + t4 + 4, mr + g + 8));
        }
      }
SPLIT_A      // B fragments one 16-column pair at a time: fewer live registers than loading all.
#pragma unroll
      for (int nj = 0; nj < NJ / 2; ++nj) {
        const int nc = wn * TN_ + nj * 16;
        u32 bf[2][2];
        if constexpr (B_KMAJOR) {
          const int mat = lane >> 3;
          ldsm4(sb + panel_off<BN>(nc + (lane & 7) + (mat >> 1) * 8, kk * KSTEP + (mat & 1) * EPC),
                bf[0][0], bf[0][1], bf[1][0], bf[1][1]);
        } else if constexpr (ES == 2) {
          const int mat = lane >> 3;
          ldsm4t(sb + panel_off<BK>(kk * KSTEP + (lane & 7) + (mat & 1) * 8, nc + (mat >> 1) * 8),
                 bf[0][0], bf[0][1], bf[1][0], bf[1][1]);
        } else {
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            bf[h][0] = lds32(sb + panel_off<BK>(kk * 8 + t4, nc + h * 8 + g));
            bf[h][1] = lds32(sb + panel_off<BK>(kk * 8 + t4 + 4, nc + h * 8 + g));
          }
        }
MMA_PAIRS
      }
    }
STAGE_END
  }
  cp_wait<0>();

#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int nj = 0; nj < NJ; ++nj)
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        const int row = m0 + wm * TM_ + mi * 16 + g + (r >> 1) * 8;
        const int col = n0 + wn * TN_ + nj * 8 + t4 * 2 + (r & 1);
        if (row < M && col < N) EPILOGUE;
      }
}
"#;

/// One product per fragment pair.
const MMA_PAIRS: &str = r#"
#pragma unroll
        for (int mi = 0; mi < MI; ++mi) {
          MMA(acc[mi][2 * nj], af[mi], bf[0]);
          MMA(acc[mi][2 * nj + 1], af[mi], bf[1]);
        }
"#;

/// `tf32x3`: each stage's products go to a fresh `part`, added to `acc` in f32 afterwards: the
/// tensor cores' accumulation truncates, and three products a step against the running sum
/// measured 3e-5 relative error at K = 4096 (f32: 2e-6).
const STAGE_BEGIN: &str = r#"
    float part[MI][NJ][4] = {};
"#;
const STAGE_END: &str = r#"
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
      for (int j = 0; j < NJ; ++j)
#pragma unroll
        for (int r = 0; r < 4; ++r) acc[i][j][r] += part[i][j][r];
"#;

/// `tf32x3`: A fragments split once per K step, B per column pair; small terms first.
const SPLIT_A: &str = r#"
      u32 ah[MI][4], al[MI][4];
#pragma unroll
      for (int mi = 0; mi < MI; ++mi)
#pragma unroll
        for (int r = 0; r < 4; ++r) tf32_split(af[mi][r], ah[mi][r], al[mi][r]);
"#;
const MMA_SPLIT: &str = r#"
        u32 bh[2][2], bl[2][2];
#pragma unroll
        for (int h = 0; h < 2; ++h)
#pragma unroll
          for (int r = 0; r < 2; ++r) tf32_split(bf[h][r], bh[h][r], bl[h][r]);
#pragma unroll
        for (int mi = 0; mi < MI; ++mi)
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            MMA(part[mi][2 * nj + h], al[mi], bh[h]);
            MMA(part[mi][2 * nj + h], ah[mi], bl[h]);
            MMA(part[mi][2 * nj + h], ah[mi], bh[h]);
          }
"#;

pub fn emit(spec: &GemmSpec, t: &TileConfig, io: &KernelIo) -> Result<Emitted, String> {
    let elem = spec.elem();
    let es = elem.bytes();
    if elem == Elem::F32 && spec.precision == Precision::F32 {
        return Err("f32 without tf32 opt-in runs on the SIMT kernel".into());
    }
    if t.bk * es != 128 {
        return Err(format!("bk must be 128 bytes of the element ({} here)", 128 / es));
    }
    let nt = t.warps_m * t.warps_n * 32;
    let (tm, tn) = (t.bm / t.warps_m.max(1), t.bn / t.warps_n.max(1));
    if nt == 0 || tm % 16 != 0 || tn % 16 != 0 || t.stages < 2 {
        return Err("warp tile must be a multiple of 16×16 with ≥ 2 stages".into());
    }
    let pw = 128 / es;
    if !t.bm.is_multiple_of(pw) || !t.bn.is_multiple_of(pw) {
        return Err("bm and bn must be multiples of a 128-byte panel".into());
    }
    let mut src = helpers(io, elem, spec);
    let _ = writeln!(
        src,
        "constexpr int BM = {}, BN = {}, BK = {}, STAGES = {}, WM = {}, WN = {}, NT = {};",
        t.bm, t.bn, t.bk, t.stages, t.warps_m, t.warps_n, nt
    );
    src.push_str(loader::LOADER);
    src.push_str("}\n");
    src.push_str(&kernel_head(spec, io, nt, 1, true, None));
    let mma = if elem == Elem::F32 { "mma1688tf32" } else { "mma16816" };
    let split = spec.precision == Precision::Tf32x3;
    let body = BODY
        .replace("SPLIT_A", if split { SPLIT_A } else { "" })
        .replace("STAGE_BEGIN", if split { STAGE_BEGIN } else { "" })
        .replace("STAGE_END", if split { STAGE_END } else { "" })
        .replace("MMA_PAIRS", if split { MMA_SPLIT } else { MMA_PAIRS })
        .replace("LOAD_STAGE", &loader::load_stage_lambda(t.async_copy))
        .replace("MMA(", &format!("{mma}("))
        .replace("EPILOGUE", &epi_call(io, "acc[mi][nj][r]", "row", "col"));
    src.push_str(&body);
    let tiles = spec.m.div_ceil(t.bm) * spec.n.div_ceil(t.bn);
    let smem = tile_smem_bytes(t, es);
    let mut needs = vec![Requirement::MinArch { major: 8, minor: 0 }];
    needs.extend(align_needs(t.async_copy));
    Ok(Emitted {
        source: src,
        grid: (to_u32(tiles, "tile count")?, 1, to_u32(spec.batch_count(), "batch")?),
        block: (to_u32(nt, "threads")?, 1, 1),
        dynamic_smem_bytes: to_u32(smem, "shared memory")?,
        needs,
        nvrtc_arch: String::new(),
        tensor_maps: Vec::new(),
    })
}
