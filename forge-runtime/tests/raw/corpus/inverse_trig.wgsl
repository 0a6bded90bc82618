// Inverse trigonometric and hyperbolic builtins. Vulkan lets these be far less precise than
// the other builtins (asin/acos inherit atan2's bound), so the tolerance here is 1e-3.
// @dispatch 1 1 1
// @buf 0 f32 256 rand -0.95 0.95
// @buf 1 f32 256 rand 1.05 6
// @buf 2 f32 1792 poison
// @tol 1e-3
@group(0) @binding(0) var<storage, read> p: array<f32>;
@group(0) @binding(1) var<storage, read> q: array<f32>;
@group(0) @binding(2) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let a = p[i];
    let b = q[i];
    o[7u * i] = asin(a);
    o[7u * i + 1u] = acos(a);
    o[7u * i + 2u] = atan(b);
    o[7u * i + 3u] = atan2(a, b) + atan2(-b, a);
    o[7u * i + 4u] = asinh(b);
    o[7u * i + 5u] = acosh(b);
    o[7u * i + 6u] = atanh(a);
}
