//! The one declaration of every built-in a graph can call: its name, how many positional
//! arguments it takes, which named options, its signature and its help line. Parsing hints,
//! the checker's arity and option errors, "unknown function" lists and `docs/builtins.md` all
//! come from [`BUILTINS`] and [`UnaryOp::CALLABLE`]; what each built-in *means* is one
//! exhaustive `match` per layer (checker, lowering, backends).

use super::ops::{ReduceOp, UnaryOp};

/// What a call resolves to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// An elementwise function of one argument (`exp`, `gelu`, …).
    Unary(UnaryOp),
    /// `min(a, b)`, `max(a, b)`: elementwise.
    Min,
    Max,
    /// `select(cond, if_true, if_false)`: elementwise.
    Select,
    /// `sum(x)`, `prod(x)`, `max(x)`, `min(x)`, `mean(x)` over the last axis, `axis = k` or
    /// `axis = all` (`keepdim = true` keeps the folded axes as 1).
    Reduce(ReduceOp),
    /// Index of the (first) largest element of the last axis (or `axis = k`, `axis = all`), as `u32`.
    Argmax,
    Softmax,
    RmsNorm,
    LayerNorm,
    /// Rank-N matrix product over the last two axes, batched over the leading ones.
    Matmul,
    /// A view with two axes swapped (the last two by default).
    Transpose,
    /// A view with every axis reordered (`permute(x, 2, 0, 1)`, PyTorch's `x.permute`).
    Permute,
    /// A view of the same elements in the target's declared shape (a node's whole value).
    Reshape,
    /// `t = concat(a, b, axis = k);`: `a` then `b` along axis `k` (a node's whole value).
    Concat,
    /// `t = conv2d(x, w, stride = 1, padding = 0, dilation = 1, groups = 1);`: a 2-d
    /// convolution over NCHW tensors, zero padding (a node's whole value).
    Conv2d,
    /// `t = max_pool(x, kernel = k, …);`, `t = avg_pool(x, kernel = k, …);` over NCHW tensors
    /// (a node's whole value).
    Pool(Pool),
    /// `gather(table, ids)`: rows of `table` picked by integer `ids`.
    Gather,
    /// Fused scaled dot-product attention.
    Attention,
    /// What an index-notation read gives where a subscript leaves its axis.
    Boundary(Boundary),
}

/// What an index-notation read gives past its axis: `fill(x[i - 1], v)`, `edge(x[i - 1])`,
/// `wrap(x[i - 1])`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Boundary {
    /// The value `v` (zero padding: `fill(x[…], 0.0)`).
    Fill,
    /// The nearest element inside (each subscript clamped to its axis).
    Edge,
    /// The element a period away (each subscript taken modulo its axis: periodic boundaries).
    Wrap,
}

/// Which window reduction a pooling built-in computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pool {
    /// The largest value of the window (padding never wins: PyTorch's −inf padding).
    Max,
    /// The mean of the window: padding counted as zeros, or (`count_include_pad = false`) not
    /// counted.
    Avg,
}

impl Pool {
    pub const ALL: [Pool; 2] = [Pool::Max, Pool::Avg];
    pub const fn name(self) -> &'static str {
        match self {
            Pool::Max => "max_pool",
            Pool::Avg => "avg_pool",
        }
    }
}

impl Boundary {
    pub const ALL: [Boundary; 3] = [Boundary::Fill, Boundary::Edge, Boundary::Wrap];
    pub fn name(self) -> &'static str {
        match self {
            Boundary::Fill => "fill",
            Boundary::Edge => "edge",
            Boundary::Wrap => "wrap",
        }
    }
}

impl Builtin {
    /// The name a graph calls it by.
    pub fn name(self) -> &'static str {
        match self {
            Builtin::Unary(op) => op.name(),
            Builtin::Min => "min",
            Builtin::Max => "max",
            Builtin::Select => "select",
            Builtin::Reduce(r) => r.name(),
            Builtin::Argmax => "argmax",
            Builtin::Softmax => "softmax",
            Builtin::RmsNorm => "rms_norm",
            Builtin::LayerNorm => "layer_norm",
            Builtin::Matmul => "matmul",
            Builtin::Transpose => "transpose",
            Builtin::Permute => "permute",
            Builtin::Reshape => "reshape",
            Builtin::Concat => "concat",
            Builtin::Conv2d => "conv2d",
            Builtin::Pool(p) => p.name(),
            Builtin::Gather => "gather",
            Builtin::Attention => "attention",
            Builtin::Boundary(b) => b.name(),
        }
    }
}

/// The declaration of one built-in.
#[derive(Debug, Clone, Copy)]
pub struct BuiltinDecl {
    pub name: &'static str,
    pub builtin: Builtin,
    /// Fewest and most positional arguments.
    pub positional: (usize, usize),
    /// Named options it accepts (`key = value`).
    pub named: &'static [&'static str],
    pub signature: &'static str,
    pub help: &'static str,
}

const fn op(
    name: &'static str,
    builtin: Builtin,
    positional: (usize, usize),
    named: &'static [&'static str],
    signature: &'static str,
    help: &'static str,
) -> BuiltinDecl {
    BuiltinDecl { name, builtin, positional, named, signature, help }
}

/// Every built-in besides the unary functions (those come from [`UnaryOp::CALLABLE`]).
pub const BUILTINS: &[BuiltinDecl] = &[
    op("min", Builtin::Min, (2, 2), &[], "min(a, b)", "elementwise minimum"),
    op("max", Builtin::Max, (2, 2), &[], "max(a, b)", "elementwise maximum"),
    op("select", Builtin::Select, (3, 3), &[], "select(cond, if_true, if_false)", "elementwise choice by a bool"),
    op(
        "fill",
        Builtin::Boundary(Boundary::Fill),
        (2, 2),
        &[],
        "fill(x[subscripts], value)",
        "index notation: `x` there, or `value` where a subscript leaves its axis (zero padding: `fill(x[i - 1], 0.0)`)",
    ),
    op(
        "edge",
        Builtin::Boundary(Boundary::Edge),
        (1, 1),
        &[],
        "edge(x[subscripts])",
        "index notation: `x` there, each subscript clamped to its axis (the nearest edge element)",
    ),
    op(
        "wrap",
        Builtin::Boundary(Boundary::Wrap),
        (1, 1),
        &[],
        "wrap(x[subscripts])",
        "index notation: `x` there, each subscript taken modulo its axis (periodic boundaries)",
    ),
    op(
        ReduceOp::Sum.name(),
        Builtin::Reduce(ReduceOp::Sum),
        (1, 1),
        &["axis", "keepdim"],
        "sum(x, axis = -1, keepdim = false)",
        ReduceOp::Sum.help(),
    ),
    op(
        ReduceOp::Prod.name(),
        Builtin::Reduce(ReduceOp::Prod),
        (1, 1),
        &["axis", "keepdim"],
        "prod(x, axis = -1, keepdim = false)",
        ReduceOp::Prod.help(),
    ),
    op(
        ReduceOp::Max.name(),
        Builtin::Reduce(ReduceOp::Max),
        (1, 1),
        &["axis", "keepdim"],
        "max(x, axis = -1, keepdim = false)",
        ReduceOp::Max.help(),
    ),
    op(
        ReduceOp::Min.name(),
        Builtin::Reduce(ReduceOp::Min),
        (1, 1),
        &["axis", "keepdim"],
        "min(x, axis = -1, keepdim = false)",
        ReduceOp::Min.help(),
    ),
    op(
        ReduceOp::Mean.name(),
        Builtin::Reduce(ReduceOp::Mean),
        (1, 1),
        &["axis", "keepdim"],
        "mean(x, axis = -1, keepdim = false)",
        ReduceOp::Mean.help(),
    ),
    op(
        "argmax",
        Builtin::Argmax,
        (1, 1),
        &["axis"],
        "argmax(x, axis = -1)",
        "index (u32) of the first largest element along `axis` (the last by default; `axis = all`: the row-major index into the whole tensor)",
    ),
    op("softmax", Builtin::Softmax, (1, 1), &[], "softmax(x)", "softmax over the last axis"),
    op(
        "rms_norm",
        Builtin::RmsNorm,
        (3, 3),
        &[],
        "rms_norm(x, gain, eps)",
        "x / sqrt(mean(x^2) + eps) * gain over the last axis",
    ),
    op(
        "layer_norm",
        Builtin::LayerNorm,
        (4, 4),
        &[],
        "layer_norm(x, gain, bias, eps)",
        "(x - mean) / sqrt(var + eps) * gain + bias over the last axis (biased variance, as PyTorch)",
    ),
    op(
        "matmul",
        Builtin::Matmul,
        (2, 2),
        &["precision"],
        "matmul(a: [.., M, K], b: [.., K, N], precision = f32)",
        "matrix product of the last two axes, batched (with broadcasting) over the leading ones; `precision = tf32x3` lets f32 products run as three TF32 tensor-core products (error near f32's), `bf16x3` as three bf16 ones (about 1e-5 relative, twice the tensor-core rate), `tf32` as one TF32 (about 1e-3)",
    ),
    op(
        "transpose",
        Builtin::Transpose,
        (1, 3),
        &[],
        "transpose(x) or transpose(x, dim0, dim1)",
        "a view with the last two axes (or dim0 and dim1) swapped; free",
    ),
    op(
        "permute",
        Builtin::Permute,
        (3, 9),
        &[],
        "permute(x, d0, d1, …)",
        "a view whose axis i is x's axis d_i (PyTorch's `x.permute(d0, d1, …)`: every axis once, negative counts from the end); free",
    ),
    op(
        "reshape",
        Builtin::Reshape,
        (1, 1),
        &[],
        "t = reshape(x);",
        "a view of x in t's declared shape (same element count); free where the layout allows",
    ),
    op(
        "concat",
        Builtin::Concat,
        (2, 2),
        &["axis"],
        "t = concat(a, b, axis = -1);",
        "a node's whole value: `a`, then `b`, along `axis` (PyTorch's `torch.cat`); every other axis equal to t's, t's extent along `axis` the sum (checked at `new`)",
    ),
    op(
        "conv2d",
        Builtin::Conv2d,
        (2, 2),
        &["stride", "padding", "dilation", "groups", "precision"],
        "t = conv2d(x: [B, C, H, W], w: [O, C / groups, KH, KW], stride = 1, padding = 0, dilation = 1, groups = 1, precision = f32);",
        "a node's whole value: 2-d convolution (cross-correlation, PyTorch's `F.conv2d`) into t: [B, O, OH, OW], OH = (H + 2·padding − dilation·(KH − 1) − 1) / stride + 1 (likewise OW), zero padding; `stride`, `padding`, `dilation` are integer literals for both axes or (height, width) pairs, `(2, 1)`, `groups` one literal or a dim (`groups = C`: depthwise over any channel count); `precision` as `matmul`'s (what an f32 convolution may trade for tensor cores, where it runs as a product); t's extents checked (at `new` where they are dims); bias and activation are nodes of their own; operands may be views: an NHWC input is `permute(x, 0, 3, 1, 2)`, an HWIO weight `permute(w, 3, 2, 0, 1)`",
    ),
    op(
        Pool::Max.name(),
        Builtin::Pool(Pool::Max),
        (1, 1),
        &["kernel", "stride", "padding", "dilation", "ceil_mode"],
        "t = max_pool(x: [B, C, H, W], kernel = k, stride = k, padding = 0, dilation = 1, ceil_mode = false);",
        "a node's whole value: the largest value of each k×k window (PyTorch's `F.max_pool2d`) into t: [B, C, OH, OW], OH = (H + 2·padding − dilation·(k − 1) − 1) / stride + 1, rounded up with `ceil_mode = true` (then a window must start inside the input or its left padding, as PyTorch); padding never wins (PyTorch's −inf), at most half the dilated window; options are integer literals or (height, width) pairs",
    ),
    op(
        Pool::Avg.name(),
        Builtin::Pool(Pool::Avg),
        (1, 1),
        &["kernel", "stride", "padding", "ceil_mode", "count_include_pad"],
        "t = avg_pool(x: [B, C, H, W], kernel = k, stride = k, padding = 0, ceil_mode = false, count_include_pad = true);",
        "a node's whole value: the mean of each k×k window (PyTorch's `F.avg_pool2d`) into t: [B, C, OH, OW], extents as `max_pool`'s (no dilation); the sum is divided by the window's points inside the padded input (padding counting as zeros), or with `count_include_pad = false` inside the input only; padding at most k / 2; options are integer literals or (height, width) pairs",
    ),
    op(
        "gather",
        Builtin::Gather,
        (2, 2),
        &[],
        "gather(table: [V, D..], ids: [N..]) -> [N.., D..]",
        "rows of table picked by integer ids (out-of-range ids clamp to the edge)",
    ),
    op(
        "attention",
        Builtin::Attention,
        (3, 3),
        &["mask", "causal", "scale", "precision"],
        "attention(q: [.., Tq, E], k: [.., Tk, E], v: [.., Tk, Ev], mask = m, causal = false, scale = 1 / sqrt(E), precision = f32)",
        "softmax(q k^T * scale + mask) v, fused (the score matrix never goes to memory; up to 64 keys and 64-wide heads, a workgroup holds a head's keys and computes the scores and the output as register-blocked products; one query an entry over up to 64 keys of scores of at most 4 dims (a decoding attention's chunks combined), a thread an output dim computes every score itself; up to 4 queries an entry (decoding), a workgroup spreads over the keys (threads sharing a key's score where keys are few) and does not read a key every query masks with -inf (on CUDA sm_90+ over 512 keys or more, a cluster of 8 blocks splits them); otherwise an online softmax); a row whose every key is masked is NaN. `precision = tf32x3` (or `tf32`, as for `matmul`) lets a prompt's rows (16 or more an entry, heads of at most 64 dims in multiples of 8) run both products on tensor cores on CUDA sm_90+, skipping tiles of keys every row masks; elsewhere f32",
    ),
];

/// Looks a call up by name and positional argument count (`max(x)` is the reduction,
/// `max(a, b)` elementwise). `None` if no built-in has the name.
pub fn lookup(name: &str, positional: usize) -> Option<BuiltinDecl> {
    if let Some(op) = UnaryOp::CALLABLE.into_iter().find(|u| u.name() == name) {
        let help = op.help();
        return Some(BuiltinDecl {
            name: op.name(),
            builtin: Builtin::Unary(op),
            positional: (1, 1),
            named: &[],
            signature: "f(x)",
            help,
        });
    }
    let mut candidates = BUILTINS.iter().filter(|d| d.name == name);
    let first = candidates.next()?;
    let fits = |d: &BuiltinDecl| positional >= d.positional.0 && positional <= d.positional.1;
    if fits(first) {
        return Some(*first);
    }
    Some(*candidates.find(|d| fits(d)).unwrap_or(first))
}

/// Every reduction, formatted by `f`, comma-separated.
fn forms_named(f: impl Fn(ReduceOp) -> String) -> String {
    ReduceOp::ALL.iter().map(|&r| f(r)).collect::<Vec<_>>().join(", ")
}

/// Every name a graph may call, each once, in the docs' order.
pub fn callable_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = UnaryOp::CALLABLE.iter().map(|u| u.name()).collect();
    for d in BUILTINS {
        if !names.contains(&d.name) {
            names.push(d.name);
        }
    }
    names
}

/// Every name a graph may call, for "unknown function" messages.
pub fn known_names() -> String {
    callable_names().join(", ")
}

/// How a built-in is called (every overload), for arity messages.
pub fn signatures(name: &str) -> String {
    if let Some(op) = UnaryOp::CALLABLE.into_iter().find(|u| u.name() == name) {
        return format!("{}(x)", op.name());
    }
    BUILTINS.iter().filter(|d| d.name == name).map(|d| d.signature).collect::<Vec<_>>().join(" or ")
}

/// The built-in table as Markdown (`docs/builtins.md` is this text; a test keeps them equal).
pub fn markdown() -> String {
    let mut s = String::from(
        "# Built-in functions\n\nGenerated from `forge-runtime/src/graph/builtins.rs` (`FORGE_UPDATE_DOCS=1 cargo test -p forge-runtime builtins_doc` rewrites it).\n\n| call | what it computes |\n|---|---|\n",
    );
    for op in UnaryOp::CALLABLE {
        s.push_str(&format!("| `{}(x)` | {} |\n", op.name(), op.help()));
    }
    for d in BUILTINS {
        s.push_str(&format!("| `{}` | {} |\n", d.signature, d.help));
    }
    let forms: Vec<String> = ReduceOp::ALL.iter().map(|r| format!("`{}(k, e)`", r.name())).collect();
    let (last, rest) = forms.split_last().map_or(("", &[][..]), |(l, r)| (l.as_str(), r));
    s.push_str(&format!(
        "\nThe row reductions ({}, `argmax`) fold the last axis by default. `axis = k` folds axis `k` instead (an integer literal; negative counts from the end, `-1` is the last; outside the operand's rank is a compile-time error) and `axis = all` folds every axis: one value (rank 0; `argmax` gives the row-major index). The folded axes are dropped, or kept as extent 1 with `keepdim = true` (not on `argmax`).\n",
        forms_named(|r| format!("`{}`", r.name()))
    ));
    s.push_str(&format!(
        "\nIndex notation adds the reductions {} and {last} over index `k`, or over several indices at once with a tuple, `sum((c, u, v), e)` (`mean` divides by the product of their extents). A reduction may stand anywhere in a node's value, any number of times: `y[b, o, i, j] = max(sum((c, u, v), w[o, c, u, v] * x[b, c, i + u, j + v]) + bias[o], 0.0);`. Reductions do not nest.\n",
        rest.join(", ")
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `Builtin` variant is declared (the match is exhaustive, so a new variant fails here
    /// until it gets a declaration).
    #[test]
    fn every_builtin_is_declared() {
        let declared = |b: Builtin| match b {
            Builtin::Unary(op) => UnaryOp::CALLABLE.contains(&op),
            Builtin::Min
            | Builtin::Max
            | Builtin::Select
            | Builtin::Reduce(_)
            | Builtin::Argmax
            | Builtin::Softmax
            | Builtin::RmsNorm
            | Builtin::LayerNorm
            | Builtin::Matmul
            | Builtin::Transpose
            | Builtin::Permute
            | Builtin::Reshape
            | Builtin::Concat
            | Builtin::Conv2d
            | Builtin::Pool(_)
            | Builtin::Gather
            | Builtin::Attention
            | Builtin::Boundary(_) => BUILTINS.iter().any(|d| d.builtin == b),
        };
        for op in UnaryOp::CALLABLE {
            assert!(declared(Builtin::Unary(op)));
        }
        for d in BUILTINS {
            assert!(declared(d.builtin), "{}", d.name);
        }
        for r in ReduceOp::ALL {
            assert!(declared(Builtin::Reduce(r)));
        }
        for b in Boundary::ALL {
            assert!(declared(Builtin::Boundary(b)));
        }
        for p in Pool::ALL {
            assert!(declared(Builtin::Pool(p)));
        }
        assert!(lookup("max", 1).is_some_and(|d| d.builtin == Builtin::Reduce(ReduceOp::Max)));
        assert!(lookup("max", 2).is_some_and(|d| d.builtin == Builtin::Max));
        assert!(lookup("min", 1).is_some_and(|d| d.builtin == Builtin::Reduce(ReduceOp::Min)));
        assert!(lookup("min", 2).is_some_and(|d| d.builtin == Builtin::Min));
        assert!(lookup("nope", 1).is_none());
        let names = known_names();
        assert_eq!(names.split(", ").filter(|n| *n == "max").count(), 1, "{names}");
    }

    #[test]
    fn builtins_doc_is_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/builtins.md");
        let want = markdown();
        if std::env::var_os("FORGE_UPDATE_DOCS").is_some() {
            std::fs::write(&path, &want).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(have, want, "docs/builtins.md is stale: run with FORGE_UPDATE_DOCS=1");
    }
}
