//! Lowering whole graphs: plans have the expected kernels, every kernel's WGSL validates with
//! naga, and CUDA-C programs are emitted (NVRTC compiles them in the backend's tests).

use super::{code, cuda, lower, wgsl};
use crate::graph::parse_and_check;
use crate::ir::KernelBody;
use std::str::FromStr;

pub(crate) fn plan(src: &str, dims: &[usize]) -> crate::ir::Plan {
    let g = parse_and_check(proc_macro2::TokenStream::from_str(src).expect("tokens"))
        .unwrap_or_else(|e| panic!("{:?}", e.iter().map(|e| &e.message).collect::<Vec<_>>()));
    lower(&g, dims).unwrap()
}

pub(crate) fn validate_all(p: &crate::ir::Plan) {
    for k in &p.kernels {
        let src = wgsl::emit_kernel(p, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]);
        if let Err(e) = wgsl::validate(&src) {
            panic!("{}:\n{src}\n{e}", k.spec.node);
        }
    }
    cuda::emit_program(p).unwrap();
}

pub(crate) const MLP: &str = "graph MlpBlock { dims { B, D, F }
    input x: f32[B, D]; weight g: f32[D]; weight w_gate: f32[D, F]; weight w_up: f32[D, F];
    weight w_down: f32[F, D]; uniform eps: f32 = 1e-5; temp n: f32[B, D]; temp h: f32[B, F];
    output y: f32[B, D];
    n = rms_norm(x, g, eps);
    h = silu(matmul(n, w_gate)) * matmul(n, w_up);
    y = x + matmul(h, w_down);
}";

pub(crate) const BERT: &str = "graph Bert { dims { B, T, D, H, E, F, L, V, P }
    input ids: u32[B, T]; input mask: u32[B, T];
    weight wte: f32[V, D]; weight wpe: f32[P, D];
    weight wq: f32[L, D, D]; weight bq: f32[L, D]; weight w1: f32[L, F, D]; weight b1: f32[L, F];
    weight w2: f32[L, D, F]; weight ln_g: f32[L, D]; weight ln_b: f32[L, D];
    temp x: f32[B, T, D]; temp q: f32[B, T, D]; temp q4: f32[B, T, H, E]; temp qh: f32[B, H, T, E];
    temp am: f32[B, 1, 1, T]; temp o: f32[B, H, T, E]; temp ot: f32[B, T, H, E]; temp oc: f32[B, T, D];
    temp r: f32[B, T, D]; temp f: f32[B, T, F]; temp s: f32[B, D]; temp cnt: f32[B];
    output y: f32[B, D]; output top: u32[B, T];
    x[b, t, d] = wte[ids[b, t], d] + wpe[t, d];
    am[b, u, v, t] = select(mask[b, t] > 0, 0.0, -inf);
    for l in 0..L {
        q = matmul(x, transpose(wq[l])) + bq[l];
        q4 = reshape(q);
        qh = transpose(q4, 1, 2);
        o = attention(qh, qh, qh, mask = am);
        ot = transpose(o, 1, 2);
        oc = reshape(ot);
        r = x + oc;
        x = layer_norm(r, ln_g[l], ln_b[l], 1e-12);
        f = gelu(matmul(x, transpose(w1[l])) + b1[l]);
        r = x + matmul(f, transpose(w2[l]));
        x = layer_norm(r, ln_g[l], ln_b[l], 1e-12);
    }
    s[b, d] = sum(t, x[b, t, d] * (mask[b, t] as f32));
    cnt[b] = sum(t, mask[b, t] as f32);
    y[b, d] = s[b, d] / cnt[b];
    top = argmax(x);
}";

#[test]
fn mlp_block_is_three_kernels_and_valid() {
    let p = plan(MLP, &[3, 40, 24]);
    let kinds: Vec<&str> = p.kernels.iter().map(|k| k.spec.body.kind()).collect();
    assert_eq!(kinds, ["rms_norm", "matmul", "matmul", "matmul"]);
    validate_all(&p);
}

#[test]
fn a_bert_encoder_lowers_with_views_and_shared_kernels() {
    // B, T, D, H, E, F, L, V, P
    let p = plan(BERT, &[2, 5, 8, 2, 4, 16, 3, 11, 7]);
    let kinds: Vec<&str> = p.kernels.iter().map(|k| k.spec.body.kind()).collect();
    // 2 prep + 3 layers × (q, attention, copy of the transposed output, residual, norm, ffn up,
    // ffn down, norm) + pooling (3) + argmax.
    assert_eq!(kinds.len(), 2 + 3 * 8 + 3 + 1, "{kinds:?}");
    validate_all(&p);
    let (_, fns) = cuda::emit_program(&p).unwrap();
    let distinct: std::collections::HashSet<&str> = fns.iter().flatten().map(|f| f.name.as_str()).collect();
    assert!(distinct.len() < 16, "{} distinct CUDA functions", distinct.len());
    assert!(p.kernels.iter().any(|k| matches!(k.spec.body, KernelBody::Attention(_))));
}

/// Row ops of every kind with expression inputs and epilogues (and an f16 output, which is
/// never stored 16 bytes at a time).
pub(crate) const ROWS: &str = "graph Rows { dims { R, C }
    input x: f32[R, C]; input y: f32[R, C]; input v: f32[C]; weight g: f32[C]; weight bta: f32[C];
    uniform eps: f32 = 1e-5;
    output sm: f32[R, C]; output smh: f16[R, C]; output rn: f32[R, C]; output ln: f32[R, C];
    output s: f32[R]; output am: u32[R];
    sm = softmax(x * 0.5 + v) + y;
    smh = softmax(x) as f16;
    rn = rms_norm(x, g * 2.0, eps) * 2.0;
    ln = layer_norm(x + y, g, bta, eps);
    s = mean(x * v) + 1.0;
    am = argmax(x - v);
}";

fn is_row(body: &KernelBody) -> bool {
    matches!(body, KernelBody::Row { .. } | KernelBody::Softmax { .. } | KernelBody::Norm { .. })
}

#[test]
fn row_layouts_pack_short_rows_and_stream_long_ones() {
    use crate::ir::Schedule;
    use code::geometry::{row_layout, RowLayout};
    let s = Schedule::default();
    let resident = |per_row, rows| RowLayout { per_row, rows, resident: true };
    assert_eq!(row_layout(5, &s), resident(1, 256));
    assert_eq!(row_layout(384, &s), resident(32, 8), "MiniLM's norms: 12 values a thread");
    assert_eq!(row_layout(1024, &s), resident(64, 4));
    assert_eq!(row_layout(8192, &s), resident(256, 1));
    assert_eq!(row_layout(16384, &s), resident(256, 1));
    assert!(!row_layout(16385, &s).resident);
    assert!(!row_layout(100, &Schedule { workgroup: 96, items: 1 }).resident, "not a power of two");
}

#[test]
fn row_kernels_read_rows_once_in_both_dialects() {
    for (r, c, rows_per_group, vector) in
        [(37, 5, 256, false), (13, 384, 8, true), (5, 1023, 4, false), (2, 8192, 1, true)]
    {
        let p = plan(ROWS, &[r, c]);
        validate_all(&p);
        let rows: Vec<_> = p.kernels.iter().filter(|k| is_row(&k.spec.body)).collect();
        assert_eq!(rows.len(), 6, "{c}");
        for k in rows {
            let f = cuda::emit_function(&k.spec, &k.schedule).unwrap();
            let variant = f.variant.clone().unwrap_or_default();
            assert!(variant.contains(&format!("({rows_per_group} rows x")), "{c}: {variant}");
            let wgsl = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]);
            // One pass over the row: no column loop (WGSL row reductions stream).
            let per_row = matches!(k.spec.body, KernelBody::Row { .. });
            assert!((per_row || !wgsl.contains("for (")) && !f.code.contains("for ("), "{c}: {}", f.code);
            let vectors = f.code.contains("reinterpret_cast<const forge_v4f*>");
            assert_eq!(vectors, vector, "{c} {}: {}", k.spec.node, f.code);
            assert_eq!(f.grid[0] as usize, r.div_ceil(rows_per_group as usize), "{c}");
        }
    }
    // Too long for registers: the streaming template, one row a workgroup.
    let p = plan(ROWS, &[2, 20000]);
    validate_all(&p);
    for k in p.kernels.iter().filter(|k| is_row(&k.spec.body)) {
        let f = cuda::emit_function(&k.spec, &k.schedule).unwrap();
        assert!(f.variant.is_none() && f.code.contains("for ("), "{}", f.code);
        assert_eq!(f.grid[0], 2);
    }
}

#[test]
#[ignore = "writes /tmp/forge_dump for manual inspection"]
fn dump_sources() {
    let p = plan(BERT, &[2, 5, 8, 2, 4, 16, 3, 11, 7]);
    let _ = std::fs::create_dir_all("/tmp/forge_dump");
    let (prog, _) = cuda::emit_program(&p).unwrap();
    std::fs::write("/tmp/forge_dump/bert.cu", prog).unwrap();
    let mut all = String::new();
    for k in &p.kernels {
        all.push_str(&wgsl::emit_kernel(&p, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]));
    }
    std::fs::write("/tmp/forge_dump/bert.wgsl", all).unwrap();
}
