//! Typed expressions into kernel expressions at the points of an index space. `map[k]` names
//! the space variable that axis `k` of an expression's shape runs along; operands broadcast
//! against their parent with trailing axes aligned, so their maps are the parent's tail.

use super::{Lowering, View};
use crate::error::{Error, Result};
use crate::graph::builtins::Builtin;
use crate::graph::checked::{Const, Sub, TExpr, TKind};
use crate::ir::{fold, Access, BufferRole, Coord, CoordValue, KernelArg, SExpr};

/// The arguments of the kernel under construction.
#[derive(Debug, Default)]
pub(crate) struct ArgSet {
    pub args: Vec<KernelArg>,
}

impl ArgSet {
    /// The argument for `len` elements of `buffer` from `offset` (one per distinct range).
    pub fn arg(&mut self, lw: &Lowering<'_>, buffer: usize, offset: usize, len: usize, access: Access) -> usize {
        if let Some(i) = self.args.iter().position(|a| a.buffer == buffer && a.offset == offset && a.len == len) {
            if access == Access::ReadWrite {
                self.args[i].access = Access::ReadWrite;
            }
            return i;
        }
        let b = &lw.plan.buffers[buffer];
        self.args.push(KernelArg { buffer, elem: b.elem, offset, len, access, role: b.role });
        self.args.len() - 1
    }
    /// The argument covering a view.
    pub fn view(&mut self, lw: &Lowering<'_>, v: &View, access: Access) -> usize {
        self.arg(lw, v.buffer, v.offset, v.span(), access)
    }
}

/// `axis k of a child of rank r` ↦ the parent's space variable, trailing axes aligned.
pub(crate) fn tail(map: &[usize], rank: usize) -> &[usize] {
    &map[map.len().saturating_sub(rank)..]
}

impl Lowering<'_> {
    pub fn view_of(&self, binding: usize) -> Result<&View> {
        self.views[binding].as_ref().ok_or_else(|| {
            Error::Internal(format!(
                "binding `{}` has no memory when read (the checker orders writes first)",
                self.g.bindings[binding].name
            ))
        })
    }

    /// A load of view `v` (shape `v.shape`, axes mapped by `map`) in a space of `rank` vars.
    pub fn load(&self, args: &mut ArgSet, v: &View, map: &[usize], rank: usize, ty: crate::elem::Ty) -> SExpr {
        let arg = args.view(self, v, Access::Read);
        let mut strides = vec![0; rank];
        for (k, &var) in map.iter().enumerate() {
            if v.shape[k] > 1 {
                strides[var] += v.strides[k];
            }
        }
        SExpr::Load { arg, strides, ty }
    }

    /// Lowers `e` at the points of a space of `rank` variables; `acc` is the op call whose value
    /// the kernel computes (it becomes [`SExpr::Acc`]); other op calls are materialised first.
    pub fn scalar(
        &mut self,
        args: &mut ArgSet,
        e: &TExpr,
        map: &[usize],
        rank: usize,
        acc: Option<&TExpr>,
    ) -> Result<SExpr> {
        if map.len() != e.shape.len() {
            return Err(Error::Internal(format!(
                "axis map of {} for an expression of rank {}",
                map.len(),
                e.shape.len()
            )));
        }
        let child = |c: &TExpr| tail(map, c.shape.len()).to_vec();
        Ok(match &e.kind {
            TKind::Read(rv) => {
                let v = self.view_of(rv.binding)?.select(rv, &self.loop_values);
                self.load(args, &v, map, rank, e.ty)
            }
            TKind::Uniform(b) => SExpr::Uniform { field: self.uniform_field(*b)?, ty: e.ty },
            TKind::Const(c) => SExpr::Const(*c),
            TKind::Dim(d) => SExpr::Const(number(self.dims.get(*d).copied().unwrap_or(1), e.ty)),
            TKind::LoopVar(l) => SExpr::Const(number(self.loop_values.get(*l).copied().unwrap_or(0), e.ty)),
            TKind::IndexVar(i) => SExpr::Var(*i),
            // Operations on constants fold here, in Forge's semantics (`ir::fold`).
            TKind::Unary(op, a) => fold::unary(*op, self.scalar(args, a, &child(a), rank, acc)?),
            TKind::Binary(op, a, b) => {
                let l = self.scalar(args, a, &child(a), rank, acc)?;
                let r = self.scalar(args, b, &child(b), rank, acc)?;
                fold::binary(*op, l, r)
            }
            TKind::Select(c, a, b) => {
                let cond = self.scalar(args, c, &child(c), rank, acc)?;
                let on_true = self.scalar(args, a, &child(a), rank, acc)?;
                let on_false = self.scalar(args, b, &child(b), rank, acc)?;
                fold::select(cond, on_true, on_false)
            }
            TKind::Cast(a, elem) => fold::cast(self.scalar(args, a, &child(a), rank, acc)?, *elem),
            TKind::Op(_) if acc.is_some_and(|a| std::ptr::eq(a, e)) => SExpr::Acc(e.ty),
            TKind::Op(call) if call.op == Builtin::Gather => {
                let (table, ids) = (&call.args[0], &call.args[1]);
                let crate::graph::checked::TKind::Read(rv) = &table.kind else {
                    return Err(Error::Internal("gather table is not a view".into()));
                };
                let t = self.view_of(rv.binding)?.select(rv, &self.loop_values);
                let id_rank = ids.shape.len();
                let id_value = self.scalar(args, ids, &map[..id_rank], rank, acc)?;
                let arg = args.view(self, &t, Access::Read);
                let mut coords =
                    vec![Coord { value: CoordValue::Expr(id_value), extent: t.shape[0], stride: t.strides[0] }];
                for (j, &var) in map[id_rank..].iter().enumerate() {
                    coords.push(Coord {
                        value: CoordValue::Var { var, offset: 0 },
                        extent: t.shape[1 + j],
                        stride: t.strides[1 + j],
                    });
                }
                SExpr::Gather { arg, coords, ty: e.ty }
            }
            TKind::Op(_) => {
                let temp = self.materialise(e)?;
                self.load(args, &temp, map, rank, e.ty)
            }
            TKind::Element { binding, subs } => self.element(args, *binding, subs, rank, e.ty, acc)?,
            TKind::Reduce(r) => self.hoisted_reduction(args, r, rank)?,
        })
    }

    /// An index-notation read: a plain strided load when every subscript is an unshifted
    /// variable, else a clamped gather.
    fn element(
        &mut self,
        args: &mut ArgSet,
        binding: usize,
        subs: &[Sub],
        rank: usize,
        ty: crate::elem::Ty,
        acc: Option<&TExpr>,
    ) -> Result<SExpr> {
        let v = self.view_of(binding)?.clone();
        if subs.iter().all(|s| matches!(s, Sub::Var { offset: 0, .. })) {
            let map: Vec<usize> = subs.iter().map(|s| if let Sub::Var { var, .. } = s { *var } else { 0 }).collect();
            let arg = args.view(self, &v, Access::Read);
            let mut strides = vec![0; rank];
            for (k, &var) in map.iter().enumerate() {
                strides[var] += v.strides[k];
            }
            return Ok(SExpr::Load { arg, strides, ty });
        }
        let mut coords = Vec::with_capacity(subs.len());
        for (k, s) in subs.iter().enumerate() {
            let value = match s {
                Sub::Var { var, offset } => CoordValue::Var { var: *var, offset: *offset },
                Sub::Expr(x) => CoordValue::Expr(self.scalar(args, x, &[], rank, acc)?),
            };
            coords.push(Coord { value, extent: v.shape[k], stride: v.strides[k] });
        }
        let arg = args.view(self, &v, Access::Read);
        Ok(SExpr::Gather { arg, coords, ty })
    }

    /// Computes an op call into a hidden temp (its own kernels, emitted now) and returns it.
    pub fn materialise(&mut self, call: &TExpr) -> Result<View> {
        let shape = crate::graph::shape::concrete(&call.shape, self.dims);
        let elem = temp_elem(call.ty);
        let name = format!("_t{}", self.hidden);
        self.hidden += 1;
        let view = self.new_buffer(&name, elem, shape, BufferRole::Temp)?;
        self.write(&view, call)?;
        Ok(view)
    }
}

/// The element type of a hidden temp holding values of type `ty`.
pub(super) fn temp_elem(ty: crate::elem::Ty) -> crate::elem::Elem {
    match ty {
        crate::elem::Ty::U32 => crate::elem::Elem::U32,
        crate::elem::Ty::I32 => crate::elem::Elem::I32,
        crate::elem::Ty::F32 | crate::elem::Ty::Bool => crate::elem::Elem::F32,
    }
}

/// A dim or loop value as a constant of the expression's type.
fn number(v: usize, ty: crate::elem::Ty) -> Const {
    match ty {
        crate::elem::Ty::F32 => Const::F32(v as f32),
        crate::elem::Ty::U32 => Const::U32(v as u32),
        crate::elem::Ty::I32 | crate::elem::Ty::Bool => Const::I32(v as i32),
    }
}
