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

// node: y = conv2d(x, w, padding = 1, precision = tf32)
extern "C" __global__ void __launch_bounds__(256) forge_map_e8cf894779fcfff1(f32* a0, const f32* __restrict__ a1) {
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 q = group * 256u + lid;
    if (q >= 9216u) {
        return;
    }
    f32 r0;
    f32 r1;
    f32 r2;
    f32 r3;
    const u32 outer_i = q / 16u;
    const u32 inner_i = (q % 16u) * 4u;
    const u32 v2q = outer_i / 3u;
    const u32 v2 = outer_i - v2q * 3u;
    const u32 v1q = v2q / 3u;
    const u32 v1 = v2q - v1q * 3u;
    const u32 v0 = v1q;
    {
        const u32 i = q * 4u + 0u;
        const u32 lane_i = inner_i + 0u;
        const u32 v3 = lane_i;
        r0 = a1[v0 * 576u + v1 * 3u + v2 + v3 * 9u];
    }
    {
        const u32 i = q * 4u + 1u;
        const u32 lane_i = inner_i + 1u;
        const u32 v3 = lane_i;
        r1 = a1[v0 * 576u + v1 * 3u + v2 + v3 * 9u];
    }
    {
        const u32 i = q * 4u + 2u;
        const u32 lane_i = inner_i + 2u;
        const u32 v3 = lane_i;
        r2 = a1[v0 * 576u + v1 * 3u + v2 + v3 * 9u];
    }
    {
        const u32 i = q * 4u + 3u;
        const u32 lane_i = inner_i + 3u;
        const u32 v3 = lane_i;
        r3 = a1[v0 * 576u + v1 * 3u + v2 + v3 * 9u];
    }
    reinterpret_cast<forge_v4f*>(a0)[q] = forge_v4f{r0, r1, r2, r3};
}

// node: y = conv2d(x, w, padding = 1, precision = tf32)
extern "C" __global__ void __launch_bounds__(256) forge_map_8560f6354add62c9(f32* a0, const f32* __restrict__ a1) {
    __shared__ __align__(16) f32 tt[1056];
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 tx = lid % 32u;
    const u32 ty = lid / 32u;
    const u32 r0 = (group / 2u) * 32u;
    const u32 c0 = (group % 2u) * 32u;
    const u32 row = r0 + tx;
    if (row < 25088u) {
        const u32 v2q = row / 56u;
        const u32 v2 = row - v2q * 56u;
        const u32 v1q = v2q / 56u;
        const u32 v1 = v2q - v1q * 56u;
        const u32 v0 = v1q;
        #pragma unroll
        for (u32 it = 0u; it < 4u; ++it) {
            const u32 tc = ty + it * 8u;
            const u32 col = c0 + tc;
            if (col < 64u) {
                const u32 v3 = col;
                const u32 i = row * 64u + col;
                tt[tc * 33u + tx] = a1[v0 * 200704u + v1 * 56u + v2 + v3 * 3136u];
            }
        }
    }
    __syncthreads();
    const u32 scol = c0 + tx;
    #pragma unroll
    for (u32 it = 0u; it < 4u; ++it) {
        const u32 tr = ty + it * 8u;
        const u32 srow = r0 + tr;
        if (srow < 25088u && scol < 64u) {
            a0[srow * 64u + scol] = tt[tx * 33u + tr];
        }
    }
}

// node: y = conv2d(x, w, padding = 1, precision = tf32)
// gemm tma64x224s4-tf32
__device__ __forceinline__ void forge_matmul_a533531f26634964_epi(float acc, unsigned fz, unsigned fr, unsigned fj, f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2) {
    const u32 bidx = fz;
    const u32 i = fr;
    const u32 j = fj;
    const u32 b0 = bidx;
    a0[((bidx * 64u + i) * 3136u + j)] = acc;
}
#ifndef FG_TMAP_DEFINED
#define FG_TMAP_DEFINED
struct alignas(64) fg_tmap { unsigned long long v[16]; };
#endif
namespace fg_forge_matmul_a533531f26634964 {

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
constexpr long long LDA = 576, LDB = 576;
constexpr int ES = 4;
constexpr bool A_KMAJOR = true;
constexpr bool B_KMAJOR = true;
constexpr int BM = 64, BN = 224, BK = 32, STAGES = 4, NC = 1, NT = 256, A_RANK = 2, B_RANK = 4;
constexpr unsigned LO_BYTES = 0;
constexpr bool PERSISTENT = false;
constexpr int KSPLIT = 1;

template <int TS>
__device__ __forceinline__ u32 panel_off(int s, int c) {
  constexpr int EPC = 16 / ES, PW = 128 / ES;
  return (u32)((c / PW) * (TS * 128) + s * 128 + ((((c % PW) / EPC) ^ (s & 7)) << 4) + (c % EPC) * ES);
}

template <int TS, int TC, int NT>
__device__ __forceinline__ void load_tile_async(u32 sbase, const char* g, long long ld, int s0, int c0,
                                                int ext_s, int ext_c, int tid) {
  constexpr int EPC = 16 / ES;
  constexpr int CPR = TC / EPC;
  constexpr int TOTAL = TS * CPR;
#pragma unroll 4
  for (int it = 0; it < (TOTAL + NT - 1) / NT; ++it) {
    const int ch = tid + it * NT;
    if (TOTAL % NT != 0 && ch >= TOTAL) break;
    const int s = ch / CPR, cc = ch % CPR;
    const int gs = s0 + s, gc = c0 + cc * EPC;
    const int rem = ext_c - gc;
    const u32 bytes = (gs < ext_s && rem > 0) ? (rem >= EPC ? 16u : (u32)(rem * ES)) : 0u;
    const char* src = bytes ? g + ((long long)gs * ld + gc) * ES : g;
    const u32 dst = sbase + (u32)((cc >> 3) * (TS * 128) + s * 128 + (((cc & 7) ^ (s & 7)) << 4));
    cp_async16(dst, src, bytes);
  }
}

template <int TS, int TC, int NT>
__device__ __forceinline__ void load_tile_sync(u32 sbase, const char* g, long long ld, int s0, int c0,
                                               int ext_s, int ext_c, int tid) {
  constexpr int EPC = 16 / ES;
  constexpr int CPR = TC / EPC;
  constexpr int TOTAL = TS * CPR;
#pragma unroll
  for (int it = 0; it < (TOTAL + NT - 1) / NT; ++it) {
    const int ch = tid + it * NT;
    if (TOTAL % NT != 0 && ch >= TOTAL) break;
    const int s = ch / CPR, cc = ch % CPR;
    const int gs = s0 + s, gc = c0 + cc * EPC;
    u32 w[4] = {0u, 0u, 0u, 0u};
    if (gs < ext_s) {
      const long long row = (long long)gs * ld;
#pragma unroll
      for (int e = 0; e < EPC; ++e) {
        if (gc + e < ext_c) {
          const u32 v = ldbits(g, row + gc + e);
          if (ES == 4) w[e] = v; else w[e >> 1] |= v << (16 * (e & 1));
        }
      }
    }
    const u32 dst = sbase + (u32)((cc >> 3) * (TS * 128) + s * 128 + (((cc & 7) ^ (s & 7)) << 4));
    sts128(dst, w[0], w[1], w[2], w[3]);
  }
}

// Raster tiles in groups of 8 M-tiles so concurrently running blocks share A and B in L2.
__device__ __forceinline__ void tile_coords_at(int bid, int tiles_m, int tiles_n, int& tm, int& tn) {
  const int group = 8 * tiles_n;
  const int first_m = (bid / group) * 8;
  const int gm = min(tiles_m - first_m, 8);
  tm = first_m + (bid % group) % gm;
  tn = (bid % group) / gm;
}
__device__ __forceinline__ void tile_coords(int tiles_m, int tiles_n, int& tm, int& tn) {
  tile_coords_at((int)blockIdx.x, tiles_m, tiles_n, tm, tn);
}

// Shared-memory matrix descriptor: 128-byte swizzle, stride byte offset 1024 (8 rows).
__device__ __forceinline__ u64 make_desc(u32 addr, u32 lbo) {
  return (u64)((addr & 0x3FFFFu) >> 4) | ((u64)(lbo >> 4) << 16) | ((u64)(1024u >> 4) << 32) | (1ull << 62);
}
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int NPEND> __device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(NPEND) : "memory");
}

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
constexpr int WIN_C = 64, WIN_KW = 3, WIN_OW = 56, WIN_DH = 1, WIN_DW = 1, WIN_PH = 1, WIN_PW = 1;
__device__ __forceinline__ void tma_load4(u32 dst, const void* map, u32 bar, int c, int w, int h, int z) {
  asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5, %6}], [%2];"
               :: "r"(dst), "l"(map), "r"(bar), "r"(c), "r"(w), "r"(h), "r"(z) : "memory");
}
__device__ __forceinline__ void wgmma_tile(float (&d)[112], u64 da, u64 db, u32 scale_d = 1u) {
  asm volatile(
    "{\n.reg .pred p;\nsetp.ne.b32 p, %114, 0;\n"
    "wgmma.mma_async.sync.aligned.m64n224k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111}, %112, %113, p, 1, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111])
    : "l"(da), "l"(db), "r"(scale_d));
}
}
extern "C" __global__ void __launch_bounds__(256, 1) forge_matmul_a533531f26634964(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const __grid_constant__ fg_tmap fg_tma_a, const __grid_constant__ fg_tmap fg_tma_b) {
  using namespace fg_forge_matmul_a533531f26634964;
  extern __shared__ __align__(1024) unsigned char fg_smem_raw[];
  const unsigned bidx = blockIdx.z;

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
  int tm, tn;
  tile_coords(TILES_M, TILES_N, tm, tn);
  const int m0 = tm * BM, n0 = tn * BN;
  constexpr int g0 = 0;
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
  FG_GRID_WAIT();
  if (wg == 0) {
    if (tid == 0) {
      const void* ma = &fg_tma_a;
      const void* mb = &fg_tma_b;
      const int z = (int)bidx;
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
        {
          const int tap = k0 / WIN_C, u = tap / WIN_KW, v = tap - u * WIN_KW;
          tma_load4(sb, mb, full, k0 - tap * WIN_C, v * WIN_DW - WIN_PW, n0 / WIN_OW + u * WIN_DH - WIN_PH, z);
        }
      }
    }
  } else {
    const int cw = wg - 1;
    const u32 a_wg = A_KMAJOR ? (u32)(cw * 64 * 128) : (u32)(cw * BK * 128);
    const u64 desc_a = make_desc(sbase + a_wg, A_LBO), desc_b = make_desc(sbase + (u32)A_STAGE, B_LBO);
    float acc[NACC];
#pragma unroll
    for (int i = 0; i < NACC; ++i) acc[i] = 0.f;

#pragma unroll 1
    for (int kt = 0; kt < KTN; ++kt) {
      const int s = (g0 + kt) % STAGES;
      mbar_wait(bars + 8 * s, (u32)(((g0 + kt) / STAGES) & 1));

      const u32 soff = (u32)s * (u32)(A_STAGE + B_STAGE);
      wgmma_fence();
#pragma unroll
      for (int ks = 0; ks < KSTEPS; ++ks) {
        const u64 da = desc_a + ((soff + ks * A_KSTEP) >> 4), db = desc_b + ((soff + ks * B_KSTEP) >> 4);
        wgmma_tile(acc, da, db);
      }
      wgmma_commit();

      wgmma_wait<1>();
      // The group of tile kt-1 is complete: its stage may be refilled.
      if (kt > 0) mbar_arrive(bars + 8 * (STAGES + (g0 + kt - 1) % STAGES));
    }

    wgmma_wait<0>();
    // The tile goes through shared memory so the epilogue is one rolled loop with
    // row-contiguous stores; unrolled over the NACC fragments, a heavy epilogue (GELU's erf)
    // took NVRTC most of a second per kernel. Over the stages: every consumer must be past its
    // last wgmma (and so every TMA load has landed). In a region of its own: this warpgroup's
    // threads must be done reading its previous tile.
    asm volatile("bar.sync 1, %0;" :: "n"(NC * 128) : "memory");
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
  }
  __syncthreads();
  const float* const ctile = reinterpret_cast<const float*>(fg_smem_raw + (sbase + EPI_AT - smem_u32(fg_smem_raw)));
#pragma unroll 16
  for (int e = tid; e < BM * BN; e += NT) {
    const int r = e / BN, c = e % BN;
    const int row = m0 + r, col = n0 + c;
    if (row < M && col < N) forge_matmul_a533531f26634964_epi(ctile[r * EPI_LD + c], bidx, (unsigned)(row), (unsigned)(col), a0, a1, a2);
  }
}
