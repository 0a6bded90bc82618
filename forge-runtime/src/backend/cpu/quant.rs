//! Products whose B is a block-format weight (GGUF `q4_0 q4_1 q8_0`) on the host: each block is
//! decoded once per product into a few floats on the stack and used at once, so the weight is
//! never widened to f32 in memory. B lies as GGUF stores it, `[N, K]` rows read through
//! `transpose` (blocks along K), or as `[K, N]` (blocks along N).

use super::eval::Env;
use super::store::Store;
use crate::elem::{dequant_block, Elem};
use crate::ir::{MatmulBody, SExpr};
use rayon::prelude::*;

/// Values per block of every block format.
const BLOCK: usize = 32;
/// Partial sums a product keeps per output (one 8-lane vector).
const LANES: usize = 8;

/// B as block-format rows: `rows` rows of `cols` values from byte `start` of `bytes`.
struct BlockRows<'a> {
    elem: Elem,
    bytes: &'a [u8],
    start: usize,
    cols: usize,
}

impl BlockRows<'_> {
    /// The bytes of the block holding values `col .. col + 32` of row `r` (`None` past the end).
    #[inline(always)]
    fn bytes_of(&self, r: usize, col: usize) -> Option<&[u8]> {
        let size = self.elem.block_bytes();
        let at = self.start + (r * self.cols + col) / BLOCK * size;
        self.bytes.get(at..at + size)
    }

    /// Decodes values `col .. col + 32` of row `r` into `out`.
    #[inline(always)]
    fn block(&self, r: usize, col: usize, out: &mut [f32; BLOCK]) {
        match self.bytes_of(r, col) {
            Some(block) => dequant_block(self.elem, block, out),
            None => out.fill(f32::NAN),
        }
    }
}

/// `c = A · B` (`c` contiguous `[rows, n]`, `a` contiguous `[rows, k]`) where `b` is a plain load
/// of a block-format buffer shared by every batch entry; `None` where `b` is not such a load (the
/// caller evaluates it instead).
pub(super) fn block_product(env: &Env<'_>, m: &MatmulBody, b: &SExpr, a: &[f32], c: &mut [f32]) -> Option<()> {
    let (arg, strides) = b.as_load()?;
    let nb = strides.len().checked_sub(2)?;
    if strides[..nb].iter().any(|&s| s != 0) {
        return None;
    }
    let karg = env.spec.args.get(arg)?;
    let Store::Blocks { elem, bytes, .. } = env.mem.get(karg.buffer)? else { return None };
    if !karg.offset.is_multiple_of(BLOCK) {
        return None;
    }
    let (k, n) = (m.k, m.n);
    let rows = a.len() / k.max(1);
    if c.len() != rows * n || rows * k != a.len() {
        return None;
    }
    let start = elem.bytes_for(karg.offset);
    match (strides[nb], strides[nb + 1]) {
        // `transpose(w)` of `w: [N, K]`: row `j` of `w` is column `j` of B.
        (1, s) if s == k && k.is_multiple_of(BLOCK) => {
            let w = BlockRows { elem: *elem, bytes, start, cols: k };
            transposed(&w, a, c, rows, k, n);
            Some(())
        }
        // `w: [K, N]`: row `p` of `w` is row `p` of B.
        (s, 1) if s == n && n.is_multiple_of(BLOCK) => {
            let w = BlockRows { elem: *elem, bytes, start, cols: n };
            direct(&w, a, c, rows, k, n);
            Some(())
        }
        _ => None,
    }
}

/// `c[i, j] = sum_p a[i, p] · w[j, p]`, in parallel over output columns.
fn transposed(w: &BlockRows<'_>, a: &[f32], c: &mut [f32], rows: usize, k: usize, n: usize) {
    let per_task = 16usize;
    let sums: Vec<Vec<f32>> = (0..n.div_ceil(per_task))
        .into_par_iter()
        .map(|t| {
            let cols = t * per_task..((t + 1) * per_task).min(n);
            let mut out = vec![0.0f32; rows * cols.len()];
            column_sums_best(w, a, rows, k, cols, &mut out);
            out
        })
        .collect();
    for (t, part) in sums.iter().enumerate() {
        let first = t * per_task;
        let width = part.len() / rows.max(1);
        for i in 0..rows {
            c[i * n + first..i * n + first + width].copy_from_slice(&part[i * width..(i + 1) * width]);
        }
    }
}

/// The sums of columns `cols` of `transposed` into `out` (`[rows, cols.len()]`), with the
/// machine's widest vectors where the processor has them.
fn column_sums_best(
    w: &BlockRows<'_>,
    a: &[f32],
    rows: usize,
    k: usize,
    cols: std::ops::Range<usize>,
    out: &mut [f32],
) {
    #[cfg(target_arch = "x86_64")]
    if rows == 1 && super::quant_x512::available() {
        // SAFETY: the processor has AVX-512 F and BW and F16C (checked just above).
        unsafe { super::quant_x512::one_row_sums(w.elem, w.bytes, w.start, k, a, cols, out) };
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if super::quant_x86::available() {
        if rows == 1 {
            // SAFETY: the processor has AVX2, FMA and F16C (checked just above), all it needs.
            unsafe { super::quant_x86::one_row_sums(w.elem, w.bytes, w.start, k, a, cols, out) };
        } else {
            // SAFETY: as above.
            unsafe { column_sums_avx2(w, a, rows, k, cols, out) };
        }
        return;
    }
    column_sums(a, rows, k, cols, out, |r, col, vals| w.block(r, col, vals));
}

/// [`column_sums`] compiled for AVX2 and FMA (the same arithmetic, eight lanes at a time), blocks
/// decoded in vectors.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
fn column_sums_avx2(
    w: &BlockRows<'_>,
    a: &[f32],
    rows: usize,
    k: usize,
    cols: std::ops::Range<usize>,
    out: &mut [f32],
) {
    // A missing block is an empty slice, which `decode_into` fills with NaN.
    let decode = |r: usize, col: usize, out: &mut [f32; BLOCK]| {
        super::quant_x86::decode_into(w.elem, w.bytes_of(r, col).unwrap_or(&[]), out)
    };
    column_sums(a, rows, k, cols, out, decode);
}

#[inline(always)]
fn column_sums(
    a: &[f32],
    rows: usize,
    k: usize,
    cols: std::ops::Range<usize>,
    out: &mut [f32],
    decode: impl Fn(usize, usize, &mut [f32; BLOCK]),
) {
    let width = cols.len();
    let mut vals = [0.0f32; BLOCK];
    let reduce = super::fast::reduce::fold8;
    if rows == 1 {
        // Decoding: the running sums stay in a register.
        for (jj, j) in cols.enumerate() {
            let mut lanes = [0.0f32; LANES];
            for p0 in (0..k).step_by(BLOCK) {
                decode(j, p0, &mut vals);
                for (xs, vs) in a[p0..p0 + BLOCK].chunks_exact(LANES).zip(vals.chunks_exact(LANES)) {
                    for l in 0..LANES {
                        lanes[l] += xs[l] * vs[l];
                    }
                }
            }
            out[jj] = reduce(&lanes);
        }
        return;
    }
    // Eight running sums a row (one vector register), added up once a column.
    let mut acc = vec![[0.0f32; LANES]; rows];
    for (jj, j) in cols.enumerate() {
        acc.iter_mut().for_each(|lanes| *lanes = [0.0; LANES]);
        for p0 in (0..k).step_by(BLOCK) {
            decode(j, p0, &mut vals);
            for (i, lanes) in acc.iter_mut().enumerate() {
                let row = &a[i * k + p0..i * k + p0 + BLOCK];
                for (xs, vs) in row.chunks_exact(LANES).zip(vals.chunks_exact(LANES)) {
                    for l in 0..LANES {
                        lanes[l] += xs[l] * vs[l];
                    }
                }
            }
        }
        for (i, lanes) in acc.iter().enumerate() {
            out[i * width + jj] = reduce(lanes);
        }
    }
}

/// `c[i, j] = sum_p a[i, p] · w[p, j]`, in parallel over blocks of output columns.
fn direct(w: &BlockRows<'_>, a: &[f32], c: &mut [f32], rows: usize, k: usize, n: usize) {
    let parts: Vec<Vec<f32>> = (0..n / BLOCK)
        .into_par_iter()
        .map(|blk| {
            let mut out = vec![0.0f32; rows * BLOCK];
            let mut vals = [0.0f32; BLOCK];
            for p in 0..k {
                w.block(p, blk * BLOCK, &mut vals);
                for i in 0..rows {
                    let x = a[i * k + p];
                    for (o, v) in out[i * BLOCK..(i + 1) * BLOCK].iter_mut().zip(&vals) {
                        *o += x * v;
                    }
                }
            }
            out
        })
        .collect();
    for (blk, part) in parts.iter().enumerate() {
        for i in 0..rows {
            c[i * n + blk * BLOCK..i * n + (blk + 1) * BLOCK].copy_from_slice(&part[i * BLOCK..(i + 1) * BLOCK]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{column_sums_best, BlockRows, BLOCK};
    use crate::elem::{dequant_block, synthetic_blocks, Elem};

    /// A little xorshift generator.
    fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed | 1;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    /// The products through the processor's best path (AVX-512, AVX2 or portable) against
    /// f64 sums of the decoded weights: random codes, scales, minimums and activations, one
    /// row (decoding) and several, column counts that leave tails after the groups.
    #[test]
    fn column_sums_match_decoded_f64_sums() {
        let mut next = rng(0x5eed);
        let mut unit = move || ((next() >> 40) as f32 / (1u64 << 24) as f32) - 0.5;
        for elem in [Elem::Q4_0, Elem::Q4_1, Elem::Q8_0] {
            for (rows, k, n) in [(1, 32, 1), (1, 64, 7), (1, 576, 13), (1, 160, 4), (3, 96, 9)] {
                let mut codes = rng(n as u64 * 977 + k as u64);
                let mut bytes = synthetic_blocks(elem, k * n, 1.0, 1.0, || (codes() >> 11) as u8);
                let size = elem.block_bytes();
                for block in bytes.chunks_mut(size) {
                    block[..2].copy_from_slice(&half::f16::from_f32(0.05 * unit()).to_le_bytes());
                    if elem == Elem::Q4_1 {
                        block[2..4].copy_from_slice(&half::f16::from_f32(unit()).to_le_bytes());
                    }
                }
                let a: Vec<f32> = (0..rows * k).map(|_| unit()).collect();
                let w = BlockRows { elem, bytes: &bytes, start: 0, cols: k };
                let mut out = vec![0.0f32; rows * n];
                column_sums_best(&w, &a, rows, k, 0..n, &mut out);
                for (at, got) in out.iter().enumerate() {
                    let (i, j) = (at / n, at % n);
                    let (mut want, mut mag) = (0.0f64, 0.0f64);
                    for b in 0..k / BLOCK {
                        let mut vals = [0.0f32; BLOCK];
                        let from = (j * k / BLOCK + b) * size;
                        dequant_block(elem, &bytes[from..from + size], &mut vals);
                        for (x, v) in a[i * k + b * BLOCK..i * k + (b + 1) * BLOCK].iter().zip(vals) {
                            want += f64::from(*x) * f64::from(v);
                            mag += (f64::from(*x) * f64::from(v)).abs();
                        }
                    }
                    let tol = k as f64 * f64::from(f32::EPSILON) * mag;
                    assert!(
                        mag > 0.0 && (f64::from(*got) - want).abs() <= tol,
                        "{elem:?} {rows}x{k}x{n} [{i}, {j}]: {got} vs {want}"
                    );
                }
            }
        }
    }
}
