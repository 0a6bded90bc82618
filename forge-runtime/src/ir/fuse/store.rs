//! Permuting copies folded into the store of the kernel before them: `ctxm =
//! reshape(transpose(ctx, 1, 2))` after `ctx = attention(..)` makes the attention write each
//! output element straight to its place in `ctxm` (`AttentionBody::out_strides`), and the copy
//! kernel and the `ctx` buffer disappear. A multi-head layer's head merge costs nothing then.
//!
//! What it needs (the copy is a map `y = load(x)` over a space that permutes `x`'s axes):
//! - `x` is a temp of f32, written whole by an attention kernel with a row-major store, and
//!   dead after the copy ([`super::dead_after`], as a fused temp must be);
//! - `y` is f32, the copy writes all of it, and no kernel between the two (nor the
//!   attention's own operands) touches `y`;
//! - every axis of `x`'s space of extent above 1 is read by exactly one axis of the copy's
//!   space, of the same extent, at `x`'s row-major stride for it.

use super::{dead_after, join_labels, reads, touches};
use crate::elem::{Elem, Ty};
use crate::ir::expr::SExpr;
use crate::ir::kernel::KernelBody;
use crate::ir::{contiguous_strides, BufferRole, Plan};

/// Folds every foldable permuting copy into its attention.
pub fn fold_permuting_copies(plan: &mut Plan) {
    let mut c = 0;
    while c < plan.kernels.len() {
        match foldable(plan, c) {
            Some((p, strides)) => apply(plan, p, c, strides),
            None => c += 1,
        }
    }
}

/// For copy kernel `c`: the attention kernel `p` it can fold into and the strides the
/// attention then stores at.
fn foldable(plan: &Plan, c: usize) -> Option<(usize, Vec<usize>)> {
    let ck = &plan.kernels[c].spec;
    let KernelBody::Map { out, extents, value: SExpr::Load { arg, strides, ty: Ty::F32 }, .. } = &ck.body else {
        return None;
    };
    let (src, dst) = (&ck.args[*arg], &ck.args[*out]);
    let points: usize = extents.iter().product();
    if src.elem != Elem::F32 || dst.elem != Elem::F32 || dst.len != points || src.buffer == dst.buffer {
        return None;
    }
    if plan.buffers.get(src.buffer)?.role != BufferRole::Temp {
        return None;
    }
    let p = (0..c).rev().find(|&i| touches(&plan.kernels[i], src.buffer))?;
    let pk = &plan.kernels[p].spec;
    let KernelBody::Attention(a) = &pk.body else { return None };
    let written = &pk.args[a.out];
    let whole = written.buffer == src.buffer && written.offset == src.offset && written.len == src.len;
    if !whole || a.out_strides.is_some() || written.elem != Elem::F32 || reads(&plan.kernels[p], dst.buffer) {
        return None;
    }
    if plan.kernels[p + 1..c].iter().any(|k| touches(k, dst.buffer))
        || !dead_after(plan, c, src.buffer, src.offset, src.len)
    {
        return None;
    }
    let space = a.space();
    if space.iter().product::<usize>() != points {
        return None;
    }
    let store = permuted_strides(&space, extents, strides)?;
    Some((p, store))
}

/// The strides at which point `[.., j, ..]` of `space` (stored row-major as the copy reads
/// it) lands in the copy's row-major output over `extents`, where the copy reads the point
/// `idx` of its own space at `sum(idx · read)`. `None` unless that is a permutation of axes.
fn permuted_strides(space: &[usize], extents: &[usize], read: &[usize]) -> Option<Vec<usize>> {
    if read.len() != extents.len() {
        return None;
    }
    let source = contiguous_strides(space);
    let target = contiguous_strides(extents);
    let mut used = vec![false; extents.len()];
    let mut store = vec![0; space.len()];
    for (j, (&n, &s)) in space.iter().zip(&source).enumerate() {
        if n == 1 {
            continue;
        }
        let i = (0..extents.len()).find(|&i| !used[i] && extents[i] == n && read[i] == s)?;
        used[i] = true;
        store[j] = target[i];
    }
    // Every axis of the copy that moves reads one axis of the source.
    extents.iter().zip(&used).all(|(&n, &u)| u || n == 1).then_some(store)
}

/// Makes attention `p` store into copy `c`'s output at `strides` and drops `c`.
fn apply(plan: &mut Plan, p: usize, c: usize, strides: Vec<usize>) {
    let ck = plan.kernels.remove(c).spec;
    let KernelBody::Map { out, .. } = ck.body else { return };
    let pk = &mut plan.kernels[p].spec;
    let KernelBody::Attention(a) = &mut pk.body else { return };
    let access = pk.args[a.out].access;
    pk.args[a.out] = crate::ir::KernelArg { access, ..ck.args[out].clone() };
    a.out_strides = Some(strides);
    pk.node = join_labels(&pk.node, &ck.node);
}

#[cfg(test)]
mod tests {
    use super::permuted_strides;

    #[test]
    fn head_merge_strides() {
        // ctx: [B=2, H=3, T=4, E=5]; the copy's space [B, T, H, E] reads it transposed.
        let read = [60, 5, 20, 1];
        let got = permuted_strides(&[2, 3, 4, 5], &[2, 4, 3, 5], &read);
        // ctx point (b, h, t, e) lands at b·60 + t·15 + h·5 + e.
        assert_eq!(got, Some(vec![60, 5, 15, 1]));
        // A plain copy keeps row-major strides.
        assert_eq!(permuted_strides(&[2, 3], &[2, 3], &[3, 1]), Some(vec![3, 1]));
        // A broadcast read (stride 0) or a strided window is not a permutation.
        assert_eq!(permuted_strides(&[2, 3], &[2, 3], &[3, 0]), None);
        assert_eq!(permuted_strides(&[2, 3], &[2, 3], &[6, 1]), None);
        // Axes of extent 1 do not matter.
        assert_eq!(permuted_strides(&[1, 2, 3], &[2, 1, 3], &[3, 7, 1]), Some(vec![0, 3, 1]));
    }
}
