//! sm_90a warp-specialised kernel: one producer warpgroup drives TMA (`cp.async.bulk.tensor`
//! into 128-byte-swizzled stages, completion counted on mbarriers), consumer warpgroups run
//! `wgmma` as soon as a stage is full and release it through an "empty" mbarrier, so no
//! block-wide barrier sits in the main loop. TMA zero-fills out-of-bounds boxes, so edges need
//! no code. The caller encodes the two tensor maps (see `spec::TensorMapDesc`) and passes them as the
//! kernel's trailing parameters. The accumulators leave through shared memory (the spent
//! stages) to one rolled epilogue loop with row-contiguous stores, run by every thread of a
//! one-tile block (the idle producer's too) or by each consumer of a persistent one. With a
//! K split over a cluster, the blocks sum their partial tiles through distributed shared
//! memory first.
//!
//! f32 operands with a TF32 opt-in (both K-major, as TF32 wgmma requires) run `m64nNk8.tf32`:
//! the tensor cores read each f32's top 19 bits. With `precision = tf32x3` every k-step issues
//! `lo·hi + hi·lo + hi·hi` with `lo = tf32(x - top19(x))` (the loops are in `wgmma_x3`).

use super::smem::{blocks_per_sm, dynamic_smem, X3Loop, MAX_SMEM};
use super::spec::TensorMapDesc;
use super::spec::{Elem, GemmSpec, Layout, Precision, Requirement, Which};
use super::variant::TileConfig;
use super::wgmma_x3;
use super::{epi_call, helpers, tma_epilogue, to_u32, wgmma, Emitted, KernelIo};
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
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;" ::: "memory");
}
// The 4 floats at this block's shared address `a` in the shared memory of cluster block `rank`.
// Volatile, so they stay after the cluster barrier; no memory clobber, so the epilogue's
// global loads may issue beside them.
__device__ __forceinline__ float4 ld_cluster_v4(u32 a, u32 rank) {
  u32 remote;
  float4 v;
  asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(a), "r"(rank));
  asm volatile("ld.shared::cluster.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "r"(remote));
  return v;
}
template <int RANK>
__device__ __forceinline__ void tma_load(u32 dst, const void* map, u32 bar, int c0, int c1, int c2) {
  if (RANK == 3) {
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];"
                 :: "r"(dst), "l"(map), "r"(bar), "r"(c0), "r"(c1), "r"(c2) : "memory");
  } else {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
                 :: "r"(dst), "l"(map), "r"(bar), "r"(c0), "r"(c1) : "memory");
  }
}
"#;

/// A window B's box: channels c, columns w, rows h of batch entry z (NHWC, rank 4); the parts
/// of a box past the input are zero-filled, which is the padding.
const TMA_LOAD4: &str = r#"__device__ __forceinline__ void tma_load4(u32 dst, const void* map, u32 bar, int c, int w, int h, int z) {
  asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5, %6}], [%2];"
               :: "r"(dst), "l"(map), "r"(bar), "r"(c), "r"(w), "r"(h), "r"(z) : "memory");
}
"#;

const BODY: &str = r#"
  constexpr int NACC = BN / 2;
  constexpr int A_STAGE = BM * BK * ES, B_STAGE = BN * BK * ES;
  // k-steps of 32 bytes per 128-byte stage row (k16 of 16-bit, k8 of tf32); the remainders'
  // stages (tf32x3) follow the TMA stages at LO.
  constexpr int KSTEPS = BK * ES / 32;
  constexpr u32 LO = (u32)(STAGES * (A_STAGE + B_STAGE));
  constexpr int KT = (K + BK - 1) / BK;
  // This block's k-tiles: its share of K in a cluster split (blockIdx.y of KSPLIT), else all.
  // Producer and consumers both run KTN k-tiles: the consumers wait for every stage they read.
  const int KT0 = KSPLIT == 1 ? 0 : (int)((blockIdx.y * (u32)KT) / (u32)KSPLIT);
  const int KTN = KSPLIT == 1 ? KT : (int)(((blockIdx.y + 1u) * (u32)KT) / (u32)KSPLIT) - KT0;
  constexpr int TILES_M = (M + BM - 1) / BM, TILES_N = (N + BN - 1) / BN;
  constexpr u32 A_LBO = A_KMAJOR ? 16u : (u32)(BK * 128);
  constexpr u32 B_LBO = B_KMAJOR ? 16u : (u32)(BK * 128);
  constexpr u32 A_KSTEP = A_KMAJOR ? 32u : 2048u;
  constexpr u32 B_KSTEP = B_KMAJOR ? 32u : 2048u;
TILE_TOP
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wg = tid >> 7;
  const u32 sbase = (smem_u32(fg_smem_raw) + 1023u) & ~1023u;
  // The epilogue stages each consumer warpgroup's 64 x BN accumulators, rows padded by 8
  // floats so the fragment stores hit 32 distinct banks: over the spent stages at sbase, or,
  // in a persistent kernel (whose producer is already filling the next tile's stages), in a
  // region of their own after them.
  constexpr int EPI_LD = BN + 8;
  constexpr u32 EPI_BYTES = (u32)(NC * 64 * EPI_LD * 4);
  constexpr u32 STAGE_BYTES = LO + LO_BYTES;
  constexpr u32 EPI_AT = PERSISTENT ? STAGE_BYTES : 0u;
  const u32 bars = sbase + (PERSISTENT ? STAGE_BYTES + EPI_BYTES : (STAGE_BYTES > EPI_BYTES ? STAGE_BYTES : EPI_BYTES));
  // full[s] at bars + 8s (TMA bytes landed), empty[s] at bars + 8(STAGES + s) (consumers done).
  // The barriers and the tensor maps (kernel parameters) are ready before the grid waits for
  // the kernel it depends on (programmatic dependent launch), which overlaps its tail.
  if (tid == 0) {
#pragma unroll
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(bars + 8 * s, 1);
      mbar_init(bars + 8 * (STAGES + s), NC * 128);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("prefetch.tensormap [%0];" :: "l"(&fg_tma_a) : "memory");
    asm volatile("prefetch.tensormap [%0];" :: "l"(&fg_tma_b) : "memory");
  }
  __syncthreads();
GRID_WAIT
  if (wg == 0) {
    if (tid == 0) {
      const void* ma = &fg_tma_a;
      const void* mb = &fg_tma_b;
      const int z = (int)bidx;
TILE_BEGIN
#pragma unroll 1
      for (int kt = 0; kt < KTN; ++kt) {
        // g counts k-tiles over every tile this block has run: it picks the stage and phase.
        const int g = g0 + kt;
        const int s = g % STAGES;
        if (g >= STAGES) mbar_wait(bars + 8 * (STAGES + s), (u32)((g / STAGES + 1) & 1));
        const u32 full = bars + 8 * s;
        mbar_expect_tx(full, (u32)(A_STAGE + B_STAGE));
        const u32 sa = sbase + (u32)s * (A_STAGE + B_STAGE);
        const u32 sb = sa + A_STAGE;
        const int k0 = (KT0 + kt) * BK;
        if constexpr (A_KMAJOR) {
          tma_load<A_RANK>(sa, ma, full, k0, m0, z);
        } else {
#pragma unroll
          for (int p = 0; p < BM / 64; ++p) tma_load<A_RANK>(sa + p * BK * 128, ma, full, m0 + p * 64, k0, z);
        }
LOAD_B
      }
TILE_END
    }
  } else {
    const int cw = wg - 1;
    const u32 a_wg = A_KMAJOR ? (u32)(cw * 64 * 128) : (u32)(cw * BK * 128);
    const u64 desc_a = make_desc(sbase + a_wg, A_LBO), desc_b = make_desc(sbase + (u32)A_STAGE, B_LBO);
TILE_BEGIN
    float acc[NACC];
#pragma unroll
    for (int i = 0; i < NACC; ++i) acc[i] = 0.f;
MAIN_LOOP
    wgmma_wait<0>();
    // The tile goes through shared memory so the epilogue is one rolled loop with
    // row-contiguous stores; unrolled over the NACC fragments, a heavy epilogue (GELU's erf)
    // took NVRTC most of a second per kernel. Over the stages: every consumer must be past its
    // last wgmma (and so every TMA load has landed). In a region of its own: this warpgroup's
    // threads must be done reading its previous tile.
EPI_SYNC
    float* const ctile = reinterpret_cast<float*>(fg_smem_raw + (sbase + EPI_AT - smem_u32(fg_smem_raw))) + cw * 64 * EPI_LD;
    {
      const int r0 = (warp & 3) * 16 + (lane >> 2), c0 = (lane & 3) * 2;
#pragma unroll
      for (int i = 0; i < NACC; i += 2) {
        const int r = r0 + ((i >> 1) & 1) * 8, c = c0 + (i >> 2) * 8;
        const u32 at = sbase + EPI_AT + 4u * (u32)(cw * 64 * EPI_LD + r * EPI_LD + c);
        asm volatile("st.shared.v2.f32 [%0], {%1, %2};" :: "r"(at), "f"(acc[i]), "f"(acc[i + 1]) : "memory");
      }
    }
WG_EPILOGUE
TILE_END
  }
BLOCK_EPILOGUE
SPLIT_REDUCE}
"#;

/// The tile of a block (at the kernel's top), its k-tiles counted from 0 ...
const ONE_TILE: &str =
    "  int tm, tn;\n  tile_coords(TILES_M, TILES_N, tm, tn);\n  const int m0 = tm * BM, n0 = tn * BN;\n  constexpr int g0 = 0;\n";
/// ... or a persistent block's tiles (`blockIdx.x`, then every `gridDim.x`-th: a loop around
/// the producer's and the consumers' work), k-tiles counted on across them so the stages'
/// phases carry over and the producer fills the next tile's stages while the consumers run
/// this one's epilogue.
const TILE_LOOP: (&str, &str) = (
    "  int g0 = 0;\n#pragma unroll 1\n  for (int tile = (int)blockIdx.x; tile < TILES_M * TILES_N; tile += (int)gridDim.x, g0 += KT) {\n    int tm, tn;\n    tile_coords_at(tile, TILES_M, TILES_N, tm, tn);\n    const int m0 = tm * BM, n0 = tn * BN;\n",
    "  }\n",
);
/// Ranks of A's and B's tensor maps: 3 with a batch dim the operand steps along, else 2.
fn ranks(spec: &GemmSpec) -> (u32, u32) {
    if spec.window.is_some() {
        return (2, 4);
    }
    match spec.batch.first() {
        Some(d) => (if d.a_stride == 0 { 2 } else { 3 }, if d.b_stride == 0 { 2 } else { 3 }),
        None => (2, 2),
    }
}

/// Tensor maps the kernel expects (A then B).
fn maps(spec: &GemmSpec, t: &TileConfig) -> [TensorMapDesc; 2] {
    let es = spec.elem().bytes() as u64;
    let (bc, sa, sb) = match spec.batch.first() {
        Some(d) => (d.extent as u64, d.a_stride as u64 * es, d.b_stride as u64 * es),
        None => (1, 0, 0),
    };
    // An operand shared by every batch entry (stride 0) is one matrix: a rank-2 map.
    let (rank_a, rank_b) = ranks(spec);
    let (m, n, k) = (spec.m as u64, spec.n as u64, spec.k as u64);
    // The box's inner extent is one 128-byte swizzle row.
    let row = (128 / es) as u32;
    let a = match spec.a.layout {
        Layout::RowMajor => ([k, m, bc], [row, t.bm as u32, 1]),
        Layout::ColMajor => ([m, k, bc], [row, t.bk as u32, 1]),
    };
    let b = match spec.b.layout {
        Layout::ColMajor => ([k, n, bc], [row, t.bn as u32, 1]),
        Layout::RowMajor => ([n, k, bc], [row, t.bk as u32, 1]),
    };
    let desc = |operand, rank, dims: [u64; 4], strides_bytes, box_dims| TensorMapDesc {
        operand,
        elem: spec.elem(),
        rank,
        dims,
        strides_bytes,
        box_dims,
    };
    let (ld_a, ld_b) = (spec.a.ld as u64 * es, spec.b.ld as u64 * es);
    let a = desc(Which::A, rank_a, [a.0[0], a.0[1], a.0[2], 1], [ld_a, sa.max(1), 1], [a.1[0], a.1[1], a.1[2], 1]);
    let b = match spec.window {
        // `[batch, H, W, C]`: a box is a k-tile's channels over the tile's output rows.
        Some(w) => {
            let (c, width, height) = (w.channels as u64, w.width as u64, w.height as u64);
            let strides = [c * es, width * c * es, height * width * c * es];
            let rows = (t.bn / w.out_width.max(1)) as u32;
            desc(Which::B, 4, [c, width, height, bc], strides, [row, w.out_width as u32, rows, 1])
        }
        None => desc(Which::B, rank_b, [b.0[0], b.0[1], b.0[2], 1], [ld_b, sb.max(1), 1], [b.1[0], b.1[1], b.1[2], 1]),
    };
    [a, b]
}

/// The producer's load of a B stage: a K-major box, N-major 64-column boxes, or a window B's
/// box of its NHWC input.
const LOAD_B: &str = r#"        if constexpr (B_KMAJOR) {
          tma_load<B_RANK>(sb, mb, full, k0, n0, z);
        } else {
#pragma unroll
          for (int p = 0; p < BN / 64; ++p) tma_load<B_RANK>(sb + p * BK * 128, mb, full, n0 + p * 64, k0, z);
        }
"#;
/// K runs over taps, then channels: k-tile k0 is one tap's block of channels, and the tile's
/// columns are whole output rows from `n0 / WIN_OW`.
const LOAD_WINDOW: &str = r#"        {
          const int tap = k0 / WIN_C, u = tap / WIN_KW, v = tap - u * WIN_KW;
          tma_load4(sb, mb, full, k0 - tap * WIN_C, v * WIN_DW - WIN_PW, n0 / WIN_OW + u * WIN_DH - WIN_PH, z);
        }
"#;

/// A window B's geometry as constants, with its load and box helper; nothing for other
/// products.
fn window_parts(spec: &GemmSpec, t: &TileConfig) -> Result<(String, &'static str), String> {
    let Some(w) = spec.window else { return Ok((String::new(), LOAD_B)) };
    let whole_rows = t.bn.is_multiple_of(w.out_width.max(1));
    let es = spec.elem().bytes();
    let channels = crate::ir::limits::window_channels(es);
    if t.bk != channels || !whole_rows || !crate::ir::limits::windows_fit(&w, es) {
        return Err(format!(
            "a window tile covers whole output rows of {} and k-tiles of {channels} channels (asked {}x{})",
            w.out_width, t.bm, t.bn
        ));
    }
    let constants = format!(
        "constexpr int WIN_C = {}, WIN_KW = {}, WIN_OW = {}, WIN_DH = {}, WIN_DW = {}, WIN_PH = {}, WIN_PW = {};\n{TMA_LOAD4}",
        w.channels, w.kernel[1], w.out_width, w.dilation[0], w.dilation[1], w.padding[0], w.padding[1]
    );
    Ok((constants, LOAD_WINDOW))
}

/// One wgmma group over landed stage `s`: every k-step's products (`MMA`). The descriptors are
/// stage 0's plus an offset (addresses stay below 2^18, so the 14-bit field never carries).
pub(super) const ISSUE_STAGE: &str = r#"
      const u32 soff = (u32)s * (u32)(A_STAGE + B_STAGE);
      wgmma_fence();
#pragma unroll
      for (int ks = 0; ks < KSTEPS; ++ks) {
        const u64 da = desc_a + ((soff + ks * A_KSTEP) >> 4), db = desc_b + ((soff + ks * B_KSTEP) >> 4);
MMA
      }
      wgmma_commit();
"#;
const MMA_ONE: &str = "        wgmma_tile(acc, da, db);";
/// One product a k-step, accumulated in place: stage kt's group completes while kt+1's runs.
/// Over this block's `KTN` k-tiles (all `KT` unless K is split over a cluster).
const LOOP_ONE: &str = r#"
#pragma unroll 1
    for (int kt = 0; kt < KTN; ++kt) {
      const int s = (g0 + kt) % STAGES;
      mbar_wait(bars + 8 * s, (u32)(((g0 + kt) / STAGES) & 1));
ISSUE_STAGE
      wgmma_wait<1>();
      // The group of tile kt-1 is complete: its stage may be refilled.
      if (kt > 0) mbar_arrive(bars + 8 * (STAGES + (g0 + kt - 1) % STAGES));
    }
"#;

/// The consumers' main loop: one product a k-step, or tf32x3's (see `wgmma_x3`).
fn main_loop(x3: Option<X3Loop>) -> String {
    match x3 {
        Some(l) => wgmma_x3::main_loop(l, ISSUE_STAGE),
        None => LOOP_ONE.replace("ISSUE_STAGE", &ISSUE_STAGE.replace("MMA", MMA_ONE)),
    }
}

pub fn emit(spec: &GemmSpec, t: &TileConfig, io: &KernelIo) -> Result<Emitted, String> {
    let elem = spec.elem();
    let ty = match (elem, spec.precision) {
        (Elem::F16, _) => "f16",
        (Elem::BF16, _) => "bf16",
        (Elem::F32, Precision::F32) => return Err("f32 without a TF32 opt-in runs on the SIMT kernel".into()),
        (Elem::F32, _) => "tf32",
    };
    let x3 = (elem == Elem::F32 && spec.precision == Precision::Tf32x3).then(|| X3Loop::of(t));
    if elem == Elem::F32 && (spec.a.layout != Layout::RowMajor || spec.b.layout != Layout::ColMajor) {
        return Err("TF32 wgmma reads both operands K-major (A [M, K], B [N, K])".into());
    }
    // A K-major B tile is `bn` rows of one 128-byte swizzle row each (8-row swizzle atoms);
    // an N-major one is loaded in 128-byte (64-element) column blocks.
    let bn_step = if spec.b.layout == Layout::ColMajor { 8 } else { 64 };
    if t.bk * elem.bytes() != 128
        || !t.bm.is_multiple_of(64)
        || t.bm == 0
        || t.bm > 256
        || !t.bn.is_multiple_of(bn_step)
        || t.bn == 0
        || t.bn > 256
        || t.stages < 2
    {
        return Err(format!(
            "TMA tiles: 128-byte K stages, bm a multiple of 64 and bn of {bn_step} up to 256 (asked {}x{})",
            t.bm, t.bn
        ));
    }
    if spec.batch.len() > 1 {
        return Err("TMA variant takes at most one batch dimension".into());
    }
    if t.persistent > 0 && (x3 != Some(X3Loop::RegisterA) || t.bm != 128) {
        return Err("persistent TMA tiles run only tf32x3's register-A loop (128-row tiles)".into());
    }
    let k_split = t.k_split.max(1);
    if k_split > 1 && (elem == Elem::F32 || t.persistent > 0 || k_split > 8 || !t.bn.is_multiple_of(16)) {
        return Err(format!(
            "a K split over a cluster (asked {k_split}) takes 16-bit, non-persistent tiles {} columns wide (a multiple of 16), at most 8",
            t.bn
        ));
    }
    let nc = t.bm / 64;
    let nt = (nc + 1) * 128;
    let lo_bytes = x3.map_or(0, |l| l.lo_bytes(t));
    let trans_a = u8::from(spec.a.layout == Layout::ColMajor);
    let trans_b = u8::from(spec.b.layout == Layout::RowMajor);
    let mut src = String::from(
        "#ifndef FG_TMAP_DEFINED\n#define FG_TMAP_DEFINED\nstruct alignas(64) fg_tmap { unsigned long long v[16]; };\n#endif\n",
    );
    src.push_str(&helpers(io, elem, spec));
    let _ = writeln!(
        src,
        "constexpr int BM = {}, BN = {}, BK = {}, STAGES = {}, NC = {nc}, NT = {nt}, A_RANK = {}, B_RANK = {};\nconstexpr unsigned LO_BYTES = {lo_bytes};\nconstexpr bool PERSISTENT = {};\nconstexpr int KSPLIT = {k_split};",
        t.bm,
        t.bn,
        t.bk,
        t.stages,
        ranks(spec).0,
        ranks(spec).1,
        t.persistent > 0
    );
    let (window, load_b) = window_parts(spec, t)?;
    src.push_str(super::loader::LOADER);
    src.push_str(wgmma::HELPERS);
    src.push_str(TMA_HELPERS);
    src.push_str(&window);
    src.push_str(&wgmma::wgmma_fn(t.bn, ty, trans_a, trans_b));
    if x3 == Some(X3Loop::RegisterA) {
        src.push_str(&wgmma_x3::register_a_helpers(t.bn));
    }
    src.push_str("}\n");
    let params = if io.params.trim().is_empty() {
        "const __grid_constant__ fg_tmap fg_tma_a, const __grid_constant__ fg_tmap fg_tma_b".to_string()
    } else {
        format!("{}, const __grid_constant__ fg_tmap fg_tma_a, const __grid_constant__ fg_tmap fg_tma_b", io.params)
    };
    let smem = dynamic_smem(t, elem.bytes(), lo_bytes);
    if smem > MAX_SMEM {
        return Err(format!("the tile needs {smem} bytes of shared memory, over the {MAX_SMEM} a block may have"));
    }
    let per_sm = blocks_per_sm(smem);
    let cluster = if k_split > 1 { format!("__cluster_dims__(1, {k_split}, 1) ") } else { String::new() };
    let _ = writeln!(
        src,
        "extern \"C\" __global__ void {cluster}__launch_bounds__({nt}, {per_sm}) {}({params}) {{",
        io.kernel_name
    );
    let _ = writeln!(src, "  using namespace {};", super::ns(io));
    src.push_str("  extern __shared__ __align__(1024) unsigned char fg_smem_raw[];\n");
    src.push_str("  const unsigned bidx = blockIdx.z;\n");
    let (top, (begin, end)) = if t.persistent > 0 { ("", TILE_LOOP) } else { (ONE_TILE, ("", "")) };
    let epi = tma_epilogue::parts(t.persistent > 0, k_split);
    let body = BODY
        .replace("TILE_TOP\n", top)
        .replace("TILE_BEGIN\n", begin)
        .replace("TILE_END\n", end)
        .replace("WG_EPILOGUE\n", epi.consumers)
        .replace("BLOCK_EPILOGUE\n", epi.block)
        .replace("EPI_SYNC\n", epi.sync)
        .replace("SPLIT_REDUCE", epi.split_reduce)
        .replace("LOAD_B\n", load_b)
        .replace("MAIN_LOOP", &main_loop(x3))
        .replace("EPI_UNROLL", &tma_epilogue::unroll(io).to_string())
        .replace("GRID_WAIT\n", crate::codegen::cuda::grid::GRID_WAIT)
        .replace("EPILOGUE_SUM", &epi_call(io, "s", "row", "col"))
        .replace("EPILOGUE", &epi_call(io, "ctile[r * EPI_LD + c]", "row", "col"));
    src.push_str(&body);
    let tiles = spec.m.div_ceil(t.bm) * spec.n.div_ceil(t.bn);
    let blocks = if t.persistent > 0 { tiles.min(t.persistent) } else { tiles };
    let needs = vec![
        Requirement::MinArch { major: 9, minor: 0 },
        Requirement::ArchSm90a,
        Requirement::PointerAlign { operand: Which::A, bytes: 16 },
        Requirement::PointerAlign { operand: Which::B, bytes: 16 },
        Requirement::TensorMaps,
    ];
    Ok(Emitted {
        source: src,
        grid: (to_u32(blocks, "tile count")?, to_u32(k_split, "K split")?, to_u32(spec.batch_count(), "batch")?),
        block: (to_u32(nt, "threads")?, 1, 1),
        dynamic_smem_bytes: to_u32(smem, "shared memory")?,
        needs,
        nvrtc_arch: "sm_90a".into(),
        tensor_maps: maps(spec, t).to_vec(),
    })
}
