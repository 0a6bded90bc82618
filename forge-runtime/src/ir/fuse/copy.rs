//! Whole copies between buffers elided: `r = x;` before a chain that updates `r` in place, and
//! `y = r;` after it, are how a graph starts and ends a running value (a residual stream, a
//! state), and each costs a kernel that only moves bytes — in a decode chain, a dependent wait.
//!
//! - **Head copy** `t = s` (`t` a temp): every kernel from the copy up to and including the
//!   first one that rewrites all of `t` reads `s` instead, and the copy goes. Needs: no kernel
//!   in that span writes `s` (nor, when nothing rewrites `t`, any later kernel), and none writes
//!   part of `t` first.
//! - **Tail copy** `y = t` (`t` a temp dead after the copy): the last kernel that wrote all of
//!   `t` writes `y` instead (reading `t` where it read it before), and the copy goes. Needs: no
//!   kernel from that writer up to the copy touches `y`.
//!
//! A copy is a map whose value is a plain, point-for-point load of a range of the same element
//! type and length; raw kernels touching either range keep it. The numbers are the same bits.

use super::{join_labels, renumber, row_major, sites_mut, touches, writes};
use crate::ir::expr::SExpr;
use crate::ir::kernel::{Access, KernelArg, KernelBody};
use crate::ir::{BufferRole, Plan, PlannedKernel};

/// Elides every head and tail copy that qualifies.
pub fn elide_copies(plan: &mut Plan) {
    let mut p = 0;
    while p < plan.kernels.len() {
        if elide_head(plan, p) || elide_tail(plan, p) {
            plan.kernels.remove(p);
        } else {
            p += 1;
        }
    }
}

/// Kernel `k` as a whole copy: (destination, source) argument ranges.
fn copy_of(k: &PlannedKernel) -> Option<(KernelArg, KernelArg)> {
    let KernelBody::Map { out, extents, value: SExpr::Load { arg, strides, .. }, .. } = &k.spec.body else {
        return None;
    };
    let (dst, src) = (&k.spec.args[*out], &k.spec.args[*arg]);
    let points: usize = extents.iter().product();
    let whole = row_major(extents, strides) && dst.len == points && src.len == points && dst.elem == src.elem;
    (whole && dst.buffer != src.buffer).then(|| (dst.clone(), src.clone()))
}

/// Whether `k` writes exactly the range `r` (and nothing of its buffer outside it).
fn rewrites(k: &PlannedKernel, r: &KernelArg) -> bool {
    let out = &k.spec.args[k.spec.body.out()];
    !raw(k) && (out.buffer, out.offset, out.len) == (r.buffer, r.offset, r.len)
}

fn raw(k: &PlannedKernel) -> bool {
    matches!(k.spec.body, KernelBody::Raw(_))
}

/// `t = s` at `p`, `t` a temp: later reads of `t` read `s` until `t` is rewritten.
fn elide_head(plan: &mut Plan, p: usize) -> bool {
    let Some((dst, src)) = copy_of(&plan.kernels[p]) else { return false };
    if plan.buffers[dst.buffer].role != BufferRole::Temp {
        return false;
    }
    let later = p + 1..plan.kernels.len();
    let first_write = later.clone().find(|&i| writes(&plan.kernels[i], dst.buffer));
    if let Some(c) = first_write {
        if !rewrites(&plan.kernels[c], &dst) {
            return false;
        }
    }
    // Where `s` must keep its value: up to the rewrite, or to the end.
    let end = first_write.unwrap_or(plan.kernels.len() - 1);
    let span = p + 1..end + 1;
    let blocked = plan.kernels[span.clone()].iter().any(|k| {
        let raw_touch = raw(k) && (touches(k, dst.buffer) || touches(k, src.buffer));
        raw_touch || writes(k, src.buffer)
    });
    if blocked {
        return false;
    }
    let inside = |a: &KernelArg| a.offset >= dst.offset && a.offset + a.len <= dst.offset + dst.len;
    let ranges_inside =
        plan.kernels[span.clone()].iter().all(|k| k.spec.args.iter().filter(|a| a.buffer == dst.buffer).all(inside));
    if !ranges_inside {
        return false;
    }
    let label = plan.kernels[p].spec.node.clone();
    for i in span {
        let k = &mut plan.kernels[i].spec;
        let out = k.body.out();
        let writer = first_write == Some(i);
        for a in 0..k.args.len() {
            if k.args[a].buffer != dst.buffer || (writer && a == out) {
                continue;
            }
            k.args[a] = moved(&k.args[a], &dst, &src, Access::Read);
        }
        if writer {
            // The rewrite's own reads of `t` (through its output argument) read `s` too.
            read_through(k, out, moved(&k.args[out], &dst, &src, Access::Read));
            k.node = join_labels(&label, &k.node);
        }
    }
    true
}

/// `y = t` at `q`, `t` a temp nothing reads afterwards: `t`'s last writer writes `y`.
fn elide_tail(plan: &mut Plan, q: usize) -> bool {
    let Some((dst, src)) = copy_of(&plan.kernels[q]) else { return false };
    if plan.buffers[src.buffer].role != BufferRole::Temp {
        return false;
    }
    let Some(w) = (0..q).rev().find(|&i| touches(&plan.kernels[i], src.buffer)) else { return false };
    let dead_after = !plan.kernels[q + 1..].iter().any(|k| touches(k, src.buffer));
    let y_free = !plan.kernels[w..q].iter().any(|k| touches(k, dst.buffer));
    if !(rewrites(&plan.kernels[w], &src) && dead_after && y_free) {
        return false;
    }
    let label = plan.kernels[q].spec.node.clone();
    let k = &mut plan.kernels[w].spec;
    let out = k.body.out();
    read_through(k, out, KernelArg { access: Access::Read, ..k.args[out].clone() });
    k.args[out] = KernelArg { access: Access::ReadWrite, ..dst };
    k.node = join_labels(&k.node, &label);
    true
}

/// `a` (a range of `from`) as the same range of `to`.
fn moved(a: &KernelArg, from: &KernelArg, to: &KernelArg, access: Access) -> KernelArg {
    KernelArg { buffer: to.buffer, offset: to.offset + (a.offset - from.offset), role: to.role, access, ..a.clone() }
}

/// Reads of argument `out` in `k`'s expressions go to `read` instead (a new argument), so the
/// output argument can change while the kernel still reads what it read.
fn read_through(k: &mut crate::ir::KernelSpec, out: usize, read: KernelArg) {
    let mut reads = false;
    for e in k.body.exprs() {
        e.visit_args(&mut |a| reads |= a == out);
    }
    if !reads {
        return;
    }
    k.args.push(read);
    let mut map: Vec<usize> = (0..k.args.len()).collect();
    map[out] = k.args.len() - 1;
    for (e, _, _) in sites_mut(&mut k.body) {
        renumber(e, &map);
    }
}
