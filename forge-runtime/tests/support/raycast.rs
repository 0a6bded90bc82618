//! Ray-cast visibility of a procedural mesh: mesh generator, WGSL ray-query kernel, GPU runner, CPU reference.
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

use forge_runtime::{BindingUsage, GraphPass, Result, WgpuComputeContext};

pub const ENTRY: &str = "raycast";
pub const AMBIENT: f32 = 0.2;
pub const DIFFUSE: f32 = 0.8;
/// Barycentric distance from an edge under which a ray counts as ambiguous.
pub const EDGE_MARGIN: f64 = 1e-4;
/// Relative depth difference under which two hits count as tied.
pub const TIE_MARGIN: f64 = 1e-5;

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

type V3 = [f32; 3];

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn cross(a: V3, b: V3) -> V3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn scale(a: V3, s: f32) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}
fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
fn normalize(a: V3) -> V3 {
    scale(a, 1.0 / dot(a, a).sqrt())
}

/// Camera, image size and light: exactly the uniform block the kernel reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    pub width: u32,
    pub height: u32,
    pub origin: V3,
    pub forward: V3,
    /// Scaled so that the image's right edge is `forward + right`.
    pub right: V3,
    /// Scaled so that the image's top edge is `forward + up`.
    pub up: V3,
    /// Unit vector toward the (directional) light.
    pub light: V3,
    /// How far along the normal a shadow ray starts off its surface.
    pub shadow_eps: f32,
}

impl Params {
    /// The default view of [`procedural_scene`]: a 50° pinhole camera above and in front of it.
    pub fn view(width: u32, height: u32) -> Params {
        let origin = [0.37, 5.3, -9.1];
        let target = [0.13, 0.4, 0.27];
        let forward = normalize(sub(target, origin));
        let tan_half = (25.0f32).to_radians().tan();
        let aspect = width as f32 / height as f32;
        let right = normalize(cross(forward, [0.0, 1.0, 0.0]));
        let up = cross(right, forward);
        Params {
            width,
            height,
            origin,
            forward,
            right: scale(right, tan_half * aspect),
            up: scale(up, tan_half),
            light: normalize([0.45, 0.8, -0.35]),
            shadow_eps: 1e-3,
        }
    }

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

    fn inv_size(&self) -> (f32, f32) {
        (1.0 / self.width as f32, 1.0 / self.height as f32)
    }

    /// The primary ray of pixel (x, y), with the kernel's operations in the kernel's order.
    pub fn ray(&self, x: u32, y: u32) -> (V3, V3) {
        let (inv_w, inv_h) = self.inv_size();
        let sx = (x as f32 + 0.5) * inv_w * 2.0 - 1.0;
        let sy = 1.0 - (y as f32 + 0.5) * inv_h * 2.0;
        (self.origin, add(add(self.forward, scale(self.right, sx)), scale(self.up, sy)))
    }
}

/// Appends the two triangles of quad `a b c d` (in order around its edge).
pub fn push_quad(out: &mut Vec<f32>, a: V3, b: V3, c: V3, d: V3) {
    for v in [a, b, c, a, c, d] {
        out.extend_from_slice(&v);
    }
}

/// Appends a box (12 triangles): `center`, half extents, turned by `yaw` radians about +y.
pub fn push_box(out: &mut Vec<f32>, center: V3, half: V3, yaw: f32) {
    let (s, c) = yaw.sin_cos();
    let corner = |i: usize| -> V3 {
        let l = [
            if i & 1 == 0 { -half[0] } else { half[0] },
            if i & 2 == 0 { -half[1] } else { half[1] },
            if i & 4 == 0 { -half[2] } else { half[2] },
        ];
        [center[0] + c * l[0] + s * l[2], center[1] + l[1], center[2] - s * l[0] + c * l[2]]
    };
    for [a, b, cc, d] in [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]] {
        push_quad(out, corner(a), corner(b), corner(cc), corner(d));
    }
}

/// A ground grid of `cells`×`cells` quads over [-10, 10]² at y = 0, plus boxes standing on it
/// and one floating: `2·cells² + 72` triangles (360 for `cells = 12`).
pub fn procedural_scene(cells: usize) -> Vec<f32> {
    let mut out = Vec::new();
    let step = 20.0 / cells as f32;
    for i in 0..cells {
        for j in 0..cells {
            let (x0, z0) = (-10.0 + i as f32 * step, -10.0 + j as f32 * step);
            let (x1, z1) = (x0 + step, z0 + step);
            push_quad(&mut out, [x0, 0.0, z0], [x0, 0.0, z1], [x1, 0.0, z1], [x1, 0.0, z0]);
        }
    }
    push_box(&mut out, [-2.3, 0.8, 1.1], [0.8, 0.8, 0.8], 0.3);
    push_box(&mut out, [1.9, 1.4, 2.2], [0.6, 1.4, 0.6], -0.45);
    push_box(&mut out, [0.4, 0.35, -1.6], [1.3, 0.35, 0.5], 0.12);
    push_box(&mut out, [3.6, 0.5, -2.4], [0.5, 0.5, 0.5], 0.7);
    push_box(&mut out, [-4.1, 1.1, 4.0], [0.7, 1.1, 0.9], -0.2);
    push_box(&mut out, [-0.6, 2.6, 0.9], [0.45, 0.2, 0.45], 0.55);
    out
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

/// One ray against one triangle (Möller–Trumbore in f64 on the f32 inputs, two-sided).
/// Returns (t, barycentric distance inside: min(u, v, 1-u-v), negative outside), or None for a
/// ray parallel to the triangle's plane.
fn intersect(o: V3, d: V3, tri: &[f32]) -> Option<(f64, f64)> {
    let p = |i: usize| [f64::from(tri[i]), f64::from(tri[i + 1]), f64::from(tri[i + 2])];
    let (a, b, c) = (p(0), p(3), p(6));
    let o = [f64::from(o[0]), f64::from(o[1]), f64::from(o[2])];
    let d = [f64::from(d[0]), f64::from(d[1]), f64::from(d[2])];
    let s = |x: [f64; 3], y: [f64; 3]| [x[0] - y[0], x[1] - y[1], x[2] - y[2]];
    let cr =
        |x: [f64; 3], y: [f64; 3]| [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
    let dt = |x: [f64; 3], y: [f64; 3]| x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    let (e1, e2) = (s(b, a), s(c, a));
    let pv = cr(d, e2);
    let det = dt(e1, pv);
    // Grazing rays: the determinant relative to |e1×e2|·|d| is the sine of the angle.
    let area = dt(cr(e1, e2), cr(e1, e2)).sqrt() * dt(d, d).sqrt();
    if det.abs() <= 1e-9 * area {
        return None;
    }
    let inv = 1.0 / det;
    let tv = s(o, a);
    let u = dt(tv, pv) * inv;
    let qv = cr(tv, e1);
    let v = dt(d, qv) * inv;
    let t = dt(e2, qv) * inv;
    Some((t, u.min(v).min(1.0 - u - v)))
}

/// Closest hit at t ≥ 0 (edges inclusive, the first triangle wins an exact tie), and whether
/// the answer is ambiguous: a triangle in front of (or tied with) the hit passes within
/// `EDGE_MARGIN` of the ray, or another surface lies within `TIE_MARGIN` of the hit's depth.
fn closest(o: V3, d: V3, vertices: &[f32]) -> (Option<(usize, f64)>, bool) {
    let hits: Vec<(usize, f64, f64)> = vertices
        .chunks_exact(9)
        .enumerate()
        .filter_map(|(i, tri)| intersect(o, d, tri).map(|(t, inside)| (i, t, inside)))
        .collect();
    let mut best: Option<(usize, f64)> = None;
    for &(i, t, inside) in &hits {
        if inside >= 0.0 && t >= 0.0 && best.is_none_or(|(_, bt)| t < bt) {
            best = Some((i, t));
        }
    }
    let reach = best.map_or(f64::INFINITY, |(_, bt)| bt + TIE_MARGIN * bt.max(1.0));
    let ambiguous = hits.iter().any(|&(i, t, inside)| {
        let in_front = t >= -TIE_MARGIN && t <= reach;
        let on_edge = inside.abs() <= EDGE_MARGIN;
        let tied = best
            .is_some_and(|(bi, bt)| i != bi && inside >= -EDGE_MARGIN && (t - bt).abs() <= TIE_MARGIN * bt.max(1.0));
        (in_front && on_edge) || tied
    });
    (best, ambiguous)
}

/// Whether any triangle blocks the ray at t ≥ 0, and whether that is ambiguous: no blocker is
/// clear of every margin, yet one passes near an edge or starts right at the origin (the GPU's
/// shadow-ray origin differs from this one in the last bits of the hit distance).
fn occluded(o: V3, d: V3, vertices: &[f32]) -> (bool, bool) {
    const ORIGIN_MARGIN: f64 = 1e-4;
    let mut hit = false;
    let mut certain = false;
    let mut near = false;
    for tri in vertices.chunks_exact(9) {
        let Some((t, inside)) = intersect(o, d, tri) else { continue };
        hit |= inside >= 0.0 && t >= 0.0;
        certain |= inside > EDGE_MARGIN && t > ORIGIN_MARGIN;
        near |= inside >= -EDGE_MARGIN && t >= -ORIGIN_MARGIN && (inside <= EDGE_MARGIN || t <= ORIGIN_MARGIN);
    }
    (hit, near && !certain)
}

/// The CPU reference image and, per pixel, whether its rays are ambiguous.
#[derive(Debug, Clone)]
pub struct CpuImage {
    pub image: Vec<f32>,
    pub ambiguous: Vec<bool>,
}

/// Renders the image on the CPU: the kernel's rays, Möller–Trumbore closest hit, its shading.
pub fn render_cpu(params: &Params, vertices: &[f32]) -> CpuImage {
    let (w, h) = (params.width, params.height);
    let mut image = vec![0.0f32; (w * h) as usize];
    let mut ambiguous = vec![false; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let (o, d) = params.ray(x, y);
            let (hit, mut unsure) = closest(o, d, vertices);
            let mut value = 0.0;
            if let Some((tri, t)) = hit {
                let v = |k: usize| -> V3 {
                    let b = tri * 9 + k * 3;
                    [vertices[b], vertices[b + 1], vertices[b + 2]]
                };
                let mut n = normalize(cross(sub(v(1), v(0)), sub(v(2), v(0))));
                if dot(n, d) > 0.0 {
                    n = scale(n, -1.0);
                }
                let lambert = dot(n, params.light).max(0.0);
                value = AMBIENT;
                unsure |= lambert > 0.0 && lambert < 1e-4;
                if lambert > 0.0 {
                    let p = add(add(o, scale(d, t as f32)), scale(n, params.shadow_eps));
                    let (blocked, shadow_unsure) = occluded(p, params.light, vertices);
                    unsure |= shadow_unsure;
                    if !blocked {
                        value = AMBIENT + DIFFUSE * lambert;
                    }
                }
            }
            image[(y * w + x) as usize] = value;
            ambiguous[(y * w + x) as usize] = unsure;
        }
    }
    CpuImage { image, ambiguous }
}

/// The image as a binary PGM (0..1 mapped to 0..255), for examples and debugging.
pub fn to_pgm(image: &[f32], width: u32, height: u32) -> Vec<u8> {
    let mut out = format!("P5\n{width} {height}\n255\n").into_bytes();
    out.extend(image.iter().map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8));
    out
}
