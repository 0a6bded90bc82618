// Ray queries: closest committed hit of a grid of rays against a random triangle scene, with
// back-face culling on some rays and a t_min that skips near hits on others.
// @dispatch 4 1 1
// @scene 0 96
// @buf 1 f32 512 rand -1 1
// @buf 2 f32 2048 poison
// @tol 1e-4
enable wgpu_ray_query;
@group(0) @binding(0) var acc: acceleration_structure;
@group(0) @binding(1) var<storage, read> jitter: array<f32>;
@group(0) @binding(2) var<storage, read_write> o: array<f32>;

fn trace(origin: vec3<f32>, dir: vec3<f32>, flags: u32, tmin: f32) -> RayIntersection {
    var rq: ray_query;
    rayQueryInitialize(&rq, acc, RayDesc(flags, 0xFFu, tmin, 100.0, origin, dir));
    while (rayQueryProceed(&rq)) {}
    return rayQueryGetCommittedIntersection(&rq);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let x = f32(i % 16u) * 0.5 - 4.0 + jitter[2u * i] * 0.2;
    let y = f32(i / 16u) * 0.5 - 4.0 + jitter[2u * i + 1u] * 0.2;
    var flags = 0u;
    if (i % 5u == 3u) { flags = 0x10u; }
    if (i % 5u == 4u) { flags = 0x20u; }
    let tmin = select(0.1, 9.0, i % 3u == 1u);
    let h = trace(vec3<f32>(x, y, -10.0), normalize(vec3<f32>(0.05, -0.03, 1.0)), flags, tmin);
    let b = 8u * i;
    o[b] = f32(h.kind);
    if (h.kind == RAY_QUERY_INTERSECTION_TRIANGLE) {
        o[b + 1u] = h.t;
        o[b + 2u] = f32(h.primitive_index);
        o[b + 3u] = h.barycentrics.x;
        o[b + 4u] = h.barycentrics.y;
        o[b + 5u] = select(0.0, 1.0, h.front_face);
        o[b + 6u] = f32(h.instance_index + h.geometry_index);
    } else {
        o[b + 1u] = -1.0; o[b + 2u] = -1.0; o[b + 3u] = -1.0; o[b + 4u] = -1.0; o[b + 5u] = -1.0; o[b + 6u] = -1.0;
    }
    o[b + 7u] = tmin;
}
