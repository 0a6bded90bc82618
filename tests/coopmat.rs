//! `WgpuComputeContext::new_for_coopmat` (the seed API's cooperative-matrix path): on an adapter
//! that lists f16 16×16×16 products with an f32 accumulator, a WGSL kernel using them runs and
//! is exact on small integers, and a graph's f16 matmuls on `Context::wgpu()` run on them
//! (interior tiles straight from storage, edge tiles and odd layouts staged) and match the CPU;
//! elsewhere those tests are ignored with the reason printed (`FORGE_REQUIRE_COOPMAT=1` makes
//! that a failure). The kernel's WGSL is validated by naga on every machine.

mod common;

use common::{assert_close, naive_matmul, rand_f32};
use forge::prelude::*;
use forge::wgpu::CooperativeScalarType as Scalar;
use forge::{BindingUsage, GraphPass, WgpuComputeContext};
use libtest_mimic::{Arguments, Failed, Trial};

forge_graph! {
    graph Half {
        dims { B, M, K, N }
        input  x: f16[B, M, K];
        input  at: f16[K, M];
        weight w: f16[N, K];
        weight b: f16[K, N];
        weight bias: f32[N];
        output y1: f32[B, M, N];
        output y2: f32[M, N];
        output y3: f16[M, N];
        y1 = matmul(x, transpose(w)) + bias;
        y2 = matmul(transpose(at), b);
        y3 = (matmul(transpose(at), b) * 0.5) as f16;
    }
}

fn halves(v: &[f32]) -> Vec<f16> {
    v.iter().map(|x| f16::from_f32(*x)).collect()
}

fn widen(v: &[f16]) -> Vec<f32> {
    v.iter().map(|x| x.to_f32()).collect()
}

/// Row-major `[c, r]` as `[r, c]`.
fn transposed(v: &[f32], r: usize, c: usize) -> Vec<f32> {
    (0..r * c).map(|i| v[(i % c) * r + i / c]).collect()
}

/// Products of f16 operands through `Context::wgpu()`, which then runs them on cooperative
/// matrices (the profile says so), against f64 loops over the same f16 values: aligned sizes
/// (interior tiles from storage, edges staged), odd sizes (all staged), and sizes that fill
/// 128×128 tiles.
fn graph_matmuls_match_the_cpu() -> Result<(), Failed> {
    let ctx = Context::wgpu().map_err(|e| Failed::from(e.to_string()))?;
    for (bt, m, k, n) in [(2, 150, 64, 200), (3, 37, 50, 45), (2, 256, 256, 384)] {
        let x = halves(&rand_f32(bt * m * k, 1.0, 61));
        let at = halves(&rand_f32(k * m, 1.0, 62));
        let w = halves(&rand_f32(n * k, 1.0, 63));
        let b = halves(&rand_f32(k * n, 1.0, 64));
        let bias = rand_f32(n, 1.0, 65);
        let wt = transposed(&widen(&w), k, n);
        let mut want1 = Vec::new();
        for e in 0..bt {
            let xe = widen(&x[e * m * k..(e + 1) * m * k]);
            let p = naive_matmul(&xe, &wt, m, k, n);
            want1.extend(p.iter().enumerate().map(|(i, v)| v + bias[i % n]));
        }
        let want2 = naive_matmul(&transposed(&widen(&at), m, k), &widen(&b), m, k, n);
        let want3: Vec<f32> = want2.iter().map(|v| f16::from_f32(v * 0.5).to_f32()).collect();
        let mut g = Half::new(&ctx, HalfDims { b: bt, m, k, n }).map_err(|e| Failed::from(e.to_string()))?;
        g.load_weights(HalfWeights { w: &w, b: &b, bias: &bias }).map_err(|e| Failed::from(e.to_string()))?;
        let out = g.run(HalfInputs { x: &x, at: &at }).map_err(|e| Failed::from(e.to_string()))?;
        let products: Vec<String> = g
            .last_profile()
            .map(|p| p.kernels.iter().filter(|k| k.entry == "matmul").map(|k| k.variant.clone()).collect())
            .unwrap_or_default();
        if products.is_empty() || !products.iter().all(|v| v.contains("cooperative matrix")) {
            return Err(
                format!("{bt}x{m}x{k}x{n}: every product on cooperative matrices expected: {products:?}").into()
            );
        }
        // libtest-mimic reports a panicking trial as failed, with the message.
        let shape = format!("{bt}x{m}x{k}x{n}");
        assert_close(&format!("{shape} y1"), &out.y1, &want1, 1e-4, 1.0);
        assert_close(&format!("{shape} y2"), &out.y2, &want2, 1e-4, 1.0);
        // One f16 rounding of a value that may differ in its last f32 bits.
        assert_close(&format!("{shape} y3"), &widen(&out.y3), &want3, 1e-3, 0.1);
    }
    Ok(())
}

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
    forge::codegen::wgsl::validate(PRODUCT).map_err(|e| Failed::from(e.to_string()))
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
    let graph =
        Trial::test("coopmat_graph_f16_matmuls_match_the_cpu", graph_matmuls_match_the_cpu).with_ignored_flag(ignored);
    let trials = vec![Trial::test("coopmat_kernel_validates", validates), product, graph];
    libtest_mimic::run(&args, trials).exit();
}
