//! Launch shapes: matmul variants and batch folding, row layouts, grids past the dispatch limit.

use super::*;
use crate::ir::{KernelArg, MatmulBody, SExpr};

/// A product whose B has `b_batch` strides along the batch dims (0: shared).
fn with_b(batch: &[usize], b_batch: &[usize], m: usize, k: usize, n: usize) -> MatmulBody {
    let mut strides = b_batch.to_vec();
    strides.extend([n, 1]);
    MatmulBody {
        out: 0,
        batch: batch.to_vec(),
        m,
        n,
        k,
        a: SExpr::Const(crate::graph::checked::Const::F32(1.0)),
        b: SExpr::Load { arg: 1, strides, ty: crate::elem::Ty::F32 },
        b2: None,
        rms: None,
        layer: None,
        epilogue: SExpr::Acc(crate::elem::Ty::F32),
        precision: Default::default(),
        split_store: false,
        window: None,
        followers: Vec::new(),
    }
}

/// A product with one B per batch entry.
fn product(batch: &[usize], m: usize, k: usize, n: usize) -> MatmulBody {
    let mut strides = crate::ir::contiguous_strides(batch);
    strides.iter_mut().for_each(|s| *s *= k * n);
    with_b(batch, &strides, m, k, n)
}

#[test]
fn batch_dims_fold_into_rows_where_b_is_shared() {
    let s = Schedule::default();
    // MiniLM's projections: 8 entries of 30 rows against one weight are one 240-row product.
    let shared = with_b(&[8], &[0], 30, 384, 1536);
    assert_eq!((folded_batch_dims(&shared), matmul_rows(&shared)), (1, (1, 240)));
    assert_eq!(matmul_variant(&shared, &[], &s), MatmulVariant::Blocked(32));
    assert_eq!(matmul_variant(&with_b(&[8], &[0], 30, 384, 384), &[], &s), MatmulVariant::Blocked(32));
    // Per-entry B: nothing folds, and each entry keeps its own tiles (one of 32 rows each).
    let own = product(&[8], 30, 384, 384);
    assert_eq!((folded_batch_dims(&own), matmul_rows(&own)), (0, (8, 30)));
    let spec = |m: MatmulBody| KernelSpec {
        node: "t".into(),
        args: Vec::new(),
        uses_uniforms: false,
        body: KernelBody::Matmul(Box::new(m)),
    };
    assert_eq!(groups(&spec(own), &s), 8 * 12);
    assert_eq!(groups(&spec(with_b(&[8], &[0], 30, 384, 384)), &s), 8 * 12);
    // Only the trailing shared dims fold; extent-1 dims fold whatever B does there.
    let inner = with_b(&[3, 5, 1], &[7, 0, 9], 4, 6, 2);
    assert_eq!((folded_batch_dims(&inner), matmul_rows(&inner)), (2, (3, 20)));
    assert_eq!(folded_batch_dims(&with_b(&[1, 1], &[0, 0], 4, 6, 2)), 0);
    assert_eq!(folded_batch_dims(&with_b(&[], &[], 4, 6, 2)), 0);
    // Few folded rows take the skinny kernel: one workgroup per 8 columns for all entries.
    let decode = with_b(&[2, 3], &[0, 0], 1, 64, 80);
    assert_eq!(matmul_variant(&decode, &[], &s), MatmulVariant::Skinny);
    assert_eq!(groups(&spec(decode), &s), 10);
}

#[test]
fn large_products_choose_the_register_blocked_tiles() {
    let s = Schedule::default();
    let variant = |batch: &[usize], m, k, n| matmul_variant(&product(batch, m, k, n), &[], &s);
    assert_eq!(variant(&[], 4096, 4096, 4096), MatmulVariant::Blocked(128));
    assert_eq!(variant(&[12], 257, 19, 260), MatmulVariant::Blocked(128));
    assert_eq!(variant(&[], 1024, 1024, 1024), MatmulVariant::Blocked(64));
    assert_eq!(variant(&[], 1920, 1536, 384), MatmulVariant::Blocked(64));
    // Too few 64×64 tiles to fill the GPU: the 32×32 tile, whose K split keeps each
    // invocation's 4×4 block, gives 4× the workgroups (MiniLM's and the MLP's shapes).
    assert_eq!(variant(&[], 240, 384, 1536), MatmulVariant::Blocked(32));
    assert_eq!(variant(&[], 64, 576, 1536), MatmulVariant::Blocked(32));
    assert_eq!(variant(&[], 64, 1536, 576), MatmulVariant::Blocked(32));
    assert_eq!(variant(&[], 240, 384, 384), MatmulVariant::Blocked(32));
    assert_eq!(variant(&[], 8, 4096, 4096), MatmulVariant::Skinny);
}

#[test]
fn schedules_force_a_matmul_variant() {
    let m = product(&[], 67, 45, 131);
    let with = |workgroup, items| {
        matmul_variant(
            &m,
            &[],
            &Schedule { workgroup, items, coop: false, warp_sums: false, clusters: false, tensor_cores: false },
        )
    };
    assert_eq!(with(256, 2), MatmulVariant::Blocked(32));
    assert_eq!(with(256, 4), MatmulVariant::Blocked(64));
    assert_eq!(with(256, 8), MatmulVariant::Blocked(128));
    assert_eq!(with(64, 1), MatmulVariant::Tiled(8));
    assert_eq!(with(64, 8), MatmulVariant::Tiled(8));
}

#[test]
fn block_format_decoding_products_split_k_over_warps_on_cuda() {
    use crate::elem::Elem;
    let arg = |elem, len| KernelArg {
        buffer: 0,
        elem,
        offset: 0,
        len,
        access: crate::ir::Access::Read,
        role: crate::ir::BufferRole::Weight,
    };
    // One decoding row against GGUF `[N, K]` rows read through `transpose` (contiguous along K).
    let gguf = |k: usize, n: usize| {
        let mut m = with_b(&[], &[], 1, k, n);
        m.b = SExpr::Load { arg: 1, strides: vec![1, k], ty: crate::elem::Ty::F32 };
        m
    };
    let spec = |m: MatmulBody, elem| KernelSpec {
        node: "t".into(),
        args: vec![arg(Elem::F32, m.k), arg(elem, m.k * m.n)],
        uses_uniforms: false,
        body: KernelBody::Matmul(Box::new(m)),
    };
    let cuda = |spec: &KernelSpec| cuda_schedule(spec, &Schedule::default());
    let cols = |k, n, elem| {
        let spec = spec(gguf(k, n), elem);
        let KernelBody::Matmul(m) = &spec.body else { unreachable!() };
        (skinny_cols(m, &spec.args, &cuda(&spec)), skinny_cols(m, &spec.args, &Schedule::default()))
    };
    // SmolLM2's projections (qkv 960, wo and down 576, gate/up 1,536 wide): four columns a
    // workgroup where warps sum (CUDA), two warps of each splitting K; WGSL without subgroups
    // keeps eight. The output head (49,152 wide) takes sixteen everywhere: 12,288 workgroups of
    // four would be its cost.
    for (k, n, elem) in [(576, 960, Elem::Q4_1), (1536, 576, Elem::Q4_0), (576, 4224, Elem::Q8_0)] {
        assert_eq!(cols(k, n, elem), (SKINNY_WARP_COLS, SKINNY_COLS), "{k} x {n}");
    }
    for n in [4228, 49_152] {
        assert_eq!(cols(576, n, Elem::Q8_0), (SKINNY_WIDE_COLS, SKINNY_WIDE_COLS), "576 x {n}");
    }
    // f32 weights keep the slices of the plain skinny kernel.
    assert_eq!(cols(576, 960, Elem::F32), (SKINNY_COLS, SKINNY_COLS));
    // The grid follows: 240 workgroups on CUDA, 120 on wgpu.
    let qkv = spec(gguf(576, 960), Elem::Q4_1);
    assert_eq!((groups(&qkv, &cuda(&qkv)), groups(&qkv, &wgsl_schedule(&qkv, &Schedule::default()))), (240, 120));
    assert!(variant_name(&qkv, &cuda(&qkv)).contains("4 columns per group"));
}

#[test]
fn decoding_attention_splits_over_a_cluster_where_clusters_and_keys_allow() {
    use crate::ir::{AttentionBody, Schedule};
    // Keys and values as plain loads `[h, slot, dim]` (no broadcast axis: rows stay the queries).
    let load = |e: usize, tk: usize| SExpr::Load { arg: 1, strides: vec![tk * e, e, 1], ty: crate::elem::Ty::F32 };
    let body = |tq, tk, e| AttentionBody {
        out: 0,
        batch: vec![12],
        tq,
        tk,
        e,
        ev: e,
        q: SExpr::Acc(crate::elem::Ty::F32),
        k: load(e, tk),
        v: load(e, tk),
        mask: None,
        causal: false,
        scale: SExpr::Acc(crate::elem::Ty::F32),
        epilogue: SExpr::Acc(crate::elem::Ty::F32),
        out_strides: None,
        split_store: None,
        lse: None,
        precision: Default::default(),
    };
    let parts = |a: &AttentionBody, clusters| match attention_variant(a, &Schedule { clusters, ..Schedule::default() })
    {
        AttentionVariant::Spread(s) => Some((s.parts, s.rows, s.threads)),
        AttentionVariant::Blocked(_)
        | AttentionVariant::Online
        | AttentionVariant::Mma(_)
        | AttentionVariant::Dims(_) => None,
    };
    // GPT-2's heads over 632 slots: 8 blocks a head where the device has clusters.
    assert_eq!(parts(&body(1, 632, 64), true), Some((8, 1, 512)));
    assert_eq!(parts(&body(1, 632, 64), false), Some((1, 1, 256)));
    // Too few keys for two chunks a block, too many for a key a thread, heads too wide, or a
    // prompt's queries: no cluster.
    assert_eq!(parts(&body(1, 500, 64), true), Some((1, 1, 256)));
    assert_eq!(parts(&body(4, 4096, 16), true).map(|p| p.0), Some(8));
    assert!(parts(&body(1, 4200, 64), true).is_none_or(|p| p.0 == 1));
    assert!(parts(&body(1, 1024, 160), true).is_none_or(|p| p.0 == 1));
    assert!(parts(&body(8, 1024, 64), true).is_none_or(|p| p.0 == 1));
}
