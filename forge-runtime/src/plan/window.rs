//! Convolutions whose product reads the input's windows itself ([`Target::conv_windows`]:
//! CUDA sm_90+). An im2col temp holds every window's points, `K × positions` (nine times the
//! input for a 3×3 kernel); past the L2 cache, writing it and reading it back cost more than
//! the product. Here the input is copied once into NHWC order and the weights into
//! `[O, KH, KW, C]` (K ordered by tap, then channel), and the product's B is the windows of
//! the copy ([`Windows`]): the TMA GEMM loads one box of it per tap and block of channels,
//! and TMA fills the box's rows and columns outside the input with zeros — the padding.
//!
//! [`Target::conv_windows`]: super::Target::conv_windows

use super::contract::grouped;
use super::expr::ArgSet;
use super::index::plain_product;
use super::{Lowering, View};
use crate::elem::{Elem, Ty};
use crate::error::Result;
use crate::graph::checked::{Const, IndexReduce, Precision, Sub, TExpr, TKind};
use crate::ir::limits::windows_fit;
use crate::ir::{Access, BinaryOp, Coord, CoordValue, KernelBody, SExpr, Windows};

impl Lowering<'_> {
    /// `conv2d`'s sum (space `extents`: `b, o, i, j` then `c, u, v`) as a product over the
    /// input's windows, `weight` its factor that reads `o`; `None` (nothing emitted) where the
    /// target, the precision or the geometry does not take it.
    pub(super) fn as_window_product(
        &mut self,
        target: &View,
        extents: &[usize],
        rank: usize,
        r: &IndexReduce,
        weight: &TExpr,
    ) -> Result<Option<()>> {
        let Some(win) = r.window.as_deref() else { return Ok(None) };
        let Some(min_values) = self.conv_windows else { return Ok(None) };
        if win.grouped || win.stride != [1, 1] || rank != 4 {
            return Ok(None);
        }
        let [b, o, i, j, c, u, v] = win.vars;
        if [b, o, i, j] != [0, 1, 2, 3] || extents.len() != 7 {
            return Ok(None);
        }
        // The input read plainly, its last four subscripts the space's variables in order.
        let TKind::Element { binding, subs } = &win.input.kind else { return Ok(None) };
        let plain = subs.len() >= 4
            && subs[subs.len() - 4..]
                .iter()
                .enumerate()
                .all(|(d, s)| matches!(s, Sub::Var { var, offset: 0 } if *var == d));
        let shape = &self.view_of(*binding)?.shape;
        if !plain || shape.len() != subs.len() {
            return Ok(None);
        }
        let (height, width) = (shape[shape.len() - 2], shape[shape.len() - 1]);
        // f32 at TF32 (TF32 wgmma), or f16/bf16 input and weights where half products pay
        // (their copies hold the same values).
        let TKind::Element { binding: wb, .. } = &weight.kind else { return Ok(None) };
        let elem = match (self.g.bindings[*binding].elem, self.g.bindings[*wb].elem) {
            (Elem::F32, Elem::F32) if r.precision == Precision::Tf32 => Elem::F32,
            (e @ (Elem::F16 | Elem::BF16), w) if w == e && self.half_products => e,
            (Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0, _) => {
                return Ok(None)
            }
        };
        let windows = Windows {
            channels: extents[c],
            height,
            width,
            kernel: [extents[u], extents[v]],
            out_width: extents[j],
            padding: win.padding.map(|p| p as usize),
            dilation: win.dilation.map(|d| d as usize),
        };
        let im2col = extents.iter().product::<usize>().checked_div(extents[o]).unwrap_or(0);
        if !windows_fit(&windows, elem.size_bytes()) || im2col < min_values {
            return Ok(None);
        }
        let Some(out_view) = grouped(target, &[vec![b], vec![o], vec![i, j]]) else { return Ok(None) };
        let mut args = ArgSet::default();
        let out = args.view(self, &out_view, Access::ReadWrite);
        let k = extents[c] * extents[u] * extents[v];
        // The weights as `[O, K]` with K ordered (u, v, c), shared by the batch: a map into a
        // temp unless they lie so.
        let a = match self.plain_load(&mut args, weight, extents, &[vec![b], vec![o], vec![u, v, c]])? {
            Some(load) => load,
            None => {
                let temp = self.map_into_temp(weight, extents, &[o, u, v, c], elem, None, "w")?;
                let arg = args.view(self, &temp, Access::Read);
                SExpr::Load { arg, strides: vec![0, k, 1], ty: Ty::F32 }
            }
        };
        // The input as NHWC: a map in transposed tiles, reads along the rows, stores along C.
        let input_space = [extents[b], extents[c], height, width];
        let nhwc = self.map_into_temp(&win.input, &input_space, &[0, 2, 3, 1], elem, Some(3), "nhwc")?;
        let arg = args.view(self, &nhwc, Access::Read);
        let bv = window_read(arg, extents[b], &windows);
        let dims = (vec![extents[b]], extents[o], extents[i] * extents[j], k);
        let mut body = plain_product(out, dims, a, bv, r.precision);
        if let KernelBody::Matmul(m) = &mut body {
            m.window = Some(windows);
        }
        self.push(args, body);
        Ok(Some(()))
    }
}

/// [`Windows`]' B as an expression over the product's `[z, k, n]`: a gather from the NHWC
/// input `arg` (`batch` entries), zero outside it. What every template but the window kernel
/// computes.
fn window_read(arg: usize, batch: usize, w: &Windows) -> SExpr {
    let int = |v: usize| SExpr::Const(Const::I32(v as i32));
    let op = |op: BinaryOp, l: SExpr, r: SExpr| SExpr::Binary { op, lhs: Box::new(l), rhs: Box::new(r) };
    let (k, n) = (SExpr::Var(1), SExpr::Var(2));
    let channel = op(BinaryOp::Rem, k.clone(), int(w.channels));
    let tap = op(BinaryOp::Div, k, int(w.channels));
    let (u, v) = (op(BinaryOp::Div, tap.clone(), int(w.kernel[1])), op(BinaryOp::Rem, tap, int(w.kernel[1])));
    let (i, j) = (op(BinaryOp::Div, n.clone(), int(w.out_width)), op(BinaryOp::Rem, n, int(w.out_width)));
    let at = |p: SExpr, t: SExpr, axis: usize| {
        let reach = op(BinaryOp::Add, p, op(BinaryOp::Mul, t, int(w.dilation[axis])));
        op(BinaryOp::Sub, reach, int(w.padding[axis]))
    };
    let (h, x) = (at(i, u, 0), at(j, v, 1));
    let within = |p: &SExpr, n: usize| {
        op(BinaryOp::And, op(BinaryOp::Ge, p.clone(), int(0)), op(BinaryOp::Lt, p.clone(), int(n)))
    };
    let inside = op(BinaryOp::And, within(&h, w.height), within(&x, w.width));
    let coord = |value: CoordValue, extent: usize, stride: usize| Coord { value, extent, stride };
    let row = w.width * w.channels;
    let coords = vec![
        coord(CoordValue::Var { var: 0, offset: 0 }, batch, w.height * row),
        coord(CoordValue::Expr(h), w.height, row),
        coord(CoordValue::Expr(x), w.width, w.channels),
        coord(CoordValue::Expr(channel), w.channels, 1),
    ];
    SExpr::Select {
        cond: Box::new(inside),
        on_true: Box::new(SExpr::Gather { arg, coords, ty: Ty::F32 }),
        on_false: Box::new(SExpr::Const(Const::F32(0.0))),
    }
}
