//! tf32x3 main loops of the TMA + wgmma kernel: every k-step issues `lo·hi + hi·lo + hi·hi`,
//! where the tensor cores read `hi` as each f32's top 19 bits and `lo` is the rounded rest
//! (`tf32_rest`). Each stage's three products go to a fresh partial (the first wgmma
//! overwrites it), added to `acc` in f32 once they complete: the tensor cores' accumulation
//! truncates, and three products a step against the running sum would cost ~15x f32's error at
//! K = 4096. While stage kt's group runs, the consumers prepare stage kt+1.
//!
//! Two ways to feed A, both with B's remainders written beside the stages in shared memory:
//! - `SharedA`: A's remainders are written to shared memory too and all three products read
//!   both operands there. Simple, but a 64-wide product reads as many bytes as the tensor cores
//!   consume and shared memory becomes the limit (ncu: the split's loads stall on it).
//! - `RegisterA`: each consumer loads its A fragment from the landed stage into registers,
//!   split there (`wgmma` with A from registers); only B is read from shared memory. A's
//!   registers alternate between two sets, so the next stage's are loaded while this stage's
//!   group runs: the loop is unrolled by two. For 128×64 tiles of one block an SM (two
//!   consumer warpgroups, 152 registers a thread; [`X3Loop::takes`](super::smem::X3Loop::takes)); `CudaOptions::x3_register_a`
//!   turns it off. Faster for 128×64 at 4096³ on the H200 (`gemm_speed --sweep-x3`;
//!   BENCHMARKS.md). It was opt-in while the `ops` tests hung intermittently on 16 threads;
//!   that hang (instances freed outside the device lock, fixed) did not recur in ten runs with
//!   and without it (BENCHMARKS.md, twelfth run). With one consumer warpgroup it lost (64×64:
//!   its registers leave no room for a second block an SM), and 128-wide tiles with two would
//!   need more than 168 registers. MiniLM b64's products run other tiles, where forcing 128×64
//!   with it lost.
//!
//! Persistent grids (`CudaOptions::x3_persistent`, opt-in; `TileConfig::persistent`): a
//! register-A kernel of one block an SM loops over its tiles, counting k-tiles on across them
//! (`g0`: the stages' phases carry over), so the producer fills the next tile's stages while the
//! consumers run this one's epilogue, which then stages the output tile in a region of its own.
//! Correct on the H200 (`tests/persistent_x3.rs`) and faster alone at MiniLM b64's shapes
//! (`gemm_speed --sweep-x3`: the 48-wide 4-stage grid under the 48-wide and paired picks), but
//! not in the model: with those picks made persistent, MiniLM b64 ran slower (FFN up and out
//! slower, QKV faster), so it stays opt-in (BENCHMARKS.md, twenty-fifth run).

use super::smem::X3Loop;
use super::wgmma::{wgmma_asm, WgmmaA};

/// `SharedA`: the consumers write the landed stage's remainders (16 bytes a thread at a time;
/// the stage itself stays as TMA wrote it and is read as hi), then meet at a named barrier (the
/// producer warpgroup is not in it) before any wgmma reads them.
const SPLIT_STAGE: &str = r#"
      {
        constexpr int CHUNKS = (A_STAGE + B_STAGE) / 16;
#pragma unroll 4
        for (int c = tid - 128; c < CHUNKS; c += NC * 128) {
          const u32 at = sa + 16u * (u32)c;
          u32 x[4];
          asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(x[0]), "=r"(x[1]), "=r"(x[2]), "=r"(x[3]) : "r"(at) : "memory");
          sts128(at + LO, tf32_rest(x[0]), tf32_rest(x[1]), tf32_rest(x[2]), tf32_rest(x[3]));
        }
        fence_proxy_async();
        asm volatile("bar.sync 1, %0;" :: "n"(NC * 128) : "memory");
      }
"#;

/// `SharedA`'s three products a k-step into the stage's partial (the first overwrites it).
const MMA_SHARED_A: &str = "        wgmma_tile(part, da + (LO >> 4), db, ks > 0 ? 1u : 0u);
        wgmma_tile(part, da, db + (LO >> 4));
        wgmma_tile(part, da, db);";

const LOOP_SHARED_A: &str = r#"
    float part[NACC];
#pragma unroll 1
    for (int kt = -1; kt < KT; ++kt) {
      const int s = (g0 + kt) % STAGES;
      if (kt >= 0) {
ISSUE_STAGE
      }
      if (kt + 1 < KT) {
        const int s1 = (g0 + kt + 1) % STAGES;
        mbar_wait(bars + 8 * s1, (u32)(((g0 + kt + 1) / STAGES) & 1));
        const u32 sa = sbase + (u32)s1 * (A_STAGE + B_STAGE);
SPLIT_STAGE
      }
      if (kt >= 0) {
        wgmma_wait<0>();
#pragma unroll
        for (int i = 0; i < NACC; ++i) acc[i] += part[i];
        mbar_arrive(bars + 8 * (STAGES + s));
      }
    }
"#;

/// `RegisterA`: this thread's A fragment of a landed stage for the four k8-steps, in the wgmma
/// register layout (rows g and g+8, columns t and t+4 of each step; the stage's 16-byte chunks
/// swizzled by row), split into its top 19 bits and the rounded rest. Conflict-free: the eight
/// row groups of a warp hit eight distinct chunks.
const LOAD_A: &str = r#"
// The tensor cores read a wgmma's A registers until its group completes, which neither NVVM
// nor ptxas sees: an empty asm that "modifies" them after the wait keeps them allocated (and
// out of the next stage's registers) until then. Without it a rolled loop (one set copied
// into the other) had its next A land in the registers of the group in flight (H200: errors
// of 0.2-0.5); the two sets below were kept apart only by how the compilers happened to
// allocate them.
__device__ __forceinline__ void hold_until_here(u32 (&r)[16]) {
#pragma unroll
  for (int i = 0; i < 16; ++i) asm volatile("" : "+r"(r[i]) :: "memory");
}
__device__ __forceinline__ void load_a_split(u32 sa, u32 row0, u32 lane, u32 (&hi)[16], u32 (&lo)[16]) {
#pragma unroll
  for (int ks = 0; ks < 4; ++ks)
#pragma unroll
    for (int v = 0; v < 4; ++v) {
      const u32 row = row0 + 8u * (u32)(v & 1);
      const u32 chunk = (u32)(ks * 2 + (v >> 1)) ^ (lane >> 2);
      u32 x;
      asm volatile("ld.shared.u32 %0, [%1];" : "=r"(x) : "r"(sa + row * 128u + (chunk << 4) + ((lane & 3u) << 2)));
      hi[ks * 4 + v] = x & 0xffffe000u;
      lo[ks * 4 + v] = tf32_rest(x);
    }
}
"#;

/// `RegisterA`: wait for stage `K`, write B's remainders, load and split this thread's A into
/// `AH`/`AL`, then meet (B's remainders are read by every consumer warp's wgmma).
const PREP: &str = r#"
      {
        const int s1 = (g0 + (K)) % STAGES;
        mbar_wait(bars + 8 * s1, (u32)(((g0 + (K)) / STAGES) & 1));
        const u32 sa = sbase + (u32)s1 * (A_STAGE + B_STAGE);
        const u32 sb = sa + A_STAGE, sl = sbase + LO + (u32)s1 * B_STAGE;
#pragma unroll 4
        for (int c = tid - 128; c < B_STAGE / 16; c += NC * 128) {
          u32 x[4];
          asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(x[0]), "=r"(x[1]), "=r"(x[2]), "=r"(x[3]) : "r"(sb + 16u * (u32)c) : "memory");
          sts128(sl + 16u * (u32)c, tf32_rest(x[0]), tf32_rest(x[1]), tf32_rest(x[2]), tf32_rest(x[3]));
        }
        load_a_split(sa, row0, (u32)lane, AH, AL);
        fence_proxy_async();
        asm volatile("bar.sync 1, %0;" :: "n"(NC * 128) : "memory");
      }
"#;

/// `RegisterA`: stage `K`'s group from `CH`/`CL` (and B, B's remainders), the next stage
/// prepared into `NH`/`NL` meanwhile, then the partial's add and the stage's release.
const STEP: &str = r#"
      {
        const int s = (g0 + (K)) % STAGES;
        const u32 soff = (u32)s * (u32)(A_STAGE + B_STAGE), loff = (u32)s * (u32)B_STAGE;
        wgmma_fence();
#pragma unroll
        for (int ks = 0; ks < KSTEPS; ++ks) {
          const u64 db = desc_b + ((soff + ks * B_KSTEP) >> 4), dbl = desc_bl + ((loff + ks * B_KSTEP) >> 4);
          wgmma_rs(part, CL[4 * ks], CL[4 * ks + 1], CL[4 * ks + 2], CL[4 * ks + 3], db, ks > 0 ? 1u : 0u);
          wgmma_rs(part, CH[4 * ks], CH[4 * ks + 1], CH[4 * ks + 2], CH[4 * ks + 3], dbl, 1u);
          wgmma_rs(part, CH[4 * ks], CH[4 * ks + 1], CH[4 * ks + 2], CH[4 * ks + 3], db, 1u);
        }
        wgmma_commit();
        if ((K) + 1 < KT) NEXT_PREP
        wgmma_wait<0>();
        hold_until_here(CH);
        hold_until_here(CL);
#pragma unroll
        for (int i = 0; i < NACC; ++i) acc[i] += part[i];
        mbar_arrive(bars + 8 * (STAGES + s));
      }
"#;

const LOOP_REGISTER_A: &str = r#"
    float part[NACC];
    u32 ah0[16], al0[16], ah1[16], al1[16];
    const u32 row0 = (u32)(cw * 64 + (warp & 3) * 16 + (lane >> 2));
    const u64 desc_bl = make_desc(sbase + LO, B_LBO);
PREP0
#pragma unroll 1
    for (int kt = 0; kt < KT; kt += 2) {
STEP_EVEN
      if (kt + 1 < KT) STEP_ODD
    }
"#;

fn prep(k: &str, h: &str, l: &str) -> String {
    PREP.replace("(K)", &format!("({k})")).replace("AH", h).replace("AL", l)
}

fn step(k: &str, cur: (&str, &str), next: (&str, &str)) -> String {
    STEP.replace("NEXT_PREP", &prep(&format!("{k} + 1"), next.0, next.1))
        .replace("(K)", &format!("({k})"))
        .replace("CH", cur.0)
        .replace("CL", cur.1)
}

/// The consumers' tf32x3 main loop; `issue_stage` is the kernel's shared-memory issue block
/// (for `SharedA`).
pub(super) fn main_loop(l: X3Loop, issue_stage: &str) -> String {
    match l {
        X3Loop::SharedA => LOOP_SHARED_A
            .replace("SPLIT_STAGE", SPLIT_STAGE)
            .replace("ISSUE_STAGE", &issue_stage.replace("MMA", MMA_SHARED_A)),
        X3Loop::RegisterA => LOOP_REGISTER_A
            .replace("PREP0", &prep("0", "ah0", "al0"))
            .replace("STEP_EVEN", &step("kt", ("ah0", "al0"), ("ah1", "al1")))
            .replace("STEP_ODD", &step("kt + 1", ("ah1", "al1"), ("ah0", "al0"))),
    }
}

/// Device functions the `RegisterA` loop calls: `load_a_split` and `wgmma_rs(d, a0..a3, db,
/// scale_d)`, one `m64n{bn}k8` TF32 product with A from registers.
pub(super) fn register_a_helpers(bn: usize) -> String {
    let mut s = String::from(LOAD_A);
    s.push_str(&wgmma_asm("wgmma_rs", bn, "tf32", WgmmaA::Registers, ""));
    s
}
