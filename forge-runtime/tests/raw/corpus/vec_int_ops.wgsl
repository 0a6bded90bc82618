// Vector integer arithmetic with wrapping overflow, negation/abs of i32::MIN, vector-scalar mixes.
// @dispatch 1 1 1
// @buf 0 i32 256 rand -2147483648 2147483647
// @buf 1 i32 256 rand -70000 70000
// @buf 2 u32 256 rand 1 4294967295
// @buf 3 i32 1024 poison
@group(0) @binding(0) var<storage, read> a: array<vec4<i32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<i32>>;
@group(0) @binding(2) var<storage, read> c: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read_write> o: array<vec4<i32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let x = a[i];
    let y = b[i];
    let z = c[i];
    o[4u * i] = x + y * y - x * 3;
    o[4u * i + 1u] = -x + abs(x) + abs(vec4<i32>(i32(-2147483647 - 1)));
    o[4u * i + 2u] = vec4<i32>(z * 2654435761u + z / vec4<u32>(7u)) ^ (x >> vec4<u32>(3u));
    o[4u * i + 3u] = min(x, y) - max(y, vec4<i32>(5)) + clamp(x, vec4<i32>(-100), vec4<i32>(100)) + sign(y) + vec4<i32>(dot(y, vec4<i32>(1, 2, 3, 4)));
}
