// All compute builtins with a 3-D workgroup and a 3-D dispatch, read via a struct argument too.
// @dispatch 2 3 2
// @buf 0 u32 4608 poison
struct Ids { @builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32> }
@group(0) @binding(0) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(4, 2, 4)
fn main(ids: Ids, @builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32,
        @builtin(num_workgroups) nwg: vec3<u32>) {
    let flat_wg = ids.wid.x + nwg.x * (ids.wid.y + nwg.y * ids.wid.z);
    let base = (flat_wg * 32u + li) * 12u;
    o[base] = gid.x; o[base + 1u] = gid.y; o[base + 2u] = gid.z;
    o[base + 3u] = ids.lid.x; o[base + 4u] = ids.lid.y; o[base + 5u] = ids.lid.z;
    o[base + 6u] = ids.wid.x; o[base + 7u] = ids.wid.y; o[base + 8u] = ids.wid.z;
    o[base + 9u] = nwg.x * 100u + nwg.y * 10u + nwg.z;
    o[base + 10u] = li;
    o[base + 11u] = flat_wg;
}
