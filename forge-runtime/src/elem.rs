//! Element types: the graph's `f32 f16 bf16 u32 i32`, their compute types, and the host types
//! that carry them.

use std::fmt;

/// Storage element type of a binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Elem {
    F32,
    F16,
    BF16,
    U32,
    I32,
}

impl Elem {
    /// Every element type, in the order error messages list them.
    pub const ALL: [Elem; 5] = [Elem::F32, Elem::F16, Elem::BF16, Elem::U32, Elem::I32];

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
        }
    }
    pub fn size_bytes(self) -> usize {
        match self {
            Elem::F16 | Elem::BF16 => 2,
            Elem::F32 | Elem::U32 | Elem::I32 => 4,
        }
    }
    /// The type arithmetic on this element is done in: f16 and bf16 are loaded to and computed
    /// in f32 and rounded (to nearest, ties to even) on store, on every backend alike.
    pub fn compute(self) -> Ty {
        match self {
            Elem::F32 | Elem::F16 | Elem::BF16 => Ty::F32,
            Elem::U32 => Ty::U32,
            Elem::I32 => Ty::I32,
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Elem::F32 | Elem::F16 | Elem::BF16)
    }
    /// The names a declaration may use, for "unknown element type" messages.
    pub fn expected_list() -> &'static str {
        "f32, f16, bf16, u32 or i32"
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

/// A host type that can fill or receive a binding (`f32`, `half::f16`, `half::bf16`, `u32`, `i32`).
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
