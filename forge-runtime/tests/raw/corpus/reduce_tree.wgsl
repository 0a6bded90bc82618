// Workgroup-memory tree reduction with barriers: one partial sum (and max) per workgroup.
// @dispatch 8 1 1
// @buf 0 f32 2048 rand -1 1
// @buf 1 f32 16 poison
var<workgroup> sums: array<f32, 256>;
var<workgroup> maxs: array<f32, 256>;
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> partial: array<f32>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wg: vec3<u32>) {
    let v = x[wg.x * 256u + li];
    sums[li] = v;
    maxs[li] = v;
    workgroupBarrier();
    var s = 128u;
    while (s > 0u) {
        if (li < s) {
            sums[li] = sums[li] + sums[li + s];
            maxs[li] = max(maxs[li], maxs[li + s]);
        }
        workgroupBarrier();
        s = s >> 1u;
    }
    if (li == 0u) {
        partial[2u * wg.x] = sums[0];
        partial[2u * wg.x + 1u] = maxs[0];
    }
}
