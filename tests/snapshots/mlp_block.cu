// node: (helpers)
typedef float f32;
typedef unsigned int u32;
typedef int i32;
typedef unsigned long long u64;
#define FD __device__ __forceinline__
template <typename T> FD T select(T f, T t, bool c) { return c ? t : f; }
FD bool forge_isnan(f32 x) { return (__float_as_uint(x) & 0x7fffffffu) > 0x7f800000u; }
FD bool forge_feq(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a == b; }
FD bool forge_fne(f32 a, f32 b) { return forge_isnan(a) || forge_isnan(b) || a != b; }
FD bool forge_flt(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a < b; }
FD bool forge_fle(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a <= b; }
FD bool forge_fgt(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a > b; }
FD bool forge_fge(f32 a, f32 b) { return !(forge_isnan(a) || forge_isnan(b)) && a >= b; }
FD f32 forge_fmax(f32 a, f32 b) { return (forge_isnan(a) || forge_isnan(b)) ? a + b : fmaxf(a, b); }
FD f32 forge_fmin(f32 a, f32 b) { return (forge_isnan(a) || forge_isnan(b)) ? a + b : fminf(a, b); }
FD i32 forge_div_i32(i32 a, i32 b) { if (b == 0 || (a == (-2147483647 - 1) && b == -1)) { return a; } return a / b; }
FD u32 forge_div_u32(u32 a, u32 b) { if (b == 0u) { return a; } return a / b; }
FD i32 forge_f2i(f32 x) { if (forge_isnan(x)) { return 0; } if (x >= 2147483648.0f) { return 2147483647; } if (x < -2147483648.0f) { return -2147483647 - 1; } return (i32)x; }
FD u32 forge_f2u(f32 x) { if (forge_isnan(x) || x <= -1.0f) { return 0u; } if (x >= 4294967296.0f) { return 4294967295u; } return (u32)x; }
FD f32 forge_tanh(f32 x) { f32 x2 = x * x; f32 small = x * (1.0f + x2 * (-0.33333334f + x2 * (0.13333334f + x2 * (-0.053968254f + x2 * 0.021869488f)))); f32 big = 1.0f - 2.0f / (expf(2.0f * x) + 1.0f); return fabsf(x) < 0.25f ? small : big; }
FD f32 forge_sigmoid(f32 x) { return 1.0f / (1.0f + expf(-x)); }
FD f32 forge_silu(f32 x) { return x / (1.0f + expf(-x)); }
FD f32 forge_erf(f32 x) { f32 z = fabsf(x); f32 x2 = x * x; f32 small = x * 1.1283792f * (1.0f + x2 * (-0.33333334f + x2 * (0.1f + x2 * (-0.023809524f + x2 * (0.0046296297f + x2 * -0.0007575758f))))); f32 t = 1.0f / (1.0f + 0.5f * z); f32 r = t * expf(-z * z - 1.26551223f + t * (1.00002368f + t * (0.37409196f + t * (0.09678418f + t * (-0.18628806f + t * (0.27886807f + t * (-1.13520398f + t * (1.48851587f + t * (-0.82215223f + t * 0.17087277f))))))))); f32 big = x >= 0.0f ? 1.0f - r : r - 1.0f; return z < 0.5f ? small : big; }
FD f32 forge_gelu(f32 x) { return 0.5f * x * (1.0f + forge_erf(x * 0.70710677f)); }
FD f32 forge_gelu_tanh(f32 x) { return 0.5f * x * (1.0f + forge_tanh(0.7978846f * (x + 0.044715f * x * x * x))); }
FD f32 forge_h2f(unsigned short h) { f32 f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
FD unsigned short forge_f2h(f32 f) { unsigned short h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h; }
FD f32 forge_h_round(f32 x) { return forge_h2f(forge_f2h(x)); }
FD u32 forge_f2bf_bits(f32 x) { u32 b = __float_as_uint(x); if (forge_isnan(x)) { return 0x7fc0u; } return (b + 0x7fffu + ((b >> 16u) & 1u)) >> 16u; }
FD unsigned short forge_f2bf(f32 x) { return (unsigned short)forge_f2bf_bits(x); }
FD f32 forge_bf2f(unsigned short h) { return __uint_as_float(((u32)h) << 16u); }
FD f32 forge_bf_round(f32 x) { return __uint_as_float(forge_f2bf_bits(x) << 16u); }

// node: n = rms_norm(x, g, eps)
extern "C" __global__ void __launch_bounds__(256) forge_rms_norm_bc14a4658e3cad49(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const u32* __restrict__ u) {
    __shared__ f32 red[256];
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    const u32 row = group;
    if (row >= 4u) {
        return;
    }
    const u32 l0 = row;
    f32 part = 0.0f;
    for (u32 c = lid; c < 576u; c += 256u) {
        const f32 d = a1[(row * 576u + c)];
        part = part + d * d;
    }
    red[lid] = part;
    __syncthreads();
    if (lid < 128u) {
        red[lid] = red[lid] + red[lid + 128u];
    }
    __syncthreads();
    if (lid < 64u) {
        red[lid] = red[lid] + red[lid + 64u];
    }
    __syncthreads();
    if (lid < 32u) {
        red[lid] = red[lid] + red[lid + 32u];
    }
    __syncthreads();
    if (lid < 16u) {
        red[lid] = red[lid] + red[lid + 16u];
    }
    __syncthreads();
    if (lid < 8u) {
        red[lid] = red[lid] + red[lid + 8u];
    }
    __syncthreads();
    if (lid < 4u) {
        red[lid] = red[lid] + red[lid + 4u];
    }
    __syncthreads();
    if (lid < 2u) {
        red[lid] = red[lid] + red[lid + 2u];
    }
    __syncthreads();
    if (lid < 1u) {
        red[lid] = red[lid] + red[lid + 1u];
    }
    __syncthreads();
    const f32 inv = rsqrtf(red[0] / 576.0f + __uint_as_float(u[0]));
    for (u32 c = lid; c < 576u; c += 256u) {
        const f32 acc = a1[(row * 576u + c)] * inv * a2[c];
        a0[(row * 576u + c)] = acc;
    }
}

// node: h = silu(matmul(n, w_gate)) * matmul(n, w_up)
extern "C" __global__ void __launch_bounds__(256) forge_matmul_e42d6ed733a2d22f(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2) {
    __shared__ f32 red[1024];
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 192u) {
        return;
    }
    const u32 bidx = group / 192u;
    const u32 tile = group % 192u;
    const u32 col = lid % 8u;
    const u32 ks = lid / 8u;
    const u32 j = tile * 8u + col;
    f32 p0 = 0.0f;
    f32 p1 = 0.0f;
    f32 p2 = 0.0f;
    f32 p3 = 0.0f;
    if (j < 1536u) {
        for (u32 kk = ks; kk < 576u; kk += 32u) {
            const f32 bv = a2[kk * 1536u + j];
            p0 = p0 + a1[0u * 576u + kk] * bv;
            p1 = p1 + a1[1u * 576u + kk] * bv;
            p2 = p2 + a1[2u * 576u + kk] * bv;
            p3 = p3 + a1[3u * 576u + kk] * bv;
        }
    }
    red[(u32(ks) * 4u + 0u) * 8u + u32(col)] = p0;
    red[(u32(ks) * 4u + 1u) * 8u + u32(col)] = p1;
    red[(u32(ks) * 4u + 2u) * 8u + u32(col)] = p2;
    red[(u32(ks) * 4u + 3u) * 8u + u32(col)] = p3;
    __syncthreads();
    if (ks == 0u && j < 1536u) {
        for (u32 i = 0u; i < 4u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 32u; ++q) {
                acc = acc + red[(q * 4u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 4u + i) * 1536u + j)] = acc;
        }
    }
}

// node: h = silu(matmul(n, w_gate)) * matmul(n, w_up)
extern "C" __global__ void __launch_bounds__(256) forge_matmul_6d913782c40d5a30(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3) {
    __shared__ f32 red[1024];
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 192u) {
        return;
    }
    const u32 bidx = group / 192u;
    const u32 tile = group % 192u;
    const u32 col = lid % 8u;
    const u32 ks = lid / 8u;
    const u32 j = tile * 8u + col;
    f32 p0 = 0.0f;
    f32 p1 = 0.0f;
    f32 p2 = 0.0f;
    f32 p3 = 0.0f;
    if (j < 1536u) {
        for (u32 kk = ks; kk < 576u; kk += 32u) {
            const f32 bv = a3[kk * 1536u + j];
            p0 = p0 + a2[0u * 576u + kk] * bv;
            p1 = p1 + a2[1u * 576u + kk] * bv;
            p2 = p2 + a2[2u * 576u + kk] * bv;
            p3 = p3 + a2[3u * 576u + kk] * bv;
        }
    }
    red[(u32(ks) * 4u + 0u) * 8u + u32(col)] = p0;
    red[(u32(ks) * 4u + 1u) * 8u + u32(col)] = p1;
    red[(u32(ks) * 4u + 2u) * 8u + u32(col)] = p2;
    red[(u32(ks) * 4u + 3u) * 8u + u32(col)] = p3;
    __syncthreads();
    if (ks == 0u && j < 1536u) {
        for (u32 i = 0u; i < 4u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 32u; ++q) {
                acc = acc + red[(q * 4u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 4u + i) * 1536u + j)] = (forge_silu(a1[((bidx * 4u + i) * 1536u + j)]) * acc);
        }
    }
}

// node: y = x + matmul(h, w_down)
extern "C" __global__ void __launch_bounds__(256) forge_matmul_9300c2134716d8e0(f32* a0, const f32* __restrict__ a1, const f32* __restrict__ a2, const f32* __restrict__ a3) {
    __shared__ f32 red[1024];
    const u32 lid = threadIdx.x;
    const u32 group = u32(blockIdx.x) + u32(blockIdx.y) * u32(gridDim.x);
    if (group >= 72u) {
        return;
    }
    const u32 bidx = group / 72u;
    const u32 tile = group % 72u;
    const u32 col = lid % 8u;
    const u32 ks = lid / 8u;
    const u32 j = tile * 8u + col;
    f32 p0 = 0.0f;
    f32 p1 = 0.0f;
    f32 p2 = 0.0f;
    f32 p3 = 0.0f;
    if (j < 576u) {
        for (u32 kk = ks; kk < 1536u; kk += 32u) {
            const f32 bv = a3[kk * 576u + j];
            p0 = p0 + a2[0u * 1536u + kk] * bv;
            p1 = p1 + a2[1u * 1536u + kk] * bv;
            p2 = p2 + a2[2u * 1536u + kk] * bv;
            p3 = p3 + a2[3u * 1536u + kk] * bv;
        }
    }
    red[(u32(ks) * 4u + 0u) * 8u + u32(col)] = p0;
    red[(u32(ks) * 4u + 1u) * 8u + u32(col)] = p1;
    red[(u32(ks) * 4u + 2u) * 8u + u32(col)] = p2;
    red[(u32(ks) * 4u + 3u) * 8u + u32(col)] = p3;
    __syncthreads();
    if (ks == 0u && j < 576u) {
        for (u32 i = 0u; i < 4u; i += 1u) {
            f32 acc = 0.0f;
            #pragma unroll
            for (u32 q = 0u; q < 32u; ++q) {
                acc = acc + red[(q * 4u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 4u + i) * 576u + j)] = (a1[((bidx * 4u + i) * 576u + j)] + acc);
        }
    }
}
