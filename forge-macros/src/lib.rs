//! `forge_graph!`: parse → check → expand. Parsing and checking are the runtime's own graph
//! model (`forge_runtime::graph`), so the macro and graphs built at run time agree exactly;
//! this crate only turns findings into spanned diagnostics and emits the typed API.

mod entry;
mod expand;

/// Declares a Forge kernel graph and generates its typed API. See the `forge` crate docs.
#[proc_macro]
pub fn forge_graph(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    entry::expand_graph(input.into()).into()
}
