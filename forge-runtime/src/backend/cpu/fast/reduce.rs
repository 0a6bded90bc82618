//! Single-row f32 reductions in a fixed blocked-pairwise order, shared by the row kernels and
//! attention, plus the vectorisable `exp` of softmax.
//!
//! Summation order (the documented semantics): a row is split recursively in halves at
//! multiples of `BLOCK` (256) elements until a piece has at most 256; inside a piece, lane
//! `l` of 16 accumulates elements `l, l+16, l+32, …` in order, and the 16 lanes are folded as
//! a tree (`l += l+8`, then `+4`, `+2`, `+1`); pieces are added pairwise back up the recursion.
//! This mirrors a GPU workgroup (strided per-thread partial sums, then a tree), vectorises, and
//! keeps the error O((16 + log2(n/256))·ε) instead of the O(n·ε) of a plain loop.

/// Lanes of the inner accumulators (one AVX-512 register, two AVX ones).
const LANES: usize = 16;
/// Largest piece summed by lanes alone.
const BLOCK: usize = 256;

/// Sum of `f(x)` over the row, in the blocked-pairwise order.
#[inline]
pub fn sum_map(x: &[f32], f: impl Fn(f32) -> f32 + Copy) -> f32 {
    // Short rows (the common case) skip the recursion so the lane loop inlines.
    if x.len() <= BLOCK {
        lane_sum(x, f)
    } else {
        split_sum(x, f)
    }
}

fn split_sum(x: &[f32], f: impl Fn(f32) -> f32 + Copy) -> f32 {
    if x.len() <= BLOCK {
        return lane_sum(x, f);
    }
    // Left half rounded up to whole blocks, so pieces stay block-aligned.
    let half = (x.len() / 2).div_ceil(BLOCK) * BLOCK;
    let (lo, hi) = x.split_at(half);
    split_sum(lo, f) + split_sum(hi, f)
}

/// Eight running sums added pairwise (`l + l+4`, then across), the fold the products' 8-lane
/// accumulators share.
#[inline(always)]
pub fn fold8(l: &[f32; 8]) -> f32 {
    ((l[0] + l[4]) + (l[1] + l[5])) + ((l[2] + l[6]) + (l[3] + l[7]))
}

/// Sum of the row (blocked-pairwise order).
#[inline]
pub fn sum(x: &[f32]) -> f32 {
    sum_map(x, |v| v)
}

/// The last partial chunk padded to `LANES` with `pad`, and how many entries are real. Padding
/// lets the tail go through the same vector code as full chunks.
#[inline(always)]
fn padded_tail(tail: &[f32], pad: f32) -> ([f32; LANES], usize) {
    let mut t = [pad; LANES];
    t[..tail.len()].copy_from_slice(tail);
    (t, tail.len())
}

#[inline]
fn lane_sum(x: &[f32], f: impl Fn(f32) -> f32 + Copy) -> f32 {
    let mut acc = [0.0f32; LANES];
    let chunks = x.chunks_exact(LANES);
    let (tail, n) = padded_tail(chunks.remainder(), 0.0);
    for c in chunks {
        for l in 0..LANES {
            acc[l] += f(c[l]);
        }
    }
    // Padding lanes add +0.0, which leaves a lane (never −0.0: it starts at +0.0) unchanged.
    for l in 0..LANES {
        acc[l] += if l < n { f(tail[l]) } else { 0.0 };
    }
    let mut width = LANES / 2;
    while width > 0 {
        for l in 0..width {
            acc[l] += acc[l + width];
        }
        width /= 2;
    }
    acc[0]
}

/// NaN-sticky maximum step: NaN once any input was NaN, else the larger value.
#[inline(always)]
fn max_step(acc: f32, v: f32) -> f32 {
    if (v > acc) | v.is_nan() {
        v
    } else {
        acc
    }
}

/// Maximum of the row; −inf for an empty row; NaN if any element is NaN (NaN propagates, as
/// `torch.max` does).
#[inline]
pub fn max(x: &[f32]) -> f32 {
    let mut acc = [f32::NEG_INFINITY; LANES];
    let chunks = x.chunks_exact(LANES);
    let (tail, _) = padded_tail(chunks.remainder(), f32::NEG_INFINITY);
    for c in chunks {
        for l in 0..LANES {
            acc[l] = max_step(acc[l], c[l]);
        }
    }
    for l in 0..LANES {
        acc[l] = max_step(acc[l], tail[l]);
    }
    acc.iter().fold(f32::NEG_INFINITY, |m, &v| max_step(m, v))
}

/// Index of the first largest element; NaN is never the largest (it compares false), a row of
/// −inf gives 0 and a row of NaN (or an empty row) gives 0 — the GPU templates' rule.
#[inline]
pub fn argmax(x: &[f32]) -> u32 {
    // The largest non-NaN value: NaN lanes never win a `>` comparison.
    let mut acc = [f32::NEG_INFINITY; LANES];
    let chunks = x.chunks_exact(LANES);
    let (tail, _) = padded_tail(chunks.remainder(), f32::NEG_INFINITY);
    for c in chunks {
        for l in 0..LANES {
            acc[l] = if c[l] > acc[l] { c[l] } else { acc[l] };
        }
    }
    for l in 0..LANES {
        acc[l] = if tail[l] > acc[l] { tail[l] } else { acc[l] };
    }
    let m = acc.iter().fold(f32::NEG_INFINITY, |m, &v| if v > m { v } else { m });
    // Indices fit u32: callers only build rows of at most u32::MAX columns (a row is one
    // workgroup's loop on the GPUs, indexed in u32).
    x.iter().position(|&v| v == m).unwrap_or(0) as u32
}

/// `exp(x)` for `x <= 0` (or NaN), branch-free so that row loops vectorise; libm's `expf` is a
/// scalar call and dominated small-row softmax. Cody–Waite reduction `x = n·ln2 + r`,
/// |r| <= ln2/2, then the classic degree-7 minimax form `1 + r + r²·P(r)`, scaled by `2^n`.
/// Max error about 1 ulp (tested against f64 over [-87.3, 0]). Inputs below `ln(2^-126)` give
/// 0 (GPUs flush such subnormal results too); −inf gives 0 and NaN stays NaN.
#[inline(always)]
pub fn exp_nonpos(x: f32) -> f32 {
    const LO: f32 = -87.336_55; // ln(2^-126): the smallest normal result
    const LOG2E: f32 = std::f32::consts::LOG2_E;
    const LN2_HI: f32 = 0.693_359_4; // few mantissa bits, so n·LN2_HI is exact
    const LN2_LO: f32 = -2.121_944_4e-4;
    const ROUND: f32 = 12_582_912.0; // 1.5·2^23: adding and subtracting rounds to an integer
                                     // `<` is false for NaN, so NaN passes through the clamp and poisons the polynomial.
    let xc = if x < LO { LO } else { x };
    // Round-to-integer by the magic constant: t's low mantissa bits hold n exactly, so the
    // integer n comes from t's bits (a float-to-int `as` cast would not vectorise: it saturates).
    let t = xc * LOG2E + ROUND;
    let n = t - ROUND; // in [-126, 0]
    let r = (xc - n * LN2_HI) - n * LN2_LO;
    let mut p = 1.987_569_1e-4f32;
    p = p * r + 1.398_199_9e-3;
    p = p * r + 8.333_452e-3;
    p = p * r + 4.166_579_6e-2;
    p = p * r + 1.666_666_5e-1;
    p = p * r + 0.5;
    let e = p * r * r + r + 1.0;
    // 2^n from the exponent bits: n + 127 in [1, 127]. (For NaN the bits are junk, but e is NaN.)
    let biased = t.to_bits().wrapping_sub(ROUND.to_bits()).wrapping_add(127);
    let scale = f32::from_bits(biased << 23);
    if x < LO {
        0.0
    } else {
        e * scale
    }
}

/// In-place numerically stable softmax of one row: `exp(x - max) / Σ exp(x - max)`.
///
/// A row holding NaN or +inf, or whose every element is −inf (all masked), becomes NaN, as the
/// GPU templates compute it (`exp(-inf - -inf)` is NaN).
#[inline]
pub fn softmax_row(row: &mut [f32]) {
    let m = max(row);
    if m == f32::NEG_INFINITY {
        row.fill(f32::NAN);
        return;
    }
    for v in row.iter_mut() {
        *v = exp_nonpos(*v - m);
    }
    let s = sum(row);
    for v in row.iter_mut() {
        *v /= s;
    }
}

#[cfg(test)]
mod tests {
    use super::exp_nonpos;

    /// Distance in units in the last place between an f32 and an f64 value.
    fn ulps(got: f32, want: f64) -> f64 {
        let w = want as f32;
        let ulp = (f32::from_bits(w.to_bits() + 1) - w) as f64;
        (got as f64 - want).abs() / ulp
    }

    #[test]
    fn exp_is_within_two_ulps_on_its_domain() {
        let mut worst = 0.0f64;
        let n = 2_000_000;
        for i in 0..=n {
            let x = -87.33 * i as f32 / n as f32;
            let u = ulps(exp_nonpos(x), (x as f64).exp());
            worst = worst.max(u);
        }
        assert!(worst <= 2.0, "worst error {worst} ulp");
        assert_eq!(exp_nonpos(0.0), 1.0);
        assert_eq!(exp_nonpos(-0.0), 1.0);
        assert_eq!(exp_nonpos(f32::NEG_INFINITY), 0.0);
        assert_eq!(exp_nonpos(-100.0), 0.0);
        assert!(exp_nonpos(f32::NAN).is_nan());
    }
}
