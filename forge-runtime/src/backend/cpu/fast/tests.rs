//! The fast kernels against f64 reference loops on random non-zero data: strided, transposed and
//! broadcast operands, folded batch dims, odd shapes, half-precision inputs, and the NaN / −inf
//! rules of the backend.

use super::*;
use crate::ir::{NormKind, ReduceOp};

fn nonzero(rng: &mut fastrand::Rng, n: usize) -> Vec<f32> {
    (0..n).map(|_| (0.1 + 0.9 * rng.f32()) * if rng.bool() { 1.0 } else { -1.0 }).collect()
}

/// Element index of `[b, r, c]` (flat batch entry `b`) under `l`.
fn at(batch: &Batch, l: &MatLayout, b: usize, r: usize, c: usize) -> usize {
    let mut off = l.offset as isize + r as isize * l.row_stride + c as isize * l.col_stride;
    let mut flat = b;
    for d in (0..batch.extents().len()).rev() {
        off += (flat % batch.extents()[d]) as isize * l.batch_strides[d];
        flat /= batch.extents()[d];
    }
    off as usize
}

/// A random layout of `batch × rows × cols`: dims permuted in memory, padded, batch dims
/// sometimes broadcast (stride 0) when `broadcast`; returns it and the buffer length needed.
fn layout(rng: &mut fastrand::Rng, batch: &[usize], rows: usize, cols: usize, broadcast: bool) -> (MatLayout, usize) {
    let mut ext = batch.to_vec();
    ext.extend([rows, cols]);
    let mut order: Vec<usize> = (0..ext.len()).rev().collect();
    if rng.bool() {
        rng.shuffle(&mut order);
    }
    let mut strides = vec![0isize; ext.len()];
    let mut cur = 1isize;
    for d in order {
        if broadcast && d < batch.len() && rng.u8(0..3) == 0 {
            continue;
        }
        strides[d] = cur;
        cur = cur * ext[d].max(1) as isize + rng.usize(0..3) as isize;
    }
    let offset = rng.usize(0..4);
    let (r, c) = (strides[batch.len()], strides[batch.len() + 1]);
    let l = MatLayout::new(offset, r, c).with_batch_strides(&strides[..batch.len()]).unwrap();
    (l, offset + cur as usize + 1)
}

fn assert_close(what: &str, got: &[f32], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok = (w.is_nan() && g.is_nan()) || (g as f64 - w).abs() <= tol * w.abs().max(1.0);
        assert!(ok, "{what}[{i}]: got {g}, want {w}");
    }
}

#[test]
fn gemm_matches_f64_on_random_strided_layouts() {
    let mut rng = fastrand::Rng::with_seed(7);
    for case in 0..60 {
        let nb = rng.usize(0..3);
        let batch_ext: Vec<usize> = (0..nb).map(|_| rng.usize(1..4)).collect();
        let (m, k, n) = (rng.usize(1..40), rng.usize(0..70), rng.usize(1..40));
        let batch = Batch::new(&batch_ext).unwrap();
        let (la, na) = layout(&mut rng, &batch_ext, m, k, true);
        let (lb, nbuf) = layout(&mut rng, &batch_ext, k, n, true);
        let a = nonzero(&mut rng, na);
        let b = nonzero(&mut rng, nbuf);
        let dims = GemmDims { batch, m, k, n };
        let count = batch.count().unwrap();
        let mut c = vec![f32::NAN; count * m * n];
        let lc = MatLayout::new(0, n as isize, 1)
            .with_batch_strides(
                &crate::ir::contiguous_strides(&batch_ext).iter().map(|&s| (s * m * n) as isize).collect::<Vec<_>>(),
            )
            .unwrap();
        gemm(&dims, 1.0, View::new(&a, la), View::new(&b, lb), 0.0, ViewMut::new(&mut c, lc)).unwrap();
        let mut want = Vec::new();
        for bi in 0..count {
            for i in 0..m {
                for j in 0..n {
                    want.push(
                        (0..k).map(|p| a[at(&batch, &la, bi, i, p)] as f64 * b[at(&batch, &lb, bi, p, j)] as f64).sum(),
                    );
                }
            }
        }
        assert_close(&format!("gemm case {case} ({batch_ext:?}, {m}×{k}×{n})"), &c, &want, 1e-5);
    }
}

#[test]
fn few_row_products_match_f64_in_both_unit_strides() {
    // Decoding's shapes: a query group against `transpose(keys)` (B's columns contiguous) and
    // against `values` (B's rows contiguous), with odd k and a sum a vector does not divide.
    let mut rng = fastrand::Rng::with_seed(9);
    for (m, k, n) in [(1, 64, 1024), (3, 64, 515), (8, 37, 19), (2, 515, 64), (5, 3, 7), (4, 29, 130)] {
        for columns_contiguous in [true, false] {
            let a = nonzero(&mut rng, m * k);
            let b = nonzero(&mut rng, k * n + 3);
            let lb =
                if columns_contiguous { MatLayout::new(3, 1, k as isize) } else { MatLayout::new(3, n as isize, 1) };
            let dims = GemmDims { batch: Batch::none(), m, k, n };
            let mut c = vec![f32::NAN; m * n];
            let (la, lc) = (MatLayout::row_major(k), MatLayout::row_major(n));
            gemm(&dims, 1.0, View::new(&a, la), View::new(&b, lb), 0.0, ViewMut::new(&mut c, lc)).unwrap();
            let none = Batch::none();
            let want: Vec<f64> = (0..m * n)
                .map(|ij| (0..k).map(|p| a[ij / n * k + p] as f64 * b[at(&none, &lb, 0, p, ij % n)] as f64).sum())
                .collect();
            assert_close(&format!("{m}×{k}×{n}, columns contiguous {columns_contiguous}"), &c, &want, 1e-5);
        }
    }
}

#[test]
fn gemm_folds_broadcast_weights_into_rows() {
    // x[B, T, D] · Wᵀ with W [N, D] shared by every batch entry: one [B·T, D] product (T above
    // `few_rows`' limit, so both run on sgemm).
    let mut rng = fastrand::Rng::with_seed(8);
    let (b, t, d, n) = (3, 9, 17, 9);
    let x = nonzero(&mut rng, b * t * d);
    let w = nonzero(&mut rng, n * d);
    let batch = Batch::new(&[b]).unwrap();
    let la = MatLayout::new(0, d as isize, 1).with_batch_strides(&[(t * d) as isize]).unwrap();
    let lb = MatLayout::new(0, 1, d as isize); // Wᵀ, batch stride 0
    let lc = MatLayout::new(0, n as isize, 1).with_batch_strides(&[(t * n) as isize]).unwrap();
    let mut c = vec![0.0; b * t * n];
    gemm(&GemmDims { batch, m: t, k: d, n }, 1.0, View::new(&x, la), View::new(&w, lb), 0.0, ViewMut::new(&mut c, lc))
        .unwrap();
    // The same product entry by entry (no folding possible: C is given per entry).
    let mut each = vec![0.0; b * t * n];
    for bi in 0..b {
        let (xa, ca) = (&x[bi * t * d..(bi + 1) * t * d], &mut each[bi * t * n..(bi + 1) * t * n]);
        let d1 = GemmDims { batch: Batch::none(), m: t, k: d, n };
        gemm(
            &d1,
            1.0,
            View::new(xa, MatLayout::row_major(d)),
            View::new(&w, lb),
            0.0,
            ViewMut::new(ca, MatLayout::row_major(n)),
        )
        .unwrap();
    }
    assert_eq!(c, each, "folding the batch into rows changes no bit");
}

#[test]
fn gemm_widens_half_inputs_and_rejects_bad_layouts() {
    let mut rng = fastrand::Rng::with_seed(9);
    let (m, k, n) = (6, 11, 7);
    let a32 = nonzero(&mut rng, m * k);
    let b32 = nonzero(&mut rng, k * n);
    let a16: Vec<half::f16> = a32.iter().map(|&v| half::f16::from_f32(v)).collect();
    let bbf: Vec<half::bf16> = b32.iter().map(|&v| half::bf16::from_f32(v)).collect();
    let dims = GemmDims { batch: Batch::none(), m, k, n };
    let mut c = vec![0.0; m * n];
    let (la, lb, lc) = (MatLayout::row_major(k), MatLayout::row_major(n), MatLayout::row_major(n));
    gemm(&dims, 1.0, View::new(&a16, la), View::new(&bbf, lb), 0.0, ViewMut::new(&mut c, lc)).unwrap();
    let want: Vec<f64> = (0..m * n)
        .map(|ij| (0..k).map(|p| a16[ij / n * k + p].to_f64() * bbf[p * n + ij % n].to_f64()).sum())
        .collect();
    assert_close("f16 · bf16", &c, &want, 1e-5);
    let mut c = vec![7.0; m * n];
    let err = gemm(&dims, 1.0, View::new(&a32[1..], la), View::new(&b32, lb), 0.0, ViewMut::new(&mut c, lc));
    assert!(matches!(err, Err(KernelError::OutOfBounds { .. })), "{err:?}");
    assert!(c.iter().all(|&v| v == 7.0), "nothing written on error");
}

#[test]
fn row_kernels_keep_the_backend_rules() {
    let nan = f32::NAN;
    let ninf = f32::NEG_INFINITY;
    let x = [
        1.0, 3.0, 3.0, nan, /* */ nan, nan, nan, nan, /* */ ninf, ninf, ninf, ninf, /* */ 2.0, nan, 5.0,
        -1.0,
    ];
    let mut idx = [9u32; 4];
    argmax_rows(4, 4, &x, &mut idx).unwrap();
    assert_eq!(idx, [1, 0, 0, 2], "first largest, NaN never largest, NaN row and −inf row give 0");
    let mut mx = [0.0f32; 4];
    reduce_rows(ReduceOp::Max, 4, 4, &x, &mut mx).unwrap();
    assert!(mx[0].is_nan() && mx[1].is_nan() && mx[2] == ninf && mx[3].is_nan(), "{mx:?}");
    let mut empty = [0.0f32; 2];
    reduce_rows(ReduceOp::Max, 2, 0, &[], &mut empty).unwrap();
    assert_eq!(empty, [ninf; 2], "max identity is −inf");
    reduce_rows(ReduceOp::Mean, 2, 0, &[], &mut empty).unwrap();
    assert!(empty.iter().all(|v| v.is_nan()), "mean of nothing is 0 / 0");
    for (op, identity) in [(ReduceOp::Sum, 0.0), (ReduceOp::Prod, 1.0), (ReduceOp::Min, f32::INFINITY)] {
        reduce_rows(op, 2, 0, &[], &mut empty).unwrap();
        assert_eq!(empty, [identity; 2], "{op:?} of nothing is its identity");
    }
    let mut mn = [0.0f32; 4];
    reduce_rows(ReduceOp::Min, 4, 4, &x, &mut mn).unwrap();
    assert!(mn[0].is_nan() && mn[1].is_nan() && mn[2] == ninf && mn[3].is_nan(), "{mn:?}");
    let s = [0.0, 1.0, ninf, 2.0, /* */ ninf, ninf, ninf, ninf, /* */ 1.0, f32::INFINITY, 0.0, 0.0];
    let mut out = [0.0f32; 12];
    softmax_rows(3, 4, &s, &mut out).unwrap();
    let e = [1.0f64, 1f64.exp(), 0.0, 2f64.exp()];
    let z: f64 = e.iter().sum();
    assert_close("softmax", &out[..4], &e.map(|v| v / z), 1e-6);
    assert!(out[4..].iter().all(|v| v.is_nan()), "all −inf and +inf rows are NaN: {out:?}");
}

#[test]
fn row_reductions_and_norms_match_f64() {
    let mut rng = fastrand::Rng::with_seed(10);
    for &(rows, cols) in &[(1, 1), (3, 7), (5, 300), (2, 1000), (17, 33)] {
        let x = nonzero(&mut rng, rows * cols);
        let rows_f64 = |r: usize| x[r * cols..(r + 1) * cols].iter().map(|&v| v as f64).collect::<Vec<_>>();
        let mut sums = vec![0.0; rows];
        reduce_rows(ReduceOp::Sum, rows, cols, &x, &mut sums).unwrap();
        assert_close("sum", &sums, &(0..rows).map(|r| rows_f64(r).iter().sum()).collect::<Vec<_>>(), 1e-5);
        let g = nonzero(&mut rng, cols);
        let bias = nonzero(&mut rng, rows * cols); // one bias row per row
        for kind in [NormKind::Rms, NormKind::Layer] {
            let p = NormRows { kind, gain: &g, bias: (kind == NormKind::Layer).then_some(&bias[..]), eps: 1e-5 };
            let mut out = vec![0.0; rows * cols];
            norm_rows(&p, rows, cols, &x, &mut out).unwrap();
            let mut want = Vec::new();
            for r in 0..rows {
                let v = rows_f64(r);
                let n = cols as f64;
                let mean = if kind == NormKind::Layer { v.iter().sum::<f64>() / n } else { 0.0 };
                let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
                let inv = 1.0 / (var + 1e-5).sqrt();
                for c in 0..cols {
                    let b = if kind == NormKind::Layer { bias[r * cols + c] as f64 } else { 0.0 };
                    want.push((v[c] - mean) * inv * g[c] as f64 + b);
                }
            }
            assert_close(&format!("{kind:?} norm {rows}×{cols}"), &out, &want, 2e-5);
        }
    }
}

/// f64 attention with the backend's rules: bottom-right causal, fully masked → NaN, keys
/// masked with −inf skipped entirely.
fn attention_reference(d: &AttentionDims, a: &AttentionArgs<'_>) -> Vec<f64> {
    let get = |v: &View<'_, f32>, b, r, c| v.data[at(&d.batch, &v.layout, b, r, c)] as f64;
    let mut out = Vec::new();
    for b in 0..d.batch.count().unwrap() {
        for i in 0..d.tq {
            let visible = if a.causal { (i + d.tk.saturating_sub(d.tq) + 1).min(d.tk) } else { d.tk };
            let s: Vec<f64> = (0..visible)
                .map(|j| {
                    let dot: f64 = (0..d.e).map(|p| get(&a.q, b, i, p) * get(&a.k, b, j, p)).sum();
                    dot * a.scale as f64 + a.mask.as_ref().map_or(0.0, |m| get(m, b, i, j))
                })
                .collect();
            let m = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let z: f64 = s.iter().map(|x| (x - m).exp()).sum();
            for c in 0..d.ev {
                let live = (0..visible).filter(|&j| s[j] != f64::NEG_INFINITY);
                out.push(live.map(|j| (s[j] - m).exp() / z * get(&a.v, b, j, c)).sum::<f64>() / (z > 0.0) as u8 as f64);
            }
        }
    }
    out
}

#[test]
fn attention_matches_f64_on_head_split_views() {
    let mut rng = fastrand::Rng::with_seed(11);
    for &(b, h, tq, tk, e, causal) in
        &[(2, 3, 7, 7, 8, false), (1, 2, 3, 9, 5, true), (2, 1, 9, 4, 3, true), (3, 2, 13, 13, 16, false)]
    {
        let ev = e + 1;
        let batch = Batch::new(&[b, h]).unwrap();
        let (lq, nq) = layout(&mut rng, &[b, h], tq, e, false);
        let (lk, nk) = layout(&mut rng, &[b, h], tk, e, false);
        let (lv, nv) = layout(&mut rng, &[b, h], tk, ev, false);
        let (q, k) = (nonzero(&mut rng, nq), nonzero(&mut rng, nk));
        let mut v = nonzero(&mut rng, nv);
        // Padding mask [B, Tk] broadcast over heads and queries; the last batch entry has every
        // key masked, and v is NaN at a masked key (which must not leak into the output).
        let mut mask = vec![0.0f32; b * tk];
        mask[tk - 1] = f32::NEG_INFINITY;
        if b > 1 {
            mask[(b - 1) * tk..].fill(f32::NEG_INFINITY);
        }
        v[at(&batch, &lv, 0, tk - 1, 0)] = f32::NAN;
        let lm = MatLayout::new(0, 0, 1).with_batch_strides(&[tk as isize, 0]).unwrap();
        let d = AttentionDims { batch, tq, tk, e, ev };
        let args = AttentionArgs {
            q: View::new(&q, lq),
            k: View::new(&k, lk),
            v: View::new(&v, lv),
            mask: Some(View::new(&mask, lm)),
            causal,
            scale: 1.0 / (e as f32).sqrt(),
        };
        let mut out = vec![0.0; b * h * tq * ev];
        attention(&d, &args, &mut out).unwrap();
        let want = attention_reference(&d, &args);
        assert_close(&format!("attention {b}×{h}×{tq}×{tk}×{e} causal {causal}"), &out, &want, 2e-5);
        if b > 1 {
            assert!(out[(b - 1) * h * tq * ev..].iter().all(|x| x.is_nan()), "fully masked rows are NaN");
        }
    }
}
