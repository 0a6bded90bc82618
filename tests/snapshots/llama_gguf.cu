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

// node: x[t, d] = emb[ids[t], d]
extern "C" __global__ void __launch_bounds__(256) forge_index_81f787f26576bf66(f32* a0, const u32* __restrict__ a1, const unsigned char* __restrict__ a2) {
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    #pragma unroll
    for (u32 it = 0u; it < 1u; ++it) {
        const u32 i = (group * 1u + it) * 256u + lid;
        if (i >= 576u) {
            return;
        }
        const u32 v0 = i / 576u;
        const u32 v1 = (i / 1u) % 576u;
        a0[i] = forge_q8_0(a2, min(a1[v0], 49151u) * 576u + min(u32(v1), 575u));
    }
}

// node: angle[t, i] = (pos + t) as f32 * exp(i as f32 * (-2.0 / E as f32) * log(theta))
extern "C" __global__ void __launch_bounds__(256) forge_index_7e86e5302f720f09(f32* a0, const u32* __restrict__ u) {
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    #pragma unroll
    for (u32 it = 0u; it < 1u; ++it) {
        const u32 i = (group * 1u + it) * 256u + lid;
        if (i >= 32u) {
            return;
        }
        const u32 v0 = i / 32u;
        const u32 v1 = (i / 1u) % 32u;
        a0[i] = (f32((u[0] + u32(i32(v0)))) * expf(((f32(i32(v1)) * -0.03125f) * logf(__uint_as_float(u[2])))));
    }
}

// node: mask[t, j] = select(j <= pos + t, 0.0, -inf)
extern "C" __global__ void __launch_bounds__(256) forge_index_ab1d521a6846cdb9(f32* a0, const u32* __restrict__ u) {
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    #pragma unroll
    for (u32 it = 0u; it < 1u; ++it) {
        const u32 i = (group * 1u + it) * 256u + lid;
        if (i >= 1024u) {
            return;
        }
        const u32 v0 = i / 1024u;
        const u32 v1 = (i / 1u) % 1024u;
        a0[i] = select(__uint_as_float(4286578688u), 0.0f, (u32(i32(v1)) <= (u[0] + u32(i32(v0)))));
    }
}

// node: a = rms_norm(x, attn_norm[l], eps); …(+3); vc[l, h, o, pos + t, e] = qkv[t, D + KVD + h * E + e]
extern "C" __global__ void __launch_bounds__(256) forge_matmul_de3f97fdca609203(f32* a0, const unsigned char* __restrict__ a1, const f32* a2, const f32* __restrict__ a3, f32* a4, const f32* a5, f32* a6, f32* a7, const u32* __restrict__ u) {
    __shared__ __align__(16) f32 red[256];
    __shared__ __align__(16) f32 red3[64];
    FG_GRID_LAUNCH();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 240u) {
        return;
    }
    const u32 bidx = group / 240u;
    const u32 tile = group % 240u;
    const u32 col = lid / 64u;
    const u32 ks = lid % 64u;
    const u32 j = tile * 4u + col;
    f32 p0 = 0.0f;
    f32 s0 = 0.0f;
    const u32 qb = ks / 8u;
    const u32 qc = (ks % 8u) * 2u;
    const u32 blk0 = (0u + 0u) * 8u + qb;
    const u32 kq0 = min(blk0, 17u) * 32u + qc;
    float4 bv0 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk1 = (0u + 1u) * 8u + qb;
    const u32 kq1 = min(blk1, 17u) * 32u + qc;
    float4 bv1 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk2 = (0u + 2u) * 8u + qb;
    const u32 kq2 = min(blk2, 17u) * 32u + qc;
    float4 bv2 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (j < 960u) {
        bv0 = forge_q4_1_x4(a1, kq0 + j * 576u);
        bv1 = forge_q4_1_x4(a1, kq1 + j * 576u);
        bv2 = forge_q4_1_x4(a1, kq2 + j * 576u);
    }
    FG_GRID_WAIT();
    if (j < 960u) {
        const float2 av0_0_0p = *reinterpret_cast<const float2*>(&a2[kq0 + 0u]);
        const f32 av0_0_0 = av0_0_0p.x;
        const f32 av0_0_1 = av0_0_0p.y;
        const float2 av0_0_2p = *reinterpret_cast<const float2*>(&a2[kq0 + 16u]);
        const f32 av0_0_2 = av0_0_2p.x;
        const f32 av0_0_3 = av0_0_2p.y;
        const float2 gv0_0_0p = *reinterpret_cast<const float2*>(&a3[kq0 + 0u]);
        const f32 gv0_0_0 = gv0_0_0p.x;
        const f32 gv0_0_1 = gv0_0_0p.y;
        const float2 gv0_0_2p = *reinterpret_cast<const float2*>(&a3[kq0 + 16u]);
        const f32 gv0_0_2 = gv0_0_2p.x;
        const f32 gv0_0_3 = gv0_0_2p.y;
        const float2 av0_1_0p = *reinterpret_cast<const float2*>(&a2[kq1 + 0u]);
        const f32 av0_1_0 = av0_1_0p.x;
        const f32 av0_1_1 = av0_1_0p.y;
        const float2 av0_1_2p = *reinterpret_cast<const float2*>(&a2[kq1 + 16u]);
        const f32 av0_1_2 = av0_1_2p.x;
        const f32 av0_1_3 = av0_1_2p.y;
        const float2 gv0_1_0p = *reinterpret_cast<const float2*>(&a3[kq1 + 0u]);
        const f32 gv0_1_0 = gv0_1_0p.x;
        const f32 gv0_1_1 = gv0_1_0p.y;
        const float2 gv0_1_2p = *reinterpret_cast<const float2*>(&a3[kq1 + 16u]);
        const f32 gv0_1_2 = gv0_1_2p.x;
        const f32 gv0_1_3 = gv0_1_2p.y;
        const float2 av0_2_0p = *reinterpret_cast<const float2*>(&a2[kq2 + 0u]);
        const f32 av0_2_0 = av0_2_0p.x;
        const f32 av0_2_1 = av0_2_0p.y;
        const float2 av0_2_2p = *reinterpret_cast<const float2*>(&a2[kq2 + 16u]);
        const f32 av0_2_2 = av0_2_2p.x;
        const f32 av0_2_3 = av0_2_2p.y;
        const float2 gv0_2_0p = *reinterpret_cast<const float2*>(&a3[kq2 + 0u]);
        const f32 gv0_2_0 = gv0_2_0p.x;
        const f32 gv0_2_1 = gv0_2_0p.y;
        const float2 gv0_2_2p = *reinterpret_cast<const float2*>(&a3[kq2 + 16u]);
        const f32 gv0_2_2 = gv0_2_2p.x;
        const f32 gv0_2_3 = gv0_2_2p.y;
        s0 = s0 + select(0.0f, av0_0_0 * av0_0_0 + av0_0_1 * av0_0_1 + av0_0_2 * av0_0_2 + av0_0_3 * av0_0_3, blk0 < 18u);
        p0 = p0 + select(0.0f, (av0_0_0 * gv0_0_0) * bv0.x + (av0_0_1 * gv0_0_1) * bv0.y + (av0_0_2 * gv0_0_2) * bv0.z + (av0_0_3 * gv0_0_3) * bv0.w, blk0 < 18u);
        s0 = s0 + select(0.0f, av0_1_0 * av0_1_0 + av0_1_1 * av0_1_1 + av0_1_2 * av0_1_2 + av0_1_3 * av0_1_3, blk1 < 18u);
        p0 = p0 + select(0.0f, (av0_1_0 * gv0_1_0) * bv1.x + (av0_1_1 * gv0_1_1) * bv1.y + (av0_1_2 * gv0_1_2) * bv1.z + (av0_1_3 * gv0_1_3) * bv1.w, blk1 < 18u);
        s0 = s0 + select(0.0f, av0_2_0 * av0_2_0 + av0_2_1 * av0_2_1 + av0_2_2 * av0_2_2 + av0_2_3 * av0_2_3, blk2 < 18u);
        p0 = p0 + select(0.0f, (av0_2_0 * gv0_2_0) * bv2.x + (av0_2_1 * gv0_2_1) * bv2.y + (av0_2_2 * gv0_2_2) * bv2.z + (av0_2_3 * gv0_2_3) * bv2.w, blk2 < 18u);
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 16);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 16);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 8);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 4);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 2);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 1);
    red[(u32(ks) * 1u + 0u) * 4u + u32(col)] = p0;
    if (col == 0u) {
        red3[u32(ks) * 1u + 0u] = s0;
    }
    __syncthreads();
    if (ks == 0u && j < 960u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            f32 ss = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 2u; ++q) {
                acc = acc + red[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
                ss = ss + red3[q * 32u * 1u + u32(i)];
            }
            const f32 inv = rsqrtf(ss / 576.0f + __uint_as_float(u[3]));
            acc = acc * inv;
            a0[((bidx * 1u + i) * 960u + j)] = acc;
        }
    }
    __syncthreads();
    for (u32 fp0 = lid; fp0 < 576u; fp0 += 256u) {
        const u32 f0v0 = fp0 / 192u;
        const u32 f0v1 = (fp0 / 64u) % 3u;
        const u32 f0v2 = (fp0 / 64u) % 1u;
        const u32 f0v3 = (fp0 / 1u) % 64u;
        if (u32(clamp(i32(u32(i32(u32(i32(u32(i32(u32(i32(f0v0)) * u32(i32(3)))) + u32(i32(f0v1)))) * u32(i32(64)))) + u32(i32(u32(forge_div_i32(i32(f0v3), i32(2))) * u32(i32(2))))), i32(0), i32(959))) / 4u == tile) {
            a4[fp0] = select(((a0[min(u32(f0v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(u32(i32(u32(i32(f0v0)) * u32(i32(3)))) + u32(i32(f0v1)))) * u32(i32(64)))) + u32(i32(u32(forge_div_i32(i32(f0v3), i32(2))) * u32(i32(2)))))) + u32(i32(1))), i32(0), i32(959)))] * forge_cos(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), i32(2)), i32(0), i32(31)))])) + (a0[min(u32(f0v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(u32(i32(f0v0)) * u32(i32(3)))) + u32(i32(f0v1)))) * u32(i32(64)))) + u32(i32(u32(forge_div_i32(i32(f0v3), i32(2))) * u32(i32(2))))), i32(0), i32(959)))] * forge_sin(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), i32(2)), i32(0), i32(31)))]))), ((a0[min(u32(f0v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(u32(i32(f0v0)) * u32(i32(3)))) + u32(i32(f0v1)))) * u32(i32(64)))) + u32(i32(u32(forge_div_i32(i32(f0v3), i32(2))) * u32(i32(2))))), i32(0), i32(959)))] * forge_cos(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), i32(2)), i32(0), i32(31)))])) - (a0[min(u32(f0v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(u32(i32(u32(i32(f0v0)) * u32(i32(3)))) + u32(i32(f0v1)))) * u32(i32(64)))) + u32(i32(u32(forge_div_i32(i32(f0v3), i32(2))) * u32(i32(2)))))) + u32(i32(1))), i32(0), i32(959)))] * forge_sin(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), i32(2)), i32(0), i32(31)))]))), (i32(u32(forge_div_i32(i32(f0v3), i32(2))) * u32(i32(2))) == i32(f0v3)));
        }
    }
    for (u32 fp1 = lid; fp1 < 192u; fp1 += 256u) {
        const u32 f1v0 = fp1 / 64u;
        const u32 f1v1 = (fp1 / 64u) % 1u;
        const u32 f1v2 = (fp1 / 64u) % 1u;
        const u32 f1v3 = (fp1 / 1u) % 64u;
        if (u32(clamp(i32(u32(i32(u32(i32(576)) + u32(i32(u32(i32(f1v0)) * u32(i32(64)))))) + u32(i32(u32(forge_div_i32(i32(f1v3), i32(2))) * u32(i32(2))))), i32(0), i32(959))) / 4u == tile) {
            const u32 at2 = f1v2 + u[0];
            if (at2 >= f1v2 && at2 < 1024u) {
                a6[f1v0 * 65536u + f1v1 * 65536u + at2 * 64u + f1v3 * 1u] = select(((a0[min(u32(f1v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(576)) + u32(i32(u32(i32(f1v0)) * u32(i32(64)))))) + u32(i32(u32(forge_div_i32(i32(f1v3), i32(2))) * u32(i32(2)))))) + u32(i32(1))), i32(0), i32(959)))] * forge_cos(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), i32(2)), i32(0), i32(31)))])) + (a0[min(u32(f1v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(576)) + u32(i32(u32(i32(f1v0)) * u32(i32(64)))))) + u32(i32(u32(forge_div_i32(i32(f1v3), i32(2))) * u32(i32(2))))), i32(0), i32(959)))] * forge_sin(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), i32(2)), i32(0), i32(31)))]))), ((a0[min(u32(f1v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(576)) + u32(i32(u32(i32(f1v0)) * u32(i32(64)))))) + u32(i32(u32(forge_div_i32(i32(f1v3), i32(2))) * u32(i32(2))))), i32(0), i32(959)))] * forge_cos(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), i32(2)), i32(0), i32(31)))])) - (a0[min(u32(f1v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(576)) + u32(i32(u32(i32(f1v0)) * u32(i32(64)))))) + u32(i32(u32(forge_div_i32(i32(f1v3), i32(2))) * u32(i32(2)))))) + u32(i32(1))), i32(0), i32(959)))] * forge_sin(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), i32(2)), i32(0), i32(31)))]))), (i32(u32(forge_div_i32(i32(f1v3), i32(2))) * u32(i32(2))) == i32(f1v3)));
            }
        }
    }
    for (u32 fp2 = lid; fp2 < 192u; fp2 += 256u) {
        const u32 f2v0 = fp2 / 64u;
        const u32 f2v1 = (fp2 / 64u) % 1u;
        const u32 f2v2 = (fp2 / 64u) % 1u;
        const u32 f2v3 = (fp2 / 1u) % 64u;
        if (u32(clamp(i32(u32(i32(u32(i32(768)) + u32(i32(u32(i32(f2v0)) * u32(i32(64)))))) + u32(i32(f2v3))), i32(0), i32(959))) / 4u == tile) {
            const u32 at2 = f2v2 + u[0];
            if (at2 >= f2v2 && at2 < 1024u) {
                a7[f2v0 * 65536u + f2v1 * 65536u + at2 * 64u + f2v3 * 1u] = a0[min(u32(f2v2), 0u) * 960u + u32(clamp(i32(u32(i32(u32(i32(768)) + u32(i32(u32(i32(f2v0)) * u32(i32(64)))))) + u32(i32(f2v3))), i32(0), i32(959)))];
            }
        }
    }
}

// node: scores = select(mask == 0.0, matmul(qh, transpose(kc[l]), precision = tf32x3) * rsqrt(E as f32), -inf)
// gemm decode-w4k8
__device__ __forceinline__ void forge_matmul_1c25c6f6ed792053_epi(float acc, unsigned fz, unsigned fr, unsigned fj, f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3) {
    const u32 bidx = fz * 3u + fr / 1u;
    const u32 i = fr % 1u;
    const u32 j = fj;
    const u32 b0 = bidx / 3u;
    const u32 b1 = (bidx / 1u) % 3u;
    a0[((bidx * 1u + i) * 1024u + j)] = select(__uint_as_float(4286578688u), (acc * 0.125f), forge_feq(a1[j], 0.0f));
}
namespace fg_forge_matmul_1c25c6f6ed792053 {

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
constexpr int M = 3, N = 1024, K = 64;
constexpr long long LDA = 64, LDB = 64;
constexpr int ES = 4;
constexpr bool A_KMAJOR = true;
constexpr bool B_KMAJOR = true;
constexpr int MR = 3, WIDTH = 4, KSW = 8, PRELOAD = 4, TRIPS = 1, NT = 32, NW = NT / 32;
constexpr bool VEC = true, PACED = false, NK_PRE = true;
#undef FG_PAIR
#define FG_PAIR 0
#undef FG_RMS
#define FG_RMS 0
#undef RSS
constexpr bool G_VEC = false;

// Preloads that run ahead of a grid wait keep one group of loads in flight (`PRE_KN`,
// `PRE_NK`); below sm_90 kernels do not wait for the one ahead, so nothing overlaps the loads.
#if __CUDA_ARCH__ >= 900
constexpr bool PACE = PACED;
#else
constexpr bool PACE = false;
#endif
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
}
extern "C" __global__ void __launch_bounds__(32, 1) forge_matmul_1c25c6f6ed792053(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3) {
  using namespace fg_forge_matmul_1c25c6f6ed792053;
  long long aoff = 0, boff = 0;
  const unsigned bidx = blockIdx.z;
  { unsigned z = bidx;
    { unsigned q = z % 3u; z /= 3u; aoff += (long long)q * 192ll; boff += (long long)q * 65536ll; }
  }
  const char* gA = (const char*)(const void*)(a2) + aoff * ES;
  const char* gB = (const char*)(const void*)(a3) + boff * ES;
  FG_GRID_LAUNCH();
  for (long long c = (long long)threadIdx.x * gridDim.x + blockIdx.x; c * 4096 < 262144ll; c += (long long)gridDim.x * 256)
    FG_PREFETCH_L2(gB + c * 4096, (unsigned)(min(4096ll, 262144ll - c * 4096) & ~15ll));
  FG_GRID_WAIT();
  const char* gG = gA;

  constexpr int EPC = 16 / ES, GROUPS = 8 / KSW, NB = WIDTH * GROUPS, KSA = NT / 32 / GROUPS;
  constexpr bool CAN_PRE = NK_PRE;
  constexpr int NPRE = CAN_PRE ? TRIPS : 1;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int grp = warp / KSW, ks = warp % KSW;
  const int nb0 = blockIdx.x * NB + grp * WIDTH;
  v4u bv[NPRE][WIDTH];
#if FG_PAIR
  v4u bw[NPRE][WIDTH];
#endif
  if (CAN_PRE) {
    // This lane's chunks of its WIDTH rows of `g` into `b`; `more`: loads follow these.
    auto preload = [&](const char* g, v4u (&b)[NPRE][WIDTH], bool more) {
#pragma unroll
      for (int t = 0; t < NPRE; ++t) {
        const int k = (ks * 32 + lane) * EPC + t * KSA * 32 * EPC;
        if (k < K) {
#pragma unroll
          for (int r = 0; r < WIDTH; ++r) {
            const char* p = g + ((long long)min(nb0 + r, N - 1) * LDB + k) * ES;
            const bool last = t + 1 == NPRE && r + 1 == WIDTH && !more;
            b[t][r] = (PACE && r % 4 == 3 && !last) ? ld16_acquire(p) : ld16(p);
          }
        }
      }
    };
    preload(gB, bv, FG_PAIR);
#if FG_PAIR
    preload(gB2, bw, false);
#endif
  }

  __shared__ float red[KSA][NB][MR];
#if FG_PAIR
  __shared__ float red2[KSA][NB][MR];
  float acc2[MR][WIDTH];
#endif
  // A folded norm's sums of squares come from the A values the products load anyway: the
  // warps of row group 0 together cover K once; each folds its own and the epilogue adds them.
#if FG_RMS
  __shared__ float fg_ss[KSA][MR];
#define RSS(m) rss_m
#endif
  float ss[MR];
#pragma unroll
  for (int m = 0; m < MR; ++m) ss[m] = 0.f;
  const bool count = FG_RMS && grp == 0;
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
  // acc (acc2) += A[m][k..] · the rows' chunks at k, every m.
  auto step = [&](int k, const float (&bf)[WIDTH][EPC]
#if FG_PAIR
                  , const float (&bg)[WIDTH][EPC]
#endif
                  ) {
#pragma unroll
    for (int m = 0; m < MR; ++m) {
      float af[EPC];
      a_chunk(gA, gG, m, k, K, af, ss[m], count);
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
  };
  if (CAN_PRE) {
#pragma unroll
    for (int t = 0; t < NPRE; ++t) {
      const int k = (ks * 32 + lane) * EPC + t * KSA * 32 * EPC;
      if (k < K) {
        float bf[WIDTH][EPC];
#pragma unroll
        for (int r = 0; r < WIDTH; ++r) unpack16(bv[t][r], bf[r]);
#if FG_PAIR
        float bg[WIDTH][EPC];
#pragma unroll
        for (int r = 0; r < WIDTH; ++r) unpack16(bw[t][r], bg[r]);
        step(k, bf, bg);
#else
        step(k, bf);
#endif
      }
    }
  } else {
#pragma unroll 2
    for (int k = (ks * 32 + lane) * EPC; k < K; k += KSA * 32 * EPC) {
      float bf[WIDTH][EPC];
      rows_at(gB, k, bf);
#if FG_PAIR
      float bg[WIDTH][EPC];
      rows_at(gB2, k, bg);
      step(k, bf, bg);
#else
      step(k, bf);
#endif
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
#if FG_RMS
#pragma unroll
  for (int m = 0; m < MR; ++m) {
    float v = ss[m];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (grp == 0 && lane == 0) fg_ss[ks][m] = v;
  }
#endif
  __syncthreads();
  for (int i = tid; i < NB * MR; i += NT) {
    const int nn = i / MR, m = i % MR;
    const int n = blockIdx.x * NB + nn;
#if FG_RMS
    float rss_m = 0.f;
#pragma unroll
    for (int s = 0; s < KSA; ++s) rss_m += fg_ss[s][m];
#endif
    float v = 0.f;
#pragma unroll
    for (int s = 0; s < KSA; ++s) v += red[s][nn][m];
#if FG_PAIR
    float v2 = 0.f;
#pragma unroll
    for (int s = 0; s < KSA; ++s) v2 += red2[s][nn][m];
#endif
    if (n < N) forge_matmul_1c25c6f6ed792053_epi(v, bidx, (unsigned)(m), (unsigned)(n), a0, a1, a2, a3);
  }
}

// node: probs = softmax(scores)
extern "C" __global__ void __launch_bounds__(256) forge_softmax_c0153ca74b86d128(f32* a0, const f32* __restrict__ a1) {
    __shared__ __align__(16) f32 redmax0[8];
    __shared__ __align__(16) f32 redsum0[8];
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group * 4u >= 9u) {
        return;
    }
    const u32 lane = lid & 63u;
    const u32 slot = group * 4u + lid / 64u;
    const bool live = slot < 9u;
    const u32 row = select(8u, slot, live);
    const u32 l0 = row / 3u;
    const u32 l1 = (row / 1u) % 3u;
    const u32 l2 = (row / 1u) % 1u;
    f32 part = 0.0f;
    f32 x0 = __uint_as_float(4286578688u);
    f32 x1 = __uint_as_float(4286578688u);
    f32 x2 = __uint_as_float(4286578688u);
    f32 x3 = __uint_as_float(4286578688u);
    f32 x4 = __uint_as_float(4286578688u);
    f32 x5 = __uint_as_float(4286578688u);
    f32 x6 = __uint_as_float(4286578688u);
    f32 x7 = __uint_as_float(4286578688u);
    f32 x8 = __uint_as_float(4286578688u);
    f32 x9 = __uint_as_float(4286578688u);
    f32 x10 = __uint_as_float(4286578688u);
    f32 x11 = __uint_as_float(4286578688u);
    f32 x12 = __uint_as_float(4286578688u);
    f32 x13 = __uint_as_float(4286578688u);
    f32 x14 = __uint_as_float(4286578688u);
    f32 x15 = __uint_as_float(4286578688u);
    {
        const u32 cv = lane;
        const u32 iv = row * 256u + cv;
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 1024u + c;
            x0 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 1024u + c;
            x1 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 1024u + c;
            x2 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 1024u + c;
            x3 = a1[l0 * 3072u + l1 * 1024u + c];
        }
    }
    {
        const u32 cv = 64u + lane;
        const u32 iv = row * 256u + cv;
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 1024u + c;
            x4 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 1024u + c;
            x5 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 1024u + c;
            x6 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 1024u + c;
            x7 = a1[l0 * 3072u + l1 * 1024u + c];
        }
    }
    {
        const u32 cv = 128u + lane;
        const u32 iv = row * 256u + cv;
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 1024u + c;
            x8 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 1024u + c;
            x9 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 1024u + c;
            x10 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 1024u + c;
            x11 = a1[l0 * 3072u + l1 * 1024u + c];
        }
    }
    {
        const u32 cv = 192u + lane;
        const u32 iv = row * 256u + cv;
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 1024u + c;
            x12 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 1024u + c;
            x13 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 1024u + c;
            x14 = a1[l0 * 3072u + l1 * 1024u + c];
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 1024u + c;
            x15 = a1[l0 * 3072u + l1 * 1024u + c];
        }
    }
    part = forge_fmax(forge_fmax(forge_fmax(forge_fmax(x0, x1), forge_fmax(x2, x3)), forge_fmax(forge_fmax(x4, x5), forge_fmax(x6, x7))), forge_fmax(forge_fmax(forge_fmax(x8, x9), forge_fmax(x10, x11)), forge_fmax(forge_fmax(x12, x13), forge_fmax(x14, x15))));
    part = forge_warp_fmax(part);
    if ((lid & 31u) == 0u) {
        redmax0[lid >> 5u] = part;
    }
    __syncthreads();
    const u32 redmax_warp = (lid / 64u) * 2u;
    f32 redmax_w1_0 = redmax0[redmax_warp + 1u];
    part = redmax0[redmax_warp];
    part = forge_fmax(part, redmax_w1_0);
    const f32 m = part;
    x0 = expf(x0 - m);
    x1 = expf(x1 - m);
    x2 = expf(x2 - m);
    x3 = expf(x3 - m);
    x4 = expf(x4 - m);
    x5 = expf(x5 - m);
    x6 = expf(x6 - m);
    x7 = expf(x7 - m);
    x8 = expf(x8 - m);
    x9 = expf(x9 - m);
    x10 = expf(x10 - m);
    x11 = expf(x11 - m);
    x12 = expf(x12 - m);
    x13 = expf(x13 - m);
    x14 = expf(x14 - m);
    x15 = expf(x15 - m);
    const bool in_range = forge_div_in_range(x0) & forge_div_in_range(x1) & forge_div_in_range(x2) & forge_div_in_range(x3) & forge_div_in_range(x4) & forge_div_in_range(x5) & forge_div_in_range(x6) & forge_div_in_range(x7) & forge_div_in_range(x8) & forge_div_in_range(x9) & forge_div_in_range(x10) & forge_div_in_range(x11) & forge_div_in_range(x12) & forge_div_in_range(x13) & forge_div_in_range(x14) & forge_div_in_range(x15);
    part = ((((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7))) + (((x8 + x9) + (x10 + x11)) + ((x12 + x13) + (x14 + x15))));
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, part, 16);
        part = (part + o0);
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, part, 8);
        part = (part + o0);
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, part, 4);
        part = (part + o0);
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, part, 2);
        part = (part + o0);
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, part, 1);
        part = (part + o0);
    }
    if ((lid & 31u) == 0u) {
        redsum0[lid >> 5u] = part;
    }
    __syncthreads();
    const u32 redsum_warp = (lid / 64u) * 2u;
    f32 redsum_w1_0 = redsum0[redsum_warp + 1u];
    part = redsum0[redsum_warp];
    part = (part + redsum_w1_0);
    const f32 total = part;
    const forge_divisor per_total = forge_divisor_of(total);
    const f32 quot0 = forge_div_fast(x0, per_total);
    const f32 quot1 = forge_div_fast(x1, per_total);
    const f32 quot2 = forge_div_fast(x2, per_total);
    const f32 quot3 = forge_div_fast(x3, per_total);
    const f32 quot4 = forge_div_fast(x4, per_total);
    const f32 quot5 = forge_div_fast(x5, per_total);
    const f32 quot6 = forge_div_fast(x6, per_total);
    const f32 quot7 = forge_div_fast(x7, per_total);
    const f32 quot8 = forge_div_fast(x8, per_total);
    const f32 quot9 = forge_div_fast(x9, per_total);
    const f32 quot10 = forge_div_fast(x10, per_total);
    const f32 quot11 = forge_div_fast(x11, per_total);
    const f32 quot12 = forge_div_fast(x12, per_total);
    const f32 quot13 = forge_div_fast(x13, per_total);
    const f32 quot14 = forge_div_fast(x14, per_total);
    const f32 quot15 = forge_div_fast(x15, per_total);
    if (in_range & per_total.fast) {
        x0 = quot0;
        x1 = quot1;
        x2 = quot2;
        x3 = quot3;
        x4 = quot4;
        x5 = quot5;
        x6 = quot6;
        x7 = quot7;
        x8 = quot8;
        x9 = quot9;
        x10 = quot10;
        x11 = quot11;
        x12 = quot12;
        x13 = quot13;
        x14 = quot14;
        x15 = quot15;
    } else {
        x0 = x0 / total;
        x1 = x1 / total;
        x2 = x2 / total;
        x3 = x3 / total;
        x4 = x4 / total;
        x5 = x5 / total;
        x6 = x6 / total;
        x7 = x7 / total;
        x8 = x8 / total;
        x9 = x9 / total;
        x10 = x10 / total;
        x11 = x11 / total;
        x12 = x12 / total;
        x13 = x13 / total;
        x14 = x14 / total;
        x15 = x15 / total;
    }
    if (live) {
        {
            const u32 cv = lane;
            const u32 iv = row * 256u + cv;
            f32 r0;
            f32 r1;
            f32 r2;
            f32 r3;
            {
                const u32 c = cv * 4u + 0u;
                const u32 i = row * 1024u + c;
                const f32 acc = x0;
                r0 = acc;
            }
            {
                const u32 c = cv * 4u + 1u;
                const u32 i = row * 1024u + c;
                const f32 acc = x1;
                r1 = acc;
            }
            {
                const u32 c = cv * 4u + 2u;
                const u32 i = row * 1024u + c;
                const f32 acc = x2;
                r2 = acc;
            }
            {
                const u32 c = cv * 4u + 3u;
                const u32 i = row * 1024u + c;
                const f32 acc = x3;
                r3 = acc;
            }
            reinterpret_cast<forge_v4f*>(a0)[iv] = forge_v4f{r0, r1, r2, r3};
        }
        {
            const u32 cv = 64u + lane;
            const u32 iv = row * 256u + cv;
            f32 r0;
            f32 r1;
            f32 r2;
            f32 r3;
            {
                const u32 c = cv * 4u + 0u;
                const u32 i = row * 1024u + c;
                const f32 acc = x4;
                r0 = acc;
            }
            {
                const u32 c = cv * 4u + 1u;
                const u32 i = row * 1024u + c;
                const f32 acc = x5;
                r1 = acc;
            }
            {
                const u32 c = cv * 4u + 2u;
                const u32 i = row * 1024u + c;
                const f32 acc = x6;
                r2 = acc;
            }
            {
                const u32 c = cv * 4u + 3u;
                const u32 i = row * 1024u + c;
                const f32 acc = x7;
                r3 = acc;
            }
            reinterpret_cast<forge_v4f*>(a0)[iv] = forge_v4f{r0, r1, r2, r3};
        }
        {
            const u32 cv = 128u + lane;
            const u32 iv = row * 256u + cv;
            f32 r0;
            f32 r1;
            f32 r2;
            f32 r3;
            {
                const u32 c = cv * 4u + 0u;
                const u32 i = row * 1024u + c;
                const f32 acc = x8;
                r0 = acc;
            }
            {
                const u32 c = cv * 4u + 1u;
                const u32 i = row * 1024u + c;
                const f32 acc = x9;
                r1 = acc;
            }
            {
                const u32 c = cv * 4u + 2u;
                const u32 i = row * 1024u + c;
                const f32 acc = x10;
                r2 = acc;
            }
            {
                const u32 c = cv * 4u + 3u;
                const u32 i = row * 1024u + c;
                const f32 acc = x11;
                r3 = acc;
            }
            reinterpret_cast<forge_v4f*>(a0)[iv] = forge_v4f{r0, r1, r2, r3};
        }
        {
            const u32 cv = 192u + lane;
            const u32 iv = row * 256u + cv;
            f32 r0;
            f32 r1;
            f32 r2;
            f32 r3;
            {
                const u32 c = cv * 4u + 0u;
                const u32 i = row * 1024u + c;
                const f32 acc = x12;
                r0 = acc;
            }
            {
                const u32 c = cv * 4u + 1u;
                const u32 i = row * 1024u + c;
                const f32 acc = x13;
                r1 = acc;
            }
            {
                const u32 c = cv * 4u + 2u;
                const u32 i = row * 1024u + c;
                const f32 acc = x14;
                r2 = acc;
            }
            {
                const u32 c = cv * 4u + 3u;
                const u32 i = row * 1024u + c;
                const f32 acc = x15;
                r3 = acc;
            }
            reinterpret_cast<forge_v4f*>(a0)[iv] = forge_v4f{r0, r1, r2, r3};
        }
    }
}

// node: ctx = matmul(probs, vc[l], precision = tf32x3)
// gemm decode-w2k128
__device__ __forceinline__ void forge_matmul_32ae295e3d33300c_epi(float acc, unsigned fz, unsigned fr, unsigned fj, f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2) {
    const u32 bidx = fz * 3u + fr / 1u;
    const u32 i = fr % 1u;
    const u32 j = fj;
    const u32 b0 = bidx / 3u;
    const u32 b1 = (bidx / 1u) % 3u;
    a0[((bidx * 1u + i) * 64u + j)] = acc;
}
namespace fg_forge_matmul_32ae295e3d33300c {

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
constexpr int M = 3, N = 64, K = 1024;
constexpr long long LDA = 1024, LDB = 64;
constexpr int ES = 4;
constexpr bool A_KMAJOR = true;
constexpr bool B_KMAJOR = false;
constexpr int MR = 3, WIDTH = 2, KSW = 128, PRELOAD = 4, TRIPS = 2, NT = 256, NW = NT / 32;
constexpr bool VEC = true, PACED = false, NK_PRE = false;
#undef FG_PAIR
#define FG_PAIR 0
#undef FG_RMS
#define FG_RMS 0
#undef RSS
constexpr bool G_VEC = false;

// Preloads that run ahead of a grid wait keep one group of loads in flight (`PRE_KN`,
// `PRE_NK`); below sm_90 kernels do not wait for the one ahead, so nothing overlaps the loads.
#if __CUDA_ARCH__ >= 900
constexpr bool PACE = PACED;
#else
constexpr bool PACE = false;
#endif
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
}
extern "C" __global__ void __launch_bounds__(256, 1) forge_matmul_32ae295e3d33300c(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2) {
  using namespace fg_forge_matmul_32ae295e3d33300c;
  long long aoff = 0, boff = 0;
  const unsigned bidx = blockIdx.z;
  { unsigned z = bidx;
    { unsigned q = z % 3u; z /= 3u; aoff += (long long)q * 3072ll; boff += (long long)q * 65536ll; }
  }
  const char* gA = (const char*)(const void*)(a1) + aoff * ES;
  const char* gB = (const char*)(const void*)(a2) + boff * ES;
  FG_GRID_LAUNCH();
  for (long long c = (long long)threadIdx.x * gridDim.x + blockIdx.x; c * 4096 < 262144ll; c += (long long)gridDim.x * 256)
    FG_PREFETCH_L2(gB + c * 4096, (unsigned)(min(4096ll, 262144ll - c * 4096) & ~15ll));
  FG_GRID_WAIT();
  const char* gG = gA;

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
    // Paced: one chunk of rows in flight a thread (see above), where a grid wait follows.
    constexpr int NPRE = CAN_PRE ? TRIPS : 1;
    // This thread's rows of `g` into `b`; `more`: loads follow these (B2's, after B's).
    auto preload = [&](const char* g, v4u (&b)[NPRE][EPC], bool more) {
#pragma unroll
      for (int t = 0; t < NPRE; ++t)
#pragma unroll
        for (int e = 0; e < EPC; ++e) {
          const char* p = g + ((long long)(kbeg + t * EPC + e) * LDB + n) * ES;
          b[t][e] = (PACE && e == EPC - 1 && (t + 1 < NPRE || more)) ? ld16_acquire(p) : ld16(p);
        }
    };
    preload(gB, bv, FG_PAIR);
#if FG_PAIR
    preload(gB2, bw, false);
#endif
  }

  __shared__ float part[NW][MR][NCOL];
  // A folded norm's sums of squares come from the A values the products load anyway: the
  // threads of column chunk 0 together cover K once; their sums fold with the products'.
#if FG_RMS
  __shared__ float fg_ss[NW][MR];
#define RSS(m) rss_m
#endif
  float ss[MR];
#pragma unroll
  for (int m = 0; m < MR; ++m) ss[m] = 0.f;
  const bool count = FG_RMS && ch == 0;
#if FG_PAIR
  __shared__ float part2[NW][MR][NCOL];
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
  // then add the NW warps' partials in shared memory (no atomics).
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
  // The thread that adds a column's NW partials stores it: no second barrier.
  for (int i = tid; i < MR * NCOL; i += NT) {
    const int m = i / NCOL, jj = i % NCOL;
    const int col = blockIdx.x * NCOL + jj;
#if FG_RMS
    float rss_m = 0.f;
#pragma unroll
    for (int w = 0; w < NW; ++w) rss_m += fg_ss[w][m];
#endif
    float v = 0.f;
#pragma unroll
    for (int w = 0; w < NW; ++w) v += part[w][m][jj];
#if FG_PAIR
    float v2 = 0.f;
#pragma unroll
    for (int w = 0; w < NW; ++w) v2 += part2[w][m][jj];
#endif
    if (col < N) forge_matmul_32ae295e3d33300c_epi(v, bidx, (unsigned)(m), (unsigned)(col), a0, a1, a2);
  }
}

// node: x = x + matmul(merged, transpose(wo[l]), precision = tf32x3)
extern "C" __global__ void __launch_bounds__(256) forge_matmul_5de41ee8ddf1a79f(f32* a0, const f32* a1, const unsigned char* __restrict__ a2) {
    __shared__ __align__(16) f32 red[256];
    FG_GRID_LAUNCH();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 144u) {
        return;
    }
    const u32 bidx = group / 144u;
    const u32 tile = group % 144u;
    const u32 col = lid / 64u;
    const u32 ks = lid % 64u;
    const u32 j = tile * 4u + col;
    f32 p0 = 0.0f;
    const u32 qb = ks / 8u;
    const u32 qc = (ks % 8u) * 2u;
    const u32 blk0 = (0u + 0u) * 8u + qb;
    const u32 kq0 = min(blk0, 17u) * 32u + qc;
    float4 bv0 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk1 = (0u + 1u) * 8u + qb;
    const u32 kq1 = min(blk1, 17u) * 32u + qc;
    float4 bv1 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk2 = (0u + 2u) * 8u + qb;
    const u32 kq2 = min(blk2, 17u) * 32u + qc;
    float4 bv2 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (j < 576u) {
        bv0 = forge_q4_1_x4(a2, kq0 + j * 576u);
        bv1 = forge_q4_1_x4(a2, kq1 + j * 576u);
        bv2 = forge_q4_1_x4(a2, kq2 + j * 576u);
    }
    FG_GRID_WAIT();
    if (j < 576u) {
        const float2 av0_0_0p = *reinterpret_cast<const float2*>(&a1[kq0 + 0u]);
        const f32 av0_0_0 = av0_0_0p.x;
        const f32 av0_0_1 = av0_0_0p.y;
        const float2 av0_0_2p = *reinterpret_cast<const float2*>(&a1[kq0 + 16u]);
        const f32 av0_0_2 = av0_0_2p.x;
        const f32 av0_0_3 = av0_0_2p.y;
        const float2 av0_1_0p = *reinterpret_cast<const float2*>(&a1[kq1 + 0u]);
        const f32 av0_1_0 = av0_1_0p.x;
        const f32 av0_1_1 = av0_1_0p.y;
        const float2 av0_1_2p = *reinterpret_cast<const float2*>(&a1[kq1 + 16u]);
        const f32 av0_1_2 = av0_1_2p.x;
        const f32 av0_1_3 = av0_1_2p.y;
        const float2 av0_2_0p = *reinterpret_cast<const float2*>(&a1[kq2 + 0u]);
        const f32 av0_2_0 = av0_2_0p.x;
        const f32 av0_2_1 = av0_2_0p.y;
        const float2 av0_2_2p = *reinterpret_cast<const float2*>(&a1[kq2 + 16u]);
        const f32 av0_2_2 = av0_2_2p.x;
        const f32 av0_2_3 = av0_2_2p.y;
        p0 = p0 + select(0.0f, av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w, blk0 < 18u);
        p0 = p0 + select(0.0f, av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w, blk1 < 18u);
        p0 = p0 + select(0.0f, av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w, blk2 < 18u);
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 16);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    red[(u32(ks) * 1u + 0u) * 4u + u32(col)] = p0;
    __syncthreads();
    if (ks == 0u && j < 576u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 2u; ++q) {
                acc = acc + red[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
            }
            a0[((bidx * 1u + i) * 576u + j)] = (a0[j] + acc);
        }
    }
}

// node: a = rms_norm(x, ffn_norm[l], eps); hid = silu(matmul(a, transpose(w_gate[l]), precision = tf32x3)) * matmul(a, transpose(w_up[l]), precision = tf32x3)
extern "C" __global__ void __launch_bounds__(256) forge_matmul_3d91003f16720bfd(f32* a0, const unsigned char* __restrict__ a1, const unsigned char* __restrict__ a2, const f32* a3, const f32* __restrict__ a4, const u32* __restrict__ u) {
    __shared__ __align__(16) f32 red[256];
    __shared__ __align__(16) f32 red2[256];
    __shared__ __align__(16) f32 red3[64];
    FG_GRID_LAUNCH();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 384u) {
        return;
    }
    const u32 bidx = group / 384u;
    const u32 tile = group % 384u;
    const u32 col = lid / 64u;
    const u32 ks = lid % 64u;
    const u32 j = tile * 4u + col;
    f32 p0 = 0.0f;
    f32 q0 = 0.0f;
    f32 s0 = 0.0f;
    const u32 qb = ks / 8u;
    const u32 qc = (ks % 8u) * 2u;
    const u32 blk0 = (0u + 0u) * 8u + qb;
    const u32 kq0 = min(blk0, 17u) * 32u + qc;
    float4 bv0 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float4 bw0 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk1 = (0u + 1u) * 8u + qb;
    const u32 kq1 = min(blk1, 17u) * 32u + qc;
    float4 bv1 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float4 bw1 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk2 = (0u + 2u) * 8u + qb;
    const u32 kq2 = min(blk2, 17u) * 32u + qc;
    float4 bv2 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float4 bw2 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (j < 1536u) {
        bv0 = forge_q4_1_x4(a1, kq0 + j * 576u);
        bw0 = forge_q4_1_x4(a2, kq0 + j * 576u);
        bv1 = forge_q4_1_x4(a1, kq1 + j * 576u);
        bw1 = forge_q4_1_x4(a2, kq1 + j * 576u);
        bv2 = forge_q4_1_x4(a1, kq2 + j * 576u);
        bw2 = forge_q4_1_x4(a2, kq2 + j * 576u);
    }
    FG_GRID_WAIT();
    if (j < 1536u) {
        const float2 av0_0_0p = *reinterpret_cast<const float2*>(&a3[kq0 + 0u]);
        const f32 av0_0_0 = av0_0_0p.x;
        const f32 av0_0_1 = av0_0_0p.y;
        const float2 av0_0_2p = *reinterpret_cast<const float2*>(&a3[kq0 + 16u]);
        const f32 av0_0_2 = av0_0_2p.x;
        const f32 av0_0_3 = av0_0_2p.y;
        const float2 gv0_0_0p = *reinterpret_cast<const float2*>(&a4[kq0 + 0u]);
        const f32 gv0_0_0 = gv0_0_0p.x;
        const f32 gv0_0_1 = gv0_0_0p.y;
        const float2 gv0_0_2p = *reinterpret_cast<const float2*>(&a4[kq0 + 16u]);
        const f32 gv0_0_2 = gv0_0_2p.x;
        const f32 gv0_0_3 = gv0_0_2p.y;
        const float2 av0_1_0p = *reinterpret_cast<const float2*>(&a3[kq1 + 0u]);
        const f32 av0_1_0 = av0_1_0p.x;
        const f32 av0_1_1 = av0_1_0p.y;
        const float2 av0_1_2p = *reinterpret_cast<const float2*>(&a3[kq1 + 16u]);
        const f32 av0_1_2 = av0_1_2p.x;
        const f32 av0_1_3 = av0_1_2p.y;
        const float2 gv0_1_0p = *reinterpret_cast<const float2*>(&a4[kq1 + 0u]);
        const f32 gv0_1_0 = gv0_1_0p.x;
        const f32 gv0_1_1 = gv0_1_0p.y;
        const float2 gv0_1_2p = *reinterpret_cast<const float2*>(&a4[kq1 + 16u]);
        const f32 gv0_1_2 = gv0_1_2p.x;
        const f32 gv0_1_3 = gv0_1_2p.y;
        const float2 av0_2_0p = *reinterpret_cast<const float2*>(&a3[kq2 + 0u]);
        const f32 av0_2_0 = av0_2_0p.x;
        const f32 av0_2_1 = av0_2_0p.y;
        const float2 av0_2_2p = *reinterpret_cast<const float2*>(&a3[kq2 + 16u]);
        const f32 av0_2_2 = av0_2_2p.x;
        const f32 av0_2_3 = av0_2_2p.y;
        const float2 gv0_2_0p = *reinterpret_cast<const float2*>(&a4[kq2 + 0u]);
        const f32 gv0_2_0 = gv0_2_0p.x;
        const f32 gv0_2_1 = gv0_2_0p.y;
        const float2 gv0_2_2p = *reinterpret_cast<const float2*>(&a4[kq2 + 16u]);
        const f32 gv0_2_2 = gv0_2_2p.x;
        const f32 gv0_2_3 = gv0_2_2p.y;
        s0 = s0 + select(0.0f, av0_0_0 * av0_0_0 + av0_0_1 * av0_0_1 + av0_0_2 * av0_0_2 + av0_0_3 * av0_0_3, blk0 < 18u);
        p0 = p0 + select(0.0f, (av0_0_0 * gv0_0_0) * bv0.x + (av0_0_1 * gv0_0_1) * bv0.y + (av0_0_2 * gv0_0_2) * bv0.z + (av0_0_3 * gv0_0_3) * bv0.w, blk0 < 18u);
        q0 = q0 + select(0.0f, (av0_0_0 * gv0_0_0) * bw0.x + (av0_0_1 * gv0_0_1) * bw0.y + (av0_0_2 * gv0_0_2) * bw0.z + (av0_0_3 * gv0_0_3) * bw0.w, blk0 < 18u);
        s0 = s0 + select(0.0f, av0_1_0 * av0_1_0 + av0_1_1 * av0_1_1 + av0_1_2 * av0_1_2 + av0_1_3 * av0_1_3, blk1 < 18u);
        p0 = p0 + select(0.0f, (av0_1_0 * gv0_1_0) * bv1.x + (av0_1_1 * gv0_1_1) * bv1.y + (av0_1_2 * gv0_1_2) * bv1.z + (av0_1_3 * gv0_1_3) * bv1.w, blk1 < 18u);
        q0 = q0 + select(0.0f, (av0_1_0 * gv0_1_0) * bw1.x + (av0_1_1 * gv0_1_1) * bw1.y + (av0_1_2 * gv0_1_2) * bw1.z + (av0_1_3 * gv0_1_3) * bw1.w, blk1 < 18u);
        s0 = s0 + select(0.0f, av0_2_0 * av0_2_0 + av0_2_1 * av0_2_1 + av0_2_2 * av0_2_2 + av0_2_3 * av0_2_3, blk2 < 18u);
        p0 = p0 + select(0.0f, (av0_2_0 * gv0_2_0) * bv2.x + (av0_2_1 * gv0_2_1) * bv2.y + (av0_2_2 * gv0_2_2) * bv2.z + (av0_2_3 * gv0_2_3) * bv2.w, blk2 < 18u);
        q0 = q0 + select(0.0f, (av0_2_0 * gv0_2_0) * bw2.x + (av0_2_1 * gv0_2_1) * bw2.y + (av0_2_2 * gv0_2_2) * bw2.z + (av0_2_3 * gv0_2_3) * bw2.w, blk2 < 18u);
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 16);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    q0 = q0 + __shfl_xor_sync(0xffffffffu, q0, 16);
    q0 = q0 + __shfl_xor_sync(0xffffffffu, q0, 8);
    q0 = q0 + __shfl_xor_sync(0xffffffffu, q0, 4);
    q0 = q0 + __shfl_xor_sync(0xffffffffu, q0, 2);
    q0 = q0 + __shfl_xor_sync(0xffffffffu, q0, 1);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 16);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 8);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 4);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 2);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 1);
    red[(u32(ks) * 1u + 0u) * 4u + u32(col)] = p0;
    red2[(u32(ks) * 1u + 0u) * 4u + u32(col)] = q0;
    if (col == 0u) {
        red3[u32(ks) * 1u + 0u] = s0;
    }
    __syncthreads();
    if (ks == 0u && j < 1536u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            f32 acc2 = 0.0f;
            f32 ss = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 2u; ++q) {
                acc = acc + red[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
                acc2 = acc2 + red2[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
                ss = ss + red3[q * 32u * 1u + u32(i)];
            }
            const f32 inv = rsqrtf(ss / 576.0f + __uint_as_float(u[3]));
            acc = acc * inv;
            acc2 = acc2 * inv;
            a0[((bidx * 1u + i) * 1536u + j)] = (forge_silu(acc2) * acc);
        }
    }
}

// node: x = x + matmul(hid, transpose(w_down[l]), precision = tf32x3)
extern "C" __global__ void __launch_bounds__(256) forge_matmul_c240b71100a4aa57(f32* a0, const f32* a1, const unsigned char* __restrict__ a2) {
    __shared__ __align__(16) f32 red[256];
    FG_GRID_LAUNCH();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 144u) {
        return;
    }
    const u32 bidx = group / 144u;
    const u32 tile = group % 144u;
    const u32 col = lid / 64u;
    const u32 ks = lid % 64u;
    const u32 j = tile * 4u + col;
    f32 p0 = 0.0f;
    const u32 qb = ks / 8u;
    const u32 qc = (ks % 8u) * 2u;
    const u32 blk0 = (0u + 0u) * 8u + qb;
    const u32 kq0 = blk0 * 32u + qc;
    float4 bv0 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk1 = (0u + 1u) * 8u + qb;
    const u32 kq1 = blk1 * 32u + qc;
    float4 bv1 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk2 = (0u + 2u) * 8u + qb;
    const u32 kq2 = blk2 * 32u + qc;
    float4 bv2 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk3 = (0u + 3u) * 8u + qb;
    const u32 kq3 = blk3 * 32u + qc;
    float4 bv3 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk4 = (0u + 4u) * 8u + qb;
    const u32 kq4 = blk4 * 32u + qc;
    float4 bv4 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const u32 blk5 = (0u + 5u) * 8u + qb;
    const u32 kq5 = blk5 * 32u + qc;
    float4 bv5 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (j < 576u) {
        bv0 = forge_q4_1_x4(a2, kq0 + j * 1536u);
        bv1 = forge_q4_1_x4(a2, kq1 + j * 1536u);
        bv2 = forge_q4_1_x4(a2, kq2 + j * 1536u);
        bv3 = forge_q4_1_x4(a2, kq3 + j * 1536u);
        bv4 = forge_q4_1_x4(a2, kq4 + j * 1536u);
        bv5 = forge_q4_1_x4(a2, kq5 + j * 1536u);
    }
    FG_GRID_WAIT();
    if (j < 576u) {
        const float2 av0_0_0p = *reinterpret_cast<const float2*>(&a1[kq0 + 0u]);
        const f32 av0_0_0 = av0_0_0p.x;
        const f32 av0_0_1 = av0_0_0p.y;
        const float2 av0_0_2p = *reinterpret_cast<const float2*>(&a1[kq0 + 16u]);
        const f32 av0_0_2 = av0_0_2p.x;
        const f32 av0_0_3 = av0_0_2p.y;
        const float2 av0_1_0p = *reinterpret_cast<const float2*>(&a1[kq1 + 0u]);
        const f32 av0_1_0 = av0_1_0p.x;
        const f32 av0_1_1 = av0_1_0p.y;
        const float2 av0_1_2p = *reinterpret_cast<const float2*>(&a1[kq1 + 16u]);
        const f32 av0_1_2 = av0_1_2p.x;
        const f32 av0_1_3 = av0_1_2p.y;
        const float2 av0_2_0p = *reinterpret_cast<const float2*>(&a1[kq2 + 0u]);
        const f32 av0_2_0 = av0_2_0p.x;
        const f32 av0_2_1 = av0_2_0p.y;
        const float2 av0_2_2p = *reinterpret_cast<const float2*>(&a1[kq2 + 16u]);
        const f32 av0_2_2 = av0_2_2p.x;
        const f32 av0_2_3 = av0_2_2p.y;
        const float2 av0_3_0p = *reinterpret_cast<const float2*>(&a1[kq3 + 0u]);
        const f32 av0_3_0 = av0_3_0p.x;
        const f32 av0_3_1 = av0_3_0p.y;
        const float2 av0_3_2p = *reinterpret_cast<const float2*>(&a1[kq3 + 16u]);
        const f32 av0_3_2 = av0_3_2p.x;
        const f32 av0_3_3 = av0_3_2p.y;
        const float2 av0_4_0p = *reinterpret_cast<const float2*>(&a1[kq4 + 0u]);
        const f32 av0_4_0 = av0_4_0p.x;
        const f32 av0_4_1 = av0_4_0p.y;
        const float2 av0_4_2p = *reinterpret_cast<const float2*>(&a1[kq4 + 16u]);
        const f32 av0_4_2 = av0_4_2p.x;
        const f32 av0_4_3 = av0_4_2p.y;
        const float2 av0_5_0p = *reinterpret_cast<const float2*>(&a1[kq5 + 0u]);
        const f32 av0_5_0 = av0_5_0p.x;
        const f32 av0_5_1 = av0_5_0p.y;
        const float2 av0_5_2p = *reinterpret_cast<const float2*>(&a1[kq5 + 16u]);
        const f32 av0_5_2 = av0_5_2p.x;
        const f32 av0_5_3 = av0_5_2p.y;
        p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
        p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
        p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
        p0 = p0 + av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w;
        p0 = p0 + av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w;
        p0 = p0 + av0_5_0 * bv5.x + av0_5_1 * bv5.y + av0_5_2 * bv5.z + av0_5_3 * bv5.w;
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 16);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    red[(u32(ks) * 1u + 0u) * 4u + u32(col)] = p0;
    __syncthreads();
    if (ks == 0u && j < 576u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 2u; ++q) {
                acc = acc + red[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
            }
            a0[((bidx * 1u + i) * 576u + j)] = (a0[j] + acc);
        }
    }
}

// node: a = rms_norm(x, attn_norm[l], eps); …(+3); vc[l, h, o, pos + t, e] = qkv[t, D + KVD + h * E + e]
// runs forge_matmul_de3f97fdca609203 (above)

// node: scores = select(mask == 0.0, matmul(qh, transpose(kc[l]), precision = tf32x3) * rsqrt(E as f32), -inf)
// runs forge_matmul_1c25c6f6ed792053 (above)

// node: probs = softmax(scores)
// runs forge_softmax_c0153ca74b86d128 (above)

// node: ctx = matmul(probs, vc[l], precision = tf32x3)
// runs forge_matmul_32ae295e3d33300c (above)

// node: x = x + matmul(merged, transpose(wo[l]), precision = tf32x3)
// runs forge_matmul_5de41ee8ddf1a79f (above)

// node: a = rms_norm(x, ffn_norm[l], eps); hid = silu(matmul(a, transpose(w_gate[l]), precision = tf32x3)) * matmul(a, transpose(w_up[l]), precision = tf32x3)
// runs forge_matmul_3d91003f16720bfd (above)

// node: x = x + matmul(hid, transpose(w_down[l]), precision = tf32x3)
// runs forge_matmul_c240b71100a4aa57 (above)

// node: last[o, d] = x[o + n - 1, d]; lastn = rms_norm(last, out_norm, eps); logits = matmul(lastn, transpose(emb))
extern "C" __global__ void __launch_bounds__(256) forge_matmul_3317c19187bba22d(f32* a0, const unsigned char* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3, const u32* __restrict__ u) {
    __shared__ __align__(16) f32 red[256];
    __shared__ __align__(16) f32 red3[16];
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 3072u) {
        return;
    }
    const u32 bidx = group / 3072u;
    const u32 tile = group % 3072u;
    const u32 col = lid / 16u;
    const u32 ks = lid % 16u;
    const u32 j = tile * 16u + col;
    f32 p0 = 0.0f;
    f32 s0 = 0.0f;
    const u32 qb = ks / 8u;
    const u32 qc = (ks % 8u) * 2u;
    if (j < 49152u) {
        for (u32 t0 = 0u; t0 < 9u; t0 += 3u) {
            const u32 blk0 = (t0 + 0u) * 2u + qb;
            const u32 kq0 = blk0 * 32u + qc;
            const float4 bv0 = forge_q8_0_x4(a1, kq0 + j * 576u);
            const f32 av0_0_0 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq0 + 0u), 575u)];
            const f32 av0_0_1 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq0 + 1u), 575u)];
            const f32 av0_0_2 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq0 + 16u), 575u)];
            const f32 av0_0_3 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq0 + 17u), 575u)];
            const float2 gv0_0_0p = *reinterpret_cast<const float2*>(&a2[kq0 + 0u]);
            const f32 gv0_0_0 = gv0_0_0p.x;
            const f32 gv0_0_1 = gv0_0_0p.y;
            const float2 gv0_0_2p = *reinterpret_cast<const float2*>(&a2[kq0 + 16u]);
            const f32 gv0_0_2 = gv0_0_2p.x;
            const f32 gv0_0_3 = gv0_0_2p.y;
            const u32 blk1 = (t0 + 1u) * 2u + qb;
            const u32 kq1 = blk1 * 32u + qc;
            const float4 bv1 = forge_q8_0_x4(a1, kq1 + j * 576u);
            const f32 av0_1_0 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq1 + 0u), 575u)];
            const f32 av0_1_1 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq1 + 1u), 575u)];
            const f32 av0_1_2 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq1 + 16u), 575u)];
            const f32 av0_1_3 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq1 + 17u), 575u)];
            const float2 gv0_1_0p = *reinterpret_cast<const float2*>(&a2[kq1 + 0u]);
            const f32 gv0_1_0 = gv0_1_0p.x;
            const f32 gv0_1_1 = gv0_1_0p.y;
            const float2 gv0_1_2p = *reinterpret_cast<const float2*>(&a2[kq1 + 16u]);
            const f32 gv0_1_2 = gv0_1_2p.x;
            const f32 gv0_1_3 = gv0_1_2p.y;
            const u32 blk2 = (t0 + 2u) * 2u + qb;
            const u32 kq2 = blk2 * 32u + qc;
            const float4 bv2 = forge_q8_0_x4(a1, kq2 + j * 576u);
            const f32 av0_2_0 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq2 + 0u), 575u)];
            const f32 av0_2_1 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq2 + 1u), 575u)];
            const f32 av0_2_2 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq2 + 16u), 575u)];
            const f32 av0_2_3 = a3[min(((u32(i32(0)) + u[1]) - 1u), 0u) * 576u + min(u32(kq2 + 17u), 575u)];
            const float2 gv0_2_0p = *reinterpret_cast<const float2*>(&a2[kq2 + 0u]);
            const f32 gv0_2_0 = gv0_2_0p.x;
            const f32 gv0_2_1 = gv0_2_0p.y;
            const float2 gv0_2_2p = *reinterpret_cast<const float2*>(&a2[kq2 + 16u]);
            const f32 gv0_2_2 = gv0_2_2p.x;
            const f32 gv0_2_3 = gv0_2_2p.y;
            s0 = s0 + av0_0_0 * av0_0_0 + av0_0_1 * av0_0_1 + av0_0_2 * av0_0_2 + av0_0_3 * av0_0_3;
            p0 = p0 + (av0_0_0 * gv0_0_0) * bv0.x + (av0_0_1 * gv0_0_1) * bv0.y + (av0_0_2 * gv0_0_2) * bv0.z + (av0_0_3 * gv0_0_3) * bv0.w;
            s0 = s0 + av0_1_0 * av0_1_0 + av0_1_1 * av0_1_1 + av0_1_2 * av0_1_2 + av0_1_3 * av0_1_3;
            p0 = p0 + (av0_1_0 * gv0_1_0) * bv1.x + (av0_1_1 * gv0_1_1) * bv1.y + (av0_1_2 * gv0_1_2) * bv1.z + (av0_1_3 * gv0_1_3) * bv1.w;
            s0 = s0 + av0_2_0 * av0_2_0 + av0_2_1 * av0_2_1 + av0_2_2 * av0_2_2 + av0_2_3 * av0_2_3;
            p0 = p0 + (av0_2_0 * gv0_2_0) * bv2.x + (av0_2_1 * gv0_2_1) * bv2.y + (av0_2_2 * gv0_2_2) * bv2.z + (av0_2_3 * gv0_2_3) * bv2.w;
        }
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 8);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 4);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 2);
    s0 = s0 + __shfl_xor_sync(0xffffffffu, s0, 1);
    red[(u32(ks) * 1u + 0u) * 16u + u32(col)] = p0;
    if (col == 0u) {
        red3[u32(ks) * 1u + 0u] = s0;
    }
    __syncthreads();
    if (ks == 0u && j < 49152u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            f32 ss = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 1u; ++q) {
                acc = acc + red[(q * 16u * 1u + u32(i)) * 16u + u32(col)];
                ss = ss + red3[q * 16u * 1u + u32(i)];
            }
            const f32 inv = rsqrtf(ss / 576.0f + __uint_as_float(u[3]));
            acc = acc * inv;
            a0[((bidx * 1u + i) * 49152u + j)] = acc;
        }
    }
}

// node: next = argmax(logits)
extern "C" __global__ void __launch_bounds__(1024) forge_row_a68d8fa4e6238dc7(u32* a0, const f32* __restrict__ a1) {
    __shared__ __align__(16) f32 redarg0[32];
    __shared__ __align__(16) u32 redarg1[32];
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group * 1u >= 1u) {
        return;
    }
    const u32 lane = lid & 1023u;
    const u32 slot = group * 1u + lid / 1024u;
    const bool live = slot < 1u;
    const u32 row = select(0u, slot, live);
    const u32 l0 = row;
    f32 part = 0.0f;
    f32 x0 = __uint_as_float(4286578688u);
    f32 x1 = __uint_as_float(4286578688u);
    f32 x2 = __uint_as_float(4286578688u);
    f32 x3 = __uint_as_float(4286578688u);
    f32 x4 = __uint_as_float(4286578688u);
    f32 x5 = __uint_as_float(4286578688u);
    f32 x6 = __uint_as_float(4286578688u);
    f32 x7 = __uint_as_float(4286578688u);
    f32 x8 = __uint_as_float(4286578688u);
    f32 x9 = __uint_as_float(4286578688u);
    f32 x10 = __uint_as_float(4286578688u);
    f32 x11 = __uint_as_float(4286578688u);
    f32 x12 = __uint_as_float(4286578688u);
    f32 x13 = __uint_as_float(4286578688u);
    f32 x14 = __uint_as_float(4286578688u);
    f32 x15 = __uint_as_float(4286578688u);
    f32 x16 = __uint_as_float(4286578688u);
    f32 x17 = __uint_as_float(4286578688u);
    f32 x18 = __uint_as_float(4286578688u);
    f32 x19 = __uint_as_float(4286578688u);
    f32 x20 = __uint_as_float(4286578688u);
    f32 x21 = __uint_as_float(4286578688u);
    f32 x22 = __uint_as_float(4286578688u);
    f32 x23 = __uint_as_float(4286578688u);
    f32 x24 = __uint_as_float(4286578688u);
    f32 x25 = __uint_as_float(4286578688u);
    f32 x26 = __uint_as_float(4286578688u);
    f32 x27 = __uint_as_float(4286578688u);
    f32 x28 = __uint_as_float(4286578688u);
    f32 x29 = __uint_as_float(4286578688u);
    f32 x30 = __uint_as_float(4286578688u);
    f32 x31 = __uint_as_float(4286578688u);
    f32 x32 = __uint_as_float(4286578688u);
    f32 x33 = __uint_as_float(4286578688u);
    f32 x34 = __uint_as_float(4286578688u);
    f32 x35 = __uint_as_float(4286578688u);
    f32 x36 = __uint_as_float(4286578688u);
    f32 x37 = __uint_as_float(4286578688u);
    f32 x38 = __uint_as_float(4286578688u);
    f32 x39 = __uint_as_float(4286578688u);
    f32 x40 = __uint_as_float(4286578688u);
    f32 x41 = __uint_as_float(4286578688u);
    f32 x42 = __uint_as_float(4286578688u);
    f32 x43 = __uint_as_float(4286578688u);
    f32 x44 = __uint_as_float(4286578688u);
    f32 x45 = __uint_as_float(4286578688u);
    f32 x46 = __uint_as_float(4286578688u);
    f32 x47 = __uint_as_float(4286578688u);
    {
        const u32 cv = lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x0 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x1 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x2 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x3 = q1_1.w;
        }
    }
    {
        const u32 cv = 1024u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x4 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x5 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x6 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x7 = q1_1.w;
        }
    }
    {
        const u32 cv = 2048u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x8 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x9 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x10 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x11 = q1_1.w;
        }
    }
    {
        const u32 cv = 3072u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x12 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x13 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x14 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x15 = q1_1.w;
        }
    }
    {
        const u32 cv = 4096u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x16 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x17 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x18 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x19 = q1_1.w;
        }
    }
    {
        const u32 cv = 5120u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x20 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x21 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x22 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x23 = q1_1.w;
        }
    }
    {
        const u32 cv = 6144u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x24 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x25 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x26 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x27 = q1_1.w;
        }
    }
    {
        const u32 cv = 7168u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x28 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x29 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x30 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x31 = q1_1.w;
        }
    }
    {
        const u32 cv = 8192u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x32 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x33 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x34 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x35 = q1_1.w;
        }
    }
    {
        const u32 cv = 9216u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x36 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x37 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x38 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x39 = q1_1.w;
        }
    }
    {
        const u32 cv = 10240u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x40 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x41 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x42 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x43 = q1_1.w;
        }
    }
    {
        const u32 cv = 11264u + lane;
        const u32 iv = row * 12288u + cv;
        const forge_v4f q1_1 = reinterpret_cast<const forge_v4f*>(a1)[cv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 49152u + c;
            x44 = q1_1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 49152u + c;
            x45 = q1_1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 49152u + c;
            x46 = q1_1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 49152u + c;
            x47 = q1_1.w;
        }
    }
    f32 best = __uint_as_float(4286578688u);
    u32 besti = 4294967295u;
    if (x0 > best || (x0 == best && u32((lane) * 4u + 0u) < besti)) {
        best = x0;
        besti = u32((lane) * 4u + 0u);
    }
    if (x1 > best || (x1 == best && u32((lane) * 4u + 1u) < besti)) {
        best = x1;
        besti = u32((lane) * 4u + 1u);
    }
    if (x2 > best || (x2 == best && u32((lane) * 4u + 2u) < besti)) {
        best = x2;
        besti = u32((lane) * 4u + 2u);
    }
    if (x3 > best || (x3 == best && u32((lane) * 4u + 3u) < besti)) {
        best = x3;
        besti = u32((lane) * 4u + 3u);
    }
    if (x4 > best || (x4 == best && u32((1024u + lane) * 4u + 0u) < besti)) {
        best = x4;
        besti = u32((1024u + lane) * 4u + 0u);
    }
    if (x5 > best || (x5 == best && u32((1024u + lane) * 4u + 1u) < besti)) {
        best = x5;
        besti = u32((1024u + lane) * 4u + 1u);
    }
    if (x6 > best || (x6 == best && u32((1024u + lane) * 4u + 2u) < besti)) {
        best = x6;
        besti = u32((1024u + lane) * 4u + 2u);
    }
    if (x7 > best || (x7 == best && u32((1024u + lane) * 4u + 3u) < besti)) {
        best = x7;
        besti = u32((1024u + lane) * 4u + 3u);
    }
    if (x8 > best || (x8 == best && u32((2048u + lane) * 4u + 0u) < besti)) {
        best = x8;
        besti = u32((2048u + lane) * 4u + 0u);
    }
    if (x9 > best || (x9 == best && u32((2048u + lane) * 4u + 1u) < besti)) {
        best = x9;
        besti = u32((2048u + lane) * 4u + 1u);
    }
    if (x10 > best || (x10 == best && u32((2048u + lane) * 4u + 2u) < besti)) {
        best = x10;
        besti = u32((2048u + lane) * 4u + 2u);
    }
    if (x11 > best || (x11 == best && u32((2048u + lane) * 4u + 3u) < besti)) {
        best = x11;
        besti = u32((2048u + lane) * 4u + 3u);
    }
    if (x12 > best || (x12 == best && u32((3072u + lane) * 4u + 0u) < besti)) {
        best = x12;
        besti = u32((3072u + lane) * 4u + 0u);
    }
    if (x13 > best || (x13 == best && u32((3072u + lane) * 4u + 1u) < besti)) {
        best = x13;
        besti = u32((3072u + lane) * 4u + 1u);
    }
    if (x14 > best || (x14 == best && u32((3072u + lane) * 4u + 2u) < besti)) {
        best = x14;
        besti = u32((3072u + lane) * 4u + 2u);
    }
    if (x15 > best || (x15 == best && u32((3072u + lane) * 4u + 3u) < besti)) {
        best = x15;
        besti = u32((3072u + lane) * 4u + 3u);
    }
    if (x16 > best || (x16 == best && u32((4096u + lane) * 4u + 0u) < besti)) {
        best = x16;
        besti = u32((4096u + lane) * 4u + 0u);
    }
    if (x17 > best || (x17 == best && u32((4096u + lane) * 4u + 1u) < besti)) {
        best = x17;
        besti = u32((4096u + lane) * 4u + 1u);
    }
    if (x18 > best || (x18 == best && u32((4096u + lane) * 4u + 2u) < besti)) {
        best = x18;
        besti = u32((4096u + lane) * 4u + 2u);
    }
    if (x19 > best || (x19 == best && u32((4096u + lane) * 4u + 3u) < besti)) {
        best = x19;
        besti = u32((4096u + lane) * 4u + 3u);
    }
    if (x20 > best || (x20 == best && u32((5120u + lane) * 4u + 0u) < besti)) {
        best = x20;
        besti = u32((5120u + lane) * 4u + 0u);
    }
    if (x21 > best || (x21 == best && u32((5120u + lane) * 4u + 1u) < besti)) {
        best = x21;
        besti = u32((5120u + lane) * 4u + 1u);
    }
    if (x22 > best || (x22 == best && u32((5120u + lane) * 4u + 2u) < besti)) {
        best = x22;
        besti = u32((5120u + lane) * 4u + 2u);
    }
    if (x23 > best || (x23 == best && u32((5120u + lane) * 4u + 3u) < besti)) {
        best = x23;
        besti = u32((5120u + lane) * 4u + 3u);
    }
    if (x24 > best || (x24 == best && u32((6144u + lane) * 4u + 0u) < besti)) {
        best = x24;
        besti = u32((6144u + lane) * 4u + 0u);
    }
    if (x25 > best || (x25 == best && u32((6144u + lane) * 4u + 1u) < besti)) {
        best = x25;
        besti = u32((6144u + lane) * 4u + 1u);
    }
    if (x26 > best || (x26 == best && u32((6144u + lane) * 4u + 2u) < besti)) {
        best = x26;
        besti = u32((6144u + lane) * 4u + 2u);
    }
    if (x27 > best || (x27 == best && u32((6144u + lane) * 4u + 3u) < besti)) {
        best = x27;
        besti = u32((6144u + lane) * 4u + 3u);
    }
    if (x28 > best || (x28 == best && u32((7168u + lane) * 4u + 0u) < besti)) {
        best = x28;
        besti = u32((7168u + lane) * 4u + 0u);
    }
    if (x29 > best || (x29 == best && u32((7168u + lane) * 4u + 1u) < besti)) {
        best = x29;
        besti = u32((7168u + lane) * 4u + 1u);
    }
    if (x30 > best || (x30 == best && u32((7168u + lane) * 4u + 2u) < besti)) {
        best = x30;
        besti = u32((7168u + lane) * 4u + 2u);
    }
    if (x31 > best || (x31 == best && u32((7168u + lane) * 4u + 3u) < besti)) {
        best = x31;
        besti = u32((7168u + lane) * 4u + 3u);
    }
    if (x32 > best || (x32 == best && u32((8192u + lane) * 4u + 0u) < besti)) {
        best = x32;
        besti = u32((8192u + lane) * 4u + 0u);
    }
    if (x33 > best || (x33 == best && u32((8192u + lane) * 4u + 1u) < besti)) {
        best = x33;
        besti = u32((8192u + lane) * 4u + 1u);
    }
    if (x34 > best || (x34 == best && u32((8192u + lane) * 4u + 2u) < besti)) {
        best = x34;
        besti = u32((8192u + lane) * 4u + 2u);
    }
    if (x35 > best || (x35 == best && u32((8192u + lane) * 4u + 3u) < besti)) {
        best = x35;
        besti = u32((8192u + lane) * 4u + 3u);
    }
    if (x36 > best || (x36 == best && u32((9216u + lane) * 4u + 0u) < besti)) {
        best = x36;
        besti = u32((9216u + lane) * 4u + 0u);
    }
    if (x37 > best || (x37 == best && u32((9216u + lane) * 4u + 1u) < besti)) {
        best = x37;
        besti = u32((9216u + lane) * 4u + 1u);
    }
    if (x38 > best || (x38 == best && u32((9216u + lane) * 4u + 2u) < besti)) {
        best = x38;
        besti = u32((9216u + lane) * 4u + 2u);
    }
    if (x39 > best || (x39 == best && u32((9216u + lane) * 4u + 3u) < besti)) {
        best = x39;
        besti = u32((9216u + lane) * 4u + 3u);
    }
    if (x40 > best || (x40 == best && u32((10240u + lane) * 4u + 0u) < besti)) {
        best = x40;
        besti = u32((10240u + lane) * 4u + 0u);
    }
    if (x41 > best || (x41 == best && u32((10240u + lane) * 4u + 1u) < besti)) {
        best = x41;
        besti = u32((10240u + lane) * 4u + 1u);
    }
    if (x42 > best || (x42 == best && u32((10240u + lane) * 4u + 2u) < besti)) {
        best = x42;
        besti = u32((10240u + lane) * 4u + 2u);
    }
    if (x43 > best || (x43 == best && u32((10240u + lane) * 4u + 3u) < besti)) {
        best = x43;
        besti = u32((10240u + lane) * 4u + 3u);
    }
    if (x44 > best || (x44 == best && u32((11264u + lane) * 4u + 0u) < besti)) {
        best = x44;
        besti = u32((11264u + lane) * 4u + 0u);
    }
    if (x45 > best || (x45 == best && u32((11264u + lane) * 4u + 1u) < besti)) {
        best = x45;
        besti = u32((11264u + lane) * 4u + 1u);
    }
    if (x46 > best || (x46 == best && u32((11264u + lane) * 4u + 2u) < besti)) {
        best = x46;
        besti = u32((11264u + lane) * 4u + 2u);
    }
    if (x47 > best || (x47 == best && u32((11264u + lane) * 4u + 3u) < besti)) {
        best = x47;
        besti = u32((11264u + lane) * 4u + 3u);
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, best, 16);
        const u32 o1 = __shfl_xor_sync(0xffffffffu, besti, 16);
        if (o0 > best || (o0 == best && o1 < besti)) {
            best = o0;
            besti = o1;
        }
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, best, 8);
        const u32 o1 = __shfl_xor_sync(0xffffffffu, besti, 8);
        if (o0 > best || (o0 == best && o1 < besti)) {
            best = o0;
            besti = o1;
        }
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, best, 4);
        const u32 o1 = __shfl_xor_sync(0xffffffffu, besti, 4);
        if (o0 > best || (o0 == best && o1 < besti)) {
            best = o0;
            besti = o1;
        }
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, best, 2);
        const u32 o1 = __shfl_xor_sync(0xffffffffu, besti, 2);
        if (o0 > best || (o0 == best && o1 < besti)) {
            best = o0;
            besti = o1;
        }
    }
    {
        const f32 o0 = __shfl_xor_sync(0xffffffffu, best, 1);
        const u32 o1 = __shfl_xor_sync(0xffffffffu, besti, 1);
        if (o0 > best || (o0 == best && o1 < besti)) {
            best = o0;
            besti = o1;
        }
    }
    if ((lid & 31u) == 0u) {
        redarg0[lid >> 5u] = best;
        redarg1[lid >> 5u] = besti;
    }
    __syncthreads();
    const u32 redarg_warp = (lid / 1024u) * 32u;
    f32 redarg_w1_0 = redarg0[redarg_warp + 1u];
    u32 redarg_w1_1 = redarg1[redarg_warp + 1u];
    f32 redarg_w2_0 = redarg0[redarg_warp + 2u];
    u32 redarg_w2_1 = redarg1[redarg_warp + 2u];
    f32 redarg_w3_0 = redarg0[redarg_warp + 3u];
    u32 redarg_w3_1 = redarg1[redarg_warp + 3u];
    f32 redarg_w4_0 = redarg0[redarg_warp + 4u];
    u32 redarg_w4_1 = redarg1[redarg_warp + 4u];
    f32 redarg_w5_0 = redarg0[redarg_warp + 5u];
    u32 redarg_w5_1 = redarg1[redarg_warp + 5u];
    f32 redarg_w6_0 = redarg0[redarg_warp + 6u];
    u32 redarg_w6_1 = redarg1[redarg_warp + 6u];
    f32 redarg_w7_0 = redarg0[redarg_warp + 7u];
    u32 redarg_w7_1 = redarg1[redarg_warp + 7u];
    f32 redarg_w8_0 = redarg0[redarg_warp + 8u];
    u32 redarg_w8_1 = redarg1[redarg_warp + 8u];
    f32 redarg_w9_0 = redarg0[redarg_warp + 9u];
    u32 redarg_w9_1 = redarg1[redarg_warp + 9u];
    f32 redarg_w10_0 = redarg0[redarg_warp + 10u];
    u32 redarg_w10_1 = redarg1[redarg_warp + 10u];
    f32 redarg_w11_0 = redarg0[redarg_warp + 11u];
    u32 redarg_w11_1 = redarg1[redarg_warp + 11u];
    f32 redarg_w12_0 = redarg0[redarg_warp + 12u];
    u32 redarg_w12_1 = redarg1[redarg_warp + 12u];
    f32 redarg_w13_0 = redarg0[redarg_warp + 13u];
    u32 redarg_w13_1 = redarg1[redarg_warp + 13u];
    f32 redarg_w14_0 = redarg0[redarg_warp + 14u];
    u32 redarg_w14_1 = redarg1[redarg_warp + 14u];
    f32 redarg_w15_0 = redarg0[redarg_warp + 15u];
    u32 redarg_w15_1 = redarg1[redarg_warp + 15u];
    f32 redarg_w16_0 = redarg0[redarg_warp + 16u];
    u32 redarg_w16_1 = redarg1[redarg_warp + 16u];
    f32 redarg_w17_0 = redarg0[redarg_warp + 17u];
    u32 redarg_w17_1 = redarg1[redarg_warp + 17u];
    f32 redarg_w18_0 = redarg0[redarg_warp + 18u];
    u32 redarg_w18_1 = redarg1[redarg_warp + 18u];
    f32 redarg_w19_0 = redarg0[redarg_warp + 19u];
    u32 redarg_w19_1 = redarg1[redarg_warp + 19u];
    f32 redarg_w20_0 = redarg0[redarg_warp + 20u];
    u32 redarg_w20_1 = redarg1[redarg_warp + 20u];
    f32 redarg_w21_0 = redarg0[redarg_warp + 21u];
    u32 redarg_w21_1 = redarg1[redarg_warp + 21u];
    f32 redarg_w22_0 = redarg0[redarg_warp + 22u];
    u32 redarg_w22_1 = redarg1[redarg_warp + 22u];
    f32 redarg_w23_0 = redarg0[redarg_warp + 23u];
    u32 redarg_w23_1 = redarg1[redarg_warp + 23u];
    f32 redarg_w24_0 = redarg0[redarg_warp + 24u];
    u32 redarg_w24_1 = redarg1[redarg_warp + 24u];
    f32 redarg_w25_0 = redarg0[redarg_warp + 25u];
    u32 redarg_w25_1 = redarg1[redarg_warp + 25u];
    f32 redarg_w26_0 = redarg0[redarg_warp + 26u];
    u32 redarg_w26_1 = redarg1[redarg_warp + 26u];
    f32 redarg_w27_0 = redarg0[redarg_warp + 27u];
    u32 redarg_w27_1 = redarg1[redarg_warp + 27u];
    f32 redarg_w28_0 = redarg0[redarg_warp + 28u];
    u32 redarg_w28_1 = redarg1[redarg_warp + 28u];
    f32 redarg_w29_0 = redarg0[redarg_warp + 29u];
    u32 redarg_w29_1 = redarg1[redarg_warp + 29u];
    f32 redarg_w30_0 = redarg0[redarg_warp + 30u];
    u32 redarg_w30_1 = redarg1[redarg_warp + 30u];
    f32 redarg_w31_0 = redarg0[redarg_warp + 31u];
    u32 redarg_w31_1 = redarg1[redarg_warp + 31u];
    best = redarg0[redarg_warp];
    besti = redarg1[redarg_warp];
    if (redarg_w1_0 > best || (redarg_w1_0 == best && redarg_w1_1 < besti)) {
        best = redarg_w1_0;
        besti = redarg_w1_1;
    }
    if (redarg_w3_0 > redarg_w2_0 || (redarg_w3_0 == redarg_w2_0 && redarg_w3_1 < redarg_w2_1)) {
        redarg_w2_0 = redarg_w3_0;
        redarg_w2_1 = redarg_w3_1;
    }
    if (redarg_w5_0 > redarg_w4_0 || (redarg_w5_0 == redarg_w4_0 && redarg_w5_1 < redarg_w4_1)) {
        redarg_w4_0 = redarg_w5_0;
        redarg_w4_1 = redarg_w5_1;
    }
    if (redarg_w7_0 > redarg_w6_0 || (redarg_w7_0 == redarg_w6_0 && redarg_w7_1 < redarg_w6_1)) {
        redarg_w6_0 = redarg_w7_0;
        redarg_w6_1 = redarg_w7_1;
    }
    if (redarg_w9_0 > redarg_w8_0 || (redarg_w9_0 == redarg_w8_0 && redarg_w9_1 < redarg_w8_1)) {
        redarg_w8_0 = redarg_w9_0;
        redarg_w8_1 = redarg_w9_1;
    }
    if (redarg_w11_0 > redarg_w10_0 || (redarg_w11_0 == redarg_w10_0 && redarg_w11_1 < redarg_w10_1)) {
        redarg_w10_0 = redarg_w11_0;
        redarg_w10_1 = redarg_w11_1;
    }
    if (redarg_w13_0 > redarg_w12_0 || (redarg_w13_0 == redarg_w12_0 && redarg_w13_1 < redarg_w12_1)) {
        redarg_w12_0 = redarg_w13_0;
        redarg_w12_1 = redarg_w13_1;
    }
    if (redarg_w15_0 > redarg_w14_0 || (redarg_w15_0 == redarg_w14_0 && redarg_w15_1 < redarg_w14_1)) {
        redarg_w14_0 = redarg_w15_0;
        redarg_w14_1 = redarg_w15_1;
    }
    if (redarg_w17_0 > redarg_w16_0 || (redarg_w17_0 == redarg_w16_0 && redarg_w17_1 < redarg_w16_1)) {
        redarg_w16_0 = redarg_w17_0;
        redarg_w16_1 = redarg_w17_1;
    }
    if (redarg_w19_0 > redarg_w18_0 || (redarg_w19_0 == redarg_w18_0 && redarg_w19_1 < redarg_w18_1)) {
        redarg_w18_0 = redarg_w19_0;
        redarg_w18_1 = redarg_w19_1;
    }
    if (redarg_w21_0 > redarg_w20_0 || (redarg_w21_0 == redarg_w20_0 && redarg_w21_1 < redarg_w20_1)) {
        redarg_w20_0 = redarg_w21_0;
        redarg_w20_1 = redarg_w21_1;
    }
    if (redarg_w23_0 > redarg_w22_0 || (redarg_w23_0 == redarg_w22_0 && redarg_w23_1 < redarg_w22_1)) {
        redarg_w22_0 = redarg_w23_0;
        redarg_w22_1 = redarg_w23_1;
    }
    if (redarg_w25_0 > redarg_w24_0 || (redarg_w25_0 == redarg_w24_0 && redarg_w25_1 < redarg_w24_1)) {
        redarg_w24_0 = redarg_w25_0;
        redarg_w24_1 = redarg_w25_1;
    }
    if (redarg_w27_0 > redarg_w26_0 || (redarg_w27_0 == redarg_w26_0 && redarg_w27_1 < redarg_w26_1)) {
        redarg_w26_0 = redarg_w27_0;
        redarg_w26_1 = redarg_w27_1;
    }
    if (redarg_w29_0 > redarg_w28_0 || (redarg_w29_0 == redarg_w28_0 && redarg_w29_1 < redarg_w28_1)) {
        redarg_w28_0 = redarg_w29_0;
        redarg_w28_1 = redarg_w29_1;
    }
    if (redarg_w31_0 > redarg_w30_0 || (redarg_w31_0 == redarg_w30_0 && redarg_w31_1 < redarg_w30_1)) {
        redarg_w30_0 = redarg_w31_0;
        redarg_w30_1 = redarg_w31_1;
    }
    if (redarg_w2_0 > best || (redarg_w2_0 == best && redarg_w2_1 < besti)) {
        best = redarg_w2_0;
        besti = redarg_w2_1;
    }
    if (redarg_w6_0 > redarg_w4_0 || (redarg_w6_0 == redarg_w4_0 && redarg_w6_1 < redarg_w4_1)) {
        redarg_w4_0 = redarg_w6_0;
        redarg_w4_1 = redarg_w6_1;
    }
    if (redarg_w10_0 > redarg_w8_0 || (redarg_w10_0 == redarg_w8_0 && redarg_w10_1 < redarg_w8_1)) {
        redarg_w8_0 = redarg_w10_0;
        redarg_w8_1 = redarg_w10_1;
    }
    if (redarg_w14_0 > redarg_w12_0 || (redarg_w14_0 == redarg_w12_0 && redarg_w14_1 < redarg_w12_1)) {
        redarg_w12_0 = redarg_w14_0;
        redarg_w12_1 = redarg_w14_1;
    }
    if (redarg_w18_0 > redarg_w16_0 || (redarg_w18_0 == redarg_w16_0 && redarg_w18_1 < redarg_w16_1)) {
        redarg_w16_0 = redarg_w18_0;
        redarg_w16_1 = redarg_w18_1;
    }
    if (redarg_w22_0 > redarg_w20_0 || (redarg_w22_0 == redarg_w20_0 && redarg_w22_1 < redarg_w20_1)) {
        redarg_w20_0 = redarg_w22_0;
        redarg_w20_1 = redarg_w22_1;
    }
    if (redarg_w26_0 > redarg_w24_0 || (redarg_w26_0 == redarg_w24_0 && redarg_w26_1 < redarg_w24_1)) {
        redarg_w24_0 = redarg_w26_0;
        redarg_w24_1 = redarg_w26_1;
    }
    if (redarg_w30_0 > redarg_w28_0 || (redarg_w30_0 == redarg_w28_0 && redarg_w30_1 < redarg_w28_1)) {
        redarg_w28_0 = redarg_w30_0;
        redarg_w28_1 = redarg_w30_1;
    }
    if (redarg_w4_0 > best || (redarg_w4_0 == best && redarg_w4_1 < besti)) {
        best = redarg_w4_0;
        besti = redarg_w4_1;
    }
    if (redarg_w12_0 > redarg_w8_0 || (redarg_w12_0 == redarg_w8_0 && redarg_w12_1 < redarg_w8_1)) {
        redarg_w8_0 = redarg_w12_0;
        redarg_w8_1 = redarg_w12_1;
    }
    if (redarg_w20_0 > redarg_w16_0 || (redarg_w20_0 == redarg_w16_0 && redarg_w20_1 < redarg_w16_1)) {
        redarg_w16_0 = redarg_w20_0;
        redarg_w16_1 = redarg_w20_1;
    }
    if (redarg_w28_0 > redarg_w24_0 || (redarg_w28_0 == redarg_w24_0 && redarg_w28_1 < redarg_w24_1)) {
        redarg_w24_0 = redarg_w28_0;
        redarg_w24_1 = redarg_w28_1;
    }
    if (redarg_w8_0 > best || (redarg_w8_0 == best && redarg_w8_1 < besti)) {
        best = redarg_w8_0;
        besti = redarg_w8_1;
    }
    if (redarg_w24_0 > redarg_w16_0 || (redarg_w24_0 == redarg_w16_0 && redarg_w24_1 < redarg_w16_1)) {
        redarg_w16_0 = redarg_w24_0;
        redarg_w16_1 = redarg_w24_1;
    }
    if (redarg_w16_0 > best || (redarg_w16_0 == best && redarg_w16_1 < besti)) {
        best = redarg_w16_0;
        besti = redarg_w16_1;
    }
    if (live && lane == 0u) {
        const u32 acc = select(besti, 0u, besti == 4294967295u);
        a0[row] = acc;
    }
}

// node: next = wgsl!(…)
// CUDA-C for WGSL entry point `sample` (forge-raw). Launch with blockDim = (1024, 1, 1).
// ---- forge-raw prelude (generated; mirrors forge_raw::interp) ----
#pragma nv_diag_suppress 550
#pragma nv_diag_suppress 177
#define FR_D static __device__ __forceinline__
typedef unsigned int fr_u32; typedef int fr_i32;
struct fr_v2f { float v[2]; }; struct fr_v3f { float v[3]; }; struct fr_v4f { float v[4]; };
struct fr_v2i { int v[2]; }; struct fr_v3i { int v[3]; }; struct fr_v4i { int v[4]; };
struct fr_v2u { unsigned int v[2]; }; struct fr_v3u { unsigned int v[3]; }; struct fr_v4u { unsigned int v[4]; };
struct fr_v2b { bool v[2]; }; struct fr_v3b { bool v[3]; }; struct fr_v4b { bool v[4]; };
struct fr_m2x2 { fr_v2f c[2]; }; struct fr_m2x3 { fr_v3f c[2]; }; struct fr_m2x4 { fr_v4f c[2]; };
struct fr_m3x2 { fr_v2f c[3]; }; struct fr_m3x3 { fr_v3f c[3]; }; struct fr_m3x4 { fr_v4f c[3]; };
struct fr_m4x2 { fr_v2f c[4]; }; struct fr_m4x3 { fr_v3f c[4]; }; struct fr_m4x4 { fr_v4f c[4]; };

// A pointer into a storage or uniform binding: byte offset (saturating 32-bit arithmetic, as the
// interpreter) checked per 32-bit word against the binding's byte length on every access.
struct fr_bptr { unsigned char* base; unsigned long long len; unsigned int off; };
FR_D fr_bptr fr_badd(fr_bptr p, unsigned int bytes) {
    unsigned int o = p.off + bytes; if (o < p.off) o = 0xFFFFFFFFu; p.off = o; return p;
}
FR_D fr_bptr fr_bidx(fr_bptr p, unsigned int idx, unsigned int stride) {
    unsigned long long m = (unsigned long long)idx * stride;
    return fr_badd(p, m > 0xFFFFFFFFull ? 0xFFFFFFFFu : (unsigned int)m);
}
FR_D bool fr_bok(fr_bptr p, unsigned int o) { unsigned long long e = (unsigned long long)p.off + o + 4ull; return e <= p.len; }
FR_D unsigned int fr_ldw(fr_bptr p, unsigned int o) {
    return fr_bok(p, o) ? *(const unsigned int*)(p.base + p.off + o) : 0u;
}
FR_D void fr_stw(fr_bptr p, unsigned int o, unsigned int v) {
    if (fr_bok(p, o)) *(unsigned int*)(p.base + p.off + o) = v;
}
FR_D float fr_ld_f(fr_bptr p, unsigned int o) { return __uint_as_float(fr_ldw(p, o)); }
FR_D int fr_ld_i(fr_bptr p, unsigned int o) { return (int)fr_ldw(p, o); }
FR_D unsigned int fr_ld_u(fr_bptr p, unsigned int o) { return fr_ldw(p, o); }
FR_D bool fr_ld_b(fr_bptr p, unsigned int o) { return fr_ldw(p, o) != 0u; }
FR_D void fr_st_f(fr_bptr p, unsigned int o, float v) { fr_stw(p, o, __float_as_uint(v)); }
FR_D void fr_st_i(fr_bptr p, unsigned int o, int v) { fr_stw(p, o, (unsigned int)v); }
FR_D void fr_st_u(fr_bptr p, unsigned int o, unsigned int v) { fr_stw(p, o, v); }
FR_D void fr_st_b(fr_bptr p, unsigned int o, bool v) { fr_stw(p, o, v ? 1u : 0u); }
FR_D unsigned int fr_array_length(fr_bptr p, unsigned int stride) {
    if (p.len <= p.off) return 0u;
    unsigned long long n = (p.len - p.off) / stride; return n > 0xFFFFFFFFull ? 0xFFFFFFFFu : (unsigned int)n;
}
// Atomics on buffers act only on in-range words; out of range they return 0 and change nothing.
#define FR_BATOMIC(NAME, T, CALL) FR_D T NAME(fr_bptr p, T v) { \
    if (!fr_bok(p, 0u)) return (T)0; T* a = (T*)(p.base + p.off); return CALL; }
FR_BATOMIC(fr_batomic_add_u, unsigned int, atomicAdd(a, v)) FR_BATOMIC(fr_batomic_add_i, int, atomicAdd(a, v))
FR_BATOMIC(fr_batomic_sub_u, unsigned int, atomicSub(a, v)) FR_BATOMIC(fr_batomic_sub_i, int, atomicSub(a, v))
FR_BATOMIC(fr_batomic_and_u, unsigned int, atomicAnd(a, v)) FR_BATOMIC(fr_batomic_and_i, int, atomicAnd(a, v))
FR_BATOMIC(fr_batomic_or_u, unsigned int, atomicOr(a, v)) FR_BATOMIC(fr_batomic_or_i, int, atomicOr(a, v))
FR_BATOMIC(fr_batomic_xor_u, unsigned int, atomicXor(a, v)) FR_BATOMIC(fr_batomic_xor_i, int, atomicXor(a, v))
FR_BATOMIC(fr_batomic_min_u, unsigned int, atomicMin(a, v)) FR_BATOMIC(fr_batomic_min_i, int, atomicMin(a, v))
FR_BATOMIC(fr_batomic_max_u, unsigned int, atomicMax(a, v)) FR_BATOMIC(fr_batomic_max_i, int, atomicMax(a, v))
FR_BATOMIC(fr_batomic_exch_u, unsigned int, atomicExch(a, v)) FR_BATOMIC(fr_batomic_exch_i, int, atomicExch(a, v))
FR_D unsigned int fr_batomic_cas_u(fr_bptr p, unsigned int cmp, unsigned int v, bool* ok) {
    if (!fr_bok(p, 0u)) { *ok = false; return 0u; }
    unsigned int old = atomicCAS((unsigned int*)(p.base + p.off), cmp, v); *ok = old == cmp; return old;
}
FR_D int fr_batomic_cas_i(fr_bptr p, int cmp, int v, bool* ok) {
    if (!fr_bok(p, 0u)) { *ok = false; return 0; }
    int old = atomicCAS((int*)(p.base + p.off), cmp, v); *ok = old == cmp; return old;
}
FR_D unsigned int fr_batomic_load_u(fr_bptr p) {
    return fr_bok(p, 0u) ? *(volatile const unsigned int*)(p.base + p.off) : 0u;
}
FR_D int fr_batomic_load_i(fr_bptr p) { return (int)fr_batomic_load_u(p); }
FR_D void fr_batomic_store_u(fr_bptr p, unsigned int v) { if (fr_bok(p, 0u)) atomicExch((unsigned int*)(p.base + p.off), v); }
FR_D void fr_batomic_store_i(fr_bptr p, int v) { fr_batomic_store_u(p, (unsigned int)v); }

// Indices into arrays/vectors/matrices outside buffers: min(u32(i), len - 1) (naga's Restrict).
FR_D unsigned int fr_clampi(unsigned int i, unsigned int len) { return i < len ? i : len - 1u; }

// WGSL integer semantics (wrapping; x / 0 == x, x % 0 == 0, INT_MIN / -1 == INT_MIN).
FR_D int fr_add_i(int a, int b) { return (int)((unsigned int)a + (unsigned int)b); }
FR_D int fr_sub_i(int a, int b) { return (int)((unsigned int)a - (unsigned int)b); }
FR_D int fr_mul_i(int a, int b) { return (int)((unsigned int)a * (unsigned int)b); }
FR_D int fr_neg_i(int a) { return (int)(0u - (unsigned int)a); }
FR_D int fr_div_i(int a, int b) { return (b == 0 || (a == (int)0x80000000 && b == -1)) ? a : a / b; }
FR_D int fr_mod_i(int a, int b) { return (b == 0 || (a == (int)0x80000000 && b == -1)) ? 0 : a % b; }
FR_D unsigned int fr_div_u(unsigned int a, unsigned int b) { return b == 0u ? a : a / b; }
FR_D unsigned int fr_mod_u(unsigned int a, unsigned int b) { return b == 0u ? 0u : a % b; }
FR_D int fr_shl_i(int a, unsigned int s) { return (int)((unsigned int)a << (s & 31u)); }
FR_D unsigned int fr_shl_u(unsigned int a, unsigned int s) { return a << (s & 31u); }
FR_D int fr_shr_i(int a, unsigned int s) { return a >> (s & 31u); }
FR_D unsigned int fr_shr_u(unsigned int a, unsigned int s) { return a >> (s & 31u); }
FR_D int fr_abs_i(int a) { return a < 0 ? fr_neg_i(a) : a; }
FR_D int fr_sign_i(int a) { return a > 0 ? 1 : (a < 0 ? -1 : 0); }
FR_D int fr_min_i(int a, int b) { return a < b ? a : b; }
FR_D int fr_max_i(int a, int b) { return a > b ? a : b; }
FR_D unsigned int fr_min_u(unsigned int a, unsigned int b) { return a < b ? a : b; }
FR_D unsigned int fr_max_u(unsigned int a, unsigned int b) { return a > b ? a : b; }
FR_D int fr_clamp_i(int x, int lo, int hi) { return fr_min_i(fr_max_i(x, lo), hi); }
FR_D unsigned int fr_clamp_u(unsigned int x, unsigned int lo, unsigned int hi) { return fr_min_u(fr_max_u(x, lo), hi); }

// Conversions: float -> int clamps to the f32 values representable in the target, NaN -> 0.
FR_D int fr_f2i(float x) {
    if (x != x) return 0; x = fminf(fmaxf(x, -2147483648.0f), 2147483520.0f); return (int)x;
}
FR_D unsigned int fr_f2u(float x) {
    if (x != x) return 0u; x = fminf(fmaxf(x, 0.0f), 4294967040.0f); return (unsigned int)x;
}
FR_D float fr_i2f(int x) { return __int2float_rn(x); }
FR_D float fr_u2f(unsigned int x) { return __uint2float_rn(x); }

// Float helpers, each the interpreter's formula with its rounding steps.
FR_D float fr_min_f(float a, float b) { return fminf(a, b); }
FR_D float fr_max_f(float a, float b) { return fmaxf(a, b); }
FR_D float fr_clamp_f(float x, float lo, float hi) { return fminf(fmaxf(x, lo), hi); }
FR_D float fr_saturate(float x) { return fminf(fmaxf(x, 0.0f), 1.0f); }
FR_D float fr_fract(float x) { return __fsub_rn(x, floorf(x)); }
FR_D float fr_sign_f(float x) { return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f); }
FR_D float fr_mix(float a, float b, float t) { return __fadd_rn(__fmul_rn(a, __fsub_rn(1.0f, t)), __fmul_rn(b, t)); }
FR_D float fr_step(float e, float x) { return e <= x ? 1.0f : 0.0f; }
FR_D float fr_smoothstep(float lo, float hi, float x) {
    float t = fminf(fmaxf(__fdiv_rn(__fsub_rn(x, lo), __fsub_rn(hi, lo)), 0.0f), 1.0f);
    return __fmul_rn(__fmul_rn(t, t), __fsub_rn(3.0f, __fmul_rn(2.0f, t)));
}
FR_D float fr_inverse_sqrt(float x) { return __fdiv_rn(1.0f, __fsqrt_rn(x)); }
FR_D float fr_ldexp(float x, int n) {
    n = n < -400 ? -400 : (n > 400 ? 400 : n);
    while (n > 127) { x = __fmul_rn(x, __uint_as_float(254u << 23)); n -= 127; }
    while (n < -126) { x = __fmul_rn(x, __uint_as_float(1u << 23)); n += 126; }
    return __fmul_rn(x, __uint_as_float((unsigned int)(n + 127) << 23));
}
FR_D unsigned int fr_ctz(unsigned int x) { return x == 0u ? 32u : (unsigned int)(__ffs((int)x) - 1); }
FR_D unsigned int fr_clz(unsigned int x) { return (unsigned int)__clz((int)x); }
FR_D unsigned int fr_popcnt(unsigned int x) { return (unsigned int)__popc(x); }
FR_D unsigned int fr_rev(unsigned int x) { return __brev(x); }
FR_D unsigned int fr_first_trailing(unsigned int x) { return x == 0u ? 0xFFFFFFFFu : fr_ctz(x); }
FR_D unsigned int fr_first_leading_u(unsigned int x) { return x == 0u ? 0xFFFFFFFFu : 31u - fr_clz(x); }
FR_D unsigned int fr_first_leading_s(unsigned int x) {
    unsigned int y = ((int)x < 0) ? ~x : x; return y == 0u ? 0xFFFFFFFFu : 31u - fr_clz(y);
}
FR_D unsigned int fr_extract_u(unsigned int e, unsigned int off, unsigned int cnt) {
    unsigned int o = off < 32u ? off : 32u; unsigned int c = cnt < 32u - o ? cnt : 32u - o;
    if (c == 0u) return 0u; if (c == 32u) return e; return (e >> o) & ((1u << c) - 1u);
}
FR_D unsigned int fr_extract_s(unsigned int e, unsigned int off, unsigned int cnt) {
    unsigned int o = off < 32u ? off : 32u; unsigned int c = cnt < 32u - o ? cnt : 32u - o;
    if (c == 0u) return 0u; if (c == 32u) return e; return (unsigned int)(((int)((e >> o) << (32u - c))) >> (32u - c));
}
FR_D unsigned int fr_insert(unsigned int e, unsigned int nb, unsigned int off, unsigned int cnt) {
    unsigned int o = off < 32u ? off : 32u; unsigned int c = cnt < 32u - o ? cnt : 32u - o;
    if (c == 0u) return e; unsigned int m = c == 32u ? 0xFFFFFFFFu : ((1u << c) - 1u) << o;
    return (e & ~m) | ((nb << o) & m);
}

// Ray queries: closest hit over a triangle soup, the interpreter's Möller–Trumbore (rayquery.rs).
struct fr_scene { const float* tris; unsigned int count; };
struct fr_rq { fr_scene scene; unsigned int active; unsigned int desc[10]; unsigned int kind; float t;
               unsigned int prim; float u; float v; bool front; };
FR_D void fr_sub3(const float* a, const float* b, float* o) {
    o[0] = __fsub_rn(a[0], b[0]); o[1] = __fsub_rn(a[1], b[1]); o[2] = __fsub_rn(a[2], b[2]);
}
FR_D void fr_cross3(const float* a, const float* b, float* o) {
    o[0] = __fsub_rn(__fmul_rn(a[1], b[2]), __fmul_rn(a[2], b[1]));
    o[1] = __fsub_rn(__fmul_rn(a[2], b[0]), __fmul_rn(a[0], b[2]));
    o[2] = __fsub_rn(__fmul_rn(a[0], b[1]), __fmul_rn(a[1], b[0]));
}
FR_D float fr_dot3(const float* a, const float* b) {
    return __fadd_rn(__fadd_rn(__fmul_rn(a[0], b[0]), __fmul_rn(a[1], b[1])), __fmul_rn(a[2], b[2]));
}
static __device__ void fr_rq_trace(fr_rq* q) {
    q->kind = 0u; q->active = 0u;
    unsigned int flags = q->desc[0];
    if ((flags & (0x100u | 0x40u)) != 0u || (q->desc[1] & 0xFFu) == 0u) return;
    float tmin = __uint_as_float(q->desc[2]), tmax = __uint_as_float(q->desc[3]);
    float o[3] = { __uint_as_float(q->desc[4]), __uint_as_float(q->desc[5]), __uint_as_float(q->desc[6]) };
    float d[3] = { __uint_as_float(q->desc[7]), __uint_as_float(q->desc[8]), __uint_as_float(q->desc[9]) };
    for (unsigned int i = 0u; i < q->scene.count; i++) {
        const float* t = q->scene.tris + 9ull * i;
        float e1[3], e2[3], p[3], s[3], qq[3];
        fr_sub3(t + 3, t, e1); fr_sub3(t + 6, t, e2);
        fr_cross3(d, e2, p);
        float det = fr_dot3(e1, p);
        if (det == 0.0f || det != det) continue;
        bool front = det > 0.0f;
        if ((front && (flags & 0x20u)) || (!front && (flags & 0x10u))) continue;
        float inv = __fdiv_rn(1.0f, det);
        fr_sub3(o, t, s);
        float u = __fmul_rn(fr_dot3(s, p), inv);
        if (!(u >= 0.0f && u <= 1.0f)) continue;
        fr_cross3(s, e1, qq);
        float v = __fmul_rn(fr_dot3(d, qq), inv);
        if (!(v >= 0.0f && __fadd_rn(u, v) <= 1.0f)) continue;
        float th = __fmul_rn(fr_dot3(e2, qq), inv);
        if (!(th >= tmin && th <= tmax)) continue;
        if (q->kind == 0u || th < q->t) {
            q->kind = 1u; q->t = th; q->prim = i; q->u = u; q->v = v; q->front = front;
            if (flags & 0x4u) break;
        }
    }
}
FR_D bool fr_rq_proceed(fr_rq* q) { if (q->active) fr_rq_trace(q); return false; }
// ---- end of prelude ----
struct fr_t4 { float v[1024]; };
struct fr_t5 { fr_u32 v[1024]; };
struct fr_t7 { fr_u32 v[256]; };
struct fr_t8 { fr_u32 v[512]; };
struct fr_ctx {
    fr_bptr b0;
    fr_bptr b1;
    fr_bptr b2;
    fr_bptr b3;
    fr_bptr b4;
    fr_bptr b5;
    int fr_unused;
};
__shared__ fr_t4 fr_wg6;
__shared__ fr_t5 fr_wg7;
__shared__ fr_t7 fr_wg8;
__shared__ fr_t8 fr_wg9;
__shared__ fr_t8 fr_wg10;
__shared__ fr_v2u fr_wg11;
__shared__ fr_u32 fr_wg12;
static __device__ float fr_f0(fr_ctx* ctx) {
    fr_u32 _e0;
    _e0 = 0xff800000u;
    float _e1;
    _e1 = __uint_as_float((unsigned int)_e0);
    return _e1;
}
static __device__ float fr_f1(fr_ctx* ctx, fr_u32 a0) {
    fr_u32 _e0;
    _e0 = a0;
    fr_bptr _e1;
    _e1 = ctx->b0;
    fr_bptr _e2;
    float _e3;
    float _e4;
    fr_u32 _e5;
    fr_u32 _e6;
    _e6 = 0x7fffffffu;
    fr_u32 _e7;
    fr_u32 _e8;
    _e8 = 0x7f800000u;
    bool _e9;
    float _e10;
    _e2 = fr_bidx(_e1, (unsigned int)_e0, 4u);
    {
    _e3 = fr_ld_f(_e2, 0u);
    }
    _e4 = fr_f0(ctx);
    _e5 = __float_as_uint(_e3);
    _e7 = _e5 & _e6;
    _e9 = _e7 > _e8;
    _e10 = _e9 ? _e4 : _e3;
    return _e10;
}
static __device__ fr_u32 fr_f2(fr_ctx* ctx, float a0) {
    float _e0;
    _e0 = a0;
    fr_u32 _e1;
    fr_u32 _e2;
    _e2 = 0x80000000u;
    fr_u32 _e3;
    fr_u32 _e4;
    fr_u32 _e5;
    _e5 = 0x80000000u;
    fr_u32 _e6;
    fr_u32 _e7;
    _e7 = 0x0u;
    bool _e8;
    fr_u32 _e9;
    _e1 = __float_as_uint(_e0);
    _e3 = _e1 | _e2;
    _e4 = ~_e1;
    _e6 = _e1 & _e5;
    _e8 = _e6 != _e7;
    _e9 = _e8 ? _e4 : _e3;
    return _e9;
}
static __device__ float fr_f3(fr_ctx* ctx, fr_u32 a0) {
    fr_u32 _e0;
    _e0 = a0;
    fr_u32 _e1;
    fr_u32 _e2;
    _e2 = 0x7fffffffu;
    fr_u32 _e3;
    fr_u32 _e4;
    _e4 = 0x80000000u;
    fr_u32 _e5;
    fr_u32 _e6;
    _e6 = 0x0u;
    bool _e7;
    fr_u32 _e8;
    float _e9;
    _e1 = ~_e0;
    _e3 = _e0 & _e2;
    _e5 = _e0 & _e4;
    _e7 = _e5 != _e6;
    _e8 = _e7 ? _e3 : _e1;
    _e9 = __uint_as_float((unsigned int)_e8);
    return _e9;
}
static __device__ fr_u32 fr_f4(fr_ctx* ctx, fr_u32 a0) {
    fr_u32 l0 = fr_u32{};
    fr_u32 _e0;
    _e0 = a0;
    fr_u32* _e1;
    _e1 = &l0;
    fr_u32 _e2;
    fr_u32 _e3;
    fr_u32 _e4;
    _e4 = 0x10u;
    fr_u32 _e5;
    fr_u32 _e6;
    fr_u32 _e7;
    _e7 = 0x7feb352du;
    fr_u32 _e8;
    fr_u32 _e9;
    fr_u32 _e10;
    fr_u32 _e11;
    _e11 = 0xfu;
    fr_u32 _e12;
    fr_u32 _e13;
    fr_u32 _e14;
    _e14 = 0x846ca68bu;
    fr_u32 _e15;
    fr_u32 _e16;
    fr_u32 _e17;
    fr_u32 _e18;
    _e18 = 0x10u;
    fr_u32 _e19;
    fr_u32 _e20;
    *_e1 = _e0;
    _e2 = *_e1;
    _e3 = *_e1;
    _e5 = fr_shr_u(_e3, _e4);
    _e6 = _e2 ^ _e5;
    _e8 = _e6 * _e7;
    *_e1 = _e8;
    _e9 = *_e1;
    _e10 = *_e1;
    _e12 = fr_shr_u(_e10, _e11);
    _e13 = _e9 ^ _e12;
    _e15 = _e13 * _e14;
    *_e1 = _e15;
    _e16 = *_e1;
    _e17 = *_e1;
    _e19 = fr_shr_u(_e17, _e18);
    _e20 = _e16 ^ _e19;
    return _e20;
}
static __device__ float fr_f5(fr_ctx* ctx, fr_u32 a0) {
    fr_u32 _e0;
    _e0 = a0;
    fr_u32 _e1;
    fr_bptr _e2;
    _e2 = ctx->b5;
    fr_u32 _e3;
    fr_u32 _e4;
    fr_u32 _e5;
    fr_u32 _e6;
    _e6 = 0x8u;
    fr_u32 _e7;
    float _e8;
    float _e9;
    _e9 = __uint_as_float(0x3f000000u);
    float _e10;
    float _e11;
    _e11 = __uint_as_float(0x33800000u);
    float _e12;
    float _e13;
    float _e14;
    float _e15;
    float _e16;
    _e1 = fr_f4(ctx, _e0);
    {
    _e3 = fr_ld_u(_e2, 0u);
    }
    _e4 = _e1 ^ _e3;
    _e5 = fr_f4(ctx, _e4);
    _e7 = fr_shr_u(_e5, _e6);
    _e8 = fr_u2f(_e7);
    _e10 = __fadd_rn(_e8, _e9);
    _e12 = __fmul_rn(_e10, _e11);
    _e13 = logf(_e12);
    _e14 = -_e13;
    _e15 = logf(_e14);
    _e16 = -_e15;
    return _e16;
}
static __device__ float fr_f6(fr_ctx* ctx, fr_u32 a0, float a1) {
    fr_u32 l0 = fr_u32{};
    l0 = 0x200u;
    fr_u32 _e0;
    _e0 = a0;
    float _e1;
    _e1 = a1;
    fr_t4* _e2;
    _e2 = &fr_wg6;
    float* _e3;
    fr_u32 _e4;
    _e4 = 0x200u;
    fr_u32* _e5;
    _e5 = &l0;
    fr_u32 _e6;
    fr_u32 _e7;
    _e7 = 0x0u;
    bool _e8;
    fr_u32 _e9;
    bool _e10;
    fr_t4* _e11;
    _e11 = &fr_wg6;
    float* _e12;
    fr_t4* _e13;
    _e13 = &fr_wg6;
    float* _e14;
    float _e15;
    fr_t4* _e16;
    _e16 = &fr_wg6;
    fr_u32 _e17;
    fr_u32 _e18;
    float* _e19;
    float _e20;
    float _e21;
    fr_u32 _e22;
    fr_u32 _e23;
    _e23 = 0x1u;
    fr_u32 _e24;
    fr_t4* _e25;
    _e25 = &fr_wg6;
    float* _e26;
    float _e27;
    _e3 = &_e2->v[fr_clampi((unsigned int)_e0, 1024u)];
    *_e3 = _e1;
    __syncthreads();
    { bool fr_first0 = true;
    while (true) {
        if (!fr_first0) {
            _e22 = *_e5;
            _e24 = fr_shr_u(_e22, _e23);
            *_e5 = _e24;
        }
        fr_first0 = false;
        _e6 = *_e5;
        _e8 = _e6 > _e7;
        if (_e8) {
        } else {
            break;
        }
        {
            _e9 = *_e5;
            _e10 = _e0 < _e9;
            if (_e10) {
                _e12 = &_e11->v[fr_clampi((unsigned int)_e0, 1024u)];
                _e14 = &_e13->v[fr_clampi((unsigned int)_e0, 1024u)];
                _e15 = *_e14;
                _e17 = *_e5;
                _e18 = _e0 + _e17;
                _e19 = &_e16->v[fr_clampi((unsigned int)_e18, 1024u)];
                _e20 = *_e19;
                _e21 = __fadd_rn(_e15, _e20);
                *_e12 = _e21;
            }
            __syncthreads();
        }
    } }
    _e26 = &_e25->v[fr_clampi(0u, 1024u)];
    _e27 = *_e26;
    __syncthreads();
    return _e27;
}
static __device__ float fr_f7(fr_ctx* ctx, fr_u32 a0, float a1) {
    fr_u32 l0 = fr_u32{};
    l0 = 0x200u;
    fr_u32 _e0;
    _e0 = a0;
    float _e1;
    _e1 = a1;
    fr_t4* _e2;
    _e2 = &fr_wg6;
    float* _e3;
    fr_u32 _e4;
    _e4 = 0x200u;
    fr_u32* _e5;
    _e5 = &l0;
    fr_u32 _e6;
    fr_u32 _e7;
    _e7 = 0x0u;
    bool _e8;
    fr_u32 _e9;
    bool _e10;
    fr_t4* _e11;
    _e11 = &fr_wg6;
    float* _e12;
    fr_t4* _e13;
    _e13 = &fr_wg6;
    float* _e14;
    float _e15;
    fr_t4* _e16;
    _e16 = &fr_wg6;
    fr_u32 _e17;
    fr_u32 _e18;
    float* _e19;
    float _e20;
    float _e21;
    fr_u32 _e22;
    fr_u32 _e23;
    _e23 = 0x1u;
    fr_u32 _e24;
    fr_t4* _e25;
    _e25 = &fr_wg6;
    float* _e26;
    float _e27;
    _e3 = &_e2->v[fr_clampi((unsigned int)_e0, 1024u)];
    *_e3 = _e1;
    __syncthreads();
    { bool fr_first0 = true;
    while (true) {
        if (!fr_first0) {
            _e22 = *_e5;
            _e24 = fr_shr_u(_e22, _e23);
            *_e5 = _e24;
        }
        fr_first0 = false;
        _e6 = *_e5;
        _e8 = _e6 > _e7;
        if (_e8) {
        } else {
            break;
        }
        {
            _e9 = *_e5;
            _e10 = _e0 < _e9;
            if (_e10) {
                _e12 = &_e11->v[fr_clampi((unsigned int)_e0, 1024u)];
                _e14 = &_e13->v[fr_clampi((unsigned int)_e0, 1024u)];
                _e15 = *_e14;
                _e17 = *_e5;
                _e18 = _e0 + _e17;
                _e19 = &_e16->v[fr_clampi((unsigned int)_e18, 1024u)];
                _e20 = *_e19;
                _e21 = fr_max_f(_e15, _e20);
                *_e12 = _e21;
            }
            __syncthreads();
        }
    } }
    _e26 = &_e25->v[fr_clampi(0u, 1024u)];
    _e27 = *_e26;
    __syncthreads();
    return _e27;
}
static __device__ fr_v2u fr_f8(fr_ctx* ctx, fr_u32 a0, fr_u32 a1) {
    fr_u32 l0 = fr_u32{};
    l0 = 0x1u;
    fr_u32 l1 = fr_u32{};
    fr_u32 _e0;
    _e0 = a0;
    fr_u32 _e1;
    _e1 = a1;
    fr_t5* _e2;
    _e2 = &fr_wg7;
    fr_u32* _e3;
    fr_u32 _e4;
    _e4 = 0x1u;
    fr_u32* _e5;
    _e5 = &l0;
    fr_u32 _e6;
    fr_u32 _e7;
    _e7 = 0x400u;
    bool _e8;
    fr_u32 _e9;
    _e9 = 0x0u;
    fr_u32* _e10;
    _e10 = &l1;
    fr_u32 _e11;
    bool _e12;
    fr_t5* _e13;
    _e13 = &fr_wg7;
    fr_u32 _e14;
    fr_u32 _e15;
    fr_u32* _e16;
    fr_u32 _e17;
    fr_t5* _e18;
    _e18 = &fr_wg7;
    fr_u32* _e19;
    fr_t5* _e20;
    _e20 = &fr_wg7;
    fr_u32* _e21;
    fr_u32 _e22;
    fr_u32 _e23;
    fr_u32 _e24;
    fr_u32 _e25;
    fr_u32 _e26;
    _e26 = 0x1u;
    fr_u32 _e27;
    fr_t5* _e28;
    _e28 = &fr_wg7;
    fr_u32* _e29;
    fr_u32 _e30;
    fr_t5* _e31;
    _e31 = &fr_wg7;
    fr_u32* _e32;
    fr_u32 _e33;
    fr_v2u _e34;
    _e3 = &_e2->v[fr_clampi((unsigned int)_e0, 1024u)];
    *_e3 = _e1;
    __syncthreads();
    { bool fr_first0 = true;
    while (true) {
        if (!fr_first0) {
            _e25 = *_e5;
            _e27 = fr_shl_u(_e25, _e26);
            *_e5 = _e27;
        }
        fr_first0 = false;
        _e6 = *_e5;
        _e8 = _e6 < _e7;
        if (_e8) {
        } else {
            break;
        }
        {
            *_e10 = _e9;
            _e11 = *_e5;
            _e12 = _e0 >= _e11;
            if (_e12) {
                _e14 = *_e5;
                _e15 = _e0 - _e14;
                _e16 = &_e13->v[fr_clampi((unsigned int)_e15, 1024u)];
                _e17 = *_e16;
                *_e10 = _e17;
            }
            __syncthreads();
            _e19 = &_e18->v[fr_clampi((unsigned int)_e0, 1024u)];
            _e21 = &_e20->v[fr_clampi((unsigned int)_e0, 1024u)];
            _e22 = *_e21;
            _e23 = *_e10;
            _e24 = _e22 + _e23;
            *_e19 = _e24;
            __syncthreads();
        }
    } }
    _e29 = &_e28->v[fr_clampi((unsigned int)_e0, 1024u)];
    _e30 = *_e29;
    _e32 = &_e31->v[fr_clampi(1023u, 1024u)];
    _e33 = *_e32;
    _e34.v[0] = _e30; _e34.v[1] = _e33;
    __syncthreads();
    return _e34;
}
static __device__ fr_u32 fr_f9(fr_ctx* ctx, fr_u32 a0, float a1, fr_u32 a2) {
    fr_u32 l0 = fr_u32{};
    l0 = 0x200u;
    bool l1 = bool{};
    bool l2 = bool{};
    fr_u32 _e0;
    _e0 = a0;
    float _e1;
    _e1 = a1;
    fr_u32 _e2;
    _e2 = a2;
    fr_t4* _e3;
    _e3 = &fr_wg6;
    float* _e4;
    fr_t5* _e5;
    _e5 = &fr_wg7;
    fr_u32* _e6;
    fr_u32 _e7;
    _e7 = 0x200u;
    fr_u32* _e8;
    _e8 = &l0;
    fr_u32 _e9;
    fr_u32 _e10;
    _e10 = 0x0u;
    bool _e11;
    fr_u32 _e12;
    bool _e13;
    fr_t4* _e14;
    _e14 = &fr_wg6;
    fr_u32 _e15;
    fr_u32 _e16;
    float* _e17;
    float _e18;
    fr_t5* _e19;
    _e19 = &fr_wg7;
    fr_u32 _e20;
    fr_u32 _e21;
    fr_u32* _e22;
    fr_u32 _e23;
    fr_t4* _e24;
    _e24 = &fr_wg6;
    float* _e25;
    float _e26;
    bool _e27;
    bool _e28;
    bool _e29;
    _e29 = true;
    bool* _e30;
    _e30 = &l1;
    fr_t4* _e31;
    _e31 = &fr_wg6;
    float* _e32;
    float _e33;
    bool _e34;
    bool _e35;
    _e35 = false;
    bool* _e36;
    _e36 = &l2;
    fr_t5* _e37;
    _e37 = &fr_wg7;
    fr_u32* _e38;
    fr_u32 _e39;
    bool _e40;
    bool* _e41;
    _e41 = &l2;
    bool _e42;
    bool* _e43;
    _e43 = &l1;
    bool _e44;
    fr_t4* _e45;
    _e45 = &fr_wg6;
    float* _e46;
    fr_t5* _e47;
    _e47 = &fr_wg7;
    fr_u32* _e48;
    fr_u32 _e49;
    fr_u32 _e50;
    _e50 = 0x1u;
    fr_u32 _e51;
    fr_t5* _e52;
    _e52 = &fr_wg7;
    fr_u32* _e53;
    fr_u32 _e54;
    _e4 = &_e3->v[fr_clampi((unsigned int)_e0, 1024u)];
    *_e4 = _e1;
    _e6 = &_e5->v[fr_clampi((unsigned int)_e0, 1024u)];
    *_e6 = _e2;
    __syncthreads();
    { bool fr_first0 = true;
    while (true) {
        if (!fr_first0) {
            _e49 = *_e8;
            _e51 = fr_shr_u(_e49, _e50);
            *_e8 = _e51;
        }
        fr_first0 = false;
        _e9 = *_e8;
        _e11 = _e9 > _e10;
        if (_e11) {
        } else {
            break;
        }
        {
            _e12 = *_e8;
            _e13 = _e0 < _e12;
            if (_e13) {
                _e15 = *_e8;
                _e16 = _e0 + _e15;
                _e17 = &_e14->v[fr_clampi((unsigned int)_e16, 1024u)];
                _e18 = *_e17;
                _e20 = *_e8;
                _e21 = _e0 + _e20;
                _e22 = &_e19->v[fr_clampi((unsigned int)_e21, 1024u)];
                _e23 = *_e22;
                _e25 = &_e24->v[fr_clampi((unsigned int)_e0, 1024u)];
                _e26 = *_e25;
                _e27 = _e18 > _e26;
                _e28 = !_e27;
                if (_e28) {
                    _e32 = &_e31->v[fr_clampi((unsigned int)_e0, 1024u)];
                    _e33 = *_e32;
                    _e34 = _e18 == _e33;
                    if (_e34) {
                        _e38 = &_e37->v[fr_clampi((unsigned int)_e0, 1024u)];
                        _e39 = *_e38;
                        _e40 = _e23 < _e39;
                        *_e36 = _e40;
                    } else {
                        *_e36 = _e35;
                    }
                    _e42 = *_e41;
                    *_e30 = _e42;
                } else {
                    *_e30 = _e29;
                }
                _e44 = *_e43;
                if (_e44) {
                    _e46 = &_e45->v[fr_clampi((unsigned int)_e0, 1024u)];
                    *_e46 = _e18;
                    _e48 = &_e47->v[fr_clampi((unsigned int)_e0, 1024u)];
                    *_e48 = _e23;
                }
            }
            __syncthreads();
        }
    } }
    _e53 = &_e52->v[fr_clampi(0u, 1024u)];
    _e54 = *_e53;
    return _e54;
}
static __device__ fr_u32 fr_f10(fr_ctx* ctx, fr_u32 a0, fr_u32 a1, fr_u32 a2) {
    fr_u32 l0 = fr_u32{};
    l0 = 0x0u;
    fr_u32 l1 = fr_u32{};
    fr_u32 l2 = fr_u32{};
    l2 = 0x18u;
    fr_u32 l3 = fr_u32{};
    fr_u32 l4 = fr_u32{};
    bool l5 = bool{};
    bool l6 = bool{};
    fr_u32 _e0;
    _e0 = a0;
    fr_u32 _e1;
    _e1 = a1;
    fr_u32 _e2;
    _e2 = a2;
    fr_u32 _e3;
    _e3 = 0x0u;
    fr_u32* _e4;
    _e4 = &l0;
    fr_u32* _e5;
    _e5 = &l1;
    fr_u32 _e6;
    _e6 = 0x18u;
    fr_u32* _e7;
    _e7 = &l2;
    fr_u32 _e8;
    fr_u32 _e9;
    _e9 = 0x20u;
    bool _e10;
    fr_u32 _e11;
    _e11 = 0x100u;
    bool _e12;
    fr_t7* _e13;
    _e13 = &fr_wg8;
    fr_u32* _e14;
    fr_u32 _e15;
    _e15 = 0x0u;
    fr_u32* _e16;
    _e16 = &l3;
    fr_u32 _e17;
    bool _e18;
    fr_u32 _e19;
    _e19 = 0x0u;
    fr_u32* _e20;
    _e20 = &l4;
    fr_u32 _e21;
    fr_u32 _e22;
    _e22 = 0x4u;
    bool _e23;
    fr_u32 _e24;
    fr_u32 _e25;
    fr_u32 _e26;
    _e26 = 0x400u;
    fr_u32 _e27;
    fr_u32 _e28;
    bool _e29;
    float _e30;
    fr_u32 _e31;
    fr_u32 _e32;
    fr_u32 _e33;
    fr_u32 _e34;
    _e34 = 0x8u;
    fr_u32 _e35;
    fr_u32 _e36;
    fr_u32 _e37;
    fr_u32 _e38;
    fr_u32 _e39;
    _e39 = 0x8u;
    fr_u32 _e40;
    bool _e41;
    fr_t7* _e42;
    _e42 = &fr_wg8;
    fr_u32 _e43;
    fr_u32 _e44;
    fr_u32 _e45;
    _e45 = 0xffu;
    fr_u32 _e46;
    fr_u32* _e47;
    fr_u32 _e48;
    _e48 = 0x1u;
    fr_u32 _e49;
    fr_u32 _e50;
    _e50 = 0x1u;
    fr_u32 _e51;
    fr_u32 _e52;
    fr_u32 _e53;
    fr_u32 _e54;
    _e54 = 0x1000u;
    fr_u32 _e55;
    fr_u32 _e56;
    _e56 = 0xffu;
    fr_u32 _e57;
    _e57 = 0xffu;
    fr_u32 _e58;
    fr_u32 _e59;
    fr_u32 _e60;
    _e60 = 0x0u;
    fr_t7* _e61;
    _e61 = &fr_wg8;
    fr_u32* _e62;
    fr_u32 _e63;
    fr_u32 _e64;
    _e64 = 0x100u;
    bool _e65;
    fr_u32 _e66;
    fr_v2u _e67;
    fr_u32 _e68;
    fr_u32 _e69;
    fr_u32 _e70;
    _e70 = 0x100u;
    bool _e71;
    bool _e72;
    _e72 = false;
    bool* _e73;
    _e73 = &l5;
    fr_u32 _e74;
    bool _e75;
    bool* _e76;
    _e76 = &l5;
    bool _e77;
    bool _e78;
    _e78 = false;
    bool* _e79;
    _e79 = &l6;
    fr_u32 _e80;
    bool _e81;
    bool* _e82;
    _e82 = &l6;
    bool _e83;
    fr_v2u* _e84;
    _e84 = &fr_wg11;
    fr_v2u _e85;
    fr_v2u* _e86;
    _e86 = &fr_wg11;
    fr_v2u _e87;
    fr_u32 _e88;
    fr_u32 _e89;
    fr_u32 _e90;
    fr_u32 _e91;
    fr_u32 _e92;
    fr_u32 _e93;
    fr_u32 _e94;
    fr_u32 _e95;
    fr_u32 _e96;
    fr_u32 _e97;
    _e97 = 0x8u;
    fr_u32 _e98;
    fr_u32 _e99;
    *_e5 = _e2;
    { bool fr_first0 = true;
    while (true) {
        if (!fr_first0) {
            _e96 = *_e7;
            _e98 = _e96 - _e97;
            *_e7 = _e98;
        }
        fr_first0 = false;
        _e8 = *_e7;
        _e10 = _e8 < _e9;
        if (_e10) {
        } else {
            break;
        }
        {
            _e12 = _e0 < _e11;
            if (_e12) {
                _e14 = &_e13->v[fr_clampi((unsigned int)_e0, 256u)];
                atomicExch(_e14, _e15);
            }
            __syncthreads();
            *_e16 = _e0;
            { bool fr_first1 = true;
            while (true) {
                if (!fr_first1) {
                    _e53 = *_e16;
                    _e55 = _e53 + _e54;
                    *_e16 = _e55;
                }
                fr_first1 = false;
                _e17 = *_e16;
                _e18 = _e17 < _e1;
                if (_e18) {
                } else {
                    break;
                }
                {
                    *_e20 = _e19;
                    { bool fr_first2 = true;
                    while (true) {
                        if (!fr_first2) {
                            _e51 = *_e20;
                            _e52 = _e51 + _e50;
                            *_e20 = _e52;
                        }
                        fr_first2 = false;
                        _e21 = *_e20;
                        _e23 = _e21 < _e22;
                        if (_e23) {
                        } else {
                            break;
                        }
                        {
                            _e24 = *_e16;
                            _e25 = *_e20;
                            _e27 = _e25 * _e26;
                            _e28 = _e24 + _e27;
                            _e29 = _e28 < _e1;
                            if (_e29) {
                                _e30 = fr_f1(ctx, _e28);
                                _e31 = fr_f2(ctx, _e30);
                                _e32 = *_e7;
                                _e33 = fr_shr_u(_e31, _e32);
                                _e35 = fr_shr_u(_e33, _e34);
                                _e36 = *_e4;
                                _e37 = *_e7;
                                _e38 = fr_shr_u(_e36, _e37);
                                _e40 = fr_shr_u(_e38, _e39);
                                _e41 = _e35 == _e40;
                                if (_e41) {
                                    _e43 = *_e7;
                                    _e44 = fr_shr_u(_e31, _e43);
                                    _e46 = _e44 & _e45;
                                    _e47 = &_e42->v[fr_clampi((unsigned int)_e46, 256u)];
                                    _e49 = atomicAdd(_e47, _e48);
                                }
                            }
                        }
                    } }
                }
            } }
            __syncthreads();
            _e58 = fr_min_u(_e0, _e57);
            _e59 = _e56 - _e58;
            _e62 = &_e61->v[fr_clampi((unsigned int)_e59, 256u)];
            _e63 = *(volatile fr_u32*)_e62;
            _e65 = _e0 < _e64;
            _e66 = _e65 ? _e63 : _e60;
            _e67 = fr_f8(ctx, _e0, _e66);
            _e68 = _e67.v[fr_clampi(0u, 2u)];
            _e69 = _e68 - _e66;
            _e71 = _e0 < _e70;
            if (_e71) {
                _e74 = *_e5;
                _e75 = _e68 >= _e74;
                *_e73 = _e75;
            } else {
                *_e73 = _e72;
            }
            _e77 = *_e76;
            if (_e77) {
                _e80 = *_e5;
                _e81 = _e69 < _e80;
                *_e79 = _e81;
            } else {
                *_e79 = _e78;
            }
            _e83 = *_e82;
            if (_e83) {
                _e85.v[0] = _e59; _e85.v[1] = _e69;
                *_e84 = _e85;
            }
            __syncthreads();
            _e87 = *_e86;
            __syncthreads();
            _e88 = *_e4;
            _e89 = _e87.v[fr_clampi(0u, 2u)];
            _e90 = *_e7;
            _e91 = fr_shl_u(_e89, _e90);
            _e92 = _e88 | _e91;
            *_e4 = _e92;
            _e93 = *_e5;
            _e94 = _e87.v[fr_clampi(1u, 2u)];
            _e95 = _e93 - _e94;
            *_e5 = _e95;
        }
    } }
    _e99 = *_e4;
    return _e99;
}
static __device__ void fr_entry(fr_ctx* ctx, fr_u32 a0) {
    float l0 = float{};
    fr_u32 l1 = fr_u32{};
    fr_u32 l2 = fr_u32{};
    fr_u32 l3 = fr_u32{};
    l3 = 0x0u;
    bool l4 = bool{};
    fr_u32 l5 = fr_u32{};
    bool l6 = bool{};
    l6 = false;
    fr_u32 l7 = fr_u32{};
    l7 = 0x0u;
    fr_u32 l8 = fr_u32{};
    bool l9 = bool{};
    bool l10 = bool{};
    float l11 = float{};
    l11 = __uint_as_float(0x00000000u);
    fr_u32 l12 = fr_u32{};
    l12 = 0x0u;
    fr_u32 l13 = fr_u32{};
    fr_u32 l14 = fr_u32{};
    float l15 = float{};
    l15 = __uint_as_float(0x00000000u);
    fr_u32 l16 = fr_u32{};
    fr_u32 l17 = fr_u32{};
    fr_u32 l18 = fr_u32{};
    bool l19 = bool{};
    fr_u32 l20 = fr_u32{};
    l20 = 0x0u;
    float l21 = float{};
    fr_u32 l22 = fr_u32{};
    fr_u32 l23 = fr_u32{};
    float l24 = float{};
    fr_u32 l25 = fr_u32{};
    l25 = 0x0u;
    fr_u32 l26 = fr_u32{};
    bool l27 = bool{};
    bool l28 = bool{};
    bool l29 = bool{};
    fr_u32 l30 = fr_u32{};
    fr_u32 l31 = fr_u32{};
    bool l32 = bool{};
    bool l33 = bool{};
    bool l34 = bool{};
    bool l35 = bool{};
    fr_u32 _e0;
    _e0 = a0;
    fr_bptr _e1;
    _e1 = ctx->b2;
    float _e2;
    float _e3;
    _e3 = __uint_as_float(0x00000000u);
    bool _e4;
    fr_bptr _e5;
    _e5 = ctx->b0;
    fr_u32 _e6;
    float _e7;
    float* _e8;
    _e8 = &l0;
    fr_u32* _e9;
    _e9 = &l1;
    fr_u32 _e10;
    bool _e11;
    fr_u32 _e12;
    _e12 = 0x0u;
    fr_u32* _e13;
    _e13 = &l2;
    fr_u32 _e14;
    fr_u32 _e15;
    _e15 = 0x4u;
    bool _e16;
    fr_u32 _e17;
    fr_u32 _e18;
    fr_u32 _e19;
    _e19 = 0x400u;
    fr_u32 _e20;
    fr_u32 _e21;
    bool _e22;
    float _e23;
    float _e24;
    float _e25;
    bool _e26;
    float _e27;
    fr_u32 _e28;
    _e28 = 0x1u;
    fr_u32 _e29;
    fr_u32 _e30;
    fr_u32 _e31;
    fr_u32 _e32;
    _e32 = 0x1000u;
    fr_u32 _e33;
    float _e34;
    float _e35;
    fr_u32 _e36;
    _e36 = 0x0u;
    fr_u32* _e37;
    _e37 = &l3;
    fr_bptr _e38;
    _e38 = ctx->b3;
    fr_u32 _e39;
    fr_u32 _e40;
    _e40 = 0x0u;
    bool _e41;
    bool _e42;
    _e42 = false;
    bool* _e43;
    _e43 = &l4;
    fr_bptr _e44;
    _e44 = ctx->b3;
    fr_u32 _e45;
    bool _e46;
    bool* _e47;
    _e47 = &l4;
    bool _e48;
    fr_bptr _e49;
    _e49 = ctx->b3;
    fr_u32 _e50;
    fr_u32 _e51;
    fr_u32 _e52;
    fr_u32* _e53;
    _e53 = &l5;
    bool _e54;
    _e54 = false;
    bool* _e55;
    _e55 = &l6;
    fr_u32 _e56;
    _e56 = 0x0u;
    fr_u32* _e57;
    _e57 = &l7;
    fr_bptr _e58;
    _e58 = ctx->b4;
    float _e59;
    float _e60;
    _e60 = __uint_as_float(0x3f800000u);
    bool _e61;
    fr_u32 _e62;
    fr_u32* _e63;
    _e63 = &l8;
    fr_u32 _e64;
    _e64 = 0x200u;
    bool _e65;
    bool _e66;
    _e66 = false;
    bool* _e67;
    _e67 = &l9;
    fr_bptr _e68;
    _e68 = ctx->b3;
    fr_u32 _e69;
    fr_u32 _e70;
    _e70 = 0x0u;
    bool _e71;
    bool _e72;
    bool _e73;
    _e73 = true;
    bool* _e74;
    _e74 = &l10;
    fr_bptr _e75;
    _e75 = ctx->b3;
    fr_u32 _e76;
    fr_u32 _e77;
    _e77 = 0x200u;
    bool _e78;
    bool* _e79;
    _e79 = &l10;
    bool _e80;
    bool* _e81;
    _e81 = &l9;
    bool _e82;
    fr_u32 _e83;
    _e83 = 0x200u;
    fr_u32 _e84;
    fr_u32 _e85;
    fr_u32 _e86;
    float _e87;
    _e87 = __uint_as_float(0x00000000u);
    float* _e88;
    _e88 = &l11;
    fr_u32 _e89;
    _e89 = 0x0u;
    fr_u32* _e90;
    _e90 = &l12;
    fr_u32* _e91;
    _e91 = &l13;
    fr_u32 _e92;
    bool _e93;
    fr_u32 _e94;
    _e94 = 0x0u;
    fr_u32* _e95;
    _e95 = &l14;
    fr_u32 _e96;
    fr_u32 _e97;
    _e97 = 0x4u;
    bool _e98;
    fr_u32 _e99;
    fr_u32 _e100;
    fr_u32 _e101;
    _e101 = 0x400u;
    fr_u32 _e102;
    fr_u32 _e103;
    bool _e104;
    float _e105;
    fr_u32 _e106;
    float _e107;
    float _e108;
    float _e109;
    fr_bptr _e110;
    _e110 = ctx->b2;
    float _e111;
    float _e112;
    float _e113;
    fr_u32 _e114;
    bool _e115;
    float _e116;
    _e116 = __uint_as_float(0x00000000u);
    float _e117;
    float _e118;
    fr_u32 _e119;
    fr_u32 _e120;
    _e120 = 0x0u;
    fr_u32 _e121;
    _e121 = 0x1u;
    fr_u32 _e122;
    bool _e123;
    fr_u32 _e124;
    fr_u32 _e125;
    fr_u32 _e126;
    _e126 = 0x1u;
    fr_u32 _e127;
    fr_u32 _e128;
    fr_u32 _e129;
    fr_u32 _e130;
    _e130 = 0x1000u;
    fr_u32 _e131;
    fr_bptr _e132;
    _e132 = ctx->b4;
    float _e133;
    float _e134;
    float _e135;
    float _e136;
    fr_u32 _e137;
    fr_v2u _e138;
    fr_u32 _e139;
    fr_u32 _e140;
    float _e141;
    _e141 = __uint_as_float(0x00000000u);
    float* _e142;
    _e142 = &l15;
    fr_u32 _e143;
    fr_u32 _e144;
    _e144 = 0x200u;
    bool _e145;
    fr_u32 _e146;
    fr_u32 _e147;
    fr_u32* _e148;
    _e148 = &l16;
    fr_u32* _e149;
    _e149 = &l17;
    fr_u32 _e150;
    bool _e151;
    fr_u32 _e152;
    _e152 = 0x0u;
    fr_u32* _e153;
    _e153 = &l18;
    fr_u32 _e154;
    fr_u32 _e155;
    _e155 = 0x4u;
    bool _e156;
    fr_u32 _e157;
    fr_u32 _e158;
    fr_u32 _e159;
    _e159 = 0x400u;
    fr_u32 _e160;
    fr_u32 _e161;
    bool _e162;
    float _e163;
    fr_u32 _e164;
    fr_u32 _e165;
    bool _e166;
    fr_t8* _e167;
    _e167 = &fr_wg9;
    fr_u32 _e168;
    fr_u32* _e169;
    fr_u32 _e170;
    fr_t8* _e171;
    _e171 = &fr_wg10;
    fr_u32 _e172;
    fr_u32* _e173;
    fr_u32 _e174;
    fr_u32 _e175;
    _e175 = 0x1u;
    fr_u32 _e176;
    float _e177;
    float _e178;
    float _e179;
    fr_bptr _e180;
    _e180 = ctx->b2;
    float _e181;
    float _e182;
    float _e183;
    float _e184;
    fr_u32 _e185;
    _e185 = 0x1u;
    fr_u32 _e186;
    fr_u32 _e187;
    fr_u32 _e188;
    fr_u32 _e189;
    _e189 = 0x1000u;
    fr_u32 _e190;
    float _e191;
    float _e192;
    fr_u32 _e193;
    _e193 = 0x0u;
    bool _e194;
    fr_u32* _e195;
    _e195 = &fr_wg12;
    fr_u32 _e196;
    _e196 = 0x0u;
    fr_u32 _e197;
    _e197 = 0x1u;
    fr_u32 _e198;
    fr_u32 _e199;
    _e199 = 0x200u;
    bool _e200;
    bool _e201;
    _e201 = false;
    bool* _e202;
    _e202 = &l19;
    bool _e203;
    bool* _e204;
    _e204 = &l19;
    bool _e205;
    fr_u32 _e206;
    fr_u32* _e207;
    _e207 = &fr_wg12;
    fr_u32 _e208;
    fr_u32 _e209;
    _e209 = 0x1u;
    bool _e210;
    fr_u32 _e211;
    _e211 = 0x0u;
    fr_u32 _e212;
    _e212 = 0x0u;
    fr_u32* _e213;
    _e213 = &l20;
    fr_u32 _e214;
    fr_u32 _e215;
    _e215 = 0x20u;
    bool _e216;
    fr_u32 _e217;
    fr_u32 _e218;
    _e218 = 0x80000000u;
    fr_u32 _e219;
    fr_u32 _e220;
    fr_u32 _e221;
    fr_u32 _e222;
    fr_u32 _e223;
    float _e224;
    _e224 = __uint_as_float(0x00000000u);
    float* _e225;
    _e225 = &l21;
    bool _e226;
    fr_u32* _e227;
    _e227 = &l22;
    fr_u32 _e228;
    fr_u32 _e229;
    bool _e230;
    float _e231;
    fr_t8* _e232;
    _e232 = &fr_wg9;
    fr_u32 _e233;
    fr_u32* _e234;
    fr_u32 _e235;
    float _e236;
    float _e237;
    float _e238;
    fr_bptr _e239;
    _e239 = ctx->b2;
    float _e240;
    float _e241;
    float _e242;
    fr_t8* _e243;
    _e243 = &fr_wg9;
    fr_u32 _e244;
    fr_u32* _e245;
    fr_u32 _e246;
    bool _e247;
    float _e248;
    _e248 = __uint_as_float(0x00000000u);
    float _e249;
    float _e250;
    fr_u32 _e251;
    fr_u32 _e252;
    _e252 = 0x400u;
    fr_u32 _e253;
    fr_u32* _e254;
    _e254 = &l23;
    fr_u32 _e255;
    bool _e256;
    fr_u32 _e257;
    float _e258;
    float _e259;
    float _e260;
    float _e261;
    fr_bptr _e262;
    _e262 = ctx->b2;
    float _e263;
    float _e264;
    float _e265;
    fr_u32 _e266;
    bool _e267;
    float _e268;
    _e268 = __uint_as_float(0x00000000u);
    float _e269;
    float _e270;
    fr_u32 _e271;
    fr_u32 _e272;
    _e272 = 0x400u;
    fr_u32 _e273;
    fr_u32 _e274;
    fr_u32 _e275;
    fr_u32 _e276;
    _e276 = 0x80000000u;
    fr_u32 _e277;
    fr_u32 _e278;
    fr_u32 _e279;
    float _e280;
    float _e281;
    bool _e282;
    fr_u32 _e283;
    fr_u32 _e284;
    _e284 = 0x1u;
    fr_u32 _e285;
    fr_u32 _e286;
    fr_u32 _e287;
    fr_u32 _e288;
    fr_u32 _e289;
    float _e290;
    float* _e291;
    _e291 = &l24;
    fr_u32 _e292;
    _e292 = 0x0u;
    fr_u32* _e293;
    _e293 = &l25;
    bool _e294;
    fr_u32* _e295;
    _e295 = &l26;
    fr_u32 _e296;
    fr_u32 _e297;
    bool _e298;
    fr_t8* _e299;
    _e299 = &fr_wg10;
    fr_u32 _e300;
    fr_u32* _e301;
    fr_u32 _e302;
    fr_t8* _e303;
    _e303 = &fr_wg9;
    fr_u32 _e304;
    fr_u32* _e305;
    fr_u32 _e306;
    float _e307;
    float _e308;
    float _e309;
    fr_bptr _e310;
    _e310 = ctx->b2;
    float _e311;
    float _e312;
    float _e313;
    float _e314;
    fr_t8* _e315;
    _e315 = &fr_wg9;
    fr_u32 _e316;
    fr_u32* _e317;
    fr_u32 _e318;
    fr_u32 _e319;
    bool _e320;
    bool _e321;
    _e321 = false;
    bool* _e322;
    _e322 = &l27;
    float _e323;
    bool _e324;
    bool _e325;
    bool _e326;
    _e326 = true;
    bool* _e327;
    _e327 = &l28;
    float _e328;
    bool _e329;
    bool _e330;
    _e330 = false;
    bool* _e331;
    _e331 = &l29;
    fr_u32 _e332;
    bool _e333;
    bool* _e334;
    _e334 = &l29;
    bool _e335;
    bool* _e336;
    _e336 = &l28;
    bool _e337;
    bool* _e338;
    _e338 = &l27;
    bool _e339;
    fr_u32 _e340;
    fr_u32 _e341;
    _e341 = 0x400u;
    fr_u32 _e342;
    fr_u32* _e343;
    _e343 = &l30;
    fr_u32 _e344;
    bool _e345;
    fr_u32 _e346;
    _e346 = 0x0u;
    fr_u32* _e347;
    _e347 = &l31;
    fr_u32 _e348;
    fr_u32 _e349;
    _e349 = 0x4u;
    bool _e350;
    fr_u32 _e351;
    fr_u32 _e352;
    fr_u32 _e353;
    _e353 = 0x400u;
    fr_u32 _e354;
    fr_u32 _e355;
    bool _e356;
    float _e357;
    float _e358;
    float _e359;
    fr_bptr _e360;
    _e360 = ctx->b2;
    float _e361;
    float _e362;
    float _e363;
    float _e364;
    fr_u32 _e365;
    fr_u32 _e366;
    bool _e367;
    bool _e368;
    _e368 = false;
    bool* _e369;
    _e369 = &l32;
    float _e370;
    bool _e371;
    bool _e372;
    bool _e373;
    _e373 = true;
    bool* _e374;
    _e374 = &l33;
    float _e375;
    bool _e376;
    bool _e377;
    _e377 = false;
    bool* _e378;
    _e378 = &l34;
    fr_u32 _e379;
    bool _e380;
    bool* _e381;
    _e381 = &l34;
    bool _e382;
    bool* _e383;
    _e383 = &l33;
    bool _e384;
    bool* _e385;
    _e385 = &l32;
    bool _e386;
    fr_u32 _e387;
    _e387 = 0x1u;
    fr_u32 _e388;
    fr_u32 _e389;
    fr_u32 _e390;
    fr_u32 _e391;
    _e391 = 0x1000u;
    fr_u32 _e392;
    float _e393;
    fr_u32 _e394;
    fr_u32 _e395;
    fr_u32 _e396;
    _e396 = 0x0u;
    bool _e397;
    bool _e398;
    _e398 = false;
    bool* _e399;
    _e399 = &l35;
    float _e400;
    fr_u32 _e401;
    fr_u32 _e402;
    _e402 = 0x7fffffffu;
    fr_u32 _e403;
    fr_u32 _e404;
    _e404 = 0x7f800000u;
    bool _e405;
    bool* _e406;
    _e406 = &l35;
    bool _e407;
    fr_bptr _e408;
    _e408 = ctx->b1;
    fr_bptr _e409;
    {
    _e2 = fr_ld_f(_e1, 0u);
    }
    _e4 = _e2 <= _e3;
    if (_e4) {
        return;
    }
    _e6 = fr_array_length(_e5, 4u);
    _e7 = fr_f0(ctx);
    *_e8 = _e7;
    *_e9 = _e0;
    { bool fr_first0 = true;
    while (true) {
        if (!fr_first0) {
            _e31 = *_e9;
            _e33 = _e31 + _e32;
            *_e9 = _e33;
        }
        fr_first0 = false;
        _e10 = *_e9;
        _e11 = _e10 < _e6;
        if (_e11) {
        } else {
            break;
        }
        {
            *_e13 = _e12;
            { bool fr_first1 = true;
            while (true) {
                if (!fr_first1) {
                    _e29 = *_e13;
                    _e30 = _e29 + _e28;
                    *_e13 = _e30;
                }
                fr_first1 = false;
                _e14 = *_e13;
                _e16 = _e14 < _e15;
                if (_e16) {
                } else {
                    break;
                }
                {
                    _e17 = *_e9;
                    _e18 = *_e13;
                    _e20 = _e18 * _e19;
                    _e21 = _e17 + _e20;
                    _e22 = _e21 < _e6;
                    if (_e22) {
                        _e23 = fr_f1(ctx, _e21);
                        _e24 = *_e8;
                        _e25 = *_e8;
                        _e26 = _e23 > _e25;
                        _e27 = _e26 ? _e23 : _e24;
                        *_e8 = _e27;
                    }
                }
            } }
        }
    } }
    _e34 = *_e8;
    _e35 = fr_f7(ctx, _e0, _e34);
    *_e8 = _e35;
    {
    _e39 = fr_ld_u(_e38, 0u);
    }
    _e41 = _e39 > _e40;
    if (_e41) {
        {
        _e45 = fr_ld_u(_e44, 0u);
        }
        _e46 = _e45 < _e6;
        *_e43 = _e46;
    } else {
        *_e43 = _e42;
    }
    _e48 = *_e47;
    if (_e48) {
        {
        _e50 = fr_ld_u(_e49, 0u);
        }
        _e51 = fr_f10(ctx, _e0, _e6, _e50);
        *_e37 = _e51;
    }
    _e52 = *_e37;
    *_e53 = _e52;
    {
    _e59 = fr_ld_f(_e58, 0u);
    }
    _e61 = _e59 < _e60;
    if (_e61) {
        _e62 = *_e37;
        *_e63 = _e62;
        _e65 = _e6 > _e64;
        if (_e65) {
            {
            _e69 = fr_ld_u(_e68, 0u);
            }
            _e71 = _e69 == _e70;
            _e72 = !_e71;
            if (_e72) {
                {
                _e76 = fr_ld_u(_e75, 0u);
                }
                _e78 = _e76 > _e77;
                *_e74 = _e78;
            } else {
                *_e74 = _e73;
            }
            _e80 = *_e79;
            *_e67 = _e80;
        } else {
            *_e67 = _e66;
        }
        _e82 = *_e81;
        if (_e82) {
            _e84 = fr_f10(ctx, _e0, _e6, _e83);
            _e85 = *_e37;
            _e86 = fr_max_u(_e84, _e85);
            *_e63 = _e86;
        }
        *_e91 = _e0;
        { bool fr_first2 = true;
        while (true) {
            if (!fr_first2) {
                _e129 = *_e91;
                _e131 = _e129 + _e130;
                *_e91 = _e131;
            }
            fr_first2 = false;
            _e92 = *_e91;
            _e93 = _e92 < _e6;
            if (_e93) {
            } else {
                break;
            }
            {
                *_e95 = _e94;
                { bool fr_first3 = true;
                while (true) {
                    if (!fr_first3) {
                        _e127 = *_e95;
                        _e128 = _e127 + _e126;
                        *_e95 = _e128;
                    }
                    fr_first3 = false;
                    _e96 = *_e95;
                    _e98 = _e96 < _e97;
                    if (_e98) {
                    } else {
                        break;
                    }
                    {
                        _e99 = *_e91;
                        _e100 = *_e95;
                        _e102 = _e100 * _e101;
                        _e103 = _e99 + _e102;
                        _e104 = _e103 < _e6;
                        if (_e104) {
                            _e105 = fr_f1(ctx, _e103);
                            _e106 = fr_f2(ctx, _e105);
                            _e107 = *_e88;
                            _e108 = *_e8;
                            _e109 = __fsub_rn(_e105, _e108);
                            {
                            _e111 = fr_ld_f(_e110, 0u);
                            }
                            _e112 = __fmul_rn(_e109, _e111);
                            _e113 = expf(_e112);
                            _e114 = *_e37;
                            _e115 = _e106 >= _e114;
                            _e117 = _e115 ? _e113 : _e116;
                            _e118 = __fadd_rn(_e107, _e117);
                            *_e88 = _e118;
                            _e119 = *_e90;
                            _e122 = *_e63;
                            _e123 = _e106 >= _e122;
                            _e124 = _e123 ? _e121 : _e120;
                            _e125 = _e119 + _e124;
                            *_e90 = _e125;
                        }
                    }
                } }
            }
        } }
        {
        _e133 = fr_ld_f(_e132, 0u);
        }
        _e134 = *_e88;
        _e135 = fr_f6(ctx, _e0, _e134);
        _e136 = __fmul_rn(_e133, _e135);
        _e137 = *_e90;
        _e138 = fr_f8(ctx, _e0, _e137);
        _e139 = _e138.v[fr_clampi(0u, 2u)];
        _e140 = _e138.v[fr_clampi(1u, 2u)];
        *_e57 = _e140;
        _e143 = *_e57;
        _e145 = _e143 <= _e144;
        if (_e145) {
            _e146 = *_e90;
            _e147 = _e139 - _e146;
            *_e148 = _e147;
            *_e149 = _e0;
            { bool fr_first4 = true;
            while (true) {
                if (!fr_first4) {
                    _e188 = *_e149;
                    _e190 = _e188 + _e189;
                    *_e149 = _e190;
                }
                fr_first4 = false;
                _e150 = *_e149;
                _e151 = _e150 < _e6;
                if (_e151) {
                } else {
                    break;
                }
                {
                    *_e153 = _e152;
                    { bool fr_first5 = true;
                    while (true) {
                        if (!fr_first5) {
                            _e186 = *_e153;
                            _e187 = _e186 + _e185;
                            *_e153 = _e187;
                        }
                        fr_first5 = false;
                        _e154 = *_e153;
                        _e156 = _e154 < _e155;
                        if (_e156) {
                        } else {
                            break;
                        }
                        {
                            _e157 = *_e149;
                            _e158 = *_e153;
                            _e160 = _e158 * _e159;
                            _e161 = _e157 + _e160;
                            _e162 = _e161 < _e6;
                            if (_e162) {
                                _e163 = fr_f1(ctx, _e161);
                                _e164 = fr_f2(ctx, _e163);
                                _e165 = *_e63;
                                _e166 = _e164 >= _e165;
                                if (_e166) {
                                    _e168 = *_e148;
                                    _e169 = &_e167->v[fr_clampi((unsigned int)_e168, 512u)];
                                    _e170 = fr_f2(ctx, _e163);
                                    *_e169 = _e170;
                                    _e172 = *_e148;
                                    _e173 = &_e171->v[fr_clampi((unsigned int)_e172, 512u)];
                                    *_e173 = _e161;
                                    _e174 = *_e148;
                                    _e176 = _e174 + _e175;
                                    *_e148 = _e176;
                                    _e177 = *_e142;
                                    _e178 = *_e8;
                                    _e179 = __fsub_rn(_e163, _e178);
                                    {
                                    _e181 = fr_ld_f(_e180, 0u);
                                    }
                                    _e182 = __fmul_rn(_e179, _e181);
                                    _e183 = expf(_e182);
                                    _e184 = __fadd_rn(_e177, _e183);
                                    *_e142 = _e184;
                                }
                            }
                        }
                    } }
                }
            } }
        }
        _e191 = *_e142;
        _e192 = fr_f6(ctx, _e0, _e191);
        _e194 = _e0 == _e193;
        if (_e194) {
            _e198 = *_e57;
            _e200 = _e198 <= _e199;
            if (_e200) {
                _e203 = _e192 >= _e136;
                *_e202 = _e203;
            } else {
                *_e202 = _e201;
            }
            _e205 = *_e204;
            _e206 = _e205 ? _e197 : _e196;
            *_e195 = _e206;
        }
        __syncthreads();
        _e208 = *_e207;
        __syncthreads();
        _e210 = _e208 == _e209;
        *_e55 = _e210;
        *_e53 = _e211;
        { bool fr_first6 = true;
        while (true) {
            if (!fr_first6) {
                _e285 = *_e213;
                _e286 = _e285 + _e284;
                *_e213 = _e286;
            }
            fr_first6 = false;
            _e214 = *_e213;
            _e216 = _e214 < _e215;
            if (_e216) {
            } else {
                break;
            }
            {
                _e217 = *_e53;
                _e219 = *_e213;
                _e220 = fr_shr_u(_e218, _e219);
                _e221 = _e217 | _e220;
                _e222 = *_e37;
                _e223 = fr_max_u(_e221, _e222);
                *_e225 = _e224;
                _e226 = *_e55;
                if (_e226) {
                    *_e227 = _e0;
                    { bool fr_first7 = true;
                    while (true) {
                        if (!fr_first7) {
                            _e251 = *_e227;
                            _e253 = _e251 + _e252;
                            *_e227 = _e253;
                        }
                        fr_first7 = false;
                        _e228 = *_e227;
                        _e229 = *_e57;
                        _e230 = _e228 < _e229;
                        if (_e230) {
                        } else {
                            break;
                        }
                        {
                            _e231 = *_e225;
                            _e233 = *_e227;
                            _e234 = &_e232->v[fr_clampi((unsigned int)_e233, 512u)];
                            _e235 = *_e234;
                            _e236 = fr_f3(ctx, _e235);
                            _e237 = *_e8;
                            _e238 = __fsub_rn(_e236, _e237);
                            {
                            _e240 = fr_ld_f(_e239, 0u);
                            }
                            _e241 = __fmul_rn(_e238, _e240);
                            _e242 = expf(_e241);
                            _e244 = *_e227;
                            _e245 = &_e243->v[fr_clampi((unsigned int)_e244, 512u)];
                            _e246 = *_e245;
                            _e247 = _e246 >= _e223;
                            _e249 = _e247 ? _e242 : _e248;
                            _e250 = __fadd_rn(_e231, _e249);
                            *_e225 = _e250;
                        }
                    } }
                } else {
                    *_e254 = _e0;
                    { bool fr_first8 = true;
                    while (true) {
                        if (!fr_first8) {
                            _e271 = *_e254;
                            _e273 = _e271 + _e272;
                            *_e254 = _e273;
                        }
                        fr_first8 = false;
                        _e255 = *_e254;
                        _e256 = _e255 < _e6;
                        if (_e256) {
                        } else {
                            break;
                        }
                        {
                            _e257 = *_e254;
                            _e258 = fr_f1(ctx, _e257);
                            _e259 = *_e225;
                            _e260 = *_e8;
                            _e261 = __fsub_rn(_e258, _e260);
                            {
                            _e263 = fr_ld_f(_e262, 0u);
                            }
                            _e264 = __fmul_rn(_e261, _e263);
                            _e265 = expf(_e264);
                            _e266 = fr_f2(ctx, _e258);
                            _e267 = _e266 >= _e223;
                            _e269 = _e267 ? _e265 : _e268;
                            _e270 = __fadd_rn(_e259, _e269);
                            *_e225 = _e270;
                        }
                    } }
                }
                _e274 = *_e53;
                _e275 = *_e53;
                _e277 = *_e213;
                _e278 = fr_shr_u(_e276, _e277);
                _e279 = _e275 | _e278;
                _e280 = *_e225;
                _e281 = fr_f6(ctx, _e0, _e280);
                _e282 = _e281 >= _e136;
                _e283 = _e282 ? _e279 : _e274;
                *_e53 = _e283;
            }
        } }
        _e287 = *_e53;
        _e288 = *_e37;
        _e289 = fr_max_u(_e287, _e288);
        *_e53 = _e289;
    }
    _e290 = fr_f0(ctx);
    *_e291 = _e290;
    _e294 = *_e55;
    if (_e294) {
        *_e295 = _e0;
        { bool fr_first9 = true;
        while (true) {
            if (!fr_first9) {
                _e340 = *_e295;
                _e342 = _e340 + _e341;
                *_e295 = _e342;
            }
            fr_first9 = false;
            _e296 = *_e295;
            _e297 = *_e57;
            _e298 = _e296 < _e297;
            if (_e298) {
            } else {
                break;
            }
            {
                _e300 = *_e295;
                _e301 = &_e299->v[fr_clampi((unsigned int)_e300, 512u)];
                _e302 = *_e301;
                _e304 = *_e295;
                _e305 = &_e303->v[fr_clampi((unsigned int)_e304, 512u)];
                _e306 = *_e305;
                _e307 = fr_f3(ctx, _e306);
                _e308 = *_e8;
                _e309 = __fsub_rn(_e307, _e308);
                {
                _e311 = fr_ld_f(_e310, 0u);
                }
                _e312 = __fmul_rn(_e309, _e311);
                _e313 = fr_f5(ctx, _e302);
                _e314 = __fadd_rn(_e312, _e313);
                _e316 = *_e295;
                _e317 = &_e315->v[fr_clampi((unsigned int)_e316, 512u)];
                _e318 = *_e317;
                _e319 = *_e53;
                _e320 = _e318 >= _e319;
                if (_e320) {
                    _e323 = *_e291;
                    _e324 = _e314 > _e323;
                    _e325 = !_e324;
                    if (_e325) {
                        _e328 = *_e291;
                        _e329 = _e314 == _e328;
                        if (_e329) {
                            _e332 = *_e293;
                            _e333 = _e302 < _e332;
                            *_e331 = _e333;
                        } else {
                            *_e331 = _e330;
                        }
                        _e335 = *_e334;
                        *_e327 = _e335;
                    } else {
                        *_e327 = _e326;
                    }
                    _e337 = *_e336;
                    *_e322 = _e337;
                } else {
                    *_e322 = _e321;
                }
                _e339 = *_e338;
                if (_e339) {
                    *_e291 = _e314;
                    *_e293 = _e302;
                }
            }
        } }
    } else {
        *_e343 = _e0;
        { bool fr_first10 = true;
        while (true) {
            if (!fr_first10) {
                _e390 = *_e343;
                _e392 = _e390 + _e391;
                *_e343 = _e392;
            }
            fr_first10 = false;
            _e344 = *_e343;
            _e345 = _e344 < _e6;
            if (_e345) {
            } else {
                break;
            }
            {
                *_e347 = _e346;
                { bool fr_first11 = true;
                while (true) {
                    if (!fr_first11) {
                        _e388 = *_e347;
                        _e389 = _e388 + _e387;
                        *_e347 = _e389;
                    }
                    fr_first11 = false;
                    _e348 = *_e347;
                    _e350 = _e348 < _e349;
                    if (_e350) {
                    } else {
                        break;
                    }
                    {
                        _e351 = *_e343;
                        _e352 = *_e347;
                        _e354 = _e352 * _e353;
                        _e355 = _e351 + _e354;
                        _e356 = _e355 < _e6;
                        if (_e356) {
                            _e357 = fr_f1(ctx, _e355);
                            _e358 = *_e8;
                            _e359 = __fsub_rn(_e357, _e358);
                            {
                            _e361 = fr_ld_f(_e360, 0u);
                            }
                            _e362 = __fmul_rn(_e359, _e361);
                            _e363 = fr_f5(ctx, _e355);
                            _e364 = __fadd_rn(_e362, _e363);
                            _e365 = fr_f2(ctx, _e357);
                            _e366 = *_e53;
                            _e367 = _e365 >= _e366;
                            if (_e367) {
                                _e370 = *_e291;
                                _e371 = _e364 > _e370;
                                _e372 = !_e371;
                                if (_e372) {
                                    _e375 = *_e291;
                                    _e376 = _e364 == _e375;
                                    if (_e376) {
                                        _e379 = *_e293;
                                        _e380 = _e355 < _e379;
                                        *_e378 = _e380;
                                    } else {
                                        *_e378 = _e377;
                                    }
                                    _e382 = *_e381;
                                    *_e374 = _e382;
                                } else {
                                    *_e374 = _e373;
                                }
                                _e384 = *_e383;
                                *_e369 = _e384;
                            } else {
                                *_e369 = _e368;
                            }
                            _e386 = *_e385;
                            if (_e386) {
                                *_e291 = _e364;
                                *_e293 = _e355;
                            }
                        }
                    }
                } }
            }
        } }
    }
    _e393 = *_e291;
    _e394 = *_e293;
    _e395 = fr_f9(ctx, _e0, _e393, _e394);
    _e397 = _e0 == _e396;
    if (_e397) {
        _e400 = *_e8;
        _e401 = __float_as_uint(_e400);
        _e403 = _e401 & _e402;
        _e405 = _e403 < _e404;
        *_e399 = _e405;
    } else {
        *_e399 = _e398;
    }
    _e407 = *_e406;
    if (_e407) {
        _e409 = fr_bidx(_e408, 0u, 4u);
        {
        fr_st_u(_e409, 0u, _e395);
        }
        return;
    } else {
        return;
    }
}
extern "C" __global__ void __launch_bounds__(1024) forge_raw_062b2bce127071b7(float* fr_b0_logits, fr_u32* fr_b1_next, const float* fr_b2_inv_temperature, const fr_u32* fr_b3_top_k, const float* fr_b4_top_p, const fr_u32* fr_b5_draw_key, unsigned long long fr_len0, unsigned long long fr_len1) {
    fr_ctx ctx;
    ctx.b0.base = (unsigned char*)fr_b0_logits; ctx.b0.len = fr_len0; ctx.b0.off = 0u;
    ctx.b1.base = (unsigned char*)fr_b1_next; ctx.b1.len = fr_len1; ctx.b1.off = 0u;
    ctx.b2.base = (unsigned char*)fr_b2_inv_temperature; ctx.b2.len = 4ull; ctx.b2.off = 0u;
    ctx.b3.base = (unsigned char*)fr_b3_top_k; ctx.b3.len = 4ull; ctx.b3.off = 0u;
    ctx.b4.base = (unsigned char*)fr_b4_top_p; ctx.b4.len = 4ull; ctx.b4.off = 0u;
    ctx.b5.base = (unsigned char*)fr_b5_draw_key; ctx.b5.len = 4ull; ctx.b5.off = 0u;
    const fr_v3u fr_lid = {{ threadIdx.x, threadIdx.y, threadIdx.z }};
    const fr_v3u fr_wid = {{ blockIdx.x, blockIdx.y, blockIdx.z }};
    const fr_v3u fr_nwg = {{ gridDim.x, gridDim.y, gridDim.z }};
    const fr_v3u fr_gid = {{ fr_wid.v[0] * 1024u + fr_lid.v[0], fr_wid.v[1] * 1u + fr_lid.v[1], fr_wid.v[2] * 1u + fr_lid.v[2] }};
    const unsigned int fr_tid = fr_lid.v[0] + 1024u * (fr_lid.v[1] + 1u * fr_lid.v[2]);
    const unsigned int fr_nthreads = 1024u;
    for (unsigned int fr_i = fr_tid; fr_i < sizeof(fr_wg6); fr_i += fr_nthreads) ((unsigned char*)&fr_wg6)[fr_i] = 0;
    for (unsigned int fr_i = fr_tid; fr_i < sizeof(fr_wg7); fr_i += fr_nthreads) ((unsigned char*)&fr_wg7)[fr_i] = 0;
    for (unsigned int fr_i = fr_tid; fr_i < sizeof(fr_wg8); fr_i += fr_nthreads) ((unsigned char*)&fr_wg8)[fr_i] = 0;
    for (unsigned int fr_i = fr_tid; fr_i < sizeof(fr_wg9); fr_i += fr_nthreads) ((unsigned char*)&fr_wg9)[fr_i] = 0;
    for (unsigned int fr_i = fr_tid; fr_i < sizeof(fr_wg10); fr_i += fr_nthreads) ((unsigned char*)&fr_wg10)[fr_i] = 0;
    for (unsigned int fr_i = fr_tid; fr_i < sizeof(fr_wg11); fr_i += fr_nthreads) ((unsigned char*)&fr_wg11)[fr_i] = 0;
    for (unsigned int fr_i = fr_tid; fr_i < sizeof(fr_wg12); fr_i += fr_nthreads) ((unsigned char*)&fr_wg12)[fr_i] = 0;
    __syncthreads();
    fr_entry(&ctx, fr_tid);
}

