//! Reference dequantization on the CPU (F32, F16, BF16, Q4_0, Q4_1, Q8_0), element for element
//! as ggml's `dequantize_row_*`: the oracle the GPU kernels that read these blocks are checked
//! against, and the way to widen small tensors (norms) for code that wants `f32`.

use half::{bf16, f16};

use super::{gguf_error, GgmlType};
use crate::elem::{dequant_block, Elem};
use crate::error::Result;

/// Decodes `bytes`, a whole number of `ty` blocks, into `out` (one `f32` per element).
///
/// Block layouts (32 elements each): Q4_0 is an f16 scale `d` then 16 bytes whose low nibbles
/// are elements 0..16 and high nibbles elements 16..32, each `(q - 8) * d`; Q4_1 is f16 `d`,
/// f16 `m`, then the same nibbles, each `q * d + m`; Q8_0 is f16 `d` then 32 `i8`, each `q * d`.
/// Errors when `out.len()` is not a whole number of blocks, when `bytes` does not hold exactly
/// those blocks, or when the type has no CPU decoder here.
pub fn dequantize(ty: GgmlType, bytes: &[u8], out: &mut [f32]) -> Result<()> {
    let (Some(block_len), Some(block_bytes)) = (ty.block_len(), ty.block_bytes()) else {
        return Err(gguf_error(format!("dequantize {ty}"), "the type's block layout is unknown"));
    };
    if !out.len().is_multiple_of(block_len) {
        return Err(gguf_error(
            format!("dequantize {ty}"),
            format!("{} elements is not a whole number of {block_len}-element blocks", out.len()),
        ));
    }
    let expected = out.len() / block_len * block_bytes;
    if bytes.len() != expected {
        return Err(gguf_error(
            format!("dequantize {ty}"),
            format!("{} elements need {expected} bytes, got {}", out.len(), bytes.len()),
        ));
    }
    let blocks = bytes.chunks_exact(block_bytes).zip(out.chunks_exact_mut(block_len));
    match ty {
        GgmlType::F32 => blocks.for_each(|(b, o)| o[0] = f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        GgmlType::F16 => blocks.for_each(|(b, o)| o[0] = f16_at(b, 0)),
        GgmlType::BF16 => blocks.for_each(|(b, o)| o[0] = bf16::from_le_bytes([b[0], b[1]]).to_f32()),
        // The block formats decode as every backend reads them (`elem::dequant_block`).
        GgmlType::Q4_0 => blocks.for_each(|(b, o)| block(Elem::Q4_0, b, o)),
        GgmlType::Q4_1 => blocks.for_each(|(b, o)| block(Elem::Q4_1, b, o)),
        GgmlType::Q8_0 => blocks.for_each(|(b, o)| block(Elem::Q8_0, b, o)),
        other => {
            return Err(gguf_error(
                format!("dequantize {other}"),
                "no CPU decoder for this type (F32, F16, BF16, Q4_0, Q4_1 and Q8_0 have one)",
            ))
        }
    }
    Ok(())
}

/// Whether [`dequantize`] decodes `ty`.
pub(super) fn has_decoder(ty: GgmlType) -> bool {
    matches!(ty, GgmlType::F32 | GgmlType::F16 | GgmlType::BF16 | GgmlType::Q4_0 | GgmlType::Q4_1 | GgmlType::Q8_0)
}

fn f16_at(b: &[u8], at: usize) -> f32 {
    f16::from_le_bytes([b[at], b[at + 1]]).to_f32()
}

/// One 32-element block (`out` is a 32-element chunk).
fn block(elem: Elem, bytes: &[u8], out: &mut [f32]) {
    if let Ok(out) = <&mut [f32; 32]>::try_from(out) {
        dequant_block(elem, bytes, out);
    }
}
