//! bf16x3 split plans on wgpu: the split stores of a product, an attention and a norm, and the
//! bf16 products reading them, as the shared templates emit them, run on the device against the
//! CPU backend's run of the same plan (the f32 sums differ in order only).

use crate::serial;
use crate::test_graphs::{bert_bf16x3, ATTN, BERT_DIMS, FFN, POST_LN};
use forge_runtime::backend::cpu::CpuExec;
use forge_runtime::backend::wgpu::WgpuDevice;
use forge_runtime::backend::{Device, Executable, RunRequest};
use forge_runtime::codegen::cuda::split::{split_products, Split};
use forge_runtime::codegen::cuda::weights::StoredWeights;
use forge_runtime::codegen::cuda::CudaTarget;
use forge_runtime::ir::Plan;
use std::sync::Arc;

/// A graph's weights (f32) and inputs (their bytes) by name.
struct Data {
    weights: Vec<(&'static str, Vec<f32>)>,
    inputs: Vec<(&'static str, Vec<u8>)>,
}

/// `n` values in [-3 by, 3 by).
fn scaled(n: usize, seed: u64, by: f32) -> Vec<f32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n).map(|_| (rng.f32() * 6.0 - 3.0) * by).collect()
}

fn bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// The FFN's weights and input: M, D, F, L.
fn ffn_data([m, d, f, l]: [usize; 4]) -> Data {
    let weights =
        vec![("w1", scaled(l * f * d, 11, 0.1)), ("b1", scaled(l * f, 12, 0.1)), ("w2", scaled(l * d * f, 13, 0.1))];
    Data { weights, inputs: vec![("x", bytes(&scaled(m * d, 14, 1.0)))] }
}

/// The attention's weight and input: B, T, D, H.
fn attn_data([b, t, d, _]: [usize; 4]) -> Data {
    Data { weights: vec![("wo", scaled(d * d, 21, 1.0))], inputs: vec![("x", bytes(&scaled(b * t * d, 22, 1.0)))] }
}

/// The post-LN block's weights and input: M, D, F, L.
fn post_ln_data([m, d, f, l]: [usize; 4]) -> Data {
    let weights = vec![
        ("w1", scaled(l * f * d, 31, 0.1)),
        ("w2", scaled(l * d * f, 32, 0.1)),
        ("g", scaled(l * d, 33, 0.5)),
        ("b", scaled(l * d, 34, 0.1)),
    ];
    Data { weights, inputs: vec![("x", bytes(&scaled(m * d, 35, 1.0)))] }
}

/// The BERT's weights and inputs (token ids below V, masks of 1s with the last tokens 0).
fn bert_data([b, t, d, _, _, f, l, v, p]: [usize; 9]) -> Data {
    let weights = vec![
        ("wte", scaled(v * d, 61, 1.0)),
        ("wpe", scaled(p * d, 62, 1.0)),
        ("wq", scaled(l * d * d, 63, 0.1)),
        ("bq", scaled(l * d, 64, 0.1)),
        ("w1", scaled(l * f * d, 65, 0.1)),
        ("b1", scaled(l * f, 66, 0.1)),
        ("w2", scaled(l * d * f, 67, 0.1)),
        ("ln_g", scaled(l * d, 68, 0.5)),
        ("ln_b", scaled(l * d, 69, 0.1)),
    ];
    let u32s = |v: Vec<u32>| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let ids = u32s((0..b * t).map(|i| (i * 7 + 3) as u32 % v as u32).collect());
    let mask = u32s((0..b * t).map(|i| u32::from(i % t < t - 2 - i / t)).collect());
    Data { weights, inputs: vec![("ids", ids), ("mask", mask)] }
}

impl Data {
    /// Runs split plan `s` of `p` on `exec` with the weights stored as CUDA stores them; returns
    /// every output of `p` by name, as f32.
    fn run(&self, mut exec: Box<dyn Executable>, p: &Plan, s: &Split) -> Vec<(String, Vec<f32>)> {
        let stored = StoredWeights { split: s.weights.clone(), ..Default::default() };
        for (name, values) in &self.weights {
            let id = p.buffer(name).unwrap().0;
            let declared = bytes(values);
            let loaded = stored.stored_bytes(id, &declared, 4).unwrap_or(declared);
            assert_eq!(loaded.len() as u64, s.plan.byte_len(id), "{name}");
            exec.load_weight(id, &loaded).unwrap();
        }
        let req = RunRequest {
            inputs: self.inputs.iter().map(|(n, b)| (p.buffer(n).unwrap().0, &b[..])).collect(),
            uniforms: vec![0; 16],
            uniform_values: Vec::new(),
            profile_kernels: false,
        };
        let out = exec.run(&req).unwrap().outputs;
        let f32s = |b: &[u8]| b.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        out.iter().map(|(id, b)| (p.buffers[*id].name.clone(), f32s(b))).collect()
    }
}

/// Every case's split plan on wgpu against the same plan on the CPU backend.
pub fn split_plans_run_their_templates_on_wgpu() {
    let _serial = serial();
    let device = WgpuDevice::new().unwrap_or_else(|e| panic!("the probed adapter is gone: {e}"));
    let small = [40, 48, 64, 2];
    let (attn_dims, bert) = ([2, 20, 48, 4], bert_bf16x3());
    let cases = [
        (FFN, &small[..], ffn_data(small)),
        (ATTN, &attn_dims[..], attn_data(attn_dims)),
        (POST_LN, &small[..], post_ln_data(small)),
        (&bert[..], &BERT_DIMS[..], bert_data(BERT_DIMS)),
    ];
    let target = CudaTarget { tf32x3_any_size: true, ..CudaTarget::sm90() };
    for (src, dims, data) in &cases {
        let p = forge_runtime::plan::lower(&forge_runtime::parse_graph_source(src).unwrap(), dims).unwrap();
        let folded = split_products(&p, &target).expect("split");
        let plan = Arc::new(folded.plan.clone());
        let want = data.run(Box::new(CpuExec::new(plan.clone()).unwrap()), &p, &folded);
        let got = data.run(device.compile(plan, &Default::default()).unwrap(), &p, &folded);
        for ((name, w), (_, g)) in want.iter().zip(&got) {
            assert_eq!(w.len(), g.len(), "{name}");
            let scale = w.iter().fold(1f32, |m, v| m.max(v.abs()));
            let worst = w.iter().zip(g).map(|(a, b)| (a - b).abs()).fold(0f32, f32::max);
            assert!(worst <= 2e-5 * scale, "{name}: worst {worst} of {scale} on {}", device.describe());
        }
    }
}
