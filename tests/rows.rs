//! Row kernels at every width their templates distinguish, against plain f64 loops, once per
//! backend: register-resident rows packed several to a workgroup (5, 33, 100, 384, 1000, 1023
//! columns), a partial last chunk (100, 1000, 1023, 4100), 32 and 64 values a thread (8192,
//! 16384), and rows too long for registers that stream (20000). Inputs are
//! expressions (a uniform, a broadcast column vector, a second tensor), gains expressions, and
//! every op has an epilogue. Each instance runs once on other data first, so an element a
//! kernel skips shows as a stale value.

mod common;

use common::*;
use forge::prelude::*;

forge_graph! {
    graph RowForms {
        dims { R, C }
        input   x: f32[R, C];
        input   y: f32[R, C];
        input   v: f32[C];
        weight  g: f32[C];
        weight  bta: f32[C];
        uniform temp: f32 = 2.0;
        uniform eps: f32 = 1e-5;
        output  sm: f32[R, C];
        output  rn: f32[R, C];
        output  ln: f32[R, C];
        output  s: f32[R];
        output  mx: f32[R];
        output  mn: f32[R];
        output  am: u32[R];
        sm = softmax(x / temp + v) * 2.0 + y;
        rn = rms_norm(x + y, g * 2.0, eps) - y;
        ln = layer_norm(x * 0.5 + y, g, bta, eps) * v;
        s = sum(x * v) + 1.0;
        mx = max(x - v);
        mn = mean(x + y) * 2.0;
        am = argmax(x - v);
    }
}

/// What `RowForms` computes, in f64 per row.
struct Want {
    sm: Vec<f32>,
    rn: Vec<f32>,
    ln: Vec<f32>,
    s: Vec<f32>,
    mx: Vec<f32>,
    mn: Vec<f32>,
    am: Vec<u32>,
}

fn reference(r: usize, c: usize, x: &[f32], y: &[f32], v: &[f32], g: &[f32], bta: &[f32]) -> Want {
    let f = |a: &[f32]| a.iter().map(|&q| q as f64).collect::<Vec<f64>>();
    let (v, g, bta) = (f(v), f(g), f(bta));
    let mut w = Want {
        sm: vec![0.0; r * c],
        rn: vec![0.0; r * c],
        ln: vec![0.0; r * c],
        s: vec![0.0; r],
        mx: vec![0.0; r],
        mn: vec![0.0; r],
        am: vec![0; r],
    };
    let n = c as f64;
    for i in 0..r {
        let (xr, yr) = (f(&x[i * c..(i + 1) * c]), f(&y[i * c..(i + 1) * c]));
        let z: Vec<f64> = (0..c).map(|j| xr[j] / 2.0 + v[j]).collect();
        let m = z.iter().cloned().fold(f64::MIN, f64::max);
        let total: f64 = z.iter().map(|q| (q - m).exp()).sum();
        let a: Vec<f64> = (0..c).map(|j| xr[j] + yr[j]).collect();
        let inv_rms = 1.0 / (a.iter().map(|q| q * q).sum::<f64>() / n + 1e-5).sqrt();
        let b: Vec<f64> = (0..c).map(|j| xr[j] * 0.5 + yr[j]).collect();
        let mean = b.iter().sum::<f64>() / n;
        let inv_sd = 1.0 / (b.iter().map(|q| (q - mean) * (q - mean)).sum::<f64>() / n + 1e-5).sqrt();
        for j in 0..c {
            let k = i * c + j;
            w.sm[k] = ((z[j] - m).exp() / total * 2.0 + yr[j]) as f32;
            w.rn[k] = (a[j] * inv_rms * g[j] * 2.0 - yr[j]) as f32;
            w.ln[k] = (((b[j] - mean) * inv_sd * g[j] + bta[j]) * v[j]) as f32;
        }
        w.s[i] = ((0..c).map(|j| xr[j] * v[j]).sum::<f64>() + 1.0) as f32;
        let d: Vec<f64> = (0..c).map(|j| xr[j] - v[j]).collect();
        w.mx[i] = d.iter().cloned().fold(f64::MIN, f64::max) as f32;
        w.mn[i] = (a.iter().sum::<f64>() / n * 2.0) as f32;
        // argmax of the f32 differences (what every backend compares).
        let df: Vec<f32> = (0..c).map(|j| x[i * c + j] - v[j] as f32).collect();
        w.am[i] = (0..c).fold(0, |best, j| if df[j] > df[best] { j } else { best }) as u32;
    }
    w
}

fn row_kernels_at_every_width(ctx: &Context) {
    let shapes = [
        (1, 1),
        (37, 5),
        (9, 33),
        (6, 100),
        (13, 384),
        (5, 1000),
        (4, 1023),
        (1, 1024),
        (2, 576),
        (3, 4100),
        (2, 8192),
        (2, 16384),
        (2, 20000),
    ];
    for (r, c) in shapes {
        let seed = (r * 100_000 + c) as u64;
        let (g, bta) = (rand_f32(c, 1.0, seed + 3), rand_f32(c, 1.0, seed + 4));
        let mut graph = RowForms::new(ctx, RowFormsDims { r, c }).unwrap();
        graph.load_weights(RowFormsWeights { g: &g, bta: &bta }).unwrap();
        // Other data first: whatever a kernel fails to write keeps this run's value.
        let (x0, y0, v0) = (rand_f32(r * c, 2.0, seed + 5), rand_f32(r * c, 1.0, seed + 6), rand_f32(c, 1.0, seed + 7));
        graph.run(RowFormsInputs { x: &x0, y: &y0, v: &v0, temp: 2.0, eps: 1e-5 }).unwrap();
        let (x, y, v) = (rand_f32(r * c, 3.0, seed), rand_f32(r * c, 1.0, seed + 1), rand_f32(c, 1.0, seed + 2));
        let out = graph.run(RowFormsInputs { x: &x, y: &y, v: &v, temp: 2.0, eps: 1e-5 }).unwrap();
        let want = reference(r, c, &x, &y, &v, &g, &bta);
        let what = format!("{r}x{c}");
        assert_close(&format!("{what} softmax"), &out.sm, &want.sm, 1e-4, 1.0);
        assert_close(&format!("{what} rms_norm"), &out.rn, &want.rn, 1e-4, 1.0);
        assert_close(&format!("{what} layer_norm"), &out.ln, &want.ln, 2e-4, 1.0);
        assert_close(&format!("{what} sum"), &out.s, &want.s, 1e-4, (c as f32).sqrt());
        assert_close(&format!("{what} max"), &out.mx, &want.mx, 1e-5, 1.0);
        assert_close(&format!("{what} mean"), &out.mn, &want.mn, 1e-4, 1.0);
        assert_eq!(out.am, want.am, "{what} argmax");
    }
}

forge_tests!(row_kernels_at_every_width);
