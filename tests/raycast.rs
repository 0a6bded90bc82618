//! The ray-cast example's graph (a raw WGSL kernel tracing a `scene`) on every backend against
//! a CPU ray–triangle reference: every pixel that is not ambiguous (a ray at a triangle edge,
//! tied depths) matches within 1e-4 (the shading's normalize and FMA differ in the last bits).

mod common;

use forge::prelude::*;

#[path = "../examples/raycast/scene.rs"]
mod scene;

include!("../examples/graphs/raycast.rs");

fn raycast_matches_the_cpu_reference(ctx: &Context) {
    let (width, height) = (48u32, 32u32);
    let mesh = scene::procedural_scene(6);
    let params = scene::Params::view(width, height);
    let mut g = Raycast::new(ctx, RaycastDims { n: mesh.len() / 9, w: width as usize, h: height as usize }).unwrap();
    g.load_weights(RaycastWeights { mesh: &mesh, tris: &mesh }).unwrap();
    let camera = params.camera();
    let out = g.run(RaycastInputs { camera: &camera, width, height }).unwrap();
    let want = scene::render_cpu(&params, &mesh);
    let lit = want.image.iter().filter(|v| **v > 0.2).count();
    assert!(lit > 100 && want.image.contains(&0.2), "the reference image is not trivial");
    for (i, (g, w)) in out.image.iter().zip(&want.image).enumerate() {
        if !want.ambiguous[i] {
            assert!(
                (g - w).abs() <= 1e-4,
                "pixel {} ({}, {}): got {g}, want {w}",
                i,
                i % width as usize,
                i / width as usize
            );
        }
    }
}

/// The graph builds where the backend can trace scenes (a wgpu adapter without ray queries
/// cannot): other backends' tests are ignored with the reason.
fn traces_scenes(ctx: &Context) -> Result<(), String> {
    match Raycast::new(ctx, RaycastDims { n: 1, w: 1, h: 1 }) {
        Err(e @ Error::Unsupported { .. }) => Err(e.to_string()),
        _ => Ok(()),
    }
}

fn main() {
    common::run_suite_where(
        Ok(()),
        (traces_scenes, "FORGE_REQUIRE_RAY_QUERY"),
        &[("raycast_matches_the_cpu_reference", raycast_matches_the_cpu_reference)],
        &[],
    );
}
