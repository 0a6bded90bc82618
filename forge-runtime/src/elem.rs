//! Element types: the graph's `f32 f16 bf16 u32 i32` and the GGUF block formats `q4_0 q4_1
//! q8_0`, their compute types, and the host types that carry them.

use std::fmt;

/// Storage element type of a binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Elem {
    F32,
    F16,
    BF16,
    U32,
    I32,
    /// GGUF `Q4_0`: blocks of 32 values along the last axis, each an f16 scale `d` and 16 bytes
    /// of 4-bit codes `q` (value `j` in the low nibble of byte `j`, value `j + 16` in its high
    /// nibble); a value is `(q - 8) · d`.
    Q4_0,
    /// GGUF `Q4_1`: blocks of 32, an f16 scale `d`, an f16 minimum `m` and 16 bytes of 4-bit
    /// codes laid out as in `Q4_0`; a value is `q · d + m`.
    Q4_1,
    /// GGUF `Q8_0`: blocks of 32, an f16 scale `d` and 32 signed bytes `q`; a value is `q · d`.
    Q8_0,
}

impl Elem {
    /// Every element type, in the order error messages list them.
    pub const ALL: [Elem; 8] =
        [Elem::F32, Elem::F16, Elem::BF16, Elem::U32, Elem::I32, Elem::Q4_0, Elem::Q4_1, Elem::Q8_0];

    pub fn from_name(name: &str) -> Option<Elem> {
        Elem::ALL.into_iter().find(|e| e.name() == name)
    }
    pub fn name(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::F16 => "f16",
            Elem::BF16 => "bf16",
            Elem::U32 => "u32",
            Elem::I32 => "i32",
            Elem::Q4_0 => "q4_0",
            Elem::Q4_1 => "q4_1",
            Elem::Q8_0 => "q8_0",
        }
    }
    /// Values per storage block: 32 for the block formats, 1 otherwise.
    pub fn block_len(self) -> usize {
        match self {
            Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => 1,
            Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => 32,
        }
    }
    /// Bytes of one storage block ([`Elem::block_len`] values).
    pub fn block_bytes(self) -> usize {
        match self {
            Elem::F16 | Elem::BF16 => 2,
            Elem::F32 | Elem::U32 | Elem::I32 => 4,
            Elem::Q4_0 => 18,
            Elem::Q4_1 => 20,
            Elem::Q8_0 => 34,
        }
    }
    /// Whether this is a block format (stored as blocks, read only through loads that decode).
    pub fn is_quantized(self) -> bool {
        self.block_len() > 1
    }
    /// Bytes of `len` values: `len` is a whole number of blocks wherever the checker admits a
    /// block format (rounded up otherwise, so a size is never too small).
    pub fn bytes_for(self, len: usize) -> usize {
        len.div_ceil(self.block_len()).saturating_mul(self.block_bytes())
    }
    /// Bytes of one value of a scalar type (a block's bytes for the block formats: prefer
    /// [`Elem::bytes_for`], which is right for both).
    pub fn size_bytes(self) -> usize {
        self.block_bytes()
    }
    /// The type arithmetic on this element is done in: f16 and bf16 are loaded to and computed
    /// in f32 and rounded (to nearest, ties to even) on store, on every backend alike.
    pub fn compute(self) -> Ty {
        match self {
            Elem::F32 | Elem::F16 | Elem::BF16 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => Ty::F32,
            Elem::U32 => Ty::U32,
            Elem::I32 => Ty::I32,
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Elem::F32 | Elem::F16 | Elem::BF16 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0)
    }
    /// The names a declaration may use, for "unknown element type" messages.
    pub fn expected_list() -> &'static str {
        "f32, f16, bf16, u32, i32, q4_0, q4_1 or q8_0"
    }
}

impl fmt::Display for Elem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Type of a value inside a kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ty {
    F32,
    U32,
    I32,
    Bool,
}

impl Ty {
    pub fn name(self) -> &'static str {
        match self {
            Ty::F32 => "f32",
            Ty::U32 => "u32",
            Ty::I32 => "i32",
            Ty::Bool => "bool",
        }
    }
    pub fn is_float(self) -> bool {
        self == Ty::F32
    }
    pub fn is_int(self) -> bool {
        matches!(self, Ty::U32 | Ty::I32)
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A host type that can fill or receive a binding (`f32`, `half::f16`, `half::bf16`, `u32`,
/// `i32`, and the GGUF blocks [`BlockQ4_0`], [`BlockQ4_1`], [`BlockQ8_0`]).
pub trait Element: bytemuck::Pod + Copy + Send + Sync + 'static {
    const ELEM: Elem;
}

impl Element for f32 {
    const ELEM: Elem = Elem::F32;
}
impl Element for half::f16 {
    const ELEM: Elem = Elem::F16;
}
impl Element for half::bf16 {
    const ELEM: Elem = Elem::BF16;
}
impl Element for u32 {
    const ELEM: Elem = Elem::U32;
}
impl Element for i32 {
    const ELEM: Elem = Elem::I32;
}

macro_rules! gguf_block {
    ($(#[$doc:meta])* $name:ident, $elem:ident, $bytes:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
        #[repr(transparent)]
        pub struct $name(pub [u8; $bytes]);

        impl Element for $name {
            const ELEM: Elem = Elem::$elem;
        }

        impl $name {
            /// The blocks of a GGUF tensor's bytes, without a copy (a block has alignment 1);
            /// errors unless the length is a whole number of blocks.
            pub fn slice(bytes: &[u8]) -> crate::Result<&[$name]> {
                bytemuck::try_cast_slice(bytes).map_err(|_| crate::Error::InvalidArgument {
                    argument: stringify!($name).into(),
                    reason: format!("{} bytes are not a whole number of {}-byte blocks", bytes.len(), $bytes),
                })
            }
        }
    };
}

gguf_block!(
    /// One GGUF `Q4_0` block (32 values): `d: f16`, then 16 bytes of 4-bit codes.
    BlockQ4_0, Q4_0, 18
);
gguf_block!(
    /// One GGUF `Q4_1` block (32 values): `d: f16`, `m: f16`, then 16 bytes of 4-bit codes.
    BlockQ4_1, Q4_1, 20
);
gguf_block!(
    /// One GGUF `Q8_0` block (32 values): `d: f16`, then 32 signed bytes.
    BlockQ8_0, Q8_0, 34
);

/// The value `j` (`0..32`) of one block of `elem` (`bytes` holds exactly one block): the
/// reference decoding every backend reproduces. The scale product is exact in f32 (an f16 times
/// a code below 2^8); `Q4_1` adds its minimum with one f32 rounding.
pub fn dequant_value(elem: Elem, block: &[u8], j: usize) -> f32 {
    let half = |at: usize| half::f16::from_le_bytes([block[at], block[at + 1]]).to_f32();
    let nibble = |at: usize| {
        let byte = block[at + j % 16];
        f32::from(if j < 16 { byte & 15 } else { byte >> 4 })
    };
    match elem {
        Elem::Q4_0 => (nibble(2) - 8.0) * half(0),
        Elem::Q4_1 => nibble(4) * half(0) + half(2),
        Elem::Q8_0 => f32::from(block[2 + j] as i8) * half(0),
        Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => f32::NAN,
    }
}

/// All 32 values of one block of `elem` into `out`: the formulas of [`dequant_value`], with the
/// format chosen once a block so the loops vectorise (the CPU's products and the GGUF reader's
/// `dequantize` decode through it). `block` holds one block; a shorter one, or a type that is not
/// a block format, gives NaN.
#[inline(always)]
pub fn dequant_block(elem: Elem, block: &[u8], out: &mut [f32; 32]) {
    if !elem.is_quantized() || block.len() < elem.block_bytes() {
        out.fill(f32::NAN);
        return;
    }
    /// Low nibbles are values 0..16, high nibbles 16..32; two separate passes each vectorise.
    #[inline(always)]
    fn nibbles(codes: &[u8], out: &mut [f32; 32], value: impl Fn(f32) -> f32) {
        for (j, &c) in codes.iter().take(16).enumerate() {
            out[j] = value(f32::from(c & 15));
        }
        for (j, &c) in codes.iter().take(16).enumerate() {
            out[16 + j] = value(f32::from(c >> 4));
        }
    }
    let half = |at: usize| half::f16::from_bits(u16::from_le_bytes([block[at], block[at + 1]])).to_f32();
    match elem {
        // `(q - 8) · d` exactly (not `q · d - 8d`, which rounds differently).
        Elem::Q4_0 => {
            let d = half(0);
            nibbles(&block[2..18], out, |q| (q - 8.0) * d);
        }
        Elem::Q4_1 => {
            let (d, m) = (half(0), half(2));
            nibbles(&block[4..20], out, |q| q * d + m);
        }
        Elem::Q8_0 => {
            let d = half(0);
            for (o, &q) in out.iter_mut().zip(&block[2..34]) {
                *o = f32::from(q as i8) * d;
            }
        }
        Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => out.fill(f32::NAN),
    }
}

/// Blocks of `elem` for `values` values (whole blocks, rounded up): scale `d`, minimum `m` (Q4_1
/// only) and each code byte from `code`. Synthetic weights in a file's format for tests,
/// benchmarks and autotuning; empty for a type that is not a block format.
pub fn synthetic_blocks(elem: Elem, values: usize, d: f32, m: f32, mut code: impl FnMut() -> u8) -> Vec<u8> {
    if !elem.is_quantized() {
        return Vec::new();
    }
    let codes_at = if elem == Elem::Q4_1 { 4 } else { 2 };
    let mut out = Vec::with_capacity(elem.bytes_for(values));
    for _ in 0..values.div_ceil(elem.block_len()) {
        out.extend_from_slice(&half::f16::from_f32(d).to_le_bytes());
        if elem == Elem::Q4_1 {
            out.extend_from_slice(&half::f16::from_f32(m).to_le_bytes());
        }
        out.extend((codes_at..elem.block_bytes()).map(|_| code()));
    }
    out
}

/// A uniform's value, as passed in `…Inputs`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scalar {
    F32(f32),
    F16(half::f16),
    BF16(half::bf16),
    U32(u32),
    I32(i32),
}

impl Scalar {
    pub fn elem(self) -> Elem {
        match self {
            Scalar::F32(_) => Elem::F32,
            Scalar::F16(_) => Elem::F16,
            Scalar::BF16(_) => Elem::BF16,
            Scalar::U32(_) => Elem::U32,
            Scalar::I32(_) => Elem::I32,
        }
    }
    /// The 4-byte word a uniform block stores (f16 and bf16 uniforms are widened to f32).
    pub fn to_word(self) -> [u8; 4] {
        match self {
            Scalar::F32(v) => v.to_le_bytes(),
            Scalar::F16(v) => v.to_f32().to_le_bytes(),
            Scalar::BF16(v) => v.to_f32().to_le_bytes(),
            Scalar::U32(v) => v.to_le_bytes(),
            Scalar::I32(v) => v.to_le_bytes(),
        }
    }
}

macro_rules! scalar_from {
    ($($t:ty => $v:ident),*) => {$(
        impl From<$t> for Scalar { fn from(x: $t) -> Self { Scalar::$v(x) } }
    )*};
}
scalar_from!(f32 => F32, half::f16 => F16, half::bf16 => BF16, u32 => U32, i32 => I32);
