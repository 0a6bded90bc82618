//! Every op and expression form against plain loops, on random non-zero inputs with odd shapes,
//! once per backend (`cpu::…`, `wgpu::…`, `cuda::…`).

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

fn matmul_with_bias_and_prologue(ctx: &Context) {
    for (m, k, n) in [(1, 1, 1), (7, 13, 5), (33, 65, 17), (4, 576, 40), (64, 300, 97)] {
        let (a, w, bias) = (rand_f32(m * k, 1.0, 1), rand_f32(k * n, 1.0, 2), rand_f32(n, 1.0, 3));
        let mut want_y = naive_matmul(&a, &w, m, k, n);
        for (i, v) in want_y.iter_mut().enumerate() {
            *v += bias[i % n];
        }
        let want_z: Vec<f32> = naive_matmul(&a, &w, m, k, n).iter().map(|v| v * 0.5).collect();
        let mut g = Linear::new(ctx, LinearDims { m, k, n }).unwrap();
        g.load_weights(LinearWeights { w: &w, bias: &bias }).unwrap();
        let out = g.run(LinearInputs { a: &a }).unwrap();
        assert_close(&format!("{m}x{k}x{n} y"), &out.y, &want_y, 1e-4, 1.0);
        assert_close(&format!("{m}x{k}x{n} z"), &out.z, &want_z, 1e-4, 1.0);
    }
}

forge_graph! {
    graph Blocked {
        dims { M, K, N }
        input  a: f32[M, K];
        weight w: f32[K, N];
        output y: f32[M, N];
        output y8: f32[M, N];
        output y2: f32[M, N];
        #[schedule(workgroup = 256, items = 4)]
        y = matmul(a, w) * 2.0;
        #[schedule(workgroup = 256, items = 8)]
        y8 = matmul(a, w) + 1.0;
        #[schedule(workgroup = 256, items = 2)]
        y2 = matmul(a, w) - 0.5;
    }
}

/// On wgpu, asserts that the last run used every variant named (e.g. `register-blocked 64x64`).
fn assert_wgpu_variants(ctx: &Context, profile: Option<&Profile>, want: &[&str]) {
    if ctx.kind() != BackendKind::Wgpu {
        return;
    }
    let variants: Vec<&str> =
        profile.map(|p| p.kernels.iter().map(|k| k.variant.as_str()).collect()).unwrap_or_default();
    for w in want {
        assert!(variants.iter().any(|v| v.starts_with(w)), "no {w} kernel ran: {variants:?}");
    }
}

fn register_blocked_matmul_schedule(ctx: &Context) {
    // The last: tiles wholly inside, K a multiple of both tiles' slices (no guards at all).
    for (m, k, n) in [(9, 33, 17), (64, 300, 97), (70, 1, 33), (67, 45, 131), (130, 20, 257), (256, 64, 384)] {
        let (a, w) = (rand_f32(m * k, 1.0, 60), rand_f32(k * n, 1.0, 61));
        let product = naive_matmul(&a, &w, m, k, n);
        let want: Vec<f32> = product.iter().map(|v| v * 2.0).collect();
        let want8: Vec<f32> = product.iter().map(|v| v + 1.0).collect();
        let want2: Vec<f32> = product.iter().map(|v| v - 0.5).collect();
        let mut g = Blocked::new(ctx, BlockedDims { m, k, n }).unwrap();
        g.load_weights(BlockedWeights { w: &w }).unwrap();
        // A first run with other inputs leaves wrong values behind in the outputs (a poison
        // that stays visible wherever the second run skips an element).
        g.run(BlockedInputs { a: &rand_f32(m * k, 3.0, 62) }).unwrap();
        let out = g.run(BlockedInputs { a: &a }).unwrap();
        assert_close(&format!("{m}x{k}x{n} y"), &out.y, &want, 1e-4, 1.0);
        assert_close(&format!("{m}x{k}x{n} y8"), &out.y8, &want8, 1e-4, 1.0);
        assert_close(&format!("{m}x{k}x{n} y2"), &out.y2, &want2, 1e-4, 1.0);
        let tiles = ["register-blocked 64x64", "register-blocked 128x128", "register-blocked 32x32"];
        assert_wgpu_variants(ctx, g.last_profile(), &tiles);
    }
}

forge_graph! {
    /// The register-blocked tiles on odd shapes with every operand form: batched activations
    /// times PyTorch-layout weights with a bias and activation, a prologue expression times a
    /// batched row-major operand (on the 64×64 and 32×32 tiles, which split K; an expression
    /// operand keeps CUDA on these templates too), and a transposed A.
    graph BlockedForms {
        dims { B, T, D, F }
        input  x: f32[B, T, D];
        weight w: f32[F, D];
        weight bias: f32[F];
        input  p: f32[B, D, F];
        input  at: f32[D, T];
        output y: f32[B, T, F];
        output z: f32[B, T, F];
        output c: f32[T, F];
        output e: f32[B, T, F];
        #[schedule(workgroup = 256, items = 8)]
        y = tanh(matmul(x, transpose(w)) + bias);
        #[schedule(workgroup = 256, items = 4)]
        z = max(matmul(x * 0.5, p), 0.0) - 1.0;
        #[schedule(workgroup = 256, items = 2)]
        c = matmul(transpose(at), transpose(w));
        #[schedule(workgroup = 256, items = 2)]
        e = matmul(x * 0.5, p) + 1.0;
    }
}
forge_graph! {
    /// Rank-3 activations times PyTorch-layout weights `[out, in]`, and a batched product.
    graph Batched {
        dims { B, T, D, F }
        input  x: f32[B, T, D];
        weight w: f32[F, D];
        input  p: f32[B, D, F];
        output y: f32[B, T, F];
        output z: f32[B, T, F];
        y = matmul(x, transpose(w));
        z = matmul(x, p) - 1.0;
    }
}

fn batched_matmul_with_transposed_weights(ctx: &Context) {
    for (b, t, d, f) in [(2, 3, 5, 7), (3, 17, 40, 33)] {
        let (x, w, p) = (rand_f32(b * t * d, 1.0, 70), rand_f32(f * d, 1.0, 71), rand_f32(b * d * f, 1.0, 72));
        let wt: Vec<f32> = (0..d * f).map(|i| w[(i % f) * d + i / f]).collect();
        let want_y = naive_matmul(&x, &wt, b * t, d, f);
        let mut want_z = Vec::new();
        for bi in 0..b {
            let zb = naive_matmul(&x[bi * t * d..(bi + 1) * t * d], &p[bi * d * f..(bi + 1) * d * f], t, d, f);
            want_z.extend(zb.iter().map(|v| v - 1.0));
        }
        let mut g = Batched::new(ctx, BatchedDims { b, t, d, f }).unwrap();
        g.load_weights(BatchedWeights { w: &w }).unwrap();
        let out = g.run(BatchedInputs { x: &x, p: &p }).unwrap();
        assert_close("y", &out.y, &want_y, 1e-4, 1.0);
        assert_close("z", &out.z, &want_z, 1e-4, 1.0);
    }
}

fn register_blocked_operand_forms(ctx: &Context) {
    for (b, t, d, f) in [(2, 67, 45, 131), (3, 17, 40, 33), (1, 130, 9, 70)] {
        let x = rand_f32(b * t * d, 1.0, 90);
        let (w, bias, p, at) =
            (rand_f32(f * d, 1.0, 91), rand_f32(f, 1.0, 92), rand_f32(b * d * f, 1.0, 93), rand_f32(d * t, 1.0, 94));
        let wt: Vec<f32> = (0..d * f).map(|i| w[(i % f) * d + i / f]).collect();
        let a_rows: Vec<f32> = (0..t * d).map(|i| at[(i % d) * t + i / d]).collect();
        let want_y: Vec<f32> =
            naive_matmul(&x, &wt, b * t, d, f).iter().enumerate().map(|(i, v)| (v + bias[i % f]).tanh()).collect();
        let half: Vec<f32> = x.iter().map(|v| v * 0.5).collect();
        let (mut want_z, mut want_e) = (Vec::new(), Vec::new());
        for bi in 0..b {
            let zb = naive_matmul(&half[bi * t * d..(bi + 1) * t * d], &p[bi * d * f..(bi + 1) * d * f], t, d, f);
            want_z.extend(zb.iter().map(|v| v.max(0.0) - 1.0));
            want_e.extend(zb.iter().map(|v| v + 1.0));
        }
        let want_c = naive_matmul(&a_rows, &wt, t, d, f);
        let mut g = BlockedForms::new(ctx, BlockedFormsDims { b, t, d, f }).unwrap();
        g.load_weights(BlockedFormsWeights { w: &w, bias: &bias }).unwrap();
        let poison = rand_f32(b * t * d, 3.0, 95);
        g.run(BlockedFormsInputs { x: &poison, p: &p, at: &poison[..d * t] }).unwrap();
        let out = g.run(BlockedFormsInputs { x: &x, p: &p, at: &at }).unwrap();
        let shape = format!("{b}x{t}x{d}x{f}");
        assert_close(&format!("{shape} y"), &out.y, &want_y, 1e-4, 1.0);
        assert_close(&format!("{shape} z"), &out.z, &want_z, 1e-4, 1.0);
        assert_close(&format!("{shape} c"), &out.c, &want_c, 1e-4, 1.0);
        assert_close(&format!("{shape} e"), &out.e, &want_e, 1e-4, 1.0);
        let tiles = ["register-blocked 128x128", "register-blocked 64x64", "register-blocked 32x32"];
        assert_wgpu_variants(ctx, g.last_profile(), &tiles);
    }
}

/// With the default schedule, products that fill a large GPU choose the register-blocked
/// template by themselves (12 batch entries of 257×260: 108 tiles of 128×128; K = 19 is not a
/// multiple of either K slice).
fn large_matmuls_choose_register_blocked(ctx: &Context) {
    let (b, t, d, f) = (12, 257, 19, 260);
    let (x, w, p) = (rand_f32(b * t * d, 1.0, 96), rand_f32(f * d, 1.0, 97), rand_f32(b * d * f, 1.0, 98));
    let wt: Vec<f32> = (0..d * f).map(|i| w[(i % f) * d + i / f]).collect();
    let want_y = naive_matmul(&x, &wt, b * t, d, f);
    let mut want_z = Vec::new();
    for bi in 0..b {
        let zb = naive_matmul(&x[bi * t * d..(bi + 1) * t * d], &p[bi * d * f..(bi + 1) * d * f], t, d, f);
        want_z.extend(zb.iter().map(|v| v - 1.0));
    }
    let mut g = Batched::new(ctx, BatchedDims { b, t, d, f }).unwrap();
    g.load_weights(BatchedWeights { w: &w }).unwrap();
    g.run(BatchedInputs { x: &rand_f32(b * t * d, 3.0, 99), p: &rand_f32(b * d * f, 3.0, 100) }).unwrap();
    let out = g.run(BatchedInputs { x: &x, p: &p }).unwrap();
    assert_close("y", &out.y, &want_y, 1e-4, 1.0);
    assert_close("z", &out.z, &want_z, 1e-4, 1.0);
    assert_wgpu_variants(ctx, g.last_profile(), &["register-blocked 128x128"]);
}

forge_graph! {
    /// Batch entries of a few rows times a weight they all share fold into one product's rows:
    /// A may be an expression, and each row's epilogue reads a full-shape residual at its own
    /// entry. Where B differs per entry (`p`) nothing folds; where it differs per head only
    /// (`q`), the entries of a head fold and the head stays a batch entry.
    graph Folded {
        dims { H, B, T, D, F }
        input  x: f32[H, B, T, D];
        input  res: f32[H, B, T, F];
        weight w: f32[F, D];
        weight bias: f32[F];
        input  p: f32[H, B, D, F];
        input  q: f32[H, 1, D, F];
        output y: f32[H, B, T, F];
        output yb: f32[H, B, T, F];
        output z: f32[H, B, T, F];
        output v: f32[H, B, T, F];
        y = matmul(x * 0.5, transpose(w)) + bias + res;
        #[schedule(workgroup = 256, items = 4)]
        yb = matmul(x, transpose(w)) * res;
        #[schedule(workgroup = 256, items = 2)]
        z = matmul(x, p) - res;
        #[schedule(workgroup = 256, items = 8)]
        v = matmul(x, q) + res;
    }
}

/// [`Folded`] on shapes that fold into one tile, into rows that straddle tiles, and into few
/// enough rows for the skinny kernel, each run after a run with other inputs (the poison).
fn batch_folds_into_rows_of_a_shared_weight(ctx: &Context) {
    for (h, b, t, d, f) in [(1, 5, 7, 40, 33), (2, 5, 7, 40, 33), (2, 4, 37, 45, 131), (2, 3, 1, 24, 20)] {
        let (x, res) = (rand_f32(h * b * t * d, 1.0, 110), rand_f32(h * b * t * f, 1.0, 111));
        let (w, bias) = (rand_f32(f * d, 1.0, 112), rand_f32(f, 1.0, 113));
        let (p, q) = (rand_f32(h * b * d * f, 1.0, 114), rand_f32(h * d * f, 1.0, 115));
        let wt: Vec<f32> = (0..d * f).map(|i| w[(i % f) * d + i / f]).collect();
        let (mut want_y, mut want_yb, mut want_z, mut want_v) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for e in 0..h * b {
            let xs = &x[e * t * d..(e + 1) * t * d];
            let rs = &res[e * t * f..(e + 1) * t * f];
            let half: Vec<f32> = xs.iter().map(|v| v * 0.5).collect();
            let y = naive_matmul(&half, &wt, t, d, f);
            want_y.extend(y.iter().enumerate().map(|(i, v)| v + bias[i % f] + rs[i]));
            want_yb.extend(naive_matmul(xs, &wt, t, d, f).iter().zip(rs).map(|(v, r)| v * r));
            let z = naive_matmul(xs, &p[e * d * f..(e + 1) * d * f], t, d, f);
            want_z.extend(z.iter().zip(rs).map(|(v, r)| v - r));
            let hq = &q[(e / b) * d * f..(e / b + 1) * d * f];
            want_v.extend(naive_matmul(xs, hq, t, d, f).iter().zip(rs).map(|(v, r)| v + r));
        }
        let mut g = Folded::new(ctx, FoldedDims { h, b, t, d, f }).unwrap();
        g.load_weights(FoldedWeights { w: &w, bias: &bias }).unwrap();
        let poison = |n, seed| rand_f32(n, 3.0, seed);
        let (px, pr) = (poison(x.len(), 116), poison(res.len(), 117));
        let (pp, pq) = (poison(p.len(), 118), poison(q.len(), 119));
        g.run(FoldedInputs { x: &px, res: &pr, p: &pp, q: &pq }).unwrap();
        let out = g.run(FoldedInputs { x: &x, res: &res, p: &p, q: &q }).unwrap();
        let shape = format!("{h}x{b}x{t}x{d}x{f}");
        assert_close(&format!("{shape} y"), &out.y, &want_y, 1e-4, 1.0);
        assert_close(&format!("{shape} yb"), &out.yb, &want_yb, 1e-4, 1.0);
        assert_close(&format!("{shape} z"), &out.z, &want_z, 1e-4, 1.0);
        assert_close(&format!("{shape} v"), &out.v, &want_v, 1e-4, 1.0);
        // `v` folds the entries of each head and keeps the head as a batch entry (`obidx`).
        let src = g.source(Target::Wgsl).expect("wgsl").to_string();
        assert!(h == 1 || src.contains("obidx * "), "v folds into rows per head: {src}");
        if t > 1 {
            assert_wgpu_variants(ctx, g.last_profile(), &["register-blocked 64x64", "register-blocked 128x128"]);
            // `z` (a B per entry, so t rows a product) takes the skinny kernel up to 8 rows.
            if t > 8 {
                assert_wgpu_variants(ctx, g.last_profile(), &["register-blocked 32x32"]);
            }
        } else {
            assert_wgpu_variants(ctx, g.last_profile(), &["skinny matmul"]);
        }
    }
}

forge_graph! {
    graph RowOps {
        dims { B, T, C }
        input   x: f32[B, T, C];
        input   v: f32[C];
        weight  g: f32[C];
        weight  bta: f32[C];
        uniform temp: f32 = 2.0;
        output  sm: f32[B, T, C];
        output  rn: f32[B, T, C];
        output  ln: f32[B, T, C];
        output  cen: f32[B, T, C];
        output  s: f32[B, T];
        output  mx: f32[B, T];
        output  mn: f32[B, T];
        output  am: u32[B, T];
        output  pr: f32[B, T];
        output  lo: f32[B, T];
        output  total: f32;
        sm = softmax(x / temp);
        rn = rms_norm(x, g, 1e-5) * 2.0;
        ln = layer_norm(x, g, bta, 1e-5);
        cen = x - mean(x, keepdim = true);
        s = sum(x);
        mx = max(x) - 1.0;
        mn = mean(x * x);
        am = argmax(x);
        pr = prod(x * 0.01 + 1.0);
        lo = min(x) + 1.0;
        total = sum(v);
    }
}

fn row_ops_against_loops(ctx: &Context) {
    // The last: one row past 16,384 values, which one workgroup of 1,024 threads reduces.
    for (b, t, c) in [(1, 1, 1), (2, 3, 7), (3, 5, 300), (1, 2, 1025), (1, 1, 20_000)] {
        let (x, v, g, bta) =
            (rand_f32(b * t * c, 3.0, 10 + c as u64), rand_f32(c, 1.0, 11), rand_f32(c, 1.0, 12), rand_f32(c, 1.0, 13));
        let rows = b * t;
        let (mut sm, mut rn, mut ln, mut cen) =
            (vec![0.0; rows * c], vec![0.0; rows * c], vec![0.0; rows * c], vec![0.0; rows * c]);
        let (mut s, mut mx, mut mn, mut am) = (vec![0.0; rows], vec![0.0; rows], vec![0.0; rows], vec![0u32; rows]);
        let (mut pr, mut lo) = (vec![0.0; rows], vec![0.0; rows]);
        for r in 0..rows {
            let row: Vec<f64> = x[r * c..(r + 1) * c].iter().map(|&v| v as f64).collect();
            let m = row.iter().map(|v| v / 2.0).fold(f64::MIN, f64::max);
            let z: f64 = row.iter().map(|v| (v / 2.0 - m).exp()).sum();
            let ms = row.iter().map(|v| v * v).sum::<f64>() / c as f64;
            let mean = row.iter().sum::<f64>() / c as f64;
            let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / c as f64;
            for j in 0..c {
                sm[r * c + j] = ((row[j] / 2.0 - m).exp() / z) as f32;
                rn[r * c + j] = (row[j] / (ms + 1e-5).sqrt() * g[j] as f64 * 2.0) as f32;
                ln[r * c + j] = ((row[j] - mean) / (var + 1e-5).sqrt() * g[j] as f64 + bta[j] as f64) as f32;
                cen[r * c + j] = (row[j] - mean) as f32;
            }
            s[r] = row.iter().sum::<f64>() as f32;
            mx[r] = (row.iter().cloned().fold(f64::MIN, f64::max) - 1.0) as f32;
            mn[r] = ms as f32;
            am[r] = (0..c).fold(0, |best, j| if row[j] > row[best] { j } else { best }) as u32;
            // The factors are the f32 values the kernel multiplies.
            pr[r] = x[r * c..(r + 1) * c].iter().map(|&v| (v * 0.01 + 1.0) as f64).product::<f64>() as f32;
            lo[r] = (row.iter().cloned().fold(f64::MAX, f64::min) + 1.0) as f32;
        }
        let total: f32 = v.iter().sum();
        let mut gr = RowOps::new(ctx, RowOpsDims { b, t, c }).unwrap();
        gr.load_weights(RowOpsWeights { g: &g, bta: &bta }).unwrap();
        let out = gr.run(RowOpsInputs { x: &x, v: &v, temp: 2.0 }).unwrap();
        let what = format!("{b}x{t}x{c}");
        assert_close(&format!("{what} softmax"), &out.sm, &sm, 1e-4, 1e-3);
        assert_close(&format!("{what} rms_norm"), &out.rn, &rn, 1e-4, 1.0);
        assert_close(&format!("{what} layer_norm"), &out.ln, &ln, 2e-4, 1.0);
        assert_close(&format!("{what} centred"), &out.cen, &cen, 1e-4, 1.0);
        assert_close(&format!("{what} sum"), &out.s, &s, 1e-4, c as f32);
        assert_close(&format!("{what} max"), &out.mx, &mx, 1e-5, 1.0);
        assert_close(&format!("{what} mean"), &out.mn, &mn, 1e-4, 1.0);
        assert_eq!(out.am, am, "{what} argmax");
        assert_close(&format!("{what} prod"), &out.pr, &pr, 1e-4, 1.0);
        assert_close(&format!("{what} min"), &out.lo, &lo, 1e-6, 1.0);
        assert_close(&format!("{what} total"), &[out.total[0]], &[total], 1e-4, c as f32);
    }
}

forge_graph! {
    graph AxisReductions {
        dims { A, B, C }
        input   x: f32[A, B, C];
        input   v: f32[C];
        output  s0: f32[B, C];
        output  s1: f32[A, C];
        output  s2: f32[A, B];
        output  p0: f32[B, C];
        output  p1: f32[A, C];
        output  p2: f32[A, B];
        output  mx0: f32[B, C];
        output  mx1: f32[A, C];
        output  mx2: f32[A, B];
        output  mn0: f32[B, C];
        output  mn1: f32[A, C];
        output  mn2: f32[A, B];
        output  me0: f32[B, C];
        output  me1: f32[A, C];
        output  me2: f32[A, B];
        output  am0: u32[B, C];
        output  am1: u32[A, C];
        output  am2: u32[A, B];
        output  kept: f32[A, 1, C];
        output  centred: f32[A, B, C];
        output  total: f32;
        output  total_kept: f32[1, 1, 1];
        output  whole_mean: f32;
        output  whole_max: f32;
        output  whole_min: f32;
        output  whole_argmax: u32;
        output  weighted: f32;
        output  transposed: f32;
        s0 = sum(x, axis = 0);
        s1 = sum(x, axis = -2);
        s2 = sum(x, axis = 2);
        p0 = prod(x * 0.01 + 1.0, axis = -3);
        p1 = prod(x * 0.01 + 1.0, axis = 1);
        p2 = prod(x * 0.01 + 1.0, axis = -1);
        mx0 = max(x, axis = 0);
        mx1 = max(x, axis = 1);
        mx2 = max(x, axis = 2);
        mn0 = min(x, axis = 0);
        mn1 = min(x, axis = 1);
        mn2 = min(x, axis = 2);
        me0 = mean(x, axis = 0);
        me1 = mean(x, axis = 1);
        me2 = mean(x, axis = 2);
        am0 = argmax(x, axis = 0);
        am1 = argmax(x, axis = 1);
        am2 = argmax(x, axis = 2);
        kept = sum(x, axis = 1, keepdim = true) * 2.0 + v;
        centred = x - mean(x, axis = 0, keepdim = true);
        total = sum(x, axis = all);
        total_kept = sum(x, axis = all, keepdim = true);
        whole_mean = mean(x, axis = all);
        whole_max = max(x, axis = all);
        whole_min = min(x, axis = all);
        whole_argmax = argmax(x, axis = all);
        weighted = sum(x * v, axis = all);
        transposed = sum(transpose(x), axis = all);
    }
}

/// The values of `x: [a, b, c]` folded along `axis` (`None`: all), one group per result in
/// row-major order of the kept axes.
fn groups(x: &[f32], (a, b, c): (usize, usize, usize), axis: Option<usize>) -> Vec<Vec<f64>> {
    let at = |i: usize, j: usize, k: usize| x[(i * b + j) * c + k] as f64;
    match axis {
        None => vec![x.iter().map(|&v| v as f64).collect()],
        Some(0) => (0..b * c).map(|r| (0..a).map(|i| at(i, r / c, r % c)).collect()).collect(),
        Some(1) => (0..a * c).map(|r| (0..b).map(|j| at(r / c, j, r % c)).collect()).collect(),
        Some(_) => (0..a * b).map(|r| (0..c).map(|k| at(r / b, r % b, k)).collect()).collect(),
    }
}

fn first_max(g: &[f64]) -> u32 {
    (0..g.len()).fold(0, |best, j| if g[j] > g[best] { j } else { best }) as u32
}

/// `sum`, `prod`, `mean`, `max`, `min` and `argmax` along every axis of a rank-3 tensor and
/// over all of it, against f64 loops; rows of more than 16,384 terms take the streaming
/// template, and a whole tensor that does not read in one even stride is copied first.
fn axis_and_whole_reductions_against_loops(ctx: &Context) {
    for (a, b, c) in [(1, 1, 1), (2, 3, 7), (5, 4, 300), (17000, 2, 3), (50, 40, 53)] {
        let shape = (a, b, c);
        let (x, v) = (rand_f32(a * b * c, 3.0, 40 + c as u64), rand_f32(c, 1.0, 41));
        let factors: Vec<f32> = x.iter().map(|&e| e * 0.01 + 1.0).collect();
        let out = AxisReductions::new(ctx, AxisReductionsDims { a, b, c })
            .unwrap()
            .run(AxisReductionsInputs { x: &x, v: &v })
            .unwrap();
        let what = format!("{a}x{b}x{c}");
        let by_axis = [
            (&out.s0, &out.p0, &out.mx0, &out.mn0, &out.me0, &out.am0),
            (&out.s1, &out.p1, &out.mx1, &out.mn1, &out.me1, &out.am1),
            (&out.s2, &out.p2, &out.mx2, &out.mn2, &out.me2, &out.am2),
        ];
        for (axis, (s, p, mx, mn, me, am)) in by_axis.into_iter().enumerate() {
            let gs = groups(&x, shape, Some(axis));
            let n = gs[0].len() as f64;
            // f32 sums of any order agree within n·ε·Σ|x|; these tolerances allow a few percent of that.
            let abs_sum = gs.iter().map(|g| g.iter().map(|e| e.abs()).sum::<f64>()).fold(0.0, f64::max) as f32;
            let sum: Vec<f32> = gs.iter().map(|g| g.iter().sum::<f64>() as f32).collect();
            let mean: Vec<f32> = gs.iter().map(|g| (g.iter().sum::<f64>() / n) as f32).collect();
            let prod: Vec<f32> =
                groups(&factors, shape, Some(axis)).iter().map(|g| g.iter().product::<f64>() as f32).collect();
            let max: Vec<f32> = gs.iter().map(|g| g.iter().cloned().fold(f64::MIN, f64::max) as f32).collect();
            let min: Vec<f32> = gs.iter().map(|g| g.iter().cloned().fold(f64::MAX, f64::min) as f32).collect();
            let argmax: Vec<u32> = gs.iter().map(|g| first_max(g)).collect();
            let what = format!("{what} axis {axis}");
            assert_close(&format!("{what} sum"), s, &sum, 1e-5, abs_sum);
            assert_close(&format!("{what} mean"), me, &mean, 1e-5, abs_sum / n as f32);
            assert_close(&format!("{what} prod"), p, &prod, 1e-4, 0.0);
            assert_close(&format!("{what} max"), mx, &max, 0.0, 0.0);
            assert_close(&format!("{what} min"), mn, &min, 0.0, 0.0);
            assert_eq!(am, &argmax, "{what} argmax");
        }
        let row_sums = groups(&x, shape, Some(1));
        let abs_row = row_sums.iter().map(|g| g.iter().map(|e| e.abs()).sum::<f64>()).fold(0.0, f64::max) as f32;
        let kept: Vec<f32> =
            row_sums.iter().enumerate().map(|(r, g)| (g.iter().sum::<f64>() * 2.0 + v[r % c] as f64) as f32).collect();
        assert_close(&format!("{what} keepdim"), &out.kept, &kept, 1e-5, 2.0 * abs_row + 1.0);
        let column_means: Vec<f64> =
            groups(&x, shape, Some(0)).iter().map(|g| g.iter().sum::<f64>() / a as f64).collect();
        let centred: Vec<f32> =
            x.iter().enumerate().map(|(i, &e)| (e as f64 - column_means[i % (b * c)]) as f32).collect();
        assert_close(&format!("{what} centred"), &out.centred, &centred, 1e-5, 3.0);
        let all = &groups(&x, shape, None)[0];
        let abs_all = all.iter().map(|e| e.abs()).sum::<f64>() as f32;
        let total = all.iter().sum::<f64>() as f32;
        let weighted = x.iter().enumerate().map(|(i, &e)| e as f64 * v[i % c] as f64).sum::<f64>() as f32;
        assert_close(&format!("{what} total"), &out.total, &[total], 1e-5, abs_all);
        assert_close(&format!("{what} total keepdim"), &out.total_kept, &[total], 1e-5, abs_all);
        assert_close(&format!("{what} transposed total"), &out.transposed, &[total], 1e-5, abs_all);
        assert_close(&format!("{what} weighted total"), &out.weighted, &[weighted], 1e-5, abs_all);
        let mean = (all.iter().sum::<f64>() / all.len() as f64) as f32;
        assert_close(&format!("{what} whole mean"), &out.whole_mean, &[mean], 1e-5, abs_all / all.len() as f32);
        let max = all.iter().cloned().fold(f64::MIN, f64::max) as f32;
        let min = all.iter().cloned().fold(f64::MAX, f64::min) as f32;
        assert_eq!(out.whole_max, [max], "{what} whole max");
        assert_eq!(out.whole_min, [min], "{what} whole min");
        assert_eq!(out.whole_argmax, [first_max(all)], "{what} whole argmax");
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
        unary = exp(a) + log(abs(a) + 1.0) + sqrt(abs(a)) + rsqrt(abs(a) + 0.5) - tanh(a) + erf(a) + sin(a) * cos(b) + floor(a * 3.0);
        act = sigmoid(a) * silu(b) + gelu(a) + gelu_tanh(b) - relu(-a) + -a;
        bin = min(a, b) * max(a, col) / (abs(b) + 1.0) - k;
        cmp = select(a > b && a >= 0.0 || a == col, a, b * 2.0) + (a < k) as f32 - ((a <= b) as f32) * 3.0 + (a != b) as f32;
        ints = (a * 10.0) as i32 / 3 + (b as i32) * 2 - (col * 4.0) as i32;
    }
}

fn erf64(x: f64) -> f64 {
    // Maclaurin series (converges everywhere; |x| ≤ 4 here), in f64.
    let mut sum = 0.0;
    let mut term = x;
    for n in 0..80 {
        sum += term / (2 * n + 1) as f64;
        term *= -x * x / (n + 1) as f64;
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

fn elementwise_forms_and_broadcasting(ctx: &Context) {
    let (r, c) = (37, 129);
    let a = rand_f32(r * c, 4.0, 20);
    let mut b = rand_f32(c, 4.0, 21);
    b[3] = a[3];
    let col = rand_f32(r, 4.0, 22);
    let out = Elementwise::new(ctx, ElementwiseDims { r, c })
        .unwrap()
        .run(ElementwiseInputs { a: &a, b: &b, col: &col, k: 0.25 })
        .unwrap();
    for i in 0..r * c {
        let (x, y, z) = (a[i] as f64, b[i % c] as f64, col[i / c] as f64);
        let sig = |v: f64| 1.0 / (1.0 + (-v).exp());
        let unary = x.exp() + (x.abs() + 1.0).ln() + x.abs().sqrt() + 1.0 / (x.abs() + 0.5).sqrt() - x.tanh()
            + erf64(x)
            + x.sin() * y.cos()
            + ((a[i] * 3.0) as f64).floor();
        let gelu_tanh = 0.5 * y * (1.0 + (0.797_884_560_802_865_4 * (y + 0.044715 * y * y * y)).tanh());
        let act = sig(x) * (y * sig(y)) + 0.5 * x * (1.0 + erf64(x / 2f64.sqrt())) + gelu_tanh - (-x).max(0.0) - x;
        let bin = x.min(y) * x.max(z) / (y.abs() + 1.0) - 0.25;
        let sel = if (x > y && x >= 0.0) || x == z { x } else { y * 2.0 };
        let cmp = sel + (x < 0.25) as u8 as f64 - ((x <= y) as u8 as f64) * 3.0 + (x != y) as u8 as f64;
        let ints = ((a[i] * 10.0) as i32) / 3 + (b[i % c] as i32) * 2 - (col[i / c] * 4.0) as i32;
        let close = |what: &str, got: f32, want: f64| {
            assert!((got as f64 - want).abs() <= 2e-5 * want.abs().max(1.0), "{what}[{i}]: got {got}, want {want}")
        };
        close("unary", out.unary[i], unary);
        close("act", out.act[i], act);
        close("bin", out.bin[i], bin);
        close("cmp", out.cmp[i], cmp);
        assert_eq!(out.ints[i], ints, "ints[{i}]");
    }
}

forge_graph! {
    /// Index-notation reductions besides `sum`: a product (factors near 1, so that a thousand of
    /// them neither overflow nor underflow) and minima of f32, i32 and u32, a wrapping i32
    /// product, and a max beside them. Rows of `K < 128` fold in a loop per output, longer ones
    /// one workgroup per output with a tree (`lower::code::map::index`).
    graph IndexReductions {
        dims { R, K }
        input  x: f32[R, K];
        input  n: i32[R, K];
        input  u: u32[R, K];
        output p: f32[R];
        output lo: f32[R];
        output hi: f32[R];
        output pn: i32[R];
        output ln: i32[R];
        output lu: u32[R];
        p[r] = prod(k, x[r, k] * 0.01 + 1.0);
        lo[r] = min(k, x[r, k] * 2.0);
        hi[r] = max(k, x[r, k]);
        pn[r] = prod(k, n[r, k]);
        ln[r] = min(k, n[r, k] - 1);
        lu[r] = min(k, u[r, k]);
    }
}

fn index_reductions_against_loops(ctx: &Context) {
    for (r, k) in [(1, 1), (5, 7), (3, 127), (4, 128), (2, 1000)] {
        let x = rand_f32(r * k, 3.0, 30 + k as u64);
        // Non-zero factors of both signs, so the wrapping product stays non-trivial.
        let n: Vec<i32> = rand_i32(r * k, -3, 3, 31).into_iter().map(|v| if v == 0 { 2 } else { v }).collect();
        let u = rand_u32(r * k, 1, u32::MAX, 32);
        let out = IndexReductions::new(ctx, IndexReductionsDims { r, k })
            .unwrap()
            .run(IndexReductionsInputs { x: &x, n: &n, u: &u })
            .unwrap();
        let rows =
            |v: &[f32]| -> Vec<Vec<f64>> { v.chunks(k).map(|c| c.iter().map(|&e| e as f64).collect()).collect() };
        let factors: Vec<f32> = x.iter().map(|v| v * 0.01 + 1.0).collect();
        let p: Vec<f32> = rows(&factors).iter().map(|c| c.iter().product::<f64>() as f32).collect();
        let lo: Vec<f32> = rows(&x).iter().map(|c| c.iter().map(|v| v * 2.0).fold(f64::MAX, f64::min) as f32).collect();
        let hi: Vec<f32> = rows(&x).iter().map(|c| c.iter().cloned().fold(f64::MIN, f64::max) as f32).collect();
        let pn: Vec<i32> = n.chunks(k).map(|c| c.iter().fold(1i32, |a, &b| a.wrapping_mul(b))).collect();
        let ln: Vec<i32> = n.chunks(k).map(|c| c.iter().map(|v| v - 1).min().unwrap_or(i32::MAX)).collect();
        let lu: Vec<u32> = u.chunks(k).map(|c| c.iter().copied().min().unwrap_or(u32::MAX)).collect();
        let what = format!("{r}x{k}");
        assert_close(&format!("{what} prod"), &out.p, &p, 1e-4, 1.0);
        assert_close(&format!("{what} min"), &out.lo, &lo, 0.0, 1.0);
        assert_close(&format!("{what} max"), &out.hi, &hi, 0.0, 1.0);
        assert_eq!(out.pn, pn, "{what} i32 prod (wrapping)");
        assert_eq!(out.ln, ln, "{what} i32 min");
        assert_eq!(out.lu, lu, "{what} u32 min");
    }
}

forge_graph! {
    /// Maps the wgpu and CUDA backends run with 16-byte vectors where the points are a whole
    /// number of vectors: a copy, operands read at the flat index (f32, i32, u32), a broadcast
    /// row, a layer of a stacked input (`s[1]`: an offset of one layer, which wgpu binds as an
    /// index base when it is not on the storage offset alignment), and an operand read both at
    /// the flat index and transposed (`sq`: it keeps its scalar binding, the output is vectors).
    graph VectorMaps {
        dims { L, R, C }
        input  a: f32[R, C];
        input  b: f32[C];
        input  s: f32[L, R, C];
        input  n: i32[R, C];
        input  u: u32[R, C];
        input  sq: f32[C, C];
        output copy: f32[R, C];
        output y: f32[R, C];
        output z: f32[R, C];
        output m: i32[R, C];
        output v: u32[R, C];
        output t: f32[C, C];
        copy = a;
        y = a * 2.0 + 1.0;
        z = s[1] * a - b;
        m = n * 3 + (a * 8.0) as i32;
        v = u / 7 + 1;
        t = sq + transpose(sq) * 0.5;
    }
}

struct VectorMapsData {
    a: Vec<f32>,
    b: Vec<f32>,
    s: Vec<f32>,
    n: Vec<i32>,
    u: Vec<u32>,
    sq: Vec<f32>,
}

impl VectorMapsData {
    fn new(l: usize, r: usize, c: usize, seed: u64) -> Self {
        VectorMapsData {
            a: rand_f32(r * c, 4.0, seed),
            b: rand_f32(c, 4.0, seed + 1),
            s: rand_f32(l * r * c, 4.0, seed + 2),
            n: rand_i32(r * c, -1000, 1000, seed + 3).into_iter().map(|v| if v == 0 { 1 } else { v }).collect(),
            u: rand_u32(r * c, 1, 1 << 30, seed + 4),
            sq: rand_f32(c * c, 4.0, seed + 5),
        }
    }
    fn inputs(&self) -> VectorMapsInputs<'_> {
        VectorMapsInputs { a: &self.a, b: &self.b, s: &self.s, n: &self.n, u: &self.u, sq: &self.sq }
    }
}

/// Vectorised maps against the CPU reference (and plain loops), with the outputs poisoned by a
/// first run on other inputs; shapes whose point count is not a multiple of four, or whose
/// layer `s[1]` starts at an odd element, must run the scalar map.
fn vectorised_maps_against_the_reference(ctx: &Context) {
    let cpu = Context::cpu();
    // (L, R, C): every map vectorised with the layer at element 32 (128 bytes), 60 (a partial
    // workgroup, 240 bytes) and 16384; none with 4773 points, or 15 at element 15.
    for (l, r, c) in [(3, 4, 8), (2, 5, 12), (2, 64, 256), (2, 37, 129), (3, 3, 5)] {
        let what = format!("{l}x{r}x{c}");
        let d = VectorMapsData::new(l, r, c, 300 + c as u64);
        let dims = VectorMapsDims { l, r, c };
        let mut g = VectorMaps::new(ctx, dims).unwrap();
        g.instance_mut().set_kernel_profiling(true);
        g.run(VectorMapsData::new(l, r, c, 900).inputs()).unwrap();
        let out = g.run(d.inputs()).unwrap();
        let want = VectorMaps::new(&cpu, dims).unwrap().run(d.inputs()).unwrap();
        let rc = r * c;
        for i in 0..rc {
            let (x, y) = (d.a[i], d.b[i % c]);
            assert_eq!(out.copy[i].to_bits(), x.to_bits(), "{what} copy[{i}]");
            assert_eq!(out.m[i], d.n[i].wrapping_mul(3).wrapping_add((x * 8.0) as i32), "{what} m[{i}]");
            assert_eq!(out.v[i], d.u[i] / 7 + 1, "{what} v[{i}]");
            let close = |name: &str, got: f32, want: f32| {
                assert!((got - want).abs() <= 1e-6 * want.abs().max(32.0), "{what} {name}[{i}]: got {got}, want {want}")
            };
            close("y", out.y[i], x * 2.0 + 1.0);
            close("z", out.z[i], d.s[rc + i] * x - y);
        }
        for i in 0..c * c {
            let want_t = d.sq[i] + d.sq[(i % c) * c + i / c] * 0.5;
            assert!((out.t[i] - want_t).abs() <= 1e-6 * want_t.abs().max(32.0), "{what} t[{i}]");
        }
        assert_close(&format!("{what} y (cpu)"), &out.y, &want.y, 1e-6, 32.0);
        assert_close(&format!("{what} z (cpu)"), &out.z, &want.z, 1e-6, 32.0);
        assert_close(&format!("{what} t (cpu)"), &out.t, &want.t, 1e-6, 32.0);
        assert_eq!((&out.copy, &out.m, &out.v), (&want.copy, &want.m, &want.v), "{what} (cpu)");
        if matches!(ctx.kind(), BackendKind::Wgpu | BackendKind::Cuda) {
            let p = g.last_profile().expect("a profile after a run");
            let vectorised = p.kernels.iter().filter(|k| k.variant.starts_with("map, 16-byte vectors")).count();
            let maps = p.kernels.iter().filter(|k| k.entry.contains("map")).count();
            let want = if rc % 4 == 0 { 6 } else { 0 };
            let variants: Vec<&str> = p.kernels.iter().map(|k| k.variant.as_str()).collect();
            assert!(maps == 6 && vectorised == want, "{what}: {vectorised} of {maps} maps vectorised: {variants:?}");
        }
        if ctx.kind() == BackendKind::Wgpu {
            let src = g.source(Target::Wgsl).expect("wgsl").to_string();
            assert_eq!(src.contains("array<vec4<"), rc % 4 == 0, "{what}: {src}");
        }
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
        w = u / 7 * 3 + u / (u - u) - 1 + 4000000000;
        f = (a as f32) / 4.0 + (u as f32);
    }
}

fn integer_semantics(ctx: &Context) {
    let n = 1001;
    let a = rand_i32(n, -1000, 1000, 30);
    let mut b = rand_i32(n, -9, 9, 31);
    b[0] = 0;
    let u = rand_u32(n, 1, 1 << 20, 32);
    let out = Integers::new(ctx, IntegersDims { n }).unwrap().run(IntegersInputs { a: &a, b: &b, u: &u }).unwrap();
    for i in 0..n {
        let q = (if b[i] == 0 { a[i] } else { a[i] / b[i] }) + a[i].min(b[i]) * a[i].max(3) - a[i].abs() + b[i].max(0);
        assert_eq!(out.q[i], q, "q[{i}]");
        let w = (u[i] / 7 * 3).wrapping_add(u[i]).wrapping_sub(1).wrapping_add(4_000_000_000);
        assert_eq!(out.w[i], w, "w[{i}]");
        assert_eq!(out.f[i], a[i] as f32 / 4.0 + u[i] as f32, "f[{i}]");
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
        output yb: bf16[M, N];
        y = matmul(a, w) + bias;
        yh = matmul(a, w) * 0.5;
        yb = y as bf16 * 2.0;
    }
}

fn half_and_bf16_round_like_the_reference(ctx: &Context) {
    for (m, k, n) in [(3, 77, 19), (70, 96, 130)] {
        let a: Vec<f16> = rand_f32(m * k, 1.0, 40).into_iter().map(f16::from_f32).collect();
        let w: Vec<f16> = rand_f32(k * n, 1.0, 41).into_iter().map(f16::from_f32).collect();
        let bias = rand_f32(n, 1.0, 42);
        let (af, wf): (Vec<f32>, Vec<f32>) =
            (a.iter().map(|v| v.to_f32()).collect(), w.iter().map(|v| v.to_f32()).collect());
        let want: Vec<f32> = naive_matmul(&af, &wf, m, k, n).iter().enumerate().map(|(i, v)| v + bias[i % n]).collect();
        // The harness runs this only where 16-bit graphs build (`common::half_floats`).
        let mut g = HalfLinear::new(ctx, HalfLinearDims { m, k, n }).unwrap();
        g.load_weights(HalfLinearWeights { w: &w, bias: &bias }).unwrap();
        let out = g.run(HalfLinearInputs { a: &a }).unwrap();
        assert_close("y", &out.y, &want, 1e-4, 4.0);
        let yh: Vec<f32> = out.yh.iter().map(|v| v.to_f32()).collect();
        let want_h: Vec<f32> =
            want.iter().enumerate().map(|(i, v)| f16::from_f32((v - bias[i % n]) * 0.5).to_f32()).collect();
        assert_close("yh", &yh, &want_h, 2e-3, 1.0);
        let yb: Vec<f32> = out.yb.iter().map(|v| v.to_f32()).collect();
        let want_b: Vec<f32> =
            out.y.iter().map(|v| bf16::from_f32(bf16::from_f32(*v).to_f32() * 2.0).to_f32()).collect();
        assert_eq!(yb, want_b, "bf16 rounds to nearest even on every backend");
    }
}

forge_graph! {
    /// `floor` of 16-bit floats: computed in f32, exact in the stored type.
    graph HalfFloor {
        dims { N }
        input  h: f16[N];
        input  b: bf16[N];
        output fh: f16[N];
        output fb: bf16[N];
        fh = floor(h * 4.0);
        fb = floor(b * 4.0) - 0.5;
    }
}

fn floor_of_half_floats(ctx: &Context) {
    let n = 301;
    let h: Vec<f16> = rand_f32(n, 8.0, 50).into_iter().map(f16::from_f32).collect();
    let b: Vec<bf16> = rand_f32(n, 8.0, 51).into_iter().map(bf16::from_f32).collect();
    let out = HalfFloor::new(ctx, HalfFloorDims { n }).unwrap().run(HalfFloorInputs { h: &h, b: &b }).unwrap();
    for i in 0..n {
        let fh = (h[i].to_f32() as f64 * 4.0).floor();
        let fb = (b[i].to_f32() as f64 * 4.0).floor() - 0.5;
        assert_eq!(out.fh[i].to_f32() as f64, fh, "fh[{i}] of {}", h[i]);
        assert_eq!(out.fb[i].to_f32() as f64, fb, "fb[{i}] of {}", b[i]);
    }
}

forge_graph! {
    /// Scaled dot-product attention over `[B, H, T, E]` with a padding mask and a causal flag.
    graph Attn {
        dims { B, H, T, S, E }
        input  q: f32[B, H, T, E];
        input  k: f32[B, H, S, E];
        input  v: f32[B, H, S, E];
        input  m: f32[B, 1, 1, S];
        output o: f32[B, H, T, E];
        output oc: f32[B, H, T, E];
        o = attention(q, k, v, mask = m) * 2.0;
        oc = attention(q, k, v, causal = true, scale = 0.3);
    }
}

forge_graph! {
    /// [`Attn`] with both products allowed on tensor cores: a prompt's rows (16 or more an
    /// entry) run them there on CUDA sm_90+; every other kernel computes f32.
    graph AttnTensor {
        dims { B, H, T, S, E }
        input  q: f32[B, H, T, E];
        input  k: f32[B, H, S, E];
        input  v: f32[B, H, S, E];
        input  m: f32[B, 1, 1, S];
        output o: f32[B, H, T, E];
        output oc: f32[B, H, T, E];
        output o1: f32[B, H, T, E];
        o = attention(q, k, v, mask = m, precision = tf32x3) * 2.0;
        oc = attention(q, k, v, causal = true, scale = 0.3, precision = tf32x3);
        o1 = attention(q, k, v, precision = tf32);
    }
}

fn attention_at_tf32x3_against_loops(ctx: &Context) {
    // A causal prompt of 80 rows (a partial second row block) whose second batch entry masks
    // every key (NaN rows: 0 / 0), 40 rows after 260 cached keys (the causal rows' last keys in
    // the tenth tile, keys split over a cluster), 16 rows of 40-wide heads over a partial key
    // tile. `tf32` (single TF32 products) to its own error.
    let cases = [(2, 2, 80, 80, 64), (1, 2, 40, 300, 64), (1, 2, 16, 50, 40)];
    for (n, (b, h, t, s, e)) in cases.into_iter().enumerate() {
        let (q, k, v) =
            (rand_f32(b * h * t * e, 1.0, 56), rand_f32(b * h * s * e, 1.0, 57), rand_f32(b * h * s * e, 1.0, 58));
        let mut m = attn_mask(b, s);
        if n == 0 {
            m[s..].fill(f32::NEG_INFINITY);
        }
        let dims = AttnTensorDims { b, h, t, s, e };
        let out = AttnTensor::new(ctx, dims).unwrap().run(AttnTensorInputs { q: &q, k: &k, v: &v, m: &m }).unwrap();
        let shape = format!("{b}x{h}x{t}x{s}x{e}");
        if n == 0 {
            let masked = &out.o[h * t * e..];
            assert!(masked.iter().all(|x| x.is_nan()), "{shape}: the masked entry is NaN");
        }
        // The reference's masked entry is NaN too (0 / 0), which `assert_close` takes as equal.
        let [want, want_c, want_1] = attn_references(&q, &k, &v, &m, (b, h, t, s, e));
        assert_close(&format!("{shape} masked"), &out.o, &want, 1e-4, 1.0);
        assert_close(&format!("{shape} causal"), &out.oc, &want_c, 1e-4, 1.0);
        assert_close(&format!("{shape} tf32"), &out.o1, &want_1, 1e-2, 1.0);
    }
}

/// [`Attn`]'s mask over `b` entries of `s` keys: the first entry's last key masked, the last
/// entry's second key at -1.5 (none with one key).
fn attn_mask(b: usize, s: usize) -> Vec<f32> {
    let mut m = vec![0.0f32; b * s];
    if s > 1 {
        m[s - 1] = f32::NEG_INFINITY;
        m[(b - 1) * s + 1] = -1.5;
    }
    m
}

/// What [`Attn`]'s and [`AttnTensor`]'s outputs hold over every (entry, head) of `[B, H, T, E]`
/// queries and `[B, H, S, E]` keys and values: `o` (the mask `m`, times 2), `oc` (causal, scale
/// 0.3) and the plain attention at `1 / sqrt(E)`.
fn attn_references(
    q: &[f32],
    k: &[f32],
    v: &[f32],
    m: &[f32],
    (b, h, t, s, e): (usize, usize, usize, usize, usize),
) -> [Vec<f32>; 3] {
    let mut refs = [vec![0.0f32; b * h * t * e], vec![0.0f32; b * h * t * e], vec![0.0f32; b * h * t * e]];
    let scale = 1.0 / (e as f64).sqrt();
    for bi in 0..b {
        for hi in 0..h {
            let (qo, ko) = ((bi * h + hi) * t * e, (bi * h + hi) * s * e);
            let (qs, ks, vs) = (&q[qo..qo + t * e], &k[ko..ko + s * e], &v[ko..ko + s * e]);
            let mask = Some(&m[bi * s..(bi + 1) * s]);
            let masked = naive_attention(qs, ks, vs, mask, t, s, e, scale, false).into_iter().map(|x| x * 2.0);
            let causal = naive_attention(qs, ks, vs, None, t, s, e, 0.3, true);
            let plain = naive_attention(qs, ks, vs, None, t, s, e, scale, false);
            for (r, part) in refs.iter_mut().zip([masked.collect(), causal, plain]) {
                r[qo..qo + t * e].copy_from_slice(&part);
            }
        }
    }
    refs
}

#[allow(clippy::too_many_arguments)] // the operands and shape of one attention call
fn naive_attention(
    q: &[f32],
    k: &[f32],
    v: &[f32],
    mask: Option<&[f32]>,
    t: usize,
    s: usize,
    e: usize,
    scale: f64,
    causal: bool,
) -> Vec<f32> {
    let mut out = vec![0.0; t * e];
    for i in 0..t {
        let sc: Vec<f64> = (0..s)
            .map(|j| {
                if causal && j > i + (s - t) {
                    return f64::NEG_INFINITY;
                }
                let dot: f64 = (0..e).map(|d| q[i * e + d] as f64 * k[j * e + d] as f64).sum();
                dot * scale + mask.map_or(0.0, |m| m[j] as f64)
            })
            .collect();
        let mx = sc.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let p: Vec<f64> = sc.iter().map(|x| (x - mx).exp()).collect();
        let den: f64 = p.iter().sum();
        for d in 0..e {
            out[i * e + d] = ((0..s).map(|j| p[j] * v[j * e + d] as f64).sum::<f64>() / den) as f32;
        }
    }
    out
}

fn attention_against_loops(ctx: &Context) {
    // Few keys (8 lanes a row, a partial last workgroup), MiniLM-like rows (16 lanes, more
    // keys than queries under the causal flag), one key (one lane a row); keys in three tiles
    // of workgroup memory with 16 lanes and with one (64-wide heads), and heads too wide for
    // a tile (every row reads its keys from memory).
    let cases = [
        (2, 3, 5, 7, 8),
        (2, 2, 33, 40, 32),
        (2, 3, 1, 1, 4),
        (2, 1, 20, 130, 32),
        (2, 1, 9, 70, 64),
        (2, 1, 3, 9, 300),
        // Decoding (spread over a workgroup an entry): one query over many keys, four, two
        // over keys narrower than a workgroup's dims (1,000 keys: on CUDA sm_90 split over a
        // cluster of 8 blocks, the causal flag's last keys in one block), and heads of 33 and
        // 40 dims, which do not split evenly over the threads that sum the values.
        (2, 3, 1, 300, 64),
        (1, 2, 4, 300, 64),
        (1, 1, 2, 1000, 16),
        (1, 2, 1, 130, 33),
        (1, 2, 3, 257, 40),
        // Keys few enough that threads share a key's score where shuffles add their parts
        // (CUDA, wgpu on subgroups of 32): two lanes a key.
        (1, 2, 2, 100, 16),
        (2, 1, 1, 65, 24),
        // One query over a few keys of narrow heads (a thread an output dim, every score in
        // each thread's registers): 64 keys, 37 with one dim, 9 with three.
        (2, 3, 1, 64, 4),
        (1, 2, 1, 37, 1),
        (3, 1, 1, 9, 3),
    ];
    for (b, h, t, s, e) in cases {
        let (q, k, v) =
            (rand_f32(b * h * t * e, 1.0, 50), rand_f32(b * h * s * e, 1.0, 51), rand_f32(b * h * s * e, 1.0, 52));
        let m = attn_mask(b, s);
        let out =
            Attn::new(ctx, AttnDims { b, h, t, s, e }).unwrap().run(AttnInputs { q: &q, k: &k, v: &v, m: &m }).unwrap();
        let shape = format!("{b}x{h}x{t}x{s}x{e}");
        let [want, want_c, _] = attn_references(&q, &k, &v, &m, (b, h, t, s, e));
        assert_close(&format!("{shape} masked"), &out.o, &want, 1e-4, 1.0);
        assert_close(&format!("{shape} causal"), &out.oc, &want_c, 1e-4, 1.0);
    }
    // A batch entry whose every key is masked gets NaN rows (0 / 0), the other entry stays
    // finite: on every backend and kernel shape (blocked, keys tiled with lanes, rows too wide
    // for a tile, spread, a thread an output dim).
    let shapes = [(2, 3, 5, 7, 8), (2, 1, 20, 130, 32), (2, 1, 3, 9, 300), (2, 2, 1, 200, 64), (2, 2, 1, 40, 2)];
    for (b, h, t, s, e) in shapes {
        let (q, k, v) =
            (rand_f32(b * h * t * e, 1.0, 53), rand_f32(b * h * s * e, 1.0, 54), rand_f32(b * h * s * e, 1.0, 55));
        let mut m = vec![0.0f32; b * s];
        m[s..].fill(f32::NEG_INFINITY);
        let out =
            Attn::new(ctx, AttnDims { b, h, t, s, e }).unwrap().run(AttnInputs { q: &q, k: &k, v: &v, m: &m }).unwrap();
        let (kept, masked) = out.o.split_at(h * t * e);
        assert!(kept.iter().all(|x| x.is_finite()), "{b}x{h}x{t}x{s}x{e}: the unmasked entry");
        assert!(masked.iter().all(|x| x.is_nan()), "{b}x{h}x{t}x{s}x{e}: the masked entry is NaN");
    }
}

forge_graph! {
    /// Attention whose heads are merged after it (`[B, H, T, E]` → `[B, T, H·E]`): the copy
    /// folds into the attention's store, which then writes rows permuted.
    graph AttnMerge {
        dims { B, H, T, S, E, D }
        input  q: f32[B, H, T, E];
        input  k: f32[B, H, S, E];
        input  v: f32[B, H, S, E];
        input  m: f32[B, 1, 1, S];
        input  r: f32[B, H, T, E];
        temp   ctx: f32[B, H, T, E];
        temp   ctxt: f32[B, T, H, E];
        output y: f32[B, T, D];
        ctx = attention(q, k, v, mask = m) + r;
        ctxt = transpose(ctx, 1, 2);
        y = reshape(ctxt);
    }
}

forge_graph! {
    /// `permute` as an elementwise operand, as a view node copied by a `reshape`, and as a
    /// batched matmul operand.
    graph Permuted {
        dims { A, B, C, D, N, BD = B * D }
        input  x: f32[A, B, C, D];
        input  w: f32[D, N];
        temp   p: f32[A, C, B, D];
        output y: f32[C, A, D, B];
        output flat: f32[A, C, BD];
        output m: f32[A, C, B, N];
        y = permute(x, 2, 0, -1, 1) + 1.0;
        p = permute(x, 0, 2, 1, 3);
        flat = reshape(p);
        m = matmul(permute(x, 0, 2, 1, 3), w);
    }
}

fn permuted_views(ctx: &Context) {
    let (a, b, c, d, n) = (2, 3, 5, 7, 4);
    let x = rand_f32(a * b * c * d, 2.0, 70);
    let w = rand_f32(d * n, 1.0, 71);
    let out = Permuted::new(ctx, PermutedDims { a, b, c, d, n }).unwrap().run(PermutedInputs { x: &x, w: &w }).unwrap();
    let at = |ai: usize, bi: usize, ci: usize, di: usize| x[((ai * b + bi) * c + ci) * d + di];
    let (mut y, mut flat, mut m) = (Vec::new(), Vec::new(), Vec::new());
    for ci in 0..c {
        for ai in 0..a {
            for di in 0..d {
                y.extend((0..b).map(|bi| at(ai, bi, ci, di) + 1.0));
            }
        }
    }
    for ai in 0..a {
        for ci in 0..c {
            for bi in 0..b {
                flat.extend((0..d).map(|di| at(ai, bi, ci, di)));
                m.extend(
                    (0..n).map(|ni| {
                        (0..d).map(|di| at(ai, bi, ci, di) as f64 * w[di * n + ni] as f64).sum::<f64>() as f32
                    }),
                );
            }
        }
    }
    assert_eq!(out.y, y, "elementwise read of permute(x, 2, 0, -1, 1)");
    assert_eq!(out.flat, flat, "reshape of a permuted view");
    assert_close("matmul of a permuted operand", &out.m, &m, 1e-5, 1.0);
}

forge_graph! {
    /// `concat` along the last, a middle and the first axis, of plain, transposed and sliced
    /// operands, and a value computed from a concatenation.
    graph Concats {
        dims { L, R, A, B, AB = A + B, RR = R + R }
        input  x: f32[R, A];
        input  z: f32[R, B];
        input  zt: f32[B, R];
        input  s: f32[L, R, A];
        input  u: u32[R, B];
        input  v: u32[R, A];
        temp   both: f32[R, AB];
        output last: f32[R, AB];
        output mixed: f32[R, AB];
        output rows: f32[RR, A];
        output mid: f32[L, RR, A];
        output ints: u32[R, AB];
        both = concat(x, z);
        last = both * 2.0 + 1.0;
        mixed = concat(s[1], transpose(zt), axis = -1);
        rows = concat(x, s[0], axis = 0);
        mid = concat(s, s, axis = 1);
        ints = concat(v, u);
    }
}

fn concatenations(ctx: &Context) {
    let (l, r, a, b) = (2, 5, 3, 6);
    let x = rand_f32(r * a, 2.0, 80);
    let z = rand_f32(r * b, 2.0, 81);
    let zt: Vec<f32> = (0..b * r).map(|i| z[(i % r) * b + i / r]).collect();
    let s = rand_f32(l * r * a, 2.0, 82);
    let (u, v) = (rand_u32(r * b, 0, 1000, 83), rand_u32(r * a, 0, 1000, 84));
    let inputs = ConcatsInputs { x: &x, z: &z, zt: &zt, s: &s, u: &u, v: &v };
    let mut g = Concats::new(ctx, ConcatsDims { l, r, a, b }).unwrap();
    // A first run on other data: whatever the second fails to write keeps this run's values.
    let (f, w) = (rand_f32(l * r * (a + b) * 2, 3.0, 85), rand_u32(r * (a + b), 1000, 2000, 86));
    g.run(ConcatsInputs {
        x: &f[..r * a],
        z: &f[..r * b],
        zt: &f[..r * b],
        s: &f[..l * r * a],
        u: &w[..r * b],
        v: &w[..r * a],
    })
    .unwrap();
    let out = g.run(inputs).unwrap();
    let row = |first: &[f32], fa: usize, second: &[f32], sb: usize, i: usize| -> Vec<f32> {
        first[i * fa..(i + 1) * fa].iter().chain(&second[i * sb..(i + 1) * sb]).copied().collect()
    };
    let last: Vec<f32> = (0..r).flat_map(|i| row(&x, a, &z, b, i)).map(|q| q * 2.0 + 1.0).collect();
    let mixed: Vec<f32> = (0..r).flat_map(|i| row(&s[r * a..], a, &z, b, i)).collect();
    let rows: Vec<f32> = x.iter().chain(&s[..r * a]).copied().collect();
    let ints: Vec<u32> = (0..r)
        .flat_map(|i| v[i * a..(i + 1) * a].iter().chain(&u[i * b..(i + 1) * b]).copied().collect::<Vec<_>>())
        .collect();
    assert_eq!(out.last, last, "concat(x, z) then a map");
    assert_eq!(out.mixed, mixed, "concat(s[1], transpose(zt), axis = -1)");
    assert_eq!(out.rows, rows, "concat(x, s[0], axis = 0)");
    assert_eq!(out.ints, ints, "concat of u32");
    let mid: Vec<f32> =
        s.chunks(r * a).flat_map(|layer| layer.iter().chain(layer).copied().collect::<Vec<_>>()).collect();
    assert_eq!(out.mid, mid, "concat(s, s, axis = 1)");
}

fn attention_head_merge(ctx: &Context) {
    // The three kernel shapes: lanes sharing a row through workgroup memory (short keys),
    // keys tiled in workgroup memory (MiniLM-like) and rows too wide for a tile.
    for (b, h, t, s, e) in [(2, 3, 5, 7, 8), (2, 4, 33, 33, 32), (1, 2, 3, 9, 300)] {
        let (q, k, v) =
            (rand_f32(b * h * t * e, 1.0, 60), rand_f32(b * h * s * e, 1.0, 61), rand_f32(b * h * s * e, 1.0, 62));
        let r = rand_f32(b * h * t * e, 1.0, 63);
        let mut m = vec![0.0f32; b * s];
        m[s - 1] = f32::NEG_INFINITY;
        let dims = AttnMergeDims { b, h, t, s, e, d: h * e };
        let out =
            AttnMerge::new(ctx, dims).unwrap().run(AttnMergeInputs { q: &q, k: &k, v: &v, m: &m, r: &r }).unwrap();
        let mut want = vec![f32::NAN; b * t * h * e];
        for bi in 0..b {
            for hi in 0..h {
                let (qo, ko) = ((bi * h + hi) * t * e, (bi * h + hi) * s * e);
                let mask = Some(&m[bi * s..(bi + 1) * s]);
                let o = naive_attention(
                    &q[qo..qo + t * e],
                    &k[ko..ko + s * e],
                    &v[ko..ko + s * e],
                    mask,
                    t,
                    s,
                    e,
                    1.0 / (e as f64).sqrt(),
                    false,
                );
                for ti in 0..t {
                    for d in 0..e {
                        want[((bi * t + ti) * h + hi) * e + d] = o[ti * e + d] + r[qo + ti * e + d];
                    }
                }
            }
        }
        assert_close(&format!("{b}x{h}x{t}x{s}x{e} merged"), &out.y, &want, 1e-4, 1.0);
    }
}

forge_graph! {
    /// A decoder's attention written as its statements: `G` query heads a key/value head read
    /// one cache through a broadcast axis, the slots after each query's position masked by a
    /// select. With at most four queries (decoding) over at least 512 keys and `Fusion::attention`
    /// on, CUDA sm_90+ runs it as one attention.
    graph AttnStatements {
        dims { T, S, KV, G, E }
        input   q: f32[KV, G, T, E];
        input   cache: f32[2, KV, 1, S, E];
        uniform pos: u32;
        temp    mask: f32[T, S];
        temp    scores: f32[KV, G, T, S];
        temp    probs: f32[KV, G, T, S];
        output  ctx: f32[KV, G, T, E];
        mask[t, j] = select(j <= pos + t, 0.0, -inf);
        scores = select(mask == 0.0, matmul(q, transpose(cache[0]), precision = tf32x3) * rsqrt(E as f32), -inf);
        probs = softmax(scores);
        ctx = matmul(probs, cache[1]) * 0.5;
    }
}

fn attention_statements_for_decoding(ctx: &Context) {
    // As the device runs them by default (`Fusion::attention`: on wgpu two attentions over
    // chunks of keys that whole chunks of 32 or more divide; CUDA and the CPU keep the three
    // kernels), and with the fold off: one query over 300 slots and over 600 (the live keys end
    // inside a chunk), three over 200 with grouped-query heads of 32, two over 1,100 with heads
    // of 40, four over 520; six queries an entry (over 100) stay apart. Every backend, the same
    // numbers.
    let mut options = ctx.options().clone();
    options.fusion.attention = false;
    let apart = ctx.clone().with_options(options);
    let cases = [
        (1, 300, 3, 3, 64, 170),
        (3, 200, 2, 2, 32, 60),
        (6, 100, 1, 3, 16, 40),
        (1, 600, 3, 3, 64, 530),
        (2, 1100, 2, 2, 40, 900),
        (4, 520, 1, 2, 16, 70),
    ];
    check_statement_attention(&[ctx, &apart], &cases, 64, &|ctx, (t, s, kv, g, e), q, cache, pos| {
        let mut graph = AttnStatements::new(ctx, AttnStatementsDims { t, s, kv, g, e }).unwrap();
        graph.run(AttnStatementsInputs { q, cache, pos }).unwrap().ctx
    });
    // wgpu splits the keys into chunks of 50, 40, 40, 44 and 40 slots: two attentions where the
    // statements were three kernels.
    for &(t, s, kv, g, e, _) in &cases {
        let graph = AttnStatements::new(ctx, AttnStatementsDims { t, s, kv, g, e }).unwrap();
        let kernels = &graph.instance().plan().kernels;
        let attentions =
            kernels.iter().filter(|k| matches!(k.spec.body, forge::seed::ir::KernelBody::Attention(_))).count();
        let folded = ctx.kind() == BackendKind::Wgpu && t <= 4;
        assert_eq!(attentions, if folded { 2 } else { 0 }, "T {t}, S {s}");
    }
}

forge_graph! {
    /// [`AttnStatements`] with both products at `tf32x3`: a prompt's attention, which CUDA
    /// sm_90+ folds into one attention on tensor cores (`Fusion::prompt_attention`).
    graph AttnPromptStatements {
        dims { T, S, KV, G, E }
        input   q: f32[KV, G, T, E];
        input   cache: f32[2, KV, 1, S, E];
        uniform pos: u32;
        temp    mask: f32[T, S];
        temp    scores: f32[KV, G, T, S];
        temp    probs: f32[KV, G, T, S];
        output  ctx: f32[KV, G, T, E];
        mask[t, j] = select(j <= pos + t, 0.0, -inf);
        scores = select(mask == 0.0, matmul(q, transpose(cache[0]), precision = tf32x3) * rsqrt(E as f32), -inf);
        probs = softmax(scores);
        ctx = matmul(probs, cache[1], precision = tf32x3) * 0.5;
    }
}

/// A cache of `2 · kv` heads of `s` slots of `e` whose slots from `live` on hold 1000: a kernel
/// that let a masked key weigh anything would be far off. (Not NaN: the unfused values'
/// product computes 0 · v for a masked key, which a NaN there would turn to NaN.)
fn masked_cache(kv: usize, s: usize, e: usize, live: usize, seed: u64) -> Vec<f32> {
    let mut cache = rand_f32(2 * kv * s * e, 1.0, seed);
    for w in 0..2 {
        for h in 0..kv {
            for j in live..s {
                let at = ((w * kv + h) * s + j) * e;
                cache[at..at + e].fill(1000.0);
            }
        }
    }
    cache
}

/// The statements' output at `0.5 ·`: query `ti` of each head sees slots `0..=pos + ti` of its
/// key/value head.
fn causal_cache_attention(
    q: &[f32],
    cache: &[f32],
    (t, s, kv, g, e): (usize, usize, usize, usize, usize),
    pos: usize,
) -> Vec<f32> {
    let mut want = vec![0.0f32; kv * g * t * e];
    for h in 0..kv {
        let (ko, vo) = (h * s * e, (kv + h) * s * e);
        for gi in 0..g {
            let qo = (h * g + gi) * t * e;
            for ti in 0..t {
                let seen = pos + ti + 1;
                let row = &q[qo + ti * e..qo + (ti + 1) * e];
                let (k, v) = (&cache[ko..ko + seen * e], &cache[vo..vo + seen * e]);
                let o = naive_attention(row, k, v, None, 1, seen, e, 1.0 / (e as f64).sqrt(), false);
                for (d, x) in o.iter().enumerate() {
                    want[qo + ti * e + d] = x * 0.5;
                }
            }
        }
    }
    want
}

/// The statement attention `run` computes (from dims `(T, S, KV, G, E)`, queries, a cache whose
/// slots past the last row's position hold 1000, and the position) for each case `(T, S, KV,
/// G, E, position)` on both contexts (one with a fusion switch flipped), against
/// [`causal_cache_attention`]; inputs drawn from `seed`.
#[allow(clippy::type_complexity)]
fn check_statement_attention(
    contexts: &[&Context],
    cases: &[(usize, usize, usize, usize, usize, usize)],
    seed: u64,
    run: &dyn Fn(&Context, (usize, usize, usize, usize, usize), &[f32], &[f32], u32) -> Vec<f32>,
) {
    for &ctx in contexts {
        let fusion = ctx.options().fusion;
        for &(t, s, kv, g, e, pos) in cases {
            let q = rand_f32(kv * g * t * e, 1.0, seed);
            let cache = masked_cache(kv, s, e, pos + t, seed + 1);
            let got = run(ctx, (t, s, kv, g, e), &q, &cache, pos as u32);
            let want = causal_cache_attention(&q, &cache, (t, s, kv, g, e), pos);
            let what = format!(
                "T {t}, S {s}, {kv}x{g} heads of {e}, attention fold {} / prompt fold {}",
                fusion.attention, fusion.prompt_attention
            );
            assert_close(&what, &got, &want, 1e-4, 1.0);
        }
    }
}

fn attention_statements_for_prompts(ctx: &Context) {
    // As the device runs them by default (CUDA sm_90+: one attention on tensor cores, 64 rows a
    // block, 32 keys a tile), and with `Fusion::prompt_attention` off (three kernels):
    // one row block over three key tiles; a partial row block and a partial key tile with
    // grouped-query heads; heads of 32 and of 40 (fragments of 8 dims); 16 rows (the fewest
    // the fold takes) whose keys end inside the second tile; heads of 20 (not a multiple of 8:
    // the statements stay apart). Slots past the last row's position hold 1000, and the tiles
    // past it are skipped.
    let mut options = ctx.options().clone();
    options.fusion.prompt_attention = false;
    let apart = ctx.clone().with_options(options);
    let cases = [
        (64, 96, 1, 2, 64, 20),
        (100, 300, 3, 3, 64, 150),
        (40, 72, 2, 1, 32, 0),
        (16, 50, 1, 2, 40, 30),
        (24, 64, 1, 1, 20, 8),
    ];
    check_statement_attention(&[ctx, &apart], &cases, 66, &|ctx, (t, s, kv, g, e), q, cache, pos| {
        let mut graph = AttnPromptStatements::new(ctx, AttnPromptStatementsDims { t, s, kv, g, e }).unwrap();
        graph.run(AttnPromptStatementsInputs { q, cache, pos }).unwrap().ctx
    });
}

forge_graph! {
    /// 16-bit products in the layouts the CUDA GEMM kernels take: `x · wᵀ` (batch folded into
    /// the rows), a batched `x · p` (one matrix per batch entry) and `aᵀ · v` (A column-major).
    graph HalfLayouts {
        dims { B, T, D, F }
        input  x: f16[B, T, D];
        weight w: f16[F, D];
        input  p: f16[B, D, F];
        weight bias: f32[F];
        input  at: bf16[D, T];
        input  v: bf16[D, F];
        output y: f32[B, T, F];
        output z: f16[B, T, F];
        output c: f32[T, F];
        y = matmul(x, transpose(w)) + bias;
        z = matmul(x, p) * 0.5;
        c = matmul(transpose(at), v);
    }
}

fn half_matmul_layouts_and_edges(ctx: &Context) {
    // Aligned tiles with ragged edges, a decode-sized one (T = 4), unaligned rows, and a deep
    // K that ends mid-tile over few tiles (on CUDA once more with K split over clusters of 3:
    // shares that end mid-tile).
    for (b, t, d, f) in [(3, 17, 40, 24), (2, 72, 96, 136), (1, 4, 64, 40), (2, 9, 20, 17), (2, 100, 3000, 320)] {
        let h = |n: usize, seed: u64| -> Vec<f16> { rand_f32(n, 1.0, seed).into_iter().map(f16::from_f32).collect() };
        let hb =
            |n: usize, seed: u64| -> Vec<bf16> { rand_f32(n, 1.0, seed).into_iter().map(bf16::from_f32).collect() };
        let (x, w, p, bias) = (h(b * t * d, 80), h(f * d, 81), h(b * d * f, 82), rand_f32(f, 1.0, 83));
        let (at, v) = (hb(d * t, 84), hb(d * f, 85));
        let wide = |s: &[f16]| -> Vec<f32> { s.iter().map(|v| v.to_f32()).collect() };
        let (xf, wf, pf) = (wide(&x), wide(&w), wide(&p));
        let wt: Vec<f32> = (0..d * f).map(|i| wf[(i % f) * d + i / f]).collect();
        let mut want_y = naive_matmul(&xf, &wt, b * t, d, f);
        for (i, y) in want_y.iter_mut().enumerate() {
            *y += bias[i % f];
        }
        let mut want_z = Vec::new();
        for bi in 0..b {
            let zb = naive_matmul(&xf[bi * t * d..(bi + 1) * t * d], &pf[bi * d * f..(bi + 1) * d * f], t, d, f);
            want_z.extend(zb.iter().map(|v| f16::from_f32(v * 0.5).to_f32()));
        }
        let a_rows: Vec<f32> = (0..t * d).map(|i| at[(i % d) * t + i / d].to_f32()).collect();
        let want_c = naive_matmul(&a_rows, &v.iter().map(|x| x.to_f32()).collect::<Vec<_>>(), t, d, f);
        // The harness runs this only where 16-bit graphs build (`common::half_floats`).
        let mut g = HalfLayouts::new(ctx, HalfLayoutsDims { b, t, d, f }).unwrap();
        g.load_weights(HalfLayoutsWeights { w: &w, bias: &bias }).unwrap();
        let out = g.run(HalfLayoutsInputs { x: &x, p: &p, at: &at, v: &v }).unwrap();
        let shape = format!("{b}x{t}x{d}x{f}");
        // Tensor cores add in f32 without IEEE rounding: the error follows the partial sums'
        // size, about sqrt(D)/3 for these inputs (H100 at D = 3000: 1.3e-4 on values near 0.5).
        let sums = ((d as f32).sqrt() / 3.0).max(1.0);
        assert_close(&format!("{shape} y"), &out.y, &want_y, 1e-4, sums);
        let z: Vec<f32> = out.z.iter().map(|v| v.to_f32()).collect();
        assert_close(&format!("{shape} z"), &z, &want_z, 2e-3, 1.0);
        assert_close(&format!("{shape} c"), &out.c, &want_c, 1e-4, sums);
    }
    if ctx.kind() == BackendKind::Cuda && ctx.options().cuda.split_k.is_none() {
        let cuda = forge::CudaOptions { split_k: Some(3), ..Default::default() };
        half_matmul_layouts_and_edges(&ctx.clone().with_options(forge::Options { cuda, ..Default::default() }));
    }
}

forge_graph! {
    /// f32 products of a few hundred rows (MiniLM's shapes and odd ones): on CUDA they run the
    /// SIMT GEMM with K split inside the block; `[N, K]` weights and a transposed A.
    graph SmallProducts {
        dims { M, K, N }
        input  x: f32[M, K];
        weight w: f32[N, K];
        weight bias: f32[N];
        input  at: f32[K, M];
        input  v: f32[K, N];
        output y: f32[M, N];
        output c: f32[M, N];
        y = matmul(x, transpose(w)) + bias;
        c = matmul(transpose(at), v) * 0.5;
    }
}

fn small_f32_products_split_k(ctx: &Context) {
    for (m, k, n) in [(240, 384, 384), (240, 1536, 384), (100, 1000, 200), (33, 129, 70), (17, 1023, 48)] {
        let (x, w, bias) = (rand_f32(m * k, 1.0, 90), rand_f32(n * k, 1.0, 91), rand_f32(n, 1.0, 92));
        let (at, v) = (rand_f32(k * m, 1.0, 93), rand_f32(k * n, 1.0, 94));
        let wt: Vec<f32> = (0..k * n).map(|i| w[(i % n) * k + i / n]).collect();
        let a: Vec<f32> = (0..m * k).map(|i| at[(i % k) * m + i / k]).collect();
        let mut want_y = naive_matmul(&x, &wt, m, k, n);
        for (i, y) in want_y.iter_mut().enumerate() {
            *y += bias[i % n];
        }
        let want_c: Vec<f32> = naive_matmul(&a, &v, m, k, n).iter().map(|c| c * 0.5).collect();
        let mut g = SmallProducts::new(ctx, SmallProductsDims { m, k, n }).unwrap();
        g.load_weights(SmallProductsWeights { w: &w, bias: &bias }).unwrap();
        let out = g.run(SmallProductsInputs { x: &x, at: &at, v: &v }).unwrap();
        let shape = format!("{m}x{k}x{n}");
        assert_close(&format!("{shape} y"), &out.y, &want_y, 1e-4, 1.0);
        assert_close(&format!("{shape} c"), &out.c, &want_c, 1e-4, 1.0);
        if ctx.kind() == BackendKind::Cuda && (m, k, n) == (240, 384, 384) {
            let p = g.last_profile().expect("a profile after a run");
            let variants: Vec<&str> = p.kernels.iter().map(|k| k.variant.as_str()).collect();
            let split = |v: &&str| v.starts_with("gemm simt") && v.contains('k');
            assert!(variants.len() == 2 && variants.iter().all(split), "{variants:?}");
        }
        if (m, k, n) == (240, 1536, 384) {
            assert_wgpu_variants(ctx, g.last_profile(), &["register-blocked 32x32"]);
        }
    }
}

forge_graph! {
    graph Tf32Products {
        dims { M, K, N }
        input  x: f32[M, K];
        weight w: f32[N, K];
        weight p: f32[K, N];
        output y: f32[M, N];
        output z: f32[M, N];
        output t: f32[M, N];
        y = matmul(x, transpose(w), precision = tf32x3);
        z = matmul(x, p, precision = tf32x3) + 1.0;
        t = matmul(x, transpose(w), precision = tf32);
    }
}

/// `precision = tf32x3` stays within f32-level error of an f64 reference (on CUDA the aligned
/// products run on tensor cores, rows of 203 floats on guarded loads or SIMT); `tf32` within
/// TF32's. Elsewhere both are true f32.
fn tf32_precision_options(ctx: &Context) {
    // On CUDA also a long K (2048), where tensor-core accumulation error would show, a
    // short-K product of more 128×64 tiles than an H200 has SMs (two blocks an SM on sm_90),
    // and one of fewer, ragged in M and N, that takes 48-wide tiles there.
    let long: &[(usize, usize, usize)] =
        if ctx.kind() == BackendKind::Cuda { &[(1024, 2048, 1024), (1152, 256, 2304), (1900, 768, 376)] } else { &[] };
    for &(m, k, n) in [(1024, 256, 1024), (700, 203, 520), (9, 40, 24)].iter().chain(long) {
        let (x, w, pk) = (rand_f32(m * k, 1.0, 95), rand_f32(n * k, 1.0, 96), rand_f32(k * n, 1.0, 97));
        let dot = |i: usize, j: usize, b: &dyn Fn(usize, usize) -> f32| -> f32 {
            (0..k).map(|kk| x[i * k + kk] as f64 * b(kk, j) as f64).sum::<f64>() as f32
        };
        let (mut want_y, mut want_z) = (Vec::with_capacity(m * n), Vec::with_capacity(m * n));
        for i in 0..m {
            for j in 0..n {
                want_y.push(dot(i, j, &|kk, j| w[j * k + kk]));
                want_z.push(dot(i, j, &|kk, j| pk[kk * n + j]) + 1.0);
            }
        }
        let mut g = Tf32Products::new(ctx, Tf32ProductsDims { m, k, n }).unwrap();
        g.load_weights(Tf32ProductsWeights { w: &w, p: &pk }).unwrap();
        let out = g.run(Tf32ProductsInputs { x: &x }).unwrap();
        let shape = format!("{m}x{k}x{n}");
        // Errors scale with the terms, not the output: a floor of √K/2 (the output's typical
        // size). f32 and tf32x3 land near 1e-6 of it (H200, K = 4096: SIMT 1.8e-6, TMA tf32x3
        // 5.8e-7); single TF32 near 1e-3, which this bound rejects.
        let floor = (k as f32).sqrt() * 0.5;
        assert_close(&format!("{shape} y (tf32x3)"), &out.y, &want_y, 4e-6, floor);
        assert_close(&format!("{shape} z (tf32x3)"), &out.z, &want_z, 4e-6, floor);
        // TF32 keeps 10 mantissa bits: about 2^-11 per term, summed over K random-signed terms.
        assert_close(&format!("{shape} t (tf32)"), &out.t, &want_y, 2e-3, (k as f32).sqrt() * 0.5);
        if ctx.kind() == BackendKind::Cuda && m >= 1024 {
            // `x · wᵀ` fills the GPU: tensor cores (TMA + wgmma on sm_90, mma.sync on sm_80).
            // `x · p` (B not K-major) takes mma.sync below sm_90 and true f32 on sm_90.
            let p = g.last_profile().expect("a profile after a run");
            let variants: Vec<&str> = p.kernels.iter().map(|k| k.variant.as_str()).collect();
            assert!(variants[0].ends_with("-3xtf32"), "{variants:?}");
            assert!(variants[2].ends_with("-tf32"), "{variants:?}");
            if m == 1152 && variants[0].contains("tma") {
                assert!(variants[0].contains("tma128x64s2"), "{variants:?}");
            }
            if m == 1900 && variants[0].contains("tma") {
                assert!(variants[0].contains("tma128x48s3"), "{variants:?}");
            }
        }
    }
}

/// A NaN input makes its row of a tf32x3 product NaN, also one whose payload lies only in the
/// low 13 bits (read as inf by TF32 tensor cores, so the remainder must carry it), and ±inf rows
/// stay non-finite. 1024×256×1024 runs on the tensor cores on sm_90.
fn tf32x3_keeps_nan_and_inf(ctx: &Context) {
    let (m, k, n) = (1024, 256, 1024);
    let mut x = rand_f32(m * k, 1.0, 98);
    let (w, pk) = (rand_f32(n * k, 1.0, 99), rand_f32(k * n, 1.0, 100));
    let special = [(5, f32::from_bits(0x7f80_0001)), (7, f32::from_bits(0xffc0_0000)), (9, f32::INFINITY)];
    for &(row, v) in &special {
        x[row * k + 3] = v;
    }
    let mut g = Tf32Products::new(ctx, Tf32ProductsDims { m, k, n }).unwrap();
    g.load_weights(Tf32ProductsWeights { w: &w, p: &pk }).unwrap();
    let out = g.run(Tf32ProductsInputs { x: &x }).unwrap();
    for (name, y) in [("y", &out.y), ("z", &out.z)] {
        for i in 0..m {
            let row = &y[i * n..(i + 1) * n];
            match special.iter().find(|s| s.0 == i) {
                Some((_, v)) if v.is_nan() => {
                    assert!(row.iter().all(|e| e.is_nan()), "{name} row {i}: {:?}", &row[..4])
                }
                Some(_) => assert!(row.iter().all(|e| !e.is_finite()), "{name} row {i}: {:?}", &row[..4]),
                None => assert!(row.iter().all(|e| e.is_finite()), "{name} row {i}"),
            }
        }
    }
}

forge_graph! {
    graph Bf16x3Products {
        dims { M, K, N }
        input  x: f32[M, K];
        input  q: f32[K, N];
        weight w: f32[N, K];
        weight p: f32[K, N];
        output y: f32[M, N];
        output z: f32[M, N];
        output s: f32[M, N];
        y = matmul(x, transpose(w), precision = bf16x3);
        z = matmul(x, p, precision = bf16x3) + 1.0;
        s = matmul(x, q, precision = bf16x3);
    }
}

/// `precision = bf16x3` stays within bf16x3's error of an f64 reference: on CUDA products that
/// fill the GPU run as one bf16 GEMM over split operands (a PyTorch-layout weight and a `[K, N]`
/// one both stored split, an input B split each run; at 1920 × 1536 × 384 with K split over
/// clusters of 4 blocks once more, through `CudaOptions::split_k`), others as tf32x3 (K = 203,
/// not a multiple of 8; 9 rows). Elsewhere all are true f32. NaN and ±inf inputs keep their
/// rows non-finite.
fn bf16x3_products(ctx: &Context) {
    let long: &[(usize, usize, usize, Option<usize>)] = if ctx.kind() == BackendKind::Cuda {
        &[(1024, 2048, 1024, None), (1900, 768, 376, None), (1920, 1536, 384, None), (1920, 1536, 384, Some(4))]
    } else {
        &[]
    };
    let short = [(1024, 256, 1024, None), (700, 203, 520, None), (9, 40, 24, None)];
    for &(m, k, n, split_k) in short.iter().chain(long) {
        let cuda = forge::CudaOptions { split_k, ..Default::default() };
        let ctx = &ctx.clone().with_options(forge::Options { cuda, ..Default::default() });
        let (mut x, w) = (rand_f32(m * k, 1.0, 130), rand_f32(n * k, 1.0, 131));
        let (pk, q) = (rand_f32(k * n, 1.0, 132), rand_f32(k * n, 1.0, 133));
        let specials = [(5, f32::from_bits(0x7f80_0001)), (7, f32::from_bits(0xffc0_0000)), (8, f32::INFINITY)];
        let specials = if m > 8 { &specials[..] } else { &[] };
        for &(row, v) in specials {
            x[row * k + 3] = v;
        }
        let dot = |i: usize, j: usize, b: &dyn Fn(usize, usize) -> f32| -> f32 {
            (0..k).map(|kk| x[i * k + kk] as f64 * b(kk, j) as f64).sum::<f64>() as f32
        };
        let (mut want_y, mut want_z, mut want_s) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..m {
            for j in 0..n {
                want_y.push(dot(i, j, &|kk, j| w[j * k + kk]));
                want_z.push(dot(i, j, &|kk, j| pk[kk * n + j]) + 1.0);
                want_s.push(dot(i, j, &|kk, j| q[kk * n + j]));
            }
        }
        let mut g = Bf16x3Products::new(ctx, Bf16x3ProductsDims { m, k, n }).unwrap();
        g.load_weights(Bf16x3ProductsWeights { w: &w, p: &pk }).unwrap();
        let out = g.run(Bf16x3ProductsInputs { x: &x, q: &q }).unwrap();
        // About 2^-16 of each term, summed over K random-signed terms: near 1e-5 of the output's
        // typical size (floor √K/2), where single TF32 is near 1e-3.
        let shape = format!("{m}x{k}x{n}");
        let floor = (k as f32).sqrt() * 0.5;
        for (name, got, want) in [("y", &out.y, &want_y), ("z", &out.z, &want_z), ("s", &out.s, &want_s)] {
            let rows_nonfinite = |i: usize| specials.iter().any(|s| s.0 == i);
            for i in 0..m {
                let (got, want) = (&got[i * n..(i + 1) * n], &want[i * n..(i + 1) * n]);
                if rows_nonfinite(i) {
                    assert!(got.iter().all(|e| !e.is_finite()), "{shape} {name} row {i}: {:?}", &got[..4]);
                } else {
                    assert_close(&format!("{shape} {name} row {i} (bf16x3)"), got, want, 1e-4, floor);
                }
            }
        }
        if ctx.kind() == BackendKind::Cuda && m >= 1024 {
            // The products after the split of their A (and of the input B): bf16 tensor cores.
            let p = g.last_profile().expect("a profile after a run");
            let variants: Vec<&str> = p.kernels.iter().map(|k| k.variant.as_str()).collect();
            let products: Vec<&&str> = variants.iter().filter(|v| v.starts_with("gemm")).collect();
            assert_eq!(products.len(), 3, "{variants:?}");
            assert!(products.iter().all(|v| v.ends_with("-bf16x3")), "{variants:?}");
            if (m, k, n) == (1920, 1536, 384) {
                // MiniLM b64's FFN down projection (30 tiles): K split over clusters where the
                // options ask for it, else whole.
                match split_k {
                    Some(s) => assert!(products.iter().all(|v| v.contains(&format!("-k{s}-"))), "{variants:?}"),
                    None => assert!(products.iter().all(|v| !v.contains("-k")), "{variants:?}"),
                }
            }
            assert_eq!(variants.len(), 5, "one split of A (all three read x), one of B: {variants:?}");
            let split_a = p.kernels.iter().filter(|k| k.node.ends_with("(bf16x3 split of A)")).count();
            assert_eq!(split_a, 1, "the profile names each launched kernel");
            assert!(p.kernels.iter().all(|k| k.time.is_some()), "every launched kernel timed");
        }
    }
}

forge_graph! {
    /// Two products of one input whose first result only the second's epilogue reads: one
    /// paired kernel where the rows are few (a gated MLP's gate and up). `[K, N]` weights take
    /// CUDA's decode kernel, `[N, K]` ones its other layout, and an expression operand (`x *
    /// 0.5`) keeps CUDA on the skinny template.
    graph Paired {
        dims { M, K, N }
        input  x: f32[M, K];
        weight wg: f32[K, N];
        weight wu: f32[K, N];
        weight vg: f32[N, K];
        weight vu: f32[N, K];
        weight bias: f32[N];
        output h: f32[M, N];
        output t: f32[M, N];
        output u: f32[M, N];
        h = silu(matmul(x, wg) + bias) * matmul(x, wu);
        t = matmul(x, transpose(vg)) * matmul(x, transpose(vu));
        u = matmul(x * 0.5, wg) - matmul(x * 0.5, wu);
    }
}

/// `(m, k, n)` of the few-row product tests: decode shapes both ways round, odd and tiny sizes,
/// 8 rows (the skinny kernel's limit) and 9 (past it), widths that are and are not whole
/// 16-byte vectors.
const FEW_ROW_SHAPES: [(usize, usize, usize); 9] = [
    (1, 576, 1536),
    (1, 1, 1),
    (3, 65, 17),
    (8, 300, 97),
    (2, 1023, 40),
    (9, 40, 24),
    (1, 130, 36),
    (2, 64, 40),
    (1, 1536, 576),
];

fn paired_products(ctx: &Context) {
    let silu = |v: f32| v / (1.0 + (-v).exp());
    for (m, k, n) in FEW_ROW_SHAPES {
        let (x, wg, wu) = (rand_f32(m * k, 1.0, 100), rand_f32(k * n, 1.0, 101), rand_f32(k * n, 1.0, 102));
        let (vg, vu, bias) = (rand_f32(n * k, 1.0, 103), rand_f32(n * k, 1.0, 104), rand_f32(n, 1.0, 105));
        let tr = |w: &[f32]| -> Vec<f32> { (0..k * n).map(|i| w[(i % n) * k + i / n]).collect() };
        let (g, up) = (naive_matmul(&x, &wg, m, k, n), naive_matmul(&x, &wu, m, k, n));
        let want_h: Vec<f32> = (0..m * n).map(|i| silu(g[i] + bias[i % n]) * up[i]).collect();
        let (tg, tu) = (naive_matmul(&x, &tr(&vg), m, k, n), naive_matmul(&x, &tr(&vu), m, k, n));
        let want_t: Vec<f32> = tg.iter().zip(&tu).map(|(a, b)| a * b).collect();
        let want_u: Vec<f32> = g.iter().zip(&up).map(|(a, b)| 0.5 * a - 0.5 * b).collect();
        let mut graph = Paired::new(ctx, PairedDims { m, k, n }).unwrap();
        graph.load_weights(PairedWeights { wg: &wg, wu: &wu, vg: &vg, vu: &vu, bias: &bias }).unwrap();
        let out = graph.run(PairedInputs { x: &x }).unwrap();
        let shape = format!("{m}x{k}x{n}");
        // Products of two sums of K terms: their error scales with both magnitudes.
        let scale = (k as f32).sqrt();
        assert_close(&format!("{shape} h"), &out.h, &want_h, 2e-4, scale);
        assert_close(&format!("{shape} t"), &out.t, &want_t, 2e-4, scale);
        assert_close(&format!("{shape} u"), &out.u, &want_u, 1e-4, 1.0);
        let decode = (m <= 8 && k > 1).then_some(2);
        assert_kernels(ctx, graph.last_profile(), &shape, if m <= 8 { 3 } else { 6 }, decode);
    }
}

/// The last run ran `kernels` kernels (where it was profiled), and on CUDA `decode` of them
/// (where given) on the decode GEMM kernel.
fn assert_kernels(ctx: &Context, p: Option<&forge::Profile>, what: &str, kernels: usize, decode: Option<usize>) {
    let Some(p) = p else { return };
    let nodes: Vec<&String> = p.kernels.iter().map(|k| &k.node).collect();
    assert_eq!(p.kernels.len(), kernels, "{what}: {nodes:?}");
    if let (BackendKind::Cuda, Some(want)) = (ctx.kind(), decode) {
        let ran = p.kernels.iter().filter(|k| k.variant.starts_with("gemm decode")).count();
        assert_eq!(ran, want, "{what}: kernels on the decode GEMM");
    }
}

forge_graph! {
    graph PairedHalf {
        dims { M, K, N }
        input  x: f16[M, K];
        weight wg: f16[N, K];
        weight wu: f16[N, K];
        output h: f32[M, N];
        h = silu(matmul(x, transpose(wg))) * matmul(x, transpose(wu));
    }
}

fn paired_half_products(ctx: &Context) {
    let silu = |v: f32| v / (1.0 + (-v).exp());
    for (m, k, n) in [(1, 576, 1536), (4, 72, 40), (2, 33, 17)] {
        let h = |n: usize, seed: u64| -> Vec<f16> { rand_f32(n, 1.0, seed).into_iter().map(f16::from_f32).collect() };
        let (x, wg, wu) = (h(m * k, 106), h(n * k, 107), h(n * k, 108));
        let wide = |s: &[f16]| -> Vec<f32> { s.iter().map(|v| v.to_f32()).collect() };
        let tr = |w: &[f32]| -> Vec<f32> { (0..k * n).map(|i| w[(i % n) * k + i / n]).collect() };
        let xf = wide(&x);
        let g = naive_matmul(&xf, &tr(&wide(&wg)), m, k, n);
        let up = naive_matmul(&xf, &tr(&wide(&wu)), m, k, n);
        let want: Vec<f32> = g.iter().zip(&up).map(|(a, b)| silu(*a) * b).collect();
        let mut graph = PairedHalf::new(ctx, PairedHalfDims { m, k, n }).unwrap();
        graph.load_weights(PairedHalfWeights { wg: &wg, wu: &wu }).unwrap();
        let out = graph.run(PairedHalfInputs { x: &x }).unwrap();
        assert_close(&format!("{m}x{k}x{n} h"), &out.h, &want, 2e-4, (k as f32).sqrt());
    }
}

forge_graph! {
    /// RMS norms read only by a few-row product fold into it (`ir::fuse::norm`): into a paired
    /// `[K, N]` product (CUDA's decode kernel, gain loaded 16 bytes at a time), into an `[N, K]`
    /// one whose gain sits at an odd offset when K is odd (`gs[1]`: scalar gain loads), and
    /// under an expression input (`x * 2.0`: CUDA's skinny template).
    graph Normed {
        dims { M, K, N }
        input  x: f32[M, K];
        weight g: f32[K];
        weight gs: f32[2, K];
        weight wg: f32[K, N];
        weight wu: f32[K, N];
        weight vd: f32[N, K];
        uniform eps: f32 = 1e-5;
        temp n: f32[M, K];
        temp n2: f32[M, K];
        temp n3: f32[M, K];
        output h: f32[M, N];
        output t: f32[M, N];
        output u: f32[M, N];
        n = rms_norm(x, g, eps);
        h = silu(matmul(n, wg)) * matmul(n, wu);
        n2 = rms_norm(x, gs[1], 1e-6);
        t = matmul(n2, transpose(vd)) + 1.0;
        n3 = rms_norm(x * 2.0, g, eps);
        u = matmul(n3, wg);
    }
}

fn folded_norm_products(ctx: &Context) {
    let silu = |v: f32| v / (1.0 + (-v).exp());
    // Rows of `x` normalised as `rms_norm` defines it, in f64.
    let normed = |x: &[f32], g: &[f32], eps: f64, m: usize, k: usize| -> Vec<f32> {
        (0..m)
            .flat_map(|i| {
                let row = &x[i * k..(i + 1) * k];
                let ms = row.iter().map(|&v| v as f64 * v as f64).sum::<f64>() / k as f64;
                let inv = 1.0 / (ms + eps).sqrt();
                row.iter().zip(g).map(move |(&v, &g)| (v as f64 * inv * g as f64) as f32).collect::<Vec<_>>()
            })
            .collect()
    };
    for (m, k, n) in FEW_ROW_SHAPES {
        let (x, g, gs) = (rand_f32(m * k, 1.0, 110), rand_f32(k, 1.0, 111), rand_f32(2 * k, 1.0, 112));
        let (wg, wu, vd) = (rand_f32(k * n, 1.0, 113), rand_f32(k * n, 1.0, 114), rand_f32(n * k, 1.0, 115));
        let tr = |w: &[f32]| -> Vec<f32> { (0..k * n).map(|i| w[(i % n) * k + i / n]).collect() };
        let n1 = normed(&x, &g, 1e-5, m, k);
        let (a, b) = (naive_matmul(&n1, &wg, m, k, n), naive_matmul(&n1, &wu, m, k, n));
        let want_h: Vec<f32> = a.iter().zip(&b).map(|(a, b)| silu(*a) * b).collect();
        let n2 = normed(&x, &gs[k..], 1e-6, m, k);
        let want_t: Vec<f32> = naive_matmul(&n2, &tr(&vd), m, k, n).iter().map(|v| v + 1.0).collect();
        let x2: Vec<f32> = x.iter().map(|v| v * 2.0).collect();
        let want_u = naive_matmul(&normed(&x2, &g, 1e-5, m, k), &wg, m, k, n);
        let mut graph = Normed::new(ctx, NormedDims { m, k, n }).unwrap();
        graph.load_weights(NormedWeights { g: &g, gs: &gs, wg: &wg, wu: &wu, vd: &vd }).unwrap();
        let out = graph.run(NormedInputs { x: &x, eps: 1e-5 }).unwrap();
        let shape = format!("{m}x{k}x{n}");
        let scale = (k as f32).sqrt();
        assert_close(&format!("{shape} h"), &out.h, &want_h, 2e-4, scale);
        assert_close(&format!("{shape} t"), &out.t, &want_t, 1e-4, scale);
        assert_close(&format!("{shape} u"), &out.u, &want_u, 1e-4, scale);
        let decode = (m <= 8 && k > 1).then_some(2);
        assert_kernels(ctx, graph.last_profile(), &shape, if m <= 8 { 3 } else { 7 }, decode);
    }
}

forge_graph! {
    /// A running value started and ended by copies (`r = x; … y = r;`): the copies are elided
    /// (`ir::fuse::copy`), so the first product and update read `x` and the last update writes
    /// `y`. A layer's product, then its update.
    graph Stream {
        dims { B, D, L }
        input  x: f32[B, D];
        weight w: f32[L, D, D];
        temp   r: f32[B, D];
        temp   h: f32[B, D];
        output y: f32[B, D];
        r = x;
        for l in 0..L {
            h = matmul(r, w[l]);
            r = r + tanh(h);
        }
        y = r;
    }
}

fn elided_copies(ctx: &Context) {
    for (b, d, l) in [(1, 576, 3), (3, 40, 2), (2, 17, 1)] {
        let (x, w) = (rand_f32(b * d, 1.0, 120), rand_f32(l * d * d, 0.2, 121));
        let mut want = x.clone();
        for layer in 0..l {
            let h = naive_matmul(&want, &w[layer * d * d..(layer + 1) * d * d], b, d, d);
            want.iter_mut().zip(&h).for_each(|(r, h)| *r += h.tanh());
        }
        let mut graph = Stream::new(ctx, StreamDims { b, d, l }).unwrap();
        graph.load_weights(StreamWeights { w: &w }).unwrap();
        let out = graph.run(StreamInputs { x: &x }).unwrap();
        assert_close(&format!("{b}x{d}, {l} layers"), &out.y, &want, 1e-4, (d as f32).sqrt());
        assert_kernels(ctx, graph.last_profile(), &format!("{b}x{d}, {l} layers: no copies"), 2 * l, None);
    }
}

forge_graph! {
    /// A product under a select that drops it past a causal mask (the decoder's scores): the
    /// other branch is the value there, whatever the product would have been.
    graph MaskedProducts {
        dims { KV, G, T, S, E }
        input  q: f32[KV, G, T, E];
        input  keys: f32[KV, 1, S, E];
        input  other: f32[T, S];
        uniform pos: u32;
        temp   mask: f32[T, S];
        output scores: f32[KV, G, T, S];
        output mirrored: f32[KV, G, T, S];
        mask[t, j] = select(j <= pos + t, 0.0, -inf);
        scores = select(mask == 0.0, matmul(q, transpose(keys)) * 0.125, -inf);
        mirrored = select(mask < 0.0, other, matmul(q, transpose(keys)) + 1.0);
    }
}

/// [`MaskedProducts`] against loops, with NaN keys in the slots no query sees (a product there
/// would be NaN), and with every slot seen.
fn masked_products_against_loops(ctx: &Context) {
    for (kv, g, t, s, e, pos) in [(2, 3, 1, 40, 16, 9), (2, 2, 5, 37, 8, 20), (1, 3, 1, 24, 8, 0), (1, 2, 3, 12, 4, 9)]
    {
        let q = rand_f32(kv * g * t * e, 1.0, 120);
        let mut keys = rand_f32(kv * s * e, 1.0, 121);
        let other = rand_f32(t * s, 1.0, 122);
        let seen = |ti: usize, j: usize| j <= pos + ti;
        for (i, k) in keys.iter_mut().enumerate() {
            if !seen(t - 1, (i / e) % s) {
                *k = f32::NAN;
            }
        }
        let (mut want_s, mut want_m) = (Vec::new(), Vec::new());
        for h in 0..kv {
            for gi in 0..g {
                for ti in 0..t {
                    for j in 0..s {
                        let dot: f32 =
                            (0..e).map(|c| q[((h * g + gi) * t + ti) * e + c] * keys[(h * s + j) * e + c]).sum();
                        want_s.push(if seen(ti, j) { dot * 0.125 } else { f32::NEG_INFINITY });
                        want_m.push(if seen(ti, j) { dot + 1.0 } else { other[ti * s + j] });
                    }
                }
            }
        }
        let mut g_ = MaskedProducts::new(ctx, MaskedProductsDims { kv, g, t, s, e }).unwrap();
        let poison = rand_f32(q.len(), 3.0, 123);
        g_.run(MaskedProductsInputs { q: &poison, keys: &rand_f32(keys.len(), 3.0, 124), other: &other, pos: 0 })
            .unwrap();
        let out = g_.run(MaskedProductsInputs { q: &q, keys: &keys, other: &other, pos: pos as u32 }).unwrap();
        let shape = format!("{kv}x{g}x{t}x{s}x{e} at {pos}");
        for (i, (got, want)) in out.scores.iter().zip(&want_s).enumerate() {
            if want.is_infinite() {
                assert_eq!(*got, *want, "{shape} scores[{i}]");
            }
        }
        let finite = |v: &[f32]| v.iter().map(|x| if x.is_infinite() { 0.0 } else { *x }).collect::<Vec<_>>();
        assert_close(&format!("{shape} scores"), &finite(&out.scores), &finite(&want_s), 1e-4, 1.0);
        assert_close(&format!("{shape} mirrored"), &out.mirrored, &want_m, 1e-4, 1.0);
    }
}

forge_tests!(
    tf32_precision_options,
    tf32x3_keeps_nan_and_inf,
    bf16x3_products,
    matmul_with_bias_and_prologue,
    register_blocked_matmul_schedule,
    register_blocked_operand_forms,
    large_matmuls_choose_register_blocked,
    batched_matmul_with_transposed_weights,
    batch_folds_into_rows_of_a_shared_weight,
    row_ops_against_loops,
    axis_and_whole_reductions_against_loops,
    elementwise_forms_and_broadcasting,
    index_reductions_against_loops,
    vectorised_maps_against_the_reference,
    integer_semantics,
    small_f32_products_split_k,
    attention_against_loops,
    attention_head_merge,
    attention_statements_for_decoding,
    attention_statements_for_prompts,
    attention_at_tf32x3_against_loops,
    permuted_views,
    concatenations,
    paired_products,
    folded_norm_products,
    elided_copies,
    masked_products_against_loops;
    half: half_and_bf16_round_like_the_reference,
    floor_of_half_floats,
    half_matmul_layouts_and_edges,
    paired_half_products,
);
