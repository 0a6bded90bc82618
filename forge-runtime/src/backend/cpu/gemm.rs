//! f32 matrix products on the host (f32 accumulation, like the GPU kernels).

/// `C[m, n] = A[m, k] · B[k, n]`, all row-major and contiguous.
pub fn gemm(m: usize, n: usize, k: usize, a: &[f32], b: &[f32]) -> Vec<f32> {
    let mut c = vec![0.0f32; m * n];
    for i in 0..m {
        let row = &mut c[i * n..(i + 1) * n];
        for kk in 0..k {
            let aik = a[i * k + kk];
            let brow = &b[kk * n..(kk + 1) * n];
            for (cj, bj) in row.iter_mut().zip(brow) {
                *cj += aik * bj;
            }
        }
    }
    c
}
