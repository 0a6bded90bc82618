// Transcendental builtins on safe ranges (a few ulps of difference allowed).
// @dispatch 1 1 1
// @buf 0 f32 256 rand 0.05 4
// @buf 1 f32 256 rand -3 3
// @buf 2 f32 3328 poison
// @tol 4e-5
@group(0) @binding(0) var<storage, read> p: array<f32>;
@group(0) @binding(1) var<storage, read> q: array<f32>;
@group(0) @binding(2) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let a = p[i];
    let b = q[i];
    let base = 13u * i;
    o[base] = exp(b);
    o[base + 1u] = exp2(b);
    o[base + 2u] = log(a);
    o[base + 3u] = log2(a);
    o[base + 4u] = pow(a, b);
    o[base + 5u] = sqrt(a);
    o[base + 6u] = inverseSqrt(a);
    o[base + 7u] = sin(b);
    o[base + 8u] = cos(b);
    o[base + 9u] = tan(b * 0.4);
    o[base + 10u] = tanh(b);
    o[base + 11u] = fma(a, b, 0.5) + a * 0.125;
    o[base + 12u] = degrees(b) * 0.01 + radians(a) + sinh(b * 0.5) + cosh(b * 0.5);
}
