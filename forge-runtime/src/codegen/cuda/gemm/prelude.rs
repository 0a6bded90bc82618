//! Device helpers every kernel shares: inline PTX for copies, ldmatrix, mma, conversions.
//!
//! NVRTC in Forge has no include path, so nothing here relies on CUDA headers: 16-bit floats
//! are `unsigned short` bit patterns and every special instruction is inline PTX. `u32` and
//! `u64` come from Forge's CUDA prelude, which every program starts with.

use super::spec::Elem;

/// Types, address conversion, cp.async, ldmatrix, shared loads/stores, mma.sync, fences.
pub const COMMON: &str = concat!(
    r#"
typedef unsigned short u16;

__device__ __forceinline__ u32 smem_u32(const void* p) {
  u32 r;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}
__device__ __forceinline__ void cp_async16(u32 dst, const void* src, u32 bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(bytes) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int NPEND> __device__ __forceinline__ void cp_wait() {
  asm volatile("cp.async.wait_group %0;" :: "n"(NPEND) : "memory");
}
__device__ __forceinline__ void sts128(u32 a, u32 x, u32 y, u32 z, u32 w) {
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" :: "r"(a), "r"(x), "r"(y), "r"(z), "r"(w) : "memory");
}
__device__ __forceinline__ u32 lds32(u32 a) {
  u32 v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
  return v;
}
__device__ __forceinline__ void ldsm4(u32 a, u32& r0, u32& r1, u32& r2, u32& r3) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a) : "memory");
}
__device__ __forceinline__ void ldsm4t(u32 a, u32& r0, u32& r1, u32& r2, u32& r3) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a) : "memory");
}
__device__ __forceinline__ void fence_proxy_async() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
"#,
    r#"
struct v4u { u32 x, y, z, w; };
__device__ __forceinline__ v4u ld16(const void* p) {
  v4u v;
  asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}
// `ld16` with acquire semantics: no later load of this thread issues before it has returned.
__device__ __forceinline__ v4u ld16_acquire(const void* p) {
  v4u v;
  asm volatile("ld.acquire.gpu.global.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ v4u ld16c(const void* p) {
  v4u v;
  asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}
"#
);

/// Conversions and typed loads for one element type: `ld16` (16 bytes, read-only path),
/// `to_f(word, half)` unpacking, `ldf(ptr, idx)` scalar load as float, mma for the type.
pub fn elem_helpers(elem: Elem) -> &'static str {
    match elem {
        Elem::F16 => F16,
        Elem::BF16 => BF16,
        Elem::F32 => F32,
    }
}

/// 16 bytes of 16-bit floats to 8 floats (uses the type's `lo_f` / `hi_f`).
macro_rules! unpack16 {
    () => {
        r#"
__device__ __forceinline__ void unpack16(const v4u& v, float* f) {
  f[0] = lo_f(v.x); f[1] = hi_f(v.x); f[2] = lo_f(v.y); f[3] = hi_f(v.y);
  f[4] = lo_f(v.z); f[5] = hi_f(v.z); f[6] = lo_f(v.w); f[7] = hi_f(v.w);
}
"#
    };
}

const F16: &str = concat!(
    r#"
__device__ __forceinline__ float h2f(u16 h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ __forceinline__ float lo_f(u32 w) { return h2f((u16)(w & 0xffffu)); }
__device__ __forceinline__ float hi_f(u32 w) { return h2f((u16)(w >> 16)); }
__device__ __forceinline__ float ldf(const char* p, long long i) { return h2f(((const u16*)p)[i]); }
__device__ __forceinline__ u32 ldbits(const char* p, long long i) { return ((const u16*)p)[i]; }
__device__ __forceinline__ void mma16816(float* d, const u32* a, const u32* b) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
"#,
    unpack16!()
);

const BF16: &str = concat!(
    r#"
__device__ __forceinline__ float lo_f(u32 w) { return __uint_as_float(w << 16); }
__device__ __forceinline__ float hi_f(u32 w) { return __uint_as_float(w & 0xffff0000u); }
__device__ __forceinline__ float ldf(const char* p, long long i) { return __uint_as_float(((u32)((const u16*)p)[i]) << 16); }
__device__ __forceinline__ u32 ldbits(const char* p, long long i) { return ((const u16*)p)[i]; }
__device__ __forceinline__ void mma16816(float* d, const u32* a, const u32* b) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
"#,
    unpack16!()
);

const F32: &str = r#"
__device__ __forceinline__ float ldf(const char* p, long long i) { return ((const float*)p)[i]; }
__device__ __forceinline__ void unpack16(const v4u& v, float* f) {
  f[0] = __uint_as_float(v.x); f[1] = __uint_as_float(v.y); f[2] = __uint_as_float(v.z); f[3] = __uint_as_float(v.w);
}
__device__ __forceinline__ u32 ldbits(const char* p, long long i) { return ((const u32*)p)[i]; }
__device__ __forceinline__ void mma1688tf32(float* d, const u32* a, const u32* b) {
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
// x = hi + lo + O(2^-21 |x|): hi the top 19 bits (exact, never rounds up to inf), lo the rest
// rounded to TF32. Infinities and NaNs stay in hi (NaN made quiet so TF32 still reads a NaN).
__device__ __forceinline__ void tf32_split(u32 x, u32& hi, u32& lo) {
  if ((x & 0x7f800000u) == 0x7f800000u) {
    hi = (x & 0x007fffffu) ? 0x7fc00000u : x;
    lo = 0u;
    return;
  }
  hi = x & 0xffffe000u;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(lo) : "f"(__uint_as_float(x) - __uint_as_float(hi)));
}
// tf32x3 from a stage the tensor cores also read as hi (its top 19 bits): x's remainder, rounded
// to TF32 like `cvt.rna` (nearest, ties away) but in four integer/float ops instead of ptxas's
// guarded sequence. +-inf: 0 (inf - inf would be NaN). NaN: a quiet NaN, so a NaN whose payload
// lies only in the low 13 bits, which the tensor cores read as inf, still makes the product NaN.
__device__ __forceinline__ u32 tf32_rest(u32 x) {
  const u32 a = x & 0x7fffffffu;
  const u32 d = __float_as_uint(__uint_as_float(x) - __uint_as_float(x & 0xffffe000u));
  const u32 lo = (d + 0x1000u) & 0xffffe000u;
  return a < 0x7f800000u ? lo : (a == 0x7f800000u ? 0u : 0x7fc00000u);
}
"#;
