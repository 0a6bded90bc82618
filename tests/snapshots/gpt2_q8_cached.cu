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

// node: h[t, d] = wte[ids[t], d] + wpe[pos + t, d]
extern "C" __global__ void __launch_bounds__(256) forge_index_cf3b7a1c67f4e6a7(f32* a0, const u32* __restrict__ a1, const unsigned char* __restrict__ a2, const f32* __restrict__ a3, const u32* __restrict__ u) {
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    #pragma unroll
    for (u32 it = 0u; it < 1u; ++it) {
        const u32 i = (group * 1u + it) * 256u + lid;
        if (i >= 768u) {
            return;
        }
        const u32 v0 = i / 768u;
        const u32 v1 = (i / 1u) % 768u;
        a0[i] = (forge_q8_0(a2, min(a1[v0], 50256u) * 768u + min(u32(v1), 767u)) + a3[min((u[0] + u32(i32(v0))), 1023u) * 768u + min(u32(v1), 767u)]);
    }
}

// node: mask[i, j] = select(j <= pos + i, 0.0, -inf)
extern "C" __global__ void __launch_bounds__(256) forge_index_f0d33cab6f7a1528(f32* a0, const u32* __restrict__ u) {
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    #pragma unroll
    for (u32 it = 0u; it < 1u; ++it) {
        const u32 i = (group * 1u + it) * 256u + lid;
        if (i >= 64u) {
            return;
        }
        const u32 v0 = i / 64u;
        const u32 v1 = (i / 1u) % 64u;
        a0[i] = select(__uint_as_float(4286578688u), 0.0f, (u32(i32(v1)) <= (u[0] + u32(i32(v0)))));
    }
}

// node: a = layer_norm(h, ln1_g[l], ln1_b[l], 0.00001); …(+2); vc[l, n, pos + t, e] = qkv[t, 2 * D + n * E + e]
extern "C" __global__ void __launch_bounds__(256) forge_matmul_26fffb6843128f30(f32* a0, const f32* __restrict__ a1, const unsigned char* __restrict__ a2, const f32* a3, const f32* __restrict__ a4, const f32* __restrict__ a5, f32* a6, f32* a7, const u32* __restrict__ u) {
    __shared__ __align__(16) f32 red[256];
    __shared__ __align__(16) f32 lna[768];
    __shared__ __align__(16) f32 lnred[256];
    FG_GRID_LAUNCH();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 576u) {
        return;
    }
    const u32 bidx = group / 576u;
    const u32 tile = group % 576u;
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
    if (j < 2304u) {
        bv0 = forge_q8_0_x4(a2, kq0 + j * 768u);
        bv1 = forge_q8_0_x4(a2, kq1 + j * 768u);
        bv2 = forge_q8_0_x4(a2, kq2 + j * 768u);
    }
    FG_GRID_WAIT();
    f32 ln_part0 = 0.0f;
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 xv = a3[kx];
        lna[0u + kx] = xv;
        ln_part0 = ln_part0 + xv;
    }
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 16);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 8);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    if ((lid & 31u) == 0u) {
        lnred[lid >> 5u] = ln_part0;
    }
    __syncthreads();
    if (lid < 32u) {
        ln_part0 = lnred[lid & 7u];
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    }
    if (lid == 0u) {
        lnred[0] = ln_part0;
    }
    __syncthreads();
    const f32 ln_mean0 = lnred[0] / 768.0f;
    __syncthreads();
    ln_part0 = 0.0f;
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 dv = lna[0u + kx] - ln_mean0;
        ln_part0 = ln_part0 + dv * dv;
    }
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 16);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 8);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    if ((lid & 31u) == 0u) {
        lnred[lid >> 5u] = ln_part0;
    }
    __syncthreads();
    if (lid < 32u) {
        ln_part0 = lnred[lid & 7u];
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    }
    if (lid == 0u) {
        lnred[0] = ln_part0;
    }
    __syncthreads();
    const f32 ln_inv0 = rsqrtf(lnred[0] / 768.0f + 1e-5f);
    __syncthreads();
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 yv = (lna[0u + kx] - ln_mean0) * ln_inv0 * a4[kx] + a5[kx];
        lna[0u + kx] = yv;
    }
    __syncthreads();
    if (j < 2304u) {
        const f32 av0_0_0 = lna[0u + kq0 + 0u];
        const f32 av0_0_1 = lna[0u + kq0 + 1u];
        const f32 av0_0_2 = lna[0u + kq0 + 16u];
        const f32 av0_0_3 = lna[0u + kq0 + 17u];
        const f32 av0_1_0 = lna[0u + kq1 + 0u];
        const f32 av0_1_1 = lna[0u + kq1 + 1u];
        const f32 av0_1_2 = lna[0u + kq1 + 16u];
        const f32 av0_1_3 = lna[0u + kq1 + 17u];
        const f32 av0_2_0 = lna[0u + kq2 + 0u];
        const f32 av0_2_1 = lna[0u + kq2 + 1u];
        const f32 av0_2_2 = lna[0u + kq2 + 16u];
        const f32 av0_2_3 = lna[0u + kq2 + 17u];
        p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
        p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
        p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 16);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    red[(u32(ks) * 1u + 0u) * 4u + u32(col)] = p0;
    __syncthreads();
    if (ks == 0u && j < 2304u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 2u; ++q) {
                acc = acc + red[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
            }
            a0[((bidx * 1u + i) * 2304u + j)] = (acc + a1[j]);
        }
    }
    __syncthreads();
    for (u32 fp0 = lid; fp0 < 768u; fp0 += 256u) {
        const u32 f0v0 = fp0 / 64u;
        const u32 f0v1 = (fp0 / 64u) % 1u;
        const u32 f0v2 = (fp0 / 1u) % 64u;
        if (u32(clamp(i32(u32(i32(u32(i32(768)) + u32(i32(u32(i32(f0v0)) * u32(i32(64)))))) + u32(i32(f0v2))), i32(0), i32(2303))) / 4u == tile) {
            const u32 at1 = f0v1 + u[0];
            if (at1 >= f0v1 && at1 < 64u) {
                a6[f0v0 * 4096u + at1 * 64u + f0v2 * 1u] = a0[min(u32(f0v1), 0u) * 2304u + u32(clamp(i32(u32(i32(u32(i32(768)) + u32(i32(u32(i32(f0v0)) * u32(i32(64)))))) + u32(i32(f0v2))), i32(0), i32(2303)))];
            }
        }
    }
    for (u32 fp1 = lid; fp1 < 768u; fp1 += 256u) {
        const u32 f1v0 = fp1 / 64u;
        const u32 f1v1 = (fp1 / 64u) % 1u;
        const u32 f1v2 = (fp1 / 1u) % 64u;
        if (u32(clamp(i32(u32(i32(u32(i32(1536)) + u32(i32(u32(i32(f1v0)) * u32(i32(64)))))) + u32(i32(f1v2))), i32(0), i32(2303))) / 4u == tile) {
            const u32 at1 = f1v1 + u[0];
            if (at1 >= f1v1 && at1 < 64u) {
                a7[f1v0 * 4096u + at1 * 64u + f1v2 * 1u] = a0[min(u32(f1v1), 0u) * 2304u + u32(clamp(i32(u32(i32(u32(i32(1536)) + u32(i32(u32(i32(f1v0)) * u32(i32(64)))))) + u32(i32(f1v2))), i32(0), i32(2303)))];
            }
        }
    }
}

// node: q[n, t, e] = qkv[t, n * E + e]; ctx = attention(q, kc[l], vc[l], mask = mask)
extern "C" __global__ void __launch_bounds__(256) forge_attention_592ab7b58f530bc3(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3, const f32* __restrict__ a4) {
    __shared__ __align__(16) f32 sm[321];
    FG_GRID_LAUNCH();
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 12u) {
        return;
    }
    const u32 bidx = group;
    const u32 b0 = bidx;
    const f32 scale = 0.125f;
    for (u32 x = lid; x < 64u; x += 256u) {
        const u32 qi = x / 64u;
        const u32 d = x % 64u;
        sm[64u + x] = a4[u32(clamp(i32(0), i32(0), i32(0))) * 2304u + u32(clamp(i32(u32(i32(u32(i32(b0)) * u32(i32(64)))) + u32(i32(d))), i32(0), i32(2303)))];
    }
    __syncthreads();
    const u32 kpart = lid % 4u;
    for (u32 k0 = 0u; k0 < 64u; k0 += 64u) {
        const u32 kj = k0 + lid / 4u;
        f32 mk[1];
        f32 sc[1];
        bool live = false;
        #pragma unroll
        for (u32 qi = 0u; qi < 1u; ++qi) {
            mk[qi] = __uint_as_float(4286578688u);
            sc[qi] = 0.0f;
        }
        if (kj < 64u) {
            #pragma unroll
            for (u32 qi = 0u; qi < 1u; ++qi) {
                f32 m = a3[kj];
                mk[qi] = m;
                live = live || __float_as_uint(m) != 4286578688u;
            }
        }
        if (live) {
            #pragma unroll
            for (u32 i = 0u; i < 16u; ++i) {
                const u32 d = kpart + i * 4u;
                if (d < 64u) {
                    const f32 kd = a1[b0 * 4096u + kj * 64u + d];
                    #pragma unroll
                    for (u32 qi = 0u; qi < 1u; ++qi) {
                        sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                    }
                }
            }
        }
        #pragma unroll
        for (u32 qi = 0u; qi < 1u; ++qi) {
            sc[qi] = sc[qi] + __shfl_xor_sync(0xffffffffu, sc[qi], 2);
            sc[qi] = sc[qi] + __shfl_xor_sync(0xffffffffu, sc[qi], 1);
        }
        if (kj < 64u && kpart == 0u) {
            #pragma unroll
            for (u32 qi = 0u; qi < 1u; ++qi) {
                f32 sv = __uint_as_float(4286578688u);
                if (__float_as_uint(mk[qi]) != 4286578688u) {
                    sv = sc[qi] * scale + mk[qi];
                }
                sm[qi * 64u + kj] = sv;
            }
        }
    }
    __syncthreads();
    f32 mx[1];
    #pragma unroll
    for (u32 qi = 0u; qi < 1u; ++qi) {
        f32 part = __uint_as_float(4286578688u);
        for (u32 kj = lid; kj < 64u; kj += 256u) {
            part = forge_fmax(part, sm[qi * 64u + kj]);
        }
        part = forge_warp_fmax(part);
        if (lid % 32u == 0u) {
            sm[64u + qi * 256u + lid / 32u] = part;
        }
    }
    __syncthreads();
    if (lid == 0u) {
        #pragma unroll
        for (u32 qi = 0u; qi < 1u; ++qi) {
            f32 all = sm[64u + qi * 256u];
            all = forge_fmax(all, sm[64u + qi * 256u + 1u]);
            all = forge_fmax(all, sm[64u + qi * 256u + 2u]);
            all = forge_fmax(all, sm[64u + qi * 256u + 3u]);
            all = forge_fmax(all, sm[64u + qi * 256u + 4u]);
            all = forge_fmax(all, sm[64u + qi * 256u + 5u]);
            all = forge_fmax(all, sm[64u + qi * 256u + 6u]);
            all = forge_fmax(all, sm[64u + qi * 256u + 7u]);
            sm[64u + qi * 256u] = all;
        }
    }
    __syncthreads();
    #pragma unroll
    for (u32 qi = 0u; qi < 1u; ++qi) {
        mx[qi] = sm[64u + qi * 256u];
    }
    __syncthreads();
    #pragma unroll
    for (u32 qi = 0u; qi < 1u; ++qi) {
        f32 part = 0.0f;
        for (u32 kj = lid; kj < 64u; kj += 256u) {
            f32 p = 0.0f;
            const f32 sv = sm[qi * 64u + kj];
            if (__float_as_uint(sv) != 4286578688u) {
                p = expf(sv - mx[qi]);
            }
            sm[qi * 64u + kj] = p;
            part = part + p;
        }
        part = part + __shfl_xor_sync(0xffffffffu, part, 16);
        part = part + __shfl_xor_sync(0xffffffffu, part, 8);
        part = part + __shfl_xor_sync(0xffffffffu, part, 4);
        part = part + __shfl_xor_sync(0xffffffffu, part, 2);
        part = part + __shfl_xor_sync(0xffffffffu, part, 1);
        if (lid % 32u == 0u) {
            sm[64u + qi * 256u + lid / 32u] = part;
        }
    }
    __syncthreads();
    if (lid == 0u) {
        #pragma unroll
        for (u32 qi = 0u; qi < 1u; ++qi) {
            f32 all = sm[64u + qi * 256u];
            all = all + sm[64u + qi * 256u + 1u];
            all = all + sm[64u + qi * 256u + 2u];
            all = all + sm[64u + qi * 256u + 3u];
            all = all + sm[64u + qi * 256u + 4u];
            all = all + sm[64u + qi * 256u + 5u];
            all = all + sm[64u + qi * 256u + 6u];
            all = all + sm[64u + qi * 256u + 7u];
            sm[64u + qi * 256u] = all;
        }
    }
    __syncthreads();
    if (lid == 0u) {
        #pragma unroll
        for (u32 qi = 0u; qi < 1u; ++qi) {
            sm[320u + qi] = sm[64u + qi * 256u];
        }
    }
    const u32 lane = lid % 64u;
    const u32 kg = lid / 64u;
    f32 acc[1];
    #pragma unroll
    for (u32 r = 0u; r < 1u; ++r) {
        acc[r] = 0.0f;
    }
    for (u32 kj = kg; kj < 64u; kj += 4u) {
        f32 pr[1];
        bool live = false;
        #pragma unroll
        for (u32 qi = 0u; qi < 1u; ++qi) {
            pr[qi] = sm[qi * 64u + kj];
            live = live || pr[qi] != 0.0f;
        }
        if (live) {
            #pragma unroll
            for (u32 r = 0u; r < 1u; ++r) {
                const u32 d = lane + r * 64u;
                if (d < 64u) {
                    const f32 vd = a2[b0 * 4096u + kj * 64u + d];
                    #pragma unroll
                    for (u32 qi = 0u; qi < 1u; ++qi) {
                        acc[qi * 1u + r] = acc[qi * 1u + r] + pr[qi] * vd;
                    }
                }
            }
        }
    }
    __syncthreads();
    #pragma unroll
    for (u32 qi = 0u; qi < 1u; ++qi) {
        #pragma unroll
        for (u32 r = 0u; r < 1u; ++r) {
            const u32 d = lane + r * 64u;
            if (d < 64u) {
                sm[64u + (kg * 1u + qi) * 64u + d] = acc[qi * 1u + r];
            }
        }
    }
    __syncthreads();
    for (u32 x = lid; x < 64u; x += 256u) {
        const u32 qi = x / 64u;
        const u32 d = x % 64u;
        f32 num = 0.0f;
        #pragma unroll
        for (u32 g = 0u; g < 4u; ++g) {
            num = num + sm[64u + (g * 1u + qi) * 64u + d];
        }
        const u32 at = (bidx * 1u + qi) * 64u + d;
        const f32 acc = num / sm[320u + qi];
        a0[at] = acc;
    }
}

// node: h = h + matmul(merged, transpose(proj_w[l])) + proj_b[l]
extern "C" __global__ void __launch_bounds__(256) forge_matmul_21b61445de915b76(f32* a0, const f32* __restrict__ a1, const f32* a2, const unsigned char* __restrict__ a3) {
    __shared__ __align__(16) f32 red[256];
    FG_GRID_LAUNCH();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 192u) {
        return;
    }
    const u32 bidx = group / 192u;
    const u32 tile = group % 192u;
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
    if (j < 768u) {
        bv0 = forge_q8_0_x4(a3, kq0 + j * 768u);
        bv1 = forge_q8_0_x4(a3, kq1 + j * 768u);
        bv2 = forge_q8_0_x4(a3, kq2 + j * 768u);
    }
    FG_GRID_WAIT();
    if (j < 768u) {
        const float2 av0_0_0p = *reinterpret_cast<const float2*>(&a2[kq0 + 0u]);
        const f32 av0_0_0 = av0_0_0p.x;
        const f32 av0_0_1 = av0_0_0p.y;
        const float2 av0_0_2p = *reinterpret_cast<const float2*>(&a2[kq0 + 16u]);
        const f32 av0_0_2 = av0_0_2p.x;
        const f32 av0_0_3 = av0_0_2p.y;
        const float2 av0_1_0p = *reinterpret_cast<const float2*>(&a2[kq1 + 0u]);
        const f32 av0_1_0 = av0_1_0p.x;
        const f32 av0_1_1 = av0_1_0p.y;
        const float2 av0_1_2p = *reinterpret_cast<const float2*>(&a2[kq1 + 16u]);
        const f32 av0_1_2 = av0_1_2p.x;
        const f32 av0_1_3 = av0_1_2p.y;
        const float2 av0_2_0p = *reinterpret_cast<const float2*>(&a2[kq2 + 0u]);
        const f32 av0_2_0 = av0_2_0p.x;
        const f32 av0_2_1 = av0_2_0p.y;
        const float2 av0_2_2p = *reinterpret_cast<const float2*>(&a2[kq2 + 16u]);
        const f32 av0_2_2 = av0_2_2p.x;
        const f32 av0_2_3 = av0_2_2p.y;
        p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
        p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
        p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 16);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    red[(u32(ks) * 1u + 0u) * 4u + u32(col)] = p0;
    __syncthreads();
    if (ks == 0u && j < 768u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 2u; ++q) {
                acc = acc + red[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: a = layer_norm(h, ln2_g[l], ln2_b[l], 0.00001); up = gelu_tanh(matmul(a, transpose(fc_w[l])) + fc_b[l])
extern "C" __global__ void __launch_bounds__(256) forge_matmul_27bd4c7f02735f25(f32* a0, const f32* __restrict__ a1, const unsigned char* __restrict__ a2, const f32* a3, const f32* __restrict__ a4, const f32* __restrict__ a5) {
    __shared__ __align__(16) f32 red[256];
    __shared__ __align__(16) f32 lna[768];
    __shared__ __align__(16) f32 lnred[256];
    FG_GRID_LAUNCH();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 768u) {
        return;
    }
    const u32 bidx = group / 768u;
    const u32 tile = group % 768u;
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
    if (j < 3072u) {
        bv0 = forge_q8_0_x4(a2, kq0 + j * 768u);
        bv1 = forge_q8_0_x4(a2, kq1 + j * 768u);
        bv2 = forge_q8_0_x4(a2, kq2 + j * 768u);
    }
    FG_GRID_WAIT();
    f32 ln_part0 = 0.0f;
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 xv = a3[kx];
        lna[0u + kx] = xv;
        ln_part0 = ln_part0 + xv;
    }
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 16);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 8);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    if ((lid & 31u) == 0u) {
        lnred[lid >> 5u] = ln_part0;
    }
    __syncthreads();
    if (lid < 32u) {
        ln_part0 = lnred[lid & 7u];
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    }
    if (lid == 0u) {
        lnred[0] = ln_part0;
    }
    __syncthreads();
    const f32 ln_mean0 = lnred[0] / 768.0f;
    __syncthreads();
    ln_part0 = 0.0f;
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 dv = lna[0u + kx] - ln_mean0;
        ln_part0 = ln_part0 + dv * dv;
    }
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 16);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 8);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    if ((lid & 31u) == 0u) {
        lnred[lid >> 5u] = ln_part0;
    }
    __syncthreads();
    if (lid < 32u) {
        ln_part0 = lnred[lid & 7u];
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    }
    if (lid == 0u) {
        lnred[0] = ln_part0;
    }
    __syncthreads();
    const f32 ln_inv0 = rsqrtf(lnred[0] / 768.0f + 1e-5f);
    __syncthreads();
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 yv = (lna[0u + kx] - ln_mean0) * ln_inv0 * a4[kx] + a5[kx];
        lna[0u + kx] = yv;
    }
    __syncthreads();
    if (j < 3072u) {
        const f32 av0_0_0 = lna[0u + kq0 + 0u];
        const f32 av0_0_1 = lna[0u + kq0 + 1u];
        const f32 av0_0_2 = lna[0u + kq0 + 16u];
        const f32 av0_0_3 = lna[0u + kq0 + 17u];
        const f32 av0_1_0 = lna[0u + kq1 + 0u];
        const f32 av0_1_1 = lna[0u + kq1 + 1u];
        const f32 av0_1_2 = lna[0u + kq1 + 16u];
        const f32 av0_1_3 = lna[0u + kq1 + 17u];
        const f32 av0_2_0 = lna[0u + kq2 + 0u];
        const f32 av0_2_1 = lna[0u + kq2 + 1u];
        const f32 av0_2_2 = lna[0u + kq2 + 16u];
        const f32 av0_2_3 = lna[0u + kq2 + 17u];
        p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
        p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
        p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 16);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    red[(u32(ks) * 1u + 0u) * 4u + u32(col)] = p0;
    __syncthreads();
    if (ks == 0u && j < 3072u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 2u; ++q) {
                acc = acc + red[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
            }
            a0[((bidx * 1u + i) * 3072u + j)] = forge_gelu_tanh((acc + a1[j]));
        }
    }
}

// node: h = h + matmul(up, transpose(out_w[l])) + out_b[l]
extern "C" __global__ void __launch_bounds__(256) forge_matmul_dc40b71381c8a68c(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const unsigned char* __restrict__ a3) {
    __shared__ __align__(16) f32 red[256];
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 192u) {
        return;
    }
    const u32 bidx = group / 192u;
    const u32 tile = group % 192u;
    const u32 col = lid / 64u;
    const u32 ks = lid % 64u;
    const u32 j = tile * 4u + col;
    f32 p0 = 0.0f;
    const u32 qb = ks / 8u;
    const u32 qc = (ks % 8u) * 2u;
    if (j < 768u) {
        for (u32 t0 = 0u; t0 < 12u; t0 += 6u) {
            const u32 blk0 = (t0 + 0u) * 8u + qb;
            const u32 kq0 = blk0 * 32u + qc;
            const float4 bv0 = forge_q8_0_x4(a3, kq0 + j * 3072u);
            const float2 av0_0_0p = *reinterpret_cast<const float2*>(&a2[kq0 + 0u]);
            const f32 av0_0_0 = av0_0_0p.x;
            const f32 av0_0_1 = av0_0_0p.y;
            const float2 av0_0_2p = *reinterpret_cast<const float2*>(&a2[kq0 + 16u]);
            const f32 av0_0_2 = av0_0_2p.x;
            const f32 av0_0_3 = av0_0_2p.y;
            const u32 blk1 = (t0 + 1u) * 8u + qb;
            const u32 kq1 = blk1 * 32u + qc;
            const float4 bv1 = forge_q8_0_x4(a3, kq1 + j * 3072u);
            const float2 av0_1_0p = *reinterpret_cast<const float2*>(&a2[kq1 + 0u]);
            const f32 av0_1_0 = av0_1_0p.x;
            const f32 av0_1_1 = av0_1_0p.y;
            const float2 av0_1_2p = *reinterpret_cast<const float2*>(&a2[kq1 + 16u]);
            const f32 av0_1_2 = av0_1_2p.x;
            const f32 av0_1_3 = av0_1_2p.y;
            const u32 blk2 = (t0 + 2u) * 8u + qb;
            const u32 kq2 = blk2 * 32u + qc;
            const float4 bv2 = forge_q8_0_x4(a3, kq2 + j * 3072u);
            const float2 av0_2_0p = *reinterpret_cast<const float2*>(&a2[kq2 + 0u]);
            const f32 av0_2_0 = av0_2_0p.x;
            const f32 av0_2_1 = av0_2_0p.y;
            const float2 av0_2_2p = *reinterpret_cast<const float2*>(&a2[kq2 + 16u]);
            const f32 av0_2_2 = av0_2_2p.x;
            const f32 av0_2_3 = av0_2_2p.y;
            const u32 blk3 = (t0 + 3u) * 8u + qb;
            const u32 kq3 = blk3 * 32u + qc;
            const float4 bv3 = forge_q8_0_x4(a3, kq3 + j * 3072u);
            const float2 av0_3_0p = *reinterpret_cast<const float2*>(&a2[kq3 + 0u]);
            const f32 av0_3_0 = av0_3_0p.x;
            const f32 av0_3_1 = av0_3_0p.y;
            const float2 av0_3_2p = *reinterpret_cast<const float2*>(&a2[kq3 + 16u]);
            const f32 av0_3_2 = av0_3_2p.x;
            const f32 av0_3_3 = av0_3_2p.y;
            const u32 blk4 = (t0 + 4u) * 8u + qb;
            const u32 kq4 = blk4 * 32u + qc;
            const float4 bv4 = forge_q8_0_x4(a3, kq4 + j * 3072u);
            const float2 av0_4_0p = *reinterpret_cast<const float2*>(&a2[kq4 + 0u]);
            const f32 av0_4_0 = av0_4_0p.x;
            const f32 av0_4_1 = av0_4_0p.y;
            const float2 av0_4_2p = *reinterpret_cast<const float2*>(&a2[kq4 + 16u]);
            const f32 av0_4_2 = av0_4_2p.x;
            const f32 av0_4_3 = av0_4_2p.y;
            const u32 blk5 = (t0 + 5u) * 8u + qb;
            const u32 kq5 = blk5 * 32u + qc;
            const float4 bv5 = forge_q8_0_x4(a3, kq5 + j * 3072u);
            const float2 av0_5_0p = *reinterpret_cast<const float2*>(&a2[kq5 + 0u]);
            const f32 av0_5_0 = av0_5_0p.x;
            const f32 av0_5_1 = av0_5_0p.y;
            const float2 av0_5_2p = *reinterpret_cast<const float2*>(&a2[kq5 + 16u]);
            const f32 av0_5_2 = av0_5_2p.x;
            const f32 av0_5_3 = av0_5_2p.y;
            p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
            p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
            p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
            p0 = p0 + av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w;
            p0 = p0 + av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w;
            p0 = p0 + av0_5_0 * bv5.x + av0_5_1 * bv5.y + av0_5_2 * bv5.z + av0_5_3 * bv5.w;
        }
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 16);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    red[(u32(ks) * 1u + 0u) * 4u + u32(col)] = p0;
    __syncthreads();
    if (ks == 0u && j < 768u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 2u; ++q) {
                acc = acc + red[(q * 32u * 1u + u32(i)) * 4u + u32(col)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: a = layer_norm(h, ln1_g[l], ln1_b[l], 0.00001); …(+2); vc[l, n, pos + t, e] = qkv[t, 2 * D + n * E + e]
// runs forge_matmul_26fffb6843128f30 (above)

// node: q[n, t, e] = qkv[t, n * E + e]; ctx = attention(q, kc[l], vc[l], mask = mask)
// runs forge_attention_592ab7b58f530bc3 (above)

// node: h = h + matmul(merged, transpose(proj_w[l])) + proj_b[l]
// runs forge_matmul_21b61445de915b76 (above)

// node: a = layer_norm(h, ln2_g[l], ln2_b[l], 0.00001); up = gelu_tanh(matmul(a, transpose(fc_w[l])) + fc_b[l])
// runs forge_matmul_27bd4c7f02735f25 (above)

// node: h = h + matmul(up, transpose(out_w[l])) + out_b[l]
// runs forge_matmul_dc40b71381c8a68c (above)

// node: last[o, d] = h[o + T - 1, d]; lastn = layer_norm(last, lnf_g, lnf_b, 0.00001); logits = matmul(lastn, transpose(wte))
extern "C" __global__ void __launch_bounds__(256) forge_matmul_0d69cc16be74e790(f32* a0, const unsigned char* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3, const f32* __restrict__ a4) {
    __shared__ __align__(16) f32 red[256];
    __shared__ __align__(16) f32 lna[768];
    __shared__ __align__(16) f32 lnred[256];
    FG_GRID_WAIT();
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 3142u) {
        return;
    }
    const u32 bidx = group / 3142u;
    const u32 tile = group % 3142u;
    const u32 col = lid / 16u;
    const u32 ks = lid % 16u;
    const u32 j = tile * 16u + col;
    f32 p0 = 0.0f;
    const u32 qb = ks / 8u;
    const u32 qc = (ks % 8u) * 2u;
    f32 ln_part0 = 0.0f;
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 xv = a4[u32(clamp(i32(u32(i32(u32(i32(0)) + u32(i32(1)))) - u32(i32(1))), i32(0), i32(0))) * 768u + min(u32(kx), 767u)];
        lna[0u + kx] = xv;
        ln_part0 = ln_part0 + xv;
    }
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 16);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 8);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    if ((lid & 31u) == 0u) {
        lnred[lid >> 5u] = ln_part0;
    }
    __syncthreads();
    if (lid < 32u) {
        ln_part0 = lnred[lid & 7u];
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    }
    if (lid == 0u) {
        lnred[0] = ln_part0;
    }
    __syncthreads();
    const f32 ln_mean0 = lnred[0] / 768.0f;
    __syncthreads();
    ln_part0 = 0.0f;
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 dv = lna[0u + kx] - ln_mean0;
        ln_part0 = ln_part0 + dv * dv;
    }
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 16);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 8);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
    ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    if ((lid & 31u) == 0u) {
        lnred[lid >> 5u] = ln_part0;
    }
    __syncthreads();
    if (lid < 32u) {
        ln_part0 = lnred[lid & 7u];
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 4);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 2);
        ln_part0 = ln_part0 + __shfl_xor_sync(0xffffffffu, ln_part0, 1);
    }
    if (lid == 0u) {
        lnred[0] = ln_part0;
    }
    __syncthreads();
    const f32 ln_inv0 = rsqrtf(lnred[0] / 768.0f + 1e-5f);
    __syncthreads();
    for (u32 kx = lid; kx < 768u; kx += 256u) {
        const f32 yv = (lna[0u + kx] - ln_mean0) * ln_inv0 * a2[kx] + a3[kx];
        lna[0u + kx] = yv;
    }
    __syncthreads();
    if (j < 50257u) {
        for (u32 t0 = 0u; t0 < 12u; t0 += 6u) {
            const u32 blk0 = (t0 + 0u) * 2u + qb;
            const u32 kq0 = blk0 * 32u + qc;
            const float4 bv0 = forge_q8_0_x4(a1, kq0 + j * 768u);
            const f32 av0_0_0 = lna[0u + kq0 + 0u];
            const f32 av0_0_1 = lna[0u + kq0 + 1u];
            const f32 av0_0_2 = lna[0u + kq0 + 16u];
            const f32 av0_0_3 = lna[0u + kq0 + 17u];
            const u32 blk1 = (t0 + 1u) * 2u + qb;
            const u32 kq1 = blk1 * 32u + qc;
            const float4 bv1 = forge_q8_0_x4(a1, kq1 + j * 768u);
            const f32 av0_1_0 = lna[0u + kq1 + 0u];
            const f32 av0_1_1 = lna[0u + kq1 + 1u];
            const f32 av0_1_2 = lna[0u + kq1 + 16u];
            const f32 av0_1_3 = lna[0u + kq1 + 17u];
            const u32 blk2 = (t0 + 2u) * 2u + qb;
            const u32 kq2 = blk2 * 32u + qc;
            const float4 bv2 = forge_q8_0_x4(a1, kq2 + j * 768u);
            const f32 av0_2_0 = lna[0u + kq2 + 0u];
            const f32 av0_2_1 = lna[0u + kq2 + 1u];
            const f32 av0_2_2 = lna[0u + kq2 + 16u];
            const f32 av0_2_3 = lna[0u + kq2 + 17u];
            const u32 blk3 = (t0 + 3u) * 2u + qb;
            const u32 kq3 = blk3 * 32u + qc;
            const float4 bv3 = forge_q8_0_x4(a1, kq3 + j * 768u);
            const f32 av0_3_0 = lna[0u + kq3 + 0u];
            const f32 av0_3_1 = lna[0u + kq3 + 1u];
            const f32 av0_3_2 = lna[0u + kq3 + 16u];
            const f32 av0_3_3 = lna[0u + kq3 + 17u];
            const u32 blk4 = (t0 + 4u) * 2u + qb;
            const u32 kq4 = blk4 * 32u + qc;
            const float4 bv4 = forge_q8_0_x4(a1, kq4 + j * 768u);
            const f32 av0_4_0 = lna[0u + kq4 + 0u];
            const f32 av0_4_1 = lna[0u + kq4 + 1u];
            const f32 av0_4_2 = lna[0u + kq4 + 16u];
            const f32 av0_4_3 = lna[0u + kq4 + 17u];
            const u32 blk5 = (t0 + 5u) * 2u + qb;
            const u32 kq5 = blk5 * 32u + qc;
            const float4 bv5 = forge_q8_0_x4(a1, kq5 + j * 768u);
            const f32 av0_5_0 = lna[0u + kq5 + 0u];
            const f32 av0_5_1 = lna[0u + kq5 + 1u];
            const f32 av0_5_2 = lna[0u + kq5 + 16u];
            const f32 av0_5_3 = lna[0u + kq5 + 17u];
            p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
            p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
            p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
            p0 = p0 + av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w;
            p0 = p0 + av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w;
            p0 = p0 + av0_5_0 * bv5.x + av0_5_1 * bv5.y + av0_5_2 * bv5.z + av0_5_3 * bv5.w;
        }
    }
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 8);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 4);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 2);
    p0 = p0 + __shfl_xor_sync(0xffffffffu, p0, 1);
    red[(u32(ks) * 1u + 0u) * 16u + u32(col)] = p0;
    __syncthreads();
    if (ks == 0u && j < 50257u) {
        for (u32 i = 0u; i < 1u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 1u; ++q) {
                acc = acc + red[(q * 16u * 1u + u32(i)) * 16u + u32(col)];
            }
            a0[((bidx * 1u + i) * 50257u + j)] = acc;
        }
    }
}

// node: next = argmax(logits)
extern "C" __global__ void __launch_bounds__(1024) forge_row_44af2119f97d4975(u32* a0, const f32* __restrict__ a1) {
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
    f32 x48 = __uint_as_float(4286578688u);
    f32 x49 = __uint_as_float(4286578688u);
    const bool ok49 = (50176u + lane) * 1u < 50257u;
    {
        const u32 c = lane;
        const u32 i = row * 50257u + c;
        x0 = a1[c];
    }
    {
        const u32 c = 1024u + lane;
        const u32 i = row * 50257u + c;
        x1 = a1[c];
    }
    {
        const u32 c = 2048u + lane;
        const u32 i = row * 50257u + c;
        x2 = a1[c];
    }
    {
        const u32 c = 3072u + lane;
        const u32 i = row * 50257u + c;
        x3 = a1[c];
    }
    {
        const u32 c = 4096u + lane;
        const u32 i = row * 50257u + c;
        x4 = a1[c];
    }
    {
        const u32 c = 5120u + lane;
        const u32 i = row * 50257u + c;
        x5 = a1[c];
    }
    {
        const u32 c = 6144u + lane;
        const u32 i = row * 50257u + c;
        x6 = a1[c];
    }
    {
        const u32 c = 7168u + lane;
        const u32 i = row * 50257u + c;
        x7 = a1[c];
    }
    {
        const u32 c = 8192u + lane;
        const u32 i = row * 50257u + c;
        x8 = a1[c];
    }
    {
        const u32 c = 9216u + lane;
        const u32 i = row * 50257u + c;
        x9 = a1[c];
    }
    {
        const u32 c = 10240u + lane;
        const u32 i = row * 50257u + c;
        x10 = a1[c];
    }
    {
        const u32 c = 11264u + lane;
        const u32 i = row * 50257u + c;
        x11 = a1[c];
    }
    {
        const u32 c = 12288u + lane;
        const u32 i = row * 50257u + c;
        x12 = a1[c];
    }
    {
        const u32 c = 13312u + lane;
        const u32 i = row * 50257u + c;
        x13 = a1[c];
    }
    {
        const u32 c = 14336u + lane;
        const u32 i = row * 50257u + c;
        x14 = a1[c];
    }
    {
        const u32 c = 15360u + lane;
        const u32 i = row * 50257u + c;
        x15 = a1[c];
    }
    {
        const u32 c = 16384u + lane;
        const u32 i = row * 50257u + c;
        x16 = a1[c];
    }
    {
        const u32 c = 17408u + lane;
        const u32 i = row * 50257u + c;
        x17 = a1[c];
    }
    {
        const u32 c = 18432u + lane;
        const u32 i = row * 50257u + c;
        x18 = a1[c];
    }
    {
        const u32 c = 19456u + lane;
        const u32 i = row * 50257u + c;
        x19 = a1[c];
    }
    {
        const u32 c = 20480u + lane;
        const u32 i = row * 50257u + c;
        x20 = a1[c];
    }
    {
        const u32 c = 21504u + lane;
        const u32 i = row * 50257u + c;
        x21 = a1[c];
    }
    {
        const u32 c = 22528u + lane;
        const u32 i = row * 50257u + c;
        x22 = a1[c];
    }
    {
        const u32 c = 23552u + lane;
        const u32 i = row * 50257u + c;
        x23 = a1[c];
    }
    {
        const u32 c = 24576u + lane;
        const u32 i = row * 50257u + c;
        x24 = a1[c];
    }
    {
        const u32 c = 25600u + lane;
        const u32 i = row * 50257u + c;
        x25 = a1[c];
    }
    {
        const u32 c = 26624u + lane;
        const u32 i = row * 50257u + c;
        x26 = a1[c];
    }
    {
        const u32 c = 27648u + lane;
        const u32 i = row * 50257u + c;
        x27 = a1[c];
    }
    {
        const u32 c = 28672u + lane;
        const u32 i = row * 50257u + c;
        x28 = a1[c];
    }
    {
        const u32 c = 29696u + lane;
        const u32 i = row * 50257u + c;
        x29 = a1[c];
    }
    {
        const u32 c = 30720u + lane;
        const u32 i = row * 50257u + c;
        x30 = a1[c];
    }
    {
        const u32 c = 31744u + lane;
        const u32 i = row * 50257u + c;
        x31 = a1[c];
    }
    {
        const u32 c = 32768u + lane;
        const u32 i = row * 50257u + c;
        x32 = a1[c];
    }
    {
        const u32 c = 33792u + lane;
        const u32 i = row * 50257u + c;
        x33 = a1[c];
    }
    {
        const u32 c = 34816u + lane;
        const u32 i = row * 50257u + c;
        x34 = a1[c];
    }
    {
        const u32 c = 35840u + lane;
        const u32 i = row * 50257u + c;
        x35 = a1[c];
    }
    {
        const u32 c = 36864u + lane;
        const u32 i = row * 50257u + c;
        x36 = a1[c];
    }
    {
        const u32 c = 37888u + lane;
        const u32 i = row * 50257u + c;
        x37 = a1[c];
    }
    {
        const u32 c = 38912u + lane;
        const u32 i = row * 50257u + c;
        x38 = a1[c];
    }
    {
        const u32 c = 39936u + lane;
        const u32 i = row * 50257u + c;
        x39 = a1[c];
    }
    {
        const u32 c = 40960u + lane;
        const u32 i = row * 50257u + c;
        x40 = a1[c];
    }
    {
        const u32 c = 41984u + lane;
        const u32 i = row * 50257u + c;
        x41 = a1[c];
    }
    {
        const u32 c = 43008u + lane;
        const u32 i = row * 50257u + c;
        x42 = a1[c];
    }
    {
        const u32 c = 44032u + lane;
        const u32 i = row * 50257u + c;
        x43 = a1[c];
    }
    {
        const u32 c = 45056u + lane;
        const u32 i = row * 50257u + c;
        x44 = a1[c];
    }
    {
        const u32 c = 46080u + lane;
        const u32 i = row * 50257u + c;
        x45 = a1[c];
    }
    {
        const u32 c = 47104u + lane;
        const u32 i = row * 50257u + c;
        x46 = a1[c];
    }
    {
        const u32 c = 48128u + lane;
        const u32 i = row * 50257u + c;
        x47 = a1[c];
    }
    {
        const u32 c = 49152u + lane;
        const u32 i = row * 50257u + c;
        x48 = a1[c];
    }
    if (ok49) {
        const u32 c = 50176u + lane;
        const u32 i = row * 50257u + c;
        x49 = a1[c];
    }
    f32 best = __uint_as_float(4286578688u);
    u32 besti = 4294967295u;
    if (x0 > best || (x0 == best && u32((lane) * 1u + 0u) < besti)) {
        best = x0;
        besti = u32((lane) * 1u + 0u);
    }
    if (x1 > best || (x1 == best && u32((1024u + lane) * 1u + 0u) < besti)) {
        best = x1;
        besti = u32((1024u + lane) * 1u + 0u);
    }
    if (x2 > best || (x2 == best && u32((2048u + lane) * 1u + 0u) < besti)) {
        best = x2;
        besti = u32((2048u + lane) * 1u + 0u);
    }
    if (x3 > best || (x3 == best && u32((3072u + lane) * 1u + 0u) < besti)) {
        best = x3;
        besti = u32((3072u + lane) * 1u + 0u);
    }
    if (x4 > best || (x4 == best && u32((4096u + lane) * 1u + 0u) < besti)) {
        best = x4;
        besti = u32((4096u + lane) * 1u + 0u);
    }
    if (x5 > best || (x5 == best && u32((5120u + lane) * 1u + 0u) < besti)) {
        best = x5;
        besti = u32((5120u + lane) * 1u + 0u);
    }
    if (x6 > best || (x6 == best && u32((6144u + lane) * 1u + 0u) < besti)) {
        best = x6;
        besti = u32((6144u + lane) * 1u + 0u);
    }
    if (x7 > best || (x7 == best && u32((7168u + lane) * 1u + 0u) < besti)) {
        best = x7;
        besti = u32((7168u + lane) * 1u + 0u);
    }
    if (x8 > best || (x8 == best && u32((8192u + lane) * 1u + 0u) < besti)) {
        best = x8;
        besti = u32((8192u + lane) * 1u + 0u);
    }
    if (x9 > best || (x9 == best && u32((9216u + lane) * 1u + 0u) < besti)) {
        best = x9;
        besti = u32((9216u + lane) * 1u + 0u);
    }
    if (x10 > best || (x10 == best && u32((10240u + lane) * 1u + 0u) < besti)) {
        best = x10;
        besti = u32((10240u + lane) * 1u + 0u);
    }
    if (x11 > best || (x11 == best && u32((11264u + lane) * 1u + 0u) < besti)) {
        best = x11;
        besti = u32((11264u + lane) * 1u + 0u);
    }
    if (x12 > best || (x12 == best && u32((12288u + lane) * 1u + 0u) < besti)) {
        best = x12;
        besti = u32((12288u + lane) * 1u + 0u);
    }
    if (x13 > best || (x13 == best && u32((13312u + lane) * 1u + 0u) < besti)) {
        best = x13;
        besti = u32((13312u + lane) * 1u + 0u);
    }
    if (x14 > best || (x14 == best && u32((14336u + lane) * 1u + 0u) < besti)) {
        best = x14;
        besti = u32((14336u + lane) * 1u + 0u);
    }
    if (x15 > best || (x15 == best && u32((15360u + lane) * 1u + 0u) < besti)) {
        best = x15;
        besti = u32((15360u + lane) * 1u + 0u);
    }
    if (x16 > best || (x16 == best && u32((16384u + lane) * 1u + 0u) < besti)) {
        best = x16;
        besti = u32((16384u + lane) * 1u + 0u);
    }
    if (x17 > best || (x17 == best && u32((17408u + lane) * 1u + 0u) < besti)) {
        best = x17;
        besti = u32((17408u + lane) * 1u + 0u);
    }
    if (x18 > best || (x18 == best && u32((18432u + lane) * 1u + 0u) < besti)) {
        best = x18;
        besti = u32((18432u + lane) * 1u + 0u);
    }
    if (x19 > best || (x19 == best && u32((19456u + lane) * 1u + 0u) < besti)) {
        best = x19;
        besti = u32((19456u + lane) * 1u + 0u);
    }
    if (x20 > best || (x20 == best && u32((20480u + lane) * 1u + 0u) < besti)) {
        best = x20;
        besti = u32((20480u + lane) * 1u + 0u);
    }
    if (x21 > best || (x21 == best && u32((21504u + lane) * 1u + 0u) < besti)) {
        best = x21;
        besti = u32((21504u + lane) * 1u + 0u);
    }
    if (x22 > best || (x22 == best && u32((22528u + lane) * 1u + 0u) < besti)) {
        best = x22;
        besti = u32((22528u + lane) * 1u + 0u);
    }
    if (x23 > best || (x23 == best && u32((23552u + lane) * 1u + 0u) < besti)) {
        best = x23;
        besti = u32((23552u + lane) * 1u + 0u);
    }
    if (x24 > best || (x24 == best && u32((24576u + lane) * 1u + 0u) < besti)) {
        best = x24;
        besti = u32((24576u + lane) * 1u + 0u);
    }
    if (x25 > best || (x25 == best && u32((25600u + lane) * 1u + 0u) < besti)) {
        best = x25;
        besti = u32((25600u + lane) * 1u + 0u);
    }
    if (x26 > best || (x26 == best && u32((26624u + lane) * 1u + 0u) < besti)) {
        best = x26;
        besti = u32((26624u + lane) * 1u + 0u);
    }
    if (x27 > best || (x27 == best && u32((27648u + lane) * 1u + 0u) < besti)) {
        best = x27;
        besti = u32((27648u + lane) * 1u + 0u);
    }
    if (x28 > best || (x28 == best && u32((28672u + lane) * 1u + 0u) < besti)) {
        best = x28;
        besti = u32((28672u + lane) * 1u + 0u);
    }
    if (x29 > best || (x29 == best && u32((29696u + lane) * 1u + 0u) < besti)) {
        best = x29;
        besti = u32((29696u + lane) * 1u + 0u);
    }
    if (x30 > best || (x30 == best && u32((30720u + lane) * 1u + 0u) < besti)) {
        best = x30;
        besti = u32((30720u + lane) * 1u + 0u);
    }
    if (x31 > best || (x31 == best && u32((31744u + lane) * 1u + 0u) < besti)) {
        best = x31;
        besti = u32((31744u + lane) * 1u + 0u);
    }
    if (x32 > best || (x32 == best && u32((32768u + lane) * 1u + 0u) < besti)) {
        best = x32;
        besti = u32((32768u + lane) * 1u + 0u);
    }
    if (x33 > best || (x33 == best && u32((33792u + lane) * 1u + 0u) < besti)) {
        best = x33;
        besti = u32((33792u + lane) * 1u + 0u);
    }
    if (x34 > best || (x34 == best && u32((34816u + lane) * 1u + 0u) < besti)) {
        best = x34;
        besti = u32((34816u + lane) * 1u + 0u);
    }
    if (x35 > best || (x35 == best && u32((35840u + lane) * 1u + 0u) < besti)) {
        best = x35;
        besti = u32((35840u + lane) * 1u + 0u);
    }
    if (x36 > best || (x36 == best && u32((36864u + lane) * 1u + 0u) < besti)) {
        best = x36;
        besti = u32((36864u + lane) * 1u + 0u);
    }
    if (x37 > best || (x37 == best && u32((37888u + lane) * 1u + 0u) < besti)) {
        best = x37;
        besti = u32((37888u + lane) * 1u + 0u);
    }
    if (x38 > best || (x38 == best && u32((38912u + lane) * 1u + 0u) < besti)) {
        best = x38;
        besti = u32((38912u + lane) * 1u + 0u);
    }
    if (x39 > best || (x39 == best && u32((39936u + lane) * 1u + 0u) < besti)) {
        best = x39;
        besti = u32((39936u + lane) * 1u + 0u);
    }
    if (x40 > best || (x40 == best && u32((40960u + lane) * 1u + 0u) < besti)) {
        best = x40;
        besti = u32((40960u + lane) * 1u + 0u);
    }
    if (x41 > best || (x41 == best && u32((41984u + lane) * 1u + 0u) < besti)) {
        best = x41;
        besti = u32((41984u + lane) * 1u + 0u);
    }
    if (x42 > best || (x42 == best && u32((43008u + lane) * 1u + 0u) < besti)) {
        best = x42;
        besti = u32((43008u + lane) * 1u + 0u);
    }
    if (x43 > best || (x43 == best && u32((44032u + lane) * 1u + 0u) < besti)) {
        best = x43;
        besti = u32((44032u + lane) * 1u + 0u);
    }
    if (x44 > best || (x44 == best && u32((45056u + lane) * 1u + 0u) < besti)) {
        best = x44;
        besti = u32((45056u + lane) * 1u + 0u);
    }
    if (x45 > best || (x45 == best && u32((46080u + lane) * 1u + 0u) < besti)) {
        best = x45;
        besti = u32((46080u + lane) * 1u + 0u);
    }
    if (x46 > best || (x46 == best && u32((47104u + lane) * 1u + 0u) < besti)) {
        best = x46;
        besti = u32((47104u + lane) * 1u + 0u);
    }
    if (x47 > best || (x47 == best && u32((48128u + lane) * 1u + 0u) < besti)) {
        best = x47;
        besti = u32((48128u + lane) * 1u + 0u);
    }
    if (x48 > best || (x48 == best && u32((49152u + lane) * 1u + 0u) < besti)) {
        best = x48;
        besti = u32((49152u + lane) * 1u + 0u);
    }
    if (ok49 && (x49 > best || (x49 == best && u32((50176u + lane) * 1u + 0u) < besti))) {
        best = x49;
        besti = u32((50176u + lane) * 1u + 0u);
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
