//! Cooperative-matrix probe on wgpu: an f16 product `C[N,N] = A[N,N] · B[N,N]` (f32 accumulate)
//! written directly with WGSL cooperative matrices (16×16×16 tiles; SGM × SGN subgroups of 32
//! lanes a workgroup, each owning TM × TN tiles of C and loading its operands straight from
//! storage), on a `WgpuComputeContext::new_for_coopmat` context, where the adapter lists that
//! combination. Prints the median device time of 10 dispatches (GPU timestamps), the TFLOP/s,
//! and the largest error of 256 sampled outputs against an f64 reference: the shapes Forge's
//! lowering (`matmul_coop`) chooses between are measured here first.
//!
//! `cargo run --release --example coopmat_probe -- [N [TM TN [MODE [SGM SGN]]]]`
//! (default 4096 2 2 plain 2 2: a 64×64 workgroup tile; N a multiple of the 16·TM·SGM ×
//! 16·TN·SGN workgroup tile, each count 1 to 4; MODE `plain`, `packed`, `staged` or `staged1`,
//! see [`Mode`])

use forge::wgpu::CooperativeScalarType as Scalar;
use forge::{BindingUsage, GraphPass, WgpuComputeContext};
use std::fmt::Write as _;

/// How the probe's kernel is laid out.
#[derive(Clone, Copy)]
struct Shape {
    n: usize,
    /// 16×16 tiles a subgroup owns along M and N.
    tm: usize,
    tn: usize,
    /// Subgroups a workgroup has along M and N.
    sgm: usize,
    sgn: usize,
    mode: Mode,
}

/// Where the subgroups load their operand tiles from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Straight from storage bound as `array<f16>`.
    Plain,
    /// Straight from storage bound as `array<vec4<u32>>` (8 f16 a 16-byte element, the stride
    /// in those units). NVIDIA's driver (580) fails to compile this (`NVVM compilation failed`).
    Packed,
    /// From workgroup memory: each 32-deep slice of A and B is read from storage as 16-byte
    /// vectors (the next slice's while this one multiplies) and stored as `vec4<f16>`
    /// (`Staged`) or as single f16 (`StagedScalar`).
    Staged,
    StagedScalar,
}

/// The kernel: `sgm × sgn` subgroups a workgroup, each owning `tm × tn` 16×16 tiles.
fn kernel(p: Shape) -> String {
    let Shape { n, tm, tn, sgm, sgn, mode } = p;
    if matches!(mode, Mode::Staged | Mode::StagedScalar) {
        return staged_kernel(p);
    }
    let (elem, unit) = if mode == Mode::Packed { ("vec4<u32>", 8) } else { ("f16", 1) };
    let mut s = format!(
        "enable f16;
enable wgpu_cooperative_matrix;
@group(0) @binding(0) var<storage, read> a: array<{elem}>;
@group(0) @binding(1) var<storage, read> b: array<{elem}>;
@group(0) @binding(2) var<storage, read> z: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
const N: u32 = {n}u;
@compute @workgroup_size({})
fn gemm(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {{
    let sg = lid / 32u;
    let row0 = wg.y * {}u + (sg / {sgn}u) * {}u;
    let col0 = wg.x * {}u + (sg % {sgn}u) * {}u;
    let zero = coopLoadT<coop_mat16x16<f32, C>>(&z[0], 16u);
",
        32 * sgm * sgn,
        16 * tm * sgm,
        16 * tm,
        16 * tn * sgn,
        16 * tn
    );
    let tiles = || (0..tm).flat_map(move |i| (0..tn).map(move |j| (i, j)));
    for (i, j) in tiles() {
        let _ = writeln!(s, "    var c{i}{j} = zero;");
    }
    s.push_str("    for (var k = 0u; k < N; k += 16u) {\n");
    for i in 0..tm {
        let _ = writeln!(
            s,
            "        let a{i} = coopLoadT<coop_mat16x16<f16, A>>(&a[((row0 + {}u) * N + k) / {unit}u], N / {unit}u);",
            16 * i
        );
    }
    for j in 0..tn {
        let _ = writeln!(
            s,
            "        let b{j} = coopLoadT<coop_mat16x16<f16, B>>(&b[(k * N + col0 + {}u) / {unit}u], N / {unit}u);",
            16 * j
        );
    }
    for (i, j) in tiles() {
        let _ = writeln!(s, "        c{i}{j} = coopMultiplyAdd(a{i}, b{j}, c{i}{j});");
    }
    s.push_str("    }\n");
    for (i, j) in tiles() {
        let _ = writeln!(s, "    coopStoreT(c{i}{j}, &c[(row0 + {}u) * N + col0 + {}u], N);", 16 * i, 16 * j);
    }
    s.push_str("}\n");
    s
}

/// Depth of one staged slice.
const BK: usize = 32;

/// [`Mode::Staged`] / [`Mode::StagedScalar`]: the workgroup tile's A (`wm × 32`) and B
/// (`32 × wn`) slices go through workgroup memory, rows padded by 8 f16.
fn staged_kernel(p: Shape) -> String {
    let Shape { n, tm, tn, sgm, sgn, mode } = p;
    let (wm, wn, threads) = (16 * tm * sgm, 16 * tn * sgn, 32 * sgm * sgn);
    // In units of the workgroup arrays' element (vec4<f16>: 4 f16, or f16).
    let unit = if mode == Mode::Staged { 4 } else { 1 };
    let elem = if mode == Mode::Staged { "vec4<f16>" } else { "f16" };
    let (sa_row, sb_row) = ((BK + 8) / unit, (wn + 8) / unit);
    // 16-byte chunks (8 f16) of each slice, and how many each invocation moves.
    let (a_chunks, b_chunks) = (wm * BK / 8, BK * wn / 8);
    let (a_per, b_per) = (a_chunks / threads, b_chunks / threads);
    let mut s = format!(
        "enable f16;
enable wgpu_cooperative_matrix;
@group(0) @binding(0) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read> z: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
var<workgroup> sa: array<{elem}, {}>;
var<workgroup> sb: array<{elem}, {}>;
const N: u32 = {n}u;
@compute @workgroup_size({threads})
fn gemm(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {{
    let sg = lid / 32u;
    let m0 = wg.y * {wm}u;
    let n0 = wg.x * {wn}u;
    let sm = (sg / {sgn}u) * {}u;
    let sn = (sg % {sgn}u) * {}u;
    let zero = coopLoadT<coop_mat16x16<f32, C>>(&z[0], 16u);
",
        wm * sa_row,
        BK * sb_row,
        16 * tm,
        16 * tn
    );
    let tiles = || (0..tm).flat_map(move |i| (0..tn).map(move |j| (i, j)));
    for (i, j) in tiles() {
        let _ = writeln!(s, "    var c{i}{j} = zero;");
    }
    // Global 16-byte chunk q of this invocation for the slice at k0.
    let a_at = |q: usize, k0: &str| {
        let e = format!("(lid + {}u)", q * threads);
        format!("a[((m0 + {e} / 4u) * N + {k0} + ({e} % 4u) * 8u) / 8u]")
    };
    let b_per_row = wn / 8;
    let b_at = |q: usize, k0: &str| {
        let e = format!("(lid + {}u)", q * threads);
        format!("b[(({k0} + {e} / {b_per_row}u) * N + n0 + ({e} % {b_per_row}u) * 8u) / 8u]")
    };
    for q in 0..a_per {
        let _ = writeln!(s, "    var ra{q} = {};", a_at(q, "0u"));
    }
    for q in 0..b_per {
        let _ = writeln!(s, "    var rb{q} = {};", b_at(q, "0u"));
    }
    let _ = writeln!(s, "    for (var k0 = 0u; k0 < N; k0 += {BK}u) {{");
    // Store chunk `v` at f16 offset `at` (a multiple of 8) of array `arr`.
    let store = |s: &mut String, arr: &str, at: String, v: &str| {
        if mode == Mode::Staged {
            // f16 → f32 → f16 is exact (naga has no size-changing bitcast to f16 vectors).
            let _ = writeln!(
                s,
                "        {arr}[({at}) / 4u] = vec4<f16>(vec4<f32>(unpack2x16float({v}.x), unpack2x16float({v}.y)));"
            );
            let _ = writeln!(s, "        {arr}[({at}) / 4u + 1u] = vec4<f16>(vec4<f32>(unpack2x16float({v}.z), unpack2x16float({v}.w)));");
        } else {
            for (h, part) in ["x", "y", "z", "w"].iter().enumerate() {
                let _ = writeln!(
                    s,
                    "        {{ let h = vec2<f16>(unpack2x16float({v}.{part})); {arr}[{at} + {}u] = h.x; {arr}[{at} + {}u] = h.y; }}",
                    2 * h,
                    2 * h + 1
                );
            }
        }
    };
    for q in 0..a_per {
        let e = format!("(lid + {}u)", q * threads);
        store(&mut s, "sa", format!("({e} / 4u) * {}u + ({e} % 4u) * 8u", BK + 8), &format!("ra{q}"));
    }
    for q in 0..b_per {
        let e = format!("(lid + {}u)", q * threads);
        store(
            &mut s,
            "sb",
            format!("({e} / {b_per_row}u) * {}u + ({e} % {b_per_row}u) * 8u", wn + 8),
            &format!("rb{q}"),
        );
    }
    s.push_str("        workgroupBarrier();\n");
    let _ = writeln!(s, "        if (k0 + {BK}u < N) {{");
    for q in 0..a_per {
        let _ = writeln!(s, "            ra{q} = {};", a_at(q, &format!("k0 + {BK}u")));
    }
    for q in 0..b_per {
        let _ = writeln!(s, "            rb{q} = {};", b_at(q, &format!("k0 + {BK}u")));
    }
    s.push_str("        }\n");
    for kk in 0..BK / 16 {
        for i in 0..tm {
            let _ = writeln!(
                s,
                "        let a{kk}_{i} = coopLoadT<coop_mat16x16<f16, A>>(&sa[((sm + {}u) * {}u + {}u) / {unit}u], {sa_row}u);",
                16 * i,
                BK + 8,
                16 * kk
            );
        }
        for j in 0..tn {
            let _ = writeln!(
                s,
                "        let b{kk}_{j} = coopLoadT<coop_mat16x16<f16, B>>(&sb[({}u * {}u + sn + {}u) / {unit}u], {sb_row}u);",
                16 * kk,
                wn + 8,
                16 * j
            );
        }
        for (i, j) in tiles() {
            let _ = writeln!(s, "        c{i}{j} = coopMultiplyAdd(a{kk}_{i}, b{kk}_{j}, c{i}{j});");
        }
    }
    s.push_str("        workgroupBarrier();\n    }\n");
    for (i, j) in tiles() {
        let _ = writeln!(s, "    coopStoreT(c{i}{j}, &c[(m0 + sm + {}u) * N + n0 + sn + {}u], N);", 16 * i, 16 * j);
    }
    s.push_str("}\n");
    s
}

fn main() -> forge::Result<()> {
    let arg = |i: usize, default: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (n, tm, tn) = (arg(1, 4096), arg(2, 2), arg(3, 2));
    let mode = match std::env::args().nth(4).as_deref() {
        Some("packed") => Mode::Packed,
        Some("staged") => Mode::Staged,
        Some("staged1") => Mode::StagedScalar,
        _ => Mode::Plain,
    };
    let (sgm, sgn) = (arg(5, 2), arg(6, 2));
    let (wm, wn) = (16 * tm * sgm, 16 * tn * sgn);
    let threads = 32 * sgm * sgn;
    let sizes_ok = (1..=4).contains(&tm) && (1..=4).contains(&tn) && (1..=4).contains(&sgm) && (1..=4).contains(&sgn);
    // Staged: every invocation moves whole 16-byte chunks of each slice.
    let staged = matches!(mode, Mode::Staged | Mode::StagedScalar);
    let sizes_ok =
        sizes_ok && (!staged || ((wm * BK / 8).is_multiple_of(threads) && (BK * wn / 8).is_multiple_of(threads)));
    if !sizes_ok || n == 0 || n % wm != 0 || n % wn != 0 {
        return Err(forge::Error::InvalidArgument {
            argument: "N TM TN [plain|packed|staged|staged1] [SGM SGN]".into(),
            reason: format!(
                "TM = {tm}, TN = {tn}, SGM = {sgm}, SGN = {sgn} must be 1 to 4, N = {n} a multiple of the {wm}x{wn} tile"
            ),
        });
    }
    let source = kernel(Shape { n, tm, tn, sgm, sgn, mode });
    // naga validates the kernel on any machine, before an adapter is looked for.
    forge::codegen::wgsl::validate(&source).map_err(|log| forge::Error::ShaderCompile { entry: "gemm".into(), log })?;
    let mut ctx = WgpuComputeContext::new_for_coopmat(1 << 20)?;
    println!("{}: cooperative matrices {:?}", ctx.adapter(), ctx.cooperative_matrix_properties());
    if !ctx.supports_cooperative_matrix((16, 16, 16), Scalar::F16, Scalar::F32) {
        println!("skipped: the adapter lists no f16 16x16x16 cooperative matrix with an f32 accumulator");
        return Ok(());
    }
    let mut rng = fastrand::Rng::with_seed(7);
    let a: Vec<f32> = (0..n * n).map(|_| rng.f32() * 2.0 - 1.0).collect();
    let b: Vec<f32> = (0..n * n).map(|_| rng.f32() * 2.0 - 1.0).collect();
    let f16s = |v: &[f32]| -> Vec<u8> { v.iter().flat_map(|x| forge::f16::from_f32(*x).to_le_bytes()).collect() };
    // The reference multiplies the f16-rounded inputs, as the tensor cores do.
    let round = |v: &[f32]| -> Vec<f32> { v.iter().map(|x| forge::f16::from_f32(*x).to_f32()).collect() };
    let (ar, br) = (round(&a), round(&b));
    let va = ctx.allocate_weight(&f16s(&a), 0, 0)?;
    let vb = ctx.allocate_weight(&f16s(&b), 1, 0)?;
    ctx.reserve_transient(1024, (n * n * 4) as u64)?;
    let vz = ctx.allocate_and_write(&[0u8; 1024], 2, 0, BindingUsage::StorageRead)?;
    let vc = ctx.allocate_and_write(&vec![0xFFu8; n * n * 4], 3, 0, BindingUsage::StorageReadWrite)?;
    let pipeline = ctx.compile_pipeline(&source, "gemm")?;
    let bind_group = ctx.create_compute_bind_group(&pipeline, &[va, vb, vz, vc])?;
    let workgroups = [(n / wn) as u32, (n / wm) as u32, 1];
    let pass = GraphPass::Dispatch { label: "coopmat gemm".into(), pipeline, bind_group, workgroups };
    ctx.submit_graph(std::slice::from_ref(&pass))?;
    let run = ctx.submit_graph_readback(&vec![pass; 10], &[])?;
    let got = ctx.read_buffer_f32(&vc)?;
    let mut worst = 0f64;
    let mut scale = 0f64;
    for s in 0..256 {
        let (i, j) = ((s * 7919) % n, (s * 104_729) % n);
        let want: f64 = (0..n).map(|k| ar[i * n + k] as f64 * br[k * n + j] as f64).sum();
        worst = worst.max((got[i * n + j] as f64 - want).abs());
        scale = scale.max(want.abs());
    }
    let what = format!("coopmat f16 {n}^3, {wm}x{wn} a workgroup of {sgm}x{sgn} subgroups, {mode:?}");
    match run.pass_ns {
        Some(mut ns) => {
            ns.sort_unstable();
            let t = ns[ns.len() / 2] as f64;
            let tflops = 2.0 * (n as f64).powi(3) / t / 1e3;
            println!(
                "{what}: {:.1} us, {tflops:.2} TFLOP/s; largest error {worst:.3e} (largest value {scale:.2})",
                t / 1e3
            );
        }
        None => println!("{what}: no GPU timestamps here; largest error {worst:.3e} (largest value {scale:.2})"),
    }
    Ok(())
}
