//! The graph model, shared by the macro (compile time) and the runtime (graphs parsed from
//! text): parse (`parse`, `parse_expr` → [`ast`]), then check (`check` → [`Checked`]), in one
//! place. This module builds without any backend; it is all `forge-macros` links.

pub mod ast;
pub mod builtins;
mod check;
pub mod checked;
mod diag;
mod display;
mod kind;
pub mod ops;
mod parse;
mod parse_expr;
pub mod shape;
mod suggest;

pub use ast::{Graph, Name, Usage};
pub use check::{check, MAX_PORTABLE_WORKGROUP};
pub use checked::{BindingId, Checked};
pub use diag::{GraphError, Severity};
pub use kind::ErrorKind;
pub use parse::{parse_graph, parse_graph_partial};
pub use parse_expr::MAX_DEPTH;

/// Parses and checks graph source text; on failure every finding, errors first.
pub fn parse_and_check(tokens: proc_macro2::TokenStream) -> Result<Checked, Vec<GraphError>> {
    let graph = parse_graph(tokens)?;
    check(&graph)
}
