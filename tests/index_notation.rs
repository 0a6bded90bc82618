//! Index notation (DESIGN form 3) against naive Rust loops on random non-zero inputs, on every
//! backend: contractions that are matrix products, stencils with clamped shifts, reductions
//! (serial and one workgroup per output; over several indices; inside larger expressions: a
//! convolution with bias and ReLU in one statement), gathers, indices as values, affine
//! subscripts.

mod common;

use common::*;
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
    /// 3x3 box blur; reads past the image take the nearest edge pixel.
    pub graph Blur {
        dims { H, W }
        input img: f32[H, W];
        uniform scale: f32 = 1.0;
        output out: f32[H, W];
        out[i, j] = (edge(img[i - 1, j - 1]) + edge(img[i - 1, j]) + edge(img[i - 1, j + 1])
                   + edge(img[i, j - 1])     + img[i, j]           + edge(img[i, j + 1])
                   + edge(img[i + 1, j - 1]) + edge(img[i + 1, j]) + edge(img[i + 1, j + 1])) * scale / 9.0;
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

forge_graph! {
    /// Token plus position embeddings (gather through integer ids, a prefix of the position
    /// table), a causal mask from index values, heads split with an affine subscript, and a
    /// long reduction (one workgroup per output).
    pub graph Gathers {
        dims { N, T, V, P, D, H, E, K }
        input ids: u32[N, T];
        weight wte: f32[V, D];
        weight wpe: f32[P, D];
        input x: f32[T, D];
        input long: f32[N, K];
        output emb: f32[N, T, D];
        output mask: f32[T, T];
        output heads: f32[H, T, E];
        output tot: f32[N];
        output g: f32[N, T, D];
        emb[n, t, d] = wte[ids[n, t], d] + wpe[t, d];
        mask[i, j] = select(j <= i, (i - j) as f32, -inf);
        heads[h, t, e] = x[t, h * E + e];
        tot[n] = sum(k, long[n, k] * 2.0);
        g = gather(wte, ids);
    }
}

fn gathers_index_values_and_affine_subscripts(ctx: &Context) {
    let (n, t, v, p, d, h, e, k) = (2, 5, 9, 7, 6, 2, 3, 1000);
    let mut ids = rand_u32(n * t, 0, v as u32 - 1, 80);
    ids[3] = 1_000_000; // out of range: clamps to the last row on every backend
    let (wte, wpe, x, long) =
        (rand_f32(v * d, 1.0, 81), rand_f32(p * d, 1.0, 82), rand_f32(t * d, 1.0, 83), rand_f32(n * k, 1.0, 84));
    let mut gr = Gathers::new(ctx, GathersDims { n, t, v, p, d, h, e, k }).unwrap();
    gr.load_weights(GathersWeights { wte: &wte, wpe: &wpe }).unwrap();
    let out = gr.run(GathersInputs { ids: &ids, x: &x, long: &long }).unwrap();
    for i in 0..n * t {
        let row = (ids[i] as usize).min(v - 1);
        for c in 0..d {
            assert_eq!(out.emb[i * d + c], wte[row * d + c] + wpe[(i % t) * d + c], "emb[{i}, {c}]");
            assert_eq!(out.g[i * d + c], wte[row * d + c], "g[{i}, {c}]");
        }
    }
    for i in 0..t {
        for j in 0..t {
            let want = if j <= i { (i - j) as f32 } else { f32::NEG_INFINITY };
            assert_eq!(out.mask[i * t + j], want, "mask[{i}, {j}]");
        }
    }
    for hh in 0..h {
        for tt in 0..t {
            for ee in 0..e {
                assert_eq!(out.heads[(hh * t + tt) * e + ee], x[tt * d + hh * e + ee]);
            }
        }
    }
    let tot: Vec<f32> =
        (0..n).map(|r| long[r * k..(r + 1) * k].iter().map(|v| *v as f64 * 2.0).sum::<f64>() as f32).collect();
    assert_close("tot", &out.tot, &tot, 1e-4, k as f32);
    match Gathers::new(ctx, GathersDims { n, t, v, p, d: 5, h, e, k }) {
        Err(e @ Error::ShapeCheck { .. }) => assert!(e.to_string().contains("of `x`"), "{e}"),
        other => panic!("h * E + e past D must be refused at new: {other:?}"),
    }
}

forge_graph! {
    /// RoPE's half rotation written the obvious way: each branch of the `select` reads inside
    /// `q` where its condition holds (`e + H` only where `e < H`, `e - H` only where not), so the
    /// range check at `new` accepts it; the read a branch does not choose is clamped.
    pub graph Rotate {
        dims { T, E, H }
        input q: f32[T, E];
        input c: f32[T, E];
        input s: f32[T, E];
        output y: f32[T, E];
        y[t, e] = select(e < H, q[t, e] * c[t, e] - q[t, e + H] * s[t, e],
                                q[t, e] * c[t, e] + q[t, e - H] * s[t, e]);
    }
}

/// Guarded subscripts: accepted where the guard proves them in range, refused where it does not.
fn guarded_subscripts_are_checked_where_the_guard_holds(ctx: &Context) {
    let (t, h) = (5, 8);
    let e = 2 * h;
    let (q, c, s) = (rand_f32(t * e, 1.0, 70), rand_f32(t * e, 1.0, 71), rand_f32(t * e, 1.0, 72));
    let mut g = Rotate::new(ctx, RotateDims { t, e, h }).unwrap();
    let out = g.run(RotateInputs { q: &q, c: &c, s: &s }).unwrap();
    let mut want = Vec::with_capacity(t * e);
    for tt in 0..t {
        for ee in 0..e {
            let (qe, ce, se) = (q[tt * e + ee], c[tt * e + ee], s[tt * e + ee]);
            want.push(if ee < h { qe * ce - q[tt * e + ee + h] * se } else { qe * ce + q[tt * e + ee - h] * se });
        }
    }
    assert_close("rotate", &out.y, &want, 1e-6, 1.0);
    // With E < 2H the first branch's `e + H` passes E for some `e < H`, and `new` says so.
    match Rotate::new(ctx, RotateDims { t, e: h + 3, h }) {
        Err(err @ Error::ShapeCheck { .. }) => assert!(err.to_string().contains("of `q`"), "{err}"),
        other => panic!("e + H past E must be refused at new: {other:?}"),
    }
    // Unguarded, the same subscript is refused.
    let bare = "graph B { dims { T, E, H } input q: f32[T, E]; output y: f32[T, E]; y[t, e] = q[t, e + H]; }";
    match forge::GraphInstance::from_source(ctx, bare, &[t, e, h]) {
        Err(err @ Error::ShapeCheck { .. }) => assert!(err.to_string().contains("of `q`"), "{err}"),
        other => panic!("an unguarded e + H must be refused at new: {other:?}"),
    }
}

fn index_notation_against_loops(ctx: &Context) {
    let got = run_all(ctx).expect("run");
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

forge_graph! {
    /// A direct 3x3 convolution, its bias and a ReLU in one statement: a reduction over three
    /// indices inside an elementwise expression.
    pub graph ConvRelu {
        dims { B, C, O, H, W, HI, WI }
        input x: f32[B, C, HI, WI];
        weight w: f32[O, C, 3, 3];
        weight bias: f32[O];
        output y: f32[B, O, H, W];
        y[b, o, i, j] = max(sum((c, u, v), w[o, c, u, v] * x[b, c, i + u, j + v]) + bias[o], 0.0);
    }
}

forge_graph! {
    /// Reductions inside expressions: two in one value (reusing the index name), one over a
    /// part of the target's indices (broadcast along the rest), one over none of them (a
    /// scalar), a matrix product plus a term, an integer sum over two indices.
    pub graph MixedReductions {
        dims { M, K, N }
        input a: f32[M, K];
        input b: f32[K, N];
        input ids: i32[M, K];
        output z: f32[M];
        output centred: f32[M, K];
        output affine: f32[M, N];
        output scaled: f32[M];
        output isum: i32[M];
        z[i] = sum(k, a[i, k]) * 2.0 - max(k, a[i, k]);
        centred[i, j] = a[i, j] - mean(r, a[r, j]);
        affine[i, j] = sum(k, a[i, k] * b[k, j]) + 0.5 * a[i, 0];
        scaled[i] = a[i, 0] / sum((p, q), a[p, q] * a[p, q]);
        isum[i] = 2 * sum((k, l), ids[i, k] - ids[l, k]) + 1;
    }
}

forge_graph! {
    /// Tuple reductions over two indices, short (a loop per output) and long (a workgroup per
    /// output), as a whole value and inside one.
    pub graph TupleReductions {
        dims { N, P, Q }
        input t: f32[N, P, Q];
        input s: f32[N, 3, 2];
        output avg: f32[N];
        output big: f32[N];
        output small: f32[N];
        output tot: f32[N];
        output prd: f32[N];
        avg[n] = mean((p, q), t[n, p, q]);
        big[n] = max((p, q), t[n, p, q] * 2.0) + 1.0;
        small[n] = 3.0 * min((q, p), t[n, p, q]);
        tot[n] = sum((p, q), t[n, p, q] * s[n, p % 3, q % 2]);
        prd[n] = prod((u, v), 1.0 + s[n, u, v] * 0.1);
    }
}

/// Plain loops: `y[b, o, i, j] = relu(Σ_{c, u, v} w[o, c, u, v] · x[b, c, i + u, j + v] + bias[o])`.
fn naive_conv(x: &[f32], w: &[f32], bias: &[f32], dims: [usize; 5]) -> Vec<f32> {
    let [b, c, o, h, wd] = dims;
    let (hi, wi) = (h + 2, wd + 2);
    let mut out = Vec::with_capacity(b * o * h * wd);
    for bb in 0..b {
        for oo in 0..o {
            for i in 0..h {
                for j in 0..wd {
                    let mut acc = 0.0f64;
                    for cc in 0..c {
                        for u in 0..3 {
                            for v in 0..3 {
                                let xv = x[((bb * c + cc) * hi + i + u) * wi + j + v] as f64;
                                acc += w[((oo * c + cc) * 3 + u) * 3 + v] as f64 * xv;
                            }
                        }
                    }
                    out.push((acc + bias[oo] as f64).max(0.0) as f32);
                }
            }
        }
    }
    out
}

fn reductions_inside_expressions(ctx: &Context) {
    let (b, c, o, h, wd) = (2, 3, 4, 8, 8);
    let (hi, wi) = (h + 2, wd + 2);
    let (x, w, bias) = (rand_f32(b * c * hi * wi, 1.0, 90), rand_f32(o * c * 9, 1.0, 91), rand_f32(o, 0.5, 92));
    let mut g = ConvRelu::new(ctx, ConvReluDims { b, c, o, h, w: wd, hi, wi }).unwrap();
    g.load_weights(ConvReluWeights { w: &w, bias: &bias }).unwrap();
    // A first run with other inputs leaves wrong values behind (a poison for skipped points).
    g.run(ConvReluInputs { x: &rand_f32(x.len(), 3.0, 93) }).unwrap();
    let y = g.run(ConvReluInputs { x: &x }).unwrap().y;
    let want = naive_conv(&x, &w, &bias, [b, c, o, h, wd]);
    assert!(want.contains(&0.0) && want.iter().any(|v| *v > 0.0), "the ReLU clips some outputs");
    assert_close("conv relu", &y, &want, 1e-5, 1.0);
    // The input must be large enough for every `i + u`: refused at `new` otherwise.
    match ConvRelu::new(ctx, ConvReluDims { b, c, o, h, w: wd, hi: h + 1, wi }) {
        Err(e @ Error::ShapeCheck { .. }) => assert!(e.to_string().contains("of `x`"), "{e}"),
        other => panic!("i + u past HI must be refused at new: {other:?}"),
    }

    let (m, k, n) = (6, 9, 5);
    let (a, bm, ids) = (rand_f32(m * k, 2.0, 94), rand_f32(k * n, 1.0, 95), rand_i32(m * k, -50, 50, 102));
    let mut g = MixedReductions::new(ctx, MixedReductionsDims { m, k, n }).unwrap();
    let other = (rand_f32(m * k, 3.0, 96), rand_f32(k * n, 3.0, 97), rand_i32(m * k, -9, 9, 103));
    g.run(MixedReductionsInputs { a: &other.0, b: &other.1, ids: &other.2 }).unwrap();
    let out = g.run(MixedReductionsInputs { a: &a, b: &bm, ids: &ids }).unwrap();
    let row = |i: usize| &a[i * k..(i + 1) * k];
    let z: Vec<f32> = (0..m)
        .map(|i| {
            let s: f64 = row(i).iter().map(|v| *v as f64).sum();
            (s * 2.0 - row(i).iter().cloned().fold(f32::MIN, f32::max) as f64) as f32
        })
        .collect();
    assert_close("z", &out.z, &z, 1e-5, 1.0);
    let col_mean: Vec<f64> = (0..k).map(|j| (0..m).map(|i| a[i * k + j] as f64).sum::<f64>() / m as f64).collect();
    let centred: Vec<f32> = (0..m * k).map(|f| (a[f] as f64 - col_mean[f % k]) as f32).collect();
    assert_close("centred", &out.centred, &centred, 1e-5, 1.0);
    let product = naive_matmul(&a, &bm, m, k, n);
    let affine: Vec<f32> = (0..m * n).map(|f| product[f] + 0.5 * a[(f / n) * k]).collect();
    assert_close("affine", &out.affine, &affine, 1e-5, 1.0);
    let squares: f64 = a.iter().map(|v| *v as f64 * *v as f64).sum();
    let scaled: Vec<f32> = (0..m).map(|i| (a[i * k] as f64 / squares) as f32).collect();
    assert_close("scaled", &out.scaled, &scaled, 1e-5, 0.0);
    let column = |c: usize| (0..m).map(|r| ids[r * k + c]).sum::<i32>();
    let isum: Vec<i32> =
        (0..m).map(|i| 2 * (0..k).map(|c| m as i32 * ids[i * k + c] - column(c)).sum::<i32>() + 1).collect();
    assert_eq!(out.isum, isum, "isum");

    for (n, p, q) in [(3, 4, 5), (2, 12, 13)] {
        let (t, s) = (rand_f32(n * p * q, 2.0, 98), rand_f32(n * 6, 1.0, 99));
        let mut g = TupleReductions::new(ctx, TupleReductionsDims { n, p, q }).unwrap();
        g.run(TupleReductionsInputs { t: &rand_f32(t.len(), 3.0, 100), s: &rand_f32(s.len(), 3.0, 101) }).unwrap();
        let out = g.run(TupleReductionsInputs { t: &t, s: &s }).unwrap();
        let block = |r: usize| &t[r * p * q..(r + 1) * p * q];
        let avg: Vec<f32> =
            (0..n).map(|r| (block(r).iter().map(|v| *v as f64).sum::<f64>() / (p * q) as f64) as f32).collect();
        let big: Vec<f32> = (0..n).map(|r| block(r).iter().map(|v| v * 2.0).fold(f32::MIN, f32::max) + 1.0).collect();
        let small: Vec<f32> = (0..n).map(|r| 3.0 * block(r).iter().cloned().fold(f32::MAX, f32::min)).collect();
        let tot: Vec<f32> = (0..n)
            .map(|r| {
                let at = |f: usize| s[r * 6 + ((f / q) % 3) * 2 + (f % q) % 2] as f64;
                block(r).iter().enumerate().map(|(f, v)| *v as f64 * at(f)).sum::<f64>() as f32
            })
            .collect();
        let prd: Vec<f32> = (0..n)
            .map(|r| s[r * 6..(r + 1) * 6].iter().map(|v| 1.0 + *v as f64 * 0.1).product::<f64>() as f32)
            .collect();
        let shape = format!("{n}x{p}x{q}");
        assert_close(&format!("{shape} avg"), &out.avg, &avg, 1e-5, 1.0);
        assert_close(&format!("{shape} big"), &out.big, &big, 0.0, 1.0);
        assert_close(&format!("{shape} small"), &out.small, &small, 0.0, 1.0);
        assert_close(&format!("{shape} tot"), &out.tot, &tot, 1e-5, (p * q) as f32);
        assert_close(&format!("{shape} prd"), &out.prd, &prd, 1e-5, 1.0);
    }
}

forge_graph! {
    /// A window of a state written with reductions inside its value.
    pub graph WindowReductions {
        dims { S, T, K }
        input a: f32[T, K];
        uniform pos: u32;
        state acc: f32[S];
        output seen: f32[S];
        acc[pos + t] = 0.5 * max(k, a[t, k]) + sum(k, a[t, k]);
        seen = acc + 0.0;
    }
}

fn reductions_inside_a_state_window(ctx: &Context) {
    let (s, t, k) = (9, 3, 5);
    let mut g = WindowReductions::new(ctx, WindowReductionsDims { s, t, k }).unwrap();
    let before = rand_f32(s, 1.0, 104);
    g.write_state(&WindowReductionsState { acc: before.clone() }).unwrap();
    let a = rand_f32(t * k, 1.0, 105);
    let seen = g.run(WindowReductionsInputs { a: &a, pos: 4 }).unwrap().seen;
    let mut want = before;
    for r in 0..t {
        let row = &a[r * k..(r + 1) * k];
        let total: f64 = row.iter().map(|v| *v as f64).sum();
        want[4 + r] = (0.5 * row.iter().cloned().fold(f32::MIN, f32::max) as f64 + total) as f32;
    }
    assert_close("window", &seen, &want, 1e-6, 1.0);
}

fn index_kernels_lower_as_expected() {
    let ctx = Context::cpu();
    let g = Blur::new(&ctx, BlurDims { h: 3, w: 5 }).expect("blur");
    let src = g.source(Target::Wgsl).expect("wgsl").to_string();
    assert!(src.contains("clamp("), "shifted reads clamp to the edge: {src}");
    let g = SumMatmul::new(&ctx, SumMatmulDims { m: 3, k: 4, n: 5 }).expect("matmul");
    let p = g.last_profile();
    assert!(p.is_none());
    let src = g.source(Target::Wgsl).expect("wgsl").to_string();
    assert!(src.contains("kernel matmul"), "a sum of products over k lowers to the matmul kernel: {src}");
    // A reduction inside a larger value is its own kernel into a temp; a product stays a matmul.
    let g = MixedReductions::new(&ctx, MixedReductionsDims { m: 3, k: 4, n: 5 }).expect("mixed");
    let src = g.source(Target::Wgsl).expect("wgsl").to_string();
    assert!(src.contains("kernel matmul"), "a product plus a term still multiplies as a matmul: {src}");
}

forge_tests!(index_notation_against_loops, gathers_index_values_and_affine_subscripts, guarded_subscripts_are_checked_where_the_guard_holds, reductions_inside_expressions, reductions_inside_a_state_window; plain: index_kernels_lower_as_expected);
