//! Compile-time validation, end to end: every `ui-tests/fail` case must fail to compile with
//! exactly its `.stderr`, every `ui-tests/pass` case must compile and run, and every error kind
//! the graph checker knows must have at least one failing case named after it.

use forge::graph::ErrorKind;

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui-tests/pass/*.rs");
    t.compile_fail("ui-tests/fail/*.rs");
}

#[test]
fn every_error_kind_has_a_ui_case() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui-tests/fail");
    let files: Vec<String> = std::fs::read_dir(&dir)
        .expect("ui-tests/fail exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    let missing: Vec<&str> = ErrorKind::ALL
        .iter()
        .map(|k| k.slug())
        .filter(|slug| {
            !files
                .iter()
                .any(|f| f.starts_with(*slug) && f.ends_with(".rs") && files.contains(&f.replace(".rs", ".stderr")))
        })
        .collect();
    assert!(missing.is_empty(), "error kinds without a ui-tests/fail/<slug>*.rs + .stderr case: {missing:?}");
}
