//! CUDA-C lowering (`lower::cuda_c`, tensor-core f16 GEMM): every emitted source compiles with
//! NVRTC for sm_80 and sm_90 (and the PTX assembles with ptxas where found; no GPU needed), and
//! on a GPU each kernel matches the CPU reference. NVRTC is found through the loader path
//! (`LD_LIBRARY_PATH=/opt/nvcu/nvidia/cuda_nvrtc/lib` here); the sources include no headers.
//! Run: `cargo test -p forge-runtime --no-default-features --features cuda --test cuda_c -- --nocapture`.
#![cfg(feature = "cuda")]

#[path = "support/graphs.rs"]
mod graphs;

use forge_runtime::backend::cpu;
use forge_runtime::backend::cuda::{decode, encode, CudaComputeContext, CudaPipeline};
use forge_runtime::cudarc::nvrtc::{compile_ptx_with_opts, CompileOptions};
use forge_runtime::elem::Elem;
use forge_runtime::ir::Plan;
use forge_runtime::lower::cuda_c;
use forge_runtime::{BindingUsage, Error};

/// f16 matmuls with epilogues: bias, residual, uniforms, f16 and i32 outputs, int division by a
/// possibly-zero divisor, select, every float unary; plus a matmul fed by a hidden f32 temp.
const TC: &str = r#"
graph Tc {
    dims { M, K, N }
    input a: f16[M, K];
    weight w: f16[K, N];
    weight v: f16[K, N];
    input bias: f32[N];
    input r: f16[M, N];
    input ni: i32[M, N];
    input di: i32[N];
    uniform s: f32 = 0.5;
    uniform z: i32 = 3;
    output y: f32[M, N];
    output h: f16[M, N];
    output q: f32[M, N];
    output e: f32[M, N];
    output o: f32[M, N];
    y = matmul(a, w) + bias;
    h = gelu(matmul(a, w) * s) + r;
    q = silu(matmul(a, w)) * matmul(a, v);
    e = select(matmul(a, v) > 0.0, tanh(matmul(a, v)), sigmoid(matmul(a, v))) + ((ni / di + z) as f32);
    o = relu(matmul(a, v)) + abs(bias) - exp(-abs(matmul(a, w))) * sqrt(abs(bias)) + rsqrt(abs(bias) + 1.0) - max(min(r, bias), -bias) + log(abs(bias) + 1.0);
}
"#;

/// f32 operands: no kernel of this graph may take the CUDA-C path.
const F32: &str = r#"
graph Mf {
    dims { M, K, N }
    input a: f32[M, K];
    weight w: f32[K, N];
    input h: f16[M, K];
    weight hw: f16[K, N];
    output y: f32[M, N];
    output z: f32[M, N];
    y = matmul(a, w) * 2.0;
    z = matmul(h * 2.0, hw);
}
"#;

/// (M, K, N): odd edges, exact tiles, one row, several tiles and K steps.
const SIZES: [[usize; 3]; 5] = [[17, 33, 9], [64, 64, 64], [1, 576, 40], [130, 70, 200], [3, 1, 1]];

fn plans() -> Vec<(String, Plan)> {
    let mut out = Vec::new();
    for dims in SIZES {
        out.push((format!("Tc {dims:?}"), graphs::plan(TC, &dims)));
        out.push((format!("simple {dims:?}"), graphs::plan(&simple(), &dims)));
    }
    out
}

/// The issue's example graph.
fn simple() -> String {
    "graph S { dims { M, K, N } input a: f16[M, K]; weight w: f16[K, N]; input bias: f32[N]; \
     output y: f32[M, N]; y = matmul(a, w) + bias; }"
        .into()
}

fn nvrtc_present() -> bool {
    // SAFETY: only probes whether libnvrtc can be loaded (cudarc panics on use otherwise).
    let found = unsafe { forge_runtime::cudarc::nvrtc::sys::is_culib_present() };
    if !found {
        println!(
            "skipped: NVRTC not found (put libnvrtc.so.12 on LD_LIBRARY_PATH, e.g. /opt/nvcu/nvidia/cuda_nvrtc/lib)"
        );
    }
    found
}

#[test]
fn applicability() {
    let tc = graphs::plan(TC, &[17, 33, 9]);
    let taken = tc.kernels.iter().filter(|k| cuda_c::tensor_core_matmul(&k.spec)).count();
    assert!(taken >= 5, "expected every matmul of Tc on tensor cores, got {taken} of {}", tc.kernels.len());
    let mf = graphs::plan(F32, &[17, 33, 9]);
    for k in &mf.kernels {
        assert!(!cuda_c::tensor_core_matmul(&k.spec), "{} must not take the CUDA-C path", k.spec.entry);
        let e = cuda_c::emit_kernel(&k.spec, &k.schedule).expect_err("must be refused");
        assert!(matches!(e, Error::Unsupported { .. }), "{e}");
    }
    assert!(cuda_c::supports_arch("sm_80") && cuda_c::supports_arch("sm_90a") && !cuda_c::supports_arch("sm_75"));
}

#[test]
fn every_source_compiles_with_nvrtc() {
    if !nvrtc_present() {
        return;
    }
    let ptxas = graphs::ptxas();
    let dir = std::env::temp_dir().join(format!("forge_cuda_c_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut sources = 0;
    let mut assembled = 0;
    for (name, plan) in plans() {
        for k in plan.kernels.iter().filter(|k| cuda_c::tensor_core_matmul(&k.spec)) {
            let src = cuda_c::emit_kernel(&k.spec, &k.schedule).expect("emit");
            sources += 1;
            for arch in ["sm_80", "sm_90"] {
                let opts = CompileOptions { arch: Some(arch), ..Default::default() };
                let ptx = match compile_ptx_with_opts(&src, opts) {
                    Ok(p) => p.to_src(),
                    Err(e) => panic!("{name} {} {arch}: NVRTC failed: {e:?}\n{src}", k.spec.entry),
                };
                assert!(ptx.contains("mma.sync.aligned.m16n8k16"), "{name} {}: no mma in the PTX", k.spec.entry);
                assert!(ptx.contains(&format!(".entry {}", k.spec.entry)), "{name}: entry {} missing", k.spec.entry);
                if let Some(ptxas) = &ptxas {
                    let file = dir.join(format!("{}_{arch}.ptx", k.spec.entry));
                    std::fs::write(&file, &ptx).expect("write ptx");
                    let out = std::process::Command::new(ptxas)
                        .arg(format!("-arch={arch}"))
                        .arg(&file)
                        .arg("-o")
                        .arg(file.with_extension("cubin"))
                        .output()
                        .expect("run ptxas");
                    assert!(
                        out.status.success(),
                        "{name} {} {arch}: ptxas failed:\n{}",
                        k.spec.entry,
                        String::from_utf8_lossy(&out.stderr)
                    );
                    assembled += 1;
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{sources} CUDA-C sources compiled with NVRTC for sm_80 and sm_90; {assembled} PTX modules assembled");
    if ptxas.is_none() {
        println!("ptxas not found (FORGE_PTXAS): assembly not checked");
    }
    assert!(sources > 0);
}

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

/// Runs `plan`'s tensor-core kernels on the GPU, each from the CPU reference's memory before it;
/// returns one line per mismatch and the number of kernels run.
fn run_and_compare(ctx: &CudaComputeContext, name: &str, plan: &Plan) -> (Vec<String>, usize) {
    let uniforms = graphs::uniforms(plan);
    let words: Vec<u8> = uniforms.iter().flat_map(|s| s.to_word()).collect();
    let mut mem = graphs::memory(plan, 11);
    let (mut bad, mut ran) = (Vec::new(), 0);
    for k in &plan.kernels {
        let spec = &k.spec;
        let before = mem.clone();
        cpu::run_kernel(spec, &mut mem, &uniforms).expect("cpu kernel");
        if !cuda_c::tensor_core_matmul(spec) {
            continue;
        }
        let p = CudaPipeline::compile_cuda_c(ctx, spec, k.schedule)
            .unwrap_or_else(|e| panic!("{name} {}: {e}", spec.entry));
        let out = spec.body.out();
        let mut views = Vec::new();
        for (i, arg) in spec.args.iter().enumerate() {
            let bytes = if i == out {
                vec![0xFF; arg.len * arg.elem.size_bytes()] // NaN (f32, f16) or -1 (ints)
            } else {
                encode(arg.elem, &before[arg.buffer])
            };
            let usage = if i == out { BindingUsage::StorageReadWrite } else { BindingUsage::StorageRead };
            views.push(ctx.allocate_and_write(&bytes, i as u32, usage).expect("upload"));
        }
        if spec.uses_uniforms {
            let w = if words.is_empty() { vec![0u8; 4] } else { words.clone() };
            views.push(ctx.allocate_and_write(&w, spec.args.len() as u32, BindingUsage::Uniform).expect("uniforms"));
        }
        let d = cuda_c::launch_dims(spec, &k.schedule);
        p.dispatch_ptx(&views, d.grid, d.block, d.shared_mem_bytes).expect("launch");
        let arg = &spec.args[out];
        let got = decode(arg.elem, &ctx.read_buffer(&views[out]).expect("read back"));
        let want = &mem[arg.buffer];
        let (rtol, atol) = match arg.elem {
            Elem::F16 => (2e-3, 1e-3),
            _ => (1e-3, 1e-4),
        };
        let close = |g: f64, w: f64| (g - w).abs() <= atol + rtol * w.abs(); // false for NaN
        let wrong: Vec<usize> = (0..want.len()).filter(|&i| !close(got[i], want[i])).collect();
        if let Some(&i) = wrong.first() {
            bad.push(format!(
                "{name} {} ({}): {} of {} differ; first at {i}: gpu {} cpu {}",
                spec.entry,
                plan.buffers[arg.buffer].name,
                wrong.len(),
                want.len(),
                got[i],
                want[i]
            ));
        }
        ctx.clear_transient_allocations().expect("clear");
        ran += 1;
    }
    (bad, ran)
}

#[test]
fn tensor_core_kernels_match_the_cpu_reference() {
    let Some(ctx) = context() else { return };
    if !cuda_c::supports_arch(ctx.arch()) {
        println!("skipped: {} is older than sm_{}", ctx.arch(), cuda_c::MIN_SM);
        return;
    }
    if !nvrtc_present() {
        return;
    }
    let (mut failures, mut kernels) = (Vec::new(), 0);
    for (name, plan) in plans() {
        let (bad, ran) = run_and_compare(&ctx, &name, &plan);
        failures.extend(bad);
        kernels += ran;
    }
    // Many tiles and K steps (a grid of 32 blocks, 32 K steps each).
    let plan = graphs::plan(&simple(), &[256, 1024, 512]);
    let (bad, ran) = run_and_compare(&ctx, "simple [256, 1024, 512]", &plan);
    failures.extend(bad);
    kernels += ran;
    println!("ran {kernels} CUDA-C tensor-core kernels");
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}

/// A host C++ stand-in for the CUDA built-ins the emitted kernels use: one std::thread per GPU
/// thread, barriers for `__syncthreads`, and `fg_mma` rebuilt from the PTX ISA's m16n8k16
/// fragment layout (a warp-wide exchange through a barrier). Replaces the source's prelude.
const EMULATOR: &str = r#"
#include <barrier>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <thread>
#include <vector>
struct D3 { unsigned int x, y, z; };
thread_local D3 threadIdx, blockIdx;
D3 gridDim;
static std::barrier<>* g_block;
static std::barrier<>* g_warp[4];
inline void __syncthreads() { g_block->arrive_and_wait(); }
#define FG_HOST_EMULATION
#define __device__
#define __forceinline__ static inline
#define __global__
#define __launch_bounds__(x)
#define __shared__ static
#define __align__(x) __attribute__((aligned(x)))
#define __restrict__ __restrict
static inline float fg_h2f(unsigned short h) { _Float16 f; memcpy(&f, &h, 2); return (float)f; }
static inline unsigned short fg_f2h(float x) { _Float16 f = (_Float16)x; unsigned short h; memcpy(&h, &f, 2); return h; }
static inline float fg_bits(unsigned int w) { float f; memcpy(&f, &w, 4); return f; }
static unsigned int s_a[4][32][4], s_b[4][32][2];
static inline float half_of(unsigned int r, int h) { return fg_h2f((unsigned short)(h ? r >> 16 : r & 0xffff)); }
static inline void fg_mma(float* c, const unsigned int* a, const unsigned int* b) {
    unsigned int w = threadIdx.x >> 5, l = threadIdx.x & 31;
    memcpy(s_a[w][l], a, 16); memcpy(s_b[w][l], b, 8);
    g_warp[w]->arrive_and_wait();
    float A[16][16], B[16][8];
    for (int L = 0; L < 32; L++) {
        int g = L >> 2, t = L & 3;
        for (int i = 0; i < 8; i++) A[g + 8 * ((i / 2) % 2)][2 * t + (i & 1) + 8 * (i >= 4)] = half_of(s_a[w][L][i / 2], i & 1);
        for (int i = 0; i < 4; i++) B[2 * t + (i & 1) + 8 * (i >= 2)][g] = half_of(s_b[w][L][i / 2], i & 1);
    }
    g_warp[w]->arrive_and_wait();
    int g = l >> 2, t = l & 3;
    for (int i = 0; i < 4; i++) {
        double s = c[i];
        for (int k = 0; k < 16; k++) s += (double)A[g + 8 * (i >= 2)][k] * B[k][2 * t + (i & 1)];
        c[i] = (float)s;
    }
}
static std::vector<char> load(const char* p) {
    std::vector<char> v; FILE* f = fopen(p, "rb"); if (!f) { perror(p); exit(2); }
    char buf[65536]; size_t n; while ((n = fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + n);
    fclose(f); v.resize(v.size() + 16); return v;
}
static void launch(unsigned int grid, std::function<void()> k) {
    gridDim = {grid, 1, 1};
    for (unsigned int b = 0; b < grid; b++) {
        std::barrier<> bb(128); g_block = &bb;
        std::unique_ptr<std::barrier<>> wb[4];
        for (int w = 0; w < 4; w++) { wb[w] = std::make_unique<std::barrier<>>(32); g_warp[w] = wb[w].get(); }
        std::vector<std::thread> ts;
        for (unsigned int t = 0; t < 128; t++) ts.emplace_back([=] { threadIdx = {t, 0, 0}; blockIdx = {b, 0, 0}; k(); });
        for (auto& t : ts) t.join();
    }
}
static int check(const char* name, double got_of(const void*, size_t), const void* out, const char* want_file, size_t n, double rtol, double atol) {
    auto w = load(want_file); const double* want = (const double*)w.data(); int bad = 0;
    for (size_t i = 0; i < n; i++) {
        double g = got_of(out, i);
        if (!(fabs(g - want[i]) <= atol + rtol * fabs(want[i]))) { if (bad < 3) printf("%s [%zu]: emulated %g cpu %g\n", name, i, g, want[i]); bad++; }
    }
    return bad;
}
"#;

/// Emits the C++ program that runs every tensor-core kernel of `plan` (each from the CPU
/// reference's memory before it, written under `dir`) and counts mismatches.
fn emulation_program(plan: &Plan, dir: &std::path::Path) -> (String, usize) {
    use std::fmt::Write;
    let uniforms = graphs::uniforms(plan);
    let words: Vec<u8> = uniforms.iter().flat_map(|s| s.to_word()).collect();
    let mut mem = graphs::memory(plan, 11);
    let (mut kernels, mut main, mut count) = (String::new(), String::from("int main() {\n    int bad = 0;\n"), 0);
    for k in &plan.kernels {
        let spec = &k.spec;
        let before = mem.clone();
        cpu::run_kernel(spec, &mut mem, &uniforms).expect("cpu kernel");
        if !cuda_c::tensor_core_matmul(spec) {
            continue;
        }
        let src = cuda_c::emit_kernel(spec, &k.schedule).expect("emit");
        let _ = writeln!(kernels, "namespace {} {{{}}}", spec.entry, src.replace("extern \"C\" ", ""));
        let (out, mut call) = (spec.body.out(), Vec::new());
        let _ = writeln!(main, "    {{");
        for (i, a) in spec.args.iter().enumerate() {
            let bytes =
                if i == out { vec![0xFF; a.len * a.elem.size_bytes()] } else { encode(a.elem, &before[a.buffer]) };
            let file = dir.join(format!("{}_{i}.bin", spec.entry));
            std::fs::write(&file, bytes).expect("write arg");
            let ty = match a.elem {
                Elem::F32 => "float",
                Elem::F16 => "unsigned short",
                Elem::I32 => "int",
                Elem::U32 => "unsigned int",
            };
            let _ = writeln!(
                main,
                "        auto v{i} = load({:?}); auto* p{i} = ({ty}*)v{i}.data();",
                file.display().to_string()
            );
            call.push(format!("p{i}"));
        }
        if spec.uses_uniforms {
            let file = dir.join("uniforms.bin");
            std::fs::write(&file, if words.is_empty() { vec![0; 4] } else { words.clone() }).expect("write uniforms");
            let _ = writeln!(
                main,
                "        auto vu = load({:?}); auto* u = (unsigned int*)vu.data();",
                file.display().to_string()
            );
            call.push("u".into());
        }
        let a = &spec.args[out];
        let want = dir.join(format!("{}_want.bin", spec.entry));
        std::fs::write(&want, mem[a.buffer].iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>()).expect("write");
        let get = match a.elem {
            Elem::F32 => "((const float*)p)[i]",
            Elem::F16 => "fg_h2f(((const unsigned short*)p)[i])",
            Elem::I32 => "((const int*)p)[i]",
            Elem::U32 => "((const unsigned int*)p)[i]",
        };
        let (rtol, atol) = if a.elem == Elem::F16 { (2e-3, 1e-3) } else { (1e-3, 1e-4) };
        let _ = writeln!(
            main,
            "        launch({}, [&] {{ {e}::{e}({}); }});\n        bad += check(\"{e}\", [](const void* p, size_t i) -> double {{ return {get}; }}, p{out}, {:?}, {}, {rtol:e}, {atol:e});\n    }}",
            cuda_c::launch_dims(spec, &k.schedule).grid.0,
            call.join(", "),
            want.display().to_string(),
            a.len,
            e = spec.entry,
        );
        count += 1;
    }
    main.push_str("    printf(\"%d mismatches\\n\", bad);\n    return bad != 0;\n}\n");
    (format!("{EMULATOR}{kernels}{main}"), count)
}

/// Without a GPU: runs the emitted kernels as host C++ (`FORGE_CXX`, else `g++`; skipped when
/// neither is found) and compares them with the CPU reference.
#[test]
fn emulated_kernels_match_the_cpu_reference() {
    let cxx = std::env::var("FORGE_CXX").unwrap_or_else(|_| "g++".into());
    if std::process::Command::new(&cxx).arg("--version").output().is_err() {
        println!("skipped: no C++ compiler `{cxx}` (FORGE_CXX)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("forge_cuda_c_emu_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut kernels = 0;
    for (i, dims) in [[17, 33, 9], [130, 70, 75], [1, 40, 70]].iter().enumerate() {
        let (program, n) = emulation_program(&graphs::plan(TC, dims), &dir);
        let (cpp, exe) = (dir.join(format!("emu{i}.cpp")), dir.join(format!("emu{i}")));
        std::fs::write(&cpp, program).expect("write program");
        let built = std::process::Command::new(&cxx)
            .args(["-std=c++20", "-O1", "-w", "-pthread"])
            .arg(&cpp)
            .arg("-o")
            .arg(&exe)
            .output()
            .expect("run the C++ compiler");
        if !built.status.success() {
            let log = String::from_utf8_lossy(&built.stderr);
            if log.contains("barrier") || log.contains("_Float16") {
                println!("skipped: `{cxx}` lacks C++20 <barrier> or _Float16:\n{}", &log[..log.len().min(400)]);
                return;
            }
            panic!("{dims:?}: the emulation does not build:\n{log}");
        }
        let run = std::process::Command::new(&exe).output().expect("run the emulation");
        let text = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success(), "{dims:?}: emulated kernels differ from the CPU reference:\n{text}");
        kernels += n;
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{kernels} kernels emulated on the host match the CPU reference");
}
