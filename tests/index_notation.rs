//! Index notation (DESIGN form 3) numerically: the CPU backend against naive Rust loops on
//! random non-zero inputs, then the same graphs on wgpu against the CPU.

mod common;

use common::{assert_close, rand_f32};
use forge::prelude::*;

forge_graph! {
    /// c = a · b written as a sum over k.
    pub graph SumMatmul {
        dims { M, K, N }
        input a: f32[M, K];
        input b: f32[K, N];
        output c: f32[M, N];
        c[i, j] = sum(k, a[i, k] * b[k, j]);
    }
}

forge_graph! {
    /// 3x3 box blur; shifted reads clamp to the edge.
    pub graph Blur {
        dims { H, W }
        input img: f32[H, W];
        uniform scale: f32 = 1.0;
        output out: f32[H, W];
        out[i, j] = (img[i - 1, j - 1] + img[i - 1, j] + img[i - 1, j + 1]
                   + img[i, j - 1]     + img[i, j]     + img[i, j + 1]
                   + img[i + 1, j - 1] + img[i + 1, j] + img[i + 1, j + 1]) * scale / 9.0;
    }
}

forge_graph! {
    /// Row maxima and row means of x, then a max over rows of the elementwise product.
    pub graph Reductions {
        dims { R, C }
        input x: f32[R, C];
        input y: f32[R, C];
        temp rowmax: f32[R];
        output shifted: f32[R, C];
        output colmax: f32[C];
        output rowmean: f32[R];
        rowmax[r] = max(c, x[r, c]);
        shifted[r, c] = exp(x[r, c] - rowmax[r]);
        colmax[c] = max(r, x[r, c] * y[r, c]);
        rowmean[r] = mean(c, x[r, c]);
    }
}

fn naive_matmul(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut c = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            c[i * n + j] = (0..k).map(|kk| a[i * k + kk] as f64 * b[kk * n + j] as f64).sum::<f64>() as f32;
        }
    }
    c
}

fn naive_blur(img: &[f32], h: usize, w: usize, scale: f32) -> Vec<f32> {
    let at = |i: i64, j: i64| img[(i.clamp(0, h as i64 - 1) as usize) * w + j.clamp(0, w as i64 - 1) as usize] as f64;
    let mut out = vec![0.0; h * w];
    for i in 0..h as i64 {
        for j in 0..w as i64 {
            let mut s = 0.0;
            for di in -1..=1 {
                for dj in -1..=1 {
                    s += at(i + di, j + dj);
                }
            }
            out[i as usize * w + j as usize] = (s * scale as f64 / 9.0) as f32;
        }
    }
    out
}

struct ReductionsWant {
    shifted: Vec<f32>,
    colmax: Vec<f32>,
    rowmean: Vec<f32>,
}

fn naive_reductions(x: &[f32], y: &[f32], r: usize, c: usize) -> ReductionsWant {
    let rowmax: Vec<f32> = (0..r).map(|i| x[i * c..(i + 1) * c].iter().cloned().fold(f32::MIN, f32::max)).collect();
    let shifted = (0..r * c).map(|f| (x[f] - rowmax[f / c]).exp()).collect();
    let colmax = (0..c).map(|j| (0..r).map(|i| x[i * c + j] * y[i * c + j]).fold(f32::MIN, f32::max)).collect();
    let rowmean =
        (0..r).map(|i| x[i * c..(i + 1) * c].iter().map(|v| *v as f64).sum::<f64>() as f32 / c as f32).collect();
    ReductionsWant { shifted, colmax, rowmean }
}

fn run_all(ctx: &Context) -> forge::Result<Vec<(String, Vec<f32>)>> {
    let (m, k, n) = (5, 7, 3);
    let a = rand_f32(m * k, 1.0, 1);
    let b = rand_f32(k * n, 1.0, 2);
    let mut g = SumMatmul::new(ctx, SumMatmulDims { m, k, n })?;
    let c = g.run(SumMatmulInputs { a: &a, b: &b })?.c;

    let (h, w) = (7, 9);
    let img = rand_f32(h * w, 2.0, 3);
    let mut g = Blur::new(ctx, BlurDims { h, w })?;
    let blur = g.run(BlurInputs { img: &img, scale: 1.5 })?.out;

    let (r, cc) = (6, 11);
    let x = rand_f32(r * cc, 3.0, 4);
    let y = rand_f32(r * cc, 1.0, 5);
    let mut g = Reductions::new(ctx, ReductionsDims { r, c: cc })?;
    let out = g.run(ReductionsInputs { x: &x, y: &y })?;
    Ok(vec![
        ("sum matmul".into(), c),
        ("blur".into(), blur),
        ("shifted".into(), out.shifted),
        ("colmax".into(), out.colmax),
        ("rowmean".into(), out.rowmean),
    ])
}

#[test]
fn cpu_matches_naive_loops() {
    let got = run_all(&Context::cpu()).expect("cpu run");
    let (a, b) = (rand_f32(35, 1.0, 1), rand_f32(21, 1.0, 2));
    let red = naive_reductions(&rand_f32(66, 3.0, 4), &rand_f32(66, 1.0, 5), 6, 11);
    let want = [
        naive_matmul(&a, &b, 5, 7, 3),
        naive_blur(&rand_f32(63, 2.0, 3), 7, 9, 1.5),
        red.shifted,
        red.colmax,
        red.rowmean,
    ];
    for ((what, got), want) in got.iter().zip(want.iter()) {
        assert_close(what, got, want, 1e-5, 1e-3);
    }
}

#[test]
fn wgpu_matches_cpu() {
    let Some(ctx) = common::wgpu() else { return };
    let want = run_all(&Context::cpu()).expect("cpu run");
    let got = match run_all(&ctx) {
        Ok(g) => g,
        Err(e) => panic!("wgpu run failed: {e}"),
    };
    for ((what, got), (_, want)) in got.iter().zip(want.iter()) {
        assert_close(what, got, want, 1e-4, 1.0);
    }
}

#[test]
fn index_kernels_lower_to_valid_wgsl() {
    let ctx = Context::cpu();
    let g = Blur::new(&ctx, BlurDims { h: 3, w: 5 }).expect("blur");
    let src = g.source(Target::Wgsl).expect("wgsl");
    let text = format!("{src:?}");
    assert!(text.contains("clamp("), "shifted reads clamp to the edge: {text}");
}
