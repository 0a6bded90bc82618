//! Every op and expression form against the CPU reference (and the CPU reference against
//! plain Rust loops), on random non-zero inputs with odd shapes, on every backend present.

mod common;

use common::*;
use forge::prelude::*;

forge_graph! {
    graph Linear {
        dims { M, K, N }
        input  a: f32[M, K];
        weight w: f32[K, N];
        weight bias: f32[N];
        output y: f32[M, N];
        output z: f32[M, N];
        y = matmul(a, w) + bias;
        z = matmul(a * 0.5, w);
    }
}

fn naive_matmul(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut out = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            out[i * n + j] = (0..k).map(|kk| a[i * k + kk] as f64 * b[kk * n + j] as f64).sum::<f64>() as f32;
        }
    }
    out
}

#[test]
fn matmul_with_bias_and_prologue() {
    for (m, k, n) in [(1, 1, 1), (7, 13, 5), (33, 65, 17), (4, 576, 40), (64, 300, 97)] {
        let a = rand_f32(m * k, 1.0, 1);
        let w = rand_f32(k * n, 1.0, 2);
        let bias = rand_f32(n, 1.0, 3);
        let mut want_y = naive_matmul(&a, &w, m, k, n);
        for (i, v) in want_y.iter_mut().enumerate() {
            *v += bias[i % n];
        }
        let want_z: Vec<f32> = naive_matmul(&a, &w, m, k, n).iter().map(|v| v * 0.5).collect();
        for ctx in std::iter::once(Context::cpu()).chain(gpu_backends()) {
            let mut g = Linear::new(&ctx, LinearDims { m, k, n }).unwrap();
            g.load_weights(LinearWeights { w: &w, bias: &bias }).unwrap();
            let out = g.run(LinearInputs { a: &a }).unwrap();
            let what = format!("{} {m}x{k}x{n}", ctx.kind());
            assert_close(&format!("{what} y"), &out.y, &want_y, 1e-4, 1.0);
            assert_close(&format!("{what} z"), &out.z, &want_z, 1e-4, 1.0);
        }
    }
}

forge_graph! {
    graph Blocked {
        dims { M, K, N }
        input  a: f32[M, K];
        weight w: f32[K, N];
        output y: f32[M, N];
        #[schedule(workgroup = 256, items = 4)]
        y = matmul(a, w) * 2.0;
    }
}

#[test]
fn register_blocked_matmul_schedule() {
    for (m, k, n) in [(9, 33, 17), (64, 300, 97), (70, 1, 33)] {
        let (a, w) = (rand_f32(m * k, 1.0, 60), rand_f32(k * n, 1.0, 61));
        let want: Vec<f32> = naive_matmul(&a, &w, m, k, n).iter().map(|v| v * 2.0).collect();
        for ctx in std::iter::once(Context::cpu()).chain(gpu_backends()) {
            let mut g = Blocked::new(&ctx, BlockedDims { m, k, n }).unwrap();
            g.load_weights(BlockedWeights { w: &w }).unwrap();
            let out = g.run(BlockedInputs { a: &a }).unwrap();
            assert_close(&format!("{} {m}x{k}x{n}", ctx.kind()), &out.y, &want, 1e-4, 1.0);
        }
    }
}

forge_graph! {
    graph RowOps {
        dims { B, T, C }
        input   x: f32[B, T, C];
        input   v: f32[C];
        weight  g: f32[C];
        uniform temp: f32 = 2.0;
        output  sm: f32[B, T, C];
        output  rn: f32[B, T, C];
        output  s: f32[B, T];
        output  mx: f32[B, T];
        output  mn: f32[B, T];
        output  total: f32;
        sm = softmax(x / temp);
        rn = rms_norm(x, g, 1e-5) * 2.0;
        s = sum(x);
        mx = max(x) - 1.0;
        mn = mean(x * x);
        total = sum(v);
    }
}

#[test]
fn row_ops_against_loops() {
    for (b, t, c) in [(1, 1, 1), (2, 3, 7), (3, 5, 300), (1, 2, 1025)] {
        let x = rand_f32(b * t * c, 3.0, 10 + c as u64);
        let v = rand_f32(c, 1.0, 11);
        let g = rand_f32(c, 1.0, 12);
        let rows = b * t;
        let mut want_sm = vec![0.0; rows * c];
        let mut want_rn = vec![0.0; rows * c];
        let (mut want_s, mut want_mx, mut want_mn) = (vec![0.0; rows], vec![0.0; rows], vec![0.0; rows]);
        for r in 0..rows {
            let row = &x[r * c..(r + 1) * c];
            let m = row.iter().map(|v| v / 2.0).fold(f32::MIN, f32::max);
            let z: f32 = row.iter().map(|v| (v / 2.0 - m).exp()).sum();
            let ms = row.iter().map(|v| v * v).sum::<f32>() / c as f32;
            for j in 0..c {
                want_sm[r * c + j] = (row[j] / 2.0 - m).exp() / z;
                want_rn[r * c + j] = row[j] / (ms + 1e-5).sqrt() * g[j] * 2.0;
            }
            want_s[r] = row.iter().sum();
            want_mx[r] = row.iter().cloned().fold(f32::MIN, f32::max) - 1.0;
            want_mn[r] = ms;
        }
        let want_total: f32 = v.iter().sum();
        for ctx in std::iter::once(Context::cpu()).chain(gpu_backends()) {
            let mut gr = RowOps::new(&ctx, RowOpsDims { b, t, c }).unwrap();
            gr.load_weights(RowOpsWeights { g: &g }).unwrap();
            let out = gr.run(RowOpsInputs { x: &x, v: &v, temp: 2.0 }).unwrap();
            let what = format!("{} {b}x{t}x{c}", ctx.kind());
            assert_close(&format!("{what} softmax"), &out.sm, &want_sm, 1e-4, 1e-3);
            assert_close(&format!("{what} rms_norm"), &out.rn, &want_rn, 1e-4, 1.0);
            assert_close(&format!("{what} sum"), &out.s, &want_s, 1e-4, c as f32);
            assert_close(&format!("{what} max"), &out.mx, &want_mx, 1e-5, 1.0);
            assert_close(&format!("{what} mean"), &out.mn, &want_mn, 1e-4, 1.0);
            assert_close(&format!("{what} total"), &[out.total[0]], &[want_total], 1e-4, c as f32);
        }
    }
}

forge_graph! {
    graph Elementwise {
        dims { R, C }
        input   a: f32[R, C];
        input   b: f32[C];
        input   col: f32[R, 1];
        uniform k: f32 = 0.25;
        output  unary: f32[R, C];
        output  act: f32[R, C];
        output  bin: f32[R, C];
        output  cmp: f32[R, C];
        output  ints: i32[R, C];
        unary = exp(a) + log(abs(a) + 1.0) + sqrt(abs(a)) + rsqrt(abs(a) + 0.5) - tanh(a);
        act = sigmoid(a) * silu(b) + gelu(a) - relu(-a) + -a;
        bin = min(a, b) * max(a, col) / (abs(b) + 1.0) - k;
        cmp = select(a > b && a >= 0.0 || a == col, a, b * 2.0) + (a < k) as f32 - ((a <= b) as f32) * 3.0 + (a != b) as f32;
        ints = (a * 10.0) as i32 / 3 + (b as i32) * 2 - (col * 4.0) as i32;
    }
}

fn close_all(ctx: &Context, want: &ElementwiseOutputs, got: &ElementwiseOutputs) {
    let what = ctx.kind().to_string();
    assert_close(&format!("{what} unary"), &got.unary, &want.unary, 2e-5, 1.0);
    assert_close(&format!("{what} act"), &got.act, &want.act, 2e-5, 1.0);
    assert_close(&format!("{what} bin"), &got.bin, &want.bin, 2e-5, 1.0);
    assert_close(&format!("{what} cmp"), &got.cmp, &want.cmp, 2e-5, 1.0);
    assert_eq!(got.ints, want.ints, "{what} ints");
}

#[test]
fn elementwise_forms_and_broadcasting() {
    let (r, c) = (37, 129);
    let a = rand_f32(r * c, 4.0, 20);
    let mut b = rand_f32(c, 4.0, 21);
    b[3] = a[3]; // exercise equality
    let col = rand_f32(r, 4.0, 22);
    let inputs = ElementwiseInputs { a: &a, b: &b, col: &col, k: 0.25 };
    let mut cpu = Elementwise::new(&Context::cpu(), ElementwiseDims { r, c }).unwrap();
    let want = cpu.run(inputs).unwrap();
    // Spot-check the reference itself against plain Rust.
    for i in [0usize, 1, 200, r * c - 1] {
        let (x, y, z) = (a[i], b[i % c], col[i / c]);
        let act = 1.0 / (1.0 + (-x).exp()) * (y / (1.0 + (-y).exp()))
            + 0.5 * x * (1.0 + (0.797_884_6_f32 * (x + 0.044715 * x * x * x)).tanh())
            - (-x).max(0.0)
            - x;
        assert!((want.act[i] - act).abs() < 1e-4 * act.abs().max(1.0), "act[{i}] {} vs {act}", want.act[i]);
        let ints = ((x * 10.0) as i32) / 3 + (y as i32) * 2 - (z * 4.0) as i32;
        assert_eq!(want.ints[i], ints);
    }
    for ctx in gpu_backends() {
        let mut g = Elementwise::new(&ctx, ElementwiseDims { r, c }).unwrap();
        let got = g.run(inputs).unwrap();
        close_all(&ctx, &want, &got);
    }
}

forge_graph! {
    graph Integers {
        dims { N }
        input  a: i32[N];
        input  b: i32[N];
        input  u: u32[N];
        output q: i32[N];
        output w: u32[N];
        output f: f32[N];
        q = a / b + min(a, b) * max(a, 3) - abs(a) + relu(b);
        w = u / 7 * 3 + u / (u - u) - 1;
        f = (a as f32) / 4.0 + (u as f32);
    }
}

#[test]
fn integer_semantics_match() {
    let n = 1001;
    let a = rand_i32(n, -1000, 1000, 30);
    let mut b = rand_i32(n, -9, 9, 31);
    b[0] = 0; // integer division by zero returns the dividend on every backend
    let u = rand_u32(n, 1, 1 << 20, 32);
    let inputs = IntegersInputs { a: &a, b: &b, u: &u };
    let want = Integers::new(&Context::cpu(), IntegersDims { n }).unwrap().run(inputs).unwrap();
    assert_eq!(want.q[0], a[0] + a[0].min(0) * a[0].max(3) - a[0].abs());
    for ctx in gpu_backends() {
        let got = Integers::new(&ctx, IntegersDims { n }).unwrap().run(inputs).unwrap();
        assert_eq!(got.q, want.q, "{}", ctx.kind());
        assert_eq!(got.w, want.w, "{}", ctx.kind());
        assert_close(&ctx.kind().to_string(), &got.f, &want.f, 1e-6, 1.0);
    }
}

forge_graph! {
    graph HalfLinear {
        dims { M, K, N }
        input  a: f16[M, K];
        weight w: f16[K, N];
        weight bias: f32[N];
        output y: f32[M, N];
        output yh: f16[M, N];
        y = matmul(a, w) + bias;
        yh = matmul(a, w) * 0.5;
    }
}

#[test]
fn f16_matmul_on_every_backend() {
    for (m, k, n) in [(3, 77, 19), (70, 96, 130)] {
        let a: Vec<f16> = rand_f32(m * k, 1.0, 40).into_iter().map(f16::from_f32).collect();
        let w: Vec<f16> = rand_f32(k * n, 1.0, 41).into_iter().map(f16::from_f32).collect();
        let bias = rand_f32(n, 1.0, 42);
        let af: Vec<f32> = a.iter().map(|v| v.to_f32()).collect();
        let wf: Vec<f32> = w.iter().map(|v| v.to_f32()).collect();
        let want: Vec<f32> = naive_matmul(&af, &wf, m, k, n).iter().enumerate().map(|(i, v)| v + bias[i % n]).collect();
        for ctx in std::iter::once(Context::cpu()).chain(gpu_backends()) {
            let mut g = match HalfLinear::new(&ctx, HalfLinearDims { m, k, n }) {
                Err(Error::Unsupported { what, reason }) => {
                    eprintln!("skipped f16 on {}: {what} {reason}", ctx.kind());
                    continue;
                }
                other => other.unwrap(),
            };
            g.load_weights(HalfLinearWeights { w: &w, bias: &bias }).unwrap();
            let out = g.run(HalfLinearInputs { a: &a }).unwrap();
            let what = format!("{} {m}x{k}x{n}", ctx.kind());
            assert_close(&format!("{what} y"), &out.y, &want, 1e-4, 4.0);
            let yh: Vec<f32> = out.yh.iter().map(|v| v.to_f32()).collect();
            let want_h: Vec<f32> =
                want.iter().enumerate().map(|(i, v)| f16::from_f32((v - bias[i % n]) * 0.5).to_f32()).collect();
            assert_close(&format!("{what} yh"), &yh, &want_h, 2e-3, 1.0);
        }
    }
}
