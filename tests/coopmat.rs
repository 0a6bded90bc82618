//! `WgpuComputeContext::new_for_coopmat` (the seed API's cooperative-matrix path): on an adapter
//! that lists f16 16×16×16 products with an f32 accumulator, a WGSL kernel using them runs and
//! is exact on small integers; elsewhere that test is ignored with the reason printed
//! (`FORGE_REQUIRE_COOPMAT=1` makes it a failure). The kernel's WGSL is validated by naga on
//! every machine.

use forge::wgpu::CooperativeScalarType as Scalar;
use forge::{BindingUsage, GraphPass, WgpuComputeContext};
use libtest_mimic::{Arguments, Failed, Trial};

/// `c = a · b + c` for one 16×16 tile, row-major, by one subgroup.
const PRODUCT: &str = "enable f16;
enable wgpu_cooperative_matrix;
@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read> b: array<f16>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(32)
fn product() {
    let ma = coopLoadT<coop_mat16x16<f16, A>>(&a[0], 16u);
    let mb = coopLoadT<coop_mat16x16<f16, B>>(&b[0], 16u);
    let mc = coopLoadT<coop_mat16x16<f32, C>>(&c[0], 16u);
    coopStoreT(coopMultiplyAdd(ma, mb, mc), &c[0], 16u);
}
";

/// Small integers (exact in f16, and their 16-term products exact in f32).
fn ints(n: usize, seed: u64) -> Vec<f32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n).map(|_| rng.i32(-4..=4) as f32).collect()
}

fn validates() -> Result<(), Failed> {
    forge::lower::wgsl::validate(PRODUCT).map_err(|e| Failed::from(e.to_string()))
}

fn runs_exactly(mut ctx: WgpuComputeContext) -> Result<(), Failed> {
    let (a, b, c0) = (ints(256, 1), ints(256, 2), ints(256, 3));
    let f16s = |v: &[f32]| -> Vec<u8> { v.iter().flat_map(|x| forge::f16::from_f32(*x).to_le_bytes()).collect() };
    let f32s = |v: &[f32]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let err = |e: forge::Error| Failed::from(e.to_string());
    let va = ctx.allocate_and_write(&f16s(&a), 0, 0, BindingUsage::StorageRead).map_err(err)?;
    let vb = ctx.allocate_and_write(&f16s(&b), 1, 0, BindingUsage::StorageRead).map_err(err)?;
    let vc = ctx.allocate_and_write(&f32s(&c0), 2, 0, BindingUsage::StorageReadWrite).map_err(err)?;
    let pipeline = ctx.compile_pipeline(PRODUCT, "product").map_err(err)?;
    let bind_group = ctx.create_compute_bind_group(&pipeline, &[va, vb, vc]).map_err(err)?;
    let pass = GraphPass::Dispatch { label: "coopmat".into(), pipeline, bind_group, workgroups: [1, 1, 1] };
    ctx.submit_graph(&[pass]).map_err(err)?;
    let got = ctx.read_buffer_f32(&vc).map_err(err)?;
    for i in 0..16 {
        for j in 0..16 {
            let want = c0[i * 16 + j] + (0..16).map(|k| a[i * 16 + k] * b[k * 16 + j]).sum::<f32>();
            if got[i * 16 + j] != want {
                return Err(format!("c[{i}][{j}] = {}, want {want}", got[i * 16 + j]).into());
            }
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let required = std::env::var_os("FORGE_REQUIRE_COOPMAT").is_some();
    let ctx = WgpuComputeContext::new_for_coopmat(1 << 20);
    let reason = match &ctx {
        Err(e) => Some(format!("no wgpu adapter: {e}")),
        Ok(c) => {
            eprintln!("{}: cooperative matrices {:?}", c.adapter(), c.cooperative_matrix_properties());
            (!c.supports_cooperative_matrix((16, 16, 16), Scalar::F16, Scalar::F32))
                .then(|| format!("{} lists no f16 16x16x16 cooperative matrix with an f32 accumulator", c.adapter()))
        }
    };
    if let Some(r) = &reason {
        eprintln!("not available here ({r}); the product test is {}", if required { "FAILED" } else { "ignored" });
    }
    let ignored = reason.is_some() && !required;
    let product = Trial::test("coopmat_f16_16x16x16_product_is_exact", move || match (ctx, reason) {
        (Ok(c), None) => runs_exactly(c),
        (_, Some(r)) => Err(Failed::from(r)),
        (Err(e), None) => Err(Failed::from(e.to_string())),
    })
    .with_ignored_flag(ignored);
    let trials = vec![Trial::test("coopmat_kernel_validates", validates), product];
    libtest_mimic::run(&args, trials).exit();
}
