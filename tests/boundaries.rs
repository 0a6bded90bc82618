//! What a read gives past its axis, on every backend against plain loops: `fill` (a value),
//! `edge` (the nearest element) and `wrap` (periodic), on shifted, affine and gathered
//! subscripts of `i32` and `u32`; and reads that leave their axis without saying so, refused at
//! `new` where only the dims tell.

mod common;

use common::*;
use forge::prelude::*;

forge_graph! {
    /// Each output reads `img` past its edges in one way.
    pub graph Edges {
        dims { H, W, N, V }
        input img:   f32[H, W];
        input ids:   u32[N];
        input sids:  i32[N];
        input table: f32[V, W];
        output zero:  f32[H, W];
        output near:  f32[H, W];
        output round: f32[H, W];
        output affine: f32[H, W];
        output picked: f32[N, W];
        zero[i, j] = fill(img[i - 1, j], 0.0) + 2.0 * fill(img[i, j + 2], -1.5);
        near[i, j] = edge(img[i + 1, j - 3]);
        round[i, j] = wrap(img[i - 1, j + 1]) - wrap(img[i + 2, j - 7]);
        affine[i, j] = fill(img[2 * i - 3, W - 1 - j], 0.5) + edge(img[i, 2 * j + 1]);
        picked[n, d] = fill(table[ids[n], d], 7.0) + fill(table[sids[n], d], -2.0);
    }
}

forge_graph! {
    /// A shifted read that only the dims tell about: inside when `M > N`.
    pub graph Ahead {
        dims { N, M }
        input x: f32[M];
        output y: f32[N];
        y[i] = x[i + 1];
    }
}

forge_graph! {
    /// A 3x3 convolution with zero padding 1, bias and ReLU: one statement.
    pub graph PaddedConv {
        dims { B, C, O, H, W }
        input x:    f32[B, C, H, W];
        weight w:   f32[O, C, 3, 3];
        weight bias: f32[O];
        output y:   f32[B, O, H, W];
        y[b, o, i, j] = max(sum((c, u, v), w[o, c, u, v] * fill(x[b, c, i + u - 1, j + v - 1], 0.0)) + bias[o], 0.0);
    }
}

fn padded_conv_matches_a_loop(ctx: &Context) {
    let (b, c, o, h, w) = (2usize, 3usize, 4usize, 6usize, 5usize);
    let x = rand_f32(b * c * h * w, 1.0, 7);
    let wt = rand_f32(o * c * 9, 0.5, 8);
    let bias = rand_f32(o, 0.3, 9);
    let mut g = PaddedConv::new(ctx, PaddedConvDims { b, c, o, h, w }).unwrap();
    g.load_weights(PaddedConvWeights { w: &wt, bias: &bias }).unwrap();
    let got = g.run(PaddedConvInputs { x: &x }).unwrap().y;
    let mut want = Vec::new();
    for n in 0..b {
        for f in 0..o {
            for i in 0..h as i64 {
                for j in 0..w as i64 {
                    let mut s = 0.0f32;
                    for ch in 0..c {
                        for (u, v) in (0..3i64).flat_map(|u| (0..3i64).map(move |v| (u, v))) {
                            let (r, q) = (i + u - 1, j + v - 1);
                            let px = if inside(r, h) && inside(q, w) {
                                x[((n * c + ch) * h + r as usize) * w + q as usize]
                            } else {
                                0.0
                            };
                            s += wt[(f * c + ch) * 9 + (u * 3 + v) as usize] * px;
                        }
                    }
                    want.push((s + bias[f]).max(0.0));
                }
            }
        }
    }
    assert!(want.contains(&0.0) && want.iter().any(|&v| v > 0.0), "ReLU cuts some");
    assert_close("padded conv", &got, &want, 1e-5, 1.0);
}

fn at(img: &[f32], w: usize, i: i64, j: i64) -> f32 {
    img[i as usize * w + j as usize]
}

fn inside(i: i64, n: usize) -> bool {
    (0..n as i64).contains(&i)
}

fn reads_past_the_edge_as_said(ctx: &Context) {
    let (h, w, n, v) = (7usize, 9usize, 11usize, 5usize);
    let img = rand_f32(h * w, 3.0, 1);
    let table = rand_f32(v * w, 2.0, 2);
    let ids = rand_u32(n, 0, 2 * v as u32, 3);
    let sids = rand_i32(n, -(v as i32), 2 * v as i32, 4);
    let mut g = Edges::new(ctx, EdgesDims { h, w, n, v }).unwrap();
    let out = g.run(EdgesInputs { img: &img, ids: &ids, sids: &sids, table: &table }).unwrap();
    let (hi, wi) = (h as i64, w as i64);
    let fill = |i: i64, j: i64, value: f32| if inside(i, h) && inside(j, w) { at(&img, w, i, j) } else { value };
    let edge = |i: i64, j: i64| at(&img, w, i.clamp(0, hi - 1), j.clamp(0, wi - 1));
    let wrap = |i: i64, j: i64| at(&img, w, i.rem_euclid(hi), j.rem_euclid(wi));
    let (mut zero, mut near, mut round, mut affine) = (vec![], vec![], vec![], vec![]);
    for i in 0..hi {
        for j in 0..wi {
            zero.push(fill(i - 1, j, 0.0) + 2.0 * fill(i, j + 2, -1.5));
            near.push(edge(i + 1, j - 3));
            round.push(wrap(i - 1, j + 1) - wrap(i + 2, j - 7));
            affine.push(fill(2 * i - 3, wi - 1 - j, 0.5) + edge(i, 2 * j + 1));
        }
    }
    let mut picked = vec![];
    for k in 0..n {
        for d in 0..w {
            let row = |r: i64, value: f32| if inside(r, v) { table[r as usize * w + d] } else { value };
            picked.push(row(i64::from(ids[k]), 7.0) + row(i64::from(sids[k]), -2.0));
        }
    }
    assert_close("fill", &out.zero, &zero, 1e-6, 1.0);
    assert_close("edge", &out.near, &near, 0.0, 0.0);
    assert_close("wrap", &out.round, &round, 1e-6, 1.0);
    assert_close("affine", &out.affine, &affine, 1e-6, 1.0);
    assert_close("gathers", &out.picked, &picked, 1e-6, 1.0);
}

/// `x[i + 1]` over `N` of `M`: inside for `M > N`, refused at `new` with a message that says
/// how to state the boundary for `M = N`.
fn dims_decide_at_new(ctx: &Context) {
    let x = rand_f32(6, 1.0, 5);
    let mut g = Ahead::new(ctx, AheadDims { n: 5, m: 6 }).unwrap();
    assert_eq!(g.run(AheadInputs { x: &x }).unwrap().y, x[1..].to_vec());
    let Err(err) = Ahead::new(ctx, AheadDims { n: 6, m: 6 }) else { panic!("x[i + 1] leaves x at i = 5") };
    let text = err.to_string();
    assert!(text.contains("`x`") && text.contains("fill(") && text.contains("1..=6"), "{text}");
}

forge_tests!(reads_past_the_edge_as_said, dims_decide_at_new, padded_conv_matches_a_loop);
