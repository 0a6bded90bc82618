//! sm_90a tensor-core kernel: `wgmma.mma_async` reading both operands from 128-byte-swizzled
//! shared memory, fed by a multi-stage `cp.async` pipeline (every thread copies; no tensor
//! map, so the host launches it like any other kernel).
//!
//! One warpgroup (128 threads) per 64 rows of the tile issues `m64n{BN}k16`. Operand layouts
//! map onto the instruction's transpose bits: K-major panels (A row-major, B `[N,K]`) use
//! descriptors stepping 32 bytes per k16; M/N-major panels (A `[K,M]`, B `[K,N]`) step 16 rows
//! (2048 bytes) and set `imm-trans`, with the leading byte offset the panel stride.

use super::smem::tile_smem_bytes;
use super::spec::{Elem, GemmSpec, Layout, Requirement};
use super::variant::TileConfig;
use super::{align_needs, epi_call, helpers, kernel_head, loader, to_u32, Emitted, KernelIo};
use std::fmt::Write as _;

const BODY: &str = r#"
  constexpr int NACC = BN / 2;
  constexpr int A_STAGE = BM * BK * ES, B_STAGE = BN * BK * ES;
  constexpr int KT = (K + BK - 1) / BK;
  constexpr int TILES_M = (M + BM - 1) / BM, TILES_N = (N + BN - 1) / BN;
  // K-major: rows of 128 bytes, a k16 step is 32 bytes along the row.
  // M/N-major: panels of BK rows × 64 elements, a k16 step is 16 rows.
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
  // This warpgroup's 64 rows of A: a row block in a K-major panel, or a whole M-major panel.
  const u32 a_wg = A_KMAJOR ? (u32)(wg * 64 * 128) : (u32)(wg * BK * 128);
LOAD_STAGE
  float acc[NACC];
#pragma unroll
  for (int i = 0; i < NACC; ++i) acc[i] = 0.f;

#pragma unroll
  for (int s = 0; s < STAGES - 2; ++s) {
    if (s < KT) load_stage(s, s);
    cp_commit();
  }
#pragma unroll 1
  for (int kt = 0; kt < KT; ++kt) {
    cp_wait<STAGES - 3>();
    fence_proxy_async();
    __syncthreads();
    {
      // The stage written here was read by the wgmma of tile kt-2, which every warpgroup
      // finished (wait_group 1 in iteration kt-1) before the barrier above.
      const int nt = kt + STAGES - 2;
      if (nt < KT) load_stage(nt % STAGES, nt);
      cp_commit();
    }
    const u32 sa = sbase + (u32)(kt % STAGES) * (A_STAGE + B_STAGE);
    const u32 sb = sa + A_STAGE;
    wgmma_fence();
#pragma unroll
    for (int ks = 0; ks < BK / 16; ++ks) {
      const u64 da = make_desc(sa + a_wg + ks * A_KSTEP, A_LBO);
      const u64 db = make_desc(sb + ks * B_KSTEP, B_LBO);
      wgmma_tile(acc, da, db);
    }
    wgmma_commit();
    wgmma_wait<1>();
  }
  wgmma_wait<0>();
  cp_wait<0>();

  const int rbase = m0 + wg * 64 + (warp & 3) * 16 + (lane >> 2);
  const int cbase = n0 + (lane & 3) * 2;
#pragma unroll
  for (int i = 0; i < NACC; ++i) {
    const int row = rbase + ((i >> 1) & 1) * 8;
    const int col = cbase + (i >> 2) * 8 + (i & 1);
    if (row < M && col < N) EPILOGUE;
  }
}
"#;

pub(super) const HELPERS: &str = r#"
// Shared-memory matrix descriptor: 128-byte swizzle, stride byte offset 1024 (8 rows).
__device__ __forceinline__ u64 make_desc(u32 addr, u32 lbo) {
  return (u64)((addr & 0x3FFFFu) >> 4) | ((u64)(lbo >> 4) << 16) | ((u64)(1024u >> 4) << 32) | (1ull << 62);
}
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int NPEND> __device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(NPEND) : "memory");
}
"#;

/// `wgmma_tile(acc, da, db)`: one `m64n{bn}k16` (`k8` for `tf32`, which takes no transpose
/// bits: both operands K-major) with all accumulators as "+f" operands.
pub(super) fn wgmma_fn(bn: usize, ty: &str, trans_a: u8, trans_b: u8) -> String {
    let trans = if ty == "tf32" { String::new() } else { format!(", {trans_a}, {trans_b}") };
    wgmma_asm("wgmma_tile", bn, ty, WgmmaA::Descriptor, &trans)
}

/// Where a wgmma reads A: a shared-memory descriptor, or four registers (TF32's fragment).
#[derive(Clone, Copy)]
pub(super) enum WgmmaA {
    Descriptor,
    Registers,
}

/// A device function `name(float (&d)[bn/2], <A>, u64 db, u32 scale_d)` issuing one
/// `m64n{bn}` wgmma; `<A>` is `u64 da` or `u32 a0, a1, a2, a3`. `tail` ends the operand list
/// (the transpose bits of 16-bit types).
pub(super) fn wgmma_asm(name: &str, bn: usize, ty: &str, a: WgmmaA, tail: &str) -> String {
    let k = if ty == "tf32" { 8 } else { 16 };
    let nacc = bn / 2;
    let (a_params, a_ops, a_inputs) = match a {
        WgmmaA::Descriptor => ("u64 da", format!("%{nacc}"), "\"l\"(da)".to_string()),
        WgmmaA::Registers => (
            "u32 a0, u32 a1, u32 a2, u32 a3",
            format!("{{%{}, %{}, %{}, %{}}}", nacc, nacc + 1, nacc + 2, nacc + 3),
            "\"r\"(a0), \"r\"(a1), \"r\"(a2), \"r\"(a3)".to_string(),
        ),
    };
    let a_count = match a {
        WgmmaA::Descriptor => 1,
        WgmmaA::Registers => 4,
    };
    let (db, scale) = (nacc + a_count, nacc + a_count + 1);
    let regs: Vec<String> = (0..nacc).map(|i| format!("%{i}")).collect();
    let outs: Vec<String> = (0..nacc).map(|i| format!("\"+f\"(d[{i}])")).collect();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "__device__ __forceinline__ void {name}(float (&d)[{nacc}], {a_params}, u64 db, u32 scale_d = 1u) {{\n  asm volatile(\n    \"{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{scale}, 0;\\n\""
    );
    let _ = writeln!(
        s,
        "    \"wgmma.mma_async.sync.aligned.m64n{bn}k{k}.f32.{ty}.{ty} {{{}}}, {a_ops}, %{db}, p, 1, 1{tail};\\n}}\\n\"",
        regs.join(", ")
    );
    let _ = writeln!(s, "    : {}\n    : {a_inputs}, \"l\"(db), \"r\"(scale_d));\n}}", outs.join(", "));
    s
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
        || t.stages < 3
    {
        return Err("wgmma tiles: bk 64, bm and bn multiples of 64 up to 256, ≥ 3 stages".into());
    }
    let nt = t.bm / 64 * 128;
    let trans_a = u8::from(spec.a.layout == Layout::ColMajor);
    let trans_b = u8::from(spec.b.layout == Layout::RowMajor);
    let mut src = helpers(io, elem, spec);
    let _ =
        writeln!(src, "constexpr int BM = {}, BN = {}, BK = {}, STAGES = {}, NT = {};", t.bm, t.bn, t.bk, t.stages, nt);
    src.push_str(loader::LOADER);
    src.push_str(HELPERS);
    src.push_str(&wgmma_fn(t.bn, ty, trans_a, trans_b));
    src.push_str("}\n");
    src.push_str(&kernel_head(spec, io, nt, 1, true, None));
    let body = BODY
        .replace("LOAD_STAGE", &loader::load_stage_lambda(t.async_copy))
        .replace("EPILOGUE", &epi_call(io, "acc[i]", "row", "col"));
    src.push_str(&body);
    let tiles = spec.m.div_ceil(t.bm) * spec.n.div_ceil(t.bn);
    let mut needs = vec![Requirement::MinArch { major: 9, minor: 0 }, Requirement::ArchSm90a];
    needs.extend(align_needs(t.async_copy));
    Ok(Emitted {
        source: src,
        grid: (to_u32(tiles, "tile count")?, 1, to_u32(spec.batch_count(), "batch")?),
        block: (to_u32(nt, "threads")?, 1, 1),
        dynamic_smem_bytes: to_u32(tile_smem_bytes(t, elem.bytes()), "shared memory")?,
        needs,
        nvrtc_arch: "sm_90a".into(),
        tensor_maps: Vec::new(),
    })
}
