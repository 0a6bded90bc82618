//! The skinny matmul template: few rows (at most `SKINNY_MAX_M` a batch entry, the decode case).
//! Each workgroup owns a few output columns of every row (`geometry::skinny_cols`) and splits K
//! into slices; every weight is read once, and the slices' partial sums meet in workgroup memory.
//!
//! - A paired product (`b2`) keeps a second set of sums (`q`, `red2`, `acc2`) beside the first.
//! - A folded RMS norm (`rms`) multiplies A by the gain as it loads it and sums each row's
//!   squares (`s`, met in `red3` from the first column's invocations: every column sees the
//!   same rows), which `matmul_skinny_norm::scale_rows` turns into the row's scale.
//! - In WGSL, a B (and B2) of f32 whose columns are contiguous is read 16 bytes at a time
//!   ([`geometry::skinny_vector_b`]): two invocations share a row of the workgroup's 8 columns, so each load
//!   moves four times the bytes and 128 slices split K; their sums fold into 32 before the
//!   last step. (CUDA runs such products on its decode GEMM kernel.)

use super::geometry::SKINNY_COLS;
use super::matmul::{batch_split, epilogue, vars, Rows};
use super::{geometry, Dialect, Writer};
use crate::elem::Ty;
use crate::ir::{MatmulBody, SExpr};

/// Lanes of a 16-byte vector of f32.
const LANES: u32 = geometry::VECTOR_POINTS;

pub(super) fn skinny(w: &mut Writer<'_>, m: &MatmulBody) {
    let cols = geometry::skinny_cols(m, &w.spec.args, &w.sched);
    let per_batch = (m.n as u64).div_ceil(cols as u64);
    let rows_of = batch_split(w, m, per_batch);
    let rows = rows_of.count(m) as usize;
    let vector = vector_b(w, m);
    let lanes = if vector.is_some() { LANES } else { 1 };
    if let Some(args) = &vector {
        w.vec_bound = (0..w.spec.args.len()).map(|i| args.contains(&i)).collect();
    }
    let across = cols / lanes;
    let slices = w.threads / across;
    let paired = m.b2.is_some();
    let sums = slices as usize * rows * cols as usize;
    w.shared("red", Ty::F32, sums);
    if paired {
        w.shared("red2", Ty::F32, sums);
    }
    if m.rms.is_some() {
        w.shared("red3", Ty::F32, slices as usize * rows);
    }
    // Each row's (row within its batch entry, batch variables).
    let split: Vec<(String, Vec<String>)> = (0..rows)
        .map(|r| match &rows_of {
            Rows::Entry(bvars) => (w.u(r as u64), bvars.clone()),
            Rows::Folded { .. } => {
                let (_, i, bvars) = rows_of.row(w, m, &w.u(r as u64), &format!("{r}_"));
                (i, bvars)
            }
        })
        .collect();
    // Neighbouring invocations read neighbouring elements of B: its columns where they are
    // contiguous, else (PyTorch `[out, in]` weights, `transpose(w)`) the K slices of a column.
    // `j` is the invocation's first column (of `lanes`).
    if lanes == 1 && geometry::along_k(&m.b, m.batch.len()) {
        w.let_idx("col", &w.idx(&format!("lid / {slices}u")));
        w.let_idx("ks", &w.idx(&format!("lid % {slices}u")));
    } else {
        w.let_idx("col", &w.idx(&format!("lid % {across}u")));
        w.let_idx("ks", &w.idx(&format!("lid / {across}u")));
    }
    let jv = if lanes == 1 { "j" } else { "jv" };
    w.let_idx(jv, &format!("tile * {} + col", w.u(across as u64)));
    let sum_ty = if lanes == 1 { w.ty(Ty::F32).to_string() } else { w.f32x4_ty().to_string() };
    let zero = if lanes == 1 { "0.0f".to_string() } else { w.f32x4(["0.0f"; 4]) };
    let declare = |w: &mut Writer<'_>, name: String, ty: &str, init: &str| match w.d {
        Dialect::Wgsl => w.line(format!("var {name}: {ty} = {init};")),
        Dialect::Cuda => w.line(format!("{ty} {name} = {init};")),
    };
    for r in 0..rows {
        declare(w, format!("p{r}"), &sum_ty, &zero);
        if paired {
            declare(w, format!("q{r}"), &sum_ty, &zero);
        }
        if m.rms.is_some() {
            w.var(&format!("s{r}"), Ty::F32, "0.0f");
        }
    }
    let in_range = format!("{jv} < {}", w.u(m.n as u64 / lanes as u64));
    if let Some(elems) = quant_blocks(w, m, lanes) {
        super::matmul_skinny_quant::block_loop(w, m, &elems, slices, &split, rows_of.b_vars(), &in_range);
        // CUDA, and WGSL on subgroups of 32 (`Schedule::warp_sums`): a column's slices are
        // whole warps (or aligned halves): each warp's lanes are summed by shuffles (every lane
        // then holds its warp's sum), and the last step reads one part a warp.
        let sums = match (w.d, w.sched.warp_sums) {
            (Dialect::Cuda, _) | (Dialect::Wgsl, true) => {
                // (A wide product's column has 16 slices, half a warp.)
                let group = slices.min(32);
                super::matmul_skinny_quant::warp_sums(w, m, rows, group);
                Sums { cols, count: slices / group, stride: group }
            }
            (Dialect::Wgsl, false) => Sums { cols, count: slices, stride: 1 },
        };
        reduce_and_store(w, m, &rows_of, rows, sums, lanes, paired);
        super::matmul_follow::followers(w, m, cols);
        return;
    }
    super::matmul_skinny_norm::stage_layer_norm(w, m, &split);
    w.if_(&in_range);
    // Each trip loads `unroll` k of B (and A) before the first multiply, so a thread waits
    // for memory once a trip, not once a k; k stays interleaved across the slices
    // (`k0 + u·slices + ks`), so neighbouring invocations still read neighbouring elements.
    // A vector counts as two values: its bytes come in one load.
    let b_cost = if lanes == 1 { 1 } else { 2 };
    let per_k = rows * (1 + usize::from(m.rms.is_some())) + b_cost * (1 + usize::from(paired));
    let (k, unroll) = (m.k as u64, skinny_unroll(m.k, slices, per_k));
    let exact = k.is_multiple_of(slices as u64 * unroll as u64);
    w.for_("k0", &w.u(0), &w.u(k), &w.u(slices as u64 * unroll as u64));
    for u in 0..unroll {
        w.let_idx(&format!("kk{u}"), &format!("k0 + {} + ks", w.u(u as u64 * slices as u64)));
        // Past K (the last trip only): a clamped, in-bounds read whose product is dropped.
        let kc = if exact {
            format!("kk{u}")
        } else {
            w.let_idx(&format!("kc{u}"), &format!("min(kk{u}, {})", w.u(k - 1)));
            format!("kc{u}")
        };
        for (name, b) in [("bv", Some(&m.b)), ("bw", m.b2.as_ref())] {
            let Some(b) = b else { continue };
            let value = match &vector {
                Some(_) => vector_load(w, m, b, rows_of.b_vars(), &kc),
                None => w.expr(b, &vars(rows_of.b_vars(), &kc, "j"), None, ""),
            };
            let line = match w.d {
                Dialect::Wgsl => format!("let {name}{u}: {sum_ty} = {value};"),
                Dialect::Cuda => format!("const {sum_ty} {name}{u} = {value};"),
            };
            w.line(line);
        }
        for (r, (i, bvars)) in split.iter().enumerate() {
            let av = super::matmul_skinny_norm::a_value(w, m, r, (i, bvars), &kc);
            w.let_(&format!("av{r}_{u}"), Ty::F32, &av);
            if let Some(rms) = &m.rms {
                let gv = w.expr(&rms.gain, &vars(bvars, i, &kc), None, "");
                w.let_(&format!("gv{r}_{u}"), Ty::F32, &gv);
            }
        }
    }
    let k_lit = w.u(k);
    let keep = |term: String, zero: &str, u: u32| {
        if exact {
            term
        } else {
            format!("select({zero}, {term}, kk{u} < {k_lit})")
        }
    };
    for u in 0..unroll {
        for r in 0..rows {
            let a = match m.rms {
                Some(_) => {
                    w.assign(
                        &format!("s{r}"),
                        &format!("s{r} + {}", keep(format!("av{r}_{u} * av{r}_{u}"), "0.0f", u)),
                    );
                    format!("(av{r}_{u} * gv{r}_{u})")
                }
                None => format!("av{r}_{u}"),
            };
            for (sum, b) in [("p", "bv")].into_iter().chain(paired.then_some(("q", "bw"))) {
                let term = keep(format!("{a} * {b}{u}"), &zero, u);
                w.assign(&format!("{sum}{r}"), &format!("{sum}{r} + {term}"));
            }
        }
    }
    w.close();
    w.close();
    reduce_and_store(w, m, &rows_of, rows, Sums { cols, count: slices, stride: 1 }, lanes, paired);
    super::matmul_follow::followers(w, m, cols);
}

/// The block formats of B (and B2) where the kernel reads them a block's quarter at a time
/// ([`super::matmul_skinny_quant`]): [`geometry::skinny_block_formats`], read a value at a
/// time (not as vectors).
fn quant_blocks(w: &Writer<'_>, m: &MatmulBody, lanes: u32) -> Option<Vec<crate::elem::Elem>> {
    if lanes != 1 {
        return None;
    }
    geometry::skinny_block_formats(m, &w.spec.args, w.threads)
}

/// A workgroup's partial sums: `cols` columns, each `count` partial sums the last step adds, in
/// the slots of slices `0, stride, 2·stride, …` (every slice, or the first lane of each warp
/// once warps summed).
#[derive(Clone, Copy)]
struct Sums {
    cols: u32,
    count: u32,
    stride: u32,
}

/// The slices' partial sums met in workgroup memory, added up a column, scaled and stored
/// through the epilogue.
fn reduce_and_store(
    w: &mut Writer<'_>,
    m: &MatmulBody,
    rows_of: &Rows,
    rows: usize,
    sums: Sums,
    lanes: u32,
    paired: bool,
) {
    let cols = sums.cols;
    for r in 0..rows {
        for (red, sum) in [("red", "p")].into_iter().chain(paired.then_some(("red2", "q"))) {
            for lane in 0..lanes {
                let (at, v) = match lanes {
                    1 => ("u32(col)".to_string(), format!("{sum}{r}")),
                    _ => (
                        format!("u32(col) * {lanes}u + {lane}u"),
                        format!("{sum}{r}.{}", ["x", "y", "z", "w"][lane as usize]),
                    ),
                };
                w.line(format!("{red}[(u32(ks) * {rows}u + {r}u) * {cols}u + {at}] = {v};"));
            }
        }
    }
    if m.rms.is_some() {
        w.if_(&format!("col == {}", w.u(0)));
        for r in 0..rows {
            w.line(format!("red3[u32(ks) * {rows}u + {r}u] = s{r};"));
        }
        w.close();
    }
    w.barrier();
    // The last step adds `parts` partial sums a column: the slices themselves, or (vectors) the
    // 128 slices folded into 32 first, one column an invocation again.
    let (slot, parts) = if lanes == 1 {
        ("ks", sums)
    } else {
        fold_slices(w, m, rows, sums.count);
        w.let_idx("j", &format!("tile * {} + cpart", w.u(cols as u64)));
        ("kpart", Sums { cols, count: w.threads / cols, stride: 1 })
    };
    let col = if lanes == 1 { "col" } else { "cpart" };
    w.if_(&format!("{slot} == {} && j < {}", w.u(0), w.u(m.n as u64)));
    let r = if matches!(rows_of, Rows::Entry(_)) { "i" } else { "r" };
    w.for_(r, &w.u(0), &w.u(rows as u64), &w.u(1));
    let (_, bvars) = rows_of.split(w, m, r, "");
    w.var("acc", Ty::F32, "0.0f");
    if paired {
        w.var("acc2", Ty::F32, "0.0f");
    }
    if m.rms.is_some() {
        w.var("ss", Ty::F32, "0.0f");
    }
    w.for_unrolled("q", parts.count as usize);
    let q = match parts.stride {
        1 => "q".to_string(),
        s => format!("q * {s}u"),
    };
    w.assign("acc", &format!("acc + red[({q} * {rows}u + u32({r})) * {cols}u + u32({col})]"));
    if paired {
        w.assign("acc2", &format!("acc2 + red2[({q} * {rows}u + u32({r})) * {cols}u + u32({col})]"));
    }
    if m.rms.is_some() {
        w.assign("ss", &format!("ss + red3[{q} * {rows}u + u32({r})]"));
    }
    w.close();
    super::matmul_skinny_norm::scale_rows(w, m, "ss");
    epilogue(w, m, &bvars);
    w.close();
    w.close();
}

/// The vector path's extra step: invocation (`cpart` a column, `kpart` a group of slices) adds
/// its `slices / 32` slices of every row set and writes the sum back as part `kpart`, so the
/// last step adds 32 parts as the scalar path adds its 32 slices.
fn fold_slices(w: &mut Writer<'_>, m: &MatmulBody, rows: usize, slices: u32) {
    let (cols, parts) = (SKINNY_COLS, w.threads / SKINNY_COLS);
    let per = slices / parts;
    w.let_idx("cpart", &w.idx(&format!("lid % {cols}u")));
    w.let_idx("kpart", &w.idx(&format!("lid / {cols}u")));
    let mut sets: Vec<(&str, &str, bool)> = vec![("red", "t", true)];
    if m.b2.is_some() {
        sets.push(("red2", "t2_", true));
    }
    if m.rms.is_some() {
        sets.push(("red3", "t3_", false));
    }
    for &(red, t, per_col) in &sets {
        for r in 0..rows {
            let terms: Vec<String> = (0..per)
                .map(|e| {
                    let slice = format!("(u32(kpart) * {per}u + {e}u)");
                    match per_col {
                        true => format!("{red}[({slice} * {rows}u + {r}u) * {cols}u + u32(cpart)]"),
                        false => format!("{red}[{slice} * {rows}u + {r}u]"),
                    }
                })
                .collect();
            w.let_(&format!("{t}{r}"), Ty::F32, &terms.join(" + "));
        }
    }
    w.barrier();
    for &(red, t, per_col) in &sets {
        if !per_col {
            w.if_(&format!("cpart == {}", w.u(0)));
        }
        for r in 0..rows {
            let at = match per_col {
                true => format!("(u32(kpart) * {rows}u + {r}u) * {cols}u + u32(cpart)"),
                false => format!("u32(kpart) * {rows}u + {r}u"),
            };
            w.line(format!("{red}[{at}] = {t}{r};"));
        }
        if !per_col {
            w.close();
        }
    }
    w.barrier();
}

/// [`geometry::skinny_vector_b`] for this kernel in WGSL, where the bindings' index bases are
/// whole vectors too.
fn vector_b(w: &Writer<'_>, m: &MatmulBody) -> Option<Vec<usize>> {
    let args = geometry::skinny_vector_b(&w.spec.args, m)?;
    (w.d == Dialect::Wgsl && args.iter().all(|&a| w.base_aligned(a))).then_some(args)
}

/// The 16-byte vector of `b` at row `kc` holding columns `4·jv ..` (`b_vars`: its batch
/// variables); `b` passed [`vector_b`].
fn vector_load(w: &Writer<'_>, m: &MatmulBody, b: &SExpr, b_vars: &[String], kc: &str) -> String {
    let Some((arg, s)) = b.as_load() else { return String::new() };
    let nb = m.batch.len();
    let lanes = LANES as usize;
    let mut terms: Vec<String> =
        (0..nb).filter(|&d| s[d] != 0).map(|d| format!("{} * {}", b_vars[d], w.u((s[d] / lanes) as u64))).collect();
    if s[nb] != 0 {
        terms.push(format!("{kc} * {}", w.u((s[nb] / lanes) as u64)));
    }
    terms.push("jv".into());
    format!("a{arg}[{}]", w.vec_based(arg, &terms.join(" + ")))
}

/// k each invocation of the skinny kernel loads per trip, `per_k` values each (a row of A
/// per row, B, a paired B2): as many as [`SKINNY_LOADS`] values in flight allow (4 to 16),
/// the largest such count dividing its share of K (so no trip needs a bounds check), else
/// that many (the last trip checks). More loads in flight keep more bytes moving per
/// invocation: a decode product is latency-bound.
fn skinny_unroll(k: usize, slices: u32, per_k: usize) -> u32 {
    let share = k.div_ceil(slices as usize).max(1) as u32;
    let most = (SKINNY_LOADS / per_k.max(1)).clamp(4, 16) as u32;
    (4..=most).rev().find(|u| share.is_multiple_of(*u)).unwrap_or(share.min(most))
}

/// Values a skinny invocation has in flight per trip at most (see [`skinny_unroll`]).
const SKINNY_LOADS: usize = 40;
