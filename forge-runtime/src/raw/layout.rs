//! Value shapes shared by the interpreter and the CUDA translator: how many 32-bit words a value
//! of a naga type occupies in registers, its size in WGSL's memory layout, and the byte offset of
//! each register word in that layout. Only 32-bit scalars (and bool) reach here: `check_portable`
//! rejects everything else first.

use naga::{ArraySize, Type, TypeInner, UniqueArena};

/// A pointer value in interpreter registers: (memory tag, byte offset).
pub(crate) const PTR_WORDS: u32 = 2;
/// Words of ray-query state kept in a `ray_query` local variable (see `interp::rayquery`).
pub(crate) const RAY_QUERY_WORDS: u32 = 24;

/// Number of register words a value of this type takes.
pub(crate) fn value_words(types: &UniqueArena<Type>, inner: &TypeInner) -> Option<u32> {
    Some(match *inner {
        TypeInner::Scalar(_) | TypeInner::Atomic(_) => 1,
        TypeInner::Vector { size, .. } => size as u32,
        TypeInner::Matrix { columns, rows, .. } => columns as u32 * rows as u32,
        TypeInner::Pointer { .. } | TypeInner::ValuePointer { .. } => PTR_WORDS,
        TypeInner::Array { base, size: ArraySize::Constant(n), .. } => {
            n.get().checked_mul(value_words(types, &types.get_handle(base).ok()?.inner)?)?
        }
        TypeInner::Struct { ref members, .. } => {
            let mut total = 0u32;
            for m in members {
                total = total.checked_add(value_words(types, &types.get_handle(m.ty).ok()?.inner)?)?;
            }
            total
        }
        TypeInner::AccelerationStructure { .. } => 1,
        TypeInner::RayQuery { .. } => RAY_QUERY_WORDS,
        _ => return None,
    })
}

/// Size in bytes in WGSL's memory layout (runtime-sized arrays count one element).
pub(crate) fn mem_size(_types: &UniqueArena<Type>, inner: &TypeInner) -> Option<u32> {
    Some(match *inner {
        TypeInner::Scalar(_) | TypeInner::Atomic(_) => 4,
        TypeInner::Vector { size, .. } => 4 * size as u32,
        TypeInner::Matrix { columns, rows, .. } => columns as u32 * column_stride(rows),
        TypeInner::Array { size: ArraySize::Constant(n), stride, .. } => n.get().checked_mul(stride)?,
        TypeInner::Array { stride, .. } => stride,
        TypeInner::Struct { span, .. } => span,
        TypeInner::RayQuery { .. } => 4 * RAY_QUERY_WORDS,
        TypeInner::AccelerationStructure { .. } => 4,
        _ => return None,
    })
}

/// Byte distance between matrix columns (a column is a vector of `rows` f32, vec3 aligned to 16).
pub(crate) fn column_stride(rows: naga::VectorSize) -> u32 {
    match rows {
        naga::VectorSize::Bi => 8,
        _ => 16,
    }
}

/// Appends, for every register word of a value of this type, its byte offset in memory.
pub(crate) fn word_offsets(types: &UniqueArena<Type>, inner: &TypeInner, base: u32, out: &mut Vec<u32>) -> Option<()> {
    match *inner {
        TypeInner::Scalar(_) | TypeInner::Atomic(_) | TypeInner::AccelerationStructure { .. } => out.push(base),
        TypeInner::Vector { size, .. } => out.extend((0..size as u32).map(|i| base + 4 * i)),
        TypeInner::Matrix { columns, rows, .. } => {
            for c in 0..columns as u32 {
                let col = base + c * column_stride(rows);
                out.extend((0..rows as u32).map(|r| col + 4 * r));
            }
        }
        TypeInner::Array { base: elem, size: ArraySize::Constant(n), stride } => {
            let elem = &types.get_handle(elem).ok()?.inner;
            for i in 0..n.get() {
                word_offsets(types, elem, base.checked_add(i.checked_mul(stride)?)?, out)?;
            }
        }
        TypeInner::Struct { ref members, .. } => {
            for m in members {
                word_offsets(types, &types.get_handle(m.ty).ok()?.inner, base.checked_add(m.offset)?, out)?;
            }
        }
        TypeInner::RayQuery { .. } => out.extend((0..RAY_QUERY_WORDS).map(|i| base + 4 * i)),
        _ => return None,
    }
    Some(())
}
