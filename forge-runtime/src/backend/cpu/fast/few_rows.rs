//! Products with a few rows of A (decoding: one token's row, or a query group's few): each
//! output is summed directly from A's rows and B as they lie in memory, where `sgemm` would pack
//! all of B for rows it then reads once. B must have one unit stride: along k (each column of B
//! contiguous, `transpose(keys)`: a dot product per output) or along n (each row contiguous,
//! `values`: rows of B scaled and added, `WIDE` outputs at a time in registers). Sums run in k
//! order (within 8 lanes for a dot product), each term one fused multiply-add where the
//! processor has FMA (a multiply and an add elsewhere).

/// At most this many rows take this path.
pub(super) const FEW_ROWS: usize = 8;

/// One block of a product, in element offsets and strides into validated buffers.
pub(super) struct FewRows<'a> {
    pub a: &'a [f32],
    pub a_off: isize,
    pub a_strides: (isize, isize),
    pub b: &'a [f32],
    pub b_off: isize,
    pub b_strides: (isize, isize),
    pub m: usize,
    pub k: usize,
    pub n: usize,
}

impl FewRows<'_> {
    /// `A · B` as `[m, n]` row-major, or `None` where B has no unit stride or an offset does not
    /// lie in its buffer (the caller runs `sgemm` instead).
    pub fn product(&self) -> Option<Vec<f32>> {
        let (rs, cs) = self.b_strides;
        if self.m == 0 || self.m > FEW_ROWS || self.k == 0 || !(rs == 1 || cs == 1) || rs < 0 || cs < 0 {
            return None;
        }
        let rows = self.rows_of_a()?;
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the processor has AVX2 and FMA (checked just above), all the function needs.
            return unsafe { self.sums_avx2(&rows) };
        }
        self.sums(&rows, |x, y, z| x * y + z)
    }

    /// A's rows, contiguous.
    fn rows_of_a(&self) -> Option<Vec<f32>> {
        let (rs, cs) = self.a_strides;
        let mut rows = Vec::with_capacity(self.m * self.k);
        for i in 0..self.m as isize {
            for p in 0..self.k as isize {
                let at = usize::try_from(self.a_off + i * rs + p * cs).ok()?;
                rows.push(*self.a.get(at)?);
            }
        }
        Some(rows)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn sums_avx2(&self, rows: &[f32]) -> Option<Vec<f32>> {
        self.sums(rows, f32::mul_add)
    }

    #[inline(always)]
    fn sums(&self, rows: &[f32], madd: impl Fn(f32, f32, f32) -> f32 + Copy) -> Option<Vec<f32>> {
        let (m, k, n) = (self.m, self.k, self.n);
        let (rs, cs) = (self.b_strides.0 as usize, self.b_strides.1 as usize);
        let base = usize::try_from(self.b_off).ok()?;
        let mut out = vec![0.0f32; m * n];
        if rs == 1 {
            // Column j of B is k contiguous values.
            for j in 0..n {
                prefetch(self.b, base + (j + AHEAD) * cs, k);
                let col = self.b.get(base + j * cs..base + j * cs + k)?;
                for (i, row) in rows.chunks_exact(k).enumerate() {
                    out[i * n + j] = dot(row, col, madd);
                }
            }
        } else {
            // Row p of B is n contiguous values. A stretch of `WIDE` outputs of a row is summed
            // over all of k in registers before it is stored; the rest as it comes.
            let row_b = |p: usize| self.b.get(base + p * rs..base + p * rs + n);
            for (i, out_row) in out.chunks_exact_mut(n).enumerate() {
                let xs = &rows[i * k..(i + 1) * k];
                let mut chunks = out_row.chunks_exact_mut(WIDE);
                for (c, dst) in (&mut chunks).enumerate() {
                    let mut acc = [0.0f32; WIDE];
                    for (p, &x) in xs.iter().enumerate() {
                        let ys: &[f32; WIDE] = row_b(p)?[c * WIDE..(c + 1) * WIDE].try_into().ok()?;
                        for l in 0..WIDE {
                            acc[l] = madd(x, ys[l], acc[l]);
                        }
                    }
                    dst.copy_from_slice(&acc);
                }
                let tail = chunks.into_remainder();
                let from = n - tail.len();
                for (p, &x) in xs.iter().enumerate() {
                    for (o, &y) in tail.iter_mut().zip(&row_b(p)?[from..]) {
                        *o = madd(x, y, *o);
                    }
                }
            }
        }
        Some(out)
    }
}

/// Columns of B ahead of the one being read whose memory is prefetched: B (a cache of keys)
/// streams from memory once per product. (Row-contiguous B streams well without.)
const AHEAD: usize = 16;

/// Asks for the cache lines of `b[from..from + len]` (the part inside `b`).
#[inline(always)]
fn prefetch(b: &[f32], from: usize, len: usize) {
    #[cfg(target_arch = "x86_64")]
    for at in (from..from.saturating_add(len).min(b.len())).step_by(16) {
        // SAFETY: `at < b.len()`, so the pointer lies inside `b`; a prefetch reads nothing into
        // the program and cannot fault. SSE is part of every x86-64 processor.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(b.as_ptr().add(at).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (b, from, len);
}

/// Outputs of a row that one pass over k sums in registers (eight 8-lane vectors).
const WIDE: usize = 64;

/// `sum x·y` in 8 lanes (k order within each), the lanes added pairwise.
#[inline(always)]
fn dot(x: &[f32], y: &[f32], madd: impl Fn(f32, f32, f32) -> f32) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (xc, yc) = (x.chunks_exact(8), y.chunks_exact(8));
    let (xr, yr) = (xc.remainder(), yc.remainder());
    for (xs, ys) in xc.zip(yc) {
        for l in 0..8 {
            lanes[l] = madd(xs[l], ys[l], lanes[l]);
        }
    }
    for (l, (&a, &b)) in xr.iter().zip(yr).enumerate() {
        lanes[l] = madd(a, b, lanes[l]);
    }
    super::reduce::fold8(&lanes)
}
