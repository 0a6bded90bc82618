//! Runtime behaviour on every backend: one submission per run (wgpu), large dispatches, state,
//! profiles and sources, errors on bad input (never panics), limits, graphs from text.

mod common;

use common::*;
use forge::prelude::*;
use forge::{GraphInstance, HostSlice, Scalar};

forge_graph! {
    graph Affine {
        dims { N }
        input   x: f32[N];
        weight  w: f32[N];
        uniform k: f32 = 3.0;
        temp    t: f32[N];
        output  y: f32[N];
        t = x * w;
        y = t * k + 1.0;
    }
}

fn a_run_is_one_submission_and_a_second_new_compiles_nothing(shared: &Context) {
    // Counters of a context of its own: other tests share `shared` concurrently.
    let own = if shared.kind() == BackendKind::Wgpu { Context::wgpu().unwrap() } else { shared.clone() };
    let ctx = &own;
    let n = 1000;
    let (x, w) = (rand_f32(n, 1.0, 1), rand_f32(n, 1.0, 2));
    let mut g = Affine::new(ctx, AffineDims { n }).unwrap();
    g.load_weights(AffineWeights { w: &w }).unwrap();
    g.run(AffineInputs { x: &x, k: 3.0 }).unwrap();
    let counts = ctx.with_wgpu(|c| (c.submission_count(), c.compilation_count()));
    let out = g.run(AffineInputs { x: &x, k: 3.0 }).unwrap();
    let want: Vec<f32> = x.iter().zip(&w).map(|(a, b)| a * b * 3.0 + 1.0).collect();
    assert_close("y", &out.y, &want, 1e-6, 1.0);
    if let Some((subs, compiled)) = counts {
        let subs_after = ctx.with_wgpu(|c| c.submission_count()).unwrap();
        assert_eq!(subs_after - subs, 1, "one graph run must be exactly one queue.submit");
        let _again = Affine::new(ctx, AffineDims { n }).unwrap();
        assert_eq!(ctx.with_wgpu(|c| c.compilation_count()).unwrap(), compiled, "a second `new` must compile nothing");
    }
}

forge_graph! {
    graph Wide {
        dims { N }
        input x: f32[N];
        output y: f32[N];
        #[schedule(workgroup = 1)]
        y = x * 2.0 + 1.0;
    }
}

fn dispatches_over_65535_workgroups_fold(ctx: &Context) {
    let n = 70_001;
    let x = rand_f32(n, 1.0, 3);
    let out = Wide::new(ctx, WideDims { n }).unwrap().run(WideInputs { x: &x }).unwrap();
    let want: Vec<f32> = x.iter().map(|v| v * 2.0 + 1.0).collect();
    assert_close("y", &out.y, &want, 1e-6, 1.0);
}

forge_graph! {
    graph Accumulate {
        dims { N }
        input x: f32[N];
        state acc: f32[N];
        output y: f32[N];
        acc = acc + x;
        y = acc * 2.0;
    }
}

fn state_persists_across_runs(ctx: &Context) {
    let n = 257;
    let x = rand_f32(n, 1.0, 4);
    let mut g = Accumulate::new(ctx, AccumulateDims { n }).unwrap();
    for _ in 0..3 {
        g.run(AccumulateInputs { x: &x }).unwrap();
    }
    let state = g.read_state().unwrap();
    let want: Vec<f32> = x.iter().map(|v| v * 3.0).collect();
    assert_close("acc", &state.acc, &want, 1e-6, 1.0);
    g.write_state(&AccumulateState { acc: vec![1.0; n] }).unwrap();
    let out = g.run(AccumulateInputs { x: &x }).unwrap();
    let want: Vec<f32> = x.iter().map(|v| (v + 1.0) * 2.0).collect();
    assert_close("y", &out.y, &want, 1e-6, 1.0);
}

/// A long run of one instance with everything that may change between runs in between: new
/// inputs each run, a state written and read, per-kernel profiling on then off. wgpu records
/// each run's commands during the run before (`WgpuOptions::record_ahead`), so every run must
/// still see its own inputs and the state as the last operation left it.
fn runs_see_their_own_inputs_and_state(ctx: &Context) {
    let n = 300;
    let mut g = Accumulate::new(ctx, AccumulateDims { n }).unwrap();
    let mut acc = vec![0.0f32; n];
    for run in 0..12u64 {
        match run {
            4 => {
                acc = rand_f32(n, 1.0, 70);
                g.write_state(&AccumulateState { acc: acc.clone() }).unwrap();
            }
            6 => g.instance_mut().set_kernel_profiling(true),
            8 => g.instance_mut().set_kernel_profiling(false),
            _ => {}
        }
        let x = rand_f32(n, 1.0, 80 + run);
        let out = g.run(AccumulateInputs { x: &x }).unwrap();
        acc.iter_mut().zip(&x).for_each(|(a, x)| *a += x);
        let want: Vec<f32> = acc.iter().map(|a| a * 2.0).collect();
        assert_close(&format!("run {run}"), &out.y, &want, 1e-5, 1.0);
        if run == 9 {
            assert_close("acc", &g.read_state().unwrap().acc, &acc, 1e-5, 1.0);
        }
    }
}

fn profile_and_source_name_every_node(ctx: &Context) {
    let n = 64;
    let mut g = Affine::new(ctx, AffineDims { n }).unwrap();
    assert!(g.last_profile().is_none());
    g.load_weights(AffineWeights { w: &rand_f32(n, 1.0, 6) }).unwrap();
    g.run(AffineInputs { x: &rand_f32(n, 1.0, 7), k: AffineInputs::DEFAULT_K }).unwrap();
    let p = g.last_profile().unwrap();
    // The two elementwise statements fuse into one kernel, which names both.
    assert_eq!(p.kernels.len(), 1);
    assert_eq!(p.kernels[0].node, "t = x * w; y = t * k + 1.0");
    assert!(!p.kernels[0].variant.is_empty());
    let first = p.clone();
    // A later run refreshes the profile in place: the same kernels, this run's times.
    g.instance_mut().set_kernel_profiling(true);
    g.run(AffineInputs { x: &rand_f32(n, 1.0, 8), k: AffineInputs::DEFAULT_K }).unwrap();
    let again = g.last_profile().unwrap();
    assert_eq!((&again.backend, again.kernels.len()), (&first.backend, 1));
    assert_eq!(
        (&again.kernels[0].node, &again.kernels[0].variant),
        (&first.kernels[0].node, &first.kernels[0].variant)
    );
    assert!(again.kernels[0].time.is_some() || ctx.kind() == BackendKind::Cpu, "{again:?}");
    let src = g.source(Target::Wgsl).unwrap().to_string();
    assert_eq!(src.matches("// node: ").count(), 1, "{src}");
    assert!(src.contains("// node: t = x * w; y = t * k + 1.0"));
    let cuda = g.source(Target::CudaC).unwrap().to_string();
    assert!(cuda.contains("extern \"C\" __global__"), "{cuda}");
}

fn bad_input_is_an_error_naming_the_binding(ctx: &Context) {
    let n = 10;
    let mut g = Affine::new(ctx, AffineDims { n }).unwrap();
    let x = rand_f32(n, 1.0, 8);
    match g.run(AffineInputs { x: &x, k: 1.0 }) {
        Err(Error::WeightsNotLoaded { binding }) => assert_eq!(binding, "w"),
        other => panic!("expected WeightsNotLoaded, got {other:?}"),
    }
    let short = vec![1.0f32; n - 1];
    match g.load_weights(AffineWeights { w: &short }) {
        Err(e @ Error::LengthMismatch { .. }) => {
            let msg = e.to_string();
            assert!(msg.contains("`w`") && msg.contains("expected 10") && msg.contains("got 9"), "{msg}");
        }
        other => panic!("expected LengthMismatch, got {other:?}"),
    }
    g.load_weights(AffineWeights { w: &x }).unwrap();
    assert!(matches!(g.run(AffineInputs { x: &short, k: 1.0 }), Err(Error::LengthMismatch { .. })));
    assert!(matches!(Affine::new(ctx, AffineDims { n: 0 }), Err(Error::InvalidDim { .. })));
    let inst = g.instance_mut();
    let dup = inst.run(&[("x", HostSlice::of(&x)), ("x", HostSlice::of(&x))], &[]);
    assert!(matches!(dup, Err(Error::DuplicateBinding { .. })), "{dup:?}");
    let wrong_type = inst.run(&[("x", HostSlice::of(&[1u32; 10]))], &[]);
    assert!(matches!(wrong_type, Err(Error::TypeMismatch { .. })), "{wrong_type:?}");
    let wrong_uniform = inst.run(&[("x", HostSlice::of(&x))], &[("k", Scalar::U32(1))]);
    assert!(matches!(wrong_uniform, Err(Error::TypeMismatch { .. })), "{wrong_uniform:?}");
}

fn dims_over_device_limits_are_errors(ctx: &Context) {
    if ctx.kind() != BackendKind::Cpu {
        // wgpu: 8 GiB of f32 per binding, over every adapter's binding limit. CUDA has no such
        // limit, and an H200 holds this graph's four bindings at every dim up to the dim limit
        // (2^32 - 1): ask past that one there.
        let cuda = ctx.kind() == BackendKind::Cuda;
        let n = if cuda { 1usize << 36 } else { 1usize << 31 };
        match Affine::new(ctx, AffineDims { n }) {
            Err(Error::OverLimit { binding, .. }) => assert_eq!(binding, "x"),
            Err(Error::InvalidDim { dim, .. }) if cuda => assert_eq!(dim, "N"),
            Err(Error::OutOfMemory(_)) => {}
            other => panic!("expected OverLimit, got {other:?}"),
        }
    }
    let huge = usize::MAX / 8;
    assert!(matches!(Affine::new(ctx, AffineDims { n: huge }), Err(Error::InvalidDim { .. } | Error::OutOfMemory(_))));
}

fn graphs_parse_from_text_at_run_time(ctx: &Context) {
    let src =
        "graph Saxpy { dims { N } input x: f32[N]; input y: f32[N]; uniform a: f32; output z: f32[N]; z = x * a + y; }";
    let mut g = GraphInstance::from_source(ctx, src, &[3]).unwrap();
    let (x, y) = ([1.0f32, 2.0, 3.0], [0.5f32, 0.5, 0.5]);
    let out = g.run(&[("x", HostSlice::of(&x)), ("y", HostSlice::of(&y))], &[("a", Scalar::F32(2.0))]).unwrap();
    assert_eq!(out[0].1.to_vec::<f32>("z").unwrap(), vec![2.5, 4.5, 6.5]);
    let bad = "graph Bad { dims { N } input x: f32[N]; output y: f32[M]; y = x; }";
    let err = GraphInstance::from_source(ctx, bad, &[3]).unwrap_err().to_string();
    assert!(err.contains("dim `M` is not declared"), "{err}");
    let err = GraphInstance::from_source(ctx, src, &[3, 4]).unwrap_err();
    assert!(matches!(err, Error::DimCount { expected: 1, actual: 2 }), "{err}");
}

forge_graph! {
    /// Heads split from a `[T, 3 * D]` projection (GPT-2's layout) through derived dims.
    graph Heads {
        dims { T, D, H, E = D / H, Q = 3 * D }
        input  qkv: f32[T, Q];
        output k: f32[H, T, E];
        output width: f32[H];
        k[h, t, e] = qkv[t, D + h * E + e] * (E as f32);
        width[h] = (Q - E) as f32 + h as f32;
    }
}

/// Derived dims take their values from the passed ones, in shapes, subscripts and as values.
fn derived_dims_split_heads(ctx: &Context) {
    let (t, d, h) = (5, 12, 3);
    let (e, q) = (d / h, 3 * d);
    let qkv = rand_f32(t * q, 1.0, 77);
    let mut g = Heads::new(ctx, HeadsDims { t, d, h }).unwrap();
    let out = g.run(HeadsInputs { qkv: &qkv }).unwrap();
    let want: Vec<f32> = (0..h * t * e)
        .map(|i| {
            let (hh, tt, ee) = (i / (t * e), i / e % t, i % e);
            qkv[tt * q + d + hh * e + ee] * e as f32
        })
        .collect();
    assert_eq!(out.k, want);
    assert_eq!(out.width, (0..h).map(|hh| (q - e + hh) as f32).collect::<Vec<_>>());
    let err = Heads::new(ctx, HeadsDims { t, d: 12, h: 5 }).unwrap_err();
    assert!(matches!(&err, Error::DerivedDim { dim, .. } if dim == "E"), "{err}");
    assert!(err.to_string().contains("12 / 5 is not whole"), "{err}");
}

/// Each run sees its own inputs and uniforms, whether they change or repeat (wgpu skips
/// rewriting uniforms equal to the last run's).
fn inputs_and_uniforms_change_between_runs(ctx: &Context) {
    let src = "graph Saxpy { dims { N } input x: f32[N]; input y: f32[N]; uniform a: f32; uniform b: f32 = 1.0; output z: f32[N]; z = x * a + y * b; }";
    let n = 1003;
    let mut g = GraphInstance::from_source(ctx, src, &[n]).unwrap();
    let (x1, x2) = (rand_f32(n, 1.0, 40), rand_f32(n, 1.0, 41));
    let y = rand_f32(n, 1.0, 42);
    let runs: [(&[f32], f32, Option<f32>); 5] =
        [(&x1, 2.0, None), (&x2, 2.0, None), (&x2, -0.5, None), (&x1, -0.5, Some(3.0)), (&x1, -0.5, None)];
    for (i, (x, a, b)) in runs.into_iter().enumerate() {
        let mut uniforms = vec![("a", Scalar::F32(a))];
        uniforms.extend(b.map(|b| ("b", Scalar::F32(b))));
        let out = g.run(&[("x", HostSlice::of(x)), ("y", HostSlice::of(&y))], &uniforms).unwrap();
        let want: Vec<f32> = x.iter().zip(&y).map(|(x, y)| x * a + y * b.unwrap_or(1.0)).collect();
        assert_close(&format!("run {i}"), &out[0].1.to_vec::<f32>("z").unwrap(), &want, 1e-6, 1.0);
    }
}

forge_graph! {
    /// A position table read for a prefix of its rows (checked at `new`).
    graph Prefix {
        dims { T, P, D }
        weight wpe: f32[P, D];
        output y: f32[T, D];
        y[t, d] = wpe[t, d] * 2.0;
    }
}

fn sub_ranges_are_checked_at_new(ctx: &Context) {
    let (t, p, d) = (3, 5, 4);
    let wpe = rand_f32(p * d, 1.0, 9);
    let mut g = Prefix::new(ctx, PrefixDims { t, p, d }).unwrap();
    g.load_weights(PrefixWeights { wpe: &wpe }).unwrap();
    let out = g.run(PrefixInputs {}).unwrap();
    let want: Vec<f32> = wpe[..t * d].iter().map(|v| v * 2.0).collect();
    assert_close("y", &out.y, &want, 1e-6, 1.0);
    match Prefix::new(ctx, PrefixDims { t: 6, p, d }) {
        Err(e @ Error::ShapeCheck { .. }) => assert!(e.to_string().contains("T = 6 is larger than P = 5"), "{e}"),
        other => panic!("expected ShapeCheck, got {other:?}"),
    }
}

forge_graph! {
    /// Dependent kernels of different kinds, each reading the one before (the product keeps
    /// the row statements around it from chaining into one kernel).
    graph Dependent {
        dims { R, C }
        input x: f32[R, C];
        weight g: f32[C];
        weight w: f32[C, C];
        temp a: f32[R, C];
        temp h: f32[R, C];
        temp b: f32[R, C];
        temp s: f32[R, 1];
        output y: f32[R, C];
        a = softmax(x * 3.0);
        h = matmul(a, w);
        b = rms_norm(h, g, 1e-6);
        s = sum(b, keepdim = true);
        y = softmax(b - s) + a;
    }
}

/// Later runs take the fast path (CUDA: the captured graph; wgpu: one compute pass) and must
/// give the first run's numbers, on dependent kernels; the first run has per-kernel times,
/// later ones the whole run's device time.
fn later_runs_match_the_first(ctx: &Context) {
    let (r, c) = (67, 129);
    let x = rand_f32(r * c, 1.0, 30);
    let g = rand_f32(c, 1.0, 31);
    let w = rand_f32(c * c, 0.2, 32);
    let mut graph = Dependent::new(ctx, DependentDims { r, c }).unwrap();
    graph.load_weights(DependentWeights { g: &g, w: &w }).unwrap();
    let first = graph.run(DependentInputs { x: &x }).unwrap().y;
    let p = graph.last_profile().unwrap();
    // softmax, product, then the norm, the sum and the last softmax as one row chain.
    assert_eq!(p.kernels.len(), 3);
    for _ in 0..3 {
        let again = graph.run(DependentInputs { x: &x }).unwrap().y;
        assert!(first.iter().zip(&again).all(|(a, b)| a.to_bits() == b.to_bits()), "a later run differs");
    }
    if ctx.kind() != BackendKind::Cpu {
        let p = graph.last_profile().unwrap();
        assert!(p.device_total().is_some_and(|d| d.as_nanos() > 0), "{p}");
    }
    let mut cpu = Dependent::new(&Context::cpu(), DependentDims { r, c }).unwrap();
    cpu.load_weights(DependentWeights { g: &g, w: &w }).unwrap();
    assert_close("y", &first, &cpu.run(DependentInputs { x: &x }).unwrap().y, 1e-5, 1.0);
}

/// Instances built, run three times and dropped on six threads at once, on one shared context:
/// one thread's `new` and drop overlap another's later runs (CUDA: a captured graph, queued
/// behind a start gate). A free there once could wait for a gated stream and deadlock, so a
/// watchdog turns a worker that never finishes into a failure instead of a hung test.
fn instances_built_and_dropped_while_others_run(ctx: &Context) {
    use std::sync::mpsc::RecvTimeoutError;
    const WORKERS: u64 = 6;
    let (r, c) = (33, 65);
    let g = rand_f32(c, 1.0, 41);
    let w = rand_f32(c * c, 0.2, 42);
    let (done, finished) = std::sync::mpsc::channel();
    for t in 0..WORKERS {
        let (ctx, g, w, done) = (ctx.clone(), g.clone(), w.clone(), done.clone());
        std::thread::spawn(move || {
            let work = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut cpu = Dependent::new(&Context::cpu(), DependentDims { r, c }).unwrap();
                cpu.load_weights(DependentWeights { g: &g, w: &w }).unwrap();
                for i in 0..8 {
                    let x = rand_f32(r * c, 1.0, 100 + 10 * t + i);
                    let mut graph = Dependent::new(&ctx, DependentDims { r, c }).unwrap();
                    graph.load_weights(DependentWeights { g: &g, w: &w }).unwrap();
                    let first = graph.run(DependentInputs { x: &x }).unwrap().y;
                    assert_close("y", &first, &cpu.run(DependentInputs { x: &x }).unwrap().y, 1e-5, 1.0);
                    for _ in 0..2 {
                        let again = graph.run(DependentInputs { x: &x }).unwrap().y;
                        assert!(
                            first.iter().zip(&again).all(|(a, b)| a.to_bits() == b.to_bits()),
                            "a later run differs"
                        );
                    }
                }
            }));
            let _ = done.send(work.map_err(|p| {
                p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            }));
        });
    }
    for _ in 0..WORKERS {
        match finished.recv_timeout(std::time::Duration::from_secs(180)) {
            Ok(Ok(())) => {}
            Ok(Err(message)) => panic!("a worker failed: {}", message.unwrap_or_default()),
            Err(RecvTimeoutError::Timeout) => panic!("a worker did not finish in 180 s: deadlocked"),
            Err(RecvTimeoutError::Disconnected) => panic!("a worker vanished"),
        }
    }
}

forge_tests!(
    later_runs_match_the_first,
    instances_built_and_dropped_while_others_run,
    a_run_is_one_submission_and_a_second_new_compiles_nothing,
    dispatches_over_65535_workgroups_fold,
    state_persists_across_runs,
    runs_see_their_own_inputs_and_state,
    profile_and_source_name_every_node,
    bad_input_is_an_error_naming_the_binding,
    dims_over_device_limits_are_errors,
    graphs_parse_from_text_at_run_time,
    inputs_and_uniforms_change_between_runs,
    sub_ranges_are_checked_at_new,
    derived_dims_split_heads,
);
