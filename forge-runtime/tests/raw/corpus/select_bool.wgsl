// select (scalar and vector conditions), all/any, bool logic and comparisons.
// @dispatch 1 1 1
// @buf 0 f32 256 rand -2 2
// @buf 1 i32 256 rand -50 50
// @buf 2 u32 512 poison
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<i32>>;
@group(0) @binding(2) var<storage, read_write> o: array<vec4<u32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let u = a[i];
    let v = b[i];
    let c = u > vec4<f32>(0.0);
    let d = v <= vec4<i32>(10);
    let e = (c & d) | !(c | d);
    let f = select(vec4<u32>(1u), vec4<u32>(2u), e);
    let g = select(3u, 4u, all(c) || any(d) && !all(e));
    let h = vec4<u32>(c != d) + vec4<u32>(u >= vec4<f32>(u.yzwx)) * 2u + vec4<u32>(v == v.wzyx) * 4u;
    o[2u * i] = f * g + h;
    o[2u * i + 1u] = vec4<u32>(select(v, -v, v < vec4<i32>(0)));
}
