// workgroupUniformLoad of a value one invocation computed; storageBarrier between phases.
// @dispatch 4 1 1
// @buf 0 f32 256 rand -3 3
// @buf 1 f32 256 poison
var<workgroup> pivot: f32;
var<workgroup> count: atomic<u32>;
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
    if (li == 0u) { pivot = x[gid.x] * 2.0; }
    let p = workgroupUniformLoad(&pivot);
    if (x[gid.x] > p) { atomicAdd(&count, 1u); }
    storageBarrier();
    workgroupBarrier();
    let c = f32(atomicLoad(&count));
    y[gid.x] = x[gid.x] - p + c;
}
