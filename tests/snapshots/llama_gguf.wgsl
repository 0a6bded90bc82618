// node: x[t, d] = emb[ids[t], d]
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read> a1: array<u32>; // ids
@group(0) @binding(2) var<storage, read> a2: array<u32>; // emb
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 34u + 0u; let j = i & 31u; let c = b + 2u + j; let d = forge_q_half(a2[b >> 2u], b); return forge_q_i8(forge_q_byte(a2[c >> 2u], c)) * d; }
@compute @workgroup_size(256)
fn forge_index(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    for (var it: u32 = 0u; it < 1u; it = it + 1u) {
        let i: u32 = (group * 1u + it) * 256u + lid;
        if (i >= 576u) {
            return;
        }
        let v0: u32 = i / 576u;
        let v1: u32 = (i / 1u) % 576u;
        a0[i] = forge_qa2(min(a1[v0], 49151u) * 576u + min(u32(v1), 575u));
    }
}

// node: angle[t, i] = (pos + t) as f32 * exp(i as f32 * (-2.0 / E as f32) * log(theta))
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // angle
struct Uniforms {
    f0: u32, // pos
    f1: u32, // n
    f2: f32, // theta
    f3: f32, // eps
    f4: f32, // inv_temperature
    f5: u32, // top_k
    f6: f32, // top_p
    f7: u32, // draw_key
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
        if (i >= 32u) {
            return;
        }
        let v0: u32 = i / 32u;
        let v1: u32 = (i / 1u) % 32u;
        a0[i] = (f32((u.f0 + u32(i32(v0)))) * exp(((f32(i32(v1)) * -0.03125f) * log(u.f2))));
    }
}

// node: mask[t, j] = select(j <= pos + t, 0.0, -inf)
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // mask
struct Uniforms {
    f0: u32, // pos
    f1: u32, // n
    f2: f32, // theta
    f3: f32, // eps
    f4: f32, // inv_temperature
    f5: u32, // top_k
    f6: f32, // top_p
    f7: u32, // draw_key
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
        if (i >= 1024u) {
            return;
        }
        let v0: u32 = i / 1024u;
        let v1: u32 = (i / 1u) % 1024u;
        a0[i] = select(bitcast<f32>(4286578688u), 0.0f, (u32(i32(v1)) <= (u.f0 + u32(i32(v0)))));
    }
}

// node: a = rms_norm(x, attn_norm[l], eps); …(+3); vc[l, h, o, pos + t, e] = qkv[t, D + KVD + h * E + e]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<u32>; // wqkv
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // attn_norm
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // qh
@group(0) @binding(5) var<storage, read_write> a5: array<f32>; // angle
@group(0) @binding(6) var<storage, read_write> a6: array<f32>; // kc
@group(0) @binding(7) var<storage, read_write> a7: array<f32>; // vc
struct Uniforms {
    f0: u32, // pos
    f1: u32, // n
    f2: f32, // theta
    f3: f32, // eps
    f4: f32, // inv_temperature
    f5: u32, // top_k
    f6: f32, // top_p
    f7: u32, // draw_key
}
@group(0) @binding(8) var<uniform> u: Uniforms;
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa1(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a1[b >> 2u], b); return forge_q_nibble(forge_q_byte(a1[c >> 2u], c), j) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u); }
fn forge_qa1_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a1[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a1[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u)); }
var<workgroup> red: array<f32, 256>;
var<workgroup> red3: array<f32, 32>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 120u) {
        return;
    }
    let bidx: u32 = group / 120u;
    let tile: u32 = group % 120u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    var s0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 960u) {
        for (var t0: u32 = 0u; t0 < 5u; t0 = t0 + 5u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = min(blk0, 17u) * 32u + qc;
            let bv0: vec4<f32> = forge_qa1_x4(kq0 + j * 576u);
            let av0_0_0: f32 = a2[kq0 + 0u];
            let av0_0_1: f32 = a2[kq0 + 1u];
            let av0_0_2: f32 = a2[kq0 + 16u];
            let av0_0_3: f32 = a2[kq0 + 17u];
            let gv0_0_0: f32 = a3[kq0 + 0u];
            let gv0_0_1: f32 = a3[kq0 + 1u];
            let gv0_0_2: f32 = a3[kq0 + 16u];
            let gv0_0_3: f32 = a3[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = min(blk1, 17u) * 32u + qc;
            let bv1: vec4<f32> = forge_qa1_x4(kq1 + j * 576u);
            let av0_1_0: f32 = a2[kq1 + 0u];
            let av0_1_1: f32 = a2[kq1 + 1u];
            let av0_1_2: f32 = a2[kq1 + 16u];
            let av0_1_3: f32 = a2[kq1 + 17u];
            let gv0_1_0: f32 = a3[kq1 + 0u];
            let gv0_1_1: f32 = a3[kq1 + 1u];
            let gv0_1_2: f32 = a3[kq1 + 16u];
            let gv0_1_3: f32 = a3[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = min(blk2, 17u) * 32u + qc;
            let bv2: vec4<f32> = forge_qa1_x4(kq2 + j * 576u);
            let av0_2_0: f32 = a2[kq2 + 0u];
            let av0_2_1: f32 = a2[kq2 + 1u];
            let av0_2_2: f32 = a2[kq2 + 16u];
            let av0_2_3: f32 = a2[kq2 + 17u];
            let gv0_2_0: f32 = a3[kq2 + 0u];
            let gv0_2_1: f32 = a3[kq2 + 1u];
            let gv0_2_2: f32 = a3[kq2 + 16u];
            let gv0_2_3: f32 = a3[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = min(blk3, 17u) * 32u + qc;
            let bv3: vec4<f32> = forge_qa1_x4(kq3 + j * 576u);
            let av0_3_0: f32 = a2[kq3 + 0u];
            let av0_3_1: f32 = a2[kq3 + 1u];
            let av0_3_2: f32 = a2[kq3 + 16u];
            let av0_3_3: f32 = a2[kq3 + 17u];
            let gv0_3_0: f32 = a3[kq3 + 0u];
            let gv0_3_1: f32 = a3[kq3 + 1u];
            let gv0_3_2: f32 = a3[kq3 + 16u];
            let gv0_3_3: f32 = a3[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = min(blk4, 17u) * 32u + qc;
            let bv4: vec4<f32> = forge_qa1_x4(kq4 + j * 576u);
            let av0_4_0: f32 = a2[kq4 + 0u];
            let av0_4_1: f32 = a2[kq4 + 1u];
            let av0_4_2: f32 = a2[kq4 + 16u];
            let av0_4_3: f32 = a2[kq4 + 17u];
            let gv0_4_0: f32 = a3[kq4 + 0u];
            let gv0_4_1: f32 = a3[kq4 + 1u];
            let gv0_4_2: f32 = a3[kq4 + 16u];
            let gv0_4_3: f32 = a3[kq4 + 17u];
            s0 = s0 + select(0.0f, av0_0_0 * av0_0_0 + av0_0_1 * av0_0_1 + av0_0_2 * av0_0_2 + av0_0_3 * av0_0_3, blk0 < 18u);
            p0 = p0 + select(0.0f, (av0_0_0 * gv0_0_0) * bv0.x + (av0_0_1 * gv0_0_1) * bv0.y + (av0_0_2 * gv0_0_2) * bv0.z + (av0_0_3 * gv0_0_3) * bv0.w, blk0 < 18u);
            s0 = s0 + select(0.0f, av0_1_0 * av0_1_0 + av0_1_1 * av0_1_1 + av0_1_2 * av0_1_2 + av0_1_3 * av0_1_3, blk1 < 18u);
            p0 = p0 + select(0.0f, (av0_1_0 * gv0_1_0) * bv1.x + (av0_1_1 * gv0_1_1) * bv1.y + (av0_1_2 * gv0_1_2) * bv1.z + (av0_1_3 * gv0_1_3) * bv1.w, blk1 < 18u);
            s0 = s0 + select(0.0f, av0_2_0 * av0_2_0 + av0_2_1 * av0_2_1 + av0_2_2 * av0_2_2 + av0_2_3 * av0_2_3, blk2 < 18u);
            p0 = p0 + select(0.0f, (av0_2_0 * gv0_2_0) * bv2.x + (av0_2_1 * gv0_2_1) * bv2.y + (av0_2_2 * gv0_2_2) * bv2.z + (av0_2_3 * gv0_2_3) * bv2.w, blk2 < 18u);
            s0 = s0 + select(0.0f, av0_3_0 * av0_3_0 + av0_3_1 * av0_3_1 + av0_3_2 * av0_3_2 + av0_3_3 * av0_3_3, blk3 < 18u);
            p0 = p0 + select(0.0f, (av0_3_0 * gv0_3_0) * bv3.x + (av0_3_1 * gv0_3_1) * bv3.y + (av0_3_2 * gv0_3_2) * bv3.z + (av0_3_3 * gv0_3_3) * bv3.w, blk3 < 18u);
            s0 = s0 + select(0.0f, av0_4_0 * av0_4_0 + av0_4_1 * av0_4_1 + av0_4_2 * av0_4_2 + av0_4_3 * av0_4_3, blk4 < 18u);
            p0 = p0 + select(0.0f, (av0_4_0 * gv0_4_0) * bv4.x + (av0_4_1 * gv0_4_1) * bv4.y + (av0_4_2 * gv0_4_2) * bv4.z + (av0_4_3 * gv0_4_3) * bv4.w, blk4 < 18u);
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    if (col == 0u) {
        red3[u32(ks) * 1u + 0u] = s0;
    }
    workgroupBarrier();
    if (ks == 0u && j < 960u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            var ss: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
                ss = ss + red3[q * 1u + u32(i)];
            }
            let inv: f32 = inverseSqrt(ss / 576.0f + u.f3);
            acc = acc * inv;
            a0[((bidx * 1u + i) * 960u + j)] = acc;
        }
    }
    storageBarrier();
    workgroupBarrier();
    for (var fp0: u32 = lid; fp0 < 576u; fp0 = fp0 + 256u) {
        let f0v0: u32 = fp0 / 192u;
        let f0v1: u32 = (fp0 / 64u) % 3u;
        let f0v2: u32 = (fp0 / 64u) % 1u;
        let f0v3: u32 = (fp0 / 1u) % 64u;
        if (u32(clamp(((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)), i32(0), i32(959))) / 8u == tile) {
            a4[fp0] = select(((a0[min(u32(f0v2), 0u) * 960u + u32(clamp((((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)) + 1i), 0i, 959i))] * forge_cos(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), 2i), 0i, 31i))])) + (a0[min(u32(f0v2), 0u) * 960u + u32(clamp(((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)), 0i, 959i))] * forge_sin(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), 2i), 0i, 31i))]))), ((a0[min(u32(f0v2), 0u) * 960u + u32(clamp(((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)), 0i, 959i))] * forge_cos(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), 2i), 0i, 31i))])) - (a0[min(u32(f0v2), 0u) * 960u + u32(clamp((((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)) + 1i), 0i, 959i))] * forge_sin(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), 2i), 0i, 31i))]))), ((forge_div_i32(i32(f0v3), 2i) * 2i) == i32(f0v3)));
        }
    }
    for (var fp1: u32 = lid; fp1 < 192u; fp1 = fp1 + 256u) {
        let f1v0: u32 = fp1 / 64u;
        let f1v1: u32 = (fp1 / 64u) % 1u;
        let f1v2: u32 = (fp1 / 64u) % 1u;
        let f1v3: u32 = (fp1 / 1u) % 64u;
        if (u32(clamp(((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)), i32(0), i32(959))) / 8u == tile) {
            let at2: u32 = f1v2 + u.f0;
            if (at2 >= f1v2 && at2 < 1024u) {
                a6[f1v0 * 65536u + f1v1 * 65536u + at2 * 64u + f1v3 * 1u] = select(((a0[min(u32(f1v2), 0u) * 960u + u32(clamp((((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)) + 1i), 0i, 959i))] * forge_cos(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), 2i), 0i, 31i))])) + (a0[min(u32(f1v2), 0u) * 960u + u32(clamp(((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)), 0i, 959i))] * forge_sin(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), 2i), 0i, 31i))]))), ((a0[min(u32(f1v2), 0u) * 960u + u32(clamp(((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)), 0i, 959i))] * forge_cos(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), 2i), 0i, 31i))])) - (a0[min(u32(f1v2), 0u) * 960u + u32(clamp((((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)) + 1i), 0i, 959i))] * forge_sin(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), 2i), 0i, 31i))]))), ((forge_div_i32(i32(f1v3), 2i) * 2i) == i32(f1v3)));
            }
        }
    }
    for (var fp2: u32 = lid; fp2 < 192u; fp2 = fp2 + 256u) {
        let f2v0: u32 = fp2 / 64u;
        let f2v1: u32 = (fp2 / 64u) % 1u;
        let f2v2: u32 = (fp2 / 64u) % 1u;
        let f2v3: u32 = (fp2 / 1u) % 64u;
        if (u32(clamp(((768i + (i32(f2v0) * 64i)) + i32(f2v3)), i32(0), i32(959))) / 8u == tile) {
            let at2: u32 = f2v2 + u.f0;
            if (at2 >= f2v2 && at2 < 1024u) {
                a7[f2v0 * 65536u + f2v1 * 65536u + at2 * 64u + f2v3 * 1u] = a0[min(u32(f2v2), 0u) * 960u + u32(clamp(((768i + (i32(f2v0) * 64i)) + i32(f2v3)), 0i, 959i))];
            }
        }
    }
}

// node: scores = select(mask == 0.0, matmul(qh, transpose(kc[l]), precision = tf32x3) * rsqrt(E as f32), -inf)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // scores
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // mask
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // qh
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // kc
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
var<workgroup> red: array<f32, 768>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 384u) {
        return;
    }
    let obidx: u32 = group / 128u;
    let tile: u32 = group % 128u;
    let ob0: u32 = obidx;
    let r0_: u32 = 0u;
    let i0_: u32 = r0_ % 1u;
    let bidx0_: u32 = obidx * 3u + r0_ / 1u;
    let b0_0: u32 = bidx0_ / 3u;
    let b0_1: u32 = (bidx0_ / 1u) % 3u;
    let r1_: u32 = 1u;
    let i1_: u32 = r1_ % 1u;
    let bidx1_: u32 = obidx * 3u + r1_ / 1u;
    let b1_0: u32 = bidx1_ / 3u;
    let b1_1: u32 = (bidx1_ / 1u) % 3u;
    let r2_: u32 = 2u;
    let i2_: u32 = r2_ % 1u;
    let bidx2_: u32 = obidx * 3u + r2_ / 1u;
    let b2_0: u32 = bidx2_ / 3u;
    let b2_1: u32 = (bidx2_ / 1u) % 3u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    var p1: f32 = 0.0f;
    var p2: f32 = 0.0f;
    if (j < 1024u) {
        for (var k0: u32 = 0u; k0 < 64u; k0 = k0 + 64u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: f32 = a3[ob0 * 65536u + kk0 + j * 64u];
            let av0_0: f32 = a2[b0_0 * 192u + b0_1 * 64u + kk0];
            let av1_0: f32 = a2[b1_0 * 192u + b1_1 * 64u + kk0];
            let av2_0: f32 = a2[b2_0 * 192u + b2_1 * 64u + kk0];
            let kk1: u32 = k0 + 32u + ks;
            let bv1: f32 = a3[ob0 * 65536u + kk1 + j * 64u];
            let av0_1: f32 = a2[b0_0 * 192u + b0_1 * 64u + kk1];
            let av1_1: f32 = a2[b1_0 * 192u + b1_1 * 64u + kk1];
            let av2_1: f32 = a2[b2_0 * 192u + b2_1 * 64u + kk1];
            p0 = p0 + av0_0 * bv0;
            p1 = p1 + av1_0 * bv0;
            p2 = p2 + av2_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p1 = p1 + av1_1 * bv1;
            p2 = p2 + av2_1 * bv1;
        }
    }
    red[(u32(ks) * 3u + 0u) * 8u + u32(col)] = p0;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col)] = p1;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col)] = p2;
    workgroupBarrier();
    if (ks == 0u && j < 1024u) {
        for (var r: u32 = 0u; r < 3u; r = r + 1u) {
            let i: u32 = r % 1u;
            let bidx: u32 = obidx * 3u + r / 1u;
            let b0: u32 = bidx / 3u;
            let b1: u32 = (bidx / 1u) % 3u;
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 3u + u32(r)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 1024u + j)] = select(bitcast<f32>(4286578688u), (acc * 0.125f), forge_feq(a1[j], 0.0f));
        }
    }
}

// node: probs = softmax(scores)
// kernel softmax (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // probs
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // scores
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
var<workgroup> redmax0: array<f32, 256>;
var<workgroup> redsum0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_softmax(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 4u >= 9u) {
        return;
    }
    let lane: u32 = lid & 63u;
    let slot: u32 = group * 4u + lid / 64u;
    let live: bool = slot < 9u;
    let row: u32 = select(8u, slot, live);
    let l0: u32 = row / 3u;
    let l1: u32 = (row / 1u) % 3u;
    let l2: u32 = (row / 1u) % 1u;
    var part: f32 = 0.0f;
    var x0: f32 = bitcast<f32>(4286578688u);
    var x1: f32 = bitcast<f32>(4286578688u);
    var x2: f32 = bitcast<f32>(4286578688u);
    var x3: f32 = bitcast<f32>(4286578688u);
    var x4: f32 = bitcast<f32>(4286578688u);
    var x5: f32 = bitcast<f32>(4286578688u);
    var x6: f32 = bitcast<f32>(4286578688u);
    var x7: f32 = bitcast<f32>(4286578688u);
    var x8: f32 = bitcast<f32>(4286578688u);
    var x9: f32 = bitcast<f32>(4286578688u);
    var x10: f32 = bitcast<f32>(4286578688u);
    var x11: f32 = bitcast<f32>(4286578688u);
    var x12: f32 = bitcast<f32>(4286578688u);
    var x13: f32 = bitcast<f32>(4286578688u);
    var x14: f32 = bitcast<f32>(4286578688u);
    var x15: f32 = bitcast<f32>(4286578688u);
    {
        let c: u32 = lane;
        let i: u32 = row * 1024u + c;
        x0 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 1024u + c;
        x1 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 1024u + c;
        x2 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 1024u + c;
        x3 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 1024u + c;
        x4 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 1024u + c;
        x5 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 384u + lane;
        let i: u32 = row * 1024u + c;
        x6 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 448u + lane;
        let i: u32 = row * 1024u + c;
        x7 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 512u + lane;
        let i: u32 = row * 1024u + c;
        x8 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 576u + lane;
        let i: u32 = row * 1024u + c;
        x9 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 640u + lane;
        let i: u32 = row * 1024u + c;
        x10 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 704u + lane;
        let i: u32 = row * 1024u + c;
        x11 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 768u + lane;
        let i: u32 = row * 1024u + c;
        x12 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 832u + lane;
        let i: u32 = row * 1024u + c;
        x13 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 896u + lane;
        let i: u32 = row * 1024u + c;
        x14 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 960u + lane;
        let i: u32 = row * 1024u + c;
        x15 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    part = forge_fmax(forge_fmax(forge_fmax(forge_fmax(x0, x1), forge_fmax(x2, x3)), forge_fmax(forge_fmax(x4, x5), forge_fmax(x6, x7))), forge_fmax(forge_fmax(forge_fmax(x8, x9), forge_fmax(x10, x11)), forge_fmax(forge_fmax(x12, x13), forge_fmax(x14, x15))));
    redmax0[lid] = part;
    workgroupBarrier();
    if (lane < 4u) {
        part = forge_fmax(part, redmax0[lid + 4u]);
        part = forge_fmax(part, redmax0[lid + 8u]);
        part = forge_fmax(part, redmax0[lid + 12u]);
        part = forge_fmax(part, redmax0[lid + 16u]);
        part = forge_fmax(part, redmax0[lid + 20u]);
        part = forge_fmax(part, redmax0[lid + 24u]);
        part = forge_fmax(part, redmax0[lid + 28u]);
        part = forge_fmax(part, redmax0[lid + 32u]);
        part = forge_fmax(part, redmax0[lid + 36u]);
        part = forge_fmax(part, redmax0[lid + 40u]);
        part = forge_fmax(part, redmax0[lid + 44u]);
        part = forge_fmax(part, redmax0[lid + 48u]);
        part = forge_fmax(part, redmax0[lid + 52u]);
        part = forge_fmax(part, redmax0[lid + 56u]);
        part = forge_fmax(part, redmax0[lid + 60u]);
        redmax0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = forge_fmax(part, redmax0[lid + 1u]);
        part = forge_fmax(part, redmax0[lid + 2u]);
        part = forge_fmax(part, redmax0[lid + 3u]);
        redmax0[lid] = part;
    }
    workgroupBarrier();
    part = redmax0[lid - lane];
    let m: f32 = part;
    x0 = exp(x0 - m);
    x1 = exp(x1 - m);
    x2 = exp(x2 - m);
    x3 = exp(x3 - m);
    x4 = exp(x4 - m);
    x5 = exp(x5 - m);
    x6 = exp(x6 - m);
    x7 = exp(x7 - m);
    x8 = exp(x8 - m);
    x9 = exp(x9 - m);
    x10 = exp(x10 - m);
    x11 = exp(x11 - m);
    x12 = exp(x12 - m);
    x13 = exp(x13 - m);
    x14 = exp(x14 - m);
    x15 = exp(x15 - m);
    part = ((((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7))) + (((x8 + x9) + (x10 + x11)) + ((x12 + x13) + (x14 + x15))));
    redsum0[lid] = part;
    workgroupBarrier();
    if (lane < 4u) {
        part = (part + redsum0[lid + 4u]);
        part = (part + redsum0[lid + 8u]);
        part = (part + redsum0[lid + 12u]);
        part = (part + redsum0[lid + 16u]);
        part = (part + redsum0[lid + 20u]);
        part = (part + redsum0[lid + 24u]);
        part = (part + redsum0[lid + 28u]);
        part = (part + redsum0[lid + 32u]);
        part = (part + redsum0[lid + 36u]);
        part = (part + redsum0[lid + 40u]);
        part = (part + redsum0[lid + 44u]);
        part = (part + redsum0[lid + 48u]);
        part = (part + redsum0[lid + 52u]);
        part = (part + redsum0[lid + 56u]);
        part = (part + redsum0[lid + 60u]);
        redsum0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsum0[lid + 1u]);
        part = (part + redsum0[lid + 2u]);
        part = (part + redsum0[lid + 3u]);
        redsum0[lid] = part;
    }
    workgroupBarrier();
    part = redsum0[lid - lane];
    let total: f32 = part;
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x0 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x1 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x2 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x3 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x4 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x5 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 384u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x6 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 448u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x7 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 512u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x8 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 576u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x9 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 640u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x10 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 704u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x11 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 768u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x12 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 832u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x13 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 896u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x14 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 960u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x15 / total;
            a0[i] = acc;
        }
    }
}

// node: ctx = matmul(probs, vc[l], precision = tf32x3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctx
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // probs
@group(0) @binding(2) var<storage, read_write> a2: array<vec4<f32>>; // vc
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
var<workgroup> red: array<f32, 3072>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 24u) {
        return;
    }
    let obidx: u32 = group / 8u;
    let tile: u32 = group % 8u;
    let ob0: u32 = obidx;
    let r0_: u32 = 0u;
    let i0_: u32 = r0_ % 1u;
    let bidx0_: u32 = obidx * 3u + r0_ / 1u;
    let b0_0: u32 = bidx0_ / 3u;
    let b0_1: u32 = (bidx0_ / 1u) % 3u;
    let r1_: u32 = 1u;
    let i1_: u32 = r1_ % 1u;
    let bidx1_: u32 = obidx * 3u + r1_ / 1u;
    let b1_0: u32 = bidx1_ / 3u;
    let b1_1: u32 = (bidx1_ / 1u) % 3u;
    let r2_: u32 = 2u;
    let i2_: u32 = r2_ % 1u;
    let bidx2_: u32 = obidx * 3u + r2_ / 1u;
    let b2_0: u32 = bidx2_ / 3u;
    let b2_1: u32 = (bidx2_ / 1u) % 3u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    var p1: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    var p2: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 16u) {
        for (var k0: u32 = 0u; k0 < 1024u; k0 = k0 + 1024u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a2[ob0 * 16384u + kk0 * 16u + jv];
            let av0_0: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk0];
            let av1_0: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk0];
            let av2_0: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a2[ob0 * 16384u + kk1 * 16u + jv];
            let av0_1: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk1];
            let av1_1: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk1];
            let av2_1: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a2[ob0 * 16384u + kk2 * 16u + jv];
            let av0_2: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk2];
            let av1_2: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk2];
            let av2_2: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a2[ob0 * 16384u + kk3 * 16u + jv];
            let av0_3: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk3];
            let av1_3: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk3];
            let av2_3: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a2[ob0 * 16384u + kk4 * 16u + jv];
            let av0_4: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk4];
            let av1_4: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk4];
            let av2_4: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a2[ob0 * 16384u + kk5 * 16u + jv];
            let av0_5: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk5];
            let av1_5: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk5];
            let av2_5: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk5];
            let kk6: u32 = k0 + 768u + ks;
            let bv6: vec4<f32> = a2[ob0 * 16384u + kk6 * 16u + jv];
            let av0_6: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk6];
            let av1_6: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk6];
            let av2_6: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk6];
            let kk7: u32 = k0 + 896u + ks;
            let bv7: vec4<f32> = a2[ob0 * 16384u + kk7 * 16u + jv];
            let av0_7: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk7];
            let av1_7: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk7];
            let av2_7: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk7];
            p0 = p0 + av0_0 * bv0;
            p1 = p1 + av1_0 * bv0;
            p2 = p2 + av2_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p1 = p1 + av1_1 * bv1;
            p2 = p2 + av2_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p1 = p1 + av1_2 * bv2;
            p2 = p2 + av2_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p1 = p1 + av1_3 * bv3;
            p2 = p2 + av2_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p1 = p1 + av1_4 * bv4;
            p2 = p2 + av2_4 * bv4;
            p0 = p0 + av0_5 * bv5;
            p1 = p1 + av1_5 * bv5;
            p2 = p2 + av2_5 * bv5;
            p0 = p0 + av0_6 * bv6;
            p1 = p1 + av1_6 * bv6;
            p2 = p2 + av2_6 * bv6;
            p0 = p0 + av0_7 * bv7;
            p1 = p1 + av1_7 * bv7;
            p2 = p2 + av2_7 * bv7;
        }
    }
    red[(u32(ks) * 3u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 3u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 3u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 3u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col) * 4u + 0u] = p1.x;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col) * 4u + 1u] = p1.y;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col) * 4u + 2u] = p1.z;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col) * 4u + 3u] = p1.w;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col) * 4u + 0u] = p2.x;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col) * 4u + 1u] = p2.y;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col) * 4u + 2u] = p2.z;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col) * 4u + 3u] = p2.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 3u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 3u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 3u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 3u + 0u) * 8u + u32(cpart)];
    let t1: f32 = red[((u32(kpart) * 4u + 0u) * 3u + 1u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 3u + 1u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 3u + 1u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 3u + 1u) * 8u + u32(cpart)];
    let t2: f32 = red[((u32(kpart) * 4u + 0u) * 3u + 2u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 3u + 2u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 3u + 2u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 3u + 2u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 3u + 0u) * 8u + u32(cpart)] = t0;
    red[(u32(kpart) * 3u + 1u) * 8u + u32(cpart)] = t1;
    red[(u32(kpart) * 3u + 2u) * 8u + u32(cpart)] = t2;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 64u) {
        for (var r: u32 = 0u; r < 3u; r = r + 1u) {
            let i: u32 = r % 1u;
            let bidx: u32 = obidx * 3u + r / 1u;
            let b0: u32 = bidx / 3u;
            let b1: u32 = (bidx / 1u) % 3u;
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 3u + u32(r)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 64u + j)] = acc;
        }
    }
}

// node: x = x + matmul(merged, transpose(wo[l]), precision = tf32x3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // ctx
@group(0) @binding(2) var<storage, read> a2: array<u32>; // wo
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a2[b >> 2u], b); return forge_q_nibble(forge_q_byte(a2[c >> 2u], c), j) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u); }
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u)); }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 72u) {
        return;
    }
    let bidx: u32 = group / 72u;
    let tile: u32 = group % 72u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 576u) {
        for (var t0: u32 = 0u; t0 < 5u; t0 = t0 + 5u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = min(blk0, 17u) * 32u + qc;
            let bv0: vec4<f32> = forge_qa2_x4(kq0 + j * 576u);
            let av0_0_0: f32 = a1[kq0 + 0u];
            let av0_0_1: f32 = a1[kq0 + 1u];
            let av0_0_2: f32 = a1[kq0 + 16u];
            let av0_0_3: f32 = a1[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = min(blk1, 17u) * 32u + qc;
            let bv1: vec4<f32> = forge_qa2_x4(kq1 + j * 576u);
            let av0_1_0: f32 = a1[kq1 + 0u];
            let av0_1_1: f32 = a1[kq1 + 1u];
            let av0_1_2: f32 = a1[kq1 + 16u];
            let av0_1_3: f32 = a1[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = min(blk2, 17u) * 32u + qc;
            let bv2: vec4<f32> = forge_qa2_x4(kq2 + j * 576u);
            let av0_2_0: f32 = a1[kq2 + 0u];
            let av0_2_1: f32 = a1[kq2 + 1u];
            let av0_2_2: f32 = a1[kq2 + 16u];
            let av0_2_3: f32 = a1[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = min(blk3, 17u) * 32u + qc;
            let bv3: vec4<f32> = forge_qa2_x4(kq3 + j * 576u);
            let av0_3_0: f32 = a1[kq3 + 0u];
            let av0_3_1: f32 = a1[kq3 + 1u];
            let av0_3_2: f32 = a1[kq3 + 16u];
            let av0_3_3: f32 = a1[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = min(blk4, 17u) * 32u + qc;
            let bv4: vec4<f32> = forge_qa2_x4(kq4 + j * 576u);
            let av0_4_0: f32 = a1[kq4 + 0u];
            let av0_4_1: f32 = a1[kq4 + 1u];
            let av0_4_2: f32 = a1[kq4 + 16u];
            let av0_4_3: f32 = a1[kq4 + 17u];
            p0 = p0 + select(0.0f, av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w, blk0 < 18u);
            p0 = p0 + select(0.0f, av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w, blk1 < 18u);
            p0 = p0 + select(0.0f, av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w, blk2 < 18u);
            p0 = p0 + select(0.0f, av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w, blk3 < 18u);
            p0 = p0 + select(0.0f, av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w, blk4 < 18u);
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    workgroupBarrier();
    if (ks == 0u && j < 576u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 576u + j)] = (a0[j] + acc);
        }
    }
}

// node: a = rms_norm(x, ffn_norm[l], eps); hid = silu(matmul(a, transpose(w_gate[l]), precision = tf32x3)) * matmul(a, transpose(w_up[l]), precision = tf32x3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // hid
@group(0) @binding(1) var<storage, read> a1: array<u32>; // w_up
@group(0) @binding(2) var<storage, read> a2: array<u32>; // w_gate
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // x
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ffn_norm
struct Uniforms {
    f0: u32, // pos
    f1: u32, // n
    f2: f32, // theta
    f3: f32, // eps
    f4: f32, // inv_temperature
    f5: u32, // top_k
    f6: f32, // top_p
    f7: u32, // draw_key
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa1(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a1[b >> 2u], b); return forge_q_nibble(forge_q_byte(a1[c >> 2u], c), j) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u); }
fn forge_qa1_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a1[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a1[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u)); }
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a2[b >> 2u], b); return forge_q_nibble(forge_q_byte(a2[c >> 2u], c), j) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u); }
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u)); }
var<workgroup> red: array<f32, 256>;
var<workgroup> red2: array<f32, 256>;
var<workgroup> red3: array<f32, 32>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 192u;
    let tile: u32 = group % 192u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    var q0: f32 = 0.0f;
    var s0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 1536u) {
        for (var t0: u32 = 0u; t0 < 5u; t0 = t0 + 5u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = min(blk0, 17u) * 32u + qc;
            let bv0: vec4<f32> = forge_qa1_x4(kq0 + j * 576u);
            let bw0: vec4<f32> = forge_qa2_x4(kq0 + j * 576u);
            let av0_0_0: f32 = a3[kq0 + 0u];
            let av0_0_1: f32 = a3[kq0 + 1u];
            let av0_0_2: f32 = a3[kq0 + 16u];
            let av0_0_3: f32 = a3[kq0 + 17u];
            let gv0_0_0: f32 = a4[kq0 + 0u];
            let gv0_0_1: f32 = a4[kq0 + 1u];
            let gv0_0_2: f32 = a4[kq0 + 16u];
            let gv0_0_3: f32 = a4[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = min(blk1, 17u) * 32u + qc;
            let bv1: vec4<f32> = forge_qa1_x4(kq1 + j * 576u);
            let bw1: vec4<f32> = forge_qa2_x4(kq1 + j * 576u);
            let av0_1_0: f32 = a3[kq1 + 0u];
            let av0_1_1: f32 = a3[kq1 + 1u];
            let av0_1_2: f32 = a3[kq1 + 16u];
            let av0_1_3: f32 = a3[kq1 + 17u];
            let gv0_1_0: f32 = a4[kq1 + 0u];
            let gv0_1_1: f32 = a4[kq1 + 1u];
            let gv0_1_2: f32 = a4[kq1 + 16u];
            let gv0_1_3: f32 = a4[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = min(blk2, 17u) * 32u + qc;
            let bv2: vec4<f32> = forge_qa1_x4(kq2 + j * 576u);
            let bw2: vec4<f32> = forge_qa2_x4(kq2 + j * 576u);
            let av0_2_0: f32 = a3[kq2 + 0u];
            let av0_2_1: f32 = a3[kq2 + 1u];
            let av0_2_2: f32 = a3[kq2 + 16u];
            let av0_2_3: f32 = a3[kq2 + 17u];
            let gv0_2_0: f32 = a4[kq2 + 0u];
            let gv0_2_1: f32 = a4[kq2 + 1u];
            let gv0_2_2: f32 = a4[kq2 + 16u];
            let gv0_2_3: f32 = a4[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = min(blk3, 17u) * 32u + qc;
            let bv3: vec4<f32> = forge_qa1_x4(kq3 + j * 576u);
            let bw3: vec4<f32> = forge_qa2_x4(kq3 + j * 576u);
            let av0_3_0: f32 = a3[kq3 + 0u];
            let av0_3_1: f32 = a3[kq3 + 1u];
            let av0_3_2: f32 = a3[kq3 + 16u];
            let av0_3_3: f32 = a3[kq3 + 17u];
            let gv0_3_0: f32 = a4[kq3 + 0u];
            let gv0_3_1: f32 = a4[kq3 + 1u];
            let gv0_3_2: f32 = a4[kq3 + 16u];
            let gv0_3_3: f32 = a4[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = min(blk4, 17u) * 32u + qc;
            let bv4: vec4<f32> = forge_qa1_x4(kq4 + j * 576u);
            let bw4: vec4<f32> = forge_qa2_x4(kq4 + j * 576u);
            let av0_4_0: f32 = a3[kq4 + 0u];
            let av0_4_1: f32 = a3[kq4 + 1u];
            let av0_4_2: f32 = a3[kq4 + 16u];
            let av0_4_3: f32 = a3[kq4 + 17u];
            let gv0_4_0: f32 = a4[kq4 + 0u];
            let gv0_4_1: f32 = a4[kq4 + 1u];
            let gv0_4_2: f32 = a4[kq4 + 16u];
            let gv0_4_3: f32 = a4[kq4 + 17u];
            s0 = s0 + select(0.0f, av0_0_0 * av0_0_0 + av0_0_1 * av0_0_1 + av0_0_2 * av0_0_2 + av0_0_3 * av0_0_3, blk0 < 18u);
            p0 = p0 + select(0.0f, (av0_0_0 * gv0_0_0) * bv0.x + (av0_0_1 * gv0_0_1) * bv0.y + (av0_0_2 * gv0_0_2) * bv0.z + (av0_0_3 * gv0_0_3) * bv0.w, blk0 < 18u);
            q0 = q0 + select(0.0f, (av0_0_0 * gv0_0_0) * bw0.x + (av0_0_1 * gv0_0_1) * bw0.y + (av0_0_2 * gv0_0_2) * bw0.z + (av0_0_3 * gv0_0_3) * bw0.w, blk0 < 18u);
            s0 = s0 + select(0.0f, av0_1_0 * av0_1_0 + av0_1_1 * av0_1_1 + av0_1_2 * av0_1_2 + av0_1_3 * av0_1_3, blk1 < 18u);
            p0 = p0 + select(0.0f, (av0_1_0 * gv0_1_0) * bv1.x + (av0_1_1 * gv0_1_1) * bv1.y + (av0_1_2 * gv0_1_2) * bv1.z + (av0_1_3 * gv0_1_3) * bv1.w, blk1 < 18u);
            q0 = q0 + select(0.0f, (av0_1_0 * gv0_1_0) * bw1.x + (av0_1_1 * gv0_1_1) * bw1.y + (av0_1_2 * gv0_1_2) * bw1.z + (av0_1_3 * gv0_1_3) * bw1.w, blk1 < 18u);
            s0 = s0 + select(0.0f, av0_2_0 * av0_2_0 + av0_2_1 * av0_2_1 + av0_2_2 * av0_2_2 + av0_2_3 * av0_2_3, blk2 < 18u);
            p0 = p0 + select(0.0f, (av0_2_0 * gv0_2_0) * bv2.x + (av0_2_1 * gv0_2_1) * bv2.y + (av0_2_2 * gv0_2_2) * bv2.z + (av0_2_3 * gv0_2_3) * bv2.w, blk2 < 18u);
            q0 = q0 + select(0.0f, (av0_2_0 * gv0_2_0) * bw2.x + (av0_2_1 * gv0_2_1) * bw2.y + (av0_2_2 * gv0_2_2) * bw2.z + (av0_2_3 * gv0_2_3) * bw2.w, blk2 < 18u);
            s0 = s0 + select(0.0f, av0_3_0 * av0_3_0 + av0_3_1 * av0_3_1 + av0_3_2 * av0_3_2 + av0_3_3 * av0_3_3, blk3 < 18u);
            p0 = p0 + select(0.0f, (av0_3_0 * gv0_3_0) * bv3.x + (av0_3_1 * gv0_3_1) * bv3.y + (av0_3_2 * gv0_3_2) * bv3.z + (av0_3_3 * gv0_3_3) * bv3.w, blk3 < 18u);
            q0 = q0 + select(0.0f, (av0_3_0 * gv0_3_0) * bw3.x + (av0_3_1 * gv0_3_1) * bw3.y + (av0_3_2 * gv0_3_2) * bw3.z + (av0_3_3 * gv0_3_3) * bw3.w, blk3 < 18u);
            s0 = s0 + select(0.0f, av0_4_0 * av0_4_0 + av0_4_1 * av0_4_1 + av0_4_2 * av0_4_2 + av0_4_3 * av0_4_3, blk4 < 18u);
            p0 = p0 + select(0.0f, (av0_4_0 * gv0_4_0) * bv4.x + (av0_4_1 * gv0_4_1) * bv4.y + (av0_4_2 * gv0_4_2) * bv4.z + (av0_4_3 * gv0_4_3) * bv4.w, blk4 < 18u);
            q0 = q0 + select(0.0f, (av0_4_0 * gv0_4_0) * bw4.x + (av0_4_1 * gv0_4_1) * bw4.y + (av0_4_2 * gv0_4_2) * bw4.z + (av0_4_3 * gv0_4_3) * bw4.w, blk4 < 18u);
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    red2[(u32(ks) * 1u + 0u) * 8u + u32(col)] = q0;
    if (col == 0u) {
        red3[u32(ks) * 1u + 0u] = s0;
    }
    workgroupBarrier();
    if (ks == 0u && j < 1536u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            var acc2: f32 = 0.0f;
            var ss: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
                acc2 = acc2 + red2[(q * 1u + u32(i)) * 8u + u32(col)];
                ss = ss + red3[q * 1u + u32(i)];
            }
            let inv: f32 = inverseSqrt(ss / 576.0f + u.f3);
            acc = acc * inv;
            acc2 = acc2 * inv;
            a0[((bidx * 1u + i) * 1536u + j)] = (forge_silu(acc2) * acc);
        }
    }
}

// node: x = x + matmul(hid, transpose(w_down[l]), precision = tf32x3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // hid
@group(0) @binding(2) var<storage, read> a2: array<u32>; // w_down
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a2[b >> 2u], b); return forge_q_nibble(forge_q_byte(a2[c >> 2u], c), j) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u); }
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u)); }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 72u) {
        return;
    }
    let bidx: u32 = group / 72u;
    let tile: u32 = group % 72u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 576u) {
        for (var t0: u32 = 0u; t0 < 12u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa2_x4(kq0 + j * 1536u);
            let av0_0_0: f32 = a1[kq0 + 0u];
            let av0_0_1: f32 = a1[kq0 + 1u];
            let av0_0_2: f32 = a1[kq0 + 16u];
            let av0_0_3: f32 = a1[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa2_x4(kq1 + j * 1536u);
            let av0_1_0: f32 = a1[kq1 + 0u];
            let av0_1_1: f32 = a1[kq1 + 1u];
            let av0_1_2: f32 = a1[kq1 + 16u];
            let av0_1_3: f32 = a1[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa2_x4(kq2 + j * 1536u);
            let av0_2_0: f32 = a1[kq2 + 0u];
            let av0_2_1: f32 = a1[kq2 + 1u];
            let av0_2_2: f32 = a1[kq2 + 16u];
            let av0_2_3: f32 = a1[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa2_x4(kq3 + j * 1536u);
            let av0_3_0: f32 = a1[kq3 + 0u];
            let av0_3_1: f32 = a1[kq3 + 1u];
            let av0_3_2: f32 = a1[kq3 + 16u];
            let av0_3_3: f32 = a1[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa2_x4(kq4 + j * 1536u);
            let av0_4_0: f32 = a1[kq4 + 0u];
            let av0_4_1: f32 = a1[kq4 + 1u];
            let av0_4_2: f32 = a1[kq4 + 16u];
            let av0_4_3: f32 = a1[kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa2_x4(kq5 + j * 1536u);
            let av0_5_0: f32 = a1[kq5 + 0u];
            let av0_5_1: f32 = a1[kq5 + 1u];
            let av0_5_2: f32 = a1[kq5 + 16u];
            let av0_5_3: f32 = a1[kq5 + 17u];
            p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
            p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
            p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
            p0 = p0 + av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w;
            p0 = p0 + av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w;
            p0 = p0 + av0_5_0 * bv5.x + av0_5_1 * bv5.y + av0_5_2 * bv5.z + av0_5_3 * bv5.w;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    workgroupBarrier();
    if (ks == 0u && j < 576u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 576u + j)] = (a0[j] + acc);
        }
    }
}

// node: a = rms_norm(x, attn_norm[l], eps); …(+3); vc[l, h, o, pos + t, e] = qkv[t, D + KVD + h * E + e]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<u32>; // wqkv
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // attn_norm
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // qh
@group(0) @binding(5) var<storage, read_write> a5: array<f32>; // angle
@group(0) @binding(6) var<storage, read_write> a6: array<f32>; // kc
@group(0) @binding(7) var<storage, read_write> a7: array<f32>; // vc
struct Uniforms {
    f0: u32, // pos
    f1: u32, // n
    f2: f32, // theta
    f3: f32, // eps
    f4: f32, // inv_temperature
    f5: u32, // top_k
    f6: f32, // top_p
    f7: u32, // draw_key
}
@group(0) @binding(8) var<uniform> u: Uniforms;
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa1(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a1[b >> 2u], b); return forge_q_nibble(forge_q_byte(a1[c >> 2u], c), j) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u); }
fn forge_qa1_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a1[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a1[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u)); }
var<workgroup> red: array<f32, 256>;
var<workgroup> red3: array<f32, 32>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 120u) {
        return;
    }
    let bidx: u32 = group / 120u;
    let tile: u32 = group % 120u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    var s0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 960u) {
        for (var t0: u32 = 0u; t0 < 5u; t0 = t0 + 5u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = min(blk0, 17u) * 32u + qc;
            let bv0: vec4<f32> = forge_qa1_x4(kq0 + j * 576u);
            let av0_0_0: f32 = a2[kq0 + 0u];
            let av0_0_1: f32 = a2[kq0 + 1u];
            let av0_0_2: f32 = a2[kq0 + 16u];
            let av0_0_3: f32 = a2[kq0 + 17u];
            let gv0_0_0: f32 = a3[kq0 + 0u];
            let gv0_0_1: f32 = a3[kq0 + 1u];
            let gv0_0_2: f32 = a3[kq0 + 16u];
            let gv0_0_3: f32 = a3[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = min(blk1, 17u) * 32u + qc;
            let bv1: vec4<f32> = forge_qa1_x4(kq1 + j * 576u);
            let av0_1_0: f32 = a2[kq1 + 0u];
            let av0_1_1: f32 = a2[kq1 + 1u];
            let av0_1_2: f32 = a2[kq1 + 16u];
            let av0_1_3: f32 = a2[kq1 + 17u];
            let gv0_1_0: f32 = a3[kq1 + 0u];
            let gv0_1_1: f32 = a3[kq1 + 1u];
            let gv0_1_2: f32 = a3[kq1 + 16u];
            let gv0_1_3: f32 = a3[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = min(blk2, 17u) * 32u + qc;
            let bv2: vec4<f32> = forge_qa1_x4(kq2 + j * 576u);
            let av0_2_0: f32 = a2[kq2 + 0u];
            let av0_2_1: f32 = a2[kq2 + 1u];
            let av0_2_2: f32 = a2[kq2 + 16u];
            let av0_2_3: f32 = a2[kq2 + 17u];
            let gv0_2_0: f32 = a3[kq2 + 0u];
            let gv0_2_1: f32 = a3[kq2 + 1u];
            let gv0_2_2: f32 = a3[kq2 + 16u];
            let gv0_2_3: f32 = a3[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = min(blk3, 17u) * 32u + qc;
            let bv3: vec4<f32> = forge_qa1_x4(kq3 + j * 576u);
            let av0_3_0: f32 = a2[kq3 + 0u];
            let av0_3_1: f32 = a2[kq3 + 1u];
            let av0_3_2: f32 = a2[kq3 + 16u];
            let av0_3_3: f32 = a2[kq3 + 17u];
            let gv0_3_0: f32 = a3[kq3 + 0u];
            let gv0_3_1: f32 = a3[kq3 + 1u];
            let gv0_3_2: f32 = a3[kq3 + 16u];
            let gv0_3_3: f32 = a3[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = min(blk4, 17u) * 32u + qc;
            let bv4: vec4<f32> = forge_qa1_x4(kq4 + j * 576u);
            let av0_4_0: f32 = a2[kq4 + 0u];
            let av0_4_1: f32 = a2[kq4 + 1u];
            let av0_4_2: f32 = a2[kq4 + 16u];
            let av0_4_3: f32 = a2[kq4 + 17u];
            let gv0_4_0: f32 = a3[kq4 + 0u];
            let gv0_4_1: f32 = a3[kq4 + 1u];
            let gv0_4_2: f32 = a3[kq4 + 16u];
            let gv0_4_3: f32 = a3[kq4 + 17u];
            s0 = s0 + select(0.0f, av0_0_0 * av0_0_0 + av0_0_1 * av0_0_1 + av0_0_2 * av0_0_2 + av0_0_3 * av0_0_3, blk0 < 18u);
            p0 = p0 + select(0.0f, (av0_0_0 * gv0_0_0) * bv0.x + (av0_0_1 * gv0_0_1) * bv0.y + (av0_0_2 * gv0_0_2) * bv0.z + (av0_0_3 * gv0_0_3) * bv0.w, blk0 < 18u);
            s0 = s0 + select(0.0f, av0_1_0 * av0_1_0 + av0_1_1 * av0_1_1 + av0_1_2 * av0_1_2 + av0_1_3 * av0_1_3, blk1 < 18u);
            p0 = p0 + select(0.0f, (av0_1_0 * gv0_1_0) * bv1.x + (av0_1_1 * gv0_1_1) * bv1.y + (av0_1_2 * gv0_1_2) * bv1.z + (av0_1_3 * gv0_1_3) * bv1.w, blk1 < 18u);
            s0 = s0 + select(0.0f, av0_2_0 * av0_2_0 + av0_2_1 * av0_2_1 + av0_2_2 * av0_2_2 + av0_2_3 * av0_2_3, blk2 < 18u);
            p0 = p0 + select(0.0f, (av0_2_0 * gv0_2_0) * bv2.x + (av0_2_1 * gv0_2_1) * bv2.y + (av0_2_2 * gv0_2_2) * bv2.z + (av0_2_3 * gv0_2_3) * bv2.w, blk2 < 18u);
            s0 = s0 + select(0.0f, av0_3_0 * av0_3_0 + av0_3_1 * av0_3_1 + av0_3_2 * av0_3_2 + av0_3_3 * av0_3_3, blk3 < 18u);
            p0 = p0 + select(0.0f, (av0_3_0 * gv0_3_0) * bv3.x + (av0_3_1 * gv0_3_1) * bv3.y + (av0_3_2 * gv0_3_2) * bv3.z + (av0_3_3 * gv0_3_3) * bv3.w, blk3 < 18u);
            s0 = s0 + select(0.0f, av0_4_0 * av0_4_0 + av0_4_1 * av0_4_1 + av0_4_2 * av0_4_2 + av0_4_3 * av0_4_3, blk4 < 18u);
            p0 = p0 + select(0.0f, (av0_4_0 * gv0_4_0) * bv4.x + (av0_4_1 * gv0_4_1) * bv4.y + (av0_4_2 * gv0_4_2) * bv4.z + (av0_4_3 * gv0_4_3) * bv4.w, blk4 < 18u);
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    if (col == 0u) {
        red3[u32(ks) * 1u + 0u] = s0;
    }
    workgroupBarrier();
    if (ks == 0u && j < 960u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            var ss: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
                ss = ss + red3[q * 1u + u32(i)];
            }
            let inv: f32 = inverseSqrt(ss / 576.0f + u.f3);
            acc = acc * inv;
            a0[((bidx * 1u + i) * 960u + j)] = acc;
        }
    }
    storageBarrier();
    workgroupBarrier();
    for (var fp0: u32 = lid; fp0 < 576u; fp0 = fp0 + 256u) {
        let f0v0: u32 = fp0 / 192u;
        let f0v1: u32 = (fp0 / 64u) % 3u;
        let f0v2: u32 = (fp0 / 64u) % 1u;
        let f0v3: u32 = (fp0 / 1u) % 64u;
        if (u32(clamp(((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)), i32(0), i32(959))) / 8u == tile) {
            a4[fp0] = select(((a0[min(u32(f0v2), 0u) * 960u + u32(clamp((((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)) + 1i), 0i, 959i))] * forge_cos(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), 2i), 0i, 31i))])) + (a0[min(u32(f0v2), 0u) * 960u + u32(clamp(((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)), 0i, 959i))] * forge_sin(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), 2i), 0i, 31i))]))), ((a0[min(u32(f0v2), 0u) * 960u + u32(clamp(((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)), 0i, 959i))] * forge_cos(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), 2i), 0i, 31i))])) - (a0[min(u32(f0v2), 0u) * 960u + u32(clamp((((((i32(f0v0) * 3i) + i32(f0v1)) * 64i) + (forge_div_i32(i32(f0v3), 2i) * 2i)) + 1i), 0i, 959i))] * forge_sin(a5[min(u32(f0v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f0v3), 2i), 0i, 31i))]))), ((forge_div_i32(i32(f0v3), 2i) * 2i) == i32(f0v3)));
        }
    }
    for (var fp1: u32 = lid; fp1 < 192u; fp1 = fp1 + 256u) {
        let f1v0: u32 = fp1 / 64u;
        let f1v1: u32 = (fp1 / 64u) % 1u;
        let f1v2: u32 = (fp1 / 64u) % 1u;
        let f1v3: u32 = (fp1 / 1u) % 64u;
        if (u32(clamp(((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)), i32(0), i32(959))) / 8u == tile) {
            let at2: u32 = f1v2 + u.f0;
            if (at2 >= f1v2 && at2 < 1024u) {
                a6[f1v0 * 65536u + f1v1 * 65536u + at2 * 64u + f1v3 * 1u] = select(((a0[min(u32(f1v2), 0u) * 960u + u32(clamp((((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)) + 1i), 0i, 959i))] * forge_cos(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), 2i), 0i, 31i))])) + (a0[min(u32(f1v2), 0u) * 960u + u32(clamp(((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)), 0i, 959i))] * forge_sin(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), 2i), 0i, 31i))]))), ((a0[min(u32(f1v2), 0u) * 960u + u32(clamp(((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)), 0i, 959i))] * forge_cos(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), 2i), 0i, 31i))])) - (a0[min(u32(f1v2), 0u) * 960u + u32(clamp((((576i + (i32(f1v0) * 64i)) + (forge_div_i32(i32(f1v3), 2i) * 2i)) + 1i), 0i, 959i))] * forge_sin(a5[min(u32(f1v2), 0u) * 32u + u32(clamp(forge_div_i32(i32(f1v3), 2i), 0i, 31i))]))), ((forge_div_i32(i32(f1v3), 2i) * 2i) == i32(f1v3)));
            }
        }
    }
    for (var fp2: u32 = lid; fp2 < 192u; fp2 = fp2 + 256u) {
        let f2v0: u32 = fp2 / 64u;
        let f2v1: u32 = (fp2 / 64u) % 1u;
        let f2v2: u32 = (fp2 / 64u) % 1u;
        let f2v3: u32 = (fp2 / 1u) % 64u;
        if (u32(clamp(((768i + (i32(f2v0) * 64i)) + i32(f2v3)), i32(0), i32(959))) / 8u == tile) {
            let at2: u32 = f2v2 + u.f0;
            if (at2 >= f2v2 && at2 < 1024u) {
                a7[f2v0 * 65536u + f2v1 * 65536u + at2 * 64u + f2v3 * 1u] = a0[min(u32(f2v2), 0u) * 960u + u32(clamp(((768i + (i32(f2v0) * 64i)) + i32(f2v3)), 0i, 959i))];
            }
        }
    }
}

// node: scores = select(mask == 0.0, matmul(qh, transpose(kc[l]), precision = tf32x3) * rsqrt(E as f32), -inf)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // scores
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // mask
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // qh
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // kc
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
var<workgroup> red: array<f32, 768>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 384u) {
        return;
    }
    let obidx: u32 = group / 128u;
    let tile: u32 = group % 128u;
    let ob0: u32 = obidx;
    let r0_: u32 = 0u;
    let i0_: u32 = r0_ % 1u;
    let bidx0_: u32 = obidx * 3u + r0_ / 1u;
    let b0_0: u32 = bidx0_ / 3u;
    let b0_1: u32 = (bidx0_ / 1u) % 3u;
    let r1_: u32 = 1u;
    let i1_: u32 = r1_ % 1u;
    let bidx1_: u32 = obidx * 3u + r1_ / 1u;
    let b1_0: u32 = bidx1_ / 3u;
    let b1_1: u32 = (bidx1_ / 1u) % 3u;
    let r2_: u32 = 2u;
    let i2_: u32 = r2_ % 1u;
    let bidx2_: u32 = obidx * 3u + r2_ / 1u;
    let b2_0: u32 = bidx2_ / 3u;
    let b2_1: u32 = (bidx2_ / 1u) % 3u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    var p1: f32 = 0.0f;
    var p2: f32 = 0.0f;
    if (j < 1024u) {
        for (var k0: u32 = 0u; k0 < 64u; k0 = k0 + 64u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: f32 = a3[ob0 * 65536u + kk0 + j * 64u];
            let av0_0: f32 = a2[b0_0 * 192u + b0_1 * 64u + kk0];
            let av1_0: f32 = a2[b1_0 * 192u + b1_1 * 64u + kk0];
            let av2_0: f32 = a2[b2_0 * 192u + b2_1 * 64u + kk0];
            let kk1: u32 = k0 + 32u + ks;
            let bv1: f32 = a3[ob0 * 65536u + kk1 + j * 64u];
            let av0_1: f32 = a2[b0_0 * 192u + b0_1 * 64u + kk1];
            let av1_1: f32 = a2[b1_0 * 192u + b1_1 * 64u + kk1];
            let av2_1: f32 = a2[b2_0 * 192u + b2_1 * 64u + kk1];
            p0 = p0 + av0_0 * bv0;
            p1 = p1 + av1_0 * bv0;
            p2 = p2 + av2_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p1 = p1 + av1_1 * bv1;
            p2 = p2 + av2_1 * bv1;
        }
    }
    red[(u32(ks) * 3u + 0u) * 8u + u32(col)] = p0;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col)] = p1;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col)] = p2;
    workgroupBarrier();
    if (ks == 0u && j < 1024u) {
        for (var r: u32 = 0u; r < 3u; r = r + 1u) {
            let i: u32 = r % 1u;
            let bidx: u32 = obidx * 3u + r / 1u;
            let b0: u32 = bidx / 3u;
            let b1: u32 = (bidx / 1u) % 3u;
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 3u + u32(r)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 1024u + j)] = select(bitcast<f32>(4286578688u), (acc * 0.125f), forge_feq(a1[j], 0.0f));
        }
    }
}

// node: probs = softmax(scores)
// kernel softmax (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // probs
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // scores
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
var<workgroup> redmax0: array<f32, 256>;
var<workgroup> redsum0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_softmax(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 4u >= 9u) {
        return;
    }
    let lane: u32 = lid & 63u;
    let slot: u32 = group * 4u + lid / 64u;
    let live: bool = slot < 9u;
    let row: u32 = select(8u, slot, live);
    let l0: u32 = row / 3u;
    let l1: u32 = (row / 1u) % 3u;
    let l2: u32 = (row / 1u) % 1u;
    var part: f32 = 0.0f;
    var x0: f32 = bitcast<f32>(4286578688u);
    var x1: f32 = bitcast<f32>(4286578688u);
    var x2: f32 = bitcast<f32>(4286578688u);
    var x3: f32 = bitcast<f32>(4286578688u);
    var x4: f32 = bitcast<f32>(4286578688u);
    var x5: f32 = bitcast<f32>(4286578688u);
    var x6: f32 = bitcast<f32>(4286578688u);
    var x7: f32 = bitcast<f32>(4286578688u);
    var x8: f32 = bitcast<f32>(4286578688u);
    var x9: f32 = bitcast<f32>(4286578688u);
    var x10: f32 = bitcast<f32>(4286578688u);
    var x11: f32 = bitcast<f32>(4286578688u);
    var x12: f32 = bitcast<f32>(4286578688u);
    var x13: f32 = bitcast<f32>(4286578688u);
    var x14: f32 = bitcast<f32>(4286578688u);
    var x15: f32 = bitcast<f32>(4286578688u);
    {
        let c: u32 = lane;
        let i: u32 = row * 1024u + c;
        x0 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 1024u + c;
        x1 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 1024u + c;
        x2 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 1024u + c;
        x3 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 1024u + c;
        x4 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 1024u + c;
        x5 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 384u + lane;
        let i: u32 = row * 1024u + c;
        x6 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 448u + lane;
        let i: u32 = row * 1024u + c;
        x7 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 512u + lane;
        let i: u32 = row * 1024u + c;
        x8 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 576u + lane;
        let i: u32 = row * 1024u + c;
        x9 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 640u + lane;
        let i: u32 = row * 1024u + c;
        x10 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 704u + lane;
        let i: u32 = row * 1024u + c;
        x11 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 768u + lane;
        let i: u32 = row * 1024u + c;
        x12 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 832u + lane;
        let i: u32 = row * 1024u + c;
        x13 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 896u + lane;
        let i: u32 = row * 1024u + c;
        x14 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    {
        let c: u32 = 960u + lane;
        let i: u32 = row * 1024u + c;
        x15 = a1[l0 * 3072u + l1 * 1024u + c];
    }
    part = forge_fmax(forge_fmax(forge_fmax(forge_fmax(x0, x1), forge_fmax(x2, x3)), forge_fmax(forge_fmax(x4, x5), forge_fmax(x6, x7))), forge_fmax(forge_fmax(forge_fmax(x8, x9), forge_fmax(x10, x11)), forge_fmax(forge_fmax(x12, x13), forge_fmax(x14, x15))));
    redmax0[lid] = part;
    workgroupBarrier();
    if (lane < 4u) {
        part = forge_fmax(part, redmax0[lid + 4u]);
        part = forge_fmax(part, redmax0[lid + 8u]);
        part = forge_fmax(part, redmax0[lid + 12u]);
        part = forge_fmax(part, redmax0[lid + 16u]);
        part = forge_fmax(part, redmax0[lid + 20u]);
        part = forge_fmax(part, redmax0[lid + 24u]);
        part = forge_fmax(part, redmax0[lid + 28u]);
        part = forge_fmax(part, redmax0[lid + 32u]);
        part = forge_fmax(part, redmax0[lid + 36u]);
        part = forge_fmax(part, redmax0[lid + 40u]);
        part = forge_fmax(part, redmax0[lid + 44u]);
        part = forge_fmax(part, redmax0[lid + 48u]);
        part = forge_fmax(part, redmax0[lid + 52u]);
        part = forge_fmax(part, redmax0[lid + 56u]);
        part = forge_fmax(part, redmax0[lid + 60u]);
        redmax0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = forge_fmax(part, redmax0[lid + 1u]);
        part = forge_fmax(part, redmax0[lid + 2u]);
        part = forge_fmax(part, redmax0[lid + 3u]);
        redmax0[lid] = part;
    }
    workgroupBarrier();
    part = redmax0[lid - lane];
    let m: f32 = part;
    x0 = exp(x0 - m);
    x1 = exp(x1 - m);
    x2 = exp(x2 - m);
    x3 = exp(x3 - m);
    x4 = exp(x4 - m);
    x5 = exp(x5 - m);
    x6 = exp(x6 - m);
    x7 = exp(x7 - m);
    x8 = exp(x8 - m);
    x9 = exp(x9 - m);
    x10 = exp(x10 - m);
    x11 = exp(x11 - m);
    x12 = exp(x12 - m);
    x13 = exp(x13 - m);
    x14 = exp(x14 - m);
    x15 = exp(x15 - m);
    part = ((((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7))) + (((x8 + x9) + (x10 + x11)) + ((x12 + x13) + (x14 + x15))));
    redsum0[lid] = part;
    workgroupBarrier();
    if (lane < 4u) {
        part = (part + redsum0[lid + 4u]);
        part = (part + redsum0[lid + 8u]);
        part = (part + redsum0[lid + 12u]);
        part = (part + redsum0[lid + 16u]);
        part = (part + redsum0[lid + 20u]);
        part = (part + redsum0[lid + 24u]);
        part = (part + redsum0[lid + 28u]);
        part = (part + redsum0[lid + 32u]);
        part = (part + redsum0[lid + 36u]);
        part = (part + redsum0[lid + 40u]);
        part = (part + redsum0[lid + 44u]);
        part = (part + redsum0[lid + 48u]);
        part = (part + redsum0[lid + 52u]);
        part = (part + redsum0[lid + 56u]);
        part = (part + redsum0[lid + 60u]);
        redsum0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsum0[lid + 1u]);
        part = (part + redsum0[lid + 2u]);
        part = (part + redsum0[lid + 3u]);
        redsum0[lid] = part;
    }
    workgroupBarrier();
    part = redsum0[lid - lane];
    let total: f32 = part;
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x0 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x1 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x2 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x3 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x4 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x5 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 384u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x6 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 448u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x7 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 512u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x8 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 576u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x9 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 640u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x10 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 704u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x11 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 768u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x12 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 832u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x13 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 896u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x14 / total;
            a0[i] = acc;
        }
        {
            let c: u32 = 960u + lane;
            let i: u32 = row * 1024u + c;
            let acc: f32 = x15 / total;
            a0[i] = acc;
        }
    }
}

// node: ctx = matmul(probs, vc[l], precision = tf32x3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctx
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // probs
@group(0) @binding(2) var<storage, read_write> a2: array<vec4<f32>>; // vc
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
var<workgroup> red: array<f32, 3072>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 24u) {
        return;
    }
    let obidx: u32 = group / 8u;
    let tile: u32 = group % 8u;
    let ob0: u32 = obidx;
    let r0_: u32 = 0u;
    let i0_: u32 = r0_ % 1u;
    let bidx0_: u32 = obidx * 3u + r0_ / 1u;
    let b0_0: u32 = bidx0_ / 3u;
    let b0_1: u32 = (bidx0_ / 1u) % 3u;
    let r1_: u32 = 1u;
    let i1_: u32 = r1_ % 1u;
    let bidx1_: u32 = obidx * 3u + r1_ / 1u;
    let b1_0: u32 = bidx1_ / 3u;
    let b1_1: u32 = (bidx1_ / 1u) % 3u;
    let r2_: u32 = 2u;
    let i2_: u32 = r2_ % 1u;
    let bidx2_: u32 = obidx * 3u + r2_ / 1u;
    let b2_0: u32 = bidx2_ / 3u;
    let b2_1: u32 = (bidx2_ / 1u) % 3u;
    let col: u32 = lid % 2u;
    let ks: u32 = lid / 2u;
    let jv: u32 = tile * 2u + col;
    var p0: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    var p1: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    var p2: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    if (jv < 16u) {
        for (var k0: u32 = 0u; k0 < 1024u; k0 = k0 + 1024u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: vec4<f32> = a2[ob0 * 16384u + kk0 * 16u + jv];
            let av0_0: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk0];
            let av1_0: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk0];
            let av2_0: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk0];
            let kk1: u32 = k0 + 128u + ks;
            let bv1: vec4<f32> = a2[ob0 * 16384u + kk1 * 16u + jv];
            let av0_1: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk1];
            let av1_1: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk1];
            let av2_1: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk1];
            let kk2: u32 = k0 + 256u + ks;
            let bv2: vec4<f32> = a2[ob0 * 16384u + kk2 * 16u + jv];
            let av0_2: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk2];
            let av1_2: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk2];
            let av2_2: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk2];
            let kk3: u32 = k0 + 384u + ks;
            let bv3: vec4<f32> = a2[ob0 * 16384u + kk3 * 16u + jv];
            let av0_3: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk3];
            let av1_3: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk3];
            let av2_3: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk3];
            let kk4: u32 = k0 + 512u + ks;
            let bv4: vec4<f32> = a2[ob0 * 16384u + kk4 * 16u + jv];
            let av0_4: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk4];
            let av1_4: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk4];
            let av2_4: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk4];
            let kk5: u32 = k0 + 640u + ks;
            let bv5: vec4<f32> = a2[ob0 * 16384u + kk5 * 16u + jv];
            let av0_5: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk5];
            let av1_5: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk5];
            let av2_5: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk5];
            let kk6: u32 = k0 + 768u + ks;
            let bv6: vec4<f32> = a2[ob0 * 16384u + kk6 * 16u + jv];
            let av0_6: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk6];
            let av1_6: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk6];
            let av2_6: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk6];
            let kk7: u32 = k0 + 896u + ks;
            let bv7: vec4<f32> = a2[ob0 * 16384u + kk7 * 16u + jv];
            let av0_7: f32 = a1[b0_0 * 3072u + b0_1 * 1024u + kk7];
            let av1_7: f32 = a1[b1_0 * 3072u + b1_1 * 1024u + kk7];
            let av2_7: f32 = a1[b2_0 * 3072u + b2_1 * 1024u + kk7];
            p0 = p0 + av0_0 * bv0;
            p1 = p1 + av1_0 * bv0;
            p2 = p2 + av2_0 * bv0;
            p0 = p0 + av0_1 * bv1;
            p1 = p1 + av1_1 * bv1;
            p2 = p2 + av2_1 * bv1;
            p0 = p0 + av0_2 * bv2;
            p1 = p1 + av1_2 * bv2;
            p2 = p2 + av2_2 * bv2;
            p0 = p0 + av0_3 * bv3;
            p1 = p1 + av1_3 * bv3;
            p2 = p2 + av2_3 * bv3;
            p0 = p0 + av0_4 * bv4;
            p1 = p1 + av1_4 * bv4;
            p2 = p2 + av2_4 * bv4;
            p0 = p0 + av0_5 * bv5;
            p1 = p1 + av1_5 * bv5;
            p2 = p2 + av2_5 * bv5;
            p0 = p0 + av0_6 * bv6;
            p1 = p1 + av1_6 * bv6;
            p2 = p2 + av2_6 * bv6;
            p0 = p0 + av0_7 * bv7;
            p1 = p1 + av1_7 * bv7;
            p2 = p2 + av2_7 * bv7;
        }
    }
    red[(u32(ks) * 3u + 0u) * 8u + u32(col) * 4u + 0u] = p0.x;
    red[(u32(ks) * 3u + 0u) * 8u + u32(col) * 4u + 1u] = p0.y;
    red[(u32(ks) * 3u + 0u) * 8u + u32(col) * 4u + 2u] = p0.z;
    red[(u32(ks) * 3u + 0u) * 8u + u32(col) * 4u + 3u] = p0.w;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col) * 4u + 0u] = p1.x;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col) * 4u + 1u] = p1.y;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col) * 4u + 2u] = p1.z;
    red[(u32(ks) * 3u + 1u) * 8u + u32(col) * 4u + 3u] = p1.w;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col) * 4u + 0u] = p2.x;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col) * 4u + 1u] = p2.y;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col) * 4u + 2u] = p2.z;
    red[(u32(ks) * 3u + 2u) * 8u + u32(col) * 4u + 3u] = p2.w;
    workgroupBarrier();
    let cpart: u32 = lid % 8u;
    let kpart: u32 = lid / 8u;
    let t0: f32 = red[((u32(kpart) * 4u + 0u) * 3u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 3u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 3u + 0u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 3u + 0u) * 8u + u32(cpart)];
    let t1: f32 = red[((u32(kpart) * 4u + 0u) * 3u + 1u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 3u + 1u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 3u + 1u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 3u + 1u) * 8u + u32(cpart)];
    let t2: f32 = red[((u32(kpart) * 4u + 0u) * 3u + 2u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 1u) * 3u + 2u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 2u) * 3u + 2u) * 8u + u32(cpart)] + red[((u32(kpart) * 4u + 3u) * 3u + 2u) * 8u + u32(cpart)];
    workgroupBarrier();
    red[(u32(kpart) * 3u + 0u) * 8u + u32(cpart)] = t0;
    red[(u32(kpart) * 3u + 1u) * 8u + u32(cpart)] = t1;
    red[(u32(kpart) * 3u + 2u) * 8u + u32(cpart)] = t2;
    workgroupBarrier();
    let j: u32 = tile * 8u + cpart;
    if (kpart == 0u && j < 64u) {
        for (var r: u32 = 0u; r < 3u; r = r + 1u) {
            let i: u32 = r % 1u;
            let bidx: u32 = obidx * 3u + r / 1u;
            let b0: u32 = bidx / 3u;
            let b1: u32 = (bidx / 1u) % 3u;
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 3u + u32(r)) * 8u + u32(cpart)];
            }
            a0[((bidx * 1u + i) * 64u + j)] = acc;
        }
    }
}

// node: x = x + matmul(merged, transpose(wo[l]), precision = tf32x3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // ctx
@group(0) @binding(2) var<storage, read> a2: array<u32>; // wo
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a2[b >> 2u], b); return forge_q_nibble(forge_q_byte(a2[c >> 2u], c), j) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u); }
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u)); }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 72u) {
        return;
    }
    let bidx: u32 = group / 72u;
    let tile: u32 = group % 72u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 576u) {
        for (var t0: u32 = 0u; t0 < 5u; t0 = t0 + 5u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = min(blk0, 17u) * 32u + qc;
            let bv0: vec4<f32> = forge_qa2_x4(kq0 + j * 576u);
            let av0_0_0: f32 = a1[kq0 + 0u];
            let av0_0_1: f32 = a1[kq0 + 1u];
            let av0_0_2: f32 = a1[kq0 + 16u];
            let av0_0_3: f32 = a1[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = min(blk1, 17u) * 32u + qc;
            let bv1: vec4<f32> = forge_qa2_x4(kq1 + j * 576u);
            let av0_1_0: f32 = a1[kq1 + 0u];
            let av0_1_1: f32 = a1[kq1 + 1u];
            let av0_1_2: f32 = a1[kq1 + 16u];
            let av0_1_3: f32 = a1[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = min(blk2, 17u) * 32u + qc;
            let bv2: vec4<f32> = forge_qa2_x4(kq2 + j * 576u);
            let av0_2_0: f32 = a1[kq2 + 0u];
            let av0_2_1: f32 = a1[kq2 + 1u];
            let av0_2_2: f32 = a1[kq2 + 16u];
            let av0_2_3: f32 = a1[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = min(blk3, 17u) * 32u + qc;
            let bv3: vec4<f32> = forge_qa2_x4(kq3 + j * 576u);
            let av0_3_0: f32 = a1[kq3 + 0u];
            let av0_3_1: f32 = a1[kq3 + 1u];
            let av0_3_2: f32 = a1[kq3 + 16u];
            let av0_3_3: f32 = a1[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = min(blk4, 17u) * 32u + qc;
            let bv4: vec4<f32> = forge_qa2_x4(kq4 + j * 576u);
            let av0_4_0: f32 = a1[kq4 + 0u];
            let av0_4_1: f32 = a1[kq4 + 1u];
            let av0_4_2: f32 = a1[kq4 + 16u];
            let av0_4_3: f32 = a1[kq4 + 17u];
            p0 = p0 + select(0.0f, av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w, blk0 < 18u);
            p0 = p0 + select(0.0f, av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w, blk1 < 18u);
            p0 = p0 + select(0.0f, av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w, blk2 < 18u);
            p0 = p0 + select(0.0f, av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w, blk3 < 18u);
            p0 = p0 + select(0.0f, av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w, blk4 < 18u);
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    workgroupBarrier();
    if (ks == 0u && j < 576u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 576u + j)] = (a0[j] + acc);
        }
    }
}

// node: a = rms_norm(x, ffn_norm[l], eps); hid = silu(matmul(a, transpose(w_gate[l]), precision = tf32x3)) * matmul(a, transpose(w_up[l]), precision = tf32x3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // hid
@group(0) @binding(1) var<storage, read> a1: array<u32>; // w_up
@group(0) @binding(2) var<storage, read> a2: array<u32>; // w_gate
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // x
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ffn_norm
struct Uniforms {
    f0: u32, // pos
    f1: u32, // n
    f2: f32, // theta
    f3: f32, // eps
    f4: f32, // inv_temperature
    f5: u32, // top_k
    f6: f32, // top_p
    f7: u32, // draw_key
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa1(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a1[b >> 2u], b); return forge_q_nibble(forge_q_byte(a1[c >> 2u], c), j) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u); }
fn forge_qa1_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a1[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a1[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a1[(b + 2u) >> 2u], b + 2u)); }
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a2[b >> 2u], b); return forge_q_nibble(forge_q_byte(a2[c >> 2u], c), j) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u); }
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u)); }
var<workgroup> red: array<f32, 256>;
var<workgroup> red2: array<f32, 256>;
var<workgroup> red3: array<f32, 32>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 192u;
    let tile: u32 = group % 192u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    var q0: f32 = 0.0f;
    var s0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 1536u) {
        for (var t0: u32 = 0u; t0 < 5u; t0 = t0 + 5u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = min(blk0, 17u) * 32u + qc;
            let bv0: vec4<f32> = forge_qa1_x4(kq0 + j * 576u);
            let bw0: vec4<f32> = forge_qa2_x4(kq0 + j * 576u);
            let av0_0_0: f32 = a3[kq0 + 0u];
            let av0_0_1: f32 = a3[kq0 + 1u];
            let av0_0_2: f32 = a3[kq0 + 16u];
            let av0_0_3: f32 = a3[kq0 + 17u];
            let gv0_0_0: f32 = a4[kq0 + 0u];
            let gv0_0_1: f32 = a4[kq0 + 1u];
            let gv0_0_2: f32 = a4[kq0 + 16u];
            let gv0_0_3: f32 = a4[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = min(blk1, 17u) * 32u + qc;
            let bv1: vec4<f32> = forge_qa1_x4(kq1 + j * 576u);
            let bw1: vec4<f32> = forge_qa2_x4(kq1 + j * 576u);
            let av0_1_0: f32 = a3[kq1 + 0u];
            let av0_1_1: f32 = a3[kq1 + 1u];
            let av0_1_2: f32 = a3[kq1 + 16u];
            let av0_1_3: f32 = a3[kq1 + 17u];
            let gv0_1_0: f32 = a4[kq1 + 0u];
            let gv0_1_1: f32 = a4[kq1 + 1u];
            let gv0_1_2: f32 = a4[kq1 + 16u];
            let gv0_1_3: f32 = a4[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = min(blk2, 17u) * 32u + qc;
            let bv2: vec4<f32> = forge_qa1_x4(kq2 + j * 576u);
            let bw2: vec4<f32> = forge_qa2_x4(kq2 + j * 576u);
            let av0_2_0: f32 = a3[kq2 + 0u];
            let av0_2_1: f32 = a3[kq2 + 1u];
            let av0_2_2: f32 = a3[kq2 + 16u];
            let av0_2_3: f32 = a3[kq2 + 17u];
            let gv0_2_0: f32 = a4[kq2 + 0u];
            let gv0_2_1: f32 = a4[kq2 + 1u];
            let gv0_2_2: f32 = a4[kq2 + 16u];
            let gv0_2_3: f32 = a4[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = min(blk3, 17u) * 32u + qc;
            let bv3: vec4<f32> = forge_qa1_x4(kq3 + j * 576u);
            let bw3: vec4<f32> = forge_qa2_x4(kq3 + j * 576u);
            let av0_3_0: f32 = a3[kq3 + 0u];
            let av0_3_1: f32 = a3[kq3 + 1u];
            let av0_3_2: f32 = a3[kq3 + 16u];
            let av0_3_3: f32 = a3[kq3 + 17u];
            let gv0_3_0: f32 = a4[kq3 + 0u];
            let gv0_3_1: f32 = a4[kq3 + 1u];
            let gv0_3_2: f32 = a4[kq3 + 16u];
            let gv0_3_3: f32 = a4[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = min(blk4, 17u) * 32u + qc;
            let bv4: vec4<f32> = forge_qa1_x4(kq4 + j * 576u);
            let bw4: vec4<f32> = forge_qa2_x4(kq4 + j * 576u);
            let av0_4_0: f32 = a3[kq4 + 0u];
            let av0_4_1: f32 = a3[kq4 + 1u];
            let av0_4_2: f32 = a3[kq4 + 16u];
            let av0_4_3: f32 = a3[kq4 + 17u];
            let gv0_4_0: f32 = a4[kq4 + 0u];
            let gv0_4_1: f32 = a4[kq4 + 1u];
            let gv0_4_2: f32 = a4[kq4 + 16u];
            let gv0_4_3: f32 = a4[kq4 + 17u];
            s0 = s0 + select(0.0f, av0_0_0 * av0_0_0 + av0_0_1 * av0_0_1 + av0_0_2 * av0_0_2 + av0_0_3 * av0_0_3, blk0 < 18u);
            p0 = p0 + select(0.0f, (av0_0_0 * gv0_0_0) * bv0.x + (av0_0_1 * gv0_0_1) * bv0.y + (av0_0_2 * gv0_0_2) * bv0.z + (av0_0_3 * gv0_0_3) * bv0.w, blk0 < 18u);
            q0 = q0 + select(0.0f, (av0_0_0 * gv0_0_0) * bw0.x + (av0_0_1 * gv0_0_1) * bw0.y + (av0_0_2 * gv0_0_2) * bw0.z + (av0_0_3 * gv0_0_3) * bw0.w, blk0 < 18u);
            s0 = s0 + select(0.0f, av0_1_0 * av0_1_0 + av0_1_1 * av0_1_1 + av0_1_2 * av0_1_2 + av0_1_3 * av0_1_3, blk1 < 18u);
            p0 = p0 + select(0.0f, (av0_1_0 * gv0_1_0) * bv1.x + (av0_1_1 * gv0_1_1) * bv1.y + (av0_1_2 * gv0_1_2) * bv1.z + (av0_1_3 * gv0_1_3) * bv1.w, blk1 < 18u);
            q0 = q0 + select(0.0f, (av0_1_0 * gv0_1_0) * bw1.x + (av0_1_1 * gv0_1_1) * bw1.y + (av0_1_2 * gv0_1_2) * bw1.z + (av0_1_3 * gv0_1_3) * bw1.w, blk1 < 18u);
            s0 = s0 + select(0.0f, av0_2_0 * av0_2_0 + av0_2_1 * av0_2_1 + av0_2_2 * av0_2_2 + av0_2_3 * av0_2_3, blk2 < 18u);
            p0 = p0 + select(0.0f, (av0_2_0 * gv0_2_0) * bv2.x + (av0_2_1 * gv0_2_1) * bv2.y + (av0_2_2 * gv0_2_2) * bv2.z + (av0_2_3 * gv0_2_3) * bv2.w, blk2 < 18u);
            q0 = q0 + select(0.0f, (av0_2_0 * gv0_2_0) * bw2.x + (av0_2_1 * gv0_2_1) * bw2.y + (av0_2_2 * gv0_2_2) * bw2.z + (av0_2_3 * gv0_2_3) * bw2.w, blk2 < 18u);
            s0 = s0 + select(0.0f, av0_3_0 * av0_3_0 + av0_3_1 * av0_3_1 + av0_3_2 * av0_3_2 + av0_3_3 * av0_3_3, blk3 < 18u);
            p0 = p0 + select(0.0f, (av0_3_0 * gv0_3_0) * bv3.x + (av0_3_1 * gv0_3_1) * bv3.y + (av0_3_2 * gv0_3_2) * bv3.z + (av0_3_3 * gv0_3_3) * bv3.w, blk3 < 18u);
            q0 = q0 + select(0.0f, (av0_3_0 * gv0_3_0) * bw3.x + (av0_3_1 * gv0_3_1) * bw3.y + (av0_3_2 * gv0_3_2) * bw3.z + (av0_3_3 * gv0_3_3) * bw3.w, blk3 < 18u);
            s0 = s0 + select(0.0f, av0_4_0 * av0_4_0 + av0_4_1 * av0_4_1 + av0_4_2 * av0_4_2 + av0_4_3 * av0_4_3, blk4 < 18u);
            p0 = p0 + select(0.0f, (av0_4_0 * gv0_4_0) * bv4.x + (av0_4_1 * gv0_4_1) * bv4.y + (av0_4_2 * gv0_4_2) * bv4.z + (av0_4_3 * gv0_4_3) * bv4.w, blk4 < 18u);
            q0 = q0 + select(0.0f, (av0_4_0 * gv0_4_0) * bw4.x + (av0_4_1 * gv0_4_1) * bw4.y + (av0_4_2 * gv0_4_2) * bw4.z + (av0_4_3 * gv0_4_3) * bw4.w, blk4 < 18u);
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    red2[(u32(ks) * 1u + 0u) * 8u + u32(col)] = q0;
    if (col == 0u) {
        red3[u32(ks) * 1u + 0u] = s0;
    }
    workgroupBarrier();
    if (ks == 0u && j < 1536u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            var acc2: f32 = 0.0f;
            var ss: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
                acc2 = acc2 + red2[(q * 1u + u32(i)) * 8u + u32(col)];
                ss = ss + red3[q * 1u + u32(i)];
            }
            let inv: f32 = inverseSqrt(ss / 576.0f + u.f3);
            acc = acc * inv;
            acc2 = acc2 * inv;
            a0[((bidx * 1u + i) * 1536u + j)] = (forge_silu(acc2) * acc);
        }
    }
}

// node: x = x + matmul(hid, transpose(w_down[l]), precision = tf32x3)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // hid
@group(0) @binding(2) var<storage, read> a2: array<u32>; // w_down
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 20u + 0u; let j = i & 31u; let c = b + 4u + (j & 15u); let d = forge_q_half(a2[b >> 2u], b); return forge_q_nibble(forge_q_byte(a2[c >> 2u], c), j) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u); }
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 20u + 0u; let c = b + 4u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(f32(qs.x) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.y) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.z) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u), f32(qs.w) * d + forge_q_half(a2[(b + 2u) >> 2u], b + 2u)); }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 72u) {
        return;
    }
    let bidx: u32 = group / 72u;
    let tile: u32 = group % 72u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 576u) {
        for (var t0: u32 = 0u; t0 < 12u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa2_x4(kq0 + j * 1536u);
            let av0_0_0: f32 = a1[kq0 + 0u];
            let av0_0_1: f32 = a1[kq0 + 1u];
            let av0_0_2: f32 = a1[kq0 + 16u];
            let av0_0_3: f32 = a1[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa2_x4(kq1 + j * 1536u);
            let av0_1_0: f32 = a1[kq1 + 0u];
            let av0_1_1: f32 = a1[kq1 + 1u];
            let av0_1_2: f32 = a1[kq1 + 16u];
            let av0_1_3: f32 = a1[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa2_x4(kq2 + j * 1536u);
            let av0_2_0: f32 = a1[kq2 + 0u];
            let av0_2_1: f32 = a1[kq2 + 1u];
            let av0_2_2: f32 = a1[kq2 + 16u];
            let av0_2_3: f32 = a1[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa2_x4(kq3 + j * 1536u);
            let av0_3_0: f32 = a1[kq3 + 0u];
            let av0_3_1: f32 = a1[kq3 + 1u];
            let av0_3_2: f32 = a1[kq3 + 16u];
            let av0_3_3: f32 = a1[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa2_x4(kq4 + j * 1536u);
            let av0_4_0: f32 = a1[kq4 + 0u];
            let av0_4_1: f32 = a1[kq4 + 1u];
            let av0_4_2: f32 = a1[kq4 + 16u];
            let av0_4_3: f32 = a1[kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa2_x4(kq5 + j * 1536u);
            let av0_5_0: f32 = a1[kq5 + 0u];
            let av0_5_1: f32 = a1[kq5 + 1u];
            let av0_5_2: f32 = a1[kq5 + 16u];
            let av0_5_3: f32 = a1[kq5 + 17u];
            p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
            p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
            p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
            p0 = p0 + av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w;
            p0 = p0 + av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w;
            p0 = p0 + av0_5_0 * bv5.x + av0_5_1 * bv5.y + av0_5_2 * bv5.z + av0_5_3 * bv5.w;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    workgroupBarrier();
    if (ks == 0u && j < 576u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 576u + j)] = (a0[j] + acc);
        }
    }
}

// node: last[o, d] = x[o + n - 1, d]; lastn = rms_norm(last, out_norm, eps); logits = matmul(lastn, transpose(emb))
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // logits
@group(0) @binding(1) var<storage, read> a1: array<u32>; // emb
@group(0) @binding(2) var<storage, read> a2: array<f32>; // out_norm
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // x
struct Uniforms {
    f0: u32, // pos
    f1: u32, // n
    f2: f32, // theta
    f3: f32, // eps
    f4: f32, // inv_temperature
    f5: u32, // top_k
    f6: f32, // top_p
    f7: u32, // draw_key
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
fn forge_q_half(word: u32, at: u32) -> f32 { return unpack2x16float(word >> ((at & 2u) * 8u)).x; }
fn forge_q_byte(word: u32, at: u32) -> u32 { return (word >> ((at & 3u) * 8u)) & 255u; }
fn forge_q_nibble(byte: u32, j: u32) -> f32 { return f32((byte >> ((j >> 4u) * 4u)) & 15u); }
fn forge_q_i8(byte: u32) -> f32 { return f32(bitcast<i32>(byte << 24u) >> 24u); }
fn forge_qa1(i: u32) -> f32 { let b = (i >> 5u) * 34u + 0u; let j = i & 31u; let c = b + 2u + j; let d = forge_q_half(a1[b >> 2u], b); return forge_q_i8(forge_q_byte(a1[c >> 2u], c)) * d; }
fn forge_qa1_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a1[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a1[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a1[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
var<workgroup> red3: array<f32, 16>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 3072u) {
        return;
    }
    let bidx: u32 = group / 3072u;
    let tile: u32 = group % 3072u;
    let col: u32 = lid / 16u;
    let ks: u32 = lid % 16u;
    let j: u32 = tile * 16u + col;
    var p0: f32 = 0.0f;
    var s0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 49152u) {
        for (var t0: u32 = 0u; t0 < 9u; t0 = t0 + 3u) {
            let blk0: u32 = (t0 + 0u) * 2u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa1_x4(kq0 + j * 576u);
            let av0_0_0: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq0 + 0u), 575u)];
            let av0_0_1: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq0 + 1u), 575u)];
            let av0_0_2: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq0 + 16u), 575u)];
            let av0_0_3: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq0 + 17u), 575u)];
            let gv0_0_0: f32 = a2[kq0 + 0u];
            let gv0_0_1: f32 = a2[kq0 + 1u];
            let gv0_0_2: f32 = a2[kq0 + 16u];
            let gv0_0_3: f32 = a2[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 2u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa1_x4(kq1 + j * 576u);
            let av0_1_0: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq1 + 0u), 575u)];
            let av0_1_1: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq1 + 1u), 575u)];
            let av0_1_2: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq1 + 16u), 575u)];
            let av0_1_3: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq1 + 17u), 575u)];
            let gv0_1_0: f32 = a2[kq1 + 0u];
            let gv0_1_1: f32 = a2[kq1 + 1u];
            let gv0_1_2: f32 = a2[kq1 + 16u];
            let gv0_1_3: f32 = a2[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 2u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa1_x4(kq2 + j * 576u);
            let av0_2_0: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq2 + 0u), 575u)];
            let av0_2_1: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq2 + 1u), 575u)];
            let av0_2_2: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq2 + 16u), 575u)];
            let av0_2_3: f32 = a3[min(((u32(0i) + u.f1) - 1u), 0u) * 576u + min(u32(kq2 + 17u), 575u)];
            let gv0_2_0: f32 = a2[kq2 + 0u];
            let gv0_2_1: f32 = a2[kq2 + 1u];
            let gv0_2_2: f32 = a2[kq2 + 16u];
            let gv0_2_3: f32 = a2[kq2 + 17u];
            s0 = s0 + av0_0_0 * av0_0_0 + av0_0_1 * av0_0_1 + av0_0_2 * av0_0_2 + av0_0_3 * av0_0_3;
            p0 = p0 + (av0_0_0 * gv0_0_0) * bv0.x + (av0_0_1 * gv0_0_1) * bv0.y + (av0_0_2 * gv0_0_2) * bv0.z + (av0_0_3 * gv0_0_3) * bv0.w;
            s0 = s0 + av0_1_0 * av0_1_0 + av0_1_1 * av0_1_1 + av0_1_2 * av0_1_2 + av0_1_3 * av0_1_3;
            p0 = p0 + (av0_1_0 * gv0_1_0) * bv1.x + (av0_1_1 * gv0_1_1) * bv1.y + (av0_1_2 * gv0_1_2) * bv1.z + (av0_1_3 * gv0_1_3) * bv1.w;
            s0 = s0 + av0_2_0 * av0_2_0 + av0_2_1 * av0_2_1 + av0_2_2 * av0_2_2 + av0_2_3 * av0_2_3;
            p0 = p0 + (av0_2_0 * gv0_2_0) * bv2.x + (av0_2_1 * gv0_2_1) * bv2.y + (av0_2_2 * gv0_2_2) * bv2.z + (av0_2_3 * gv0_2_3) * bv2.w;
        }
    }
    red[(u32(ks) * 1u + 0u) * 16u + u32(col)] = p0;
    if (col == 0u) {
        red3[u32(ks) * 1u + 0u] = s0;
    }
    workgroupBarrier();
    if (ks == 0u && j < 49152u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            var ss: f32 = 0.0f;
            for (var q: u32 = 0u; q < 16u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 16u + u32(col)];
                ss = ss + red3[q * 1u + u32(i)];
            }
            let inv: f32 = inverseSqrt(ss / 576.0f + u.f3);
            acc = acc * inv;
            a0[((bidx * 1u + i) * 49152u + j)] = acc;
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
    for (var c0: u32 = lid; c0 < 49152u; c0 = c0 + 1024u) {
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
    for (var c: u32 = 49152u + lid; c < 49152u; c = c + 256u) {
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

// node: next = wgsl!(…)

            @group(0) @binding(0) var<storage, read_write> logits: array<f32>;
            @group(0) @binding(1) var<storage, read_write> next: array<u32>;
            @group(0) @binding(2) var<uniform> inv_temperature: f32;
            @group(0) @binding(3) var<uniform> top_k: u32;
            @group(0) @binding(4) var<uniform> top_p: f32;
            @group(0) @binding(5) var<uniform> draw_key: u32;

            const WG: u32 = 1024u;
            // Candidates a top-p draw sorts out in workgroup memory (more: the slow path).
            const CAP: u32 = 512u;
            var<workgroup> red_f: array<f32, 1024>;
            var<workgroup> red_u: array<u32, 1024>;
            var<workgroup> hist: array<atomic<u32>, 256>;
            var<workgroup> cand: array<u32, 512>;
            var<workgroup> cand_id: array<u32, 512>;
            var<workgroup> picked: vec2<u32>;
            var<workgroup> fast: u32;

            fn neg_inf() -> f32 { return bitcast<f32>(0xff800000u); }
            // NaN reads as -inf (tested on the bits: fast math may drop `x != x`).
            fn logit(i: u32) -> f32 {
                let x = logits[i];
                return select(x, neg_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u);
            }
            // An order-preserving u32 of a logit, and back.
            fn order_key(x: f32) -> u32 {
                let b = bitcast<u32>(x);
                return select(b | 0x80000000u, ~b, (b & 0x80000000u) != 0u);
            }
            fn key_value(k: u32) -> f32 {
                return bitcast<f32>(select(~k, k & 0x7fffffffu, (k & 0x80000000u) != 0u));
            }
            fn lowbias32(v: u32) -> u32 {
                var x = v;
                x = (x ^ (x >> 16u)) * 0x7feb352du;
                x = (x ^ (x >> 15u)) * 0x846ca68bu;
                return x ^ (x >> 16u);
            }
            fn gumbel(i: u32) -> f32 {
                let h = lowbias32(lowbias32(i) ^ draw_key);
                let u = (f32(h >> 8u) + 0.5) * (1.0 / 16777216.0);
                return -log(-log(u));
            }
            fn sum_f(lid: u32, v: f32) -> f32 {
                red_f[lid] = v;
                workgroupBarrier();
                for (var s = WG / 2u; s > 0u; s = s >> 1u) {
                    if (lid < s) { red_f[lid] = red_f[lid] + red_f[lid + s]; }
                    workgroupBarrier();
                }
                let total = red_f[0];
                workgroupBarrier();
                return total;
            }
            fn max_f(lid: u32, v: f32) -> f32 {
                red_f[lid] = v;
                workgroupBarrier();
                for (var s = WG / 2u; s > 0u; s = s >> 1u) {
                    if (lid < s) { red_f[lid] = max(red_f[lid], red_f[lid + s]); }
                    workgroupBarrier();
                }
                let total = red_f[0];
                workgroupBarrier();
                return total;
            }
            // The inclusive prefix sum of `v` over the invocations (x) and the total (y).
            fn scan_u(lid: u32, v: u32) -> vec2<u32> {
                red_u[lid] = v;
                workgroupBarrier();
                for (var s = 1u; s < WG; s = s << 1u) {
                    var add = 0u;
                    if (lid >= s) { add = red_u[lid - s]; }
                    workgroupBarrier();
                    red_u[lid] = red_u[lid] + add;
                    workgroupBarrier();
                }
                let sums = vec2<u32>(red_u[lid], red_u[WG - 1u]);
                workgroupBarrier();
                return sums;
            }
            // The best (score, id) of the workgroup: the larger score, then the lower id.
            fn best(lid: u32, score: f32, id: u32) -> u32 {
                red_f[lid] = score;
                red_u[lid] = id;
                workgroupBarrier();
                for (var s = WG / 2u; s > 0u; s = s >> 1u) {
                    if (lid < s) {
                        let fs = red_f[lid + s];
                        let is = red_u[lid + s];
                        if (fs > red_f[lid] || (fs == red_f[lid] && is < red_u[lid])) {
                            red_f[lid] = fs;
                            red_u[lid] = is;
                        }
                    }
                    workgroupBarrier();
                }
                return red_u[0];
            }
            // The key of the k-th largest logit (1 <= k <= n): a byte at a time from the top,
            // counting in a histogram the keys that match the bytes found so far.
            fn kth_key(lid: u32, n: u32, k: u32) -> u32 {
                var prefix = 0u;
                var want = k;
                for (var shift = 24u; shift < 32u; shift -= 8u) {
                    if (lid < 256u) { atomicStore(&hist[lid], 0u); }
                    workgroupBarrier();
                    for (var base = lid; base < n; base += 4u * WG) {
                        for (var r = 0u; r < 4u; r++) {
                            let i = base + r * WG;
                            if (i < n) {
                                let key = order_key(logit(i));
                                if (((key >> shift) >> 8u) == ((prefix >> shift) >> 8u)) {
                                    atomicAdd(&hist[(key >> shift) & 255u], 1u);
                                }
                            }
                        }
                    }
                    workgroupBarrier();
                    // Counts of the digits at or above each digit: a scan from the top.
                    let digit = 255u - min(lid, 255u);
                    let count = select(0u, atomicLoad(&hist[digit]), lid < 256u);
                    let at_or_above = scan_u(lid, count).x;
                    let above = at_or_above - count;
                    if (lid < 256u && at_or_above >= want && above < want) { picked = vec2<u32>(digit, above); }
                    workgroupBarrier();
                    let p = picked;
                    workgroupBarrier();
                    prefix = prefix | (p.x << shift);
                    want = want - p.y;
                }
                return prefix;
            }

            @compute @workgroup_size(1024)
            fn sample(@builtin(local_invocation_index) lid: u32) {
                if (inv_temperature <= 0.0) { return; }
                let n = arrayLength(&logits);
                // Passes over the logits take four of an invocation's elements at a time, so
                // their loads overlap.
                var m = neg_inf();
                for (var base = lid; base < n; base += 4u * WG) {
                    for (var r = 0u; r < 4u; r++) {
                        let i = base + r * WG;
                        if (i < n) { let x = logit(i); m = select(m, x, x > m); }
                    }
                }
                m = max_f(lid, m);
                var floor_k = 0u;
                if (top_k > 0u && top_k < n) { floor_k = kth_key(lid, n, top_k); }
                var floor_p = floor_k;
                var in_workgroup = false;
                var count = 0u;
                if (top_p < 1.0) {
                    // The candidates (the top-k, or the CAP largest) go to workgroup memory
                    // when they fit and reach the goal; else every pass reads all logits.
                    var floor_c = floor_k;
                    if (n > CAP && (top_k == 0u || top_k > CAP)) { floor_c = max(kth_key(lid, n, CAP), floor_k); }
                    // One pass: the kept weight and the candidates.
                    var w = 0.0;
                    var c = 0u;
                    for (var base = lid; base < n; base += 4u * WG) {
                        for (var r = 0u; r < 4u; r++) {
                            let i = base + r * WG;
                            if (i < n) {
                                let x = logit(i);
                                let key = order_key(x);
                                w += select(0.0, exp((x - m) * inv_temperature), key >= floor_k);
                                c += select(0u, 1u, key >= floor_c);
                            }
                        }
                    }
                    let goal = top_p * sum_f(lid, w);
                    let sums = scan_u(lid, c);
                    let end = sums.x;
                    count = sums.y;
                    var part = 0.0;
                    if (count <= CAP) {
                        var at = end - c;
                        for (var base = lid; base < n; base += 4u * WG) {
                            for (var r = 0u; r < 4u; r++) {
                                let i = base + r * WG;
                                if (i < n) {
                                    let x = logit(i);
                                    if (order_key(x) >= floor_c) {
                                        cand[at] = order_key(x);
                                        cand_id[at] = i;
                                        at += 1u;
                                        part += exp((x - m) * inv_temperature);
                                    }
                                }
                            }
                        }
                    }
                    let reach = sum_f(lid, part);
                    if (lid == 0u) { fast = select(0u, 1u, count <= CAP && reach >= goal); }
                    in_workgroup = workgroupUniformLoad(&fast) == 1u;
                    // Top-p: the largest key whose logits at or above it weigh the goal.
                    floor_p = 0u;
                    for (var bit = 0u; bit < 32u; bit++) {
                        let cut = max(floor_p | (0x80000000u >> bit), floor_k);
                        var mass = 0.0;
                        if (in_workgroup) {
                            for (var j = lid; j < count; j += WG) {
                                mass += select(0.0, exp((key_value(cand[j]) - m) * inv_temperature), cand[j] >= cut);
                            }
                        } else {
                            for (var i = lid; i < n; i += WG) {
                                let x = logit(i);
                                mass += select(0.0, exp((x - m) * inv_temperature), order_key(x) >= cut);
                            }
                        }
                        floor_p = select(floor_p, floor_p | (0x80000000u >> bit), sum_f(lid, mass) >= goal);
                    }
                    floor_p = max(floor_p, floor_k);
                }
                // Gumbel-max over the kept logits (the larger score, then the lower id).
                var top = neg_inf();
                var top_id = 0u;
                if (in_workgroup) {
                    for (var j = lid; j < count; j += WG) {
                        let id = cand_id[j];
                        let s = (key_value(cand[j]) - m) * inv_temperature + gumbel(id);
                        if (cand[j] >= floor_p && (s > top || (s == top && id < top_id))) { top = s; top_id = id; }
                    }
                } else {
                    for (var base = lid; base < n; base += 4u * WG) {
                        for (var r = 0u; r < 4u; r++) {
                            let i = base + r * WG;
                            if (i < n) {
                                let x = logit(i);
                                let s = (x - m) * inv_temperature + gumbel(i);
                                if (order_key(x) >= floor_p && (s > top || (s == top && i < top_id))) { top = s; top_id = i; }
                            }
                        }
                    }
                }
                let id = best(lid, top, top_id);
                // A largest logit of +-inf leaves the greedy id.
                if (lid == 0u && (bitcast<u32>(m) & 0x7fffffffu) < 0x7f800000u) { next[0] = id; }
            }
        
