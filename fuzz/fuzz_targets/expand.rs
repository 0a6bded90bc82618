//! Fuzzes `forge_graph!`'s entry point (parse → check → expand, naga included) on arbitrary
//! token streams: it must never panic. The macro's own source files are compiled in as-is.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../forge-macros/src/entry.rs"]
mod entry;
#[path = "../../forge-macros/src/expand.rs"]
mod expand;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(tokens) = text.parse::<proc_macro2::TokenStream>() else { return };
    let out = entry::expand_graph(tokens);
    // The expansion must also be printable (as rustc would consume it).
    let _ = out.to_string();
});
