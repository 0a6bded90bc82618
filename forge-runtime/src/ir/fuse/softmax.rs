//! Row softmaxes folded into the few-row product that reads them: `p = softmax(s)` followed by
//! `matmul(p, v)` (a decoding step's attention probabilities and its values) becomes one kernel
//! that reads `s`, finds each row's maximum first, multiplies `e^(s − max)` into the sums and
//! divides each row's sums by its total before the epilogue ([`MatmulBody::a_softmax`]). A
//! decoding step's attention then runs as two kernels (scores, then values) instead of three:
//! one wait for the kernel ahead fewer a layer.
//!
//! What it needs, beyond what any inlining needs (the temp dead after the product, nothing in
//! between writing what the softmax reads: [`super::next_reader`]):
//! - a softmax whose epilogue is the bare value, into an f32 temp (a 16-bit temp would round
//!   the probabilities, which the fold cannot reproduce);
//! - a product of at most [`SKINNY_MAX_M`] rows a batch entry (its broadcast batch dims folded
//!   in: [`MatmulBody::rows`]) under the default schedule, no pair, norm, followers, window or
//!   split store, whose `b` holds no block format (the few-row templates read those through
//!   their own loop), and whose `a` is the temp read point for point and nowhere else.
//!
//! The product's sums are the softmaxed plan's up to rounding order (dividing the sums instead
//! of each term); a row of `-inf`, or one holding NaN or `+inf`, is NaN as the softmax makes it.

use super::norm::{reads_as_a_only, replace_product};
use super::{next_reader, renumber};
use crate::elem::Elem;
use crate::ir::expr::SExpr;
use crate::ir::kernel::{KernelBody, MatmulBody, Schedule};
use crate::ir::limits::SKINNY_MAX_M;
use crate::ir::{Plan, PlannedKernel};

/// Folds every foldable softmax into the product after it.
pub fn fold_softmaxes(plan: &mut Plan, max_args: usize) {
    let mut p = 0;
    while p < plan.kernels.len() {
        match reader(plan, p) {
            Some(c) if fold(plan, p, c, max_args) => {
                plan.kernels.remove(p);
            }
            _ => p += 1,
        }
    }
}

/// A foldable softmax's output arg, rows (`leading`), columns and input.
fn softmax(k: &PlannedKernel) -> Option<(usize, &[usize], usize, &SExpr)> {
    let KernelBody::Softmax { out, leading, cols, input, epilogue } = &k.spec.body else { return None };
    let plain = matches!(epilogue, SExpr::Acc(_)) && k.spec.args[*out].elem == Elem::F32;
    plain.then_some((*out, leading.as_slice(), *cols, input))
}

/// The product that can take softmax `p` in front of it.
fn reader(plan: &Plan, p: usize) -> Option<usize> {
    let pk = &plan.kernels[p];
    let (out, leading, cols, input) = softmax(pk)?;
    let mut inputs = Vec::new();
    input.visit_args(&mut |arg| inputs.push(pk.spec.args[arg].buffer));
    let points = leading.iter().product::<usize>() * cols;
    let c = next_reader(plan, p, out, points, &inputs)?;
    let ck = &plan.kernels[c];
    let KernelBody::Matmul(m) = &ck.spec.body else { return None };
    let same_rows = [m.batch.as_slice(), &[m.m]].concat() == leading && m.k == cols && cols > 0;
    (takes_a_softmax(ck, m) && same_rows && reads_as_a_only(pk, out, ck, m)).then_some(c)
}

/// Whether product `m` (of kernel `k`) is one the few-row templates run with a folded softmax.
fn takes_a_softmax(k: &PlannedKernel, m: &MatmulBody) -> bool {
    let mut blocks = false;
    m.b.visit_args(&mut |arg| blocks |= k.spec.args[arg].elem.is_quantized());
    let plain = m.b2.is_none()
        && m.rms.is_none()
        && !m.a_softmax
        && m.followers.is_empty()
        && m.window.is_none()
        && !m.split_store;
    plain && !blocks && k.schedule == Schedule::default() && m.rows().1 <= SKINNY_MAX_M as u64
}

/// Moves softmax `p` into product `c`: `a` becomes the softmax's input.
fn fold(plan: &mut Plan, p: usize, c: usize, max_args: usize) -> bool {
    let pk = plan.kernels[p].spec.clone();
    let Some((out, _, _, input)) = softmax(&plan.kernels[p]) else { return false };
    let mut input = input.clone();
    let temp = pk.args[out].buffer;
    let mut ck = plan.kernels[c].spec.clone();
    let arg_map = super::bind_args(&pk.args, &mut ck.args, [&input]);
    renumber(&mut input, &arg_map);
    let KernelBody::Matmul(m) = &mut ck.body else { return false };
    m.a = input;
    m.a_softmax = true;
    replace_product(plan, c, ck, temp, &pk.node, max_args)
}
