//! Ray-query scenes on the wgpu backend: `build_triangle_scene` input checks, the `Unsupported`
//! path, and a ray-cast image compared with the CPU Möller–Trumbore reference.
//!
//! Runs for real where the adapter has ray queries (lavapipe from Mesa 25, e.g. Debian's
//! bookworm-backports); elsewhere the device tests show as ignored, with the reason printed, and
//! with `FORGE_REQUIRE_WGPU=1` / `FORGE_REQUIRE_RAY_QUERY=1` (CI) they fail instead.

#[path = "support/raycast.rs"]
mod raycast;
#[path = "support/trials.rs"]
mod trials;

use forge_runtime::{Error, WgpuComputeContext};
use raycast::{procedural_scene, render_cpu, render_gpu, Params};
use trials::Need;

/// One device at a time in this test binary.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A context on the adapter the harness probed.
fn context() -> WgpuComputeContext {
    WgpuComputeContext::new(4 << 20).unwrap_or_else(|e| panic!("the probed adapter is gone: {e}"))
}

fn main() {
    let (wgpu, ctx) = Need::probe(
        "wgpu",
        WgpuComputeContext::new(1 << 16).map_err(|e| e.to_string()),
        &["FORGE_REQUIRE_WGPU", "FORGE_REQUIRE_RAY_QUERY"],
    );
    let ray_query = match ctx {
        Some(ctx) => {
            let has = if ctx.supports_ray_query() {
                Ok(())
            } else {
                Err(format!("adapter {} has no EXPERIMENTAL_RAY_QUERY", ctx.adapter()))
            };
            Need::probe("ray queries", has, &["FORGE_REQUIRE_RAY_QUERY"]).0
        }
        None => wgpu.clone(),
    };
    let tests: [(&str, fn(), &Need); 5] = [
        ("bad_triangle_soups_are_invalid_arguments", bad_triangle_soups_are_invalid_arguments, &Need::none()),
        ("the_context_refuses_bad_triangle_soups", the_context_refuses_bad_triangle_soups, &wgpu),
        ("scene_without_ray_query_is_unsupported", scene_without_ray_query_is_unsupported, &wgpu),
        ("triangle_scene_builds_and_binds", triangle_scene_builds_and_binds, &ray_query),
        ("raycast_visibility_matches_cpu_reference", raycast_visibility_matches_cpu_reference, &ray_query),
    ];
    trials::run_all(tests.into_iter().map(|(name, f, need)| trials::trial(name, need, f)).collect())
}

fn invalid_argument(r: Result<impl std::fmt::Debug, Error>) -> String {
    match r {
        Err(Error::InvalidArgument { argument, reason }) => {
            assert_eq!(argument, "vertices");
            reason
        }
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

fn bad_triangle_soups_are_invalid_arguments() {
    // Checked before the device is touched, so this runs on every machine.
    let reason = invalid_argument(forge_runtime::backend::wgpu::check_triangle_soup(&[]));
    assert!(reason.contains("empty"), "{reason}");
    let reason = invalid_argument(forge_runtime::backend::wgpu::check_triangle_soup(&[0.0; 10]));
    assert!(reason.contains("10 floats") && reason.contains("1 left over"), "{reason}");
    let mut soup = vec![0.0f32; 18];
    soup[13] = f32::NAN;
    let reason = invalid_argument(forge_runtime::backend::wgpu::check_triangle_soup(&soup));
    assert!(reason.contains("float 13 (triangle 1, vertex 1, y) is NaN"), "{reason}");
    soup[13] = f32::INFINITY;
    assert!(invalid_argument(forge_runtime::backend::wgpu::check_triangle_soup(&soup)).contains("inf"));
    assert_eq!(forge_runtime::backend::wgpu::check_triangle_soup(&procedural_scene(12)).ok(), Some(360));
}

fn the_context_refuses_bad_triangle_soups() {
    let _serial = serial();
    let ctx = context();
    // Same answers through the context, whether or not it has ray queries.
    invalid_argument(ctx.build_triangle_scene(&[]));
    invalid_argument(ctx.build_triangle_scene(&[1.0; 8]));
    invalid_argument(ctx.build_triangle_scene(&[f32::NAN; 9]));
}

fn scene_without_ray_query_is_unsupported() {
    let _serial = serial();
    let ctx = context();
    // A device created without the feature (what `from_device` gets from a host that did not
    // ask for it), on the same adapter as the default context.
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()));
    let Some(adapter) = adapters.into_iter().find(|a| a.get_info().name == ctx.adapter().name) else {
        panic!("adapter {} vanished", ctx.adapter());
    };
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor::default()))
        .unwrap_or_else(|e| panic!("request_device: {e}"));
    let bare = WgpuComputeContext::from_device(device, queue, &adapter.get_info(), 1 << 16).unwrap();
    assert!(!bare.supports_ray_query());
    let triangle = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0];
    match bare.build_triangle_scene(&triangle) {
        Err(e @ Error::Unsupported { .. }) => {
            let msg = e.to_string();
            assert!(msg.contains("EXPERIMENTAL_RAY_QUERY"), "{msg}");
            println!("as expected: {msg}");
        }
        other => panic!("expected Unsupported, got {other:?}"),
    }
    if !ctx.supports_ray_query() {
        assert!(matches!(ctx.build_triangle_scene(&triangle), Err(Error::Unsupported { .. })));
    }
}

fn triangle_scene_builds_and_binds() {
    let _serial = serial();
    let mut ctx = context();
    println!("adapter: {}", ctx.adapter());
    // One triangle facing the camera: the pixel grid's middle rows hit it, the corners miss.
    let params = Params::view(16, 12);
    let big = [-50.0, 0.0, -50.0, 50.0, 0.0, -50.0, 0.0, 0.0, 60.0];
    let image = render_gpu(&mut ctx, &params, &big).unwrap();
    let cpu = render_cpu(&params, &big);
    assert_eq!(image.len(), 16 * 12);
    assert!(image.iter().any(|&v| v > 0.0) && image.contains(&0.0), "{image:?}");
    for (i, (g, c)) in image.iter().zip(&cpu.image).enumerate() {
        assert!((g - c).abs() <= 1e-4 || cpu.ambiguous[i], "pixel {i}: gpu {g} cpu {c}");
    }
    // The device is still healthy after the scene is dropped with its bind group.
    let again = render_gpu(&mut ctx, &params, &big).unwrap();
    assert_eq!(again, image);
}

/// Visibility of 360 triangles (a ground grid and six boxes, one floating) at 96×64, with hard
/// shadows, against the CPU reference. Tolerance: |gpu − cpu| ≤ 1e-4 per pixel (the kernel's
/// `normalize` and fused multiply-adds differ from the CPU's f32 in the last bits), except on
/// pixels whose primary or shadow ray passes within 1e-4 (barycentric) of a triangle edge, ties
/// in depth, or starts at a surface: there lavapipe's intersection arithmetic (not
/// Möller–Trumbore) may decide hit/miss the other way. At most 8 such pixels may differ.
fn raycast_visibility_matches_cpu_reference() {
    const MAX_EDGE_PIXELS: usize = 8;
    let _serial = serial();
    let mut ctx = context();
    let vertices = procedural_scene(12);
    let params = Params::view(96, 64);
    let started = std::time::Instant::now();
    let gpu = render_gpu(&mut ctx, &params, &vertices).unwrap();
    let gpu_time = started.elapsed();
    let started = std::time::Instant::now();
    let cpu = render_cpu(&params, &vertices);
    let cpu_time = started.elapsed();
    let (mut misses, mut lit, mut shadowed) = (0, 0, 0);
    for &v in &cpu.image {
        if v == 0.0 {
            misses += 1;
        } else if v == raycast::AMBIENT {
            shadowed += 1;
        } else {
            lit += 1;
        }
    }
    let ambiguous = cpu.ambiguous.iter().filter(|&&a| a).count();
    println!(
        "{} triangles, {}x{}: {misses} sky, {shadowed} shadowed, {lit} lit, {ambiguous} ambiguous; gpu {gpu_time:?}, cpu {cpu_time:?}",
        vertices.len() / 9,
        params.width,
        params.height
    );
    // The scene must exercise every case, or the comparison proves little.
    assert!(misses > 100 && shadowed > 100 && lit > 1000, "degenerate view");
    let mut differing = Vec::new();
    let mut max_close = 0.0f32;
    for (i, (g, c)) in gpu.iter().zip(&cpu.image).enumerate() {
        if (g - c).abs() <= 1e-4 {
            max_close = max_close.max((g - c).abs());
        } else {
            assert!(cpu.ambiguous[i], "pixel ({}, {}): gpu {g} cpu {c}, not near any edge", i % 96, i / 96);
            differing.push((i % 96, i / 96, *g, *c));
        }
    }
    println!("max |gpu - cpu| elsewhere {max_close:e}; differing (all on edges): {differing:?}");
    if let Some(dir) = std::env::var_os("FORGE_RAYCAST_OUT") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::write(dir.join("raycast_gpu.pgm"), raycast::to_pgm(&gpu, params.width, params.height)).unwrap();
        std::fs::write(dir.join("raycast_cpu.pgm"), raycast::to_pgm(&cpu.image, params.width, params.height)).unwrap();
    }
    assert!(differing.len() <= MAX_EDGE_PIXELS, "{} edge pixels differ: {differing:?}", differing.len());
}
