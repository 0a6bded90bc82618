//! Paired products: two few-row matmuls of one input, where the first's result is a temp read
//! only by the second's epilogue, become one kernel that computes both ([`MatmulBody::b2`],
//! [`SExpr::Acc2`]). A gated MLP's `silu(matmul(n, w_gate)) * matmul(n, w_up)` is then one
//! kernel: in a decode chain every kernel waits for the one before it, so a layer loses one
//! wait, and the input is read once.
//!
//! What it needs, beyond what any inlining needs ([`super::absorb`]: the temp dead after the
//! consumer, read point for point in its epilogue and nowhere else):
//! - both products have the same batch, `m`, `n`, `k` and precision, the default schedule, and
//!   at most [`PAIR_MAX_ROWS`] rows in all (the few-row templates are the ones that take a
//!   second operand: the skinny kernel, CUDA's decode GEMM);
//! - the first's `a` is the second's, reading the same ranges;
//! - nothing from the first kernel up to and including the second writes what the first reads.
//!
//! The first's epilogue moves into the second's with `Acc` renamed `Acc2` (a 16-bit temp
//! rounds as its store would have), so results are the unpaired plan's up to the products'
//! rounding order: CUDA runs a pair of 16-bit products on the SIMT decode kernel where the
//! unpaired ones may take tensor cores.

use super::{absorb, next_reader, renumber};
use crate::ir::expr::SExpr;
use crate::ir::kernel::{KernelBody, MatmulBody, Schedule};
use crate::ir::{Plan, PlannedKernel};

/// Rows (`m` times the batch entries) up to which products pair: the skinny template's limit.
pub const PAIR_MAX_ROWS: usize = crate::ir::limits::SKINNY_MAX_M;

/// Pairs every pairable product with its consumer.
pub fn pair_products(plan: &mut Plan, max_args: usize) {
    let mut p = 0;
    while p < plan.kernels.len() {
        match partner(plan, p) {
            Some(c) if merge(plan, p, c, max_args) => {
                plan.kernels.remove(p);
            }
            _ => p += 1,
        }
    }
}

/// A product that may be paired: unpaired, default schedule, few rows.
fn product(k: &PlannedKernel) -> Option<&MatmulBody> {
    let KernelBody::Matmul(m) = &k.spec.body else { return None };
    let rows = m.m.saturating_mul(m.batch.iter().product());
    (m.b2.is_none() && k.schedule == Schedule::default() && rows <= PAIR_MAX_ROWS).then_some(m)
}

/// The product that can absorb product `p`: the next kernel touching `p`'s temp result
/// ([`next_reader`]), a product of the same shape and input.
fn partner(plan: &Plan, p: usize) -> Option<usize> {
    let pk = &plan.kernels[p];
    let pm = product(pk)?;
    // Everything the first product reads, which the paired kernel then reads.
    let mut inputs = Vec::new();
    for e in pk.spec.body.exprs() {
        e.visit_args(&mut |arg| inputs.push(pk.spec.args[arg].buffer));
    }
    let points = pm.m * pm.n * pm.batch.iter().product::<usize>();
    let c = next_reader(plan, p, pm.out, points, &inputs)?;
    let ck = &plan.kernels[c];
    let cm = product(ck)?;
    let same_shape = (&cm.batch, cm.m, cm.n, cm.k, cm.precision) == (&pm.batch, pm.m, pm.n, pm.k, pm.precision);
    (same_shape && same_a(pk, pm, ck, cm)).then_some(c)
}

/// Whether both products' `a` is one expression over the same argument ranges.
fn same_a(pk: &PlannedKernel, pm: &MatmulBody, ck: &PlannedKernel, cm: &MatmulBody) -> bool {
    let mut map = vec![usize::MAX; pk.spec.args.len()];
    let mut found = true;
    pm.a.visit_args(&mut |arg| {
        let a = &pk.spec.args[arg];
        match ck
            .spec
            .args
            .iter()
            .position(|b| (b.buffer, b.offset, b.len, b.elem) == (a.buffer, a.offset, a.len, a.elem))
        {
            Some(j) => map[arg] = j,
            None => found = false,
        }
    });
    if !found {
        return false;
    }
    let mut a = pm.a.clone();
    renumber(&mut a, &map);
    a == cm.a
}

/// Moves product `p` into product `c` as its second operand.
fn merge(plan: &mut Plan, p: usize, c: usize, max_args: usize) -> bool {
    let KernelBody::Matmul(pm) = &plan.kernels[p].spec.body else { return false };
    let mut extents = pm.batch.clone();
    extents.extend([pm.m, pm.n]);
    let Some(value) = rename_acc(&pm.epilogue) else { return false };
    let b2 = pm.b.clone();
    let out = pm.out;
    absorb(plan, (p, c), (out, &extents, &value), Some(&b2), max_args)
}

/// `e` with the op's value `Acc` read as the paired product's `Acc2`; `None` where a gather's
/// coordinate reads it (left unpaired rather than renamed there).
fn rename_acc(e: &SExpr) -> Option<SExpr> {
    let sub = |x: &SExpr| rename_acc(x).map(Box::new);
    Some(match e {
        SExpr::Acc(_) => SExpr::Acc2,
        SExpr::Unary { op, arg } => SExpr::Unary { op: *op, arg: sub(arg)? },
        SExpr::Cast { arg, to } => SExpr::Cast { arg: sub(arg)?, to: *to },
        SExpr::Binary { op, lhs, rhs } => SExpr::Binary { op: *op, lhs: sub(lhs)?, rhs: sub(rhs)? },
        SExpr::Select { cond, on_true, on_false } => {
            SExpr::Select { cond: sub(cond)?, on_true: sub(on_true)?, on_false: sub(on_false)? }
        }
        SExpr::Gather { .. } => {
            let mut acc = false;
            e.visit(&mut |x| acc |= matches!(x, SExpr::Acc(_)));
            if acc {
                return None;
            }
            e.clone()
        }
        SExpr::Load { .. } | SExpr::Uniform { .. } | SExpr::Const(_) | SExpr::Var(_) | SExpr::Acc2 => e.clone(),
    })
}
