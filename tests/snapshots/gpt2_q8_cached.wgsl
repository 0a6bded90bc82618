// node: h[t, d] = wte[ids[t], d] + wpe[pos + t, d]
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<u32>; // ids
@group(0) @binding(2) var<storage, read> a2: array<u32>; // wte
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
        if (i >= 768u) {
            return;
        }
        let v0: u32 = i / 768u;
        let v1: u32 = (i / 1u) % 768u;
        a0[i] = (forge_qa2(min(a1[v0], 50256u) * 768u + min(u32(v1), 767u)) + a3[min((u.f0 + u32(i32(v0))), 1023u) * 768u + min(u32(v1), 767u)]);
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

// node: a = layer_norm(h, ln1_g[l], ln1_b[l], 0.00001); …(+2); vc[l, n, pos + t, e] = qkv[t, 2 * D + n * E + e]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // attn_b
@group(0) @binding(2) var<storage, read> a2: array<u32>; // attn_w
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // h
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ln1_g
@group(0) @binding(5) var<storage, read> a5: array<f32>; // ln1_b
@group(0) @binding(6) var<storage, read_write> a6: array<f32>; // kc
@group(0) @binding(7) var<storage, read_write> a7: array<f32>; // vc
struct Uniforms {
    f0: u32, // pos
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
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 34u + 0u; let j = i & 31u; let c = b + 2u + j; let d = forge_q_half(a2[b >> 2u], b); return forge_q_i8(forge_q_byte(a2[c >> 2u], c)) * d; }
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a2[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
var<workgroup> lna: array<f32, 768>;
var<workgroup> lnred: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 288u) {
        return;
    }
    let bidx: u32 = group / 288u;
    let tile: u32 = group % 288u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    var ln_part0: f32 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let xv: f32 = a3[kx];
        lna[0u + kx] = xv;
        ln_part0 = ln_part0 + xv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_mean0: f32 = lnred[0] / 768.0f;
    workgroupBarrier();
    ln_part0 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let dv: f32 = lna[0u + kx] - ln_mean0;
        ln_part0 = ln_part0 + dv * dv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_inv0: f32 = inverseSqrt(lnred[0] / 768.0f + 1e-5f);
    workgroupBarrier();
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let yv: f32 = (lna[0u + kx] - ln_mean0) * ln_inv0 * a4[kx] + a5[kx];
        lna[0u + kx] = yv;
    }
    workgroupBarrier();
    if (j < 2304u) {
        for (var t0: u32 = 0u; t0 < 6u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa2_x4(kq0 + j * 768u);
            let av0_0_0: f32 = lna[0u + kq0 + 0u];
            let av0_0_1: f32 = lna[0u + kq0 + 1u];
            let av0_0_2: f32 = lna[0u + kq0 + 16u];
            let av0_0_3: f32 = lna[0u + kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa2_x4(kq1 + j * 768u);
            let av0_1_0: f32 = lna[0u + kq1 + 0u];
            let av0_1_1: f32 = lna[0u + kq1 + 1u];
            let av0_1_2: f32 = lna[0u + kq1 + 16u];
            let av0_1_3: f32 = lna[0u + kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa2_x4(kq2 + j * 768u);
            let av0_2_0: f32 = lna[0u + kq2 + 0u];
            let av0_2_1: f32 = lna[0u + kq2 + 1u];
            let av0_2_2: f32 = lna[0u + kq2 + 16u];
            let av0_2_3: f32 = lna[0u + kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa2_x4(kq3 + j * 768u);
            let av0_3_0: f32 = lna[0u + kq3 + 0u];
            let av0_3_1: f32 = lna[0u + kq3 + 1u];
            let av0_3_2: f32 = lna[0u + kq3 + 16u];
            let av0_3_3: f32 = lna[0u + kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa2_x4(kq4 + j * 768u);
            let av0_4_0: f32 = lna[0u + kq4 + 0u];
            let av0_4_1: f32 = lna[0u + kq4 + 1u];
            let av0_4_2: f32 = lna[0u + kq4 + 16u];
            let av0_4_3: f32 = lna[0u + kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa2_x4(kq5 + j * 768u);
            let av0_5_0: f32 = lna[0u + kq5 + 0u];
            let av0_5_1: f32 = lna[0u + kq5 + 1u];
            let av0_5_2: f32 = lna[0u + kq5 + 16u];
            let av0_5_3: f32 = lna[0u + kq5 + 17u];
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
    if (ks == 0u && j < 2304u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 2304u + j)] = (acc + a1[j]);
        }
    }
    storageBarrier();
    workgroupBarrier();
    for (var fp0: u32 = lid; fp0 < 768u; fp0 = fp0 + 256u) {
        let f0v0: u32 = fp0 / 64u;
        let f0v1: u32 = (fp0 / 64u) % 1u;
        let f0v2: u32 = (fp0 / 1u) % 64u;
        if (u32(clamp(((768i + (i32(f0v0) * 64i)) + i32(f0v2)), i32(0), i32(2303))) / 8u == tile) {
            let at1: u32 = f0v1 + u.f0;
            if (at1 >= f0v1 && at1 < 64u) {
                a6[f0v0 * 4096u + at1 * 64u + f0v2 * 1u] = a0[min(u32(f0v1), 0u) * 2304u + u32(clamp(((768i + (i32(f0v0) * 64i)) + i32(f0v2)), 0i, 2303i))];
            }
        }
    }
    for (var fp1: u32 = lid; fp1 < 768u; fp1 = fp1 + 256u) {
        let f1v0: u32 = fp1 / 64u;
        let f1v1: u32 = (fp1 / 64u) % 1u;
        let f1v2: u32 = (fp1 / 1u) % 64u;
        if (u32(clamp(((1536i + (i32(f1v0) * 64i)) + i32(f1v2)), i32(0), i32(2303))) / 8u == tile) {
            let at1: u32 = f1v1 + u.f0;
            if (at1 >= f1v1 && at1 < 64u) {
                a7[f1v0 * 4096u + at1 * 64u + f1v2 * 1u] = a0[min(u32(f1v1), 0u) * 2304u + u32(clamp(((1536i + (i32(f1v0) * 64i)) + i32(f1v2)), 0i, 2303i))];
            }
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

// node: h = h + matmul(merged, transpose(proj_w[l])) + proj_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // proj_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // ctx
@group(0) @binding(3) var<storage, read> a3: array<u32>; // proj_w
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
fn forge_qa3(i: u32) -> f32 { let b = (i >> 5u) * 34u + 0u; let j = i & 31u; let c = b + 2u + j; let d = forge_q_half(a3[b >> 2u], b); return forge_q_i8(forge_q_byte(a3[c >> 2u], c)) * d; }
fn forge_qa3_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a3[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a3[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a3[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 96u) {
        return;
    }
    let bidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 768u) {
        for (var t0: u32 = 0u; t0 < 6u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa3_x4(kq0 + j * 768u);
            let av0_0_0: f32 = a2[kq0 + 0u];
            let av0_0_1: f32 = a2[kq0 + 1u];
            let av0_0_2: f32 = a2[kq0 + 16u];
            let av0_0_3: f32 = a2[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa3_x4(kq1 + j * 768u);
            let av0_1_0: f32 = a2[kq1 + 0u];
            let av0_1_1: f32 = a2[kq1 + 1u];
            let av0_1_2: f32 = a2[kq1 + 16u];
            let av0_1_3: f32 = a2[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa3_x4(kq2 + j * 768u);
            let av0_2_0: f32 = a2[kq2 + 0u];
            let av0_2_1: f32 = a2[kq2 + 1u];
            let av0_2_2: f32 = a2[kq2 + 16u];
            let av0_2_3: f32 = a2[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa3_x4(kq3 + j * 768u);
            let av0_3_0: f32 = a2[kq3 + 0u];
            let av0_3_1: f32 = a2[kq3 + 1u];
            let av0_3_2: f32 = a2[kq3 + 16u];
            let av0_3_3: f32 = a2[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa3_x4(kq4 + j * 768u);
            let av0_4_0: f32 = a2[kq4 + 0u];
            let av0_4_1: f32 = a2[kq4 + 1u];
            let av0_4_2: f32 = a2[kq4 + 16u];
            let av0_4_3: f32 = a2[kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa3_x4(kq5 + j * 768u);
            let av0_5_0: f32 = a2[kq5 + 0u];
            let av0_5_1: f32 = a2[kq5 + 1u];
            let av0_5_2: f32 = a2[kq5 + 16u];
            let av0_5_3: f32 = a2[kq5 + 17u];
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
    if (ks == 0u && j < 768u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: a = layer_norm(h, ln2_g[l], ln2_b[l], 0.00001); up = gelu_tanh(matmul(a, transpose(fc_w[l])) + fc_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // fc_b
@group(0) @binding(2) var<storage, read> a2: array<u32>; // fc_w
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // h
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ln2_g
@group(0) @binding(5) var<storage, read> a5: array<f32>; // ln2_b
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
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a2[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
var<workgroup> lna: array<f32, 768>;
var<workgroup> lnred: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 384u) {
        return;
    }
    let bidx: u32 = group / 384u;
    let tile: u32 = group % 384u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    var ln_part0: f32 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let xv: f32 = a3[kx];
        lna[0u + kx] = xv;
        ln_part0 = ln_part0 + xv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_mean0: f32 = lnred[0] / 768.0f;
    workgroupBarrier();
    ln_part0 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let dv: f32 = lna[0u + kx] - ln_mean0;
        ln_part0 = ln_part0 + dv * dv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_inv0: f32 = inverseSqrt(lnred[0] / 768.0f + 1e-5f);
    workgroupBarrier();
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let yv: f32 = (lna[0u + kx] - ln_mean0) * ln_inv0 * a4[kx] + a5[kx];
        lna[0u + kx] = yv;
    }
    workgroupBarrier();
    if (j < 3072u) {
        for (var t0: u32 = 0u; t0 < 6u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa2_x4(kq0 + j * 768u);
            let av0_0_0: f32 = lna[0u + kq0 + 0u];
            let av0_0_1: f32 = lna[0u + kq0 + 1u];
            let av0_0_2: f32 = lna[0u + kq0 + 16u];
            let av0_0_3: f32 = lna[0u + kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa2_x4(kq1 + j * 768u);
            let av0_1_0: f32 = lna[0u + kq1 + 0u];
            let av0_1_1: f32 = lna[0u + kq1 + 1u];
            let av0_1_2: f32 = lna[0u + kq1 + 16u];
            let av0_1_3: f32 = lna[0u + kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa2_x4(kq2 + j * 768u);
            let av0_2_0: f32 = lna[0u + kq2 + 0u];
            let av0_2_1: f32 = lna[0u + kq2 + 1u];
            let av0_2_2: f32 = lna[0u + kq2 + 16u];
            let av0_2_3: f32 = lna[0u + kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa2_x4(kq3 + j * 768u);
            let av0_3_0: f32 = lna[0u + kq3 + 0u];
            let av0_3_1: f32 = lna[0u + kq3 + 1u];
            let av0_3_2: f32 = lna[0u + kq3 + 16u];
            let av0_3_3: f32 = lna[0u + kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa2_x4(kq4 + j * 768u);
            let av0_4_0: f32 = lna[0u + kq4 + 0u];
            let av0_4_1: f32 = lna[0u + kq4 + 1u];
            let av0_4_2: f32 = lna[0u + kq4 + 16u];
            let av0_4_3: f32 = lna[0u + kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa2_x4(kq5 + j * 768u);
            let av0_5_0: f32 = lna[0u + kq5 + 0u];
            let av0_5_1: f32 = lna[0u + kq5 + 1u];
            let av0_5_2: f32 = lna[0u + kq5 + 16u];
            let av0_5_3: f32 = lna[0u + kq5 + 17u];
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
    if (ks == 0u && j < 3072u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 3072u + j)] = forge_gelu_tanh((acc + a1[j]));
        }
    }
}

// node: h = h + matmul(up, transpose(out_w[l])) + out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // out_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // up
@group(0) @binding(3) var<storage, read> a3: array<u32>; // out_w
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
fn forge_qa3(i: u32) -> f32 { let b = (i >> 5u) * 34u + 0u; let j = i & 31u; let c = b + 2u + j; let d = forge_q_half(a3[b >> 2u], b); return forge_q_i8(forge_q_byte(a3[c >> 2u], c)) * d; }
fn forge_qa3_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a3[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a3[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a3[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 96u) {
        return;
    }
    let bidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 768u) {
        for (var t0: u32 = 0u; t0 < 24u; t0 = t0 + 8u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa3_x4(kq0 + j * 3072u);
            let av0_0_0: f32 = a2[kq0 + 0u];
            let av0_0_1: f32 = a2[kq0 + 1u];
            let av0_0_2: f32 = a2[kq0 + 16u];
            let av0_0_3: f32 = a2[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa3_x4(kq1 + j * 3072u);
            let av0_1_0: f32 = a2[kq1 + 0u];
            let av0_1_1: f32 = a2[kq1 + 1u];
            let av0_1_2: f32 = a2[kq1 + 16u];
            let av0_1_3: f32 = a2[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa3_x4(kq2 + j * 3072u);
            let av0_2_0: f32 = a2[kq2 + 0u];
            let av0_2_1: f32 = a2[kq2 + 1u];
            let av0_2_2: f32 = a2[kq2 + 16u];
            let av0_2_3: f32 = a2[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa3_x4(kq3 + j * 3072u);
            let av0_3_0: f32 = a2[kq3 + 0u];
            let av0_3_1: f32 = a2[kq3 + 1u];
            let av0_3_2: f32 = a2[kq3 + 16u];
            let av0_3_3: f32 = a2[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa3_x4(kq4 + j * 3072u);
            let av0_4_0: f32 = a2[kq4 + 0u];
            let av0_4_1: f32 = a2[kq4 + 1u];
            let av0_4_2: f32 = a2[kq4 + 16u];
            let av0_4_3: f32 = a2[kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa3_x4(kq5 + j * 3072u);
            let av0_5_0: f32 = a2[kq5 + 0u];
            let av0_5_1: f32 = a2[kq5 + 1u];
            let av0_5_2: f32 = a2[kq5 + 16u];
            let av0_5_3: f32 = a2[kq5 + 17u];
            let blk6: u32 = (t0 + 6u) * 4u + qb;
            let kq6: u32 = blk6 * 32u + qc;
            let bv6: vec4<f32> = forge_qa3_x4(kq6 + j * 3072u);
            let av0_6_0: f32 = a2[kq6 + 0u];
            let av0_6_1: f32 = a2[kq6 + 1u];
            let av0_6_2: f32 = a2[kq6 + 16u];
            let av0_6_3: f32 = a2[kq6 + 17u];
            let blk7: u32 = (t0 + 7u) * 4u + qb;
            let kq7: u32 = blk7 * 32u + qc;
            let bv7: vec4<f32> = forge_qa3_x4(kq7 + j * 3072u);
            let av0_7_0: f32 = a2[kq7 + 0u];
            let av0_7_1: f32 = a2[kq7 + 1u];
            let av0_7_2: f32 = a2[kq7 + 16u];
            let av0_7_3: f32 = a2[kq7 + 17u];
            p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
            p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
            p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
            p0 = p0 + av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w;
            p0 = p0 + av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w;
            p0 = p0 + av0_5_0 * bv5.x + av0_5_1 * bv5.y + av0_5_2 * bv5.z + av0_5_3 * bv5.w;
            p0 = p0 + av0_6_0 * bv6.x + av0_6_1 * bv6.y + av0_6_2 * bv6.z + av0_6_3 * bv6.w;
            p0 = p0 + av0_7_0 * bv7.x + av0_7_1 * bv7.y + av0_7_2 * bv7.z + av0_7_3 * bv7.w;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    workgroupBarrier();
    if (ks == 0u && j < 768u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: a = layer_norm(h, ln1_g[l], ln1_b[l], 0.00001); …(+2); vc[l, n, pos + t, e] = qkv[t, 2 * D + n * E + e]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // attn_b
@group(0) @binding(2) var<storage, read> a2: array<u32>; // attn_w
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // h
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ln1_g
@group(0) @binding(5) var<storage, read> a5: array<f32>; // ln1_b
@group(0) @binding(6) var<storage, read_write> a6: array<f32>; // kc
@group(0) @binding(7) var<storage, read_write> a7: array<f32>; // vc
struct Uniforms {
    f0: u32, // pos
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
fn forge_qa2(i: u32) -> f32 { let b = (i >> 5u) * 34u + 0u; let j = i & 31u; let c = b + 2u + j; let d = forge_q_half(a2[b >> 2u], b); return forge_q_i8(forge_q_byte(a2[c >> 2u], c)) * d; }
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a2[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
var<workgroup> lna: array<f32, 768>;
var<workgroup> lnred: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 288u) {
        return;
    }
    let bidx: u32 = group / 288u;
    let tile: u32 = group % 288u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    var ln_part0: f32 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let xv: f32 = a3[kx];
        lna[0u + kx] = xv;
        ln_part0 = ln_part0 + xv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_mean0: f32 = lnred[0] / 768.0f;
    workgroupBarrier();
    ln_part0 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let dv: f32 = lna[0u + kx] - ln_mean0;
        ln_part0 = ln_part0 + dv * dv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_inv0: f32 = inverseSqrt(lnred[0] / 768.0f + 1e-5f);
    workgroupBarrier();
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let yv: f32 = (lna[0u + kx] - ln_mean0) * ln_inv0 * a4[kx] + a5[kx];
        lna[0u + kx] = yv;
    }
    workgroupBarrier();
    if (j < 2304u) {
        for (var t0: u32 = 0u; t0 < 6u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa2_x4(kq0 + j * 768u);
            let av0_0_0: f32 = lna[0u + kq0 + 0u];
            let av0_0_1: f32 = lna[0u + kq0 + 1u];
            let av0_0_2: f32 = lna[0u + kq0 + 16u];
            let av0_0_3: f32 = lna[0u + kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa2_x4(kq1 + j * 768u);
            let av0_1_0: f32 = lna[0u + kq1 + 0u];
            let av0_1_1: f32 = lna[0u + kq1 + 1u];
            let av0_1_2: f32 = lna[0u + kq1 + 16u];
            let av0_1_3: f32 = lna[0u + kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa2_x4(kq2 + j * 768u);
            let av0_2_0: f32 = lna[0u + kq2 + 0u];
            let av0_2_1: f32 = lna[0u + kq2 + 1u];
            let av0_2_2: f32 = lna[0u + kq2 + 16u];
            let av0_2_3: f32 = lna[0u + kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa2_x4(kq3 + j * 768u);
            let av0_3_0: f32 = lna[0u + kq3 + 0u];
            let av0_3_1: f32 = lna[0u + kq3 + 1u];
            let av0_3_2: f32 = lna[0u + kq3 + 16u];
            let av0_3_3: f32 = lna[0u + kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa2_x4(kq4 + j * 768u);
            let av0_4_0: f32 = lna[0u + kq4 + 0u];
            let av0_4_1: f32 = lna[0u + kq4 + 1u];
            let av0_4_2: f32 = lna[0u + kq4 + 16u];
            let av0_4_3: f32 = lna[0u + kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa2_x4(kq5 + j * 768u);
            let av0_5_0: f32 = lna[0u + kq5 + 0u];
            let av0_5_1: f32 = lna[0u + kq5 + 1u];
            let av0_5_2: f32 = lna[0u + kq5 + 16u];
            let av0_5_3: f32 = lna[0u + kq5 + 17u];
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
    if (ks == 0u && j < 2304u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 2304u + j)] = (acc + a1[j]);
        }
    }
    storageBarrier();
    workgroupBarrier();
    for (var fp0: u32 = lid; fp0 < 768u; fp0 = fp0 + 256u) {
        let f0v0: u32 = fp0 / 64u;
        let f0v1: u32 = (fp0 / 64u) % 1u;
        let f0v2: u32 = (fp0 / 1u) % 64u;
        if (u32(clamp(((768i + (i32(f0v0) * 64i)) + i32(f0v2)), i32(0), i32(2303))) / 8u == tile) {
            let at1: u32 = f0v1 + u.f0;
            if (at1 >= f0v1 && at1 < 64u) {
                a6[f0v0 * 4096u + at1 * 64u + f0v2 * 1u] = a0[min(u32(f0v1), 0u) * 2304u + u32(clamp(((768i + (i32(f0v0) * 64i)) + i32(f0v2)), 0i, 2303i))];
            }
        }
    }
    for (var fp1: u32 = lid; fp1 < 768u; fp1 = fp1 + 256u) {
        let f1v0: u32 = fp1 / 64u;
        let f1v1: u32 = (fp1 / 64u) % 1u;
        let f1v2: u32 = (fp1 / 1u) % 64u;
        if (u32(clamp(((1536i + (i32(f1v0) * 64i)) + i32(f1v2)), i32(0), i32(2303))) / 8u == tile) {
            let at1: u32 = f1v1 + u.f0;
            if (at1 >= f1v1 && at1 < 64u) {
                a7[f1v0 * 4096u + at1 * 64u + f1v2 * 1u] = a0[min(u32(f1v1), 0u) * 2304u + u32(clamp(((1536i + (i32(f1v0) * 64i)) + i32(f1v2)), 0i, 2303i))];
            }
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

// node: h = h + matmul(merged, transpose(proj_w[l])) + proj_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // proj_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // ctx
@group(0) @binding(3) var<storage, read> a3: array<u32>; // proj_w
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
fn forge_qa3(i: u32) -> f32 { let b = (i >> 5u) * 34u + 0u; let j = i & 31u; let c = b + 2u + j; let d = forge_q_half(a3[b >> 2u], b); return forge_q_i8(forge_q_byte(a3[c >> 2u], c)) * d; }
fn forge_qa3_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a3[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a3[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a3[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 96u) {
        return;
    }
    let bidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 768u) {
        for (var t0: u32 = 0u; t0 < 6u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa3_x4(kq0 + j * 768u);
            let av0_0_0: f32 = a2[kq0 + 0u];
            let av0_0_1: f32 = a2[kq0 + 1u];
            let av0_0_2: f32 = a2[kq0 + 16u];
            let av0_0_3: f32 = a2[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa3_x4(kq1 + j * 768u);
            let av0_1_0: f32 = a2[kq1 + 0u];
            let av0_1_1: f32 = a2[kq1 + 1u];
            let av0_1_2: f32 = a2[kq1 + 16u];
            let av0_1_3: f32 = a2[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa3_x4(kq2 + j * 768u);
            let av0_2_0: f32 = a2[kq2 + 0u];
            let av0_2_1: f32 = a2[kq2 + 1u];
            let av0_2_2: f32 = a2[kq2 + 16u];
            let av0_2_3: f32 = a2[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa3_x4(kq3 + j * 768u);
            let av0_3_0: f32 = a2[kq3 + 0u];
            let av0_3_1: f32 = a2[kq3 + 1u];
            let av0_3_2: f32 = a2[kq3 + 16u];
            let av0_3_3: f32 = a2[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa3_x4(kq4 + j * 768u);
            let av0_4_0: f32 = a2[kq4 + 0u];
            let av0_4_1: f32 = a2[kq4 + 1u];
            let av0_4_2: f32 = a2[kq4 + 16u];
            let av0_4_3: f32 = a2[kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa3_x4(kq5 + j * 768u);
            let av0_5_0: f32 = a2[kq5 + 0u];
            let av0_5_1: f32 = a2[kq5 + 1u];
            let av0_5_2: f32 = a2[kq5 + 16u];
            let av0_5_3: f32 = a2[kq5 + 17u];
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
    if (ks == 0u && j < 768u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: a = layer_norm(h, ln2_g[l], ln2_b[l], 0.00001); up = gelu_tanh(matmul(a, transpose(fc_w[l])) + fc_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // fc_b
@group(0) @binding(2) var<storage, read> a2: array<u32>; // fc_w
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // h
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ln2_g
@group(0) @binding(5) var<storage, read> a5: array<f32>; // ln2_b
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
fn forge_qa2_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a2[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a2[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a2[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
var<workgroup> lna: array<f32, 768>;
var<workgroup> lnred: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 384u) {
        return;
    }
    let bidx: u32 = group / 384u;
    let tile: u32 = group % 384u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    var ln_part0: f32 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let xv: f32 = a3[kx];
        lna[0u + kx] = xv;
        ln_part0 = ln_part0 + xv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_mean0: f32 = lnred[0] / 768.0f;
    workgroupBarrier();
    ln_part0 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let dv: f32 = lna[0u + kx] - ln_mean0;
        ln_part0 = ln_part0 + dv * dv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_inv0: f32 = inverseSqrt(lnred[0] / 768.0f + 1e-5f);
    workgroupBarrier();
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let yv: f32 = (lna[0u + kx] - ln_mean0) * ln_inv0 * a4[kx] + a5[kx];
        lna[0u + kx] = yv;
    }
    workgroupBarrier();
    if (j < 3072u) {
        for (var t0: u32 = 0u; t0 < 6u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa2_x4(kq0 + j * 768u);
            let av0_0_0: f32 = lna[0u + kq0 + 0u];
            let av0_0_1: f32 = lna[0u + kq0 + 1u];
            let av0_0_2: f32 = lna[0u + kq0 + 16u];
            let av0_0_3: f32 = lna[0u + kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa2_x4(kq1 + j * 768u);
            let av0_1_0: f32 = lna[0u + kq1 + 0u];
            let av0_1_1: f32 = lna[0u + kq1 + 1u];
            let av0_1_2: f32 = lna[0u + kq1 + 16u];
            let av0_1_3: f32 = lna[0u + kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa2_x4(kq2 + j * 768u);
            let av0_2_0: f32 = lna[0u + kq2 + 0u];
            let av0_2_1: f32 = lna[0u + kq2 + 1u];
            let av0_2_2: f32 = lna[0u + kq2 + 16u];
            let av0_2_3: f32 = lna[0u + kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa2_x4(kq3 + j * 768u);
            let av0_3_0: f32 = lna[0u + kq3 + 0u];
            let av0_3_1: f32 = lna[0u + kq3 + 1u];
            let av0_3_2: f32 = lna[0u + kq3 + 16u];
            let av0_3_3: f32 = lna[0u + kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa2_x4(kq4 + j * 768u);
            let av0_4_0: f32 = lna[0u + kq4 + 0u];
            let av0_4_1: f32 = lna[0u + kq4 + 1u];
            let av0_4_2: f32 = lna[0u + kq4 + 16u];
            let av0_4_3: f32 = lna[0u + kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa2_x4(kq5 + j * 768u);
            let av0_5_0: f32 = lna[0u + kq5 + 0u];
            let av0_5_1: f32 = lna[0u + kq5 + 1u];
            let av0_5_2: f32 = lna[0u + kq5 + 16u];
            let av0_5_3: f32 = lna[0u + kq5 + 17u];
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
    if (ks == 0u && j < 3072u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 3072u + j)] = forge_gelu_tanh((acc + a1[j]));
        }
    }
}

// node: h = h + matmul(up, transpose(out_w[l])) + out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read> a1: array<f32>; // out_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // up
@group(0) @binding(3) var<storage, read> a3: array<u32>; // out_w
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
fn forge_qa3(i: u32) -> f32 { let b = (i >> 5u) * 34u + 0u; let j = i & 31u; let c = b + 2u + j; let d = forge_q_half(a3[b >> 2u], b); return forge_q_i8(forge_q_byte(a3[c >> 2u], c)) * d; }
fn forge_qa3_x4(i: u32) -> vec4<f32> { let b = (i >> 5u) * 34u + 0u; let c = b + 2u + (i & 15u); let w = ((a3[(c) >> 2u] >> (((c) & 2u) * 8u)) & 0xffffu); let h = ((a3[(c + 16u) >> 2u] >> (((c + 16u) & 2u) * 8u)) & 0xffffu); let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u); let d = forge_q_half(a3[b >> 2u], b); return vec4<f32>(forge_q_i8(qs.x) * d, forge_q_i8(qs.y) * d, forge_q_i8(qs.z) * d, forge_q_i8(qs.w) * d); }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 96u) {
        return;
    }
    let bidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let col: u32 = lid / 32u;
    let ks: u32 = lid % 32u;
    let j: u32 = tile * 8u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    if (j < 768u) {
        for (var t0: u32 = 0u; t0 < 24u; t0 = t0 + 8u) {
            let blk0: u32 = (t0 + 0u) * 4u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa3_x4(kq0 + j * 3072u);
            let av0_0_0: f32 = a2[kq0 + 0u];
            let av0_0_1: f32 = a2[kq0 + 1u];
            let av0_0_2: f32 = a2[kq0 + 16u];
            let av0_0_3: f32 = a2[kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 4u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa3_x4(kq1 + j * 3072u);
            let av0_1_0: f32 = a2[kq1 + 0u];
            let av0_1_1: f32 = a2[kq1 + 1u];
            let av0_1_2: f32 = a2[kq1 + 16u];
            let av0_1_3: f32 = a2[kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 4u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa3_x4(kq2 + j * 3072u);
            let av0_2_0: f32 = a2[kq2 + 0u];
            let av0_2_1: f32 = a2[kq2 + 1u];
            let av0_2_2: f32 = a2[kq2 + 16u];
            let av0_2_3: f32 = a2[kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 4u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa3_x4(kq3 + j * 3072u);
            let av0_3_0: f32 = a2[kq3 + 0u];
            let av0_3_1: f32 = a2[kq3 + 1u];
            let av0_3_2: f32 = a2[kq3 + 16u];
            let av0_3_3: f32 = a2[kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 4u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa3_x4(kq4 + j * 3072u);
            let av0_4_0: f32 = a2[kq4 + 0u];
            let av0_4_1: f32 = a2[kq4 + 1u];
            let av0_4_2: f32 = a2[kq4 + 16u];
            let av0_4_3: f32 = a2[kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 4u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa3_x4(kq5 + j * 3072u);
            let av0_5_0: f32 = a2[kq5 + 0u];
            let av0_5_1: f32 = a2[kq5 + 1u];
            let av0_5_2: f32 = a2[kq5 + 16u];
            let av0_5_3: f32 = a2[kq5 + 17u];
            let blk6: u32 = (t0 + 6u) * 4u + qb;
            let kq6: u32 = blk6 * 32u + qc;
            let bv6: vec4<f32> = forge_qa3_x4(kq6 + j * 3072u);
            let av0_6_0: f32 = a2[kq6 + 0u];
            let av0_6_1: f32 = a2[kq6 + 1u];
            let av0_6_2: f32 = a2[kq6 + 16u];
            let av0_6_3: f32 = a2[kq6 + 17u];
            let blk7: u32 = (t0 + 7u) * 4u + qb;
            let kq7: u32 = blk7 * 32u + qc;
            let bv7: vec4<f32> = forge_qa3_x4(kq7 + j * 3072u);
            let av0_7_0: f32 = a2[kq7 + 0u];
            let av0_7_1: f32 = a2[kq7 + 1u];
            let av0_7_2: f32 = a2[kq7 + 16u];
            let av0_7_3: f32 = a2[kq7 + 17u];
            p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
            p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
            p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
            p0 = p0 + av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w;
            p0 = p0 + av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w;
            p0 = p0 + av0_5_0 * bv5.x + av0_5_1 * bv5.y + av0_5_2 * bv5.z + av0_5_3 * bv5.w;
            p0 = p0 + av0_6_0 * bv6.x + av0_6_1 * bv6.y + av0_6_2 * bv6.z + av0_6_3 * bv6.w;
            p0 = p0 + av0_7_0 * bv7.x + av0_7_1 * bv7.y + av0_7_2 * bv7.z + av0_7_3 * bv7.w;
        }
    }
    red[(u32(ks) * 1u + 0u) * 8u + u32(col)] = p0;
    workgroupBarrier();
    if (ks == 0u && j < 768u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 8u + u32(col)];
            }
            a0[((bidx * 1u + i) * 768u + j)] = ((a0[j] + acc) + a1[j]);
        }
    }
}

// node: last[o, d] = h[o + T - 1, d]; lastn = layer_norm(last, lnf_g, lnf_b, 0.00001); logits = matmul(lastn, transpose(wte))
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // logits
@group(0) @binding(1) var<storage, read> a1: array<u32>; // wte
@group(0) @binding(2) var<storage, read> a2: array<f32>; // lnf_g
@group(0) @binding(3) var<storage, read> a3: array<f32>; // lnf_b
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // h
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
var<workgroup> lna: array<f32, 768>;
var<workgroup> lnred: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 3142u) {
        return;
    }
    let bidx: u32 = group / 3142u;
    let tile: u32 = group % 3142u;
    let col: u32 = lid / 16u;
    let ks: u32 = lid % 16u;
    let j: u32 = tile * 16u + col;
    var p0: f32 = 0.0f;
    let qb: u32 = ks / 8u;
    let qc: u32 = (ks % 8u) * 2u;
    var ln_part0: f32 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let xv: f32 = a4[u32(clamp(((0i + 1i) - 1i), 0i, 0i)) * 768u + min(u32(kx), 767u)];
        lna[0u + kx] = xv;
        ln_part0 = ln_part0 + xv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_mean0: f32 = lnred[0] / 768.0f;
    workgroupBarrier();
    ln_part0 = 0.0f;
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let dv: f32 = lna[0u + kx] - ln_mean0;
        ln_part0 = ln_part0 + dv * dv;
    }
    lnred[lid] = ln_part0;
    workgroupBarrier();
    if (lid < 128u) {
        lnred[lid] = lnred[lid] + lnred[lid + 128u];
    }
    workgroupBarrier();
    if (lid < 64u) {
        lnred[lid] = lnred[lid] + lnred[lid + 64u];
    }
    workgroupBarrier();
    if (lid < 32u) {
        lnred[lid] = lnred[lid] + lnred[lid + 32u];
    }
    workgroupBarrier();
    if (lid < 16u) {
        lnred[lid] = lnred[lid] + lnred[lid + 16u];
    }
    workgroupBarrier();
    if (lid < 8u) {
        lnred[lid] = lnred[lid] + lnred[lid + 8u];
    }
    workgroupBarrier();
    if (lid < 4u) {
        lnred[lid] = lnred[lid] + lnred[lid + 4u];
    }
    workgroupBarrier();
    if (lid < 2u) {
        lnred[lid] = lnred[lid] + lnred[lid + 2u];
    }
    workgroupBarrier();
    if (lid < 1u) {
        lnred[lid] = lnred[lid] + lnred[lid + 1u];
    }
    workgroupBarrier();
    let ln_inv0: f32 = inverseSqrt(lnred[0] / 768.0f + 1e-5f);
    workgroupBarrier();
    for (var kx: u32 = lid; kx < 768u; kx = kx + 256u) {
        let yv: f32 = (lna[0u + kx] - ln_mean0) * ln_inv0 * a2[kx] + a3[kx];
        lna[0u + kx] = yv;
    }
    workgroupBarrier();
    if (j < 50257u) {
        for (var t0: u32 = 0u; t0 < 12u; t0 = t0 + 6u) {
            let blk0: u32 = (t0 + 0u) * 2u + qb;
            let kq0: u32 = blk0 * 32u + qc;
            let bv0: vec4<f32> = forge_qa1_x4(kq0 + j * 768u);
            let av0_0_0: f32 = lna[0u + kq0 + 0u];
            let av0_0_1: f32 = lna[0u + kq0 + 1u];
            let av0_0_2: f32 = lna[0u + kq0 + 16u];
            let av0_0_3: f32 = lna[0u + kq0 + 17u];
            let blk1: u32 = (t0 + 1u) * 2u + qb;
            let kq1: u32 = blk1 * 32u + qc;
            let bv1: vec4<f32> = forge_qa1_x4(kq1 + j * 768u);
            let av0_1_0: f32 = lna[0u + kq1 + 0u];
            let av0_1_1: f32 = lna[0u + kq1 + 1u];
            let av0_1_2: f32 = lna[0u + kq1 + 16u];
            let av0_1_3: f32 = lna[0u + kq1 + 17u];
            let blk2: u32 = (t0 + 2u) * 2u + qb;
            let kq2: u32 = blk2 * 32u + qc;
            let bv2: vec4<f32> = forge_qa1_x4(kq2 + j * 768u);
            let av0_2_0: f32 = lna[0u + kq2 + 0u];
            let av0_2_1: f32 = lna[0u + kq2 + 1u];
            let av0_2_2: f32 = lna[0u + kq2 + 16u];
            let av0_2_3: f32 = lna[0u + kq2 + 17u];
            let blk3: u32 = (t0 + 3u) * 2u + qb;
            let kq3: u32 = blk3 * 32u + qc;
            let bv3: vec4<f32> = forge_qa1_x4(kq3 + j * 768u);
            let av0_3_0: f32 = lna[0u + kq3 + 0u];
            let av0_3_1: f32 = lna[0u + kq3 + 1u];
            let av0_3_2: f32 = lna[0u + kq3 + 16u];
            let av0_3_3: f32 = lna[0u + kq3 + 17u];
            let blk4: u32 = (t0 + 4u) * 2u + qb;
            let kq4: u32 = blk4 * 32u + qc;
            let bv4: vec4<f32> = forge_qa1_x4(kq4 + j * 768u);
            let av0_4_0: f32 = lna[0u + kq4 + 0u];
            let av0_4_1: f32 = lna[0u + kq4 + 1u];
            let av0_4_2: f32 = lna[0u + kq4 + 16u];
            let av0_4_3: f32 = lna[0u + kq4 + 17u];
            let blk5: u32 = (t0 + 5u) * 2u + qb;
            let kq5: u32 = blk5 * 32u + qc;
            let bv5: vec4<f32> = forge_qa1_x4(kq5 + j * 768u);
            let av0_5_0: f32 = lna[0u + kq5 + 0u];
            let av0_5_1: f32 = lna[0u + kq5 + 1u];
            let av0_5_2: f32 = lna[0u + kq5 + 16u];
            let av0_5_3: f32 = lna[0u + kq5 + 17u];
            p0 = p0 + av0_0_0 * bv0.x + av0_0_1 * bv0.y + av0_0_2 * bv0.z + av0_0_3 * bv0.w;
            p0 = p0 + av0_1_0 * bv1.x + av0_1_1 * bv1.y + av0_1_2 * bv1.z + av0_1_3 * bv1.w;
            p0 = p0 + av0_2_0 * bv2.x + av0_2_1 * bv2.y + av0_2_2 * bv2.z + av0_2_3 * bv2.w;
            p0 = p0 + av0_3_0 * bv3.x + av0_3_1 * bv3.y + av0_3_2 * bv3.z + av0_3_3 * bv3.w;
            p0 = p0 + av0_4_0 * bv4.x + av0_4_1 * bv4.y + av0_4_2 * bv4.z + av0_4_3 * bv4.w;
            p0 = p0 + av0_5_0 * bv5.x + av0_5_1 * bv5.y + av0_5_2 * bv5.z + av0_5_3 * bv5.w;
        }
    }
    red[(u32(ks) * 1u + 0u) * 16u + u32(col)] = p0;
    workgroupBarrier();
    if (ks == 0u && j < 50257u) {
        for (var i: u32 = 0u; i < 1u; i = i + 1u) {
            var acc: f32 = 0.0f;
            for (var q: u32 = 0u; q < 16u; q = q + 1u) {
                acc = acc + red[(q * 1u + u32(i)) * 16u + u32(col)];
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
