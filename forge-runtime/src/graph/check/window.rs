//! The window built-ins over NCHW tensors, each a node's whole value:
//! `y = conv2d(x, w, stride = 1, padding = 0, dilation = 1, groups = 1);`,
//! `y = max_pool(x, kernel = k, stride = k, padding = 0);` and `y = avg_pool(…)` (PyTorch's
//! `F.conv2d`, `F.max_pool2d`, `F.avg_pool2d`). Checked here and written as index-notation nodes,
//! a reduction over the window (`sum((c, u, v), w[o, c, u, v] * fill(x[b, g·C/G + c, i·s − p +
//! u·d, j·s − p + v·d], 0.0))`), so every backend runs them with the kernels it already has.
//! The target's extents must be the window formula's: at compile time where the extents are
//! literals, else at `new` ([`Deferred::Window`], [`Deferred::Scaled`], [`Deferred::Divisible`]).

use super::super::ast::{Expr, Lit, LitValue, Name, Stmt};
use super::super::builtins::Pool;
use super::super::checked::{
    Const, ConvWindow, Deferred, IndexNode, IndexReduce, NodeKind, Precision, Sub, TExpr, TKind,
};
use super::super::ops::{BinaryOp, ReduceOp};
use super::super::shape::{window_extent, window_formula, Extent, ExtentDisplay};
use super::build;
use super::expr::Typer;
use super::{Cx, ErrorKind, GraphError};
use crate::elem::{Elem, Ty};
use proc_macro2::Span;

/// A window's integer options along one spatial axis, as written (PyTorch's defaults where
/// absent).
#[derive(Debug, Clone, Copy)]
struct Window {
    stride: u64,
    padding: u64,
    dilation: u64,
    /// `ceil_mode`: the output count rounded up.
    ceil: bool,
}

/// `t = conv2d(x, w, …);`.
pub(super) fn conv2d_node(cx: &mut Cx<'_>, stmt: &Stmt, target: usize) -> Option<NodeKind> {
    let Expr::Call { func, args, named, span } = &stmt.value else { return None };
    let [x_arg, w_arg] = args.as_slice() else { return None };
    let stride = option(cx, named, "stride", [1, 1], 1);
    let padding = option(cx, named, "padding", [0, 0], 0);
    let dilation = option(cx, named, "dilation", [1, 1], 1);
    let groups = groups_option(cx, named);
    let precision = match named.iter().find(|(k, _)| k.text == "precision") {
        None => Some(Precision::F32),
        Some((_, value)) => match super::call::precision_option(value) {
            Ok(p) => Some(p),
            Err(e) => {
                cx.err(e);
                None
            }
        },
    };
    let x = operand(cx, func, x_arg, "x: [B, C, H, W]");
    let w = operand(cx, func, w_arg, "w: [O, C / groups, KH, KW]");
    let out = target_shape(cx, stmt, target, func, "[B, O, OH, OW]");
    let (x, w, out) = (x?, w?, out?);
    let (stride, padding, dilation, groups, precision) = (stride?, padding?, dilation?, groups?, precision?);
    let win = [0, 1].map(|a| Window { stride: stride[a], padding: padding[a], dilation: dilation[a], ceil: false });
    let name = cx.bindings[target].name.clone();
    let mut ok = same(cx, out[0], x.shape[0], stmt.target.span, format!("`{name}`'s batch and `conv2d`'s input's"));
    ok &=
        same(cx, out[1], w.shape[0], stmt.target.span, format!("`{name}`'s channels and `conv2d`'s weight's outputs"));
    let groups_text = ExtentDisplay(&cx.dims, groups).to_string();
    let channels = format!("`conv2d`'s input channels and its weight's channels × groups ({groups_text})");
    ok &= scaled(cx, x.shape[1], w.shape[1], groups, x_arg.span(), channels);
    let outputs = format!("`conv2d`'s output channels by groups ({groups_text})");
    ok &= divisible(cx, w.shape[0], groups, w_arg.span(), outputs);
    for axis in [2, 3] {
        ok &= spatial(cx, (out[axis], x.shape[axis], w.shape[axis]), win[axis - 2], stmt.target.span, &name, axis);
    }
    if !ok {
        return None;
    }
    let var = |v: usize| build::index_var(v, *span);
    // Index variables: the target's b, o, i, j, then the reduction's c, u, v.
    let (b, o, i, j, c, u, v) = (0, 1, 2, 3, 4, 5, 6);
    let channel = match groups {
        Extent::Lit(1) => Sub::Var { var: c, offset: 0 },
        g => {
            // Output channel o belongs to group o / (O / G), whose input channels start at
            // that group times C / G.
            let per_group = binary(BinaryOp::Div, extent(w.shape[0], *span), extent(g, *span));
            let group = binary(BinaryOp::Div, var(o), per_group);
            Sub::Expr(binary(BinaryOp::Add, binary(BinaryOp::Mul, group, extent(w.shape[1], *span)), var(c)))
        }
    };
    let (row, col) = (position(var(i), var(u), win[0], *span), position(var(j), var(v), win[1], *span));
    let x_read = super::concat::element(&x, |d| {
        [Sub::Var { var: b, offset: 0 }, channel.clone(), row.clone(), col.clone()][d].clone()
    });
    let edges = [(&row, x.shape[2], padding[0] > 0), (&col, x.shape[3], padding[1] > 0)];
    let x_value = padded(x_read, &edges, Some(Const::F32(0.0)), *span);
    let w_read = super::concat::element(&w, |d| Sub::Var { var: [o, c, u, v][d], offset: 0 });
    let body = build::binary(BinaryOp::Mul, w_read, x_value, Ty::F32);
    let window = ConvWindow {
        input: super::concat::element(&x, |d| Sub::Var { var: d, offset: 0 }),
        vars: [b, o, i, j, c, u, v],
        stride,
        padding,
        dilation,
        grouped: groups != Extent::Lit(1),
    };
    let reduce =
        IndexReduce { op: ReduceOp::Sum, vars: vec![c, u, v], body, precision, window: Some(Box::new(window)) };
    let vars = vec![out[0], out[1], out[2], out[3], w.shape[1], w.shape[2], w.shape[3]];
    finish(cx, stmt, target, vars, reduce, *span)
}

/// `t = max_pool(x, kernel = k, …);` / `t = avg_pool(x, kernel = k, …);`.
pub(super) fn pool_node(cx: &mut Cx<'_>, stmt: &Stmt, target: usize, pool: Pool) -> Option<NodeKind> {
    let Expr::Call { func, args, named, span } = &stmt.value else { return None };
    let [x_arg] = args.as_slice() else { return None };
    let kernel = match named.iter().find(|(k, _)| k.text == "kernel") {
        Some(_) => option(cx, named, "kernel", [1, 1], 1),
        None => {
            let e = GraphError::new(ErrorKind::ArgumentKind, func.span, format!("`{}` needs `kernel = k`", func.text))
                .help(format!("e.g. `{}(x, kernel = 2)` (the stride is the kernel's unless given)", func.text));
            cx.err(e);
            None
        }
    };
    let stride = kernel.and_then(|k| option(cx, named, "stride", k, 1));
    let padding = option(cx, named, "padding", [0, 0], 0);
    let dilation = option(cx, named, "dilation", [1, 1], 1);
    let ceil = flag_option(cx, named, "ceil_mode", false);
    let include_pad = flag_option(cx, named, "count_include_pad", true);
    let x = operand(cx, func, x_arg, "x: [B, C, H, W]");
    let out = target_shape(cx, stmt, target, func, "[B, C, OH, OW]");
    let (x, out, kernel, stride, padding) = (x?, out?, kernel?, stride?, padding?);
    let (dilation, ceil, include_pad) = (dilation?, ceil?, include_pad?);
    // PyTorch: padding at most half the (dilated) window, so every window holds an input point.
    let reach = |a: usize| dilation[a] * (kernel[a] - 1) + 1;
    if let Some(a) = (0..2).find(|&a| padding[a] > reach(a) / 2) {
        let value = named.iter().find(|(k, _)| k.text == "padding").map_or(*span, |(_, v)| v.span());
        let (p, k) = (padding[a], reach(a));
        let msg = format!("`{}`'s padding ({p}) is more than half its window ({k})", func.text);
        cx.err(GraphError::new(ErrorKind::ArgumentKind, value, msg).help("as PyTorch: padding ≤ window / 2"));
        return None;
    }
    let win = [0, 1].map(|a| Window { stride: stride[a], padding: padding[a], dilation: dilation[a], ceil });
    let name = cx.bindings[target].name.clone();
    let what = format!("`{name}`'s batch and `{}`'s input's", func.text);
    let mut ok = same(cx, out[0], x.shape[0], stmt.target.span, what);
    ok &= same(cx, out[1], x.shape[1], stmt.target.span, format!("`{name}`'s channels and `{}`'s input's", func.text));
    let k = kernel.map(Extent::Lit);
    for axis in [2, 3] {
        ok &= spatial(cx, (out[axis], x.shape[axis], k[axis - 2]), win[axis - 2], stmt.target.span, &name, axis);
    }
    if !ok {
        return None;
    }
    let var = |v: usize| build::index_var(v, *span);
    let (b, c, i, j, u, v) = (0, 1, 2, 3, 4, 5);
    let (row, col) = (position(var(i), var(u), win[0], *span), position(var(j), var(v), win[1], *span));
    let x_read = super::concat::element(&x, |d| {
        [Sub::Var { var: b, offset: 0 }, Sub::Var { var: c, offset: 0 }, row.clone(), col.clone()][d].clone()
    });
    // Past the input a window reads a value that never changes its result (`reaches`: some
    // point of a window may lie past the input).
    let reaches = |a: usize| padding[a] > 0 || ceil;
    let edges = [(&row, x.shape[2], reaches(0)), (&col, x.shape[3], reaches(1))];
    let body = match pool {
        // Max: a point past the input never wins (PyTorch pads with −inf). With contiguous
        // windows the clamped read — the nearest input point, which lies in the same window —
        // gives the same maximum without a test; a dilated window may skip that point.
        Pool::Max if dilation == [1, 1] => x_read,
        Pool::Max => padded(x_read, &edges, Some(Const::F32(f32::NEG_INFINITY)), *span),
        Pool::Avg => padded(x_read, &edges, Some(Const::F32(0.0)), *span),
    };
    let (op, body) = match pool {
        Pool::Max => (ReduceOp::Max, body),
        // The mean of the whole window, unless the window may count fewer points.
        Pool::Avg if include_pad && !ceil => (ReduceOp::Mean, body),
        Pool::Avg => {
            let [rows, cols] = [(i, x.shape[2], kernel[0], win[0]), (j, x.shape[3], kernel[1], win[1])]
                .map(|(at, n, k, w)| window_count(var(at), n, k, w, include_pad, *span));
            let points = binary(BinaryOp::Mul, rows, cols);
            let divisor =
                TExpr { kind: TKind::Cast(Box::new(points), Elem::F32), ty: Ty::F32, shape: vec![], span: *span };
            (ReduceOp::Sum, build::binary(BinaryOp::Div, body, divisor, Ty::F32))
        }
    };
    let reduce = IndexReduce { op, vars: vec![u, v], body, precision: Precision::F32, window: None };
    let vars = vec![out[0], out[1], out[2], out[3], k[0], k[1]];
    finish(cx, stmt, target, vars, reduce, *span)
}

/// The points of output point `at`'s window (no dilation) along an axis of `n` input points:
/// those inside the padded input, or inside the input alone (PyTorch's `avg_pool2d` divisor).
fn window_count(at: TExpr, n: Extent, kernel: u64, win: Window, include_pad: bool, span: Span) -> TExpr {
    let start = binary(BinaryOp::Sub, binary(BinaryOp::Mul, at, int(win.stride, span)), int(win.padding, span));
    let end = binary(BinaryOp::Add, start.clone(), int(kernel, span));
    if include_pad {
        let limit = binary(BinaryOp::Add, extent(n, span), int(win.padding, span));
        return binary(BinaryOp::Sub, binary(BinaryOp::Min, end, limit), start);
    }
    let hi = binary(BinaryOp::Min, end, extent(n, span));
    binary(BinaryOp::Sub, hi, binary(BinaryOp::Max, start, int(0, span)))
}

/// Option `key`, `true` or `false` (`default` where absent).
fn flag_option(cx: &mut Cx<'_>, named: &[(Name, Expr)], key: &str, default: bool) -> Option<bool> {
    let Some((_, value)) = named.iter().find(|(k, _)| k.text == key) else { return Some(default) };
    if let Expr::Name(n) = value {
        if n.text == "true" || n.text == "false" {
            return Some(n.text == "true");
        }
    }
    let msg = format!("`{key}` takes `true` or `false`, found `{value}`");
    cx.err(GraphError::new(ErrorKind::ArgumentKind, value.span(), msg));
    None
}

/// The index node computing `reduce` at every point of the target.
fn finish(
    cx: &mut Cx<'_>,
    stmt: &Stmt,
    target: usize,
    vars: Vec<Extent>,
    reduce: IndexReduce,
    span: Span,
) -> Option<NodeKind> {
    let body = TExpr { kind: TKind::Reduce(Box::new(reduce)), ty: Ty::F32, shape: vec![], span };
    super::flow::check_index_in_place(cx, stmt, target, &body, false);
    let rank = cx.bindings[target].shape.len();
    Some(NodeKind::Index(IndexNode { target, slice: Vec::new(), shifts: vec![None; rank], vars, body }))
}

/// Option `key` for the (height, width) axes (`default` where absent): an integer literal for
/// both, or a pair of them, `(2, 1)`; each at least `least`.
fn option(cx: &mut Cx<'_>, named: &[(Name, Expr)], key: &str, default: [u64; 2], least: u64) -> Option<[u64; 2]> {
    let Some((_, value)) = named.iter().find(|(k, _)| k.text == key) else { return Some(default) };
    // Positions are i32 in the kernels: an option past that range fits no tensor.
    let int = |e: &Expr| match e {
        Expr::Lit(Lit { value: LitValue::Int(v), .. }) => {
            u64::try_from(*v).ok().filter(|v| *v >= least && *v <= i32::MAX as u64)
        }
        _ => None,
    };
    let v = match value {
        Expr::Tuple { items, .. } => match items.as_slice() {
            [h, w] => int(h).zip(int(w)).map(|(h, w)| [h, w]),
            _ => None,
        },
        e => int(e).map(|v| [v, v]),
    };
    if v.is_none() {
        let kind = if least == 0 {
            "a non-negative integer literal".to_string()
        } else {
            format!("an integer literal of at least {least}")
        };
        let msg = format!("`{key}` takes {kind}, or a pair of them for (height, width), found `{value}`");
        cx.err(GraphError::new(ErrorKind::ArgumentKind, value.span(), msg));
    }
    v
}

/// Option `key`, one integer literal of at least 1 (1 where absent).
fn scalar_option(cx: &mut Cx<'_>, named: &[(Name, Expr)], key: &str) -> Option<u64> {
    match named.iter().find(|(k, _)| k.text == key) {
        Some((_, value @ Expr::Tuple { .. })) => {
            let msg = format!("`{key}` takes one integer literal, found `{value}`");
            cx.err(GraphError::new(ErrorKind::ArgumentKind, value.span(), msg));
            None
        }
        _ => option(cx, named, key, [1, 1], 1).map(|[v, _]| v),
    }
}

/// `groups = g`: an integer literal of at least 1, or a declared dim (`groups = C`: a depthwise
/// convolution over however many channels the dims give).
fn groups_option(cx: &mut Cx<'_>, named: &[(Name, Expr)]) -> Option<Extent> {
    match named.iter().find(|(k, _)| k.text == "groups") {
        Some((_, Expr::Name(n))) => match cx.graph.dim_index(&n.text) {
            Some(d) => Some(Extent::Sym(d)),
            None => {
                let msg = format!("`groups` takes an integer literal or a dim, found `{}`", n.text);
                let e = GraphError::new(ErrorKind::UndeclaredDim, n.span, msg)
                    .suggest(&n.text, cx.dims.iter().map(String::as_str));
                cx.err(e);
                None
            }
        },
        _ => scalar_option(cx, named, "groups").map(Extent::Lit),
    }
}

/// An f32 rank-4 operand read from a binding (or a view of one).
fn operand(cx: &mut Cx<'_>, func: &Name, arg: &Expr, form: &str) -> Option<TExpr> {
    let x = Typer::new(cx, None).expr(arg, Some(Ty::F32))?;
    let f = &func.text;
    if !matches!(x.kind, TKind::Read(_)) {
        let e =
            GraphError::new(ErrorKind::ArgumentKind, arg.span(), format!("`{f}` takes bindings (or views of them)"))
                .help("compute the expression into a `temp` first");
        cx.err(e);
        return None;
    }
    if x.ty != Ty::F32 {
        let msg = format!("`{f}` needs f32 operands, found {}", x.ty);
        cx.err(GraphError::new(ErrorKind::TypeMismatch, arg.span(), msg));
        return None;
    }
    if x.shape.len() != 4 {
        let msg = format!("`{f}` takes {form} (NCHW), found shape {}", cx.shape_text(&x.shape));
        cx.err(GraphError::new(ErrorKind::ArgumentKind, arg.span(), msg));
        return None;
    }
    Some(x)
}

/// The target's shape, when it is a rank-4 f32 (or f16, bf16) binding.
fn target_shape(cx: &mut Cx<'_>, stmt: &Stmt, target: usize, func: &Name, form: &str) -> Option<Vec<Extent>> {
    let tb = cx.bindings[target].clone();
    if tb.elem.compute() != Ty::F32 {
        let msg = format!("`{}` computes f32, but `{}` holds {}", func.text, tb.name, tb.elem);
        cx.err(GraphError::new(ErrorKind::TypeMismatch, stmt.target.span, msg));
        return None;
    }
    if tb.shape.len() != 4 {
        let msg = format!("`{}` writes {form} (NCHW), but `{}` is {}", func.text, tb.name, cx.shape_text(&tb.shape));
        cx.err(GraphError::new(ErrorKind::ShapeMismatch, stmt.target.span, msg));
        return None;
    }
    Some(tb.shape.clone())
}

/// `a` and `b` are the same extent (at compile time where literal or the same dim, else at
/// `new`).
fn same(cx: &mut Cx<'_>, a: Extent, b: Extent, span: Span, what: String) -> bool {
    scaled(cx, a, b, Extent::Lit(1), span, what)
}

/// `total` is `part × times`.
fn scaled(cx: &mut Cx<'_>, total: Extent, part: Extent, times: Extent, span: Span, what: String) -> bool {
    match (total, part, times) {
        (Extent::Lit(t), Extent::Lit(p), Extent::Lit(n)) if p.checked_mul(n) != Some(t) => {
            let times_text = if n == 1 { String::new() } else { format!(" × {n}") };
            let msg = format!("{what} differ: {t} is not {p}{times_text}");
            cx.err(GraphError::new(ErrorKind::ShapeMismatch, span, msg));
            false
        }
        (Extent::Lit(_), Extent::Lit(_), Extent::Lit(_)) => true,
        (t, p, Extent::Lit(1)) if t == p => true,
        _ => {
            cx.deferred.push(Deferred::Scaled { total, part, times, what });
            true
        }
    }
}

/// `n` is a multiple of `by`.
fn divisible(cx: &mut Cx<'_>, n: Extent, by: Extent, span: Span, what: String) -> bool {
    match (n, by) {
        (Extent::Lit(v), Extent::Lit(b)) if !v.is_multiple_of(b) => {
            cx.err(GraphError::new(ErrorKind::ShapeMismatch, span, format!("{what}: {v} does not divide")));
            false
        }
        (_, Extent::Lit(1)) | (Extent::Lit(_), Extent::Lit(_)) => true,
        (n, by) if n == by => true,
        _ => {
            cx.deferred.push(Deferred::Divisible { n, by, what });
            true
        }
    }
}

/// The target's spatial axis `axis` has the window formula's extent for `(out, input, kernel)`.
fn spatial(cx: &mut Cx<'_>, dims: (Extent, Extent, Extent), win: Window, span: Span, name: &str, axis: usize) -> bool {
    let (out, input, kernel) = dims;
    let Window { stride, padding, dilation, ceil } = win;
    let which = if axis == 2 { "height" } else { "width" };
    let what = format!("`{name}`'s {which} (axis {axis})");
    match (out, input, kernel) {
        (Extent::Lit(o), Extent::Lit(h), Extent::Lit(k)) => {
            let want = window_extent(h, k, stride, padding, dilation, ceil);
            if want == Some(o) {
                return true;
            }
            let formula = window_formula(&h.to_string(), &k.to_string(), stride, padding, dilation, ceil);
            let msg = match want {
                Some(w) => format!("{what} is {o}, but the window gives {formula} = {w}"),
                None => format!(
                    "{what}: the window ({dilation}·({k} − 1) + 1) is larger than the padded input ({h} + 2·{padding})"
                ),
            };
            cx.err(GraphError::new(ErrorKind::ShapeMismatch, span, msg));
            false
        }
        _ => {
            cx.deferred.push(Deferred::Window { out, input, kernel, stride, padding, dilation, ceil, what });
            true
        }
    }
}

/// The input position `i·stride − padding + u·dilation` of output point `i`, window point `u`.
fn position(i: TExpr, u: TExpr, win: Window, span: Span) -> Sub {
    let scaled = |e: TExpr, by: u64| if by == 1 { e } else { binary(BinaryOp::Mul, e, int(by, span)) };
    let start = scaled(i, win.stride);
    let start = if win.padding == 0 { start } else { binary(BinaryOp::Sub, start, int(win.padding, span)) };
    Sub::Expr(binary(BinaryOp::Add, start, scaled(u, win.dilation)))
}

/// `read`, or `fill` where a position leaves its axis: `positions` are each spatial subscript
/// with its axis's extent and whether a window may reach past it. Along an axis without padding
/// or `ceil_mode` no position leaves (the target's extents are the window formula's), so it
/// needs no test.
fn padded(read: TExpr, positions: &[(&Sub, Extent, bool)], fill: Option<Const>, span: Span) -> TExpr {
    let Some(fill) = fill else { return read };
    let value = TExpr { kind: TKind::Const(fill), ty: read.ty, shape: vec![], span };
    let tested = positions.iter().filter(|(_, _, reaches)| *reaches).map(|&(s, n, _)| (s, n));
    build::filled(read, tested, value, span)
}

fn int(v: u64, span: Span) -> TExpr {
    build::int(v as i32, span)
}

fn extent(e: Extent, span: Span) -> TExpr {
    build::extent(e, Ty::I32, span)
}

fn binary(op: BinaryOp, a: TExpr, b: TExpr) -> TExpr {
    build::binary(op, a, b, Ty::I32)
}
