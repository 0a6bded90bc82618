//! The chooser's decisions, per architecture and shape, and its tile tables' invariants.

use super::*;
use crate::codegen::cuda::gemm::spec::{Accumulate, BatchDim, Operand};

fn f32_spec(m: usize, n: usize, k: usize) -> GemmSpec {
    let op = |layout, ld| Operand { elem: Elem::F32, layout, ld, align: 16 };
    GemmSpec {
        m,
        n,
        k,
        batch: Vec::new(),
        a: op(Layout::RowMajor, k),
        b: op(Layout::ColMajor, k),
        accumulate: Accumulate::F32,
        precision: Precision::F32,
        window: None,
    }
}

/// An H200's options (132 SMs) with every opt-in off; `maps`: tensor maps offered.
fn h200(maps: bool) -> ChooseOptions {
    ChooseOptions {
        sms: 132,
        tensor_maps: maps,
        simt: None,
        tf32x3_any_size: false,
        tma_tile: None,
        x3_register_a: false,
        x3_persistent: false,
        k_split: None,
        paired: false,
        decode_width: None,
    }
}

fn simt(m: usize, n: usize, k: usize) -> SimtConfig {
    match choose_with(&f32_spec(m, n, k), (9, 0), &h200(true)) {
        Ok(Variant::Simt(c)) => c,
        other => panic!("{m}x{n}x{k}: {other:?}"),
    }
}

#[test]
fn kn_decode_is_at_least_two_chunks_wide() {
    // The decode MLP's [K, N] weights: 1536 columns give 192 blocks two chunks wide; 576
    // give 72, fewer than the 132 SMs, but one chunk wide measured slower.
    let kn = |n: usize, k: usize| GemmSpec {
        b: Operand { elem: Elem::F32, layout: Layout::RowMajor, ld: n, align: 16 },
        ..f32_spec(1, n, k)
    };
    let width = |n: usize, k: usize| decode_config(&kn(n, k), 132, true, (9, 0), false, None).width;
    assert_eq!((width(1536, 576), width(576, 1536), width(14336, 4096)), (2, 2, 8));
}

#[test]
fn nk_decode_streams_the_widest_rows_that_still_fill_the_sms() {
    // PyTorch-layout weights ([N, K]): the decode MLP's 576-deep pair 4 rows a block (384
    // blocks), its 1536-deep down product 4 (144; 8 would leave 60 SMs idle); rows too long
    // to preload keep the K-split shape; more rows of A take fewer rows of B, and past 4 the
    // K-split shape.
    let nk = |m: usize, n: usize, k: usize| GemmSpec {
        b: Operand { elem: Elem::F32, layout: Layout::ColMajor, ld: k, align: 16 },
        ..f32_spec(m, n, k)
    };
    let shape = |m: usize, n: usize, k: usize, paired: bool| {
        let d = decode_config(&nk(m, n, k), 132, true, (9, 0), paired, None);
        (d.width, d.k_split)
    };
    assert_eq!(shape(1, 1536, 576, true), (4, 8), "the pair's two weights: 8 loads a thread");
    assert_eq!(shape(1, 1536, 576, false), (8, 8));
    assert_eq!(shape(1, 576, 1536, false), (4, 8), "two trips a lane");
    assert_eq!(shape(1, 14336, 4096, false), (2, 8), "4096 deep: 4 trips a lane, 8 loads at width 2");
    assert_eq!(shape(1, 1024, 16384, false), (2, 8), "too long to preload: the old K split");
    assert_eq!(shape(4, 1536, 576, false), (4, 8));
    assert_eq!(shape(6, 4096, 1024, false), (4, 4), "more than 4 rows of A: the K-split shape");
    assert_eq!(shape(8, 14336, 4096, false), (4, 1));
}

#[test]
fn every_simt_tile_instantiates_and_round_trips_its_name() {
    for (c, _, _) in SIMT_TILES {
        c.validate().unwrap();
        let name = c.to_string();
        assert_eq!(name.parse::<SimtConfig>(), Ok(c), "{name}");
    }
    assert_eq!(SimtConfig::split(32, 32, 8, 4, 4).to_string(), "simt32x32x8k4");
    assert!("32x32x8k3".parse::<SimtConfig>().is_err());
    assert!("48x32x8".parse::<SimtConfig>().is_err());
    assert!("simt".parse::<SimtConfig>().is_err());
    // Groups smaller than a warp would diverge at the group-uniform loads.
    assert!(SimtConfig::split(16, 16, 8, 4, 4).validate().is_err());
}

#[test]
fn small_products_split_k_and_large_ones_keep_whole_tiles() {
    // MiniLM at batch 8: too few 64×64 tiles for 132 multiprocessors.
    for (m, n, k) in [(240, 384, 384), (240, 384, 1536), (240, 1536, 384)] {
        assert!(simt(m, n, k).split_k() > 1, "{m}x{n}x{k}: {}", simt(m, n, k));
    }
    assert_eq!(simt(4096, 4096, 4096), SimtConfig::whole(128, 128, 16));
    let forced = ChooseOptions { simt: Some(SimtConfig::split(16, 32, 8, 4, 4)), ..h200(true) };
    let Ok(Variant::Simt(c)) = choose_with(&f32_spec(4096, 4096, 64), (9, 0), &forced) else { panic!() };
    assert_eq!(c.to_string(), "simt16x32x8k8");
}

#[test]
fn tf32_options_take_tensor_cores_where_they_gain() {
    let with = |m, n, k, p| GemmSpec { precision: p, ..f32_spec(m, n, k) };
    let opt = h200;
    let pick = |s: &GemmSpec, arch, maps| choose_with(s, arch, &opt(maps)).unwrap();
    // sm_90: MiniLM's 1920-row products on TMA + wgmma, its 240-row ones on split-K SIMT.
    assert!(matches!(pick(&with(1920, 384, 384, Precision::Tf32x3), (9, 0), true), Variant::WgmmaTma(_)));
    assert!(matches!(pick(&with(240, 1536, 384, Precision::Tf32x3), (9, 0), true), Variant::Simt(_)));
    // The register-A loop only where opted in, only for tf32x3, only on 128×64 tiles of
    // one block an SM; short-K products of more tiles than SMs pair 2-stage blocks instead.
    let opted = ChooseOptions { x3_register_a: true, ..opt(true) };
    let ra = |s: &GemmSpec| match choose_with(s, (9, 0), &opted).unwrap() {
        Variant::WgmmaTma(t) => (t.bm, t.bn, t.register_a),
        other => panic!("{other:?}"),
    };
    // 132 128×64 tiles: one even wave, one block an SM, A from registers.
    assert_eq!(ra(&with(1536, 704, 384, Precision::Tf32x3)), (128, 64, true));
    // 96 128×64 tiles leave 36 of 132 SMs idle: 128 48-wide ones (3 stages, two blocks an
    // SM, so A stays in shared memory) fill them; so for QKV's 270 against 360.
    assert_eq!(ra(&with(2048, 384, 384, Precision::Tf32x3)), (128, 48, false));
    assert_eq!(ra(&with(1920, 1152, 384, Precision::Tf32x3)), (128, 48, false));
    assert_eq!(ra(&with(4096, 4096, 4096, Precision::Tf32x3)), (128, 128, false));
    assert!(!ra(&with(2048, 384, 384, Precision::Tf32)).2);
    assert_eq!(ra(&with(1920, 1536, 384, Precision::Tf32x3)), (128, 64, false));
    let Variant::WgmmaTma(t) = choose_with(&with(1920, 1536, 384, Precision::Tf32x3), (9, 0), &opted).unwrap() else {
        panic!()
    };
    assert_eq!(t.stages, 2);
    assert_eq!(ra(&with(1920, 384, 1536, Precision::Tf32x3)), (128, 48, false));
    let Variant::WgmmaTma(t) = pick(&with(2048, 384, 384, Precision::Tf32x3), (9, 0), true) else { panic!() };
    assert!(!t.register_a);
    // Without tensor maps sm_90 keeps tf32x3 off mma.sync (slower than SIMT there).
    assert!(matches!(pick(&with(4096, 4096, 4096, Precision::Tf32x3), (9, 0), false), Variant::Simt(_)));
    // sm_80: mma.sync where the tiles fill the GPU.
    assert!(matches!(pick(&with(4096, 4096, 4096, Precision::Tf32x3), (8, 0), true), Variant::MmaSync(_)));
    assert!(matches!(pick(&with(64, 64, 64, Precision::Tf32x3), (8, 0), true), Variant::Simt(_)));
    // Single TF32 takes the tensor cores at any size; plain f32 never does.
    assert!(matches!(pick(&with(240, 384, 384, Precision::Tf32), (9, 0), true), Variant::WgmmaTma(_)));
    assert!(matches!(pick(&with(4096, 4096, 4096, Precision::F32), (9, 0), true), Variant::Simt(_)));
}

#[test]
fn persistent_grids_only_where_opted_in_on_register_a_tiles() {
    let x3 = |m, n, k| GemmSpec { precision: Precision::Tf32x3, ..f32_spec(m, n, k) };
    let opt = ChooseOptions { x3_register_a: true, x3_persistent: true, ..h200(true) };
    let tile = |s: &GemmSpec, o: &ChooseOptions| match choose_with(s, (9, 0), o).unwrap() {
        Variant::WgmmaTma(t) => t,
        other => panic!("{other:?}"),
    };
    // A register-A tile: a grid of one block an SM, named in the variant.
    let t = tile(&x3(1536, 704, 384), &opt);
    assert_eq!((t.register_a, t.persistent), (true, 132));
    assert_eq!(Variant::WgmmaTma(t).to_string(), "tma128x64s4-ra-p");
    // Paired or 48-wide tiles (A in shared memory) stay a block a tile; so does everything
    // without the opt-in, or without the register-A loop.
    assert_eq!(tile(&x3(1920, 1536, 384), &opt).persistent, 0);
    assert_eq!(tile(&x3(2048, 384, 384), &opt).persistent, 0);
    assert_eq!(tile(&x3(1536, 704, 384), &ChooseOptions { x3_persistent: false, ..opt }).persistent, 0);
    assert_eq!(tile(&x3(1536, 704, 384), &ChooseOptions { x3_register_a: false, ..opt }).persistent, 0);
    // A forced tile takes it where it runs the register-A loop.
    let forced = ChooseOptions { tma_tile: Some((128, 64, 4)), ..opt };
    assert_eq!(tile(&x3(1920, 1536, 384), &forced).persistent, 132);
    // Six stages and the output tile beside them would pass 227 KiB: a block a tile.
    let deep = ChooseOptions { tma_tile: Some((128, 64, 6)), ..opt };
    let t = tile(&x3(1920, 1536, 384), &deep);
    assert_eq!((t.register_a, t.persistent), (true, 0));
}

#[test]
fn the_compiled_shapes_reach_every_16bit_tile() {
    // Every tile picked for any M, N up to 8192 (steps of 64) is picked at one of the shapes
    // the compile test builds, for K-major and N-major B, with and without two batch dims.
    let pick = |arch: (u32, u32), batched: bool, n_major: bool, m: usize, n: usize| {
        let op = |layout, ld| Operand { elem: Elem::BF16, layout, ld, align: 16 };
        let b = if n_major { op(Layout::RowMajor, n) } else { op(Layout::ColMajor, 1024) };
        let dim = BatchDim { extent: 2, a_stride: m * 1024, b_stride: n * 1024, c_stride: m * n };
        let batch = if batched { vec![dim, dim] } else { Vec::new() };
        let spec = GemmSpec { a: op(Layout::RowMajor, 1024), b, batch, ..f32_spec(m, n, 1024) };
        format!("{:?}", choose_with(&spec, arch, &h200(true)))
    };
    for (arch, batched) in [((9, 0), false), ((9, 0), true), ((8, 0), false)] {
        for n_major in [false, true] {
            let all: std::collections::BTreeSet<String> = (64..=8192)
                .step_by(64)
                .flat_map(|m| (64..=8192).step_by(64).map(move |n| (m, n)))
                .map(|(m, n)| pick(arch, batched, n_major, m, n))
                .collect();
            let reached: std::collections::BTreeSet<String> =
                TILE_REACHING_SHAPES.iter().map(|&(m, n)| pick(arch, batched, n_major, m, n)).collect();
            assert_eq!(all, reached, "{arch:?} batched {batched} N-major {n_major}");
        }
    }
}

/// A bf16 product `m × n × k` with PyTorch-layout B (`[N, K]`), as a bf16x3 split runs it.
fn bf16_spec(m: usize, n: usize, k: usize) -> GemmSpec {
    let op = |layout, ld| Operand { elem: Elem::BF16, layout, ld, align: 16 };
    GemmSpec { a: op(Layout::RowMajor, k), b: op(Layout::ColMajor, k), ..f32_spec(m, n, k) }
}

fn tma(spec: &GemmSpec, opt: &ChooseOptions) -> TileConfig {
    match choose_with(spec, (9, 0), opt) {
        Ok(Variant::WgmmaTma(t)) => t,
        other => panic!("{other:?}"),
    }
}

#[test]
fn k_splits_over_clusters_only_where_asked() {
    let opt = h200(true);
    // MiniLM b64's FFN down projection as bf16x3 (K = 3 · 1536) and other shapes: never by
    // itself (see `k_split`).
    for (m, n, k) in [(1920, 384, 4608), (1920, 384, 1152), (1920, 1536, 1152), (4096, 4096, 4096)] {
        assert_eq!(tma(&bf16_spec(m, n, k), &opt).k_split, 1, "{m}x{n}x{k}");
    }
    // Asked: the picked or forced tile split wherever K has the k-tiles (two waves of clusters
    // too); 1 never splits.
    let down = tma(&bf16_spec(1920, 384, 4608), &ChooseOptions { k_split: Some(4), ..opt });
    assert_eq!(down.k_split, 4, "{down:?}");
    assert_eq!(Variant::WgmmaTma(down).to_string(), format!("tma{}x{}s{}-k4", down.bm, down.bn, down.stages));
    assert_eq!(tma(&bf16_spec(1920, 384, 4608), &ChooseOptions { k_split: Some(1), ..opt }).k_split, 1);
    let forced = ChooseOptions { tma_tile: Some((128, 192, 4)), k_split: Some(3), ..opt };
    assert_eq!(tma(&bf16_spec(1920, 384, 4608), &forced).k_split, 3);
    let waves = ChooseOptions { tma_tile: Some((64, 128, 4)), k_split: Some(2), ..opt };
    assert_eq!(tma(&bf16_spec(1920, 384, 1152), &waves).k_split, 2, "180 blocks, 9 k-tiles each");
    assert_eq!(tma(&bf16_spec(1920, 384, 128), &ChooseOptions { k_split: Some(4), ..opt }).k_split, 1, "2 k-tiles");
}
