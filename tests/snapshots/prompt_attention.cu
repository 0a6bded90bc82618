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

// node: mask[t, j] = select(j <= pos + t, 0.0, -inf); …(+1); probs = softmax(scores); ctx = matmul(probs, cache[1], precision = tf32x3) * 0.5
extern "C" __global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(128) forge_attention_d3c51e9e6864aed1(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3, const u32* __restrict__ u) {
    __shared__ __align__(16) u32 sm[11264];
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    auto frest = [](u32 x) -> u32 {
        const u32 a = x & 0x7fffffffu;
        const u32 d = __float_as_uint(__uint_as_float(x) - __uint_as_float(x & 0xffffe000u));
        const u32 lo = (d + 0x1000u) & 0xffffe000u;
        return a < 0x7f800000u ? lo : (a == 0x7f800000u ? 0u : 0x7fc00000u);
    };
    auto fmma = [](float* d, u32 a0, u32 a1, u32 a2, u32 a3, u32 b0, u32 b1) {
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    };
    const u32 rank = u32(group % 4u);
    const u32 blk = group / 4u;
    const u32 bidx = blk % 9u;
    const u32 rb = 1u - blk / 9u;
    const u32 b0 = bidx / 3u;
    const u32 b1 = (bidx / 1u) % 3u;
    const f32 scale = 0.125f;
    const u32 warp = lid / 32u, g = (lid % 32u) / 4u, t4 = lid % 4u;
    const u32 r0 = rb * 64u + warp * 16u + g;
    u32 qh[32];
    u32 ql[32];
    #pragma unroll
    for (u32 f = 0u; f < 32u; ++f) {
        const u32 qr = r0 + (f % 2u) * 8u;
        const u32 qi = (qr < 99u ? qr : 99u);
        const u32 d = (f / 4u) * 8u + t4 + ((f / 2u) % 2u) * 4u;
        qh[f] = __float_as_uint(a2[b0 * 19200u + b1 * 6400u + qi * 64u + d]);
        ql[f] = frest(qh[f]);
    }
    float o[32];
    #pragma unroll
    for (u32 x = 0u; x < 32u; ++x) {
        o[x] = 0.0f;
    }
    float ma = __uint_as_float(4286578688u), mb = __uint_as_float(4286578688u), la = 0.0f, lb = 0.0f;
    float mk[16], mn[16];
    float kr[16], vr[16];
    const u32* kq = sm + 0u + g * 68u + t4;
    const u32* vq = sm + 4352u + t4 * 72u + g;
    u32* pwr = sm + 8960u + warp * 576u + g * 36u + 2u * t4;
    const u32* prd = sm + 8960u + warp * 576u + g * 36u + t4;
    u32* kst = sm + 0u + (lid / 64u) * 68u + lid % 64u;
    u32* vst = sm + 4352u + (lid / 64u) * 72u + lid % 64u;
    #pragma unroll
    for (u32 it = 0u; it < 16u; ++it) {
        const u32 x = lid + it * 128u;
        const u32 kraw = 32u * rank + x / 64u;
        const u32 kj = (kraw < 299u ? kraw : 299u);
        const u32 d = x % 64u;
        kr[it] = kraw < 300u ? a3[b0 * 19200u + kj * 64u + d] : 0.0f;
    }
    #pragma unroll
    for (u32 it = 0u; it < 16u; ++it) {
        const u32 x = lid + it * 128u;
        const u32 kraw = 32u * rank + x / 64u;
        const u32 kj = (kraw < 299u ? kraw : 299u);
        const u32 d = x % 64u;
        vr[it] = kraw < 300u ? a1[b0 * 19200u + kj * 64u + d] : 0.0f;
    }
    #pragma unroll
    for (u32 x = 0u; x < 16u; ++x) {
        const u32 kraw = 32u * rank + (x / 4u) * 8u + 2u * t4 + x % 2u;
        const u32 qraw = r0 + ((x % 4u) / 2u) * 8u;
        const u32 kj = (kraw < 299u ? kraw : 299u);
        const u32 qi = (qraw < 99u ? qraw : 99u);
        mk[x] = (kraw < 300u && qraw < 100u) ? select(__uint_as_float(4286578688u), 0.0f, forge_feq(select(__uint_as_float(4286578688u), 0.0f, (u32(i32(kj)) <= (u[0] + u32(i32(qi))))), 0.0f)) : __uint_as_float(4286578688u);
    }
    int live_any = 0;
    #pragma unroll
    for (u32 x = 0u; x < 16u; ++x) {
        live_any |= int(__float_as_uint(mk[x]) != 4286578688u);
    }
    bool live = __syncthreads_or(live_any) != 0;
    bool loaded = true;
    for (u32 kt = rank; kt < 10u; kt += 4u) {
        const u32 c0 = kt * 32u;
        if (live) {
            if (!loaded) {
                #pragma unroll
                for (u32 it = 0u; it < 16u; ++it) {
                    const u32 x = lid + it * 128u;
                    const u32 kraw = c0 + x / 64u;
                    const u32 kj = (kraw < 299u ? kraw : 299u);
                    const u32 d = x % 64u;
                    kr[it] = kraw < 300u ? a3[b0 * 19200u + kj * 64u + d] : 0.0f;
                }
                #pragma unroll
                for (u32 it = 0u; it < 16u; ++it) {
                    const u32 x = lid + it * 128u;
                    const u32 kraw = c0 + x / 64u;
                    const u32 kj = (kraw < 299u ? kraw : 299u);
                    const u32 d = x % 64u;
                    vr[it] = kraw < 300u ? a1[b0 * 19200u + kj * 64u + d] : 0.0f;
                }
            }
            #pragma unroll
            for (u32 it = 0u; it < 16u; ++it) {
                const u32 bits = __float_as_uint(kr[it]);
                const u32 at = it * 136u;
                kst[at] = bits;
                kst[2176u + at] = frest(bits);
            }
            #pragma unroll
            for (u32 it = 0u; it < 16u; ++it) {
                const u32 bits = __float_as_uint(vr[it]);
                const u32 at = it * 144u;
                vst[at] = bits;
                vst[2304u + at] = frest(bits);
            }
        }
        const bool more = kt + 4u < 10u;
        #pragma unroll
        for (u32 x = 0u; x < 16u; ++x) {
            mn[x] = __uint_as_float(4286578688u);
        }
        __syncthreads();
        if (live) {
            if (more) {
                #pragma unroll
                for (u32 it = 0u; it < 16u; ++it) {
                    const u32 x = lid + it * 128u;
                    const u32 kraw = c0 + 128u + x / 64u;
                    const u32 kj = (kraw < 299u ? kraw : 299u);
                    const u32 d = x % 64u;
                    kr[it] = kraw < 300u ? a3[b0 * 19200u + kj * 64u + d] : 0.0f;
                }
                #pragma unroll
                for (u32 it = 0u; it < 16u; ++it) {
                    const u32 x = lid + it * 128u;
                    const u32 kraw = c0 + 128u + x / 64u;
                    const u32 kj = (kraw < 299u ? kraw : 299u);
                    const u32 d = x % 64u;
                    vr[it] = kraw < 300u ? a1[b0 * 19200u + kj * 64u + d] : 0.0f;
                }
            }
            float sc[16];
            #pragma unroll
            for (u32 x = 0u; x < 16u; ++x) {
                sc[x] = 0.0f;
            }
            #pragma unroll
            for (u32 kk = 0u; kk < 8u; ++kk) {
                const u32* ah = qh + kk * 4u;
                const u32* al = ql + kk * 4u;
                #pragma unroll
                for (u32 nt = 0u; nt < 4u; ++nt) {
                    const u32 kb = nt * 544u + kk * 8u;
                    const u32 bh0 = kq[kb], bh1 = kq[kb + 4u];
                    const u32 bl0 = kq[2176u + kb], bl1 = kq[2180u + kb];
                    fmma(sc + nt * 4u, al[0], al[1], al[2], al[3], bh0, bh1);
                    fmma(sc + nt * 4u, ah[0], ah[1], ah[2], ah[3], bl0, bl1);
                    fmma(sc + nt * 4u, ah[0], ah[1], ah[2], ah[3], bh0, bh1);
                }
            }
            if (more) {
                #pragma unroll
                for (u32 x = 0u; x < 16u; ++x) {
                    const u32 kraw = c0 + 128u + (x / 4u) * 8u + 2u * t4 + x % 2u;
                    const u32 qraw = r0 + ((x % 4u) / 2u) * 8u;
                    const u32 kj = (kraw < 299u ? kraw : 299u);
                    const u32 qi = (qraw < 99u ? qraw : 99u);
                    mn[x] = (kraw < 300u && qraw < 100u) ? select(__uint_as_float(4286578688u), 0.0f, forge_feq(select(__uint_as_float(4286578688u), 0.0f, (u32(i32(kj)) <= (u[0] + u32(i32(qi))))), 0.0f)) : __uint_as_float(4286578688u);
                }
            }
            float ta = __uint_as_float(4286578688u), tb = __uint_as_float(4286578688u);
            #pragma unroll
            for (u32 x = 0u; x < 16u; ++x) {
                const float s = __float_as_uint(mk[x]) != 4286578688u ? sc[x] * scale + mk[x] : __uint_as_float(4286578688u);
                sc[x] = s;
                if (x % 4u < 2u) { ta = forge_fmax(ta, s); } else { tb = forge_fmax(tb, s); }
            }
            ta = forge_fmax(ta, __shfl_xor_sync(0xffffffffu, ta, 1));
            ta = forge_fmax(ta, __shfl_xor_sync(0xffffffffu, ta, 2));
            tb = forge_fmax(tb, __shfl_xor_sync(0xffffffffu, tb, 1));
            tb = forge_fmax(tb, __shfl_xor_sync(0xffffffffu, tb, 2));
            const float na = forge_fmax(ma, ta), nb = forge_fmax(mb, tb);
            const float refa = __float_as_uint(na) != 4286578688u ? na : 0.0f;
            const float refb = __float_as_uint(nb) != 4286578688u ? nb : 0.0f;
            const float ca = expf(ma - refa), cb = expf(mb - refb);
            ma = na; mb = nb; la *= ca; lb *= cb;
            #pragma unroll
            for (u32 nt = 0u; nt < 8u; ++nt) {
                o[nt * 4u] *= ca; o[nt * 4u + 1u] *= ca; o[nt * 4u + 2u] *= cb; o[nt * 4u + 3u] *= cb;
            }
            #pragma unroll
            for (u32 x = 0u; x < 16u; ++x) {
                const bool top = x % 4u < 2u;
                const float p = expf(sc[x] - (top ? refa : refb));
                if (top) { la += p; } else { lb += p; }
                pwr[(top ? 0u : 288u) + (x / 4u) * 8u + x % 2u] = __float_as_uint(p);
            }
            __syncwarp();
            #pragma unroll
            for (u32 kk = 0u; kk < 4u; ++kk) {
                u32 ph[4], pl[4];
                #pragma unroll
                for (u32 r = 0u; r < 4u; ++r) {
                    ph[r] = prd[(r % 2u) * 288u + kk * 8u + (r / 2u) * 4u];
                    pl[r] = frest(ph[r]);
                }
                #pragma unroll
                for (u32 nt = 0u; nt < 8u; ++nt) {
                    const u32 vb = kk * 576u + nt * 8u;
                    const u32 bh0 = vq[vb], bh1 = vq[vb + 288u];
                    const u32 bl0 = vq[2304u + vb], bl1 = vq[2592u + vb];
                    fmma(o + nt * 4u, pl[0], pl[1], pl[2], pl[3], bh0, bh1);
                    fmma(o + nt * 4u, ph[0], ph[1], ph[2], ph[3], bl0, bl1);
                    fmma(o + nt * 4u, ph[0], ph[1], ph[2], ph[3], bh0, bh1);
                }
            }
            __syncwarp();
        } else {
            if (more) {
                #pragma unroll
                for (u32 x = 0u; x < 16u; ++x) {
                    const u32 kraw = c0 + 128u + (x / 4u) * 8u + 2u * t4 + x % 2u;
                    const u32 qraw = r0 + ((x % 4u) / 2u) * 8u;
                    const u32 kj = (kraw < 299u ? kraw : 299u);
                    const u32 qi = (qraw < 99u ? qraw : 99u);
                    mn[x] = (kraw < 300u && qraw < 100u) ? select(__uint_as_float(4286578688u), 0.0f, forge_feq(select(__uint_as_float(4286578688u), 0.0f, (u32(i32(kj)) <= (u[0] + u32(i32(qi))))), 0.0f)) : __uint_as_float(4286578688u);
                }
            }
        }
        int next_any = 0;
        #pragma unroll
        for (u32 x = 0u; x < 16u; ++x) {
            next_any |= int(__float_as_uint(mn[x]) != 4286578688u);
        }
        bool next = __syncthreads_or(next_any) != 0;
        loaded = live && more;
        live = next;
        #pragma unroll
        for (u32 x = 0u; x < 16u; ++x) {
            mk[x] = mn[x];
        }
    }
    la += __shfl_xor_sync(0xffffffffu, la, 1);
    la += __shfl_xor_sync(0xffffffffu, la, 2);
    lb += __shfl_xor_sync(0xffffffffu, lb, 1);
    lb += __shfl_xor_sync(0xffffffffu, lb, 2);
    #pragma unroll
    for (u32 x = 0u; x < 32u; ++x) {
        const u32 lr = warp * 16u + g + ((x % 4u) / 2u) * 8u;
        sm[lr * 72u + (x / 4u) * 8u + 2u * t4 + x % 2u] = __float_as_uint(o[x]);
    }
    if (t4 == 0u) {
        sm[4608u + warp * 16u + g] = __float_as_uint(ma);
        sm[4608u + warp * 16u + g + 8u] = __float_as_uint(mb);
        sm[4672u + warp * 16u + g] = __float_as_uint(la);
        sm[4672u + warp * 16u + g + 8u] = __float_as_uint(lb);
    }
    asm volatile("barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;" ::: "memory");
    const u32 sm_at = u32(__cvta_generic_to_shared(sm));
    u32 peer[4];
    #pragma unroll
    for (u32 cr = 0u; cr < 4u; ++cr) {
        asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer[cr]) : "r"(sm_at), "r"(cr));
    }
    const u32 lr = rank * 16u + lid / 8u;
    const u32 d0 = lid % 8u;
    float mr[4], lsum[4], orow[4][8];
    #pragma unroll
    for (u32 cr = 0u; cr < 4u; ++cr) {
        asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(mr[cr]) : "r"(peer[cr] + 4u * (4608u + lr)));
        asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(lsum[cr]) : "r"(peer[cr] + 4u * (4672u + lr)));
        #pragma unroll
        for (u32 j = 0u; j < 8u; ++j) {
            asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(orow[cr][j]) : "r"(peer[cr] + 4u * (lr * 72u + d0 + j * 8u)));
        }
    }
    float top = __uint_as_float(4286578688u), den = 0.0f;
    #pragma unroll
    for (u32 cr = 0u; cr < 4u; ++cr) {
        top = forge_fmax(top, mr[cr]);
    }
    float wr[4];
    #pragma unroll
    for (u32 cr = 0u; cr < 4u; ++cr) {
        wr[cr] = __float_as_uint(mr[cr]) != 4286578688u ? expf(mr[cr] - top) : 0.0f;
        den += wr[cr] * lsum[cr];
    }
    const u32 qi = rb * 64u + lr;
    if (qi < 100u) {
        #pragma unroll
        for (u32 j = 0u; j < 8u; ++j) {
            const u32 d = d0 + j * 8u;
            float num = 0.0f;
            #pragma unroll
            for (u32 cr = 0u; cr < 4u; ++cr) {
                num += wr[cr] * orow[cr][j];
            }
            const u32 at = (bidx * 100u + qi) * 64u + d;
            const f32 acc = num / den;
            a0[at] = (acc * 0.5f);
        }
    }
    asm volatile("barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;" ::: "memory");
}
