// Elementwise map with a uniform scalar and a bounds check.
// @dispatch 4 1 1
// @buf 0 f32 1000 rand -10 10
// @buf 1 f32 1000 rand -10 10
// @buf 2 f32 1024 poison
// @uni 3 f32:2.5 u32:1000 f32:-0.75 u32:0
struct Params { a: f32, n: u32, b: f32, pad: u32 }
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> y: array<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;
@group(0) @binding(3) var<uniform> p: Params;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= p.n) { return; }
    out[i] = p.a * x[i] + y[i] * p.b;
}
