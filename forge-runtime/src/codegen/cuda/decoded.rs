//! Block-format weights the CUDA backend stores decoded. A `q4_0` / `q4_1` / `q8_0` weight that
//! only many-row products read as their B, at a tensor-core precision (`tf32x3`, `tf32`), is
//! decoded to f32 once, when it is loaded, so those products run the TMA GEMM on f32 operands
//! instead of the generic template decoding every element of every tile it reads (a prompt's
//! projections). Few-row products (a decoding step) keep reading the blocks: there the weight's
//! bytes are the step's cost, and its own instance stores them as declared. The decoded values
//! are [`dequant_value`]'s, so the products' operands are the same numbers.
//!
//! [`dequant_value`]: crate::elem::dequant_value

use super::CudaTarget;
use crate::elem::{dequant_block, Elem};
use crate::graph::checked::Precision;
use crate::ir::{BufferRole, KernelBody, Plan};

/// Rows (M, batch included) from which a block-format product counts as many-row.
pub const MIN_ROWS: usize = 64;

/// The weights of `plan` CUDA stores decoded on `target` ([`decoded_plan`]): block-format
/// weights whose every reading kernel is a product of at least [`MIN_ROWS`] rows at `tf32x3`
/// or `tf32` loading it as its only B. Only on sm_90 with GEMM kernels (the TMA kernel takes
/// f32 at those precisions).
pub fn decoded_weights(plan: &Plan, target: &CudaTarget) -> Vec<usize> {
    if !target.gemm || target.arch != (9, 0) {
        return Vec::new();
    }
    (0..plan.buffers.len()).filter(|&b| only_read_as_wide_b(plan, b)).collect()
}

/// `plan` with `decoded` weights as f32 buffers (every argument bound to them too); `None`
/// where there are none.
pub fn decoded_plan(plan: &Plan, decoded: &[usize]) -> Option<Plan> {
    if decoded.is_empty() {
        return None;
    }
    let mut plan = plan.clone();
    for &b in decoded {
        plan.buffers[b].elem = Elem::F32;
    }
    for k in &mut plan.kernels {
        for a in &mut k.spec.args {
            if decoded.contains(&a.buffer) {
                a.elem = Elem::F32;
            }
        }
    }
    Some(plan)
}

/// A block-format weight's declared `bytes` (`len` values) as the f32 bytes stored for it.
pub fn decoded_bytes(elem: Elem, bytes: &[u8], len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len * 4);
    let mut block = [0f32; 32];
    for chunk in bytes.chunks(elem.block_bytes()) {
        dequant_block(elem, chunk, &mut block);
        let take = (len - out.len() / 4).min(32);
        out.extend(block[..take].iter().flat_map(|v| v.to_le_bytes()));
        if out.len() / 4 >= len {
            break;
        }
    }
    out.resize(len * 4, 0);
    out
}

/// Whether buffer `b` is a block-format weight read only as the B of wide tensor-core products.
fn only_read_as_wide_b(plan: &Plan, b: usize) -> bool {
    let buf = &plan.buffers[b];
    if buf.role != BufferRole::Weight || !buf.elem.is_quantized() {
        return false;
    }
    let mut read = false;
    for k in plan.kernels.iter().filter(|k| k.spec.binds_buffer(b)) {
        let KernelBody::Matmul(m) = &k.spec.body else { return false };
        let b_load = m.b.as_load().is_some_and(|(arg, _)| k.spec.args[arg].buffer == b);
        let rows = m.m * m.batch.iter().product::<usize>();
        let tensor = matches!(m.precision, Precision::Tf32x3 | Precision::Tf32);
        if !b_load || k.spec.loads_of(b) != 1 || m.b2.is_some() || rows < MIN_ROWS || !tensor {
            return false;
        }
        read = true;
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::tests::plan;

    const PROJECTIONS: &str = "graph P { dims { T, K, N } input x: f32[T, K]; weight w: q4_1[N, K];
        weight v: q8_0[N, K]; output y: f32[T, N]; output z: f32[T, N];
        y = matmul(x, transpose(w), precision = tf32x3); z = matmul(x, transpose(v)); }";

    #[test]
    fn wide_tensor_core_products_read_their_block_weights_decoded() {
        let sm90 = CudaTarget::sm90();
        // A prompt of 512 rows: `w` (tf32x3) decoded, `v` (true f32) as declared.
        let p = plan(PROJECTIONS, &[512, 64, 96]);
        let w = p.buffers.iter().position(|b| b.name == "w").unwrap();
        assert_eq!(decoded_weights(&p, &sm90), [w]);
        let run = decoded_plan(&p, &[w]).unwrap();
        assert_eq!(run.buffers[w].elem, Elem::F32);
        assert!(run.kernels.iter().flat_map(|k| &k.spec.args).filter(|a| a.buffer == w).all(|a| a.elem == Elem::F32));
        // A decoding step, an older device, GEMM kernels off: as declared.
        assert!(decoded_weights(&plan(PROJECTIONS, &[1, 64, 96]), &sm90).is_empty());
        assert!(decoded_weights(&p, &CudaTarget::new((8, 0), 108)).is_empty());
        assert!(decoded_weights(&p, &CudaTarget { gemm: false, ..sm90 }).is_empty());
    }

    #[test]
    fn decoded_bytes_are_the_reference_decoding() {
        let mut rng = fastrand::Rng::with_seed(5);
        for elem in [Elem::Q4_0, Elem::Q4_1, Elem::Q8_0] {
            let len = 96;
            let mut bytes: Vec<u8> = (0..elem.bytes_for(len)).map(|_| rng.u8(..)).collect();
            // Finite scales: f16 1.0 / 0.5 in every block.
            for block in bytes.chunks_mut(elem.block_bytes()) {
                block[..2].copy_from_slice(&half::f16::from_f32(0.75).to_le_bytes());
                if elem == Elem::Q4_1 {
                    block[2..4].copy_from_slice(&half::f16::from_f32(-0.5).to_le_bytes());
                }
            }
            let out = decoded_bytes(elem, &bytes, len);
            assert_eq!(out.len(), len * 4);
            for j in 0..len {
                let block = &bytes[j / 32 * elem.block_bytes()..][..elem.block_bytes()];
                let want = crate::elem::dequant_value(elem, block, j % 32);
                let got = f32::from_le_bytes(out[4 * j..4 * j + 4].try_into().unwrap());
                assert_eq!(got.to_bits(), want.to_bits(), "{elem:?}[{j}]");
            }
        }
    }
}
