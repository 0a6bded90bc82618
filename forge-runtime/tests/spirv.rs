//! `compile_pipeline_spirv`: a WGSL kernel turned into SPIR-V by naga's back end runs through the
//! same allocation, bind-group and dispatch path as its WGSL pipeline, with identical results;
//! malformed SPIR-V comes back as `Error::ShaderCompile`, never a panic or a lost device.
//! Without a wgpu adapter the tests show as ignored (failed with `FORGE_REQUIRE_WGPU=1`).

#[path = "support/trials.rs"]
mod trials;

use forge_runtime::{BindingUsage, BufferView, Error, GraphPass, WgpuComputeContext};

const KERNEL: &str = "struct P { n: u32, scale: f32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn mix(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= p.n) { return; }
    var acc = 0.0;
    for (var k = 0u; k < 4u; k++) {
        acc += a[(i + k) % p.n] * b[i];
    }
    out[i] = acc * p.scale + exp(-abs(a[i]));
}

@compute @workgroup_size(64)
fn fill(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x < p.n) { out[gid.x] = p.scale; }
}
";

const N: usize = 1000;

fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn context() -> WgpuComputeContext {
    WgpuComputeContext::new(1 << 20).unwrap_or_else(|e| panic!("the probed adapter is gone: {e}"))
}

fn main() {
    let (wgpu, _) = trials::Need::probe(
        "wgpu",
        WgpuComputeContext::new(1 << 16).map_err(|e| e.to_string()),
        &["FORGE_REQUIRE_WGPU"],
    );
    let tests: [(&str, fn()); 3] = [
        ("spirv_pipeline_matches_wgsl_pipeline", spirv_pipeline_matches_wgsl_pipeline),
        ("malformed_spirv_is_a_shader_compile_error", malformed_spirv_is_a_shader_compile_error),
        ("corrupted_spirv_words_never_panic", corrupted_spirv_words_never_panic),
    ];
    trials::run_all(tests.into_iter().map(|(name, f)| trials::trial(name, &wgpu, f)).collect())
}

/// The kernel as little-endian SPIR-V bytes, from naga's WGSL front end and SPIR-V back end.
fn kernel_spirv() -> Vec<u8> {
    let module = naga::front::wgsl::parse_str(KERNEL).unwrap();
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .unwrap();
    let options = naga::back::spv::Options { lang_version: (1, 3), ..Default::default() };
    let words = naga::back::spv::write_vec(&module, &info, &options, None).unwrap();
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Runs `entry` of `pipeline` over fresh inputs and returns `out`.
fn run(ctx: &mut WgpuComputeContext, pipeline: wgpu::ComputePipeline, entry: &str) -> Vec<f32> {
    let a: Vec<f32> = (0..N).map(|i| ((i * 7919 % 1000) as f32) * 0.013 - 6.5).collect();
    let b: Vec<f32> = (0..N).map(|i| ((i * 104729 % 997) as f32) * 0.002 - 1.0).collect();
    let mut params = (N as u32).to_le_bytes().to_vec();
    params.extend_from_slice(&0.75f32.to_le_bytes());
    let views: Vec<BufferView> = vec![
        ctx.allocate_and_write(&params, 0, 0, BindingUsage::Uniform).unwrap(),
        ctx.allocate_and_write(&f32_bytes(&a), 1, 0, BindingUsage::StorageRead).unwrap(),
        ctx.allocate_and_write(&f32_bytes(&b), 2, 0, BindingUsage::StorageRead).unwrap(),
        ctx.allocate_and_write(&f32_bytes(&vec![f32::NAN; N]), 3, 0, BindingUsage::StorageReadWrite).unwrap(),
    ];
    // `fill` uses only bindings 0 and 3, so its automatic layout has only those.
    let bound: Vec<BufferView> = if entry == "fill" { vec![views[0], views[3]] } else { views.clone() };
    let bind_group = ctx.create_compute_bind_group(&pipeline, &bound).unwrap();
    let pass =
        GraphPass::Dispatch { label: entry.into(), pipeline, bind_group, workgroups: [(N as u32).div_ceil(64), 1, 1] };
    let run = ctx.submit_graph_readback(&[pass], &[views[3]]).unwrap();
    ctx.clear_transient_allocations();
    run.readback[0].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn spirv_pipeline_matches_wgsl_pipeline() {
    let _serial = serial();
    let mut ctx = context();
    let spirv = kernel_spirv();
    println!("adapter: {}; SPIR-V module: {} words", ctx.adapter(), spirv.len() / 4);
    for entry in ["mix", "fill"] {
        let from_wgsl = ctx.compile_pipeline(KERNEL, entry).unwrap();
        let from_spirv = ctx.compile_pipeline_spirv(&spirv, entry).unwrap();
        let want = run(&mut ctx, from_wgsl, entry);
        let got = run(&mut ctx, from_spirv, entry);
        assert!(want.iter().all(|v| v.is_finite()), "{entry}: WGSL pipeline left NaNs");
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&got), bits(&want), "{entry}: SPIR-V and WGSL pipelines differ");
    }
    // Big-endian words are SPIR-V too (the magic word tells the order).
    let swapped: Vec<u8> = spirv.chunks_exact(4).flat_map(|w| [w[3], w[2], w[1], w[0]]).collect();
    let (from_wgsl, from_swapped) =
        (ctx.compile_pipeline(KERNEL, "mix").unwrap(), ctx.compile_pipeline_spirv(&swapped, "mix").unwrap());
    let want = run(&mut ctx, from_wgsl, "mix");
    assert_eq!(run(&mut ctx, from_swapped, "mix"), want);
}

/// The device still runs the SPIR-V pipeline, with the WGSL pipeline's results.
fn assert_still_works(ctx: &mut WgpuComputeContext, spirv: &[u8]) {
    let (from_wgsl, from_spirv) =
        (ctx.compile_pipeline(KERNEL, "mix").unwrap(), ctx.compile_pipeline_spirv(spirv, "mix").unwrap());
    let want = run(ctx, from_wgsl, "mix");
    assert_eq!(run(ctx, from_spirv, "mix"), want);
}

fn shader_error(r: Result<wgpu::ComputePipeline, Error>, expect: &str) -> String {
    match r {
        Err(Error::ShaderCompile { log, .. }) => {
            assert!(log.contains(expect), "expected `{expect}` in: {log}");
            log
        }
        other => panic!("expected ShaderCompile containing `{expect}`, got {other:?}"),
    }
}

fn malformed_spirv_is_a_shader_compile_error() {
    let _serial = serial();
    let mut ctx = context();
    let spirv = kernel_spirv();
    let mut wrong_magic = spirv.clone();
    wrong_magic[0] ^= 0x5a;
    println!("{}", shader_error(ctx.compile_pipeline_spirv(&wrong_magic, "mix"), "magic number"));
    println!("{}", shader_error(ctx.compile_pipeline_spirv(&[], "mix"), "empty"));
    println!("{}", shader_error(ctx.compile_pipeline_spirv(&spirv[..spirv.len() - 1], "mix"), "4-byte words"));
    let mut padded = spirv.clone();
    padded.extend_from_slice(&[0, 0]);
    shader_error(ctx.compile_pipeline_spirv(&padded, "mix"), "4-byte words");
    println!("{}", shader_error(ctx.compile_pipeline_spirv(&spirv[..12], "mix"), "truncated"));
    println!("{}", shader_error(ctx.compile_pipeline_spirv(&spirv[..spirv.len() / 2], "mix"), "SPIR-V"));
    let log = shader_error(ctx.compile_pipeline_spirv(&spirv, "nope"), "no compute entry point `nope`");
    assert!(log.contains("mix") && log.contains("fill"), "{log}");
    println!("{log}");
    let mut bad_version = spirv.clone();
    bad_version[4..8].copy_from_slice(&0x0002_0000u32.to_le_bytes());
    shader_error(ctx.compile_pipeline_spirv(&bad_version, "mix"), "version");

    // Every truncation at a word boundary is an error, never a panic.
    for words in 0..spirv.len() / 4 {
        assert!(ctx.compile_pipeline_spirv(&spirv[..words * 4], "mix").is_err(), "{words} words compiled");
    }
    // The device survived all of it.
    assert_still_works(&mut ctx, &spirv);
}

fn corrupted_spirv_words_never_panic() {
    let _serial = serial();
    let mut ctx = context();
    let spirv = kernel_spirv();
    let words = spirv.len() / 4;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut rejected, mut compiled) = (0, 0);
    for _ in 0..400 {
        let mut bad = spirv.clone();
        let w = 5 + (next() as usize) % (words - 5);
        let value = match next() % 4 {
            0 => 0,
            1 => u32::MAX,
            2 => (next() % 64) as u32,
            _ => next() as u32,
        };
        bad[w * 4..w * 4 + 4].copy_from_slice(&value.to_le_bytes());
        // Some corruptions only rename a debug string or flip a decoration and still compile.
        match ctx.compile_pipeline_spirv(&bad, "mix") {
            Ok(_) => compiled += 1,
            Err(Error::ShaderCompile { .. }) => rejected += 1,
            Err(other) => panic!("word {w} = {value:#x}: expected ShaderCompile, got {other:?}"),
        }
    }
    println!("400 single-word corruptions: {rejected} rejected, {compiled} still compiled");
    assert_still_works(&mut ctx, &spirv);
}
