// node: n = rms_norm(x, g, eps)
// kernel rms_norm (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // n
@group(0) @binding(1) var<storage, read> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // g
struct Uniforms {
    f0: f32, // eps
}
@group(0) @binding(3) var<uniform> u: Uniforms;
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
fn forge_f2i(x: f32) -> i32 { if (forge_isnan(x)) { return 0i; } if (x >= 2147483648.0f) { return 2147483647i; } if (x < -2147483648.0f) { return -2147483647i - 1i; } return i32(x); }
fn forge_f2u(x: f32) -> u32 { if (forge_isnan(x) || x <= -1.0f) { return 0u; } if (x >= 4294967296.0f) { return 4294967295u; } return u32(x); }
fn forge_tanh(x: f32) -> f32 { let x2 = x * x; let small = x * (1.0f + x2 * (-0.33333334f + x2 * (0.13333334f + x2 * (-0.053968254f + x2 * 0.021869488f)))); let big = 1.0f - 2.0f / (exp(2.0f * x) + 1.0f); return select(big, small, abs(x) < 0.25f); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0f / (1.0f + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0f + exp(-x)); }
fn forge_erf(x: f32) -> f32 { let z = abs(x); let x2 = x * x; let small = x * 1.1283792f * (1.0f + x2 * (-0.33333334f + x2 * (0.1f + x2 * (-0.023809524f + x2 * (0.0046296297f + x2 * -0.0007575758f))))); let t = 1.0f / (1.0f + 0.5f * z); let r = t * exp(-z * z - 1.26551223f + t * (1.00002368f + t * (0.37409196f + t * (0.09678418f + t * (-0.18628806f + t * (0.27886807f + t * (-1.13520398f + t * (1.48851587f + t * (-0.82215223f + t * 0.17087277f))))))))); let big = select(r - 1.0f, 1.0f - r, x >= 0.0f); return select(big, small, z < 0.5f); }
fn forge_gelu(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_erf(x * 0.70710677f)); }
fn forge_gelu_tanh(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_tanh(0.7978846f * (x + 0.044715f * x * x * x))); }
fn forge_f2bf(x: f32) -> u32 { let b = bitcast<u32>(x); if (forge_isnan(x)) { return 0x7fc0u; } return (b + 0x7fffu + ((b >> 16u) & 1u)) >> 16u; }
fn forge_h_round(x: f32) -> f32 { let b = bitcast<u32>(x); let a = b & 0x7fffffffu; let s = b & 0x80000000u; if (a > 0x7f800000u) { return x; } if (a >= 0x477ff000u) { return bitcast<f32>(s | 0x7f800000u); } if (a < 0x38800000u) { return bitcast<f32>(s | bitcast<u32>(round(bitcast<f32>(a) * 16777216.0f) * 5.9604645e-8f)); } return bitcast<f32>(s | ((a + 0xfffu + ((a >> 13u) & 1u)) & 0xffffe000u)); }
fn forge_bf_round(x: f32) -> f32 { return bitcast<f32>(forge_f2bf(x) << 16u); }
fn forge_bf16_at(word: u32, i: u32) -> f32 { return bitcast<f32>(((word >> ((i & 1u) * 16u)) & 0xffffu) << 16u); }
var<workgroup> redsq0: array<f32, 256>;
@compute @workgroup_size(256)
fn forge_rms_norm(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group: u32 = wid.x + wid.y * nwg.x;
    if (group * 4u >= 4u) {
        return;
    }
    let lane: u32 = lid & 63u;
    let slot: u32 = group * 4u + lid / 64u;
    let live: bool = slot < 4u;
    let row: u32 = select(3u, slot, live);
    let l0: u32 = row;
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
    {
        let c: u32 = lane;
        let i: u32 = row * 576u + c;
        x0 = a1[i];
    }
    {
        let c: u32 = 64u + lane;
        let i: u32 = row * 576u + c;
        x1 = a1[i];
    }
    {
        let c: u32 = 128u + lane;
        let i: u32 = row * 576u + c;
        x2 = a1[i];
    }
    {
        let c: u32 = 192u + lane;
        let i: u32 = row * 576u + c;
        x3 = a1[i];
    }
    {
        let c: u32 = 256u + lane;
        let i: u32 = row * 576u + c;
        x4 = a1[i];
    }
    {
        let c: u32 = 320u + lane;
        let i: u32 = row * 576u + c;
        x5 = a1[i];
    }
    {
        let c: u32 = 384u + lane;
        let i: u32 = row * 576u + c;
        x6 = a1[i];
    }
    {
        let c: u32 = 448u + lane;
        let i: u32 = row * 576u + c;
        x7 = a1[i];
    }
    {
        let c: u32 = 512u + lane;
        let i: u32 = row * 576u + c;
        x8 = a1[i];
    }
    part = (((x0 * x0 + x1 * x1) + (x2 * x2 + x3 * x3)) + ((x4 * x4 + x5 * x5) + (x6 * x6 + (x7 * x7 + x8 * x8))));
    redsq0[lid] = part;
    workgroupBarrier();
    if (lane < 4u) {
        part = (part + redsq0[lid + 4u]);
        part = (part + redsq0[lid + 8u]);
        part = (part + redsq0[lid + 12u]);
        part = (part + redsq0[lid + 16u]);
        part = (part + redsq0[lid + 20u]);
        part = (part + redsq0[lid + 24u]);
        part = (part + redsq0[lid + 28u]);
        part = (part + redsq0[lid + 32u]);
        part = (part + redsq0[lid + 36u]);
        part = (part + redsq0[lid + 40u]);
        part = (part + redsq0[lid + 44u]);
        part = (part + redsq0[lid + 48u]);
        part = (part + redsq0[lid + 52u]);
        part = (part + redsq0[lid + 56u]);
        part = (part + redsq0[lid + 60u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    if (lane < 1u) {
        part = (part + redsq0[lid + 1u]);
        part = (part + redsq0[lid + 2u]);
        part = (part + redsq0[lid + 3u]);
        redsq0[lid] = part;
    }
    workgroupBarrier();
    part = redsq0[lid - lane];
    let inv: f32 = inverseSqrt(part / 576.0f + u.f0);
    if (live) {
        {
            let c: u32 = lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x0 * inv * a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 64u + lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x1 * inv * a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 128u + lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x2 * inv * a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 192u + lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x3 * inv * a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 256u + lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x4 * inv * a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 320u + lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x5 * inv * a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 384u + lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x6 * inv * a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 448u + lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x7 * inv * a2[c];
            a0[i] = acc;
        }
        {
            let c: u32 = 512u + lane;
            let i: u32 = row * 576u + c;
            let acc: f32 = x8 * inv * a2[c];
            a0[i] = acc;
        }
    }
}

// node: h = silu(matmul(n, w_gate)) * matmul(n, w_up)
// kernel matmul (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // n
@group(0) @binding(2) var<storage, read> a2: array<f32>; // w_up
@group(0) @binding(3) var<storage, read> a3: array<f32>; // w_gate
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
fn forge_f2i(x: f32) -> i32 { if (forge_isnan(x)) { return 0i; } if (x >= 2147483648.0f) { return 2147483647i; } if (x < -2147483648.0f) { return -2147483647i - 1i; } return i32(x); }
fn forge_f2u(x: f32) -> u32 { if (forge_isnan(x) || x <= -1.0f) { return 0u; } if (x >= 4294967296.0f) { return 4294967295u; } return u32(x); }
fn forge_tanh(x: f32) -> f32 { let x2 = x * x; let small = x * (1.0f + x2 * (-0.33333334f + x2 * (0.13333334f + x2 * (-0.053968254f + x2 * 0.021869488f)))); let big = 1.0f - 2.0f / (exp(2.0f * x) + 1.0f); return select(big, small, abs(x) < 0.25f); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0f / (1.0f + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0f + exp(-x)); }
fn forge_erf(x: f32) -> f32 { let z = abs(x); let x2 = x * x; let small = x * 1.1283792f * (1.0f + x2 * (-0.33333334f + x2 * (0.1f + x2 * (-0.023809524f + x2 * (0.0046296297f + x2 * -0.0007575758f))))); let t = 1.0f / (1.0f + 0.5f * z); let r = t * exp(-z * z - 1.26551223f + t * (1.00002368f + t * (0.37409196f + t * (0.09678418f + t * (-0.18628806f + t * (0.27886807f + t * (-1.13520398f + t * (1.48851587f + t * (-0.82215223f + t * 0.17087277f))))))))); let big = select(r - 1.0f, 1.0f - r, x >= 0.0f); return select(big, small, z < 0.5f); }
fn forge_gelu(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_erf(x * 0.70710677f)); }
fn forge_gelu_tanh(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_tanh(0.7978846f * (x + 0.044715f * x * x * x))); }
fn forge_f2bf(x: f32) -> u32 { let b = bitcast<u32>(x); if (forge_isnan(x)) { return 0x7fc0u; } return (b + 0x7fffu + ((b >> 16u) & 1u)) >> 16u; }
fn forge_h_round(x: f32) -> f32 { let b = bitcast<u32>(x); let a = b & 0x7fffffffu; let s = b & 0x80000000u; if (a > 0x7f800000u) { return x; } if (a >= 0x477ff000u) { return bitcast<f32>(s | 0x7f800000u); } if (a < 0x38800000u) { return bitcast<f32>(s | bitcast<u32>(round(bitcast<f32>(a) * 16777216.0f) * 5.9604645e-8f)); } return bitcast<f32>(s | ((a + 0xfffu + ((a >> 13u) & 1u)) & 0xffffe000u)); }
fn forge_bf_round(x: f32) -> f32 { return bitcast<f32>(forge_f2bf(x) << 16u); }
fn forge_bf16_at(word: u32, i: u32) -> f32 { return bitcast<f32>(((word >> ((i & 1u) * 16u)) & 0xffffu) << 16u); }
var<workgroup> red: array<f32, 1024>;
var<workgroup> red2: array<f32, 1024>;
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
    var p1: f32 = 0.0f;
    var q1: f32 = 0.0f;
    var p2: f32 = 0.0f;
    var q2: f32 = 0.0f;
    var p3: f32 = 0.0f;
    var q3: f32 = 0.0f;
    if (j < 1536u) {
        for (var k0: u32 = 0u; k0 < 576u; k0 = k0 + 192u) {
            let kk0: u32 = k0 + 0u + ks;
            let bv0: f32 = a2[kk0 * 1536u + j];
            let bw0: f32 = a3[kk0 * 1536u + j];
            let av0_0: f32 = a1[0u * 576u + kk0];
            let av1_0: f32 = a1[1u * 576u + kk0];
            let av2_0: f32 = a1[2u * 576u + kk0];
            let av3_0: f32 = a1[3u * 576u + kk0];
            let kk1: u32 = k0 + 32u + ks;
            let bv1: f32 = a2[kk1 * 1536u + j];
            let bw1: f32 = a3[kk1 * 1536u + j];
            let av0_1: f32 = a1[0u * 576u + kk1];
            let av1_1: f32 = a1[1u * 576u + kk1];
            let av2_1: f32 = a1[2u * 576u + kk1];
            let av3_1: f32 = a1[3u * 576u + kk1];
            let kk2: u32 = k0 + 64u + ks;
            let bv2: f32 = a2[kk2 * 1536u + j];
            let bw2: f32 = a3[kk2 * 1536u + j];
            let av0_2: f32 = a1[0u * 576u + kk2];
            let av1_2: f32 = a1[1u * 576u + kk2];
            let av2_2: f32 = a1[2u * 576u + kk2];
            let av3_2: f32 = a1[3u * 576u + kk2];
            let kk3: u32 = k0 + 96u + ks;
            let bv3: f32 = a2[kk3 * 1536u + j];
            let bw3: f32 = a3[kk3 * 1536u + j];
            let av0_3: f32 = a1[0u * 576u + kk3];
            let av1_3: f32 = a1[1u * 576u + kk3];
            let av2_3: f32 = a1[2u * 576u + kk3];
            let av3_3: f32 = a1[3u * 576u + kk3];
            let kk4: u32 = k0 + 128u + ks;
            let bv4: f32 = a2[kk4 * 1536u + j];
            let bw4: f32 = a3[kk4 * 1536u + j];
            let av0_4: f32 = a1[0u * 576u + kk4];
            let av1_4: f32 = a1[1u * 576u + kk4];
            let av2_4: f32 = a1[2u * 576u + kk4];
            let av3_4: f32 = a1[3u * 576u + kk4];
            let kk5: u32 = k0 + 160u + ks;
            let bv5: f32 = a2[kk5 * 1536u + j];
            let bw5: f32 = a3[kk5 * 1536u + j];
            let av0_5: f32 = a1[0u * 576u + kk5];
            let av1_5: f32 = a1[1u * 576u + kk5];
            let av2_5: f32 = a1[2u * 576u + kk5];
            let av3_5: f32 = a1[3u * 576u + kk5];
            p0 = p0 + av0_0 * bv0;
            q0 = q0 + av0_0 * bw0;
            p1 = p1 + av1_0 * bv0;
            q1 = q1 + av1_0 * bw0;
            p2 = p2 + av2_0 * bv0;
            q2 = q2 + av2_0 * bw0;
            p3 = p3 + av3_0 * bv0;
            q3 = q3 + av3_0 * bw0;
            p0 = p0 + av0_1 * bv1;
            q0 = q0 + av0_1 * bw1;
            p1 = p1 + av1_1 * bv1;
            q1 = q1 + av1_1 * bw1;
            p2 = p2 + av2_1 * bv1;
            q2 = q2 + av2_1 * bw1;
            p3 = p3 + av3_1 * bv1;
            q3 = q3 + av3_1 * bw1;
            p0 = p0 + av0_2 * bv2;
            q0 = q0 + av0_2 * bw2;
            p1 = p1 + av1_2 * bv2;
            q1 = q1 + av1_2 * bw2;
            p2 = p2 + av2_2 * bv2;
            q2 = q2 + av2_2 * bw2;
            p3 = p3 + av3_2 * bv2;
            q3 = q3 + av3_2 * bw2;
            p0 = p0 + av0_3 * bv3;
            q0 = q0 + av0_3 * bw3;
            p1 = p1 + av1_3 * bv3;
            q1 = q1 + av1_3 * bw3;
            p2 = p2 + av2_3 * bv3;
            q2 = q2 + av2_3 * bw3;
            p3 = p3 + av3_3 * bv3;
            q3 = q3 + av3_3 * bw3;
            p0 = p0 + av0_4 * bv4;
            q0 = q0 + av0_4 * bw4;
            p1 = p1 + av1_4 * bv4;
            q1 = q1 + av1_4 * bw4;
            p2 = p2 + av2_4 * bv4;
            q2 = q2 + av2_4 * bw4;
            p3 = p3 + av3_4 * bv4;
            q3 = q3 + av3_4 * bw4;
            p0 = p0 + av0_5 * bv5;
            q0 = q0 + av0_5 * bw5;
            p1 = p1 + av1_5 * bv5;
            q1 = q1 + av1_5 * bw5;
            p2 = p2 + av2_5 * bv5;
            q2 = q2 + av2_5 * bw5;
            p3 = p3 + av3_5 * bv5;
            q3 = q3 + av3_5 * bw5;
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
    workgroupBarrier();
    if (ks == 0u && j < 1536u) {
        for (var i: u32 = 0u; i < 4u; i = i + 1u) {
            var acc: f32 = 0.0f;
            var acc2: f32 = 0.0f;
            for (var q: u32 = 0u; q < 32u; q = q + 1u) {
                acc = acc + red[(q * 4u + u32(i)) * 8u + u32(col)];
                acc2 = acc2 + red2[(q * 4u + u32(i)) * 8u + u32(col)];
            }
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
fn forge_f2i(x: f32) -> i32 { if (forge_isnan(x)) { return 0i; } if (x >= 2147483648.0f) { return 2147483647i; } if (x < -2147483648.0f) { return -2147483647i - 1i; } return i32(x); }
fn forge_f2u(x: f32) -> u32 { if (forge_isnan(x) || x <= -1.0f) { return 0u; } if (x >= 4294967296.0f) { return 4294967295u; } return u32(x); }
fn forge_tanh(x: f32) -> f32 { let x2 = x * x; let small = x * (1.0f + x2 * (-0.33333334f + x2 * (0.13333334f + x2 * (-0.053968254f + x2 * 0.021869488f)))); let big = 1.0f - 2.0f / (exp(2.0f * x) + 1.0f); return select(big, small, abs(x) < 0.25f); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0f / (1.0f + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0f + exp(-x)); }
fn forge_erf(x: f32) -> f32 { let z = abs(x); let x2 = x * x; let small = x * 1.1283792f * (1.0f + x2 * (-0.33333334f + x2 * (0.1f + x2 * (-0.023809524f + x2 * (0.0046296297f + x2 * -0.0007575758f))))); let t = 1.0f / (1.0f + 0.5f * z); let r = t * exp(-z * z - 1.26551223f + t * (1.00002368f + t * (0.37409196f + t * (0.09678418f + t * (-0.18628806f + t * (0.27886807f + t * (-1.13520398f + t * (1.48851587f + t * (-0.82215223f + t * 0.17087277f))))))))); let big = select(r - 1.0f, 1.0f - r, x >= 0.0f); return select(big, small, z < 0.5f); }
fn forge_gelu(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_erf(x * 0.70710677f)); }
fn forge_gelu_tanh(x: f32) -> f32 { return 0.5f * x * (1.0f + forge_tanh(0.7978846f * (x + 0.044715f * x * x * x))); }
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
