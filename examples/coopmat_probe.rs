//! Cooperative-matrix probe on wgpu: an f16 product `C[N,N] = A[N,N] · B[N,N]` (f32 accumulate)
//! written directly with WGSL cooperative matrices (16×16×16 tiles; 4 subgroups of 32 lanes a
//! workgroup, each owning 32×32 of C and loading its tiles straight from storage), on a
//! `WgpuComputeContext::new_for_coopmat` context, where the adapter lists that combination.
//! Prints the median device time of 10 dispatches (GPU timestamps), the TFLOP/s, and the largest
//! error of 256 sampled outputs against an f64 reference. Not a Forge lowering yet: the first
//! measurement of what this path gives, and the shape a lowering would take.
//!
//! `cargo run --release --example coopmat_probe -- [N]` (N a multiple of 64; default 4096)

use forge::wgpu::CooperativeScalarType as Scalar;
use forge::{BindingUsage, GraphPass, WgpuComputeContext};

fn kernel(n: usize) -> String {
    format!(
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
    let row0 = wg.y * 64u + (sg / 2u) * 32u;
    let col0 = wg.x * 64u + (sg % 2u) * 32u;
    var c00 = coopLoadT<coop_mat16x16<f32, C>>(&z[0], 16u);
    var c01 = c00;
    var c10 = c00;
    var c11 = c00;
    for (var k = 0u; k < N; k += 16u) {{
        let a0 = coopLoadT<coop_mat16x16<f16, A>>(&a[row0 * N + k], N);
        let a1 = coopLoadT<coop_mat16x16<f16, A>>(&a[(row0 + 16u) * N + k], N);
        let b0 = coopLoadT<coop_mat16x16<f16, B>>(&b[k * N + col0], N);
        let b1 = coopLoadT<coop_mat16x16<f16, B>>(&b[k * N + col0 + 16u], N);
        c00 = coopMultiplyAdd(a0, b0, c00);
        c01 = coopMultiplyAdd(a0, b1, c01);
        c10 = coopMultiplyAdd(a1, b0, c10);
        c11 = coopMultiplyAdd(a1, b1, c11);
    }}
    coopStoreT(c00, &c[row0 * N + col0], N);
    coopStoreT(c01, &c[row0 * N + col0 + 16u], N);
    coopStoreT(c10, &c[(row0 + 16u) * N + col0], N);
    coopStoreT(c11, &c[(row0 + 16u) * N + col0 + 16u], N);
}}
"
    )
}

fn main() -> forge::Result<()> {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(4096);
    if n == 0 || n % 64 != 0 {
        return Err(forge::Error::InvalidArgument {
            argument: "N".into(),
            reason: format!("{n} is not a multiple of 64"),
        });
    }
    // naga validates the kernel on any machine, before an adapter is looked for.
    forge::lower::wgsl::validate(&kernel(n))
        .map_err(|log| forge::Error::ShaderCompile { entry: "gemm".into(), log })?;
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
    let c_bytes = (n * n * 4) as u64;
    ctx.reserve_transient(1024, c_bytes)?;
    let vz = ctx.allocate_and_write(&[0u8; 1024], 2, 0, BindingUsage::StorageRead)?;
    let vc = ctx.allocate_and_write(&vec![0xFFu8; n * n * 4], 3, 0, BindingUsage::StorageReadWrite)?;
    let pipeline = ctx.compile_pipeline(&kernel(n), "gemm")?;
    let bind_group = ctx.create_compute_bind_group(&pipeline, &[va, vb, vz, vc])?;
    let groups = (n / 64) as u32;
    let pass =
        GraphPass::Dispatch { label: "coopmat gemm".into(), pipeline, bind_group, workgroups: [groups, groups, 1] };
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
    match run.pass_ns {
        Some(mut ns) => {
            ns.sort_unstable();
            let t = ns[ns.len() / 2] as f64;
            let tflops = 2.0 * (n as f64).powi(3) / t / 1e3;
            println!("coopmat f16 {n}^3: {:.1} us, {tflops:.2} TFLOP/s; largest error {worst:.3e} (largest value {scale:.2})", t / 1e3);
        }
        None => {
            println!("coopmat f16 {n}^3: no GPU timestamps here; largest error {worst:.3e} (largest value {scale:.2})")
        }
    }
    Ok(())
}
