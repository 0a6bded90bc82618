//! The catalogue of built-in functions (name and arity → what a call denotes), and which
//! bindings an expression reads.

use super::Expr;
use crate::ir::UnaryOp;

/// Built-in ops: each lowers to a kernel template (everything else is elementwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpKind {
    Matmul,
    Softmax,
    RmsNorm,
    Sum,
    Max,
    Mean,
}

/// What a call's name and arity denote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Callee {
    Op(OpKind),
    Unary(UnaryOp),
    Min,
    Max,
    Select,
}

/// Names a graph may call, for "unknown function" messages.
pub const KNOWN_FUNCTIONS: &str = "matmul, softmax, rms_norm, sum, max, mean, exp, log, sqrt, rsqrt, tanh, sigmoid, \
silu, gelu, relu, abs, min, max, select";

/// Resolves a call by name and argument count: `max(x)` is the row reduction, `max(a, b)` elementwise.
pub fn callee(name: &str, nargs: usize) -> Option<(Callee, usize)> {
    let unary = |op| Some((Callee::Unary(op), 1));
    match name {
        "matmul" => Some((Callee::Op(OpKind::Matmul), 2)),
        "softmax" => Some((Callee::Op(OpKind::Softmax), 1)),
        "rms_norm" => Some((Callee::Op(OpKind::RmsNorm), 3)),
        "sum" => Some((Callee::Op(OpKind::Sum), 1)),
        "mean" => Some((Callee::Op(OpKind::Mean), 1)),
        "max" if nargs == 1 => Some((Callee::Op(OpKind::Max), 1)),
        "max" => Some((Callee::Max, 2)),
        "min" => Some((Callee::Min, 2)),
        "select" => Some((Callee::Select, 3)),
        "exp" => unary(UnaryOp::Exp),
        "log" => unary(UnaryOp::Log),
        "sqrt" => unary(UnaryOp::Sqrt),
        "rsqrt" => unary(UnaryOp::Rsqrt),
        "tanh" => unary(UnaryOp::Tanh),
        "sigmoid" => unary(UnaryOp::Sigmoid),
        "silu" => unary(UnaryOp::Silu),
        "gelu" => unary(UnaryOp::Gelu),
        "relu" => unary(UnaryOp::Relu),
        "abs" => unary(UnaryOp::Abs),
        _ => None,
    }
}

/// How a built-in is called, for arity messages.
pub(super) fn signature(name: &str) -> &'static str {
    match name {
        "matmul" => "matmul(a, b)",
        "softmax" => "softmax(x)",
        "rms_norm" => "rms_norm(x, gain, eps)",
        "select" => "select(condition, if_true, if_false)",
        "min" => "min(a, b)",
        "max" => "max(a, b) or max(x)",
        "sum" => "sum(x)",
        "mean" => "mean(x)",
        _ => "f(x)",
    }
}

/// Names of the bindings `e` reads (whole, subscripted or named by a raw kernel), in order.
pub fn read_names(e: &Expr) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    e.visit(&mut |x| match x {
        Expr::Ref(n) | Expr::Index { base: n, .. } => out.push(n.text.clone()),
        Expr::Raw { lang, body, .. } => {
            if let Ok(args) = super::raw::parse_raw_args(body, lang.span) {
                out.extend(args.names.into_iter().map(|n| n.text));
            }
        }
        _ => {}
    });
    out
}

/// Whether `e` reads binding `name` anywhere.
pub fn reads(e: &Expr, name: &str) -> bool {
    read_names(e).iter().any(|n| n == name)
}
