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

/// A decoding attention whose mask is an input (no uniforms: the oracle runs it alone).
const ATTENTION: &str = "graph A { dims { T, S, KV, G, E }
    input q: f32[KV, G, T, E]; input cache: f32[2, KV, 1, S, E]; input mask: f32[T, S];
    temp scores: f32[KV, G, T, S]; temp probs: f32[KV, G, T, S]; output ctx: f32[KV, G, T, E];
    scores = select(mask == 0.0, matmul(q, transpose(cache[0])) * rsqrt(E as f32), -inf);
    probs = softmax(scores);
    ctx = matmul(probs, cache[1]); }";

/// The chunks' attention of a split decoding attention (`Fusion::attention` on wgpu: chunks of
/// keys) stores each row's log-sum-exp beside its output: under the spread template (256
/// threads), and the online softmax with 16 lanes a row and with one (workgroups of 16 and 1,
/// too few for the spread one), the same as the CPU's. Two queries a head over 256 slots (8
/// chunks of 32) with heads of 40 dims; slots past each query's position masked, so the last
/// chunks see no key (log-sum-exp `-inf`).
fn attention_log_sum_exps_in_each_template(ctx: &Context) {
    let (t, s, kv, g, e) = (2, 256, 2, 2, 40);
    let graph = forge::parse_graph_source(ATTENTION).unwrap();
    let target = forge::plan::Target { decoding_attention: true, ..Default::default() };
    let plan = forge::plan::lower_with(&graph, &[t, s, kv, g, e], &forge::Fusion::default(), &target).unwrap();
    let chunks = &plan.kernels[0];
    let forge::seed::ir::KernelBody::Attention(a) = &chunks.spec.body else { panic!("the chunks' attention first") };
    let (out, lse) = (a.out, a.lse.expect("log-sum-exps asked for"));
    let q = rand_f32(kv * g * t * e, 1.0, 70);
    let cache = rand_f32(2 * kv * s * e, 1.0, 71);
    let mask: Vec<f32> = (0..t * s).map(|x| if x % s <= 150 + x / s { 0.0 } else { f32::NEG_INFINITY }).collect();
    let run = |oracle: &mut dyn OracleContext, workgroup: u32| -> (Vec<f32>, Vec<f32>) {
        oracle.clear_transient_allocations();
        let views: Vec<_> = chunks
            .spec
            .args
            .iter()
            .enumerate()
            .map(|(i, arg)| {
                let data: &[f32] = match plan.buffers[arg.buffer].name.as_str() {
                    "q" => &q,
                    "cache" => &cache,
                    "mask" => &mask,
                    _ => return oracle.allocate_transient(arg.len * 4, i as u32, 0, BindingUsage::StorageReadWrite),
                };
                oracle.allocate_and_write(forge::HostSlice::of(data).bytes(), i as u32, 0, BindingUsage::StorageRead)
            })
            .collect::<forge::Result<_>>()
            .unwrap();
        let schedule = forge::seed::Schedule { workgroup, ..chunks.schedule };
        oracle.run_kernel(&chunks.spec, &schedule, &views, chunks.spec.args[out].len, 0, 1).unwrap();
        (oracle.read_buffer_f32(&views[out]).unwrap(), oracle.read_buffer_f32(&views[lse]).unwrap())
    };
    let (want_out, want_lse) = run(&mut CpuOracle::new(), 256);
    assert!(want_lse.contains(&f32::NEG_INFINITY) && want_lse.iter().any(|l| l.is_finite()));
    for workgroup in [256, 16, 1] {
        let (got_out, got_lse) = match ctx.kind() {
            forge::BackendKind::Cpu => run(&mut CpuOracle::new(), workgroup),
            forge::BackendKind::Wgpu => ctx.with_wgpu(|w| run(w, workgroup)).unwrap(),
            #[cfg(feature = "cuda")]
            forge::BackendKind::Cuda => ctx.with_cuda(|c| run(c, workgroup)).unwrap(),
            #[cfg(not(feature = "cuda"))]
            forge::BackendKind::Cuda => return,
        };
        let what = format!("workgroup {workgroup}");
        for (i, (g, w)) in got_lse.iter().zip(&want_lse).enumerate() {
            let close = if w.is_finite() { (g - w).abs() <= 1e-5 * (1.0 + w.abs()) } else { g == w };
            assert!(close, "{what}: log-sum-exp {i}: {g} against {w}");
        }
        // Rows that saw no key are 0/0 = NaN; every other output as the CPU's.
        let seen: Vec<bool> = want_lse.iter().flat_map(|l| std::iter::repeat_n(l.is_finite(), e)).collect();
        let pick = |v: &[f32]| v.iter().zip(&seen).filter(|(_, s)| **s).map(|(x, _)| *x).collect::<Vec<f32>>();
        assert!(got_out.iter().zip(&seen).all(|(x, s)| *s || x.is_nan()), "{what}: rows that saw no key");
        assert_close(&what, &pick(&got_out), &pick(&want_out), 1e-5, 1.0);
    }
}

forge_tests!(run_kernel_agrees_with_loops, attention_log_sum_exps_in_each_template; plain: run_kernel_rejects_a_wrong_element_count);
