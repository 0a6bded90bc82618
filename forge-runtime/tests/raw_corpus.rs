//! Every corpus kernel runs on random non-zero inputs through wgpu (lavapipe here) and through the
//! interpreter; every writable storage buffer must agree (integers exactly, floats within the
//! kernel's tolerance). Outputs start poisoned with 0xDEADBEEF. Without an adapter (or, for the
//! ray-query kernel, without ray queries) a kernel's test shows as ignored, with the reason
//! printed (failed with `FORGE_REQUIRE_WGPU=1` / `FORGE_REQUIRE_RAY_QUERY=1`).

#[path = "raw/support/gpu.rs"]
mod gpu;
#[path = "raw/support/kernel.rs"]
mod kernel;
#[path = "raw/support/scene_gpu.rs"]
mod scene_gpu;
#[path = "raw/support/spec.rs"]
mod spec;
#[path = "support/trials.rs"]
mod trials;

use forge_runtime::raw::BindingKind;
use trials::Need;

fn main() {
    let (wgpu, gpu) = Need::probe("wgpu", gpu::gpu(), &["FORGE_REQUIRE_WGPU", "FORGE_REQUIRE_RAY_QUERY"]);
    let ray_query = match gpu {
        Some(g) => {
            let g = g.lock().unwrap_or_else(|p| p.into_inner());
            let has = g.ray_query.then_some(()).ok_or(format!("adapter {} has no ray queries", g.adapter_name));
            Need::probe("ray queries", has, &["FORGE_REQUIRE_RAY_QUERY"]).0
        }
        None => wgpu.clone(),
    };
    let mut tests: Vec<_> = NAMES
        .iter()
        .map(|&name| {
            // A kernel that does not load fails in its own trial.
            let rays = kernel::load(name).is_ok_and(|(.., k, _)| k.uses_ray_queries);
            let need = if rays { &ray_query } else { &wgpu };
            trials::trial(name, need, move || run_corpus(name))
        })
        .collect();
    tests.push(trials::trial("every_corpus_file_has_a_test", &Need::none(), every_corpus_file_has_a_test));
    tests.push(trials::trial("ray_query_corpus_is_not_trivial", &Need::none(), ray_query_corpus_is_not_trivial));
    trials::run_all(tests)
}

fn run_corpus(name: &str) {
    let (src, module, _info, k, spec) = kernel::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let items = kernel::inputs(name, &spec);
    let cpu =
        kernel::run_interp(&module, &k, &items, spec.dispatch).unwrap_or_else(|e| panic!("{name}: interpreter: {e}"));
    let gpu = gpu::gpu().unwrap_or_else(|e| panic!("the probed adapter is gone: {e}"));
    let g = gpu.lock().unwrap_or_else(|p| p.into_inner());
    let bindings: Vec<gpu::GpuBinding> = items
        .iter()
        .map(|(b, bytes, elem, scene)| match (elem, scene) {
            (_, Some(t)) => gpu::GpuBinding::Scene { binding: *b, triangles: t.clone() },
            (Some(_), _) => gpu::GpuBinding::Storage { binding: *b, bytes: bytes.clone(), read_only: false },
            (None, _) => gpu::GpuBinding::Uniform { binding: *b, bytes: bytes.clone() },
        })
        .collect();
    let out = g.run(&src, &spec.entry, &bindings, spec.dispatch).unwrap_or_else(|e| panic!("{name}: wgpu: {e}"));
    let mut failures = Vec::new();
    let mut compared = 0;
    for kb in &k.bindings {
        let BindingKind::Storage { read_write: true, .. } = kb.kind else {
            continue;
        };
        let i = items.iter().position(|it| it.0 == kb.binding).unwrap();
        let (Some(elem), Some(g)) = (items[i].2, out[i].as_ref()) else {
            continue;
        };
        compared += 1;
        if let Err(e) = spec::compare(elem, g, &cpu[i], spec.tol) {
            failures.push(format!("binding {} `{}`: {e}", kb.binding, kb.name));
        }
    }
    assert!(compared > 0, "{name}: no writable buffer to compare");
    assert!(failures.is_empty(), "{name}: wgpu and interpreter disagree:\n{}", failures.join("\n"));
}

/// Every corpus kernel, each one trial.
const NAMES: &[&str] = &[
    "map_saxpy",
    "grid_stride",
    "reduce_tree",
    "histogram_atomic",
    "uniform_struct",
    "vec_math",
    "helper_functions",
    "switch_case",
    "nested_loops",
    "int_div_zero",
    "float_to_int",
    "oob_policy",
    "builtins_ids",
    "bit_ops",
    "transcendental",
    "atomics_all",
    "struct_storage",
    "select_bool",
    "prefix_scan",
    "uniform_load",
    "vec_int_ops",
    "matvec_tiled",
    "private_const",
    "rounding",
    "inverse_trig",
    "ray_query",
    "barrier_in_helper",
    "matrix_data",
    "control_mix",
];

fn every_corpus_file_has_a_test() {
    let mut files: Vec<String> = std::fs::read_dir(kernel::corpus_dir())
        .unwrap()
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
        .collect();
    files.sort();
    for f in &files {
        assert!(NAMES.contains(&f.as_str()), "tests/corpus/{f}.wgsl has no entry in NAMES (raw_corpus.rs)");
    }
    assert!(files.len() >= 20);
}

fn ray_query_corpus_is_not_trivial() {
    // The scene must give the comparison something to compare: hits, misses, both faces.
    let (_src, module, _info, k, spec) = kernel::load("ray_query").unwrap();
    let items = kernel::inputs("ray_query", &spec);
    let out = kernel::run_interp(&module, &k, &items, spec.dispatch).unwrap();
    let o: Vec<f32> = out[2].chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
    let rays = o.len() / 8;
    let hits = (0..rays).filter(|i| o[8 * i] == 1.0).count();
    let front = (0..rays).filter(|i| o[8 * i + 5] == 1.0).count();
    eprintln!("{hits} hits of {rays} rays, {front} front faces");
    assert!(hits > rays / 4 && hits < rays && front > 0 && front < hits);
}
