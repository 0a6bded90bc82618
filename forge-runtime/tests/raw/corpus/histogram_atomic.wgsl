// Histogram: atomics in workgroup memory, then merged into storage with atomicAdd.
// @dispatch 4 1 1
// @buf 0 u32 4096 rand 1 100000
// @buf 1 u32 64 values 0
var<workgroup> local_bins: array<atomic<u32>, 64>;
@group(0) @binding(0) var<storage, read> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<u32>>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
    for (var k = 0u; k < 8u; k++) {
        let v = data[gid.x * 8u + k];
        atomicAdd(&local_bins[(v * 2654435761u) >> 26u], 1u);
    }
    workgroupBarrier();
    if (li < 64u) {
        atomicAdd(&bins[li], atomicLoad(&local_bins[li]));
    }
}
