// Helper functions: values, pointer parameters (function and private), nested calls, privates.
// @dispatch 2 1 1
// @buf 0 i32 128 rand -1000 1000
// @buf 1 i32 256 poison
var<private> counter: i32 = 5;
var<private> scratch: array<i32, 4>;
@group(0) @binding(0) var<storage, read> x: array<i32>;
@group(0) @binding(1) var<storage, read_write> y: array<i32>;

fn square(v: i32) -> i32 { return v * v; }
fn bump(p: ptr<function, i32>, by: i32) { *p = *p + by; counter += 1; }
fn fill(p: ptr<private, array<i32, 4>>, base: i32) {
    for (var k = 0; k < 4; k++) { (*p)[k] = base + k * square(k); }
}
fn sum4(a: array<i32, 4>) -> i32 { return a[0] + a[1] + a[2] + a[3]; }
fn poly(v: i32) -> i32 {
    var acc = 0;
    bump(&acc, v);
    bump(&acc, square(v % 37));
    return acc;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = x[i];
    fill(&scratch, v);
    y[2u * i] = poly(v) + sum4(scratch);
    y[2u * i + 1u] = counter;
}
