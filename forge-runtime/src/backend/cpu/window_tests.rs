//! `conv2d` lowered for a device that reads windows inside the product (`plan::window`: the
//! weights reordered, the input copied to NHWC, B a gather of its windows) computes what the
//! im2col lowering computes: both plans run kernel by kernel here on random inputs, outputs
//! poisoned first.

use super::kernels;
use super::store::Store;
use crate::elem::Elem;
use crate::graph::parse_and_check;
use crate::ir::{BufferRole, KernelBody, Plan};
use crate::options::Fusion;
use crate::plan::{dim_values, lower_resolved, Target};
use std::str::FromStr;

/// Runs every kernel of `p` over fresh memory (inputs and weights from `seed`, the rest NaN)
/// and returns the output `y`.
fn run_plan(p: &Plan, seed: u64) -> Vec<f32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut mem: Vec<Store> = p
        .buffers
        .iter()
        .map(|b| {
            let values: Vec<f32> = match b.role {
                BufferRole::Input | BufferRole::Weight => super::fast_tests::nonzero(&mut rng, b.len),
                BufferRole::Output | BufferRole::Temp | BufferRole::State | BufferRole::Scene => vec![f32::NAN; b.len],
            };
            match b.elem {
                Elem::F16 => Store::F16(values.iter().map(|&v| half::f16::from_f32(v).to_bits()).collect()),
                Elem::BF16 => Store::BF16(values.iter().map(|&v| half::bf16::from_f32(v).to_bits()).collect()),
                Elem::F32 | Elem::U32 | Elem::I32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => Store::F32(values),
            }
        })
        .collect();
    for k in &p.kernels {
        kernels::run(&k.spec, &mut mem, &[], None).unwrap();
    }
    let y = p.buffers.iter().position(|b| b.name == "y").expect("an output y");
    match &mem[y] {
        Store::F32(v) => v.clone(),
        Store::F16(v) => v.iter().map(|&h| half::f16::from_bits(h).to_f32()).collect(),
        Store::BF16(v) => v.iter().map(|&h| half::bf16::from_bits(h).to_f32()).collect(),
        other => panic!("unexpected output store {other:?}"),
    }
}

fn lowered(src: &str, dims: &[usize], conv_windows: Option<usize>) -> Plan {
    let g = parse_and_check(proc_macro2::TokenStream::from_str(src).expect("tokens")).unwrap();
    let target = Target { conv_windows, ..Target::default() };
    lower_resolved(&g, &dim_values(&g, dims).unwrap(), &Fusion::default(), &target).unwrap()
}

/// `src` at `dims` lowered reading windows (from 0 values) and as im2col: the window plan has
/// one window product, and both compute the same `y` from the inputs of `seed`. The windows.
fn windowed_matches_im2col(src: &str, dims: &[usize], seed: u64) -> crate::ir::Windows {
    let windowed = lowered(src, dims, Some(0));
    let w = windows_of(&windowed);
    assert_eq!(w.len(), 1, "{src}: one window product");
    let im2col = lowered(src, dims, None);
    assert!(windows_of(&im2col).is_empty());
    let (got, want) = (run_plan(&windowed, seed), run_plan(&im2col, seed));
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert!((g - w).abs() <= 1e-4 * w.abs().max(1.0), "{src}: y[{i}] {g} against {w}");
    }
    w[0]
}

fn windows_of(p: &Plan) -> Vec<crate::ir::Windows> {
    p.kernels
        .iter()
        .filter_map(|k| match &k.spec.body {
            KernelBody::Matmul(m) => m.window,
            _ => None,
        })
        .collect()
}

#[test]
fn window_products_compute_what_im2col_products_compute() {
    // (padding, dilation, input side, channels, outputs, with a bias and ReLU): same-size,
    // unpadded, dilated and rectangular-free cases, the output rows past the tile's and a
    // fused epilogue.
    let cases = [
        (1, 1, 9, 32, 8, false),
        (0, 1, 7, 64, 5, true),
        (1, 1, 9, 64, 4, false),
        (2, 2, 6, 32, 16, true),
        (1, 1, 5, 32, 3, false),
    ];
    for (padding, dilation, side, channels, outputs, epilogue) in cases {
        let conv = format!("conv2d(x, w, padding = {padding}, dilation = {dilation}, precision = tf32)");
        let value = if epilogue {
            format!("temp t: f32[B, O, OH, OH]; t = {conv}; y[b, o, i, j] = relu(t[b, o, i, j] + bias[o]);")
        } else {
            format!("y = {conv};")
        };
        let out = side + 2 * padding - dilation * 2;
        let src = format!(
            "graph Conv {{ dims {{ B, C, H, O, OH }} input x: f32[B, C, H, H]; weight w: f32[O, C, 3, 3];
                weight bias: f32[O]; output y: f32[B, O, OH, OH]; {value} }}"
        );
        let dims = [2, channels, side, outputs, out];
        let w = windowed_matches_im2col(&src, &dims, 7);
        assert_eq!((w.padding, w.dilation, w.out_width), ([padding; 2], [dilation; 2], out));
        // The same with f16 and bf16 bindings (64-channel k-tiles; their copies are exact).
        for half in ["f16", "bf16"].iter().filter(|_| channels % 64 == 0) {
            let src = src.replace("x: f32", &format!("x: {half}")).replace("w: f32", &format!("w: {half}"));
            windowed_matches_im2col(&src.replace(", precision = tf32", ""), &dims, 9);
        }
    }
}

#[test]
fn only_large_tf32_convolutions_of_whole_channel_tiles_read_windows() {
    let src = |precision: &str, extra: &str| {
        format!(
            "graph Conv {{ dims {{ B, C, H }} input x: f32[B, C, H, H]; weight w: f32[64, C, 3, 3];
                output y: f32[B, 64, H, H]; y = conv2d(x, w, padding = 1{extra}, precision = {precision}); }}"
        )
    };
    // ResNet-50's 56² layer at batch 8: 14.5 M im2col values, past the CUDA default threshold.
    let threshold = Some(crate::ir::limits::WINDOW_MIN_VALUES);
    let p = lowered(&src("tf32", ""), &[8, 64, 56], threshold);
    let kinds: Vec<&str> = p.kernels.iter().map(|k| k.spec.body.kind()).collect();
    assert_eq!(kinds, ["map", "map", "matmul"], "weights reordered, input to NHWC, the product");
    let temps: Vec<Vec<usize>> =
        p.buffers.iter().filter(|b| b.name.starts_with("_t")).map(|b| b.shape.clone()).collect();
    assert_eq!(temps, [vec![64, 3, 3, 64], vec![8, 56, 56, 64]]);
    // 1.8 M values at batch 1 stay im2col there; other precisions, 16 channels (half a k-tile) and
    // strides keep the temp wherever.
    assert!(windows_of(&lowered(&src("tf32", ""), &[1, 64, 56], threshold)).is_empty());
    assert!(windows_of(&lowered(&src("tf32x3", ""), &[8, 64, 56], Some(0))).is_empty());
    assert!(windows_of(&lowered(&src("bf16x3", ""), &[8, 64, 56], Some(0))).is_empty());
    assert!(windows_of(&lowered(&src("f32", ""), &[8, 64, 56], Some(0))).is_empty());
    assert!(windows_of(&lowered(&src("tf32", ""), &[8, 16, 56], Some(0))).is_empty());
    let strided = src("tf32", ", stride = 2").replace("y: f32[B, 64, H, H]", "y: f32[B, 64, 28, 28]");
    assert!(windows_of(&lowered(&strided, &[8, 64, 56], Some(0))).is_empty());
}
