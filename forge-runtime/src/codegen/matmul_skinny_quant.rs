//! The skinny matmul's K loop where B is a block-format weight read along K (GGUF's
//! `[N, K]` rows through `transpose`): a column's warp reads whole blocks, each invocation a
//! quarter of one (values `2c, 2c + 1, 2c + 16, 2c + 17` of the block: one 2-byte load of codes
//! and the block's scales, `forge_q*_x4`), so a trip of the warp covers four blocks with a
//! tenth of the loads a value-at-a-time read makes. The decoded values are `dequant_value`'s.
//! On CUDA a column's slices are two whole warps (`geometry::skinny_cols`; a wide product's
//! half a warp): each warp's sums meet by shuffles (`warp_sums`), the warps' in workgroup
//! memory; where one pass covers K the weights load before the grid wait, and A's values
//! `2c, 2c + 1` (and `2c + 16, 2c + 17`) load as one 8-byte pair (`pair_load`). WGSL does the
//! same on subgroups of 32 (`subgroupShuffleXor`, `Schedule::warp_sums`); elsewhere it meets its
//! column's slices in workgroup memory as the skinny template does.

use super::matmul::vars;
use super::{Dialect, Writer};
use crate::elem::{Elem, Ty};
use crate::ir::MatmulBody;

/// Invocations sharing a block: each decodes 4 of its 32 values.
const PER_BLOCK: u32 = 8;
/// Values an invocation has in flight per trip at most (loads of A, B and B2, and the gain).
const LOADS_IN_FLIGHT: usize = 80;
/// The offsets within a block of the four values an invocation decodes, from `2c`.
const OFFSETS: [u32; 4] = [0, 1, 16, 17];

/// The K loop: sums `p{r}` (and `q{r}`, `s{r}`) over the invocation's values, `elems` the
/// formats of B (and B2), `slices` the invocations a column has, `split` each row's (row, batch
/// variables), `b_vars` B's batch variables; only invocations where `in_range` holds (their
/// column exists) load and sum.
pub(super) fn block_loop(
    w: &mut Writer<'_>,
    m: &MatmulBody,
    elems: &[Elem],
    slices: u32,
    split: &[(String, Vec<String>)],
    b_vars: &[String],
    in_range: &str,
) {
    let per_trip = u64::from(slices / PER_BLOCK).max(1);
    let blocks = m.k as u64 / 32;
    let trips = blocks.div_ceil(per_trip);
    let per_unroll = 4 * elems.len() + 4 * split.len() * (1 + usize::from(m.rms.is_some()));
    let most = (LOADS_IN_FLIGHT / per_unroll.max(1)).max(1) as u64;
    // As many trips a loop pass as the loads allow, a divisor of the trips where one is at
    // least half that (no bounds checks), else that many.
    let cap = most.min(trips).max(1);
    let unroll = (cap.div_ceil(2)..=cap).rev().find(|u| trips.is_multiple_of(*u)).unwrap_or(cap);
    let exact = blocks.is_multiple_of(per_trip) && trips.is_multiple_of(unroll);
    w.let_idx("qb", &w.idx(&format!("ks / {PER_BLOCK}u")));
    w.let_idx("qc", &w.idx(&format!("(ks % {PER_BLOCK}u) * 2u")));
    // One pass over K on CUDA, of weights no kernel writes: B's loads go before the grid wait
    // (then A's after it), so they arrive while the kernel ahead finishes.
    let early = w.d == Dialect::Cuda
        && unroll == trips
        && [Some(&m.b), m.b2.as_ref()]
            .into_iter()
            .flatten()
            .all(|b| b.as_load().is_some_and(|(a, _)| w.spec.read_only(a)));
    let block_at = |w: &mut Writer<'_>, u: u64, trip: &str| {
        w.let_idx(&format!("blk{u}"), &format!("({trip} + {}) * {} + qb", w.u(u), w.u(per_trip)));
        // Past the last block (the last trip only): an in-bounds read whose product is dropped.
        let block = if exact { format!("blk{u}") } else { format!("min(blk{u}, {})", w.u(blocks - 1)) };
        w.let_idx(&format!("kq{u}"), &format!("{block} * 32u + qc"));
    };
    if early {
        let formats = elems.len().min(1 + usize::from(m.b2.is_some()));
        for u in 0..unroll {
            block_at(w, u, &w.u(0));
            for name in ["bv", "bw"].iter().take(formats) {
                w.line(format!("float4 {name}{u} = make_float4(0.0f, 0.0f, 0.0f, 0.0f);"));
            }
        }
        w.if_(in_range);
        for u in 0..unroll {
            load_blocks(w, m, elems, b_vars, u, false);
        }
        w.close();
        w.grid_wait();
    }
    super::matmul_skinny_norm::stage_layer_norm(w, m, split);
    w.if_(in_range);
    if !early {
        w.for_("t0", &w.u(0), &w.u(trips), &w.u(unroll));
    }
    for u in 0..unroll {
        if !early {
            block_at(w, u, "t0");
            load_blocks(w, m, elems, b_vars, u, true);
        }
        for (r, (i, bvars)) in split.iter().enumerate() {
            let gain = m.rms.as_ref().map(|rms| &rms.gain);
            for (name, x) in [("av", Some(&m.a)), ("gv", gain)] {
                let Some(x) = x else { continue };
                for (e, off) in OFFSETS.iter().enumerate() {
                    let k = format!("kq{u} + {}", w.u(u64::from(*off)));
                    if name == "av" && m.layer.is_some() {
                        let staged = super::matmul_skinny_norm::a_value(w, m, r, (i, bvars), &k);
                        w.let_(&format!("{name}{r}_{u}_{e}"), Ty::F32, &staged);
                        continue;
                    }
                    let at = vars(bvars, i, &k);
                    let value = match pair_load(w, x, &at) {
                        // Offsets 0 and 16 load the pair; 1 and 17 take its second lane.
                        Some(pair) if off % 2 == 0 => {
                            w.line(format!("const float2 {name}{r}_{u}_{e}p = {pair};"));
                            format!("{name}{r}_{u}_{e}p.x")
                        }
                        Some(_) => format!("{name}{r}_{u}_{}p.y", e - 1),
                        None => w.expr(x, &at, None, ""),
                    };
                    w.let_(&format!("{name}{r}_{u}_{e}"), Ty::F32, &value);
                }
            }
        }
    }
    let blocks_lit = w.u(blocks);
    let keep = |term: String, u: u64| if exact { term } else { format!("select(0.0f, {term}, blk{u} < {blocks_lit})") };
    for u in 0..unroll {
        for r in 0..split.len() {
            let a = |e: usize| match m.rms {
                Some(_) => format!("(av{r}_{u}_{e} * gv{r}_{u}_{e})"),
                None => format!("av{r}_{u}_{e}"),
            };
            if m.rms.is_some() {
                let squares: Vec<String> = (0..4).map(|e| format!("av{r}_{u}_{e} * av{r}_{u}_{e}")).collect();
                w.assign(&format!("s{r}"), &format!("s{r} + {}", keep(squares.join(" + "), u)));
            }
            for (sum, b) in [("p", "bv")].into_iter().chain((elems.len() > 1).then_some(("q", "bw"))) {
                let terms: Vec<String> =
                    ["x", "y", "z", "w"].iter().enumerate().map(|(e, c)| format!("{} * {b}{u}.{c}", a(e))).collect();
                w.assign(&format!("{sum}{r}"), &format!("{sum}{r} + {}", keep(terms.join(" + "), u)));
            }
        }
    }
    if !early {
        w.close();
    }
    w.close();
}

/// CUDA: the 8-byte load of `x` at `at` and the value after it along K, where `x` is a plain
/// f32 load whose K stride is 1 and whose every other stride, offset and base are even (the
/// index at an even k is then 8-byte aligned: buffers start 256-byte aligned, and
/// [`block_loop`]'s k of offsets 0 and 16 are even).
fn pair_load(w: &Writer<'_>, x: &crate::ir::SExpr, at: &[String]) -> Option<String> {
    let (arg, strides) = x.as_load()?;
    let a = w.spec.args.get(arg)?;
    let (k_stride, others) = strides.split_last()?;
    let even = others.iter().all(|s| s % 2 == 0)
        && a.offset.is_multiple_of(2)
        && w.bases.get(arg).copied().unwrap_or(0).is_multiple_of(2);
    let plain = a.elem == Elem::F32 && x.ty() == Ty::F32 && *k_stride == 1 && strides.len() == at.len();
    (w.d == Dialect::Cuda && even && plain)
        .then(|| format!("*reinterpret_cast<const float2*>(&a{arg}[{}])", w.based(arg, &w.offset(strides, at, None))))
}

/// The quarter blocks of B (and B2) at `kq{u}` decoded into `bv{u}` (and `bw{u}`), declared
/// here (`declare`) or assigned to ones declared before.
fn load_blocks(w: &mut Writer<'_>, m: &MatmulBody, elems: &[Elem], b_vars: &[String], u: u64, declare: bool) {
    for (i, (name, b)) in [("bv", Some(&m.b)), ("bw", m.b2.as_ref())].into_iter().enumerate() {
        let (Some(b), Some(elem)) = (b, elems.get(i)) else { continue };
        let Some((arg, strides)) = b.as_load() else { continue };
        let index = w.offset(strides, &vars(b_vars, &format!("kq{u}"), "j"), None);
        let decode = match elem {
            Elem::Q4_0 => "forge_q4_0_x4",
            Elem::Q4_1 => "forge_q4_1_x4",
            Elem::Q8_0 => "forge_q8_0_x4",
            Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => "forge_no_block_format",
        };
        // WGSL's per-argument loader adds the byte base itself (`wgsl::quant_loader_x4`).
        w.line(match (w.d, declare) {
            (Dialect::Cuda, true) => format!("const float4 {name}{u} = {decode}(a{arg}, {});", w.based(arg, &index)),
            (Dialect::Cuda, false) => format!("{name}{u} = {decode}(a{arg}, {});", w.based(arg, &index)),
            (Dialect::Wgsl, _) => format!("let {name}{u}: vec4<f32> = forge_qa{arg}_x4({index});"),
        });
    }
}

/// Every lane's `p{r}` (and `q{r}`, `s{r}`) replaced by the sum over its aligned group of
/// `group` lanes (32, or 16 for a wide product: the slices of its column in one warp; every
/// lane runs this, outside any branch): shuffles, CUDA's or WGSL's `subgroupShuffleXor` where
/// subgroups are 32 invocations of consecutive local indices (naga takes subgroup built-ins
/// without an `enable`, where the device has `SUBGROUP`).
pub(super) fn warp_sums(w: &mut Writer<'_>, m: &MatmulBody, rows: usize, group: u32) {
    let mut sums = vec!["p"];
    if m.b2.is_some() {
        sums.push("q");
    }
    if m.rms.is_some() {
        sums.push("s");
    }
    for r in 0..rows {
        for sum in &sums {
            w.xor_fold(&format!("{sum}{r}"), group, &|_, a, b| format!("{a} + {b}"));
        }
    }
}
