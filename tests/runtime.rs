//! Runtime behaviour: one submission per run, the pipeline cache, large dispatches, state,
//! f16, profiles and sources, and errors (never panics) on bad input.

mod common;

use common::*;
use forge::prelude::*;

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

#[test]
fn a_run_is_one_submission_and_a_second_new_compiles_nothing() {
    let Some(ctx) = fresh_wgpu() else { return };
    let n = 1000;
    let (x, w) = (rand_f32(n, 1.0, 1), rand_f32(n, 1.0, 2));
    let mut g = Affine::new(&ctx, AffineDims { n }).unwrap();
    g.load_weights(AffineWeights { w: &w }).unwrap();
    g.run(AffineInputs { x: &x, k: 3.0 }).unwrap();
    let (subs, compiled) = ctx.with_wgpu(|c| (c.submission_count(), c.compilation_count())).unwrap().unwrap();
    let out = g.run(AffineInputs { x: &x, k: 3.0 }).unwrap();
    let subs_after = ctx.with_wgpu(|c| c.submission_count()).unwrap().unwrap();
    assert_eq!(subs_after - subs, 1, "one graph run must be exactly one queue.submit");
    let want: Vec<f32> = x.iter().zip(&w).map(|(a, b)| a * b * 3.0 + 1.0).collect();
    assert_close("y", &out.y, &want, 1e-6, 1.0);

    let _again = Affine::new(&ctx, AffineDims { n }).unwrap();
    let compiled_after = ctx.with_wgpu(|c| c.compilation_count()).unwrap().unwrap();
    assert_eq!(compiled_after, compiled, "a second `new` of the same graph must compile nothing");
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

#[test]
fn dispatches_over_65535_workgroups_fold_into_y() {
    let Some(ctx) = wgpu() else { return };
    let n = 70_001; // one invocation per workgroup: 70,001 workgroups
    let x = rand_f32(n, 1.0, 3);
    let out = Wide::new(&ctx, WideDims { n }).unwrap().run(WideInputs { x: &x }).unwrap();
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

#[test]
fn state_persists_across_runs_and_can_be_read_and_written() {
    let n = 257;
    let x = rand_f32(n, 1.0, 4);
    for ctx in std::iter::once(Context::cpu()).chain(gpu_backends()) {
        let mut g = Accumulate::new(&ctx, AccumulateDims { n }).unwrap();
        for _ in 0..3 {
            g.run(AccumulateInputs { x: &x }).unwrap();
        }
        let state = g.read_state().unwrap();
        let want: Vec<f32> = x.iter().map(|v| v * 3.0).collect();
        assert_close("acc", &state.acc, &want, 1e-6, 1.0);
        g.write_state(&AccumulateState { acc: vec![1.0; n] }).unwrap();
        let out = g.run(AccumulateInputs { x: &x }).unwrap();
        let want: Vec<f32> = x.iter().map(|v| (v + 1.0) * 2.0).collect();
        assert_close(&format!("{} y", ctx.kind()), &out.y, &want, 1e-6, 1.0);
    }
}

forge_graph! {
    graph Half {
        dims { R, C }
        input  x: f16[R, C];
        output y: f16[R, C];
        output s: f32[R];
        y = x * 2.0 + 1.0;
        s = sum(x);
    }
}

#[test]
fn f16_bindings_round_like_the_reference() {
    let (r, c) = (5, 33);
    let x: Vec<f16> = rand_f32(r * c, 2.0, 5).into_iter().map(f16::from_f32).collect();
    let want = Half::new(&Context::cpu(), HalfDims { r, c }).unwrap().run(HalfInputs { x: &x }).unwrap();
    for (i, v) in x.iter().enumerate() {
        assert_eq!(want.y[i], f16::from_f32(v.to_f32() * 2.0 + 1.0));
    }
    for ctx in gpu_backends() {
        match Half::new(&ctx, HalfDims { r, c }) {
            Err(Error::Unsupported { what, reason }) => eprintln!("skipped f16 on {}: {what} {reason}", ctx.kind()),
            Err(e) => panic!("{e}"),
            Ok(mut g) => {
                let got = g.run(HalfInputs { x: &x }).unwrap();
                let got_y: Vec<f32> = got.y.iter().map(|v| v.to_f32()).collect();
                let want_y: Vec<f32> = want.y.iter().map(|v| v.to_f32()).collect();
                assert_close("y", &got_y, &want_y, 1e-3, 1.0);
                assert_close("s", &got.s, &want.s, 1e-4, c as f32);
            }
        }
    }
}

#[test]
fn profile_and_source_name_every_node() {
    for ctx in std::iter::once(Context::cpu()).chain(gpu_backends()) {
        let n = 64;
        let mut g = Affine::new(&ctx, AffineDims { n }).unwrap();
        assert!(g.last_profile().is_none());
        g.load_weights(AffineWeights { w: &rand_f32(n, 1.0, 6) }).unwrap();
        g.run(AffineInputs { x: &rand_f32(n, 1.0, 7), k: AffineInputs::DEFAULT_K }).unwrap();
        let p = g.last_profile().unwrap();
        assert_eq!(p.kernels.len(), 2);
        assert_eq!(p.kernels[1].node, "y = t * k + 1.0");
        let src = g.source(Target::Wgsl).unwrap().to_string();
        assert_eq!(src.matches("// node: ").count(), 2, "{src}");
        assert!(src.contains("// node: t = x * w"));
    }
}

#[test]
fn bad_input_is_an_error_naming_the_binding() {
    for ctx in std::iter::once(Context::cpu()).chain(gpu_backends()) {
        let n = 10;
        let mut g = Affine::new(&ctx, AffineDims { n }).unwrap();
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
        assert!(matches!(Affine::new(&ctx, AffineDims { n: 0 }), Err(Error::InvalidDim { .. })));
    }
}

#[test]
fn dims_over_device_limits_are_errors() {
    let n = 1usize << 31; // 8 GiB of f32 per binding: over every adapter's binding limit
    if let Some(ctx) = wgpu() {
        match Affine::new(&ctx, AffineDims { n }) {
            Err(Error::OverLimit { binding, .. }) => assert_eq!(binding, "x"),
            other => panic!("expected OverLimit, got {other:?}"),
        }
    }
    let huge = usize::MAX / 8;
    assert!(matches!(
        Affine::new(&Context::cpu(), AffineDims { n: huge }),
        Err(Error::InvalidDim { .. } | Error::OutOfMemory(_))
    ));
}

#[test]
fn graphs_parse_from_text_at_run_time() {
    let src =
        "graph Saxpy { dims { N } input x: f32[N]; input y: f32[N]; uniform a: f32; output z: f32[N]; z = x * a + y; }";
    let mut g = forge::GraphInstance::from_source(&Context::cpu(), src, &[3]).unwrap();
    let (x, y) = ([1.0f32, 2.0, 3.0], [0.5f32, 0.5, 0.5]);
    let out = g
        .run(&[("x", forge::HostSlice::of(&x)), ("y", forge::HostSlice::of(&y))], &[("a", forge::Scalar::F32(2.0))])
        .unwrap();
    assert_eq!(out[0].1.to_vec::<f32>("z").unwrap(), vec![2.5, 4.5, 6.5]);
    let bad = "graph Bad { dims { N } input x: f32[N]; output y: f32[M]; y = x; }";
    let err = forge::GraphInstance::from_source(&Context::cpu(), bad, &[3]).unwrap_err().to_string();
    assert!(err.contains("dim `M` is not declared"), "{err}");
}
