//! The statements that follow a skinny product inside its kernel ([`Follower`],
//! `ir::fuse::follow`). Once every invocation has stored its columns (a barrier that makes
//! buffer writes visible to the workgroup), the invocations walk each follower's points
//! `lid, lid + threads, …` and compute those whose anchor column lies in the workgroup's
//! columns: every read such a point makes of the product is then one this workgroup stored.
//! A walk costs an anchor a point, a few integer operations, where a kernel of its own would
//! cost a launch and a wait for the product.

use super::map::scatter_point;
use super::{unflatten, Writer};
use crate::ir::{Follower, KernelBody, MatmulBody};

/// Emits `m`'s followers after the product's store, for workgroups of `cols` columns
/// (`tile` the workgroup's column tile).
pub(super) fn followers(w: &mut Writer<'_>, m: &MatmulBody, cols: u32) {
    if m.followers.is_empty() {
        return;
    }
    w.memory_barrier();
    for (i, f) in m.followers.iter().enumerate() {
        follower(w, m, f, i, cols);
    }
}

fn follower(w: &mut Writer<'_>, m: &MatmulBody, f: &Follower, i: usize, cols: u32) {
    let extents = f.body.points().unwrap_or(&[]).to_vec();
    let n: u64 = extents.iter().map(|&e| e as u64).product();
    let point = format!("fp{i}");
    let (from, to, step) = (w.idx("lid"), w.u(n), w.u(u64::from(w.threads)));
    w.for_(&point, &from, &to, &step);
    let vars = unflatten(w, &point, &extents, &format!("f{i}v"));
    // The anchor clamped as reads of the product clamp, so every point has one owner.
    let anchor = w.expr(&f.anchor, &vars, None, "");
    let last = (m.n.max(1) - 1) as u64;
    let owner = w.idx(&format!("u32(clamp({anchor}, i32(0), i32({last}))) / {}", w.u(u64::from(cols))));
    w.if_(&format!("{owner} == tile"));
    match &f.body {
        KernelBody::Index { out, value, .. } | KernelBody::Map { out, value, .. } => {
            let v = w.expr(value, &vars, None, "");
            w.store(*out, &point, &v);
        }
        KernelBody::Scatter(s) => scatter_point(w, s, &vars, None),
        // `ir::fuse::follow` makes followers of the two bodies above only.
        KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Norm { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => {}
    }
    w.close();
    w.close();
}
