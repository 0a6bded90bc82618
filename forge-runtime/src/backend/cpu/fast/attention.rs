//! Scaled dot-product attention over strided q/k/v (head-split views need no copy).
//!
//! For each (batch entry, block of query rows): `S = scale·Q·Kᵀ (+ mask)`, causal entries set to
//! −inf, a row softmax (see [`crate::reduce::softmax_row`]), then `O = S·V`. Both products are
//! single-threaded sgemm calls on the strided inputs; the (batch, query block) tasks run on
//! rayon. Only a `rows × Tk` score block is materialised per task, capped in size.
//!
//! Semantics (the GPU templates'): `softmax(q·kᵀ·scale + mask)·v`. A causal mask hides key `j`
//! from query `i` when `j > i + (Tk − Tq)` (bottom-right aligned; top-left when `Tq > Tk`). A
//! query whose keys are all masked (every score −inf, or none visible) gives a NaN row; NaN or
//! +inf scores make their row NaN.

use rayon::prelude::*;

use super::gemm::View;
use super::layout::{check_span, mul, Batch, MatLayout};
use super::reduce::softmax_row;
use super::{KernelError, Result};

/// Largest score block a task materialises (floats): 4 MiB.
const MAX_SCORE_ELEMS: usize = 1 << 20;
/// Query rows per block are no fewer than this (keeps the sgemm calls efficient).
const MIN_Q_BLOCK: usize = 16;
/// Below this many flops, run on the calling thread.
const PAR_MIN_FLOPS: f64 = 1.0e6;

/// Sizes: `batch` entries (e.g. `[B, H]`) of `q [Tq, E]`, `k [Tk, E]`, `v [Tk, Ev]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AttentionDims {
    pub batch: Batch,
    pub tq: usize,
    pub tk: usize,
    pub e: usize,
    pub ev: usize,
}

/// Inputs of [`attention`]; each layout's rows are the sequence axis, columns the feature axis.
#[derive(Debug, Clone, Copy)]
pub struct AttentionArgs<'a> {
    pub q: View<'a, f32>,
    pub k: View<'a, f32>,
    pub v: View<'a, f32>,
    /// Additive mask viewed as `[.., Tq, Tk]` (stride 0 on broadcast dims).
    pub mask: Option<View<'a, f32>>,
    /// Hide key `j` from query `i` when `j > i + (Tk − Tq)` (saturating).
    pub causal: bool,
    pub scale: f32,
}

/// Attention into `out`, contiguous `[.., Tq, Ev]` (batch entries row-major over `dims.batch`).
pub fn attention(dims: &AttentionDims, args: &AttentionArgs<'_>, out: &mut [f32]) -> Result<()> {
    let AttentionDims { batch, tq, tk, e, ev } = *dims;
    let batches = batch.count()?;
    let expected = mul("attention output", mul("attention output", batches, tq)?, ev)?;
    if out.len() != expected {
        return Err(KernelError::LengthMismatch { operand: "attention output", expected, actual: out.len() });
    }
    let operands = [("attention q", tq, e, &args.q), ("attention k", tk, e, &args.k), ("attention v", tk, ev, &args.v)];
    for (name, rows, cols, view) in operands {
        check_span(name, &batch, rows, cols, &view.layout, view.data.len())?;
    }
    if let Some(m) = &args.mask {
        check_span("attention mask", &batch, tq, tk, &m.layout, m.data.len())?;
    }
    if out.is_empty() {
        return Ok(());
    }
    let scale = args.scale;
    let job = Job { batch, tq, tk, e, ev, scale, args };

    let threads = rayon::current_num_threads().max(1);
    let flops = 2.0 * batches as f64 * tq as f64 * tk as f64 * (e + ev) as f64;
    let serial = threads == 1 || flops < PAR_MIN_FLOPS;
    let want = threads * 4;
    let mut q_block = if serial || batches >= want { tq } else { tq.div_ceil(want.div_ceil(batches)).max(MIN_Q_BLOCK) };
    q_block = q_block.min(MAX_SCORE_ELEMS / tk.max(1)).max(1);

    let mut tasks: Vec<(usize, usize, &mut [f32])> = Vec::new();
    for (b, per_batch) in out.chunks_mut(tq * ev).enumerate() {
        for (blk, o) in per_batch.chunks_mut(q_block * ev).enumerate() {
            tasks.push((b, blk * q_block, o));
        }
    }
    if serial {
        let mut scratch = Scratch::default();
        for (b, i0, o) in tasks {
            job.run(b, i0, o, &mut scratch);
        }
    } else {
        tasks
            .into_par_iter()
            .with_max_len(1)
            .for_each_init(Scratch::default, |scratch, (b, i0, o)| job.run(b, i0, o, scratch));
    }
    Ok(())
}

/// Validated arguments shared by the tasks.
struct Job<'a> {
    batch: Batch,
    tq: usize,
    tk: usize,
    e: usize,
    ev: usize,
    scale: f32,
    args: &'a AttentionArgs<'a>,
}

/// Element index of `[b, row, 0]` under `layout` (a validated, reachable element unless the
/// operand has no columns; callers use it with `wrapping_offset` or for in-bounds indexing).
fn base(batch: &Batch, layout: &MatLayout, b: usize, row: usize) -> isize {
    layout.offset as isize + batch.offset_of(&layout.batch_strides, b) + row as isize * layout.row_stride
}

impl Job<'_> {
    /// Keys query `i` sees under the causal mask: `min(Tk, i + (Tk − Tq) + 1)`, saturating.
    fn visible(&self, i: usize) -> usize {
        (i + self.tk.saturating_sub(self.tq) + 1).min(self.tk)
    }

    /// Output rows `i0 .. i0 + out.len()/ev` of batch entry `b`.
    fn run(&self, b: usize, i0: usize, out: &mut [f32], scratch: &mut Scratch) {
        let Scratch { scores, hidden } = scratch;
        let rows = out.len() / self.ev;
        // With a causal mask, keys past the block's last query are masked for every row.
        let keys = if self.args.causal { self.visible(i0 + rows - 1) } else { self.tk };
        if keys == 0 {
            out.fill(f32::NAN);
            return;
        }
        scores.clear();
        scores.resize(rows * keys, 0.0);
        let (q, k, v) = (&self.args.q, &self.args.k, &self.args.v);
        let q_ptr = q.data.as_ptr().wrapping_offset(base(&self.batch, &q.layout, b, i0));
        let k_ptr = k.data.as_ptr().wrapping_offset(base(&self.batch, &k.layout, b, 0));
        // SAFETY: check_span proved q[b, 0..Tq, 0..E] and k[b, 0..Tk, 0..E] in bounds; this
        // reads q rows i0..i0+rows and k rows 0..keys (keys <= Tk), all E columns; with E == 0
        // sgemm reads neither and only zero-fills C. C is the local `scores`, rows×keys dense.
        unsafe {
            matrixmultiply::sgemm(
                rows,
                self.e,
                keys,
                self.scale,
                q_ptr,
                q.layout.row_stride,
                q.layout.col_stride,
                k_ptr,
                k.layout.col_stride,
                k.layout.row_stride,
                0.0,
                scores.as_mut_ptr(),
                keys as isize,
                1,
            );
        }
        // Keys masked with −inf contribute nothing on the GPUs, not even `0 · v` (which is NaN
        // when v is not finite): when some v is not finite, remember which scores were −inf.
        let exact = !self.v_finite(b, keys);
        hidden.clear();
        for (r, row) in scores.chunks_mut(keys).enumerate() {
            let i = i0 + r;
            if let Some(m) = &self.args.mask {
                // In bounds: [b, i, j] with i < Tq, j < keys <= Tk was validated, so `start`
                // and `start + (keys-1)·col_stride` are elements of the mask buffer.
                let start = base(&self.batch, &m.layout, b, i) as usize;
                match m.layout.col_stride {
                    1 => {
                        let mrow = &m.data[start..start + keys];
                        row.iter_mut().zip(mrow).for_each(|(s, &v)| *s += v);
                    }
                    0 => {
                        let v = m.data[start];
                        row.iter_mut().for_each(|s| *s += v);
                    }
                    cs => {
                        for (j, s) in row.iter_mut().enumerate() {
                            *s += m.data[(start as isize + j as isize * cs) as usize];
                        }
                    }
                }
            }
            // Causal: hidden keys get weight 0. The softmax runs over the row's own visible
            // prefix, so the result does not depend on how query rows were blocked; a row with
            // no visible key is NaN (softmax of nothing: 0 / 0).
            let valid = if self.args.causal { self.visible(i) } else { keys };
            if exact {
                hidden.extend(row.iter().enumerate().map(|(j, &s)| j >= valid || s == f32::NEG_INFINITY));
            }
            softmax_row(&mut row[..valid]);
            row[valid..].fill(if valid == 0 { f32::NAN } else { 0.0 });
        }
        if exact {
            self.weighted_sum_skipping(b, keys, scores, hidden, out);
            return;
        }
        let v_ptr = v.data.as_ptr().wrapping_offset(base(&self.batch, &v.layout, b, 0));
        // SAFETY: v[b, 0..Tk, 0..Ev] was validated and this reads rows 0..keys (<= Tk), all Ev
        // columns; `scores` holds rows×keys floats; `out` is a unique rows×Ev dense slice.
        unsafe {
            matrixmultiply::sgemm(
                rows,
                keys,
                self.ev,
                1.0,
                scores.as_ptr(),
                keys as isize,
                1,
                v_ptr,
                v.layout.row_stride,
                v.layout.col_stride,
                0.0,
                out.as_mut_ptr(),
                self.ev as isize,
                1,
            );
        }
    }

    /// Row `[b, j, ..]` of v (validated in bounds for `j < Tk`).
    fn v_row(&self, b: usize, j: usize) -> impl Iterator<Item = f32> + '_ {
        let v = &self.args.v;
        let start = base(&self.batch, &v.layout, b, j);
        (0..self.ev).map(move |d| v.data[(start + d as isize * v.layout.col_stride) as usize])
    }

    /// Whether v's rows `0..keys` of batch entry `b` are all finite.
    fn v_finite(&self, b: usize, keys: usize) -> bool {
        (0..keys).all(|j| self.v_row(b, j).all(f32::is_finite))
    }

    /// `out = P · V` skipping the keys in `hidden` (per row), the GPU's loop order aside.
    fn weighted_sum_skipping(&self, b: usize, keys: usize, p: &[f32], hidden: &[bool], out: &mut [f32]) {
        for ((o, pr), hr) in out.chunks_mut(self.ev).zip(p.chunks(keys)).zip(hidden.chunks(keys)) {
            // Nothing visible: 0 / 0, as on the GPUs.
            o.fill(if hr.iter().all(|&h| h) { f32::NAN } else { 0.0 });
            for (j, (&pj, &h)) in pr.iter().zip(hr).enumerate() {
                if !h {
                    o.iter_mut().zip(self.v_row(b, j)).for_each(|(od, vd)| *od += pj * vd);
                }
            }
        }
    }
}

/// Per-task buffers: the score block and, on the exact path, which scores are hidden.
#[derive(Default)]
struct Scratch {
    scores: Vec<f32>,
    hidden: Vec<bool>,
}

/// Each query row's log-sum-exp of its scores, `ln Σ_j e^(s_j)` over the keys it sees
/// (`-inf` where it sees none or every score is `-inf`), contiguous `[.., Tq]`: what the first
/// of a split decoding attention's two attentions leaves for the second (`ir::fuse::split_keys`).
pub fn log_sum_exps(dims: &AttentionDims, args: &AttentionArgs<'_>, out: &mut [f32]) -> Result<()> {
    let AttentionDims { batch, tq, tk, e, .. } = *dims;
    let expected = mul("attention log-sum-exps", batch.count()?, tq)?;
    if out.len() != expected {
        return Err(KernelError::LengthMismatch { operand: "attention log-sum-exps", expected, actual: out.len() });
    }
    check_span("attention q", &batch, tq, e, &args.q.layout, args.q.data.len())?;
    check_span("attention k", &batch, tk, e, &args.k.layout, args.k.data.len())?;
    if let Some(m) = &args.mask {
        check_span("attention mask", &batch, tq, tk, &m.layout, m.data.len())?;
    }
    // In bounds: [b, row, col] within the spans just checked.
    let at = |view: &View<'_, f32>, b: usize, row: usize, col: usize| {
        view.data[(base(&batch, &view.layout, b, row) + col as isize * view.layout.col_stride) as usize]
    };
    let mut scores = Vec::with_capacity(tk);
    for (flat, o) in out.iter_mut().enumerate() {
        let (b, i) = (flat / tq.max(1), flat % tq.max(1));
        let visible = if args.causal { (i + tk.saturating_sub(tq) + 1).min(tk) } else { tk };
        scores.clear();
        scores.extend((0..visible).map(|j| {
            let dot: f32 = (0..e).map(|d| at(&args.q, b, i, d) * at(&args.k, b, j, d)).sum();
            dot * args.scale + args.mask.as_ref().map_or(0.0, |m| at(m, b, i, j))
        }));
        let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        *o =
            if top == f32::NEG_INFINITY { top } else { top + scores.iter().map(|s| (s - top).exp()).sum::<f32>().ln() };
    }
    Ok(())
}
