//! `conv2d`, `max_pool` and `avg_pool` on every backend against plain loops, in many
//! configurations (strides, zero padding, dilation, groups and depthwise, 1x1 and non-square
//! kernels, odd sizes); a conv + per-channel bias + ReLU + pool chain through the typed API; the
//! CNN example's graphs (ResNet stem and basic block) at small sizes; and targets of the wrong
//! extent refused at `new` where only the dims tell.

mod common;

use common::*;
use forge::prelude::*;
use forge::seed::ir::KernelBody;
use forge::{GraphInstance, HostSlice};

include!("../examples/graphs/cnn.rs");

/// One convolution: input `[b, c, h, w]`, weight `[o, c / groups, kh, kw]`.
#[derive(Debug, Clone, Copy)]
struct Conv {
    b: usize,
    c: usize,
    h: usize,
    w: usize,
    o: usize,
    kh: usize,
    kw: usize,
    /// Options for (height, width).
    stride: [usize; 2],
    padding: [usize; 2],
    dilation: [usize; 2],
    groups: usize,
}

impl Conv {
    const fn new(b: usize, c: usize, (h, w): (usize, usize), o: usize, (kh, kw): (usize, usize)) -> Conv {
        Conv { b, c, h, w, o, kh, kw, stride: [1, 1], padding: [0, 0], dilation: [1, 1], groups: 1 }
    }
    const fn with(self, stride: usize, padding: usize, dilation: usize, groups: usize) -> Conv {
        Conv { stride: [stride; 2], padding: [padding; 2], dilation: [dilation; 2], groups, ..self }
    }
    /// Different options for the two axes.
    const fn pairs(self, stride: [usize; 2], padding: [usize; 2], dilation: [usize; 2]) -> Conv {
        Conv { stride, padding, dilation, ..self }
    }
    fn out(&self, a: usize, n: usize, k: usize) -> usize {
        (n + 2 * self.padding[a] - self.dilation[a] * (k - 1) - 1) / self.stride[a] + 1
    }
    fn oh(&self) -> usize {
        self.out(0, self.h, self.kh)
    }
    fn ow(&self) -> usize {
        self.out(1, self.w, self.kw)
    }
}

/// PyTorch's `F.conv2d` as plain loops (f64 sums).
fn naive_conv2d(x: &[f32], wt: &[f32], p: &Conv) -> Vec<f32> {
    let (cg, og) = (p.c / p.groups, p.o / p.groups);
    let (oh, ow) = (p.oh(), p.ow());
    let mut out = Vec::with_capacity(p.b * p.o * oh * ow);
    for b in 0..p.b {
        for o in 0..p.o {
            let g = o / og;
            for i in 0..oh {
                for j in 0..ow {
                    let mut acc = 0.0f64;
                    for c in 0..cg {
                        for u in 0..p.kh {
                            for v in 0..p.kw {
                                let r = (i * p.stride[0] + u * p.dilation[0]) as i64 - p.padding[0] as i64;
                                let s = (j * p.stride[1] + v * p.dilation[1]) as i64 - p.padding[1] as i64;
                                if r < 0 || s < 0 || r >= p.h as i64 || s >= p.w as i64 {
                                    continue;
                                }
                                let xi = ((b * p.c + g * cg + c) * p.h + r as usize) * p.w + s as usize;
                                let wi = ((o * cg + c) * p.kh + u) * p.kw + v;
                                acc += f64::from(x[xi]) * f64::from(wt[wi]);
                            }
                        }
                    }
                    out.push(acc as f32);
                }
            }
        }
    }
    out
}

/// An option as a graph writes it: one integer, or a (height, width) pair where they differ.
fn option([h, w]: [usize; 2]) -> String {
    if h == w {
        h.to_string()
    } else {
        format!("({h}, {w})")
    }
}

fn conv_source(p: &Conv) -> String {
    conv_source_at(p, "f32")
}

/// [`conv_source`] with `precision = …`.
fn conv_source_at(p: &Conv, precision: &str) -> String {
    format!(
        "graph Conv {{ dims {{ B, C, H, W, O, OH, OW }}
            input x: f32[B, C, H, W]; weight w: f32[O, {cg}, {kh}, {kw}]; output y: f32[B, O, OH, OW];
            y = conv2d(x, w, stride = {s}, padding = {pad}, dilation = {d}, groups = {g}, precision = {precision}); }}",
        cg = p.c / p.groups,
        kh = p.kh,
        kw = p.kw,
        s = option(p.stride),
        pad = option(p.padding),
        d = option(p.dilation),
        g = p.groups
    )
}

/// Runs each configuration on `ctx` and compares with the loops.
fn check_convs(ctx: &Context, configs: &[Conv]) {
    check_convs_at(ctx, configs, "f32", 1e-5);
}

/// [`check_convs`] at `precision`, within `rel` of the loops' f32 values.
fn check_convs_at(ctx: &Context, configs: &[Conv], precision: &str, rel: f32) {
    for (n, p) in configs.iter().enumerate() {
        let seed = 100 + 10 * n as u64;
        let x = rand_f32(p.b * p.c * p.h * p.w, 1.0, seed);
        let wt = rand_f32(p.o * (p.c / p.groups) * p.kh * p.kw, 0.5, seed + 1);
        let dims = [p.b, p.c, p.h, p.w, p.o, p.oh(), p.ow()];
        let src = conv_source_at(p, precision);
        let mut g = GraphInstance::from_source(ctx, &src, &dims).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        g.load_weights(&[("w", HostSlice::of(&wt))]).unwrap();
        // A first run with other inputs leaves wrong values behind for any point not rewritten.
        g.run(&[("x", HostSlice::of(&rand_f32(x.len(), 3.0, seed + 2)))], &[]).unwrap();
        let y = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap()[0].1.to_vec::<f32>("y").unwrap();
        assert_close(&format!("{p:?} at {precision}"), &y, &naive_conv2d(&x, &wt, p), rel, 1.0);
    }
}

fn conv2d_padded(ctx: &Context) {
    check_convs(
        ctx,
        &[
            Conv::new(2, 3, (7, 9), 4, (3, 3)).with(1, 1, 1, 1),
            Conv::new(1, 2, (5, 6), 3, (5, 5)).with(1, 2, 1, 1),
            Conv::new(1, 3, (6, 6), 2, (3, 3)),
            // 144 points a sum: the CPU's matrix-product path (its factors evaluated once).
            Conv::new(2, 16, (6, 7), 8, (3, 3)).with(1, 1, 1, 1),
        ],
    );
}

/// `precision = …` (what an f32 convolution may trade for tensor cores) keeps each its error
/// bound against true f32 (`docs/semantics.md`), on shapes that run as products (its temp then
/// K-major) and one that folds.
fn conv2d_precisions(ctx: &Context) {
    let configs = [
        Conv::new(2, 32, (9, 10), 40, (3, 3)).with(1, 1, 1, 1),
        Conv::new(1, 16, (12, 11), 24, (3, 3)).with(2, 1, 1, 1),
        Conv::new(1, 3, (6, 6), 2, (3, 3)),
    ];
    check_convs_at(ctx, &configs, "tf32x3", 1e-5);
    check_convs_at(ctx, &configs, "bf16x3", 1e-4);
    check_convs_at(ctx, &configs, "tf32", 1e-2);
}

/// `precision = tf32` convolutions that read their input's windows inside the product on
/// sm_90 (`CudaOptions::conv_windows`: from the default 3 Mi values of im2col, and here from 0 so
/// small ones do too): same-size and unpadded outputs, dilation, a 5×5 kernel, rows of 10
/// (tiles of whole rows), 7² (a tile's rows past the output), ResNet-50's 56² of 64 channels
/// and 28² of 128 (128-row tiles). Elsewhere the same shapes run the im2col product.
fn conv2d_windows(ctx: &Context) {
    let configs = [
        Conv::new(2, 32, (9, 10), 40, (3, 3)).with(1, 1, 1, 1),
        Conv::new(1, 64, (7, 7), 64, (3, 3)).with(1, 1, 1, 1),
        Conv::new(2, 32, (12, 11), 24, (3, 3)).with(1, 0, 2, 1),
        Conv::new(1, 32, (9, 9), 16, (5, 5)).with(1, 2, 1, 1),
        Conv::new(1, 32, (6, 8), 8, (3, 3)).pairs([1, 1], [0, 2], [1, 1]),
        Conv::new(1, 64, (56, 56), 64, (3, 3)).with(1, 1, 1, 1),
        Conv::new(2, 128, (28, 28), 128, (3, 3)).with(1, 1, 1, 1),
    ];
    let cuda = forge::CudaOptions { conv_windows: Some(0), ..Default::default() };
    let windows = ctx.clone().with_options(forge::Options { cuda, ..Default::default() });
    check_convs_at(&windows, &configs, "tf32", 1e-2);
    // ResNet-50's 56² layer at batch 8 (14.5 M im2col values) takes the windows by default.
    check_convs_at(ctx, &[Conv::new(8, 64, (56, 56), 64, (3, 3)).with(1, 1, 1, 1)], "tf32", 1e-2);
    if ctx.kind() == BackendKind::Cuda && ctx.to_string().contains("sm_90") {
        for (c, p) in [(&windows, configs[0]), (ctx, Conv::new(8, 64, (56, 56), 64, (3, 3)).with(1, 1, 1, 1))] {
            let dims = [p.b, p.c, p.h, p.w, p.o, p.oh(), p.ow()];
            let g = GraphInstance::from_source(c, &conv_source_at(&p, "tf32"), &dims).unwrap();
            let read =
                g.plan().kernels.iter().any(|k| matches!(&k.spec.body, KernelBody::Matmul(m) if m.window.is_some()));
            assert!(read, "{p:?}: the product reads the windows on sm_90");
        }
    }
}

fn conv2d_strided(ctx: &Context) {
    check_convs(
        ctx,
        &[
            Conv::new(1, 4, (9, 8), 6, (3, 3)).with(2, 1, 1, 1),
            Conv::new(2, 3, (13, 11), 3, (5, 3)).with(3, 2, 1, 1),
            Conv::new(1, 3, (10, 10), 4, (7, 7)).with(2, 3, 1, 1),
        ],
    );
}

fn conv2d_dilated(ctx: &Context) {
    check_convs(
        ctx,
        &[Conv::new(2, 3, (11, 10), 5, (3, 3)).with(1, 2, 2, 1), Conv::new(1, 2, (12, 9), 3, (3, 2)).with(2, 1, 3, 1)],
    );
}

fn conv2d_pairs(ctx: &Context) {
    check_convs(
        ctx,
        &[
            Conv::new(1, 3, (9, 8), 4, (3, 3)).pairs([2, 1], [1, 0], [1, 2]),
            Conv::new(2, 2, (6, 11), 3, (1, 5)).pairs([1, 3], [0, 2], [1, 1]),
        ],
    );
}

fn conv2d_grouped(ctx: &Context) {
    check_convs(
        ctx,
        &[Conv::new(1, 4, (6, 7), 6, (3, 3)).with(1, 1, 1, 2), Conv::new(2, 6, (5, 5), 9, (3, 3)).with(2, 1, 1, 3)],
    );
}

fn conv2d_depthwise(ctx: &Context) {
    check_convs(
        ctx,
        &[
            Conv::new(2, 5, (8, 8), 5, (3, 3)).with(1, 1, 1, 5),
            // A channel multiplier of 2: two filters per input channel.
            Conv::new(1, 3, (7, 5), 6, (3, 3)).with(2, 1, 1, 3),
        ],
    );
}

/// `groups = C`: a depthwise convolution whose channel count is a dim, one graph for every `C`
/// (with a channel multiplier: `O = 2·C`); a weight or output count that does not fit the
/// groups is refused at `new`.
fn conv2d_groups_from_a_dim(ctx: &Context) {
    let src = "graph Depthwise { dims { B, C, H, W, O }
        input x: f32[B, C, H, W]; weight w: f32[O, 1, 3, 3]; output y: f32[B, O, H, W];
        y = conv2d(x, w, padding = 1, groups = C); }";
    for (n, (b, c, o)) in [(2, 5, 5), (1, 3, 6), (1, 16, 32)].into_iter().enumerate() {
        let p = Conv::new(b, c, (6, 7), o, (3, 3)).with(1, 1, 1, c);
        let seed = 300 + 10 * n as u64;
        let x = rand_f32(b * c * 6 * 7, 1.0, seed);
        let wt = rand_f32(o * 9, 0.5, seed + 1);
        let mut g = GraphInstance::from_source(ctx, src, &[b, c, 6, 7, o]).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        g.load_weights(&[("w", HostSlice::of(&wt))]).unwrap();
        g.run(&[("x", HostSlice::of(&rand_f32(x.len(), 3.0, seed + 2)))], &[]).unwrap();
        let y = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap()[0].1.to_vec::<f32>("y").unwrap();
        assert_close(&format!("{p:?}"), &y, &naive_conv2d(&x, &wt, &p), 1e-5, 1.0);
    }
    match GraphInstance::from_source(ctx, src, &[1, 4, 6, 7, 6]) {
        Err(e @ forge::Error::ShapeCheck { .. }) => {
            assert!(e.to_string().contains("O = 6 is not a multiple of C = 4"), "{e}")
        }
        other => panic!("6 outputs over 4 groups must be refused at new: {other:?}"),
    }
}

fn conv2d_pointwise(ctx: &Context) {
    check_convs(
        ctx,
        &[
            Conv::new(2, 8, (5, 5), 16, (1, 1)),
            Conv::new(1, 4, (7, 7), 3, (1, 1)).with(2, 0, 1, 1),
            Conv::new(1, 1, (3, 4), 1, (1, 1)).with(1, 1, 1, 1),
        ],
    );
}

/// One pooling: input `[b, c, h, w]`, `kernel`×`kernel` windows.
#[derive(Debug, Clone, Copy)]
struct Pooling {
    b: usize,
    c: usize,
    h: usize,
    w: usize,
    /// Options for (height, width).
    kernel: [usize; 2],
    stride: [usize; 2],
    padding: [usize; 2],
    /// `max_pool` only.
    dilation: [usize; 2],
    ceil: bool,
    /// `avg_pool` only.
    include_pad: bool,
}

impl Pooling {
    /// `kernel`×`kernel` windows, the same options on both axes.
    const fn new(b: usize, c: usize, (h, w): (usize, usize), kernel: usize, stride: usize, padding: usize) -> Pooling {
        Pooling {
            b,
            c,
            h,
            w,
            kernel: [kernel; 2],
            stride: [stride; 2],
            padding: [padding; 2],
            dilation: [1, 1],
            ceil: false,
            include_pad: true,
        }
    }
    const fn ceil(self) -> Pooling {
        Pooling { ceil: true, ..self }
    }
    const fn without_pad(self) -> Pooling {
        Pooling { include_pad: false, ..self }
    }
    const fn dilated(self, d: usize) -> Pooling {
        Pooling { dilation: [d; 2], ..self }
    }
    /// PyTorch's `pooling_output_shape`.
    fn out(&self, a: usize, n: usize) -> usize {
        let room = n + 2 * self.padding[a] - self.dilation[a] * (self.kernel[a] - 1) - 1;
        let s = self.stride[a];
        let out = if self.ceil { room.div_ceil(s) + 1 } else { room / s + 1 };
        if self.ceil && (out - 1) * s >= n + self.padding[a] {
            out - 1
        } else {
            out
        }
    }
}

/// PyTorch's `F.max_pool2d` (padding −inf) and `F.avg_pool2d` (its divisor: the window's
/// points inside the padded input, or inside the input without `count_include_pad`) as plain
/// loops.
fn naive_pool(x: &[f32], p: &Pooling, max: bool) -> Vec<f32> {
    let (oh, ow) = (p.out(0, p.h), p.out(1, p.w));
    let mut out = Vec::with_capacity(p.b * p.c * oh * ow);
    // The window's first point, its end clipped to the padded input, and to the input.
    let span = |a: usize, o: usize, n: usize| {
        let start = (o * p.stride[a]) as i64 - p.padding[a] as i64;
        let end = (start + p.kernel[a] as i64).min((n + p.padding[a]) as i64);
        (start, end, start.max(0), end.min(n as i64))
    };
    for bc in 0..p.b * p.c {
        for i in 0..oh {
            for j in 0..ow {
                let at = |r: i64, s: i64| f64::from(x[(bc * p.h + r as usize) * p.w + s as usize]);
                let inside = |r: i64, s: i64| r >= 0 && s >= 0 && r < p.h as i64 && s < p.w as i64;
                if max {
                    let mut acc = f64::NEG_INFINITY;
                    for u in 0..p.kernel[0] {
                        for v in 0..p.kernel[1] {
                            let r = (i * p.stride[0] + u * p.dilation[0]) as i64 - p.padding[0] as i64;
                            let s = (j * p.stride[1] + v * p.dilation[1]) as i64 - p.padding[1] as i64;
                            if inside(r, s) {
                                acc = acc.max(at(r, s));
                            }
                        }
                    }
                    out.push(acc as f32);
                    continue;
                }
                let (r0, r1, rlo, rhi) = span(0, i, p.h);
                let (s0, s1, slo, shi) = span(1, j, p.w);
                let sum: f64 = (rlo..rhi).flat_map(|r| (slo..shi).map(move |s| (r, s))).map(|(r, s)| at(r, s)).sum();
                let points = if p.include_pad { (r1 - r0) * (s1 - s0) } else { (rhi - rlo) * (shi - slo) };
                out.push((sum / points as f64) as f32);
            }
        }
    }
    out
}

fn check_pools(ctx: &Context, configs: &[Pooling], offset: f32) {
    for (n, p) in configs.iter().enumerate() {
        let seed = 500 + 10 * n as u64;
        // Shifted below zero in some runs: a zero-padded max would then win at the edges.
        let x: Vec<f32> = rand_f32(p.b * p.c * p.h * p.w, 1.0, seed).iter().map(|v| v + offset).collect();
        for (f, max) in [("max_pool", true), ("avg_pool", false)] {
            let extra = if max {
                format!(", dilation = {}, ceil_mode = {}", option(p.dilation), p.ceil)
            } else if p.dilation == [1, 1] {
                format!(", ceil_mode = {}, count_include_pad = {}", p.ceil, p.include_pad)
            } else {
                continue; // avg_pool has no dilation (nor has PyTorch's)
            };
            let src = format!(
                "graph Pool {{ dims {{ B, C, H, W, OH, OW }} input x: f32[B, C, H, W]; output y: f32[B, C, OH, OW];
                    y = {f}(x, kernel = {k}, stride = {s}, padding = {pad}{extra}); }}",
                k = option(p.kernel),
                s = option(p.stride),
                pad = option(p.padding)
            );
            let dims = [p.b, p.c, p.h, p.w, p.out(0, p.h), p.out(1, p.w)];
            let mut g = GraphInstance::from_source(ctx, &src, &dims).unwrap_or_else(|e| panic!("{f} {p:?}: {e}"));
            let y = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap()[0].1.to_vec::<f32>("y").unwrap();
            assert_close(&format!("{f} {p:?}"), &y, &naive_pool(&x, p, max), 1e-6, 1.0);
        }
    }
}

const POOLS: [Pooling; 16] = [
    Pooling::new(2, 3, (8, 8), 2, 2, 0),
    Pooling::new(1, 2, (7, 9), 3, 2, 1),
    Pooling::new(2, 3, (6, 5), 3, 1, 1),
    Pooling::new(1, 4, (9, 11), 3, 3, 0),
    Pooling::new(1, 2, (4, 3), 1, 1, 0),
    Pooling::new(1, 1, (10, 7), 4, 3, 2),
    // (height, width) pairs.
    Pooling { kernel: [3, 2], stride: [2, 1], padding: [1, 0], ..Pooling::new(1, 2, (9, 7), 1, 1, 0) },
    Pooling { kernel: [1, 4], stride: [1, 4], padding: [0, 2], ..Pooling::new(2, 1, (5, 12), 1, 1, 0) },
    // ceil_mode: one more window than the floor (8 → 5 rows), the last window starting past
    // the input dropped (4 → 2), with and without padding.
    Pooling::new(1, 2, (8, 10), 3, 2, 1).ceil(),
    Pooling::new(2, 1, (4, 7), 2, 3, 1).ceil(),
    Pooling::new(1, 3, (7, 9), 2, 2, 0).ceil(),
    // Padding not counted in the mean.
    Pooling::new(1, 2, (7, 9), 3, 2, 1).without_pad(),
    Pooling::new(1, 2, (8, 10), 3, 2, 1).ceil().without_pad(),
    // Dilated windows (max only), reaching past the input on both sides.
    Pooling::new(1, 2, (9, 10), 3, 1, 2).dilated(2),
    Pooling::new(2, 1, (11, 8), 2, 2, 1).dilated(3).ceil(),
    Pooling {
        kernel: [3, 2],
        stride: [2, 1],
        padding: [2, 0],
        dilation: [2, 1],
        ..Pooling::new(1, 2, (9, 7), 1, 1, 0)
    },
];

fn pools(ctx: &Context) {
    check_pools(ctx, &POOLS, 0.0);
}

fn pools_of_negative_values(ctx: &Context) {
    check_pools(ctx, &POOLS, -3.0);
}

forge_graph! {
    /// A small stage: a 3x3 convolution, a per-channel bias broadcast over `[O, 1, 1]`, a ReLU
    /// and a 2x2 max pool, literal extents (checked at compile time).
    pub graph ConvStage {
        dims { B }
        input x: f32[B, 3, 10, 10];
        weight w: f32[8, 3, 3, 3];
        weight bias: f32[8, 1, 1];
        temp z: f32[B, 8, 10, 10];
        temp a: f32[B, 8, 10, 10];
        output y: f32[B, 8, 5, 5];
        output avg: f32[B, 8, 1, 1];
        z = conv2d(x, w, padding = 1);
        a = relu(z + bias);
        y = max_pool(a, kernel = 2);
        avg = avg_pool(y, kernel = 5);
    }
}

fn conv_bias_relu_pool_stage(ctx: &Context) {
    let b = 2;
    let (x, w, bias) = (rand_f32(b * 300, 1.0, 700), rand_f32(8 * 27, 0.5, 701), rand_f32(8, 0.5, 702));
    let mut g = ConvStage::new(ctx, ConvStageDims { b }).unwrap();
    g.load_weights(ConvStageWeights { w: &w, bias: &bias }).unwrap();
    let out = g.run(ConvStageInputs { x: &x }).unwrap();
    let p = Conv::new(b, 3, (10, 10), 8, (3, 3)).with(1, 1, 1, 1);
    let z = naive_conv2d(&x, &w, &p);
    let a: Vec<f32> = z.iter().enumerate().map(|(n, v)| (v + bias[(n / 100) % 8]).max(0.0)).collect();
    assert!(a.contains(&0.0) && a.iter().any(|v| *v > 0.0), "the ReLU clips some outputs");
    let pool = |x: &[f32], h: usize, k: usize, max: bool| {
        let p = Pooling::new(b, 8, (h, h), k, k, 0);
        naive_pool(x, &p, max)
    };
    let y = pool(&a, 10, 2, true);
    assert_close("conv stage", &out.y, &y, 1e-5, 1.0);
    assert_close("global average", &out.avg, &pool(&y, 5, 5, false), 1e-5, 1.0);
}

/// Channels-last tensors through free `permute` views: an NHWC input and TensorFlow's HWIO
/// weight read as NCHW and OIHW, pooled from an NHWC view too.
fn channels_last_through_views(ctx: &Context) {
    let p = Conv::new(2, 3, (7, 6), 4, (3, 3)).with(2, 1, 1, 1);
    let (oh, ow) = (p.oh(), p.ow());
    let src = "graph Nhwc { dims { B, H, W, C, O, OH, OW, PH, PW } input x: f32[B, H, W, C]; weight w: f32[3, 3, C, O];
        output y: f32[B, O, OH, OW]; output m: f32[B, C, PH, PW];
        y = conv2d(permute(x, 0, 3, 1, 2), permute(w, 3, 2, 0, 1), stride = 2, padding = 1);
        m = max_pool(permute(x, 0, 3, 1, 2), kernel = 2); }";
    let (x, wt) = (rand_f32(p.b * p.h * p.w * p.c, 1.0, 950), rand_f32(9 * p.c * p.o, 0.5, 951));
    let mut g = GraphInstance::from_source(ctx, src, &[p.b, p.h, p.w, p.c, p.o, oh, ow, p.h / 2, p.w / 2]).unwrap();
    g.load_weights(&[("w", HostSlice::of(&wt))]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
    // The same values in NCHW and OIHW for the loops.
    let mut nchw = vec![0.0; x.len()];
    for (n, v) in x.iter().enumerate() {
        let (b, r, s, c) = (n / (p.h * p.w * p.c), (n / (p.w * p.c)) % p.h, (n / p.c) % p.w, n % p.c);
        nchw[((b * p.c + c) * p.h + r) * p.w + s] = *v;
    }
    let mut oihw = vec![0.0; wt.len()];
    for (n, v) in wt.iter().enumerate() {
        let (u, t, c, o) = (n / (3 * p.c * p.o), (n / (p.c * p.o)) % 3, (n / p.o) % p.c, n % p.o);
        oihw[((o * p.c + c) * 3 + u) * 3 + t] = *v;
    }
    assert_close("nhwc conv", &out[0].1.to_vec::<f32>("y").unwrap(), &naive_conv2d(&nchw, &oihw, &p), 1e-5, 1.0);
    let pooling = Pooling::new(p.b, p.c, (p.h, p.w), 2, 2, 0);
    assert_close("nhwc pool", &out[1].1.to_vec::<f32>("m").unwrap(), &naive_pool(&nchw, &pooling, true), 0.0, 0.0);
}

/// `relu(z · scale[c] + shift[c] (+ skip))` over `[b, c, n]` points.
fn folded_norm_relu(z: &[f32], scale: &[f32], shift: &[f32], skip: Option<&[f32]>, n: usize) -> Vec<f32> {
    let c = scale.len();
    let at = |p: usize| skip.map_or(0.0, |s| s[p]);
    z.iter().enumerate().map(|(p, v)| (v * scale[(p / n) % c] + shift[(p / n) % c] + at(p)).max(0.0)).collect()
}

/// The CNN example's graphs at small sizes against the loops.
fn cnn_example_graphs(ctx: &Context) {
    let (b, h) = (2, 16);
    let x = rand_f32(b * 3 * h * h, 1.0, 800);
    let w = rand_f32(64 * 3 * 49, 0.2, 801);
    let (scale, shift) = (rand_gains(64, 0.25, 802), rand_f32(64, 0.1, 803));
    let mut stem = ResNetStem::new(ctx, ResNetStemDims { b, h, w: h }).unwrap();
    stem.load_weights(ResNetStemWeights { w: &w, scale: &scale, shift: &shift }).unwrap();
    let z = naive_conv2d(&x, &w, &Conv::new(b, 3, (h, h), 64, (7, 7)).with(2, 3, 1, 1));
    let a = folded_norm_relu(&z, &scale, &shift, None, (h / 2) * (h / 2));
    let pooled = naive_pool(&a, &Pooling::new(b, 64, (h / 2, h / 2), 3, 2, 1), true);
    assert_close("stem", &stem.run(ResNetStemInputs { x: &x }).unwrap().y, &pooled, 1e-5, 1.0);

    let (c, n) = (4, 6);
    let x = rand_f32(b * c * n * n, 1.0, 810);
    let (w1, w2) = (rand_f32(c * c * 9, 0.4, 811), rand_f32(c * c * 9, 0.4, 812));
    let (s1, t1, s2, t2) =
        (rand_gains(c, 0.25, 813), rand_f32(c, 0.1, 814), rand_gains(c, 0.25, 815), rand_f32(c, 0.1, 816));
    let mut block = BasicBlock::new(ctx, BasicBlockDims { b, c, h: n, w: n }).unwrap();
    block.load_weights(BasicBlockWeights { w1: &w1, s1: &s1, t1: &t1, w2: &w2, s2: &s2, t2: &t2 }).unwrap();
    let p = Conv::new(b, c, (n, n), c, (3, 3)).with(1, 1, 1, 1);
    let a1 = folded_norm_relu(&naive_conv2d(&x, &w1, &p), &s1, &t1, None, n * n);
    let y = folded_norm_relu(&naive_conv2d(&a1, &w2, &p), &s2, &t2, Some(&x), n * n);
    assert!(y.contains(&0.0) && y.iter().any(|v| *v > 0.0), "the ReLU clips some outputs");
    assert_close("basic block", &block.run(BasicBlockInputs { x: &x }).unwrap().y, &y, 1e-5, 1.0);
}

/// f16 and bf16 bindings: read as f32, summed in f32, the result rounded once on store.
/// The second and third configurations sum 144 points, so their input's windows go to a temp
/// of the bindings' type and the product runs on half-float kernels: K-major for 36 positions
/// (72-byte rows), `[B, K.., OH, OW]` for 64 (128-byte rows, as TMA takes them).
fn half_precision_bindings(ctx: &Context) {
    let grouped = Conv::new(2, 4, (7, 7), 6, (3, 3)).with(2, 1, 1, 2);
    let wide = Conv::new(2, 16, (6, 6), 8, (3, 3)).with(1, 1, 1, 1);
    let aligned = Conv::new(2, 16, (8, 8), 8, (3, 3)).with(1, 1, 1, 1);
    let configs = [grouped, wide, aligned];
    for (p, elem) in configs.into_iter().flat_map(|p| [(p, "f16"), (p, "bf16")]) {
        let (oh, ow) = (p.oh(), p.ow());
        let (s, pad, g, cg) = (p.stride[0], p.padding[0], p.groups, p.c / p.groups);
        let src = format!(
            "graph Half {{ dims {{ B, C, H, W, O, OH, OW }} input x: {elem}[B, C, H, W]; weight w: {elem}[O, {cg}, 3, 3];
                temp z: {elem}[B, O, OH, OW]; output y: {elem}[B, O, OH, OW]; output m: f32[B, O, 1, 1];
                z = conv2d(x, w, stride = {s}, padding = {pad}, groups = {g}); y = relu(z); m = avg_pool(z, kernel = {oh}); }}"
        );
        assert_eq!(oh, ow);
        let round = |v: &[f32]| -> Vec<f32> {
            match elem {
                "f16" => v.iter().map(|x| f16::from_f32(*x).to_f32()).collect(),
                _ => v.iter().map(|x| bf16::from_f32(*x).to_f32()).collect(),
            }
        };
        let (x, wt) = (round(&rand_f32(p.b * p.c * p.h * p.w, 1.0, 900)), round(&rand_f32(p.o * cg * 9, 0.5, 901)));
        let mut g = GraphInstance::from_source(ctx, &src, &[p.b, p.c, p.h, p.w, p.o, oh, ow]).unwrap();
        let (y, m) = match elem {
            "f16" => {
                let half = |v: &[f32]| v.iter().map(|x| f16::from_f32(*x)).collect::<Vec<_>>();
                g.load_weights(&[("w", HostSlice::of(&half(&wt)))]).unwrap();
                let out = g.run(&[("x", HostSlice::of(&half(&x)))], &[]).unwrap();
                let y: Vec<f32> = out[0].1.to_vec::<f16>("y").unwrap().iter().map(|v| v.to_f32()).collect();
                (y, out[1].1.to_vec::<f32>("m").unwrap())
            }
            _ => {
                let half = |v: &[f32]| v.iter().map(|x| bf16::from_f32(*x)).collect::<Vec<_>>();
                g.load_weights(&[("w", HostSlice::of(&half(&wt)))]).unwrap();
                let out = g.run(&[("x", HostSlice::of(&half(&x)))], &[]).unwrap();
                let y: Vec<f32> = out[0].1.to_vec::<bf16>("y").unwrap().iter().map(|v| v.to_f32()).collect();
                (y, out[1].1.to_vec::<f32>("m").unwrap())
            }
        };
        let z = round(&naive_conv2d(&x, &wt, &p));
        let relu: Vec<f32> = z.iter().map(|v| v.max(0.0)).collect();
        assert_close(&format!("{elem} conv"), &y, &relu, 1e-2, 1.0);
        let means: Vec<f32> = z.chunks(oh * ow).map(|c| c.iter().sum::<f32>() / (oh * ow) as f32).collect();
        assert_close(&format!("{elem} mean"), &m, &means, 1e-2, 1.0);
    }
}

/// f16 and bf16 convolutions whose product reads the windows on sm_90 (64-channel k-tiles;
/// `CudaOptions::conv_windows` from 0, so these small ones do): same-size, unpadded and
/// dilated outputs, 7² (a tile's rows past the output) and 28² of 128 channels, an f32 output
/// of f32 sums of the half values.
fn conv2d_windows_half(ctx: &Context) {
    let cuda = forge::CudaOptions { conv_windows: Some(0), ..Default::default() };
    let ctx = ctx.clone().with_options(forge::Options { cuda, ..Default::default() });
    let configs = [
        Conv::new(2, 64, (9, 10), 40, (3, 3)).with(1, 1, 1, 1),
        Conv::new(1, 64, (7, 7), 64, (3, 3)).with(1, 1, 1, 1),
        Conv::new(2, 64, (12, 11), 24, (3, 3)).with(1, 0, 2, 1),
        Conv::new(2, 128, (28, 28), 128, (3, 3)).with(1, 1, 1, 1),
    ];
    for (n, (p, elem)) in configs.into_iter().flat_map(|p| [(p, "f16"), (p, "bf16")]).enumerate() {
        let src = conv_source(&p).replace("x: f32", &format!("x: {elem}")).replace("w: f32", &format!("w: {elem}"));
        let round = |v: &[f32]| -> Vec<f32> {
            match elem {
                "f16" => v.iter().map(|x| f16::from_f32(*x).to_f32()).collect(),
                _ => v.iter().map(|x| bf16::from_f32(*x).to_f32()).collect(),
            }
        };
        let seed = 950 + 10 * n as u64;
        let (x, wt) =
            (round(&rand_f32(p.b * p.c * p.h * p.w, 1.0, seed)), round(&rand_f32(p.o * p.c * 9, 0.5, seed + 1)));
        let mut g = GraphInstance::from_source(&ctx, &src, &[p.b, p.c, p.h, p.w, p.o, p.oh(), p.ow()]).unwrap();
        let out = match elem {
            "f16" => {
                let half = |v: &[f32]| v.iter().map(|x| f16::from_f32(*x)).collect::<Vec<_>>();
                g.load_weights(&[("w", HostSlice::of(&half(&wt)))]).unwrap();
                g.run(&[("x", HostSlice::of(&half(&x)))], &[]).unwrap()
            }
            _ => {
                let half = |v: &[f32]| v.iter().map(|x| bf16::from_f32(*x)).collect::<Vec<_>>();
                g.load_weights(&[("w", HostSlice::of(&half(&wt)))]).unwrap();
                g.run(&[("x", HostSlice::of(&half(&x)))], &[]).unwrap()
            }
        };
        let y = out[0].1.to_vec::<f32>("y").unwrap();
        // Exact products of the rounded values, summed in f32 in another order.
        assert_close(&format!("{p:?} {elem}"), &y, &naive_conv2d(&x, &wt, &p), 1e-4, (p.c as f32 * 9.0).sqrt());
        if ctx.kind() == BackendKind::Cuda && ctx.to_string().contains("sm_90") {
            let read =
                g.plan().kernels.iter().any(|k| matches!(&k.spec.body, KernelBody::Matmul(m) if m.window.is_some()));
            assert!(read, "{p:?} {elem}: the product reads the windows on sm_90");
        }
    }
}

/// Targets whose extents the dims give wrong are refused at `new`, with the formula.
fn wrong_extents_are_refused_at_new(ctx: &Context) {
    let p = Conv::new(1, 4, (9, 8), 6, (3, 3)).with(2, 1, 1, 2);
    let src = conv_source(&p);
    let new = |dims: &[usize]| GraphInstance::from_source(ctx, &src, dims).map(|_| ());
    new(&[1, 4, 9, 8, 6, 5, 4]).unwrap();
    let refused = [
        (vec![1, 4, 9, 8, 6, 4, 4], "OH = 4 is not (H = 9 + 2·1 − 1·(3 − 1) − 1) / 2 + 1 = 5"),
        (vec![1, 4, 9, 8, 6, 5, 5], "OW = 5 is not"),
        (vec![1, 6, 9, 8, 6, 5, 4], "C = 6 is not 2 × 2"),
        (vec![1, 4, 9, 8, 5, 5, 4], "O = 5 is not a multiple of 2"),
    ];
    for (dims, want) in refused {
        match new(&dims) {
            Err(e @ forge::Error::ShapeCheck { .. }) => assert!(e.to_string().contains(want), "{dims:?}: {e}"),
            other => panic!("{dims:?} must be refused at new: {other:?}"),
        }
    }
    let unpadded = conv_source(&Conv::new(1, 2, (5, 5), 2, (3, 3)));
    match GraphInstance::from_source(ctx, &unpadded, &[1, 2, 2, 5, 2, 1, 3]) {
        Err(e) => assert!(e.to_string().contains("larger than the padded input"), "{e}"),
        Ok(_) => panic!("a 3x3 window over 2 rows must be refused at new"),
    }
}

forge_tests!(
    conv2d_padded,
    conv2d_precisions,
    conv2d_windows,
    conv2d_strided,
    conv2d_dilated,
    conv2d_pairs,
    conv2d_grouped,
    conv2d_depthwise,
    conv2d_groups_from_a_dim,
    conv2d_pointwise,
    pools,
    pools_of_negative_values,
    conv_bias_relu_pool_stage,
    cnn_example_graphs,
    channels_last_through_views,
    wrong_extents_are_refused_at_new;
    half: half_precision_bindings, conv2d_windows_half
);
