// node: n = rms_norm(x, g, eps); h = silu(matmul(n, w_gate)) * matmul(n, w_up)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // w_up
@group(0) @binding(2) var<storage, read> a2: array<f32>; // w_gate
@group(0) @binding(3) var<storage, read> a3: array<f32>; // x
@group(0) @binding(4) var<storage, read> a4: array<f32>; // g
struct Uniforms {
    f0: f32, // eps
}
@group(0) @binding(5) var<uniform> u: Uniforms;
fn forge_isnan(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u; }
fn forge_feq(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a == b; }
fn forge_fne(a: f32, b: f32) -> bool { return forge_isnan(a) || forge_isnan(b) || a != b; }
fn forge_flt(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a < b; }
fn forge_fle(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a <= b; }
fn forge_fgt(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a > b; }
fn forge_fge(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a >= b; }
fn forge_fmax(a: f32, b: f32) -> f32 { return select(max(a, b), a + b, forge_isnan(a) || forge_isnan(b)); }
fn forge_fmin(a: f32, b: f32) -> f32 { return select(min(a, b), a + b, forge_isnan(a) || forge_isnan(b)); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
fn forge_rem_i32(a: i32, b: i32) -> i32 { if (b == 0i) { return a; } if (b == -1i) { return 0i; } return a % b; }
fn forge_rem_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a % b; }
fn forge_f2i(x: f32) -> i32 { if (forge_isnan(x)) { return 0i; } if (x >= 2147483648.0f) { return 2147483647i; } if (x < -2147483648.0f) { return -2147483647i - 1i; } return i32(x); }
fn forge_f2u(x: f32) -> u32 { if (forge_isnan(x) || x <= -1.0f) { return 0u; } if (x >= 4294967296.0f) { return 4294967295u; } return u32(x); }
fn forge_tanh(x: f32) -> f32 { let x2 = x * x; let small = x * (1.0f + x2 * (-0.33333334f + x2 * (0.13333334f + x2 * (-0.053968254f + x2 * 0.021869488f)))); let big = 1.0f - 2.0f / (exp(2.0f * x) + 1.0f); return select(big, small, abs(x) < 0.25f); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0f / (1.0f + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0f + exp(-x)); }
fn forge_erf(x: f32) -> f32 { let z = abs(x); let x2 = x * x; let small = x * 1.1283792f * (1.0f + x2 * (-0.33333334f + x2 * (0.1f + x2 * (-0.023809524f + x2 * (0.0046296297f + x2 * -0.0007575758f))))); let t = 1.0f / (1.0f + 0.5f * z); let r = t * exp(-z * z - 1.26551223f + t * (1.00002368f + t * (0.37409196f + t * (0.09678418f + t * (-0.18628806f + t * (0.27886807f + t * (-1.13520398f + t * (1.48851587f + t * (-0.82215223f + t * 0.17087277f))))))))); let big = select(r - 1.0f, 1.0f - r, x >= 0.0f); return select(big, small, z < 0.5f); }
fn forge_gelu(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_erf(x * 0.70710677f)); }
fn forge_gelu_tanh(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_tanh(0.7978846f * (x + 0.044715f * x * x * x))); }
fn forge_sincos(x: f32) -> vec2<f32> { let q0 = round(x * 0.63661975f); let qh = trunc(q0 * 0.000244140625f) * 4096.0f; let ql = q0 - qh; var r = x - qh * 1.5703125f; r = r - ql * 1.5703125f; r = r - qh * 4.837513e-4f; r = r - ql * 4.837513e-4f; r = r - qh * 7.5495336e-8f; r = r - ql * 7.5495336e-8f; r = r - q0 * 2.563344e-12f; let step = select(select(0.0f, -1.0f, r < -0.7853982f), 1.0f, r > 0.7853982f); let q = q0 + step; r = r - step * 1.5703125f; r = r - step * 4.837513e-4f; r = r - step * 7.5495336e-8f; r = r - step * 2.563344e-12f; let z = r * r; let s = r + r * z * (-0.16666655f + z * (0.008332161f + z * -0.00019515296f)); let c = 1.0f - 0.5f * z + z * z * (0.041666646f + z * (-0.0013887316f + z * 0.000024433157f)); let k = q - 4.0f * floor(q * 0.25f); let sn = select(select(select(-c, -s, k == 2.0f), c, k == 1.0f), s, k == 0.0f); let cs = select(select(select(s, -c, k == 2.0f), -s, k == 1.0f), c, k == 0.0f); let nan = bitcast<f32>(0x7fc00000u); let big = abs(x) >= 8388608.0f; return vec2<f32>(select(select(sn, x, abs(x) < 0.00024414063f), nan, big), select(cs, nan, big)); }
fn forge_sin(x: f32) -> f32 { return forge_sincos(x).x; }
fn forge_cos(x: f32) -> f32 { return forge_sincos(x).y; }
fn forge_f2bf(x: f32) -> u32 { let b = bitcast<u32>(x); if (forge_isnan(x)) { return 0x7fc0u; } return (b + 0x7fffu + ((b >> 16u) & 1u)) >> 16u; }
fn forge_h_round(x: f32) -> f32 { let b = bitcast<u32>(x); let a = b & 0x7fffffffu; let s = b & 0x80000000u; if (a > 0x7f800000u) { return x; } if (a >= 0x477ff000u) { return bitcast<f32>(s | 0x7f800000u); } if (a < 0x38800000u) { return bitcast<f32>(s | bitcast<u32>(round(bitcast<f32>(a) * 16777216.0f) * 5.9604645e-8f)); } return bitcast<f32>(s | ((a + 0xfffu + ((a >> 13u) & 1u)) & 0xffffe000u)); }
fn forge_bf_round(x: f32) -> f32 { return bitcast<f32>(forge_f2bf(x) << 16u); }
fn forge_bf16_at(word: u32, i: u32) -> f32 { return bitcast<f32>(((word >> ((i & 1u) * 16u)) & 0xffffu) << 16u); }
var<workgroup> red: array<f32, 1024>;
var<workgroup> red2: array<f32, 1024>;
var<workgroup> red3: array<f32, 128>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 192u;
    let tile: u32 = group % 192u;
    let col: u32 = lid % 8u;
    let ks: u32 = lid / 8u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    var q0: f32 = 0.0f;
    var s0: f32 = 0.0f;
    var p1: f32 = 0.0f;
    var q1: f32 = 0.0f;
    var s1: f32 = 0.0f;
    var p2: f32 = 0.0f;
    var q2: f32 = 0.0f;
    var s2: f32 = 0.0f;
    var p3: f32 = 0.0f;
    var q3: f32 = 0.0f;
    var s3: f32 = 0.0f;
    if (j < 1536u) {
        for (var k0: u32 = 0u; k0 < 576u; k0 = k0 + 128u) {
            let kk0: u32 = k0 + 0u + ks;
            let kc0: u32 = min(kk0, 575u);
            let bv0: f32 = a1[kc0 * 1536u + j];
            let bw0: f32 = a2[kc0 * 1536u + j];
            let av0_0: f32 = a3[0u * 576u + kc0];
            let gv0_0: f32 = a4[kc0];
            let av1_0: f32 = a3[1u * 576u + kc0];
            let gv1_0: f32 = a4[kc0];
            let av2_0: f32 = a3[2u * 576u + kc0];
            let gv2_0: f32 = a4[kc0];
            let av3_0: f32 = a3[3u * 576u + kc0];
            let gv3_0: f32 = a4[kc0];
            let kk1: u32 = k0 + 32u + ks;
            let kc1: u32 = min(kk1, 575u);
            let bv1: f32 = a1[kc1 * 1536u + j];
            let bw1: f32 = a2[kc1 * 1536u + j];
            let av0_1: f32 = a3[0u * 576u + kc1];
            let gv0_1: f32 = a4[kc1];
            let av1_1: f32 = a3[1u * 576u + kc1];
            let gv1_1: f32 = a4[kc1];
            let av2_1: f32 = a3[2u * 576u + kc1];
            let gv2_1: f32 = a4[kc1];
            let av3_1: f32 = a3[3u * 576u + kc1];
            let gv3_1: f32 = a4[kc1];
            let kk2: u32 = k0 + 64u + ks;
            let kc2: u32 = min(kk2, 575u);
            let bv2: f32 = a1[kc2 * 1536u + j];
            let bw2: f32 = a2[kc2 * 1536u + j];
            let av0_2: f32 = a3[0u * 576u + kc2];
            let gv0_2: f32 = a4[kc2];
            let av1_2: f32 = a3[1u * 576u + kc2];
            let gv1_2: f32 = a4[kc2];
            let av2_2: f32 = a3[2u * 576u + kc2];
            let gv2_2: f32 = a4[kc2];
            let av3_2: f32 = a3[3u * 576u + kc2];
            let gv3_2: f32 = a4[kc2];
            let kk3: u32 = k0 + 96u + ks;
            let kc3: u32 = min(kk3, 575u);
            let bv3: f32 = a1[kc3 * 1536u + j];
            let bw3: f32 = a2[kc3 * 1536u + j];
            let av0_3: f32 = a3[0u * 576u + kc3];
            let gv0_3: f32 = a4[kc3];
            let av1_3: f32 = a3[1u * 576u + kc3];
            let gv1_3: f32 = a4[kc3];
            let av2_3: f32 = a3[2u * 576u + kc3];
            let gv2_3: f32 = a4[kc3];
            let av3_3: f32 = a3[3u * 576u + kc3];
            let gv3_3: f32 = a4[kc3];
            s0 = s0 + select(0.0f, av0_0 * av0_0, kk0 < 576u);
            p0 = p0 + select(0.0f, (av0_0 * gv0_0) * bv0, kk0 < 576u);
            q0 = q0 + select(0.0f, (av0_0 * gv0_0) * bw0, kk0 < 576u);
            s1 = s1 + select(0.0f, av1_0 * av1_0, kk0 < 576u);
            p1 = p1 + select(0.0f, (av1_0 * gv1_0) * bv0, kk0 < 576u);
            q1 = q1 + select(0.0f, (av1_0 * gv1_0) * bw0, kk0 < 576u);
            s2 = s2 + select(0.0f, av2_0 * av2_0, kk0 < 576u);
            p2 = p2 + select(0.0f, (av2_0 * gv2_0) * bv0, kk0 < 576u);
            q2 = q2 + select(0.0f, (av2_0 * gv2_0) * bw0, kk0 < 576u);
            s3 = s3 + select(0.0f, av3_0 * av3_0, kk0 < 576u);
            p3 = p3 + select(0.0f, (av3_0 * gv3_0) * bv0, kk0 < 576u);
            q3 = q3 + select(0.0f, (av3_0 * gv3_0) * bw0, kk0 < 576u);
            s0 = s0 + select(0.0f, av0_1 * av0_1, kk1 < 576u);
            p0 = p0 + select(0.0f, (av0_1 * gv0_1) * bv1, kk1 < 576u);
            q0 = q0 + select(0.0f, (av0_1 * gv0_1) * bw1, kk1 < 576u);
            s1 = s1 + select(0.0f, av1_1 * av1_1, kk1 < 576u);
            p1 = p1 + select(0.0f, (av1_1 * gv1_1) * bv1, kk1 < 576u);
            q1 = q1 + select(0.0f, (av1_1 * gv1_1) * bw1, kk1 < 576u);
            s2 = s2 + select(0.0f, av2_1 * av2_1, kk1 < 576u);
            p2 = p2 + select(0.0f, (av2_1 * gv2_1) * bv1, kk1 < 576u);
            q2 = q2 + select(0.0f, (av2_1 * gv2_1) * bw1, kk1 < 576u);
            s3 = s3 + select(0.0f, av3_1 * av3_1, kk1 < 576u);
            p3 = p3 + select(0.0f, (av3_1 * gv3_1) * bv1, kk1 < 576u);
            q3 = q3 + select(0.0f, (av3_1 * gv3_1) * bw1, kk1 < 576u);
            s0 = s0 + select(0.0f, av0_2 * av0_2, kk2 < 576u);
            p0 = p0 + select(0.0f, (av0_2 * gv0_2) * bv2, kk2 < 576u);
            q0 = q0 + select(0.0f, (av0_2 * gv0_2) * bw2, kk2 < 576u);
            s1 = s1 + select(0.0f, av1_2 * av1_2, kk2 < 576u);
            p1 = p1 + select(0.0f, (av1_2 * gv1_2) * bv2, kk2 < 576u);
            q1 = q1 + select(0.0f, (av1_2 * gv1_2) * bw2, kk2 < 576u);
            s2 = s2 + select(0.0f, av2_2 * av2_2, kk2 < 576u);
            p2 = p2 + select(0.0f, (av2_2 * gv2_2) * bv2, kk2 < 576u);
            q2 = q2 + select(0.0f, (av2_2 * gv2_2) * bw2, kk2 < 576u);
            s3 = s3 + select(0.0f, av3_2 * av3_2, kk2 < 576u);
            p3 = p3 + select(0.0f, (av3_2 * gv3_2) * bv2, kk2 < 576u);
            q3 = q3 + select(0.0f, (av3_2 * gv3_2) * bw2, kk2 < 576u);
            s0 = s0 + select(0.0f, av0_3 * av0_3, kk3 < 576u);
            p0 = p0 + select(0.0f, (av0_3 * gv0_3) * bv3, kk3 < 576u);
            q0 = q0 + select(0.0f, (av0_3 * gv0_3) * bw3, kk3 < 576u);
            s1 = s1 + select(0.0f, av1_3 * av1_3, kk3 < 576u);
            p1 = p1 + select(0.0f, (av1_3 * gv1_3) * bv3, kk3 < 576u);
            q1 = q1 + select(0.0f, (av1_3 * gv1_3) * bw3, kk3 < 576u);
            s2 = s2 + select(0.0f, av2_3 * av2_3, kk3 < 576u);
            p2 = p2 + select(0.0f, (av2_3 * gv2_3) * bv3, kk3 < 576u);
            q2 = q2 + select(0.0f, (av2_3 * gv2_3) * bw3, kk3 < 576u);
            s3 = s3 + select(0.0f, av3_3 * av3_3, kk3 < 576u);
            p3 = p3 + select(0.0f, (av3_3 * gv3_3) * bv3, kk3 < 576u);
            q3 = q3 + select(0.0f, (av3_3 * gv3_3) * bw3, kk3 < 576u);
        }
    }
    red[(u32(ks) * 4u + 0u) * 8u + u32(col)] = p0;
    red2[(u32(ks) * 4u + 0u) * 8u + u32(col)] = q0;
    red[(u32(ks) * 4u + 1u) * 8u + u32(col)] = p1;
    red2[(u32(ks) * 4u + 1u) * 8u + u32(col)] = q1;
    red[(u32(ks) * 4u + 2u) * 8u + u32(col)] = p2;
    red2[(u32(ks) * 4u + 2u) * 8u + u32(col)] = q2;
    red[(u32(ks) * 4u + 3u) * 8u + u32(col)] = p3;
    red2[(u32(ks) * 4u + 3u) * 8u + u32(col)] = q3;
    if (col == 0u) {
        red3[u32(ks) * 4u + 0u] = s0;
        red3[u32(ks) * 4u + 1u] = s1;
        red3[u32(ks) * 4u + 2u] = s2;
        red3[u32(ks) * 4u + 3u] = s3;
    }
    workgroupBarrier();
    if (ks == 0u && j < 1536u) {
        for (var i: u32 = 0u; i < 4u; i = i + 1u) {
            var acc: f32 = 0.0f;
            var acc2: f32 = 0.0f;
            var ss: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 4u + u32(i)) * 8u + u32(col)];
                acc2 = acc2 + red2[(q * 4u + u32(i)) * 8u + u32(col)];
                ss = ss + red3[q * 4u + u32(i)];
            }
            let inv: f32 = inverseSqrt(ss / 576.0f + u.f0);
            acc = acc * inv;
            acc2 = acc2 * inv;
            a0[((bidx * 4u + i) * 1536u + j)] = (forge_silu(acc2) * acc);
        }
    }
}

// node: y = x + matmul(h, w_down)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // y
@group(0) @binding(1) var<storage, read> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // h
@group(0) @binding(3) var<storage, read> a3: array<f32>; // w_down
fn forge_isnan(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u; }
fn forge_feq(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a == b; }
fn forge_fne(a: f32, b: f32) -> bool { return forge_isnan(a) || forge_isnan(b) || a != b; }
fn forge_flt(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a < b; }
fn forge_fle(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a <= b; }
fn forge_fgt(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a > b; }
fn forge_fge(a: f32, b: f32) -> bool { return !(forge_isnan(a) || forge_isnan(b)) && a >= b; }
fn forge_fmax(a: f32, b: f32) -> f32 { return select(max(a, b), a + b, forge_isnan(a) || forge_isnan(b)); }
fn forge_fmin(a: f32, b: f32) -> f32 { return select(min(a, b), a + b, forge_isnan(a) || forge_isnan(b)); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
fn forge_rem_i32(a: i32, b: i32) -> i32 { if (b == 0i) { return a; } if (b == -1i) { return 0i; } return a % b; }
fn forge_rem_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a % b; }
fn forge_f2i(x: f32) -> i32 { if (forge_isnan(x)) { return 0i; } if (x >= 2147483648.0f) { return 2147483647i; } if (x < -2147483648.0f) { return -2147483647i - 1i; } return i32(x); }
fn forge_f2u(x: f32) -> u32 { if (forge_isnan(x) || x <= -1.0f) { return 0u; } if (x >= 4294967296.0f) { return 4294967295u; } return u32(x); }
fn forge_tanh(x: f32) -> f32 { let x2 = x * x; let small = x * (1.0f + x2 * (-0.33333334f + x2 * (0.13333334f + x2 * (-0.053968254f + x2 * 0.021869488f)))); let big = 1.0f - 2.0f / (exp(2.0f * x) + 1.0f); return select(big, small, abs(x) < 0.25f); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0f / (1.0f + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0f + exp(-x)); }
fn forge_erf(x: f32) -> f32 { let z = abs(x); let x2 = x * x; let small = x * 1.1283792f * (1.0f + x2 * (-0.33333334f + x2 * (0.1f + x2 * (-0.023809524f + x2 * (0.0046296297f + x2 * -0.0007575758f))))); let t = 1.0f / (1.0f + 0.5f * z); let r = t * exp(-z * z - 1.26551223f + t * (1.00002368f + t * (0.37409196f + t * (0.09678418f + t * (-0.18628806f + t * (0.27886807f + t * (-1.13520398f + t * (1.48851587f + t * (-0.82215223f + t * 0.17087277f))))))))); let big = select(r - 1.0f, 1.0f - r, x >= 0.0f); return select(big, small, z < 0.5f); }
fn forge_gelu(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_erf(x * 0.70710677f)); }
fn forge_gelu_tanh(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_tanh(0.7978846f * (x + 0.044715f * x * x * x))); }
fn forge_sincos(x: f32) -> vec2<f32> { let q0 = round(x * 0.63661975f); let qh = trunc(q0 * 0.000244140625f) * 4096.0f; let ql = q0 - qh; var r = x - qh * 1.5703125f; r = r - ql * 1.5703125f; r = r - qh * 4.837513e-4f; r = r - ql * 4.837513e-4f; r = r - qh * 7.5495336e-8f; r = r - ql * 7.5495336e-8f; r = r - q0 * 2.563344e-12f; let step = select(select(0.0f, -1.0f, r < -0.7853982f), 1.0f, r > 0.7853982f); let q = q0 + step; r = r - step * 1.5703125f; r = r - step * 4.837513e-4f; r = r - step * 7.5495336e-8f; r = r - step * 2.563344e-12f; let z = r * r; let s = r + r * z * (-0.16666655f + z * (0.008332161f + z * -0.00019515296f)); let c = 1.0f - 0.5f * z + z * z * (0.041666646f + z * (-0.0013887316f + z * 0.000024433157f)); let k = q - 4.0f * floor(q * 0.25f); let sn = select(select(select(-c, -s, k == 2.0f), c, k == 1.0f), s, k == 0.0f); let cs = select(select(select(s, -c, k == 2.0f), -s, k == 1.0f), c, k == 0.0f); let nan = bitcast<f32>(0x7fc00000u); let big = abs(x) >= 8388608.0f; return vec2<f32>(select(select(sn, x, abs(x) < 0.00024414063f), nan, big), select(cs, nan, big)); }
fn forge_sin(x: f32) -> f32 { return forge_sincos(x).x; }
fn forge_cos(x: f32) -> f32 { return forge_sincos(x).y; }
fn forge_f2bf(x: f32) -> u32 { let b = bitcast<u32>(x); if (forge_isnan(x)) { return 0x7fc0u; } return (b + 0x7fffu + ((b >> 16u) & 1u)) >> 16u; }
fn forge_h_round(x: f32) -> f32 { let b = bitcast<u32>(x); let a = b & 0x7fffffffu; let s = b & 0x80000000u; if (a > 0x7f800000u) { return x; } if (a >= 0x477ff000u) { return bitcast<f32>(s | 0x7f800000u); } if (a < 0x38800000u) { return bitcast<f32>(s | bitcast<u32>(round(bitcast<f32>(a) * 16777216.0f) * 5.9604645e-8f)); } return bitcast<f32>(s | ((a + 0xfffu + ((a >> 13u) & 1u)) & 0xffffe000u)); }
fn forge_bf_round(x: f32) -> f32 { return bitcast<f32>(forge_f2bf(x) << 16u); }
fn forge_bf16_at(word: u32, i: u32) -> f32 { return bitcast<f32>(((word >> ((i & 1u) * 16u)) & 0xffffu) << 16u); }
var<workgroup> red: array<f32, 1024>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 72u) {
        return;
    }
    let bidx: u32 = group / 72u;
    let tile: u32 = group % 72u;
    let col: u32 = lid % 8u;
    let ks: u32 = lid / 8u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    var p1: f32 = 0.0f;
    var p2: f32 = 0.0f;
    var p3: f32 = 0.0f;
    if (j < 576u) {
        for (var k0: u32 = 0u; k0 < 1536u; k0 = k0 + 256u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: f32 = a3[kk0 * 576u + j];
            let av0_0: f32 = a2[0u * 1536u + kk0];
            let av1_0: f32 = a2[1u * 1536u + kk0];
            let av2_0: f32 = a2[2u * 1536u + kk0];
            let av3_0: f32 = a2[3u * 1536u + kk0];
            let kk1: u32 = k0 + 32u + ks;
            let bv1: f32 = a3[kk1 * 576u + j];
            let av0_1: f32 = a2[0u * 1536u + kk1];
            let av1_1: f32 = a2[1u * 1536u + kk1];
            let av2_1: f32 = a2[2u * 1536u + kk1];
            let av3_1: f32 = a2[3u * 1536u + kk1];
            let kk2: u32 = k0 + 64u + ks;
            let bv2: f32 = a3[kk2 * 576u + j];
            let av0_2: f32 = a2[0u * 1536u + kk2];
            let av1_2: f32 = a2[1u * 1536u + kk2];
            let av2_2: f32 = a2[2u * 1536u + kk2];
            let av3_2: f32 = a2[3u * 1536u + kk2];
            let kk3: u32 = k0 + 96u + ks;
            let bv3: f32 = a3[kk3 * 576u + j];
            let av0_3: f32 = a2[0u * 1536u + kk3];
            let av1_3: f32 = a2[1u * 1536u + kk3];
            let av2_3: f32 = a2[2u * 1536u + kk3];
            let av3_3: f32 = a2[3u * 1536u + kk3];
            let kk4: u32 = k0 + 128u + ks;
            let bv4: f32 = a3[kk4 * 576u + j];
            let av0_4: f32 = a2[0u * 1536u + kk4];
            let av1_4: f32 = a2[1u * 1536u + kk4];
            let av2_4: f32 = a2[2u * 1536u + kk4];
            let av3_4: f32 = a2[3u * 1536u + kk4];
            let kk5: u32 = k0 + 160u + ks;
            let bv5: f32 = a3[kk5 * 576u + j];
            let av0_5: f32 = a2[0u * 1536u + kk5];
            let av1_5: f32 = a2[1u * 1536u + kk5];
            let av2_5: f32 = a2[2u * 1536u + kk5];
            let av3_5: f32 = a2[3u * 1536u + kk5];
            let kk6: u32 = k0 + 192u + ks;
            let bv6: f32 = a3[kk6 * 576u + j];
            let av0_6: f32 = a2[0u * 1536u + kk6];
            let av1_6: f32 = a2[1u * 1536u + kk6];
            let av2_6: f32 = a2[2u * 1536u + kk6];
            let av3_6: f32 = a2[3u * 1536u + kk6];
            let kk7: u32 = k0 + 224u + ks;
            let bv7: f32 = a3[kk7 * 576u + j];
            let av0_7: f32 = a2[0u * 1536u + kk7];
            let av1_7: f32 = a2[1u * 1536u + kk7];
            let av2_7: f32 = a2[2u * 1536u + kk7];
            let av3_7: f32 = a2[3u * 1536u + kk7];
            p0 = p0 + av0_0 * bv0;
            p1 = p1 + av1_0 * bv0;
            p2 = p2 + av2_0 * bv0;
            p3 = p3 + av3_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p1 = p1 + av1_1 * bv1;
            p2 = p2 + av2_1 * bv1;
            p3 = p3 + av3_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p1 = p1 + av1_2 * bv2;
            p2 = p2 + av2_2 * bv2;
            p3 = p3 + av3_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p1 = p1 + av1_3 * bv3;
            p2 = p2 + av2_3 * bv3;
            p3 = p3 + av3_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p1 = p1 + av1_4 * bv4;
            p2 = p2 + av2_4 * bv4;
            p3 = p3 + av3_4 * bv4;
            p0 = p0 + av0_5 * bv5;
            p1 = p1 + av1_5 * bv5;
            p2 = p2 + av2_5 * bv5;
            p3 = p3 + av3_5 * bv5;
            p0 = p0 + av0_6 * bv6;
            p1 = p1 + av1_6 * bv6;
            p2 = p2 + av2_6 * bv6;
            p3 = p3 + av3_6 * bv6;
            p0 = p0 + av0_7 * bv7;
            p1 = p1 + av1_7 * bv7;
            p2 = p2 + av2_7 * bv7;
            p3 = p3 + av3_7 * bv7;
        }
    }
    red[(u32(ks) * 4u + 0u) * 8u + u32(col)] = p0;
    red[(u32(ks) * 4u + 1u) * 8u + u32(col)] = p1;
    red[(u32(ks) * 4u + 2u) * 8u + u32(col)] = p2;
    red[(u32(ks) * 4u + 3u) * 8u + u32(col)] = p3;
    workgroupBarrier();
    if (ks == 0u && j < 576u) {
        for (var i: u32 = 0u; i < 4u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 4u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 4u + i) * 576u + j)] = (a1[((bidx * 4u + i) * 576u + j)] + acc);
        }
    }
}
