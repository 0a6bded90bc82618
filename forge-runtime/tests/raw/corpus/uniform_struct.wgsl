// Structs in a uniform: vec3 + f32 packing, arrays of vec4, nested struct.
// @dispatch 1 1 1
// @buf 0 f32 256 rand -2 2
// @buf 1 f32 1024 poison
// @uni 2 f32:1 f32:2 f32:3 f32:0.5 f32:0.25 f32:-1 f32:4 f32:8 f32:-3 f32:1.5 f32:2.5 f32:0.125 u32:7 i32:-3 u32:0 u32:0
struct Inner { scale: vec2<f32>, k: u32, bias: i32 }
struct Params { axis: vec3<f32>, w: f32, taps: array<vec4<f32>, 2>, inner: Inner }
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> p: Params;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = x[i];
    let t = p.taps[i % 2u];
    let a = p.axis * v + vec3<f32>(p.w);
    y[i] = vec4<f32>(a, dot(t, vec4<f32>(v))) * p.inner.scale.x + vec4<f32>(f32(p.inner.k), f32(p.inner.bias), p.inner.scale.y, 0.0);
}
