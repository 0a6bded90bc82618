//! Scalar kernel expressions: what a kernel computes at one point of its index space.
//!
//! Index spaces. Every [`SExpr`] is evaluated at one point of an index space (a list of
//! extents, row-major). [`SExpr::Load`] reads argument `arg` at element
//! `sum(idx[d] * strides[d])` (relative to the argument's own offset), with one stride per
//! space dimension; a stride of 0 is a broadcast (or unused) dimension.

use crate::elem::{Elem, Ty};
use crate::graph::checked::Const;
pub use crate::graph::ops::{BinaryOp, ReduceOp, UnaryOp};

/// A scalar expression evaluated at one point of its kernel's index space.
#[derive(Debug, Clone, PartialEq)]
pub enum SExpr {
    /// `args[arg][sum(idx[d] * strides[d])]`, converted to the element's compute type.
    Load {
        arg: usize,
        strides: Vec<usize>,
        ty: Ty,
    },
    /// Field `field` of the graph's uniform block.
    Uniform {
        field: usize,
        ty: Ty,
    },
    Const(Const),
    /// The value of index variable `d` of the space (`i32`).
    Var(usize),
    /// The value the kernel's built-in op computed at this point (epilogues only; f32, except
    /// `u32` for argmax).
    Acc(Ty),
    /// The second product of a paired matmul at this point ([`MatmulBody::b2`](super::MatmulBody);
    /// f32; matmul epilogues only).
    Acc2,
    Unary {
        op: UnaryOp,
        arg: Box<SExpr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<SExpr>,
        rhs: Box<SExpr>,
    },
    Select {
        cond: Box<SExpr>,
        on_true: Box<SExpr>,
        on_false: Box<SExpr>,
    },
    /// Conversion to `to` (computed in `to.compute()`; `f16`/`bf16` round to their precision).
    Cast {
        arg: Box<SExpr>,
        to: Elem,
    },
    /// A read at computed coordinates, each clamped to `0..extent` (the clamp-to-edge rule;
    /// out-of-range gather ids clamp too).
    Gather {
        arg: usize,
        coords: Vec<Coord>,
        ty: Ty,
    },
}

/// One coordinate of a [`SExpr::Gather`].
#[derive(Debug, Clone, PartialEq)]
pub struct Coord {
    pub value: CoordValue,
    pub extent: usize,
    pub stride: usize,
}

/// Where a gather coordinate comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum CoordValue {
    /// Space variable `var` shifted by `offset`.
    Var { var: usize, offset: i64 },
    /// An integer expression.
    Expr(SExpr),
}

impl Coord {
    /// The clamped coordinate for a raw value.
    pub fn clamp(&self, raw: i64) -> usize {
        let max = self.extent.saturating_sub(1) as i64;
        raw.clamp(0, max) as usize
    }
}

impl SExpr {
    pub fn ty(&self) -> Ty {
        match self {
            SExpr::Load { ty, .. } | SExpr::Uniform { ty, .. } | SExpr::Gather { ty, .. } | SExpr::Acc(ty) => *ty,
            SExpr::Const(c) => c.ty(),
            SExpr::Var(_) => Ty::I32,
            SExpr::Acc2 => Ty::F32,
            SExpr::Cast { to, .. } => to.compute(),
            SExpr::Unary { op: UnaryOp::Not, .. } => Ty::Bool,
            SExpr::Unary { arg, .. } => arg.ty(),
            SExpr::Binary { op, lhs, .. } => {
                if op.is_comparison() {
                    Ty::Bool
                } else {
                    lhs.ty()
                }
            }
            SExpr::Select { on_true, .. } => on_true.ty(),
        }
    }

    /// Calls `f` on this node and every node below it.
    pub fn visit(&self, f: &mut impl FnMut(&SExpr)) {
        f(self);
        match self {
            SExpr::Unary { arg, .. } | SExpr::Cast { arg, .. } => arg.visit(f),
            SExpr::Binary { lhs, rhs, .. } => {
                lhs.visit(f);
                rhs.visit(f);
            }
            SExpr::Select { cond, on_true, on_false } => {
                cond.visit(f);
                on_true.visit(f);
                on_false.visit(f);
            }
            SExpr::Gather { coords, .. } => {
                for c in coords {
                    if let CoordValue::Expr(e) = &c.value {
                        e.visit(f);
                    }
                }
            }
            SExpr::Load { .. }
            | SExpr::Uniform { .. }
            | SExpr::Const(_)
            | SExpr::Var(_)
            | SExpr::Acc(_)
            | SExpr::Acc2 => {}
        }
    }

    /// Calls `f` with the argument of every load and gather at or below this node.
    pub fn visit_args(&self, f: &mut impl FnMut(usize)) {
        self.visit(&mut |n| {
            if let SExpr::Load { arg, .. } | SExpr::Gather { arg, .. } = n {
                f(*arg);
            }
        });
    }

    pub fn uses_uniforms(&self) -> bool {
        let mut found = false;
        self.visit(&mut |e| found |= matches!(e, SExpr::Uniform { .. }));
        found
    }

    /// The argument and strides when the expression is one plain load (fast paths need it).
    pub fn as_load(&self) -> Option<(usize, &[usize])> {
        match self {
            SExpr::Load { arg, strides, .. } => Some((*arg, strides)),
            _ => None,
        }
    }
}
