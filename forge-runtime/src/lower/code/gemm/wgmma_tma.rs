//! sm_90a warp-specialised kernel: one producer warpgroup drives TMA (`cp.async.bulk.tensor`
//! into 128-byte-swizzled stages, completion counted on mbarriers), consumer warpgroups run
//! `wgmma` as soon as a stage is full and release it through an "empty" mbarrier, so no
//! block-wide barrier sits in the main loop. TMA zero-fills out-of-bounds boxes, so edges need
//! no code. The caller encodes the two tensor maps (see `spec::TensorMapDesc`) and passes them as the
//! kernel's trailing parameters.

use super::choose::{tile_smem_bytes, TileConfig};
use super::spec::TensorMapDesc;
use super::spec::{Elem, GemmSpec, Layout, Requirement, Which};
use super::{epi_call, helpers, to_u32, wgmma, Emitted, KernelIo};
use std::fmt::Write as _;

const TMA_HELPERS: &str = r#"
__device__ __forceinline__ void mbar_init(u32 a, u32 count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(a), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(u32 a, u32 bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(a), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(u32 a) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(a) : "memory");
}
__device__ __forceinline__ bool mbar_try(u32 a, u32 parity) {
  u32 ok;
  asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}\n"
               : "=r"(ok) : "r"(a), "r"(parity) : "memory");
  return ok != 0u;
}
__device__ __forceinline__ void mbar_wait(u32 a, u32 parity) { while (!mbar_try(a, parity)) {} }
__device__ __forceinline__ void tma_load(u32 dst, const void* map, u32 bar, int c0, int c1, int c2) {
  if (TMA_RANK == 3) {
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];"
                 :: "r"(dst), "l"(map), "r"(bar), "r"(c0), "r"(c1), "r"(c2) : "memory");
  } else {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
                 :: "r"(dst), "l"(map), "r"(bar), "r"(c0), "r"(c1) : "memory");
  }
}
"#;

const BODY: &str = r#"
  constexpr int NACC = BN / 2;
  constexpr int A_STAGE = BM * BK * ES, B_STAGE = BN * BK * ES;
  constexpr int KT = (K + BK - 1) / BK;
  constexpr int TILES_M = (M + BM - 1) / BM, TILES_N = (N + BN - 1) / BN;
  constexpr u32 A_LBO = A_KMAJOR ? 16u : (u32)(BK * 128);
  constexpr u32 B_LBO = B_KMAJOR ? 16u : (u32)(BK * 128);
  constexpr u32 A_KSTEP = A_KMAJOR ? 32u : 2048u;
  constexpr u32 B_KSTEP = B_KMAJOR ? 32u : 2048u;
  int tm, tn;
  tile_coords(TILES_M, TILES_N, tm, tn);
  const int m0 = tm * BM, n0 = tn * BN;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wg = tid >> 7;
  const u32 sbase = (smem_u32(fg_smem_raw) + 1023u) & ~1023u;
  const u32 bars = sbase + (u32)STAGES * (A_STAGE + B_STAGE);
  // full[s] at bars + 8s (TMA bytes landed), empty[s] at bars + 8(STAGES + s) (consumers done).
  if (tid == 0) {
#pragma unroll
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(bars + 8 * s, 1);
      mbar_init(bars + 8 * (STAGES + s), NC * 128);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (wg == 0) {
    if (tid == 0) {
      const void* ma = &fg_tma_a;
      const void* mb = &fg_tma_b;
      const int z = (int)bidx;
#pragma unroll 1
      for (int kt = 0; kt < KT; ++kt) {
        const int s = kt % STAGES;
        if (kt >= STAGES) mbar_wait(bars + 8 * (STAGES + s), (u32)((kt / STAGES + 1) & 1));
        const u32 full = bars + 8 * s;
        mbar_expect_tx(full, (u32)(A_STAGE + B_STAGE));
        const u32 sa = sbase + (u32)s * (A_STAGE + B_STAGE);
        const u32 sb = sa + A_STAGE;
        const int k0 = kt * BK;
        if constexpr (A_KMAJOR) {
          tma_load(sa, ma, full, k0, m0, z);
        } else {
#pragma unroll
          for (int p = 0; p < BM / 64; ++p) tma_load(sa + p * BK * 128, ma, full, m0 + p * 64, k0, z);
        }
        if constexpr (B_KMAJOR) {
          tma_load(sb, mb, full, k0, n0, z);
        } else {
#pragma unroll
          for (int p = 0; p < BN / 64; ++p) tma_load(sb + p * BK * 128, mb, full, n0 + p * 64, k0, z);
        }
      }
    }
  } else {
    const int cw = wg - 1;
    const u32 a_wg = A_KMAJOR ? (u32)(cw * 64 * 128) : (u32)(cw * BK * 128);
    float acc[NACC];
#pragma unroll
    for (int i = 0; i < NACC; ++i) acc[i] = 0.f;
#pragma unroll 1
    for (int kt = 0; kt < KT; ++kt) {
      const int s = kt % STAGES;
      mbar_wait(bars + 8 * s, (u32)((kt / STAGES) & 1));
      const u32 sa = sbase + (u32)s * (A_STAGE + B_STAGE);
      const u32 sb = sa + A_STAGE;
      wgmma_fence();
#pragma unroll
      for (int ks = 0; ks < BK / 16; ++ks) {
        wgmma_tile(acc, make_desc(sa + a_wg + ks * A_KSTEP, A_LBO), make_desc(sb + ks * B_KSTEP, B_LBO));
      }
      wgmma_commit();
      wgmma_wait<1>();
      // The group of tile kt-1 is complete: its stage may be refilled.
      if (kt > 0) mbar_arrive(bars + 8 * (STAGES + (kt - 1) % STAGES));
    }
    wgmma_wait<0>();
    const int rbase = m0 + cw * 64 + (warp & 3) * 16 + (lane >> 2);
    const int cbase = n0 + (lane & 3) * 2;
#pragma unroll
    for (int i = 0; i < NACC; ++i) {
      const int row = rbase + ((i >> 1) & 1) * 8;
      const int col = cbase + (i >> 2) * 8 + (i & 1);
      if (row < M && col < N) EPILOGUE;
    }
  }
}
"#;

/// Tensor maps the kernel expects (A then B).
fn maps(spec: &GemmSpec, t: &TileConfig) -> [TensorMapDesc; 2] {
    let es = spec.elem().bytes() as u64;
    let (bc, sa, sb) = match spec.batch.first() {
        Some(d) => (d.extent as u64, d.a_stride as u64 * es, d.b_stride as u64 * es),
        None => (1, 0, 0),
    };
    let rank = if spec.batch.is_empty() { 2 } else { 3 };
    let (m, n, k) = (spec.m as u64, spec.n as u64, spec.k as u64);
    let a = match spec.a.layout {
        Layout::RowMajor => ([k, m, bc], [64, t.bm as u32, 1]),
        Layout::ColMajor => ([m, k, bc], [64, t.bk as u32, 1]),
    };
    let b = match spec.b.layout {
        Layout::ColMajor => ([k, n, bc], [64, t.bn as u32, 1]),
        Layout::RowMajor => ([n, k, bc], [64, t.bk as u32, 1]),
    };
    [
        TensorMapDesc {
            operand: Which::A,
            elem: spec.elem(),
            rank,
            dims: a.0,
            strides_bytes: [spec.a.ld as u64 * es, sa.max(1)],
            box_dims: a.1,
        },
        TensorMapDesc {
            operand: Which::B,
            elem: spec.elem(),
            rank,
            dims: b.0,
            strides_bytes: [spec.b.ld as u64 * es, sb.max(1)],
            box_dims: b.1,
        },
    ]
}

pub fn emit(spec: &GemmSpec, t: &TileConfig, io: &KernelIo) -> Result<Emitted, String> {
    let elem = spec.elem();
    let ty = match elem {
        Elem::F16 => "f16",
        Elem::BF16 => "bf16",
        Elem::F32 => return Err("wgmma here is f16/bf16 only".into()),
    };
    if t.bk != 64
        || !t.bm.is_multiple_of(64)
        || t.bm == 0
        || t.bm > 256
        || !t.bn.is_multiple_of(64)
        || t.bn > 256
        || t.stages < 2
    {
        return Err("TMA tiles: bk 64, bm and bn multiples of 64 up to 256".into());
    }
    if spec.batch.len() > 1 {
        return Err("TMA variant takes at most one batch dimension".into());
    }
    let nc = t.bm / 64;
    let nt = (nc + 1) * 128;
    let trans_a = u8::from(spec.a.layout == Layout::ColMajor);
    let trans_b = u8::from(spec.b.layout == Layout::RowMajor);
    let mut src = String::from(
        "#ifndef FG_TMAP_DEFINED\n#define FG_TMAP_DEFINED\nstruct alignas(64) fg_tmap { unsigned long long v[16]; };\n#endif\n",
    );
    src.push_str(&helpers(io, elem, spec));
    let _ = writeln!(
        src,
        "constexpr int BM = {}, BN = {}, BK = {}, STAGES = {}, NC = {nc}, NT = {nt}, TMA_RANK = {};",
        t.bm,
        t.bn,
        t.bk,
        t.stages,
        if spec.batch.is_empty() { 2 } else { 3 }
    );
    src.push_str(super::loader::LOADER);
    src.push_str(wgmma::HELPERS);
    src.push_str(TMA_HELPERS);
    src.push_str(&wgmma::wgmma_fn(t.bn, ty, trans_a, trans_b));
    src.push_str("}\n");
    let params = if io.params.trim().is_empty() {
        "const __grid_constant__ fg_tmap fg_tma_a, const __grid_constant__ fg_tmap fg_tma_b".to_string()
    } else {
        format!("{}, const __grid_constant__ fg_tmap fg_tma_a, const __grid_constant__ fg_tmap fg_tma_b", io.params)
    };
    let _ = writeln!(src, "extern \"C\" __global__ void __launch_bounds__({nt}, 1) {}({params}) {{", io.kernel_name);
    let _ = writeln!(src, "  using namespace {};", super::ns(io));
    src.push_str("  extern __shared__ __align__(1024) unsigned char fg_smem_raw[];\n");
    src.push_str("  const unsigned bidx = blockIdx.z;\n");
    src.push_str(&BODY.replace("EPILOGUE", &epi_call(io, "acc[i]", "row", "col")));
    let tiles = spec.m.div_ceil(t.bm) * spec.n.div_ceil(t.bn);
    let smem = tile_smem_bytes(t, elem.bytes()) + 2 * t.stages * 8;
    let needs = vec![
        Requirement::MinArch { major: 9, minor: 0 },
        Requirement::ArchSm90a,
        Requirement::PointerAlign { operand: Which::A, bytes: 16 },
        Requirement::PointerAlign { operand: Which::B, bytes: 16 },
        Requirement::TensorMaps,
    ];
    Ok(Emitted {
        source: src,
        grid: (to_u32(tiles, "tile count")?, 1, to_u32(spec.batch_count(), "batch")?),
        block: (to_u32(nt, "threads")?, 1, 1),
        dynamic_smem_bytes: to_u32(smem, "shared memory")?,
        needs,
        nvrtc_arch: "sm_90a".into(),
        tensor_maps: maps(spec, t).to_vec(),
    })
}
