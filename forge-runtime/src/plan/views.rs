//! Views of memory and the checks that need the dims' values: dim counts and ranges, derived
//! dims' values, element counts that fit, and the checker's deferred rules (sub-ranges,
//! reshape sizes, affine subscripts inside their axis).

use crate::error::{Error, Result};
use crate::graph::ast::DimOp;
use crate::graph::checked::{Checked, Const, Deferred, DimFormula, ReadView, SliceIndex, TExpr, TKind};
use crate::graph::shape::{concrete, Extent};
use crate::ir::{contiguous_strides, BinaryOp, BufferId, UnaryOp};

/// Where a binding's elements are: `buffer[offset + sum(i[d] * strides[d])]` for `i` in `shape`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct View {
    pub buffer: BufferId,
    pub offset: usize,
    pub shape: Vec<usize>,
    pub strides: Vec<usize>,
}

impl View {
    pub fn contiguous(buffer: BufferId, shape: Vec<usize>) -> View {
        let strides = contiguous_strides(&shape);
        View { buffer, offset: 0, shape, strides }
    }
    pub fn is_contiguous(&self) -> bool {
        if self.shape.iter().product::<usize>() <= 1 {
            return true;
        }
        // An axis of extent 1 is never stepped along: its stride does not matter (a permute that
        // moves only such axes, a decoding step's `[KV, G, 1, E]` to `[1, KV, G, E]`, aliases).
        let expected = contiguous_strides(&self.shape);
        self.shape.iter().zip(self.strides.iter().zip(&expected)).all(|(&e, (s, x))| e == 1 || s == x)
    }
    /// Elements from `offset` to the last one the view can touch, inclusive.
    pub fn span(&self) -> usize {
        1 + self.shape.iter().zip(&self.strides).map(|(e, s)| e.saturating_sub(1) * s).sum::<usize>()
    }
    /// The view a [`ReadView`] selects: leading axes fixed, the rest permuted.
    pub fn select(&self, rv: &ReadView, loop_values: &[usize]) -> View {
        let mut offset = self.offset;
        for (axis, s) in rv.slice.iter().enumerate() {
            let i = match *s {
                SliceIndex::Loop(l) => loop_values.get(l).copied().unwrap_or(0),
                SliceIndex::Lit(v) => v as usize,
            };
            offset += i * self.strides[axis];
        }
        let n = rv.slice.len();
        let shape = rv.axes.iter().map(|&a| self.shape[n + a]).collect();
        let strides = rv.axes.iter().map(|&a| self.strides[n + a]).collect();
        View { buffer: self.buffer, offset, shape, strides }
    }
}

/// The element count of `shape`, or an error naming `name` when it overflows what a buffer can
/// address.
pub fn element_count(name: &str, shape: &[usize]) -> Result<usize> {
    shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .filter(|&n| n.checked_mul(8).is_some_and(|b| b <= isize::MAX as usize))
        .ok_or_else(|| Error::InvalidDim {
            dim: name.to_string(),
            value: shape.iter().fold(1usize, |a, &d| a.saturating_mul(d)),
            reason: format!("the binding's element count (shape {shape:?}) overflows what a buffer can address"),
        })
}

/// Every dim's value: the passed ones (`free`, one a dim that is not derived, in order) and
/// each derived one computed from them, or why one cannot be (a quotient that is not whole, a
/// difference below 1, an overflow).
pub fn dim_values(g: &Checked, free: &[usize]) -> Result<Vec<usize>> {
    let passed = g.free_dims().len();
    if free.len() != passed {
        return Err(Error::DimCount { expected: passed, actual: free.len() });
    }
    let mut values = Vec::with_capacity(g.dims.len());
    let mut next = free.iter();
    for (i, name) in g.dims.iter().enumerate() {
        let value = match g.derived.get(i).and_then(Option::as_ref) {
            None => next.next().copied().unwrap_or(0),
            Some(f) => {
                let invalid =
                    |reason: String| Error::DerivedDim { dim: name.clone(), formula: f.text(&g.dims), reason };
                match evaluate(f, &values, &g.dims) {
                    Ok(v) if (1..=u32::MAX as i128).contains(&v) => v as usize,
                    Ok(v) => return Err(invalid(format!("{v} for these dims, outside 1..={}", u32::MAX))),
                    Err(why) => return Err(invalid(why)),
                }
            }
        };
        values.push(value);
    }
    Ok(values)
}

/// A formula's value over the dims before it, or why it has none.
fn evaluate(f: &DimFormula, values: &[usize], names: &[String]) -> std::result::Result<i128, String> {
    match f {
        DimFormula::Dim(i) => values.get(*i).map(|&v| v as i128).ok_or_else(|| format!("dim {i} has no value yet")),
        DimFormula::Lit(v) => Ok(*v as i128),
        DimFormula::Bin(op, a, b) => {
            let (x, y) = (evaluate(a, values, names)?, evaluate(b, values, names)?);
            let value = match op {
                DimOp::Add => x.checked_add(y),
                DimOp::Sub => x.checked_sub(y),
                DimOp::Mul => x.checked_mul(y),
                DimOp::Div if y == 0 => return Err(format!("{} is 0 here", b.text(names))),
                DimOp::Div if x % y != 0 => {
                    return Err(format!("{x} / {y} is not whole (a derived dim's quotient must divide exactly)"))
                }
                DimOp::Div => x.checked_div(y),
            };
            value.ok_or_else(|| "the value overflows".to_string())
        }
    }
}

/// One value per declared dim, each from 1 to `u32::MAX`.
pub fn check_dims(g: &Checked, dims: &[usize]) -> Result<()> {
    if dims.len() != g.dims.len() {
        return Err(Error::DimCount { expected: g.dims.len(), actual: dims.len() });
    }
    for (d, &v) in g.dims.iter().zip(dims) {
        if v == 0 {
            return Err(Error::InvalidDim { dim: d.clone(), value: v, reason: "dims must be at least 1".into() });
        }
        if v > u32::MAX as usize {
            return Err(Error::InvalidDim {
                dim: d.clone(),
                value: v,
                reason: format!("dims must be at most {}", u32::MAX),
            });
        }
    }
    for b in &g.bindings {
        let shape = concrete(&b.shape, dims);
        element_count(&b.name, &shape)?;
        let last = shape.last().copied().unwrap_or(1);
        if !last.is_multiple_of(b.elem.block_len()) {
            return Err(Error::ShapeCheck {
                what: format!("weight `{}` ({})", b.name, b.elem),
                detail: format!(
                    "its last axis is {last}, not a multiple of the format's {}-value blocks",
                    b.elem.block_len()
                ),
            });
        }
    }
    Ok(())
}

/// The checker's deferred rules, against the dims' values.
pub fn check_deferred(g: &Checked, dims: &[usize]) -> Result<()> {
    let show = |e: Extent| -> String {
        match e {
            Extent::Sym(i) => format!("{} = {}", g.dims.get(i).map(String::as_str).unwrap_or("?"), e.value(dims)),
            Extent::Lit(v) => v.to_string(),
        }
    };
    for d in &g.deferred {
        match d {
            Deferred::AtMost { small, large, what } => {
                if small.value(dims) > large.value(dims) {
                    return Err(Error::ShapeCheck {
                        what: what.clone(),
                        detail: format!("{} is larger than {}", show(*small), show(*large)),
                    });
                }
            }
            Deferred::SameCount { a, b, what } => {
                let (x, y) = (concrete(a, dims), concrete(b, dims));
                let (nx, ny) = (x.iter().product::<usize>(), y.iter().product::<usize>());
                if nx != ny {
                    return Err(Error::ShapeCheck {
                        what: what.clone(),
                        detail: format!("{x:?} holds {nx} elements but {y:?} holds {ny}"),
                    });
                }
            }
            Deferred::SumOf { total, parts, what } => {
                let sum: usize = parts.iter().map(|e| e.value(dims)).sum();
                if sum != total.value(dims) {
                    let terms: Vec<String> = parts.iter().map(|e| show(*e)).collect();
                    return Err(Error::ShapeCheck {
                        what: what.clone(),
                        detail: format!("{} = {sum}, not {}", terms.join(" + "), show(*total)),
                    });
                }
            }
            Deferred::Scaled { total, part, times, what } => {
                let product = (part.value(dims) as u64).checked_mul(times.value(dims) as u64);
                if product != Some(total.value(dims) as u64) {
                    let times = if *times == Extent::Lit(1) { String::new() } else { format!(" × {}", show(*times)) };
                    return Err(Error::ShapeCheck {
                        what: what.clone(),
                        detail: format!("{} is not {}{times}", show(*total), show(*part)),
                    });
                }
            }
            Deferred::Divisible { n, by, what } => {
                if !(n.value(dims) as u64).is_multiple_of(by.value(dims) as u64) {
                    return Err(Error::ShapeCheck {
                        what: what.clone(),
                        detail: format!("{} is not a multiple of {}", show(*n), show(*by)),
                    });
                }
            }
            Deferred::Window { out, input, kernel, stride, padding, dilation, ceil, what } => {
                let (h, k) = (input.value(dims) as u64, kernel.value(dims) as u64);
                let want = crate::graph::shape::window_extent(h, k, *stride, *padding, *dilation, *ceil);
                if want != Some(out.value(dims) as u64) {
                    let formula = crate::graph::shape::window_formula(
                        &show(*input),
                        &show(*kernel),
                        *stride,
                        *padding,
                        *dilation,
                        *ceil,
                    );
                    let detail = match want {
                        Some(w) => format!("{} is not {formula} = {w}", show(*out)),
                        None => format!("the window of {formula} is larger than the padded input"),
                    };
                    return Err(Error::ShapeCheck { what: what.clone(), detail });
                }
            }
            Deferred::InRange { sub, vars, extent, guards, what } => {
                let mut ranges: Vec<(i64, i64)> =
                    vars.iter().map(|e| (0, e.value(dims).saturating_sub(1) as i64)).collect();
                for (cond, holds) in guards {
                    narrow(cond, *holds, &mut ranges, dims, &g.loops);
                }
                // Where the guards never hold together, the read is never used.
                if ranges.iter().any(|(lo, hi)| lo > hi) {
                    continue;
                }
                let Some((lo, hi)) = interval(sub, &ranges, dims, &g.loops) else { continue };
                let n = extent.value(dims) as i64;
                if lo < 0 || hi >= n {
                    return Err(Error::ShapeCheck {
                        what: what.clone(),
                        detail: format!(
                            "its values range over {lo}..={hi}, past the axis's extent {}; say what the read gives there with `fill(x[…], value)`, `edge(x[…])` or `wrap(x[…])`, or guard it with `select`",
                            show(*extent)
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}

/// Narrows the index variables' `ranges` to where `cond` is `holds`: comparisons of a variable
/// with a bounded expression (`e < H`, `i >= 1`, `j == 0`), their negations, `&&` where it
/// holds and `||` where it fails. Anything else leaves the ranges as they are.
fn narrow(cond: &TExpr, holds: bool, ranges: &mut [(i64, i64)], dims: &[usize], loops: &[(String, Extent)]) {
    let var = |e: &TExpr| {
        let inner = if let TKind::Cast(inner, _) = &e.kind { inner } else { e };
        if let TKind::IndexVar(v) = inner.kind {
            Some(v)
        } else {
            None
        }
    };
    match &cond.kind {
        TKind::Binary(BinaryOp::And, a, b) => {
            if holds {
                narrow(a, true, ranges, dims, loops);
                narrow(b, true, ranges, dims, loops);
            }
        }
        TKind::Binary(BinaryOp::Or, a, b) => {
            if !holds {
                narrow(a, false, ranges, dims, loops);
                narrow(b, false, ranges, dims, loops);
            }
        }
        TKind::Unary(op, a) => {
            if *op == UnaryOp::Not {
                narrow(a, !holds, ranges, dims, loops);
            }
        }
        TKind::Binary(op @ (BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq), a, b) => {
            // `v op bound`, with the comparison turned around where the variable is on the right
            // and negated where the condition fails (integers: `!(v < b)` is `v >= b`).
            let (v, op, bound) = match (var(a), var(b)) {
                (Some(v), _) => (v, *op, b),
                (None, Some(v)) => (v, flipped(*op), a),
                (None, None) => return,
            };
            let op = if holds { Some(op) } else { negated(op) };
            let (Some(op), Some((lo, hi))) = (op, interval(bound, ranges, dims, loops)) else { return };
            let Some(r) = ranges.get_mut(v) else { return };
            match op {
                BinaryOp::Lt => r.1 = r.1.min(hi - 1),
                BinaryOp::Le => r.1 = r.1.min(hi),
                BinaryOp::Gt => r.0 = r.0.max(lo + 1),
                BinaryOp::Ge => r.0 = r.0.max(lo),
                BinaryOp::Eq => *r = (r.0.max(lo), r.1.min(hi)),
                BinaryOp::Add
                | BinaryOp::Sub
                | BinaryOp::Mul
                | BinaryOp::Div
                | BinaryOp::Rem
                | BinaryOp::Min
                | BinaryOp::Max
                | BinaryOp::Ne
                | BinaryOp::And
                | BinaryOp::Or => {}
            }
        }
        TKind::Binary(
            BinaryOp::Add
            | BinaryOp::Sub
            | BinaryOp::Mul
            | BinaryOp::Div
            | BinaryOp::Rem
            | BinaryOp::Min
            | BinaryOp::Max
            | BinaryOp::Ne,
            ..,
        )
        | TKind::Read(_)
        | TKind::Uniform(_)
        | TKind::Const(_)
        | TKind::Dim(_)
        | TKind::IndexVar(_)
        | TKind::LoopVar(_)
        | TKind::Select(..)
        | TKind::Cast(..)
        | TKind::Op(_)
        | TKind::Element { .. }
        | TKind::Reduce(_) => {}
    }
}

/// `a op b` as `b op' a`.
fn flipped(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Lt => BinaryOp::Gt,
        BinaryOp::Le => BinaryOp::Ge,
        BinaryOp::Gt => BinaryOp::Lt,
        BinaryOp::Ge => BinaryOp::Le,
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Rem
        | BinaryOp::Min
        | BinaryOp::Max
        | BinaryOp::Eq
        | BinaryOp::Ne
        | BinaryOp::And
        | BinaryOp::Or => op,
    }
}

/// The comparison that holds where `op` fails, for those that narrow a range (`!=` does not).
fn negated(op: BinaryOp) -> Option<BinaryOp> {
    match op {
        BinaryOp::Lt => Some(BinaryOp::Ge),
        BinaryOp::Le => Some(BinaryOp::Gt),
        BinaryOp::Gt => Some(BinaryOp::Le),
        BinaryOp::Ge => Some(BinaryOp::Lt),
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Rem
        | BinaryOp::Min
        | BinaryOp::Max
        | BinaryOp::Eq
        | BinaryOp::Ne
        | BinaryOp::And
        | BinaryOp::Or => None,
    }
}

/// The range of an integer subscript over every value of its variables (variable `i` ranging
/// over `ranges[i]`); `None` when it is not an expression Forge can bound (it then clamps at
/// run time).
fn interval(e: &TExpr, ranges: &[(i64, i64)], dims: &[usize], loops: &[(String, Extent)]) -> Option<(i64, i64)> {
    let span = |n: usize| (0, n.saturating_sub(1) as i64);
    Some(match &e.kind {
        TKind::Const(Const::I32(v)) => (*v as i64, *v as i64),
        TKind::Const(Const::U32(v)) => (*v as i64, *v as i64),
        TKind::Dim(d) => {
            let v = dims.get(*d).copied()? as i64;
            (v, v)
        }
        TKind::IndexVar(i) => *ranges.get(*i)?,
        TKind::LoopVar(l) => span(loops.get(*l)?.1.value(dims)),
        TKind::Cast(a, _) => interval(a, ranges, dims, loops)?,
        TKind::Unary(UnaryOp::Neg, a) => {
            let (lo, hi) = interval(a, ranges, dims, loops)?;
            (-hi, -lo)
        }
        TKind::Binary(op, a, b) => {
            let (x, y) = (interval(a, ranges, dims, loops)?, interval(b, ranges, dims, loops)?);
            match op {
                BinaryOp::Add => (x.0 + y.0, x.1 + y.1),
                BinaryOp::Sub => (x.0 - y.1, x.1 - y.0),
                BinaryOp::Mul => {
                    let c = [x.0 * y.0, x.0 * y.1, x.1 * y.0, x.1 * y.1];
                    (*c.iter().min()?, *c.iter().max()?)
                }
                BinaryOp::Min => (x.0.min(y.0), x.1.min(y.1)),
                BinaryOp::Max => (x.0.max(y.0), x.1.max(y.1)),
                // A remainder or quotient is clamped at run time (as any unbounded subscript).
                BinaryOp::Div
                | BinaryOp::Rem
                | BinaryOp::Lt
                | BinaryOp::Le
                | BinaryOp::Gt
                | BinaryOp::Ge
                | BinaryOp::Eq
                | BinaryOp::Ne
                | BinaryOp::And
                | BinaryOp::Or => return None,
            }
        }
        // Not bounded here: clamped at run time.
        TKind::Unary(
            UnaryOp::Not
            | UnaryOp::Exp
            | UnaryOp::Log
            | UnaryOp::Sqrt
            | UnaryOp::Rsqrt
            | UnaryOp::Tanh
            | UnaryOp::Sigmoid
            | UnaryOp::Silu
            | UnaryOp::Gelu
            | UnaryOp::GeluTanh
            | UnaryOp::Erf
            | UnaryOp::Sin
            | UnaryOp::Cos
            | UnaryOp::Relu
            | UnaryOp::Abs
            | UnaryOp::Floor,
            _,
        )
        | TKind::Const(Const::F32(_) | Const::Bool(_))
        | TKind::Read(_)
        | TKind::Uniform(_)
        | TKind::Select(..)
        | TKind::Op(_)
        | TKind::Element { .. }
        | TKind::Reduce(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::dim_values;
    use crate::error::Error;
    use crate::graph::parse_and_check;
    use std::str::FromStr;

    fn values(dims: &str, free: &[usize]) -> crate::error::Result<Vec<usize>> {
        let src = format!("graph G {{ dims {{ {dims} }} input x: f32[N]; output y: f32[N]; y = x; }}");
        let g = parse_and_check(proc_macro2::TokenStream::from_str(&src).expect("tokens")).expect("checks");
        dim_values(&g, free)
    }

    #[test]
    fn derived_dims_are_computed_from_the_passed_ones() {
        assert_eq!(values("N, H, E = N / H, Q = 3 * N - (E + 1)", &[384, 12]).unwrap(), [384, 12, 32, 1119]);
        assert_eq!(values("A, N = A * 2, B", &[3, 5]).unwrap(), [3, 6, 5]);
    }

    #[test]
    fn derived_dims_that_cannot_be_are_errors_that_say_why() {
        let reason = |dims: &str, free: &[usize]| match values(dims, free) {
            Err(Error::DerivedDim { dim, formula, reason }) => format!("{dim} = {formula}: {reason}"),
            other => panic!("{dims} {free:?}: {other:?}"),
        };
        assert!(reason("N, H, E = N / H", &[384, 5]).contains("E = N / H: 384 / 5 is not whole"));
        assert!(reason("N, K, M = K - N", &[5, 3]).contains("M = K - N: -2 for these dims"));
        assert!(reason("N, M = N * N * N", &[1 << 20]).contains("outside 1..=4294967295"));
        assert!(reason("N, K, M = N / (K - K)", &[4, 2]).contains("K - K is 0 here"));
        assert!(matches!(values("N, H, E = N / H", &[4]), Err(Error::DimCount { expected: 2, actual: 1 })));
    }

    #[test]
    fn a_concatenation_must_fill_its_axis() {
        let src = "graph G { dims { R, A, B, C } input x: f32[R, A]; input z: f32[R, B]; output y: f32[R, C]; y = concat(x, z); }";
        let g = parse_and_check(proc_macro2::TokenStream::from_str(src).expect("tokens")).expect("checks");
        assert!(crate::plan::lower(&g, &[2, 3, 4, 7]).is_ok());
        match crate::plan::lower(&g, &[2, 3, 4, 8]) {
            Err(Error::ShapeCheck { what, detail }) => {
                assert!(what.contains("concat") && detail == "A = 3 + B = 4 = 7, not C = 8", "{what}: {detail}")
            }
            other => panic!("{other:?}"),
        }
    }
}
