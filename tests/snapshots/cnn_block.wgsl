// node: z1 = conv2d(x, w1, padding = 1)
// kernel map (workgroup 256, items 4)
@group(0) @binding(0) var<storage, read_write> a0: array<vec4<f32>>; // _t0.b
@group(0) @binding(1) var<storage, read> a1: array<f32>; // x
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
@compute @workgroup_size(256)
fn forge_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    let q: u32 = group * 256u + lid;
    if (q >= 451584u) {
        return;
    }
    var r0: f32;
    var r1: f32;
    var r2: f32;
    var r3: f32;
    let outer_i: u32 = q / 14u;
    let inner_i: u32 = (q % 14u) * 4u;
    let v4q: u32 = outer_i / 56u;
    let v4: u32 = outer_i - v4q * 56u;
    let v3q: u32 = v4q / 3u;
    let v3: u32 = v4q - v3q * 3u;
    let v2q: u32 = v3q / 3u;
    let v2: u32 = v3q - v2q * 3u;
    let v1q: u32 = v2q / 64u;
    let v1: u32 = v2q - v1q * 64u;
    let v0: u32 = v1q;
    {
        let i: u32 = q * 4u + 0u;
        let lane_i: u32 = inner_i + 0u;
        let v5: u32 = lane_i;
        r0 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(((i32(v4) - 1i) + i32(v2)), 0i, 55i)) * 56u + u32(clamp(((i32(v5) - 1i) + i32(v3)), 0i, 55i))], (((((i32(v4) - 1i) + i32(v2)) >= 0i) && (((i32(v4) - 1i) + i32(v2)) < 56i)) && ((((i32(v5) - 1i) + i32(v3)) >= 0i) && (((i32(v5) - 1i) + i32(v3)) < 56i))));
    }
    {
        let i: u32 = q * 4u + 1u;
        let lane_i: u32 = inner_i + 1u;
        let v5: u32 = lane_i;
        r1 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(((i32(v4) - 1i) + i32(v2)), 0i, 55i)) * 56u + u32(clamp(((i32(v5) - 1i) + i32(v3)), 0i, 55i))], (((((i32(v4) - 1i) + i32(v2)) >= 0i) && (((i32(v4) - 1i) + i32(v2)) < 56i)) && ((((i32(v5) - 1i) + i32(v3)) >= 0i) && (((i32(v5) - 1i) + i32(v3)) < 56i))));
    }
    {
        let i: u32 = q * 4u + 2u;
        let lane_i: u32 = inner_i + 2u;
        let v5: u32 = lane_i;
        r2 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(((i32(v4) - 1i) + i32(v2)), 0i, 55i)) * 56u + u32(clamp(((i32(v5) - 1i) + i32(v3)), 0i, 55i))], (((((i32(v4) - 1i) + i32(v2)) >= 0i) && (((i32(v4) - 1i) + i32(v2)) < 56i)) && ((((i32(v5) - 1i) + i32(v3)) >= 0i) && (((i32(v5) - 1i) + i32(v3)) < 56i))));
    }
    {
        let i: u32 = q * 4u + 3u;
        let lane_i: u32 = inner_i + 3u;
        let v5: u32 = lane_i;
        r3 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(((i32(v4) - 1i) + i32(v2)), 0i, 55i)) * 56u + u32(clamp(((i32(v5) - 1i) + i32(v3)), 0i, 55i))], (((((i32(v4) - 1i) + i32(v2)) >= 0i) && (((i32(v4) - 1i) + i32(v2)) < 56i)) && ((((i32(v5) - 1i) + i32(v3)) >= 0i) && (((i32(v5) - 1i) + i32(v3)) < 56i))));
    }
    a0[q] = vec4<f32>(r0, r1, r2, r3);
}

// node: z1 = conv2d(x, w1, padding = 1)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // z1
@group(0) @binding(1) var<storage, read> a1: array<f32>; // w1
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // _t0.b
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
var<workgroup> sa: array<vec4<f32>, 512>;
var<workgroup> sb: array<vec4<f32>, 512>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 196u) {
        return;
    }
    let bidx: u32 = group / 196u;
    let tile: u32 = group % 196u;
    let b0: u32 = bidx;
    let m0: u32 = (tile / 98u) * 32u;
    let n0: u32 = (tile % 98u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid / 8u;
    let bq: u32 = lid % 8u;
    var fa0: f32 = 0.0f;
    var fb0: f32 = 0.0f;
    var fa1: f32 = 0.0f;
    var fb1: f32 = 0.0f;
    var fa2: f32 = 0.0f;
    var fb2: f32 = 0.0f;
    var fa3: f32 = 0.0f;
    var fb3: f32 = 0.0f;
    var acc0_0: f32 = 0.0f;
    var acc0_1: f32 = 0.0f;
    var acc0_2: f32 = 0.0f;
    var acc0_3: f32 = 0.0f;
    var acc1_0: f32 = 0.0f;
    var acc1_1: f32 = 0.0f;
    var acc1_2: f32 = 0.0f;
    var acc1_3: f32 = 0.0f;
    var acc2_0: f32 = 0.0f;
    var acc2_1: f32 = 0.0f;
    var acc2_2: f32 = 0.0f;
    var acc2_3: f32 = 0.0f;
    var acc3_0: f32 = 0.0f;
    var acc3_1: f32 = 0.0f;
    var acc3_2: f32 = 0.0f;
    var acc3_3: f32 = 0.0f;
     {
        let ia: u32 = m0 + aq * 4u + 0u;
        let ka: u32 = 0u + ak;
        fa0 = a1[ia * 576u + ka];
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 0u;
        fb0 = a2[kb * 3136u + jb];
    }
     {
        let ia: u32 = m0 + aq * 4u + 1u;
        let ka: u32 = 0u + ak;
        fa1 = a1[ia * 576u + ka];
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 1u;
        fb1 = a2[kb * 3136u + jb];
    }
     {
        let ia: u32 = m0 + aq * 4u + 2u;
        let ka: u32 = 0u + ak;
        fa2 = a1[ia * 576u + ka];
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 2u;
        fb2 = a2[kb * 3136u + jb];
    }
     {
        let ia: u32 = m0 + aq * 4u + 3u;
        let ka: u32 = 0u + ak;
        fa3 = a1[ia * 576u + ka];
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 3u;
        fb3 = a2[kb * 3136u + jb];
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 576u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 576u;
        if (more) {
             {
                let ia: u32 = m0 + aq * 4u + 0u;
                let ka: u32 = (k0 + 32u) + ak;
                fa0 = a1[ia * 576u + ka];
                let kb: u32 = (k0 + 32u) + bk;
                let jb: u32 = n0 + bq * 4u + 0u;
                fb0 = a2[kb * 3136u + jb];
            }
             {
                let ia: u32 = m0 + aq * 4u + 1u;
                let ka: u32 = (k0 + 32u) + ak;
                fa1 = a1[ia * 576u + ka];
                let kb: u32 = (k0 + 32u) + bk;
                let jb: u32 = n0 + bq * 4u + 1u;
                fb1 = a2[kb * 3136u + jb];
            }
             {
                let ia: u32 = m0 + aq * 4u + 2u;
                let ka: u32 = (k0 + 32u) + ak;
                fa2 = a1[ia * 576u + ka];
                let kb: u32 = (k0 + 32u) + bk;
                let jb: u32 = n0 + bq * 4u + 2u;
                fb2 = a2[kb * 3136u + jb];
            }
             {
                let ia: u32 = m0 + aq * 4u + 3u;
                let ka: u32 = (k0 + 32u) + ak;
                fa3 = a1[ia * 576u + ka];
                let kb: u32 = (k0 + 32u) + bk;
                let jb: u32 = n0 + bq * 4u + 3u;
                fb3 = a2[kb * 3136u + jb];
            }
        }
        for (var kk: u32 = 0u; kk < 8u; kk = kk + 1u) {
            let row: u32 = st + (grp * 8u + kk) * 8u;
            let ra0: vec4<f32> = sa[row + 0u + ty];
            let rb0: vec4<f32> = sb[row + 0u + tx];
            acc0_0 = fma(ra0.x, rb0.x, acc0_0);
            acc0_1 = fma(ra0.x, rb0.y, acc0_1);
            acc0_2 = fma(ra0.x, rb0.z, acc0_2);
            acc0_3 = fma(ra0.x, rb0.w, acc0_3);
            acc1_0 = fma(ra0.y, rb0.x, acc1_0);
            acc1_1 = fma(ra0.y, rb0.y, acc1_1);
            acc1_2 = fma(ra0.y, rb0.z, acc1_2);
            acc1_3 = fma(ra0.y, rb0.w, acc1_3);
            acc2_0 = fma(ra0.z, rb0.x, acc2_0);
            acc2_1 = fma(ra0.z, rb0.y, acc2_1);
            acc2_2 = fma(ra0.z, rb0.z, acc2_2);
            acc2_3 = fma(ra0.z, rb0.w, acc2_3);
            acc3_0 = fma(ra0.w, rb0.x, acc3_0);
            acc3_1 = fma(ra0.w, rb0.y, acc3_1);
            acc3_2 = fma(ra0.w, rb0.z, acc3_2);
            acc3_3 = fma(ra0.w, rb0.w, acc3_3);
        }
        if (more) {
            sa[256u - st + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
            sb[256u - st + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
        }
        workgroupBarrier();
    }
    if (grp >= 2u) {
        sa[(grp - 2u) * 256u + gl * 4u + 0u] = vec4<f32>(acc0_0, acc0_1, acc0_2, acc0_3);
        sa[(grp - 2u) * 256u + gl * 4u + 1u] = vec4<f32>(acc1_0, acc1_1, acc1_2, acc1_3);
        sa[(grp - 2u) * 256u + gl * 4u + 2u] = vec4<f32>(acc2_0, acc2_1, acc2_2, acc2_3);
        sa[(grp - 2u) * 256u + gl * 4u + 3u] = vec4<f32>(acc3_0, acc3_1, acc3_2, acc3_3);
    }
    workgroupBarrier();
    if (grp < 2u) {
        let p0: vec4<f32> = sa[grp * 256u + gl * 4u + 0u];
        acc0_0 = acc0_0 + p0.x;
        acc0_1 = acc0_1 + p0.y;
        acc0_2 = acc0_2 + p0.z;
        acc0_3 = acc0_3 + p0.w;
        let p1: vec4<f32> = sa[grp * 256u + gl * 4u + 1u];
        acc1_0 = acc1_0 + p1.x;
        acc1_1 = acc1_1 + p1.y;
        acc1_2 = acc1_2 + p1.z;
        acc1_3 = acc1_3 + p1.w;
        let p2: vec4<f32> = sa[grp * 256u + gl * 4u + 2u];
        acc2_0 = acc2_0 + p2.x;
        acc2_1 = acc2_1 + p2.y;
        acc2_2 = acc2_2 + p2.z;
        acc2_3 = acc2_3 + p2.w;
        let p3: vec4<f32> = sa[grp * 256u + gl * 4u + 3u];
        acc3_0 = acc3_0 + p3.x;
        acc3_1 = acc3_1 + p3.y;
        acc3_2 = acc3_2 + p3.z;
        acc3_3 = acc3_3 + p3.w;
    }
    workgroupBarrier();
    if (grp == 1u) {
        sa[0u + gl * 4u + 0u] = vec4<f32>(acc0_0, acc0_1, acc0_2, acc0_3);
        sa[0u + gl * 4u + 1u] = vec4<f32>(acc1_0, acc1_1, acc1_2, acc1_3);
        sa[0u + gl * 4u + 2u] = vec4<f32>(acc2_0, acc2_1, acc2_2, acc2_3);
        sa[0u + gl * 4u + 3u] = vec4<f32>(acc3_0, acc3_1, acc3_2, acc3_3);
    }
    workgroupBarrier();
    if (grp == 0u) {
        let p0: vec4<f32> = sa[0u + gl * 4u + 0u];
        acc0_0 = acc0_0 + p0.x;
        acc0_1 = acc0_1 + p0.y;
        acc0_2 = acc0_2 + p0.z;
        acc0_3 = acc0_3 + p0.w;
        let p1: vec4<f32> = sa[0u + gl * 4u + 1u];
        acc1_0 = acc1_0 + p1.x;
        acc1_1 = acc1_1 + p1.y;
        acc1_2 = acc1_2 + p1.z;
        acc1_3 = acc1_3 + p1.w;
        let p2: vec4<f32> = sa[0u + gl * 4u + 2u];
        acc2_0 = acc2_0 + p2.x;
        acc2_1 = acc2_1 + p2.y;
        acc2_2 = acc2_2 + p2.z;
        acc2_3 = acc2_3 + p2.w;
        let p3: vec4<f32> = sa[0u + gl * 4u + 3u];
        acc3_0 = acc3_0 + p3.x;
        acc3_1 = acc3_1 + p3.y;
        acc3_2 = acc3_2 + p3.z;
        acc3_3 = acc3_3 + p3.w;
         {
            let i: u32 = m0 + 0u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 1u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 2u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 3u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
            }
        }
    }
}

// node: a1 = relu(z1 * s1 + t1)
// kernel map (workgroup 256, items 4)
@group(0) @binding(0) var<storage, read_write> a0: array<vec4<f32>>; // a1
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // z1
@group(0) @binding(2) var<storage, read> a2: array<f32>; // s1
@group(0) @binding(3) var<storage, read> a3: array<f32>; // t1
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
@compute @workgroup_size(256)
fn forge_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    let q: u32 = group * 256u + lid;
    if (q >= 50176u) {
        return;
    }
    var r0: f32;
    var r1: f32;
    var r2: f32;
    var r3: f32;
    let outer_i: u32 = q / 14u;
    let inner_i: u32 = (q % 14u) * 4u;
    let v2q: u32 = outer_i / 56u;
    let v2: u32 = outer_i - v2q * 56u;
    let v1q: u32 = v2q / 64u;
    let v1: u32 = v2q - v1q * 64u;
    let v0: u32 = v1q;
    {
        let i: u32 = q * 4u + 0u;
        let lane_i: u32 = inner_i + 0u;
        let v3: u32 = lane_i;
        r0 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 1u;
        let lane_i: u32 = inner_i + 1u;
        let v3: u32 = lane_i;
        r1 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 2u;
        let lane_i: u32 = inner_i + 2u;
        let v3: u32 = lane_i;
        r2 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 3u;
        let lane_i: u32 = inner_i + 3u;
        let v3: u32 = lane_i;
        r3 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    a0[q] = vec4<f32>(r0, r1, r2, r3);
}

// node: z2 = conv2d(a1, w2, padding = 1)
// kernel map (workgroup 256, items 4)
@group(0) @binding(0) var<storage, read_write> a0: array<vec4<f32>>; // _t1.b
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // a1
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
@compute @workgroup_size(256)
fn forge_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    let q: u32 = group * 256u + lid;
    if (q >= 451584u) {
        return;
    }
    var r0: f32;
    var r1: f32;
    var r2: f32;
    var r3: f32;
    let outer_i: u32 = q / 14u;
    let inner_i: u32 = (q % 14u) * 4u;
    let v4q: u32 = outer_i / 56u;
    let v4: u32 = outer_i - v4q * 56u;
    let v3q: u32 = v4q / 3u;
    let v3: u32 = v4q - v3q * 3u;
    let v2q: u32 = v3q / 3u;
    let v2: u32 = v3q - v2q * 3u;
    let v1q: u32 = v2q / 64u;
    let v1: u32 = v2q - v1q * 64u;
    let v0: u32 = v1q;
    {
        let i: u32 = q * 4u + 0u;
        let lane_i: u32 = inner_i + 0u;
        let v5: u32 = lane_i;
        r0 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(((i32(v4) - 1i) + i32(v2)), 0i, 55i)) * 56u + u32(clamp(((i32(v5) - 1i) + i32(v3)), 0i, 55i))], (((((i32(v4) - 1i) + i32(v2)) >= 0i) && (((i32(v4) - 1i) + i32(v2)) < 56i)) && ((((i32(v5) - 1i) + i32(v3)) >= 0i) && (((i32(v5) - 1i) + i32(v3)) < 56i))));
    }
    {
        let i: u32 = q * 4u + 1u;
        let lane_i: u32 = inner_i + 1u;
        let v5: u32 = lane_i;
        r1 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(((i32(v4) - 1i) + i32(v2)), 0i, 55i)) * 56u + u32(clamp(((i32(v5) - 1i) + i32(v3)), 0i, 55i))], (((((i32(v4) - 1i) + i32(v2)) >= 0i) && (((i32(v4) - 1i) + i32(v2)) < 56i)) && ((((i32(v5) - 1i) + i32(v3)) >= 0i) && (((i32(v5) - 1i) + i32(v3)) < 56i))));
    }
    {
        let i: u32 = q * 4u + 2u;
        let lane_i: u32 = inner_i + 2u;
        let v5: u32 = lane_i;
        r2 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(((i32(v4) - 1i) + i32(v2)), 0i, 55i)) * 56u + u32(clamp(((i32(v5) - 1i) + i32(v3)), 0i, 55i))], (((((i32(v4) - 1i) + i32(v2)) >= 0i) && (((i32(v4) - 1i) + i32(v2)) < 56i)) && ((((i32(v5) - 1i) + i32(v3)) >= 0i) && (((i32(v5) - 1i) + i32(v3)) < 56i))));
    }
    {
        let i: u32 = q * 4u + 3u;
        let lane_i: u32 = inner_i + 3u;
        let v5: u32 = lane_i;
        r3 = select(0.0f, a1[min(u32(v0), 0u) * 200704u + min(u32(v1), 63u) * 3136u + u32(clamp(((i32(v4) - 1i) + i32(v2)), 0i, 55i)) * 56u + u32(clamp(((i32(v5) - 1i) + i32(v3)), 0i, 55i))], (((((i32(v4) - 1i) + i32(v2)) >= 0i) && (((i32(v4) - 1i) + i32(v2)) < 56i)) && ((((i32(v5) - 1i) + i32(v3)) >= 0i) && (((i32(v5) - 1i) + i32(v3)) < 56i))));
    }
    a0[q] = vec4<f32>(r0, r1, r2, r3);
}

// node: z2 = conv2d(a1, w2, padding = 1)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // z2
@group(0) @binding(1) var<storage, read> a1: array<f32>; // w2
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // _t1.b
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
var<workgroup> sa: array<vec4<f32>, 512>;
var<workgroup> sb: array<vec4<f32>, 512>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 196u) {
        return;
    }
    let bidx: u32 = group / 196u;
    let tile: u32 = group % 196u;
    let b0: u32 = bidx;
    let m0: u32 = (tile / 98u) * 32u;
    let n0: u32 = (tile % 98u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid / 8u;
    let bq: u32 = lid % 8u;
    var fa0: f32 = 0.0f;
    var fb0: f32 = 0.0f;
    var fa1: f32 = 0.0f;
    var fb1: f32 = 0.0f;
    var fa2: f32 = 0.0f;
    var fb2: f32 = 0.0f;
    var fa3: f32 = 0.0f;
    var fb3: f32 = 0.0f;
    var acc0_0: f32 = 0.0f;
    var acc0_1: f32 = 0.0f;
    var acc0_2: f32 = 0.0f;
    var acc0_3: f32 = 0.0f;
    var acc1_0: f32 = 0.0f;
    var acc1_1: f32 = 0.0f;
    var acc1_2: f32 = 0.0f;
    var acc1_3: f32 = 0.0f;
    var acc2_0: f32 = 0.0f;
    var acc2_1: f32 = 0.0f;
    var acc2_2: f32 = 0.0f;
    var acc2_3: f32 = 0.0f;
    var acc3_0: f32 = 0.0f;
    var acc3_1: f32 = 0.0f;
    var acc3_2: f32 = 0.0f;
    var acc3_3: f32 = 0.0f;
     {
        let ia: u32 = m0 + aq * 4u + 0u;
        let ka: u32 = 0u + ak;
        fa0 = a1[ia * 576u + ka];
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 0u;
        fb0 = a2[kb * 3136u + jb];
    }
     {
        let ia: u32 = m0 + aq * 4u + 1u;
        let ka: u32 = 0u + ak;
        fa1 = a1[ia * 576u + ka];
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 1u;
        fb1 = a2[kb * 3136u + jb];
    }
     {
        let ia: u32 = m0 + aq * 4u + 2u;
        let ka: u32 = 0u + ak;
        fa2 = a1[ia * 576u + ka];
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 2u;
        fb2 = a2[kb * 3136u + jb];
    }
     {
        let ia: u32 = m0 + aq * 4u + 3u;
        let ka: u32 = 0u + ak;
        fa3 = a1[ia * 576u + ka];
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 3u;
        fb3 = a2[kb * 3136u + jb];
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 576u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 576u;
        if (more) {
             {
                let ia: u32 = m0 + aq * 4u + 0u;
                let ka: u32 = (k0 + 32u) + ak;
                fa0 = a1[ia * 576u + ka];
                let kb: u32 = (k0 + 32u) + bk;
                let jb: u32 = n0 + bq * 4u + 0u;
                fb0 = a2[kb * 3136u + jb];
            }
             {
                let ia: u32 = m0 + aq * 4u + 1u;
                let ka: u32 = (k0 + 32u) + ak;
                fa1 = a1[ia * 576u + ka];
                let kb: u32 = (k0 + 32u) + bk;
                let jb: u32 = n0 + bq * 4u + 1u;
                fb1 = a2[kb * 3136u + jb];
            }
             {
                let ia: u32 = m0 + aq * 4u + 2u;
                let ka: u32 = (k0 + 32u) + ak;
                fa2 = a1[ia * 576u + ka];
                let kb: u32 = (k0 + 32u) + bk;
                let jb: u32 = n0 + bq * 4u + 2u;
                fb2 = a2[kb * 3136u + jb];
            }
             {
                let ia: u32 = m0 + aq * 4u + 3u;
                let ka: u32 = (k0 + 32u) + ak;
                fa3 = a1[ia * 576u + ka];
                let kb: u32 = (k0 + 32u) + bk;
                let jb: u32 = n0 + bq * 4u + 3u;
                fb3 = a2[kb * 3136u + jb];
            }
        }
        for (var kk: u32 = 0u; kk < 8u; kk = kk + 1u) {
            let row: u32 = st + (grp * 8u + kk) * 8u;
            let ra0: vec4<f32> = sa[row + 0u + ty];
            let rb0: vec4<f32> = sb[row + 0u + tx];
            acc0_0 = fma(ra0.x, rb0.x, acc0_0);
            acc0_1 = fma(ra0.x, rb0.y, acc0_1);
            acc0_2 = fma(ra0.x, rb0.z, acc0_2);
            acc0_3 = fma(ra0.x, rb0.w, acc0_3);
            acc1_0 = fma(ra0.y, rb0.x, acc1_0);
            acc1_1 = fma(ra0.y, rb0.y, acc1_1);
            acc1_2 = fma(ra0.y, rb0.z, acc1_2);
            acc1_3 = fma(ra0.y, rb0.w, acc1_3);
            acc2_0 = fma(ra0.z, rb0.x, acc2_0);
            acc2_1 = fma(ra0.z, rb0.y, acc2_1);
            acc2_2 = fma(ra0.z, rb0.z, acc2_2);
            acc2_3 = fma(ra0.z, rb0.w, acc2_3);
            acc3_0 = fma(ra0.w, rb0.x, acc3_0);
            acc3_1 = fma(ra0.w, rb0.y, acc3_1);
            acc3_2 = fma(ra0.w, rb0.z, acc3_2);
            acc3_3 = fma(ra0.w, rb0.w, acc3_3);
        }
        if (more) {
            sa[256u - st + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
            sb[256u - st + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
        }
        workgroupBarrier();
    }
    if (grp >= 2u) {
        sa[(grp - 2u) * 256u + gl * 4u + 0u] = vec4<f32>(acc0_0, acc0_1, acc0_2, acc0_3);
        sa[(grp - 2u) * 256u + gl * 4u + 1u] = vec4<f32>(acc1_0, acc1_1, acc1_2, acc1_3);
        sa[(grp - 2u) * 256u + gl * 4u + 2u] = vec4<f32>(acc2_0, acc2_1, acc2_2, acc2_3);
        sa[(grp - 2u) * 256u + gl * 4u + 3u] = vec4<f32>(acc3_0, acc3_1, acc3_2, acc3_3);
    }
    workgroupBarrier();
    if (grp < 2u) {
        let p0: vec4<f32> = sa[grp * 256u + gl * 4u + 0u];
        acc0_0 = acc0_0 + p0.x;
        acc0_1 = acc0_1 + p0.y;
        acc0_2 = acc0_2 + p0.z;
        acc0_3 = acc0_3 + p0.w;
        let p1: vec4<f32> = sa[grp * 256u + gl * 4u + 1u];
        acc1_0 = acc1_0 + p1.x;
        acc1_1 = acc1_1 + p1.y;
        acc1_2 = acc1_2 + p1.z;
        acc1_3 = acc1_3 + p1.w;
        let p2: vec4<f32> = sa[grp * 256u + gl * 4u + 2u];
        acc2_0 = acc2_0 + p2.x;
        acc2_1 = acc2_1 + p2.y;
        acc2_2 = acc2_2 + p2.z;
        acc2_3 = acc2_3 + p2.w;
        let p3: vec4<f32> = sa[grp * 256u + gl * 4u + 3u];
        acc3_0 = acc3_0 + p3.x;
        acc3_1 = acc3_1 + p3.y;
        acc3_2 = acc3_2 + p3.z;
        acc3_3 = acc3_3 + p3.w;
    }
    workgroupBarrier();
    if (grp == 1u) {
        sa[0u + gl * 4u + 0u] = vec4<f32>(acc0_0, acc0_1, acc0_2, acc0_3);
        sa[0u + gl * 4u + 1u] = vec4<f32>(acc1_0, acc1_1, acc1_2, acc1_3);
        sa[0u + gl * 4u + 2u] = vec4<f32>(acc2_0, acc2_1, acc2_2, acc2_3);
        sa[0u + gl * 4u + 3u] = vec4<f32>(acc3_0, acc3_1, acc3_2, acc3_3);
    }
    workgroupBarrier();
    if (grp == 0u) {
        let p0: vec4<f32> = sa[0u + gl * 4u + 0u];
        acc0_0 = acc0_0 + p0.x;
        acc0_1 = acc0_1 + p0.y;
        acc0_2 = acc0_2 + p0.z;
        acc0_3 = acc0_3 + p0.w;
        let p1: vec4<f32> = sa[0u + gl * 4u + 1u];
        acc1_0 = acc1_0 + p1.x;
        acc1_1 = acc1_1 + p1.y;
        acc1_2 = acc1_2 + p1.z;
        acc1_3 = acc1_3 + p1.w;
        let p2: vec4<f32> = sa[0u + gl * 4u + 2u];
        acc2_0 = acc2_0 + p2.x;
        acc2_1 = acc2_1 + p2.y;
        acc2_2 = acc2_2 + p2.z;
        acc2_3 = acc2_3 + p2.w;
        let p3: vec4<f32> = sa[0u + gl * 4u + 3u];
        acc3_0 = acc3_0 + p3.x;
        acc3_1 = acc3_1 + p3.y;
        acc3_2 = acc3_2 + p3.z;
        acc3_3 = acc3_3 + p3.w;
         {
            let i: u32 = m0 + 0u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 1u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 2u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 3u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 3136u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 64u + i) * 3136u + j)] = acc;
                    }
                }
            }
        }
    }
}

// node: y = relu(z2 * s2 + t2 + x)
// kernel map (workgroup 256, items 4)
@group(0) @binding(0) var<storage, read_write> a0: array<vec4<f32>>; // y
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // z2
@group(0) @binding(2) var<storage, read> a2: array<f32>; // s2
@group(0) @binding(3) var<storage, read> a3: array<f32>; // t2
@group(0) @binding(4) var<storage, read> a4: array<f32>; // x
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
@compute @workgroup_size(256)
fn forge_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    let q: u32 = group * 256u + lid;
    if (q >= 50176u) {
        return;
    }
    var r0: f32;
    var r1: f32;
    var r2: f32;
    var r3: f32;
    let outer_i: u32 = q / 14u;
    let inner_i: u32 = (q % 14u) * 4u;
    let v2q: u32 = outer_i / 56u;
    let v2: u32 = outer_i - v2q * 56u;
    let v1q: u32 = v2q / 64u;
    let v1: u32 = v2q - v1q * 64u;
    let v0: u32 = v1q;
    {
        let i: u32 = q * 4u + 0u;
        let lane_i: u32 = inner_i + 0u;
        let v3: u32 = lane_i;
        r0 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 1u;
        let lane_i: u32 = inner_i + 1u;
        let v3: u32 = lane_i;
        r1 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 2u;
        let lane_i: u32 = inner_i + 2u;
        let v3: u32 = lane_i;
        r2 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 3u;
        let lane_i: u32 = inner_i + 3u;
        let v3: u32 = lane_i;
        r3 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    a0[q] = vec4<f32>(r0, r1, r2, r3);
}
