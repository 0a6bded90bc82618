// A raw WGSL kernel tracing rays against a `scene` binding (a triangle soup, 9 floats a
// triangle), followed by ordinary nodes on its result.
use forge::prelude::*;

forge_graph! {
    pub graph Raycast {
        dims { N, R }
        scene  mesh: f32[N, 9];
        input  rays: f32[R, 6];
        uniform far: f32 = 100.0;
        temp   t: f32[R];
        output depth: f32[R];

        t = wgsl!("
            enable wgpu_ray_query;
            @group(0) @binding(0) var acc: acceleration_structure;
            @group(0) @binding(1) var<storage, read> rays: array<f32>;
            @group(0) @binding(2) var<uniform> far: f32;
            @group(0) @binding(3) var<storage, read_write> t: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                let i = g.x;
                if (i >= arrayLength(&t)) { return; }
                let o = vec3<f32>(rays[6u * i], rays[6u * i + 1u], rays[6u * i + 2u]);
                let d = vec3<f32>(rays[6u * i + 3u], rays[6u * i + 4u], rays[6u * i + 5u]);
                var rq: ray_query;
                rayQueryInitialize(&rq, acc, RayDesc(0u, 0xFFu, 0.0, far, o, d));
                while (rayQueryProceed(&rq)) {}
                let hit = rayQueryGetCommittedIntersection(&rq);
                t[i] = select(-1.0, hit.t, hit.kind == RAY_QUERY_INTERSECTION_TRIANGLE);
            }
        ", mesh, rays, far, t);
        depth = select(t < 0.0, far, t);
    }
}

fn main() {
    let _ = RaycastDims { n: 2, r: 4 };
}
