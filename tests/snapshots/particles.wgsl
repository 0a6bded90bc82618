// node: vy = vy - gravity * dt
// kernel k0_map (map; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // vy
struct Uniforms {
    f0: f32, // dt
    f1: f32, // gravity
    f2: f32, // damping
}
@group(0) @binding(1) var<uniform> u: Uniforms;
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
@compute @workgroup_size(256)
fn k0_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    for (var it = 0u; it < 1u; it = it + 1u) {
        let i = (group * 1u + it) * 256u + lid;
        if (i >= 100003u) { return; }
        let i0 = (i / 1u) % 100003u;
        a0[i] = (a0[i] - (u.f1 * u.f0));
    }
}

// node: px = px + vx * dt
// kernel k1_map (map; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // px
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // vx
struct Uniforms {
    f0: f32, // dt
    f1: f32, // gravity
    f2: f32, // damping
}
@group(0) @binding(2) var<uniform> u: Uniforms;
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
@compute @workgroup_size(256)
fn k1_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    for (var it = 0u; it < 1u; it = it + 1u) {
        let i = (group * 1u + it) * 256u + lid;
        if (i >= 100003u) { return; }
        let i0 = (i / 1u) % 100003u;
        a0[i] = (a0[i] + (a1[i] * u.f0));
    }
}

// node: ny = py + vy * dt
// kernel k2_map (map; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // ny
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // py
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // vy
struct Uniforms {
    f0: f32, // dt
    f1: f32, // gravity
    f2: f32, // damping
}
@group(0) @binding(3) var<uniform> u: Uniforms;
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
@compute @workgroup_size(256)
fn k2_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    for (var it = 0u; it < 1u; it = it + 1u) {
        let i = (group * 1u + it) * 256u + lid;
        if (i >= 100003u) { return; }
        let i0 = (i / 1u) % 100003u;
        a0[i] = (a1[i] + (a2[i] * u.f0));
    }
}

// node: vy = select(ny < 0.0, -vy * damping, vy)
// kernel k3_map (map; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // vy
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // ny
struct Uniforms {
    f0: f32, // dt
    f1: f32, // gravity
    f2: f32, // damping
}
@group(0) @binding(2) var<uniform> u: Uniforms;
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
@compute @workgroup_size(256)
fn k3_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    for (var it = 0u; it < 1u; it = it + 1u) {
        let i = (group * 1u + it) * 256u + lid;
        if (i >= 100003u) { return; }
        let i0 = (i / 1u) % 100003u;
        a0[i] = select(a0[i], ((-a0[i]) * u.f2), (a1[i] < 0.0f));
    }
}

// node: py = abs(ny)
// kernel k4_map (map; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // py
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // ny
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
@compute @workgroup_size(256)
fn k4_map(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    for (var it = 0u; it < 1u; it = it + 1u) {
        let i = (group * 1u + it) * 256u + lid;
        if (i >= 100003u) { return; }
        let i0 = (i / 1u) % 100003u;
        a0[i] = abs(a1[i]);
    }
}

// node: energy = sum(vx * vx + vy * vy) * 0.5 + sum(py) * gravity
// kernel k5_reduce (reduce; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // _t0
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // vx
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // vy
fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
var<workgroup> red: array<f32, 256>;
@compute @workgroup_size(256)
fn k5_reduce(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let row = group;
    if (row >= 1u) { return; }
    var part = 0.0f;
    for (var c = lid; c < 100003u; c = c + 256u) { let a = part; let b = ((a1[(row * 100003u + c)] * a1[(row * 100003u + c)]) + (a2[(row * 100003u + c)] * a2[(row * 100003u + c)])); part = a + b; }
    red[lid] = part;
    workgroupBarrier();
    for (var w = 128u; w > 0u; w = w >> 1u) {
        if (lid < w) { let a = red[lid]; let b = red[lid + w]; red[lid] = a + b; }
        workgroupBarrier();
    }
    let acc = red[0];
    if (lid == 0u) { a0[row] = acc; }
}

// node: energy = sum(vx * vx + vy * vy) * 0.5 + sum(py) * gravity
// kernel k6_reduce (reduce; workgroup 256, items 1)
@group(0) @binding(0) var<storage, read_write> a0: array<f32>; // energy
@group(0) @binding(1) var<storage, read_write> a1: array<f32>; // _t0
@group(0) @binding(2) var<storage, read_write> a2: array<f32>; // py
struct Uniforms {
    f0: f32, // dt
    f1: f32, // gravity
    f2: f32, // damping
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
fn k6_reduce(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let row = group;
    if (row >= 1u) { return; }
    var part = 0.0f;
    for (var c = lid; c < 100003u; c = c + 256u) { let a = part; let b = a2[(row * 100003u + c)]; part = a + b; }
    red[lid] = part;
    workgroupBarrier();
    for (var w = 128u; w > 0u; w = w >> 1u) {
        if (lid < w) { let a = red[lid]; let b = red[lid + w]; red[lid] = a + b; }
        workgroupBarrier();
    }
    let acc = red[0];
    if (lid == 0u) { a0[row] = ((a1[0u] * 0.5f) + (acc * u.f1)); }
}
