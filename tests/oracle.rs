//! The seed's `OracleContext`: one kernel run with warm-ups and timed samples on every backend
//! (the CPU one included), results checked against the CPU oracle.

mod common;

use common::*;
use forge::seed::{BindingUsage, CpuOracle, OracleContext};
use forge::Context;

const GRAPH: &str = "graph G { dims { M, K, N } input a: f32[M, K]; input b: f32[K, N]; output y: f32[M, N];
    y = matmul(a, b) * 2.0 + 1.0; }";

fn run_on(oracle: &mut dyn OracleContext, a: &[f32], b: &[f32], m: usize, n: usize) -> Vec<f32> {
    let ctx = Context::cpu();
    let g = forge::GraphInstance::from_source(&ctx, GRAPH, &[m, a.len() / m, n]).unwrap();
    let k = &g.plan().kernels[0];
    oracle.clear_transient_allocations();
    let y = oracle.allocate_transient(m * n * 4, 0, 0, BindingUsage::StorageReadWrite).unwrap();
    let va = oracle.allocate_and_write(forge::HostSlice::of(a).bytes(), 1, 0, BindingUsage::StorageRead).unwrap();
    let vb = oracle.allocate_and_write(forge::HostSlice::of(b).bytes(), 2, 0, BindingUsage::StorageRead).unwrap();
    let times = oracle.run_kernel(&k.spec, &k.schedule, &[y, va, vb], m * n, 1, 3).unwrap();
    assert_eq!(times.len(), 3, "{}", oracle.backend_name());
    let mut out = oracle.read_buffer_f32(&y).unwrap();
    out.truncate(m * n);
    out
}

fn run_kernel_agrees_with_loops(ctx: &Context) {
    let (m, k, n) = (5, 37, 19);
    let (a, b) = (rand_f32(m * k, 1.0, 50), rand_f32(k * n, 1.0, 51));
    let mut want = vec![0.0f32; m * n];
    for i in 0..m {
        for j in 0..n {
            want[i * n + j] =
                (0..k).map(|kk| a[i * k + kk] as f64 * b[kk * n + j] as f64).sum::<f64>() as f32 * 2.0 + 1.0;
        }
    }
    let got = match ctx.kind() {
        forge::BackendKind::Cpu => run_on(&mut CpuOracle::new(), &a, &b, m, n),
        forge::BackendKind::Wgpu => ctx.with_wgpu(|w| run_on(w, &a, &b, m, n)).unwrap(),
        #[cfg(feature = "cuda")]
        forge::BackendKind::Cuda => ctx.with_cuda(|c| run_on(c, &a, &b, m, n)).unwrap(),
        #[cfg(not(feature = "cuda"))]
        forge::BackendKind::Cuda => return,
    };
    assert_close("oracle", &got, &want, 1e-5, 1.0);
}

fn run_kernel_rejects_a_wrong_element_count() {
    let ctx = Context::cpu();
    let g = forge::GraphInstance::from_source(&ctx, GRAPH, &[2, 3, 4]).unwrap();
    let k = &g.plan().kernels[0];
    let mut o = CpuOracle::new();
    let views: Vec<_> =
        [32, 24, 48].iter().map(|&s| o.allocate_transient(s, 0, 0, BindingUsage::StorageRead).unwrap()).collect();
    let err = o.run_kernel(&k.spec, &k.schedule, &views, 7, 0, 1).unwrap_err().to_string();
    assert!(err.contains("expected 8") && err.contains("got 7"), "{err}");
}

forge_tests!(run_kernel_agrees_with_loops; plain: run_kernel_rejects_a_wrong_element_count);
