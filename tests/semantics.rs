//! Forge's one numeric semantics (`docs/semantics.md`) on every backend: special values, literal
//! typing and range, f32 arithmetic (no wider intermediate), division and cast rules, integer
//! wrap, NaN in min/max, reductions' identities, f16/bf16 rounding and the accuracy of the
//! transcendental functions. Each test states the exact answer the document promises.

mod common;

use forge::{Context, Error, GraphInstance, HostSlice};

const NAN: f32 = f32::NAN;
const INF: f32 = f32::INFINITY;

/// Runs a one-input graph from text and returns its single output as `T`.
fn run1<I: forge::Element, T: forge::Element>(ctx: &Context, src: &str, dims: &[usize], x: &[I]) -> Vec<T> {
    let mut g = GraphInstance::from_source(ctx, src, dims).unwrap_or_else(|e| panic!("{src}: {e}"));
    let out = g.run(&[("x", HostSlice::of(x))], &[]).unwrap_or_else(|e| panic!("{src}: {e}"));
    out[0].1.to_vec::<T>(&out[0].0).unwrap()
}

/// Bitwise-equal f32s, except that any NaN matches any NaN and -0 matches +0.
#[track_caller]
fn assert_same(what: &str, got: &[f32], want: &[f32]) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok = (g.is_nan() && w.is_nan()) || g == w;
        assert!(ok, "{what}[{i}]: got {g:e}, want {w:e}");
    }
}

fn max_identity_is_neg_inf_and_nan_propagates(ctx: &Context) {
    let src = "graph M { dims { R, C } input x: f32[R, C]; output y: f32[R]; output z: f32[R]; y = max(x); z[r] = max(c, x[r, c]); }";
    let x = [-INF, -INF, -INF, 1.0, NAN, 2.0, -INF, 5.0, NAN];
    let mut g = GraphInstance::from_source(ctx, src, &[3, 3]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
    for (name, v) in &out {
        assert_same(name, &v.to_vec::<f32>(name).unwrap(), &[-INF, NAN, NAN]);
    }
    let src =
        "graph E { dims { N } input x: f32[N]; output a: f32[N]; output b: f32[N]; a = max(x, 1.0); b = min(1.0, x); }";
    let mut g = GraphInstance::from_source(ctx, src, &[4]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&[NAN, 2.0, -INF, 0.5]))], &[]).unwrap();
    assert_same("max with NaN", &out[0].1.to_vec::<f32>("a").unwrap(), &[NAN, 2.0, 1.0, 1.0]);
    assert_same("min with NaN", &out[1].1.to_vec::<f32>("b").unwrap(), &[NAN, 1.0, -INF, 0.5]);
    // In index notation `max` of two operands is elementwise (only `max(k, …)` reduces); the
    // differential fuzzer found it rejected as a nested reduction.
    let src = "graph I { dims { N } input x: f32[N]; output m: f32[N]; m[i] = max(x[i], 1.0) + min(x[i], 0.0); }";
    let m: Vec<f32> = run1(ctx, src, &[3], &[NAN, 2.0, -3.0]);
    assert_same("index max/min", &m, &[NAN, 2.0, -2.0]);
}

/// `min` and `prod` reductions (rows and index notation) of special values: NaN anywhere makes
/// the result NaN, `+inf` is `min`'s identity, `inf * 0` is NaN; integer products wrap.
fn min_and_prod_reductions_of_special_values(ctx: &Context) {
    let src = "graph M { dims { R, C } input x: f32[R, C]; output a: f32[R]; output b: f32[R]; output c: f32[R]; output d: f32[R];
               a = min(x); b[r] = min(k, x[r, k]); c = prod(x); d[r] = prod(k, x[r, k]); }";
    let x = [INF, INF, INF, 1.0, NAN, -2.0, INF, 0.0, 2.0, -INF, 3.0, 2.0, 0.5, -0.25, 4.0, NAN, NAN, NAN];
    let mut g = GraphInstance::from_source(ctx, src, &[6, 3]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
    let mins = [INF, NAN, 0.0, -INF, -0.25, NAN];
    let prods = [INF, NAN, NAN, -INF, -0.5, NAN];
    for (i, want) in [mins, mins, prods, prods].iter().enumerate() {
        let (name, v) = &out[i];
        assert_same(name, &v.to_vec::<f32>(name).unwrap(), want);
    }
    let src = "graph P { dims { R, C } input x: i32[R, C]; output p: i32[R]; output m: i32[R];
               p[r] = prod(k, x[r, k]); m[r] = min(k, x[r, k]); }";
    let x = [65536, 65536, 3, i32::MIN, -1, 1, i32::MAX, 2, 1];
    let mut g = GraphInstance::from_source(ctx, src, &[3, 3]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
    assert_eq!(out[0].1.to_vec::<i32>("p").unwrap(), vec![0, i32::MIN, -2], "wrapping products");
    assert_eq!(out[1].1.to_vec::<i32>("m").unwrap(), vec![3, i32::MIN, 1], "minima");
}

/// `floor` (docs/semantics.md): toward -inf, the sign of zero kept, NaN and infinities as they
/// are; an integer argument is a compile-time error.
fn floor_of_special_values(ctx: &Context) {
    let x = [-0.5, 0.5, -0.0, -1.0, -1.5, 2.999_999_8, 16_777_215.5, -8_388_609.0, 1e30, NAN, INF, -INF, -1e-45];
    let want: Vec<f32> = x.iter().map(|v: &f32| v.floor()).collect();
    let got: Vec<f32> =
        run1(ctx, "graph F { dims { N } input x: f32[N]; output y: f32[N]; y = floor(x); }", &[x.len()], &x);
    assert_same("floor", &got, &want);
    assert_eq!(&want[..2], &[-1.0, 0.0]);
    assert!(got[2].is_sign_negative(), "floor(-0.0) is -0.0, got {}", got[2]);
    let src = "graph F { dims { N } input x: i32[N]; output y: i32[N]; y = floor(x); }";
    match GraphInstance::from_source(ctx, src, &[2]) {
        Err(e @ Error::InvalidGraph(_)) => assert!(e.to_string().contains("`floor` needs a float argument"), "{e}"),
        other => panic!("floor of an i32: expected InvalidGraph, got {other:?}"),
    }
}

fn integer_literals_are_range_checked(ctx: &Context) {
    for (src, bad) in [
        ("graph L { dims { N } input x: i32[N]; output y: i32[N]; y = x + 2147483648; }", "2147483648"),
        ("graph L { dims { N } input x: u32[N]; output y: u32[N]; y = x + 4294967296; }", "4294967296"),
        ("graph L { dims { N } input x: u32[N]; output y: u32[N]; y = x + -1; }", "-1"),
        ("graph L { dims { N } input x: i32[N]; output y: i32[N]; y = x * 99999999999999999999999; }", "literal"),
        ("graph L { dims { N } input x: f32[N]; output y: f32[N]; y = x * 1e39; }", "1e39"),
        ("graph L { dims { N } input x: f32[N]; output y: f32[N]; y = x * 1e-50 * 1e50; }", "1e-50"),
        ("graph L { dims { N } input x: i32[N]; output y: i32[N]; y = x + 1.5; }", "float literal"),
    ] {
        match GraphInstance::from_source(ctx, src, &[4]) {
            Err(e @ Error::InvalidGraph(_)) => assert!(e.to_string().contains(bad), "{src}: {e}"),
            other => panic!("{src}: expected InvalidGraph, got {other:?}"),
        }
    }
    let y: Vec<i32> = run1(
        ctx,
        "graph L { dims { N } input x: i32[N]; output y: i32[N]; y = x + 2147483647 - -2147483648; }",
        &[3],
        &[0i32, 1, -1],
    );
    assert_eq!(y, vec![-1, 0, -2]);
    let y: Vec<u32> =
        run1(ctx, "graph L { dims { N } input x: u32[N]; output y: u32[N]; y = x + 4294967295; }", &[2], &[0u32, 1]);
    assert_eq!(y, vec![u32::MAX, 0]);
}

fn f32_literals_and_arithmetic_stay_f32(ctx: &Context) {
    // Every intermediate is f32: 1e30 * 1e30 overflows before the division brings it back.
    let src = "graph F { dims { N } input x: f32[N]; output y: f32[N]; y = x * x / x - x; }";
    let x = [1e30f32, 3.0, -2.5e20, 1e15];
    let want: Vec<f32> = x.iter().map(|&v| v * v / v - v).collect();
    assert!(want[0].is_infinite() && want[1].is_finite());
    let mut got = run1(ctx, src, &[4], &x);
    // WGSL lets a driver simplify `x * x / x` to `x` (docs/semantics.md, "What a GPU compiler
    // may still do"); NVIDIA's Vulkan compiler does, making every `x - x` = 0 (the overflow of
    // 1e30 and the rounding residue of 1e15 both vanish). Forge's own
    // backends (CPU, CUDA) keep the f32 overflow.
    if ctx.kind() == forge::BackendKind::Wgpu {
        for (g, w) in got.iter_mut().zip(&want) {
            if *g == 0.0 {
                *g = *w;
            }
        }
    }
    assert_same("x*x/x", &got, &want);
    let big = run1::<f32, f32>(
        ctx,
        "graph F { dims { N } input x: f32[N]; output y: f32[N]; y = x * 3.4028235e38 + 16777217.0; }",
        &[2],
        &[1.0, -1.0],
    );
    assert_same("extreme literals", &big, &[3.4028235e38, -3.4028235e38]);
}

fn literal_division_by_zero(ctx: &Context) {
    let src = "graph D { dims { N } input x: f32[N]; output a: f32[N]; output b: f32[N]; a = x + 1.0 / 0.0; b = x - 0.0 / 0.0; }";
    let mut g = GraphInstance::from_source(ctx, src, &[2]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&[1.0f32, 2.0]))], &[]).unwrap();
    assert_same("1/0", &out[0].1.to_vec::<f32>("a").unwrap(), &[INF, INF]);
    assert_same("0/0", &out[1].1.to_vec::<f32>("b").unwrap(), &[NAN, NAN]);
    let f: Vec<f32> = run1(
        ctx,
        "graph D { dims { N } input x: f32[N]; output y: f32[N]; y = x * 0.0 + -1.0 / 0.0; }",
        &[1],
        &[1.0f32],
    );
    assert_same("-1/0", &f, &[-INF]);
    let i: Vec<i32> = run1(
        ctx,
        "graph D { dims { N } input x: i32[N]; output y: i32[N]; y = x + 7 / 0 + -2147483648 / -1 - x / 0; }",
        &[3],
        &[0i32, 5, -9],
    );
    assert_eq!(i, vec![7i32.wrapping_add(i32::MIN); 3]);
    let u: Vec<u32> =
        run1(ctx, "graph D { dims { N } input x: u32[N]; output y: u32[N]; y = x / 0 + 9 / 0; }", &[2], &[3u32, 0]);
    assert_eq!(u, vec![12, 9]);
}

fn integer_division_and_wrap(ctx: &Context) {
    let x = [i32::MIN, i32::MAX, -7, 7, 0, -1];
    let src =
        "graph I { dims { N } input x: i32[N]; output q: i32[N]; output w: i32[N]; output n: i32[N]; output a: i32[N];
               q = x / (x - x - 1); w = x * 65537 + 2147483647; n = -x; a = abs(x) + x / 2; }";
    let mut g = GraphInstance::from_source(ctx, src, &[x.len()]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
    let get = |i: usize| out[i].1.to_vec::<i32>("").unwrap();
    let div = |a: i32, b: i32| if b == 0 || (a == i32::MIN && b == -1) { a } else { a / b };
    assert_eq!(get(0), x.iter().map(|&v| div(v, -1)).collect::<Vec<_>>(), "x / -1");
    assert_eq!(get(1), x.iter().map(|&v| v.wrapping_mul(65537).wrapping_add(i32::MAX)).collect::<Vec<_>>(), "wrap");
    assert_eq!(get(2), x.iter().map(|&v| v.wrapping_neg()).collect::<Vec<_>>(), "neg");
    assert_eq!(get(3), x.iter().map(|&v| v.wrapping_abs().wrapping_add(v / 2)).collect::<Vec<_>>(), "abs");
    let u = [0u32, 1, u32::MAX, 7];
    let y: Vec<u32> =
        run1(ctx, "graph U { dims { N } input x: u32[N]; output y: u32[N]; y = (x - 1) * 3 / 2; }", &[4], &u);
    assert_eq!(y, u.iter().map(|v| v.wrapping_sub(1).wrapping_mul(3) / 2).collect::<Vec<_>>());
}

/// Runs graph `src` on `ctx` with inputs `x` and `y` and returns every output as `T`.
fn run2<T: forge::Element, E: forge::Element>(
    ctx: &Context,
    src: &str,
    x: &[T],
    y: &[T],
    extra: &[usize],
) -> Vec<Vec<E>> {
    let dims: Vec<usize> = [x.len()].into_iter().chain(extra.iter().copied()).collect();
    let mut g = GraphInstance::from_source(ctx, src, &dims).unwrap_or_else(|e| panic!("{src}: {e}"));
    let out = g.run(&[("x", HostSlice::of(x)), ("y", HostSlice::of(y))], &[]).unwrap_or_else(|e| panic!("{src}: {e}"));
    out.iter().map(|(name, v)| v.to_vec::<E>(name).unwrap()).collect()
}

/// `%` on i32 and u32 (docs/semantics.md, "Integer remainder"): the sign of the dividend,
/// `x % 0 == x`, `i32::MIN % -1 == 0`, `x == (x / y) * y + x % y` for every pair, the same
/// rule for literals folded at compile time and for `%` in a subscript. Every pair of special
/// values, then random operands with many zero and small divisors; each backend against the
/// rule and against the CPU backend.
fn integer_remainder(ctx: &Context) {
    let rem_i = |a: i32, b: i32| if b == 0 { a } else { a.wrapping_rem(b) };
    let rem_u = |a: u32, b: u32| if b == 0 { a } else { a % b };
    let specials = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, i32::MIN, i32::MIN + 1, i32::MAX, i32::MAX - 1];
    let (mut x, mut y) = (Vec::new(), Vec::new());
    for a in specials {
        for b in specials {
            x.push(a);
            y.push(b);
        }
    }
    let mut rng = fastrand::Rng::with_seed(45);
    for _ in 0..1000 {
        x.push(if rng.u8(..8) == 0 { rng.i32(-20..=20) } else { rng.i32(..) });
        y.push(match rng.u8(..4) {
            0 => 0,
            1 => rng.i32(-9..=9),
            _ => rng.i32(..),
        });
    }
    let src_i = "graph R { dims { N, K } input x: i32[N]; input y: i32[N];
               output r: i32[N]; output e: i32[N]; output c: i32[N]; output s: i32[N];
               r = x % y; e = x / y * y + x % y; c = x % 7 + (-7 % 3) * 10 + (7 % 0) * 100 + (-2147483648 % -1) + x % -1 * 3 + (x % 0 - x);
               s[i] = x[(i * 7 + 3) % K]; }";
    let k = 37;
    let got: Vec<Vec<i32>> = run2(ctx, src_i, &x, &y, &[k]);
    let want_r: Vec<i32> = x.iter().zip(&y).map(|(&a, &b)| rem_i(a, b)).collect();
    assert_eq!(got[0], want_r, "x % y");
    assert_eq!(got[1], x, "x / y * y + x % y");
    assert_eq!(got[2], x.iter().map(|&a| a % 7 - 10 + 700).collect::<Vec<_>>(), "literal divisors, folded literals");
    assert_eq!(got[3], (0..x.len()).map(|i| x[(i * 7 + 3) % k]).collect::<Vec<_>>(), "a subscript");
    let (xu, yu): (Vec<u32>, Vec<u32>) = x.iter().zip(&y).map(|(&a, &b)| (a as u32, b as u32)).unzip();
    let src = "graph U { dims { N } input x: u32[N]; input y: u32[N]; output r: u32[N]; output c: u32[N];
               r = x % y; c = x % 10 + 9 % 0 + 4294967295 % 7 + (x % 0 - x); }";
    let got_u: Vec<Vec<u32>> = run2(ctx, src, &xu, &yu, &[]);
    assert_eq!(got_u[0], xu.iter().zip(&yu).map(|(&a, &b)| rem_u(a, b)).collect::<Vec<_>>(), "u32 x % y");
    let wrap = |a: u32| (a % 10).wrapping_add(9).wrapping_add(u32::MAX % 7);
    assert_eq!(got_u[1], xu.iter().map(|&a| wrap(a)).collect::<Vec<_>>(), "u32 literals");
    if ctx.kind() != forge::BackendKind::Cpu {
        let cpu = Context::cpu();
        assert_eq!(got, run2::<i32, i32>(&cpu, src_i, &x, &y, &[k]), "i32 against the CPU backend");
        assert_eq!(got_u, run2::<u32, u32>(&cpu, src, &xu, &yu, &[]), "u32 against the CPU backend");
    }
}

fn float_to_int_casts_saturate(ctx: &Context) {
    let x = [NAN, INF, -INF, 3e9, -3e9, 2.7, -2.7, 4294967296.0, -0.5, -1.0, 2147483520.0, -2147483648.0];
    let src = "graph C { dims { N } input x: f32[N]; output i: i32[N]; output u: u32[N]; output b: f32[N];
               i = x as i32; u = x as u32; b = (x as i32) as f32; }";
    let mut g = GraphInstance::from_source(ctx, src, &[x.len()]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
    assert_eq!(out[0].1.to_vec::<i32>("i").unwrap(), x.iter().map(|&v| v as i32).collect::<Vec<_>>());
    assert_eq!(out[1].1.to_vec::<u32>("u").unwrap(), x.iter().map(|&v| v as u32).collect::<Vec<_>>());
    assert_same(
        "round trip",
        &out[2].1.to_vec::<f32>("b").unwrap(),
        &x.iter().map(|&v| v as i32 as f32).collect::<Vec<_>>(),
    );
    let ints = [i32::MIN, -1, 16777217, i32::MAX];
    let f: Vec<f32> = run1(ctx, "graph C { dims { N } input x: i32[N]; output y: f32[N]; y = x as f32; }", &[4], &ints);
    assert_same("i32 as f32 rounds to nearest even", &f, &ints.iter().map(|&v| v as f32).collect::<Vec<_>>());
    let u: Vec<u32> = run1(ctx, "graph C { dims { N } input x: i32[N]; output y: u32[N]; y = x as u32; }", &[4], &ints);
    assert_eq!(u, ints.iter().map(|&v| v as u32).collect::<Vec<_>>());
}

fn f32_overflow_is_not_hidden(ctx: &Context) {
    let row = [3e38f32; 4];
    let src = "graph O { dims { R, C } input x: f32[R, C]; weight g: f32[C]; output n: f32[R, C]; output m: f32[R]; output s: f32[R];
               n = rms_norm(x, g, 1e-5); m = mean(x); s = sum(x * 1e-37); }";
    let mut g = GraphInstance::from_source(ctx, src, &[1, 4]).unwrap();
    g.load_weights(&[("g", HostSlice::of(&[1.0f32; 4]))]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&row))], &[]).unwrap();
    assert_same("rms_norm of 3e38s (x² overflows f32)", &out[0].1.to_vec::<f32>("n").unwrap(), &[0.0; 4]);
    assert_same("mean of 3e38s (the sum overflows f32)", &out[1].1.to_vec::<f32>("m").unwrap(), &[INF]);
    let s = out[2].1.to_vec::<f32>("s").unwrap()[0];
    assert!((s - 120.0).abs() < 1e-4, "sum of 30s: {s}");
}

fn comparisons_and_selects_with_nan(ctx: &Context) {
    let x = [NAN, 1.0, -0.0, INF];
    let src = "graph S { dims { N } input x: f32[N]; output y: f32[N]; output b: u32[N];
               y = select(x < 1.0 || x != x, x * 2.0, -x);
               b = select(x == 0.0, 1, 0) + select(x >= x, 2, 0) + select(x > -inf, 4, 0); }";
    let mut g = GraphInstance::from_source(ctx, src, &[4]).unwrap();
    let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
    assert_same("select", &out[0].1.to_vec::<f32>("y").unwrap(), &[NAN, -1.0, -0.0, -INF]);
    assert_eq!(out[1].1.to_vec::<u32>("b").unwrap(), vec![0, 6, 7, 6]);
    // NaN != anything (itself included) is true on every backend: the differential fuzzer found
    // wgpu folding `x != x` to false and comparing `x != 2.5` ordered.
    let src = "graph N { dims { N } input x: f32[N]; output c: u32[N];
               c = select(x != x, 1, 0) + select(x != 2.5, 2, 0) + select(x == x, 4, 0) + select(x <= x, 8, 0); }";
    let c: Vec<u32> = run1(ctx, src, &[4], &x);
    assert_eq!(c, vec![3, 14, 14, 14]);
}

fn bf16_rounds_to_nearest_even(ctx: &Context) {
    let ulp8 = 1.0 / 256.0; // half a bf16 ulp at 1.0
    let x = [1.0 + ulp8, 1.0 + 3.0 * ulp8, 1.0 + 1.5 * ulp8, -(1.0 + 3.0 * ulp8), NAN, INF, 3.3961776e38];
    let want: Vec<f32> = x.iter().map(|&v| forge::bf16::from_f32(v).to_f32()).collect();
    let got: Vec<f32> =
        run1(ctx, "graph B { dims { N } input x: f32[N]; output y: f32[N]; y = x as bf16 as f32; }", &[x.len()], &x);
    assert_same("bf16", &got, &want);
}

/// Runs only where 16-bit graphs build (`common::half_floats`).
fn f16_rounds_to_nearest_even(ctx: &Context) {
    let h = [1.0 + 1.0 / 2048.0, 1.0 + 3.0 / 2048.0, 65520.0, 65519.0, 6e-8, NAN];
    let want: Vec<f32> = h.iter().map(|&v| forge::f16::from_f32(v).to_f32()).collect();
    let got: Vec<f32> =
        run1(ctx, "graph H { dims { N } input x: f32[N]; output y: f32[N]; y = x as f16 as f32; }", &[h.len()], &h);
    assert_same("f16", &got, &want);
}

/// Largest distance in f32 ulps between `got` and the f64 reference rounded to f32.
fn max_ulps(got: &[f32], want: &[f64]) -> u32 {
    let key = |v: f32| {
        if v.is_sign_negative() {
            i64::from(i32::MIN) - i64::from(v.to_bits() as i32)
        } else {
            i64::from(v.to_bits() as i32)
        }
    };
    got.iter()
        .zip(want)
        .map(|(&g, &w)| {
            let w = w as f32;
            if (g.is_nan() && w.is_nan()) || g == w {
                0
            } else {
                (key(g) - key(w)).unsigned_abs().min(u32::MAX as u64) as u32
            }
        })
        .max()
        .unwrap_or(0)
}

/// The documented bounds (docs/semantics.md) hold for arguments away from overflow.
fn transcendental_functions_are_within_the_documented_ulps(ctx: &Context) {
    let n = 4096;
    let x: Vec<f32> = (0..n).map(|i| -20.0 + 40.0 * i as f32 / n as f32 + 1e-3).collect();
    let pos: Vec<f32> = (0..n).map(|i| 1e-3 + 1000.0 * (i as f32 / n as f32).powi(3)).collect();
    // (function, inputs, f64 reference, documented ulp bound at |x| <= 20)
    type Case<'a> = (&'a str, &'a [f32], fn(f64) -> f64, u32);
    let cases: [Case; 6] = [
        ("exp", &x, f64::exp, 43),
        ("log", &pos, f64::ln, 3),
        ("sqrt", &pos, f64::sqrt, 3),
        ("tanh", &x, f64::tanh, 43),
        ("sigmoid", &x, |v| 1.0 / (1.0 + (-v).exp()), 43),
        ("rsqrt", &pos, |v| 1.0 / v.sqrt(), 2),
    ];
    for (f, input, reference, bound) in cases {
        let src = format!("graph T {{ dims {{ N }} input x: f32[N]; output y: f32[N]; y = {f}(x); }}");
        let got: Vec<f32> = run1(ctx, &src, &[n], input);
        let want: Vec<f64> = input.iter().map(|&v| reference(v as f64)).collect();
        // log near 1: WGSL bounds the absolute error (2^-21) in [0.5, 2], not the ulps.
        let near_one = |v: f32| f == "log" && (0.5..=2.0).contains(&v);
        for ((&v, &g), &w) in input.iter().zip(&got).zip(&want) {
            if near_one(v) {
                assert!((g as f64 - w).abs() <= 1.0 / (1 << 21) as f64, "log({v}) = {g}, want {w}");
            }
        }
        let keep =
            |xs: &[f32]| input.iter().zip(xs).filter(|(v, _)| !near_one(**v)).map(|(_, g)| *g).collect::<Vec<f32>>();
        let want: Vec<f64> = input.iter().zip(&want).filter(|(v, _)| !near_one(**v)).map(|(_, w)| *w).collect();
        let ulps = max_ulps(&keep(&got), &want);
        eprintln!("{ctx}: {f} within {ulps} ulp");
        assert!(ulps <= bound, "{f}: {ulps} ulp, documented bound {bound}");
    }
    sine_and_cosine_are_within_their_absolute_bound(ctx);
    // erf and gelu: absolute error (their polynomial has 1e-7 absolute accuracy).
    let got: Vec<f32> =
        run1(ctx, "graph T { dims { N } input x: f32[N]; output y: f32[N]; y = erf(x * 0.2); }", &[n], &x);
    for (g, v) in got.iter().zip(&x) {
        let w = libm_erf(*v as f64 * 0.2);
        assert!((*g as f64 - w).abs() <= 4e-7, "erf({}) = {g}, want {w}", v * 0.2);
    }
}

/// sin and cos: within 2e-7 of the exact value (absolute) for |x| < 2^23, arguments as large as
/// RoPE's (positions × frequencies) included; NaN from 2^23 on and for ±inf and NaN; sin keeps
/// a tiny argument and the sign of zero.
fn sine_and_cosine_are_within_their_absolute_bound(ctx: &Context) {
    let n = 8192;
    let mut x: Vec<f32> = (0..n / 2).map(|i| -7.0 + 14.0 * i as f32 / (n / 2) as f32 + 1e-3).collect();
    // Magnitudes up to 8e6 (the bound's edge), both signs, and near multiples of π/2.
    x.extend(
        (0..n / 4).map(|i| {
            (1.0f64.ln() + 15.9 * i as f64 / (n / 4) as f64).exp() as f32 * if i % 2 == 0 { 1.0 } else { -1.0 }
        }),
    );
    x.extend((0..n / 4).map(|i| (i as f64 * 2047.0 * std::f64::consts::FRAC_PI_2) as f32));
    for f in ["sin", "cos"] {
        let src = format!("graph T {{ dims {{ N }} input x: f32[N]; output y: f32[N]; y = {f}(x); }}");
        let got: Vec<f32> = run1(ctx, &src, &[n], &x);
        let mut worst = (0.0f64, 0.0f32);
        for (&v, &g) in x.iter().zip(&got) {
            let w = if f == "sin" { (v as f64).sin() } else { (v as f64).cos() };
            let err = (g as f64 - w).abs();
            if err.is_nan() || err > worst.0 {
                worst = (err, v);
            }
        }
        eprintln!("{ctx}: {f} within {:.3e} absolute (at {})", worst.0, worst.1);
        assert!(worst.0 <= 2e-7, "{f}({}) is {:.3e} off; documented bound 2e-7", worst.1, worst.0);
    }
    let edges = [8_388_608.0f32, -1e30, INF, -INF, NAN, 0.0, -0.0, 1e-30, -3e-5, 8_388_607.0];
    let sin: Vec<f32> =
        run1(ctx, "graph T { dims { N } input x: f32[N]; output y: f32[N]; y = sin(x); }", &[edges.len()], &edges);
    let cos: Vec<f32> =
        run1(ctx, "graph T { dims { N } input x: f32[N]; output y: f32[N]; y = cos(x); }", &[edges.len()], &edges);
    for i in 0..5 {
        assert!(sin[i].is_nan() && cos[i].is_nan(), "sin/cos({}) = {}, {}: NaN expected", edges[i], sin[i], cos[i]);
    }
    for i in 5..9 {
        assert_eq!(sin[i].to_bits(), edges[i].to_bits(), "sin({:e}) keeps its argument", edges[i]);
        assert_eq!(cos[i], 1.0, "cos({:e})", edges[i]);
    }
    let (s, c) = ((8_388_607.0f64).sin(), (8_388_607.0f64).cos());
    assert!((sin[9] as f64 - s).abs() <= 2e-7 && (cos[9] as f64 - c).abs() <= 2e-7, "{} {}", sin[9], cos[9]);
}

/// erf in f64 (Abramowitz–Stegun 7.1.26 is too coarse; this is the series / continued fraction).
fn libm_erf(x: f64) -> f64 {
    if x.abs() < 4.5 {
        let mut sum = x;
        let mut term = x;
        for k in 1..300 {
            term *= -x * x / k as f64;
            sum += term / (2 * k + 1) as f64;
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    } else {
        x.signum()
    }
}

fn softmax_and_norms_of_special_rows(ctx: &Context) {
    let src = "graph S { dims { R, C } input x: f32[R, C]; output s: f32[R, C]; output l: f32[R, C];
               s = softmax(x); l = layer_norm(x, x * 0.0 + 1.0, x * 0.0, 0.0); }";
    let x = [-INF, -INF, 0.0, 0.0, 1.0, INF, 2.0, 2.0, 2.0];
    match GraphInstance::from_source(ctx, src, &[3, 3]) {
        Ok(mut g) => {
            let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
            let s = out[0].1.to_vec::<f32>("s").unwrap();
            assert_same("softmax", &s, &[0.0, 0.0, 1.0, NAN, NAN, NAN, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0]);
            let l = out[1].1.to_vec::<f32>("l").unwrap();
            // 0 / sqrt(0) is NaN where the row's mean is exact. WGSL's division is exact only
            // to 2.5 ulp (docs/semantics.md): on wgpu the mean of [2, 2, 2] may be 2 + 1 ulp,
            // and the row normalises to finite values of at most sqrt(3) in magnitude.
            let finite_on_wgpu =
                ctx.kind() == forge::BackendKind::Wgpu && l[6..].iter().all(|v| v.abs() <= 3f32.sqrt() + 1e-3);
            if !finite_on_wgpu {
                assert_same("layer_norm of a constant row with eps 0", &l[6..], &[NAN, NAN, NAN]);
            }
        }
        Err(e) => panic!("{e}"),
    }
}

/// CUDA's softmax divides a row by its sum through one reciprocal (`forge_div_fast` in the
/// prelude) where the sum and the values are in its range (`forge_divisor::fast`,
/// `forge_div_in_range`); there every quotient must be the IEEE quotient, bit for bit: against
/// `x / d` in the same kernel (`div.rn`) and on the CPU, over softmax-like, arbitrary and
/// hard-divisor pairs and the special values.
#[cfg(feature = "cuda")]
fn cuda_quotients_of_one_divisor_round_as_division(ctx: &Context) {
    use forge::{BindingUsage, CudaPipeline};
    let src = format!(
        "{}\nextern \"C\" __global__ void quotients(const f32* x, const f32* d, f32* q, f32* want, f32* exact) {{\n\
         const u32 i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         const forge_divisor v = forge_divisor_of(d[i]);\n\
         q[i] = forge_div_fast(x[i], v);\n\
         exact[i] = (v.fast & forge_div_in_range(x[i])) ? 1.0f : 0.0f;\n  want[i] = x[i] / d[i];\n}}\n",
        forge::codegen::cuda::prelude()
    );
    let n = 1usize << 20;
    let (mut x, mut d) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let bits = common::rand_u32(4 * n, 0, u32::MAX, 91);
    let float = |b: u32, lo: i32, hi: i32| {
        let e = lo + ((b >> 23) % (hi - lo + 1) as u32) as i32;
        f32::from_bits((((e + 127) as u32) << 23) | (b & 0x007f_ffff) | (bits[(b as usize) % n] & 0x8000_0000))
    };
    let specials = [0.0f32, -0.0, 1e-45, -1e-40, 1e-30, f32::INFINITY, f32::NEG_INFINITY, f32::NAN, f32::MAX, 1.0, 3.0];
    for i in 0..n {
        let (b1, b2) = (bits[2 * i], bits[2 * i + 1]);
        let (xi, di) = match i % 5 {
            0 => (float(b1, -100, 0).abs(), float(b2, 0, 16).abs()),
            1 => (float(b1, -90, 90), float(b2, -45, 45)),
            2 => (float(b1, -80, 80), f32::from_bits(float(b2, -40, 40).to_bits() | 0x007f_ffff)),
            3 => (float(b1, -80, 80), f32::from_bits(float(b2, -40, 40).to_bits() & !0x007f_ffff)),
            _ => (specials[b1 as usize % specials.len()], specials[b2 as usize % specials.len()]),
        };
        x.push(xi);
        d.push(di);
    }
    // The shared context's seed slab is 1 MiB: 32 launches of 32,768 pairs.
    let batch = 1usize << 15;
    let (mut q, mut want, mut exact) = (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
    ctx.with_cuda(|c| -> forge::Result<()> {
        let p = CudaPipeline::compile_cuda_c_source(c, &src, "quotients", &[0, 1, 2, 3, 4])?;
        for at in (0..n).step_by(batch) {
            c.clear_transient_allocations()?;
            let vx = c.allocate_and_write(HostSlice::of(&x[at..at + batch]).bytes(), 0, BindingUsage::StorageRead)?;
            let vd = c.allocate_and_write(HostSlice::of(&d[at..at + batch]).bytes(), 1, BindingUsage::StorageRead)?;
            let out: Vec<_> = (2..5)
                .map(|b| c.allocate_transient(4 * batch as u64, b, BindingUsage::StorageReadWrite))
                .collect::<forge::Result<_>>()?;
            p.dispatch_ptx(&[vx, vd, out[0], out[1], out[2]], ((batch / 256) as u32, 1, 1), (256, 1, 1), 0)?;
            q.extend(c.read_buffer_f32(&out[0])?);
            want.extend(c.read_buffer_f32(&out[1])?);
            exact.extend(c.read_buffer_f32(&out[2])?);
        }
        c.clear_transient_allocations()
    })
    .expect("a CUDA context")
    .unwrap_or_else(|e| panic!("{e}"));
    let same = |a: f32, b: f32| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
    let range = |v: f32, lo: u32, hi: u32| (f32::from_bits(lo)..=f32::from_bits(hi)).contains(&v.abs());
    let mut fast = 0;
    for i in 0..n {
        assert!(same(want[i], x[i] / d[i]), "div.rn {:e} / {:e}: {:e}, CPU {:e}", x[i], d[i], want[i], x[i] / d[i]);
        let expect = range(d[i], 0x2b80_0000, 0x5380_0000) && (range(x[i], 0x1780_0000, 0x6780_0000) || x[i] == 0.0);
        assert_eq!(exact[i] == 1.0, expect, "the fast range at {:e} / {:e}", x[i], d[i]);
        if expect {
            assert!(same(q[i], want[i]), "forge_div_fast({:e}, {:e}) = {:e}, x / d = {:e}", x[i], d[i], q[i], want[i]);
            fast += 1;
        }
    }
    assert!(fast > n / 2, "only {fast} of {n} pairs took the fast path");
}

/// `forge_divisor_of` takes the reciprocal as `rcp.approx` and one Newton step (rcp.rn's own
/// normal-range path, without its range test); it must equal `rcp.rn` for every divisor of the
/// fast range. The approximation depends only on the significand there, so all 2^23 of them are
/// checked in the binades at both ends of the range and at 1, each with both signs.
#[cfg(feature = "cuda")]
fn cuda_reciprocals_round_as_rcp_rn(ctx: &Context) {
    use forge::{BindingUsage, CudaPipeline};
    let src = format!(
        "{}\nextern \"C\" __global__ void reciprocals(const u32* exponents, u32* wrong) {{\n\
         const u32 m = blockIdx.x * blockDim.x + threadIdx.x;\n\
         for (u32 k = 0; k < 6u; k++) {{\n\
           const f32 d = __uint_as_float((k & 1u) << 31 | exponents[k >> 1] << 23 | m);\n\
           const forge_divisor v = forge_divisor_of(d);\n\
           if (!v.fast || __float_as_uint(v.y) != __float_as_uint(__frcp_rn(d))) {{\n\
             atomicAdd(&wrong[0], 1u); atomicExch(&wrong[1], __float_as_uint(d));\n\
           }}\n\
         }}\n}}\n",
        forge::codegen::cuda::prelude()
    );
    // Biased exponents of 2^-40, 1 and 2^39 (the last binade below 2^40, whose only member in
    // the range, 2^40 itself, has the significand of 1).
    let exponents: [u32; 3] = [127 - 40, 127, 127 + 39];
    let wrong = ctx
        .with_cuda(|c| -> forge::Result<Vec<f32>> {
            c.clear_transient_allocations()?;
            let p = CudaPipeline::compile_cuda_c_source(c, &src, "reciprocals", &[0, 1])?;
            let e = c.allocate_and_write(HostSlice::of(&exponents).bytes(), 0, BindingUsage::StorageRead)?;
            let out = c.allocate_and_write(HostSlice::of(&[0u32, 0]).bytes(), 1, BindingUsage::StorageReadWrite)?;
            p.dispatch_ptx(&[e, out], (1 << 15, 1, 1), (256, 1, 1), 0)?;
            // Read as floats, whose bits are the words.
            let words = c.read_buffer_f32(&out)?;
            c.clear_transient_allocations()?;
            Ok(words)
        })
        .expect("a CUDA context")
        .unwrap_or_else(|e| panic!("{e}"));
    let word = |k: usize| wrong[k].to_bits();
    assert_eq!(
        word(0),
        0,
        "{} of 6 x 2^23 reciprocals differ from rcp.rn, e.g. 1 / {:e}",
        word(0),
        f32::from_bits(word(1))
    );
}

#[cfg(not(feature = "cuda"))]
fn cuda_quotients_of_one_divisor_round_as_division(_: &Context) {
    unreachable!("the cuda group runs only on a CUDA context, which needs the `cuda` feature")
}

#[cfg(not(feature = "cuda"))]
fn cuda_reciprocals_round_as_rcp_rn(_: &Context) {
    unreachable!("the cuda group runs only on a CUDA context, which needs the `cuda` feature")
}

forge_tests!(
    max_identity_is_neg_inf_and_nan_propagates,
    min_and_prod_reductions_of_special_values,
    floor_of_special_values,
    integer_literals_are_range_checked,
    f32_literals_and_arithmetic_stay_f32,
    literal_division_by_zero,
    integer_division_and_wrap,
    integer_remainder,
    float_to_int_casts_saturate,
    f32_overflow_is_not_hidden,
    comparisons_and_selects_with_nan,
    bf16_rounds_to_nearest_even,
    transcendental_functions_are_within_the_documented_ulps,
    softmax_and_norms_of_special_rows;
    half: f16_rounds_to_nearest_even;
    cuda: cuda_quotients_of_one_divisor_round_as_division, cuda_reciprocals_round_as_rcp_rn,
);
