// Vector builtins: dot cross length normalize mix step smoothstep clamp distance reflect faceForward.
// @dispatch 2 1 1
// @buf 0 f32 512 rand -3 3
// @buf 1 f32 512 rand -3 3
// @buf 2 f32 1536 poison
// @tol 2e-5
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> o: array<vec4<f32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let u = a[i];
    let v = b[i];
    let c = cross(u.xyz, v.xyz);
    let n = normalize(u.xyz + vec3<f32>(4.0, 0.0, 0.0));
    o[3u * i] = vec4<f32>(c, dot(u, v));
    o[3u * i + 1u] = vec4<f32>(n, length(v) + distance(u.xy, v.xy));
    let m = mix(u, v, vec4<f32>(0.25)) + mix(u, v, 0.5);
    let s = step(u, v) + smoothstep(vec4<f32>(-1.0), vec4<f32>(2.0), v) + clamp(u, vec4<f32>(-0.5), vec4<f32>(1.5));
    let r = reflect(u.xyz, n) + faceForward(n, u.xyz, v.xyz);
    o[3u * i + 2u] = m + s + vec4<f32>(r, 0.0) + vec4<f32>(max(u.x, v.y), min(u.z, v.w), abs(u.w), sign(v.x));
}
