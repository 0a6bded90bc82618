// Tiled matrix-vector product: 2-D workgroup, shared tiles, barriers in the tile loop.
// @dispatch 4 1 1
// @buf 0 f32 8192 rand -1 1
// @buf 1 f32 128 rand -1 1
// @buf 2 f32 64 poison
// @uni 3 u32:64 u32:128 u32:0 u32:0
// @tol 2e-5
struct Dims { rows: u32, cols: u32, pad0: u32, pad1: u32 }
var<workgroup> xs: array<f32, 32>;
var<workgroup> part: array<array<f32, 16>, 16>;
@group(0) @binding(0) var<storage, read> m: array<f32>;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
@group(0) @binding(3) var<uniform> d: Dims;

@compute @workgroup_size(16, 16)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let row = wid.x * 16u + lid.y;
    var acc = 0.0;
    for (var t = 0u; t < d.cols; t += 32u) {
        let li = lid.y * 16u + lid.x;
        if (li < 32u) { xs[li] = x[t + li]; }
        workgroupBarrier();
        acc += m[row * d.cols + t + lid.x] * xs[lid.x] + m[row * d.cols + t + lid.x + 16u] * xs[lid.x + 16u];
        workgroupBarrier();
    }
    part[lid.y][lid.x] = acc;
    workgroupBarrier();
    if (lid.x == 0u) {
        var s = 0.0;
        for (var k = 0u; k < 16u; k++) { s += part[lid.y][k]; }
        y[row] = s;
    }
}
