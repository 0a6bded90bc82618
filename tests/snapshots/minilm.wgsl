// node: emb[b, t, d] = word_embeddings[ids[b, t], d] + position_embeddings[t, d] + token_type_embeddings[0, d]; x = layer_norm(emb, emb_ln_gamma, emb_ln_beta, 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read> a1: array<f32>; // emb_ln_gamma
@group(0) @binding(2) var<storage, read> a2: array<f32>; // emb_ln_beta
@group(0) @binding(3) var<storage, read> a3: array<u32>; // ids
@group(0) @binding(4) var<storage, read> a4: array<f32>; // word_embeddings
@group(0) @binding(5) var<storage, read> a5: array<f32>; // position_embeddings
@group(0) @binding(6) var<storage, read> a6: array<f32>; // token_type_embeddings
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = ((a4[min(a3[l0 * 30u + l1], 30521u) * 384u + min(u32(c), 383u)] + a5[l1 * 384u + c]) + a6[u32(clamp(0i, 0i, 1i)) * 384u + min(u32(c), 383u)]);
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a1[c] + a2[c];
            a0[i] = acc;
        }
    }
}

// node: bias[b, i, j, t] = select(mask[b, t] > 0, 0.0, -inf)
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // bias
@group(0) @binding(1) var<storage, read> a1: array<u32>; // mask
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
        if (i >= 240u) {
            return;
        }
        let v0: u32 = i / 30u;
        let v1: u32 = (i / 30u) % 1u;
        let v2: u32 = (i / 30u) % 1u;
        let v3: u32 = (i / 1u) % 30u;
        a0[i] = select(bitcast<f32>(4286578688u), 0.0f, (a1[v0 * 30u + v3] > 0u));
    }
}

// node: qkv = matmul(x1, transpose(qkv_w[l]), precision = bf16x3) + qkv_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // qkv_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // qkv_w
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
    if (group >= 288u) {
        return;
    }
    let obidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let ob0: u32 = obidx;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = obidx * 8u + ra0_ / 30u;
    let ba0_0: u32 = bidxa0_ / 8u;
    let ba0_1: u32 = (bidxa0_ / 1u) % 8u;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = obidx * 8u + ra1_ / 30u;
    let ba1_0: u32 = bidxa1_ / 8u;
    let ba1_1: u32 = (bidxa1_ / 1u) % 8u;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = obidx * 8u + ra2_ / 30u;
    let ba2_0: u32 = bidxa2_ / 8u;
    let ba2_1: u32 = (bidxa2_ / 1u) % 8u;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = obidx * 8u + ra3_ / 30u;
    let ba3_0: u32 = bidxa3_ / 8u;
    let ba3_1: u32 = (bidxa3_ / 1u) % 8u;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[ob0 * 147456u + kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
    }
}

// node: ctx = attention(qh, kh, vh, mask = bias); ctxm = reshape(ctxt)
// kernel attention (workgroup 128, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctxm
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // qkv
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // qkv
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // bias
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
var<workgroup> sm: array<f32, 3168>;
@compute @workgroup_size(128)
fn forge_attention(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 2u;
    let q0: u32 = (group % 2u) * 16u;
    let ty: u32 = lid / 8u;
    let tx: u32 = lid % 8u;
    let b0: u32 = bidx / 12u;
    let b1: u32 = (bidx / 1u) % 12u;
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a2[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[576u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a3[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[1728u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 4u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 512u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let qi: u32 = q0 + r;
            if (qi < 30u) {
                val = a1[b0 * 11520u + b1 * 32u + qi * 384u + d];
            }
            sm[0u + r * 36u + x % 32u] = val;
        }
    }
    workgroupBarrier();
    var sc: array<f32, 4>;
    {
        let s: u32 = 0u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        sc[s] = 0.0f;
    }
    var sc_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 32u; k = k + 1u) {
        {
            let i: u32 = 0u;
            sc_row[i] = sm[(ty + 16u * i) * 36u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
    }
    let scale: f32 = 0.17677669f;
    {
        let i: u32 = 0u;
        var rmx: f32 = bitcast<f32>(4286578688u);
        let qi: u32 = min(q0 + ty + 16u * i, 29u);
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        sm[2912u + (ty + 16u * i) * 8u + tx] = rmx;
    }
    workgroupBarrier();
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var mx: f32 = bitcast<f32>(4286578688u);
        {
            let l: u32 = 0u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 1u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 2u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 3u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 4u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 5u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 6u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 7u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        var sum: f32 = 0.0f;
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        sm[3040u + r * 8u + tx] = sum;
    }
    workgroupBarrier();
    var o: array<f32, 4>;
    {
        let s: u32 = 0u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        o[s] = 0.0f;
    }
    var o_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 30u; k = k + 1u) {
        {
            let i: u32 = 0u;
            o_row[i] = sm[(ty + 16u * i) * 31u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
    }
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var den: f32 = 0.0f;
        {
            let l: u32 = 0u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 1u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 2u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 3u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 4u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 5u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 6u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 7u;
            den = den + sm[3040u + r * 8u + l];
        }
        let qi: u32 = q0 + r;
        if (qi < 30u) {
            {
                let c: u32 = 0u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 1u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 2u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 3u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
        }
    }
}

// node: r = x + matmul(ctxm, transpose(attn_out_w[l]), precision = bf16x3) + attn_out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_out_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // ctxm
@group(0) @binding(4) var<storage, read> a4: array<f32>; // attn_out_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a4[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a4[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, attn_ln_gamma[l], attn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // attn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: up = gelu(matmul(x, transpose(ffn_up_w[l]), precision = bf16x3) + ffn_up_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // ffn_up_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_up_w
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
    if (group >= 384u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 48u) * 32u;
    let n0: u32 = (tile % 48u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 1536u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb0 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb1 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb2 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb3 = a3[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb0 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb1 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb2 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb3 = a3[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
    }
}

// node: r = x + matmul(up, transpose(ffn_down_w[l]), precision = bf16x3) + ffn_down_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_down_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // up
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ffn_down_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 1536u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 1536u) {
                fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb0 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 1536u) {
                fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb1 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 1536u) {
                fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb2 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 1536u) {
                fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb3 = a4[kb + jb * 1536u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 1536u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 1536u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 1536u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 1536u) {
                        fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb0 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 1536u) {
                        fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb1 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 1536u) {
                        fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb2 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 1536u) {
                        fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb3 = a4[kb + jb * 1536u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, ffn_ln_gamma[l], ffn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: qkv = matmul(x1, transpose(qkv_w[l]), precision = bf16x3) + qkv_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // qkv_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // qkv_w
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
    if (group >= 288u) {
        return;
    }
    let obidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let ob0: u32 = obidx;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = obidx * 8u + ra0_ / 30u;
    let ba0_0: u32 = bidxa0_ / 8u;
    let ba0_1: u32 = (bidxa0_ / 1u) % 8u;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = obidx * 8u + ra1_ / 30u;
    let ba1_0: u32 = bidxa1_ / 8u;
    let ba1_1: u32 = (bidxa1_ / 1u) % 8u;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = obidx * 8u + ra2_ / 30u;
    let ba2_0: u32 = bidxa2_ / 8u;
    let ba2_1: u32 = (bidxa2_ / 1u) % 8u;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = obidx * 8u + ra3_ / 30u;
    let ba3_0: u32 = bidxa3_ / 8u;
    let ba3_1: u32 = (bidxa3_ / 1u) % 8u;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[ob0 * 147456u + kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
    }
}

// node: ctx = attention(qh, kh, vh, mask = bias); ctxm = reshape(ctxt)
// kernel attention (workgroup 128, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctxm
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // qkv
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // qkv
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // bias
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
var<workgroup> sm: array<f32, 3168>;
@compute @workgroup_size(128)
fn forge_attention(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 2u;
    let q0: u32 = (group % 2u) * 16u;
    let ty: u32 = lid / 8u;
    let tx: u32 = lid % 8u;
    let b0: u32 = bidx / 12u;
    let b1: u32 = (bidx / 1u) % 12u;
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a2[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[576u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a3[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[1728u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 4u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 512u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let qi: u32 = q0 + r;
            if (qi < 30u) {
                val = a1[b0 * 11520u + b1 * 32u + qi * 384u + d];
            }
            sm[0u + r * 36u + x % 32u] = val;
        }
    }
    workgroupBarrier();
    var sc: array<f32, 4>;
    {
        let s: u32 = 0u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        sc[s] = 0.0f;
    }
    var sc_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 32u; k = k + 1u) {
        {
            let i: u32 = 0u;
            sc_row[i] = sm[(ty + 16u * i) * 36u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
    }
    let scale: f32 = 0.17677669f;
    {
        let i: u32 = 0u;
        var rmx: f32 = bitcast<f32>(4286578688u);
        let qi: u32 = min(q0 + ty + 16u * i, 29u);
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        sm[2912u + (ty + 16u * i) * 8u + tx] = rmx;
    }
    workgroupBarrier();
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var mx: f32 = bitcast<f32>(4286578688u);
        {
            let l: u32 = 0u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 1u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 2u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 3u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 4u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 5u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 6u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 7u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        var sum: f32 = 0.0f;
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        sm[3040u + r * 8u + tx] = sum;
    }
    workgroupBarrier();
    var o: array<f32, 4>;
    {
        let s: u32 = 0u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        o[s] = 0.0f;
    }
    var o_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 30u; k = k + 1u) {
        {
            let i: u32 = 0u;
            o_row[i] = sm[(ty + 16u * i) * 31u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
    }
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var den: f32 = 0.0f;
        {
            let l: u32 = 0u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 1u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 2u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 3u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 4u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 5u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 6u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 7u;
            den = den + sm[3040u + r * 8u + l];
        }
        let qi: u32 = q0 + r;
        if (qi < 30u) {
            {
                let c: u32 = 0u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 1u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 2u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 3u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
        }
    }
}

// node: r = x + matmul(ctxm, transpose(attn_out_w[l]), precision = bf16x3) + attn_out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_out_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // ctxm
@group(0) @binding(4) var<storage, read> a4: array<f32>; // attn_out_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a4[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a4[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, attn_ln_gamma[l], attn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // attn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: up = gelu(matmul(x, transpose(ffn_up_w[l]), precision = bf16x3) + ffn_up_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // ffn_up_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_up_w
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
    if (group >= 384u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 48u) * 32u;
    let n0: u32 = (tile % 48u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 1536u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb0 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb1 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb2 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb3 = a3[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb0 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb1 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb2 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb3 = a3[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
    }
}

// node: r = x + matmul(up, transpose(ffn_down_w[l]), precision = bf16x3) + ffn_down_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_down_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // up
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ffn_down_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 1536u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 1536u) {
                fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb0 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 1536u) {
                fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb1 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 1536u) {
                fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb2 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 1536u) {
                fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb3 = a4[kb + jb * 1536u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 1536u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 1536u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 1536u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 1536u) {
                        fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb0 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 1536u) {
                        fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb1 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 1536u) {
                        fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb2 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 1536u) {
                        fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb3 = a4[kb + jb * 1536u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, ffn_ln_gamma[l], ffn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: qkv = matmul(x1, transpose(qkv_w[l]), precision = bf16x3) + qkv_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // qkv_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // qkv_w
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
    if (group >= 288u) {
        return;
    }
    let obidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let ob0: u32 = obidx;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = obidx * 8u + ra0_ / 30u;
    let ba0_0: u32 = bidxa0_ / 8u;
    let ba0_1: u32 = (bidxa0_ / 1u) % 8u;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = obidx * 8u + ra1_ / 30u;
    let ba1_0: u32 = bidxa1_ / 8u;
    let ba1_1: u32 = (bidxa1_ / 1u) % 8u;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = obidx * 8u + ra2_ / 30u;
    let ba2_0: u32 = bidxa2_ / 8u;
    let ba2_1: u32 = (bidxa2_ / 1u) % 8u;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = obidx * 8u + ra3_ / 30u;
    let ba3_0: u32 = bidxa3_ / 8u;
    let ba3_1: u32 = (bidxa3_ / 1u) % 8u;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[ob0 * 147456u + kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
    }
}

// node: ctx = attention(qh, kh, vh, mask = bias); ctxm = reshape(ctxt)
// kernel attention (workgroup 128, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctxm
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // qkv
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // qkv
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // bias
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
var<workgroup> sm: array<f32, 3168>;
@compute @workgroup_size(128)
fn forge_attention(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 2u;
    let q0: u32 = (group % 2u) * 16u;
    let ty: u32 = lid / 8u;
    let tx: u32 = lid % 8u;
    let b0: u32 = bidx / 12u;
    let b1: u32 = (bidx / 1u) % 12u;
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a2[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[576u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a3[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[1728u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 4u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 512u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let qi: u32 = q0 + r;
            if (qi < 30u) {
                val = a1[b0 * 11520u + b1 * 32u + qi * 384u + d];
            }
            sm[0u + r * 36u + x % 32u] = val;
        }
    }
    workgroupBarrier();
    var sc: array<f32, 4>;
    {
        let s: u32 = 0u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        sc[s] = 0.0f;
    }
    var sc_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 32u; k = k + 1u) {
        {
            let i: u32 = 0u;
            sc_row[i] = sm[(ty + 16u * i) * 36u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
    }
    let scale: f32 = 0.17677669f;
    {
        let i: u32 = 0u;
        var rmx: f32 = bitcast<f32>(4286578688u);
        let qi: u32 = min(q0 + ty + 16u * i, 29u);
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        sm[2912u + (ty + 16u * i) * 8u + tx] = rmx;
    }
    workgroupBarrier();
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var mx: f32 = bitcast<f32>(4286578688u);
        {
            let l: u32 = 0u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 1u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 2u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 3u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 4u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 5u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 6u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 7u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        var sum: f32 = 0.0f;
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        sm[3040u + r * 8u + tx] = sum;
    }
    workgroupBarrier();
    var o: array<f32, 4>;
    {
        let s: u32 = 0u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        o[s] = 0.0f;
    }
    var o_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 30u; k = k + 1u) {
        {
            let i: u32 = 0u;
            o_row[i] = sm[(ty + 16u * i) * 31u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
    }
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var den: f32 = 0.0f;
        {
            let l: u32 = 0u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 1u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 2u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 3u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 4u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 5u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 6u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 7u;
            den = den + sm[3040u + r * 8u + l];
        }
        let qi: u32 = q0 + r;
        if (qi < 30u) {
            {
                let c: u32 = 0u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 1u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 2u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 3u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
        }
    }
}

// node: r = x + matmul(ctxm, transpose(attn_out_w[l]), precision = bf16x3) + attn_out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_out_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // ctxm
@group(0) @binding(4) var<storage, read> a4: array<f32>; // attn_out_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a4[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a4[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, attn_ln_gamma[l], attn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // attn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: up = gelu(matmul(x, transpose(ffn_up_w[l]), precision = bf16x3) + ffn_up_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // ffn_up_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_up_w
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
    if (group >= 384u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 48u) * 32u;
    let n0: u32 = (tile % 48u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 1536u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb0 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb1 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb2 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb3 = a3[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb0 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb1 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb2 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb3 = a3[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
    }
}

// node: r = x + matmul(up, transpose(ffn_down_w[l]), precision = bf16x3) + ffn_down_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_down_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // up
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ffn_down_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 1536u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 1536u) {
                fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb0 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 1536u) {
                fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb1 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 1536u) {
                fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb2 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 1536u) {
                fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb3 = a4[kb + jb * 1536u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 1536u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 1536u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 1536u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 1536u) {
                        fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb0 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 1536u) {
                        fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb1 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 1536u) {
                        fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb2 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 1536u) {
                        fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb3 = a4[kb + jb * 1536u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, ffn_ln_gamma[l], ffn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: qkv = matmul(x1, transpose(qkv_w[l]), precision = bf16x3) + qkv_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // qkv_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // qkv_w
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
    if (group >= 288u) {
        return;
    }
    let obidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let ob0: u32 = obidx;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = obidx * 8u + ra0_ / 30u;
    let ba0_0: u32 = bidxa0_ / 8u;
    let ba0_1: u32 = (bidxa0_ / 1u) % 8u;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = obidx * 8u + ra1_ / 30u;
    let ba1_0: u32 = bidxa1_ / 8u;
    let ba1_1: u32 = (bidxa1_ / 1u) % 8u;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = obidx * 8u + ra2_ / 30u;
    let ba2_0: u32 = bidxa2_ / 8u;
    let ba2_1: u32 = (bidxa2_ / 1u) % 8u;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = obidx * 8u + ra3_ / 30u;
    let ba3_0: u32 = bidxa3_ / 8u;
    let ba3_1: u32 = (bidxa3_ / 1u) % 8u;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[ob0 * 147456u + kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
    }
}

// node: ctx = attention(qh, kh, vh, mask = bias); ctxm = reshape(ctxt)
// kernel attention (workgroup 128, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctxm
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // qkv
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // qkv
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // bias
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
var<workgroup> sm: array<f32, 3168>;
@compute @workgroup_size(128)
fn forge_attention(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 2u;
    let q0: u32 = (group % 2u) * 16u;
    let ty: u32 = lid / 8u;
    let tx: u32 = lid % 8u;
    let b0: u32 = bidx / 12u;
    let b1: u32 = (bidx / 1u) % 12u;
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a2[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[576u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a3[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[1728u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 4u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 512u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let qi: u32 = q0 + r;
            if (qi < 30u) {
                val = a1[b0 * 11520u + b1 * 32u + qi * 384u + d];
            }
            sm[0u + r * 36u + x % 32u] = val;
        }
    }
    workgroupBarrier();
    var sc: array<f32, 4>;
    {
        let s: u32 = 0u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        sc[s] = 0.0f;
    }
    var sc_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 32u; k = k + 1u) {
        {
            let i: u32 = 0u;
            sc_row[i] = sm[(ty + 16u * i) * 36u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
    }
    let scale: f32 = 0.17677669f;
    {
        let i: u32 = 0u;
        var rmx: f32 = bitcast<f32>(4286578688u);
        let qi: u32 = min(q0 + ty + 16u * i, 29u);
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        sm[2912u + (ty + 16u * i) * 8u + tx] = rmx;
    }
    workgroupBarrier();
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var mx: f32 = bitcast<f32>(4286578688u);
        {
            let l: u32 = 0u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 1u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 2u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 3u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 4u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 5u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 6u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 7u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        var sum: f32 = 0.0f;
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        sm[3040u + r * 8u + tx] = sum;
    }
    workgroupBarrier();
    var o: array<f32, 4>;
    {
        let s: u32 = 0u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        o[s] = 0.0f;
    }
    var o_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 30u; k = k + 1u) {
        {
            let i: u32 = 0u;
            o_row[i] = sm[(ty + 16u * i) * 31u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
    }
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var den: f32 = 0.0f;
        {
            let l: u32 = 0u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 1u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 2u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 3u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 4u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 5u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 6u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 7u;
            den = den + sm[3040u + r * 8u + l];
        }
        let qi: u32 = q0 + r;
        if (qi < 30u) {
            {
                let c: u32 = 0u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 1u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 2u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 3u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
        }
    }
}

// node: r = x + matmul(ctxm, transpose(attn_out_w[l]), precision = bf16x3) + attn_out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_out_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // ctxm
@group(0) @binding(4) var<storage, read> a4: array<f32>; // attn_out_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a4[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a4[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, attn_ln_gamma[l], attn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // attn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: up = gelu(matmul(x, transpose(ffn_up_w[l]), precision = bf16x3) + ffn_up_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // ffn_up_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_up_w
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
    if (group >= 384u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 48u) * 32u;
    let n0: u32 = (tile % 48u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 1536u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb0 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb1 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb2 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb3 = a3[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb0 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb1 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb2 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb3 = a3[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
    }
}

// node: r = x + matmul(up, transpose(ffn_down_w[l]), precision = bf16x3) + ffn_down_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_down_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // up
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ffn_down_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 1536u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 1536u) {
                fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb0 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 1536u) {
                fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb1 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 1536u) {
                fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb2 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 1536u) {
                fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb3 = a4[kb + jb * 1536u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 1536u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 1536u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 1536u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 1536u) {
                        fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb0 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 1536u) {
                        fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb1 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 1536u) {
                        fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb2 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 1536u) {
                        fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb3 = a4[kb + jb * 1536u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, ffn_ln_gamma[l], ffn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: qkv = matmul(x1, transpose(qkv_w[l]), precision = bf16x3) + qkv_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // qkv_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // qkv_w
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
    if (group >= 288u) {
        return;
    }
    let obidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let ob0: u32 = obidx;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = obidx * 8u + ra0_ / 30u;
    let ba0_0: u32 = bidxa0_ / 8u;
    let ba0_1: u32 = (bidxa0_ / 1u) % 8u;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = obidx * 8u + ra1_ / 30u;
    let ba1_0: u32 = bidxa1_ / 8u;
    let ba1_1: u32 = (bidxa1_ / 1u) % 8u;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = obidx * 8u + ra2_ / 30u;
    let ba2_0: u32 = bidxa2_ / 8u;
    let ba2_1: u32 = (bidxa2_ / 1u) % 8u;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = obidx * 8u + ra3_ / 30u;
    let ba3_0: u32 = bidxa3_ / 8u;
    let ba3_1: u32 = (bidxa3_ / 1u) % 8u;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[ob0 * 147456u + kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
    }
}

// node: ctx = attention(qh, kh, vh, mask = bias); ctxm = reshape(ctxt)
// kernel attention (workgroup 128, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctxm
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // qkv
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // qkv
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // bias
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
var<workgroup> sm: array<f32, 3168>;
@compute @workgroup_size(128)
fn forge_attention(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 2u;
    let q0: u32 = (group % 2u) * 16u;
    let ty: u32 = lid / 8u;
    let tx: u32 = lid % 8u;
    let b0: u32 = bidx / 12u;
    let b1: u32 = (bidx / 1u) % 12u;
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a2[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[576u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a3[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[1728u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 4u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 512u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let qi: u32 = q0 + r;
            if (qi < 30u) {
                val = a1[b0 * 11520u + b1 * 32u + qi * 384u + d];
            }
            sm[0u + r * 36u + x % 32u] = val;
        }
    }
    workgroupBarrier();
    var sc: array<f32, 4>;
    {
        let s: u32 = 0u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        sc[s] = 0.0f;
    }
    var sc_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 32u; k = k + 1u) {
        {
            let i: u32 = 0u;
            sc_row[i] = sm[(ty + 16u * i) * 36u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
    }
    let scale: f32 = 0.17677669f;
    {
        let i: u32 = 0u;
        var rmx: f32 = bitcast<f32>(4286578688u);
        let qi: u32 = min(q0 + ty + 16u * i, 29u);
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        sm[2912u + (ty + 16u * i) * 8u + tx] = rmx;
    }
    workgroupBarrier();
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var mx: f32 = bitcast<f32>(4286578688u);
        {
            let l: u32 = 0u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 1u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 2u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 3u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 4u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 5u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 6u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 7u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        var sum: f32 = 0.0f;
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        sm[3040u + r * 8u + tx] = sum;
    }
    workgroupBarrier();
    var o: array<f32, 4>;
    {
        let s: u32 = 0u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        o[s] = 0.0f;
    }
    var o_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 30u; k = k + 1u) {
        {
            let i: u32 = 0u;
            o_row[i] = sm[(ty + 16u * i) * 31u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
    }
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var den: f32 = 0.0f;
        {
            let l: u32 = 0u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 1u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 2u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 3u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 4u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 5u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 6u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 7u;
            den = den + sm[3040u + r * 8u + l];
        }
        let qi: u32 = q0 + r;
        if (qi < 30u) {
            {
                let c: u32 = 0u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 1u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 2u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 3u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
        }
    }
}

// node: r = x + matmul(ctxm, transpose(attn_out_w[l]), precision = bf16x3) + attn_out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_out_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // ctxm
@group(0) @binding(4) var<storage, read> a4: array<f32>; // attn_out_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a4[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a4[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, attn_ln_gamma[l], attn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // attn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: up = gelu(matmul(x, transpose(ffn_up_w[l]), precision = bf16x3) + ffn_up_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // ffn_up_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_up_w
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
    if (group >= 384u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 48u) * 32u;
    let n0: u32 = (tile % 48u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 1536u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb0 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb1 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb2 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb3 = a3[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb0 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb1 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb2 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb3 = a3[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
    }
}

// node: r = x + matmul(up, transpose(ffn_down_w[l]), precision = bf16x3) + ffn_down_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_down_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // up
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ffn_down_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 1536u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 1536u) {
                fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb0 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 1536u) {
                fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb1 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 1536u) {
                fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb2 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 1536u) {
                fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb3 = a4[kb + jb * 1536u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 1536u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 1536u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 1536u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 1536u) {
                        fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb0 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 1536u) {
                        fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb1 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 1536u) {
                        fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb2 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 1536u) {
                        fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb3 = a4[kb + jb * 1536u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, ffn_ln_gamma[l], ffn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: qkv = matmul(x1, transpose(qkv_w[l]), precision = bf16x3) + qkv_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // qkv
@group(0) @binding(1) var<storage, read> a1: array<f32>; // qkv_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // qkv_w
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
    if (group >= 288u) {
        return;
    }
    let obidx: u32 = group / 96u;
    let tile: u32 = group % 96u;
    let ob0: u32 = obidx;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = obidx * 8u + ra0_ / 30u;
    let ba0_0: u32 = bidxa0_ / 8u;
    let ba0_1: u32 = (bidxa0_ / 1u) % 8u;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = obidx * 8u + ra1_ / 30u;
    let ba1_0: u32 = bidxa1_ / 8u;
    let ba1_1: u32 = (bidxa1_ / 1u) % 8u;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = obidx * 8u + ra2_ / 30u;
    let ba2_0: u32 = bidxa2_ / 8u;
    let ba2_1: u32 = (bidxa2_ / 1u) % 8u;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = obidx * 8u + ra3_ / 30u;
    let ba3_0: u32 = bidxa3_ / 8u;
    let ba3_1: u32 = (bidxa3_ / 1u) % 8u;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[ob0 * 147456u + kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[ob0 * 147456u + kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a3[ob0 * 147456u + kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_1 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_1 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_1 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_1 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a3[ob0 * 147456u + kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = obidx * 8u + r / 30u;
            let b0: u32 = bidx / 8u;
            let b1: u32 = (bidx / 1u) % 8u;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = (acc + a1[b0 * 384u + j]);
                    }
                }
            }
        }
    }
}

// node: ctx = attention(qh, kh, vh, mask = bias); ctxm = reshape(ctxt)
// kernel attention (workgroup 128, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ctxm
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // qkv
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // qkv
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // qkv
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // bias
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
var<workgroup> sm: array<f32, 3168>;
@compute @workgroup_size(128)
fn forge_attention(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group >= 192u) {
        return;
    }
    let bidx: u32 = group / 2u;
    let q0: u32 = (group % 2u) * 16u;
    let ty: u32 = lid / 8u;
    let tx: u32 = lid % 8u;
    let b0: u32 = bidx / 12u;
    let b1: u32 = (bidx / 1u) % 12u;
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a2[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[576u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 8u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 960u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let kj: u32 = r;
            if (kj < 30u) {
                val = a3[b0 * 11520u + b1 * 32u + kj * 384u + d];
            }
            sm[1728u + r * 36u + x % 32u] = val;
        }
    }
    for (var it: u32 = 0u; it < 4u; it = it + 1u) {
        let x: u32 = lid + it * 128u;
        if (x < 512u) {
            let r: u32 = x / 32u;
            let d: u32 = x % 32u;
            var val: f32 = 0.0f;
            let qi: u32 = q0 + r;
            if (qi < 30u) {
                val = a1[b0 * 11520u + b1 * 32u + qi * 384u + d];
            }
            sm[0u + r * 36u + x % 32u] = val;
        }
    }
    workgroupBarrier();
    var sc: array<f32, 4>;
    {
        let s: u32 = 0u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        sc[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        sc[s] = 0.0f;
    }
    var sc_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 32u; k = k + 1u) {
        {
            let i: u32 = 0u;
            sc_row[i] = sm[(ty + 16u * i) * 36u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[576u + (tx + 8u * c) * 36u + k];
            {
                let i: u32 = 0u;
                sc[i * 4u + c] = sc[i * 4u + c] + sc_row[i] * col;
            }
        }
    }
    let scale: f32 = 0.17677669f;
    {
        let i: u32 = 0u;
        var rmx: f32 = bitcast<f32>(4286578688u);
        let qi: u32 = min(q0 + ty + 16u * i, 29u);
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            let kj: u32 = min(j, 29u);
            var s: f32 = sc[i * 4u + c] * scale + a4[b0 * 30u + kj];
            if (j >= 30u) {
                s = bitcast<f32>(4286578688u);
            }
            sc[i * 4u + c] = s;
            rmx = forge_fmax(rmx, s);
        }
        sm[2912u + (ty + 16u * i) * 8u + tx] = rmx;
    }
    workgroupBarrier();
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var mx: f32 = bitcast<f32>(4286578688u);
        {
            let l: u32 = 0u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 1u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 2u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 3u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 4u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 5u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 6u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        {
            let l: u32 = 7u;
            mx = forge_fmax(mx, sm[2912u + r * 8u + l]);
        }
        var sum: f32 = 0.0f;
        {
            let c: u32 = 0u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 1u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 2u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        {
            let c: u32 = 3u;
            let j: u32 = tx + 8u * c;
            var p: f32 = 0.0f;
            if (bitcast<u32>(sc[i * 4u + c]) != 4286578688u) {
                p = exp(sc[i * 4u + c] - mx);
            }
            sum = sum + p;
            if (j < 30u) {
                sm[r * 31u + j] = p;
            }
        }
        sm[3040u + r * 8u + tx] = sum;
    }
    workgroupBarrier();
    var o: array<f32, 4>;
    {
        let s: u32 = 0u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 1u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 2u;
        o[s] = 0.0f;
    }
    {
        let s: u32 = 3u;
        o[s] = 0.0f;
    }
    var o_row: array<f32, 1>;
    for (var k: u32 = 0u; k < 30u; k = k + 1u) {
        {
            let i: u32 = 0u;
            o_row[i] = sm[(ty + 16u * i) * 31u + k];
        }
        {
            let c: u32 = 0u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 1u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 2u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
        {
            let c: u32 = 3u;
            let col: f32 = sm[1728u + k * 36u + tx + 8u * c];
            {
                let i: u32 = 0u;
                o[i * 4u + c] = o[i * 4u + c] + o_row[i] * col;
            }
        }
    }
    {
        let i: u32 = 0u;
        let r: u32 = ty + 16u * i;
        var den: f32 = 0.0f;
        {
            let l: u32 = 0u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 1u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 2u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 3u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 4u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 5u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 6u;
            den = den + sm[3040u + r * 8u + l];
        }
        {
            let l: u32 = 7u;
            den = den + sm[3040u + r * 8u + l];
        }
        let qi: u32 = q0 + r;
        if (qi < 30u) {
            {
                let c: u32 = 0u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 1u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 2u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
            {
                let c: u32 = 3u;
                let dd: u32 = tx + 8u * c;
                if (dd < 32u) {
                    let d: u32 = dd;
                    let at: u32 = b0 * 11520u + b1 * 32u + qi * 384u + d;
                    let acc: f32 = o[i * 4u + c] / den;
                    a0[at] = acc;
                }
            }
        }
    }
}

// node: r = x + matmul(ctxm, transpose(attn_out_w[l]), precision = bf16x3) + attn_out_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_out_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // ctxm
@group(0) @binding(4) var<storage, read> a4: array<f32>; // attn_out_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb0 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb1 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb2 = a4[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 384u) {
                fb3 = a4[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a3[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb0 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a3[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb1 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a3[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb2 = a4[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a3[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 384u) {
                        fb3 = a4[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, attn_ln_gamma[l], attn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // attn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // attn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: up = gelu(matmul(x, transpose(ffn_up_w[l]), precision = bf16x3) + ffn_up_b[l])
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // up
@group(0) @binding(1) var<storage, read> a1: array<f32>; // ffn_up_b
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // x
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_up_w
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
    if (group >= 384u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 48u) * 32u;
    let n0: u32 = (tile % 48u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 1536u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a3[kb + jb * 384u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a3[kb + jb * 384u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 384u) {
                fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb0 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 384u) {
                fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb1 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 384u) {
                fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb2 = a3[kb + jb * 384u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 384u) {
                fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 384u && jb < 1536u) {
                fb3 = a3[kb + jb * 384u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 384u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 384u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a3[kb + jb * 384u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a3[kb + jb * 384u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 384u) {
                        fa0 = a2[ba0_0 * 11520u + ia0_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb0 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 384u) {
                        fa1 = a2[ba1_0 * 11520u + ia1_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb1 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 384u) {
                        fa2 = a2[ba2_0 * 11520u + ia2_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb2 = a3[kb + jb * 384u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 384u) {
                        fa3 = a2[ba3_0 * 11520u + ia3_ * 384u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 384u && jb < 1536u) {
                        fb3 = a3[kb + jb * 384u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 1536u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 1536u + j)] = forge_gelu((acc + a1[j]));
                    }
                }
            }
        }
    }
}

// node: r = x + matmul(up, transpose(ffn_down_w[l]), precision = bf16x3) + ffn_down_b[l]
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // r
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_down_b
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // up
@group(0) @binding(4) var<storage, read> a4: array<f32>; // ffn_down_w
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
    if (group >= 96u) {
        return;
    }
    let tile: u32 = group;
    let m0: u32 = (tile / 12u) * 32u;
    let n0: u32 = (tile % 12u) * 32u;
    let grp: u32 = lid / 64u;
    let gl: u32 = lid % 64u;
    let tx: u32 = gl % 8u;
    let ty: u32 = gl / 8u;
    let ak: u32 = lid % 32u;
    let aq: u32 = lid / 32u;
    let bk: u32 = lid % 32u;
    let bq: u32 = lid / 32u;
    let ra0_: u32 = m0 + aq * 4u + 0u;
    let ia0_: u32 = ra0_ % 30u;
    let bidxa0_: u32 = ra0_ / 30u;
    let ba0_0: u32 = bidxa0_;
    let ra1_: u32 = m0 + aq * 4u + 1u;
    let ia1_: u32 = ra1_ % 30u;
    let bidxa1_: u32 = ra1_ / 30u;
    let ba1_0: u32 = bidxa1_;
    let ra2_: u32 = m0 + aq * 4u + 2u;
    let ia2_: u32 = ra2_ % 30u;
    let bidxa2_: u32 = ra2_ / 30u;
    let ba2_0: u32 = bidxa2_;
    let ra3_: u32 = m0 + aq * 4u + 3u;
    let ia3_: u32 = ra3_ % 30u;
    let bidxa3_: u32 = ra3_ / 30u;
    let ba3_0: u32 = bidxa3_;
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
    let inside: bool = m0 + 32u <= 240u && n0 + 32u <= 384u;
    if (inside) {
         {
            let ka: u32 = 0u + ak;
            fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = a4[kb + jb * 1536u];
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = a4[kb + jb * 1536u];
        }
    } else {
         {
            let ka: u32 = 0u + ak;
            fa0 = 0.0f;
            if (ra0_ < 240u && ka < 1536u) {
                fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 0u;
            fb0 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb0 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa1 = 0.0f;
            if (ra1_ < 240u && ka < 1536u) {
                fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 1u;
            fb1 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb1 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa2 = 0.0f;
            if (ra2_ < 240u && ka < 1536u) {
                fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 2u;
            fb2 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb2 = a4[kb + jb * 1536u];
            }
        }
         {
            let ka: u32 = 0u + ak;
            fa3 = 0.0f;
            if (ra3_ < 240u && ka < 1536u) {
                fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
            }
            let kb: u32 = 0u + bk;
            let jb: u32 = n0 + bq * 4u + 3u;
            fb3 = 0.0f;
            if (kb < 1536u && jb < 384u) {
                fb3 = a4[kb + jb * 1536u];
            }
        }
    }
    sa[0u + ak * 8u + aq] = vec4<f32>(fa0, fa1, fa2, fa3);
    sb[0u + bk * 8u + bq] = vec4<f32>(fb0, fb1, fb2, fb3);
    workgroupBarrier();
    for (var k0: u32 = 0u; k0 < 1536u; k0 = k0 + 32u) {
        let st: u32 = (u32(k0 / 32u) & 1u) * 256u;
        let more: bool = k0 + 32u < 1536u;
        if (more) {
            if (inside) {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = a4[kb + jb * 1536u];
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = a4[kb + jb * 1536u];
                }
            } else {
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa0 = 0.0f;
                    if (ra0_ < 240u && ka < 1536u) {
                        fa0 = a3[ba0_0 * 46080u + ia0_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 0u;
                    fb0 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb0 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa1 = 0.0f;
                    if (ra1_ < 240u && ka < 1536u) {
                        fa1 = a3[ba1_0 * 46080u + ia1_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 1u;
                    fb1 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb1 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa2 = 0.0f;
                    if (ra2_ < 240u && ka < 1536u) {
                        fa2 = a3[ba2_0 * 46080u + ia2_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 2u;
                    fb2 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb2 = a4[kb + jb * 1536u];
                    }
                }
                 {
                    let ka: u32 = (k0 + 32u) + ak;
                    fa3 = 0.0f;
                    if (ra3_ < 240u && ka < 1536u) {
                        fa3 = a3[ba3_0 * 46080u + ia3_ * 1536u + ka];
                    }
                    let kb: u32 = (k0 + 32u) + bk;
                    let jb: u32 = n0 + bq * 4u + 3u;
                    fb3 = 0.0f;
                    if (kb < 1536u && jb < 384u) {
                        fb3 = a4[kb + jb * 1536u];
                    }
                }
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
            let r: u32 = m0 + 0u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc0_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 1u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc1_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 2u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc2_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
         {
            let r: u32 = m0 + 3u + ty * 4u;
            let i: u32 = r % 30u;
            let bidx: u32 = r / 30u;
            let b0: u32 = bidx;
            if (r < 240u) {
                 {
                    let j: u32 = n0 + 0u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_0;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 1u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_1;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 2u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_2;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
                 {
                    let j: u32 = n0 + 3u + tx * 4u;
                    if (j < 384u) {
                        let acc: f32 = acc3_3;
                        a0[((bidx * 30u + i) * 384u + j)] = ((a1[((bidx * 30u + i) * 384u + j)] + acc) + a2[j]);
                    }
                }
            }
        }
    }
}

// node: x = layer_norm(r, ffn_ln_gamma[l], ffn_ln_beta[l], 0.000000000001)
// kernel layer_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // x
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // r
@group(0) @binding(2) var<storage, read> a2: array<f32>; // ffn_ln_gamma
@group(0) @binding(3) var<storage, read> a3: array<f32>; // ffn_ln_beta
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
    if (group * 8u >= 240u) {
        return;
    }
    let lane: u32 = lid & 31u;
    let slot: u32 = group * 8u + lid / 32u;
    let live: bool = slot < 240u;
    let row: u32 = select(239u, slot, live);
    let l0: u32 = row / 30u;
    let l1: u32 = (row / 1u) % 30u;
    var part: f32 = 0.0f;
    var x0: f32 = 0.0f;
    var x1: f32 = 0.0f;
    var x2: f32 = 0.0f;
    var x3: f32 = 0.0f;
    var x4: f32 = 0.0f;
    var x5: f32 = 0.0f;
    var x6: f32 = 0.0f;
    var x7: f32 = 0.0f;
    var x8: f32 = 0.0f;
    var x9: f32 = 0.0f;
    var x10: f32 = 0.0f;
    var x11: f32 = 0.0f;
    {
        let c: u32 = lane;
        let i: u32 = row * 384u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 32u + lane;
        let i: u32 = row * 384u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 384u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 96u + lane;
        let i: u32 = row * 384u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 384u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 160u + lane;
        let i: u32 = row * 384u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 384u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 224u + lane;
        let i: u32 = row * 384u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 384u + c;
        x8 = a1[i];
    }
    {
        let c: u32 = 288u + lane;
        let i: u32 = row * 384u + c;
        x9 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 384u + c;
        x10 = a1[i];
    }
    {
        let c: u32 = 352u + lane;
        let i: u32 = row * 384u + c;
        x11 = a1[i];
    }
    part = (((x0 + (x1 + x2)) + (x3 + (x4 + x5))) + ((x6 + (x7 + x8)) + (x9 + (x10 + x11))));
    redmean0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redmean0[lid + 2u]);
        part = (part + redmean0[lid + 4u]);
        part = (part + redmean0[lid + 6u]);
        part = (part + redmean0[lid + 8u]);
        part = (part + redmean0[lid + 10u]);
        part = (part + redmean0[lid + 12u]);
        part = (part + redmean0[lid + 14u]);
        part = (part + redmean0[lid + 16u]);
        part = (part + redmean0[lid + 18u]);
        part = (part + redmean0[lid + 20u]);
        part = (part + redmean0[lid + 22u]);
        part = (part + redmean0[lid + 24u]);
        part = (part + redmean0[lid + 26u]);
        part = (part + redmean0[lid + 28u]);
        part = (part + redmean0[lid + 30u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redmean0[lid + 1u]);
        redmean0[lid] = part;
    }
    workgroupBarrier();
    part = redmean0[lid - lane];
    let mean: f32 = part / 384.0f;
    x0 = x0 - mean;
    x1 = x1 - mean;
    x2 = x2 - mean;
    x3 = x3 - mean;
    x4 = x4 - mean;
    x5 = x5 - mean;
    x6 = x6 - mean;
    x7 = x7 - mean;
    x8 = x8 - mean;
    x9 = x9 - mean;
    x10 = x10 - mean;
    x11 = x11 - mean;
    part = (((x0 * x0 + (x1 * x1 + x2 * x2)) + (x3 * x3 + (x4 * x4 + x5 * x5))) + ((x6 * x6 + (x7 * x7 + x8 * x8)) + (x9 * x9 + (x10 * x10 + x11 * x11))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 2u) {
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 6u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 10u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 14u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 18u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 22u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 26u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 30u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 384.0f + 1e-12f);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x0 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 32u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x1 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x2 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 96u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x3 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x4 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 160u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x5 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x6 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 224u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x7 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x8 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 288u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x9 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x10 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 352u + lane;
            let i: u32 = row * 384u + c;
            let acc: f32 = x11 * inv * a2[c] + a3[c];
            a0[i] = acc;
        }
    }
}

// node: summed[b, d] = sum(t, x[b, t, d] * mask[b, t] as f32)
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // summed
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<u32>; // mask
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
        if (i >= 3072u) {
            return;
        }
        let v0: u32 = i / 384u;
        let v1: u32 = (i / 1u) % 384u;
        var acc: f32 = (a1[v0 * 11520u + v1 + 0u * 384u] * f32(a2[v0 * 30u + 0u]));
        for (var r: u32 = 1u; r < 30u; r = r + 1u) {
            acc = (acc + (a1[v0 * 11520u + v1 + r * 384u] * f32(a2[v0 * 30u + r])));
        }
        a0[i] = acc;
    }
}

// node: count[b, o] = sum(t, mask[b, t] as f32)
// kernel index (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // count
@group(0) @binding(1) var<storage, read> a1: array<u32>; // mask
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
        if (i >= 8u) {
            return;
        }
        let v0: u32 = i;
        let v1: u32 = (i / 1u) % 1u;
        var acc: f32 = f32(a1[v0 * 30u + 0u]);
        for (var r: u32 = 1u; r < 30u; r = r + 1u) {
            acc = (acc + f32(a1[v0 * 30u + r]));
        }
        a0[i] = acc;
    }
}

// node: pooled = summed / max(count, 0.000000001); norm = sqrt(sum(pooled * pooled, keepdim = true)); embedding = pooled / max(norm, 0.000000000001)
// kernel rows (workgroup 256, items 8)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // pooled
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // summed
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // count
@group(0) @binding(3) var<storage, read_write> a3: array<f32>; // norm
@group(0) @binding(4) var<storage, read_write> a4: array<f32>; // embedding
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
var<workgroup> red0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_rows(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 2u >= 8u) {
        return;
    }
    let lane: u32 = lid & 127u;
    let slot: u32 = group * 2u + lid / 128u;
    let live: bool = slot < 8u;
    let row: u32 = select(7u, slot, live);
    let l0: u32 = row;
    {
        if (live) {
            {
                let c: u32 = lane;
                let i: u32 = row * 384u + c;
                let acc: f32 = 0.0f;
                a0[i] = (a1[i] / forge_fmax(a2[l0], 1e-9f));
            }
            {
                let c: u32 = 128u + lane;
                let i: u32 = row * 384u + c;
                let acc: f32 = 0.0f;
                a0[i] = (a1[i] / forge_fmax(a2[l0], 1e-9f));
            }
            {
                let c: u32 = 256u + lane;
                let i: u32 = row * 384u + c;
                let acc: f32 = 0.0f;
                a0[i] = (a1[i] / forge_fmax(a2[l0], 1e-9f));
            }
        }
    }
    storageBarrier();
    workgroupBarrier();
    {
        var part: f32 = 0.0f;
        var x0: f32 = 0.0f;
        var x1: f32 = 0.0f;
        var x2: f32 = 0.0f;
        {
            let c: u32 = lane;
            let i: u32 = row * 384u + c;
            x0 = (a0[i] * a0[i]);
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 384u + c;
            x1 = (a0[i] * a0[i]);
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 384u + c;
            x2 = (a0[i] * a0[i]);
        }
        part = (x0 + (x1 + x2));
        red0[lid] = part;
        workgroupBarrier();
        if (lane < 8u) {
            part = (part + red0[lid + 8u]);
            part = (part + red0[lid + 16u]);
            part = (part + red0[lid + 24u]);
            part = (part + red0[lid + 32u]);
            part = (part + red0[lid + 40u]);
            part = (part + red0[lid + 48u]);
            part = (part + red0[lid + 56u]);
            part = (part + red0[lid + 64u]);
            part = (part + red0[lid + 72u]);
            part = (part + red0[lid + 80u]);
            part = (part + red0[lid + 88u]);
            part = (part + red0[lid + 96u]);
            part = (part + red0[lid + 104u]);
            part = (part + red0[lid + 112u]);
            part = (part + red0[lid + 120u]);
            red0[lid] = part;
        }
        workgroupBarrier();
        if (lane < 1u) {
            part = (part + red0[lid + 1u]);
            part = (part + red0[lid + 2u]);
            part = (part + red0[lid + 3u]);
            part = (part + red0[lid + 4u]);
            part = (part + red0[lid + 5u]);
            part = (part + red0[lid + 6u]);
            part = (part + red0[lid + 7u]);
            red0[lid] = part;
        }
        workgroupBarrier();
        part = red0[lid - lane];
        if (live && lane == 0u) {
            let acc: f32 = part;
            a3[row] = sqrt(acc);
        }
    }
    storageBarrier();
    workgroupBarrier();
    {
        if (live) {
            {
                let c: u32 = lane;
                let i: u32 = row * 384u + c;
                let acc: f32 = 0.0f;
                a4[i] = (a0[i] / forge_fmax(a3[l0], 1e-12f));
            }
            {
                let c: u32 = 128u + lane;
                let i: u32 = row * 384u + c;
                let acc: f32 = 0.0f;
                a4[i] = (a0[i] / forge_fmax(a3[l0], 1e-12f));
            }
            {
                let c: u32 = 256u + lane;
                let i: u32 = row * 384u + c;
                let acc: f32 = 0.0f;
                a4[i] = (a0[i] / forge_fmax(a3[l0], 1e-12f));
            }
        }
    }
}
