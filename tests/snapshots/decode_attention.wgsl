// node: o = attention(q, k, v, mask = m)
// kernel attention (workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // o
@group(0) @binding(1) var<storage, read> a1: array<f32>; // q
@group(0) @binding(2) var<storage, read> a2: array<f32>; // k
@group(0) @binding(3) var<storage, read> a3: array<f32>; // v
@group(0) @binding(4) var<storage, read> a4: array<f32>; // m
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
var<workgroup> sm: array<f32, 889>;
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
        sm[632u + x] = a1[b0 * 64u + d];
    }
    workgroupBarrier();
    for (var kj: u32 = lid; kj < 632u; kj = kj + 256u) {
        var mk: array<f32, 1>;
        var sc: array<f32, 1>;
        var live: bool = false;
        {
            let qi: u32 = 0u;
            var m: f32 = a4[kj];
            mk[qi] = m;
            live = live || bitcast<u32>(m) != 4286578688u;
            sc[qi] = 0.0f;
        }
        if (live) {
            {
                let d: u32 = 0u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 1u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 2u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 3u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 4u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 5u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 6u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 7u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 8u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 9u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 10u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 11u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 12u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 13u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 14u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 15u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 16u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 17u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 18u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 19u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 20u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 21u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 22u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 23u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 24u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 25u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 26u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 27u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 28u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 29u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 30u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 31u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 32u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 33u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 34u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 35u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 36u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 37u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 38u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 39u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 40u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 41u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 42u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 43u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 44u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 45u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 46u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 47u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 48u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 49u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 50u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 51u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 52u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 53u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 54u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 55u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 56u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 57u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 58u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 59u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 60u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 61u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 62u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
            {
                let d: u32 = 63u;
                let kd: f32 = a2[b0 * 40448u + kj * 64u + d];
                {
                    let qi: u32 = 0u;
                    sc[qi] = sc[qi] + sm[632u + qi * 64u + d] * kd;
                }
            }
        }
        {
            let qi: u32 = 0u;
            var sv: f32 = bitcast<f32>(4286578688u);
            if (bitcast<u32>(mk[qi]) != 4286578688u) {
                sv = sc[qi] * scale + mk[qi];
            }
            sm[qi * 632u + kj] = sv;
        }
    }
    workgroupBarrier();
    var mx: array<f32, 1>;
    {
        let qi: u32 = 0u;
        var part: f32 = bitcast<f32>(4286578688u);
        for (var kj: u32 = lid; kj < 632u; kj = kj + 256u) {
            part = forge_fmax(part, sm[qi * 632u + kj]);
        }
        sm[632u + qi * 256u + lid] = part;
    }
    workgroupBarrier();
    if (lid < 128u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = forge_fmax(sm[632u + qi * 256u + lid], sm[632u + qi * 256u + lid + 128u]);
        }
    }
    workgroupBarrier();
    if (lid < 64u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = forge_fmax(sm[632u + qi * 256u + lid], sm[632u + qi * 256u + lid + 64u]);
        }
    }
    workgroupBarrier();
    if (lid < 32u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = forge_fmax(sm[632u + qi * 256u + lid], sm[632u + qi * 256u + lid + 32u]);
        }
    }
    workgroupBarrier();
    if (lid < 16u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = forge_fmax(sm[632u + qi * 256u + lid], sm[632u + qi * 256u + lid + 16u]);
        }
    }
    workgroupBarrier();
    if (lid < 8u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = forge_fmax(sm[632u + qi * 256u + lid], sm[632u + qi * 256u + lid + 8u]);
        }
    }
    workgroupBarrier();
    if (lid < 4u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = forge_fmax(sm[632u + qi * 256u + lid], sm[632u + qi * 256u + lid + 4u]);
        }
    }
    workgroupBarrier();
    if (lid < 2u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = forge_fmax(sm[632u + qi * 256u + lid], sm[632u + qi * 256u + lid + 2u]);
        }
    }
    workgroupBarrier();
    if (lid < 1u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = forge_fmax(sm[632u + qi * 256u + lid], sm[632u + qi * 256u + lid + 1u]);
        }
    }
    workgroupBarrier();
    {
        let qi: u32 = 0u;
        mx[qi] = sm[632u + qi * 256u];
    }
    workgroupBarrier();
    {
        let qi: u32 = 0u;
        var part: f32 = 0.0f;
        for (var kj: u32 = lid; kj < 632u; kj = kj + 256u) {
            var p: f32 = 0.0f;
            let sv: f32 = sm[qi * 632u + kj];
            if (bitcast<u32>(sv) != 4286578688u) {
                p = exp(sv - mx[qi]);
            }
            sm[qi * 632u + kj] = p;
            part = part + p;
        }
        sm[632u + qi * 256u + lid] = part;
    }
    workgroupBarrier();
    if (lid < 128u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = sm[632u + qi * 256u + lid] + sm[632u + qi * 256u + lid + 128u];
        }
    }
    workgroupBarrier();
    if (lid < 64u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = sm[632u + qi * 256u + lid] + sm[632u + qi * 256u + lid + 64u];
        }
    }
    workgroupBarrier();
    if (lid < 32u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = sm[632u + qi * 256u + lid] + sm[632u + qi * 256u + lid + 32u];
        }
    }
    workgroupBarrier();
    if (lid < 16u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = sm[632u + qi * 256u + lid] + sm[632u + qi * 256u + lid + 16u];
        }
    }
    workgroupBarrier();
    if (lid < 8u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = sm[632u + qi * 256u + lid] + sm[632u + qi * 256u + lid + 8u];
        }
    }
    workgroupBarrier();
    if (lid < 4u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = sm[632u + qi * 256u + lid] + sm[632u + qi * 256u + lid + 4u];
        }
    }
    workgroupBarrier();
    if (lid < 2u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = sm[632u + qi * 256u + lid] + sm[632u + qi * 256u + lid + 2u];
        }
    }
    workgroupBarrier();
    if (lid < 1u) {
        {
            let qi: u32 = 0u;
            sm[632u + qi * 256u + lid] = sm[632u + qi * 256u + lid] + sm[632u + qi * 256u + lid + 1u];
        }
    }
    workgroupBarrier();
    if (lid == 0u) {
        {
            let qi: u32 = 0u;
            sm[888u + qi] = sm[632u + qi * 256u];
        }
    }
    let lane: u32 = lid % 64u;
    let kg: u32 = lid / 64u;
    var acc: array<f32, 1>;
    {
        let r: u32 = 0u;
        acc[r] = 0.0f;
    }
    for (var kj: u32 = kg; kj < 632u; kj = kj + 4u) {
        var pr: array<f32, 1>;
        var live: bool = false;
        {
            let qi: u32 = 0u;
            pr[qi] = sm[qi * 632u + kj];
            live = live || pr[qi] != 0.0f;
        }
        if (live) {
            {
                let r: u32 = 0u;
                let d: u32 = lane + r * 64u;
                if (d < 64u) {
                    let vd: f32 = a3[b0 * 40448u + kj * 64u + d];
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
                sm[632u + (kg * 1u + qi) * 64u + d] = acc[qi * 1u + r];
            }
        }
    }
    workgroupBarrier();
    for (var x: u32 = lid; x < 64u; x = x + 256u) {
        let qi: u32 = x / 64u;
        let d: u32 = x % 64u;
        var num: f32 = 0.0f;
        for (var g: u32 = 0u; g < 4u; g = g + 1u) {
            num = num + sm[632u + (g * 1u + qi) * 64u + d];
        }
        let at: u32 = (bidx * 1u + qi) * 64u + d;
        let acc: f32 = num / sm[888u + qi];
        a0[at] = acc;
    }
}
