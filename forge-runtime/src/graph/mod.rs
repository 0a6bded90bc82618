//! The graph model: dims, bindings and statements of one `forge_graph!`, shared by the macro
//! (compile time) and the runtime (graphs parsed from text) — parse, then check, in one place.

mod builtins;
mod check;
mod display;
pub mod index;
mod kind;
mod parse;
pub mod raw;
pub use index::{index_form, IndexForm, IndexReduce};
pub mod shape;
pub mod typing;

pub use check::{check, Checked, Severity, MAX_PORTABLE_WORKGROUP};
pub use kind::ErrorKind;
pub use parse::{parse_graph, parse_graph_partial};
pub use typing::{ExprInfo, OpKind};

use crate::elem::Elem;
use proc_macro2::Span;

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
}

impl Usage {
    pub fn from_keyword(s: &str) -> Option<Usage> {
        Some(match s {
            "input" => Usage::Input,
            "weight" => Usage::Weight,
            "uniform" => Usage::Uniform,
            "state" => Usage::State,
            "temp" => Usage::Temp,
            "output" => Usage::Output,
            _ => return None,
        })
    }
    pub fn keyword(self) -> &'static str {
        match self {
            Usage::Input => "input",
            Usage::Weight => "weight",
            Usage::Uniform => "uniform",
            Usage::State => "state",
            Usage::Temp => "temp",
            Usage::Output => "output",
        }
    }
    /// Whether a node may write the binding.
    pub fn writable(self) -> bool {
        matches!(self, Usage::State | Usage::Temp | Usage::Output)
    }
}

/// One dim of a binding's shape: a symbol from `dims { … }` or an integer literal.
#[derive(Debug, Clone)]
pub enum DimRef {
    Sym(Name),
    Lit { value: usize, span: Span },
}

impl DimRef {
    pub fn span(&self) -> Span {
        match self {
            DimRef::Sym(n) => n.span,
            DimRef::Lit { span, .. } => *span,
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
    pub default: Option<(f64, Span)>,
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
}

/// A node's right-hand side.
#[derive(Debug, Clone)]
pub enum Expr {
    /// A binding read whole.
    Ref(Name),
    /// A numeric literal; `is_int` for literals written without `.`/exponent.
    Lit {
        value: f64,
        is_int: bool,
        span: Span,
    },
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
    /// A built-in op or elementwise function: `matmul(a, b)`, `exp(x)`, `select(c, a, b)`.
    Call {
        func: Name,
        args: Vec<Expr>,
        span: Span,
    },
    Cast {
        arg: Box<Expr>,
        elem: Elem,
        span: Span,
    },
    /// An indexed read `a[i, k + 1]` (index-notation statements only).
    Index {
        base: Name,
        indices: Vec<IndexExpr>,
        span: Span,
    },
    /// A raw kernel `wgsl!(…)` / `cuda!(…)`, kept as written.
    Raw {
        lang: Name,
        body: proc_macro2::TokenStream,
        span: Span,
    },
}

/// An index in index notation: `i`, `i + 1`, `j - 2`.
#[derive(Debug, Clone)]
pub struct IndexExpr {
    pub var: Name,
    pub offset: i64,
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Ref(n) => n.span,
            Expr::Lit { span, .. }
            | Expr::Unary { span, .. }
            | Expr::Binary { span, .. }
            | Expr::Call { span, .. }
            | Expr::Cast { span, .. }
            | Expr::Index { span, .. }
            | Expr::Raw { span, .. } => *span,
        }
    }

    /// Calls `f` on this expression and every sub-expression, parents first.
    pub fn visit<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        f(self);
        match self {
            Expr::Unary { arg, .. } | Expr::Cast { arg, .. } => arg.visit(f),
            Expr::Binary { lhs, rhs, .. } => {
                lhs.visit(f);
                rhs.visit(f);
            }
            Expr::Call { args, .. } => args.iter().for_each(|a| a.visit(f)),
            _ => {}
        }
    }
}

/// `#[schedule(workgroup = N, items = M)]` on a statement.
#[derive(Debug, Clone)]
pub struct ScheduleAttr {
    pub workgroup: Option<(u64, Span)>,
    pub items: Option<(u64, Span)>,
}

/// One node: `target = value;` or `target[i, j] = value;`.
#[derive(Debug, Clone)]
pub struct Stmt {
    pub target: Name,
    /// Index variables of an index-notation statement.
    pub indices: Option<Vec<Name>>,
    pub value: Expr,
    pub schedule: Option<ScheduleAttr>,
}

/// A whole graph as written.
#[derive(Debug, Clone)]
pub struct Graph {
    pub name: Name,
    pub doc: Vec<String>,
    pub dims: Vec<Name>,
    pub bindings: Vec<Binding>,
    pub stmts: Vec<Stmt>,
}

impl Graph {
    pub fn binding(&self, name: &str) -> Option<&Binding> {
        self.bindings.iter().find(|b| b.name.text == name)
    }
    pub fn dim_index(&self, name: &str) -> Option<usize> {
        self.dims.iter().position(|d| d.text == name)
    }
    pub fn bindings_of(&self, usage: Usage) -> impl Iterator<Item = &Binding> {
        self.bindings.iter().filter(move |b| b.usage == usage)
    }
}

/// A problem found in a graph, at a span; the macro reports it as a compile error (or a
/// warning), the runtime as an `Error::InvalidGraph`.
#[derive(Debug, Clone)]
pub struct GraphError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
    pub severity: Severity,
}

impl GraphError {
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> Self {
        let severity = if kind.is_warning() { Severity::Warning } else { Severity::Error };
        GraphError { kind, span, message: message.into(), help: None, severity }
    }
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    pub fn warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }
    /// The message with its help line, as one text.
    pub fn full_message(&self) -> String {
        match &self.help {
            Some(h) => format!("{}\n  = help: {}", self.message, h),
            None => self.message.clone(),
        }
    }
    pub fn to_diagnostic(&self) -> crate::error::Diagnostic {
        let start = self.span.start();
        crate::error::Diagnostic { message: self.full_message(), line: start.line, column: start.column }
    }
}
