//! Ray-cast visibility of a procedural mesh: the WGSL ray-query kernel and its GPU runner here;
//! mesh generator, camera and CPU reference from the example's `scene.rs`.
//!
//! One primary ray per pixel from a pinhole camera; on a hit, a hard shadow ray toward a
//! directional light. Pixel values: 0 for a miss, `AMBIENT` for a shadowed or back-lit hit,
//! `AMBIENT + DIFFUSE * max(n·l, 0)` for a lit hit (`n` the face normal turned toward the
//! viewer). The CPU reference traces the same rays (built from the same f32 parameters in the
//! same order) against every triangle with Möller–Trumbore and also reports which pixels are
//! *ambiguous*: a ray within `EDGE_MARGIN` (barycentric) of an edge, two surfaces tied in depth,
//! a shadow ray starting next to a surface, or a grazing light. Only there may a GPU whose
//! intersection arithmetic differs in the last bits legitimately disagree.
#![allow(dead_code)]

// The scene, camera and CPU reference are the example's own; this file adds the seed-API GPU
// runner (raw WGSL kernel + `build_triangle_scene`) the runtime tests drive.
#[path = "../../../examples/raycast/scene.rs"]
mod scene;

use forge_runtime::{BindingUsage, GraphPass, Result, WgpuComputeContext};
pub use scene::*;

pub const ENTRY: &str = "raycast";

/// Bindings: 0 the scene (TLAS), 1 `Params`, 2 the same triangle soup (for normals), 3 the image.
pub const KERNEL_WGSL: &str = r#"enable wgpu_ray_query;

struct Params {
    origin: vec3<f32>, width: u32,
    forward: vec3<f32>, height: u32,
    right: vec3<f32>, inv_width: f32,
    up: vec3<f32>, inv_height: f32,
    light: vec3<f32>, shadow_eps: f32,
}

@group(0) @binding(0) var scene: acceleration_structure;
@group(0) @binding(1) var<uniform> params: Params;
@group(0) @binding(2) var<storage, read> vertices: array<f32>;
@group(0) @binding(3) var<storage, read_write> image: array<f32>;

const AMBIENT: f32 = 0.2;
const DIFFUSE: f32 = 0.8;
const T_MAX: f32 = 1.0e30;

fn vertex(i: u32) -> vec3<f32> {
    return vec3<f32>(vertices[3u * i], vertices[3u * i + 1u], vertices[3u * i + 2u]);
}

@compute @workgroup_size(8, 8)
fn raycast(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= params.width || gid.y >= params.height) {
        return;
    }
    let sx = (f32(gid.x) + 0.5) * params.inv_width * 2.0 - 1.0;
    let sy = 1.0 - (f32(gid.y) + 0.5) * params.inv_height * 2.0;
    let dir = params.forward + sx * params.right + sy * params.up;
    var rq: ray_query;
    rayQueryInitialize(&rq, scene, RayDesc(RAY_FLAG_NONE, 0xffu, 0.0, T_MAX, params.origin, dir));
    while (rayQueryProceed(&rq)) {}
    let hit = rayQueryGetCommittedIntersection(&rq);
    var value = 0.0;
    if (hit.kind == RAY_QUERY_INTERSECTION_TRIANGLE) {
        let first = hit.primitive_index * 3u;
        let a = vertex(first);
        var n = normalize(cross(vertex(first + 1u) - a, vertex(first + 2u) - a));
        if (dot(n, dir) > 0.0) {
            n = -n;
        }
        let lambert = max(dot(n, params.light), 0.0);
        value = AMBIENT;
        if (lambert > 0.0) {
            let origin = params.origin + hit.t * dir + params.shadow_eps * n;
            var sq: ray_query;
            rayQueryInitialize(&sq, scene, RayDesc(RAY_FLAG_TERMINATE_ON_FIRST_HIT, 0xffu, 0.0, T_MAX, origin, params.light));
            while (rayQueryProceed(&sq)) {}
            if (rayQueryGetCommittedIntersection(&sq).kind == RAY_QUERY_INTERSECTION_NONE) {
                value = AMBIENT + DIFFUSE * lambert;
            }
        }
    }
    image[gid.y * params.width + gid.x] = value;
}
"#;

impl Params {
    /// The `Params` uniform block (80 bytes, std140 layout of the WGSL struct).
    pub fn uniform_bytes(&self) -> Vec<u8> {
        let (inv_w, inv_h) = self.inv_size();
        // Each row: a vec3 (16-byte aligned) and the scalar packed into its fourth word.
        let rows = [
            (self.origin, self.width),
            (self.forward, self.height),
            (self.right, inv_w.to_bits()),
            (self.up, inv_h.to_bits()),
            (self.light, self.shadow_eps.to_bits()),
        ];
        rows.iter()
            .flat_map(|(v, w)| [v[0].to_bits(), v[1].to_bits(), v[2].to_bits(), *w])
            .flat_map(u32::to_le_bytes)
            .collect()
    }
}

/// Renders on the device through the seed API: the scene bound at binding 0 of the kernel.
pub fn render_gpu(ctx: &mut WgpuComputeContext, params: &Params, vertices: &[f32]) -> Result<Vec<f32>> {
    let (_blas, tlas) = ctx.build_triangle_scene(vertices)?;
    let pipeline = ctx.compile_pipeline_cached(KERNEL_WGSL, ENTRY)?;
    let uniform = ctx.allocate_and_write(&params.uniform_bytes(), 1, 0, BindingUsage::Uniform)?;
    let soup = ctx.allocate_and_write(bytemuck_f32(vertices).as_slice(), 2, 0, BindingUsage::StorageRead)?;
    let pixels = params.width as usize * params.height as usize;
    let image = ctx.allocate_transient(pixels * 4, 3, 0, BindingUsage::StorageReadWrite)?;
    let bind_group = ctx.create_scene_bind_group(&pipeline, &[uniform, soup, image], 0, &tlas)?;
    let pass = GraphPass::Dispatch {
        label: ENTRY.into(),
        pipeline,
        bind_group,
        workgroups: [params.width.div_ceil(8), params.height.div_ceil(8), 1],
    };
    let run = ctx.submit_graph_readback(&[pass], &[image])?;
    ctx.clear_transient_allocations();
    let bytes = run.readback.first().cloned().unwrap_or_default();
    Ok(bytes.chunks_exact(4).take(pixels).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
}

fn bytemuck_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
