//! The scalar operators every layer shares — the checker resolves calls and symbols to them,
//! lowering puts them in kernel expressions, each backend evaluates or prints them. Every
//! `match` over them is exhaustive, so adding one is a change the compiler walks you through
//! (see `docs/adding-an-op.md`).

use crate::elem::Ty;

/// Unary scalar functions and operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x` (wrapping for integers).
    Neg,
    /// `!b` on bools.
    Not,
    Exp,
    Log,
    Sqrt,
    /// `1 / sqrt(x)`.
    Rsqrt,
    /// `1 - 2 / (exp(2x) + 1)`: finite for every finite input on every backend.
    Tanh,
    /// `1 / (1 + exp(-x))`.
    Sigmoid,
    /// `x * sigmoid(x)`.
    Silu,
    /// Exact GELU, PyTorch's default: `0.5 x (1 + erf(x / sqrt 2))`.
    Gelu,
    /// GELU's tanh approximation (PyTorch `approximate='tanh'`):
    /// `0.5 x (1 + tanh(0.7978845608 (x + 0.044715 x^3)))`.
    GeluTanh,
    /// The error function.
    Erf,
    /// Sine (radians): within 2e-7 of the exact value below magnitude 2^23, NaN from there on.
    Sin,
    /// Cosine (radians), like [`UnaryOp::Sin`].
    Cos,
    /// `max(x, 0)`.
    Relu,
    Abs,
    /// The largest integer value not above `x` (`floor(-0.5) == -1`, `floor(-0.0) == -0.0`;
    /// NaN and ±inf stay as they are); floats only.
    Floor,
}

impl UnaryOp {
    /// The functions a graph calls by name, in the order the docs list them.
    pub const CALLABLE: [UnaryOp; 15] = [
        UnaryOp::Exp,
        UnaryOp::Log,
        UnaryOp::Sqrt,
        UnaryOp::Rsqrt,
        UnaryOp::Tanh,
        UnaryOp::Sigmoid,
        UnaryOp::Silu,
        UnaryOp::Gelu,
        UnaryOp::GeluTanh,
        UnaryOp::Erf,
        UnaryOp::Sin,
        UnaryOp::Cos,
        UnaryOp::Relu,
        UnaryOp::Abs,
        UnaryOp::Floor,
    ];

    /// The name a graph calls it by (operators have their symbol).
    pub fn name(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Not => "!",
            UnaryOp::Exp => "exp",
            UnaryOp::Log => "log",
            UnaryOp::Sqrt => "sqrt",
            UnaryOp::Rsqrt => "rsqrt",
            UnaryOp::Tanh => "tanh",
            UnaryOp::Sigmoid => "sigmoid",
            UnaryOp::Silu => "silu",
            UnaryOp::Gelu => "gelu",
            UnaryOp::GeluTanh => "gelu_tanh",
            UnaryOp::Erf => "erf",
            UnaryOp::Sin => "sin",
            UnaryOp::Cos => "cos",
            UnaryOp::Relu => "relu",
            UnaryOp::Abs => "abs",
            UnaryOp::Floor => "floor",
        }
    }

    /// One line for the docs and for "unknown function" hints.
    pub fn help(self) -> &'static str {
        match self {
            UnaryOp::Neg => "negation",
            UnaryOp::Not => "logical not",
            UnaryOp::Exp => "e^x",
            UnaryOp::Log => "natural logarithm",
            UnaryOp::Sqrt => "square root",
            UnaryOp::Rsqrt => "1 / sqrt(x)",
            UnaryOp::Tanh => "hyperbolic tangent",
            UnaryOp::Sigmoid => "1 / (1 + e^-x)",
            UnaryOp::Silu => "x * sigmoid(x)",
            UnaryOp::Gelu => "exact GELU, 0.5 x (1 + erf(x / sqrt 2)) (PyTorch's default)",
            UnaryOp::GeluTanh => "GELU's tanh approximation (PyTorch approximate='tanh')",
            UnaryOp::Erf => "the error function",
            UnaryOp::Sin => {
                "sine of radians (within 2e-7 below magnitude 2^23; NaN from there on, where f32 steps by a radian)"
            }
            UnaryOp::Cos => "cosine of radians (as sin)",
            UnaryOp::Relu => "max(x, 0)",
            UnaryOp::Abs => "absolute value",
            UnaryOp::Floor => "largest integer value not above x, as a float (floats only)",
        }
    }

    /// Whether the function needs a float argument (integers are rejected, literals become f32).
    pub fn float_only(self) -> bool {
        match self {
            UnaryOp::Neg | UnaryOp::Not | UnaryOp::Relu | UnaryOp::Abs => false,
            UnaryOp::Exp
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
            | UnaryOp::Floor => true,
        }
    }
}

/// Binary scalar operators and functions. Comparisons yield bool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Floats: IEEE (`x / 0` is ±inf, `0 / 0` NaN). Integers: truncating, `x / 0 == x`,
    /// `i32::MIN / -1 == i32::MIN` (WGSL's rule, kept on every backend).
    Div,
    /// Integers only: truncated remainder with the sign of the dividend (Rust's `%`),
    /// `x % 0 == x` and `i32::MIN % -1 == 0`, so `x == (x / y) * y + x % y` for every pair.
    Rem,
    Min,
    Max,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl BinaryOp {
    pub fn is_comparison(self) -> bool {
        match self {
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne => true,
            BinaryOp::Add
            | BinaryOp::Sub
            | BinaryOp::Mul
            | BinaryOp::Div
            | BinaryOp::Rem
            | BinaryOp::Min
            | BinaryOp::Max
            | BinaryOp::And
            | BinaryOp::Or => false,
        }
    }
    pub fn is_logical(self) -> bool {
        matches!(self, BinaryOp::And | BinaryOp::Or)
    }
    /// The symbol or function name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Min => "min",
            BinaryOp::Max => "max",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
        }
    }
}

/// Integer `x / y` in Forge's semantics (`docs/semantics.md`): truncating, `x / 0 == x`,
/// `i32::MIN / -1 == i32::MIN`. The constant folder and the CPU backend call these; the GPU
/// preludes (`codegen/prelude.rs`) spell the same rules.
#[inline]
pub fn div_i32(x: i32, y: i32) -> i32 {
    if y == 0 || (x == i32::MIN && y == -1) {
        x
    } else {
        x / y
    }
}

/// Unsigned `x / y`: truncating, `x / 0 == x`.
#[inline]
pub fn div_u32(x: u32, y: u32) -> u32 {
    x.checked_div(y).unwrap_or(x)
}

/// Integer `x % y`: the sign of the dividend (Rust's `%`), `x % 0 == x`, `i32::MIN % -1 == 0`;
/// with [`div_i32`], `x == (x / y) * y + x % y` (wrapping) for every pair.
#[inline]
pub fn rem_i32(x: i32, y: i32) -> i32 {
    if y == 0 {
        x
    } else {
        x.wrapping_rem(y)
    }
}

/// Unsigned `x % y`, `x % 0 == x`.
#[inline]
pub fn rem_u32(x: u32, y: u32) -> u32 {
    x.checked_rem(y).unwrap_or(x)
}

/// Reductions over one axis (index notation `sum(k, …)` and the row reductions `sum(x)`). Each
/// is defined once here — [`ReduceOp::combine`], [`ReduceOp::identity`], [`ReduceOp::finish`] —
/// and every backend folds by these (the CPU through its scalar semantics, the kernel writer by
/// printing the combining operator), so a new variant is one arm in each of them plus the
/// places that choose a faster path, which match on it exhaustively.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    Sum,
    /// The product (wrapping for integers).
    Prod,
    /// Identity `-inf`: the max of an all `-inf` row is `-inf`; a NaN makes it NaN.
    Max,
    /// Identity `+inf`: the min of an all `+inf` row is `+inf`; a NaN makes it NaN.
    Min,
    /// The sum divided by the count.
    Mean,
}

/// What a reduction does with its folded value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    /// The folded value is the result.
    Folded,
    /// The folded value divided by the count (f32).
    DivideByCount,
}

impl ReduceOp {
    /// Every reduction, in the order the docs list them.
    pub const ALL: [ReduceOp; 5] = [ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Max, ReduceOp::Min, ReduceOp::Mean];

    /// The name a graph calls it by: `name(k, …)` in index notation, `name(x)` over rows.
    pub const fn name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "sum",
            ReduceOp::Prod => "prod",
            ReduceOp::Max => "max",
            ReduceOp::Min => "min",
            ReduceOp::Mean => "mean",
        }
    }

    /// The operator folding two partial results; associative and commutative, so that every
    /// order a backend folds in (serial, tree, shuffles) means the same up to float rounding.
    pub fn combine(self) -> BinaryOp {
        match self {
            ReduceOp::Sum | ReduceOp::Mean => BinaryOp::Add,
            ReduceOp::Prod => BinaryOp::Mul,
            ReduceOp::Max => BinaryOp::Max,
            ReduceOp::Min => BinaryOp::Min,
        }
    }

    /// The fold's start of type `ty` (what padding lanes hold): `combine(identity, x) == x`.
    pub fn identity(self, ty: Ty) -> Const {
        match (self, ty) {
            (ReduceOp::Sum | ReduceOp::Mean, Ty::F32) => Const::F32(0.0),
            (ReduceOp::Sum | ReduceOp::Mean, Ty::I32) => Const::I32(0),
            (ReduceOp::Sum | ReduceOp::Mean, Ty::U32) => Const::U32(0),
            (ReduceOp::Prod, Ty::F32) => Const::F32(1.0),
            (ReduceOp::Prod, Ty::I32) => Const::I32(1),
            (ReduceOp::Prod, Ty::U32) => Const::U32(1),
            (ReduceOp::Max, Ty::F32) => Const::F32(f32::NEG_INFINITY),
            (ReduceOp::Max, Ty::I32) => Const::I32(i32::MIN),
            (ReduceOp::Max, Ty::U32) => Const::U32(0),
            (ReduceOp::Min, Ty::F32) => Const::F32(f32::INFINITY),
            (ReduceOp::Min, Ty::I32) => Const::I32(i32::MAX),
            (ReduceOp::Min, Ty::U32) => Const::U32(u32::MAX),
            // The checker rejects a reduction of bools.
            (ReduceOp::Sum | ReduceOp::Mean | ReduceOp::Max, Ty::Bool) => Const::Bool(false),
            (ReduceOp::Prod | ReduceOp::Min, Ty::Bool) => Const::Bool(true),
        }
    }

    /// What becomes of the folded value.
    pub fn finish(self) -> Finish {
        match self {
            ReduceOp::Sum | ReduceOp::Prod | ReduceOp::Max | ReduceOp::Min => Finish::Folded,
            ReduceOp::Mean => Finish::DivideByCount,
        }
    }

    /// Whether it needs a float value (its result is f32); the others keep their value's type.
    pub fn float_only(self) -> bool {
        self.finish() == Finish::DivideByCount
    }

    /// One line for the docs: what a row reduction `name(x)` computes.
    pub const fn help(self) -> &'static str {
        match self {
            ReduceOp::Sum => "sum over `axis` (default the last; `all`: every element)",
            ReduceOp::Prod => "product over `axis` (default the last; `all`: every element); identity 1",
            ReduceOp::Max => {
                "maximum over `axis` (default the last; `all`: every element); identity -inf, NaN if any is NaN"
            }
            ReduceOp::Min => {
                "minimum over `axis` (default the last; `all`: every element); identity +inf, NaN if any is NaN"
            }
            ReduceOp::Mean => "mean over `axis` (default the last; `all`: every element)",
        }
    }
}

/// A typed constant, already rounded to its type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Const {
    F32(f32),
    I32(i32),
    U32(u32),
    Bool(bool),
}

impl Const {
    pub fn ty(self) -> Ty {
        match self {
            Const::F32(_) => Ty::F32,
            Const::I32(_) => Ty::I32,
            Const::U32(_) => Ty::U32,
            Const::Bool(_) => Ty::Bool,
        }
    }
}
