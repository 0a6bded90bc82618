// Integer division and remainder by zero and i32::MIN / -1 (WGSL: x / 0 == x, x % 0 == 0).
// @dispatch 1 1 1
// @buf 0 i32 64 values 7 -7 0 -2147483648 2147483647 13 -13 100
// @buf 1 i32 64 values 0 0 3 -1 -1 -5 5 0 2 -3
// @buf 2 u32 64 values 7 0 4294967295 9 1
// @buf 3 u32 64 values 0 3 0 2 0 7
// @buf 4 i32 256 poison
@group(0) @binding(0) var<storage, read> a: array<i32>;
@group(0) @binding(1) var<storage, read> b: array<i32>;
@group(0) @binding(2) var<storage, read> c: array<u32>;
@group(0) @binding(3) var<storage, read> d: array<u32>;
@group(0) @binding(4) var<storage, read_write> o: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    o[4u * i] = a[i] / b[i];
    o[4u * i + 1u] = a[i] % b[i];
    o[4u * i + 2u] = i32(c[i] / d[i]);
    let v = vec2<i32>(a[i], -a[i]) % vec2<i32>(b[i]);
    o[4u * i + 3u] = i32(c[i] % d[i]) + v.x * 3 + v.y;
}
