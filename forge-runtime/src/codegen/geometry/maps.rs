//! How a map kernel lays out its points: transposed tiles (K-major im2col temps) or 16-byte
//! vectors (CUDA, and WGSL where the bindings allow).

use super::product;
use crate::ir::{KernelBody, KernelSpec, SExpr, Schedule};

/// Side of a transposed map's square tile ([`transposed_map`]): a warp's lanes along its rows.
pub const TRANSPOSE_TILE: u32 = 32;
/// Threads of a transposed map's workgroup: eight lines of [`TRANSPOSE_TILE`], four points
/// each.
pub const TRANSPOSE_THREADS: u32 = 256;

/// A map that runs in transposed tiles (`codegen::map`): `(split, rows, cols)`, the points of
/// `extents[..split]` and of `extents[split..]`, where the map's `transpose_at` falls inside
/// its axes.
pub fn transposed_map(extents: &[usize], transpose_at: Option<usize>) -> Option<(usize, u64, u64)> {
    let split = transpose_at.filter(|&s| s > 0 && s < extents.len())?;
    Some((split, product(&extents[..split]), product(&extents[split..])))
}

/// Points each thread of a vectorised CUDA map owns (one 16-byte load per operand).
pub const VECTOR_POINTS: u32 = 4;

/// Whether a CUDA map runs vectorised: 4-byte output elements at a 16-byte aligned offset (or
/// 16-bit ones at an 8-byte aligned offset: four stored as one 8-byte word), a multiple of
/// [`VECTOR_POINTS`] points, and a schedule of that many items (which [`cuda_schedule`] gives
/// maps by default).
pub fn vector_map(spec: &KernelSpec, s: &Schedule) -> bool {
    let KernelBody::Map { out, extents, transpose_at, .. } = &spec.body else { return false };
    let out = &spec.args[*out];
    transposed_map(extents, *transpose_at).is_none()
        && s.items == VECTOR_POINTS
        && product(extents).is_multiple_of(VECTOR_POINTS as u64)
        && (vector_arg(out) || half_vector_arg(out))
}

/// Whether a 16-bit argument can be written [`VECTOR_POINTS`] elements (8 bytes) at a time
/// from a multiple of that index (CUDA maps' output only).
pub fn half_vector_arg(a: &crate::ir::KernelArg) -> bool {
    a.offset.is_multiple_of(VECTOR_POINTS as usize)
        && matches!(a.elem, crate::elem::Elem::F16 | crate::elem::Elem::BF16)
}

/// Whether an argument can be read or written [`VECTOR_POINTS`] elements (16 bytes) at a time
/// from a multiple of that index: a 4-byte element at a 16-byte aligned offset (buffers start
/// 256-byte aligned).
pub fn vector_arg(a: &crate::ir::KernelArg) -> bool {
    a.offset.is_multiple_of(VECTOR_POINTS as usize)
        && matches!(a.elem, crate::elem::Elem::F32 | crate::elem::Elem::U32 | crate::elem::Elem::I32)
}

/// The arguments a vectorised WGSL map binds as `array<vec4<…>>` (`true` at each), or `None`
/// where the map runs scalar. It vectorises under a schedule of [`VECTOR_POINTS`] items, one
/// 16-byte vector an invocation as on CUDA (which [`wgsl_schedule`] gives maps by default) when the output
/// is a 4-byte element at a 16-byte aligned offset, the points are a whole number of vectors,
/// and the value reads the output nowhere but at the flat index. The output is bound as
/// vectors, and so is each 4-byte, 16-byte aligned operand that is read only at the flat index;
/// an operand also read elsewhere (broadcast, gathered, strided) keeps its scalar binding,
/// since a binding has one element type in WGSL, and every read of it stays per lane.
pub fn wgsl_vector_args(spec: &KernelSpec, s: &Schedule) -> Option<Vec<bool>> {
    let KernelBody::Map { out, extents, value, transpose_at } = &spec.body else { return None };
    if transposed_map(extents, *transpose_at).is_some() {
        return None;
    }
    let n = product(extents);
    if s.items != VECTOR_POINTS || n == 0 || !n.is_multiple_of(VECTOR_POINTS as u64) {
        return None;
    }
    let own = crate::ir::contiguous_strides(extents);
    let (mut flat, mut other) = (vec![false; spec.args.len()], vec![false; spec.args.len()]);
    value.visit(&mut |e| match e {
        SExpr::Load { arg, strides, .. } if *strides == own => flat[*arg] = true,
        SExpr::Load { arg, .. } | SExpr::Gather { arg, .. } => other[*arg] = true,
        SExpr::Uniform { .. }
        | SExpr::Const(_)
        | SExpr::Var(_)
        | SExpr::Acc(_)
        | SExpr::Acc2
        | SExpr::Unary { .. }
        | SExpr::Binary { .. }
        | SExpr::Select { .. }
        | SExpr::Cast { .. } => {}
    });
    if !vector_arg(&spec.args[*out]) || other[*out] {
        return None;
    }
    let bound = |a: usize| a == *out || (flat[a] && !other[a] && vector_arg(&spec.args[a]));
    Some((0..spec.args.len()).map(bound).collect())
}

/// Whether a WGSL map runs vectorised ([`wgsl_vector_args`]).
pub fn wgsl_vector_map(spec: &KernelSpec, s: &Schedule) -> bool {
    wgsl_vector_args(spec, s).is_some()
}
