//! ggml tensor element types: their ids in a GGUF file and their block layout (elements per
//! block, bytes per block), as ggml's `type_traits` table defines them.

use std::fmt;

/// A ggml tensor type. Ids follow `enum ggml_type` in ggml.h; ids this reader does not know
/// (removed ones such as 4, 5, 31..33, or newer ones) are kept as `Other(id)`.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GgmlType {
    F32,
    F16,
    Q4_0,
    Q4_1,
    Q5_0,
    Q5_1,
    Q8_0,
    Q8_1,
    Q2_K,
    Q3_K,
    Q4_K,
    Q5_K,
    Q6_K,
    Q8_K,
    IQ2_XXS,
    IQ2_XS,
    IQ3_XXS,
    IQ1_S,
    IQ4_NL,
    IQ3_S,
    IQ2_S,
    IQ4_XS,
    I8,
    I16,
    I32,
    I64,
    F64,
    IQ1_M,
    BF16,
    TQ1_0,
    TQ2_0,
    MXFP4,
    NVFP4,
    Q1_0,
    Q2_0,
    Other(u32),
}

/// Every known type with its id, elements per block and bytes per block (ggml.c
/// `type_traits`, block structs in ggml-common.h; QK_K = 256).
const TABLE: [(GgmlType, u32, usize, usize); 35] = [
    (GgmlType::F32, 0, 1, 4),
    (GgmlType::F16, 1, 1, 2),
    (GgmlType::Q4_0, 2, 32, 18),
    (GgmlType::Q4_1, 3, 32, 20),
    (GgmlType::Q5_0, 6, 32, 22),
    (GgmlType::Q5_1, 7, 32, 24),
    (GgmlType::Q8_0, 8, 32, 34),
    (GgmlType::Q8_1, 9, 32, 36),
    (GgmlType::Q2_K, 10, 256, 84),
    (GgmlType::Q3_K, 11, 256, 110),
    (GgmlType::Q4_K, 12, 256, 144),
    (GgmlType::Q5_K, 13, 256, 176),
    (GgmlType::Q6_K, 14, 256, 210),
    (GgmlType::Q8_K, 15, 256, 292),
    (GgmlType::IQ2_XXS, 16, 256, 66),
    (GgmlType::IQ2_XS, 17, 256, 74),
    (GgmlType::IQ3_XXS, 18, 256, 98),
    (GgmlType::IQ1_S, 19, 256, 50),
    (GgmlType::IQ4_NL, 20, 32, 18),
    (GgmlType::IQ3_S, 21, 256, 110),
    (GgmlType::IQ2_S, 22, 256, 82),
    (GgmlType::IQ4_XS, 23, 256, 136),
    (GgmlType::I8, 24, 1, 1),
    (GgmlType::I16, 25, 1, 2),
    (GgmlType::I32, 26, 1, 4),
    (GgmlType::I64, 27, 1, 8),
    (GgmlType::F64, 28, 1, 8),
    (GgmlType::IQ1_M, 29, 256, 56),
    (GgmlType::BF16, 30, 1, 2),
    (GgmlType::TQ1_0, 34, 256, 54),
    (GgmlType::TQ2_0, 35, 256, 66),
    (GgmlType::MXFP4, 39, 32, 17),
    (GgmlType::NVFP4, 40, 64, 36),
    (GgmlType::Q1_0, 41, 128, 18),
    (GgmlType::Q2_0, 42, 64, 18),
];

impl GgmlType {
    /// The type with ggml id `id` (`Other(id)` when unknown).
    pub fn from_id(id: u32) -> GgmlType {
        TABLE.iter().find(|row| row.1 == id).map_or(GgmlType::Other(id), |row| row.0)
    }

    /// The type's ggml id, as stored in a GGUF tensor info.
    pub fn id(self) -> u32 {
        match self {
            GgmlType::Other(id) => id,
            known => TABLE.iter().find(|row| row.0 == known).map_or(u32::MAX, |row| row.1),
        }
    }

    fn layout(self) -> Option<(usize, usize)> {
        TABLE.iter().find(|row| row.0 == self).map(|row| (row.2, row.3))
    }

    /// Elements per block: 32 for Q4_0/Q4_1/Q8_0, 256 for the K quants, 1 for plain numbers;
    /// `None` for an unknown type.
    pub fn block_len(self) -> Option<usize> {
        self.layout().map(|l| l.0)
    }

    /// Bytes per block: Q4_0 18, Q4_1 20, Q8_0 34, F32 4, F16 and BF16 2, ...; `None` for an
    /// unknown type.
    pub fn block_bytes(self) -> Option<usize> {
        self.layout().map(|l| l.1)
    }

    /// Whether elements are stored in blocks sharing a scale (anything but plain numbers).
    pub fn is_quantized(self) -> bool {
        self.block_len().is_some_and(|n| n > 1)
    }

    /// Bytes taken by `n_elements` elements (a whole number of blocks), or `None` when the
    /// type is unknown, `n_elements` is not a multiple of the block length, or it overflows.
    pub fn bytes_for(self, n_elements: u64) -> Option<u64> {
        let (len, bytes) = self.layout()?;
        if !n_elements.is_multiple_of(len as u64) {
            return None;
        }
        (n_elements / len as u64).checked_mul(bytes as u64)
    }
}

impl fmt::Display for GgmlType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgmlType::Other(id) => write!(f, "ggml type {id}"),
            known => write!(f, "{known:?}"),
        }
    }
}
