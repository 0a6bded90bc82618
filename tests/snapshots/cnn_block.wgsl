// node: z1 = conv2d(x, w1, padding = 1)
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // z1
@group(0) @binding(1) var<storage, read> a1: array<f32>; // w1
@group(0) @binding(2) var<storage, read> a2: array<f32>; // x
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
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_index(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    let i: u32 = group;
    if (i >= 200704u) {
        return;
    }
    let v0: u32 = i / 200704u;
    let v1: u32 = (i / 3136u) % 64u;
    let v2: u32 = (i / 56u) % 56u;
    let v3: u32 = (i / 1u) % 56u;
    var part: f32 = 0.0f;
    for (var r: u32 = lid; r < 576u; r = r + 256u) {
        let rv0: u32 = r / 9u;
        let rv1: u32 = (r / 3u) % 3u;
        let rv2: u32 = (r / 1u) % 3u;
        part = (part + (a1[v1 * 576u + rv0 * 9u + rv1 * 3u + rv2] * select(0.0f, a2[min(u32(v0), 0u) * 200704u + min(u32(rv0), 63u) * 3136u + u32(clamp(((i32(v2) - 1i) + i32(rv1)), 0i, 55i)) * 56u + u32(clamp(((i32(v3) - 1i) + i32(rv2)), 0i, 55i))], (((((i32(v2) - 1i) + i32(rv1)) >= 0i) && (((i32(v2) - 1i) + i32(rv1)) < 56i)) && ((((i32(v3) - 1i) + i32(rv2)) >= 0i) && (((i32(v3) - 1i) + i32(rv2)) < 56i))))));
    }
    red[lid] = part;
    workgroupBarrier();
    if (lid < 128u) {
        red[lid] = (red[lid] + red[lid + 128u]);
    }
    workgroupBarrier();
    if (lid < 64u) {
        red[lid] = (red[lid] + red[lid + 64u]);
    }
    workgroupBarrier();
    if (lid < 32u) {
        red[lid] = (red[lid] + red[lid + 32u]);
    }
    workgroupBarrier();
    if (lid < 16u) {
        red[lid] = (red[lid] + red[lid + 16u]);
    }
    workgroupBarrier();
    if (lid < 8u) {
        red[lid] = (red[lid] + red[lid + 8u]);
    }
    workgroupBarrier();
    if (lid < 4u) {
        red[lid] = (red[lid] + red[lid + 4u]);
    }
    workgroupBarrier();
    if (lid < 2u) {
        red[lid] = (red[lid] + red[lid + 2u]);
    }
    workgroupBarrier();
    if (lid < 1u) {
        red[lid] = (red[lid] + red[lid + 1u]);
    }
    workgroupBarrier();
    if (lid == 0u) {
        a0[i] = red[0];
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
    {
        let i: u32 = q * 4u + 0u;
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        r0 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 1u;
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        r1 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 2u;
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        r2 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 3u;
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        r3 = forge_fmax(((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]), 0.0f);
    }
    a0[q] = vec4<f32>(r0, r1, r2, r3);
}

// node: z2 = conv2d(a1, w2, padding = 1)
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // z2
@group(0) @binding(1) var<storage, read> a1: array<f32>; // w2
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // a1
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
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_index(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    let i: u32 = group;
    if (i >= 200704u) {
        return;
    }
    let v0: u32 = i / 200704u;
    let v1: u32 = (i / 3136u) % 64u;
    let v2: u32 = (i / 56u) % 56u;
    let v3: u32 = (i / 1u) % 56u;
    var part: f32 = 0.0f;
    for (var r: u32 = lid; r < 576u; r = r + 256u) {
        let rv0: u32 = r / 9u;
        let rv1: u32 = (r / 3u) % 3u;
        let rv2: u32 = (r / 1u) % 3u;
        part = (part + (a1[v1 * 576u + rv0 * 9u + rv1 * 3u + rv2] * select(0.0f, a2[min(u32(v0), 0u) * 200704u + min(u32(rv0), 63u) * 3136u + u32(clamp(((i32(v2) - 1i) + i32(rv1)), 0i, 55i)) * 56u + u32(clamp(((i32(v3) - 1i) + i32(rv2)), 0i, 55i))], (((((i32(v2) - 1i) + i32(rv1)) >= 0i) && (((i32(v2) - 1i) + i32(rv1)) < 56i)) && ((((i32(v3) - 1i) + i32(rv2)) >= 0i) && (((i32(v3) - 1i) + i32(rv2)) < 56i))))));
    }
    red[lid] = part;
    workgroupBarrier();
    if (lid < 128u) {
        red[lid] = (red[lid] + red[lid + 128u]);
    }
    workgroupBarrier();
    if (lid < 64u) {
        red[lid] = (red[lid] + red[lid + 64u]);
    }
    workgroupBarrier();
    if (lid < 32u) {
        red[lid] = (red[lid] + red[lid + 32u]);
    }
    workgroupBarrier();
    if (lid < 16u) {
        red[lid] = (red[lid] + red[lid + 16u]);
    }
    workgroupBarrier();
    if (lid < 8u) {
        red[lid] = (red[lid] + red[lid + 8u]);
    }
    workgroupBarrier();
    if (lid < 4u) {
        red[lid] = (red[lid] + red[lid + 4u]);
    }
    workgroupBarrier();
    if (lid < 2u) {
        red[lid] = (red[lid] + red[lid + 2u]);
    }
    workgroupBarrier();
    if (lid < 1u) {
        red[lid] = (red[lid] + red[lid + 1u]);
    }
    workgroupBarrier();
    if (lid == 0u) {
        a0[i] = red[0];
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
    {
        let i: u32 = q * 4u + 0u;
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        r0 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 1u;
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        r1 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 2u;
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        r2 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    {
        let i: u32 = q * 4u + 3u;
        let v0: u32 = i / 200704u;
        let v1: u32 = (i / 3136u) % 64u;
        let v2: u32 = (i / 56u) % 56u;
        let v3: u32 = (i / 1u) % 56u;
        r3 = forge_fmax((((a1[v1 * 3136u + v2 * 56u + v3] * a2[v1]) + a3[v1]) + a4[v1 * 3136u + v2 * 56u + v3]), 0.0f);
    }
    a0[q] = vec4<f32>(r0, r1, r2, r3);
}
