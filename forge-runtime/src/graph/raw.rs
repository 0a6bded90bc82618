//! Raw kernels, `t = wgsl!("…source…", a, b, t);`: the arguments of the `wgsl!(…)` form and
//! the graph-side rules (every name declared, named once, the target among them). The WGSL
//! itself is checked with naga by the macro (`forge-macros/src/raw.rs`), where naga is linked.

use super::{ErrorKind, Graph, GraphError, Name, Usage};
use proc_macro2::{Span, TokenStream};
use syn::parse::{ParseStream, Parser};
use syn::{Ident, LitStr, Token};

/// The parsed arguments of a raw kernel: the source literal and the bindings, in binding order.
#[derive(Debug, Clone)]
pub struct RawArgs {
    pub source: String,
    /// Span of the string literal (naga's errors point here).
    pub source_span: Span,
    /// Binding `n` of the kernel is `names[n]`.
    pub names: Vec<Name>,
}

/// How the kernel must declare the binding at a position: a function of the binding's usage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawAccess {
    /// `var<storage, read>`: inputs and weights.
    StorageRead,
    /// `var<storage, read_write>`: the target, and every temp/output/state (they live in
    /// read-write memory that wgpu tracks per buffer).
    StorageReadWrite,
    /// `var<uniform>`: uniforms.
    Uniform,
}

impl RawAccess {
    pub fn wgsl(self) -> &'static str {
        match self {
            RawAccess::StorageRead => "var<storage, read>",
            RawAccess::StorageReadWrite => "var<storage, read_write>",
            RawAccess::Uniform => "var<uniform>",
        }
    }
}

/// The declaration a binding of `usage` needs in a raw kernel.
pub fn required_access(usage: Usage, is_target: bool) -> RawAccess {
    match usage {
        Usage::Uniform => RawAccess::Uniform,
        Usage::Input | Usage::Weight if !is_target => RawAccess::StorageRead,
        _ => RawAccess::StorageReadWrite,
    }
}

/// Parses `"source", a, b, t` (a trailing comma is allowed).
pub fn parse_raw_args(body: &TokenStream, lang_span: Span) -> Result<RawArgs, GraphError> {
    let parser = |input: ParseStream| {
        let lit: LitStr = input.parse()?;
        let mut names = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let id: Ident = input.parse()?;
            names.push(Name { text: id.to_string(), span: id.span() });
        }
        Ok(RawArgs { source: lit.value(), source_span: lit.span(), names })
    };
    parser.parse2(body.clone()).map_err(|e| {
        let span = if body.is_empty() { lang_span } else { e.span() };
        GraphError::new(ErrorKind::RawForm, span, format!("malformed raw kernel: {e}"))
            .help("write `t = wgsl!(\"…WGSL…\", a, b, t);`: the source, then the bindings in @binding order")
    })
}

/// Graph-side rules of a raw kernel written into `target`. Returns the arguments when well formed.
pub fn check_raw(
    graph: &Graph,
    target: &Name,
    lang: &Name,
    body: &TokenStream,
    written: &dyn Fn(&str) -> bool,
    errors: &mut Vec<GraphError>,
) -> Option<RawArgs> {
    if lang.text != "wgsl" {
        errors.push(
            GraphError::new(ErrorKind::RawForm, lang.span, format!("unknown raw kernel language `{}!`", lang.text))
                .help("raw kernels are written in WGSL: `wgsl!(\"…\", a, t)`"),
        );
        return None;
    }
    let args = match parse_raw_args(body, lang.span) {
        Ok(a) => a,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    let mut ok = true;
    for (i, n) in args.names.iter().enumerate() {
        if args.names[..i].iter().any(|m| m.text == n.text) {
            errors.push(GraphError::new(
                ErrorKind::DuplicateName,
                n.span,
                format!("`{}` is named twice in this raw kernel", n.text),
            ));
            ok = false;
            continue;
        }
        let Some(b) = graph.binding(&n.text) else {
            errors.push(GraphError::new(
                ErrorKind::UnknownName,
                n.span,
                format!("`{}` is not a declared binding", n.text),
            ));
            ok = false;
            continue;
        };
        let reads_unwritten =
            matches!(b.usage, Usage::Temp | Usage::Output) && n.text != target.text && !written(&n.text);
        if reads_unwritten {
            errors.push(
                GraphError::new(
                    ErrorKind::ReadBeforeWrite,
                    n.span,
                    format!("`{}` is read before any node writes it", n.text),
                )
                .help("nodes run in the order written; move the node that writes it above this one"),
            );
        }
    }
    if !args.names.iter().any(|n| n.text == target.text) {
        errors.push(
            GraphError::new(
                ErrorKind::RawForm,
                lang.span,
                format!("this raw kernel writes `{}` but does not name it", target.text),
            )
            .help(format!(
                "add `{}` to the bindings after the source, e.g. `wgsl!(\"…\", x, {})`",
                target.text, target.text
            )),
        );
        ok = false;
    }
    ok.then_some(args)
}
