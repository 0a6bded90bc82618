//! The host's one-row block-format product (decoding's matrix-vector product) in AVX-512: a
//! GGUF block decoded into two 16-lane vectors (values 0..16 and 16..32, the low and high
//! nibbles of its 16 code bytes) with `elem::dequant_value`'s formulas, exactly, and four
//! columns in flight. Lane `l` of a column's sum takes values `l, l + 16, …`; the sixteen lanes
//! are added pairwise at the end (a sum's order is unspecified, docs/semantics.md).

use crate::elem::Elem;
use std::arch::x86_64::*;

/// Values per block of every block format.
const BLOCK: usize = 32;
/// Columns summed together (independent chains of adds).
const COLS: usize = 4;

/// Whether this processor runs the functions here.
pub(super) fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("f16c")
}

/// The f16 with bits `bits`, in every lane.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,f16c")]
fn splat_half(bits: u16) -> __m512 {
    _mm512_cvtph_ps(_mm256_set1_epi16(bits as i16))
}

/// 16 bytes at `block[at..at + 16]` widened to sixteen 32-bit lanes, unsigned or signed.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,f16c")]
fn bytes16(block: &[u8], at: usize, signed: bool) -> __m512i {
    let chunk: &[u8; 16] = match block.get(at..at + 16).and_then(|s| s.try_into().ok()) {
        Some(chunk) => chunk,
        None => return _mm512_setzero_si512(),
    };
    // SAFETY: `chunk` is 16 readable bytes; the load has no alignment requirement.
    let v = unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) };
    if signed {
        _mm512_cvtepi8_epi32(v)
    } else {
        _mm512_cvtepu8_epi32(v)
    }
}

/// The 32 values of one block (`block.len() >= elem.block_bytes()`, checked by the caller):
/// values 0..16, then 16..32.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,f16c")]
fn decode(elem: Elem, block: &[u8]) -> [__m512; 2] {
    let half = |at: usize| u16::from_le_bytes([block[at], block[at + 1]]);
    let nibbles = |codes: __m512i| {
        let low = _mm512_and_si512(codes, _mm512_set1_epi32(15));
        let high = _mm512_srli_epi32::<4>(codes);
        [_mm512_cvtepi32_ps(low), _mm512_cvtepi32_ps(high)]
    };
    match elem {
        Elem::Q4_0 => {
            let (d, eight) = (splat_half(half(0)), _mm512_set1_ps(8.0));
            // `(q - 8) · d`, both steps exact.
            nibbles(bytes16(block, 2, false)).map(|q| _mm512_mul_ps(_mm512_sub_ps(q, eight), d))
        }
        Elem::Q4_1 => {
            let (d, m) = (splat_half(half(0)), splat_half(half(2)));
            // `q · d + m`: the product is exact, so fused or not this is one rounding.
            nibbles(bytes16(block, 4, false)).map(|q| _mm512_fmadd_ps(q, d, m))
        }
        Elem::Q8_0 => {
            let d = splat_half(half(0));
            [bytes16(block, 2, true), bytes16(block, 18, true)].map(|q| _mm512_mul_ps(_mm512_cvtepi32_ps(q), d))
        }
        Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => [_mm512_set1_ps(f32::NAN); 2],
    }
}

/// Groups of columns ahead whose rows are prefetched: the rows stream from memory once per
/// product, and the processor's own prefetching alone leaves the loop waiting on them.
const AHEAD: usize = 4;

/// Asks for the cache lines of `bytes[from..from + len]` (the part inside `bytes`).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,f16c")]
fn prefetch(bytes: &[u8], from: usize, len: usize) {
    let end = from.saturating_add(len).min(bytes.len());
    for at in (from..end).step_by(64) {
        // SAFETY: `at < bytes.len()`, so the pointer lies inside `bytes`; a prefetch reads
        // nothing into the program and cannot fault.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(bytes.as_ptr().add(at).cast()) };
    }
}

/// The sixteen lanes of `v` added pairwise (halves first).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,f16c")]
fn reduce(v: __m512) -> f32 {
    let mut l = [0.0f32; 16];
    // SAFETY: `l` is 16 writable floats; the store has no alignment requirement.
    unsafe { _mm512_storeu_ps(l.as_mut_ptr(), v) };
    let mut width = 8;
    while width > 0 {
        for i in 0..width {
            l[i] += l[i + width];
        }
        width /= 2;
    }
    l[0]
}

/// 32 activations (`xs.len() == 32`) as two vectors.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,f16c")]
fn load_a(xs: &[f32]) -> [__m512; 2] {
    let mut v = [_mm512_setzero_ps(); 2];
    for (c, chunk) in xs.chunks_exact(16).enumerate().take(2) {
        // SAFETY: `chunk` is 16 readable floats; the load has no alignment requirement.
        v[c] = unsafe { _mm512_loadu_ps(chunk.as_ptr()) };
    }
    v
}

/// `out[jj] = sum_p a[p] · w[j, p]` for the columns `j` of `cols` (`jj` counting from 0), where
/// row `j` of `w` is `k` values (`k / 32` blocks) from byte `start + j · row_bytes` of `bytes`.
/// A row that is not all in `bytes` sums to NaN.
#[target_feature(enable = "avx512f,avx512bw,f16c")]
pub(super) fn one_row_sums(
    elem: Elem,
    bytes: &[u8],
    start: usize,
    k: usize,
    a: &[f32],
    cols: std::ops::Range<usize>,
    out: &mut [f32],
) {
    // One copy of the loop per format, its decoding inlined.
    match elem {
        Elem::Q4_0 => sums_of::<0>(bytes, start, k, a, cols, out),
        Elem::Q4_1 => sums_of::<1>(bytes, start, k, a, cols, out),
        Elem::Q8_0 => sums_of::<2>(bytes, start, k, a, cols, out),
        Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => out.fill(f32::NAN),
    }
}

/// The block format numbered `F` in [`one_row_sums`].
const fn format(f: u8) -> Elem {
    match f {
        0 => Elem::Q4_0,
        1 => Elem::Q4_1,
        _ => Elem::Q8_0,
    }
}

/// [`one_row_sums`] for the format `format(F)`.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,f16c")]
fn sums_of<const F: u8>(
    bytes: &[u8],
    start: usize,
    k: usize,
    a: &[f32],
    cols: std::ops::Range<usize>,
    out: &mut [f32],
) {
    let elem = format(F);
    let size = elem.block_bytes();
    let row_bytes = k / BLOCK * size;
    let row = |j: usize| bytes.get(start + j * row_bytes..start + (j + 1) * row_bytes);
    let a = &a[..k.min(a.len())];
    let first = cols.start;
    let mut j = cols.start;
    while j + COLS <= cols.end {
        prefetch(bytes, start + (j + AHEAD * COLS) * row_bytes, COLS * row_bytes);
        let rows = [row(j), row(j + 1), row(j + 2), row(j + 3)];
        if let [Some(r0), Some(r1), Some(r2), Some(r3)] = rows {
            let mut acc = [_mm512_setzero_ps(); COLS];
            for (b, xs) in a.chunks_exact(BLOCK).enumerate() {
                let x = load_a(xs);
                let at = b * size;
                for (c, r) in [r0, r1, r2, r3].into_iter().enumerate() {
                    let w = decode(elem, &r[at..at + size]);
                    acc[c] = _mm512_fmadd_ps(x[0], w[0], acc[c]);
                    acc[c] = _mm512_fmadd_ps(x[1], w[1], acc[c]);
                }
            }
            for (c, v) in acc.into_iter().enumerate() {
                out[j + c - first] = reduce(v);
            }
        } else {
            for c in 0..COLS {
                out[j + c - first] = one_column(elem, row(j + c), a);
            }
        }
        j += COLS;
    }
    while j < cols.end {
        out[j - first] = one_column(elem, row(j), a);
        j += 1;
    }
}

/// One column's sum (NaN without its row).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,f16c")]
fn one_column(elem: Elem, row: Option<&[u8]>, a: &[f32]) -> f32 {
    let Some(r) = row else { return f32::NAN };
    let size = elem.block_bytes();
    let mut acc = _mm512_setzero_ps();
    for (b, xs) in a.chunks_exact(BLOCK).enumerate() {
        let x = load_a(xs);
        let w = decode(elem, &r[b * size..(b + 1) * size]);
        acc = _mm512_fmadd_ps(x[0], w[0], acc);
        acc = _mm512_fmadd_ps(x[1], w[1], acc);
    }
    reduce(acc)
}
