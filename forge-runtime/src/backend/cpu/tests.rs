//! The CPU backend on whole graphs against plain loops.

use crate::backend::Context;
use crate::host::HostSlice;
use crate::instance::GraphInstance;

/// `n` values in [-1, 1) from a xorshift stream (the same for a seed).
pub(crate) fn rand(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

#[test]
fn mlp_block_matches_plain_loops() {
    let (b, d, f) = (3usize, 40usize, 24usize);
    let ctx = Context::cpu();
    let mut g = GraphInstance::from_source(&ctx, crate::plan::tests::MLP, &[b, d, f]).unwrap();
    let (x, gn, wg, wu, wd) = (rand(b * d, 1), rand(d, 2), rand(d * f, 3), rand(d * f, 4), rand(f * d, 5));
    g.load_weights(&[
        ("g", HostSlice::of(&gn)),
        ("w_gate", HostSlice::of(&wg)),
        ("w_up", HostSlice::of(&wu)),
        ("w_down", HostSlice::of(&wd)),
    ])
    .unwrap();
    let out = g.run(&[("x", HostSlice::of(&x))], &[]).unwrap();
    let y: Vec<f32> = out[0].1.to_vec("y").unwrap();
    for r in 0..b {
        let row = &x[r * d..(r + 1) * d];
        let ms: f64 = row.iter().map(|v| (*v as f64).powi(2)).sum::<f64>() / d as f64;
        let n: Vec<f64> = (0..d).map(|c| row[c] as f64 / (ms + 1e-5).sqrt() * gn[c] as f64).collect();
        let h: Vec<f64> = (0..f)
            .map(|j| {
                let a: f64 = (0..d).map(|c| n[c] * wg[c * f + j] as f64).sum();
                let u: f64 = (0..d).map(|c| n[c] * wu[c * f + j] as f64).sum();
                a / (1.0 + (-a).exp()) * u
            })
            .collect();
        for c in 0..d {
            let want = row[c] as f64 + (0..f).map(|j| h[j] * wd[j * d + c] as f64).sum::<f64>();
            let got = y[r * d + c] as f64;
            assert!((got - want).abs() < 1e-4 * want.abs().max(1.0), "y[{r},{c}] = {got}, want {want}");
        }
    }
}

#[test]
fn a_bert_encoder_runs_on_the_cpu() {
    // B, T, D, H, E, F, L, V, P
    let dims = [2usize, 5, 8, 2, 4, 16, 3, 11, 7];
    let ctx = Context::cpu();
    let mut g = GraphInstance::from_source(&ctx, crate::plan::tests::BERT, &dims).unwrap();
    let (d, f, l, v, p) = (8, 16, 3, 11, 7);
    let w = |n: usize, s: u64| rand(n, s);
    let ws = [
        ("wte", w(v * d, 1)),
        ("wpe", w(p * d, 2)),
        ("wq", w(l * d * d, 3)),
        ("bq", w(l * d, 4)),
        ("w1", w(l * f * d, 5)),
        ("b1", w(l * f, 6)),
        ("w2", w(l * d * f, 7)),
        ("ln_g", w(l * d, 8)),
        ("ln_b", w(l * d, 9)),
    ];
    let slices: Vec<(&str, HostSlice<'_>)> = ws.iter().map(|(n, v)| (*n, HostSlice::of(v))).collect();
    g.load_weights(&slices).unwrap();
    let ids: Vec<u32> = (0..10u32).map(|i| (i * 7) % 11).collect();
    let mask: Vec<u32> = vec![1, 1, 1, 0, 0, 1, 1, 1, 1, 1];
    let out = g.run(&[("ids", HostSlice::of(&ids)), ("mask", HostSlice::of(&mask))], &[]).unwrap();
    let y: Vec<f32> = out.iter().find(|(n, _)| n == "y").unwrap().1.to_vec("y").unwrap();
    assert!(y.iter().all(|v| v.is_finite()), "{y:?}");
    let top: Vec<u32> = out.iter().find(|(n, _)| n == "top").unwrap().1.to_vec("top").unwrap();
    assert!(top.iter().all(|&t| t < 8));
}

/// Stencils with shifts past both edges (the fused evaluator and the run-by-run gathers) and
/// index arithmetic with divisions by powers of two of negative values (the shifts), on odd
/// sizes, against plain loops; random inputs.
#[test]
fn stencils_and_index_arithmetic_match_plain_loops() {
    const SRC: &str = "graph Stencils { dims { H, W }
        input u: f32[H, W]; uniform s: f32 = 0.5;
        output a: f32[H, W]; output b: f32[H, W]; output q: i32[H, W]; output r: i32[H, W];
        a[i, j] = edge(u[i - 2, j + 3]) * s - u[i, j] / (edge(u[i + 1, j - 5]) + 3.0) + exp(edge(u[i, j - 1]));
        b[i, j] = select((i - j) / 4 * 4 == i - j, u[i, j], edge(u[i + 3, j]) * 2.0);
        q[i, j] = (i - 3 * j) / 4 + (j - i) / 3;
        r[i, j] = (i * 5 - j) % 8;
    }";
    for (h, w) in [(1usize, 7usize), (9, 13), (37, 70)] {
        let ctx = Context::cpu();
        let mut g = GraphInstance::from_source(&ctx, SRC, &[h, w]).unwrap();
        let u = rand(h * w, 11 + h as u64);
        let out = g.run(&[("u", HostSlice::of(&u))], &[]).unwrap();
        let get = |name: &str| out.iter().find(|(n, _)| n == name).unwrap().1.clone();
        let (a, b): (Vec<f32>, Vec<f32>) = (get("a").to_vec("a").unwrap(), get("b").to_vec("b").unwrap());
        let (q, r): (Vec<i32>, Vec<i32>) = (get("q").to_vec("q").unwrap(), get("r").to_vec("r").unwrap());
        let at = |i: i64, j: i64| u[i.clamp(0, h as i64 - 1) as usize * w + j.clamp(0, w as i64 - 1) as usize];
        for i in 0..h as i64 {
            for j in 0..w as i64 {
                let p = i as usize * w + j as usize;
                let exp = crate::backend::cpu::scalar::unary_f32(crate::ir::UnaryOp::Exp, at(i, j - 1));
                let want_a = at(i - 2, j + 3) * 0.5 - at(i, j) / (at(i + 1, j - 5) + 3.0) + exp;
                assert_eq!(a[p].to_bits(), want_a.to_bits(), "a[{i}, {j}] of {h}x{w}: {} vs {want_a}", a[p]);
                let want_b = if (i - j) / 4 * 4 == i - j { at(i, j) } else { at(i + 3, j) * 2.0 };
                assert_eq!(b[p], want_b, "b[{i}, {j}] of {h}x{w}");
                assert_eq!(q[p] as i64, (i - 3 * j) / 4 + (j - i) / 3, "q[{i}, {j}] of {h}x{w}");
                assert_eq!(r[p] as i64, (i * 5 - j) % 8, "r[{i}, {j}] of {h}x{w}");
            }
        }
    }
}
