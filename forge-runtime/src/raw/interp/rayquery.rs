//! Ray queries on the CPU: closest-hit traversal of a triangle soup (identity transform, opaque
//! triangles, instance mask 0xFF), Möller–Trumbore per triangle. The CUDA prelude's `fr_trace`
//! is the same algorithm, operation for operation.
//!
//! Rules: a ray parallel to a triangle's plane (determinant exactly 0) misses it; hits need
//! u ≥ 0, v ≥ 0, u + v ≤ 1 and t_min ≤ t ≤ t_max; among hits the smallest t wins and on equal t
//! the lowest primitive index (a strict `<` while scanning in index order). `front_face` is true
//! when the determinant is positive, i.e. the ray travels against the normal cross(v1-v0, v2-v0)
//! (the vertices appear counter-clockwise from the ray origin) — what lavapipe reports.
//! `object_to_world`/`world_to_object` are identity (lavapipe returns zeros for them).

use super::ops::{f, fb};

/// RayDesc: flags, cull_mask, t_min, t_max, origin.xyz, dir.xyz.
pub(crate) const RAY_DESC_WORDS: u32 = 10;
/// RayIntersection: kind, t, instance_custom_data, instance_index, sbt_record_offset,
/// geometry_index, primitive_index, barycentrics.xy, front_face, object_to_world (mat4x3),
/// world_to_object (mat4x3).
pub(crate) const INTERSECTION_WORDS: u32 = 34;

/// Layout of the query state (words) in the `ray_query` variable's local memory.
pub(crate) mod slot {
    pub const SCENE: u32 = 0; // binding index + 1; 0 = not initialised
    pub const DESC: u32 = 1; // RAY_DESC_WORDS words
    pub const KIND: u32 = 11;
    pub const T: u32 = 12;
    pub const PRIM: u32 = 13;
    pub const U: u32 = 14;
    pub const V: u32 = 15;
    pub const FRONT: u32 = 16;
}

const CULL_BACK_FACING: u32 = 0x10;
const CULL_FRONT_FACING: u32 = 0x20;
const CULL_OPAQUE: u32 = 0x40;
const SKIP_TRIANGLES: u32 = 0x100;
const TERMINATE_ON_FIRST_HIT: u32 = 0x4;

/// A committed hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Hit {
    pub t: f32,
    pub prim: u32,
    pub u: f32,
    pub v: f32,
    pub front: bool,
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Closest hit of the ray described by `desc` (RayDesc words) among `tris`.
pub(crate) fn trace(tris: &[f32], desc: &[u32]) -> Option<Hit> {
    let [flags, cull_mask, tmin, tmax, ox, oy, oz, dx, dy, dz] = *desc else {
        return None;
    };
    if flags & (SKIP_TRIANGLES | CULL_OPAQUE) != 0 || cull_mask & 0xFF == 0 {
        return None;
    }
    let (tmin, tmax) = (f(tmin), f(tmax));
    let o = [f(ox), f(oy), f(oz)];
    let d = [f(dx), f(dy), f(dz)];
    let mut best: Option<Hit> = None;
    for (i, t) in tris.chunks_exact(9).enumerate() {
        let v0 = [t[0], t[1], t[2]];
        let e1 = sub([t[3], t[4], t[5]], v0);
        let e2 = sub([t[6], t[7], t[8]], v0);
        let p = cross(d, e2);
        let det = dot(e1, p);
        if det == 0.0 || det.is_nan() {
            continue;
        }
        let front = det > 0.0;
        if (front && flags & CULL_FRONT_FACING != 0) || (!front && flags & CULL_BACK_FACING != 0) {
            continue;
        }
        let inv = 1.0 / det;
        let s = sub(o, v0);
        let u = dot(s, p) * inv;
        if !(0.0..=1.0).contains(&u) {
            continue;
        }
        let q = cross(s, e1);
        let v = dot(d, q) * inv;
        if !(v >= 0.0 && u + v <= 1.0) {
            continue;
        }
        let th = dot(e2, q) * inv;
        if !(th >= tmin && th <= tmax) {
            continue;
        }
        if best.is_none_or(|b| th < b.t) {
            best = Some(Hit { t: th, prim: i as u32, u, v, front });
            if flags & TERMINATE_ON_FIRST_HIT != 0 {
                break;
            }
        }
    }
    best
}

/// Writes the committed intersection words (kind 1 = triangle, 0 = none).
pub(crate) fn committed_words(state: &[u32], out: &mut [u32]) {
    out.iter_mut().for_each(|w| *w = 0);
    if out.len() < INTERSECTION_WORDS as usize || state.len() <= slot::FRONT as usize {
        return;
    }
    out[0] = state[slot::KIND as usize];
    if out[0] != 0 {
        out[1] = state[slot::T as usize];
        out[6] = state[slot::PRIM as usize];
        out[7] = state[slot::U as usize];
        out[8] = state[slot::V as usize];
        out[9] = state[slot::FRONT as usize];
    }
    // Identity object_to_world and world_to_object (4 columns of vec3).
    for m in [10usize, 22] {
        out[m] = fb(1.0);
        out[m + 4] = fb(1.0);
        out[m + 8] = fb(1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_closest_triangle() {
        // Two triangles in z = 1 and z = 2 planes; ray from the origin along +z.
        let tris = [
            -1.0, -1.0, 2.0, 1.0, -1.0, 2.0, 0.0, 1.0, 2.0, //
            -1.0, -1.0, 1.0, 1.0, -1.0, 1.0, 0.0, 1.0, 1.0,
        ];
        let desc = [0, 0xFF, fb(0.0), fb(100.0), fb(0.0), fb(0.0), fb(0.0), fb(0.0), fb(0.0), fb(1.0)];
        let hit = trace(&tris, &desc).unwrap();
        assert_eq!(hit.prim, 1);
        assert_eq!(hit.t, 1.0);
        let desc_far = [0, 0xFF, fb(1.5), fb(100.0), fb(0.0), fb(0.0), fb(0.0), fb(0.0), fb(0.0), fb(1.0)];
        assert_eq!(trace(&tris, &desc_far).unwrap().prim, 0);
        let miss = [0, 0xFF, fb(0.0), fb(100.0), fb(5.0), fb(0.0), fb(0.0), fb(0.0), fb(0.0), fb(1.0)];
        assert!(trace(&tris, &miss).is_none());
    }
}
