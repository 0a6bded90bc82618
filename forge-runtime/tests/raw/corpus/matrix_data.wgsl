// Matrices as data (no matrix arithmetic): uniform and storage matrices, column access with
// dynamic indices through pointers, local matrix variables indexed with the clamp rule.
// @dispatch 1 1 1
// @buf 0 f32 64 rand -2 2
// @buf 1 f32 512 poison
// @uni 2 f32:1 f32:2 f32:3 f32:4 f32:5 f32:6 f32:7 f32:8 f32:9 f32:10 f32:11 f32:12 f32:13 f32:14 f32:15 f32:16 f32:0.5 f32:-1 f32:2 f32:0 f32:3 f32:1 f32:-2 f32:0 f32:0.25 f32:0.75 f32:1 f32:0
struct U { m: mat4x4<f32>, n: mat3x3<f32> }
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@group(0) @binding(2) var<uniform> u: U;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = x[i];
    let c = u.m[i % 4u];
    let d = u.n[(i + 1u) % 3u];
    var lm = mat3x3<f32>(vec3<f32>(v, 1.0, 2.0), vec3<f32>(3.0, v * 2.0, 4.0), vec3<f32>(5.0, 6.0, v * v));
    lm[1] = lm[1] + d;
    let e = lm[i];
    let whole = u.n;
    o[8u * i] = c.x + c.y * v;
    o[8u * i + 1u] = c.z - c.w;
    o[8u * i + 2u] = d.x * d.y + d.z;
    o[8u * i + 3u] = e.x + e.y + e.z;
    o[8u * i + 4u] = lm[1].y + lm[i % 2u][i % 3u];
    o[8u * i + 5u] = whole[2].z + whole[0][i % 3u];
    o[8u * i + 6u] = dot(u.m[3], vec4<f32>(v));
    o[8u * i + 7u] = u.m[1][i % 4u];
}
