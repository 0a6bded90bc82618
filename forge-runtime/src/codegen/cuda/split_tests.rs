//! The bf16x3 split on plans: which products split, what the split plan reads, and its numbers
//! (the split plan run on the CPU backend against an exact emulation of the three products).

use super::*;
use crate::backend::cpu::CpuExec;
use crate::backend::{Executable, RunRequest};
use crate::plan::test_graphs::{bert_bf16x3, ATTN, BERT_DIMS, FFN, POST_LN};
use crate::plan::tests::plan;
use std::sync::Arc;

/// A PyTorch-layout weight (`[N, K]`, transposed), a `[K, N]` weight, an input as B, and a
/// product broadcast over a batch of weights (QKV packed as MiniLM packs it).
const LAYERS: &str = "graph Layers { dims { M, K, N }
    input x: f32[M, K]; input xb: f32[1, M, K]; input y: f32[K, N];
    weight w: f32[N, K]; weight bias: f32[N]; weight v: f32[K, N]; weight qkv: f32[3, 1, N, K];
    output o1: f32[M, N]; output o2: f32[M, N]; output o3: f32[M, N]; output o4: f32[3, M, N];
    o1 = matmul(x, transpose(w), precision = bf16x3) + bias;
    o2 = matmul(x, v, precision = bf16x3);
    o3 = matmul(x, y, precision = bf16x3);
    o4 = matmul(xb, transpose(qkv), precision = bf16x3);
}";

fn any_size() -> CudaTarget {
    CudaTarget { tf32x3_any_size: true, ..CudaTarget::sm90() }
}

/// Values in [-3, 3).
fn rand(n: usize, seed: u64) -> Vec<f32> {
    crate::backend::cpu::tests::rand(n, seed).into_iter().map(|v| v * 3.0).collect()
}

fn bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// `hi` and `lo` of `x` as f64, rounded as the split rounds them.
fn parts(x: f32) -> (f64, f64) {
    let hi = half::bf16::from_f32(x);
    (hi.to_f64(), half::bf16::from_f32(x - hi.to_f32()).to_f64())
}

/// Runs split plan `s` of `p` on the CPU with `weights` (as declared: stored as CUDA stores them)
/// and `inputs` (their bytes); returns every output of `p` by name, as f32.
fn run_on_cpu(p: &Plan, s: &Split, weights: &[(&str, &[f32])], inputs: &[(&str, &[u8])]) -> Vec<(String, Vec<f32>)> {
    let exec = CpuExec::new(Arc::new(s.plan.clone())).unwrap();
    run_with(Box::new(exec), p, s, weights, inputs)
}

/// [`run_on_cpu`] on `exec`, split plan `s` compiled for some backend.
fn run_with(
    mut exec: Box<dyn Executable>,
    p: &Plan,
    s: &Split,
    weights: &[(&str, &[f32])],
    inputs: &[(&str, &[u8])],
) -> Vec<(String, Vec<f32>)> {
    let stored = crate::codegen::cuda::weights::StoredWeights { split: s.weights.clone(), ..Default::default() };
    for (name, values) in weights {
        let id = p.buffer(name).unwrap().0;
        let declared = bytes(values);
        let loaded = stored.stored_bytes(id, &declared, 4).unwrap_or(declared);
        assert_eq!(loaded.len() as u64, s.plan.byte_len(id), "{name}");
        exec.load_weight(id, &loaded).unwrap();
    }
    let req = RunRequest {
        inputs: inputs.iter().map(|(n, b)| (p.buffer(n).unwrap().0, *b)).collect(),
        uniforms: vec![0; 16],
        uniform_values: Vec::new(),
        profile_kernels: false,
    };
    let out = exec.run(&req).unwrap().outputs;
    let f32s = |b: &[u8]| b.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    out.iter().map(|(id, b)| (p.buffers[*id].name.clone(), f32s(b))).collect()
}

/// Output `name` of [`run_on_cpu`]'s result.
fn output<'a>(outs: &'a [(String, Vec<f32>)], name: &str) -> &'a [f32] {
    &outs.iter().find(|(n, _)| n == name).unwrap().1
}

#[test]
fn splits_every_kind_of_b_and_stores_weights_split() {
    let p = plan(LAYERS, &[40, 48, 24]);
    let Split { plan: run, weights, origin } = split_products(&p, &any_size()).expect("products split");
    // `x` is split once for the three products that read it in a row; `xb` is another input.
    assert_eq!(origin, [0, 0, 1, 2, 2, 3, 3], "each split beside its product");
    let name = |w: &SplitWeight| p.buffers[w.buffer].name.clone();
    let stored: Vec<(String, bool)> = weights.iter().map(|w| (name(w), w.n_by_k)).collect();
    assert_eq!(stored, [("w".to_string(), true), ("v".into(), false), ("qkv".into(), true)]);
    let (w, _) = run.buffer("w").unwrap();
    assert_eq!((run.buffers[w].elem, run.buffers[w].shape.clone()), (Elem::BF16, vec![24, 144]));
    // Four products after two splits of A; the input B is split too.
    let kinds: Vec<&str> = run.kernels.iter().map(|k| k.spec.body.kind()).collect();
    let products = kinds.iter().filter(|&&k| k == p.kernels[0].spec.body.kind()).count();
    assert_eq!((products, run.kernels.len()), (4, 7), "{kinds:?}");
    for k in &run.kernels {
        if let KernelBody::Matmul(m) = &k.spec.body {
            assert_eq!(m.k, 144);
            assert!(k.spec.args.iter().filter(|a| a.elem == Elem::BF16).count() == 2, "{:?}", k.spec.args);
        }
    }
    // The broadcast A of the batched product is split once, not per batch entry.
    let a_len = run.buffer("bf16x3.a").unwrap().1.len;
    assert_eq!(a_len, 40 * 144);
    assert_eq!(run.buffer("bf16x3.b").unwrap().1.len, 24 * 144);
}

#[test]
fn the_split_plan_computes_the_three_products() {
    let (m, k, n) = (40usize, 48usize, 24usize);
    let p = plan(LAYERS, &[m, k, n]);
    let split = split_products(&p, &any_size()).expect("products split");
    let (x, y) = (rand(m * k, 1), rand(k * n, 2));
    let (w, bias, v, qkv) = (rand(n * k, 3), rand(n, 4), rand(k * n, 5), rand(3 * n * k, 6));
    let weights = [("w", &w[..]), ("bias", &bias[..]), ("v", &v[..]), ("qkv", &qkv[..])];
    let (xb, yb) = (bytes(&x), bytes(&y));
    let outs = run_on_cpu(&p, &split, &weights, &[("x", &xb[..]), ("xb", &xb[..]), ("y", &yb[..])]);
    // Each output against the three products summed exactly (the CPU sums in f32: 1e-6 of the
    // magnitudes), and against the true product within bf16x3's bound (2^-15 of them).
    let check = |got: &[f32], b_at: &dyn Fn(usize, usize, usize) -> f32, add: &dyn Fn(usize, usize) -> f64| {
        let mut worst_true = 0f64;
        for (bi, chunk) in got.chunks(m * n).enumerate() {
            for i in 0..m {
                for j in 0..n {
                    let (mut split, mut exact, mut mag) = (0f64, 0f64, 0f64);
                    for kk in 0..k {
                        let (a, b) = (x[i * k + kk], b_at(bi, kk, j));
                        let ((ah, al), (bh, bl)) = (parts(a), parts(b));
                        split += ah * bh + al * bh + ah * bl;
                        exact += a as f64 * b as f64;
                        mag += (a as f64 * b as f64).abs();
                    }
                    let g = chunk[i * n + j] as f64 - add(i, j);
                    assert!(
                        (g - split).abs() <= 1e-6 * mag,
                        "[{bi},{i},{j}] {g} vs split {split}, exact {exact}, magnitudes {mag}"
                    );
                    assert!((g - exact).abs() <= mag / 32768.0, "[{bi},{i},{j}] {g} vs exact {exact}");
                    worst_true = worst_true.max((g - exact).abs() / mag);
                }
            }
        }
        worst_true
    };
    let errs = [
        check(output(&outs, "o1"), &|_, kk, j| w[j * k + kk], &|_, j| bias[j] as f64),
        check(output(&outs, "o2"), &|_, kk, j| v[kk * n + j], &|_, _| 0.0),
        check(output(&outs, "o3"), &|_, kk, j| y[kk * n + j], &|_, _| 0.0),
        check(output(&outs, "o4"), &|bi, kk, j| qkv[bi * n * k + j * k + kk], &|_, _| 0.0),
    ];
    // bf16 parts, not f32: the split really ran (true f32 would be near 1e-7 of the magnitudes).
    assert!(errs.iter().all(|&e| e > 1e-7), "{errs:?}");
}

#[test]
fn leaves_products_where_tensor_cores_do_not_gain() {
    // Small products stay on tf32x3's choice (SIMT f32 here), as do few-row ones.
    let small = plan(LAYERS, &[40, 48, 24]);
    assert!(split_products(&small, &CudaTarget::sm90()).is_none());
    let few_rows = plan(LAYERS, &[8, 1024, 1024]);
    assert!(split_products(&few_rows, &any_size()).is_none());
    // K not a multiple of 8: rows of 3K bf16 would not be 16-byte aligned.
    assert!(split_products(&plan(LAYERS, &[40, 44, 24]), &any_size()).is_none());
    let off = CudaTarget { split_bf16x3: false, ..any_size() };
    assert!(split_products(&plan(LAYERS, &[40, 48, 24]), &off).is_none());
    // MiniLM's batch-64 shapes split without the tuning switch.
    let big = plan(LAYERS, &[1920, 384, 1152]);
    assert!(split_products(&big, &CudaTarget::sm90()).is_some());
}

#[test]
fn stored_weights_hold_hi_and_lo() {
    let w = SplitWeight { buffer: 0, rows: 2, cols: 3, n_by_k: true };
    let values = [1.0f32 + 1.0 / 1024.0, -3.3333, 1e-3, 7.0, 0.1, -2.5e5];
    let stored = split_bytes(&bytes(&values), &w);
    let bf: Vec<f32> = stored.chunks_exact(2).map(|c| half::bf16::from_le_bytes([c[0], c[1]]).to_f32()).collect();
    assert_eq!(bf.len(), 18);
    for (col, row) in bf.chunks(9).enumerate() {
        for kk in 0..3 {
            let x = values[col * 3 + kk];
            assert_eq!(row[kk], row[3 + kk], "hi twice");
            let sum = row[kk] as f64 + row[6 + kk] as f64;
            assert!((sum - x as f64).abs() <= x.abs() as f64 / 65536.0, "{x}: {} + {}", row[kk], row[6 + kk]);
        }
    }
    // `[K, N]` weights are transposed as they split.
    let kn = SplitWeight { n_by_k: false, ..w };
    let stored = split_bytes(&bytes(&values), &kn);
    let second = half::bf16::from_le_bytes([stored[2], stored[3]]).to_f32();
    assert_eq!(second, half::bf16::from_f32(values[3]).to_f32(), "column 0, k = 1");
}

/// A graph's weights and inputs by name, random.
struct Data {
    weights: Vec<(&'static str, Vec<f32>)>,
    /// Their bytes (f32 through [`bytes`]).
    inputs: Vec<(&'static str, Vec<u8>)>,
}

impl Data {
    /// Runs split plan `s` of `p` on the CPU backend; returns every output of `p` by name.
    fn run(&self, p: &Plan, s: &Split) -> Vec<(String, Vec<f32>)> {
        let weights: Vec<(&str, &[f32])> = self.weights.iter().map(|(n, v)| (*n, &v[..])).collect();
        let inputs: Vec<(&str, &[u8])> = self.inputs.iter().map(|(n, v)| (*n, &v[..])).collect();
        run_on_cpu(p, s, &weights, &inputs)
    }

    /// Output `y` of [`Data::run`].
    fn y_on_cpu(&self, p: &Plan, s: &Split) -> Vec<f32> {
        output(&self.run(p, s), "y").to_vec()
    }
}

/// `n` values in [-3 by, 3 by).
fn scaled(n: usize, seed: u64, by: f32) -> Vec<f32> {
    rand(n, seed).iter().map(|x| x * by).collect()
}

/// The FFN's weights and input at `dims`.
fn ffn_data([m, d, f, l]: [usize; 4]) -> Data {
    let weights =
        vec![("w1", scaled(l * f * d, 11, 0.1)), ("b1", scaled(l * f, 12, 0.1)), ("w2", scaled(l * d * f, 13, 0.1))];
    Data { weights, inputs: vec![("x", bytes(&rand(m * d, 14)))] }
}

/// `src` at `dims` split with producers' split stores (folded) and without.
fn folded_and_not(src: &str, dims: &[usize]) -> (Plan, Split, Split) {
    let p = plan(src, dims);
    let folded = split_products(&p, &any_size()).expect("split");
    let unfolded = split_products_with(&p, &any_size(), false).expect("split");
    (p, folded, unfolded)
}

/// The split kernels of A in `s`.
fn splits_of_a(s: &Split) -> usize {
    s.plan.kernels.iter().filter(|k| k.spec.node.ends_with("split of A)")).count()
}

#[test]
fn a_product_writes_the_split_its_consumer_reads() {
    let dims = [40usize, 48, 64, 2];
    let (p, folded, unfolded) = folded_and_not(FFN, &dims);
    // Per layer: split of r, up (storing h split), down; without folding also the split of h.
    assert_eq!((splits_of_a(&folded), splits_of_a(&unfolded)), (2, 4));
    assert_eq!(folded.origin.len(), folded.plan.kernels.len());
    let stores: Vec<bool> = folded
        .plan
        .kernels
        .iter()
        .filter_map(|k| match &k.spec.body {
            KernelBody::Matmul(m) => Some(m.split_store),
            _ => None,
        })
        .collect();
    assert_eq!(stores, [true, false, true, false]);
    // Every kernel's WGSL validates and its CUDA-C is emitted (the split store included).
    crate::plan::tests::validate_all(&folded.plan);
    let (h2, _) = folded.plan.buffer("h.bf16x3").expect("the split h");
    assert_eq!(folded.plan.buffers[h2].len, 3 * 40 * 64);
    // The same values reach the down projection either way: the same bits out.
    let data = ffn_data(dims);
    let (a, b) = (data.y_on_cpu(&p, &folded), data.y_on_cpu(&p, &unfolded));
    assert!(a.iter().all(|v| v.is_finite()));
    assert_eq!(a, b);
}

#[test]
fn a_norm_whose_output_is_a_graph_output_stores_the_split_too() {
    // `n` is an output: the norm still writes it whole, and the split beside it.
    let src = POST_LN
        .replace("temp n: f32[M, D];", "")
        .replace("output y: f32[M, D];", "output y: f32[M, D]; output n: f32[M, D];");
    let (p, folded, unfolded) = folded_and_not(&src, &[40, 48, 64, 2]);
    assert_eq!((splits_of_a(&folded), splits_of_a(&unfolded)), (0, 4));
    let data = post_ln_data([40, 48, 64, 2]);
    let (a, b) = (data.run(&p, &folded), data.run(&p, &unfolded));
    assert_eq!(output(&a, "n"), output(&b, "n"));
    assert_eq!(output(&a, "y"), output(&b, "y"));
}

#[test]
fn a_product_read_elsewhere_keeps_its_output() {
    // `h` is an output too: its product stores it as f32 and the split stays.
    let src = FFN.replace("temp h: f32[M, F];", "output h: f32[M, F];");
    let p = plan(&src, &[40, 48, 64, 2]);
    let split = split_products(&p, &any_size()).expect("split");
    assert_eq!(splits_of_a(&split), 4);
}

#[test]
fn one_operand_is_split_once_for_products_in_a_row() {
    // Gate and up read `n`; q and k too, then `n` changes and is split again.
    let src = "graph Gated { dims { M, D, F }
        input x: f32[M, D]; weight wg: f32[F, D]; weight wu: f32[F, D]; weight wq: f32[D, D];
        weight wk: f32[D, D]; temp n: f32[M, D]; output h: f32[M, F]; output q: f32[M, D]; output k: f32[M, D];
        output q2: f32[M, D];
        n = x * 2.0;
        h = silu(matmul(n, transpose(wg), precision = bf16x3)) * matmul(n, transpose(wu), precision = bf16x3);
        q = matmul(n, transpose(wq), precision = bf16x3);
        k = matmul(n, transpose(wk), precision = bf16x3);
        n = x * 3.0;
        q2 = matmul(n, transpose(wq), precision = bf16x3);
    }";
    let p = plan(src, &[40, 48, 64]);
    let split = split_products(&p, &any_size()).expect("split");
    let splits = split.plan.kernels.iter().filter(|k| k.spec.node.ends_with("split of A)")).count();
    let products = split.plan.kernels.iter().filter(|k| matches!(k.spec.body, KernelBody::Matmul(_))).count();
    assert_eq!(
        (splits, products),
        (2, 5),
        "{:#?}",
        split.plan.kernels.iter().map(|k| &k.spec.node).collect::<Vec<_>>()
    );
    assert_eq!(split.origin.len(), split.plan.kernels.len());
    crate::plan::tests::validate_all(&split.plan);
}

/// [`ATTN`]'s B, T, D, H.
const ATTN_DIMS: [usize; 4] = [2, 20, 48, 4];

/// The attention's weight and input at `dims`.
fn attn_data([b, t, d, _]: [usize; 4]) -> Data {
    Data { weights: vec![("wo", rand(d * d, 21))], inputs: vec![("x", bytes(&rand(b * t * d, 22)))] }
}

#[test]
fn an_attention_writes_the_split_its_projection_reads() {
    let (p, folded, unfolded) = folded_and_not(ATTN, &ATTN_DIMS);
    assert_eq!((splits_of_a(&folded), splits_of_a(&unfolded)), (0, 1));
    let permuted = folded.plan.kernels.iter().any(
        |k| matches!(&k.spec.body, KernelBody::Attention(a) if a.split_store == Some(48) && a.out_strides.is_some()),
    );
    assert!(permuted, "the head merge's permuted store writes the split");
    crate::plan::tests::validate_all(&folded.plan);
    let data = attn_data(ATTN_DIMS);
    let (a, b) = (data.y_on_cpu(&p, &folded), data.y_on_cpu(&p, &unfolded));
    assert!(a.iter().all(|v| v.is_finite()) && a.len() == 2 * 20 * 48);
    assert_eq!(a, b, "the same values reach the projection");
}

/// The post-LN block's weights and input at `dims`.
fn post_ln_data([m, d, f, l]: [usize; 4]) -> Data {
    let weights = vec![
        ("w1", scaled(l * f * d, 31, 0.1)),
        ("w2", scaled(l * d * f, 32, 0.1)),
        ("g", scaled(l * d, 33, 0.5)),
        ("b", scaled(l * d, 34, 0.1)),
    ];
    Data { weights, inputs: vec![("x", bytes(&rand(m * d, 35)))] }
}

#[test]
fn a_norm_writes_the_split_beside_its_output() {
    // 48 columns: rows held in registers; 16,400: rows streamed through memory (`rows`).
    for dims in [[40usize, 48, 64, 2], [40, 16400, 16, 2]] {
        let (p, folded, unfolded) = folded_and_not(POST_LN, &dims);
        // Unfolded: the split of `n` before each up projection, of `h` before each down one.
        assert_eq!((splits_of_a(&folded), splits_of_a(&unfolded)), (0, 4), "{dims:?}");
        let norms: Vec<Option<usize>> = folded
            .plan
            .kernels
            .iter()
            .filter_map(|k| match &k.spec.body {
                KernelBody::Norm { split, .. } => Some(*split),
                _ => None,
            })
            .collect();
        // The last norm is no product's A (with rows in registers it chains with `y = n * 2.0`).
        let split: Vec<bool> = norms.iter().map(Option::is_some).collect();
        assert!(matches!(split[..], [true, true] | [true, true, false]), "{dims:?}: {norms:?}");
        let (n2, _) = folded.plan.buffer("n.bf16x3").expect("the split n");
        assert_eq!(folded.plan.buffers[n2].len, 3 * dims[0] * dims[1]);
        for k in &folded.plan.kernels {
            if let KernelBody::Norm { split: Some(s), .. } = &k.spec.body {
                assert_eq!(k.spec.args[*s].buffer, n2);
                assert_eq!(k.spec.body.outs().len(), 2);
            }
        }
        crate::plan::tests::validate_all(&folded.plan);
        let data = post_ln_data(dims);
        let (a, b) = (data.y_on_cpu(&p, &folded), data.y_on_cpu(&p, &unfolded));
        assert!(a.iter().all(|v| v.is_finite()) && a.len() == dims[0] * dims[1]);
        assert_eq!(a, b, "{dims:?}: the same values reach the products");
    }
}

/// The BERT's weights and inputs (token ids below V, masks of 1s with the last tokens 0).
fn bert_data([b, t, d, _, _, f, l, v, p]: [usize; 9]) -> Data {
    let weights = vec![
        ("wte", rand(v * d, 61)),
        ("wpe", rand(p * d, 62)),
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

#[test]
fn a_bert_split_plan_matches_the_f32_one() {
    // Layer 0's query reads the embeddings (a gather: split by a kernel); every later product's
    // A is stored split by the norm, or the up projection, that computes it.
    let dims = BERT_DIMS;
    let p = plan(&bert_bf16x3(), &dims);
    let split = split_products(&p, &any_size()).expect("split");
    assert_eq!(splits_of_a(&split), 1);
    // The norm after each attention is the last stage of a row chain (`r = x + oc; x = …`).
    let norm_splits = |body: &KernelBody| match body {
        KernelBody::Norm { split, .. } => usize::from(split.is_some()),
        KernelBody::Rows(c) => c.stages.iter().filter(|s| matches!(s, KernelBody::Norm { split: Some(_), .. })).count(),
        _ => 0,
    };
    let chained = split.plan.kernels.iter().filter(|k| matches!(k.spec.body, KernelBody::Rows(_)));
    assert_eq!(chained.map(|k| norm_splits(&k.spec.body)).sum::<usize>(), dims[6]);
    let norms: usize = split.plan.kernels.iter().map(|k| norm_splits(&k.spec.body)).sum();
    assert_eq!(norms, 2 * dims[6] - 1, "every norm but the last");
    crate::plan::tests::validate_all(&split.plan);
    let data = bert_data(dims);
    let unsplit = Split { plan: p.clone(), weights: Vec::new(), origin: (0..p.kernels.len()).collect() };
    let (got, want) = (data.y_on_cpu(&p, &split), data.y_on_cpu(&p, &unsplit));
    let scale = want.iter().fold(1f32, |m, v| m.max(v.abs()));
    let worst = got.iter().zip(&want).map(|(a, b)| (a - b).abs()).fold(0f32, f32::max);
    // bf16x3 keeps about 2^-16 of each product's terms; two layers of it.
    assert!(worst <= 1e-4 * scale && worst > 0.0, "worst {worst} of {scale}");
}
