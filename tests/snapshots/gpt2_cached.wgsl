// node: h[t, d] = wte[ids[t], d] + wpe[pos + t, d]
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<u32>; // ids
@group(0) @binding(2) var<storage, read> a2: array<f32>; // wte
@group(0) @binding(3) var<storage, read> a3: array<f32>; // wpe
struct Uniforms {
    f0: u32, // pos
}
@group(0) @binding(4) var<uniform> u: Uniforms;
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
        if (i >= 768u) {
            return;
        }
        let v0: u32 = i / 768u;
        let v1: u32 = (i / 1u) % 768u;
        a0[i] = (a2[min(a1[v0], 50256u) * 768u + min(u32(v1), 767u)] + a3[min((u.f0 + u32(i32(v0))), 1023u) * 768u + min(u32(v1), 767u)]);
    }
}

// node: mask[i, j] = select(j <= pos + i, 0.0, -inf)
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // mask
struct Uniforms {
    f0: u32, // pos
}
@group(0) @binding(1) var<uniform> u: Uniforms;
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
        if (i >= 64u) {
            return;
        }
        let v0: u32 = i / 64u;
        let v1: u32 = (i / 1u) % 64u;
        a0[i] = select(bitcast<f32>(4286578688u), 0.0f, (u32(i32(v1)) <= (u.f0 + u32(i32(v0)))));
    }
}

// node: a = layer_norm(h, ln1_g[l], ln1_b[l], 0.00001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // a
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // h
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ln1_g
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ln1_b
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
var<workgroup> redmean0: array<f32, 256>;
var<workgroup> redsq0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_layer_norm(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 1u >= 1u) {
        return;
    }
    let lane: u32 = lid & 255u;
    let slot: u32 = group * 1u + lid / 256u;
    let live: bool = slot < 1u;
    let row: u32 = select(0u, slot, live);
    let l0: u32 = row;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 768u + c;
        x0 = a1[c];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 768u + c;
        x1 = a1[c];
    }
    {
        let c: u32 = 512u + lane;
        let i: u32 = row * 768u + c;
        x2 = a1[c];
    }
    part = (x0 + (x1 + x2));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 32u]);
        part = (part + redmean0[lid + 48u]);
        part = (part + redmean0[lid + 64u]);
        part = (part + redmean0[lid + 80u]);
        part = (part + redmean0[lid + 96u]);
        part = (part + redmean0[lid + 112u]);
        part = (part + redmean0[lid + 128u]);
        part = (part + redmean0[lid + 144u]);
        part = (part + redmean0[lid + 160u]);
        part = (part + redmean0[lid + 176u]);
        part = (part + redmean0[lid + 192u]);
        part = (part + redmean0[lid + 208u]);
        part = (part + redmean0[lid + 224u]);
        part = (part + redmean0[lid + 240u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 3u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 5u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 7u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 9u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 11u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 13u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 15u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 768.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    part = (x0 * x0 + (x1 * x1 + x2 * x2));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 32u]);
        part = (part + redsq0[lid + 48u]);
        part = (part + redsq0[lid + 64u]);
        part = (part + redsq0[lid + 80u]);
        part = (part + redsq0[lid + 96u]);
        part = (part + redsq0[lid + 112u]);
        part = (part + redsq0[lid + 128u]);
        part = (part + redsq0[lid + 144u]);
        part = (part + redsq0[lid + 160u]);
        part = (part + redsq0[lid + 176u]);
        part = (part + redsq0[lid + 192u]);
        part = (part + redsq0[lid + 208u]);
        part = (part + redsq0[lid + 224u]);
        part = (part + redsq0[lid + 240u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 3u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 5u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 7u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 9u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 11u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 13u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 15u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 768.0f + 1e-5f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 512u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: qkv = matmul(a, attn_w[l]) + attn_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // attn_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // a
@group(0) @binding(3) var<storage, read> a3: array<vec4<f32>>; // attn_w
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
    if (group >= 288u) {
        return;
    }
    let bidx: u32 = group / 288u;
    let tile: u32 = group % 288u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 576u) {
        for (var k0: u32 = 0u; k0 < 768u; k0 = k0 + 768u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a3[kk0 * 576u + jv];
            let av0_0: f32 = a2[kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a3[kk1 * 576u + jv];
            let av0_1: f32 = a2[kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a3[kk2 * 576u + jv];
            let av0_2: f32 = a2[kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a3[kk3 * 576u + jv];
            let av0_3: f32 = a2[kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a3[kk4 * 576u + jv];
            let av0_4: f32 = a2[kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a3[kk5 * 576u + jv];
            let av0_5: f32 = a2[kk5];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 1u + 0u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 1u + 0u) * 8u + u32(cpart)] = t0;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 2304u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 2304u + j)] = (acc + a1[j]);
        }
    }
}

// node: kc[l, n, pos + t, e] = qkv[t, D + n * E + e]
// kernel scatter (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // kc
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
struct Uniforms {
    f0: u32, // pos
}
@group(0) @binding(2) var<uniform> u: Uniforms;
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
fn forge_scatter(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    for (var it: u32 = 0u; it < 1u; it = it + 1u) {
        let i: u32 = (group * 1u + it) * 256u + lid;
        if (i >= 768u) {
            return;
        }
        let v0: u32 = i / 64u;
        let v1: u32 = (i / 64u) % 1u;
        let v2: u32 = (i / 1u) % 64u;
        let at1: u32 = v1 + u.f0;
        if (at1 >= v1 && at1 < 64u) {
            a0[v0 * 4096u + at1 * 64u + v2 * 1u] = a1[min(u32(v1), 0u) * 2304u + u32(clamp(((768i + (i32(v0) * 64i)) + i32(v2)), 0i, 2303i))];
        }
    }
}

// node: vc[l, n, pos + t, e] = qkv[t, 2 * D + n * E + e]
// kernel scatter (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // vc
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
struct Uniforms {
    f0: u32, // pos
}
@group(0) @binding(2) var<uniform> u: Uniforms;
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
fn forge_scatter(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    for (var it: u32 = 0u; it < 1u; it = it + 1u) {
        let i: u32 = (group * 1u + it) * 256u + lid;
        if (i >= 768u) {
            return;
        }
        let v0: u32 = i / 64u;
        let v1: u32 = (i / 64u) % 1u;
        let v2: u32 = (i / 1u) % 64u;
        let at1: u32 = v1 + u.f0;
        if (at1 >= v1 && at1 < 64u) {
            a0[v0 * 4096u + at1 * 64u + v2 * 1u] = a1[min(u32(v1), 0u) * 2304u + u32(clamp(((1536i + (i32(v0) * 64i)) + i32(v2)), 0i, 2303i))];
        }
    }
}

// node: q[n, t, e] = qkv[t, n * E + e]; ctx = attention(q, kc[l], vc[l], mask = mask)
// kernel attention (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctx
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // kc
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // vc
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // mask
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // qkv
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
var<workgroup> sm: array<f32, 321>;
@compute @workgroup_size(256)
fn forge_attention(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 12u) {
        return;
    }
    let bidx: u32 = group;
    let b0: u32 = bidx;
    let scale: f32 = 0.125f;
    for (var x: u32 = lid; x < 64u; x = x + 256u) {
        let qi: u32 = x / 64u;
        let d: u32 = x % 64u;
        sm[64u + x] = a4[u32(clamp(0i, 0i, 0i)) * 2304u + u32(clamp(((i32(b0) * 64i) + i32(d)), 0i, 2303i))];
    }
    workgroupBarrier();
    for (var kj: u32 = lid; kj < 64u; kj = kj + 256u) {
        var mk: array<f32, 1>;
        var sc: array<f32, 1>;
        var live: bool = false;
        {
            let qi: u32 = 0u;
            var m: f32 = a3[kj];
            mk[qi] = m;
            live = live || bitcast<u32>(m) != 4286578688u;
            sc[qi] = 0.0f;
        }
        if (live) {
            {
                let d: u32 = 0u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 1u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 2u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 3u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 4u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 5u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 6u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 7u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 8u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 9u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 10u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 11u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 12u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 13u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 14u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 15u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 16u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 17u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 18u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 19u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 20u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 21u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 22u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 23u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 24u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 25u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 26u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 27u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 28u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 29u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 30u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 31u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 32u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 33u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 34u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 35u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 36u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 37u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 38u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 39u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 40u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 41u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 42u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 43u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 44u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 45u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 46u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 47u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 48u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 49u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 50u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 51u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 52u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 53u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 54u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 55u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 56u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 57u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 58u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 59u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 60u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 61u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 62u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 63u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
        }
        {
            let qi: u32 = 0u;
            var sv: f32 = bitcast<f32>(4286578688u);
            if (bitcast<u32>(mk[qi]) != 4286578688u) {
                sv = sc[qi] * scale + mk[qi];
            }
            sm[qi * 64u + kj] = sv;
        }
    }
    workgroupBarrier();
    var mx: array<f32, 1>;
    {
        let qi: u32 = 0u;
        var part: f32 = bitcast<f32>(4286578688u);
        for (var kj: u32 = lid; kj < 64u; kj = kj + 256u) {
            part = forge_fmax(part, sm[qi * 64u + kj]);
        }
        sm[64u + qi * 256u + lid] = part;
    }
    workgroupBarrier();
    if (lid < 128u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 128u]);
        }
    }
    workgroupBarrier();
    if (lid < 64u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 64u]);
        }
    }
    workgroupBarrier();
    if (lid < 32u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 32u]);
        }
    }
    workgroupBarrier();
    if (lid < 16u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 16u]);
        }
    }
    workgroupBarrier();
    if (lid < 8u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 8u]);
        }
    }
    workgroupBarrier();
    if (lid < 4u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 4u]);
        }
    }
    workgroupBarrier();
    if (lid < 2u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 2u]);
        }
    }
    workgroupBarrier();
    if (lid < 1u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 1u]);
        }
    }
    workgroupBarrier();
    {
        let qi: u32 = 0u;
        mx[qi] = sm[64u + qi * 256u];
    }
    workgroupBarrier();
    {
        let qi: u32 = 0u;
        var part: f32 = 0.0f;
        for (var kj: u32 = lid; kj < 64u; kj = kj + 256u) {
            var p: f32 = 0.0f;
            let sv: f32 = sm[qi * 64u + kj];
            if (bitcast<u32>(sv) != 4286578688u) {
                p = exp(sv - mx[qi]);
            }
            sm[qi * 64u + kj] = p;
            part = part + p;
        }
        sm[64u + qi * 256u + lid] = part;
    }
    workgroupBarrier();
    if (lid < 128u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 128u];
        }
    }
    workgroupBarrier();
    if (lid < 64u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 64u];
        }
    }
    workgroupBarrier();
    if (lid < 32u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 32u];
        }
    }
    workgroupBarrier();
    if (lid < 16u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 16u];
        }
    }
    workgroupBarrier();
    if (lid < 8u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 8u];
        }
    }
    workgroupBarrier();
    if (lid < 4u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 4u];
        }
    }
    workgroupBarrier();
    if (lid < 2u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 2u];
        }
    }
    workgroupBarrier();
    if (lid < 1u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 1u];
        }
    }
    workgroupBarrier();
    if (lid == 0u) {
        {
            let qi: u32 = 0u;
            sm[320u + qi] = sm[64u + qi * 256u];
        }
    }
    let lane: u32 = lid % 64u;
    let kg: u32 = lid / 64u;
    var acc: array<f32, 1>;
    {
        let r: u32 = 0u;
        acc[r] = 0.0f;
    }
    for (var kj: u32 = kg; kj < 64u; kj = kj + 4u) {
        var pr: array<f32, 1>;
        var live: bool = false;
        {
            let qi: u32 = 0u;
            pr[qi] = sm[qi * 64u + kj];
            live = live || pr[qi] != 0.0f;
        }
        if (live) {
            {
                let r: u32 = 0u;
                let d: u32 = lane + r * 64u;
                if (d < 64u) {
                    let vd: f32 = a2[b0 * 4096u + kj * 64u + d];
                    {
                        let qi: u32 = 0u;
                        acc[qi * 1u + r] = acc[qi * 1u + r] + pr[qi] * vd;
                    }
                }
            }
        }
    }
    workgroupBarrier();
    {
        let qi: u32 = 0u;
        {
            let r: u32 = 0u;
            let d: u32 = lane + r * 64u;
            if (d < 64u) {
                sm[64u + (kg * 1u + qi) * 64u + d] = acc[qi * 1u + r];
            }
        }
    }
    workgroupBarrier();
    for (var x: u32 = lid; x < 64u; x = x + 256u) {
        let qi: u32 = x / 64u;
        let d: u32 = x % 64u;
        var num: f32 = 0.0f;
        for (var g: u32 = 0u; g < 4u; g = g + 1u) {
            num = num + sm[64u + (g * 1u + qi) * 64u + d];
        }
        let at: u32 = (bidx * 1u + qi) * 64u + d;
        let acc: f32 = num / sm[320u + qi];
        a0[at] = acc;
    }
}

// node: h = h + matmul(merged, proj_w[l]) + proj_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // proj_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // ctx
@group(0) @binding(3) var<storage, read> a3: array<vec4<f32>>; // proj_w
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
    if (group >= 96u) {
        return;
    }
    let bidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 192u) {
        for (var k0: u32 = 0u; k0 < 768u; k0 = k0 + 768u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a3[kk0 * 192u + jv];
            let av0_0: f32 = a2[kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a3[kk1 * 192u + jv];
            let av0_1: f32 = a2[kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a3[kk2 * 192u + jv];
            let av0_2: f32 = a2[kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a3[kk3 * 192u + jv];
            let av0_3: f32 = a2[kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a3[kk4 * 192u + jv];
            let av0_4: f32 = a2[kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a3[kk5 * 192u + jv];
            let av0_5: f32 = a2[kk5];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 1u + 0u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 1u + 0u) * 8u + u32(cpart)] = t0;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 768u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: a = layer_norm(h, ln2_g[l], ln2_b[l], 0.00001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // a
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // h
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ln2_g
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ln2_b
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
var<workgroup> redmean0: array<f32, 256>;
var<workgroup> redsq0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_layer_norm(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 1u >= 1u) {
        return;
    }
    let lane: u32 = lid & 255u;
    let slot: u32 = group * 1u + lid / 256u;
    let live: bool = slot < 1u;
    let row: u32 = select(0u, slot, live);
    let l0: u32 = row;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 768u + c;
        x0 = a1[c];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 768u + c;
        x1 = a1[c];
    }
    {
        let c: u32 = 512u + lane;
        let i: u32 = row * 768u + c;
        x2 = a1[c];
    }
    part = (x0 + (x1 + x2));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 32u]);
        part = (part + redmean0[lid + 48u]);
        part = (part + redmean0[lid + 64u]);
        part = (part + redmean0[lid + 80u]);
        part = (part + redmean0[lid + 96u]);
        part = (part + redmean0[lid + 112u]);
        part = (part + redmean0[lid + 128u]);
        part = (part + redmean0[lid + 144u]);
        part = (part + redmean0[lid + 160u]);
        part = (part + redmean0[lid + 176u]);
        part = (part + redmean0[lid + 192u]);
        part = (part + redmean0[lid + 208u]);
        part = (part + redmean0[lid + 224u]);
        part = (part + redmean0[lid + 240u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 3u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 5u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 7u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 9u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 11u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 13u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 15u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 768.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    part = (x0 * x0 + (x1 * x1 + x2 * x2));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 32u]);
        part = (part + redsq0[lid + 48u]);
        part = (part + redsq0[lid + 64u]);
        part = (part + redsq0[lid + 80u]);
        part = (part + redsq0[lid + 96u]);
        part = (part + redsq0[lid + 112u]);
        part = (part + redsq0[lid + 128u]);
        part = (part + redsq0[lid + 144u]);
        part = (part + redsq0[lid + 160u]);
        part = (part + redsq0[lid + 176u]);
        part = (part + redsq0[lid + 192u]);
        part = (part + redsq0[lid + 208u]);
        part = (part + redsq0[lid + 224u]);
        part = (part + redsq0[lid + 240u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 3u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 5u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 7u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 9u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 11u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 13u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 15u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 768.0f + 1e-5f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 512u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: up = gelu_tanh(matmul(a, fc_w[l]) + fc_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // fc_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // a
@group(0) @binding(3) var<storage, read> a3: array<vec4<f32>>; // fc_w
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
    if (group >= 384u) {
        return;
    }
    let bidx: u32 = group / 384u;
    let tile: u32 = group % 384u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 768u) {
        for (var k0: u32 = 0u; k0 < 768u; k0 = k0 + 768u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a3[kk0 * 768u + jv];
            let av0_0: f32 = a2[kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a3[kk1 * 768u + jv];
            let av0_1: f32 = a2[kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a3[kk2 * 768u + jv];
            let av0_2: f32 = a2[kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a3[kk3 * 768u + jv];
            let av0_3: f32 = a2[kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a3[kk4 * 768u + jv];
            let av0_4: f32 = a2[kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a3[kk5 * 768u + jv];
            let av0_5: f32 = a2[kk5];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 1u + 0u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 1u + 0u) * 8u + u32(cpart)] = t0;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 3072u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 3072u + j)] = forge_gelu_tanh((acc + a1[j]));
        }
    }
}

// node: h = h + matmul(up, out_w[l]) + out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // out_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // up
@group(0) @binding(3) var<storage, read> a3: array<vec4<f32>>; // out_w
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
    if (group >= 96u) {
        return;
    }
    let bidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 192u) {
        for (var k0: u32 = 0u; k0 < 3072u; k0 = k0 + 1536u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a3[kk0 * 192u + jv];
            let av0_0: f32 = a2[kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a3[kk1 * 192u + jv];
            let av0_1: f32 = a2[kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a3[kk2 * 192u + jv];
            let av0_2: f32 = a2[kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a3[kk3 * 192u + jv];
            let av0_3: f32 = a2[kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a3[kk4 * 192u + jv];
            let av0_4: f32 = a2[kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a3[kk5 * 192u + jv];
            let av0_5: f32 = a2[kk5];
            let kk6: u32 = k0 + 768u + ks;
            let bv6: vec4<f32> = a3[kk6 * 192u + jv];
            let av0_6: f32 = a2[kk6];
            let kk7: u32 = k0 + 896u + ks;
            let bv7: vec4<f32> = a3[kk7 * 192u + jv];
            let av0_7: f32 = a2[kk7];
            let kk8: u32 = k0 + 1024u + ks;
            let bv8: vec4<f32> = a3[kk8 * 192u + jv];
            let av0_8: f32 = a2[kk8];
            let kk9: u32 = k0 + 1152u + ks;
            let bv9: vec4<f32> = a3[kk9 * 192u + jv];
            let av0_9: f32 = a2[kk9];
            let kk10: u32 = k0 + 1280u + ks;
            let bv10: vec4<f32> = a3[kk10 * 192u + jv];
            let av0_10: f32 = a2[kk10];
            let kk11: u32 = k0 + 1408u + ks;
            let bv11: vec4<f32> = a3[kk11 * 192u + jv];
            let av0_11: f32 = a2[kk11];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
            p0 = p0 + av0_6 * bv6;
            p0 = p0 + av0_7 * bv7;
            p0 = p0 + av0_8 * bv8;
            p0 = p0 + av0_9 * bv9;
            p0 = p0 + av0_10 * bv10;
            p0 = p0 + av0_11 * bv11;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 1u + 0u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 1u + 0u) * 8u + u32(cpart)] = t0;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 768u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: a = layer_norm(h, ln1_g[l], ln1_b[l], 0.00001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // a
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // h
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ln1_g
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ln1_b
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
var<workgroup> redmean0: array<f32, 256>;
var<workgroup> redsq0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_layer_norm(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 1u >= 1u) {
        return;
    }
    let lane: u32 = lid & 255u;
    let slot: u32 = group * 1u + lid / 256u;
    let live: bool = slot < 1u;
    let row: u32 = select(0u, slot, live);
    let l0: u32 = row;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 768u + c;
        x0 = a1[c];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 768u + c;
        x1 = a1[c];
    }
    {
        let c: u32 = 512u + lane;
        let i: u32 = row * 768u + c;
        x2 = a1[c];
    }
    part = (x0 + (x1 + x2));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 32u]);
        part = (part + redmean0[lid + 48u]);
        part = (part + redmean0[lid + 64u]);
        part = (part + redmean0[lid + 80u]);
        part = (part + redmean0[lid + 96u]);
        part = (part + redmean0[lid + 112u]);
        part = (part + redmean0[lid + 128u]);
        part = (part + redmean0[lid + 144u]);
        part = (part + redmean0[lid + 160u]);
        part = (part + redmean0[lid + 176u]);
        part = (part + redmean0[lid + 192u]);
        part = (part + redmean0[lid + 208u]);
        part = (part + redmean0[lid + 224u]);
        part = (part + redmean0[lid + 240u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 3u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 5u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 7u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 9u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 11u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 13u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 15u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 768.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    part = (x0 * x0 + (x1 * x1 + x2 * x2));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 32u]);
        part = (part + redsq0[lid + 48u]);
        part = (part + redsq0[lid + 64u]);
        part = (part + redsq0[lid + 80u]);
        part = (part + redsq0[lid + 96u]);
        part = (part + redsq0[lid + 112u]);
        part = (part + redsq0[lid + 128u]);
        part = (part + redsq0[lid + 144u]);
        part = (part + redsq0[lid + 160u]);
        part = (part + redsq0[lid + 176u]);
        part = (part + redsq0[lid + 192u]);
        part = (part + redsq0[lid + 208u]);
        part = (part + redsq0[lid + 224u]);
        part = (part + redsq0[lid + 240u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 3u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 5u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 7u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 9u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 11u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 13u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 15u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 768.0f + 1e-5f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 512u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: qkv = matmul(a, attn_w[l]) + attn_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // attn_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // a
@group(0) @binding(3) var<storage, read> a3: array<vec4<f32>>; // attn_w
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
    if (group >= 288u) {
        return;
    }
    let bidx: u32 = group / 288u;
    let tile: u32 = group % 288u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 576u) {
        for (var k0: u32 = 0u; k0 < 768u; k0 = k0 + 768u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a3[kk0 * 576u + jv];
            let av0_0: f32 = a2[kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a3[kk1 * 576u + jv];
            let av0_1: f32 = a2[kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a3[kk2 * 576u + jv];
            let av0_2: f32 = a2[kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a3[kk3 * 576u + jv];
            let av0_3: f32 = a2[kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a3[kk4 * 576u + jv];
            let av0_4: f32 = a2[kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a3[kk5 * 576u + jv];
            let av0_5: f32 = a2[kk5];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 1u + 0u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 1u + 0u) * 8u + u32(cpart)] = t0;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 2304u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 2304u + j)] = (acc + a1[j]);
        }
    }
}

// node: kc[l, n, pos + t, e] = qkv[t, D + n * E + e]
// kernel scatter (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // kc
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
struct Uniforms {
    f0: u32, // pos
}
@group(0) @binding(2) var<uniform> u: Uniforms;
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
fn forge_scatter(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    for (var it: u32 = 0u; it < 1u; it = it + 1u) {
        let i: u32 = (group * 1u + it) * 256u + lid;
        if (i >= 768u) {
            return;
        }
        let v0: u32 = i / 64u;
        let v1: u32 = (i / 64u) % 1u;
        let v2: u32 = (i / 1u) % 64u;
        let at1: u32 = v1 + u.f0;
        if (at1 >= v1 && at1 < 64u) {
            a0[v0 * 4096u + at1 * 64u + v2 * 1u] = a1[min(u32(v1), 0u) * 2304u + u32(clamp(((768i + (i32(v0) * 64i)) + i32(v2)), 0i, 2303i))];
        }
    }
}

// node: vc[l, n, pos + t, e] = qkv[t, 2 * D + n * E + e]
// kernel scatter (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // vc
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
struct Uniforms {
    f0: u32, // pos
}
@group(0) @binding(2) var<uniform> u: Uniforms;
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
fn forge_scatter(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    for (var it: u32 = 0u; it < 1u; it = it + 1u) {
        let i: u32 = (group * 1u + it) * 256u + lid;
        if (i >= 768u) {
            return;
        }
        let v0: u32 = i / 64u;
        let v1: u32 = (i / 64u) % 1u;
        let v2: u32 = (i / 1u) % 64u;
        let at1: u32 = v1 + u.f0;
        if (at1 >= v1 && at1 < 64u) {
            a0[v0 * 4096u + at1 * 64u + v2 * 1u] = a1[min(u32(v1), 0u) * 2304u + u32(clamp(((1536i + (i32(v0) * 64i)) + i32(v2)), 0i, 2303i))];
        }
    }
}

// node: q[n, t, e] = qkv[t, n * E + e]; ctx = attention(q, kc[l], vc[l], mask = mask)
// kernel attention (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctx
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // kc
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // vc
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // mask
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // qkv
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
var<workgroup> sm: array<f32, 321>;
@compute @workgroup_size(256)
fn forge_attention(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 12u) {
        return;
    }
    let bidx: u32 = group;
    let b0: u32 = bidx;
    let scale: f32 = 0.125f;
    for (var x: u32 = lid; x < 64u; x = x + 256u) {
        let qi: u32 = x / 64u;
        let d: u32 = x % 64u;
        sm[64u + x] = a4[u32(clamp(0i, 0i, 0i)) * 2304u + u32(clamp(((i32(b0) * 64i) + i32(d)), 0i, 2303i))];
    }
    workgroupBarrier();
    for (var kj: u32 = lid; kj < 64u; kj = kj + 256u) {
        var mk: array<f32, 1>;
        var sc: array<f32, 1>;
        var live: bool = false;
        {
            let qi: u32 = 0u;
            var m: f32 = a3[kj];
            mk[qi] = m;
            live = live || bitcast<u32>(m) != 4286578688u;
            sc[qi] = 0.0f;
        }
        if (live) {
            {
                let d: u32 = 0u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 1u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 2u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 3u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 4u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 5u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 6u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 7u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 8u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 9u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 10u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 11u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 12u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 13u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 14u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 15u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 16u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 17u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 18u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 19u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 20u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 21u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 22u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 23u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 24u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 25u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 26u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 27u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 28u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 29u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 30u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 31u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 32u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 33u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 34u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 35u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 36u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 37u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 38u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 39u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 40u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 41u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 42u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 43u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 44u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 45u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 46u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 47u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 48u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 49u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 50u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 51u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 52u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 53u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 54u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 55u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 56u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 57u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 58u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 59u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 60u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 61u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 62u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 63u;
                let kd: f32 = a1[b0 * 4096u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[64u + qi * 64u + d] * kd;
                }
            }
        }
        {
            let qi: u32 = 0u;
            var sv: f32 = bitcast<f32>(4286578688u);
            if (bitcast<u32>(mk[qi]) != 4286578688u) {
                sv = sc[qi] * scale + mk[qi];
            }
            sm[qi * 64u + kj] = sv;
        }
    }
    workgroupBarrier();
    var mx: array<f32, 1>;
    {
        let qi: u32 = 0u;
        var part: f32 = bitcast<f32>(4286578688u);
        for (var kj: u32 = lid; kj < 64u; kj = kj + 256u) {
            part = forge_fmax(part, sm[qi * 64u + kj]);
        }
        sm[64u + qi * 256u + lid] = part;
    }
    workgroupBarrier();
    if (lid < 128u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 128u]);
        }
    }
    workgroupBarrier();
    if (lid < 64u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 64u]);
        }
    }
    workgroupBarrier();
    if (lid < 32u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 32u]);
        }
    }
    workgroupBarrier();
    if (lid < 16u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 16u]);
        }
    }
    workgroupBarrier();
    if (lid < 8u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 8u]);
        }
    }
    workgroupBarrier();
    if (lid < 4u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 4u]);
        }
    }
    workgroupBarrier();
    if (lid < 2u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 2u]);
        }
    }
    workgroupBarrier();
    if (lid < 1u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = forge_fmax(sm[64u + qi * 256u + lid], sm[64u + qi * 256u + lid + 1u]);
        }
    }
    workgroupBarrier();
    {
        let qi: u32 = 0u;
        mx[qi] = sm[64u + qi * 256u];
    }
    workgroupBarrier();
    {
        let qi: u32 = 0u;
        var part: f32 = 0.0f;
        for (var kj: u32 = lid; kj < 64u; kj = kj + 256u) {
            var p: f32 = 0.0f;
            let sv: f32 = sm[qi * 64u + kj];
            if (bitcast<u32>(sv) != 4286578688u) {
                p = exp(sv - mx[qi]);
            }
            sm[qi * 64u + kj] = p;
            part = part + p;
        }
        sm[64u + qi * 256u + lid] = part;
    }
    workgroupBarrier();
    if (lid < 128u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 128u];
        }
    }
    workgroupBarrier();
    if (lid < 64u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 64u];
        }
    }
    workgroupBarrier();
    if (lid < 32u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 32u];
        }
    }
    workgroupBarrier();
    if (lid < 16u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 16u];
        }
    }
    workgroupBarrier();
    if (lid < 8u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 8u];
        }
    }
    workgroupBarrier();
    if (lid < 4u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 4u];
        }
    }
    workgroupBarrier();
    if (lid < 2u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 2u];
        }
    }
    workgroupBarrier();
    if (lid < 1u) {
        {
            let qi: u32 = 0u;
            sm[64u + qi * 256u + lid] = sm[64u + qi * 256u + lid] + sm[64u + qi * 256u + lid + 1u];
        }
    }
    workgroupBarrier();
    if (lid == 0u) {
        {
            let qi: u32 = 0u;
            sm[320u + qi] = sm[64u + qi * 256u];
        }
    }
    let lane: u32 = lid % 64u;
    let kg: u32 = lid / 64u;
    var acc: array<f32, 1>;
    {
        let r: u32 = 0u;
        acc[r] = 0.0f;
    }
    for (var kj: u32 = kg; kj < 64u; kj = kj + 4u) {
        var pr: array<f32, 1>;
        var live: bool = false;
        {
            let qi: u32 = 0u;
            pr[qi] = sm[qi * 64u + kj];
            live = live || pr[qi] != 0.0f;
        }
        if (live) {
            {
                let r: u32 = 0u;
                let d: u32 = lane + r * 64u;
                if (d < 64u) {
                    let vd: f32 = a2[b0 * 4096u + kj * 64u + d];
                    {
                        let qi: u32 = 0u;
                        acc[qi * 1u + r] = acc[qi * 1u + r] + pr[qi] * vd;
                    }
                }
            }
        }
    }
    workgroupBarrier();
    {
        let qi: u32 = 0u;
        {
            let r: u32 = 0u;
            let d: u32 = lane + r * 64u;
            if (d < 64u) {
                sm[64u + (kg * 1u + qi) * 64u + d] = acc[qi * 1u + r];
            }
        }
    }
    workgroupBarrier();
    for (var x: u32 = lid; x < 64u; x = x + 256u) {
        let qi: u32 = x / 64u;
        let d: u32 = x % 64u;
        var num: f32 = 0.0f;
        for (var g: u32 = 0u; g < 4u; g = g + 1u) {
            num = num + sm[64u + (g * 1u + qi) * 64u + d];
        }
        let at: u32 = (bidx * 1u + qi) * 64u + d;
        let acc: f32 = num / sm[320u + qi];
        a0[at] = acc;
    }
}

// node: h = h + matmul(merged, proj_w[l]) + proj_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // proj_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // ctx
@group(0) @binding(3) var<storage, read> a3: array<vec4<f32>>; // proj_w
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
    if (group >= 96u) {
        return;
    }
    let bidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 192u) {
        for (var k0: u32 = 0u; k0 < 768u; k0 = k0 + 768u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a3[kk0 * 192u + jv];
            let av0_0: f32 = a2[kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a3[kk1 * 192u + jv];
            let av0_1: f32 = a2[kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a3[kk2 * 192u + jv];
            let av0_2: f32 = a2[kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a3[kk3 * 192u + jv];
            let av0_3: f32 = a2[kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a3[kk4 * 192u + jv];
            let av0_4: f32 = a2[kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a3[kk5 * 192u + jv];
            let av0_5: f32 = a2[kk5];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 1u + 0u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 1u + 0u) * 8u + u32(cpart)] = t0;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 768u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: a = layer_norm(h, ln2_g[l], ln2_b[l], 0.00001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // a
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // h
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ln2_g
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ln2_b
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
var<workgroup> redmean0: array<f32, 256>;
var<workgroup> redsq0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_layer_norm(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 1u >= 1u) {
        return;
    }
    let lane: u32 = lid & 255u;
    let slot: u32 = group * 1u + lid / 256u;
    let live: bool = slot < 1u;
    let row: u32 = select(0u, slot, live);
    let l0: u32 = row;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 768u + c;
        x0 = a1[c];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 768u + c;
        x1 = a1[c];
    }
    {
        let c: u32 = 512u + lane;
        let i: u32 = row * 768u + c;
        x2 = a1[c];
    }
    part = (x0 + (x1 + x2));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 32u]);
        part = (part + redmean0[lid + 48u]);
        part = (part + redmean0[lid + 64u]);
        part = (part + redmean0[lid + 80u]);
        part = (part + redmean0[lid + 96u]);
        part = (part + redmean0[lid + 112u]);
        part = (part + redmean0[lid + 128u]);
        part = (part + redmean0[lid + 144u]);
        part = (part + redmean0[lid + 160u]);
        part = (part + redmean0[lid + 176u]);
        part = (part + redmean0[lid + 192u]);
        part = (part + redmean0[lid + 208u]);
        part = (part + redmean0[lid + 224u]);
        part = (part + redmean0[lid + 240u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 3u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 5u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 7u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 9u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 11u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 13u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 15u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 768.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    part = (x0 * x0 + (x1 * x1 + x2 * x2));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 32u]);
        part = (part + redsq0[lid + 48u]);
        part = (part + redsq0[lid + 64u]);
        part = (part + redsq0[lid + 80u]);
        part = (part + redsq0[lid + 96u]);
        part = (part + redsq0[lid + 112u]);
        part = (part + redsq0[lid + 128u]);
        part = (part + redsq0[lid + 144u]);
        part = (part + redsq0[lid + 160u]);
        part = (part + redsq0[lid + 176u]);
        part = (part + redsq0[lid + 192u]);
        part = (part + redsq0[lid + 208u]);
        part = (part + redsq0[lid + 224u]);
        part = (part + redsq0[lid + 240u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 3u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 5u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 7u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 9u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 11u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 13u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 15u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 768.0f + 1e-5f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 512u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: up = gelu_tanh(matmul(a, fc_w[l]) + fc_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // fc_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // a
@group(0) @binding(3) var<storage, read> a3: array<vec4<f32>>; // fc_w
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
    if (group >= 384u) {
        return;
    }
    let bidx: u32 = group / 384u;
    let tile: u32 = group % 384u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 768u) {
        for (var k0: u32 = 0u; k0 < 768u; k0 = k0 + 768u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a3[kk0 * 768u + jv];
            let av0_0: f32 = a2[kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a3[kk1 * 768u + jv];
            let av0_1: f32 = a2[kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a3[kk2 * 768u + jv];
            let av0_2: f32 = a2[kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a3[kk3 * 768u + jv];
            let av0_3: f32 = a2[kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a3[kk4 * 768u + jv];
            let av0_4: f32 = a2[kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a3[kk5 * 768u + jv];
            let av0_5: f32 = a2[kk5];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 1u + 0u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 1u + 0u) * 8u + u32(cpart)] = t0;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 3072u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 3072u + j)] = forge_gelu_tanh((acc + a1[j]));
        }
    }
}

// node: h = h + matmul(up, out_w[l]) + out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // out_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // up
@group(0) @binding(3) var<storage, read> a3: array<vec4<f32>>; // out_w
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
    if (group >= 96u) {
        return;
    }
    let bidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 192u) {
        for (var k0: u32 = 0u; k0 < 3072u; k0 = k0 + 1536u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a3[kk0 * 192u + jv];
            let av0_0: f32 = a2[kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a3[kk1 * 192u + jv];
            let av0_1: f32 = a2[kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a3[kk2 * 192u + jv];
            let av0_2: f32 = a2[kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a3[kk3 * 192u + jv];
            let av0_3: f32 = a2[kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a3[kk4 * 192u + jv];
            let av0_4: f32 = a2[kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a3[kk5 * 192u + jv];
            let av0_5: f32 = a2[kk5];
            let kk6: u32 = k0 + 768u + ks;
            let bv6: vec4<f32> = a3[kk6 * 192u + jv];
            let av0_6: f32 = a2[kk6];
            let kk7: u32 = k0 + 896u + ks;
            let bv7: vec4<f32> = a3[kk7 * 192u + jv];
            let av0_7: f32 = a2[kk7];
            let kk8: u32 = k0 + 1024u + ks;
            let bv8: vec4<f32> = a3[kk8 * 192u + jv];
            let av0_8: f32 = a2[kk8];
            let kk9: u32 = k0 + 1152u + ks;
            let bv9: vec4<f32> = a3[kk9 * 192u + jv];
            let av0_9: f32 = a2[kk9];
            let kk10: u32 = k0 + 1280u + ks;
            let bv10: vec4<f32> = a3[kk10 * 192u + jv];
            let av0_10: f32 = a2[kk10];
            let kk11: u32 = k0 + 1408u + ks;
            let bv11: vec4<f32> = a3[kk11 * 192u + jv];
            let av0_11: f32 = a2[kk11];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
            p0 = p0 + av0_6 * bv6;
            p0 = p0 + av0_7 * bv7;
            p0 = p0 + av0_8 * bv8;
            p0 = p0 + av0_9 * bv9;
            p0 = p0 + av0_10 * bv10;
            p0 = p0 + av0_11 * bv11;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 1u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 1u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 1u + 0u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 1u + 0u) * 8u + u32(cpart)] = t0;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 768u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: last[o, d] = h[o + T - 1, d]; lastn = layer_norm(last, lnf_g, lnf_b, 0.00001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // lastn
@group(0) @binding(1) var<storage, read> a1: array<f32>; // lnf_g
@group(0) @binding(2) var<storage, read> a2: array<f32>; // lnf_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // h
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
var<workgroup> redmean0: array<f32, 256>;
var<workgroup> redsq0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_layer_norm(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 1u >= 1u) {
        return;
    }
    let lane: u32 = lid & 255u;
    let slot: u32 = group * 1u + lid / 256u;
    let live: bool = slot < 1u;
    let row: u32 = select(0u, slot, live);
    let l0: u32 = row;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 768u + c;
        x0 = a3[u32(clamp(((0i + 1i) - 1i), 0i, 0i)) * 768u + min(u32(c), 767u)];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 768u + c;
        x1 = a3[u32(clamp(((0i + 1i) - 1i), 0i, 0i)) * 768u + min(u32(c), 767u)];
    }
    {
        let c: u32 = 512u + lane;
        let i: u32 = row * 768u + c;
        x2 = a3[u32(clamp(((0i + 1i) - 1i), 0i, 0i)) * 768u + min(u32(c), 767u)];
    }
    part = (x0 + (x1 + x2));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 32u]);
        part = (part + redmean0[lid + 48u]);
        part = (part + redmean0[lid + 64u]);
        part = (part + redmean0[lid + 80u]);
        part = (part + redmean0[lid + 96u]);
        part = (part + redmean0[lid + 112u]);
        part = (part + redmean0[lid + 128u]);
        part = (part + redmean0[lid + 144u]);
        part = (part + redmean0[lid + 160u]);
        part = (part + redmean0[lid + 176u]);
        part = (part + redmean0[lid + 192u]);
        part = (part + redmean0[lid + 208u]);
        part = (part + redmean0[lid + 224u]);
        part = (part + redmean0[lid + 240u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 3u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 5u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 7u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 9u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 11u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 13u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 15u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 768.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    part = (x0 * x0 + (x1 * x1 + x2 * x2));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 16u) {
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 32u]);
        part = (part + redsq0[lid + 48u]);
        part = (part + redsq0[lid + 64u]);
        part = (part + redsq0[lid + 80u]);
        part = (part + redsq0[lid + 96u]);
        part = (part + redsq0[lid + 112u]);
        part = (part + redsq0[lid + 128u]);
        part = (part + redsq0[lid + 144u]);
        part = (part + redsq0[lid + 160u]);
        part = (part + redsq0[lid + 176u]);
        part = (part + redsq0[lid + 192u]);
        part = (part + redsq0[lid + 208u]);
        part = (part + redsq0[lid + 224u]);
        part = (part + redsq0[lid + 240u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 3u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 5u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 7u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 9u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 11u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 13u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 15u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 768.0f + 1e-5f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x0 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x1 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 512u + lane;
            let i: u32 = row * 768u + c;
            let acc: f32 = x2 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
    }
}

// node: logits = matmul(lastn, transpose(wte))
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // logits
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // lastn
@group(0) @binding(2) var<storage, read> a2: array<f32>; // wte
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
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 6283u) {
        return;
    }
    let bidx: u32 = group / 6283u;
    let tile: u32 = group % 6283u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    if (j < 50257u) {
        for (var k0: u32 = 0u; k0 < 768u; k0 = k0 + 384u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: f32 = a2[kk0 + j * 768u];
            let av0_0: f32 = a1[kk0];
            let kk1: u32 = k0 + 32u + ks;
            let bv1: f32 = a2[kk1 + j * 768u];
            let av0_1: f32 = a1[kk1];
            let kk2: u32 = k0 + 64u + ks;
            let bv2: f32 = a2[kk2 + j * 768u];
            let av0_2: f32 = a1[kk2];
            let kk3: u32 = k0 + 96u + ks;
            let bv3: f32 = a2[kk3 + j * 768u];
            let av0_3: f32 = a1[kk3];
            let kk4: u32 = k0 + 128u + ks;
            let bv4: f32 = a2[kk4 + j * 768u];
            let av0_4: f32 = a1[kk4];
            let kk5: u32 = k0 + 160u + ks;
            let bv5: f32 = a2[kk5 + j * 768u];
            let av0_5: f32 = a1[kk5];
            let kk6: u32 = k0 + 192u + ks;
            let bv6: f32 = a2[kk6 + j * 768u];
            let av0_6: f32 = a1[kk6];
            let kk7: u32 = k0 + 224u + ks;
            let bv7: f32 = a2[kk7 + j * 768u];
            let av0_7: f32 = a1[kk7];
            let kk8: u32 = k0 + 256u + ks;
            let bv8: f32 = a2[kk8 + j * 768u];
            let av0_8: f32 = a1[kk8];
            let kk9: u32 = k0 + 288u + ks;
            let bv9: f32 = a2[kk9 + j * 768u];
            let av0_9: f32 = a1[kk9];
            let kk10: u32 = k0 + 320u + ks;
            let bv10: f32 = a2[kk10 + j * 768u];
            let av0_10: f32 = a1[kk10];
            let kk11: u32 = k0 + 352u + ks;
            let bv11: f32 = a2[kk11 + j * 768u];
            let av0_11: f32 = a1[kk11];
            p0 = p0 + av0_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p0 = p0 + av0_5 * bv5;
            p0 = p0 + av0_6 * bv6;
            p0 = p0 + av0_7 * bv7;
            p0 = p0 + av0_8 * bv8;
            p0 = p0 + av0_9 * bv9;
            p0 = p0 + av0_10 * bv10;
            p0 = p0 + av0_11 * bv11;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    workgroupBarrier();
    if (ks == 0u && j < 50257u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 50257u + j)] = acc;
        }
    }
}

// node: next = argmax(logits)
// kernel row (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<u32>; // next
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // logits
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
var<workgroup> redv: array<f32, 256>;
var<workgroup> redi: array<u32, 256>;
@compute @workgroup_size(256)
fn forge_row(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    let row: u32 = group;
    if (row >= 1u) {
        return;
    }
    let l0: u32 = row;
    var best0: f32 = bitcast<f32>(4286578688u);
    var besti0: u32 = 4294967295u;
    var best1: f32 = bitcast<f32>(4286578688u);
    var besti1: u32 = 4294967295u;
    var best2: f32 = bitcast<f32>(4286578688u);
    var besti2: u32 = 4294967295u;
    var best3: f32 = bitcast<f32>(4286578688u);
    var besti3: u32 = 4294967295u;
    for (var c0: u32 = lid; c0 < 50176u; c0 = c0 + 1024u) {
         {
            let c: u32 = c0;
            let x: f32 = a1[c];
            if (x > best0 || (x == best0 && u32(c) < besti0)) {
                best0 = x;
                besti0 = u32(c);
            }
        }
         {
            let c: u32 = c0 + 256u;
            let x: f32 = a1[c];
            if (x > best1 || (x == best1 && u32(c) < besti1)) {
                best1 = x;
                besti1 = u32(c);
            }
        }
         {
            let c: u32 = c0 + 512u;
            let x: f32 = a1[c];
            if (x > best2 || (x == best2 && u32(c) < besti2)) {
                best2 = x;
                besti2 = u32(c);
            }
        }
         {
            let c: u32 = c0 + 768u;
            let x: f32 = a1[c];
            if (x > best3 || (x == best3 && u32(c) < besti3)) {
                best3 = x;
                besti3 = u32(c);
            }
        }
    }
    for (var c: u32 = 50176u + lid; c < 50257u; c = c + 256u) {
        let x: f32 = a1[c];
        if (x > best0 || (x == best0 && u32(c) < besti0)) {
            best0 = x;
            besti0 = u32(c);
        }
    }
    if (best1 > best0 || (best1 == best0 && besti1 < besti0)) {
        best0 = best1;
        besti0 = besti1;
    }
    if (best2 > best0 || (best2 == best0 && besti2 < besti0)) {
        best0 = best2;
        besti0 = besti2;
    }
    if (best3 > best0 || (best3 == best0 && besti3 < besti0)) {
        best0 = best3;
        besti0 = besti3;
    }
    var best: f32 = best0;
    var besti: u32 = besti0;
    redv[lid] = best;
    redi[lid] = besti;
    workgroupBarrier();
    if (lid < 128u) {
        let ov: f32 = redv[lid + 128u];
        let oi: u32 = redi[lid + 128u];
        if (ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])) {
            redv[lid] = ov;
            redi[lid] = oi;
        }
    }
    workgroupBarrier();
    if (lid < 64u) {
        let ov: f32 = redv[lid + 64u];
        let oi: u32 = redi[lid + 64u];
        if (ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])) {
            redv[lid] = ov;
            redi[lid] = oi;
        }
    }
    workgroupBarrier();
    if (lid < 32u) {
        let ov: f32 = redv[lid + 32u];
        let oi: u32 = redi[lid + 32u];
        if (ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])) {
            redv[lid] = ov;
            redi[lid] = oi;
        }
    }
    workgroupBarrier();
    if (lid < 16u) {
        let ov: f32 = redv[lid + 16u];
        let oi: u32 = redi[lid + 16u];
        if (ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])) {
            redv[lid] = ov;
            redi[lid] = oi;
        }
    }
    workgroupBarrier();
    if (lid < 8u) {
        let ov: f32 = redv[lid + 8u];
        let oi: u32 = redi[lid + 8u];
        if (ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])) {
            redv[lid] = ov;
            redi[lid] = oi;
        }
    }
    workgroupBarrier();
    if (lid < 4u) {
        let ov: f32 = redv[lid + 4u];
        let oi: u32 = redi[lid + 4u];
        if (ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])) {
            redv[lid] = ov;
            redi[lid] = oi;
        }
    }
    workgroupBarrier();
    if (lid < 2u) {
        let ov: f32 = redv[lid + 2u];
        let oi: u32 = redi[lid + 2u];
        if (ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])) {
            redv[lid] = ov;
            redi[lid] = oi;
        }
    }
    workgroupBarrier();
    if (lid < 1u) {
        let ov: f32 = redv[lid + 1u];
        let oi: u32 = redi[lid + 1u];
        if (ov > redv[lid] || (ov == redv[lid] && oi < redi[lid])) {
            redv[lid] = ov;
            redi[lid] = oi;
        }
    }
    workgroupBarrier();
    if (lid == 0u) {
        let acc: u32 = select(redi[0], 0u, redi[0] == 4294967295u);
        a0[row] = acc;
    }
}
