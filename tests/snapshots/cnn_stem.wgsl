// node: z = conv2d(x, w, stride = 2, padding = 3)
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
    if (q >= 460992u) {
        return;
    }
    var r0: f32;
    var r1: f32;
    var r2: f32;
    var r3: f32;
    let outer_i: u32 = q / 28u;
    let inner_i: u32 = (q % 28u) * 4u;
    let v4q: u32 = outer_i / 112u;
    let v4: u32 = outer_i - v4q * 112u;
    let v3q: u32 = v4q / 7u;
    let v3: u32 = v4q - v3q * 7u;
    let v2q: u32 = v3q / 7u;
    let v2: u32 = v3q - v2q * 7u;
    let v1q: u32 = v2q / 3u;
    let v1: u32 = v2q - v1q * 3u;
    let v0: u32 = v1q;
    {
        let i: u32 = q * 4u + 0u;
        let lane_i: u32 = inner_i + 0u;
        let v5: u32 = lane_i;
        r0 = select(0.0f, a1[min(u32(v0), 0u) * 150528u + min(u32(v1), 2u) * 50176u + u32(clamp((((i32(v4) * 2i) - 3i) + i32(v2)), 0i, 223i)) * 224u + u32(clamp((((i32(v5) * 2i) - 3i) + i32(v3)), 0i, 223i))], ((((((i32(v4) * 2i) - 3i) + i32(v2)) >= 0i) && ((((i32(v4) * 2i) - 3i) + i32(v2)) < 224i)) && (((((i32(v5) * 2i) - 3i) + i32(v3)) >= 0i) && ((((i32(v5) * 2i) - 3i) + i32(v3)) < 224i))));
    }
    {
        let i: u32 = q * 4u + 1u;
        let lane_i: u32 = inner_i + 1u;
        let v5: u32 = lane_i;
        r1 = select(0.0f, a1[min(u32(v0), 0u) * 150528u + min(u32(v1), 2u) * 50176u + u32(clamp((((i32(v4) * 2i) - 3i) + i32(v2)), 0i, 223i)) * 224u + u32(clamp((((i32(v5) * 2i) - 3i) + i32(v3)), 0i, 223i))], ((((((i32(v4) * 2i) - 3i) + i32(v2)) >= 0i) && ((((i32(v4) * 2i) - 3i) + i32(v2)) < 224i)) && (((((i32(v5) * 2i) - 3i) + i32(v3)) >= 0i) && ((((i32(v5) * 2i) - 3i) + i32(v3)) < 224i))));
    }
    {
        let i: u32 = q * 4u + 2u;
        let lane_i: u32 = inner_i + 2u;
        let v5: u32 = lane_i;
        r2 = select(0.0f, a1[min(u32(v0), 0u) * 150528u + min(u32(v1), 2u) * 50176u + u32(clamp((((i32(v4) * 2i) - 3i) + i32(v2)), 0i, 223i)) * 224u + u32(clamp((((i32(v5) * 2i) - 3i) + i32(v3)), 0i, 223i))], ((((((i32(v4) * 2i) - 3i) + i32(v2)) >= 0i) && ((((i32(v4) * 2i) - 3i) + i32(v2)) < 224i)) && (((((i32(v5) * 2i) - 3i) + i32(v3)) >= 0i) && ((((i32(v5) * 2i) - 3i) + i32(v3)) < 224i))));
    }
    {
        let i: u32 = q * 4u + 3u;
        let lane_i: u32 = inner_i + 3u;
        let v5: u32 = lane_i;
        r3 = select(0.0f, a1[min(u32(v0), 0u) * 150528u + min(u32(v1), 2u) * 50176u + u32(clamp((((i32(v4) * 2i) - 3i) + i32(v2)), 0i, 223i)) * 224u + u32(clamp((((i32(v5) * 2i) - 3i) + i32(v3)), 0i, 223i))], ((((((i32(v4) * 2i) - 3i) + i32(v2)) >= 0i) && ((((i32(v4) * 2i) - 3i) + i32(v2)) < 224i)) && (((((i32(v5) * 2i) - 3i) + i32(v3)) >= 0i) && ((((i32(v5) * 2i) - 3i) + i32(v3)) < 224i))));
    }
    a0[q] = vec4<f32>(r0, r1, r2, r3);
}

// node: z = conv2d(x, w, stride = 2, padding = 3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // z
@group(0) @binding(1) var<storage, read> a1: array<f32>; // w
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
    let m0: u32 = (tile / 196u) * 64u;
    let n0: u32 = (tile % 196u) * 64u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 16u;
    let aq: u32 = lid / 16u;
    let bk: u32 = lid / 16u;
    let bq: u32 = lid % 16u;
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
    var acc0_4: f32 = 0.0f;
    var acc0_5: f32 = 0.0f;
    var acc0_6: f32 = 0.0f;
    var acc0_7: f32 = 0.0f;
    var acc1_0: f32 = 0.0f;
    var acc1_1: f32 = 0.0f;
    var acc1_2: f32 = 0.0f;
    var acc1_3: f32 = 0.0f;
    var acc1_4: f32 = 0.0f;
    var acc1_5: f32 = 0.0f;
    var acc1_6: f32 = 0.0f;
    var acc1_7: f32 = 0.0f;
    var acc2_0: f32 = 0.0f;
    var acc2_1: f32 = 0.0f;
    var acc2_2: f32 = 0.0f;
    var acc2_3: f32 = 0.0f;
    var acc2_4: f32 = 0.0f;
    var acc2_5: f32 = 0.0f;
    var acc2_6: f32 = 0.0f;
    var acc2_7: f32 = 0.0f;
    var acc3_0: f32 = 0.0f;
    var acc3_1: f32 = 0.0f;
    var acc3_2: f32 = 0.0f;
    var acc3_3: f32 = 0.0f;
    var acc3_4: f32 = 0.0f;
    var acc3_5: f32 = 0.0f;
    var acc3_6: f32 = 0.0f;
    var acc3_7: f32 = 0.0f;
    var acc4_0: f32 = 0.0f;
    var acc4_1: f32 = 0.0f;
    var acc4_2: f32 = 0.0f;
    var acc4_3: f32 = 0.0f;
    var acc4_4: f32 = 0.0f;
    var acc4_5: f32 = 0.0f;
    var acc4_6: f32 = 0.0f;
    var acc4_7: f32 = 0.0f;
    var acc5_0: f32 = 0.0f;
    var acc5_1: f32 = 0.0f;
    var acc5_2: f32 = 0.0f;
    var acc5_3: f32 = 0.0f;
    var acc5_4: f32 = 0.0f;
    var acc5_5: f32 = 0.0f;
    var acc5_6: f32 = 0.0f;
    var acc5_7: f32 = 0.0f;
    var acc6_0: f32 = 0.0f;
    var acc6_1: f32 = 0.0f;
    var acc6_2: f32 = 0.0f;
    var acc6_3: f32 = 0.0f;
    var acc6_4: f32 = 0.0f;
    var acc6_5: f32 = 0.0f;
    var acc6_6: f32 = 0.0f;
    var acc6_7: f32 = 0.0f;
    var acc7_0: f32 = 0.0f;
    var acc7_1: f32 = 0.0f;
    var acc7_2: f32 = 0.0f;
    var acc7_3: f32 = 0.0f;
    var acc7_4: f32 = 0.0f;
    var acc7_5: f32 = 0.0f;
    var acc7_6: f32 = 0.0f;
    var acc7_7: f32 = 0.0f;
     {
        let ia: u32 = m0 + aq * 4u + 0u;
        let ka: u32 = 0u + ak;
        fa0 = 0.0f;
        if (ka < 147u) {
            fa0 = a1[ia * 147u + ka];
        }
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 0u;
        fb0 = 0.0f;
        if (kb < 147u) {
            fb0 = a2[kb * 12544u + jb];
        }
    }
     {
        let ia: u32 = m0 + aq * 4u + 1u;
        let ka: u32 = 0u + ak;
        fa1 = 0.0f;
        if (ka < 147u) {
            fa1 = a1[ia * 147u + ka];
        }
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 1u;
        fb1 = 0.0f;
        if (kb < 147u) {
            fb1 = a2[kb * 12544u + jb];
        }
    }
     {
        let ia: u32 = m0 + aq * 4u + 2u;
        let ka: u32 = 0u + ak;
        fa2 = 0.0f;
        if (ka < 147u) {
            fa2 = a1[ia * 147u + ka];
        }
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 2u;
        fb2 = 0.0f;
        if (kb < 147u) {
            fb2 = a2[kb * 12544u + jb];
        }
    }
     {
        let ia: u32 = m0 + aq * 4u + 3u;
        let ka: u32 = 0u + ak;
        fa3 = 0.0f;
        if (ka < 147u) {
            fa3 = a1[ia * 147u + ka];
        }
        let kb: u32 = 0u + bk;
        let jb: u32 = n0 + bq * 4u + 3u;
        fb3 = 0.0f;
        if (kb < 147u) {
            fb3 = a2[kb * 12544u + jb];
        }
    }
    sa[0u + ak * 16u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 16u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 147u; k0 = k0 + 16u) {
        let st: u32 = (u32(k0 / 16u) & 1u) * 256u;
        let more: bool = k0 + 16u < 147u;
        if (more) {
             {
                let ia: u32 = m0 + aq * 4u + 0u;
                let ka: u32 = (k0 + 16u) + ak;
                fa0 = 0.0f;
                if (ka < 147u) {
                    fa0 = a1[ia * 147u + ka];
                }
                let kb: u32 = (k0 + 16u) + bk;
                let jb: u32 = n0 + bq * 4u + 0u;
                fb0 = 0.0f;
                if (kb < 147u) {
                    fb0 = a2[kb * 12544u + jb];
                }
            }
             {
                let ia: u32 = m0 + aq * 4u + 1u;
                let ka: u32 = (k0 + 16u) + ak;
                fa1 = 0.0f;
                if (ka < 147u) {
                    fa1 = a1[ia * 147u + ka];
                }
                let kb: u32 = (k0 + 16u) + bk;
                let jb: u32 = n0 + bq * 4u + 1u;
                fb1 = 0.0f;
                if (kb < 147u) {
                    fb1 = a2[kb * 12544u + jb];
                }
            }
             {
                let ia: u32 = m0 + aq * 4u + 2u;
                let ka: u32 = (k0 + 16u) + ak;
                fa2 = 0.0f;
                if (ka < 147u) {
                    fa2 = a1[ia * 147u + ka];
                }
                let kb: u32 = (k0 + 16u) + bk;
                let jb: u32 = n0 + bq * 4u + 2u;
                fb2 = 0.0f;
                if (kb < 147u) {
                    fb2 = a2[kb * 12544u + jb];
                }
            }
             {
                let ia: u32 = m0 + aq * 4u + 3u;
                let ka: u32 = (k0 + 16u) + ak;
                fa3 = 0.0f;
                if (ka < 147u) {
                    fa3 = a1[ia * 147u + ka];
                }
                let kb: u32 = (k0 + 16u) + bk;
                let jb: u32 = n0 + bq * 4u + 3u;
                fb3 = 0.0f;
                if (kb < 147u) {
                    fb3 = a2[kb * 12544u + jb];
                }
            }
        }
        for (var kk: u32 = 0u; kk < 4u; kk = kk + 1u) {
            let row: u32 = st + (grp * 4u + kk) * 16u;
            let ra0: vec4<f32> = sa[row + 0u + ty];
            let rb0: vec4<f32> = sb[row + 0u + tx];
            let ra1: vec4<f32> = sa[row + 8u + ty];
            let rb1: vec4<f32> = sb[row + 8u + tx];
            acc0_0 = fma(ra0.x, rb0.x, acc0_0);
            acc0_1 = fma(ra0.x, rb0.y, acc0_1);
            acc0_2 = fma(ra0.x, rb0.z, acc0_2);
            acc0_3 = fma(ra0.x, rb0.w, acc0_3);
            acc0_4 = fma(ra0.x, rb1.x, acc0_4);
            acc0_5 = fma(ra0.x, rb1.y, acc0_5);
            acc0_6 = fma(ra0.x, rb1.z, acc0_6);
            acc0_7 = fma(ra0.x, rb1.w, acc0_7);
            acc1_0 = fma(ra0.y, rb0.x, acc1_0);
            acc1_1 = fma(ra0.y, rb0.y, acc1_1);
            acc1_2 = fma(ra0.y, rb0.z, acc1_2);
            acc1_3 = fma(ra0.y, rb0.w, acc1_3);
            acc1_4 = fma(ra0.y, rb1.x, acc1_4);
            acc1_5 = fma(ra0.y, rb1.y, acc1_5);
            acc1_6 = fma(ra0.y, rb1.z, acc1_6);
            acc1_7 = fma(ra0.y, rb1.w, acc1_7);
            acc2_0 = fma(ra0.z, rb0.x, acc2_0);
            acc2_1 = fma(ra0.z, rb0.y, acc2_1);
            acc2_2 = fma(ra0.z, rb0.z, acc2_2);
            acc2_3 = fma(ra0.z, rb0.w, acc2_3);
            acc2_4 = fma(ra0.z, rb1.x, acc2_4);
            acc2_5 = fma(ra0.z, rb1.y, acc2_5);
            acc2_6 = fma(ra0.z, rb1.z, acc2_6);
            acc2_7 = fma(ra0.z, rb1.w, acc2_7);
            acc3_0 = fma(ra0.w, rb0.x, acc3_0);
            acc3_1 = fma(ra0.w, rb0.y, acc3_1);
            acc3_2 = fma(ra0.w, rb0.z, acc3_2);
            acc3_3 = fma(ra0.w, rb0.w, acc3_3);
            acc3_4 = fma(ra0.w, rb1.x, acc3_4);
            acc3_5 = fma(ra0.w, rb1.y, acc3_5);
            acc3_6 = fma(ra0.w, rb1.z, acc3_6);
            acc3_7 = fma(ra0.w, rb1.w, acc3_7);
            acc4_0 = fma(ra1.x, rb0.x, acc4_0);
            acc4_1 = fma(ra1.x, rb0.y, acc4_1);
            acc4_2 = fma(ra1.x, rb0.z, acc4_2);
            acc4_3 = fma(ra1.x, rb0.w, acc4_3);
            acc4_4 = fma(ra1.x, rb1.x, acc4_4);
            acc4_5 = fma(ra1.x, rb1.y, acc4_5);
            acc4_6 = fma(ra1.x, rb1.z, acc4_6);
            acc4_7 = fma(ra1.x, rb1.w, acc4_7);
            acc5_0 = fma(ra1.y, rb0.x, acc5_0);
            acc5_1 = fma(ra1.y, rb0.y, acc5_1);
            acc5_2 = fma(ra1.y, rb0.z, acc5_2);
            acc5_3 = fma(ra1.y, rb0.w, acc5_3);
            acc5_4 = fma(ra1.y, rb1.x, acc5_4);
            acc5_5 = fma(ra1.y, rb1.y, acc5_5);
            acc5_6 = fma(ra1.y, rb1.z, acc5_6);
            acc5_7 = fma(ra1.y, rb1.w, acc5_7);
            acc6_0 = fma(ra1.z, rb0.x, acc6_0);
            acc6_1 = fma(ra1.z, rb0.y, acc6_1);
            acc6_2 = fma(ra1.z, rb0.z, acc6_2);
            acc6_3 = fma(ra1.z, rb0.w, acc6_3);
            acc6_4 = fma(ra1.z, rb1.x, acc6_4);
            acc6_5 = fma(ra1.z, rb1.y, acc6_5);
            acc6_6 = fma(ra1.z, rb1.z, acc6_6);
            acc6_7 = fma(ra1.z, rb1.w, acc6_7);
            acc7_0 = fma(ra1.w, rb0.x, acc7_0);
            acc7_1 = fma(ra1.w, rb0.y, acc7_1);
            acc7_2 = fma(ra1.w, rb0.z, acc7_2);
            acc7_3 = fma(ra1.w, rb0.w, acc7_3);
            acc7_4 = fma(ra1.w, rb1.x, acc7_4);
            acc7_5 = fma(ra1.w, rb1.y, acc7_5);
            acc7_6 = fma(ra1.w, rb1.z, acc7_6);
            acc7_7 = fma(ra1.w, rb1.w, acc7_7);
        }
        if (more) {
            sa[256u - st + ak * 16u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
            sb[256u - st + bk * 16u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
        }
        workgroupBarrier();
    }
    if (grp >= 2u) {
        sa[(grp - 2u) * 256u + gl * 4u + 0u] = vec4<f32>(acc0_0, acc0_1, acc0_2, acc0_3);
        sa[(grp - 2u) * 256u + gl * 4u + 1u] = vec4<f32>(acc0_4, acc0_5, acc0_6, acc0_7);
        sa[(grp - 2u) * 256u + gl * 4u + 2u] = vec4<f32>(acc1_0, acc1_1, acc1_2, acc1_3);
        sa[(grp - 2u) * 256u + gl * 4u + 3u] = vec4<f32>(acc1_4, acc1_5, acc1_6, acc1_7);
    }
    workgroupBarrier();
    if (grp < 2u) {
        let p0: vec4<f32> = sa[grp * 256u + gl * 4u + 0u];
        acc0_0 = acc0_0 + p0.x;
        acc0_1 = acc0_1 + p0.y;
        acc0_2 = acc0_2 + p0.z;
        acc0_3 = acc0_3 + p0.w;
        let p1: vec4<f32> = sa[grp * 256u + gl * 4u + 1u];
        acc0_4 = acc0_4 + p1.x;
        acc0_5 = acc0_5 + p1.y;
        acc0_6 = acc0_6 + p1.z;
        acc0_7 = acc0_7 + p1.w;
        let p2: vec4<f32> = sa[grp * 256u + gl * 4u + 2u];
        acc1_0 = acc1_0 + p2.x;
        acc1_1 = acc1_1 + p2.y;
        acc1_2 = acc1_2 + p2.z;
        acc1_3 = acc1_3 + p2.w;
        let p3: vec4<f32> = sa[grp * 256u + gl * 4u + 3u];
        acc1_4 = acc1_4 + p3.x;
        acc1_5 = acc1_5 + p3.y;
        acc1_6 = acc1_6 + p3.z;
        acc1_7 = acc1_7 + p3.w;
    }
    workgroupBarrier();
    if (grp == 1u) {
        sa[0u + gl * 4u + 0u] = vec4<f32>(acc0_0, acc0_1, acc0_2, acc0_3);
        sa[0u + gl * 4u + 1u] = vec4<f32>(acc0_4, acc0_5, acc0_6, acc0_7);
        sa[0u + gl * 4u + 2u] = vec4<f32>(acc1_0, acc1_1, acc1_2, acc1_3);
        sa[0u + gl * 4u + 3u] = vec4<f32>(acc1_4, acc1_5, acc1_6, acc1_7);
    }
    workgroupBarrier();
    if (grp == 0u) {
        let p0: vec4<f32> = sa[0u + gl * 4u + 0u];
        acc0_0 = acc0_0 + p0.x;
        acc0_1 = acc0_1 + p0.y;
        acc0_2 = acc0_2 + p0.z;
        acc0_3 = acc0_3 + p0.w;
        let p1: vec4<f32> = sa[0u + gl * 4u + 1u];
        acc0_4 = acc0_4 + p1.x;
        acc0_5 = acc0_5 + p1.y;
        acc0_6 = acc0_6 + p1.z;
        acc0_7 = acc0_7 + p1.w;
        let p2: vec4<f32> = sa[0u + gl * 4u + 2u];
        acc1_0 = acc1_0 + p2.x;
        acc1_1 = acc1_1 + p2.y;
        acc1_2 = acc1_2 + p2.z;
        acc1_3 = acc1_3 + p2.w;
        let p3: vec4<f32> = sa[0u + gl * 4u + 3u];
        acc1_4 = acc1_4 + p3.x;
        acc1_5 = acc1_5 + p3.y;
        acc1_6 = acc1_6 + p3.z;
        acc1_7 = acc1_7 + p3.w;
    }
    workgroupBarrier();
    if (grp >= 2u) {
        sa[(grp - 2u) * 256u + gl * 4u + 0u] = vec4<f32>(acc2_0, acc2_1, acc2_2, acc2_3);
        sa[(grp - 2u) * 256u + gl * 4u + 1u] = vec4<f32>(acc2_4, acc2_5, acc2_6, acc2_7);
        sa[(grp - 2u) * 256u + gl * 4u + 2u] = vec4<f32>(acc3_0, acc3_1, acc3_2, acc3_3);
        sa[(grp - 2u) * 256u + gl * 4u + 3u] = vec4<f32>(acc3_4, acc3_5, acc3_6, acc3_7);
    }
    workgroupBarrier();
    if (grp < 2u) {
        let p0: vec4<f32> = sa[grp * 256u + gl * 4u + 0u];
        acc2_0 = acc2_0 + p0.x;
        acc2_1 = acc2_1 + p0.y;
        acc2_2 = acc2_2 + p0.z;
        acc2_3 = acc2_3 + p0.w;
        let p1: vec4<f32> = sa[grp * 256u + gl * 4u + 1u];
        acc2_4 = acc2_4 + p1.x;
        acc2_5 = acc2_5 + p1.y;
        acc2_6 = acc2_6 + p1.z;
        acc2_7 = acc2_7 + p1.w;
        let p2: vec4<f32> = sa[grp * 256u + gl * 4u + 2u];
        acc3_0 = acc3_0 + p2.x;
        acc3_1 = acc3_1 + p2.y;
        acc3_2 = acc3_2 + p2.z;
        acc3_3 = acc3_3 + p2.w;
        let p3: vec4<f32> = sa[grp * 256u + gl * 4u + 3u];
        acc3_4 = acc3_4 + p3.x;
        acc3_5 = acc3_5 + p3.y;
        acc3_6 = acc3_6 + p3.z;
        acc3_7 = acc3_7 + p3.w;
    }
    workgroupBarrier();
    if (grp == 1u) {
        sa[0u + gl * 4u + 0u] = vec4<f32>(acc2_0, acc2_1, acc2_2, acc2_3);
        sa[0u + gl * 4u + 1u] = vec4<f32>(acc2_4, acc2_5, acc2_6, acc2_7);
        sa[0u + gl * 4u + 2u] = vec4<f32>(acc3_0, acc3_1, acc3_2, acc3_3);
        sa[0u + gl * 4u + 3u] = vec4<f32>(acc3_4, acc3_5, acc3_6, acc3_7);
    }
    workgroupBarrier();
    if (grp == 0u) {
        let p0: vec4<f32> = sa[0u + gl * 4u + 0u];
        acc2_0 = acc2_0 + p0.x;
        acc2_1 = acc2_1 + p0.y;
        acc2_2 = acc2_2 + p0.z;
        acc2_3 = acc2_3 + p0.w;
        let p1: vec4<f32> = sa[0u + gl * 4u + 1u];
        acc2_4 = acc2_4 + p1.x;
        acc2_5 = acc2_5 + p1.y;
        acc2_6 = acc2_6 + p1.z;
        acc2_7 = acc2_7 + p1.w;
        let p2: vec4<f32> = sa[0u + gl * 4u + 2u];
        acc3_0 = acc3_0 + p2.x;
        acc3_1 = acc3_1 + p2.y;
        acc3_2 = acc3_2 + p2.z;
        acc3_3 = acc3_3 + p2.w;
        let p3: vec4<f32> = sa[0u + gl * 4u + 3u];
        acc3_4 = acc3_4 + p3.x;
        acc3_5 = acc3_5 + p3.y;
        acc3_6 = acc3_6 + p3.z;
        acc3_7 = acc3_7 + p3.w;
    }
    workgroupBarrier();
    if (grp >= 2u) {
        sa[(grp - 2u) * 256u + gl * 4u + 0u] = vec4<f32>(acc4_0, acc4_1, acc4_2, acc4_3);
        sa[(grp - 2u) * 256u + gl * 4u + 1u] = vec4<f32>(acc4_4, acc4_5, acc4_6, acc4_7);
        sa[(grp - 2u) * 256u + gl * 4u + 2u] = vec4<f32>(acc5_0, acc5_1, acc5_2, acc5_3);
        sa[(grp - 2u) * 256u + gl * 4u + 3u] = vec4<f32>(acc5_4, acc5_5, acc5_6, acc5_7);
    }
    workgroupBarrier();
    if (grp < 2u) {
        let p0: vec4<f32> = sa[grp * 256u + gl * 4u + 0u];
        acc4_0 = acc4_0 + p0.x;
        acc4_1 = acc4_1 + p0.y;
        acc4_2 = acc4_2 + p0.z;
        acc4_3 = acc4_3 + p0.w;
        let p1: vec4<f32> = sa[grp * 256u + gl * 4u + 1u];
        acc4_4 = acc4_4 + p1.x;
        acc4_5 = acc4_5 + p1.y;
        acc4_6 = acc4_6 + p1.z;
        acc4_7 = acc4_7 + p1.w;
        let p2: vec4<f32> = sa[grp * 256u + gl * 4u + 2u];
        acc5_0 = acc5_0 + p2.x;
        acc5_1 = acc5_1 + p2.y;
        acc5_2 = acc5_2 + p2.z;
        acc5_3 = acc5_3 + p2.w;
        let p3: vec4<f32> = sa[grp * 256u + gl * 4u + 3u];
        acc5_4 = acc5_4 + p3.x;
        acc5_5 = acc5_5 + p3.y;
        acc5_6 = acc5_6 + p3.z;
        acc5_7 = acc5_7 + p3.w;
    }
    workgroupBarrier();
    if (grp == 1u) {
        sa[0u + gl * 4u + 0u] = vec4<f32>(acc4_0, acc4_1, acc4_2, acc4_3);
        sa[0u + gl * 4u + 1u] = vec4<f32>(acc4_4, acc4_5, acc4_6, acc4_7);
        sa[0u + gl * 4u + 2u] = vec4<f32>(acc5_0, acc5_1, acc5_2, acc5_3);
        sa[0u + gl * 4u + 3u] = vec4<f32>(acc5_4, acc5_5, acc5_6, acc5_7);
    }
    workgroupBarrier();
    if (grp == 0u) {
        let p0: vec4<f32> = sa[0u + gl * 4u + 0u];
        acc4_0 = acc4_0 + p0.x;
        acc4_1 = acc4_1 + p0.y;
        acc4_2 = acc4_2 + p0.z;
        acc4_3 = acc4_3 + p0.w;
        let p1: vec4<f32> = sa[0u + gl * 4u + 1u];
        acc4_4 = acc4_4 + p1.x;
        acc4_5 = acc4_5 + p1.y;
        acc4_6 = acc4_6 + p1.z;
        acc4_7 = acc4_7 + p1.w;
        let p2: vec4<f32> = sa[0u + gl * 4u + 2u];
        acc5_0 = acc5_0 + p2.x;
        acc5_1 = acc5_1 + p2.y;
        acc5_2 = acc5_2 + p2.z;
        acc5_3 = acc5_3 + p2.w;
        let p3: vec4<f32> = sa[0u + gl * 4u + 3u];
        acc5_4 = acc5_4 + p3.x;
        acc5_5 = acc5_5 + p3.y;
        acc5_6 = acc5_6 + p3.z;
        acc5_7 = acc5_7 + p3.w;
    }
    workgroupBarrier();
    if (grp >= 2u) {
        sa[(grp - 2u) * 256u + gl * 4u + 0u] = vec4<f32>(acc6_0, acc6_1, acc6_2, acc6_3);
        sa[(grp - 2u) * 256u + gl * 4u + 1u] = vec4<f32>(acc6_4, acc6_5, acc6_6, acc6_7);
        sa[(grp - 2u) * 256u + gl * 4u + 2u] = vec4<f32>(acc7_0, acc7_1, acc7_2, acc7_3);
        sa[(grp - 2u) * 256u + gl * 4u + 3u] = vec4<f32>(acc7_4, acc7_5, acc7_6, acc7_7);
    }
    workgroupBarrier();
    if (grp < 2u) {
        let p0: vec4<f32> = sa[grp * 256u + gl * 4u + 0u];
        acc6_0 = acc6_0 + p0.x;
        acc6_1 = acc6_1 + p0.y;
        acc6_2 = acc6_2 + p0.z;
        acc6_3 = acc6_3 + p0.w;
        let p1: vec4<f32> = sa[grp * 256u + gl * 4u + 1u];
        acc6_4 = acc6_4 + p1.x;
        acc6_5 = acc6_5 + p1.y;
        acc6_6 = acc6_6 + p1.z;
        acc6_7 = acc6_7 + p1.w;
        let p2: vec4<f32> = sa[grp * 256u + gl * 4u + 2u];
        acc7_0 = acc7_0 + p2.x;
        acc7_1 = acc7_1 + p2.y;
        acc7_2 = acc7_2 + p2.z;
        acc7_3 = acc7_3 + p2.w;
        let p3: vec4<f32> = sa[grp * 256u + gl * 4u + 3u];
        acc7_4 = acc7_4 + p3.x;
        acc7_5 = acc7_5 + p3.y;
        acc7_6 = acc7_6 + p3.z;
        acc7_7 = acc7_7 + p3.w;
    }
    workgroupBarrier();
    if (grp == 1u) {
        sa[0u + gl * 4u + 0u] = vec4<f32>(acc6_0, acc6_1, acc6_2, acc6_3);
        sa[0u + gl * 4u + 1u] = vec4<f32>(acc6_4, acc6_5, acc6_6, acc6_7);
        sa[0u + gl * 4u + 2u] = vec4<f32>(acc7_0, acc7_1, acc7_2, acc7_3);
        sa[0u + gl * 4u + 3u] = vec4<f32>(acc7_4, acc7_5, acc7_6, acc7_7);
    }
    workgroupBarrier();
    if (grp == 0u) {
        let p0: vec4<f32> = sa[0u + gl * 4u + 0u];
        acc6_0 = acc6_0 + p0.x;
        acc6_1 = acc6_1 + p0.y;
        acc6_2 = acc6_2 + p0.z;
        acc6_3 = acc6_3 + p0.w;
        let p1: vec4<f32> = sa[0u + gl * 4u + 1u];
        acc6_4 = acc6_4 + p1.x;
        acc6_5 = acc6_5 + p1.y;
        acc6_6 = acc6_6 + p1.z;
        acc6_7 = acc6_7 + p1.w;
        let p2: vec4<f32> = sa[0u + gl * 4u + 2u];
        acc7_0 = acc7_0 + p2.x;
        acc7_1 = acc7_1 + p2.y;
        acc7_2 = acc7_2 + p2.z;
        acc7_3 = acc7_3 + p2.w;
        let p3: vec4<f32> = sa[0u + gl * 4u + 3u];
        acc7_4 = acc7_4 + p3.x;
        acc7_5 = acc7_5 + p3.y;
        acc7_6 = acc7_6 + p3.z;
        acc7_7 = acc7_7 + p3.w;
         {
            let i: u32 = m0 + 0u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 32u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc0_4;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 33u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc0_5;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 34u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc0_6;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 35u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc0_7;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 1u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 32u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc1_4;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 33u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc1_5;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 34u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc1_6;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 35u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc1_7;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 2u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 32u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc2_4;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 33u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc2_5;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 34u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc2_6;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 35u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc2_7;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 3u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 32u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc3_4;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 33u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc3_5;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 34u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc3_6;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 35u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc3_7;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 32u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc4_0;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc4_1;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc4_2;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc4_3;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 32u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc4_4;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 33u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc4_5;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 34u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc4_6;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 35u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc4_7;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 33u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc5_0;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc5_1;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc5_2;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc5_3;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 32u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc5_4;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 33u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc5_5;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 34u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc5_6;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 35u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc5_7;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 34u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc6_0;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc6_1;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc6_2;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc6_3;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 32u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc6_4;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 33u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc6_5;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 34u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc6_6;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 35u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc6_7;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
            }
        }
         {
            let i: u32 = m0 + 35u + ty * 4u;
            if (i < 64u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc7_0;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc7_1;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc7_2;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc7_3;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 32u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc7_4;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 33u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc7_5;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 34u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc7_6;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
                 {
                    let j: u32 = n0 + 35u + tx * 4u;
                    if (j < 12544u) {
                        let acc: f32 = acc7_7;
                        a0[((bidx * 64u + i) * 12544u + j)] = acc;
                    }
                }
            }
        }
    }
}

// node: a = relu(z * scale + shift)
// kernel map (workgroup 256, items 4)
@group(0) @binding(0) var<storage, read_write> a0: array<vec4<f32>>; // a
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // z
@group(0) @binding(2) var<storage, read> a2: array<f32>; // scale
@group(0) @binding(3) var<storage, read> a3: array<f32>; // shift
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
    if (q >= 200704u) {
        return;
    }
    var r0: f32;
    var r1: f32;
    var r2: f32;
    var r3: f32;
    let outer_i: u32 = q / 28u;
    let inner_i: u32 = (q % 28u) * 4u;
    let v2q: u32 = outer_i / 112u;
    let v2: u32 = outer_i - v2q * 112u;
    let v1q: u32 = v2q / 64u;
    let v1: u32 = v2q - v1q * 64u;
    let v0: u32 = v1q;
    {
        let i: u32 = q * 4u + 0u;
        let lane_i: u32 = inner_i + 0u;
        let v3: u32 = lane_i;
        r0 = forge_fmax(((a1[v1 * 12544u + v2 * 112u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 1u;
        let lane_i: u32 = inner_i + 1u;
        let v3: u32 = lane_i;
        r1 = forge_fmax(((a1[v1 * 12544u + v2 * 112u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 2u;
        let lane_i: u32 = inner_i + 2u;
        let v3: u32 = lane_i;
        r2 = forge_fmax(((a1[v1 * 12544u + v2 * 112u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 3u;
        let lane_i: u32 = inner_i + 3u;
        let v3: u32 = lane_i;
        r3 = forge_fmax(((a1[v1 * 12544u + v2 * 112u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    a0[q] = vec4<f32>(r0, r1, r2, r3);
}

// node: y = max_pool(a, kernel = 3, stride = 2, padding = 1)
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // y
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // a
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
fn forge_index(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    for (var it: u32 = 0u; it < 1u; it = it + 1u) {
        let i: u32 = (group * 1u + it) * 256u + lid;
        if (i >= 200704u) {
            return;
        }
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        var acc: f32 = a1[min(u32(v0), 0u) * 802816u + min(u32(v1), 63u) * 12544u + u32(clamp((((i32(v2) * 2i) - 1i) + i32(0u)), 0i, 111i)) * 112u + u32(clamp((((i32(v3) * 2i) - 1i) + i32(0u)), 0i, 111i))];
        for (var r: u32 = 1u; r < 9u; r = r + 1u) {
            let rv0: u32 = r / 3u;
            let rv1: u32 = (r / 1u) % 3u;
            acc = forge_fmax(acc, a1[min(u32(v0), 0u) * 802816u + min(u32(v1), 63u) * 12544u + u32(clamp((((i32(v2) * 2i) - 1i) + i32(rv0)), 0i, 111i)) * 112u + u32(clamp((((i32(v3) * 2i) - 1i) + i32(rv1)), 0i, 111i))]);
        }
        a0[i] = acc;
    }
}
