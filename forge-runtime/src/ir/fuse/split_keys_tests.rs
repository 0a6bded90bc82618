//! A folded decoding attention split into chunks of keys and their combination
//! ([`super::split_keys`]): the plan's shape, its generated code, and the statements' outputs
//! on the CPU from the two attentions.

use crate::backend::cpu::CpuExec;
use crate::backend::{Executable, RunRequest};
use crate::elem::Scalar;
use crate::ir::{KernelBody, Plan};
use crate::options::Fusion;
use crate::plan::tests::validate_all;
use crate::plan::{dim_values, lower_resolved, Target};
use std::sync::Arc;

/// A grouped-query decoding attention as statements: `T` queries a head over `S` cache slots,
/// slots past each query's position masked by a mask computed from `pos`, the heads merged.
const SRC: &str = "graph G { dims { T, S, KV, G, E }
    input qh: f32[KV, G, T, E]; input cache: f32[2, KV, 1, S, E]; uniform pos: u32;
    temp mask: f32[T, S]; temp scores: f32[KV, G, T, S]; temp probs: f32[KV, G, T, S];
    temp ctx: f32[KV, G, T, E]; temp ctxt: f32[T, KV, G, E]; output y: f32[T, KV, G, E];
    mask[t, j] = select(j <= pos + t, 0.0, -inf);
    scores = select(mask == 0.0, matmul(qh, transpose(cache[0])) * rsqrt(E as f32), -inf);
    probs = softmax(scores);
    ctx = matmul(probs, cache[1]) + 1.0;
    ctxt = permute(ctx, 2, 0, 1, 3);
    y = ctxt * 2.0; }";

/// `SRC` at `dims` for a target that splits a decoding attention's keys into chunks, or (not
/// `chunks`) keeps the statements.
fn lowered(dims: &[usize], chunks: bool) -> Plan {
    let g = crate::parse_graph_source(SRC).unwrap();
    let target = Target { decoding_attention: chunks, ..Target::default() };
    lower_resolved(&g, &dim_values(&g, dims).unwrap(), &Fusion::default(), &target).unwrap()
}

fn attentions(p: &Plan) -> Vec<&crate::ir::AttentionBody> {
    p.kernels
        .iter()
        .filter_map(|k| if let KernelBody::Attention(a) = &k.spec.body { Some(&**a) } else { None })
        .collect()
}

/// `y` of `p` on the CPU at position `pos`, the inputs from `seed` (nonzero, both signs).
fn run(p: &Plan, pos: u32, seed: u64) -> Vec<f32> {
    let exec = CpuExec::new(Arc::new(p.clone())).unwrap();
    let mut rng = fastrand::Rng::with_seed(seed);
    let inputs: Vec<(usize, Vec<u8>)> = p
        .buffers
        .iter()
        .enumerate()
        .filter(|(_, b)| b.role == crate::ir::BufferRole::Input)
        .map(|(id, b)| (id, (0..b.len).flat_map(|_| (rng.f32() * 4.0 - 2.0 + 1e-3).to_le_bytes()).collect()))
        .collect();
    let mut uniforms = pos.to_le_bytes().to_vec();
    uniforms.resize(16, 0);
    let req = RunRequest {
        inputs: inputs.iter().map(|(id, b)| (*id, b.as_slice())).collect(),
        uniforms,
        uniform_values: vec![Scalar::U32(pos)],
        profile_kernels: false,
    };
    let mut exec = exec;
    let out = exec.run(&req).unwrap().outputs;
    let (_, bytes) = out.into_iter().next().expect("the output y");
    bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

#[test]
fn a_decoding_attention_splits_into_chunks_and_their_combination() {
    let p = lowered(&[1, 1024, 3, 3, 64], true);
    let a = attentions(&p);
    assert_eq!(a.len(), 2, "{:?}", p.kernels.iter().map(|k| &k.spec.node).collect::<Vec<_>>());
    // 32 chunks of 32 keys an entry, each leaving its output and log-sum-exp.
    let (chunks, combine) = (a[0], a[1]);
    assert_eq!((chunks.batch.as_slice(), chunks.tq, chunks.tk, chunks.e, chunks.ev), (&[3, 3, 32][..], 1, 32, 64, 64));
    assert!(chunks.lse.is_some() && chunks.out_strides.is_none());
    // Key j of chunk c reads slot 32c + j of the key/value head (the group axis broadcast).
    assert_eq!(chunks.k.as_load().map(|(_, s)| s.to_vec()), Some(vec![65536, 0, 2048, 64, 1]));
    // The combination: one query an (entry, query) over the 32 chunks, heads of one dim.
    assert_eq!(
        (combine.batch.as_slice(), combine.tq, combine.tk, combine.e, combine.ev),
        (&[3, 3, 1][..], 1, 32, 1, 64)
    );
    assert!(combine.lse.is_none());
    assert!(p.buffers.iter().all(|b| b.name != "scores" && b.name != "probs" && b.name != "mask"));
    validate_all(&p);
    // Too few keys for four chunks, a prime count of keys, or a prompt's rows: the statements
    // stay.
    for dims in [[1, 64, 3, 3, 64], [1, 601, 3, 3, 64], [8, 1024, 3, 3, 64]] {
        assert!(attentions(&lowered(&dims, true)).is_empty(), "{dims:?}");
    }
}

#[test]
fn split_attention_computes_what_the_statements_compute() {
    // Two queries a head (rows see one slot more than the one before), heads of 40 dims, 520
    // slots (13 chunks of 40) and 1,024 (32 of 32); positions that leave whole chunks masked,
    // one chunk partly, every slot.
    for (dims, positions) in [([2, 520, 2, 3, 40], [0u32, 37, 300, 518]), ([1, 1024, 3, 3, 64], [5, 600, 1000, 1023])] {
        let statements = lowered(&dims, false);
        assert!(attentions(&statements).is_empty());
        let split = lowered(&dims, true);
        assert_eq!(attentions(&split).len(), 2, "{dims:?}");
        for (i, pos) in positions.into_iter().enumerate() {
            let seed = 40 + i as u64;
            let (want, got) = (run(&statements, pos, seed), run(&split, pos, seed));
            assert_eq!(want.len(), got.len());
            for (j, (w, g)) in want.iter().zip(&got).enumerate() {
                assert!(w.is_finite(), "{dims:?} at {pos}: the reference's {j} is {w}");
                assert!((w - g).abs() <= 1e-5 * (1.0 + w.abs()), "{dims:?} at {pos}: {j}: {g} against {w}");
            }
        }
    }
}

#[test]
fn chunks_reduce_across_subgroups_where_asked_and_combine_a_thread_an_output_dim() {
    use crate::codegen::geometry::{attention_variant, AttentionVariant};
    use crate::codegen::wgsl;
    let p = lowered(&[1, 1024, 3, 3, 64], true);
    let kernels: Vec<_> = p.kernels.iter().filter(|k| matches!(k.spec.body, KernelBody::Attention(_))).collect();
    let [chunks, combine] = kernels[..] else { panic!("two attention kernels") };
    let KernelBody::Attention(a) = &combine.spec.body else { unreachable!() };
    // 64 threads an entry (one an output dim), four entries a workgroup of 256.
    let AttentionVariant::Dims(d) = attention_variant(a, &combine.schedule) else { panic!("per dim") };
    assert_eq!((d.lanes, d.threads, d.groups(a)), (64, 256, 3));
    for (k, subgroups) in [(chunks, true), (combine, false)] {
        let bases = vec![0; k.spec.args.len()];
        let sums = crate::ir::Schedule { warp_sums: true, ..k.schedule };
        let src = wgsl::emit_kernel(&p, &k.spec, &sums, &bases);
        wgsl::validate(&src).unwrap_or_else(|e| panic!("{}:\n{src}\n{e}", k.spec.node));
        assert_eq!(src.contains("part = forge_fmax(part, subgroupShuffleXor(part, 16u));"), subgroups, "{src}");
        assert_eq!(src.contains("part = part + subgroupShuffleXor(part, 1u);"), subgroups, "{src}");
        // A chunk's 32 keys over 256 threads: 8 lanes a key, their parts added by shuffles.
        assert_eq!(src.contains("let kpart: u32 = lid % 8u;"), subgroups, "{src}");
        assert_eq!(src.contains("sc[qi] = sc[qi] + subgroupShuffleXor(sc[qi], 4u);"), subgroups, "{src}");
        let plain = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &bases);
        assert!(!plain.contains("subgroup"), "{plain}");
        // The combination waits on no other invocation.
        let per_dim = k.spec.node == combine.spec.node;
        assert_eq!(plain.contains("workgroupBarrier"), !per_dim, "{plain}");
    }
}
