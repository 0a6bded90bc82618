//! Kernel-level tests: each fast path (operands read as strided views of host memory, rows read
//! in place) against the generic path (the same kernel with every operand wrapped as `x * 1`,
//! which forces evaluation into contiguous buffers), on random non-zero data with strided,
//! transposed and broadcast operands and odd shapes; and the output plumbing (offsets, f16
//! outputs, kernels that read the buffer they write).

use super::kernels;
use super::store::Store;
use crate::elem::{Elem, Ty};
use crate::graph::checked::Const;
use crate::ir::{
    Access, AttentionBody, BinaryOp, BufferRole, KernelArg, KernelBody, KernelSpec, MatmulBody, NormKind, ReduceOp,
    RowOp, SExpr,
};

pub(super) fn nonzero(rng: &mut fastrand::Rng, n: usize) -> Vec<f32> {
    (0..n).map(|_| (0.1 + 0.9 * rng.f32()) * if rng.bool() { 1.0 } else { -1.0 }).collect()
}

fn arg(buffer: usize, elem: Elem, offset: usize, len: usize) -> KernelArg {
    KernelArg { buffer, elem, offset, len, access: Access::Read, role: BufferRole::Temp }
}

fn load(arg: usize, strides: &[usize]) -> SExpr {
    SExpr::Load { arg, strides: strides.to_vec(), ty: Ty::F32 }
}

/// `e * 1`: the same values, but not a plain load (so the generic path evaluates it).
fn wrap(e: &SExpr) -> SExpr {
    SExpr::Binary { op: BinaryOp::Mul, lhs: Box::new(e.clone()), rhs: Box::new(SExpr::Const(Const::F32(1.0))) }
}

fn acc_plus(e: SExpr) -> SExpr {
    SExpr::Binary { op: BinaryOp::Add, lhs: Box::new(SExpr::Acc(Ty::F32)), rhs: Box::new(e) }
}

/// Runs `body` over `mem` (a copy) and returns the output buffer's f32 values.
fn run(args: &[KernelArg], body: KernelBody, mem: &[Store]) -> Vec<f32> {
    let out = args[body.out()].buffer;
    let spec = KernelSpec { node: "test".into(), args: args.to_vec(), uses_uniforms: false, body };
    let mut mem = mem.to_vec();
    kernels::run(&spec, &mut mem, &[], None).unwrap();
    match &mem[out] {
        Store::F32(v) => v.clone(),
        Store::F16(v) => v.iter().map(|&h| half::f16::from_bits(h).to_f32()).collect(),
        other => panic!("unexpected output store {other:?}"),
    }
}

fn assert_close(what: &str, fast: &[f32], generic: &[f32]) {
    assert_eq!(fast.len(), generic.len());
    for (i, (&f, &g)) in fast.iter().zip(generic).enumerate() {
        let ok = (f.is_nan() && g.is_nan()) || (f - g).abs() <= 1e-6 * g.abs().max(1.0);
        assert!(ok, "{what}[{i}]: fast {f}, generic {g}");
    }
}

#[test]
fn matmul_views_match_evaluated_operands() {
    let mut rng = fastrand::Rng::with_seed(1);
    let (b0, b1, m, k, n) = (2, 3, 7, 19, 5);
    // a: stored transposed ([b0, b1, k, m], read as [.., m, k]) at offset 3 of its buffer;
    // b: [b1, k, n], broadcast over b0; bias [n] broadcast over everything.
    let a = nonzero(&mut rng, 3 + b0 * b1 * k * m);
    let b = nonzero(&mut rng, b1 * k * n);
    let bias = nonzero(&mut rng, n);
    let out_len = b0 * b1 * m * n;
    let mem = vec![Store::F32(a), Store::F32(b), Store::F32(bias), Store::F32(vec![f32::NAN; out_len + 4])];
    let args = [
        arg(0, Elem::F32, 3, b0 * b1 * k * m),
        arg(1, Elem::F32, 0, b1 * k * n),
        arg(2, Elem::F32, 0, n),
        arg(3, Elem::F32, 4, out_len),
    ];
    let la = load(0, &[b1 * k * m, k * m, 1, m]);
    let lb = load(1, &[0, k * n, n, 1]);
    for epilogue in [SExpr::Acc(Ty::F32), acc_plus(load(2, &[0, 0, 0, 1]))] {
        let body = |a: SExpr, b: SExpr| {
            KernelBody::Matmul(Box::new(MatmulBody {
                out: 3,
                batch: vec![b0, b1],
                m,
                n,
                k,
                a,
                b,
                b2: None,
                rms: None,
                layer: None,
                epilogue: epilogue.clone(),
                precision: Default::default(),
                split_store: false,
                window: None,
                followers: Vec::new(),
            }))
        };
        let fast = run(&args, body(la.clone(), lb.clone()), &mem);
        let generic = run(&args, body(wrap(&la), wrap(&lb)), &mem);
        assert!(fast[..4].iter().all(|v| v.is_nan()), "nothing written before the output offset");
        assert!(fast[4..].iter().all(|v| v.is_finite()));
        assert_close("matmul", &fast, &generic);
    }
}

#[test]
fn matmul_half_operands_flat_batches_and_aliased_output() {
    let mut rng = fastrand::Rng::with_seed(2);
    let batch = vec![1, 2, 1, 2, 2]; // more batch dims than the views take: flattened
    let (m, k, n) = (3, 33, 4);
    let nb: usize = batch.iter().product();
    let a = nonzero(&mut rng, nb * m * k);
    let a16: Vec<u16> = a.iter().map(|&v| half::f16::from_f32(v).to_bits()).collect();
    let b = nonzero(&mut rng, k * n);
    // The output shares buffer 1 with b (after it): the kernel reads the buffer it writes.
    let mut shared = b.clone();
    shared.extend(vec![0.0; nb * m * n]);
    let mem = vec![Store::F16(a16), Store::F32(shared)];
    let args = [arg(0, Elem::F16, 0, nb * m * k), arg(1, Elem::F32, 0, k * n), arg(1, Elem::F32, k * n, nb * m * n)];
    let sa = crate::ir::contiguous_strides(&[1, 2, 1, 2, 2, m, k]);
    let la = SExpr::Load { arg: 0, strides: sa, ty: Ty::F32 };
    let lb = load(1, &[0, 0, 0, 0, 0, n, 1]);
    let body = |a: SExpr| {
        KernelBody::Matmul(Box::new(MatmulBody {
            out: 2,
            batch: batch.clone(),
            m,
            n,
            k,
            a,
            b: lb.clone(),
            b2: None,
            rms: None,
            layer: None,
            epilogue: SExpr::Acc(Ty::F32),
            precision: Default::default(),
            split_store: false,
            window: None,
            followers: Vec::new(),
        }))
    };
    let fast = run(&args, body(la.clone()), &mem);
    let generic = run(&args, body(wrap(&la)), &mem);
    assert_eq!(fast[..k * n], b[..], "the operand part of the buffer is untouched");
    assert_close("f16 matmul", &fast, &generic);
    // Also with a half-precision view and no flattening.
    let args2 = [arg(0, Elem::F16, 0, nb * m * k), arg(1, Elem::F32, 0, k * n), arg(1, Elem::F32, k * n, nb * m * n)];
    let flat = |a: SExpr, b: SExpr| {
        KernelBody::Matmul(Box::new(MatmulBody {
            out: 2,
            batch: vec![nb],
            m,
            n,
            k,
            a,
            b,
            b2: None,
            rms: None,
            layer: None,
            epilogue: SExpr::Acc(Ty::F32),
            precision: Default::default(),
            split_store: false,
            window: None,
            followers: Vec::new(),
        }))
    };
    let la2 = load(0, &[m * k, k, 1]);
    let lb2 = load(1, &[0, n, 1]);
    assert_close(
        "f16 view",
        &run(&args2, flat(la2.clone(), lb2.clone()), &mem),
        &run(&args2, flat(wrap(&la2), wrap(&lb2)), &mem),
    );
}

#[test]
fn row_kernels_in_place_match_evaluated_rows() {
    let mut rng = fastrand::Rng::with_seed(3);
    let (l0, l1, cols) = (3, 5, 37);
    let rows = l0 * l1;
    let x = nonzero(&mut rng, 2 + rows * cols);
    let g = nonzero(&mut rng, cols);
    let bias = nonzero(&mut rng, rows * cols);
    let mem = vec![Store::F32(x), Store::F32(g), Store::F32(bias), Store::F32(vec![0.0; rows * cols])];
    let args = [
        arg(0, Elem::F32, 2, rows * cols),
        arg(1, Elem::F32, 0, cols),
        arg(2, Elem::F32, 0, rows * cols),
        arg(3, Elem::F32, 0, rows * cols),
    ];
    let input = load(0, &[l1 * cols, cols, 1]);
    let gain = load(1, &[0, 0, 1]);
    let per_row_bias = load(2, &[l1 * cols, cols, 1]);
    let leading = vec![l0, l1];
    let twice = SExpr::Binary {
        op: BinaryOp::Mul,
        lhs: Box::new(SExpr::Acc(Ty::F32)),
        rhs: Box::new(SExpr::Const(Const::F32(2.0))),
    };
    let eps = SExpr::Const(Const::F32(1e-5));
    let bodies = |w: &dyn Fn(&SExpr) -> SExpr| {
        let mut v = vec![
            KernelBody::Softmax {
                out: 3,
                leading: leading.clone(),
                cols,
                input: w(&input),
                epilogue: SExpr::Acc(Ty::F32),
            },
            KernelBody::Softmax { out: 3, leading: leading.clone(), cols, input: w(&input), epilogue: twice.clone() },
        ];
        for kind in [NormKind::Rms, NormKind::Layer] {
            v.push(KernelBody::Norm {
                out: 3,
                leading: leading.clone(),
                cols,
                kind,
                input: w(&input),
                gain: w(&gain),
                bias: (kind == NormKind::Layer).then(|| w(&per_row_bias)),
                eps: eps.clone(),
                epilogue: SExpr::Acc(Ty::F32),
                split: None,
            });
        }
        for op in [RowOp::Reduce(ReduceOp::Sum), RowOp::Reduce(ReduceOp::Mean), RowOp::Reduce(ReduceOp::Max)] {
            v.push(KernelBody::Row {
                out: 3,
                leading: leading.clone(),
                cols,
                op,
                input: w(&input),
                epilogue: twice.clone(),
            });
        }
        v
    };
    let fast = bodies(&|e| e.clone());
    let generic = bodies(&|e| wrap(e));
    for (f, g) in fast.into_iter().zip(generic) {
        let what = format!("{} kernel", f.kind());
        assert_close(&what, &run(&args, f, &mem), &run(&args, g, &mem));
    }
}

#[test]
fn argmax_and_f16_outputs() {
    let x = [1.0, 3.0, 3.0, f32::NAN, f32::NAN, f32::NAN, f32::NEG_INFINITY, 2.0];
    let mem = vec![Store::F32(x.to_vec()), Store::U32(vec![7; 2]), Store::F16(vec![0; 8])];
    let args = [arg(0, Elem::F32, 0, 8), arg(1, Elem::U32, 0, 2), arg(2, Elem::F16, 0, 8)];
    let body = KernelBody::Row {
        out: 1,
        leading: vec![2],
        cols: 4,
        op: RowOp::Argmax,
        input: load(0, &[4, 1]),
        epilogue: SExpr::Acc(Ty::U32),
    };
    let spec = KernelSpec { node: "argmax".into(), args: args.to_vec(), uses_uniforms: false, body };
    let mut m = mem.clone();
    kernels::run(&spec, &mut m, &[], None).unwrap();
    assert!(matches!(&m[1], Store::U32(v) if v == &[1, 3]), "{:?}", m[1]);
    let soft = |input| KernelBody::Softmax { out: 2, leading: vec![2], cols: 4, input, epilogue: SExpr::Acc(Ty::F32) };
    let y = [0.5f32, -1.0, 2.0, 0.25, 1.0, 1.0, 1.0, 1.0];
    let mem = vec![Store::F32(y.to_vec()), Store::U32(vec![0; 2]), Store::F16(vec![0; 8])];
    let fast = run(&args, soft(load(0, &[4, 1])), &mem);
    let generic = run(&args, soft(wrap(&load(0, &[4, 1]))), &mem);
    assert_eq!(fast, generic);
    assert_eq!(fast[4..], [0.25; 4], "f16 output rounded from f32");
}

#[test]
fn attention_views_match_evaluated_operands() {
    let mut rng = fastrand::Rng::with_seed(4);
    let (b, t, h, e) = (2, 9, 3, 4);
    let d = h * e;
    // q, k, v: [B, T, D] buffers read as [B, H, T, E] (head split by strides); the mask
    // [B, 1, 1, T] is broadcast over heads and queries, with one padded key in entry 1.
    let qkv: Vec<Store> = (0..3).map(|_| Store::F32(nonzero(&mut rng, b * t * d))).collect();
    let mut mask = vec![0.0f32; b * t];
    mask[2 * t - 1] = f32::NEG_INFINITY;
    let mut mem = qkv;
    mem.push(Store::F32(mask));
    mem.push(Store::F32(vec![0.0; b * h * t * e]));
    let args: Vec<KernelArg> = (0..4)
        .map(|i| arg(i, Elem::F32, 0, if i == 3 { b * t } else { b * t * d }))
        .chain([arg(4, Elem::F32, 0, b * h * t * e)])
        .collect();
    let split = [t * d, e, d, 1];
    for causal in [false, true] {
        let body = |w: &dyn Fn(&SExpr) -> SExpr| {
            KernelBody::Attention(Box::new(AttentionBody {
                out: 4,
                batch: vec![b, h],
                tq: t,
                tk: t,
                e,
                ev: e,
                q: w(&load(0, &split)),
                k: w(&load(1, &split)),
                v: w(&load(2, &split)),
                mask: Some(w(&load(3, &[t, 0, 0, 1]))),
                causal,
                scale: SExpr::Const(Const::F32(0.5)),
                epilogue: SExpr::Acc(Ty::F32),
                out_strides: None,
                split_store: None,
                lse: None,
                precision: Default::default(),
            }))
        };
        let fast = run(&args, body(&|e| e.clone()), &mem);
        let generic = run(&args, body(&|e| wrap(e)), &mem);
        assert!(fast.iter().all(|v| v.is_finite()));
        assert_close("attention", &fast, &generic);
    }
}
