// Rounding builtins on values with exact halves: floor ceil round (ties to even) fract trunc.
// @dispatch 1 1 1
// @buf 0 f32 64 values 0.5 1.5 2.5 -0.5 -1.5 -2.5 3.7 -3.7 0.25 -0.25 1e6 -7.5 8.49 123456.5
// @buf 1 f32 64 rand -100 100
// @buf 2 f32 768 poison
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> r: array<f32>;
@group(0) @binding(2) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = x[i];
    let w = r[i];
    let b = 12u * i;
    o[b] = floor(v); o[b + 1u] = ceil(v); o[b + 2u] = round(v); o[b + 3u] = fract(v);
    o[b + 4u] = trunc(v); o[b + 5u] = sign(v); o[b + 6u] = abs(v); o[b + 7u] = saturate(v);
    o[b + 8u] = round(w); o[b + 9u] = fract(w); o[b + 10u] = w % 7.0; o[b + 11u] = ldexp(v, i32(i % 9u) - 4);
}
