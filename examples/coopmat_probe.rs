//! Cooperative-matrix probe on wgpu: an f16 product `C[N,N] = A[N,N] · B[N,N]` (f32 accumulate)
//! written directly with WGSL cooperative matrices (16×16×16 tiles; 4 subgroups of 32 lanes a
//! workgroup, 2 × 2, each owning TM × TN tiles of C and loading its operands straight from
//! storage), on a `WgpuComputeContext::new_for_coopmat` context, where the adapter lists that
//! combination. Prints the median device time of 10 dispatches (GPU timestamps), the TFLOP/s,
//! and the largest error of 256 sampled outputs against an f64 reference. Not a Forge lowering
//! yet: the first measurement of what this path gives, and the shape a lowering would take.
//!
//! `cargo run --release --example coopmat_probe -- [N [TM TN]]` (default 4096 2 2: a 64×64
//! workgroup tile; N a multiple of the 32·TM × 32·TN workgroup tile, TM and TN 1 to 4)

use forge::wgpu::CooperativeScalarType as Scalar;
use forge::{BindingUsage, GraphPass, WgpuComputeContext};
use std::fmt::Write as _;

/// The kernel for `n`: 4 subgroups a workgroup (2 × 2), each owning `tm × tn` 16×16 tiles.
fn kernel(n: usize, tm: usize, tn: usize) -> String {
    let mut s = format!(
        "enable f16;
enable wgpu_cooperative_matrix;
@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read> b: array<f16>;
@group(0) @binding(2) var<storage, read> z: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
const N: u32 = {n}u;
@compute @workgroup_size(128)
fn gemm(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {{
    let sg = lid / 32u;
    let row0 = wg.y * {}u + (sg / 2u) * {}u;
    let col0 = wg.x * {}u + (sg % 2u) * {}u;
    let zero = coopLoadT<coop_mat16x16<f32, C>>(&z[0], 16u);
",
        32 * tm,
        16 * tm,
        32 * tn,
        16 * tn
    );
    let tiles = || (0..tm).flat_map(move |i| (0..tn).map(move |j| (i, j)));
    for (i, j) in tiles() {
        let _ = writeln!(s, "    var c{i}{j} = zero;");
    }
    s.push_str("    for (var k = 0u; k < N; k += 16u) {\n");
    for i in 0..tm {
        let _ =
            writeln!(s, "        let a{i} = coopLoadT<coop_mat16x16<f16, A>>(&a[(row0 + {}u) * N + k], N);", 16 * i);
    }
    for j in 0..tn {
        let _ = writeln!(s, "        let b{j} = coopLoadT<coop_mat16x16<f16, B>>(&b[k * N + col0 + {}u], N);", 16 * j);
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

fn main() -> forge::Result<()> {
    let arg = |i: usize, default: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (n, tm, tn) = (arg(1, 4096), arg(2, 2), arg(3, 2));
    let (wm, wn) = (32 * tm, 32 * tn);
    if !(1..=4).contains(&tm) || !(1..=4).contains(&tn) || n == 0 || n % wm != 0 || n % wn != 0 {
        return Err(forge::Error::InvalidArgument {
            argument: "N TM TN".into(),
            reason: format!("TM = {tm} and TN = {tn} must be 1 to 4, N = {n} a multiple of the {wm}x{wn} tile"),
        });
    }
    let source = kernel(n, tm, tn);
    // naga validates the kernel on any machine, before an adapter is looked for.
    forge::lower::wgsl::validate(&source).map_err(|log| forge::Error::ShaderCompile { entry: "gemm".into(), log })?;
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
    let what = format!("coopmat f16 {n}^3, {wm}x{wn} a workgroup");
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
