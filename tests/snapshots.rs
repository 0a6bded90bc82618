//! The code each example lowers to, snapshotted under tests/snapshots/ so a change in codegen
//! shows in review. Every WGSL kernel is validated with naga here; every CUDA-C program is
//! compiled by NVRTC to PTX for sm_80 and sm_90 and assembled by ptxas (`FORGE_PTXAS`): those
//! are their own tests (`*_ptx_assembles`, `cuda_*_programs_compile`), ignored in cargo's output
//! where NVRTC or ptxas is missing (CI installs both and sets `FORGE_REQUIRE_NVRTC`, which turns
//! a missing one into a failure). Regenerate with `FORGE_UPDATE_SNAPSHOTS=1 cargo test --test
//! snapshots`.
//!
//! `cuda_gemm_programs_compile` builds the program the CUDA backend compiles for an H100/H200
//! (sm_90: GEMM kernels on wgmma and TMA, so `sm_90a`), an A100 (sm_80) and a T4 (sm_75) for
//! MiniLM and every matmul shape of `tests/ops.rs`, and compiles and assembles each for its arch;
//! `cuda_tile_picks_compile` does so for every tile a 16-bit product can pick, and
//! `cuda_random_products_compile` for seeded random products of every type and precision.

use forge::prelude::*;
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::PathBuf;

mod common;

include!("../examples/graphs/mlp_block.rs");
include!("../examples/graphs/particles.rs");
include!("../examples/graphs/heat.rs");
include!("../examples/graphs/minilm.rs");
include!("../examples/graphs/gpt2_cached.rs");
include!("../examples/graphs/gpt2_q8_cached.rs");
include!("../examples/graphs/cnn.rs");
include!("../examples/graphs/llama_gguf.rs");

fn check_snapshot(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var_os("FORGE_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    // A missing snapshot is written but fails the run, so that a new one is reviewed, not
    // accepted unseen (e.g. on a CI clone that lacks it).
    if !path.exists() {
        std::fs::write(&path, text).unwrap();
        panic!("{name} was missing: written now; review and commit it");
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert!(want == text, "{name} changed; review the diff and run with FORGE_UPDATE_SNAPSHOTS=1 to accept it");
}

/// Snapshots the WGSL (each kernel validated by naga) and the CUDA-C of `graph` at `dims`.
fn sources(graph: &forge::graph::Checked, dims: &[usize], name: &str) {
    let plan = forge::plan::lower(graph, dims).unwrap();
    let wgsl = forge::plan::source_of(&plan, Target::Wgsl).unwrap();
    for k in &wgsl.kernels {
        forge::codegen::wgsl::validate(&k.code).unwrap_or_else(|e| panic!("{name}/{}: {e}\n{}", k.entry, k.code));
    }
    check_snapshot(&format!("{name}.wgsl"), &wgsl.to_string());
    let cuda = forge::plan::source_of(&plan, Target::CudaC).unwrap();
    check_snapshot(&format!("{name}.cu"), &cuda.to_string());
}

/// `graph` at `dims` through NVRTC to PTX, assembled by ptxas for sm_80 and sm_90.
fn ptx_assembles(graph: &forge::graph::Checked, dims: &[usize], name: &str) {
    let plan = forge::plan::lower(graph, dims).unwrap();
    let ptx = forge::plan::source_of(&plan, Target::Ptx).unwrap_or_else(|e| panic!("{name}: {e}"));
    for arch in ["sm_80", "sm_90"] {
        assemble(name, arch, &ptx.kernels[0].code);
    }
}

/// Whether NVRTC and ptxas are here: `Err(reason)` where either is missing.
fn toolchain() -> Result<(), String> {
    let graph = forge::parse_graph_source("graph Probe { dims { N } input x: f32[N]; output y: f32[N]; y = x; }")
        .map_err(|e| e.to_string())?;
    let plan = forge::plan::lower(&graph, &[4]).map_err(|e| e.to_string())?;
    forge::plan::source_of(&plan, Target::Ptx).map_err(|e| format!("NVRTC: {e}"))?;
    std::env::var_os("FORGE_PTXAS").map(|_| ()).ok_or_else(|| "FORGE_PTXAS is not set".to_string())
}

/// Assembles PTX with ptxas (`FORGE_PTXAS`) for `arch`.
fn assemble(name: &str, arch: &str, ptx: &str) {
    let ptxas = std::env::var_os("FORGE_PTXAS").expect("FORGE_PTXAS (checked by `toolchain`)");
    let dir = std::env::temp_dir().join(format!("forge-snapshots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("{name}_{arch}.ptx"));
    std::fs::write(&src, ptx).unwrap();
    let out = std::process::Command::new(&ptxas)
        .args([
            &format!("-arch={arch}"),
            src.to_str().unwrap(),
            "-o",
            dir.join(format!("{name}.cubin")).to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{name} ({arch}): {}", String::from_utf8_lossy(&out.stderr));
}

fn mlp_block_codegen() {
    let graph = MlpBlock::graph().unwrap();
    let plan = forge::plan::lower(&graph, &[4, 576, 1536]).unwrap();
    assert_eq!(plan.kernels.len(), 2, "the gate and up products paired with the norm folded in, the down projection");
    sources(&graph, &[4, 576, 1536], "mlp_block");
}

fn particles_codegen() {
    sources(&ParticleStep::graph().unwrap(), &[100_003], "particles");
}

/// The heat example's plate at H, W, S (three steps keep the snapshot short).
const HEAT_DIMS: [usize; 3] = [256, 256, 3];

fn heat_codegen() {
    sources(&HeatSteps::graph().unwrap(), &HEAT_DIMS, "heat");
}

fn heat_ptx_assembles() {
    ptx_assembles(&HeatSteps::graph().unwrap(), &HEAT_DIMS, "heat");
}

/// MiniLM at B, T, V, P, D, H, E, F, L.
const MINILM_DIMS: [usize; 8] = [8, 30, 30522, 512, 384, 12, 1536, 6];

/// The GGUF Llama's one-token step (the chat example's decode) at SmolLM2's shapes, T, S, V, D,
/// H, KV, L, F; two layers keep the snapshot short.
const LLAMA_GGUF_DIMS: [usize; 8] = [1, 1024, 49152, 576, 9, 3, 2, 1536];

fn llama_gguf_codegen() {
    sources(&LlamaGguf::graph().unwrap(), &LLAMA_GGUF_DIMS, "llama_gguf");
}

fn minilm_codegen() {
    sources(&MiniLm::graph().unwrap(), &MINILM_DIMS, "minilm");
}

/// The cached GPT-2 decoder at T, S, V, P, D, H, L (one token a run, the decode step; two
/// layers keep the snapshot short).
const GPT2_CACHED_DIMS: [usize; 7] = [1, 64, 50257, 1024, 768, 12, 2];

fn gpt2_cached_codegen() {
    sources(&Gpt2Cached::graph().unwrap(), &GPT2_CACHED_DIMS, "gpt2_cached");
}

fn gpt2_cached_ptx_assembles() {
    ptx_assembles(&Gpt2Cached::graph().unwrap(), &GPT2_CACHED_DIMS, "gpt2_cached");
}

/// The same decode step with Q8_0 matrices (`gpt2_decode --weights q8_0`).
fn gpt2_q8_cached_codegen() {
    sources(&Gpt2Q8Cached::graph().unwrap(), &GPT2_CACHED_DIMS, "gpt2_q8_cached");
}

fn gpt2_q8_cached_ptx_assembles() {
    ptx_assembles(&Gpt2Q8Cached::graph().unwrap(), &GPT2_CACHED_DIMS, "gpt2_q8_cached");
}

fn mlp_block_ptx_assembles() {
    ptx_assembles(&MlpBlock::graph().unwrap(), &[4, 576, 1536], "mlp_block");
}

fn particles_ptx_assembles() {
    ptx_assembles(&ParticleStep::graph().unwrap(), &[100_003], "particles");
}

fn minilm_ptx_assembles() {
    ptx_assembles(&MiniLm::graph().unwrap(), &MINILM_DIMS, "minilm");
}

/// Integer `%` of both types, between operands, by literals and in a subscript: each dialect
/// calls its prelude's guarded helper (`x % 0 == x`, `i32::MIN % -1 == 0`).
const REMAINDER: &str = "graph Remainder { dims { N, K }
    input x: i32[N]; input y: i32[N]; input u: u32[N]; input v: u32[K];
    output r: i32[N]; output s: u32[N]; output g: u32[N];
    r = x % y + x % 7 * (x - 1);
    s = u % 10 + v[0] % (u + 1);
    g[i] = v[(i * 7 + 3) % K];
}";

fn remainder_codegen() {
    let graph = forge::parse_graph_source(REMAINDER).unwrap();
    sources(&graph, &[1000, 37], "remainder");
}

fn remainder_ptx_assembles() {
    ptx_assembles(&forge::parse_graph_source(REMAINDER).unwrap(), &[1000, 37], "remainder");
}

/// Index-notation reductions over several indices and inside larger values: a convolution
/// with bias and ReLU in one statement (27 points an output: a loop), two reductions in one
/// value, and a long tuple reduction (a workgroup an output).
const REDUCTIONS: &str = "graph Reductions { dims { B, C, O, H, W, P, Q, HI = H + 2, WI = W + 2 }
    input x: f32[B, C, HI, WI]; weight w: f32[O, C, 3, 3]; weight bias: f32[O];
    input t: f32[B, P, Q];
    output y: f32[B, O, H, W]; output z: f32[B]; output m: f32[B];
    y[b, o, i, j] = max(sum((c, u, v), w[o, c, u, v] * x[b, c, i + u, j + v]) + bias[o], 0.0);
    z[b] = sum(k, t[b, k, 0]) * 2.0 - max(k, t[b, k, 0]);
    m[b] = mean((p, q), t[b, p, q]);
}";

/// B, C, O, H, W, P, Q of [`REDUCTIONS`].
const REDUCTIONS_DIMS: [usize; 7] = [2, 3, 4, 8, 8, 12, 13];

fn reductions_codegen() {
    sources(&forge::parse_graph_source(REDUCTIONS).unwrap(), &REDUCTIONS_DIMS, "reductions");
}

fn reductions_ptx_assembles() {
    ptx_assembles(&forge::parse_graph_source(REDUCTIONS).unwrap(), &REDUCTIONS_DIMS, "reductions");
}

/// One decoding step's attention as GPT-2's cached decoder runs it over a long cache: one query
/// a head, a padding mask. On sm_90 (the CUDA snapshot's target) its keys split over a cluster
/// of 8 blocks (`codegen::attention_cluster`); the WGSL keeps one workgroup a head.
const DECODE_ATTENTION: &str = "graph DecodeAttention { dims { H, S, E }
    input q: f32[H, 1, E]; input k: f32[H, S, E]; input v: f32[H, S, E]; input m: f32[1, 1, S];
    output o: f32[H, 1, E];
    o = attention(q, k, v, mask = m);
}";

/// H, S, E of [`DECODE_ATTENTION`]: GPT-2 small's heads over a 632-slot cache.
const DECODE_ATTENTION_DIMS: [usize; 3] = [12, 632, 64];

fn decode_attention_codegen() {
    sources(&forge::parse_graph_source(DECODE_ATTENTION).unwrap(), &DECODE_ATTENTION_DIMS, "decode_attention");
}

/// [`DECODE_ATTENTION`] through NVRTC and ptxas for sm_90 (clusters), sm_80 and sm_75, at
/// heads of two dims over 40 slots (a thread an output dim, as a decoding attention's chunks
/// combine), and over 100 slots (threads sharing a key).
#[cfg(feature = "cuda")]
fn cuda_decode_attention_compiles() {
    let graph = forge::parse_graph_source(DECODE_ATTENTION).unwrap();
    cuda_programs(&graph, &DECODE_ATTENTION_DIMS, "decode_attention", true);
    cuda_programs(&graph, &[9, 40, 2], "decode_attention_per_dim", true);
    // 100 slots over 256 threads: two threads share a key's score, their parts met by a shuffle.
    cuda_programs(&graph, &[2, 100, 16], "decode_attention_key_lanes", true);
    let plan = forge::plan::lower(&graph, &[2, 100, 16]).unwrap();
    let cuda = forge::plan::source_of(&plan, Target::CudaC).unwrap().to_string();
    assert!(cuda.contains("const u32 kpart = lid % 2u;"), "{cuda}");
}

/// The CNN example's stem at B, H, W and its basic block at B, C, H, W (ResNet-18's first
/// stage, one image).
const CNN_STEM_DIMS: [usize; 3] = [1, 224, 224];
const CNN_BLOCK_DIMS: [usize; 4] = [1, 64, 56, 56];

/// ResNet-50's 3×3 convolutions at batch 8 (B, C, H: 56² of 64 channels, 28² of 128), at
/// `precision = tf32`, lowered as the CUDA backend lowers them on sm_90 (`plan::window`: the
/// weights reordered, the input copied to NHWC, the product reading its windows as TMA boxes).
const CONV_WINDOWS: &str = "graph ConvWindows { dims { B, C, H }
    input x: f32[B, C, H, H]; weight w: f32[C, C, 3, 3]; output y: f32[B, C, H, H];
    y = conv2d(x, w, padding = 1, precision = tf32);
}";

/// [`CONV_WINDOWS`] at 56² and 28², and with f16 bindings at 56²: the window product's tile
/// (one output-row-wide B box a tap), the tf32 CUDA-C snapshotted at 56², each program through
/// NVRTC and ptxas for sm_90a.
#[cfg(feature = "cuda")]
fn cuda_conv_windows_compile() {
    use forge::codegen::cuda::{emit_program_for, CudaTarget};
    let tf32 = forge::parse_graph_source(CONV_WINDOWS).unwrap();
    let half = CONV_WINDOWS.replace(", precision = tf32", "").replace("f32", "f16");
    let half = forge::parse_graph_source(&half).unwrap();
    let target =
        forge::plan::Target { conv_windows: Some(forge::seed::ir::limits::WINDOW_MIN_VALUES), ..Default::default() };
    let cases =
        [(&tf32, [8, 64, 56], "tma64x224s4-tf32"), (&tf32, [8, 128, 28], "-tf32"), (&half, [8, 64, 56], "tma64x")];
    for (n, (graph, dims, tile)) in cases.into_iter().enumerate() {
        let plan = forge::plan::lower_for_target(graph, &dims, &target).unwrap();
        let kinds: Vec<&str> = plan.kernels.iter().map(|k| k.spec.body.kind()).collect();
        assert_eq!(kinds, ["map", "map", "matmul"], "{dims:?}");
        let program = emit_program_for(&plan, &CudaTarget::sm90()).unwrap();
        let variants: Vec<&str> = program.functions.iter().flatten().filter_map(|f| f.variant.as_deref()).collect();
        assert!(variants.iter().any(|v| v.starts_with("gemm tma") && v.contains(tile)), "{dims:?}: {variants:?}");
        if n == 0 {
            check_snapshot("conv_windows.cu", &program.source);
        }
        let ptx = forge::nvrtc_ptx(&program.source, &program.arch).unwrap_or_else(|e| panic!("{dims:?}: {e}"));
        assemble(&format!("conv_windows_{n}"), &program.arch, &ptx);
    }
}

fn cnn_codegen() {
    sources(&ResNetStem::graph().unwrap(), &CNN_STEM_DIMS, "cnn_stem");
    sources(&BasicBlock::graph().unwrap(), &CNN_BLOCK_DIMS, "cnn_block");
}

fn cnn_ptx_assembles() {
    ptx_assembles(&ResNetStem::graph().unwrap(), &CNN_STEM_DIMS, "cnn_stem");
    ptx_assembles(&BasicBlock::graph().unwrap(), &CNN_BLOCK_DIMS, "cnn_block");
}

/// The matmul graphs of `tests/ops.rs` (as text) with the dims each test runs.
#[cfg(feature = "cuda")]
const OPS_MATMULS: &[(&str, &[&[usize]])] = &[
    (
        "graph Linear { dims { M, K, N } input a: f32[M, K]; weight w: f32[K, N]; weight bias: f32[N]; \
         output y: f32[M, N]; output z: f32[M, N]; y = matmul(a, w) + bias; z = matmul(a * 0.5, w); }",
        &[&[1, 1, 1], &[7, 13, 5], &[33, 65, 17], &[4, 576, 40], &[64, 300, 97]],
    ),
    (
        "graph Blocked { dims { M, K, N } input a: f32[M, K]; weight w: f32[K, N]; output y: f32[M, N]; \
         output y8: f32[M, N]; output y2: f32[M, N]; #[schedule(workgroup = 256, items = 4)] y = matmul(a, w) * 2.0; \
         #[schedule(workgroup = 256, items = 8)] y8 = matmul(a, w) + 1.0; \
         #[schedule(workgroup = 256, items = 2)] y2 = matmul(a, w) - 0.5; }",
        &[&[9, 33, 17], &[64, 300, 97], &[70, 1, 33], &[67, 45, 131], &[130, 20, 257], &[256, 64, 384]],
    ),
    (
        "graph BlockedForms { dims { B, T, D, F } input x: f32[B, T, D]; weight w: f32[F, D]; \
         weight bias: f32[F]; input p: f32[B, D, F]; input at: f32[D, T]; output y: f32[B, T, F]; \
         output z: f32[B, T, F]; output c: f32[T, F]; output e: f32[B, T, F]; \
         #[schedule(workgroup = 256, items = 8)] y = tanh(matmul(x, transpose(w)) + bias); \
         #[schedule(workgroup = 256, items = 4)] z = max(matmul(x * 0.5, p), 0.0) - 1.0; \
         #[schedule(workgroup = 256, items = 2)] c = matmul(transpose(at), transpose(w)); \
         #[schedule(workgroup = 256, items = 2)] e = matmul(x * 0.5, p) + 1.0; }",
        &[&[2, 67, 45, 131], &[3, 17, 40, 33], &[1, 130, 9, 70]],
    ),
    (
        "graph Batched { dims { B, T, D, F } input x: f32[B, T, D]; weight w: f32[F, D]; input p: f32[B, D, F]; \
         output y: f32[B, T, F]; output z: f32[B, T, F]; y = matmul(x, transpose(w)); z = matmul(x, p) - 1.0; }",
        &[&[2, 3, 5, 7], &[3, 17, 40, 33]],
    ),
    (
        "graph HalfLinear { dims { M, K, N } input a: f16[M, K]; weight w: f16[K, N]; weight bias: f32[N]; \
         output y: f32[M, N]; output yh: f16[M, N]; output yb: bf16[M, N]; \
         y = matmul(a, w) + bias; yh = matmul(a, w) * 0.5; yb = y as bf16 * 2.0; }",
        &[&[3, 77, 19], &[70, 96, 130]],
    ),
    (
        "graph HalfLayouts { dims { B, T, D, F } input x: f16[B, T, D]; weight w: f16[F, D]; input p: f16[B, D, F]; \
         weight bias: f32[F]; input at: bf16[D, T]; input v: bf16[D, F]; output y: f32[B, T, F]; \
         output z: f16[B, T, F]; output c: f32[T, F]; y = matmul(x, transpose(w)) + bias; \
         z = matmul(x, p) * 0.5; c = matmul(transpose(at), v); }",
        &[&[3, 17, 40, 24], &[2, 72, 96, 136], &[1, 4, 64, 40], &[2, 9, 20, 17]],
    ),
    (
        "graph Folded { dims { H, B, T, D, F } input x: f32[H, B, T, D]; input res: f32[H, B, T, F]; \
         weight w: f32[F, D]; weight bias: f32[F]; input p: f32[H, B, D, F]; input q: f32[H, 1, D, F]; \
         output y: f32[H, B, T, F]; output yb: f32[H, B, T, F]; output z: f32[H, B, T, F]; \
         output v: f32[H, B, T, F]; y = matmul(x * 0.5, transpose(w)) + bias + res; \
         #[schedule(workgroup = 256, items = 4)] yb = matmul(x, transpose(w)) * res; \
         #[schedule(workgroup = 256, items = 2)] z = matmul(x, p) - res; \
         #[schedule(workgroup = 256, items = 8)] v = matmul(x, q) + res; }",
        &[&[1, 5, 7, 40, 33], &[2, 5, 7, 40, 33], &[2, 4, 37, 45, 131], &[2, 3, 1, 24, 20]],
    ),
    (
        "graph Paired { dims { M, K, N } input x: f32[M, K]; weight wg: f32[K, N]; weight wu: f32[K, N]; \
         weight vg: f32[N, K]; weight vu: f32[N, K]; weight bias: f32[N]; output h: f32[M, N]; \
         output t: f32[M, N]; output u: f32[M, N]; h = silu(matmul(x, wg) + bias) * matmul(x, wu); \
         t = matmul(x, transpose(vg)) * matmul(x, transpose(vu)); u = matmul(x * 0.5, wg) - matmul(x * 0.5, wu); }",
        &[
            &[1, 576, 1536],
            &[1, 1, 1],
            &[3, 65, 17],
            &[8, 300, 97],
            &[2, 1023, 40],
            &[9, 40, 24],
            &[1, 130, 36],
            &[2, 64, 40],
        ],
    ),
    (
        "graph PairedHalf { dims { M, K, N } input x: f16[M, K]; weight wg: f16[N, K]; weight wu: f16[N, K]; \
         output h: f32[M, N]; h = silu(matmul(x, transpose(wg))) * matmul(x, transpose(wu)); }",
        &[&[1, 576, 1536], &[4, 72, 40], &[2, 33, 17]],
    ),
    (
        "graph Normed { dims { M, K, N } input x: f32[M, K]; weight g: f32[K]; weight gs: f32[2, K]; \
         weight wg: f32[K, N]; weight wu: f32[K, N]; weight vd: f32[N, K]; uniform eps: f32 = 1e-5; \
         temp n: f32[M, K]; temp n2: f32[M, K]; temp n3: f32[M, K]; output h: f32[M, N]; output t: f32[M, N]; \
         output u: f32[M, N]; n = rms_norm(x, g, eps); h = silu(matmul(n, wg)) * matmul(n, wu); \
         n2 = rms_norm(x, gs[1], 1e-6); t = matmul(n2, transpose(vd)) + 1.0; \
         n3 = rms_norm(x * 2.0, g, eps); u = matmul(n3, wg); }",
        &[
            &[1, 576, 1536],
            &[1, 1, 1],
            &[3, 65, 17],
            &[8, 300, 97],
            &[2, 1023, 40],
            &[9, 40, 24],
            &[1, 130, 36],
            &[2, 64, 40],
        ],
    ),
    (
        "graph Stream { dims { B, D, L } input x: f32[B, D]; weight w: f32[L, D, D]; temp r: f32[B, D]; \
         temp h: f32[B, D]; output y: f32[B, D]; r = x; for l in 0..L { h = matmul(r, w[l]); r = r + tanh(h); } y = r; }",
        &[&[1, 576, 3], &[3, 40, 2], &[2, 17, 1]],
    ),
];

/// The plan's CUDA program for each target, compiled (NVRTC, then ptxas) where `compile`;
/// returns the variant of every matmul kernel per target, `None` where the generic template
/// runs.
#[cfg(feature = "cuda")]
fn cuda_programs(graph: &forge::graph::Checked, dims: &[usize], name: &str, compile: bool) -> Vec<Vec<Option<String>>> {
    use forge::codegen::cuda::{emit_program_for, CudaTarget};
    let plan = forge::plan::lower(graph, dims).unwrap();
    let mut variants = Vec::new();
    for (arch, sms) in [((9, 0), 132), ((8, 0), 108), ((7, 5), 40)] {
        let program = emit_program_for(&plan, &CudaTarget::new(arch, sms)).unwrap();
        let label = format!("{name} {dims:?} for {}", program.arch);
        if compile {
            let ptx = forge::nvrtc_ptx(&program.source, &program.arch).unwrap_or_else(|e| panic!("{label}: {e}"));
            assemble(&label, &program.arch, &ptx);
        }
        let matmuls = plan.kernels.iter().zip(&program.functions);
        let matmuls = matmuls.filter(|(k, _)| matches!(k.spec.body, forge::seed::ir::KernelBody::Matmul(_)));
        variants.push(matmuls.map(|(_, f)| f.as_ref().and_then(|f| f.variant.clone())).collect());
    }
    variants
}

/// The variants MiniLM's and the ops tests' products choose on each target, and with `compile`
/// every program compiled and assembled.
#[cfg(feature = "cuda")]
fn cuda_gemm_programs(compile: bool) {
    for (src, shapes) in OPS_MATMULS {
        let graph = forge::parse_graph_source(src).unwrap();
        for dims in *shapes {
            let v = cuda_programs(&graph, dims, graph.name(), compile);
            eprintln!("{} {dims:?}: sm_90 {:?}", graph.name(), v[0]);
        }
    }
    // The aligned 16-bit products run on TMA + wgmma on sm_90, mma.sync on sm_80.
    let graph = forge::parse_graph_source(OPS_MATMULS[5].0).unwrap();
    let v = cuda_programs(&graph, &[2, 72, 96, 136], "HalfLayouts", compile);
    assert!(v[0].iter().flatten().any(|v| v.starts_with("gemm tma")), "{v:?}");
    assert!(v[1].iter().flatten().any(|v| v.starts_with("gemm mma")), "{v:?}");
    // ResNet-50's 3x3 convolutions in half floats: the 56² and 28² im2col temps are
    // `[B, K, OH·OW]` (16-byte rows), the 14² and 7² ones K-major; each product takes the
    // tensor cores on sm_90 and sm_80.
    for elem in ["f16", "bf16"] {
        let src = format!(
            "graph R50 {{ dims {{ B, C, H }} input x: {elem}[B, C, H, H]; weight w: {elem}[C, C, 3, 3];
                output y: {elem}[B, C, H, H]; y = conv2d(x, w, padding = 1); }}"
        );
        let graph = forge::parse_graph_source(&src).unwrap();
        for dims in [[8, 64, 56], [8, 128, 28], [8, 256, 14], [8, 512, 7]] {
            let v = cuda_programs(&graph, &dims, &format!("conv {elem}"), compile);
            assert!(v[0].iter().flatten().any(|v| v.starts_with("gemm tma")), "{elem} {dims:?}: {v:?}");
            assert!(v[1].iter().flatten().any(|v| v.starts_with("gemm mma")), "{elem} {dims:?}: {v:?}");
        }
    }
    // MiniLM's projections with `precision = tf32x3` (the graph says bf16x3), batch folded into
    // the rows (query, key and value one product batched over 3, `x` shared). Only tiles that fill the GPU (≥ half
    // a tile per multiprocessor) take the tensor cores: at 240 rows none on an H200 (sm_90,
    // 132 SMs: TMA + TF32 wgmma), so all stay on the true-f32 SIMT GEMM with K split in the
    // block; on sm_80 (108 SMs) the wide ones (query-key-value 72 64×64 tiles, FFN up 96) run
    // mma.sync's three products; below sm_80 all are SIMT. At 1920 rows every product on sm_90
    // runs TMA + wgmma tf32x3.
    let split = |v: &Option<String>| v.as_deref().is_some_and(|v| v.starts_with("gemm simt") && v.contains('k'));
    let x3 = |v: &Option<String>, kind: &str| {
        v.as_deref().is_some_and(|v| v.starts_with(&format!("gemm {kind}")) && v.ends_with("-3xtf32"))
    };
    let tf32x3 = forge::parse_graph_source(&minilm_source("tf32x3")).unwrap();
    let v = cuda_programs(&tf32x3, &MINILM_DIMS, "minilm", compile);
    for (arch, per_arch) in ["sm_90", "sm_80", "sm_75"].iter().zip(&v) {
        assert_eq!(per_arch.len(), 24, "four matmuls in each of six layers");
        for (i, variant) in per_arch.iter().enumerate() {
            let wide = i % 2 == 0; // qkv, out, up, down in each layer
            let simt = variant.as_deref().is_some_and(|v| v.starts_with("gemm simt"));
            let want = match (*arch, wide) {
                ("sm_75", _) => simt,
                ("sm_80", true) => x3(variant, "mma"),
                _ => split(variant),
            };
            assert!(want, "{arch}: matmul {i}: {variant:?} in {per_arch:?}");
        }
    }
    let dims = [64, 30, 30522, 512, 384, 12, 1536, 6];
    let v = cuda_programs(&tf32x3, &dims, "minilm b64", compile);
    assert!(v[0].iter().all(|v| x3(v, "tma")), "sm_90 at 1920 rows: {:?}", v[0]);
}

#[cfg(feature = "cuda")]
use forge::codegen::cuda::TILE_REACHING_SHAPES;

/// Every tile a bf16 product can pick, with K-major and N-major B, with and without two batch
/// dims: one graph of a product at each of [`TILE_REACHING_SHAPES`], compiled and assembled for
/// sm_90, sm_80 and sm_75. (A 128×128 TMA tile of three stages once failed in ptxas for want of
/// registers.)
#[cfg(feature = "cuda")]
fn cuda_tile_picks_compile() {
    for batched in [false, true] {
        for n_major in [false, true] {
            let lead = if batched { "P, Q, " } else { "" };
            let mut decls = String::new();
            let mut stmts = String::new();
            for i in 0..TILE_REACHING_SHAPES.len() {
                let (w, product) = match n_major {
                    true => (format!("bf16[{lead}K, N{i}]"), format!("matmul(a{i}, w{i})")),
                    false => (format!("bf16[{lead}N{i}, K]"), format!("matmul(a{i}, transpose(w{i}))")),
                };
                decls += &format!(
                    "input a{i}: bf16[{lead}M{i}, K]; weight w{i}: {w}; output y{i}: bf16[{lead}M{i}, N{i}]; "
                );
                stmts += &format!("y{i} = {product}; ");
            }
            let names: Vec<String> = (0..TILE_REACHING_SHAPES.len()).map(|i| format!("M{i}, N{i}")).collect();
            let src = format!("graph Tiles {{ dims {{ P, Q, K, {} }} {decls}{stmts}}}", names.join(", "));
            let graph = forge::parse_graph_source(&src).unwrap();
            let mut dims = vec![2, 2, 1024];
            dims.extend(TILE_REACHING_SHAPES.iter().flat_map(|&(m, n)| [m, n]));
            let v = cuda_programs(&graph, &dims, &format!("tiles batched {batched} N-major {n_major}"), true);
            eprintln!("batched {batched}, N-major {n_major}: sm_90 {:?}", v[0]);
        }
    }
}

/// Random products (seeded, so the same ones every run): f16, bf16 or f32 at each precision,
/// `[N, K]` or `[K, N]` weights, zero to two batch dims, few or many rows, aligned or odd
/// sizes, with or without an epilogue; each program as CUDA runs it (bf16x3 split) compiled and
/// assembled for sm_90, sm_80 and sm_75: the chooser and the kernels it picks agree.
#[cfg(feature = "cuda")]
fn cuda_random_products_compile() {
    use forge::codegen::cuda::{emit_program_for, CudaTarget};
    let mut rng = fastrand::Rng::with_seed(20261205);
    let mut split_k = 0;
    for case in 0..24 {
        let ty = ["f16", "bf16", "f32"][rng.usize(0..3)];
        let precision = match ty {
            "f32" => ["", ", precision = tf32x3", ", precision = tf32", ", precision = bf16x3"][rng.usize(0..4)],
            _ => "",
        };
        let mut size = || match rng.usize(0..4) {
            0 => rng.usize(1..9),
            1 => rng.usize(1..300),
            2 => 8 * rng.usize(1..400),
            _ => 64 * rng.usize(1..80),
        };
        let (m, n, k) = (size(), size(), size());
        let lead = ["", "P, ", "P, Q, "][rng.usize(0..3)];
        let (w, product) = match rng.bool() {
            true => (format!("{ty}[{lead}N, K]"), format!("matmul(a, transpose(w){precision})")),
            false => (format!("{ty}[{lead}K, N]"), format!("matmul(a, w{precision})")),
        };
        let epilogue = ["", " + bias", " * 2.0"][rng.usize(0..3)];
        let src = format!(
            "graph Mm {{ dims {{ P, Q, M, N, K }} input a: {ty}[{lead}M, K]; weight w: {w}; weight bias: {ty}[N]; \
             output y: {ty}[{lead}M, N]; y = {product}{epilogue}; }}"
        );
        let plan = forge::plan::lower(&forge::parse_graph_source(&src).unwrap(), &[2, 3, m, n, k]).unwrap();
        for (arch, sms) in [((9, 0), 132), ((8, 0), 108), ((7, 5), 40)] {
            // K split over clusters (opt-in, sm_90's 16-bit TMA tiles) asked of every fourth case.
            let k_split = [None, Some(2), Some(3), Some(4)][case % 4];
            let target = CudaTarget { k_split, ..CudaTarget::new(arch, sms) };
            let run = forge::codegen::cuda::weights::as_run(&plan, &target).plan.unwrap_or_else(|| plan.clone());
            let program = emit_program_for(&run, &target).unwrap();
            let variants = program.functions.iter().flatten().filter_map(|f| f.variant.as_deref());
            split_k += variants.filter(|v| v.contains("-k")).count();
            let name = format!("random_product_{case}");
            eprintln!("{name} for {}: {m}x{n}x{k}, {src}", program.arch);
            let ptx = forge::nvrtc_ptx(&program.source, &program.arch).unwrap_or_else(|e| panic!("{name}: {e}"));
            assemble(&name, &program.arch, &ptx);
        }
    }
    assert!(split_k > 0, "some random product splits K over clusters");
}

/// MiniLM at batch 64 with its products forced onto register-A 128×64 (and 128×48) tiles run as persistent
/// grids (`CudaOptions::x3_persistent`, an opt-in): every product takes
/// it on sm_90, and the program compiles and assembles.
#[cfg(feature = "cuda")]
fn cuda_persistent_x3_programs_compile() {
    use forge::codegen::cuda::{emit_program_for, CudaTarget};
    let dims = [64, 30, 30522, 512, 384, 12, 1536, 6];
    let tf32x3 = forge::parse_graph_source(&minilm_source("tf32x3")).unwrap();
    let plan = forge::plan::lower(&tf32x3, &dims).unwrap();
    // 48-wide tiles take it with stages enough for one block an SM.
    for (bm, bn, stages) in [(128, 64, 4), (128, 48, 5)] {
        let target =
            CudaTarget { x3_persistent: true, tma_tile: Some((bm, bn, stages)), ..CudaTarget::new((9, 0), 132) };
        let program = emit_program_for(&plan, &target).unwrap();
        let variants: Vec<&str> = program.functions.iter().flatten().filter_map(|f| f.variant.as_deref()).collect();
        let gemms: Vec<&&str> = variants.iter().filter(|v| v.starts_with("gemm")).collect();
        let want = format!("tma{bm}x{bn}s{stages}-ra-p");
        assert_eq!(gemms.len(), 24, "{variants:?}");
        assert!(gemms.iter().all(|v| v.contains(&want)), "{gemms:?}");
        let ptx = forge::nvrtc_ptx(&program.source, &program.arch).unwrap_or_else(|e| panic!("{want}: {e}"));
        assemble(&format!("minilm_b64_persistent_{bn}"), &program.arch, &ptx);
    }
}

/// A norm that ends a row chain, as in `plan::tests::BERT`: `r = h + a` and
/// `h = layer_norm(r, …)` in one kernel (the norm overwrites what the add reads, so the add is
/// not inlined into it), `h` the next product's A.
#[cfg(feature = "cuda")]
const CHAINED_NORM: &str = "graph ChainedNorm { dims { M, D, F, L }
    input x: f32[M, D]; input a: f32[M, D]; weight g: f32[D]; weight b: f32[D]; weight w: f32[L, F, D];
    weight bias: f32[F]; temp h: f32[M, D]; temp r: f32[M, D]; temp t: f32[M, F]; output y: f32[M, F];
    h = x * 0.5;
    t[m, f] = bias[f];
    for l in 0..L {
        r = h + a;
        h = layer_norm(r, g, b, 1e-5);
        t = t + matmul(h, transpose(w[l]), precision = bf16x3);
    }
    y = t;
}";

/// MiniLM at batch 64 with `precision = bf16x3`: as the CUDA backend runs it on sm_90 and sm_80
/// (`codegen::cuda::weights::as_run`), every product is one bf16 GEMM over split operands (TMA +
/// wgmma on sm_90, mma.sync on sm_80) whose A the kernel before it stores split (the attention,
/// the FFN's up projection, each LayerNorm beside its output: no split kernel is left), the four
/// projection weights are stored split, and the program compiles and assembles; so does
/// [`CHAINED_NORM`]'s.
#[cfg(feature = "cuda")]
fn cuda_bf16x3_programs_compile() {
    use forge::codegen::cuda::{emit_program_for, CudaTarget};
    let source = minilm_source("bf16x3");
    let graph = forge::parse_graph_source(&source).unwrap();
    let dims = [64, 30, 30522, 512, 384, 12, 1536, 6];
    let plan = forge::plan::lower(&graph, &dims).unwrap();
    let chained = forge::plan::lower(&forge::parse_graph_source(CHAINED_NORM).unwrap(), &[1920, 384, 1536, 2]).unwrap();
    for ((arch, sms), kind) in [(((9, 0), 132), "gemm tma"), (((8, 0), 108), "gemm mma")] {
        let target = CudaTarget::new(arch, sms);
        let forge::codegen::cuda::weights::RunPlan { plan: run, stored, origin } =
            forge::codegen::cuda::weights::as_run(&plan, &target);
        let run = run.expect("bf16x3 products split");
        assert_eq!(origin.len(), run.kernels.len());
        let names: Vec<&str> = stored.split.iter().map(|w| plan.buffers[w.buffer].name.as_str()).collect();
        assert_eq!(names, ["qkv_w", "attn_out_w", "ffn_up_w", "ffn_down_w"], "{arch:?}");
        let program = emit_program_for(&run, &target).unwrap();
        let variants: Vec<&str> = program.functions.iter().flatten().filter_map(|f| f.variant.as_deref()).collect();
        let gemms: Vec<&&str> = variants.iter().filter(|v| v.starts_with("gemm")).collect();
        assert_eq!(gemms.len(), 24, "{variants:?}");
        assert!(gemms.iter().all(|v| v.starts_with(kind) && v.ends_with("-bf16x3")), "{arch:?}: {gemms:?}");
        // No split kernel is left: the attention stores the out projection's A split itself,
        // the up projection the down projection's, and each LayerNorm (the embeddings' too) the
        // next product's beside its own output.
        use forge::seed::ir::KernelBody;
        let splits = run.kernels.iter().filter(|k| k.spec.node.ends_with("(bf16x3 split of A)")).count();
        assert_eq!(splits, 0, "{arch:?}");
        let stores = |f: &dyn Fn(&KernelBody) -> bool| run.kernels.iter().filter(|k| f(&k.spec.body)).count();
        let products = stores(&|b| matches!(b, KernelBody::Matmul(m) if m.split_store));
        let attentions = stores(&|b| matches!(b, KernelBody::Attention(a) if a.split_store == Some(384)));
        let norms = stores(&|b| matches!(b, KernelBody::Norm { split: Some(_), .. }));
        assert_eq!((products, attentions, norms), (6, 6, 12), "{arch:?}");
        let vectors = variants.iter().filter(|v| v.contains("16-byte vectors, stored split too")).count();
        assert_eq!(vectors, 12, "{arch:?}: the norms store their splits 8 bytes at a time: {variants:?}");
        if arch == (9, 0) {
            check_snapshot("minilm_b64_bf16x3_sm90.cu", &program.source);
        }
        // A norm that ends a row chain (a residual add, then layer_norm) stores its split too.
        let chained = forge::codegen::cuda::weights::as_run(&chained, &target).plan.expect("the product splits");
        let chained = emit_program_for(&chained, &target).unwrap();
        let variants: Vec<&str> = chained.functions.iter().flatten().filter_map(|f| f.variant.as_deref()).collect();
        assert!(
            variants.iter().any(|v| v.contains("stages") && v.ends_with("the norm stored split too")),
            "{variants:?}"
        );
        let ptx = forge::nvrtc_ptx(&chained.source, &chained.arch).unwrap_or_else(|e| panic!("{arch:?}: {e}"));
        assemble(&format!("chained_norm_bf16x3_{}", chained.arch), &chained.arch, &ptx);
        let ptx = forge::nvrtc_ptx(&program.source, &program.arch).unwrap_or_else(|e| panic!("{arch:?}: {e}"));
        assemble(&format!("minilm_b64_bf16x3_{}", program.arch), &program.arch, &ptx);
    }
}

/// Row ops of every kind with expression inputs and epilogues, and an f16 output (never stored
/// 16 bytes at a time).
#[cfg(feature = "cuda")]
const ROW_OPS: &str = "graph RowOps { dims { R, C }
    input x: f32[R, C]; input y: f32[R, C]; input v: f32[C]; weight g: f32[C]; weight bta: f32[C];
    uniform eps: f32 = 1e-5;
    output sm: f32[R, C]; output smh: f16[R, C]; output rn: f32[R, C]; output ln: f32[R, C];
    output s: f32[R]; output mx: f32[R]; output am: u32[R]; output pr: f32[R]; output mn: f32[R];
    sm = softmax(x * 0.5 + v) + y;
    smh = softmax(x) as f16;
    rn = rms_norm(x, g * 2.0, eps) * 2.0;
    ln = layer_norm(x + y, g, bta, eps);
    s = mean(x * v) + 1.0;
    mx = max(x);
    am = argmax(x - v);
    pr = prod(x * 0.01 + 1.0);
    mn = min(x - v, keepdim = false) * 2.0;
}";

/// Statements over the same rows that chain into one kernel (`tests/row_chains.rs`).
#[cfg(feature = "cuda")]
const ROW_CHAINS: &str = "graph RowChains { dims { R, C }
    input x: f32[R, C]; weight g: f32[C]; uniform eps: f32 = 1e-5;
    temp t1: f32[R, C]; temp t2: f32[R, C]; temp mu: f32[R, 1]; temp d: f32[R, C]; temp var: f32[R, 1];
    temp mx: f32[R, 1]; temp se: f32[R, 1]; temp t3: f32[R, C]; state run: f32[R, C];
    output sm3: f32[R, C]; output hn: f32[R, C]; output ls: f32[R, C];
    t1 = softmax(x); t2 = softmax(t1 * 3.0); sm3 = softmax(t2 - x);
    mu = mean(x, keepdim = true); d = x - mu; var = mean(d * d, keepdim = true); hn = d / sqrt(var + eps) * g;
    mx = max(x, keepdim = true); se = sum(exp(x - mx), keepdim = true); ls = x - mx - log(se);
    t3 = softmax(run + x); run = t3 * 2.0 - x;
}";

/// The row templates' CUDA-C compiles and assembles in every layout they choose: rows packed
/// several to a block (5 and 384 columns: a warp or less a row, shuffles only; 1023: two warps
/// a row, with a partial last chunk), 32 and 64 values a thread (8192, 16384), 16-byte vectors
/// or not, and streamed rows (20000); as row chains (the same layouts, one kernel); and as
/// reductions along a leading axis (strided rows) and over whole tensors (one row).
#[cfg(feature = "cuda")]
fn cuda_row_programs_compile() {
    let graph = forge::parse_graph_source(ROW_OPS).unwrap();
    for dims in [[37, 5], [13, 384], [5, 1023], [2, 8192], [2, 16384], [2, 20000]] {
        cuda_programs(&graph, &dims, "RowOps", true);
    }
    let graph = forge::parse_graph_source(ROW_CHAINS).unwrap();
    for dims in [[37, 5], [13, 384], [5, 1023], [1, 1024], [2, 8192], [2, 16384]] {
        let plan = forge::plan::lower(&graph, &dims).unwrap();
        assert!(plan.kernels.iter().all(|k| k.spec.body.kind() == "rows"), "{dims:?}: row chains");
        cuda_programs(&graph, &dims, "RowChains", true);
    }
    // A leading axis is a row read through strides (long ones streamed); a whole tensor is one
    // row, read directly or through a contiguous copy of a broadcast operand.
    let graph = forge::parse_graph_source(
        "graph Axes { dims { A, B } input x: f32[A, B]; input v: f32[B];
           output s: f32[B]; output m: u32[B]; output t: f32; output w: f32; output am: u32;
           s = sum(x, axis = 0); m = argmax(x, axis = -2); t = mean(x, axis = all);
           w = max(x * v, axis = all); am = argmax(x, axis = all); }",
    )
    .unwrap();
    for dims in [[37, 5], [20000, 3], [400, 300]] {
        cuda_programs(&graph, &dims, "Axes", true);
    }
}

/// Elementwise maps of every element type, with broadcast operands, compile and assemble
/// (16-byte vectors; 16-bit outputs four to an 8-byte store), small and large (17.3M points);
/// so do index-notation reductions.
#[cfg(feature = "cuda")]
fn cuda_map_programs_compile() {
    let graph = forge::parse_graph_source(
        "graph Maps { dims { R, C } input a: f32[R, C]; input b: f32[C]; input n: i32[R, C]; input u: u32[R, C];
           output y: f32[R, C]; output m: i32[R, C]; output v: u32[R, C]; output h: f16[R, C]; output z: bf16[R, C];
           y = a * 2.0 + b - exp(a) + floor(a * 4.0); m = n * 3 + (a as i32); v = u / 7 + 1; h = (a * b) as f16; z = (a - b) as bf16; }",
    )
    .unwrap();
    for dims in [[37, 128], [4229, 4100]] {
        cuda_programs(&graph, &dims, "Maps", true);
    }
    // Every index-notation reduction of f32 and of the integers: a loop per output below 128
    // terms, a block per output with a tree from there.
    let graph = forge::parse_graph_source(
        "graph Reductions { dims { R, C } input a: f32[R, C]; input n: i32[R, C]; input u: u32[R, C];
           output s: f32[R]; output p: f32[R]; output hi: f32[R]; output lo: f32[R]; output mu: f32[R];
           output pn: i32[R]; output ln: i32[R]; output lu: u32[R];
           s[r] = sum(k, a[r, k]); p[r] = prod(k, a[r, k]); hi[r] = max(k, a[r, k]); lo[r] = min(k, floor(a[r, k]));
           mu[r] = mean(k, a[r, k]); pn[r] = prod(k, n[r, k]); ln[r] = min(k, n[r, k]); lu[r] = min(k, u[r, k]); }",
    )
    .unwrap();
    for dims in [[37, 5], [13, 1000]] {
        cuda_programs(&graph, &dims, "Reductions", true);
    }
}

/// Products (alone, and a folded norm's pair) and gathers over the GGUF block formats, at
/// decode and prefill shapes, compiled
/// (NVRTC, then ptxas) for sm_90, sm_80 and sm_75.
#[cfg(feature = "cuda")]
fn cuda_quant_programs_compile() {
    for elem in ["q4_0", "q4_1", "q8_0"] {
        let src = format!(
            "graph Q {{ dims {{ M, K, N, V }} input a: f32[M, K]; input ids: u32[M]; weight w: {elem}[N, K]; \
             weight w2: {elem}[N, K]; weight g: f32[K]; weight wk: {elem}[K, N]; weight emb: {elem}[V, K]; \
             output y: f32[M, N]; output z: f32[M, N]; output e: f32[M, K]; output p: f32[M, N]; temp h: f32[M, K]; \
             y = silu(matmul(a, transpose(w))); z = matmul(a, wk) + 1.0; e[m, k] = emb[ids[m], k]; \
             h = rms_norm(a, g, 0.00001); p = silu(matmul(h, transpose(w))) * matmul(h, transpose(w2)); }}"
        );
        let graph = forge::parse_graph_source(&src).unwrap();
        for dims in [[1, 576, 1536, 100], [64, 576, 192, 100]] {
            cuda_programs(&graph, &dims, &format!("quant {elem}"), true);
        }
    }
}

/// The GGUF Llama (SmolLM2's shapes, two layers) as CUDA runs it on sm_90 and sm_80, compiled
/// and assembled: a 512-token prompt's attention scores take the tensor cores at tf32x3 (TMA +
/// wgmma on sm_90), a one-token step's stay on the decode kernels.
#[cfg(feature = "cuda")]
fn cuda_llama_programs_compile() {
    use forge::codegen::cuda::{emit_program_for, weights::as_run, CudaTarget};
    let graph = LlamaGguf::graph().unwrap();
    for t in [512, 1] {
        let plan = forge::plan::lower(&graph, &[t, 1024, 49152, 576, 9, 3, 2, 1536]).unwrap();
        for (arch, sms) in [((9, 0), 132), ((8, 0), 108)] {
            let target = CudaTarget::new(arch, sms);
            let run = as_run(&plan, &target).plan.unwrap_or_else(|| plan.clone());
            let program = emit_program_for(&run, &target).unwrap();
            let name = format!("llama T={t} {}", program.arch);
            let scores: Vec<&str> = run
                .kernels
                .iter()
                .zip(&program.functions)
                .filter(|(k, _)| k.spec.node.starts_with("scores ="))
                .filter_map(|(_, f)| f.as_ref().and_then(|f| f.variant.as_deref()))
                .collect();
            eprintln!("{name}: {scores:?}");
            let tensor = scores.iter().filter(|v| v.ends_with("-3xtf32")).count();
            assert_eq!(tensor, if t > 8 { 2 } else { 0 }, "{name}: {scores:?}");
            let ptx = forge::nvrtc_ptx(&program.source, &program.arch).unwrap_or_else(|e| panic!("{name}: {e}"));
            assemble(&name.replace([' ', '='], "_"), &program.arch, &ptx);
        }
    }
}

/// A decoding attention as statements (grouped-query heads, the mask computed from the
/// position, the heads merged) folded into chunks of keys and their combination, as wgpu lowers
/// it (`Fusion::attention`): two attention kernels, the head merge in the second's store.
fn decode_attention_chunks_plan() -> forge::seed::ir::Plan {
    let graph = forge::parse_graph_source(
        "graph DecodeAttentionChunks { dims { T, S, KV, G, E }
        input q: f32[KV, G, T, E]; input cache: f32[2, KV, 1, S, E]; uniform pos: u32;
        temp mask: f32[T, S]; temp scores: f32[KV, G, T, S]; temp probs: f32[KV, G, T, S];
        temp ctx: f32[KV, G, T, E]; output merged: f32[T, KV, G, E];
        mask[t, j] = select(j <= pos + t, 0.0, -inf);
        scores = select(mask == 0.0, matmul(q, transpose(cache[0])) * rsqrt(E as f32), -inf);
        probs = softmax(scores);
        ctx = matmul(probs, cache[1]);
        merged = permute(ctx, 2, 0, 1, 3); }",
    )
    .unwrap();
    let target = forge::plan::Target { decoding_attention: true, ..Default::default() };
    let plan = forge::plan::lower_with(&graph, &[1, 1024, 3, 3, 64], &forge::Fusion::default(), &target).unwrap();
    let kinds: Vec<&str> = plan.kernels.iter().map(|k| k.spec.body.kind()).collect();
    assert_eq!(kinds, ["attention", "attention"]);
    plan
}

fn decode_attention_chunks_codegen() {
    let plan = decode_attention_chunks_plan();
    let wgsl = forge::plan::source_of(&plan, Target::Wgsl).unwrap();
    for k in &wgsl.kernels {
        forge::codegen::wgsl::validate(&k.code).unwrap_or_else(|e| panic!("{}: {e}\n{}", k.entry, k.code));
    }
    check_snapshot("decode_attention_chunks.wgsl", &wgsl.to_string());
    let cuda = forge::plan::source_of(&plan, Target::CudaC).unwrap();
    check_snapshot("decode_attention_chunks.cu", &cuda.to_string());
}

fn decode_attention_chunks_ptx_assembles() {
    let ptx = forge::plan::source_of(&decode_attention_chunks_plan(), Target::Ptx).unwrap();
    for (i, k) in ptx.kernels.iter().enumerate() {
        for arch in ["sm_80", "sm_90"] {
            assemble(&format!("decode_attention_chunks_{i}"), arch, &k.code);
        }
    }
}

/// A prompt's attention as statements at `tf32x3` (the mask computed from the position), as the
/// CUDA backend lowers it on sm_90 (`Fusion::prompt_attention`: one attention on tensor cores
/// that computes the mask itself): 100 rows over 300 keys (a partial row block and key tile), 512
/// over 1,024 (keys split over a cluster of 4), and 64 over 96 at `tf32` (three tiles: one block
/// a row block); the first snapshotted, each
/// through NVRTC and ptxas for sm_90. Then the GGUF Llama's 512-token prompt (two layers): each layer's
/// attention takes it, and the mask's kernel is gone.
#[cfg(feature = "cuda")]
fn cuda_prompt_attention_compiles() {
    use forge::codegen::cuda::{emit_program_for, weights::as_run, CudaTarget};
    const SRC: &str = "graph PromptAttention { dims { T, S, KV, G, E }
        input q: f32[KV, G, T, E]; input cache: f32[2, KV, 1, S, E]; uniform pos: u32;
        temp mask: f32[T, S]; temp scores: f32[KV, G, T, S]; temp probs: f32[KV, G, T, S];
        output ctx: f32[KV, G, T, E];
        mask[t, j] = select(j <= pos + t, 0.0, -inf);
        scores = select(mask == 0.0, matmul(q, transpose(cache[0]), precision = tf32x3) * rsqrt(E as f32), -inf);
        probs = softmax(scores);
        ctx = matmul(probs, cache[1], precision = tf32x3) * 0.5; }";
    let target = forge::plan::Target { prompt_attention: true, ..Default::default() };
    let tf32 = SRC.replace("tf32x3", "tf32");
    let cases = [
        (
            SRC,
            [100, 300, 3, 3, 64],
            "tensor cores (tf32x3), 64 query rows x 32 keys at a time (128 threads, keys split over 4 blocks)",
        ),
        (SRC, [512, 1024, 3, 3, 64], "(128 threads, keys split over 4 blocks)"),
        (&tf32, [64, 96, 1, 2, 32], "tensor cores (tf32), 64 query rows x 32 keys at a time (128 threads)"),
    ];
    for (n, (src, dims, variant)) in cases.into_iter().enumerate() {
        let plan = forge::plan::lower_for_target(&forge::parse_graph_source(src).unwrap(), &dims, &target).unwrap();
        let program = emit_program_for(&plan, &CudaTarget::sm90()).unwrap();
        let variants: Vec<&str> = program.functions.iter().flatten().filter_map(|f| f.variant.as_deref()).collect();
        assert_eq!(plan.kernels.len(), 1, "{dims:?}: {variants:?}");
        assert!(variants[0].ends_with(variant), "{dims:?}: {variants:?}");
        if n == 0 {
            check_snapshot("prompt_attention.cu", &program.source);
        }
        let ptx = forge::nvrtc_ptx(&program.source, &program.arch).unwrap_or_else(|e| panic!("{dims:?}: {e}"));
        assemble(&format!("prompt_attention_{n}"), &program.arch, &ptx);
    }
    let graph = LlamaGguf::graph().unwrap();
    let plan = forge::plan::lower_for_target(&graph, &[512, 1024, 49152, 576, 9, 3, 2, 1536], &target).unwrap();
    let sm90 = CudaTarget::sm90();
    let run = as_run(&plan, &sm90).plan.unwrap_or_else(|| plan.clone());
    let program = emit_program_for(&run, &sm90).unwrap();
    let attentions = program.functions.iter().flatten().filter_map(|f| f.variant.as_deref());
    // Two layers in these dims.
    assert_eq!(attentions.filter(|v| v.starts_with("tensor cores (tf32x3)")).count(), 2);
    let mask_kernels = run.kernels.iter().filter(|k| k.spec.body.kind() == "index" && k.spec.node.starts_with("mask["));
    assert_eq!(mask_kernels.count(), 0, "the mask is computed inside");
}

fn main() {
    let args = Arguments::from_args();
    // Without the `cuda` feature nothing is added below.
    #[allow(unused_mut)]
    let mut plain: Vec<(&str, fn())> = vec![
        ("mlp_block_codegen", mlp_block_codegen),
        ("particles_codegen", particles_codegen),
        ("heat_codegen", heat_codegen),
        ("minilm_codegen", minilm_codegen),
        ("gpt2_cached_codegen", gpt2_cached_codegen),
        ("gpt2_q8_cached_codegen", gpt2_q8_cached_codegen),
        ("llama_gguf_codegen", llama_gguf_codegen),
        ("remainder_codegen", remainder_codegen),
        ("reductions_codegen", reductions_codegen),
        ("cnn_codegen", cnn_codegen),
        ("decode_attention_codegen", decode_attention_codegen),
        ("decode_attention_chunks_codegen", decode_attention_chunks_codegen),
    ];
    #[allow(unused_mut)]
    let mut ptx: Vec<(&str, fn())> = vec![
        ("mlp_block_ptx_assembles", mlp_block_ptx_assembles),
        ("particles_ptx_assembles", particles_ptx_assembles),
        ("heat_ptx_assembles", heat_ptx_assembles),
        ("minilm_ptx_assembles", minilm_ptx_assembles),
        ("gpt2_cached_ptx_assembles", gpt2_cached_ptx_assembles),
        ("gpt2_q8_cached_ptx_assembles", gpt2_q8_cached_ptx_assembles),
        ("remainder_ptx_assembles", remainder_ptx_assembles),
        ("reductions_ptx_assembles", reductions_ptx_assembles),
        ("cnn_ptx_assembles", cnn_ptx_assembles),
        ("decode_attention_chunks_ptx_assembles", decode_attention_chunks_ptx_assembles),
    ];
    #[cfg(feature = "cuda")]
    {
        plain.push(("cuda_gemm_choices", || cuda_gemm_programs(false)));
        ptx.push(("cuda_gemm_programs_compile", || cuda_gemm_programs(true)));
        ptx.push(("cuda_row_programs_compile", cuda_row_programs_compile));
        ptx.push(("cuda_map_programs_compile", cuda_map_programs_compile));
        ptx.push(("cuda_persistent_x3_programs_compile", cuda_persistent_x3_programs_compile));
        ptx.push(("cuda_bf16x3_programs_compile", cuda_bf16x3_programs_compile));
        ptx.push(("cuda_tile_picks_compile", cuda_tile_picks_compile));
        ptx.push(("cuda_random_products_compile", cuda_random_products_compile));
        ptx.push(("cuda_quant_programs_compile", cuda_quant_programs_compile));
        ptx.push(("cuda_llama_programs_compile", cuda_llama_programs_compile));
        ptx.push(("cuda_decode_attention_compiles", cuda_decode_attention_compiles));
        ptx.push(("cuda_conv_windows_compile", cuda_conv_windows_compile));
        ptx.push(("cuda_prompt_attention_compiles", cuda_prompt_attention_compiles));
    }
    let tools = toolchain();
    let required = std::env::var_os("FORGE_REQUIRE_NVRTC").is_some();
    if let Err(reason) = &tools {
        let what = if required { "FAILED (FORGE_REQUIRE_NVRTC is set)" } else { "ignored" };
        eprintln!("NVRTC/ptxas: not available here ({reason}); {} tests {what}", ptx.len());
    }
    let mut trials: Vec<Trial> = plain.into_iter().map(|(name, f)| Trial::test(name, move || common::run(f))).collect();
    for (name, f) in ptx {
        let tools = tools.clone();
        let ignored = tools.is_err() && !required;
        let trial = Trial::test(name, move || match tools {
            Ok(()) => common::run(f),
            Err(reason) => Err(Failed::from(format!("NVRTC/ptxas missing: {reason}"))),
        });
        trials.push(trial.with_ignored_flag(ignored));
    }
    libtest_mimic::run(&args, trials).exit();
}
