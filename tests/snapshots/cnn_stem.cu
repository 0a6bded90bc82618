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

// node: z = conv2d(x, w, stride = 2, padding = 3)
extern "C" __global__ void __launch_bounds__(256) forge_index_76ed192eb8bef4cf(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2) {
    __shared__ __align__(16) f32 red[256];
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 i = group;
    if (i >= 802816u) {
        return;
    }
    const u32 v0 = i / 802816u;
    const u32 v1 = (i / 12544u) % 64u;
    const u32 v2 = (i / 112u) % 112u;
    const u32 v3 = (i / 1u) % 112u;
    f32 part = 0.0f;
    for (u32 r = lid; r < 147u; r += 256u) {
        const u32 rv0 = r / 49u;
        const u32 rv1 = (r / 7u) % 7u;
        const u32 rv2 = (r / 1u) % 7u;
        part = (part + (a1[v1 * 147u + rv0 * 49u + rv1 * 7u + rv2] * select(0.0f, a2[min(u32(v0), 0u) * 150528u + min(u32(rv0), 2u) * 50176u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(v2)) * u32(i32(2)))) - u32(i32(3)))) + u32(i32(rv1))), i32(0), i32(223))) * 224u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(v3)) * u32(i32(2)))) - u32(i32(3)))) + u32(i32(rv2))), i32(0), i32(223)))], (((i32(u32(i32(u32(i32(u32(i32(v2)) * u32(i32(2)))) - u32(i32(3)))) + u32(i32(rv1))) >= i32(0)) && (i32(u32(i32(u32(i32(u32(i32(v2)) * u32(i32(2)))) - u32(i32(3)))) + u32(i32(rv1))) < i32(224))) && ((i32(u32(i32(u32(i32(u32(i32(v3)) * u32(i32(2)))) - u32(i32(3)))) + u32(i32(rv2))) >= i32(0)) && (i32(u32(i32(u32(i32(u32(i32(v3)) * u32(i32(2)))) - u32(i32(3)))) + u32(i32(rv2))) < i32(224)))))));
    }
    part = (part + __shfl_xor_sync(0xffffffffu, part, 16));
    part = (part + __shfl_xor_sync(0xffffffffu, part, 8));
    part = (part + __shfl_xor_sync(0xffffffffu, part, 4));
    part = (part + __shfl_xor_sync(0xffffffffu, part, 2));
    part = (part + __shfl_xor_sync(0xffffffffu, part, 1));
    if ((lid & 31u) == 0u) {
        red[lid >> 5u] = part;
    }
    __syncthreads();
    if (lid < 32u) {
        part = red[lid & 7u];
        part = (part + __shfl_xor_sync(0xffffffffu, part, 4));
        part = (part + __shfl_xor_sync(0xffffffffu, part, 2));
        part = (part + __shfl_xor_sync(0xffffffffu, part, 1));
    }
    if (lid == 0u) {
        red[0] = part;
    }
    __syncthreads();
    if (lid == 0u) {
        a0[i] = red[0];
    }
}

// node: a = relu(z * scale + shift)
extern "C" __global__ void __launch_bounds__(256) forge_map_3e85080dd094e468(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3) {
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 q = group * 256u + lid;
    if (q >= 200704u) {
        return;
    }
    f32 r0;
    f32 r1;
    f32 r2;
    f32 r3;
    {
        const u32 i = q * 4u + 0u;
        const u32 v0 = i / 802816u;
        const u32 v1 = (i / 12544u) % 64u;
        const u32 v2 = (i / 112u) % 112u;
        const u32 v3 = (i / 1u) % 112u;
        r0 = forge_fmax(((a1[v1 * 12544u + v2 * 112u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        const u32 i = q * 4u + 1u;
        const u32 v0 = i / 802816u;
        const u32 v1 = (i / 12544u) % 64u;
        const u32 v2 = (i / 112u) % 112u;
        const u32 v3 = (i / 1u) % 112u;
        r1 = forge_fmax(((a1[v1 * 12544u + v2 * 112u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        const u32 i = q * 4u + 2u;
        const u32 v0 = i / 802816u;
        const u32 v1 = (i / 12544u) % 64u;
        const u32 v2 = (i / 112u) % 112u;
        const u32 v3 = (i / 1u) % 112u;
        r2 = forge_fmax(((a1[v1 * 12544u + v2 * 112u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        const u32 i = q * 4u + 3u;
        const u32 v0 = i / 802816u;
        const u32 v1 = (i / 12544u) % 64u;
        const u32 v2 = (i / 112u) % 112u;
        const u32 v3 = (i / 1u) % 112u;
        r3 = forge_fmax(((a1[v1 * 12544u + v2 * 112u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    reinterpret_cast<forge_v4f*>(a0)[q] = forge_v4f{r0, r1, r2, r3};
}

// node: y = max_pool(a, kernel = 3, stride = 2, padding = 1)
extern "C" __global__ void __launch_bounds__(256) forge_index_61e3c761b4f91969(f32* a0, const f32* __restrict__ a1) {
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    #pragma unroll
    for (u32 it = 0u; it < 1u; ++it) {
        const u32 i = (group * 1u + it) * 256u + lid;
        if (i >= 200704u) {
            return;
        }
        const u32 v0 = i / 200704u;
        const u32 v1 = (i / 3136u) % 64u;
        const u32 v2 = (i / 56u) % 56u;
        const u32 v3 = (i / 1u) % 56u;
        f32 acc = a1[min(u32(v0), 0u) * 802816u + min(u32(v1), 63u) * 12544u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(v2)) * u32(i32(2)))) - u32(i32(1)))) + u32(i32(0u))), i32(0), i32(111))) * 112u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(v3)) * u32(i32(2)))) - u32(i32(1)))) + u32(i32(0u))), i32(0), i32(111)))];
        for (u32 r = 1u; r < 9u; r += 1u) {
            const u32 rv0 = r / 3u;
            const u32 rv1 = (r / 1u) % 3u;
            acc = forge_fmax(acc, a1[min(u32(v0), 0u) * 802816u + min(u32(v1), 63u) * 12544u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(v2)) * u32(i32(2)))) - u32(i32(1)))) + u32(i32(rv0))), i32(0), i32(111))) * 112u + u32(clamp(i32(u32(i32(u32(i32(u32(i32(v3)) * u32(i32(2)))) - u32(i32(1)))) + u32(i32(rv1))), i32(0), i32(111)))]);
        }
        a0[i] = acc;
    }
}
