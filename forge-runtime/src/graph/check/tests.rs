//! The checker on whole graphs: what it accepts (and resolves), what it rejects and where.

use super::super::checked::{Deferred, NodeKind, Sub, TKind};
use super::super::{parse_and_check, ErrorKind, GraphError};
use crate::elem::Ty;
use std::str::FromStr;

fn check(src: &str) -> Result<super::super::Checked, Vec<GraphError>> {
    parse_and_check(proc_macro2::TokenStream::from_str(src).expect("tokens"))
}

fn errors(src: &str) -> Vec<(ErrorKind, String)> {
    match check(src) {
        Ok(_) => panic!("expected errors for {src}"),
        Err(es) => es.into_iter().map(|e| (e.kind, e.message)).collect(),
    }
}

const MLP: &str = "pub graph MlpBlock {
    dims { B, D, F }
    input x: f32[B, D]; weight g: f32[D]; weight w_gate: f32[D, F]; weight w_up: f32[D, F];
    weight w_down: f32[F, D]; uniform eps: f32 = 1e-5; temp n: f32[B, D]; temp h: f32[B, F];
    output y: f32[B, D];
    n = rms_norm(x, g, eps);
    h = silu(matmul(n, w_gate)) * matmul(n, w_up);
    y = x + matmul(h, w_down);
}";

#[test]
fn mlp_block_checks_and_resolves() {
    let tokens = proc_macro2::TokenStream::from_str(MLP).expect("tokens");
    assert_eq!(super::super::parse_graph(tokens).unwrap().vis, "pub");
    let g = check(MLP).unwrap();
    assert_eq!(g.nodes.len(), 3);
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
    let NodeKind::Assign { value, .. } = &g.nodes[2].kind else { panic!() };
    assert_eq!(value.ty, Ty::F32);
    assert_eq!(g.nodes[1].label, "h = silu(matmul(n, w_gate)) * matmul(n, w_up)");
}

const BERT_LAYER: &str = "graph Layer {
    dims { B, T, D, H, E, F, L, V, P }
    input ids: u32[B, T]; input mask: u32[B, T];
    weight wte: f32[V, D]; weight wpe: f32[P, D];
    weight wq: f32[L, D, D]; weight bq: f32[L, D];
    weight ln_g: f32[L, D]; weight ln_b: f32[L, D];
    temp x: f32[B, T, D]; temp q: f32[B, T, D]; temp q4: f32[B, T, H, E]; temp qh: f32[B, H, T, E];
    temp am: f32[B, 1, 1, T]; temp o: f32[B, H, T, E]; temp m: f32[B, T, 1]; temp r: f32[B, T, D];
    output y: f32[B, T, D];
    x[b, t, d] = wte[ids[b, t], d] + wpe[t, d];
    am[b, u, v, t] = select(mask[b, t] > 0, 0.0, -inf);
    for l in 0..L {
        q = matmul(x, transpose(wq[l])) + bq[l];
        q4 = reshape(q);
        qh = transpose(q4, 1, 2);
        o = attention(qh, qh, qh, mask = am);
        m = mean(x);
        r = x - m + gelu(x) * erf(x) + sum(q, keepdim = true);
        x = layer_norm(r, ln_g[l], ln_b[l], 1e-12);
    }
    y = x;
}";

#[test]
fn a_transformer_layer_checks() {
    let g = match check(BERT_LAYER) {
        Ok(g) => g,
        Err(es) => panic!("{:#?}", es.iter().map(|e| &e.message).collect::<Vec<_>>()),
    };
    let NodeKind::Index(gather) = &g.nodes[0].kind else { panic!() };
    let TKind::Binary(_, lhs, _) = &gather.body.kind else { panic!() };
    let TKind::Element { subs, .. } = &lhs.kind else { panic!() };
    assert!(matches!(&subs[0], Sub::Expr(e) if e.ty == Ty::U32));
    assert!(g.deferred.iter().any(|d| matches!(d, Deferred::AtMost { what, .. } if what.contains("wpe"))));
    assert!(g.deferred.iter().any(|d| matches!(d, Deferred::SameCount { .. })));
    let NodeKind::Loop { body, .. } = &g.nodes[2].kind else { panic!() };
    assert!(matches!(body[1].kind, NodeKind::View { reshape: true, .. }));
    assert!(matches!(body[2].kind, NodeKind::View { reshape: false, .. }));
}

#[test]
fn literals_are_typed_and_range_checked() {
    let ok = "graph G { dims { N } input x: u32[N]; output y: u32[N]; y = x + 4000000000; }";
    assert!(check(ok).is_ok());
    let es = errors("graph G { dims { N } input x: i32[N]; output y: i32[N]; y = x + 4000000000; }");
    assert!(es[0].1.contains("does not fit i32"), "{es:?}");
    let es = errors("graph G { dims { N } input x: f32[N]; output y: f32[N]; y = x * 1e39; }");
    assert!(es[0].1.contains("does not fit f32"), "{es:?}");
    let es = errors("graph G { dims { N } input x: u32[N]; output y: u32[N]; y = x + 1.5; }");
    assert!(es[0].1.contains("float literal"), "{es:?}");
    let es = errors("graph G { dims { N } input x: f32[N]; output y: f32[N]; y = x * 1e-50; }");
    assert!(es[0].1.contains("too small for f32"), "{es:?}");
    let g = check("graph G { dims { N } input x: f32[N]; output y: f32[N]; y = max(x, -inf) * 1e-30; }").unwrap();
    let NodeKind::Assign { value, .. } = &g.nodes[0].kind else { panic!() };
    let mut consts = Vec::new();
    value.visit(&mut |e| {
        if let TKind::Const(c) = e.kind {
            consts.push(c)
        }
    });
    assert_eq!(consts.len(), 2);
}

#[test]
fn long_chains_are_rejected_not_overflowed() {
    let terms = vec!["x"; 10_000].join(" + ");
    let src = format!("graph G {{ dims {{ N }} input x: f32[N]; output y: f32[N]; y = {terms}; }}");
    let es = errors(&src);
    assert_eq!(es[0].0, ErrorKind::Syntax);
    assert!(es[0].1.contains("levels deep"), "{es:?}");
    let casts = " as f32".repeat(10_000);
    let src = format!("graph G {{ dims {{ N }} input x: f32[N]; output y: f32[N]; y = x{casts}; }}");
    assert!(errors(&src)[0].1.contains("levels deep"));
    // Nesting is bounded on the way down too: none of these may overflow the parser's stack.
    let n = 10_000;
    for rhs in [
        format!("{}x{}", "(".repeat(n), ")".repeat(n)),
        format!("{}x", "- ".repeat(n)),
        format!("{}1", "- ".repeat(n)),
        format!("{}(x > x)", "!".repeat(n)),
        format!("{}x{}", "exp(".repeat(n), ")".repeat(n)),
        format!("{}0{}", "x[".repeat(n), "]".repeat(n)),
    ] {
        let src = format!("graph G {{ dims {{ N }} input x: f32[N]; output y: f32[N]; y = {rhs}; }}");
        let es = errors(&src);
        assert!(es[0].1.contains("levels deep"), "{}: {es:?}", &rhs[..8]);
    }
}

#[test]
fn rules_are_reported_with_their_kinds() {
    let cases: &[(&str, ErrorKind)] = &[
        ("graph G { dims { N } input x: f32[N]; output y: f32[N]; x = y; y = x; }", ErrorKind::WriteReadOnly),
        (
            "graph G { dims { N } input x: f32[N]; temp t: f32[N]; output y: f32[N]; y = t + x; t = x; }",
            ErrorKind::ReadBeforeWrite,
        ),
        (
            "graph G { dims { N, M } input x: f32[N, M]; output y: f32[N, M]; y = matmul(x, x); }",
            ErrorKind::ShapeMismatch,
        ),
        ("graph G { dims { N } input x: f32[N]; output y: f32[N]; y = softmax(x, x); }", ErrorKind::Arity),
        ("graph G { dims { N } input x: f32[N]; output y: f32[N]; y = frob(x); }", ErrorKind::UnknownName),
        ("graph G { dims { N } input x: f32[N]; output y: f32[N]; y = sum(x, keep = true); }", ErrorKind::ArgumentKind),
        (
            "graph G { dims { N } input x: f32[N, N]; output y: f32[N, N]; y = matmul(y, x); }",
            ErrorKind::ReadBeforeWrite,
        ),
        ("graph G { dims { N } input x: f32[N]; output y: f32[N]; y[i] = x[j]; }", ErrorKind::UnboundIndex),
        ("graph G { dims { N } input x: f32[N]; output y: f32[N]; y[i] = x[i, i]; }", ErrorKind::IndexExtent),
        ("graph G { dims { N } input x: f32[N]; output y: f32[N]; y[i] = y[i + 1] + x[i]; }", ErrorKind::InPlace),
    ];
    for (src, kind) in cases {
        let es = errors(src);
        assert!(es.iter().any(|e| e.0 == *kind), "{src}: {es:?}");
    }
}

#[test]
fn indices_are_values_and_reductions_keep_their_axis() {
    let src = "graph G { dims { T } input s: f32[T, T]; temp m: f32[T, 1]; output y: f32[T, T];
        y[i, j] = select(j <= i, s[i, j], -inf) + (i as f32);
        m = max(y);
    }";
    let g = check(src).unwrap();
    assert!(g.warnings.iter().any(|w| w.message.contains("dead node")), "{:?}", g.warnings);
    let src = "graph G { dims { T } input s: f32[T, T]; temp m: f32[T, 1]; output y: f32[T, T];
        m = max(s);
        y = s - m + sum(s, keepdim = true);
    }";
    assert!(check(src).is_ok());
}

#[test]
fn derived_dims_resolve_to_earlier_dims() {
    let src =
        "graph G { dims { D, H, E = D / H, Q = 3 * (D + 1) - H } input x: f32[Q, E]; output y: f32[Q, E]; y = x; }";
    let g = check(src).unwrap();
    assert_eq!(g.free_dims(), ["D", "H"]);
    let formulas: Vec<String> = g.derived.iter().flatten().map(|f| f.text(&g.dims)).collect();
    assert_eq!(formulas, ["D / H", "3 * (D + 1) - H"]);
    let cases: &[(&str, ErrorKind, &str)] = &[
        (
            "dims { N, M = K * 2, K }",
            ErrorKind::BadDeclaration,
            "`M` is computed from `K`, which is not declared before it",
        ),
        ("dims { N, M = M + 1 }", ErrorKind::BadDeclaration, "`M` is computed from `M`"),
        ("dims { N, M = Z + 1 }", ErrorKind::UndeclaredDim, "dim `Z` is not declared"),
        ("dims { N, M = N / 0 }", ErrorKind::BadDeclaration, "dim `M` divides by zero"),
    ];
    for (dims, kind, message) in cases {
        let es = errors(&format!("graph G {{ {dims} input x: f32[N]; output y: f32[N]; y = x; }}"));
        assert!(es.iter().any(|e| e.0 == *kind && e.1.contains(message)), "{dims}: {es:?}");
    }
}

#[test]
fn a_formula_in_a_shape_points_to_derived_dims() {
    let es = errors("graph G { dims { D } input x: f32[D, 3 * D]; output y: f32[D]; y = x[0]; }");
    assert!(es.iter().any(|e| e.0 == ErrorKind::Syntax && e.1.contains("declare a derived dim")), "{es:?}");
}

#[test]
fn permute_names_every_axis_once() {
    let ok = "graph G { dims { A, B, C } input x: f32[A, B, C]; output y: f32[C, A, B]; y = permute(x, 2, 0, 1); }";
    assert!(check(ok).is_ok());
    let cases: &[(&str, ErrorKind, &str)] = &[
        ("y = permute(x, 2, 0);", ErrorKind::Arity, "names 3 axes, found 2"),
        ("y = permute(x, 2, 0, 0);", ErrorKind::ArgumentKind, "axis 0 is named twice"),
        ("y = permute(x, 2, 0, 3);", ErrorKind::ArgumentKind, "axis 3 is outside rank 3"),
        ("y = permute(x * 2.0, 2, 0, 1);", ErrorKind::ArgumentKind, "takes a binding"),
        ("y = permute(x, 1, 0, 2);", ErrorKind::ShapeMismatch, ""),
    ];
    for (stmt, kind, message) in cases {
        let src = format!("graph G {{ dims {{ A, B, C }} input x: f32[A, B, C]; output y: f32[C, A, B]; {stmt} }}");
        let es = errors(&src);
        assert!(es.iter().any(|e| e.0 == *kind && e.1.contains(message)), "{stmt}: {es:?}");
    }
}

#[test]
fn reductions_fold_any_axis_or_all() {
    let decl = "dims { A, B, C } input x: f32[A, B, C]; output y: f32[A, C]; output k: f32[A, 1, C]; output t: f32; output u: u32[B, C];";
    let ok = "y = sum(x, axis = 1); k = mean(x, axis = -2, keepdim = true); t = prod(x, axis = all); u = argmax(x, axis = 0);";
    assert!(check(&format!("graph G {{ {decl} {ok} }}")).is_ok());
    let cases: &[(&str, ErrorKind, &str)] = &[
        (
            "y = sum(x, axis = 3);",
            ErrorKind::ArgumentKind,
            "axis 3 is outside the operand's rank 3: valid axes are -3 to 2",
        ),
        ("y = sum(x, axis = -4);", ErrorKind::ArgumentKind, "axis -4 is outside the operand's rank 3"),
        ("y = max(x, axis = first);", ErrorKind::ArgumentKind, "an axis is an integer literal"),
        ("y = sum(x, axis = 2);", ErrorKind::ShapeMismatch, ""),
        ("u = argmax(x, axis = 0, keepdim = true);", ErrorKind::ArgumentKind, "`argmax` has no option `keepdim`"),
    ];
    for (stmt, kind, message) in cases {
        let es = errors(&format!("graph G {{ {decl} {stmt} }}"));
        assert!(es.iter().any(|e| e.0 == *kind && e.1.contains(message)), "{stmt}: {es:?}");
    }
}

#[test]
fn concat_is_a_node_of_matching_operands() {
    let decl = "dims { R, A, B, C = A + B } input x: f32[R, A]; input z: f32[R, B]; input n: i32[R, B]; temp t: f32[R, C]; output y: f32[R, C];";
    assert!(check(&format!("graph G {{ {decl} y = concat(x, z); }}")).is_ok());
    let g = check(&format!("graph G {{ {decl} y = concat(x, z, axis = 1); }}")).unwrap();
    assert!(g.deferred.iter().any(|d| matches!(d, Deferred::SumOf { .. })), "{:?}", g.deferred);
    let cases: &[(&str, ErrorKind, &str)] = &[
        ("y = concat(x, z) * 2.0;", ErrorKind::ArgumentKind, "`concat` is a node's whole value"),
        ("y = concat(x, z * 2.0);", ErrorKind::ArgumentKind, "`concat` takes bindings"),
        ("y = concat(x, n);", ErrorKind::TypeMismatch, "needs f32 operands, found i32"),
        ("y = concat(x, z, axis = 0);", ErrorKind::ShapeMismatch, "every other axis must match"),
        ("y = concat(x, z, axis = 2);", ErrorKind::ArgumentKind, "axis 2 is outside the target's rank 2"),
        ("y = concat(x, z, dim = 1);", ErrorKind::ArgumentKind, "`concat` has no option `dim`"),
        ("y = concat(x, z, axis = 1, axis = 1);", ErrorKind::DuplicateName, "option `axis` is given twice"),
        ("y = concat(x, z); y = concat(y, z);", ErrorKind::InPlace, ""),
    ];
    for (stmt, kind, message) in cases {
        let es = errors(&format!("graph G {{ {decl} {stmt} }}"));
        assert!(es.iter().any(|e| e.0 == *kind && e.1.contains(message)), "{stmt}: {es:?}");
    }
    let es =
        errors("graph G { dims { R } input x: f32[R, 2]; input z: f32[R, 3]; output y: f32[R, 6]; y = concat(x, z); }");
    assert!(es.iter().any(|e| e.0 == ErrorKind::ShapeMismatch && e.1.contains("2 + 3 is not `y`'s 6")), "{es:?}");
}

#[test]
fn window_builtins_check_their_extents_and_options() {
    let decl = "dims { B, C, H, W, OH, OW } input x: f32[B, C, H, W]; input n: i32[B, C, H, W]; weight w: f32[8, C, 3, 3];
        input x4: f32[1, 4, 9, 9]; input r: f32[4, 9, 9]; weight w4: f32[6, 2, 3, 3]; output y: f32[B, 8, OH, OW]; output p: f32[B, C, OH, OW];
        temp t: f32[1, 6, 5, 5]; output u: f32[1, 6, 4, 4];";
    let g = check(&format!("graph G {{ {decl} y = conv2d(x, w, stride = (2, 2), padding = 1); p = max_pool(x, kernel = 2); t = conv2d(x4, w4, stride = 2, padding = 1, groups = 2); u = avg_pool(t, kernel = 2, stride = 1); }}")).unwrap();
    assert!(g.deferred.iter().any(|d| matches!(d, Deferred::Window { stride: 2, padding: 1, .. })), "{:?}", g.deferred);
    let cases: &[(&str, ErrorKind, &str)] = &[
        ("y = conv2d(x, w) * 2.0;", ErrorKind::ArgumentKind, "`conv2d` is a node's whole value"),
        ("y = conv2d(x * 2.0, w);", ErrorKind::ArgumentKind, "`conv2d` takes bindings"),
        ("y = conv2d(n, w);", ErrorKind::TypeMismatch, "found i32"),
        ("y = conv2d(x, w, stride = 0);", ErrorKind::ArgumentKind, "`stride` takes an integer literal of at least 1"),
        ("y = conv2d(x, w, padding = H);", ErrorKind::ArgumentKind, "`padding` takes a non-negative integer literal"),
        ("y = conv2d(x, w, pad = 1);", ErrorKind::ArgumentKind, "`conv2d` has no option `pad`"),
        ("y = conv2d(x, w, stride = (1, 2, 1));", ErrorKind::ArgumentKind, "or a pair of them for (height, width)"),
        ("y = conv2d(x, w, groups = (1, 1));", ErrorKind::ArgumentKind, "`groups` takes one integer literal"),
        ("y = conv2d(x, w); y = conv2d(x, w4);", ErrorKind::ShapeMismatch, "weight's outputs differ: 8 is not 6"),
        ("t = conv2d(x4, w4, stride = 2, padding = 1);", ErrorKind::ShapeMismatch, "differ: 4 is not 2"),
        (
            "u = max_pool(r, kernel = 2);",
            ErrorKind::ArgumentKind,
            "takes x: [B, C, H, W] (NCHW), found shape [4, 9, 9]",
        ),
        ("y = conv2d(x, w); p = max_pool(x);", ErrorKind::ArgumentKind, "`max_pool` needs `kernel = k`"),
        ("y = conv2d(x, w); p = avg_pool(x, kernel = 2, padding = 2);", ErrorKind::ArgumentKind, "more than half"),
        (
            "t = max_pool(x4, kernel = 2);",
            ErrorKind::ShapeMismatch,
            "channels and `max_pool`'s input's differ: 6 is not 4",
        ),
        ("y = conv2d(x, w); p = conv2d(p, w);", ErrorKind::InPlace, ""),
    ];
    for (stmt, kind, message) in cases {
        // Other outputs left unwritten add errors of their own; the one asked for must be there.
        let es = errors(&format!("graph G {{ {decl} {stmt} }}"));
        assert!(es.iter().any(|e| e.0 == *kind && e.1.contains(message)), "{stmt}: {es:?}");
    }
    let literal = |stmt: &str| errors(&format!("graph G {{ {decl} {stmt} }}"));
    let es = literal("t = conv2d(x4, w4, groups = 2, padding = 1); u = avg_pool(t, kernel = 2, stride = 1);");
    assert!(
        es.iter().any(|e| e.0 == ErrorKind::ShapeMismatch && e.1.contains("(9 + 2·1 − 1·(3 − 1) − 1) / 1 + 1 = 9")),
        "{es:?}"
    );
    let es =
        literal("t = conv2d(x4, w4, groups = 3, stride = 2, padding = 1); u = avg_pool(t, kernel = 2, stride = 1);");
    assert!(es.iter().any(|e| e.0 == ErrorKind::ShapeMismatch && e.1.contains("4 is not 2 × 3")), "{es:?}");
}

/// `reshape` called malformed is an arity or option error at the call, never a panic or a
/// silently dropped node (issue #46, items 1 and 2).
#[test]
fn malformed_reshape_is_a_spanned_error() {
    let graph = |stmt: &str| {
        format!("graph G {{ dims {{ N }} input x: f32[N]; input z: f32[N]; temp t: f32[N]; output y: f32[N]; {stmt} y = t; }}")
    };
    for (stmt, kind) in [
        ("t = reshape();", ErrorKind::Arity),
        ("t = reshape(x, z);", ErrorKind::Arity),
        ("t = reshape(x, axis = 1);", ErrorKind::ArgumentKind),
        ("t = reshape(x) + 1.0;", ErrorKind::ArgumentKind),
    ] {
        let es = errors(&graph(stmt));
        assert!(es.iter().any(|(k, _)| *k == kind), "{stmt}: {es:?}");
    }
}

/// Every built-in, called with no arguments, one too many, or an unknown option, as a node's
/// whole value, inside an expression and in index notation: an error with a position, no panic.
#[test]
fn every_builtin_rejects_malformed_calls() {
    use super::super::builtins::BUILTINS;
    use super::super::ops::UnaryOp;
    let mut decls: Vec<(&str, usize, usize)> = UnaryOp::CALLABLE.iter().map(|u| (u.name(), 1, 1)).collect();
    decls.extend(BUILTINS.iter().map(|d| (d.name, d.positional.0, d.positional.1)));
    for &(name, lo, _) in &decls {
        // The most arguments any overload of the name takes (`max(x)` and `max(a, b)`).
        let hi = decls.iter().filter(|d| d.0 == name).map(|d| d.2).max().unwrap_or(1);
        let args = |n: usize| vec!["x"; n].join(", ");
        for (call, kind) in [
            (format!("{name}()"), ErrorKind::Arity),
            (format!("{name}({})", args(hi + 1)), ErrorKind::Arity),
            (format!("{name}({}, bogus = 1)", args(lo)), ErrorKind::ArgumentKind),
        ] {
            for (stmt, exact) in [
                (format!("y = {call};"), true),
                (format!("y = {call} + x;"), false),
                (format!("y[i] = {call};"), false),
            ] {
                let src = format!("graph G {{ dims {{ N }} input x: f32[N]; output y: f32[N]; {stmt} }}");
                let found =
                    std::panic::catch_unwind(|| check(&src)).unwrap_or_else(|_| panic!("checker panicked on `{stmt}`"));
                let Err(es) = found else { panic!("`{stmt}` passed the checker") };
                assert!(!es.is_empty(), "{stmt}");
                for e in &es {
                    assert!(e.line_column().0 > 0, "`{stmt}`: {} has no position", e.message);
                }
                if exact {
                    assert!(es.iter().any(|e| e.kind == kind), "`{stmt}`: expected {kind:?}, found {es:?}");
                }
            }
        }
    }
}
