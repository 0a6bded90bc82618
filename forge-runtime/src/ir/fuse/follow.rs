//! Elementwise statements folded into the few-row product before them ([`Follower`]): a
//! decoding step's query rotation and cache stores read the fused QKV product a column pair at
//! a time, so the product's workgroup that computed a pair can run them itself once it has
//! stored its columns, and two kernels (and a grid wait each) leave the chain.
//!
//! What a statement needs to follow product `p` (the kernel right after it, or after the
//! statements already following it):
//! - index notation without a reduction, or a window store (`cache[pos + t, …] = …`);
//! - the product: few rows (at most [`PAIR_MAX_ROWS`]), no batch axes, the default schedule,
//!   a block-format B (the skinny template on every GPU backend), no split store or windows;
//! - every read of the product's output (`[m, n]`) at column `base + c_i` for one expression
//!   `base`, a multiple of `align` (the smallest power of two above the `c_i`'s spread, at most
//!   [`MAX_ALIGN`], which divides every skinny workgroup's columns), so the columns a point reads
//!   lie in one workgroup's; rows are free (a workgroup computes every row of its columns);
//! - it reads nothing the product's other followers write, and the product binds neither its
//!   output nor what it writes (points of different workgroups run at once).
//!
//! The product still stores its output, so the fold changes no value: each point reads the same
//! stored numbers, only earlier.

use super::pair::PAIR_MAX_ROWS;
use super::{join_labels, renumber_body};
use crate::graph::checked::Const;
use crate::ir::expr::{BinaryOp, CoordValue, SExpr};
use crate::ir::kernel::{Access, Follower, KernelArg, KernelBody, MatmulBody, Schedule};
use crate::ir::{Plan, PlannedKernel};

/// The widest column group a follower's reads may need: it divides the columns of every
/// skinny workgroup (`geometry::skinny_cols`: 4 or 8).
pub const MAX_ALIGN: usize = 4;

/// Folds each few-row product's following statements into it, in order.
pub fn fold_followers(plan: &mut Plan, max_args: usize) {
    let mut p = 0;
    while p < plan.kernels.len() {
        if product(&plan.kernels[p]).is_some() {
            while p + 1 < plan.kernels.len() && fold(plan, p, p + 1, max_args) {
                plan.kernels.remove(p + 1);
            }
        }
        p += 1;
    }
}

/// The product a kernel computes, where statements may follow it.
fn product(k: &PlannedKernel) -> Option<&MatmulBody> {
    let KernelBody::Matmul(m) = &k.spec.body else { return None };
    let block_b = m.b.as_load().is_some_and(|(arg, _)| k.spec.args[arg].elem.is_quantized());
    let plain = m.batch.is_empty() && !m.split_store && m.window.is_none() && k.schedule == Schedule::default();
    (plain && block_b && m.m <= PAIR_MAX_ROWS).then_some(m)
}

/// Moves kernel `c` into product `p` as its last follower; false (nothing changed) where it
/// cannot follow.
fn fold(plan: &mut Plan, p: usize, c: usize, max_args: usize) -> bool {
    let (pk, ck) = (&plan.kernels[p], &plan.kernels[c]);
    let Some(m) = product(pk) else { return false };
    let elementwise = matches!(ck.spec.body, KernelBody::Index { reduce: None, .. } | KernelBody::Scatter(_));
    // (A map that reads a product point for point is already the product's epilogue.)
    if !elementwise || ck.schedule != Schedule::default() {
        return false;
    }
    let out = &pk.spec.args[m.out];
    let written = &ck.spec.args[ck.spec.body.out()];
    let followed: Vec<usize> = pk.spec.body.outs().iter().skip(1).map(|&o| pk.spec.args[o].buffer).collect();
    let reads_followers = followed.iter().any(|&b| ck.spec.reads_buffer(b));
    let clash = pk.spec.binds_buffer(written.buffer) || ck.spec.reads_buffer(written.buffer);
    if reads_followers || clash || !ck.spec.reads_buffer(out.buffer) || written.buffer == out.buffer {
        return false;
    }
    let Some((anchor, align)) = anchor(&ck.spec, out, m) else { return false };
    // The follower's arguments joined to the product's (its output kept writable).
    let mut spec = pk.spec.clone();
    let mut arg_map = vec![usize::MAX; ck.spec.args.len()];
    for (i, a) in ck.spec.args.iter().enumerate() {
        arg_map[i] = bind(&mut spec.args, a);
    }
    let mut body = ck.spec.body.clone();
    renumber_body(&mut body, &arg_map);
    let mut anchor = anchor;
    super::renumber(&mut anchor, &arg_map);
    if spec.args.len() > max_args {
        return false;
    }
    let KernelBody::Matmul(mm) = &mut spec.body else { return false };
    mm.followers.push(Follower { body, anchor, align });
    spec.uses_uniforms = spec.body.uses_uniforms();
    spec.node = join_labels(&pk.spec.node, &ck.spec.node);
    plan.kernels[p].spec = spec;
    true
}

/// The index of `a` among `args`, appended where absent; written access wins.
fn bind(args: &mut Vec<KernelArg>, a: &KernelArg) -> usize {
    match args.iter().position(|b| (b.buffer, b.offset, b.len) == (a.buffer, a.offset, a.len)) {
        Some(j) => {
            if a.access == Access::ReadWrite {
                args[j].access = Access::ReadWrite;
            }
            j
        }
        None => {
            args.push(a.clone());
            args.len() - 1
        }
    }
}

/// One read of the product's output: its column as `base + offset`.
struct Column {
    base: SExpr,
    offset: i64,
}

/// The anchor column of each point and the alignment its reads need, where every read of the
/// product's output (`out`, `m.m × m.n`) lies in one aligned group of columns.
fn anchor(spec: &crate::ir::KernelSpec, out: &KernelArg, m: &MatmulBody) -> Option<(SExpr, usize)> {
    let space = spec.body.points().unwrap_or(&[]);
    let mut columns = Vec::new();
    let mut ok = true;
    for e in spec.body.exprs() {
        e.visit(&mut |node| {
            if let SExpr::Load { arg, .. } | SExpr::Gather { arg, .. } = node {
                if spec.args[*arg].buffer == out.buffer {
                    match column(node, &spec.args[*arg], out, m, space) {
                        Some(c) => columns.push(c),
                        None => ok = false,
                    }
                }
            }
        });
    }
    let first = columns.first()?;
    if !ok || columns.iter().any(|c| c.base != first.base) {
        return None;
    }
    let low = columns.iter().map(|c| c.offset).min()?;
    let spread = columns.iter().map(|c| c.offset - low).max()? as usize;
    let align = (spread + 1).next_power_of_two();
    let base = add(first.base.clone(), low)?;
    let aligned = multiple(&base).is_none_or(|k| k % align as u64 == 0);
    (aligned && align <= MAX_ALIGN && m.n.is_multiple_of(align)).then_some((base, align))
}

/// The column a read of the product's output takes: a gather's column coordinate (over rows
/// of `n`), or a strided load's column part where its column strides stay inside a row.
fn column(node: &SExpr, arg: &KernelArg, out: &KernelArg, m: &MatmulBody, space: &[usize]) -> Option<Column> {
    let inside = arg.offset >= out.offset && arg.offset + arg.len <= out.offset + out.len;
    if !inside {
        return None;
    }
    let start = arg.offset - out.offset;
    if let SExpr::Gather { coords, .. } = node {
        let [row, col] = coords.as_slice() else { return None };
        let whole_rows = start == 0 && row.stride == m.n && col.stride == 1 && col.extent == m.n;
        if !whole_rows {
            return None;
        }
        return Some(match &col.value {
            CoordValue::Var { var, offset } => Column { base: SExpr::Var(*var), offset: *offset },
            CoordValue::Expr(e) => split_offset(e),
        });
    }
    let (_, strides) = node.as_load()?;
    // Axes whose stride is whole rows move the row; the rest must stay in one row.
    let mut base = SExpr::Const(Const::I32(0));
    let mut last = start % m.n;
    for (d, &s) in strides.iter().enumerate() {
        if s % m.n == 0 {
            continue;
        }
        last += (space.get(d)?.checked_sub(1)?) * s;
        let term = SExpr::Binary {
            op: BinaryOp::Mul,
            lhs: Box::new(SExpr::Var(d)),
            rhs: Box::new(SExpr::Const(Const::I32(i32::try_from(s).ok()?))),
        };
        base = SExpr::Binary { op: BinaryOp::Add, lhs: Box::new(base), rhs: Box::new(term) };
    }
    (last < m.n).then_some(Column { base, offset: (start % m.n) as i64 })
}

/// The value of an integer constant.
fn integer(e: &SExpr) -> Option<i64> {
    match e {
        SExpr::Const(Const::I32(k)) => Some(i64::from(*k)),
        SExpr::Const(Const::U32(k)) => Some(i64::from(*k)),
        SExpr::Const(Const::F32(_) | Const::Bool(_))
        | SExpr::Load { .. }
        | SExpr::Uniform { .. }
        | SExpr::Var(_)
        | SExpr::Acc(_)
        | SExpr::Acc2
        | SExpr::Unary { .. }
        | SExpr::Binary { .. }
        | SExpr::Select { .. }
        | SExpr::Cast { .. }
        | SExpr::Gather { .. } => None,
    }
}

/// `e` as `base + offset` for a constant offset (integer casts looked through).
fn split_offset(e: &SExpr) -> Column {
    let shifted = |c: Column, k: i64| Column { offset: c.offset + k, ..c };
    if let SExpr::Cast { arg, to } = e {
        if to.compute().is_int() && arg.ty().is_int() {
            return split_offset(arg);
        }
    }
    if let SExpr::Binary { op, lhs, rhs } = e {
        match (op, integer(lhs), integer(rhs)) {
            (BinaryOp::Add, _, Some(k)) => return shifted(split_offset(lhs), k),
            (BinaryOp::Add, Some(k), None) => return shifted(split_offset(rhs), k),
            (BinaryOp::Sub, _, Some(k)) => return shifted(split_offset(lhs), -k),
            _ => {}
        }
    }
    Column { base: e.clone(), offset: 0 }
}

/// `base + k` (the anchor: the column of the group's first read); `None` past i32.
fn add(base: SExpr, k: i64) -> Option<SExpr> {
    Some(match i32::try_from(k).ok()? {
        0 => base,
        k => SExpr::Binary { op: BinaryOp::Add, lhs: Box::new(base), rhs: Box::new(SExpr::Const(Const::I32(k))) },
    })
}

/// A number every value of the integer expression is a multiple of (`None`: zero, a multiple
/// of everything); 1 where nothing is known.
fn multiple(e: &SExpr) -> Option<u64> {
    let gcd = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (None, x) | (x, None) => x,
        (Some(mut a), Some(mut b)) => {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            Some(a)
        }
    };
    if let Some(k) = integer(e) {
        return (k != 0).then_some(k.unsigned_abs());
    }
    match e {
        SExpr::Cast { arg, to } if to.compute().is_int() && arg.ty().is_int() => multiple(arg),
        SExpr::Binary { op: BinaryOp::Add | BinaryOp::Sub, lhs, rhs } => gcd(multiple(lhs), multiple(rhs)),
        SExpr::Binary { op: BinaryOp::Mul, lhs, rhs } => match (multiple(lhs), multiple(rhs)) {
            (None, _) | (_, None) => None,
            (Some(a), Some(b)) => Some(a.saturating_mul(b)),
        },
        SExpr::Const(Const::I32(_) | Const::U32(_) | Const::F32(_) | Const::Bool(_))
        | SExpr::Binary { .. }
        | SExpr::Cast { .. }
        | SExpr::Load { .. }
        | SExpr::Uniform { .. }
        | SExpr::Var(_)
        | SExpr::Acc(_)
        | SExpr::Acc2
        | SExpr::Unary { .. }
        | SExpr::Select { .. }
        | SExpr::Gather { .. } => Some(1),
    }
}
