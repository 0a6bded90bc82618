//! Which kernels fuse: plans of small graphs, with and without the pass.

use crate::graph::checked::Const;
use crate::ir::{KernelBody, Plan, SExpr};
use crate::plan::tests::{plan, validate_all};

/// The kernels' templates, a row chain's stages each in turn (`rows` tells chains apart).
fn kinds(p: &Plan) -> Vec<&'static str> {
    p.kernels
        .iter()
        .flat_map(|k| match &k.spec.body {
            KernelBody::Rows(c) => c.stages.iter().map(KernelBody::kind).collect(),
            other => vec![other.kind()],
        })
        .collect()
}

#[test]
fn a_chain_of_maps_is_one_kernel() {
    let p = plan(
        "graph G { dims { N } input x: f32[N]; temp a: f32[N]; temp b: f32[N]; output y: f32[N];
         a = x + 1.0; b = a * 0.5; y = exp(b) - a; }",
        &[1000],
    );
    // `a` has two readers (b and y): it stays; `b` folds into `y`.
    assert_eq!(kinds(&p), ["map", "map"]);
    assert_eq!(p.kernels[1].spec.node, "b = a * 0.5; y = exp(b) - a");
    let p = plan(
        "graph G { dims { N } input x: f32[N]; temp a: f32[N]; temp b: f32[N]; output y: f32[N];
         a = x + 1.0; b = a * 0.5; y = exp(b); }",
        &[1000],
    );
    assert_eq!(kinds(&p), ["map"]);
    // The temps' buffers are gone with their kernels.
    assert!(p.buffers.iter().all(|b| b.name != "a" && b.name != "b"));
    validate_all(&p);
}

#[test]
fn broadcast_and_transposed_reads_fuse_gathers_do_not() {
    // `s` is read broadcast over rows (cheap producer): fuses.
    let p = plan(
        "graph G { dims { R, C } input x: f32[R, C]; input v: f32[C]; temp s: f32[C]; output y: f32[R, C];
         s = v * 2.0; y = x + s; }",
        &[4, 8],
    );
    assert_eq!(kinds(&p), ["map"]);
    validate_all(&p);
    // A transposed view of the temp fuses point for point.
    let p = plan(
        "graph G { dims { R, C } input x: f32[R, C]; input z: f32[C, R]; temp t: f32[R, C]; output y: f32[C, R];
         t = x * 3.0; y = z + transpose(t); }",
        &[4, 8],
    );
    assert_eq!(kinds(&p), ["map"]);
    validate_all(&p);
    // A gather from the temp does not.
    let p = plan(
        "graph G { dims { N, V } input ids: u32[N]; input w: f32[V]; temp t: f32[V]; output y: f32[N];
         t = w + 1.0; y[n] = t[ids[n]]; }",
        &[4, 8],
    );
    assert_eq!(kinds(&p), ["map", "index"]);
}

#[test]
fn outputs_states_and_matmul_operands_are_kept() {
    // An output must be written, even when a later node reads it.
    let p = plan(
        "graph G { dims { N } input x: f32[N]; output a: f32[N]; output y: f32[N]; a = x + 1.0; y = a * 2.0; }",
        &[16],
    );
    assert_eq!(kinds(&p), ["map", "map"]);
    // A matmul operand stays a plain load (the GEMM kernels need one); its epilogue takes maps.
    let p = plan(
        "graph G { dims { M, K, N } input a: f32[M, K]; input b: f32[K, N]; input c: f32[M, N];
         temp s: f32[M, K]; temp e: f32[M, N]; output y: f32[M, N];
         s = a * 2.0; e = c + 1.0; y = matmul(s, b) + e; }",
        &[8, 8, 8],
    );
    assert_eq!(kinds(&p), ["map", "matmul"]);
    validate_all(&p);
}

#[test]
fn producers_inputs_must_not_change_before_the_consumer() {
    // `x` is rewritten between `t = x + 1` and its reader: fusing would read the new `x`.
    let p = plan(
        "graph G { dims { N } state x: f32[N]; temp t: f32[N]; output y: f32[N];
         t = x + 1.0; x = x * 2.0; y = t + x; }",
        &[16],
    );
    assert_eq!(kinds(&p), ["map", "map", "map"]);
    // The consumer writes what the producer reads (a row kernel in place): kept apart.
    let p = plan(
        "graph G { dims { R, C } state x: f32[R, C]; input z: f32[R, C]; weight g: f32[C]; temp t: f32[R, C];
         t = x + z; x = rms_norm(t, g, 1e-5); }",
        &[4, 64],
    );
    assert_eq!(kinds(&p), ["map", "rms_norm"]);
}

#[test]
fn a_temp_reused_later_fuses_when_rewritten_whole() {
    let p = plan(
        "graph G { dims { R, C } input x: f32[R, C]; weight g: f32[C]; temp t: f32[R, C]; output y: f32[R, C]; output w: f32[R, C];
         t = x * 2.0; y = softmax(t); t = x + 1.0; w = rms_norm(t, g, 1e-5); }",
        &[4, 64],
    );
    assert_eq!(kinds(&p), ["softmax", "rms_norm"]);
    validate_all(&p);
    // Read again after its consumer without a rewrite: kept.
    let p = plan(
        "graph G { dims { R, C } input x: f32[R, C]; temp t: f32[R, C]; output y: f32[R, C]; output w: f32[R, C];
         t = x * 2.0; y = softmax(t); w = t + 1.0; }",
        &[4, 64],
    );
    assert_eq!(kinds(&p), ["map", "softmax", "map"]);
}

#[test]
fn sixteen_bit_temps_round_as_stored() {
    let p = plan(
        "graph G { dims { N } input x: f32[N]; temp h: f16[N]; output y: f32[N];
         h = (x * 3.0) as f16; y = h as f32 + 1.0; }",
        &[64],
    );
    assert_eq!(kinds(&p), ["map"]);
    let KernelBody::Map { value, .. } = &p.kernels[0].spec.body else { panic!("map") };
    let mut rounds = false;
    value.visit(&mut |e| rounds |= matches!(e, crate::ir::SExpr::Cast { to: crate::elem::Elem::F16, .. }));
    assert!(rounds, "the inlined value must round to f16 as the store did: {value:?}");
    validate_all(&p);
}

#[test]
fn long_chains_stop_at_the_depth_limit_and_labels_stay_short() {
    let mut s = String::from("graph G { dims { N } input x: f32[N]; ");
    for i in 1..200 {
        s += &format!("temp t{i}: f32[N]; ");
    }
    s += "output y: f32[N]; t1 = x + 1.0; ";
    for i in 2..200 {
        s += &format!("t{i} = t{} * 0.5; ", i - 1);
    }
    s += "y = t199 + 1.0; }";
    let p = plan(&s, &[64]);
    assert!(p.kernels.len() >= 2 && p.kernels.len() <= 4, "{} kernels", p.kernels.len());
    for k in &p.kernels {
        assert!(k.spec.node.chars().count() <= 200, "{}", k.spec.node);
    }
    let total: usize = p
        .kernels
        .iter()
        .map(|k| {
            let l = &k.spec.node;
            l.split("; ").filter(|x| !x.starts_with('…')).count() + super::hidden(l)
        })
        .sum();
    assert_eq!(total, 200, "every statement is named or counted once");
    validate_all(&p);
}

#[test]
fn a_head_merge_folds_into_the_attention_store() {
    let src = "graph G { dims { B, H, T, E, D }
        input q: f32[B, H, T, E]; temp ctx: f32[B, H, T, E]; temp ctxt: f32[B, T, H, E];
        temp y: f32[B, T, D]; output z: f32[B, T, D];
        ctx = attention(q, q, q); ctxt = transpose(ctx, 1, 2); y = reshape(ctxt); z = y * 2.0; }";
    let p = plan(src, &[2, 3, 4, 5, 15]);
    assert_eq!(kinds(&p), ["attention", "map"]);
    let KernelBody::Attention(a) = &p.kernels[0].spec.body else { unreachable!() };
    // Point (b, h, t, e) of the attention lands at b·60 + t·15 + h·5 + e of `y`.
    assert_eq!(a.out_strides, Some(vec![60, 5, 15, 1]));
    assert_eq!(p.kernels[0].spec.node, "ctx = attention(q, q, q); y = reshape(ctxt)");
    assert!(p.buffers.iter().all(|b| b.name != "ctx"), "the unmerged heads need no buffer");
    validate_all(&p);
    // Read again later, `ctx` must be stored as it is: no fold.
    let src = "graph G { dims { B, H, T, E, D }
        input q: f32[B, H, T, E]; temp ctx: f32[B, H, T, E]; temp ctxt: f32[B, T, H, E];
        temp y: f32[B, T, D]; output z: f32[B, T, D]; output w: f32[B, H, T, E];
        ctx = attention(q, q, q); ctxt = transpose(ctx, 1, 2); y = reshape(ctxt); z = y * 2.0;
        w = ctx + 1.0; }";
    let p = plan(src, &[2, 3, 4, 5, 15]);
    assert!(p.kernels.iter().all(|k| match &k.spec.body {
        KernelBody::Attention(a) => a.out_strides.is_none(),
        _ => true,
    }));
}

/// The paired kernel of plan `p`: (its label, whether its epilogue reads `Acc2`).
fn paired(p: &Plan) -> Vec<(String, bool)> {
    p.kernels
        .iter()
        .filter_map(|k| match &k.spec.body {
            KernelBody::Matmul(m) if m.b2.is_some() => {
                let mut acc2 = false;
                m.epilogue.visit(&mut |e| acc2 |= matches!(e, crate::ir::SExpr::Acc2));
                Some((k.spec.node.clone(), acc2))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn few_row_products_of_one_input_pair() {
    let gated = "graph G { dims { B, D, F } input x: f32[B, D]; weight wg: f32[D, F]; weight wu: f32[F, D];
         output h: f32[B, F];
         h = silu(matmul(x, wg) + 1.0) * matmul(x, transpose(wu)); }";
    let p = plan(gated, &[2, 16, 24]);
    assert_eq!(kinds(&p), ["matmul"]);
    assert_eq!(paired(&p), [("h = silu(matmul(x, wg) + 1.0) * matmul(x, transpose(wu))".to_string(), true)]);
    validate_all(&p);
    // Too many rows for the skinny kernel: unpaired.
    let p = plan(gated, &[9, 16, 24]);
    assert_eq!(kinds(&p), ["matmul", "matmul"]);
    // The first product's result read again later, or products of different inputs: unpaired.
    let p = plan(
        "graph G { dims { B, D, F } input x: f32[B, D]; weight wg: f32[D, F]; weight wu: f32[D, F];
         temp g: f32[B, F]; output h: f32[B, F]; output z: f32[B, F];
         g = matmul(x, wg); h = g * matmul(x, wu); z = g + 1.0; }",
        &[1, 16, 24],
    );
    assert!(paired(&p).is_empty());
    let p = plan(
        "graph G { dims { B, D, F } input x: f32[B, D]; input y: f32[B, D]; weight wg: f32[D, F];
         weight wu: f32[D, F]; output h: f32[B, F];
         h = matmul(x, wg) * matmul(y, wu); }",
        &[1, 16, 24],
    );
    assert!(paired(&p).is_empty());
}

#[test]
fn pairing_can_be_turned_off() {
    // Plans are pure functions of the graph, so compare a plan built without the pass.
    let src = "graph G { dims { B, D, F } input x: f32[B, D]; weight wg: f32[D, F]; weight wu: f32[D, F];
         output h: f32[B, F]; h = silu(matmul(x, wg)) * matmul(x, wu); }";
    let mut p = crate::plan::tests::plan_unfused(src, &[1, 8, 8]);
    assert_eq!(kinds(&p), ["matmul", "matmul"]);
    super::fuse(&mut p, &crate::options::Fusion::default(), usize::MAX);
    assert_eq!(kinds(&p), ["matmul"]);
}

/// Each product's (label, folded norm).
fn folded(p: &Plan) -> Vec<(String, bool)> {
    p.kernels
        .iter()
        .filter_map(|k| match &k.spec.body {
            KernelBody::Matmul(m) => Some((k.spec.node.clone(), m.rms.is_some())),
            _ => None,
        })
        .collect()
}

#[test]
fn rms_norms_fold_into_the_few_row_products_they_feed() {
    use crate::plan::tests::MLP;
    // Norm, paired gate/up, down: the norm folds into the pair.
    let p = plan(MLP, &[3, 16, 24]);
    assert_eq!(kinds(&p), ["matmul", "matmul"]);
    assert_eq!(
        folded(&p),
        [
            ("n = rms_norm(x, g, eps); h = silu(matmul(n, w_gate)) * matmul(n, w_up)".to_string(), true),
            ("y = x + matmul(h, w_down)".to_string(), false)
        ]
    );
    assert!(paired(&p)[0].1, "the pair reads Acc2");
    validate_all(&p);
    // Too many rows: neither pairs nor folds.
    assert_eq!(kinds(&plan(MLP, &[9, 16, 24])), ["rms_norm", "matmul", "matmul", "matmul"]);
    // One product alone takes it too.
    let one = "graph G { dims { B, D, F } input x: f32[B, D]; weight g: f32[D]; weight w: f32[F, D];
         temp n: f32[B, D]; output y: f32[B, F];
         n = rms_norm(x, g, 1e-6); y = matmul(n, transpose(w)) * 2.0; }";
    let p = plan(one, &[8, 16, 24]);
    assert_eq!(kinds(&p), ["matmul"]);
    validate_all(&p);
    // The normalised value read again, a 16-bit temp (it would round), a layer norm: kept.
    for src in [
        "graph G { dims { B, D, F } input x: f32[B, D]; weight g: f32[D]; weight w: f32[D, F];
         temp n: f32[B, D]; output y: f32[B, F]; output z: f32[B, D];
         n = rms_norm(x, g, 1e-6); y = matmul(n, w); z = n + 1.0; }",
        "graph G { dims { B, D, F } input x: f32[B, D]; weight g: f32[D]; weight w: f32[D, F];
         temp n: f16[B, D]; output y: f32[B, F];
         n = rms_norm(x, g, 1e-6); y = matmul(n, w); }",
        "graph G { dims { B, D, F } input x: f32[B, D]; weight g: f32[D]; weight b: f32[D]; weight w: f32[D, F];
         temp n: f32[B, D]; output y: f32[B, F];
         n = layer_norm(x, g, b, 1e-6); y = matmul(n, w); }",
    ] {
        let p = plan(src, &[2, 16, 24]);
        assert!(folded(&p).iter().all(|(_, f)| !f), "{src}");
    }
}

#[test]
fn the_norm_fold_can_be_turned_off() {
    let mut p = crate::plan::tests::plan_unfused(crate::plan::tests::MLP, &[1, 8, 8]);
    super::pair::pair_products(&mut p, usize::MAX);
    assert_eq!(kinds(&p), ["rms_norm", "matmul", "matmul"]);
    super::norm::fold_norms(&mut p, usize::MAX);
    assert_eq!(kinds(&p), ["matmul", "matmul"]);
}

/// The buffer names kernel `i` binds, in argument order, output first.
fn binds(p: &Plan, i: usize) -> Vec<String> {
    let k = &p.kernels[i].spec;
    let out = k.body.out();
    let mut v = vec![p.buffers[k.args[out].buffer].name.clone()];
    v.extend(k.args.iter().enumerate().filter(|(a, _)| *a != out).map(|(_, a)| p.buffers[a.buffer].name.clone()));
    v
}

#[test]
fn copies_that_start_and_end_a_running_value_are_elided() {
    let stream = "graph S { dims { B, D, L } input x: f32[B, D]; weight w: f32[L, D, D]; temp r: f32[B, D];
         temp h: f32[B, D]; output y: f32[B, D];
         r = x;
         for l in 0..L { h = matmul(r, w[l]); r = r + tanh(h); }
         y = r; }";
    let p = plan(stream, &[2, 8, 3]);
    assert_eq!(kinds(&p), ["matmul", "map", "matmul", "map", "matmul", "map"]);
    // The first product and the first update read x; the last update writes y.
    assert!(binds(&p, 0).contains(&"x".to_string()) && !binds(&p, 0).contains(&"r".to_string()), "{:?}", binds(&p, 0));
    assert_eq!(binds(&p, 1)[0], "r");
    assert!(binds(&p, 1).contains(&"x".to_string()), "{:?}", binds(&p, 1));
    assert_eq!(binds(&p, 5)[0], "y");
    assert!(binds(&p, 5).contains(&"r".to_string()), "the last update still reads r: {:?}", binds(&p, 5));
    assert!(p.kernels[5].spec.node.ends_with("; y = r"), "{}", p.kernels[5].spec.node);
    validate_all(&p);
    // Without the pass: both copies run.
    let mut u = crate::plan::tests::plan_unfused(stream, &[2, 8, 3]);
    let before = u.kernels.len();
    super::copy::elide_copies(&mut u);
    assert_eq!(u.kernels.len(), before - 2);
}

#[test]
fn copies_stay_where_their_source_changes_or_their_result_is_read_later() {
    // The source (a state) changes before the copy's reader: the copy must hold the old value.
    let p = plan(
        "graph G { dims { N } state s: f32[N]; temp t: f32[N]; output y: f32[N];
         t = s; s = s * 0.5; y = t + s; }",
        &[8],
    );
    assert_eq!(kinds(&p), ["map", "map", "map"]);
    // The copied temp is read after the tail copy: its writer keeps writing it.
    let p = plan(
        "graph G { dims { N } input x: f32[N]; temp r: f32[N]; output y: f32[N]; output z: f32[N];
         r = exp(x) + 1.0; y = r; z = r * 2.0; }",
        &[8],
    );
    assert!(
        p.kernels.iter().any(|k| k.spec.node == "y = r"),
        "{:?}",
        p.kernels.iter().map(|k| &k.spec.node).collect::<Vec<_>>()
    );
}

#[test]
fn consecutive_kernels_over_the_same_rows_chain() {
    // Dependent softmaxes: one kernel for each `MAX_STAGES`.
    let mut src = String::from("graph G { dims { N } input x: f32[1, N]; output y: f32[1, N];");
    for i in 1..10 {
        src += &format!("temp t{i}: f32[1, N];");
    }
    src += "t1 = softmax(x);";
    for i in 2..10 {
        src += &format!("t{i} = softmax(t{});", i - 1);
    }
    src += "y = softmax(t9); }";
    let p = plan(&src, &[1024]);
    assert_eq!(super::rows::MAX_STAGES, 8);
    assert_eq!(p.kernels.len(), 2);
    assert!(p.kernels.iter().all(|k| k.spec.body.kind() == "rows"));
    assert_eq!(kinds(&p), ["softmax"; 10]);
    validate_all(&p);
    // A norm by hand: reductions broadcast back over their rows, and the maps between them.
    let norm = "graph G { dims { R, C } input x: f32[R, C]; temp mu: f32[R, 1]; temp d: f32[R, C];
         temp var: f32[R, 1]; output y: f32[R, C];
         mu = mean(x, keepdim = true); d = x - mu; var = mean(d * d, keepdim = true); y = d / sqrt(var + 1e-5); }";
    let p = plan(norm, &[6, 100]);
    assert_eq!(p.kernels.len(), 1);
    assert_eq!(kinds(&p), ["row", "map", "row", "map"]);
    validate_all(&p);
    // Off: four kernels.
    assert_eq!(plan_unchained(norm, &[6, 100]).kernels.len(), 4);
}

#[test]
fn chains_stop_where_a_row_reads_another_rows_result() {
    // Row 0's softmax read by every row: a workgroup would read what another writes.
    let p = plan(
        "graph G { dims { R, C } input x: f32[R, C]; temp t: f32[R, C]; output y: f32[R, C];
         t = softmax(x); y[r, c] = t[0, c] + x[r, c]; }",
        &[4, 64],
    );
    assert_eq!(p.kernels.len(), 2, "{:?}", kinds(&p));
    // Rows of different widths, and a u32 output, stay apart.
    let p = plan(
        "graph G { dims { R, C } input x: f32[R, C]; input z: f32[R, 8]; output y: f32[R, C]; output w: f32[R, 8];
         output a: u32[R]; y = softmax(x); w = softmax(z); a = argmax(x); }",
        &[4, 64],
    );
    assert_eq!(p.kernels.len(), 3);
    // A row sum whose input has a factor the same along the row (WGSL would stream it alone).
    let p = plan(
        "graph G { dims { R, C } input x: f32[R, C]; uniform k: f32 = 2.0; output y: f32[R, C]; output s: f32[R];
         y = softmax(x); s = sum(x * k); }",
        &[4, 64],
    );
    assert_eq!(p.kernels.len(), 2);
}

/// [`plan`] with every pass but row chains.
fn plan_unchained(src: &str, dims: &[usize]) -> Plan {
    let mut p = crate::plan::tests::plan_unfused(src, dims);
    super::fuse_without_rows(&mut p, &crate::options::Fusion::default(), usize::MAX);
    p
}

/// Attention written as scores, softmax and values (a decoder's: grouped heads reading one
/// cache through a broadcast axis, slots past the position masked by a select).
const STATEMENT_ATTENTION: &str = "graph G { dims { T, S, KV, G, E }
    input qh: f32[KV, G, T, E]; input cache: f32[2, KV, 1, S, E]; input mask: f32[T, S];
    temp scores: f32[KV, G, T, S]; temp probs: f32[KV, G, T, S]; temp ctx: f32[KV, G, T, E];
    temp ctxt: f32[T, KV, G, E]; output y: f32[T, KV, G, E];
    scores = select(mask == 0.0, matmul(qh, transpose(cache[0]), precision = tf32x3) * rsqrt(E as f32), -inf);
    probs = softmax(scores);
    ctx = matmul(probs, cache[1]) + 1.0;
    ctxt = permute(ctx, 2, 0, 1, 3);
    y = ctxt * 2.0; }";

/// [`plan`] with the attention fold on (`Fusion::attention`, which devices gate:
/// `Device::attention_statements_fold`, wgpu's).
fn plan_folding_attention(src: &str, dims: &[usize]) -> Plan {
    let mut p = crate::plan::tests::plan_unfused(src, dims);
    let passes = crate::options::Fusion { attention: true, ..Default::default() };
    super::fuse(&mut p, &passes, usize::MAX);
    p
}

#[test]
fn attention_statements_with_few_queries_fold_into_chunks_of_keys() {
    let p = plan_folding_attention(STATEMENT_ATTENTION, &[1, 1024, 3, 3, 64]);
    assert_eq!(kinds(&p), ["attention", "attention", "map"]);
    let (KernelBody::Attention(chunks), KernelBody::Attention(combine)) =
        (&p.kernels[0].spec.body, &p.kernels[1].spec.body)
    else {
        unreachable!()
    };
    assert_eq!((chunks.batch.as_slice(), chunks.tq, chunks.tk, chunks.e, chunks.ev), (&[3, 3, 32][..], 1, 32, 64, 64));
    // Keys read as [kv, g, chunk, slot, e]: the broadcast group axis keeps stride 0.
    assert_eq!(chunks.k.as_load().map(|(_, s)| s.to_vec()), Some(vec![65536, 0, 2048, 64, 1]));
    assert_eq!(chunks.scale, SExpr::Const(Const::F32(0.125)));
    let Some(SExpr::Select { on_true, on_false, .. }) = &chunks.mask else { panic!("the select becomes a mask") };
    assert_eq!(
        (&**on_true, &**on_false),
        (&SExpr::Const(Const::F32(0.0)), &SExpr::Const(Const::F32(f32::NEG_INFINITY)))
    );
    assert!(matches!(combine.epilogue, SExpr::Binary { .. }), "the values' epilogue moves over");
    assert!(p.buffers.iter().all(|b| b.name != "scores" && b.name != "probs"));
    validate_all(&p);
    // Eight queries an entry (a prompt) keep their products, as do 64 keys (too few for four
    // chunks of 32) and the default (pass off).
    let prompt = plan_folding_attention(STATEMENT_ATTENTION, &[8, 1024, 3, 3, 64]);
    assert_eq!(kinds(&prompt)[..3], ["matmul", "softmax", "matmul"]);
    let short = plan_folding_attention(STATEMENT_ATTENTION, &[1, 64, 3, 3, 64]);
    assert_eq!(kinds(&short)[..3], ["matmul", "softmax", "matmul"]);
    assert_eq!(kinds(&plan(STATEMENT_ATTENTION, &[1, 1024, 3, 3, 64]))[..3], ["matmul", "softmax", "matmul"]);
}

#[test]
fn prompt_attention_statements_at_tf32x3_fold_where_the_target_has_tensor_cores() {
    let tf32x3 = STATEMENT_ATTENTION.replace("matmul(probs, cache[1])", "matmul(probs, cache[1], precision = tf32x3)");
    let lower = |src: &str, dims: &[usize], prompts: bool| {
        let target = crate::plan::Target { prompt_attention: prompts, ..Default::default() };
        let g = crate::instance::parse_graph_source(src).unwrap();
        crate::plan::lower_for_target(&g, dims, &target).unwrap()
    };
    // 64 rows an entry over 1,024 keys, both products at tf32x3: one attention that keeps the
    // precision, its keys split over 4 blocks (9 entries of one row block fill few).
    let p = lower(&tf32x3, &[64, 1024, 3, 3, 64], true);
    assert_eq!(kinds(&p), ["attention", "map"]);
    let KernelBody::Attention(a) = &p.kernels[0].spec.body else { unreachable!() };
    assert_eq!(a.precision, crate::graph::checked::Precision::Tf32x3);
    assert_eq!(
        crate::ir::limits::attention_mma_layout(a),
        Some(crate::ir::limits::AttentionMma { x3: true, parts: 4 })
    );
    validate_all(&p);
    // A mask computed from the position alone: the attention computes it itself, and its
    // producer goes.
    let computed = tf32x3
        .replace("input mask: f32[T, S];", "uniform pos: u32; temp mask: f32[T, S];")
        .replace("scores = select", "mask[t, j] = select(j <= pos + t, 0.0, -inf); scores = select");
    let p = lower(&computed, &[64, 1024, 3, 3, 64], true);
    assert_eq!(kinds(&p), ["attention", "map"]);
    let KernelBody::Attention(a) = &p.kernels[0].spec.body else { unreachable!() };
    let mut loads = 0;
    a.mask.as_ref().expect("a mask").visit_args(&mut |_| loads += 1);
    assert_eq!(loads, 0, "{:?}", a.mask);
    assert!(p.buffers.iter().all(|b| b.name != "mask"));
    validate_all(&p);
    // A target without it, a values' product at f32, heads of 20 dims, or 8 rows (too few for a
    // block of 16): three kernels.
    for (src, dims, prompts) in [
        (&tf32x3, [64, 1024, 3, 3, 64], false),
        (&STATEMENT_ATTENTION.to_string(), [64, 1024, 3, 3, 64], true),
        (&tf32x3, [64, 1024, 3, 3, 20], true),
        (&tf32x3, [8, 1024, 3, 3, 64], true),
    ] {
        let p = lower(src, &dims, prompts);
        assert_eq!(kinds(&p)[..3], ["matmul", "softmax", "matmul"], "{dims:?}, target {prompts}");
    }
}

#[test]
fn attention_statements_stay_apart_where_a_temp_is_read_again() {
    let src = STATEMENT_ATTENTION
        .replace("y = ctxt * 2.0; }", "y = ctxt * 2.0; out2 = probs; }")
        .replace("output y: f32[T, KV, G, E];", "output y: f32[T, KV, G, E]; output out2: f32[KV, G, T, S];");
    let p = plan_folding_attention(&src, &[1, 1024, 3, 3, 64]);
    assert!(!kinds(&p).contains(&"attention"), "{:?}", kinds(&p));
}

#[test]
fn layer_norms_fold_into_block_format_products_only() {
    let src = |ty: &str| {
        format!(
            "graph G {{ dims {{ B, D, F }} input x: f32[B, D]; weight g: f32[D]; weight b: f32[D];
             weight w: {ty}[F, D]; temp n: f32[B, D]; output y: f32[B, F];
             n = layer_norm(x, g, b, 1e-5); y = matmul(n, transpose(w)) + 1.0; }}"
        )
    };
    let layer = |p: &Plan| {
        p.kernels
            .iter()
            .filter_map(|k| match &k.spec.body {
                KernelBody::Matmul(m) => Some(m.layer.as_ref().map(|l| l.bias.is_some())),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    // Q8_0 rows of 768 (GPT-2's): one kernel, gain and bias in the product.
    let q8 = plan(&src("q8_0"), &[1, 768, 64]);
    assert_eq!(kinds(&q8), ["matmul"]);
    assert_eq!(layer(&q8), [Some(true)]);
    validate_all(&q8);
    // f32 weights (CUDA's decode kernels do not take it), or rows past the staging limit
    // (3 × 1,024 values): the norm stays a kernel.
    for (ty, dims) in [("f32", [1, 768, 64]), ("q8_0", [3, 1024, 64])] {
        let p = plan(&src(ty), &dims);
        assert_eq!(kinds(&p), ["layer_norm", "matmul"], "{ty} {dims:?}");
        assert_eq!(layer(&p), [None], "{ty} {dims:?}");
    }
}
