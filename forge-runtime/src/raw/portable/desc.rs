//! Owned descriptions of the types a portable kernel's bindings hold (`ValueType`), built from
//! naga types, with the messages for scalar types outside the subset.

use naga::{ArraySize, Scalar, ScalarKind, TypeInner};

/// A 32-bit scalar type (or bool, which WGSL keeps out of host-shareable memory).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScalarType {
    F32,
    I32,
    U32,
    Bool,
}

impl ScalarType {
    pub(crate) fn from_naga(s: Scalar) -> Result<Self, String> {
        match (s.kind, s.width) {
            (ScalarKind::Float, 4) => Ok(ScalarType::F32),
            (ScalarKind::Sint, 4) => Ok(ScalarType::I32),
            (ScalarKind::Uint, 4) => Ok(ScalarType::U32),
            (ScalarKind::Bool, _) => Ok(ScalarType::Bool),
            (ScalarKind::Float, 2) => Err("f16 is not supported by Forge's CPU and CUDA backends".into()),
            (ScalarKind::Float, 8) => Err("f64 is not supported by Forge's CPU and CUDA backends".into()),
            (ScalarKind::Sint | ScalarKind::Uint, 8) => {
                Err("64-bit integers are not supported by Forge's CPU and CUDA backends".into())
            }
            (ScalarKind::Sint | ScalarKind::Uint, 2) => {
                Err("16-bit integers are not supported by Forge's CPU and CUDA backends".into())
            }
            (ScalarKind::AbstractInt | ScalarKind::AbstractFloat, _) => {
                Err("abstract numeric types left after validation are not supported".into())
            }
            (kind, width) => Err(format!("scalar type {kind:?} of width {width} is not supported")),
        }
    }

    /// The WGSL spelling.
    pub fn wgsl(self) -> &'static str {
        match self {
            ScalarType::F32 => "f32",
            ScalarType::I32 => "i32",
            ScalarType::U32 => "u32",
            ScalarType::Bool => "bool",
        }
    }
}

/// A struct member with its byte offset in WGSL's layout.
#[derive(Debug, Clone, PartialEq)]
pub struct StructMember {
    pub name: Option<String>,
    pub offset: u32,
    pub ty: ValueType,
}

/// A data type as a binding holds it, with WGSL's memory layout.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueType {
    Scalar(ScalarType),
    Vector {
        size: u8,
        scalar: ScalarType,
    },
    /// `matCxR<f32>` (columns of `rows` floats; column stride 8 for 2 rows, else 16).
    Matrix {
        columns: u8,
        rows: u8,
    },
    Atomic(ScalarType),
    /// `len: None` is a runtime-sized array.
    Array {
        element: Box<ValueType>,
        len: Option<u32>,
        stride: u32,
    },
    Struct {
        name: Option<String>,
        members: Vec<StructMember>,
        size: u32,
    },
}

impl ValueType {
    /// Builds the description of a naga type; `Err` names what is outside the subset.
    pub(crate) fn from_naga(types: &naga::UniqueArena<naga::Type>, inner: &TypeInner) -> Result<Self, String> {
        Ok(match *inner {
            TypeInner::Scalar(s) => ValueType::Scalar(ScalarType::from_naga(s)?),
            TypeInner::Vector { size, scalar } => {
                ValueType::Vector { size: size as u8, scalar: ScalarType::from_naga(scalar)? }
            }
            TypeInner::Matrix { columns, rows, scalar } => {
                if ScalarType::from_naga(scalar)? != ScalarType::F32 {
                    return Err("matrices of other than f32 are not supported".into());
                }
                ValueType::Matrix { columns: columns as u8, rows: rows as u8 }
            }
            TypeInner::Atomic(s) => match ScalarType::from_naga(s)? {
                t @ (ScalarType::I32 | ScalarType::U32) => ValueType::Atomic(t),
                _ => return Err("atomics on f32 are not supported by Forge's CPU and CUDA backends".into()),
            },
            TypeInner::Array { base, size, stride } => {
                let len = match size {
                    ArraySize::Constant(n) => Some(n.get()),
                    ArraySize::Dynamic => None,
                    ArraySize::Pending(_) => {
                        return Err("arrays sized by pipeline-overridable constants are not supported".into())
                    }
                };
                ValueType::Array { element: Box::new(Self::from_handle(types, base)?), len, stride }
            }
            TypeInner::Struct { ref members, span } => {
                let mut out = Vec::with_capacity(members.len());
                for m in members {
                    out.push(StructMember {
                        name: m.name.clone(),
                        offset: m.offset,
                        ty: Self::from_handle(types, m.ty)?,
                    });
                }
                ValueType::Struct { name: None, members: out, size: span }
            }
            ref other => return Err(unsupported_type_message(other)),
        })
    }

    /// Like `from_naga`, keeping the struct name the type was declared with.
    pub(crate) fn from_handle(
        types: &naga::UniqueArena<naga::Type>,
        ty: naga::Handle<naga::Type>,
    ) -> Result<Self, String> {
        let t = types.get_handle(ty).map_err(|e| e.to_string())?;
        let mut out = Self::from_naga(types, &t.inner)?;
        if let ValueType::Struct { name, .. } = &mut out {
            name.clone_from(&t.name);
        }
        Ok(out)
    }

    /// Size in bytes (a runtime-sized array counts zero elements).
    pub fn size(&self) -> u32 {
        match self {
            ValueType::Scalar(_) | ValueType::Atomic(_) => 4,
            ValueType::Vector { size, .. } => 4 * *size as u32,
            ValueType::Matrix { columns, rows } => *columns as u32 * if *rows == 2 { 8 } else { 16 },
            ValueType::Array { len, stride, .. } => len.unwrap_or(0).saturating_mul(*stride),
            ValueType::Struct { size, .. } => *size,
        }
    }

    /// The element of a runtime-sized array this type is or ends with.
    pub fn runtime_array_element(&self) -> Option<&ValueType> {
        match self {
            ValueType::Array { element, len: None, .. } => Some(element),
            ValueType::Struct { members, .. } => members.last().and_then(|m| m.ty.runtime_array_element()),
            _ => None,
        }
    }

    /// WGSL-like spelling, for messages.
    pub fn wgsl(&self) -> String {
        match self {
            ValueType::Scalar(s) => s.wgsl().into(),
            ValueType::Vector { size, scalar } => format!("vec{size}<{}>", scalar.wgsl()),
            ValueType::Matrix { columns, rows } => format!("mat{columns}x{rows}<f32>"),
            ValueType::Atomic(s) => format!("atomic<{}>", s.wgsl()),
            ValueType::Array { element, len: Some(n), .. } => format!("array<{}, {n}>", element.wgsl()),
            ValueType::Array { element, len: None, .. } => format!("array<{}>", element.wgsl()),
            ValueType::Struct { name: Some(n), .. } => n.clone(),
            ValueType::Struct { name: None, .. } => "struct".into(),
        }
    }
}

/// The message for a type outside the subset.
pub(crate) fn unsupported_type_message(inner: &TypeInner) -> String {
    let what = match inner {
        TypeInner::Image { class: naga::ImageClass::Storage { .. }, .. } => "storage textures are",
        TypeInner::Image { .. } => "textures are",
        TypeInner::Sampler { .. } => "samplers are",
        TypeInner::BindingArray { .. } => "binding arrays are",
        TypeInner::CooperativeMatrix { .. } => "cooperative matrices are",
        TypeInner::AccelerationStructure { .. } => "acceleration structures here are",
        TypeInner::RayQuery { .. } => "ray queries here are",
        TypeInner::Pointer { .. } | TypeInner::ValuePointer { .. } => "pointers here are",
        _ => "this type is",
    };
    format!("{what} not supported by Forge's CPU and CUDA backends")
}
