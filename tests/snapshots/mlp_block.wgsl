// node: n = rms_norm(x, g, eps)
// kernel k0_rms_norm (rms_norm; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // n
@group(0) @binding(1) var<storage, read> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read> a2: array<f32>; // g
struct Uniforms {
    f0: f32, // eps
}
@group(0) @binding(3) var<uniform> u: Uniforms;
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn k0_rms_norm(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let row = group;
    if (row >= 4u) { return; }
    let l0 = (row / 1u) % 4u;
    var part = 0.0f;
    for (var c = lid; c < 576u; c = c + 256u) { let x = a1[(row * 576u + c)]; part = part + x * x; }
    red[lid] = part;
    workgroupBarrier();
    for (var w = 128u; w > 0u; w = w >> 1u) {
        if (lid < w) { let a = red[lid]; let b = red[lid + w]; red[lid] = a + b; }
        workgroupBarrier();
    }
    let inv = inverseSqrt(red[0] / 576.0f + u.f0);
    for (var c = lid; c < 576u; c = c + 256u) { let acc = a1[(row * 576u + c)] * inv * a2[c]; a0[(row * 576u + c)] = acc; }
}

// node: h = silu(matmul(n, w_gate)) * matmul(n, w_up)
// kernel k1_matmul (matmul; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // _t0
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // n
@group(0) @binding(2) var<storage, read> a2: array<f32>; // w_gate
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
var<workgroup> red: array<f32, 1024>;
@compute @workgroup_size(256)
fn k1_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let col = lid % 8u;
    let ks = lid / 8u;
    let j = group * 8u + col;
    var p0 = 0.0f;
    var p1 = 0.0f;
    var p2 = 0.0f;
    var p3 = 0.0f;
    if (j < 1536u) {
        for (var kk = ks; kk < 576u; kk = kk + 32u) {
            let bv = a2[(kk * 1536u + j)];
            p0 = p0 + a1[(0u * 576u + kk)] * bv;
            p1 = p1 + a1[(1u * 576u + kk)] * bv;
            p2 = p2 + a1[(2u * 576u + kk)] * bv;
            p3 = p3 + a1[(3u * 576u + kk)] * bv;
        }
    }
    red[(ks * 4u + 0u) * 8u + col] = p0;
    red[(ks * 4u + 1u) * 8u + col] = p1;
    red[(ks * 4u + 2u) * 8u + col] = p2;
    red[(ks * 4u + 3u) * 8u + col] = p3;
    workgroupBarrier();
    if (ks == 0u && j < 1536u) {
        for (var i = 0u; i < 4u; i = i + 1u) {
            var acc = 0.0f;
            for (var q = 0u; q < 32u; q = q + 1u) { acc = acc + red[(q * 4u + i) * 8u + col]; }
            a0[i * 1536u + j] = acc;
        }
    }
}

// node: h = silu(matmul(n, w_gate)) * matmul(n, w_up)
// kernel k2_matmul (matmul; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // h
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // _t0
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // n
@group(0) @binding(3) var<storage, read> a3: array<f32>; // w_up
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
var<workgroup> red: array<f32, 1024>;
@compute @workgroup_size(256)
fn k2_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let col = lid % 8u;
    let ks = lid / 8u;
    let j = group * 8u + col;
    var p0 = 0.0f;
    var p1 = 0.0f;
    var p2 = 0.0f;
    var p3 = 0.0f;
    if (j < 1536u) {
        for (var kk = ks; kk < 576u; kk = kk + 32u) {
            let bv = a3[(kk * 1536u + j)];
            p0 = p0 + a2[(0u * 576u + kk)] * bv;
            p1 = p1 + a2[(1u * 576u + kk)] * bv;
            p2 = p2 + a2[(2u * 576u + kk)] * bv;
            p3 = p3 + a2[(3u * 576u + kk)] * bv;
        }
    }
    red[(ks * 4u + 0u) * 8u + col] = p0;
    red[(ks * 4u + 1u) * 8u + col] = p1;
    red[(ks * 4u + 2u) * 8u + col] = p2;
    red[(ks * 4u + 3u) * 8u + col] = p3;
    workgroupBarrier();
    if (ks == 0u && j < 1536u) {
        for (var i = 0u; i < 4u; i = i + 1u) {
            var acc = 0.0f;
            for (var q = 0u; q < 32u; q = q + 1u) { acc = acc + red[(q * 4u + i) * 8u + col]; }
            a0[i * 1536u + j] = (forge_silu(a1[(i * 1536u + j)]) * acc);
        }
    }
}

// node: y = x + matmul(h, w_down)
// kernel k3_matmul (matmul; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // y
@group(0) @binding(1) var<storage, read> a1: array<f32>; // x
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // h
@group(0) @binding(3) var<storage, read> a3: array<f32>; // w_down
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
var<workgroup> red: array<f32, 1024>;
@compute @workgroup_size(256)
fn k3_matmul(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let col = lid % 8u;
    let ks = lid / 8u;
    let j = group * 8u + col;
    var p0 = 0.0f;
    var p1 = 0.0f;
    var p2 = 0.0f;
    var p3 = 0.0f;
    if (j < 576u) {
        for (var kk = ks; kk < 1536u; kk = kk + 32u) {
            let bv = a3[(kk * 576u + j)];
            p0 = p0 + a2[(0u * 1536u + kk)] * bv;
            p1 = p1 + a2[(1u * 1536u + kk)] * bv;
            p2 = p2 + a2[(2u * 1536u + kk)] * bv;
            p3 = p3 + a2[(3u * 1536u + kk)] * bv;
        }
    }
    red[(ks * 4u + 0u) * 8u + col] = p0;
    red[(ks * 4u + 1u) * 8u + col] = p1;
    red[(ks * 4u + 2u) * 8u + col] = p2;
    red[(ks * 4u + 3u) * 8u + col] = p3;
    workgroupBarrier();
    if (ks == 0u && j < 576u) {
        for (var i = 0u; i < 4u; i = i + 1u) {
            var acc = 0.0f;
            for (var q = 0u; q < 32u; q = q + 1u) { acc = acc + red[(q * 4u + i) * 8u + col]; }
            a0[i * 576u + j] = (a1[(i * 576u + j)] + acc);
        }
    }
}
