//! The second round of attacks (issue #46): malformed calls and odd characters are positioned
//! errors, generated names never meet a keyword, limits return errors instead of hanging or
//! aborting, cache files are checked before they are read, caches are bounded.

mod common;

use forge::{Context, Error, GraphInstance, HostSlice, Target};
use libtest_mimic::{Arguments, Trial};

/// A graph around one statement writing `t` (`y = t + z` reads it); the statement is line 7.
fn around(stmt: &str) -> String {
    format!(
        "graph G {{\n dims {{ N }}\n input x: f32[N];\n input z: f32[N];\n temp t: f32[N];\n output y: f32[N];\n {stmt}\n y = t + z;\n}}"
    )
}

/// The diagnostics of a text that must be refused (a panic or a pass fails the test).
fn refused(src: &str) -> Vec<forge::Diagnostic> {
    let found =
        std::panic::catch_unwind(|| forge::parse_graph_source(src)).unwrap_or_else(|_| panic!("{src}: panicked"));
    match found {
        Err(Error::InvalidGraph(ds)) => ds,
        other => panic!("{src}: expected InvalidGraph, found {other:?}"),
    }
}

/// Items 1 and 2: `reshape` with no argument, a second operand or an option is an error at the
/// call, not a checker panic or a silently dropped node.
fn malformed_reshape_is_a_positioned_error() {
    for stmt in ["t = reshape();", "t = reshape(x, z);", "t = reshape(x, axis = 1);"] {
        let ds = refused(&around(stmt));
        assert!(ds.iter().any(|d| d.line == 7 && d.message.contains("reshape")), "{stmt}: {ds:?}");
    }
}

/// Item 14: NUL, a bidi override and an emoji are errors at their line and column.
fn odd_characters_are_positioned_errors() {
    for (c, column) in [('\0', 6), ('\u{202e}', 6), ('🦀', 6)] {
        let ds = refused(&around(&format!("t = x{c};")));
        assert_eq!((ds[0].line, ds[0].column), (7, column), "{c:?}: {ds:?}");
        assert!(ds[0].message.contains(&format!("U+{:04X}", c as u32)), "{c:?}: {ds:?}");
    }
}

/// Two softmax in a row over 16,384 columns: enough register values that numbered names
/// would reach `f16`/`f32` if the forwarded registers were named `f{v}`.
fn chained_softmax_plan() -> forge::ir::Plan {
    let src = "graph S { dims { R, C } input x: f32[R, C]; temp a: f32[R, C]; output y: f32[R, C]; a = softmax(x); y = softmax(a); }";
    forge::plan::lower(&forge::parse_graph_source(src).unwrap(), &[2, 16384]).unwrap()
}

/// Item 3: the WGSL of the chain passes naga's validation.
fn chained_wide_softmax_wgsl_validates() {
    let wgsl = forge::source_of(&chained_softmax_plan(), Target::Wgsl).unwrap();
    for k in &wgsl.kernels {
        forge::codegen::wgsl::validate(&k.code).unwrap_or_else(|e| panic!("{}: {e}", k.entry));
    }
}

/// Item 3: the chain runs on wgpu and matches the CPU.
fn chained_wide_softmax_runs_on_wgpu(ctx: &Context) {
    let src = "graph S { dims { R, C } input x: f32[R, C]; temp a: f32[R, C]; output y: f32[R, C]; a = softmax(x); y = softmax(a); }";
    let x = common::rand_f32(2 * 16384, 4.0, 46);
    let run = |ctx: &Context| {
        let mut g = GraphInstance::from_source(ctx, src, &[2, 16384]).unwrap();
        g.run(&[("x", HostSlice::of(&x))], &[]).unwrap()[0].1.to_vec::<f32>("y").unwrap()
    };
    common::assert_close("softmax(softmax(x))", &run(ctx), &run(&Context::cpu()), 1e-4, 1e-9);
}

/// Item 4: one statement reading 60 inputs, and two of 20 each fused into a third, run on a
/// device that binds fewer storage buffers a kernel (lavapipe: 48; Metal: 31) and match the
/// CPU; no kernel takes more than the device binds.
fn wide_statements_fit_the_binding_limit(ctx: &Context) {
    let inputs: String = (0..60).map(|i| format!("input x{i}: f32[N]; ")).collect();
    let names: Vec<String> = (0..60).map(|i| format!("x{i}")).collect();
    let one = format!("graph W {{ dims {{ N }} {inputs} output y: f32[N]; y = {}; }}", names.join(" + "));
    let fused = format!(
        "graph F {{ dims {{ N }} {inputs} temp a: f32[N]; temp b: f32[N]; output y: f32[N];
         a = {}; b = {}; y = a * b; }}",
        names[..30].join(" + "),
        names[30..].join(" * 0.5 + ")
    );
    let limit = ctx.with_wgpu(|c| c.constraints().max_storage_buffers_per_shader_stage).unwrap() as usize;
    let xs: Vec<Vec<f32>> = (0..60).map(|i| common::rand_f32(1000, 1.0, 300 + i)).collect();
    for src in [one, fused] {
        let run = |ctx: &Context| {
            let mut g = GraphInstance::from_source(ctx, &src, &[1000]).unwrap();
            let widest = g.plan().kernels.iter().map(|k| k.spec.args.len()).max().unwrap_or(0);
            if ctx.kind() == forge::BackendKind::Wgpu {
                assert!(widest <= limit, "a kernel of {widest} arguments, the device binds {limit}");
            }
            let inputs: Vec<(String, HostSlice<'_>)> =
                xs.iter().enumerate().map(|(i, x)| (format!("x{i}"), HostSlice::of(x))).collect();
            let named: Vec<(&str, HostSlice<'_>)> = inputs.iter().map(|(n, x)| (n.as_str(), *x)).collect();
            g.run(&named, &[]).unwrap()[0].1.to_vec::<f32>("y").unwrap()
        };
        assert_eq!(run(ctx), run(&Context::cpu()), "the parts keep every f32 exactly");
    }
}

/// Item 3: the chain's CUDA-C compiles with NVRTC.
fn chained_wide_softmax_cuda_c_compiles() {
    forge::source_of(&chained_softmax_plan(), Target::Ptx).unwrap();
}

/// Item 8: a raw kernel that never ends is an error from `run` on the CPU (within seconds: the
/// time is printed, not asserted).
fn endless_raw_kernel_is_an_error_on_the_cpu() {
    let src = r#"graph Spin { dims { N } input x: f32[N]; output y: f32[N];
        y = wgsl!("
            @group(0) @binding(0) var<storage, read> x: array<f32>;
            @group(0) @binding(1) var<storage, read_write> y: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                loop { y[0] = y[0] + x[0]; }
            }
        ", x, y); }"#;
    let mut g = GraphInstance::from_source(&Context::cpu(), src, &[4]).unwrap();
    let start = std::time::Instant::now();
    let e = g.run(&[("x", HostSlice::of(&[1.0f32; 4]))], &[]).unwrap_err();
    eprintln!("the endless loop stopped after {:?}", start.elapsed());
    assert!(e.to_string().contains("step limit"), "{e}");
}

/// Item 7: a loop that would unroll past the limit is an error at `new`, not an abort; a short
/// one still runs.
fn huge_loop_count_is_an_error_at_new() {
    let src = "graph Deep { dims { L, N } input x: f32[N]; temp r: f32[N]; output y: f32[N]; r = x; for l in 0..L { r = r + 1.0; } y = r; }";
    match GraphInstance::from_source(&Context::cpu(), src, &[u32::MAX as usize, 4]) {
        Err(Error::InvalidDim { dim, .. }) => assert_eq!(dim, "L"),
        other => panic!("expected InvalidDim for L, found {other:?}"),
    }
    let mut g = GraphInstance::from_source(&Context::cpu(), src, &[3, 2]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&[1.0f32, 2.0]))], &[]).unwrap();
    assert_eq!(out[0].1.to_vec::<f32>("y").unwrap(), vec![4.0, 5.0]);
}

/// Item 6: a context keeps at most `MAX_CACHED_PIPELINES` pipelines however many distinct
/// kernels it builds, and an instance whose pipeline was evicted still runs.
fn pipeline_cache_is_bounded(_shared: &Context) {
    let ctx = Context::wgpu().unwrap();
    let max = forge::WgpuComputeContext::MAX_CACHED_PIPELINES;
    let src = "graph Twice { dims { N } input x: f32[N]; output y: f32[N]; y = x * 2.0; }";
    let mut first = GraphInstance::from_source(&ctx, src, &[1]).unwrap();
    for n in 2..max + 10 {
        drop(GraphInstance::from_source(&ctx, src, &[n]).unwrap());
    }
    let (kept, compiled) = ctx.with_wgpu(|w| (w.cached_pipeline_count(), w.compilation_count())).unwrap();
    assert!(compiled > max as u64, "only {compiled} distinct pipelines were built: the test needs more than {max}");
    assert!(kept <= max, "{kept} pipelines kept, over {max}");
    let out = first.run(&[("x", HostSlice::of(&[3.0f32]))], &[]).unwrap();
    assert_eq!(out[0].1.to_vec::<f32>("y").unwrap(), vec![6.0]);
}

/// Item 10: CPU buffers that together need more than the machine can give are refused at
/// `new`, though each alone is below its memory (before, the filled buffers met the kernel's
/// OOM killer under overcommit).
#[cfg(target_os = "linux")]
fn cpu_buffers_past_available_memory_are_refused() {
    let info = std::fs::read_to_string("/proc/meminfo").unwrap();
    let kib = |key: &str| -> u64 {
        let line = info.lines().find(|l| l.starts_with(key)).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let machine = (kib("MemTotal:") + kib("SwapTotal:")) * 1024;
    // Four f32 buffers of half the machine each.
    let b = (machine / 2 / 4).div_ceil(1024) as usize;
    let src = "graph Big { dims { A, B } input x0: f32[A, B]; input x1: f32[A, B]; input x2: f32[A, B]; output y: f32[A, B]; y = x0 + x1 + x2; }";
    match GraphInstance::from_source(&Context::cpu(), src, &[1024, b]) {
        Err(Error::OutOfMemory(m)) => assert!(m.contains("available"), "{m}"),
        other => panic!("expected OutOfMemory, found {other:?}"),
    }
}

/// Item 5: parsing a text does not keep it (proc-macro2's span table grew by every text
/// parsed, about 64 KB a parse here): 1,000 parses of a 64 KB text leave the resident memory
/// within 24 MB. Measured in a child process, away from the other tests' memory.
#[cfg(target_os = "linux")]
fn parsing_keeps_no_text() {
    let out =
        std::process::Command::new(std::env::current_exe().unwrap()).env("FORGE_PARSE_CHILD", "1").output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "child failed: {stderr}");
    assert!(stderr.contains("resident memory grew"), "{stderr}");
}

/// [`parsing_keeps_no_text`]'s measurement (the child process's whole work).
#[cfg(target_os = "linux")]
fn measure_parsing() {
    let rss = || -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 1024
    };
    let src =
        format!("graph G {{ dims {{ N }} input x: f32[N]; output y: f32[N]; y = x; }} // {}", "x".repeat(64 << 10));
    for _ in 0..20 {
        forge::parse_graph_source(&src).unwrap();
    }
    let before = rss();
    for _ in 0..1000 {
        forge::parse_graph_source(&src).unwrap();
    }
    let grown = rss().saturating_sub(before);
    eprintln!("1,000 parses of 64 KB: resident memory grew {} KB", grown >> 10);
    assert!(grown < 24 << 20, "resident memory grew {grown} bytes over 1,000 parses");
}

/// Whether NVRTC compiles a trivial graph here.
fn nvrtc() -> Result<(), String> {
    let g = forge::parse_graph_source("graph P { dims { N } input x: f32[N]; output y: f32[N]; y = x; }").unwrap();
    let plan = forge::plan::lower(&g, &[4]).unwrap();
    forge::source_of(&plan, Target::Ptx).map(|_| ()).map_err(|e| e.to_string())
}

fn main() {
    #[cfg(target_os = "linux")]
    if std::env::var_os("FORGE_PARSE_CHILD").is_some() {
        measure_parsing();
        return;
    }
    let args = Arguments::from_args();
    let plain: &[(&str, fn())] = &[
        ("malformed_reshape_is_a_positioned_error", malformed_reshape_is_a_positioned_error),
        ("odd_characters_are_positioned_errors", odd_characters_are_positioned_errors),
        ("chained_wide_softmax_wgsl_validates", chained_wide_softmax_wgsl_validates),
        ("endless_raw_kernel_is_an_error_on_the_cpu", endless_raw_kernel_is_an_error_on_the_cpu),
        ("huge_loop_count_is_an_error_at_new", huge_loop_count_is_an_error_at_new),
        #[cfg(target_os = "linux")]
        ("cpu_buffers_past_available_memory_are_refused", cpu_buffers_past_available_memory_are_refused),
        #[cfg(target_os = "linux")]
        ("parsing_keeps_no_text", parsing_keeps_no_text),
    ];
    let mut trials: Vec<Trial> = plain.iter().map(|&(name, f)| Trial::test(name, move || common::run(f))).collect();
    let wgpu = common::wgpu();
    let wgpu_tests: &[(&str, common::BackendTest)] = &[
        ("chained_wide_softmax_runs_on_wgpu", chained_wide_softmax_runs_on_wgpu),
        ("pipeline_cache_is_bounded", pipeline_cache_is_bounded),
        ("wide_statements_fit_the_binding_limit", wide_statements_fit_the_binding_limit),
    ];
    if wgpu.is_none() {
        eprintln!("wgpu: not available here; {} tests ignored", wgpu_tests.len());
    }
    for &(name, f) in wgpu_tests {
        let ctx = wgpu.clone();
        let missing = ctx.is_none();
        let trial = Trial::test(format!("wgpu::{name}"), move || match ctx {
            Some(ctx) => common::run(std::panic::AssertUnwindSafe(move || f(&ctx))),
            None => Err("wgpu missing".into()),
        });
        trials.push(trial.with_ignored_flag(missing));
    }
    let nvrtc = nvrtc();
    if let Err(reason) = &nvrtc {
        eprintln!("NVRTC: not available here ({reason}); its tests are ignored");
    }
    let required = std::env::var_os("FORGE_REQUIRE_NVRTC").is_some();
    let compiles =
        Trial::test("chained_wide_softmax_cuda_c_compiles", || common::run(chained_wide_softmax_cuda_c_compiles));
    trials.push(compiles.with_ignored_flag(nvrtc.is_err() && !required));
    libtest_mimic::run(&args, trials).exit();
}
