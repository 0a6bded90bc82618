//! The fixed CUDA-C every translated kernel starts with: value types, buffer pointers with the
//! interpreter's per-word bounds policy, WGSL integer/conversion semantics, math helpers and the
//! ray-query traversal. Each helper mirrors a function in `interp::ops` / `interp::rayquery`
//! operation for operation (`__f*_rn` intrinsics keep NVRTC from fusing into FMAs).

pub(crate) const PRELUDE: &str = r#"// ---- forge-raw prelude (generated; mirrors forge_raw::interp) ----
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
"#;
