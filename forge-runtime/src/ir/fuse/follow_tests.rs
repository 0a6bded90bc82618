//! Which statements follow a few-row product into its kernel ([`super::follow`]).

use crate::ir::{KernelBody, Plan};
use crate::plan::tests::{plan, plan_unfused, validate_all};

/// Each kernel's template and, for a product, its followers.
fn shape(p: &Plan) -> Vec<(&'static str, usize)> {
    p.kernels
        .iter()
        .map(|k| match &k.spec.body {
            KernelBody::Matmul(m) => ("matmul", m.followers.len()),
            other => (other.kind(), 0),
        })
        .collect()
}

/// A product over `w` (of element `elem`) read by three statements: a column pair, a group of
/// four, and two columns no aligned group holds together (`j` and the next: `j` may be odd).
fn readers(elem: &str) -> String {
    format!(
        "graph G {{ dims {{ M, K, N }} input a: f32[M, K]; weight w: {elem}[N, K]; temp y: f32[M, N];
         output r: f32[M, N]; output q: f32[M, N]; output s: f32[M, N];
         y = matmul(a, transpose(w));
         r[t, j] = y[t, j / 2 * 2 + 1] - y[t, j / 2 * 2];
         q[t, j] = y[t, j / 4 * 4 + 3] * y[t, j / 4 * 4];
         s[t, j] = y[t, (j + 1) % N] - y[t, j]; }}"
    )
}

#[test]
fn statements_reading_aligned_columns_follow_a_block_format_product() {
    let p = plan(&readers("q4_1"), &[1, 64, 16]);
    assert_eq!(shape(&p), [("matmul", 2), ("index", 0)]);
    validate_all(&p);
    // The first statement that cannot follow ends the run: `s` stays, and so would any after it.
    let KernelBody::Matmul(m) = &p.kernels[0].spec.body else { unreachable!() };
    assert_eq!(m.followers.iter().map(|f| f.align).collect::<Vec<_>>(), [2, 4]);
}

#[test]
fn only_few_row_block_format_products_take_followers() {
    // Sixteen rows: a tiled product, whose workgroups do not hold whole columns.
    assert_eq!(
        shape(&plan(&readers("q4_1"), &[16, 64, 16])),
        [("matmul", 0), ("index", 0), ("index", 0), ("index", 0)]
    );
    // f32 weights: CUDA runs the product on its decode GEMM kernel, which takes none.
    assert_eq!(shape(&plan(&readers("f32"), &[1, 64, 16])), [("matmul", 0), ("index", 0), ("index", 0), ("index", 0)]);
}

#[test]
fn a_statement_reading_another_followers_result_stays_apart() {
    let src = "graph G { dims { M, K, N } input a: f32[M, K]; weight w: q8_0[N, K]; temp y: f32[M, N];
         temp r: f32[M, N]; output z: f32[M, N];
         y = matmul(a, transpose(w));
         r[t, j] = y[t, j] * 2.0;
         z[t, j] = r[t, j] + y[t, j]; }";
    // `r` is inlined into `z` first (one reader), which then follows alone.
    assert_eq!(shape(&plan(src, &[1, 32, 8])), [("matmul", 1)]);
    let src = "graph G { dims { M, K, N } input a: f32[M, K]; weight w: q8_0[N, K]; temp y: f32[M, N];
         output r: f32[M, N]; output z: f32[M, N];
         y = matmul(a, transpose(w));
         r[t, j] = y[t, j] * 2.0;
         z[t, j] = r[t, j / 2 * 2] + y[t, j]; }";
    assert_eq!(shape(&plan(src, &[1, 32, 8])), [("matmul", 1), ("index", 0)]);
}

#[test]
fn followers_can_be_turned_off() {
    let mut p = plan_unfused(&readers("q4_0"), &[1, 64, 16]);
    let passes = crate::options::Fusion { followers: false, ..Default::default() };
    super::fuse(&mut p, &passes, usize::MAX);
    assert_eq!(shape(&p), [("matmul", 0), ("index", 0), ("index", 0), ("index", 0)]);
}
