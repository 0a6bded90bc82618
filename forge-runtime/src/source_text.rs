//! Graph text into tokens: a character the language cannot hold (NUL, a bidirectional-text
//! control that could make the text read differently than it parses, or one the lexer
//! refuses, such as an emoji) is an error at its line and column. Text is tokenized and parsed
//! on a thread of its own ([`on_own_thread`]), so it is not kept after.

use crate::error::{Diagnostic, Error, Result};
use crate::graph::Checked;
use std::str::FromStr;

/// The parse thread's stack: the parser and checker bound their depth well inside it.
const PARSE_STACK_BYTES: usize = 8 << 20;

/// A parse's result, sent back from its thread.
struct Parsed(Result<Checked>);

// SAFETY: outside a procedural macro (the text API never runs in one) proc-macro2 makes only
// its fallback spans: two `u32` offsets, plain data, whose `!Send` marker guards the
// compiler's spans. `Checked` holds spans and owned data, no token streams (whose fallback
// shares `Rc`s). The offsets index the parse thread's table, so they are not looked up after:
// findings took their positions on that thread (`GraphError::line_column`).
unsafe impl Send for Parsed {}

/// `parse` of the tokens of `source`, on a thread of its own: proc-macro2 keeps every text it
/// tokenizes in a table of the thread's (for spans' lines and columns) and never frees it, so
/// the table goes with the thread. Findings take their positions while it runs.
pub(crate) fn on_own_thread(
    source: &str,
    parse: impl FnOnce(proc_macro2::TokenStream) -> Result<Checked> + Send,
) -> Result<Checked> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("forge-parse".into())
            .stack_size(PARSE_STACK_BYTES)
            .spawn_scoped(s, || Parsed(tokens(source).and_then(parse)))
            .map_err(|e| Error::Internal(format!("starting the parse thread: {e}")))?
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            .0
    })
}

/// Bidirectional-text controls (embeddings, overrides, isolates): refused anywhere in the text,
/// comments and strings included, as rustc's `text_direction_codepoint_*` lints do.
const BIDI_CONTROLS: [char; 9] =
    ['\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'];

/// The tokens of `source`, or an error at the first character that cannot be part of it.
fn tokens(source: &str) -> Result<proc_macro2::TokenStream> {
    if let Some(at) = source.find(|c: char| c == '\0' || BIDI_CONTROLS.contains(&c)) {
        return Err(error_at(source, at, "is not allowed in graph text"));
    }
    proc_macro2::TokenStream::from_str(source).map_err(|e| {
        let start = e.span().start();
        match offset_of(source, start.line, start.column) {
            Some(at) if start.line > 0 => error_at(source, at, ""),
            _ => Error::InvalidGraph(vec![Diagnostic { message: e.to_string(), line: 0, column: 0 }]),
        }
    })
}

/// An error naming the character at byte `at`, with its 1-based line and 0-based column (in
/// characters, as spans count them); `what` is why, or empty where the lexer stopped there.
fn error_at(source: &str, at: usize, what: &str) -> Error {
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count());
    let c = source[at..].chars().next().unwrap_or('\0');
    let message = match c {
        _ if !what.is_empty() => format!("character U+{:04X} {what}", c as u32),
        '(' | '[' | '{' => format!("`{c}` is never closed"),
        ')' | ']' | '}' => format!("`{c}` closes nothing or the wrong delimiter"),
        _ if c.is_ascii_graphic() => format!("cannot read a token starting at `{c}` (an unterminated literal?)"),
        _ => format!("character U+{:04X} cannot start a token", c as u32),
    };
    Error::InvalidGraph(vec![Diagnostic { message, line, column }])
}

/// The byte offset of 1-based `line`, 0-based character `column`.
fn offset_of(source: &str, line: usize, column: usize) -> Option<usize> {
    let line_start = if line <= 1 { 0 } else { source.match_indices('\n').nth(line - 2).map(|(i, _)| i + 1)? };
    let (rel, _) = source[line_start..].char_indices().nth(column)?;
    Some(line_start + rel)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(src: &str) -> (usize, usize, String) {
        match tokens(src) {
            Err(Error::InvalidGraph(ds)) => (ds[0].line, ds[0].column, ds[0].message.clone()),
            other => panic!("expected an error for {src:?}, found {other:?}"),
        }
    }

    /// NUL, a bidi override (even in a comment) and an emoji: errors at their line and column.
    #[test]
    fn refused_characters_have_a_position() {
        assert_eq!(position("graph G {\n  x\0 = 1;\n}").0, 2);
        assert_eq!(position("graph G {\n  x\0 = 1;\n}").1, 3);
        let (line, column, msg) = position("graph G {\n  // a\u{202e}b\n}");
        assert_eq!((line, column), (2, 6));
        assert!(msg.contains("U+202E"), "{msg}");
        let (line, column, msg) = position("graph G {\n y = x;\n  z = 🦀;\n}");
        assert_eq!((line, column), (3, 6), "{msg}");
        assert!(msg.contains("U+1F980"), "{msg}");
        assert!(tokens("graph G { y = x; } // é").is_ok());
        let (line, column, msg) = position("graph G {\n y = (x;\n}");
        assert_eq!((line, column), (3, 0), "{msg}");
        assert!(msg.contains("wrong delimiter"), "{msg}");
        let (line, column, msg) = position("graph G {\n y = x;\n");
        assert_eq!((line, column), (1, 8), "{msg}");
        assert!(msg.contains("never closed"), "{msg}");
    }
}
