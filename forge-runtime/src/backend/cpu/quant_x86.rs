//! The host's block-format products in AVX2: a GGUF block decoded straight into four 8-lane
//! vectors (no trip through memory) with `elem::dequant_value`'s formulas, and the one-row
//! product (decoding) over four columns at once so four sums are in flight. Lane `l` of a
//! column's sum takes values `l, l + 8, …` in the order the portable loop in `quant.rs` adds
//! them, each term in one fused multiply-add (the portable loop rounds the product too).

use crate::elem::Elem;
use std::arch::x86_64::*;

/// Values per block of every block format.
const BLOCK: usize = 32;

/// Whether this processor runs the functions here.
pub(super) fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("fma")
        && std::arch::is_x86_feature_detected!("f16c")
}

/// The f16 at `block[at..]` (the caller checked it is there), in every lane.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn half_at(block: &[u8], at: usize) -> __m256 {
    let bits = u16::from_le_bytes([block[at], block[at + 1]]);
    _mm256_set1_ps(_mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(i32::from(bits)))))
}

/// 16 bytes from `bytes[at..]` (the caller checked they are there).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn load16(bytes: &[u8], at: usize) -> __m128i {
    let chunk: &[u8; 16] = match bytes.get(at..at + 16).and_then(|s| s.try_into().ok()) {
        Some(chunk) => chunk,
        None => return _mm_setzero_si128(),
    };
    // SAFETY: `chunk` is 16 readable bytes; the load has no alignment requirement.
    unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) }
}

/// Eight bytes (the low half of `v`) as eight floats, unsigned or signed.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn widen(v: __m128i, signed: bool) -> __m256 {
    _mm256_cvtepi32_ps(if signed { _mm256_cvtepi8_epi32(v) } else { _mm256_cvtepu8_epi32(v) })
}

/// The 32 values of one block (`block.len() >= elem.block_bytes()`, checked by the caller),
/// values `8c .. 8c + 8` in vector `c`.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn decode(elem: Elem, block: &[u8]) -> [__m256; 4] {
    let nibbles = |codes: __m128i| {
        let mask = _mm_set1_epi8(15);
        let low = _mm_and_si128(codes, mask);
        let high = _mm_and_si128(_mm_srli_epi16::<4>(codes), mask);
        [
            widen(low, false),
            widen(_mm_srli_si128::<8>(low), false),
            widen(high, false),
            widen(_mm_srli_si128::<8>(high), false),
        ]
    };
    match elem {
        Elem::Q4_0 => {
            let (d, eight) = (half_at(block, 0), _mm256_set1_ps(8.0));
            // `(q - 8) · d`, both steps exact.
            nibbles(load16(block, 2)).map(|q| _mm256_mul_ps(_mm256_sub_ps(q, eight), d))
        }
        Elem::Q4_1 => {
            let (d, m) = (half_at(block, 0), half_at(block, 2));
            // `q · d + m`: the product is exact, so fused or not this is one rounding.
            nibbles(load16(block, 4)).map(|q| _mm256_fmadd_ps(q, d, m))
        }
        Elem::Q8_0 => {
            let d = half_at(block, 0);
            let (first, second) = (load16(block, 2), load16(block, 18));
            let q = [first, _mm_srli_si128::<8>(first), second, _mm_srli_si128::<8>(second)];
            q.map(|q| _mm256_mul_ps(widen(q, true), d))
        }
        Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => [_mm256_set1_ps(f32::NAN); 4],
    }
}

/// All 32 values of one block into `out` (as `elem::dequant_block` gives them).
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) fn decode_into(elem: Elem, block: &[u8], out: &mut [f32; BLOCK]) {
    if !elem.is_quantized() || block.len() < elem.block_bytes() {
        out.fill(f32::NAN);
        return;
    }
    for (chunk, v) in out.chunks_exact_mut(8).zip(decode(elem, block)) {
        // SAFETY: `chunk` is 8 writable floats; the store has no alignment requirement.
        unsafe { _mm256_storeu_ps(chunk.as_mut_ptr(), v) };
    }
}

/// The eight lanes of `v` added as the portable loop adds its lanes.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn reduce(v: __m256) -> f32 {
    let mut l = [0.0f32; 8];
    // SAFETY: `l` is 8 writable floats; the store has no alignment requirement.
    unsafe { _mm256_storeu_ps(l.as_mut_ptr(), v) };
    super::fast::reduce::fold8(&l)
}

/// `out[jj] = sum_p a[p] · w[j, p]` for the columns `j` of `cols` (`jj` counting from 0), where
/// row `j` of `w` is `k` values (`k / 32` blocks) from byte `start + j · row_bytes` of `bytes`.
/// A row that is not all in `bytes` sums to NaN.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) fn one_row_sums(
    elem: Elem,
    bytes: &[u8],
    start: usize,
    k: usize,
    a: &[f32],
    cols: std::ops::Range<usize>,
    out: &mut [f32],
) {
    let size = elem.block_bytes();
    let row_bytes = k / BLOCK * size;
    let row = |j: usize| bytes.get(start + j * row_bytes..start + (j + 1) * row_bytes);
    let a = &a[..k.min(a.len())];
    let first = cols.start;
    let mut j = cols.start;
    // Four columns at a time: four independent chains of adds keep the adder busy.
    while j + 4 <= cols.end {
        let rows = [row(j), row(j + 1), row(j + 2), row(j + 3)];
        if let [Some(r0), Some(r1), Some(r2), Some(r3)] = rows {
            let mut acc = [_mm256_setzero_ps(); 4];
            for (b, xs) in a.chunks_exact(BLOCK).enumerate() {
                let x = load_a(xs);
                let at = b * size;
                for (c, r) in [r0, r1, r2, r3].into_iter().enumerate() {
                    let w = decode(elem, &r[at..at + size]);
                    for (xv, wv) in x.iter().zip(w) {
                        acc[c] = _mm256_fmadd_ps(*xv, wv, acc[c]);
                    }
                }
            }
            for (c, v) in acc.into_iter().enumerate() {
                out[j + c - first] = reduce(v);
            }
        } else {
            for c in 0..4 {
                out[j + c - first] = one_column(elem, row(j + c), a);
            }
        }
        j += 4;
    }
    while j < cols.end {
        out[j - first] = one_column(elem, row(j), a);
        j += 1;
    }
}

/// One column's sum (NaN without its row).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn one_column(elem: Elem, row: Option<&[u8]>, a: &[f32]) -> f32 {
    let Some(r) = row else { return f32::NAN };
    let size = elem.block_bytes();
    let mut acc = _mm256_setzero_ps();
    for (b, xs) in a.chunks_exact(BLOCK).enumerate() {
        let x = load_a(xs);
        for (xv, wv) in x.iter().zip(decode(elem, &r[b * size..(b + 1) * size])) {
            acc = _mm256_fmadd_ps(*xv, wv, acc);
        }
    }
    reduce(acc)
}

/// 32 activations (`xs.len() == 32`) as four vectors.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn load_a(xs: &[f32]) -> [__m256; 4] {
    let mut v = [_mm256_setzero_ps(); 4];
    for (c, chunk) in xs.chunks_exact(8).enumerate().take(4) {
        // SAFETY: `chunk` is 8 readable floats; the load has no alignment requirement.
        v[c] = unsafe { _mm256_loadu_ps(chunk.as_ptr()) };
    }
    v
}
