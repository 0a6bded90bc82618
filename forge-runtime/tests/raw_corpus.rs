//! Every corpus kernel runs on random non-zero inputs through wgpu (lavapipe here) and through the
//! interpreter; every writable storage buffer must agree (integers exactly, floats within the
//! kernel's tolerance). Outputs start poisoned with 0xDEADBEEF.

#[path = "raw/support/gpu.rs"]
mod gpu;
#[path = "raw/support/kernel.rs"]
mod kernel;
#[path = "raw/support/scene_gpu.rs"]
mod scene_gpu;
#[path = "raw/support/spec.rs"]
mod spec;

use forge_runtime::raw::BindingKind;

fn run_corpus(name: &str) {
    let (src, module, _info, k, spec) = kernel::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let items = kernel::inputs(name, &spec);
    let cpu =
        kernel::run_interp(&module, &k, &items, spec.dispatch).unwrap_or_else(|e| panic!("{name}: interpreter: {e}"));
    let Some(gpu) = gpu::gpu() else {
        if std::env::var("FORGE_REQUIRE_WGPU").as_deref() == Ok("1") {
            panic!("{name}: no wgpu adapter and FORGE_REQUIRE_WGPU=1");
        }
        eprintln!("{name}: skipped the wgpu comparison: no adapter");
        return;
    };
    let g = gpu.lock().unwrap_or_else(|p| p.into_inner());
    if k.uses_ray_queries && !g.ray_query {
        eprintln!("{name}: skipped the wgpu comparison: adapter has no ray queries");
        return;
    }
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

macro_rules! corpus {
    ($($name:ident),* $(,)?) => {
        $( #[test] fn $name() { run_corpus(stringify!($name)); } )*
        const NAMES: &[&str] = &[$(stringify!($name)),*];
    };
}

corpus!(
    map_saxpy,
    grid_stride,
    reduce_tree,
    histogram_atomic,
    uniform_struct,
    vec_math,
    helper_functions,
    switch_case,
    nested_loops,
    int_div_zero,
    float_to_int,
    oob_policy,
    builtins_ids,
    bit_ops,
    transcendental,
    atomics_all,
    struct_storage,
    select_bool,
    prefix_scan,
    uniform_load,
    vec_int_ops,
    matvec_tiled,
    private_const,
    rounding,
    inverse_trig,
    ray_query,
    barrier_in_helper,
    matrix_data,
    control_mix,
);

#[test]
fn every_corpus_file_has_a_test() {
    let mut files: Vec<String> = std::fs::read_dir(kernel::corpus_dir())
        .unwrap()
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
        .collect();
    files.sort();
    for f in &files {
        assert!(NAMES.contains(&f.as_str()), "tests/corpus/{f}.wgsl has no test in corpus.rs");
    }
    assert!(files.len() >= 20);
}

#[test]
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
