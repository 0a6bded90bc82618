// Float -> int conversions of out-of-range finite values (WGSL clamps), int -> float, bool casts.
// @dispatch 1 1 1
// @buf 0 f32 64 values 3e9 -3e9 1e20 -1e20 2147483520 2147483647 -0.7 0.7 4294967040 4294967296 -1 255.9 -2147483648 -2147483904 1e-3 12345.6
// @buf 1 i32 64 rand -2000000000 2000000000
// @buf 2 u32 320 poison
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> k: array<i32>;
@group(0) @binding(2) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = x[i];
    o[5u * i] = bitcast<u32>(i32(v));
    o[5u * i + 1u] = u32(v);
    o[5u * i + 2u] = bitcast<u32>(f32(k[i]));
    o[5u * i + 3u] = bitcast<u32>(f32(u32(k[i])));
    let bits = vec4<u32>(vec4<bool>(v > 0.0, k[i] < 0, bool(i & 1u), bool(v)));
    o[5u * i + 4u] = bits.x | (bits.y << 1u) | (bits.z << 2u) | (bits.w << 3u) | (u32(f32(bits.x) * 16.0));
}
