// Grid-stride loop over more elements than invocations, using num_workgroups.
// @dispatch 3 1 1
// @buf 0 f32 5000 rand -4 4
// @buf 1 f32 5000 poison
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let stride = nwg.x * 64u;
    for (var i = gid.x; i < arrayLength(&x); i += stride) {
        let v = x[i];
        y[i] = v * v - 2.0 * v + 0.5;
    }
}
