//! Kernels that read more buffers than a device binds to one kernel split before fusion (wgpu's
//! `max_storage_buffers_per_shader_stage`: 31 on Metal, 48 on lavapipe; each argument is one
//! binding). A part of an expression that reads several buffers is computed into a temp by a
//! map kernel of its own, run just before, and the expression reads the temp instead, until the
//! kernel fits. The numbers are the same: the temp holds the part's value in its own compute
//! type (f32, i32 or u32) exactly, and both kernels read their inputs at the same time.

use super::expr::SExpr;
use super::fuse::{compact_args, renumber, sites_mut};
use super::kernel::{Access, KernelArg, KernelBody, KernelSpec};
use super::{contiguous_strides, BufferRole, Plan, PlanBuffer, PlannedKernel, Schedule};
use crate::elem::{Elem, Ty};
use std::collections::BTreeSet;

/// Splits every kernel of more than `max_args` arguments where a part of its expressions can
/// be computed apart; a kernel that still has too many is left for the backend to refuse.
pub fn split_wide_kernels(plan: &mut Plan, max_args: usize) {
    let mut k = 0;
    while k < plan.kernels.len() {
        // Where a part moves out, it runs at `k` and the kernel, now at `k + 1`, is checked next.
        if plan.kernels[k].spec.args.len() > max_args {
            hoist_one(plan, k, max_args);
        }
        k += 1;
    }
}

/// Moves the widest part of kernel `k` that fits `max_args - 1` arguments (room for its output)
/// into a map kernel before it. False where no part reads two buffers or more.
fn hoist_one(plan: &mut Plan, k: usize, max_args: usize) -> bool {
    let mut spec = plan.kernels[k].spec.clone();
    if matches!(spec.body, KernelBody::Raw(_) | KernelBody::Rows(_)) {
        return false;
    }
    let written: BTreeSet<usize> = spec.body.outs().into_iter().collect();
    let room = max_args.saturating_sub(1);
    // The widest part over every site, as (site, pre-order index of the node, its arguments).
    let mut best: Option<(usize, usize, BTreeSet<usize>)> = None;
    for (site, (e, _, host)) in sites_mut(&mut spec.body).into_iter().enumerate() {
        if !host {
            continue;
        }
        let mut counter = 0;
        widest(e, &written, room, &mut counter, &mut |node, args| {
            if best.as_ref().is_none_or(|b| args.len() > b.2.len()) {
                best = Some((site, node, args.clone()));
            }
        });
    }
    let Some((site, node, args)) = best else { return false };
    let Some((e, space, _)) = sites_mut(&mut spec.body).into_iter().nth(site) else { return false };
    let temp_arg = spec.args.len();
    let mut counter = 0;
    let Some(part) = take_node(e, node, &mut counter, temp_arg, &space) else { return false };
    let Some(elem) = exact_elem(part.ty()) else { return false };
    // The temp: a hidden buffer over the site's space.
    let len: usize = space.iter().product();
    let buffer = plan.buffers.len();
    plan.buffers.push(PlanBuffer {
        name: format!("_w{buffer}"),
        elem,
        shape: space.clone(),
        len,
        role: BufferRole::Temp,
    });
    let temp = KernelArg { buffer, elem, offset: 0, len, access: Access::Read, role: BufferRole::Temp };
    // The part's kernel reads its arguments in order, then writes the temp.
    let ordered: Vec<usize> = args.iter().copied().collect();
    let mut map = vec![usize::MAX; spec.args.len()];
    for (i, &a) in ordered.iter().enumerate() {
        map[a] = i;
    }
    let mut value = part;
    renumber(&mut value, &map);
    let mut part_args: Vec<KernelArg> =
        ordered.iter().map(|&a| KernelArg { access: Access::Read, ..spec.args[a].clone() }).collect();
    part_args.push(KernelArg { access: Access::ReadWrite, ..temp.clone() });
    let body = KernelBody::Map { out: ordered.len(), extents: space, value, transpose_at: None };
    let uses_uniforms = body.uses_uniforms();
    let part_spec = KernelSpec { node: spec.node.clone(), args: part_args, uses_uniforms, body };
    // The kernel reads the temp where the part was, and drops the arguments only it read.
    spec.args.push(temp);
    compact_args(&mut spec, &ordered);
    spec.uses_uniforms = spec.body.uses_uniforms();
    plan.kernels[k].spec = spec;
    plan.kernels.insert(k, PlannedKernel { spec: part_spec, schedule: Schedule::default() });
    true
}

/// The element a value of compute type `ty` is stored in exactly (booleans are not stored).
fn exact_elem(ty: Ty) -> Option<Elem> {
    match ty {
        Ty::F32 => Some(Elem::F32),
        Ty::I32 => Some(Elem::I32),
        Ty::U32 => Some(Elem::U32),
        Ty::Bool => None,
    }
}

/// Visits `e` in pre-order, numbering its nodes from `counter`; returns the arguments it reads
/// (`None` where it reads the op's value, which a part cannot). Reports to `found` each inner
/// node that could be a part: of a storable type, reading 2 to `room` arguments, none written.
fn widest(
    e: &SExpr,
    written: &BTreeSet<usize>,
    room: usize,
    counter: &mut usize,
    found: &mut dyn FnMut(usize, &BTreeSet<usize>),
) -> Option<BTreeSet<usize>> {
    let me = *counter;
    *counter += 1;
    let mut args = BTreeSet::new();
    let mut pure = true;
    let mut child =
        |c: &SExpr, args: &mut BTreeSet<usize>, counter: &mut usize| match widest(c, written, room, counter, found) {
            Some(a) => args.extend(a),
            None => pure = false,
        };
    match e {
        SExpr::Load { arg, .. } => {
            args.insert(*arg);
        }
        SExpr::Gather { arg, coords, .. } => {
            args.insert(*arg);
            for c in coords {
                if let super::expr::CoordValue::Expr(x) = &c.value {
                    child(x, &mut args, counter);
                }
            }
        }
        SExpr::Unary { arg, .. } | SExpr::Cast { arg, .. } => child(arg, &mut args, counter),
        SExpr::Binary { lhs, rhs, .. } => {
            child(lhs, &mut args, counter);
            child(rhs, &mut args, counter);
        }
        SExpr::Select { cond, on_true, on_false } => {
            child(cond, &mut args, counter);
            child(on_true, &mut args, counter);
            child(on_false, &mut args, counter);
        }
        SExpr::Acc(_) | SExpr::Acc2 => return None,
        SExpr::Uniform { .. } | SExpr::Const(_) | SExpr::Var(_) => {}
    }
    if !pure {
        return None;
    }
    let inner = !matches!(e, SExpr::Load { .. });
    if inner && (2..=room).contains(&args.len()) && args.is_disjoint(written) && exact_elem(e.ty()).is_some() {
        found(me, &args);
    }
    Some(args)
}

/// Replaces node `target` (pre-order, numbered as [`widest`] does) with a load of argument
/// `temp` over `space`, returning the node it replaced.
fn take_node(e: &mut SExpr, target: usize, counter: &mut usize, temp: usize, space: &[usize]) -> Option<SExpr> {
    let me = *counter;
    *counter += 1;
    if me == target {
        let ty = e.ty();
        let load = SExpr::Load { arg: temp, strides: contiguous_strides(space), ty };
        return Some(std::mem::replace(e, load));
    }
    let take = |c: &mut SExpr, counter: &mut usize| take_node(c, target, counter, temp, space);
    match e {
        SExpr::Gather { coords, .. } => coords.iter_mut().find_map(|c| match &mut c.value {
            super::expr::CoordValue::Expr(x) => take(x, counter),
            super::expr::CoordValue::Var { .. } => None,
        }),
        SExpr::Unary { arg, .. } | SExpr::Cast { arg, .. } => take(arg, counter),
        SExpr::Binary { lhs, rhs, .. } => take(lhs, counter).or_else(|| take(rhs, counter)),
        SExpr::Select { cond, on_true, on_false } => {
            take(cond, counter).or_else(|| take(on_true, counter)).or_else(|| take(on_false, counter))
        }
        SExpr::Load { .. } | SExpr::Uniform { .. } | SExpr::Const(_) | SExpr::Var(_) | SExpr::Acc(_) | SExpr::Acc2 => {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::backend::cpu::CpuExec;
    use crate::backend::{Executable, RunRequest};
    use crate::ir::Plan;
    use std::sync::Arc;

    /// `y = x0 + x1 + … + x{n-1}`, one statement reading `n` inputs (and `k` folded over a
    /// gather and a select, so the parts are not all plain sums).
    fn wide(n: usize) -> String {
        let inputs: String = (0..n).map(|i| format!("input x{i}: f32[N]; ")).collect();
        let sum: Vec<String> = (0..n).map(|i| format!("x{i}[i]")).collect();
        format!(
            "graph W {{ dims {{ N }} {inputs} input id: u32[N]; output y: f32[N];
             y[i] = select(x0[i] > 0.0, x1[id[i]], {}) * 0.5; }}",
            sum.join(" + ")
        )
    }

    fn lowered(src: &str, max_args: usize) -> Plan {
        let g = crate::parse_graph_source(src).unwrap();
        crate::plan::lower_resolved(
            &g,
            &[5],
            &crate::options::Fusion::default(),
            &crate::plan::Target { max_args, ..Default::default() },
        )
        .unwrap()
    }

    /// Every output of `p` run on the CPU with input `i` filled from `seed + i`.
    fn run(p: &Plan) -> Vec<u8> {
        let mut exec = CpuExec::new(Arc::new(p.clone())).unwrap();
        let mut inputs = Vec::new();
        for (id, b) in p.buffers.iter().enumerate() {
            if b.role == crate::ir::BufferRole::Input {
                let bytes: Vec<u8> = if b.name == "id" {
                    (0..b.len as u32).flat_map(|v| ((v * 3) % b.len as u32).to_le_bytes()).collect()
                } else {
                    (0..b.len).flat_map(|j| (((id * 7 + j * 13) % 19) as f32 * 0.37 - 3.1).to_le_bytes()).collect()
                };
                inputs.push((id, bytes));
            }
        }
        let req = RunRequest {
            inputs: inputs.iter().map(|(id, b)| (*id, b.as_slice())).collect(),
            uniforms: vec![0; 16],
            uniform_values: Vec::new(),
            profile_kernels: false,
        };
        exec.run(&req).unwrap().outputs.into_iter().flat_map(|(_, b)| b).collect()
    }

    #[test]
    fn wide_kernels_split_to_the_limit_with_the_same_bits() {
        let src = wide(60);
        let whole = lowered(&src, usize::MAX);
        assert_eq!(whole.kernels.len(), 1);
        assert_eq!(whole.kernels[0].spec.args.len(), 62);
        for limit in [48, 31, 8, 4] {
            let split = lowered(&src, limit);
            let widest = split.kernels.iter().map(|k| k.spec.args.len()).max().unwrap();
            assert!(widest <= limit, "limit {limit}: a kernel of {widest} arguments");
            assert!(split.kernels.len() > 1);
            assert_eq!(run(&split), run(&whole), "limit {limit}");
        }
    }

    #[test]
    fn fusion_stops_at_the_limit() {
        // Two statements of 20 inputs each, then their product: fused, 41 inputs and an output.
        let a: Vec<String> = (0..20).map(|i| format!("x{i}")).collect();
        let b: Vec<String> = (20..40).map(|i| format!("x{i}")).collect();
        let inputs: String = (0..40).map(|i| format!("input x{i}: f32[N]; ")).collect();
        let src = format!(
            "graph F {{ dims {{ N }} {inputs} temp a: f32[N]; temp b: f32[N]; output y: f32[N];
             a = {}; b = {}; y = a * b; }}",
            a.join(" + "),
            b.join(" * 0.5 + ")
        );
        assert_eq!(lowered(&src, usize::MAX).kernels.len(), 1);
        let limited = lowered(&src, 31);
        assert!(limited.kernels.iter().all(|k| k.spec.args.len() <= 31));
        assert_eq!(run(&limited), run(&lowered(&src, usize::MAX)));
    }
}
