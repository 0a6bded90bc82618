//! The ray-cast scene: a procedural mesh, the camera, and a CPU reference that traces the
//! kernel's rays against every triangle (Möller–Trumbore) and marks *ambiguous* pixels — a ray
//! within `EDGE_MARGIN` of an edge, two surfaces tied in depth, a shadow ray starting at a
//! surface — where backends whose intersection arithmetic differs in the last bits may
//! legitimately disagree. Shared by examples/raycast.rs, tests/raycast.rs and
//! forge-runtime/tests/ray_query.rs (through forge-runtime/tests/support/raycast.rs).
#![allow(dead_code)]

pub const AMBIENT: f32 = 0.2;
pub const DIFFUSE: f32 = 0.8;
/// Barycentric distance from an edge under which a ray counts as ambiguous.
pub const EDGE_MARGIN: f64 = 1e-4;
/// Relative depth difference under which two hits count as tied.
pub const TIE_MARGIN: f64 = 1e-5;

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

    /// The graph's `camera` input: origin, forward, right, up, light, shadow offset.
    pub fn camera(&self) -> Vec<f32> {
        let mut v = Vec::with_capacity(16);
        for x in [self.origin, self.forward, self.right, self.up, self.light] {
            v.extend_from_slice(&x);
        }
        v.push(self.shadow_eps);
        v
    }

    pub fn inv_size(&self) -> (f32, f32) {
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
