//! GGUF metadata values: the scalar, string and typed-array values a key can hold, with
//! lossless conversions to the integer and float types callers ask for.

use std::fmt;

/// One metadata value, as the file stores it (GGUF value types 0..=12).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    U8(u8),
    I8(i8),
    U16(u16),
    I16(i16),
    U32(u32),
    I32(i32),
    U64(u64),
    I64(i64),
    F32(f32),
    F64(f64),
    Bool(bool),
    String(String),
    Array(Array),
}

/// A typed metadata array: every element has the type the file declared for the array.
/// Arrays of arrays nest (each inner array declares its own element type).
#[derive(Debug, Clone, PartialEq)]
pub enum Array {
    U8(Vec<u8>),
    I8(Vec<i8>),
    U16(Vec<u16>),
    I16(Vec<i16>),
    U32(Vec<u32>),
    I32(Vec<i32>),
    U64(Vec<u64>),
    I64(Vec<i64>),
    F32(Vec<f32>),
    F64(Vec<f64>),
    Bool(Vec<bool>),
    String(Vec<String>),
    Array(Vec<Array>),
}

impl Value {
    /// The GGUF name of the value's type (`u32`, `string`, `array of f32`, ...), for messages.
    pub fn type_name(&self) -> String {
        match self {
            Value::U8(_) => "u8".into(),
            Value::I8(_) => "i8".into(),
            Value::U16(_) => "u16".into(),
            Value::I16(_) => "i16".into(),
            Value::U32(_) => "u32".into(),
            Value::I32(_) => "i32".into(),
            Value::U64(_) => "u64".into(),
            Value::I64(_) => "i64".into(),
            Value::F32(_) => "f32".into(),
            Value::F64(_) => "f64".into(),
            Value::Bool(_) => "bool".into(),
            Value::String(_) => "string".into(),
            Value::Array(a) => format!("array of {} {}", a.len(), a.elem_type_name()),
        }
    }

    /// The value as a signed 128-bit integer when it is an integer of any width.
    fn as_i128(&self) -> Option<i128> {
        Some(match *self {
            Value::U8(v) => v.into(),
            Value::I8(v) => v.into(),
            Value::U16(v) => v.into(),
            Value::I16(v) => v.into(),
            Value::U32(v) => v.into(),
            Value::I32(v) => v.into(),
            Value::U64(v) => v.into(),
            Value::I64(v) => v.into(),
            _ => return None,
        })
    }

    /// The value as a `u32` when it is an integer of any type whose value fits.
    pub fn as_u32(&self) -> Option<u32> {
        self.as_i128().and_then(|v| u32::try_from(v).ok())
    }

    /// The value as a `u64` when it is an integer of any type whose value fits.
    pub fn as_u64(&self) -> Option<u64> {
        self.as_i128().and_then(|v| u64::try_from(v).ok())
    }

    /// The value as an `f32` when it is an `f32` or an `f64` (rounded).
    pub fn as_f32(&self) -> Option<f32> {
        match *self {
            Value::F32(v) => Some(v),
            Value::F64(v) => Some(v as f32),
            _ => None,
        }
    }

    /// The value when it is a bool.
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(v) => Some(v),
            _ => None,
        }
    }

    /// The value when it is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The value when it is an array.
    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
}

impl Array {
    /// Number of elements.
    pub fn len(&self) -> usize {
        match self {
            Array::U8(v) => v.len(),
            Array::I8(v) => v.len(),
            Array::U16(v) => v.len(),
            Array::I16(v) => v.len(),
            Array::U32(v) => v.len(),
            Array::I32(v) => v.len(),
            Array::U64(v) => v.len(),
            Array::I64(v) => v.len(),
            Array::F32(v) => v.len(),
            Array::F64(v) => v.len(),
            Array::Bool(v) => v.len(),
            Array::String(v) => v.len(),
            Array::Array(v) => v.len(),
        }
    }

    /// Whether the array has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The GGUF name of the element type (`u32`, `string`, `array`, ...).
    pub fn elem_type_name(&self) -> &'static str {
        match self {
            Array::U8(_) => "u8",
            Array::I8(_) => "i8",
            Array::U16(_) => "u16",
            Array::I16(_) => "i16",
            Array::U32(_) => "u32",
            Array::I32(_) => "i32",
            Array::U64(_) => "u64",
            Array::I64(_) => "i64",
            Array::F32(_) => "f32",
            Array::F64(_) => "f64",
            Array::Bool(_) => "bool",
            Array::String(_) => "string",
            Array::Array(_) => "array",
        }
    }

    /// The elements as `i32` when the array holds integers that all fit.
    pub fn to_i32_vec(&self) -> Option<Vec<i32>> {
        fn fit<T: Copy>(v: &[T]) -> Option<Vec<i32>>
        where
            i32: TryFrom<T>,
        {
            v.iter().map(|&x| i32::try_from(x).ok()).collect()
        }
        match self {
            Array::U8(v) => fit(v),
            Array::I8(v) => fit(v),
            Array::U16(v) => fit(v),
            Array::I16(v) => fit(v),
            Array::U32(v) => fit(v),
            Array::I32(v) => Some(v.clone()),
            Array::U64(v) => fit(v),
            Array::I64(v) => fit(v),
            _ => None,
        }
    }

    /// The elements as `f32` when the array holds `f32` or `f64` (rounded).
    pub fn to_f32_vec(&self) -> Option<Vec<f32>> {
        match self {
            Array::F32(v) => Some(v.clone()),
            Array::F64(v) => Some(v.iter().map(|&x| x as f32).collect()),
            _ => None,
        }
    }

    /// The elements when the array holds strings.
    pub fn as_strings(&self) -> Option<&[String]> {
        match self {
            Array::String(v) => Some(v),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    /// Scalars print as themselves, strings quoted (cut after 80 characters), arrays as their
    /// type and length: a readable one-line summary for listing a file's metadata.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::U8(v) => write!(f, "{v}"),
            Value::I8(v) => write!(f, "{v}"),
            Value::U16(v) => write!(f, "{v}"),
            Value::I16(v) => write!(f, "{v}"),
            Value::U32(v) => write!(f, "{v}"),
            Value::I32(v) => write!(f, "{v}"),
            Value::U64(v) => write!(f, "{v}"),
            Value::I64(v) => write!(f, "{v}"),
            Value::F32(v) => write!(f, "{v}"),
            Value::F64(v) => write!(f, "{v}"),
            Value::Bool(v) => write!(f, "{v}"),
            Value::String(s) if s.chars().count() > 80 => {
                write!(f, "{:?}...", s.chars().take(80).collect::<String>())
            }
            Value::String(s) => write!(f, "{s:?}"),
            Value::Array(a) => write!(f, "[{} x {}]", a.len(), a.elem_type_name()),
        }
    }
}
