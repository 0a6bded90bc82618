// node: (helpers)
typedef float f32;
typedef unsigned int u32;
typedef int i32;
typedef unsigned long long u64;
struct __align__(16) forge_v4f { f32 x, y, z, w; };
struct __align__(16) forge_v4u { u32 x, y, z, w; };
struct __align__(8) forge_v2u { u32 x, y; };
struct __align__(16) forge_v4i { i32 x, y, z, w; };
#define FD __device__ __forceinline__
// Programmatic dependent launch (sm_90+): wait until the kernel ahead on the stream has
// finished and its writes are visible, before touching memory (a no-op otherwise).
#if __CUDA_ARCH__ >= 900
#define FG_GRID_WAIT() asm volatile("griddepcontrol.wait;" ::: "memory")
#define FG_GRID_LAUNCH() asm volatile("griddepcontrol.launch_dependents;" ::: "memory")
#define FG_PREFETCH_L2(p, bytes) asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(p), "r"(bytes) : "memory")
#else
#define FG_GRID_WAIT()
#define FG_GRID_LAUNCH()
#define FG_PREFETCH_L2(p, bytes)
#endif
template <typename T> FD T select(T f, T t, bool c) { return c ? t : f; }
FD i32 clamp(i32 x, i32 lo, i32 hi) { return x < lo ? lo : (x > hi ? hi : x); }
FD bool forge_isnan(f32 x) { return (__float_as_uint(x) & 0x7fffffffu) > 0x7f800000u; }
FD bool forge_feq(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a == b; }
FD bool forge_fne(f32 a, f32 b) { return forge_isnan(a) || forge_isnan(b) || a != b; }
FD bool forge_flt(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a < b; }
FD bool forge_fle(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a <= b; }
FD bool forge_fgt(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a > b; }
FD bool forge_fge(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a >= b; }
// max / min that return NaN when either side is NaN: one instruction on sm_80+ (`max.NaN`).
#if __CUDA_ARCH__ >= 800
FD f32 forge_fmax(f32 a, f32 b) { f32 r; asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
FD f32 forge_fmin(f32 a, f32 b) { f32 r; asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
#else
FD f32 forge_fmax(f32 a, f32 b) { return (forge_isnan(a) || forge_isnan(b)) ? a + b : fmaxf(a, b); }
FD f32 forge_fmin(f32 a, f32 b) { return (forge_isnan(a) || forge_isnan(b)) ? a + b : fminf(a, b); }
#endif
// A float's bits as an int that orders like the float (-0 just below +0; NaN apart), and back.
FD i32 forge_ord_key(f32 x) { const u32 b = __float_as_uint(x); return (i32)(b ^ ((u32)((i32)b >> 31) & 0x7fffffffu)); }
FD f32 forge_ord_float(i32 k) { return __uint_as_float((u32)k ^ ((u32)(k >> 31) & 0x7fffffffu)); }
// forge_fmax over a full warp (NaN if any lane's is): one `redux.sync` on the ordered keys
// (sm_80+) where five shuffle rounds would be needed.
#if __CUDA_ARCH__ >= 800
FD f32 forge_warp_fmax(f32 x) { const f32 m = forge_ord_float(__reduce_max_sync(0xffffffffu, forge_ord_key(x))); return __any_sync(0xffffffffu, forge_isnan(x)) ? __uint_as_float(0x7fffffffu) : m; }
#else
FD f32 forge_warp_fmax(f32 x) { for (int o = 16; o > 0; o >>= 1) x = forge_fmax(x, __shfl_xor_sync(0xffffffffu, x, o)); return x; }
#endif
// x / d for many x over one d, rounded as IEEE division (div.rn) rounds it, without a division
// each: y = RN(1/d) once, then q0 = x·y and two remainder steps q' = q + (x - d·q)·y (FMA, so the
// remainder is exact). The first makes q faithful; then Markstein's theorem makes the second
// RN(x / d). Branch-free, so a thread's quotients overlap; exact where everything stays normal:
// `forge_divisor::fast` (2^-40 <= |d| <= 2^40) and `forge_div_in_range(x)` (2^-80 <= |x| <= 2^80,
// or x = 0, whose quotient is x·y). The caller divides where they do not hold.
// y is RN(1/d) as rcp.rn makes it in the normal range, the approximate reciprocal and one Newton
// step, without rcp.rn's range test (a branch on the critical path); outside `fast` it is unused.
struct forge_divisor { f32 d, y; bool fast; };
FD forge_divisor forge_divisor_of(f32 d) {
  f32 r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(d));
  const f32 a = fabsf(d);
  const bool fast = (a >= __uint_as_float(0x2b800000u)) & (a <= __uint_as_float(0x53800000u));
  return forge_divisor{d, __fmaf_rn(__fmaf_rn(-d, r, 1.0f), r, r), fast};
}
FD bool forge_div_in_range(f32 x) { const f32 a = fabsf(x); return ((a >= __uint_as_float(0x17800000u)) & (a <= __uint_as_float(0x67800000u))) | (a == 0.0f); }
FD f32 forge_div_fast(f32 x, forge_divisor v) {
  const f32 q0 = __fmul_rn(x, v.y);
  const f32 q1 = __fmaf_rn(__fmaf_rn(-v.d, q0, x), v.y, q0);
  const f32 q2 = __fmaf_rn(__fmaf_rn(-v.d, q1, x), v.y, q1);
  return x == 0.0f ? q0 : q2;
}
FD i32 forge_div_i32(i32 a, i32 b) { if (b == 0 || (a == (-2147483647 - 1) && b == -1)) { return a; } return a / b; }
FD u32 forge_div_u32(u32 a, u32 b) { if (b == 0u) { return a; } return a / b; }
FD i32 forge_rem_i32(i32 a, i32 b) { if (b == 0) { return a; } if (b == -1) { return 0; } return a % b; }
FD u32 forge_rem_u32(u32 a, u32 b) { if (b == 0u) { return a; } return a % b; }
FD i32 forge_f2i(f32 x) { if (forge_isnan(x)) { return 0; } if (x >= 2147483648.0f) { return 2147483647; } if (x < -2147483648.0f) { return -2147483647 - 1; } return (i32)x; }
FD u32 forge_f2u(f32 x) { if (forge_isnan(x) || x <= -1.0f) { return 0u; } if (x >= 4294967296.0f) { return 4294967295u; } return (u32)x; }
FD f32 forge_tanh(f32 x) { f32 x2 = x * x; f32 small = x * (1.0f + x2 * (-0.33333334f + x2 * (0.13333334f + x2 * (-0.053968254f + x2 * 0.021869488f)))); f32 big = 1.0f - 2.0f / (expf(2.0f * x) + 1.0f); return fabsf(x) < 0.25f ? small : big; }
FD f32 forge_sigmoid(f32 x) { return 1.0f / (1.0f + expf(-x)); }
FD f32 forge_silu(f32 x) { return x / (1.0f + expf(-x)); }
FD f32 forge_erf(f32 x) { f32 z = fabsf(x); f32 x2 = x * x; f32 small = x * 1.1283792f * (1.0f + x2 * (-0.33333334f + x2 * (0.1f + x2 * (-0.023809524f + x2 * (0.0046296297f + x2 * -0.0007575758f))))); f32 t = 1.0f / (1.0f + 0.5f * z); f32 r = t * expf(-z * z - 1.26551223f + t * (1.00002368f + t * (0.37409196f + t * (0.09678418f + t * (-0.18628806f + t * (0.27886807f + t * (-1.13520398f + t * (1.48851587f + t * (-0.82215223f + t * 0.17087277f))))))))); f32 big = x >= 0.0f ? 1.0f - r : r - 1.0f; return z < 0.5f ? small : big; }
FD f32 forge_gelu(f32 x) { return 0.5f * x * (1.0f + forge_erf(x * 0.70710677f)); }
FD f32 forge_gelu_tanh(f32 x) { return 0.5f * x * (1.0f + forge_tanh(0.7978846f * (x + 0.044715f * x * x * x))); }
FD float2 forge_sincos(f32 x) { f32 q0 = rintf(x * 0.63661975f); f32 qh = truncf(q0 * 0.000244140625f) * 4096.0f; f32 ql = q0 - qh; f32 r = x - qh * 1.5703125f; r = r - ql * 1.5703125f; r = r - qh * 4.837513e-4f; r = r - ql * 4.837513e-4f; r = r - qh * 7.5495336e-8f; r = r - ql * 7.5495336e-8f; r = r - q0 * 2.563344e-12f; f32 step = r > 0.7853982f ? 1.0f : r < -0.7853982f ? -1.0f : 0.0f; f32 q = q0 + step; r = r - step * 1.5703125f; r = r - step * 4.837513e-4f; r = r - step * 7.5495336e-8f; r = r - step * 2.563344e-12f; f32 z = r * r; f32 s = r + r * z * (-0.16666655f + z * (0.008332161f + z * -0.00019515296f)); f32 c = 1.0f - 0.5f * z + z * z * (0.041666646f + z * (-0.0013887316f + z * 0.000024433157f)); f32 k = q - 4.0f * floorf(q * 0.25f); f32 sn = k == 0.0f ? s : k == 1.0f ? c : k == 2.0f ? -s : -c; f32 cs = k == 0.0f ? c : k == 1.0f ? -s : k == 2.0f ? -c : s; if (fabsf(x) >= 8388608.0f) { return make_float2(__int_as_float(0x7fc00000), __int_as_float(0x7fc00000)); } return make_float2(fabsf(x) < 0.00024414063f ? x : sn, cs); }
FD f32 forge_sin(f32 x) { return forge_sincos(x).x; }
FD f32 forge_cos(f32 x) { return forge_sincos(x).y; }
FD f32 forge_h2f(unsigned short h) { f32 f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
FD unsigned short forge_f2h(f32 f) { unsigned short h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h; }
FD f32 forge_h_round(f32 x) { return forge_h2f(forge_f2h(x)); }
FD u32 forge_f2bf_bits(f32 x) { u32 b = __float_as_uint(x); if (forge_isnan(x)) { return 0x7fc0u; } return (b + 0x7fffu + ((b >> 16u) & 1u)) >> 16u; }
FD unsigned short forge_f2bf(f32 x) { return (unsigned short)forge_f2bf_bits(x); }
FD f32 forge_bf2f(unsigned short h) { return __uint_as_float(((u32)h) << 16u); }
FD f32 forge_bf_round(f32 x) { return __uint_as_float(forge_f2bf_bits(x) << 16u); }
FD f32 forge_q_half(const unsigned char* p) { return forge_h2f(*(const unsigned short*)p); }
FD u32 forge_q_pair(const unsigned char* p) { return (u32)*(const unsigned short*)p; }
FD f32 forge_q4_0(const unsigned char* a, unsigned long long i) { const unsigned char* b = a + (i >> 5) * 18ull; u32 j = (u32)i & 31u; return ((f32)((b[2u + (j & 15u)] >> ((j >> 4) * 4u)) & 15u) - 8.0f) * forge_q_half(b); }
FD f32 forge_q4_1(const unsigned char* a, unsigned long long i) { const unsigned char* b = a + (i >> 5) * 20ull; u32 j = (u32)i & 31u; return (f32)((b[4u + (j & 15u)] >> ((j >> 4) * 4u)) & 15u) * forge_q_half(b) + forge_q_half(b + 2); }
FD f32 forge_q8_0(const unsigned char* a, unsigned long long i) { const unsigned char* b = a + (i >> 5) * 34ull; u32 j = (u32)i & 31u; return (f32)(signed char)b[2u + j] * forge_q_half(b); }
FD float4 forge_q4_0_x4(const unsigned char* a, unsigned long long i) { const unsigned char* b = a + (i >> 5) * 18ull; u32 c = forge_q_pair(b + 2u + ((u32)i & 15u)); f32 d = forge_q_half(b); return make_float4(((f32)(c & 15u) - 8.0f) * d, ((f32)((c >> 8) & 15u) - 8.0f) * d, ((f32)((c >> 4) & 15u) - 8.0f) * d, ((f32)(c >> 12) - 8.0f) * d); }
FD float4 forge_q4_1_x4(const unsigned char* a, unsigned long long i) { const unsigned char* b = a + (i >> 5) * 20ull; u32 c = forge_q_pair(b + 4u + ((u32)i & 15u)); f32 d = forge_q_half(b); f32 m = forge_q_half(b + 2); return make_float4((f32)(c & 15u) * d + m, (f32)((c >> 8) & 15u) * d + m, (f32)((c >> 4) & 15u) * d + m, (f32)(c >> 12) * d + m); }
FD float4 forge_q8_0_x4(const unsigned char* a, unsigned long long i) { const unsigned char* b = a + (i >> 5) * 34ull; u32 j = (u32)i & 15u; u32 lo = forge_q_pair(b + 2u + j); u32 hi = forge_q_pair(b + 18u + j); f32 d = forge_q_half(b); return make_float4((f32)(signed char)(lo & 255u) * d, (f32)(signed char)(lo >> 8) * d, (f32)(signed char)(hi & 255u) * d, (f32)(signed char)(hi >> 8) * d); }

// node: z1 = conv2d(x, w1, padding = 1)
extern "C" __global__ void __launch_bounds__(256) forge_map_fab9ec915fad598f(f32* a0, const f32* __restrict__ a1) {
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 q = group * 256u + lid;
    if (q >= 451584u) {
        return;
    }
    f32 r0;
    f32 r1;
    f32 r2;
    f32 r3;
    const u32 outer_i = q / 14u;
    const u32 inner_i = (q % 14u) * 4u;
    const u32 v4q = outer_i / 56u;
    const u32 v4 = outer_i - v4q * 56u;
    const u32 v3q = v4q / 3u;
    const u32 v3 = v4q - v3q * 3u;
    const u32 v2q = v3q / 3u;
    const u32 v2 = v3q - v2q * 3u;
    const u32 v1q = v2q / 64u;
    const u32 v1 = v2q - v1q * 64u;
    const u32 v0 = v1q;
    {
        const u32 i = q * 4u + 0u;
        const u32 lane_i = inner_i + 0u;
        const u32 v5 = lane_i;
        r0 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))), i32(0), i32(55))) * 56u + u32(clamp(i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))), i32(0), i32(55)))], (((i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))) >= i32(0)) && (i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))) < i32(56))) && ((i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))) >= i32(0)) && (i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))) < i32(56)))));
    }
    {
        const u32 i = q * 4u + 1u;
        const u32 lane_i = inner_i + 1u;
        const u32 v5 = lane_i;
        r1 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))), i32(0), i32(55))) * 56u + u32(clamp(i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))), i32(0), i32(55)))], (((i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))) >= i32(0)) && (i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))) < i32(56))) && ((i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))) >= i32(0)) && (i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))) < i32(56)))));
    }
    {
        const u32 i = q * 4u + 2u;
        const u32 lane_i = inner_i + 2u;
        const u32 v5 = lane_i;
        r2 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))), i32(0), i32(55))) * 56u + u32(clamp(i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))), i32(0), i32(55)))], (((i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))) >= i32(0)) && (i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))) < i32(56))) && ((i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))) >= i32(0)) && (i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))) < i32(56)))));
    }
    {
        const u32 i = q * 4u + 3u;
        const u32 lane_i = inner_i + 3u;
        const u32 v5 = lane_i;
        r3 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))), i32(0), i32(55))) * 56u + u32(clamp(i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))), i32(0), i32(55)))], (((i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))) >= i32(0)) && (i32(u32(i32(u32(i32(v4)) - u32(i32(1)))) + u32(i32(v2))) < i32(56))) && ((i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))) >= i32(0)) && (i32(u32(i32(u32(i32(v5)) - u32(i32(1)))) + u32(i32(v3))) < i32(56)))));
    }
    reinterpret_cast<forge_v4f*>(a0)[q] = forge_v4f{r0, r1, r2, r3};
}

// node: z1 = conv2d(x, w1, padding = 1)
// gemm simt16x32x8k8
__device__ __forceinline__ void forge_matmul_3657473dd709fcd9_epi(float acc, unsigned fz, unsigned fr, unsigned fj, f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2) {
    const u32 bidx = fz;
    const u32 i = fr;
    const u32 j = fj;
    const u32 b0 = bidx;
    a0[((bidx * 64u + i) * 3136u + j)] = acc;
}
namespace fg_forge_matmul_3657473dd709fcd9 {

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
constexpr int M = 64, N = 3136, K = 576;
constexpr long long LDA = 576, LDB = 3136;
constexpr int ES = 4;
constexpr bool A_KMAJOR = true;
constexpr bool B_KMAJOR = false;
constexpr int BM = 16, BN = 32, BK = 8, TM = 4, TN = 4, NT = 256;
constexpr bool VEC = true;
struct alignas(16) f4 { float x, y, z, w; };
}
extern "C" __global__ void __launch_bounds__(256, 2) forge_matmul_3657473dd709fcd9(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2) {
  FG_GRID_WAIT();
  using namespace fg_forge_matmul_3657473dd709fcd9;
  long long aoff = 0, boff = 0;
  const unsigned bidx = blockIdx.z;
  const char* gA = (const char*)(const void*)(a1) + aoff * ES;
  const char* gB = (const char*)(const void*)(a2) + boff * ES;

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
        if (row < M && col < N) forge_matmul_3657473dd709fcd9_epi(acc[i][j], bidx, (unsigned)(row), (unsigned)(col), a0, a1, a2);
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
      if (row < M && col < N) forge_matmul_3657473dd709fcd9_epi(smem[o], bidx, (unsigned)(row), (unsigned)(col), a0, a1, a2);
    }
  }
}

// node: a1 = relu(z1 * s1 + t1)
extern "C" __global__ void __launch_bounds__(256) forge_map_298f5c638977efef(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3) {
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 q = group * 256u + lid;
    if (q >= 50176u) {
        return;
    }
    f32 r0;
    f32 r1;
    f32 r2;
    f32 r3;
    const u32 outer_i = q / 14u;
    const u32 inner_i = (q % 14u) * 4u;
    const u32 v2q = outer_i / 56u;
    const u32 v2 = outer_i - v2q * 56u;
    const u32 v1q = v2q / 64u;
    const u32 v1 = v2q - v1q * 64u;
    const u32 v0 = v1q;
    {
        const u32 i = q * 4u + 0u;
        const u32 lane_i = inner_i + 0u;
        const u32 v3 = lane_i;
        r0 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        const u32 i = q * 4u + 1u;
        const u32 lane_i = inner_i + 1u;
        const u32 v3 = lane_i;
        r1 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        const u32 i = q * 4u + 2u;
        const u32 lane_i = inner_i + 2u;
        const u32 v3 = lane_i;
        r2 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        const u32 i = q * 4u + 3u;
        const u32 lane_i = inner_i + 3u;
        const u32 v3 = lane_i;
        r3 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    reinterpret_cast<forge_v4f*>(a0)[q] = forge_v4f{r0, r1, r2, r3};
}

// node: z2 = conv2d(a1, w2, padding = 1)
// runs forge_map_fab9ec915fad598f (above)

// node: z2 = conv2d(a1, w2, padding = 1)
// runs forge_matmul_3657473dd709fcd9 (above)

// node: y = relu(z2 * s2 + t2 + x)
extern "C" __global__ void __launch_bounds__(256) forge_map_71b3f7398cc9c8ec(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3, const f32* __restrict__ a4) {
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 q = group * 256u + lid;
    if (q >= 50176u) {
        return;
    }
    f32 r0;
    f32 r1;
    f32 r2;
    f32 r3;
    const u32 outer_i = q / 14u;
    const u32 inner_i = (q % 14u) * 4u;
    const u32 v2q = outer_i / 56u;
    const u32 v2 = outer_i - v2q * 56u;
    const u32 v1q = v2q / 64u;
    const u32 v1 = v2q - v1q * 64u;
    const u32 v0 = v1q;
    {
        const u32 i = q * 4u + 0u;
        const u32 lane_i = inner_i + 0u;
        const u32 v3 = lane_i;
        r0 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        const u32 i = q * 4u + 1u;
        const u32 lane_i = inner_i + 1u;
        const u32 v3 = lane_i;
        r1 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        const u32 i = q * 4u + 2u;
        const u32 lane_i = inner_i + 2u;
        const u32 v3 = lane_i;
        r2 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        const u32 i = q * 4u + 3u;
        const u32 lane_i = inner_i + 3u;
        const u32 v3 = lane_i;
        r3 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    reinterpret_cast<forge_v4f*>(a0)[q] = forge_v4f{r0, r1, r2, r3};
}
