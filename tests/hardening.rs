//! The second round of attacks (issue #46): malformed calls and odd characters are positioned
//! errors, generated names never meet a keyword, limits return errors instead of hanging or
//! aborting, cache files are checked before they are read, caches are bounded.

mod common;

use forge::Error;
use libtest_mimic::{Arguments, Trial};

/// A graph around one statement writing `t` (`y = t + z` reads it); the statement is line 7.
fn around(stmt: &str) -> String {
    format!(
        "graph G {{\n dims {{ N }}\n input x: f32[N];\n input z: f32[N];\n temp t: f32[N];\n output y: f32[N];\n {stmt}\n y = t + z;\n}}"
    )
}

/// The diagnostics of a text that must be refused (a panic or a pass fails the test).
fn refused(src: &str) -> Vec<forge::Diagnostic> {
    let found =
        std::panic::catch_unwind(|| forge::parse_graph_source(src)).unwrap_or_else(|_| panic!("{src}: panicked"));
    match found {
        Err(Error::InvalidGraph(ds)) => ds,
        other => panic!("{src}: expected InvalidGraph, found {other:?}"),
    }
}

/// Items 1 and 2: `reshape` with no argument, a second operand or an option is an error at the
/// call, not a checker panic or a silently dropped node.
fn malformed_reshape_is_a_positioned_error() {
    for stmt in ["t = reshape();", "t = reshape(x, z);", "t = reshape(x, axis = 1);"] {
        let ds = refused(&around(stmt));
        assert!(ds.iter().any(|d| d.line == 7 && d.message.contains("reshape")), "{stmt}: {ds:?}");
    }
}

/// Item 14: NUL, a bidi override and an emoji are errors at their line and column.
fn odd_characters_are_positioned_errors() {
    for (c, column) in [('\0', 6), ('\u{202e}', 6), ('🦀', 6)] {
        let ds = refused(&around(&format!("t = x{c};")));
        assert_eq!((ds[0].line, ds[0].column), (7, column), "{c:?}: {ds:?}");
        assert!(ds[0].message.contains(&format!("U+{:04X}", c as u32)), "{c:?}: {ds:?}");
    }
}

fn main() {
    let args = Arguments::from_args();
    let plain: &[(&str, fn())] = &[
        ("malformed_reshape_is_a_positioned_error", malformed_reshape_is_a_positioned_error),
        ("odd_characters_are_positioned_errors", odd_characters_are_positioned_errors),
    ];
    let trials: Vec<Trial> = plain.iter().map(|&(name, f)| Trial::test(name, move || common::run(f))).collect();
    libtest_mimic::run(&args, trials).exit();
}
