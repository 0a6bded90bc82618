//! Batched strided matrix product `C[b] = alpha·A[b]·B[b] + beta·C[b]` on matrixmultiply + rayon.
//!
//! Every operand is a [`View`]: a buffer plus a [`MatLayout`], so transposes, sub-matrices and
//! broadcast batch dims (stride 0) need no copies. Batch dims over which B is broadcast and A
//! and C step by whole matrices are folded into the rows first (`x[B, T, D] · W` is one
//! `[B·T, D]` product, so W is packed once). The work is cut into tasks of
//! (batch entry, row block, column block) and spread over rayon's pool; each task is one
//! single-threaded `matrixmultiply::sgemm` call, or for a few rows the direct sums of
//! `few_rows`. Accumulation is f32 with FMA in k order
//! within matrixmultiply's k-blocks (256 on x86), each block added into C.

use std::borrow::Cow;

use half::slice::HalfFloatSliceExt;
use half::{bf16, f16};
use rayon::prelude::*;

use super::layout::{check_no_overlap, check_span, Batch, MatLayout, Span, MAX_BATCH_DIMS};
use super::Result;

/// Products smaller than this many flops run on the calling thread (a rayon hand-off costs
/// a few microseconds, about what 1 MFLOP takes).
const PAR_MIN_FLOPS: f64 = 2.0e6;
/// Blocks are multiples of the widest micro-kernel (16×16 for AVX-512) to avoid ragged panels.
const BLOCK_ALIGN: usize = 16;
/// Tasks per thread when a small batch is split. Every task re-packs the operand it shares
/// with the others (matrixmultiply packs per call), which on the MiniLM shapes costs more than
/// the rebalancing that extra tasks allow on a busy machine: one task per thread measured
/// ~10% less CPU time and a lower median wall time than two (`examples/minilm_cpu.rs`).
const TASKS_PER_THREAD: usize = 1;
/// Don't split a matrix into blocks thinner than this (packing overhead dominates below).
const MIN_BLOCK: usize = 64;

/// Problem size: `batch` entries of `[m, k] · [k, n] → [m, n]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GemmDims {
    pub batch: Batch,
    pub m: usize,
    pub k: usize,
    pub n: usize,
}

/// A read-only strided operand.
#[derive(Debug, Clone, Copy)]
pub struct View<'a, T> {
    pub data: &'a [T],
    pub layout: MatLayout,
}

/// The output operand (always f32).
#[derive(Debug)]
pub struct ViewMut<'a> {
    pub data: &'a mut [f32],
    pub layout: MatLayout,
}

impl<'a, T> View<'a, T> {
    pub fn new(data: &'a [T], layout: MatLayout) -> Self {
        Self { data, layout }
    }
}

impl<'a> ViewMut<'a> {
    pub fn new(data: &'a mut [f32], layout: MatLayout) -> Self {
        Self { data, layout }
    }
}

/// `C[b] = alpha·A[b]·B[b] + beta·C[b]` for every batch entry `b`.
///
/// `A` is `[m, k]`, `B` is `[k, n]`, `C` is `[m, n]`, each under its own layout. With
/// `beta == 0` C is write-only (NaN or garbage already in C does not propagate), as in BLAS.
/// f16/bf16 inputs are widened to f32 first (exactly), over the span of the buffer the layout
/// reaches. All sizes, strides and offsets are validated before anything is written: an
/// out-of-bounds operand or a self-overlapping C is an error, never a panic.
pub fn gemm<TA: GemmInput, TB: GemmInput>(
    dims: &GemmDims,
    alpha: f32,
    a: View<'_, TA>,
    b: View<'_, TB>,
    beta: f32,
    c: ViewMut<'_>,
) -> Result<()> {
    let (dims, a, b, c) = fold_batch(dims, a, b, c)?;
    let GemmDims { batch, m, k, n } = dims;
    let batches = batch.count()?;
    let span_a = check_span("gemm operand A", &batch, m, k, &a.layout, a.data.len())?;
    let span_b = check_span("gemm operand B", &batch, k, n, &b.layout, b.data.len())?;
    if check_span("gemm output C", &batch, m, n, &c.layout, c.data.len())?.is_none() {
        return Ok(()); // no output elements
    }
    check_no_overlap("gemm output C", &batch, m, n, &c.layout)?;

    let (a32, la) = widen_span(a, span_a);
    let (b32, lb) = widen_span(b, span_b);
    let plan = Plan::new(batches, m, n, k);
    let job = Job { dims, alpha, beta, a: &a32, la, b: &b32, lb, c: SyncPtr(c.data.as_mut_ptr()), lc: c.layout };
    if plan.tasks() == 1 || plan.serial {
        (0..plan.tasks()).for_each(|t| job.run(plan.task(t)));
    } else {
        (0..plan.tasks()).into_par_iter().for_each(|t| job.run(plan.task(t)));
    }
    Ok(())
}

/// Folds trailing batch dims into the rows where that describes the same elements: B does not
/// move along the dim (stride 0) and A and C step by exactly `m` rows. Dims of extent 1 are
/// dropped. Per-element accumulation is unchanged; only the blocking across tasks differs.
fn fold_batch<'a, 'b, TA, TB>(
    dims: &GemmDims,
    mut a: View<'a, TA>,
    mut b: View<'a, TB>,
    mut c: ViewMut<'b>,
) -> Result<(GemmDims, View<'a, TA>, View<'a, TB>, ViewMut<'b>)> {
    let mut extents: Vec<usize> = dims.batch.extents().to_vec();
    let mut m = dims.m;
    let mut d = extents.len();
    while d > 0 {
        d -= 1;
        let e = extents[d];
        let (sa, sb, sc) = (a.layout.batch_strides[d], b.layout.batch_strides[d], c.layout.batch_strides[d]);
        let fits = |stride: isize, row: isize| isize::try_from(m).ok().and_then(|m| m.checked_mul(row)) == Some(stride);
        let inner = d + 1 == extents.len();
        let fold =
            e == 1 || (inner && m > 0 && sb == 0 && fits(sa, a.layout.row_stride) && fits(sc, c.layout.row_stride));
        if !fold {
            continue;
        }
        if e != 1 {
            m = m.checked_mul(e).ok_or(super::KernelError::SizeOverflow { what: "gemm rows" })?;
        }
        extents.remove(d);
        for l in [&mut a.layout.batch_strides, &mut b.layout.batch_strides, &mut c.layout.batch_strides] {
            l.copy_within(d + 1.., d);
            l[MAX_BATCH_DIMS - 1] = 0;
        }
    }
    let batch = Batch::new(&extents)?;
    Ok((GemmDims { batch, m, ..*dims }, a, b, c))
}

/// Widen the reached span of an operand to f32 and rebase its layout onto that span.
fn widen_span<'a, T: GemmInput>(v: View<'a, T>, span: Option<Span>) -> (Cow<'a, [f32]>, MatLayout) {
    match span {
        // No element is read (k == 0): an empty buffer; pointers into it are never dereferenced.
        None => (Cow::Borrowed(&[]), v.layout.with_offset(0)),
        Some(Span { lo, hi }) => (T::widen(&v.data[lo..=hi]), v.layout.with_offset(v.layout.offset - lo)),
    }
}

/// One unit of work: a block of C in one batch entry.
#[derive(Debug, Clone, Copy)]
struct Task {
    batch: usize,
    m0: usize,
    m_len: usize,
    n0: usize,
    n_len: usize,
}

/// How C is cut into tasks.
#[derive(Debug, Clone, Copy)]
struct Plan {
    batches: usize,
    m: usize,
    n: usize,
    m_block: usize,
    n_block: usize,
    serial: bool,
}

impl Plan {
    fn new(batches: usize, m: usize, n: usize, k: usize) -> Self {
        let flops = 2.0 * batches as f64 * m as f64 * n as f64 * k as f64;
        let threads = rayon::current_num_threads().max(1);
        let serial = threads == 1 || flops < PAR_MIN_FLOPS;
        let (mut m_block, mut n_block) = (m.max(1), n.max(1));
        let want = threads * TASKS_PER_THREAD;
        if !serial && batches < want {
            let splits = want.div_ceil(batches);
            // Splitting M makes every task re-pack all of B (k·n), splitting N re-packs A
            // (m·k): cut the dimension whose counterpart operand is cheaper to repeat.
            if m >= n {
                m_block = block_len(m, splits);
            } else {
                n_block = block_len(n, splits);
            }
        }
        Self { batches, m, n, m_block, n_block, serial }
    }

    fn m_blocks(&self) -> usize {
        self.m.div_ceil(self.m_block)
    }

    fn n_blocks(&self) -> usize {
        self.n.div_ceil(self.n_block)
    }

    fn tasks(&self) -> usize {
        self.batches * self.m_blocks() * self.n_blocks()
    }

    fn task(&self, t: usize) -> Task {
        let nb = t % self.n_blocks();
        let rest = t / self.n_blocks();
        let mb = rest % self.m_blocks();
        let batch = rest / self.m_blocks();
        let (m0, n0) = (mb * self.m_block, nb * self.n_block);
        Task { batch, m0, m_len: self.m_block.min(self.m - m0), n0, n_len: self.n_block.min(self.n - n0) }
    }
}

/// Length of each of `splits` blocks over `len`, aligned, and no thinner than `MIN_BLOCK`.
fn block_len(len: usize, splits: usize) -> usize {
    let raw = len.div_ceil(splits).max(MIN_BLOCK);
    raw.div_ceil(BLOCK_ALIGN) * BLOCK_ALIGN
}

/// The output base pointer, shared by the tasks.
#[derive(Debug, Clone, Copy)]
struct SyncPtr(*mut f32);

// SAFETY: tasks write through this pointer only to the C elements of their own (batch, row
// block, column block); `check_no_overlap` proved distinct logical elements are distinct memory,
// so no two threads ever touch the same element, and the `&mut` borrow of C outlives the tasks.
unsafe impl Send for SyncPtr {}
// SAFETY: as above; the pointer itself is only read.
unsafe impl Sync for SyncPtr {}

/// Everything a task needs, validated.
struct Job<'a> {
    dims: GemmDims,
    alpha: f32,
    beta: f32,
    a: &'a [f32],
    la: MatLayout,
    b: &'a [f32],
    lb: MatLayout,
    c: SyncPtr,
    lc: MatLayout,
}

impl Job<'_> {
    fn run(&self, t: Task) {
        let batch = &self.dims.batch;
        let (la, lb, lc) = (&self.la, &self.lb, &self.lc);
        let a_off = la.offset as isize + batch.offset_of(&la.batch_strides, t.batch) + t.m0 as isize * la.row_stride;
        let b_off = lb.offset as isize + batch.offset_of(&lb.batch_strides, t.batch) + t.n0 as isize * lb.col_stride;
        let c_off = lc.offset as isize
            + batch.offset_of(&lc.batch_strides, t.batch)
            + t.m0 as isize * lc.row_stride
            + t.n0 as isize * lc.col_stride;
        // wrapping_offset: with k == 0 the A/B buffers are empty and the pointers are never
        // dereferenced; otherwise the offsets are reachable elements (see `layout`).
        if t.m_len <= super::few_rows::FEW_ROWS {
            let few = super::few_rows::FewRows {
                a: self.a,
                a_off,
                a_strides: (la.row_stride, la.col_stride),
                b: self.b,
                b_off,
                b_strides: (lb.row_stride, lb.col_stride),
                m: t.m_len,
                k: self.dims.k,
                n: t.n_len,
            };
            if let Some(ab) = few.product() {
                self.store(&ab, t, c_off);
                return;
            }
        }
        let a_ptr = self.a.as_ptr().wrapping_offset(a_off);
        let b_ptr = self.b.as_ptr().wrapping_offset(b_off);
        let c_ptr = self.c.0.wrapping_offset(c_off);
        // SAFETY: `check_span` proved that every element of A[b] (m×k), B[b] (k×n) and C[b]
        // (m×n) lies inside its buffer; this block is a subset of those elements. A and B are
        // shared borrows that C (a unique borrow) cannot alias, C does not overlap itself, and
        // tasks own disjoint blocks of C (see `SyncPtr`). sgemm reads A/B only within the
        // m_len×k and k×n_len blocks and, for k == 0, touches only C.
        unsafe {
            matrixmultiply::sgemm(
                t.m_len,
                self.dims.k,
                t.n_len,
                self.alpha,
                a_ptr,
                la.row_stride,
                la.col_stride,
                b_ptr,
                lb.row_stride,
                lb.col_stride,
                self.beta,
                c_ptr,
                lc.row_stride,
                lc.col_stride,
            );
        }
    }
}

impl Job<'_> {
    /// `C = alpha·AB + beta·C` over the task's block, `ab` its `[m_len, n_len]` product.
    fn store(&self, ab: &[f32], t: Task, c_off: isize) {
        let lc = &self.lc;
        for (i, row) in ab.chunks_exact(t.n_len.max(1)).enumerate() {
            for (j, &v) in row.iter().enumerate() {
                let at = c_off + i as isize * lc.row_stride + j as isize * lc.col_stride;
                let c = self.c.0.wrapping_offset(at);
                // SAFETY: (i, j) is an element of this task's block of C, inside C's buffer
                // (`check_span`), written by this task only (see `SyncPtr`); with `beta == 0` C
                // is not read, as in BLAS.
                unsafe { *c = if self.beta == 0.0 { self.alpha * v } else { self.alpha * v + self.beta * *c } };
            }
        }
    }
}

/// An input element type of [`gemm`]. Products always run in f32: narrower types are widened
/// exactly (f16 and bf16 are subsets of f32) before the f32 kernel sees them.
pub trait GemmInput: Copy + Send + Sync + 'static {
    /// The elements as f32: borrowed when they already are, else a widened copy.
    fn widen(src: &[Self]) -> Cow<'_, [f32]>;
}

impl GemmInput for f32 {
    fn widen(src: &[Self]) -> Cow<'_, [f32]> {
        Cow::Borrowed(src)
    }
}

impl GemmInput for f16 {
    fn widen(src: &[Self]) -> Cow<'_, [f32]> {
        let mut dst = vec![0.0f32; src.len()];
        src.convert_to_f32_slice(&mut dst);
        Cow::Owned(dst)
    }
}

impl GemmInput for bf16 {
    fn widen(src: &[Self]) -> Cow<'_, [f32]> {
        let mut dst = vec![0.0f32; src.len()];
        src.convert_to_f32_slice(&mut dst);
        Cow::Owned(dst)
    }
}
