//! The macro's whole job on a `proc_macro2` token stream: parse → check → expand. Kept free
//! of `proc_macro` so the fuzz target (`fuzz/`) drives exactly this code on arbitrary input.

use crate::expand;
use forge_runtime::graph::{self, Graph, GraphError, Name, Severity};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{format_ident, quote_spanned};

/// Expands one `forge_graph!` invocation. Never panics: every problem becomes a spanned
/// `compile_error!` (or a warning), and the typed API is emitted whenever the graph's name
/// is known, so the rest of the crate does not cascade into "type not found" errors.
pub fn expand_graph(input: TokenStream) -> TokenStream {
    let source = input.to_string();
    let (graph, mut findings) = graph::parse_graph_partial(input.clone());
    let Some(graph) = graph else {
        let mut out = diagnostics(&findings);
        if let Some(stub) = stub_graph(&input) {
            out.extend(expand::api(&stub, &source));
        }
        return out;
    };
    if findings.is_empty() {
        match graph::check(&graph) {
            Ok(checked) => findings.extend_from_slice(checked.warnings()),
            Err(errors) => findings.extend(errors),
        }
        findings.extend(expand::name_clashes(&graph));
    }
    // Errors in source order; warnings only once the graph has no errors (they would be noise).
    if findings.iter().any(|f| f.severity == Severity::Error) {
        findings.retain(|f| f.severity == Severity::Error);
    }
    findings.sort_by_key(|f| (f.severity == Severity::Warning, f.span.start().line, f.span.start().column));
    let mut out = diagnostics(&findings);
    out.extend(expand::api(&graph, &source));
    out
}

/// A graph with only a name, when the header did parse but the body did not: `graph Name`.
fn stub_graph(input: &TokenStream) -> Option<Graph> {
    let tokens: Vec<TokenTree> = input.clone().into_iter().collect();
    let at = tokens
        .windows(2)
        .position(|w| matches!((&w[0], &w[1]), (TokenTree::Ident(k), TokenTree::Ident(_)) if k == "graph"))?;
    let TokenTree::Ident(name) = &tokens[at + 1] else { return None };
    let name = Name { text: name.to_string(), span: name.span() };
    let vis = if tokens[..at].iter().any(|t| matches!(t, TokenTree::Ident(i) if i == "pub")) { "pub" } else { "" };
    Some(Graph {
        name,
        vis: vis.to_string(),
        doc: Vec::new(),
        dims: Vec::new(),
        derived: Vec::new(),
        bindings: Vec::new(),
        items: Vec::new(),
    })
}

/// Errors become `compile_error!` at their span; warnings a use of a `#[deprecated]` item at
/// their span (stable Rust has no other way for a macro to warn). Silence them with
/// `#[allow(deprecated)]` on the enclosing item or module.
fn diagnostics(findings: &[GraphError]) -> TokenStream {
    let mut out = TokenStream::new();
    for (i, f) in findings.iter().enumerate() {
        let msg = f.full_message();
        let span: Span = f.span;
        out.extend(match f.severity {
            Severity::Error => quote_spanned!(span=> ::core::compile_error!{ #msg }),
            Severity::Warning => {
                let name = format_ident!("forge_warning_{}", i, span = span);
                let note = format!("forge {} ({}): {msg}", f.kind.code(), f.kind.slug());
                quote_spanned!(span=>
                    const _: () = {
                        #[deprecated(note = #note)]
                        #[allow(non_upper_case_globals)]
                        const #name: () = ();
                        #name
                    };
                )
            }
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::expand_graph;
    use std::str::FromStr;

    fn expand(text: &str) -> String {
        proc_macro2::TokenStream::from_str(text).map(|t| expand_graph(t).to_string()).unwrap_or_default()
    }

    /// Inputs kept from fuzzing (`fuzz/regressions`) and the fuzz seeds never panic.
    #[test]
    fn fuzz_regressions_and_seeds_do_not_panic() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
        for dir in ["regressions", "seeds"] {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
            for e in entries.flatten() {
                let bytes = std::fs::read(e.path()).unwrap_or_default();
                if let Ok(text) = std::str::from_utf8(&bytes) {
                    let _ = expand(text);
                }
            }
        }
    }

    #[test]
    fn hostile_inputs_do_not_panic() {
        let deep = format!(
            "graph G {{ dims {{ N }} input x: f32[N]; output y: f32[N]; y = {}x{}; }}",
            "(".repeat(500),
            ")".repeat(500)
        );
        for text in [
            "",
            "graph",
            "graph G",
            "graph G { }",
            "pub graph r#type { dims { r#Type, SELF } input r#in: f32[r#Type]; output y: f32[SELF]; y = r#in; }",
            "graph G { uniform s: f32 = 1e999; output y: f32[1]; y = s; }",
            "graph G { dims { N } output y: f32[N]; y[i] = sum(i, y[i]); y[] = 1.0; y[i + 99999999999999999999] = 2.0; }",
            "graph G { dims { N } output y: f32[N]; y = wgsl!(\"\", y); y = wgsl!(); y = wgsl!(1, 2); }",
            "graph G { dims { N = N, M = (N, K = 1 / 0, Q = 99999999999999999999999 * N, R = N N } output y: f32[N]; y = 1.0; }",
            "graph G { dims { N, M = N * N * N * N * N * N * N * N * N * N * N * N * N * N * N * N * N * N } output y: f32[M]; y = 1.0; }",
            "graph G { dims { N } input x: f32[N, 3 * N]; output y: f32[N]; y[i, 2 * j] = permute(x, 99999999999999999999, -7, 0); }",
            "graph G { dims { N } input x: f32[]; output y: f32[]; output z: f32[N]; y = concat(x, x); z = concat(x, x, axis = -99, axis = 1, dim = 2); }",
            deep.as_str(),
        ] {
            let _ = expand(text);
        }
    }

    #[test]
    fn stubs_are_emitted_for_broken_graphs() {
        let out = expand("pub graph Broken { dims { N } input x: f32[N]; output y: f32[N]; y = x + ; }");
        assert!(out.contains("compile_error"), "{out}");
        assert!(out.contains("BrokenDims") && out.contains("BrokenInputs"), "{out}");
    }
}
