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

// node: next[i, j] = u[i, j] + alpha * (edge(u[i - 1, j]) + edge(u[i + 1, j]) + edge(u[i, j - 1]) + edge(u[i, j + 1]) - 4.0 * u[i, j])
extern "C" __global__ void __launch_bounds__(256) forge_index_615a9a45888324b0(f32* a0, const f32* __restrict__ a1, const u32* __restrict__ u) {
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    #pragma unroll
    for (u32 it = 0u; it < 1u; ++it) {
        const u32 i = (group * 1u + it) * 256u + lid;
        if (i >= 65536u) {
            return;
        }
        const u32 v0 = i / 256u;
        const u32 v1 = (i / 1u) % 256u;
        a0[i] = (a1[i] + (__uint_as_float(u[0]) * ((((a1[u32(clamp(i32(v0) + i32(-1), i32(0), i32(255))) * 256u + min(u32(v1), 255u)] + a1[u32(clamp(i32(v0) + i32(1), i32(0), i32(255))) * 256u + min(u32(v1), 255u)]) + a1[min(u32(v0), 255u) * 256u + u32(clamp(i32(v1) + i32(-1), i32(0), i32(255)))]) + a1[min(u32(v0), 255u) * 256u + u32(clamp(i32(v1) + i32(1), i32(0), i32(255)))]) - (4.0f * a1[i]))));
    }
}

// node: u = next
extern "C" __global__ void __launch_bounds__(256) forge_map_a4e8e03ce6c27781(f32* a0, const f32* __restrict__ a1) {
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 q = group * 256u + lid;
    if (q >= 16384u) {
        return;
    }
    const forge_v4f q1 = reinterpret_cast<const forge_v4f*>(a1)[q];
    f32 r0;
    f32 r1;
    f32 r2;
    f32 r3;
    const u32 outer_i = q / 64u;
    const u32 inner_i = (q % 64u) * 4u;
    const u32 v0 = outer_i;
    {
        const u32 i = q * 4u + 0u;
        const u32 lane_i = inner_i + 0u;
        const u32 v1 = lane_i;
        r0 = q1.x;
    }
    {
        const u32 i = q * 4u + 1u;
        const u32 lane_i = inner_i + 1u;
        const u32 v1 = lane_i;
        r1 = q1.y;
    }
    {
        const u32 i = q * 4u + 2u;
        const u32 lane_i = inner_i + 2u;
        const u32 v1 = lane_i;
        r2 = q1.z;
    }
    {
        const u32 i = q * 4u + 3u;
        const u32 lane_i = inner_i + 3u;
        const u32 v1 = lane_i;
        r3 = q1.w;
    }
    reinterpret_cast<forge_v4f*>(a0)[q] = forge_v4f{r0, r1, r2, r3};
}

// node: next[i, j] = u[i, j] + alpha * (edge(u[i - 1, j]) + edge(u[i + 1, j]) + edge(u[i, j - 1]) + edge(u[i, j + 1]) - 4.0 * u[i, j])
// runs forge_index_615a9a45888324b0 (above)

// node: u = next
// runs forge_map_a4e8e03ce6c27781 (above)

// node: next[i, j] = u[i, j] + alpha * (edge(u[i - 1, j]) + edge(u[i + 1, j]) + edge(u[i, j - 1]) + edge(u[i, j + 1]) - 4.0 * u[i, j])
// runs forge_index_615a9a45888324b0 (above)

// node: u = next; rows = sum(u)
extern "C" __global__ void __launch_bounds__(256) forge_rows_7dcaeef8b704219f(f32* a0, const f32* __restrict__ a1, f32* a2) {
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group * 16u >= 256u) {
        return;
    }
    const u32 lane = lid & 15u;
    const u32 slot = group * 16u + lid / 16u;
    const bool live = slot < 256u;
    const u32 row = select(255u, slot, live);
    const u32 l0 = row;
    f32 fw0 = 0.0f;
    f32 fw1 = 0.0f;
    f32 fw2 = 0.0f;
    f32 fw3 = 0.0f;
    f32 fw4 = 0.0f;
    f32 fw5 = 0.0f;
    f32 fw6 = 0.0f;
    f32 fw7 = 0.0f;
    f32 fw8 = 0.0f;
    f32 fw9 = 0.0f;
    f32 fw10 = 0.0f;
    f32 fw11 = 0.0f;
    f32 fw12 = 0.0f;
    f32 fw13 = 0.0f;
    f32 fw14 = 0.0f;
    f32 fw15 = 0.0f;
    {
        if (live) {
            {
                const u32 cv = lane;
                const u32 iv = row * 64u + cv;
                f32 r0;
                f32 r1;
                f32 r2;
                f32 r3;
                const forge_v4f q1 = reinterpret_cast<const forge_v4f*>(a1)[iv];
                {
                    const u32 c = cv * 4u + 0u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw0 = q1.x;
                    r0 = fw0;
                }
                {
                    const u32 c = cv * 4u + 1u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw1 = q1.y;
                    r1 = fw1;
                }
                {
                    const u32 c = cv * 4u + 2u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw2 = q1.z;
                    r2 = fw2;
                }
                {
                    const u32 c = cv * 4u + 3u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw3 = q1.w;
                    r3 = fw3;
                }
                reinterpret_cast<forge_v4f*>(a0)[iv] = forge_v4f{r0, r1, r2, r3};
            }
            {
                const u32 cv = 16u + lane;
                const u32 iv = row * 64u + cv;
                f32 r0;
                f32 r1;
                f32 r2;
                f32 r3;
                const forge_v4f q1 = reinterpret_cast<const forge_v4f*>(a1)[iv];
                {
                    const u32 c = cv * 4u + 0u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw4 = q1.x;
                    r0 = fw4;
                }
                {
                    const u32 c = cv * 4u + 1u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw5 = q1.y;
                    r1 = fw5;
                }
                {
                    const u32 c = cv * 4u + 2u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw6 = q1.z;
                    r2 = fw6;
                }
                {
                    const u32 c = cv * 4u + 3u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw7 = q1.w;
                    r3 = fw7;
                }
                reinterpret_cast<forge_v4f*>(a0)[iv] = forge_v4f{r0, r1, r2, r3};
            }
            {
                const u32 cv = 32u + lane;
                const u32 iv = row * 64u + cv;
                f32 r0;
                f32 r1;
                f32 r2;
                f32 r3;
                const forge_v4f q1 = reinterpret_cast<const forge_v4f*>(a1)[iv];
                {
                    const u32 c = cv * 4u + 0u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw8 = q1.x;
                    r0 = fw8;
                }
                {
                    const u32 c = cv * 4u + 1u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw9 = q1.y;
                    r1 = fw9;
                }
                {
                    const u32 c = cv * 4u + 2u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw10 = q1.z;
                    r2 = fw10;
                }
                {
                    const u32 c = cv * 4u + 3u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw11 = q1.w;
                    r3 = fw11;
                }
                reinterpret_cast<forge_v4f*>(a0)[iv] = forge_v4f{r0, r1, r2, r3};
            }
            {
                const u32 cv = 48u + lane;
                const u32 iv = row * 64u + cv;
                f32 r0;
                f32 r1;
                f32 r2;
                f32 r3;
                const forge_v4f q1 = reinterpret_cast<const forge_v4f*>(a1)[iv];
                {
                    const u32 c = cv * 4u + 0u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw12 = q1.x;
                    r0 = fw12;
                }
                {
                    const u32 c = cv * 4u + 1u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw13 = q1.y;
                    r1 = fw13;
                }
                {
                    const u32 c = cv * 4u + 2u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw14 = q1.z;
                    r2 = fw14;
                }
                {
                    const u32 c = cv * 4u + 3u;
                    const u32 i = row * 256u + c;
                    const f32 acc = 0.0f;
                    fw15 = q1.w;
                    r3 = fw15;
                }
                reinterpret_cast<forge_v4f*>(a0)[iv] = forge_v4f{r0, r1, r2, r3};
            }
        }
    }
    {
        f32 part = 0.0f;
        f32 x0 = 0.0f;
        f32 x1 = 0.0f;
        f32 x2 = 0.0f;
        f32 x3 = 0.0f;
        f32 x4 = 0.0f;
        f32 x5 = 0.0f;
        f32 x6 = 0.0f;
        f32 x7 = 0.0f;
        f32 x8 = 0.0f;
        f32 x9 = 0.0f;
        f32 x10 = 0.0f;
        f32 x11 = 0.0f;
        f32 x12 = 0.0f;
        f32 x13 = 0.0f;
        f32 x14 = 0.0f;
        f32 x15 = 0.0f;
        {
            const u32 cv = lane;
            const u32 iv = row * 64u + cv;
            {
                const u32 c = cv * 4u + 0u;
                const u32 i = row * 256u + c;
                x0 = fw0;
            }
            {
                const u32 c = cv * 4u + 1u;
                const u32 i = row * 256u + c;
                x1 = fw1;
            }
            {
                const u32 c = cv * 4u + 2u;
                const u32 i = row * 256u + c;
                x2 = fw2;
            }
            {
                const u32 c = cv * 4u + 3u;
                const u32 i = row * 256u + c;
                x3 = fw3;
            }
        }
        {
            const u32 cv = 16u + lane;
            const u32 iv = row * 64u + cv;
            {
                const u32 c = cv * 4u + 0u;
                const u32 i = row * 256u + c;
                x4 = fw4;
            }
            {
                const u32 c = cv * 4u + 1u;
                const u32 i = row * 256u + c;
                x5 = fw5;
            }
            {
                const u32 c = cv * 4u + 2u;
                const u32 i = row * 256u + c;
                x6 = fw6;
            }
            {
                const u32 c = cv * 4u + 3u;
                const u32 i = row * 256u + c;
                x7 = fw7;
            }
        }
        {
            const u32 cv = 32u + lane;
            const u32 iv = row * 64u + cv;
            {
                const u32 c = cv * 4u + 0u;
                const u32 i = row * 256u + c;
                x8 = fw8;
            }
            {
                const u32 c = cv * 4u + 1u;
                const u32 i = row * 256u + c;
                x9 = fw9;
            }
            {
                const u32 c = cv * 4u + 2u;
                const u32 i = row * 256u + c;
                x10 = fw10;
            }
            {
                const u32 c = cv * 4u + 3u;
                const u32 i = row * 256u + c;
                x11 = fw11;
            }
        }
        {
            const u32 cv = 48u + lane;
            const u32 iv = row * 64u + cv;
            {
                const u32 c = cv * 4u + 0u;
                const u32 i = row * 256u + c;
                x12 = fw12;
            }
            {
                const u32 c = cv * 4u + 1u;
                const u32 i = row * 256u + c;
                x13 = fw13;
            }
            {
                const u32 c = cv * 4u + 2u;
                const u32 i = row * 256u + c;
                x14 = fw14;
            }
            {
                const u32 c = cv * 4u + 3u;
                const u32 i = row * 256u + c;
                x15 = fw15;
            }
        }
        part = ((((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7))) + (((x8 + x9) + (x10 + x11)) + ((x12 + x13) + (x14 + x15))));
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
        if (live && lane == 0u) {
            const f32 acc = part;
            a2[row] = acc;
        }
    }
}

// node: total = sum(rows)
extern "C" __global__ void __launch_bounds__(256) forge_row_1342b0a2a32081cd(f32* a0, const f32* __restrict__ a1) {
    __shared__ __align__(16) f32 red0[8];
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group * 4u >= 1u) {
        return;
    }
    const u32 lane = lid & 63u;
    const u32 slot = group * 4u + lid / 64u;
    const bool live = slot < 1u;
    const u32 row = select(0u, slot, live);
    f32 part = 0.0f;
    f32 x0 = 0.0f;
    f32 x1 = 0.0f;
    f32 x2 = 0.0f;
    f32 x3 = 0.0f;
    {
        const u32 cv = lane;
        const u32 iv = row * 64u + cv;
        const forge_v4f q1 = reinterpret_cast<const forge_v4f*>(a1)[iv];
        {
            const u32 c = cv * 4u + 0u;
            const u32 i = row * 256u + c;
            x0 = q1.x;
        }
        {
            const u32 c = cv * 4u + 1u;
            const u32 i = row * 256u + c;
            x1 = q1.y;
        }
        {
            const u32 c = cv * 4u + 2u;
            const u32 i = row * 256u + c;
            x2 = q1.z;
        }
        {
            const u32 c = cv * 4u + 3u;
            const u32 i = row * 256u + c;
            x3 = q1.w;
        }
    }
    part = ((x0 + x1) + (x2 + x3));
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
        red0[lid >> 5u] = part;
    }
    __syncthreads();
    const u32 red_warp = (lid / 64u) * 2u;
    f32 red_w1_0 = red0[red_warp + 1u];
    part = red0[red_warp];
    part = (part + red_w1_0);
    if (live && lane == 0u) {
        const f32 acc = part;
        a0[row] = acc;
    }
}
