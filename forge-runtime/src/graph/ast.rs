//! The syntax tree of one `forge_graph!` as written: names with their spans, nothing resolved.
//! The parser builds it; the checker turns it into a [`super::Checked`] graph.

use crate::elem::Elem;
use proc_macro2::{Span, TokenStream};

/// A name and where it was written.
#[derive(Debug, Clone)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

impl PartialEq for Name {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

/// How a binding is used: each maps to one way the device may touch its memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Usage {
    Input,
    Weight,
    Uniform,
    State,
    Temp,
    Output,
    /// A triangle scene (acceleration structure) raw kernels trace rays against.
    Scene,
}

impl Usage {
    pub const ALL: [Usage; 7] =
        [Usage::Input, Usage::Weight, Usage::Uniform, Usage::State, Usage::Temp, Usage::Output, Usage::Scene];

    pub fn from_keyword(s: &str) -> Option<Usage> {
        Usage::ALL.into_iter().find(|u| u.keyword() == s)
    }
    pub fn keyword(self) -> &'static str {
        match self {
            Usage::Input => "input",
            Usage::Weight => "weight",
            Usage::Uniform => "uniform",
            Usage::State => "state",
            Usage::Temp => "temp",
            Usage::Output => "output",
            Usage::Scene => "scene",
        }
    }
    /// Whether a node may write the binding.
    pub fn writable(self) -> bool {
        matches!(self, Usage::State | Usage::Temp | Usage::Output)
    }
    /// `an input`, `a weight`, … for messages.
    pub fn with_article(self) -> String {
        let k = self.keyword();
        if matches!(self, Usage::Input | Usage::Output) {
            format!("an `{k}`")
        } else {
            format!("a `{k}`")
        }
    }
}

/// One dim of a binding's shape: a symbol from `dims { … }` or an integer literal.
#[derive(Debug, Clone)]
pub enum DimRef {
    Sym(Name),
    Lit { value: u64, span: Span },
}

impl DimRef {
    pub fn span(&self) -> Span {
        match self {
            DimRef::Sym(n) => n.span,
            DimRef::Lit { span, .. } => *span,
        }
    }
}

/// A derived dim's value, `E = D / H` in `dims { … }`: dims declared before it, integer
/// literals, `+ - * /` (a quotient must be whole) and parentheses.
#[derive(Debug, Clone)]
pub enum DimExpr {
    Dim(Name),
    Lit { value: u64, span: Span },
    Bin { op: DimOp, lhs: Box<DimExpr>, rhs: Box<DimExpr>, span: Span },
}

/// The operators of a [`DimExpr`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DimOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl DimOp {
    pub fn symbol(self) -> &'static str {
        match self {
            DimOp::Add => "+",
            DimOp::Sub => "-",
            DimOp::Mul => "*",
            DimOp::Div => "/",
        }
    }
}

/// A declared binding: `usage name: elem[shape] (= default);`.
#[derive(Debug, Clone)]
pub struct Binding {
    pub name: Name,
    pub usage: Usage,
    pub usage_span: Span,
    pub elem: Elem,
    pub elem_span: Span,
    /// Empty for scalars.
    pub shape: Vec<DimRef>,
    pub default: Option<Lit>,
    pub doc: Vec<String>,
}

/// Unary operators written as symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

/// Binary operators written as symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    /// `%`: integers only (the checker rejects floats).
    Rem,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
    /// Binding power in the precedence climber (higher binds tighter).
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 3,
            BinOp::Add | BinOp::Sub => 4,
            BinOp::Mul | BinOp::Div | BinOp::Rem => 5,
        }
    }
}

/// A numeric literal as written (`3`, `2.5e-3`, `inf`); typed by the checker from its context.
#[derive(Debug, Clone, Copy)]
pub struct Lit {
    pub value: LitValue,
    pub span: Span,
}

/// The value of a literal: integers are kept exact (and may be negative after `-`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LitValue {
    Int(i128),
    Float(f64),
}

/// An expression: a node's right-hand side, a call argument or a subscript.
#[derive(Debug, Clone)]
pub enum Expr {
    /// A name: a binding, a uniform, a dim, an index or loop variable (resolved by the checker).
    Name(Name),
    Lit(Lit),
    Unary {
        op: UnOp,
        arg: Box<Expr>,
        span: Span,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
        span: Span,
    },
    /// `f(a, b, key = value)`: a built-in op or elementwise function.
    Call {
        func: Name,
        args: Vec<Expr>,
        named: Vec<(Name, Expr)>,
        span: Span,
    },
    Cast {
        arg: Box<Expr>,
        elem: Elem,
        span: Span,
    },
    /// `a[i, k + 1]`, `wte[ids[n], d]`, `w[l]`: subscripts are expressions.
    Subscript {
        base: Name,
        subs: Vec<Expr>,
        span: Span,
    },
    /// `(c, u, v)`: the indices of a reduction over several (`sum((c, u, v), …)`), valid only
    /// as a reduction's first argument; or `(2, 1)`, a window option's pair (`stride = (2, 1)`).
    /// Each item is a name or an integer literal.
    Tuple {
        items: Vec<Expr>,
        span: Span,
    },
    /// A raw kernel `wgsl!(…)`, kept as written.
    Raw {
        lang: Name,
        body: TokenStream,
        span: Span,
    },
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Name(n) => n.span,
            Expr::Lit(l) => l.span,
            Expr::Unary { span, .. }
            | Expr::Binary { span, .. }
            | Expr::Call { span, .. }
            | Expr::Cast { span, .. }
            | Expr::Subscript { span, .. }
            | Expr::Tuple { span, .. }
            | Expr::Raw { span, .. } => *span,
        }
    }
}

/// `#[schedule(workgroup = N, items = M)]` on a statement.
#[derive(Debug, Clone, Default)]
pub struct ScheduleAttr {
    pub workgroup: Option<(u64, Span)>,
    pub items: Option<(u64, Span)>,
}

/// One node: `target = value;` or `target[i, j] = value;`.
#[derive(Debug, Clone)]
pub struct Stmt {
    pub target: Name,
    /// Subscripts of an index-notation statement's target.
    pub indices: Option<Vec<TargetSub>>,
    pub value: Expr,
    pub schedule: Option<ScheduleAttr>,
}

/// One subscript of an index-notation target, as written (the checker tells an index from a
/// loop variable, and which name of a sum is the uniform).
#[derive(Debug, Clone)]
pub enum TargetSub {
    /// `i` (an index) or `l` (a loop variable fixing a leading axis).
    Name(Name),
    /// `0`: a literal fixing a leading axis.
    Lit { value: u64, span: Span },
    /// `pos + t` or `t + pos`: an index shifted by a uniform (`span`: the `+`).
    Sum { lhs: Name, rhs: Name, span: Span },
}

impl TargetSub {
    pub fn span(&self) -> Span {
        match self {
            TargetSub::Name(n) => n.span,
            TargetSub::Lit { span, .. } | TargetSub::Sum { span, .. } => *span,
        }
    }
}

/// `for l in 0..L { … }`: the body repeated for every value of `var`.
#[derive(Debug, Clone)]
pub struct Loop {
    pub var: Name,
    pub count: DimRef,
    pub body: Vec<Item>,
    pub span: Span,
}

/// A statement or a loop of statements.
#[derive(Debug, Clone)]
pub enum Item {
    Stmt(Stmt),
    Loop(Loop),
}

/// A whole graph as written.
#[derive(Debug, Clone)]
pub struct Graph {
    pub name: Name,
    /// The visibility as written (`pub`, `pub(crate)`, or empty).
    pub vis: String,
    pub doc: Vec<String>,
    pub dims: Vec<Name>,
    /// For each of `dims`, its formula when it is derived (`E = D / H`), not passed.
    pub derived: Vec<Option<DimExpr>>,
    pub bindings: Vec<Binding>,
    pub items: Vec<Item>,
}

impl Graph {
    pub fn binding(&self, name: &str) -> Option<&Binding> {
        self.bindings.iter().find(|b| b.name.text == name)
    }
    pub fn dim_index(&self, name: &str) -> Option<usize> {
        self.dims.iter().position(|d| d.text == name)
    }
    /// Every statement, loops flattened, in order.
    pub fn stmts(&self) -> Vec<&Stmt> {
        fn walk<'a>(items: &'a [Item], out: &mut Vec<&'a Stmt>) {
            for it in items {
                match it {
                    Item::Stmt(s) => out.push(s),
                    Item::Loop(l) => walk(&l.body, out),
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.items, &mut out);
        out
    }
}
