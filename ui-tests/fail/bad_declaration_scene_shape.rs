use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { N, R }
        scene mesh: f32[N, 3];
        input rays: f32[R, 6];
        output hit: f32[R];
        hit = wgsl!("
            enable wgpu_ray_query;
            @group(0) @binding(0) var acc: acceleration_structure;
            @group(0) @binding(1) var<storage, read> rays: array<f32>;
            @group(0) @binding(2) var<storage, read_write> hit: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                if (g.x < arrayLength(&hit)) { hit[g.x] = rays[6u * g.x]; }
            }
        ", mesh, rays, hit);
    }
}

fn main() {}
