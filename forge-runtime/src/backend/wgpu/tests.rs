//! Device tests of the wgpu backend (run on whatever adapter exists; skipped without one).

use super::*;
use crate::error::Error;
use crate::memory::{BindingUsage, BufferView};

/// One test's device at a time: each test builds its own context (capacities differ), and
/// building and dropping several devices from parallel threads is not what we test here (on
/// the H200's Vulkan driver it once hung a test process).
pub(crate) fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn ctx(capacity: usize) -> Option<(std::sync::MutexGuard<'static, ()>, WgpuComputeContext)> {
    let guard = serial();
    match WgpuComputeContext::new(capacity) {
        Ok(c) => Some((guard, c)),
        Err(e) => {
            println!("skipped: no wgpu adapter: {e}");
            None
        }
    }
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

const SCALE_WGSL: &str = "@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(64)
fn scale(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i < arrayLength(&out)) { out[i] = a[i] * 2.0 + 1.0; }
}
";

fn inputs(n: usize) -> Vec<f32> {
    (0..n).map(|i| ((i * 7919 % 1000) as f32) * 0.013 - 3.7).collect()
}

#[test]
fn scale_kernel_runs_in_one_submission() {
    let Some((_serial, mut c)) = ctx(1 << 20) else { return };
    println!("adapter: {} / timestamps: {} (period {} ns)", c.adapter, c.timestamp_supported, c.timestamp_period_ns);
    let n = 1000;
    let a = inputs(n);
    let a_view = c.allocate_and_write(&f32_bytes(&a), 0, 0, BindingUsage::StorageRead).unwrap();
    let out = c.allocate_and_write(&f32_bytes(&vec![f32::NAN; n]), 1, 0, BindingUsage::StorageReadWrite).unwrap();
    assert_eq!(a_view.offset % 256, 0);
    let pipeline = c.compile_pipeline_cached(SCALE_WGSL, "scale").unwrap();
    let bg = c.create_compute_bind_group(&pipeline, &[a_view, out]).unwrap();
    let before = c.submission_count();
    let pass = GraphPass::Dispatch {
        label: "scale".into(),
        pipeline,
        bind_group: bg,
        workgroups: [(n as u32).div_ceil(64), 1, 1],
    };
    let run = c.submit_graph_readback(&[pass.clone(), pass], &[out, a_view]).unwrap();
    assert_eq!(c.submission_count(), before + 1);
    assert_eq!(run.readback.len(), 2);
    let got: Vec<f32> = run.readback[0].chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    for (i, (g, x)) in got.iter().zip(&a).enumerate() {
        assert_eq!(*g, x * 2.0 + 1.0, "element {i}");
    }
    assert_eq!(run.readback[1], f32_bytes(&a));
    match &run.pass_ns {
        Some(ns) => {
            assert_eq!(ns.len(), 2);
            println!("timestamps: per-pass ns {ns:?}");
        }
        None => assert!(!c.timestamp_supported),
    }
    assert_eq!(c.read_buffer_f32(&out).unwrap(), got);
}

#[test]
fn second_compile_hits_the_cache() {
    let Some((_serial, c)) = ctx(4096) else { return };
    c.compile_pipeline_cached(SCALE_WGSL, "scale").unwrap();
    c.compile_pipeline_cached(SCALE_WGSL, "scale").unwrap();
    assert_eq!(c.compilation_count(), 1);
    assert_eq!(c.cached_pipeline_count(), 1);
    assert!(matches!(c.compile_pipeline_spirv(&[0, 0, 0, 0], "main"), Err(Error::ShaderCompile { .. })));
}

#[test]
fn broken_wgsl_is_a_shader_compile_error() {
    let Some((_serial, c)) = ctx(4096) else { return };
    let bad = "@compute @workgroup_size(1) fn main() { let x: f32 = 1u + ; }";
    match c.compile_pipeline_cached(bad, "main") {
        Err(Error::ShaderCompile { entry, log }) => {
            assert_eq!(entry, "main");
            assert!(log.contains("expected"), "{log}");
            println!("naga says:\n{log}");
        }
        other => panic!("expected ShaderCompile, got {other:?}"),
    }
    let invalid = "@compute @workgroup_size(1) fn main() { let x: f32 = 1u; }";
    assert!(matches!(c.compile_pipeline(invalid, "main"), Err(Error::ShaderCompile { .. })));
    assert!(matches!(c.compile_pipeline(SCALE_WGSL, "nope"), Err(Error::ShaderCompile { .. })));
    assert_eq!(c.cached_pipeline_count(), 0);
    // A bind group that does not match the shader is an error too, not a panic.
    let p = c.compile_pipeline(SCALE_WGSL, "scale").unwrap();
    let v = BufferView { offset: 0, size: 4, binding: 7, group: 0, usage: BindingUsage::StorageRead };
    assert!(c.create_compute_bind_group(&p, &[v]).is_err());
}

#[test]
fn weight_slab_growth_keeps_earlier_weights() {
    let Some((_serial, mut c)) = ctx(256) else { return };
    let w0 = inputs(50);
    let v0 = c.allocate_weight(&f32_bytes(&w0), 0, 0).unwrap();
    let g0 = c.generation();
    let w1 = inputs(3000);
    let v1 = c.allocate_weight(&f32_bytes(&w1), 1, 0).unwrap();
    assert!(c.generation() > g0);
    assert!(c.weight_slab.size() >= v1.offset + v1.size);
    assert_eq!(c.read_buffer_f32(&v0).unwrap(), w0);
    assert_eq!(c.read_buffer_f32(&v1).unwrap(), w1);
    assert_eq!(c.resident_weight_bytes(), 256 + 12032);
    c.clear_weights();
    assert_eq!(c.resident_weight_bytes(), 0);
    // State: zero-filled, growable, writable.
    let s0 = c.allocate_state(10, 0, 0).unwrap();
    assert_eq!(s0.size, 12);
    c.write_view(&s0, &[1, 2, 3, 4, 5]).unwrap();
    let s1 = c.allocate_state(4096, 1, 0).unwrap();
    assert_eq!(c.read_buffer(&s0).unwrap(), vec![1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0]);
    assert!(c.read_buffer(&s1).unwrap().iter().all(|b| *b == 0));
    assert!(c.write_view(&s0, &[0; 13]).is_err());
}

#[test]
fn limits_and_reserve() {
    let Some((_serial, mut c)) = ctx(256) else { return };
    let limit = c.constraints.max_storage_buffer_binding_size;
    match c.allocate_transient(limit as usize + 4, 3, 0, BindingUsage::StorageReadWrite) {
        Err(Error::OverLimit { binding, what, .. }) => {
            assert_eq!((binding.as_str(), what), ("binding 3", "one storage binding"))
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(c.allocate_transient(512, 0, 0, BindingUsage::StorageRead), Err(Error::OutOfMemory(_))));
    let z = c.allocate_transient(0, 0, 0, BindingUsage::StorageRead).unwrap();
    assert_eq!(z.size, 4);
    assert!(c.reserve_transient(1 << 16, 1 << 16).is_err(), "live allocations");
    c.clear_transient_allocations();
    let g = c.generation();
    c.reserve_transient(1 << 16, 1 << 12).unwrap();
    assert_eq!(c.generation(), g + 2);
    assert_eq!(c.slab.size(), 1 << 16);
    assert!(matches!(c.reserve_transient(c.constraints.max_buffer_size + 256, 0), Err(Error::OverLimit { .. })));
    c.clear_transient_allocations();
    let too_big = c.max_uniform_binding as usize + 4;
    match c.allocate_transient(too_big, 5, 0, BindingUsage::Uniform) {
        Err(Error::OverLimit { what, .. }) => assert_eq!(what, "one uniform binding"),
        other => panic!("{other:?}"),
    }
}

const TWO_RW_WGSL: &str = "@group(0) @binding(0) var<storage, read_write> a: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(64)
fn twice(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i < arrayLength(&out)) { out[i] = a[i] * 2.0 + 1.0; }
}
";

#[test]
fn one_buffer_bound_read_write_twice_validates() {
    let Some((_serial, mut c)) = ctx(1 << 16) else { return };
    let n = 300;
    let a = inputs(n);
    let temp = c.allocate_and_write(&f32_bytes(&a), 0, 0, BindingUsage::StorageReadWrite).unwrap();
    let out = c.allocate_and_write(&f32_bytes(&vec![f32::NAN; n]), 1, 0, BindingUsage::StorageReadWrite).unwrap();
    let p = c.compile_pipeline_cached(TWO_RW_WGSL, "twice").unwrap();
    let bg = c.create_compute_bind_group(&p, &[temp, out]);
    println!("double read_write bind group: {:?}", bg.as_ref().map(|_| "ok"));
    let bg = bg.unwrap();
    let pass = GraphPass::Dispatch { label: "twice".into(), pipeline: p, bind_group: bg, workgroups: [5, 1, 1] };
    let run = c.submit_graph_readback(&[pass], &[out]);
    println!("double read_write dispatch: {:?}", run.as_ref().map(|_| "ok"));
    let run = run.unwrap();
    let got: Vec<f32> = run.readback[0].chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    assert_eq!(got, a.iter().map(|x| x * 2.0 + 1.0).collect::<Vec<_>>());
}

#[test]
fn copies_within_and_across_slabs_in_one_submission() {
    let Some((_serial, mut c)) = ctx(1 << 16) else { return };
    let a = inputs(100);
    let src = c.allocate_and_write(&f32_bytes(&a), 0, 0, BindingUsage::StorageReadWrite).unwrap();
    let same = c.allocate_transient(400, 1, 0, BindingUsage::StorageReadWrite).unwrap();
    let other = c.allocate_transient(400, 2, 0, BindingUsage::StorageRead).unwrap();
    let before = c.submission_count();
    let passes = [GraphPass::Copy { src, dst: same }, GraphPass::Copy { src: same, dst: other }];
    let run = c.submit_graph_readback(&passes, &[same, other]).unwrap();
    assert_eq!(c.submission_count(), before + 1);
    assert_eq!(run.readback[0], f32_bytes(&a));
    assert_eq!(run.readback[1], f32_bytes(&a));
    assert!(c.copy_view(&src, &src).is_err(), "overlapping copy");
}

#[test]
fn read_only_and_read_write_of_one_buffer_is_an_error_not_a_panic() {
    let Some((_serial, mut c)) = ctx(1 << 16) else { return };
    let a = c.allocate_and_write(&f32_bytes(&inputs(64)), 0, 0, BindingUsage::StorageReadWrite).unwrap();
    let out = c.allocate_transient(256, 1, 0, BindingUsage::StorageReadWrite).unwrap();
    let p = c.compile_pipeline_cached(SCALE_WGSL, "scale").unwrap();
    // `a` is declared read-only in the shader but lives in out_slab, like `out`.
    let bg = c.create_compute_bind_group(&p, &[a, out]).unwrap();
    let pass =
        GraphPass::Dispatch { label: "conflict".into(), pipeline: p.clone(), bind_group: bg, workgroups: [1, 1, 1] };
    let err = c.submit_graph(&[pass]).unwrap_err();
    println!("read-only + read-write of one buffer: {err}");
    assert!(matches!(err, Error::Wgpu { .. }), "{err:?}");
    // Over-limit dispatches are validation errors too; the context stays usable afterwards.
    let a = c.allocate_and_write(&f32_bytes(&inputs(64)), 0, 0, BindingUsage::StorageRead).unwrap();
    let bg = c.create_compute_bind_group(&p, &[a, out]).unwrap();
    let too_big = c.constraints.max_compute_workgroups_per_dimension + 1;
    let pass = GraphPass::Dispatch {
        label: "big".into(),
        pipeline: p.clone(),
        bind_group: bg.clone(),
        workgroups: [too_big, 1, 1],
    };
    assert!(c.submit_graph(&[pass]).is_err());
    let pass = GraphPass::Dispatch { label: "ok".into(), pipeline: p, bind_group: bg, workgroups: [1, 1, 1] };
    let run = c.submit_graph_readback(&[pass], &[out]).unwrap();
    assert_eq!(run.readback[0].len(), 256);
}

/// Runs a graph source on the CPU and on wgpu with the same random weights and inputs; returns
/// every output from both.
/// An output's name with its CPU and wgpu values.
type Outputs = Vec<(String, Vec<f32>, Vec<f32>)>;

fn both(src: &str, dims: &[usize], seed: u64) -> Option<Outputs> {
    use crate::host::HostSlice;
    use crate::instance::GraphInstance;
    let (_guard, wctx) = ctx(1 << 20)?;
    let wgpu = crate::backend::Context::from_wgpu(wctx);
    let cpu = crate::backend::Context::cpu();
    let mut a = GraphInstance::from_source(&cpu, src, dims).unwrap();
    let mut b = GraphInstance::from_source(&wgpu, src, dims).unwrap();
    let plan = a.plan().clone();
    let mut rng = fastrand::Rng::with_seed(seed);
    let data: Vec<(std::string::String, crate::ir::BufferRole, Vec<u8>)> = plan
        .buffers
        .iter()
        .filter(|buf| matches!(buf.role, crate::ir::BufferRole::Input | crate::ir::BufferRole::Weight))
        .map(|buf| {
            let bytes: Vec<u8> = match buf.elem {
                crate::elem::Elem::U32 => (0..buf.len).flat_map(|_| rng.u32(0..7).to_le_bytes()).collect(),
                _ => (0..buf.len).flat_map(|_| (rng.f32() * 2.0 - 1.0).to_le_bytes()).collect(),
            };
            (buf.name.clone(), buf.role, bytes)
        })
        .collect();
    let slices = |role| -> Vec<(&str, HostSlice<'_>)> {
        data.iter()
            .filter(|(_, r, _)| *r == role)
            .map(|(n, _, b)| {
                let elem = plan.buffer(n).map(|(_, p)| p.elem).unwrap_or(crate::elem::Elem::F32);
                (n.as_ref(), HostSlice::from_bytes(elem, b.len() / 4, b).unwrap())
            })
            .collect()
    };
    a.load_weights(&slices(crate::ir::BufferRole::Weight)).unwrap();
    b.load_weights(&slices(crate::ir::BufferRole::Weight)).unwrap();
    let oa = a.run(&slices(crate::ir::BufferRole::Input), &[]).unwrap();
    let ob = b.run(&slices(crate::ir::BufferRole::Input), &[]).unwrap();
    let as_f32 = |v: &crate::host::HostVec| -> Vec<f32> {
        match v.elem() {
            crate::elem::Elem::U32 => v.to_vec::<u32>("").unwrap().into_iter().map(|x| x as f32).collect(),
            _ => v.to_vec::<f32>("").unwrap(),
        }
    };
    Some(oa.iter().zip(&ob).map(|((n, x), (_, y))| (n.clone(), as_f32(x), as_f32(y))).collect())
}

#[test]
fn graphs_match_the_cpu_reference() {
    for (src, dims) in [
        (crate::plan::tests::MLP, vec![3, 40, 24]),
        (crate::plan::tests::MLP, vec![20, 33, 17]),
        (crate::plan::tests::BERT, vec![2, 5, 8, 2, 4, 16, 3, 11, 7]),
    ] {
        let Some(outs) = both(src, &dims, 7) else { return };
        for (name, cpu, gpu) in outs {
            for (i, (c, g)) in cpu.iter().zip(&gpu).enumerate() {
                assert!((c - g).abs() <= 1e-4 * c.abs().max(1.0), "{name}[{i}] {dims:?}: cpu {c}, wgpu {g}");
            }
        }
    }
}
