//! Register-blocked matmul template: a `T × T` output tile per 256 invocations (T = 32, 64 or
//! 128).
//!
//! Each invocation owns `R × R` outputs in registers (R = 8, or 4 for the 32×32 tile), laid out
//! as 4×4 blocks `T/2` apart (rows `h·T/2 + 4·ty + 0..4`, columns `h·T/2 + 4·tx + 0..4`), so
//! every workgroup-memory read is one 16-byte vector: the invocations of a row read contiguous
//! bytes of B, and A's vector is shared by all of them. Both operand tiles are stored K-outer
//! (`sa[k][m]`, `sb[k][n]`, as four-f32 vectors) in two stages: while one stage is multiplied,
//! the next K slice is already in registers, and is stored to the other stage afterwards (one
//! barrier per slice). Each invocation stages exactly one vector of each operand per slice
//! (T·BK = 1024 elements): 16 KiB of workgroup memory, WebGPU's portable minimum. Operands and
//! epilogue are kernel expressions like every other template's (f16/bf16 become f32 when
//! staged; edges are guarded, so any M, N, K works), and batch dims B is shared across fold into
//! the rows (`matmul::Rows`). The CUDA design this follows is `gemm::simt`.
//!
//! The 128×128 tile is one group of 16×16 invocations. The 64×64 and 32×32 tiles split K inside
//! the workgroup, as `gemm::simt`'s smaller tiles do: four groups of 8×8 invocations, each
//! owning its outputs of the whole tile, multiply their own quarter of every staged slice, and
//! the four partial tiles meet in workgroup memory in a fixed order (`(g0 + g2) + (g1 + g3)`)
//! before group 0 runs the epilogue. A tile's serial K loop is then a quarter as long, at the
//! same work per invocation as the 128×128 tile (64×64) or the old 64×64 one (32×32): the
//! 64×64 tile measured faster on the H200 at 1024³ and 1920×1536×384 (BENCHMARKS.md).

use super::geometry::{self, matmul_rows};
use super::matmul::{batch_split, epilogue, vars, Rows};
use super::Writer;
use crate::elem::Ty;
use crate::ir::MatmulBody;

/// Elements of each operand one K slice holds: one 4-vector per invocation.
const SLICE_ELEMS: u32 = 1024;
/// Invocations per workgroup (16 × 16).
const THREADS: u32 = 256;

/// Emits the template for a `tile × tile` output tile (`tile` 32, 64 or 128).
pub(super) fn blocked(w: &mut Writer<'_>, m: &MatmulBody, tile: u32) {
    let t = tile;
    let g = Geometry::of(t);
    // One stage of one operand is bk rows of t/4 vectors: 256 vectors.
    let stage = g.bk * g.vecs;
    w.shared_f32x4("sa", 2 * stage as usize);
    w.shared_f32x4("sb", 2 * stage as usize);
    let (tiles_m, tiles_n) = (matmul_rows(m).1.div_ceil(t as u64), (m.n as u64).div_ceil(t as u64));
    let rows = batch_split(w, m, tiles_m * tiles_n);
    w.let_idx("m0", &format!("(tile / {}) * {}", w.u(tiles_n), w.u(t as u64)));
    w.let_idx("n0", &format!("(tile % {}) * {}", w.u(tiles_n), w.u(t as u64)));
    // The invocation within its K group (`gl`; the whole workgroup is one group at 128×128).
    let local = if g.groups == 1 {
        "lid"
    } else {
        let per = g.side * g.side;
        w.let_("grp", Ty::U32, &format!("lid / {per}u"));
        w.let_("gl", Ty::U32, &format!("lid % {per}u"));
        "gl"
    };
    w.let_("tx", Ty::U32, &format!("{local} % {}u", g.side));
    w.let_("ty", Ty::U32, &format!("{local} / {}u", g.side));
    let rank = m.batch.len();
    stage_coords(w, "a", geometry::along_k(&m.a, rank + 1), &g);
    stage_coords(w, "b", geometry::along_k(&m.b, rank), &g);
    let fetched = a_rows(w, m, &rows);
    for c in 0..4 {
        w.var(&format!("fa{c}"), Ty::F32, "0.0f");
        w.var(&format!("fb{c}"), Ty::F32, "0.0f");
    }
    for i in 0..g.regs {
        for j in 0..g.regs {
            w.var(&format!("acc{i}_{j}"), Ty::F32, "0.0f");
        }
    }
    // Tiles wholly inside the product (all of a 4096³ one's) load without the row and column
    // guards: the loads of a slice then issue back to back instead of each behind its branch.
    let inside = Inside::of(rows.count(m), m.n as u64, t as u64);
    if inside == Inside::Some {
        let test = format!("m0 + {t} <= {} && n0 + {t} <= {}", w.u(rows.count(m)), w.u(m.n as u64), t = w.u(t as u64));
        w.let_("inside", Ty::Bool, &test);
    }
    let first = w.u(0);
    fetch_either(w, m, &rows, &fetched, &first, g.bk, inside);
    store(w, &g, "0u");
    w.barrier();

    let (k, bk) = (w.u(m.k as u64), w.u(g.bk as u64));
    w.for_("k0", &w.u(0), &k, &bk);
    w.let_("st", Ty::U32, &format!("(u32(k0 / {bk}) & 1u) * {stage}u"));
    w.let_("more", Ty::Bool, &format!("k0 + {bk} < {k}"));
    // The next slice's loads are in flight while this one is multiplied.
    w.if_("more");
    fetch_either(w, m, &rows, &fetched, &format!("(k0 + {bk})"), g.bk, inside);
    w.close();
    let per_group = g.bk / g.groups;
    w.for_unrolled("kk", per_group as usize);
    if g.groups == 1 {
        w.let_("row", Ty::U32, &format!("st + kk * {}u", g.vecs));
    } else {
        w.let_("row", Ty::U32, &format!("st + (grp * {per_group}u + kk) * {}u", g.vecs));
    }
    for h in 0..g.regs / 4 {
        let_f32x4(w, &format!("ra{h}"), &format!("sa[row + {}u + ty]", h * t / 8));
        let_f32x4(w, &format!("rb{h}"), &format!("sb[row + {}u + tx]", h * t / 8));
    }
    const LANES: [&str; 4] = ["x", "y", "z", "w"];
    for i in 0..g.regs {
        let a = format!("ra{}.{}", i / 4, LANES[i as usize % 4]);
        for j in 0..g.regs {
            let b = format!("rb{}.{}", j / 4, LANES[j as usize % 4]);
            let c = format!("acc{i}_{j}");
            w.assign(&c, &w.fma(&a, &b, &c));
        }
    }
    w.close();
    w.if_("more");
    store(w, &g, &format!("{stage}u - st"));
    w.close();
    w.barrier();
    w.close();

    if g.groups > 1 {
        combine_groups(w, &g);
    }
    for i in 0..g.regs {
        w.open("");
        let row = format!("{}u + ty * 4u", (i / 4) * t / 2 + i % 4);
        let (r, _, bvars) = rows.row(w, m, &format!("m0 + {}", w.idx(&row)), "");
        w.if_(&format!("{r} < {}", w.u(rows.count(m))));
        for j in 0..g.regs {
            w.open("");
            let col = format!("{}u + tx * 4u", (j / 4) * t / 2 + j % 4);
            w.let_idx("j", &format!("n0 + {}", w.idx(&col)));
            w.if_(&format!("j < {}", w.u(m.n as u64)));
            w.let_("acc", Ty::F32, &format!("acc{i}_{j}"));
            epilogue(w, m, &bvars);
            w.close();
            w.close();
        }
        w.close();
        w.close();
    }
    if g.groups > 1 {
        w.close();
    }
}

/// Sizes of one instance of the template.
struct Geometry {
    /// Outputs per invocation along each side.
    regs: u32,
    /// K slice per stage (all groups together).
    bk: u32,
    /// Four-f32 vectors per K row of a tile (`t / 4`).
    vecs: u32,
    /// Invocations along each side of one group's tile.
    side: u32,
    /// Groups splitting each slice's K (1 for the 128×128 tile, else 4).
    groups: u32,
}

impl Geometry {
    /// 32×32: 4×4 outputs an invocation, four K groups; 64×64: 8×8, four K groups; 128×128:
    /// 8×8, one group.
    fn of(t: u32) -> Geometry {
        let regs = if t == 32 { 4 } else { 8 };
        let side = t / regs;
        Geometry { regs, bk: SLICE_ELEMS / t, vecs: t / 4, side, groups: THREADS / (side * side) }
    }
}

/// Adds the four groups' partial tiles into group 0's registers, `(g0 + g2) + (g1 + g3)`,
/// through the (now idle) stage `sa`, four vectors of each invocation's tile a round, and
/// leaves group 0's block (`if (grp == 0u) {`) open for the epilogue.
fn combine_groups(w: &mut Writer<'_>, g: &Geometry) {
    debug_assert!(g.groups == 4);
    let part = g.side * g.side * 4;
    // The invocation's accumulators as vectors: row i, columns 4·jb..4·jb+3.
    let vectors: Vec<(u32, u32)> = (0..g.regs).flat_map(|i| (0..g.regs / 4).map(move |jb| (i, jb))).collect();
    let rounds = vectors.chunks(4).collect::<Vec<_>>();
    let write = |w: &mut Writer<'_>, base: &str, chunk: &[(u32, u32)]| {
        for (v, &(i, jb)) in chunk.iter().enumerate() {
            let [a, b, c, d] = [0, 1, 2, 3].map(|j| format!("acc{i}_{}", 4 * jb + j));
            let value = w.f32x4([&a, &b, &c, &d]);
            w.line(format!("sa[{base} + gl * 4u + {v}u] = {value};"));
        }
    };
    let add = |w: &mut Writer<'_>, base: &str, chunk: &[(u32, u32)]| {
        for (v, &(i, jb)) in chunk.iter().enumerate() {
            let_f32x4(w, &format!("p{v}"), &format!("sa[{base} + gl * 4u + {v}u]"));
            for (j, c) in ["x", "y", "z", "w"].iter().enumerate() {
                let acc = format!("acc{i}_{}", 4 * jb + j as u32);
                w.assign(&acc, &format!("{acc} + p{v}.{c}"));
            }
        }
    };
    for (r, chunk) in rounds.iter().enumerate() {
        w.if_("grp >= 2u");
        write(w, &format!("(grp - 2u) * {part}u"), chunk);
        w.close();
        w.barrier();
        w.if_("grp < 2u");
        add(w, &format!("grp * {part}u"), chunk);
        w.close();
        w.barrier();
        w.if_("grp == 1u");
        write(w, "0u", chunk);
        w.close();
        w.barrier();
        w.if_("grp == 0u");
        add(w, "0u", chunk);
        if r + 1 < rounds.len() {
            w.close();
            // The next round's writes reuse what group 0 just read.
            w.barrier();
        }
    }
}

/// `{p}k` (k within the slice) and `{p}q` (which 4-vector of rows or columns) this invocation
/// stages for operand `p`.
fn stage_coords(w: &mut Writer<'_>, p: &str, along_k: bool, g: &Geometry) {
    debug_assert_eq!(g.bk * g.vecs, THREADS);
    if along_k {
        w.let_(&format!("{p}k"), Ty::U32, &format!("lid % {}u", g.bk));
        w.let_(&format!("{p}q"), Ty::U32, &format!("lid / {}u", g.bk));
    } else {
        w.let_(&format!("{p}k"), Ty::U32, &format!("lid / {}u", g.vecs));
        w.let_(&format!("{p}q"), Ty::U32, &format!("lid % {}u", g.vecs));
    }
}

/// The rows of A this invocation fetches (row `c` of its 4-vector): for each, the row in the
/// product's row space (to compare with [`Rows::count`]), the row within its batch entry and
/// the batch variables. Without folding they are `ia` in [`fetch`]'s own scope; folded rows
/// are split once here, before the K loop.
fn a_rows(w: &mut Writer<'_>, m: &MatmulBody, rows: &Rows) -> Vec<(String, String, Vec<String>)> {
    (0..4)
        .map(|c| match rows {
            Rows::Entry(bvars) => ("ia".to_string(), "ia".to_string(), bvars.clone()),
            Rows::Folded { .. } => {
                rows.row(w, m, &format!("m0 + {}", w.idx(&format!("aq * 4u + {c}u"))), &format!("a{c}_"))
            }
        })
        .collect()
}

/// Which of a product's tiles lie wholly inside it, known when the kernel is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Inside {
    /// Every tile (both sides multiples of the tile).
    All,
    /// None (a side shorter than a tile).
    None,
    /// Some: each workgroup tests its own (`inside`).
    Some,
}

impl Inside {
    fn of(rows: u64, cols: u64, tile: u64) -> Inside {
        if rows.is_multiple_of(tile) && cols.is_multiple_of(tile) {
            Inside::All
        } else if rows < tile || cols < tile {
            Inside::None
        } else {
            Inside::Some
        }
    }
}

/// [`fetch`] without the row and column guards for tiles inside the product, with them
/// elsewhere: one form where every tile is alike, else both behind the workgroup's `inside`.
fn fetch_either(
    w: &mut Writer<'_>,
    m: &MatmulBody,
    rows: &Rows,
    a_rows: &[(String, String, Vec<String>)],
    k0: &str,
    bk: u32,
    inside: Inside,
) {
    let unguarded = Guards { edges: false, k: !m.k.is_multiple_of(bk as usize) };
    let guarded = Guards { edges: true, k: true };
    match inside {
        Inside::All => fetch(w, m, rows, a_rows, k0, unguarded),
        Inside::None => fetch(w, m, rows, a_rows, k0, guarded),
        Inside::Some => {
            w.if_("inside");
            fetch(w, m, rows, a_rows, k0, unguarded);
            w.close_else();
            fetch(w, m, rows, a_rows, k0, guarded);
            w.close();
        }
    }
}

/// Which bounds a [`fetch`] checks.
#[derive(Clone, Copy)]
struct Guards {
    /// The rows of A and the columns of B.
    edges: bool,
    /// K (a product whose K is a multiple of the slice needs none).
    k: bool,
}

/// Loads this invocation's four elements of each operand for the slice at `k0` into
/// `fa0..3` / `fb0..3` (zero past the edges `guards` checks).
fn fetch(
    w: &mut Writer<'_>,
    m: &MatmulBody,
    rows: &Rows,
    a_rows: &[(String, String, Vec<String>)],
    k0: &str,
    guards: Guards,
) {
    let (mm, nn, kk) = (w.u(rows.count(m)), w.u(m.n as u64), w.u(m.k as u64));
    let cond = |parts: [(bool, String); 2]| {
        let kept: Vec<String> = parts.into_iter().filter(|p| p.0).map(|p| p.1).collect();
        (!kept.is_empty()).then(|| kept.join(" && "))
    };
    for (c, (r, i, bvars)) in a_rows.iter().enumerate() {
        w.open("");
        if let Rows::Entry(_) = rows {
            w.let_idx("ia", &format!("m0 + {}", w.idx(&format!("aq * 4u + {c}u"))));
        }
        w.let_idx("ka", &format!("{k0} + {}", w.idx("ak")));
        let av = w.expr(&m.a, &vars(bvars, i, "ka"), None, "");
        guarded_assign(
            w,
            &format!("fa{c}"),
            cond([(guards.edges, format!("{r} < {mm}")), (guards.k, format!("ka < {kk}"))]),
            &av,
        );
        w.let_idx("kb", &format!("{k0} + {}", w.idx("bk")));
        w.let_idx("jb", &format!("n0 + {}", w.idx(&format!("bq * 4u + {c}u"))));
        let bv = w.expr(&m.b, &vars(rows.b_vars(), "kb", "jb"), None, "");
        guarded_assign(
            w,
            &format!("fb{c}"),
            cond([(guards.k, format!("kb < {kk}")), (guards.edges, format!("jb < {nn}"))]),
            &bv,
        );
        w.close();
    }
}

/// `var = value` where `cond` holds (or always), else `var = 0`.
fn guarded_assign(w: &mut Writer<'_>, var: &str, cond: Option<String>, value: &str) {
    let Some(cond) = cond else {
        w.assign(var, value);
        return;
    };
    w.assign(var, "0.0f");
    w.if_(&cond);
    w.assign(var, value);
    w.close();
}

/// Stores the fetched vectors into the stage starting at vector `base`.
fn store(w: &mut Writer<'_>, g: &Geometry, base: &str) {
    let fa = w.f32x4(["fa0", "fa1", "fa2", "fa3"]);
    let fb = w.f32x4(["fb0", "fb1", "fb2", "fb3"]);
    w.line(format!("sa[{base} + ak * {}u + aq] = {fa};", g.vecs));
    w.line(format!("sb[{base} + bk * {}u + bq] = {fb};", g.vecs));
}

fn let_f32x4(w: &mut Writer<'_>, name: &str, e: &str) {
    let ty = w.f32x4_ty();
    match w.d {
        super::Dialect::Wgsl => w.line(format!("let {name}: {ty} = {e};")),
        super::Dialect::Cuda => w.line(format!("const {ty} {name} = {e};")),
    }
}
