//! Cooperative-matrix matmul template (WGSL only): f16 operands on the tensor cores through
//! `enable wgpu_cooperative_matrix;`, 16×16×16 products accumulated in f32. The wgpu backend
//! picks it ([`crate::ir::Schedule::coop`]) only where the adapter lists exactly that
//! combination and runs 32-lane subgroups; f16 × f16 products are exact in f32, so results
//! differ from the other templates by summation order alone.
//!
//! 128 invocations are four subgroups (2 × 2); each owns `t × t` accumulator tiles of 16×16,
//! so a workgroup computes a `32t × 32t` output tile (t = 2 or 4). K advances in 32-deep
//! slices that the workgroup copies into workgroup memory (rows padded by 8 f16), from where
//! the subgroups load their 16×16 operand tiles. Two ways to fill a slice, chosen per workgroup
//! (the choice is uniform, so barriers inside it are too):
//! - **vector**: a tile wholly inside the product whose operands are plain row- or
//!   column-major matrices on 16-byte boundaries ([`coop_vector`]): each invocation reads
//!   16-byte vectors (8 f16) and stores them as `vec4<f16>`, the slice laid out as in storage;
//!   the next slice's vectors are read while this one is multiplied. (Loading the subgroups'
//!   tiles straight from storage instead ran at under half this path's rate on an H200:
//!   `coopmat_probe`, BENCHMARKS.md.)
//! - **scalar**: anything else (edge tiles, odd K or strides): element by element, each an
//!   expression, zero past the edges.
//!
//! The epilogue goes through workgroup memory: each subgroup stores one accumulator tile,
//! and all 128 invocations apply the node's epilogue to 8 elements each with edge guards.

use super::geometry::{coop_vector, matmul_rows, CoopLayout, COOP_SLICE, COOP_THREADS};
use super::matmul::{batch_split, epilogue, vars, Rows};
use super::Writer;
use crate::elem::Ty;
use crate::ir::MatmulBody;

/// Depth of one slice along K.
const BK: u32 = COOP_SLICE;
/// Padding (in f16) of each staged row: rows 16 bytes apart from a bank boundary.
const PAD: u32 = 8;

/// One operand's slice in workgroup memory: `rows × cols` of the logical matrix (A: tile rows
/// × BK; B: BK × tile columns), stored row-major (`row_major`) or column-major.
struct Slice {
    name: &'static str,
    rows: u32,
    cols: u32,
    row_major: bool,
}

impl Slice {
    /// f16 between consecutive stored rows (or columns).
    fn stride(&self) -> u32 {
        (if self.row_major { self.cols } else { self.rows }) + PAD
    }

    /// The f16 offset of logical element (`r`, `c`) (expressions).
    fn offset(&self, r: &str, c: &str) -> String {
        if self.row_major {
            format!("({r}) * {}u + {c}", self.stride())
        } else {
            format!("({c}) * {}u + {r}", self.stride())
        }
    }

    /// A cooperative load of the 16×16 `role` tile at logical (`r`, `c`).
    fn load(&self, role: &str, r: &str, c: &str) -> String {
        let f = if self.row_major { "coopLoadT" } else { "coopLoad" };
        let stride = self.stride() / 4;
        format!("{f}<coop_mat16x16<f16, {role}>>(&{}[({}) / 4u], {stride}u)", self.name, self.offset(r, c))
    }
}

/// Emits the template for `t × t` tiles a subgroup (t = 2 or 4).
pub(super) fn coop(w: &mut Writer<'_>, m: &MatmulBody, t: u32) {
    let tile = 32 * t;
    // Either layout of either operand fits: max(tile × (BK + 8), BK × (tile + 8)) f16.
    let halves = (tile * (BK + PAD)).max(BK * (tile + PAD));
    w.shared_raw("sa", "vec4<f16>", (halves / 4) as usize);
    w.shared_raw("sb", "vec4<f16>", (halves / 4) as usize);
    w.shared("cs", Ty::F32, 1024);
    let rows_total = matmul_rows(m).1;
    let (tiles_m, tiles_n) = (rows_total.div_ceil(tile as u64), (m.n as u64).div_ceil(tile as u64));
    let rows = batch_split(w, m, tiles_m * tiles_n);
    let count = w.u(rows.count(m));
    let n = w.u(m.n as u64);
    w.let_("m0", Ty::U32, &format!("(tile / {tiles_n}u) * {tile}u"));
    w.let_("n0", Ty::U32, &format!("(tile % {tiles_n}u) * {tile}u"));
    // Subgroups are 32 consecutive invocations (the backend requires 32-lane subgroups).
    w.let_("sg", Ty::U32, "lid / 32u");
    w.let_("sm", Ty::U32, &format!("(sg / 2u) * {}u", 16 * t));
    w.let_("sn", Ty::U32, &format!("(sg % 2u) * {}u", 16 * t));
    // Zero accumulators come from zeroed workgroup memory (no zero constructor in WGSL).
    w.for_unrolled("q", 8);
    w.line(format!("cs[lid + q * {COOP_THREADS}u] = 0.0f;"));
    w.close();
    w.barrier();
    w.line("let zero = coopLoadT<coop_mat16x16<f32, C>>(&cs[0], 16u);");
    for (i, j) in tiles(t) {
        w.line(format!("var c{i}_{j} = zero;"));
    }
    // Nobody overwrites `cs` (the epilogue) before every subgroup has read its zeros.
    w.barrier();

    match coop_vector(w.spec, m, &w.bases) {
        Some(layouts) => {
            // `&`, not `&&`: naga lowers a short-circuit through a local variable, which its
            // uniformity analysis counts as varying (and cooperative ops need uniform control).
            w.if_(&format!("(m0 + {tile}u <= {count}) & (n0 + {tile}u <= {n})"));
            vector_loop(w, m, t, &rows, &layouts);
            w.close();
            w.open("else");
            scalar_loop(w, m, t, &rows);
            w.close();
        }
        None => scalar_loop(w, m, t, &rows),
    }
    store_tiles(w, m, t, &rows);
}

fn tiles(t: u32) -> impl Iterator<Item = (u32, u32)> {
    (0..t).flat_map(move |i| (0..t).map(move |j| (i, j)))
}

/// The element index of operand `l` at (`row`, `col`) of its matrix (A: row, k; B: k, column),
/// with its batch entry from `bvars` and its base offset.
fn address(w: &Writer<'_>, l: &CoopLayout, bvars: &[String], row: &str, col: &str) -> String {
    let mut vars = bvars.to_vec();
    vars.extend([format!("({row})"), format!("({col})")]);
    w.based(l.arg, &w.offset(&l.strides, &vars, None))
}

/// The slices of A and B in workgroup memory for a `tile`-wide workgroup tile.
fn slices(tile: u32, a_row_major: bool, b_row_major: bool) -> (Slice, Slice) {
    let a = Slice { name: "sa", rows: tile, cols: BK, row_major: a_row_major };
    let b = Slice { name: "sb", rows: BK, cols: tile, row_major: b_row_major };
    (a, b)
}

/// The subgroups' products for the slice in workgroup memory.
fn multiply(w: &mut Writer<'_>, t: u32, a: &Slice, b: &Slice) {
    for kk in 0..BK / 16 {
        for i in 0..t {
            let load = a.load("A", &format!("sm + {}u", 16 * i), &format!("{}u", 16 * kk));
            w.line(format!("let fa{kk}_{i} = {load};"));
        }
        for j in 0..t {
            let load = b.load("B", &format!("{}u", 16 * kk), &format!("sn + {}u", 16 * j));
            w.line(format!("let fb{kk}_{j} = {load};"));
        }
        for (i, j) in tiles(t) {
            w.line(format!("c{i}_{j} = coopMultiplyAdd(fa{kk}_{i}, fb{kk}_{j}, c{i}_{j});"));
        }
    }
}

/// One operand's 16-byte vectors (8 f16 along its contiguous axis) of the slice at `k0`: for
/// vector `q` of this invocation, its global vector index and its f16 offset in the slice.
fn vectors(w: &Writer<'_>, l: &CoopLayout, s: &Slice, bvars: &[String], k0: &str, is_a: bool) -> Vec<(String, String)> {
    // Stored rows and the vectors along each.
    let (outer, inner) = if s.row_major { (s.rows, s.cols) } else { (s.cols, s.rows) };
    let per_row = inner / 8;
    let count = outer * per_row / COOP_THREADS;
    (0..count)
        .map(|q| {
            let e = format!("(lid + {}u)", q * COOP_THREADS);
            let (o, c) = (format!("{e} / {per_row}u"), format!("({e} % {per_row}u) * 8u"));
            // Logical (row, col) within the slice.
            let (r, cc) = if s.row_major { (o.clone(), c.clone()) } else { (c.clone(), o.clone()) };
            let (row, col) = if is_a {
                (format!("m0 + {r}"), format!("{k0} + {cc}"))
            } else {
                (format!("{k0} + {r}"), format!("n0 + {cc}"))
            };
            let global = format!("({}) / 8u", address(w, l, bvars, &row, &col));
            (global, format!("({o}) * {}u + {c}", s.stride()))
        })
        .collect()
}

/// Interior tiles: slices read as 16-byte vectors into registers one slice ahead, stored to
/// workgroup memory as `vec4<f16>`.
fn vector_loop(w: &mut Writer<'_>, m: &MatmulBody, t: u32, rows: &Rows, layouts: &(CoopLayout, CoopLayout)) {
    let (la, lb) = layouts;
    let (sa, sb) = slices(32 * t, la.row_major, lb.row_major);
    let bvars = rows.b_vars().to_vec();
    // (register, operand, global vector index, f16 offset in its slice) of each vector.
    let fetch = |w: &Writer<'_>, k0: &str| -> Vec<(String, &Slice, usize, String, String)> {
        let a = vectors(w, la, &sa, &bvars, k0, true)
            .into_iter()
            .enumerate()
            .map(|(q, (g, at))| (format!("ra{q}"), &sa, la.arg, g, at));
        let b = vectors(w, lb, &sb, &bvars, k0, false)
            .into_iter()
            .enumerate()
            .map(|(q, (g, at))| (format!("rb{q}"), &sb, lb.arg, g, at));
        a.chain(b).collect()
    };
    for (reg, _, arg, global, _) in fetch(w, "0u") {
        w.line(format!("var {reg} = a{arg}[{global}];"));
    }
    w.for_("k0", "0u", &w.u(m.k as u64), &format!("{BK}u"));
    for (reg, slice, _, _, at) in fetch(w, "k0") {
        let name = slice.name;
        // f16 → f32 → f16 is exact (naga has no size-changing bitcast to f16 vectors).
        let half =
            |x: &str, y: &str| format!("vec4<f16>(vec4<f32>(unpack2x16float({reg}.{x}), unpack2x16float({reg}.{y})))");
        w.line(format!("{name}[({at}) / 4u] = {};", half("x", "y")));
        w.line(format!("{name}[({at}) / 4u + 1u] = {};", half("z", "w")));
    }
    w.barrier();
    w.if_(&format!("k0 + {BK}u < {}", w.u(m.k as u64)));
    for (reg, _, arg, global, _) in fetch(w, &format!("(k0 + {BK}u)")) {
        w.line(format!("{reg} = a{arg}[{global}];"));
    }
    w.close();
    multiply(w, t, &sa, &sb);
    // The slice is read before the next one is stored.
    w.barrier();
    w.close();
}

/// Any tile: each slice is copied element by element (each an expression, f16 from f16 loads,
/// zero past the edges), both operands stored row-major.
fn scalar_loop(w: &mut Writer<'_>, m: &MatmulBody, t: u32, rows: &Rows) {
    let tile = 32 * t;
    let (sa, sb) = slices(tile, true, true);
    let (count, n, k) = (w.u(rows.count(m)), w.u(m.n as u64), w.u(m.k as u64));
    let per = tile * BK / COOP_THREADS;
    w.for_("k0", "0u", &k, &format!("{BK}u"));
    w.for_unrolled("q", per as usize);
    w.open("");
    w.let_("e", Ty::U32, &format!("lid + q * {COOP_THREADS}u"));
    w.let_("ka", Ty::U32, &format!("k0 + e % {BK}u"));
    w.var("v", Ty::F32, "0.0f");
    let (r, i, bvars) = rows.row(w, m, &format!("m0 + e / {BK}u"), "");
    w.if_(&format!("{r} < {count} && ka < {k}"));
    let av = w.expr(&m.a, &vars(&bvars, &i, "ka"), None, "");
    w.assign("v", &av);
    w.close();
    w.let_("h", Ty::U32, &sa.offset(&format!("e / {BK}u"), &format!("e % {BK}u")));
    w.line("sa[h >> 2u][h & 3u] = f16(v);");
    w.close();
    w.close();
    w.for_unrolled("q", per as usize);
    w.open("");
    w.let_("e", Ty::U32, &format!("lid + q * {COOP_THREADS}u"));
    w.let_("kb", Ty::U32, &format!("k0 + e / {tile}u"));
    w.let_("j", Ty::U32, &format!("n0 + e % {tile}u"));
    w.var("v", Ty::F32, "0.0f");
    w.if_(&format!("kb < {k} && j < {n}"));
    let bv = w.expr(&m.b, &vars(rows.b_vars(), "kb", "j"), None, "");
    w.assign("v", &bv);
    w.close();
    w.let_("h", Ty::U32, &sb.offset(&format!("e / {tile}u"), &format!("e % {tile}u")));
    w.line("sb[h >> 2u][h & 3u] = f16(v);");
    w.close();
    w.close();
    w.barrier();
    multiply(w, t, &sa, &sb);
    w.barrier();
    w.close();
}

/// Each subgroup stores accumulator tile (i, j) to its quarter of `cs`; then every invocation
/// applies the epilogue to 8 of the 1024 values (16 neighbouring invocations write one
/// 64-byte row segment).
fn store_tiles(w: &mut Writer<'_>, m: &MatmulBody, t: u32, rows: &Rows) {
    let (count, n) = (w.u(rows.count(m)), w.u(m.n as u64));
    for (i, j) in tiles(t) {
        w.barrier();
        w.line(format!("coopStoreT(c{i}_{j}, &cs[sg * 256u], 16u);"));
        w.barrier();
        w.for_unrolled("q", 8);
        w.open("");
        w.let_("e", Ty::U32, &format!("lid + q * {COOP_THREADS}u"));
        w.let_("s", Ty::U32, "e / 256u");
        let row = format!("m0 + (s / 2u) * {}u + {}u + (e % 256u) / 16u", 16 * t, 16 * i);
        let (r, _, bvars) = rows.row(w, m, &row, "");
        w.let_("j", Ty::U32, &format!("n0 + (s % 2u) * {}u + {}u + e % 16u", 16 * t, 16 * j));
        w.if_(&format!("{r} < {count} && j < {n}"));
        w.let_("acc", Ty::F32, "cs[e]");
        epilogue(w, m, &bvars);
        w.close();
        w.close();
        w.close();
    }
}
