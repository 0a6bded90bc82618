//! Lowering whole graphs: plans have the expected kernels, every kernel's WGSL validates with
//! naga, and CUDA-C programs are emitted (NVRTC compiles them in the backend's tests).

use super::lower;
use crate::codegen::{self as code, cuda, wgsl};
use crate::graph::checked::Precision;
use crate::graph::parse_and_check;
use crate::ir::KernelBody;
use std::str::FromStr;

pub(crate) fn plan(src: &str, dims: &[usize]) -> crate::ir::Plan {
    let g = parse_and_check(proc_macro2::TokenStream::from_str(src).expect("tokens"))
        .unwrap_or_else(|e| panic!("{:?}", e.iter().map(|e| &e.message).collect::<Vec<_>>()));
    lower(&g, dims).unwrap()
}

/// [`plan`] before fusion.
pub(crate) fn plan_unfused(src: &str, dims: &[usize]) -> crate::ir::Plan {
    let g = parse_and_check(proc_macro2::TokenStream::from_str(src).expect("tokens"))
        .unwrap_or_else(|e| panic!("{:?}", e.iter().map(|e| &e.message).collect::<Vec<_>>()));
    crate::plan::lower_unfused(&g, dims).unwrap()
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

pub(crate) use super::test_graphs::{BERT, MLP};

#[test]
fn mlp_block_is_two_kernels_and_valid() {
    // Few rows: the gate and up products are one paired kernel, which takes the norm in.
    let p = plan(MLP, &[3, 40, 24]);
    let kinds: Vec<&str> = p.kernels.iter().map(|k| k.spec.body.kind()).collect();
    assert_eq!(kinds, ["matmul", "matmul"]);
    validate_all(&p);
    // More rows than the skinny kernel takes: two products.
    let p = plan(MLP, &[16, 40, 24]);
    let kinds: Vec<&str> = p.kernels.iter().map(|k| k.spec.body.kind()).collect();
    assert_eq!(kinds, ["rms_norm", "matmul", "matmul", "matmul"]);
    validate_all(&p);
}

#[test]
fn a_bert_encoder_lowers_with_views_and_shared_kernels() {
    // B, T, D, H, E, F, L, V, P
    let p = plan(BERT, &[2, 5, 8, 2, 4, 16, 3, 11, 7]);
    let kinds: Vec<&str> = p.kernels.iter().map(|k| k.spec.body.kind()).collect();
    // 2 prep + 3 layers × (q, attention (storing the heads merged), residual and norm (one
    // row chain), ffn up, ffn down, norm) + pooling (3) + argmax.
    assert_eq!(kinds.len(), 2 + 3 * 6 + 3 + 1, "{kinds:?}");
    assert_eq!(kinds.iter().filter(|&&k| k == "rows").count(), 3, "{kinds:?}");
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
    matches!(body, KernelBody::Row { .. } | KernelBody::Softmax { .. } | KernelBody::Norm { .. } | KernelBody::Rows(_))
}

/// Row bodies a kernel runs (a chain's stages).
fn row_stages(body: &KernelBody) -> usize {
    match body {
        KernelBody::Rows(c) => c.stages.len(),
        _ => 1,
    }
}

#[test]
fn row_layouts_pack_short_rows_and_stream_long_ones() {
    use crate::ir::Schedule;
    use code::geometry::{row_layout, RowLayout};
    let s = Schedule::default();
    let resident = |per_row, rows| RowLayout { per_row, rows, resident: true };
    let many = 1 << 20;
    assert_eq!(row_layout(5, many, &s), resident(1, 256));
    assert_eq!(row_layout(384, many, &s), resident(32, 8), "MiniLM's norms: 12 values a thread");
    assert_eq!(row_layout(1024, many, &s), resident(64, 4));
    assert_eq!(row_layout(8192, many, &s), resident(256, 1));
    assert_eq!(row_layout(16384, many, &s), resident(256, 1));
    assert!(!row_layout(16385, many, &s).resident);
    let odd = Schedule { workgroup: 96, items: 1, coop: false, warp_sums: false, clusters: false, tensor_cores: false };
    assert!(!row_layout(100, many, &odd).resident, "not a power of two");
    // Rows that fit one workgroup: a row's threads hold one vector each.
    assert_eq!(row_layout(1024, 1, &s), resident(256, 1));
    assert_eq!(row_layout(1024, 4, &s), resident(256, 1));
    assert_eq!(row_layout(1024, 5, &s), resident(64, 4), "two workgroups: as many rows");
    assert_eq!(row_layout(384, 240, &s), resident(32, 8), "MiniLM batch 8's norms");
    assert_eq!(row_layout(5, 3, &s), resident(2, 128));
    assert_eq!(row_layout(16384, 1, &s), resident(256, 1));
}

/// Chain stages wait at a barrier only where something could race: dependent softmaxes (each
/// fed from registers, each reduction on arrays the one before does not end on) wait only
/// inside their own reductions; a hand layer norm's stages read what the ones before wrote, so
/// each waits first.
#[test]
fn chain_stages_wait_only_where_they_could_race() {
    let softmaxes =
        "graph S { dims { R, C } input x: f32[R, C]; temp a: f32[R, C]; temp b: f32[R, C]; output y: f32[R, C];
        a = softmax(x); b = softmax(a); y = softmax(b); }";
    let norm = "graph N { dims { R, C } input x: f32[R, C]; temp mu: f32[R, 1]; temp d: f32[R, C]; temp var: f32[R, 1]; output y: f32[R, C];
        mu = mean(x, keepdim = true); d = x - mu; var = mean(d * d, keepdim = true); y = d / sqrt(var + 1e-5); }";
    // (source, stages, CUDA barriers, WGSL barriers between stages) for 1 x 1024: CUDA has 256
    // threads a row, so each reduction waits once (shuffles, then the warps' parts), and a
    // barrier between stages is one more; WGSL's stage barrier is the only `storageBarrier`.
    for (src, stages, cuda_waits, wgsl_between) in [(softmaxes, 3, 6, 0), (norm, 4, 2 + 3, 3)] {
        let p = plan(src, &[1, 1024]);
        validate_all(&p);
        assert_eq!(p.kernels.len(), 1, "{src}");
        let k = &p.kernels[0];
        assert_eq!(row_stages(&k.spec.body), stages);
        let f = cuda::emit_function(&k.spec, &k.schedule).unwrap();
        assert_eq!(f.code.matches("__syncthreads();").count(), cuda_waits, "{}", f.code);
        let w = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]);
        assert_eq!(w.matches("storageBarrier();").count(), wgsl_between, "{w}");
    }
}

/// CUDA's softmax takes a warp's max in one `redux.sync` (`forge_warp_fmax`) and divides by the
/// row total through one reciprocal (`forge_div_fast`), with the divisions kept for operands
/// out of its range; WGSL divides. Where a row fits a warp or less, the max takes shuffles.
#[test]
fn cuda_softmax_folds_a_warp_in_one_instruction_and_divides_once() {
    let src = "graph S { dims { R, C } input x: f32[R, C]; output y: f32[R, C]; y = softmax(x); }";
    for (c, redux) in [(1024, true), (8192, true), (24, false)] {
        let p = plan(src, &[3, c]);
        validate_all(&p);
        let k = &p.kernels[0];
        let f = cuda::emit_function(&k.spec, &k.schedule).unwrap();
        assert_eq!(f.code.contains("part = forge_warp_fmax(part);"), redux, "{c}: {}", f.code);
        assert!(f.code.contains("forge_divisor_of(total)") && f.code.contains("forge_div_fast(x0, per_total)"), "{c}");
        assert!(f.code.contains("in_range & per_total.fast") && f.code.contains("x0 = x0 / total;"), "{c}");
        let w = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]);
        assert!(!w.contains("forge_div_fast") && w.contains("x0 / total"), "{c}: {w}");
    }
}

#[test]
fn row_kernels_read_rows_once_in_both_dialects() {
    for (r, c, rows_per_group, vector) in
        [(37, 5, 128, false), (13, 384, 8, true), (5, 1023, 4, false), (2, 8192, 1, true), (1, 1024, 1, true)]
    {
        let p = plan(ROWS, &[r, c]);
        validate_all(&p);
        let rows: Vec<_> = p.kernels.iter().filter(|k| is_row(&k.spec.body)).collect();
        // rn, ln and s chain (sm's f16 neighbour and am's u32 output keep those apart).
        assert_eq!(rows.iter().map(|k| row_stages(&k.spec.body)).sum::<usize>(), 6, "{c}");
        assert_eq!(rows.len(), 4, "{c}");
        for k in rows {
            // A chain whose rows fit one workgroup has only their threads.
            let rows_per_group =
                if row_stages(&k.spec.body) > 1 { rows_per_group.min(r.next_power_of_two()) } else { rows_per_group };
            let f = cuda::emit_function(&k.spec, &k.schedule).unwrap();
            let variant = f.variant.clone().unwrap_or_default();
            assert!(variant.contains(&format!("({rows_per_group} rows x")), "{c}: {variant}");
            let wgsl = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]);
            // One pass over the row: no column loop (WGSL row reductions stream).
            let per_row = matches!(k.spec.body, KernelBody::Row { .. });
            assert!((per_row || !wgsl.contains("for (")) && !f.code.contains("for ("), "{c}: {}", f.code);
            let vectors = f.code.contains("reinterpret_cast<const forge_v4f*>");
            assert_eq!(vectors, vector, "{c} {}: {}", k.spec.node, f.code);
            assert_eq!(f.grid[0] as usize, r.div_ceil(rows_per_group), "{c}");
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

const MAPS: &str = "graph Maps { dims { L, R, C }
    input a: f32[R, C]; input b: f32[C]; input s: f32[L, R, C]; input n: i32[R, C];
    input u: u32[R, C]; input sq: f32[C, C];
    output y: f32[R, C]; output m: i32[R, C]; output v: u32[R, C]; output t: f32[C, C];
    output h: f16[R, C]; state w: f32[R, C];
    y = s[1] * a + b;
    w = w * 0.5 + a;
    m = n * 3 + (a as i32);
    v = u / 7 + 1;
    t = sq + transpose(sq);
    h = (a * 2.0) as f16;
}";

/// WGSL maps of 4-byte elements over a whole number of vectors bind the output and the
/// operands read only at the flat index as `array<vec4<…>>` (indices offset by whole vectors
/// of their base), and read the rest per lane; other maps (f16 outputs, odd point counts, an
/// output base off a vector boundary) stay scalar. Every module validates.
#[test]
fn wgsl_maps_vectorise_where_they_can() {
    use code::geometry::{wgsl_schedule, wgsl_variant_name, VECTOR_POINTS};
    let p = plan(MAPS, &[3, 4, 8]);
    validate_all(&p);
    let find = |node: &str| p.kernels.iter().find(|k| k.spec.node.starts_with(node)).expect("a kernel");
    let emit = |node: &str, bases: &dyn Fn(usize) -> u64| {
        let k = find(node);
        let bases: Vec<u64> = (0..k.spec.args.len()).map(bases).collect();
        let src = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &bases);
        wgsl::validate(&src).unwrap_or_else(|e| panic!("{node}:\n{src}\n{e}"));
        src
    };
    let y = emit("y", &|_| 0);
    assert!(y.contains("a0: array<vec4<f32>>"), "{y}");
    assert!(y.contains("let q1: vec4<f32> = a1[q];") && y.contains("q2.w"), "{y}");
    assert!(y.contains("a0[q] = vec4<f32>(r0, r1, r2, r3);"), "{y}");
    assert!(y.contains("a3: array<f32>"), "the broadcast row keeps its scalar binding: {y}");
    let points = VECTOR_POINTS;
    let name = wgsl_variant_name(&find("y").spec, &find("y").schedule);
    assert_eq!(name, format!("map, 16-byte vectors (256 threads, {points} points)"));
    let m = emit("m", &|_| 0);
    assert!(m.contains("array<vec4<i32>>") && m.contains("vec4<i32>(r0, r1, r2, r3)"), "{m}");
    assert!(emit("v", &|_| 0).contains("array<vec4<u32>>"));
    let t = emit("t", &|_| 0);
    assert!(t.contains("a0: array<vec4<f32>>") && t.contains("a1: array<f32>"), "read transposed too: {t}");
    let w = emit("w", &|_| 0);
    assert!(w.contains("let q0: vec4<f32> = a0[q];"), "in place: the output is read as vectors too: {w}");
    let h = emit("h", &|_| 0);
    assert!(!h.contains("vec4<"), "f16 outputs stay scalar: {h}");
    // Bases of whole vectors offset the vector index; an output base off a vector boundary
    // runs the scalar map (under the same schedule), an operand's keeps its binding scalar.
    let based = emit("y", &|a| [8, 20, 36, 0][a]);
    assert!(based.contains("a0[(q + 2u)] = ") && based.contains("a1[(q + 5u)]"), "{based}");
    let odd = emit("y", &|a| [0, 3, 0, 0][a]);
    assert!(odd.contains("a0: array<vec4<f32>>") && odd.contains("a1: array<f32>"), "{odd}");
    assert!(odd.contains("a1[(i + 3u)]"), "{odd}");
    let odd_out = emit("y", &|a| [1, 0, 0, 0][a]);
    assert!(!odd_out.contains("vec4<") && odd_out.contains("a0[(i + 1u)] = "), "{odd_out}");
    // Not a whole number of vectors: scalar, one point an invocation.
    let p = plan(MAPS, &[3, 3, 5]);
    validate_all(&p);
    for k in &p.kernels {
        let src = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]);
        assert!(!src.contains("vec4<"), "{src}");
        assert_eq!(wgsl_schedule(&k.spec, &k.schedule).items, 1);
    }
}

#[test]
fn attention_runs_blocked_where_an_entry_fits_workgroup_memory() {
    use crate::ir::{AttentionBody, SExpr};
    use code::geometry::{attention_block, ATTENTION_SHARED_FLOATS};
    let body = |batch: Vec<usize>, tq, tk, e| AttentionBody {
        out: 0,
        batch,
        tq,
        tk,
        e,
        ev: e,
        q: SExpr::Acc(crate::elem::Ty::F32),
        k: SExpr::Acc(crate::elem::Ty::F32),
        v: SExpr::Acc(crate::elem::Ty::F32),
        mask: None,
        causal: false,
        scale: SExpr::Acc(crate::elem::Ty::F32),
        epilogue: SExpr::Acc(crate::elem::Ty::F32),
        out_strides: None,
        split_store: None,
        lse: None,
        precision: Default::default(),
    };
    // MiniLM: at batch 64 (768 entries) a workgroup takes an entry's 30 queries; at batch 8 (96
    // entries) 16, so twice as many workgroups.
    let b64 = attention_block(&body(vec![64, 12], 30, 30, 32), 256).map(|b| b.rows());
    assert_eq!(b64, Some(32));
    assert_eq!(attention_block(&body(vec![8, 12], 30, 30, 32), 256).map(|b| b.rows()), Some(16));
    for a in [body(vec![64, 12], 30, 30, 32), body(vec![2, 2], 33, 40, 32), body(vec![1], 64, 64, 64)] {
        if let Some(b) = attention_block(&a, 256) {
            assert!(b.floats(&a) <= ATTENTION_SHARED_FLOATS, "{:?}", (a.tq, a.tk, a.e));
        }
    }
    // Too many keys or too wide a head, a workgroup too small, or too little memory: the
    // online-softmax kernels.
    assert_eq!(attention_block(&body(vec![4], 30, 65, 32), 256), None);
    assert_eq!(attention_block(&body(vec![4], 30, 30, 65), 256), None);
    assert_eq!(attention_block(&body(vec![4], 30, 30, 32), 64), None);
    assert_eq!(attention_block(&body(vec![4], 64, 64, 64), 256), None);
}

#[test]
fn decode_products_read_their_weights_as_vectors_in_wgsl() {
    use code::geometry::wgsl_variant_name;
    let vectors = |p: &crate::ir::Plan| -> Vec<bool> {
        p.kernels
            .iter()
            .map(|k| {
                let bases = vec![0; k.spec.args.len()];
                let src = wgsl::emit_kernel(p, &k.spec, &k.schedule, &bases);
                wgsl::validate(&src).unwrap_or_else(|e| panic!("{}:\n{src}\n{e}", k.spec.node));
                let named = wgsl_variant_name(&k.spec, &k.schedule).contains("16-byte B");
                assert_eq!(named, src.contains("array<vec4<f32>>"), "{}: the name says what runs", k.spec.node);
                named
            })
            .collect()
    };
    // One row: the pair (with the folded norm) and the down product read 16 bytes at a time.
    assert_eq!(vectors(&plan(MLP, &[1, 40, 24])), [true, true]);
    // Four rows of a pair are too many row sets for workgroup memory; 22 columns are not
    // whole vectors (the down product's 40 are).
    assert_eq!(vectors(&plan(MLP, &[4, 40, 24])), [false, false]);
    assert_eq!(vectors(&plan(MLP, &[1, 40, 22])), [false, true]);
    // PyTorch-layout weights (`transpose(w)`) are read along K: scalar.
    let t = "graph T { dims { B, D, F } input x: f32[B, D]; weight w: f32[F, D]; output y: f32[B, F];
        y = matmul(x, transpose(w)); }";
    assert_eq!(vectors(&plan(t, &[1, 40, 24])), [false]);
}

#[test]
fn one_wave_kernels_let_their_dependents_launch_before_they_wait() {
    // A one-row softmax (one workgroup), a decode product and a 64 Mi-point map (many waves).
    let src = "graph G { dims { N, K, M }
        input x: f32[1, K]; weight w: f32[K, N]; input big: f32[M];
        output s: f32[1, K]; output y: f32[1, N]; output z: f32[M];
        s = softmax(x);
        y = matmul(x, w);
        z = big * 2.0;
    }";
    let p = plan(src, &[1536, 576, 1 << 26]);
    let target = cuda::CudaTarget::new((9, 0), 132);
    let program = cuda::emit_program_for(&p, &target).unwrap();
    let code = |node: &str| {
        let i = p.kernels.iter().position(|k| k.spec.node.starts_with(node)).unwrap();
        program.functions[i].as_ref().unwrap().code.clone()
    };
    for node in ["s =", "y ="] {
        let c = code(node);
        let (launch, wait) = (c.find("FG_GRID_LAUNCH();").unwrap(), c.find("FG_GRID_WAIT();").unwrap());
        assert!(launch < wait, "{node}\n{c}");
    }
    assert!(code("y =").contains("// gemm decode"), "the product runs the decode kernel");
    let c = code("z =");
    assert!(c.contains("FG_GRID_WAIT();") && !c.contains("FG_GRID_LAUNCH();"), "{c}");
}

#[test]
fn sums_of_a_product_lower_to_im2col_and_a_matmul() {
    let conv = |elem: &str, c: usize| {
        format!(
            "graph Conv {{ dims {{ B, H, W }} input x: {elem}[B, {c}, H, W]; weight w: {elem}[8, {c}, 3, 3];
                output y: f32[B, 8, H, W]; y = conv2d(x, w, padding = 1); }}"
        )
    };
    let kinds = |p: &crate::ir::Plan| p.kernels.iter().map(|k| k.spec.body.kind()).collect::<Vec<_>>();
    let temps = |p: &crate::ir::Plan| {
        p.buffers.iter().filter(|b| b.name.starts_with("_t")).map(|b| (b.elem, b.shape.clone())).collect::<Vec<_>>()
    };
    // Where an f32 map's temp is K-major it gathers along the positions: its tiles are
    // transposed from the position axes (after the batch's) on. Half-float ones keep row order.
    let transposed = |p: &crate::ir::Plan| {
        let maps = p.kernels.iter().filter_map(|k| match &k.spec.body {
            KernelBody::Map { transpose_at, .. } => Some(*transpose_at),
            _ => None,
        });
        maps.collect::<Vec<_>>()
    };
    // 144 points a sum: the input's windows into a temp [B, K.., H, W] (f32, or the bindings'
    // half type, which holds them exactly), the weight read in place.
    for (elem, want) in
        [("f32", crate::elem::Elem::F32), ("f16", crate::elem::Elem::F16), ("bf16", crate::elem::Elem::BF16)]
    {
        let p = plan_unfused(&conv(elem, 16), &[2, 6, 5]);
        assert_eq!(kinds(&p), ["map", "matmul"], "{elem}");
        // Half temps feed tensor cores through TMA, which takes rows of 16-byte multiples:
        // 30 positions (60 bytes) make them K-major, [B, H, W, K..]; 16 positions (32
        // bytes) keep [B, K.., H, W], whose neighbouring points read neighbouring inputs.
        let shape = if elem == "f32" { vec![2, 16, 3, 3, 6, 5] } else { vec![2, 6, 5, 16, 3, 3] };
        assert_eq!(temps(&p), [(want, shape)], "{elem}");
        assert_eq!(transposed(&p), [None], "{elem}");
        validate_all(&plan(&conv(elem, 16), &[2, 6, 5]));
        let p = plan_unfused(&conv(elem, 16), &[2, 4, 4]);
        assert_eq!(temps(&p), [(want, vec![2, 16, 3, 3, 4, 4])], "{elem}");
        assert_eq!(transposed(&p), [None], "{elem}");
        validate_all(&plan(&conv(elem, 16), &[2, 4, 4]));
    }
    // A device whose half-float products do not pay keeps the temp f32.
    let g = parse_and_check(proc_macro2::TokenStream::from_str(&conv("f16", 16)).expect("tokens")).unwrap();
    let target = super::Target { half_products: false, ..Default::default() };
    let p = super::lower_for(&g, &super::dim_values(&g, &[2, 6, 5]).unwrap(), &target).unwrap();
    assert_eq!(temps(&p), [(crate::elem::Elem::F32, vec![2, 16, 3, 3, 6, 5])]);
    // A tensor-core precision: the product keeps it, and the windows' temp is K-major
    // ([B, H, W, K..]), as the f32 tensor-core kernels take their operands.
    for (name, want) in [("tf32x3", Precision::Tf32x3), ("tf32", Precision::Tf32), ("bf16x3", Precision::Bf16x3)] {
        let src = conv("f32", 16).replace("padding = 1)", &format!("padding = 1, precision = {name})"));
        let p = plan_unfused(&src, &[2, 6, 5]);
        assert_eq!(temps(&p), [(crate::elem::Elem::F32, vec![2, 6, 5, 16, 3, 3])], "{name}");
        assert_eq!(transposed(&p), [Some(3)], "{name}");
        let precisions: Vec<Precision> = p
            .kernels
            .iter()
            .filter_map(|k| match &k.spec.body {
                KernelBody::Matmul(m) => Some(m.precision),
                _ => None,
            })
            .collect();
        assert_eq!(precisions, [want], "{name}");
        validate_all(&plan(&src, &[2, 6, 5]));
    }
    // 36 points: one fold per output, as every backend folds short sums.
    assert_eq!(kinds(&plan_unfused(&conv("f32", 4), &[2, 6, 5])), ["index"]);
    // Rows and columns too few for the temps to pay (one position): the fold.
    assert_eq!(kinds(&plan_unfused(&conv("f32", 16), &[1, 1, 1])), ["index"]);
    // An im2col past 1 GiB (64 × 144 × 224²): the fold, which needs no temp.
    assert_eq!(kinds(&plan_unfused(&conv("f32", 16), &[64, 224, 224])), ["index"]);
}

#[test]
fn block_format_products_sum_across_subgroups_in_wgsl_where_asked() {
    // A norm folded into a pair, and a plain product (the Llama's MLP shapes, Q4_1).
    let src = "graph G { dims { D, F } input x: f32[1, D]; weight g: f32[D]; weight wg: q4_1[F, D];
        weight wu: q4_1[F, D]; weight wd: q4_1[D, F]; temp n: f32[1, D]; temp h: f32[1, F];
        output y: f32[1, D];
        n = rms_norm(x, g, 1e-5); h = silu(matmul(n, transpose(wg))) * matmul(n, transpose(wu));
        y = x + matmul(h, transpose(wd)); }";
    let p = plan(src, &[576, 1536]);
    assert_eq!(p.kernels.len(), 2);
    for k in &p.kernels {
        let bases = vec![0; k.spec.args.len()];
        let sums = crate::ir::Schedule { warp_sums: true, ..k.schedule };
        let src = wgsl::emit_kernel(&p, &k.spec, &sums, &bases);
        wgsl::validate(&src).unwrap_or_else(|e| panic!("{}:\n{src}\n{e}", k.spec.node));
        assert!(src.contains("p0 = p0 + subgroupShuffleXor(p0, 16u);"), "{src}");
        // Four columns a workgroup, two subgroups each: the last step adds two parts.
        assert!(src.contains("for (var q: u32 = 0u; q < 2u; q = q + 1u)"), "{src}");
        let plain = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &bases);
        assert!(!plain.contains("subgroup"), "{plain}");
    }
}

#[test]
fn block_format_decode_products_load_weights_before_their_wait_on_cuda() {
    // `h` comes from the kernel ahead; the weight from no kernel.
    let src = "graph G { dims { N, K } input x: f32[1, K]; weight w: q4_1[N, K]; temp h: f32[1, K];
        output y: f32[1, N]; h = softmax(x); y = matmul(h, transpose(w)); }";
    let p = plan(src, &[4096, 256]);
    let program = cuda::emit_program_for(&p, &cuda::CudaTarget::new((9, 0), 132)).unwrap();
    let product = program.functions.iter().flatten().find(|f| f.code.contains("forge_q4_1_x4(a")).unwrap();
    let code = &product.code;
    let (load, wait) = (code.find("forge_q4_1_x4(a").unwrap(), code.find("FG_GRID_WAIT").unwrap());
    assert!(load < wait && code.matches("FG_GRID_WAIT").count() == 1, "{code}");
    // 1,024 blocks, yet it lets the next kernel launch early.
    assert!(code.find("FG_GRID_LAUNCH").is_some_and(|t| t < load), "{code}");
    // What the softmax wrote is read through a plain pointer (no `.nc` load ptxas could move
    // above the wait); the weight stays `const __restrict__`; A and the gains load in pairs.
    assert!(code.contains("const f32* a") && !code.contains("const f32* __restrict__"), "{code}");
    assert!(code.contains("const unsigned char* __restrict__"), "{code}");
    assert!(code.contains("*reinterpret_cast<const float2*>"), "{code}");
}
