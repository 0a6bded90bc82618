//! A non-ML graph: ray-cast visibility with hard shadows of a procedural mesh (a ground grid and
//! seven boxes, 360 triangles), traced by a raw WGSL kernel against a `scene` binding, checked
//! against a CPU ray–triangle reference. Runs on every backend: wgpu with ray queries (the
//! adapter's acceleration structures; software Vulkan from Mesa 25 has them), the CPU and CUDA
//! (the kernel interpreted / translated, tracing the triangle list in software).
//!
//! `cargo run --release --example raycast [-- WIDTH HEIGHT out.pgm]`

use forge::prelude::*;
use std::time::Instant;

#[path = "raycast/scene.rs"]
mod scene;

include!("graphs/raycast.rs");

fn main() -> forge::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let width: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(160);
    let height: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let mesh = scene::procedural_scene(12);
    let params = scene::Params::view(width, height);
    let ctx = Context::auto()?;
    println!("backend: {ctx}");
    let dims = RaycastDims { n: mesh.len() / 9, w: width as usize, h: height as usize };
    let t = Instant::now();
    let mut g = Raycast::new(&ctx, dims)?;
    g.load_weights(RaycastWeights { mesh: &mesh, tris: &mesh })?;
    println!("new + scene build: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    let camera = params.camera();
    let inputs = RaycastInputs { camera: &camera, width, height };
    let out = g.run(inputs)?;
    let t = Instant::now();
    let runs = 10;
    for _ in 0..runs {
        g.run(inputs)?;
    }
    println!(
        "{width}x{height}, {} triangles: {:.3} ms per run",
        mesh.len() / 9,
        t.elapsed().as_secs_f64() * 1e3 / runs as f64
    );
    let want = scene::render_cpu(&params, &mesh);
    let differ =
        (0..out.image.len()).filter(|&i| !want.ambiguous[i] && (out.image[i] - want.image[i]).abs() > 1e-4).count();
    let ambiguous = want.ambiguous.iter().filter(|a| **a).count();
    println!("vs the CPU ray-triangle reference: {differ} pixels differ ({ambiguous} ambiguous pixels not compared)");
    if let Some(path) = args.get(2) {
        std::fs::write(path, scene::to_pgm(&out.image, width, height))
            .map_err(|e| forge::Error::Unsupported { what: format!("writing {path}"), reason: e.to_string() })?;
        println!("wrote {path}");
    }
    if differ > 0 {
        return Err(forge::Error::ShapeCheck {
            what: "raycast".into(),
            detail: format!("{differ} pixels differ from the CPU reference"),
        });
    }
    Ok(())
}
