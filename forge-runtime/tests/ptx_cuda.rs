//! Runs every plan of the shared test graphs on CUDA (PTX from `lower::ptx`) and compares
//! each written buffer with the CPU reference. Skips with a message when no CUDA driver or
//! device is present. Run: `cargo test -p forge-runtime --no-default-features --features cuda --test ptx_cuda`.
#![cfg(feature = "cuda")]

#[path = "support/graphs.rs"]
mod graphs;

use forge_runtime::backend::cpu;
use forge_runtime::backend::cuda::{run_plan, CudaComputeContext, CudaPipeline, PlanRun};
use forge_runtime::elem::Elem;
use forge_runtime::ir::{BufferRole, Plan, Schedule};
use forge_runtime::{BindingUsage, Error};

fn context() -> Option<CudaComputeContext> {
    match CudaComputeContext::new(0, 256 << 20) {
        Ok(c) => {
            println!("CUDA device: {} ({})", c.device_name(), c.arch());
            Some(c)
        }
        Err(e @ (Error::BackendUnavailable { .. } | Error::NoBackend(_))) => {
            println!("skipped: no CUDA device: {e}");
            None
        }
        Err(e) => panic!("CUDA context failed: {e}"),
    }
}

/// Compares every buffer a kernel wrote; returns one line per mismatching buffer.
fn compare(plan: &Plan, what: &str, got: &[Vec<f64>], want: &[Vec<f64>]) -> Vec<String> {
    let mut bad = Vec::new();
    for (id, b) in plan.buffers.iter().enumerate() {
        if matches!(b.role, BufferRole::Input | BufferRole::Weight) {
            continue;
        }
        let (rtol, atol) = match b.elem {
            Elem::F32 => (1e-4, 1e-5),
            Elem::F16 => (2e-3, 1e-3),
            Elem::I32 | Elem::U32 => (0.0, 0.0),
        };
        let mut worst: Option<(usize, f64, f64)> = None;
        let mut count = 0;
        for (i, (&g, &w)) in got[id].iter().zip(&want[id]).enumerate() {
            let ok = if w.is_nan() { g.is_nan() } else { (g - w).abs() <= atol + rtol * w.abs() };
            if !ok {
                count += 1;
                worst.get_or_insert((i, g, w));
            }
        }
        if let Some((i, g, w)) = worst {
            bad.push(format!(
                "{what}: buffer `{}` ({}, {:?}): {count} of {} differ; first at {i}: gpu {g} cpu {w}",
                b.name, b.elem, b.shape, b.len
            ));
        }
    }
    bad
}

#[test]
fn every_plan_matches_the_cpu_reference() {
    let Some(ctx) = context() else { return };
    let mut failures = Vec::new();
    let mut kernels = 0;
    for (name, src, dim_sets) in graphs::cases() {
        for dims in dim_sets {
            let plan = graphs::plan(src, &dims);
            let uniforms = graphs::uniforms(&plan);
            let mut want = graphs::memory(&plan, 7);
            cpu::run_plan(&plan, &mut want, &uniforms).expect("cpu run");
            for mode in [PlanRun::Direct, PlanRun::Captured, PlanRun::GridCap(2)] {
                let mut got = graphs::memory(&plan, 7);
                match run_plan(&ctx, &plan, &mut got, &uniforms, mode) {
                    Ok(()) => failures.extend(compare(&plan, &format!("{name} {dims:?} {mode:?}"), &got, &want)),
                    Err(e) => failures.push(format!("{name} {dims:?} {mode:?}: {e}")),
                }
            }
            kernels += plan.kernels.len();
        }
    }
    println!("ran {kernels} kernels three times (direct, captured, grid capped at 2 blocks)");
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn raw_ptx_and_cuda_c_pipelines() {
    let Some(ctx) = context() else { return };
    // Hand-written PTX: y[i] = x[i] * 2 + 1.
    let ptx = format!(
        ".version 7.8\n.target {}\n.address_size 64\n.visible .entry axpb(.param .u64 x, .param .u64 y, .param .u64 n_unused)\n{{\n\
         .reg .pred %p<2>; .reg .f32 %f<3>; .reg .b32 %r<5>; .reg .b64 %rd<6>;\n\
         ld.param.u64 %rd1, [x]; ld.param.u64 %rd2, [y]; cvta.to.global.u64 %rd1, %rd1; cvta.to.global.u64 %rd2, %rd2;\n\
         mov.u32 %r1, %ctaid.x; mov.u32 %r2, %ntid.x; mov.u32 %r3, %tid.x; mad.lo.u32 %r4, %r1, %r2, %r3;\n\
         setp.ge.u32 %p1, %r4, 1000; @%p1 bra DONE;\n\
         mul.wide.u32 %rd3, %r4, 4; add.u64 %rd4, %rd1, %rd3; add.u64 %rd5, %rd2, %rd3;\n\
         ld.global.f32 %f1, [%rd4]; fma.rn.f32 %f2, %f1, 0f40000000, 0f3F800000; st.global.f32 [%rd5], %f2;\n\
         DONE: ret;\n}}\n",
        ctx.arch()
    );
    let x: Vec<f32> = (0..1000).map(|i| i as f32 * 0.5).collect();
    let xv = ctx.allocate_and_write(bytemuck::cast_slice(&x), 0, BindingUsage::StorageRead).unwrap();
    let yv = ctx.allocate_transient(4000, 1, BindingUsage::StorageReadWrite).unwrap();
    let nv = ctx.allocate_transient(4, 2, BindingUsage::StorageRead).unwrap();
    let p = CudaPipeline::compile_ptx(&ctx, &ptx, "axpb", &[0, 1, 2]).unwrap();
    let s = Schedule { workgroup: 128, items: 1 };
    p.dispatch_async(&[yv, nv, xv], &s, 1000).unwrap();
    let y = ctx.read_buffer_f32(&yv).unwrap();
    assert!(y.iter().zip(&x).all(|(y, x)| *y == x * 2.0 + 1.0));
    let ms = p.dispatch_gpu_timed_ms_sorted(&[xv, yv, nv], &s, 1000).unwrap();
    assert!(ms >= 0.0);
    p.dispatch_ptx(&[xv, yv, nv], (8, 1, 1), (128, 1, 1), 0).unwrap();
    ctx.synchronize().unwrap();
    // Broken PTX is an error with a log, not a panic.
    let e = CudaPipeline::compile_ptx(&ctx, ".version 7.8\n.target sm_80\nbogus;", "nope", &[])
        .err()
        .expect("bad PTX must fail");
    assert!(matches!(e, Error::ShaderCompile { .. }), "{e}");
    // A missing entry point too.
    assert!(CudaPipeline::compile_ptx(&ctx, &ptx, "missing", &[0]).is_err());
    // NVRTC, where the library exists.
    let src = "extern \"C\" __global__ void twice(const float* x, float* y) { unsigned i = blockIdx.x * blockDim.x + threadIdx.x; if (i < 1000) y[i] = 2.0f * x[i]; }";
    match CudaPipeline::compile_cuda_c_source_cached(&ctx, src, "twice", &[0, 1]) {
        Ok(p) => {
            p.dispatch_async(&[xv, yv], &s, 1000).unwrap();
            let y = ctx.read_buffer_f32(&yv).unwrap();
            assert!(y.iter().zip(&x).all(|(y, x)| *y == x * 2.0));
            let e = CudaPipeline::compile_cuda_c_source(&ctx, "__global__ void broken( {", "broken", &[])
                .err()
                .expect("must fail");
            assert!(matches!(e, Error::ShaderCompile { .. }), "{e}");
        }
        Err(e @ Error::BackendUnavailable { .. }) => println!("NVRTC part skipped: {e}"),
        Err(e) => panic!("NVRTC: {e}"),
    }
    ctx.clear_transient_allocations().unwrap();
}

#[test]
fn slab_accounting() {
    let Some(ctx) = context() else { return };
    let w = ctx.allocate_weight(&[1u8; 1000], 0).unwrap();
    assert_eq!(w.offset % 256, 0);
    assert!(ctx.resident_weight_bytes() >= 1000);
    assert_eq!(ctx.read_buffer(&w).unwrap(), vec![1u8; 1000]);
    ctx.clear_weights().unwrap();
    assert_eq!(ctx.resident_weight_bytes(), 0);
    assert!(matches!(ctx.allocate_transient(1 << 40, 0, BindingUsage::StorageReadWrite), Err(Error::OutOfMemory(_))));
}

#[test]
fn arenas_are_apart_from_the_slab() {
    let Some(ctx) = context() else { return };
    let arena = ctx.allocate_arena(1000).unwrap();
    assert_eq!(arena.size_bytes(), 1024);
    let v =
        forge_runtime::BufferView { offset: 256, size: 700, binding: 0, group: 0, usage: BindingUsage::StorageRead };
    ctx.fill_arena(&arena, &v, 7).unwrap();
    ctx.write_arena(&arena, &v, &[1u8; 300]).unwrap();
    let back = ctx.read_arena(&arena, &v).unwrap();
    assert_eq!(&back[..300], &[1u8; 300][..]);
    assert!(back[300..].iter().all(|&b| b == 7));
    assert_eq!(ctx.read_arena(&arena, &v.at(0, 1)).unwrap(), back);
    // Views outside the arena are errors, not device faults.
    let outside = forge_runtime::BufferView { offset: 768, ..v };
    assert!(ctx.read_arena(&arena, &outside).is_err());
    assert!(ctx.write_arena(&arena, &v, &[0u8; 701]).is_err());
    // The slab is untouched by arenas.
    assert_eq!(ctx.resident_weight_bytes(), 0);
    drop(arena);
    let e = ctx.allocate_arena(1 << 50).expect_err("1 PiB must not fit");
    assert!(matches!(e, Error::OutOfMemory(_)), "{e}");
}

#[test]
fn graph_instance_runs_on_cuda_like_on_cpu() {
    use forge_runtime::{Context, GraphInstance, HostSlice, Scalar};
    let cuda = match Context::cuda() {
        Ok(c) => c,
        Err(e) => {
            println!("skipped: no CUDA device: {e}");
            return;
        }
    };
    let (b, d, f) = (3usize, 33usize, 65usize);
    let mut rng = graphs::Rng::new(3);
    let mut v = |n: usize| (0..n).map(|_| rng.float() as f32).collect::<Vec<f32>>();
    let (x, g, wg, wu, wd) = (v(b * d), v(d), v(d * f), v(d * f), v(f * d));
    let mut outs = Vec::new();
    for ctx in [cuda, Context::cpu()] {
        let mut inst = GraphInstance::from_source(&ctx, graphs::MLP, &[b, d, f]).expect("instance");
        inst.load_weights(&[
            ("g", HostSlice::of(&g)),
            ("w_gate", HostSlice::of(&wg)),
            ("w_up", HostSlice::of(&wu)),
            ("w_down", HostSlice::of(&wd)),
        ])
        .expect("weights");
        let out = inst.run(&[("x", HostSlice::of(&x))], &[("eps", Scalar::F32(1e-5))]).expect("run");
        outs.push(out[0].1.to_vec::<f32>("y").expect("y"));
    }
    for (i, (a, c)) in outs[0].iter().zip(&outs[1]).enumerate() {
        assert!((a - c).abs() <= 1e-4 + 1e-4 * c.abs(), "y[{i}]: cuda {a} cpu {c}");
    }
}

#[test]
fn instances_own_their_memory_beyond_the_slab() {
    use forge_runtime::{Context, GraphInstance, HostSlice, Scalar};
    let cuda = match Context::cuda() {
        Ok(c) => c,
        Err(e) => {
            println!("skipped: no CUDA device: {e}");
            return;
        }
    };
    // 3 * 577 * 2561 f32 weights = 17.7 MB per instance: more than the context's 16 MiB slab,
    // twice over on one context. B = 3 runs the skinny matmul.
    let (b, d, f) = (3usize, 577usize, 2561usize);
    assert!(3 * d * f * 4 > forge_runtime::context::DEFAULT_SLAB_BYTES);
    let inputs = |seed: u64| {
        let mut rng = graphs::Rng::new(seed);
        let mut v = |n: usize| (0..n).map(|_| rng.float() as f32 * 0.1).collect::<Vec<f32>>();
        (v(b * d), v(d), v(d * f), v(d * f), v(f * d))
    };
    let build = |ctx: &Context, seed: u64| {
        let (_, g, wg, wu, wd) = inputs(seed);
        let mut inst = GraphInstance::from_source(ctx, graphs::MLP, &[b, d, f]).expect("instance");
        inst.load_weights(&[
            ("g", HostSlice::of(&g)),
            ("w_gate", HostSlice::of(&wg)),
            ("w_up", HostSlice::of(&wu)),
            ("w_down", HostSlice::of(&wd)),
        ])
        .expect("weights");
        inst
    };
    let run = |inst: &mut GraphInstance, seed: u64| {
        let x = inputs(seed).0;
        let out = inst.run(&[("x", HostSlice::of(&x))], &[("eps", Scalar::F32(1e-5))]).expect("run");
        out[0].1.to_vec::<f32>("y").expect("y")
    };
    let mut gpu = [build(&cuda, 11), build(&cuda, 12)];
    let cpu = Context::cpu();
    let want = [run(&mut build(&cpu, 11), 11), run(&mut build(&cpu, 12), 12)];
    // Interleaved, three runs each: the first times kernels, later ones capture and replay.
    for round in 0..3 {
        for (i, inst) in gpu.iter_mut().enumerate() {
            let got = run(inst, 11 + i as u64);
            for (j, (a, c)) in got.iter().zip(&want[i]).enumerate() {
                assert!((a - c).abs() <= 1e-4 + 1e-4 * c.abs(), "instance {i} round {round} y[{j}]: cuda {a} cpu {c}");
            }
        }
    }
    // Dropping one instance leaves the other intact.
    let [first, mut second] = gpu;
    drop(first);
    let got = run(&mut second, 12);
    assert!(got.iter().zip(&want[1]).all(|(a, c)| (a - c).abs() <= 1e-4 + 1e-4 * c.abs()));
}
