//! `precision = bf16x3` products on CUDA, each as one bf16 GEMM over three times its K.
//!
//! With `hi = bf16(x)` and `lo = bf16(x - hi)`, A is laid out `[hi | lo | hi]` along K and B
//! `[hi | hi | lo]`, so one product of the two sums `hi·hi + lo·hi + hi·lo` with the tensor
//! cores' f32 accumulation: the existing bf16 kernels, at twice tf32x3's tensor-core rate. A is
//! split by a map kernel before its product (into one scratch buffer that every product's split
//! reuses: they run one after another), unless a product or attention computes A for nothing
//! else and then stores it split itself (`cuda_split_store`); B the same way, except a weight
//! that only such products read as B, which is stored split as it is loaded ([`split_bytes`]),
//! so runs never touch it. Products the tensor cores would not speed up (few rows, small) are
//! left alone and run as tf32x3 does (more precise than asked). `CudaOptions::split_bf16x3`
//! off leaves every product alone.

use super::gemm::{x3_on_tensor_cores, CudaTarget};
use crate::elem::{Elem, Ty};
use crate::graph::checked::{Const, Precision};
use crate::ir::fold::{binary, cast, select};
use crate::ir::{
    contiguous_strides, Access, BinaryOp, BufferRole, KernelArg, KernelBody, KernelSpec, Plan, PlanBuffer,
    PlannedKernel, SExpr, Schedule,
};

/// The pieces along K: which of the three holds the remainder (`lo`) for each operand.
const A_LO_PIECE: i32 = 1;
const B_LO_PIECE: i32 = 2;

/// A weight stored split: every `rows × cols` matrix of its last two dims as a bf16 `N × 3K`
/// matrix whose row `n` is `[hi | hi | lo]` of B's column `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitWeight {
    pub buffer: usize,
    pub rows: usize,
    pub cols: usize,
    /// Declared `[N, K]` and read transposed (PyTorch's Linear layout); else `[K, N]`.
    pub n_by_k: bool,
}

impl SplitWeight {
    /// `(N, K)` of each matrix.
    fn n_k(&self) -> (usize, usize) {
        if self.n_by_k {
            (self.rows, self.cols)
        } else {
            (self.cols, self.rows)
        }
    }
}

/// A plan with its `bf16x3` products split ([`split_products`]).
#[derive(Debug, Clone)]
pub struct Split {
    pub plan: Plan,
    /// The weights stored split.
    pub weights: Vec<SplitWeight>,
    /// For each kernel of `plan`, the kernel of the original plan it computes (part of).
    pub origin: Vec<usize>,
}

/// `plan` with its `bf16x3` products split for `target`, and the weights it stores split;
/// `None` where no product is split. Where a product writes an A just before it is split, it
/// writes the split itself (`cuda_split_store`) and the split kernel goes.
pub fn split_products(plan: &Plan, target: &CudaTarget) -> Option<Split> {
    split_products_with(plan, target, true)
}

/// [`split_products`], with the producers' split stores (`fold`) or without.
pub(crate) fn split_products_with(plan: &Plan, target: &CudaTarget, fold: bool) -> Option<Split> {
    if !target.split_bf16x3 {
        return None;
    }
    let splits: Vec<bool> = plan.kernels.iter().map(|k| splits(&k.spec, target)).collect();
    if !splits.contains(&true) {
        return None;
    }
    let weights: Vec<SplitWeight> = (0..plan.buffers.len()).filter_map(|b| stored_split(plan, &splits, b)).collect();
    let mut out = Plan { kernels: Vec::new(), ..plan.clone() };
    for w in &weights {
        let buf = &mut out.buffers[w.buffer];
        let (n, k) = w.n_k();
        let lead = buf.shape.len() - 2;
        buf.shape.truncate(lead);
        buf.shape.extend([n, 3 * k]);
        buf.elem = Elem::BF16;
        buf.len *= 3;
    }
    let scratch = Scratch { a: out.buffers.len(), b: out.buffers.len() + 1 };
    let (mut len_a, mut len_b) = (0, 0);
    let mut origin = Vec::with_capacity(plan.kernels.len() + 2 * weights.len());
    // Where each product's split of A went in `out.kernels`.
    let mut a_splits = Vec::new();
    for (i, (k, &split)) in plan.kernels.iter().zip(&splits).enumerate() {
        if !split {
            origin.push(i);
            out.kernels.push(k.clone());
            continue;
        }
        // `splits` admitted only products this can split; were one refused, a weight stored
        // split would be read as f32, so the plan is left whole instead.
        let (kernels, a, b) = split_product(k, &weights, scratch)?;
        a_splits.push(out.kernels.len());
        origin.extend(std::iter::repeat_n(i, kernels.len()));
        out.kernels.extend(kernels);
        (len_a, len_b) = (len_a.max(a), len_b.max(b));
    }
    for (name, len) in [("bf16x3.a", len_a), ("bf16x3.b", len_b)] {
        out.buffers.push(PlanBuffer {
            name: name.into(),
            elem: Elem::BF16,
            shape: vec![len],
            len,
            role: BufferRole::Temp,
        });
    }
    if len_b == 0 {
        out.buffers.pop();
    }
    if fold {
        // Latest first, so the indices of the earlier ones stay put.
        for &s in a_splits.iter().rev() {
            if super::split_store::fold_into_producer(&mut out, s) {
                origin.remove(s);
            }
        }
    }
    for scratch in [scratch.a, scratch.b] {
        drop_repeated_splits(&mut out, &mut origin, scratch);
    }
    Some(Split { plan: out, weights, origin })
}

/// Drops each split into `scratch` that repeats the one before it (the same source, not written
/// since): products of one operand in a row (a gated MLP's gate and up, separate q, k and v
/// projections) split it once.
fn drop_repeated_splits(plan: &mut Plan, origin: &mut Vec<usize>, scratch: usize) {
    let writes = |k: &PlannedKernel, b: usize| k.spec.body.outs().iter().any(|&o| k.spec.args[o].buffer == b);
    let mut last: Option<usize> = None;
    let mut i = 0;
    while i < plan.kernels.len() {
        if !writes(&plan.kernels[i], scratch) {
            i += 1;
            continue;
        }
        let repeat = last.is_some_and(|l| {
            let (a, b) = (&plan.kernels[l].spec, &plan.kernels[i].spec);
            let source = a.args[0].buffer;
            a.args == b.args && a.body == b.body && !plan.kernels[l + 1..i].iter().any(|k| writes(k, source))
        });
        if repeat {
            plan.kernels.remove(i);
            origin.remove(i);
        } else {
            last = Some(i);
            i += 1;
        }
    }
}

/// The scratch buffers the splits of A and of B write.
#[derive(Clone, Copy)]
struct Scratch {
    a: usize,
    b: usize,
}

/// Product `k` as its splits and the bf16 product over them, with the scratch elements of A's
/// and B's split (0 for a weight stored split).
fn split_product(
    k: &PlannedKernel,
    weights: &[SplitWeight],
    scratch: Scratch,
) -> Option<(Vec<PlannedKernel>, usize, usize)> {
    let mut product = k.spec.clone();
    let mut kernels = Vec::new();
    let (split_a, len_a) = split_operand(&mut product, Operand::A, scratch.a)?;
    kernels.push(split_a);
    let KernelBody::Matmul(m) = &product.body else { return None };
    let b_buffer = product.args[m.b.as_load()?.0].buffer;
    let mut len_b = 0;
    match weights.iter().find(|w| w.buffer == b_buffer) {
        Some(_) => read_split_weight(&mut product),
        None => {
            let (split_b, len) = split_operand(&mut product, Operand::B, scratch.b)?;
            len_b = len;
            kernels.push(split_b);
        }
    }
    if let KernelBody::Matmul(m) = &mut product.body {
        m.k *= 3;
    }
    kernels.push(PlannedKernel { spec: product, schedule: k.schedule });
    Some((kernels, len_a, len_b))
}

/// Whether the product of `spec` is split: `bf16x3`, plain f32 loads, K a multiple of 8 (rows of
/// `3K` bf16 on 16-byte boundaries), and tensor cores gain on it.
fn splits(spec: &KernelSpec, target: &CudaTarget) -> bool {
    let KernelBody::Matmul(m) = &spec.body else { return false };
    let plain_f32 = |e: &SExpr| e.as_load().is_some_and(|(arg, _)| spec.args[arg].elem == Elem::F32);
    m.precision == Precision::Bf16x3
        && m.b2.is_none()
        && m.rms.is_none()
        && m.layer.is_none()
        && plain_f32(&m.a)
        && plain_f32(&m.b)
        && m.k.is_multiple_of(8)
        && x3_on_tensor_cores(spec, m, target)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Operand {
    A,
    B,
}

/// Adds to `product` the split copy of its A (or B) in `scratch`, read from now on, and returns
/// the map kernel that writes it with the scratch elements it needs. The copy is
/// `[kept batch axes.., rows, 3, K]` row-major (rows: M for A, N for B), over the batch axes the
/// operand is not broadcast along.
fn split_operand(product: &mut KernelSpec, which: Operand, scratch: usize) -> Option<(PlannedKernel, usize)> {
    let node = product.node.clone();
    let KernelBody::Matmul(m) = &mut product.body else { return None };
    let nb = m.batch.len();
    let operand = if which == Operand::A { &mut m.a } else { &mut m.b };
    let (arg, strides) = operand.as_load()?;
    let strides = strides.to_vec();
    let (rows, row_stride, k_stride) = match which {
        Operand::A => (m.m, strides[nb], strides[nb + 1]),
        Operand::B => (m.n, strides[nb + 1], strides[nb]),
    };
    let kept: Vec<usize> = (0..nb).filter(|&d| m.batch[d] != 1 && strides[d] != 0).collect();
    let mut space: Vec<usize> = kept.iter().map(|&d| m.batch[d]).collect();
    space.extend([rows, 3, m.k]);
    let mut read: Vec<usize> = kept.iter().map(|&d| strides[d]).collect();
    read.extend([row_stride, 0, k_stride]);
    let len: usize = space.iter().product();
    let x = SExpr::Load { arg: 0, strides: read, ty: Ty::F32 };
    let lo = binary(BinaryOp::Sub, x.clone(), cast(x.clone(), Elem::BF16));
    let lo_piece = if which == Operand::A { A_LO_PIECE } else { B_LO_PIECE };
    let piece = binary(BinaryOp::Eq, SExpr::Var(space.len() - 2), SExpr::Const(Const::I32(lo_piece)));
    let scratch_arg =
        |access| KernelArg { buffer: scratch, elem: Elem::BF16, offset: 0, len, access, role: BufferRole::Temp };
    let source = KernelArg { access: Access::Read, ..product.args[arg].clone() };
    let label = if which == Operand::A { "A" } else { "B" };
    let split = KernelSpec {
        node: format!("{node} (bf16x3 split of {label})"),
        args: vec![source, scratch_arg(Access::ReadWrite)],
        uses_uniforms: false,
        body: KernelBody::Map { out: 1, extents: space.clone(), value: select(piece, lo, x), transpose_at: None },
    };
    // The product reads the copy: `[kept.., rows, 3K]`, broadcast axes at stride 0.
    let copy = contiguous_strides(&space);
    let mut s: Vec<usize> = (0..nb).map(|d| kept.iter().position(|&kd| kd == d).map_or(0, |i| copy[i])).collect();
    let row = 3 * m.k;
    s.extend(if which == Operand::A { [row, 1] } else { [1, row] });
    *operand = SExpr::Load { arg: product.args.len(), strides: s, ty: Ty::F32 };
    product.args.push(scratch_arg(Access::Read));
    crate::ir::fuse::compact_args(product, &[arg]);
    Some((PlannedKernel { spec: split, schedule: Schedule::default() }, len))
}

/// Points `product`'s B at weight `w` as stored split (`[.., N, 3K]` bf16).
fn read_split_weight(product: &mut KernelSpec) {
    let KernelBody::Matmul(m) = &mut product.body else { return };
    let nb = m.batch.len();
    let SExpr::Load { arg, strides, .. } = &mut m.b else { return };
    let a = &mut product.args[*arg];
    a.elem = Elem::BF16;
    a.offset *= 3;
    a.len *= 3;
    for s in &mut strides[..nb] {
        *s *= 3;
    }
    strides[nb] = 1;
    strides[nb + 1] = 3 * m.k;
}

/// Buffer `b` as a weight to store split: f32, at least two dims, and every kernel bound to it a
/// split product reading it only as its B, over whole matrices of its last two dims, all in one
/// orientation.
fn stored_split(plan: &Plan, splits: &[bool], b: usize) -> Option<SplitWeight> {
    let buf = &plan.buffers[b];
    if buf.role != BufferRole::Weight || buf.elem != Elem::F32 || buf.shape.len() < 2 {
        return None;
    }
    let (rows, cols) = (buf.shape[buf.shape.len() - 2], buf.shape[buf.shape.len() - 1]);
    let matrix = rows * cols;
    let mut found: Option<SplitWeight> = None;
    for (k, &split) in plan.kernels.iter().zip(splits) {
        if !k.spec.args.iter().any(|a| a.buffer == b) {
            continue;
        }
        let KernelBody::Matmul(m) = &k.spec.body else { return None };
        let (arg, s) = m.b.as_load()?;
        let a = &k.spec.args[arg];
        let mut loads = 0;
        for e in k.spec.body.exprs() {
            e.visit_args(&mut |x| loads += usize::from(k.spec.args[x].buffer == b));
        }
        let bound = k.spec.args.iter().filter(|x| x.buffer == b).count();
        let nb = m.batch.len();
        let n_by_k = match (s[nb], s[nb + 1]) {
            (1, c) if c == cols && (m.n, m.k) == (rows, cols) => true,
            (c, 1) if c == cols && (m.k, m.n) == (rows, cols) => false,
            _ => return None,
        };
        let whole = a.offset.is_multiple_of(matrix)
            && a.len.is_multiple_of(matrix)
            && s[..nb].iter().all(|st| st.is_multiple_of(matrix));
        let same = found.is_none_or(|f| f.n_by_k == n_by_k);
        if !split || a.buffer != b || loads != 1 || bound != 1 || !whole || !same || matrix == 0 {
            return None;
        }
        found = Some(SplitWeight { buffer: b, rows, cols, n_by_k });
    }
    found
}

/// f32 `bytes` of weight `w` as stored split: each matrix as bf16 `N × 3K`, row `n` holding
/// `[hi | hi | lo]` of B's column `n` (`hi` the f32 rounded to bf16, `lo` the rest rounded).
/// Bytes past the last whole matrix are dropped. Rows are split in parallel (MiniLM's 10.6M
/// projection weights: three bf16 each).
pub fn split_bytes(bytes: &[u8], w: &SplitWeight) -> Vec<u8> {
    use rayon::prelude::*;
    let (n, k) = w.n_k();
    let matrix = n * k;
    if matrix == 0 {
        return Vec::new();
    }
    let values: Vec<f32> = bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let matrices = values.len() / matrix;
    let mut out = vec![0u8; matrices * matrix * 6];
    out.par_chunks_mut(6 * k).enumerate().for_each(|(row, dst)| {
        let (src, col) = (&values[row / n * matrix..][..matrix], row % n);
        let at = |kk: usize| if w.n_by_k { src[col * k + kk] } else { src[kk * n + col] };
        let (his, rest) = dst.split_at_mut(2 * k);
        let (his2, los) = rest.split_at_mut(2 * k);
        for kk in 0..k {
            let x = at(kk);
            let hi = half::bf16::from_f32(x);
            let lo = half::bf16::from_f32(x - hi.to_f32());
            his[2 * kk..2 * kk + 2].copy_from_slice(&hi.to_le_bytes());
            his2[2 * kk..2 * kk + 2].copy_from_slice(&hi.to_le_bytes());
            los[2 * kk..2 * kk + 2].copy_from_slice(&lo.to_le_bytes());
        }
    });
    out
}

#[cfg(test)]
#[path = "split_tests.rs"]
mod tests;
