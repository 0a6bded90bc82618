//! Nothing lost, nothing shared (issue #7), on every backend: deep or long graph text is an
//! error or linear work, never a stack overflow; instances return their memory; raw kernels past
//! 65,535 workgroups either index correctly or are refused; seed-API calls on a context never
//! touch an instance's memory; host slices and size products are checked; out of memory is an
//! error; a panic in `with_wgpu` does not kill the context; errors are typed and readable.

mod common;

use common::*;
use forge::{BackendKind, Context, Elem, Error, GraphInstance, HostSlice};
use std::time::Instant;

/// `from_source` on `src` in a thread with a small stack: it must return, not abort (its time
/// is printed, not asserted: tests make no timed assertions).
fn check_text(src: String, what: &str) -> forge::Result<GraphInstance> {
    let start = Instant::now();
    let out = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || GraphInstance::from_source(&Context::cpu(), &src, &[4]))
        .unwrap()
        .join()
        .expect("from_source panicked");
    eprintln!("{what}: from_source returned in {:?}", start.elapsed());
    out
}

fn graph_of(expr: &str) -> String {
    format!("graph Deep {{ dims {{ N }} input x: f32[N]; output y: f32[N]; y = {expr}; }}")
}

fn deep_or_long_text_is_an_error_not_an_abort() {
    let n = 10_000;
    let chains = [
        ("sum chain", vec!["x"; n].join(" + ")),
        ("cast chain", format!("x{}", " as i32 as f32".repeat(n / 2))),
        ("parentheses", format!("{}x{}", "(".repeat(n), ")".repeat(n))),
        ("unary minus", format!("{}x", "- ".repeat(n))),
        ("not", format!("select({}true, x, x)", "!".repeat(n))),
        ("calls", format!("{}x{}", "exp(".repeat(n), ")".repeat(n))),
        ("subscripts", format!("x[{}0{}]", "x[".repeat(n), "]".repeat(n))),
    ];
    for (what, expr) in chains {
        match check_text(graph_of(&expr), what) {
            Err(e @ Error::InvalidGraph(_)) => {
                assert!(e.to_string().contains("deep") || e.to_string().contains("nested"), "{what}: {e}")
            }
            other => panic!("{what}: expected InvalidGraph, got {other:?}"),
        }
    }
}

/// A sum of 1,024 terms as a balanced tree (11 levels) checks in linear time and runs.
fn wide_shallow_expressions_check_in_linear_time(ctx: &Context) {
    fn tree(n: usize) -> String {
        if n == 1 {
            "x".into()
        } else {
            format!("({} + {})", tree(n / 2), tree(n / 2))
        }
    }
    let start = Instant::now();
    let mut g = GraphInstance::from_source(ctx, &graph_of(&tree(1024)), &[3]).unwrap();
    eprintln!("{ctx}: 1024-term graph checked and compiled in {:?}", start.elapsed());
    let out = g.run(&[("x", HostSlice::of(&[1.0f32, -0.5, 3.0]))], &[]).unwrap();
    assert_eq!(out[0].1.to_vec::<f32>("y").unwrap(), vec![1024.0, -512.0, 3072.0]);
    // 2,000 statements check (the flow analysis is linear in the statements; the time is
    // printed, not asserted: tests make no timed assertions).
    let mut src = String::from("graph Long { dims { N } input x: f32[N]; output y: f32[N];");
    for i in 0..2000 {
        src += &format!(" temp t{i}: f32[N];");
    }
    src += " t0 = x + 1.0;";
    for i in 1..2000 {
        src += &format!(" t{i} = t{} + 1.0;", i - 1);
    }
    src += " y = t1999; }";
    let start = Instant::now();
    forge::parse_graph_source(&src).unwrap();
    eprintln!("2,000 statements checked in {:?}", start.elapsed());
}

forge::forge_graph! {
    graph Heavy {
        dims { R, C }
        input  x: f32[R];
        weight w: f32[R, C];
        output y: f32[R];
        y = sum(w) + x;
    }
}

/// Bytes the wgpu device's allocator holds (after the queue drains), where the backend reports it.
fn device_bytes(ctx: &Context) -> Option<u64> {
    ctx.with_wgpu(|c| c.allocated_bytes()).flatten()
}

fn instances_return_their_memory(shared: &Context) {
    // A context of its own, so other tests' instances do not move the counter.
    let own = if shared.kind() == BackendKind::Wgpu { Context::wgpu().unwrap() } else { shared.clone() };
    let ctx = &own;
    let (r, c) = (4, 1 << 18); // a 4 MiB weight
    let w = rand_f32(r * c, 1.0, 5);
    let x = [1.0f32, 2.0, 3.0, 4.0];
    let cycle = |i: usize| {
        let mut g = Heavy::new(ctx, HeavyDims { r, c }).unwrap_or_else(|e| panic!("instance {i}: {e}"));
        g.load_weights(HeavyWeights { w: &w }).unwrap();
        let y = g.run(HeavyInputs { x: &x }).unwrap().y;
        assert!(y.iter().all(|v| v.is_finite()), "instance {i}: {y:?}");
    };
    cycle(0);
    let base = device_bytes(ctx);
    let count = if ctx.kind() == BackendKind::Cpu { 50 } else { 1000 };
    for i in 1..=count {
        cycle(i);
        if i % 100 == 0 {
            if let (Some(base), Some(now)) = (base, device_bytes(ctx)) {
                assert!(now <= base + (1 << 20), "after {i} instances the device holds {now} bytes (baseline {base})");
            }
        }
    }
    if ctx.kind() == BackendKind::Wgpu {
        assert!(base.is_some(), "wgpu reports no allocator figures on {ctx}");
    }
}

const RAW_LINEAR: &str = r#"graph Wide { dims { N } input x: f32[N]; output y: f32[N];
    y = wgsl!("
        @group(0) @binding(0) var<storage, read> x: array<f32>;
        @group(0) @binding(1) var<storage, read_write> y: array<f32>;
        @compute @workgroup_size(WG)
        fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) l: u32) {
            let i = (wid.x + wid.y * nwg.x) * WGu + l;
            if (i < arrayLength(&y)) { y[i] = x[i] * 2.0 + 1.0; }
        }
    ", x, y); }"#;

const RAW_GID: &str = r#"graph Narrow { dims { N } input x: f32[N]; output y: f32[N];
    y = wgsl!("
        @group(0) @binding(0) var<storage, read> x: array<f32>;
        @group(0) @binding(1) var<storage, read_write> y: array<f32>;
        @compute @workgroup_size(WG)
        fn main(@builtin(global_invocation_id) g: vec3<u32>) {
            if (g.x < arrayLength(&y)) { y[g.x] = x[g.x] * 2.0 + 1.0; }
        }
    ", x, y); }"#;

fn raw_kernels_past_65535_workgroups(ctx: &Context) {
    let wg = |src: &str, size: usize| src.replace("WGu", &format!("{size}u")).replace("WG", &size.to_string());
    // Without num_workgroups a kernel cannot find its index in a folded grid: refused at `new`.
    for (size, n) in [(1, 65_536), (64, 64 * 65_535 + 1)] {
        match GraphInstance::from_source(ctx, &wg(RAW_GID, size), &[n]) {
            Err(Error::RawDispatchTooLarge { node, workgroups, limit }) => {
                assert!(node.contains("y = wgsl!"), "{node}");
                assert_eq!((workgroups, limit), ((n as u64).div_ceil(size as u64), 65_535));
            }
            other => panic!("n = {n}: expected RawDispatchTooLarge, got {other:?}"),
        }
    }
    GraphInstance::from_source(ctx, &wg(RAW_GID, 1), &[65_535]).expect("65,535 workgroups fit one dimension");
    // With it, a linear index past 65,535 workgroups (and past element 4,194,240) is right.
    for (size, n) in [(1, 70_001), (64, 64 * 65_535 + 1000)] {
        if size == 64 && ctx.kind() == BackendKind::Cpu && cfg!(debug_assertions) {
            continue; // 4 M interpreted invocations: minutes in a debug build
        }
        let x = rand_f32(n, 1.0, 9);
        let mut g = GraphInstance::from_source(ctx, &wg(RAW_LINEAR, size), &[n]).unwrap();
        let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
        let y = out[0].1.to_vec::<f32>("y").unwrap();
        let want: Vec<f32> = x.iter().map(|v| v * 2.0 + 1.0).collect();
        assert_close(&format!("{n} elements, workgroup {size}"), &y, &want, 0.0, 1.0);
    }
}

fn seed_api_calls_do_not_touch_live_instances(ctx: &Context) {
    let src = "graph Live { dims { N } input x: f32[N]; weight w: f32[N]; state s: f32[N]; output y: f32[N];
               s = s + x * w; y = s * 2.0; }";
    let n = 300;
    let (x, w) = (rand_f32(n, 1.0, 1), rand_f32(n, 1.0, 2));
    let mut g = GraphInstance::from_source(ctx, src, &[n]).unwrap();
    let mut h = GraphInstance::from_source(ctx, src, &[n]).unwrap();
    g.load_weights(&[("w", HostSlice::of(&w))]).unwrap();
    h.load_weights(&[("w", HostSlice::of(&vec![7.0f32; n]))]).unwrap();
    let garbage: Vec<u8> = (0..(1 << 20)).map(|i| (i * 31 % 251) as u8).collect();
    for run in 1..=4 {
        let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
        let want: Vec<f32> = x.iter().zip(&w).map(|(a, b)| (a * b) * run as f32 * 2.0).collect();
        assert_close(&format!("run {run}"), &out[0].1.to_vec::<f32>("y").unwrap(), &want, 1e-5, 1.0);
        h.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
        ctx.with_wgpu(|c| {
            use forge::seed::BindingUsage as U;
            c.clear_weights();
            c.clear_state();
            c.allocate_weight(&garbage, 0, 0).unwrap();
            c.allocate_state(1 << 20, 0, 0).unwrap();
            let a = c.allocate_and_write(&garbage, 0, 0, U::StorageRead).unwrap();
            c.allocate_and_write(&garbage, 1, 0, U::StorageReadWrite).unwrap();
            c.advance_read_head((a.offset + a.size) as usize * 4);
            c.advance_read_head(a.offset as usize + 256);
            c.clear_transient_allocations();
        });
    }
    // The ring never hands out a range that is still live, whatever head is asked for.
    ctx.with_wgpu(|c| {
        use forge::seed::BindingUsage as U;
        c.clear_transient_allocations();
        let a = c.allocate_and_write(&[1u8; 1000], 0, 0, U::StorageRead).unwrap();
        let b = c.allocate_and_write(&[2u8; 1000], 0, 0, U::StorageRead).unwrap();
        c.advance_read_head(usize::MAX);
        c.advance_read_head((b.offset + b.size + 4096) as usize);
        let d = c.allocate_and_write(&[3u8; 1000], 0, 0, U::StorageRead).unwrap();
        let overlaps = |p: &forge::seed::BufferView, q: &forge::seed::BufferView| {
            p.offset < q.offset + q.size && q.offset < p.offset + p.size
        };
        assert!(!overlaps(&d, &a) && !overlaps(&d, &b), "{a:?} {b:?} {d:?}");
        assert_eq!(c.read_buffer_f32(&a).unwrap()[0].to_bits(), 0x0101_0101);
        assert_eq!(c.read_buffer_f32(&b).unwrap()[0].to_bits(), 0x0202_0202);
        c.clear_transient_allocations();
    });
}

fn host_slices_and_size_products_are_checked(ctx: &Context) {
    assert!(matches!(
        HostSlice::from_bytes(Elem::F32, 4, &[0u8; 15]),
        Err(Error::LengthMismatch { expected: 16, actual: 15, .. })
    ));
    assert!(matches!(HostSlice::from_bytes(Elem::F32, usize::MAX, &[]), Err(Error::LengthMismatch { .. })));
    assert!(matches!(forge::HostVec::from_bytes(Elem::I32, 2, vec![0u8; 7]), Err(Error::LengthMismatch { .. })));
    let src = "graph S { dims { N } input x: f32[N]; state s: f32[N]; output y: f32[N]; s = s + x; y = s; }";
    let mut g = GraphInstance::from_source(ctx, src, &[3]).unwrap();
    let empty = HostSlice::from_bytes(Elem::F32, 0, &[]).unwrap();
    assert!(matches!(g.write_state("s", empty), Err(Error::LengthMismatch { expected: 3, actual: 0, .. })));
    assert_eq!(g.read_state("s").unwrap().to_vec::<f32>("s").unwrap(), vec![0.0; 3]);
    assert!(matches!(g.read_state("s").unwrap().to_vec::<u32>("s"), Err(Error::TypeMismatch { .. })));
    // Products of dims that overflow are errors naming the binding, on every backend.
    let wide = "graph W { dims { A, B } input x: f32[A, B]; output y: f32[A, B]; y = x * 2.0; }";
    for dims in [[u32::MAX as usize, u32::MAX as usize], [1 << 31, 1 << 31]] {
        match GraphInstance::from_source(ctx, wide, &dims) {
            Err(Error::InvalidDim { dim, .. }) => assert_eq!(dim, "x"),
            other => panic!("{dims:?}: expected InvalidDim, got {other:?}"),
        }
    }
    let mm =
        "graph M { dims { M, K, N } input a: f32[M, K]; input b: f32[K, N]; output c: f32[M, N]; c = matmul(a, b); }";
    let huge = u32::MAX as usize;
    assert!(matches!(GraphInstance::from_source(ctx, mm, &[huge, huge, huge]), Err(Error::InvalidDim { .. })));
    assert!(matches!(GraphInstance::from_source(ctx, wide, &[usize::MAX, 1]), Err(Error::InvalidDim { .. })));
    {
        use forge::seed::{BindingUsage as U, OracleContext};
        let mut oracle = forge::seed::CpuOracle::new();
        let r = oracle.allocate_transient(usize::MAX, 0, 0, U::StorageRead);
        assert!(matches!(r, Err(Error::OutOfMemory(_))), "{r:?}");
    }
    ctx.with_wgpu(|c| {
        use forge::seed::BindingUsage as U;
        for usage in [U::StorageRead, U::StorageReadWrite, U::Uniform] {
            let r = c.allocate_transient(usize::MAX, 0, 0, usage);
            assert!(matches!(r, Err(Error::OverLimit { .. } | Error::OutOfMemory(_))), "{usage:?}: {r:?}");
        }
        let r = c.allocate_transient(16, 0, 0, U::StorageReadResident);
        assert!(matches!(r, Err(Error::InvalidArgument { .. })), "{r:?}");
    });
}

fn out_of_memory_is_an_error(ctx: &Context) {
    // 2^40 f32 (4 TiB): an error from `new` on every backend, never an abort.
    let src = "graph Big { dims { A, B } input x: f32[A, B]; output y: f32[A, B]; y = x * 2.0; }";
    match GraphInstance::from_source(ctx, src, &[1 << 20, 1 << 20]) {
        Err(Error::OutOfMemory(m)) => assert!(m.contains('x') || m.contains('y'), "{m}"),
        Err(Error::OverLimit { binding, .. }) => assert!(binding == "x" || binding == "y"),
        other => panic!("expected OutOfMemory or OverLimit, got {other:?}"),
    }
}

fn a_panic_in_with_wgpu_does_not_kill_the_context(_shared: &Context) {
    let ctx = Context::wgpu().unwrap();
    let caught =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.with_wgpu(|_| panic!("inside with_wgpu"))));
    assert!(caught.is_err());
    assert_eq!(ctx.with_wgpu(|c| c.submission_count()), Some(0));
    let mut g = GraphInstance::from_source(&ctx, &graph_of("x * 2.0"), &[2]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&[1.0f32, 2.0]))], &[]).unwrap();
    assert_eq!(out[0].1.to_vec::<f32>("y").unwrap(), vec![2.0, 4.0]);
}

fn errors_are_typed_and_readable(ctx: &Context) {
    let src = graph_of("x * 2.0");
    let e = GraphInstance::from_source(ctx, &src, &[2, 3]).unwrap_err();
    assert!(matches!(e, Error::DimCount { expected: 1, actual: 2 }), "{e}");
    assert_eq!(format!("{e:?}"), e.to_string(), "Debug (what `main() -> forge::Result<()>` prints) is the message");
    let dup = "graph D { dims { N } input x: f32[N]; input x: f32[N]; output y: f32[N]; y = x; }";
    let e = GraphInstance::from_source(ctx, dup, &[2]).unwrap_err();
    assert!(matches!(e, Error::InvalidGraph(_)) && e.to_string().contains("`x`"), "{e}");
    let mut g = GraphInstance::from_source(ctx, &src, &[2]).unwrap();
    let x = HostSlice::of(&[1.0f32, 2.0]);
    assert!(matches!(g.run(&[("x", x), ("x", x)], &[]), Err(Error::DuplicateBinding { .. })));
    assert!(matches!(g.run(&[("y", x)], &[]), Err(Error::UnknownBinding { .. })));
    let shown = [e.to_string(), Error::UnknownBackend("gpu".into()).to_string()];
    for m in shown {
        assert!(!m.contains("(FORGE_BACKEND)") && !m.contains("internal error"), "{m}");
    }
}

#[cfg(feature = "cuda")]
fn cuda_context_is_debug() {
    fn is_debug<T: std::fmt::Debug>() {}
    is_debug::<forge::seed::CudaComputeContext>();
}

/// Software Vulkan must not print `XDG_RUNTIME_DIR is invalid` (checked in a child process
/// started without the variable).
fn no_xdg_runtime_dir_warning(_wgpu: &Context) {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .env("FORGE_XDG_CHILD", "1")
        .env_remove("XDG_RUNTIME_DIR")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "child failed: {stderr}");
    assert!(stderr.contains("child ran on wgpu"), "{stderr}");
    assert!(!stderr.contains("XDG_RUNTIME_DIR"), "{stderr}");
}

fn main() {
    if std::env::var_os("FORGE_XDG_CHILD").is_some() {
        let ctx = Context::wgpu().expect("wgpu in the child");
        let mut g = GraphInstance::from_source(&ctx, &graph_of("x + 1.0"), &[1]).unwrap();
        g.run(&[("x", HostSlice::of(&[1.0f32]))], &[]).unwrap();
        eprintln!("child ran on wgpu");
        return;
    }
    let every_backend: &[(&'static str, common::BackendTest)] = &[
        ("wide_shallow_expressions_check_in_linear_time", wide_shallow_expressions_check_in_linear_time),
        ("instances_return_their_memory", instances_return_their_memory),
        ("raw_kernels_past_65535_workgroups", raw_kernels_past_65535_workgroups),
        ("seed_api_calls_do_not_touch_live_instances", seed_api_calls_do_not_touch_live_instances),
        ("host_slices_and_size_products_are_checked", host_slices_and_size_products_are_checked),
        ("out_of_memory_is_an_error", out_of_memory_is_an_error),
        ("errors_are_typed_and_readable", errors_are_typed_and_readable),
    ];
    let wgpu_itself: &[(&'static str, common::BackendTest)] = &[
        ("a_panic_in_with_wgpu_does_not_kill_the_context", a_panic_in_with_wgpu_does_not_kill_the_context),
        ("no_xdg_runtime_dir_warning", no_xdg_runtime_dir_warning),
    ];
    #[allow(unused_mut)]
    let mut plain: Vec<(&'static str, fn())> =
        vec![("deep_or_long_text_is_an_error_not_an_abort", deep_or_long_text_is_an_error_not_an_abort)];
    #[cfg(feature = "cuda")]
    plain.push(("cuda_context_is_debug", cuda_context_is_debug));
    common::run_suite_groups(&[((|_| Ok(()), ""), every_backend), ((common::wgpu_only, ""), wgpu_itself)], &plain);
}
