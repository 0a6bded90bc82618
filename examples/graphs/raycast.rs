// The Raycast graph, shared by examples/raycast.rs and tests/raycast.rs.

forge_graph! {
    /// Per-pixel visibility of a triangle mesh with a hard shadow: one primary ray per pixel
    /// from a pinhole camera and, on a hit, a shadow ray toward a directional light. Pixel
    /// values: 0 for a miss, 0.2 for a shadowed or back-lit hit, 0.2 + 0.8·n·l for a lit hit.
    /// The mesh is a `scene` (an acceleration structure on wgpu, a triangle list on the CPU and
    /// CUDA, which trace it in software) and again a weight, for the hit triangle's normal.
    pub graph Raycast {
        dims { N, W, H }
        scene   mesh:   f32[N, 9];
        weight  tris:   f32[N, 9];
        /// origin, forward, right, up, light (xyz each), shadow offset.
        input   camera: f32[16];
        uniform width:  u32;
        uniform height: u32;
        output  image:  f32[H, W];

        image = wgsl!("
            enable wgpu_ray_query;
            @group(0) @binding(0) var scene: acceleration_structure;
            @group(0) @binding(1) var<storage, read> camera: array<f32>;
            @group(0) @binding(2) var<storage, read> tris: array<f32>;
            @group(0) @binding(3) var<storage, read_write> image: array<f32>;
            @group(0) @binding(4) var<uniform> width: u32;
            @group(0) @binding(5) var<uniform> height: u32;

            fn cam(i: u32) -> vec3<f32> { return vec3<f32>(camera[i], camera[i + 1u], camera[i + 2u]); }
            fn vertex(i: u32) -> vec3<f32> { return vec3<f32>(tris[3u * i], tris[3u * i + 1u], tris[3u * i + 2u]); }

            @compute @workgroup_size(64)
            fn raycast(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
                let i = gid.x + gid.y * nwg.x * 64u;
                if (i >= width * height) { return; }
                let x = i % width;
                let y = i / width;
                let sx = (f32(x) + 0.5) * (1.0 / f32(width)) * 2.0 - 1.0;
                let sy = 1.0 - (f32(y) + 0.5) * (1.0 / f32(height)) * 2.0;
                let origin = cam(0u);
                let dir = cam(3u) + sx * cam(6u) + sy * cam(9u);
                let light = cam(12u);
                var rq: ray_query;
                rayQueryInitialize(&rq, scene, RayDesc(RAY_FLAG_NONE, 0xffu, 0.0, 1.0e30, origin, dir));
                while (rayQueryProceed(&rq)) {}
                let hit = rayQueryGetCommittedIntersection(&rq);
                var value = 0.0;
                if (hit.kind == RAY_QUERY_INTERSECTION_TRIANGLE) {
                    let first = hit.primitive_index * 3u;
                    let a = vertex(first);
                    var n = normalize(cross(vertex(first + 1u) - a, vertex(first + 2u) - a));
                    if (dot(n, dir) > 0.0) { n = -n; }
                    let lambert = max(dot(n, light), 0.0);
                    value = 0.2;
                    if (lambert > 0.0) {
                        let p = origin + hit.t * dir + camera[15] * n;
                        var sq: ray_query;
                        rayQueryInitialize(&sq, scene, RayDesc(RAY_FLAG_TERMINATE_ON_FIRST_HIT, 0xffu, 0.0, 1.0e30, p, light));
                        while (rayQueryProceed(&sq)) {}
                        if (rayQueryGetCommittedIntersection(&sq).kind == RAY_QUERY_INTERSECTION_NONE) {
                            value = 0.2 + 0.8 * lambert;
                        }
                    }
                }
                image[i] = value;
            }
        ", mesh, camera, tris, image, width, height);
    }
}
