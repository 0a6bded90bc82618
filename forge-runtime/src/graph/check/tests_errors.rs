//! The checker's messages: `%` on integers only, "did you mean" for unknown names, and one
//! error per mistake (no follow-on errors from a poisoned binding).

use super::super::checked::{NodeKind, TKind};
use super::super::ops::BinaryOp;
use super::super::{parse_and_check, parse_graph, ErrorKind, GraphError};
use crate::elem::Ty;
use std::str::FromStr;

fn check(src: &str) -> Result<super::super::Checked, Vec<GraphError>> {
    parse_and_check(proc_macro2::TokenStream::from_str(src).expect("tokens"))
}

fn errors(src: &str) -> Vec<GraphError> {
    match check(src) {
        Ok(_) => panic!("expected errors for {src}"),
        Err(es) => es,
    }
}

/// The help line of the only error of `src`.
fn only_help(src: &str) -> String {
    let es = errors(src);
    assert_eq!(es.len(), 1, "{:#?}", es.iter().map(|e| e.full_message()).collect::<Vec<_>>());
    es[0].help.clone().unwrap_or_default()
}

#[test]
fn remainder_takes_integers_and_binds_like_a_product() {
    for elem in ["i32", "u32"] {
        let src = format!(
            "graph R {{ dims {{ N }} input a: {elem}[N]; input b: {elem}[N]; output y: {elem}[N]; y = a + b % 3 * a; }}"
        );
        let g =
            check(&src).unwrap_or_else(|e| panic!("{elem}: {:?}", e.iter().map(|e| &e.message).collect::<Vec<_>>()));
        assert_eq!(g.nodes[0].label, "y = a + b % 3 * a");
        let NodeKind::Assign { value, .. } = &g.nodes[0].kind else { panic!() };
        // `a + ((b % 3) * a)`: `%` and `*` bind alike, left to right, tighter than `+`.
        let TKind::Binary(BinaryOp::Add, _, product) = &value.kind else { panic!("{value:?}") };
        let TKind::Binary(BinaryOp::Mul, rem, _) = &product.kind else { panic!("{product:?}") };
        assert!(matches!(&rem.kind, TKind::Binary(BinaryOp::Rem, _, _)), "{rem:?}");
        assert_eq!(value.ty, if elem == "i32" { Ty::I32 } else { Ty::U32 });
    }
    let g = check("graph R { dims { N } input a: i32[N]; output y: i32[N]; y = (a + 1) % (a - 7); }").unwrap();
    assert_eq!(g.nodes[0].label, "y = (a + 1) % (a - 7)");
    // Index variables and dims are integers too.
    check("graph R { dims { N, K } input x: f32[K]; output y: f32[N]; y[n] = x[n % K]; }").unwrap();
}

#[test]
fn remainder_of_floats_is_an_error_at_the_operator() {
    let src = "graph R { dims { N } input a: f32[N]; output y: f32[N]; y = a % 2.0; }";
    let es = errors(src);
    assert_eq!(es.len(), 1);
    assert_eq!(es[0].kind, ErrorKind::TypeMismatch);
    assert_eq!(es[0].message, "operator `%` takes integers (i32 or u32), found f32");
    assert_eq!(es[0].help.as_deref(), Some("for a float remainder write `a - 2.0 * ((a / 2.0) as i32 as f32)`"));
    // The span is the `%` token: column 62 of the one-line source.
    assert_eq!(es[0].line_column(), (1, src.find('%').unwrap()));
    let es = errors("graph R { dims { N } input a: f32[N]; output y: f32[N]; y = (a + 1.0) % a; }");
    assert!(es[0].help.as_deref().unwrap().contains("`(a + 1.0) - a * (((a + 1.0) / a) as i32 as f32)`"));
}

#[test]
fn remainder_parses_in_text() {
    // It used to stop the parse with "expected `,`".
    let tokens =
        proc_macro2::TokenStream::from_str("graph R { dims { N } input a: i32[N]; output y: i32[N]; y = a % 2; }");
    assert!(parse_graph(tokens.unwrap()).is_ok());
}

#[test]
fn unknown_names_suggest_the_close_one() {
    let mlp = |node: &str| {
        format!(
            "graph G {{ dims {{ B, D }} input x: f32[B, D]; weight g: f32[D]; weight bias: f32[D]; \
             output y: f32[B, D]; {node} }}"
        )
    };
    assert_eq!(only_help(&mlp("y = sofmax(x) + bias + g;")), "did you mean `softmax`?");
    assert_eq!(only_help(&mlp("y = rmsnorm(x, g, 1e-5) + bias;")), "did you mean `rms_norm`?");
    assert_eq!(only_help(&mlp("y = x + bais + g;")), "did you mean `bias`?");
    assert_eq!(only_help(&mlp("yy = x + bias + g;")), "did you mean `y`?");
    assert_eq!(only_help(&mlp("y[b, d] = x[b, dd] + bias[d] + g[d];")), "did you mean `d`?");
    assert_eq!(only_help(&mlp("y = softmax(x) + sum(bias, keep = true) + g;")), "did you mean `keepdim`?");
    // Nothing close: the list of every function stays.
    assert!(only_help(&mlp("y = swish(x) + bias + g;")).starts_with("known: exp, log"));
    let es = errors("graph G { dims { B, E } input x: f32[B, EE]; output y: f32[B, E]; y = x; }");
    assert_eq!(es[0].kind, ErrorKind::UndeclaredDim);
    assert_eq!(es[0].help.as_deref(), Some("did you mean `E`?"));
    let es = errors("graph G { dims { D, H, E = D / HH } input x: f32[E]; output y: f32[E]; y = x; }");
    assert_eq!(es[0].help.as_deref(), Some("did you mean `H`?"));
}

#[test]
fn misspelt_keywords_and_types_suggest_the_close_one() {
    let parse = |src: &str| match parse_graph(proc_macro2::TokenStream::from_str(src).expect("tokens")) {
        Ok(_) => panic!("{src} parsed"),
        Err(es) => es.into_iter().map(|e| e.full_message()).collect::<Vec<_>>(),
    };
    let es = parse("graph G { dims { N } inptu x: f32[N]; output y: f32[N]; y = x; }");
    assert_eq!(es, ["unknown binding usage `inptu`\n  = help: did you mean `input`?"]);
    let es = parse("graph G { dims { N } input x: f23[N]; output y: f32[N]; y = x; }");
    assert_eq!(es, ["unknown element type `f23`; did you mean `f32`?"]);
    let es = parse("graph G { dims { N } input x: f32[N]; output y: f32[N]; #[schedule(workgroups = 64)] y = x; }");
    assert_eq!(es, ["unknown schedule key `workgroups`; did you mean `workgroup`?"]);
}

#[test]
fn an_undeclared_dim_is_one_error() {
    // `x` is poisoned: neither the product nor the sum that read it says more.
    let es = errors(
        "graph G { dims { B, E } input x: f32[B, EE]; weight w: f32[E, E]; temp h: f32[B, E]; output y: f32[B, E];
           h = matmul(x, w); y = h + x; }",
    );
    assert_eq!(es.len(), 1, "{:#?}", es.iter().map(|e| e.full_message()).collect::<Vec<_>>());
    assert_eq!(es[0].kind, ErrorKind::UndeclaredDim);
    // A loop over it: the body is still checked, and its writes count.
    let es = errors(
        "graph G { dims { B } input x: f32[B]; weight w: f32[L, B]; output y: f32[B];
           for l in 0..LL { y = x + w[l]; } }",
    );
    assert_eq!(es.len(), 2, "{:#?}", es.iter().map(|e| e.full_message()).collect::<Vec<_>>());
    assert_eq!(es[1].kind, ErrorKind::UndeclaredDim, "{}", es[1].message);
    // An output declared with it, written by a node, is one error too.
    let es = errors("graph G { dims { B } input x: f32[B, 4]; output y: f32[B, EE]; y = x * 2.0; }");
    assert_eq!(es.len(), 1, "{:#?}", es.iter().map(|e| e.full_message()).collect::<Vec<_>>());
}

#[test]
fn a_wrong_declaration_is_one_error() {
    // `h` is declared [B, D] but computed [B, F]: the next product reading it says nothing more.
    let es = errors(
        "graph G { dims { B, D, F } input x: f32[B, D]; weight w: f32[D, F]; weight w2: f32[F, D];
           temp h: f32[B, D]; output y: f32[B, D]; h = matmul(x, w); y = matmul(h, w2); }",
    );
    assert_eq!(es.len(), 1, "{:#?}", es.iter().map(|e| e.full_message()).collect::<Vec<_>>());
    assert!(es[0].message.starts_with("shape mismatch: `h` has shape [B, D]"), "{}", es[0].message);
    // The same for an element type: `n` is declared i32 but computed f32.
    let es =
        errors("graph G { dims { N } input x: f32[N]; temp n: i32[N]; output y: f32[N]; n = x * 2.0; y = n + x; }");
    assert_eq!(es.len(), 1, "{:#?}", es.iter().map(|e| e.full_message()).collect::<Vec<_>>());
    // Errors of other kinds in a statement reading a poisoned binding are still reported.
    let es = errors("graph G { dims { B } input x: f32[B, EE]; output y: f32[B, 3]; y = x + q; }");
    let kinds: Vec<ErrorKind> = es.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [ErrorKind::UndeclaredDim, ErrorKind::UnknownName]);
    // Two independent mistakes are two errors.
    let es = errors(
        "graph G { dims { B, D, F } input x: f32[B, D]; weight w: f32[F, D]; temp h: f32[B, F]; output y: f32[B, F];
           h = matmul(x, w); y = h + x; }",
    );
    assert_eq!(es.len(), 2, "{:#?}", es.iter().map(|e| e.full_message()).collect::<Vec<_>>());
}

#[test]
fn index_reductions_bind_tuples_and_refuse_what_they_cannot_lower() {
    let head = "graph R { dims { M, K } input a: f32[M, K, K]; output t: f32[M];";
    let g = check(&format!("{head} t[i] = sum((k, l), a[i, k, l]) - mean(k, a[i, k, 0]); }}"))
        .unwrap_or_else(|e| panic!("{:?}", e.iter().map(|e| &e.message).collect::<Vec<_>>()));
    assert_eq!(g.nodes[0].label, "t[i] = sum((k, l), a[i, k, l]) - mean(k, a[i, k, 0])");
    let NodeKind::Index(ix) = &g.nodes[0].kind else { panic!() };
    // The target's `i`, the first reduction's `k` and `l`, the second's own `k`.
    assert_eq!(ix.vars.len(), 4);
    let TKind::Binary(BinaryOp::Sub, first, second) = &ix.body.kind else { panic!("{:?}", ix.body) };
    let (TKind::Reduce(first), TKind::Reduce(second)) = (&first.kind, &second.kind) else { panic!() };
    assert_eq!((first.vars.as_slice(), second.vars.as_slice()), (&[1, 2][..], &[3][..]));
    for (value, kind, says) in [
        ("a[i, (k, l), 0]", ErrorKind::IndexForm, "tuple of indices"),
        ("a[i, sum(k, a[i, k, 0]) as i32, 0]", ErrorKind::IndexForm, "cannot be in a subscript"),
        ("sum(a[i, 0, 0], a[i, 0, 0])", ErrorKind::IndexForm, "its first argument"),
        ("sum((k, 1), a[i, k, 0])", ErrorKind::IndexForm, "its first argument"),
        ("sum(k, a[i, k, 0], axis = 0)", ErrorKind::IndexForm, "no options"),
        ("sum((k, l), a[i, k, k])", ErrorKind::UnboundIndex, "`l` subscripts nothing"),
        ("sum(k, a[i, k, 0]) + a[i, k, 0]", ErrorKind::UnboundIndex, "`k` is not bound"),
        ("sum((k, l), a[i, k, l] > 0.0)", ErrorKind::TypeMismatch, "needs a number"),
    ] {
        let es = errors(&format!("{head} t[i] = {value}; }}"));
        assert!(es.iter().any(|e| e.kind == kind && e.message.contains(says)), "{value}: {es:?}");
    }
}
