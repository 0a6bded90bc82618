//! The tensor-core attention's tiles of keys (`attention_mma`): where a block's workgroup
//! memory keeps what, each tile's masks, the block's vote on whether any is live, its keys and
//! values loaded and stored (with their TF32 remainders), and a live tile's products and online
//! softmax update.

use super::attention::{min, with};
use super::geometry::{AttentionMma, ATTENTION_MMA_KEYS, ATTENTION_MMA_ROWS, ATTENTION_MMA_THREADS};
use super::Writer;
use crate::ir::AttentionBody;

/// Scores a lane holds for a tile: 4 groups of 8 keys × 2 rows × 2 keys.
pub(super) const LANE_SCORES: usize = ATTENTION_MMA_KEYS / 2;

/// Where the block's workgroup memory (`sm`, u32 words) keeps what.
pub(super) struct Layout {
    /// Row strides of a key tile (`≡ 4 (mod 32)`: the lanes reading fragment `b`, 8 keys × 4
    /// dims, hit 32 banks), a value tile (`≡ 8`: 4 keys × 8 dims) and the combined rows.
    pub(super) ks: usize,
    pub(super) vs: usize,
    pub(super) os: usize,
    /// Key and value tiles' `hi` parts (the f32 itself) and TF32 remainders (`tf32x3`), each
    /// warp's probabilities (16 rows of a tile's keys, rows of [`PROB_STRIDE`]).
    pub(super) khi: usize,
    pub(super) klo: usize,
    pub(super) vhi: usize,
    pub(super) vlo: usize,
    pub(super) ps: usize,
    /// After the keys (a cluster's blocks): unnormalised output rows, maxima, denominators.
    pub(super) om: usize,
    pub(super) ol: usize,
    pub(super) words: usize,
}

/// Row stride of a warp's probabilities.
pub(super) const PROB_STRIDE: usize = ATTENTION_MMA_KEYS + 4;

impl Layout {
    pub(super) fn of(a: &AttentionBody, m: AttentionMma) -> Layout {
        let (bk, rows) = (ATTENTION_MMA_KEYS, ATTENTION_MMA_ROWS);
        let ks = a.e + (36 - a.e % 32) % 32;
        let vs = a.ev + (40 - a.ev % 32) % 32;
        // The combined rows are read and written like a value tile's: the same bank spread.
        let os = vs;
        let parts = if m.x3 { 2 } else { 1 };
        let khi = 0;
        let klo = khi + bk * ks;
        let vhi = khi + parts * bk * ks;
        let vlo = vhi + bk * vs;
        let ps = vhi + parts * bk * vs;
        let warps = ATTENTION_MMA_THREADS as usize / 32;
        let tiles = ps + warps * 16 * PROB_STRIDE;
        let (om, ol) = (rows * os, rows * os + rows);
        let combined = if m.parts > 1 { ol + rows } else { 0 };
        Layout { ks, vs, os, khi, klo, vhi, vlo, ps, om, ol, words: tiles.max(combined) }
    }
}

/// The lane's bases in workgroup memory, so the unrolled reads take constant offsets: its
/// fragment column of a key tile (`kq`: key `g`, dim `t4`), of a value tile (`vq`: key `t4`,
/// dim `g`), its warp's probabilities (`pwr` where the lane writes, `prd` where it reads),
/// and where it stores its share of a tile (`kst`, `vst`, where 128 threads cover whole rows).
pub(super) fn pointers(w: &mut Writer<'_>, lay: &Layout, a: &AttentionBody) {
    let t = ATTENTION_MMA_THREADS as usize;
    w.line(format!("const u32* kq = sm + {}u + g * {}u + t4;", lay.khi, lay.ks));
    w.line(format!("const u32* vq = sm + {}u + t4 * {}u + g;", lay.vhi, lay.vs));
    w.line(format!("u32* pwr = sm + {}u + warp * {}u + g * {PROB_STRIDE}u + 2u * t4;", lay.ps, 16 * PROB_STRIDE));
    w.line(format!("const u32* prd = sm + {}u + warp * {}u + g * {PROB_STRIDE}u + t4;", lay.ps, 16 * PROB_STRIDE));
    for (name, width, stride, hi) in [("kst", a.e, lay.ks, lay.khi), ("vst", a.ev, lay.vs, lay.vhi)] {
        if t.is_multiple_of(width) {
            w.line(format!("u32* {name} = sm + {hi}u + (lid / {width}u) * {stride}u + lid % {width}u;"));
        }
    }
}

/// The masks of the lane's scores for the tile of keys from `c0` into `arr` (score `x`: key
/// `c0 + 8·(x / 4) + 2·t4 + x % 2` of row `r0 + 8·((x % 4) / 2)`): `-inf` past the keys or the
/// rows (the mask is read at the last key and row there, so no branch guards the load), and
/// past a causal row's own position.
pub(super) fn masks(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String], arr: &str, c0: &str) {
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    let (keys_past, rows_past) = (!a.tk.is_multiple_of(ATTENTION_MMA_KEYS), !a.tq.is_multiple_of(ATTENTION_MMA_ROWS));
    w.unroll("x", LANE_SCORES);
    w.let_idx("kraw", &format!("{c0} + (x / 4u) * 8u + 2u * t4 + x % 2u"));
    w.let_idx("qraw", "r0 + ((x % 4u) / 2u) * 8u");
    let kj = if keys_past { min(w, "kraw", &w.u(a.tk as u64 - 1)) } else { "kraw".into() };
    let qi = if rows_past { min(w, "qraw", &w.u(a.tq as u64 - 1)) } else { "qraw".into() };
    w.let_idx("kj", &kj);
    w.let_idx("qi", &qi);
    let mask = match &a.mask {
        Some(mask) => w.expr(mask, &with(bvars, "qi", "kj"), None, ""),
        None => "0.0f".into(),
    };
    let mut inside = Vec::new();
    if keys_past {
        inside.push(format!("kraw < {}", w.u(a.tk as u64)));
    }
    if a.causal {
        // Query i sees keys up to i + (tk - tq) (the queries are the last tq positions).
        inside.push(format!("kraw <= qraw + {}", w.u(a.tk.saturating_sub(a.tq) as u64)));
    }
    if rows_past {
        inside.push(format!("qraw < {}", w.u(a.tq as u64)));
    }
    if inside.is_empty() {
        w.line(format!("{arr}[x] = {mask};"));
    } else {
        w.line(format!("{arr}[x] = ({}) ? {mask} : {ninf};", inside.join(" && ")));
    }
    w.end_unroll();
}

/// `name`: whether any lane of the block has a score `arr` does not mask (a barrier too).
pub(super) fn vote(w: &mut Writer<'_>, name: &str, arr: &str) {
    w.line(format!("int {name}_any = 0;"));
    w.unroll("x", LANE_SCORES);
    w.line(format!("{name}_any |= int({});", w.not_neg_inf(&format!("{arr}[x]"))));
    w.end_unroll();
    w.line(format!("bool {name} = __syncthreads_or({name}_any) != 0;"));
}

/// The key and value rows of the tile from `c0` into `kr`, `vr` (thread `lid` element `lid +
/// 128·it` of each tile, row-major: consecutive threads read consecutive dims); 0 past the keys
/// (read at the last key, so no branch guards the load).
pub(super) fn load_tile(w: &mut Writer<'_>, a: &AttentionBody, bvars: &[String], c0: &str) {
    let t = ATTENTION_MMA_THREADS as usize;
    let keys_past = !a.tk.is_multiple_of(ATTENTION_MMA_KEYS);
    for (what, width, arr) in [(&a.k, a.e, "kr"), (&a.v, a.ev, "vr")] {
        w.unroll("it", ATTENTION_MMA_KEYS * width / t);
        w.line(format!("const u32 x = lid + it * {t}u;"));
        w.let_idx("kraw", &format!("{c0} + x / {width}u"));
        let kj = if keys_past { min(w, "kraw", &w.u(a.tk as u64 - 1)) } else { "kraw".into() };
        w.let_idx("kj", &kj);
        w.let_idx("d", &w.idx(&format!("x % {width}u")));
        let v = w.expr(what, &with(bvars, "kj", "d"), None, "");
        if keys_past {
            w.line(format!("{arr}[it] = kraw < {} ? {v} : 0.0f;", w.u(a.tk as u64)));
        } else {
            w.line(format!("{arr}[it] = {v};"));
        }
        w.end_unroll();
    }
}

/// `kr`, `vr` into the tile's workgroup memory (with their remainders for `tf32x3`): from the
/// lane's base where 128 threads cover whole rows, else at computed places.
pub(super) fn store_tile(w: &mut Writer<'_>, a: &AttentionBody, m: AttentionMma, lay: &Layout) {
    let t = ATTENTION_MMA_THREADS as usize;
    let tiles = [(a.e, lay.ks, "kr", "kst", lay.khi, lay.klo), (a.ev, lay.vs, "vr", "vst", lay.vhi, lay.vlo)];
    for (width, stride, arr, base, hi, lo) in tiles {
        w.unroll("it", ATTENTION_MMA_KEYS * width / t);
        w.line(format!("const u32 bits = __float_as_uint({arr}[it]);"));
        if t.is_multiple_of(width) {
            w.line(format!("const u32 at = it * {}u;", (t / width) * stride));
            w.line(format!("{base}[at] = bits;"));
            if m.x3 {
                w.line(format!("{base}[{}u + at] = frest(bits);", lo - hi));
            }
        } else {
            w.line(format!("const u32 x = lid + it * {t}u;"));
            w.line(format!("const u32 at = {hi}u + (x / {width}u) * {stride}u + x % {width}u;"));
            w.line("sm[at] = bits;");
            if m.x3 {
                w.line(format!("sm[{}u + at] = frest(bits);", lo - hi));
            }
        }
        w.end_unroll();
    }
}

/// One `m16n8k8` step into accumulator `acc` from A fragments `a{h,l}[..]` and B parts
/// `b{h,l}{0,1}`: three products for `tf32x3` (the small ones first), one for `tf32`.
fn products(w: &mut Writer<'_>, m: AttentionMma, acc: &str, ah: &str, al: &str) {
    let frag = |x: &str| (0..4).map(|r| format!("{x}[{r}]")).collect::<Vec<_>>().join(", ");
    if m.x3 {
        w.line(format!("fmma({acc}, {}, bh0, bh1);", frag(al)));
        w.line(format!("fmma({acc}, {}, bl0, bl1);", frag(ah)));
    }
    w.line(format!("fmma({acc}, {}, bh0, bh1);", frag(ah)));
}

/// One live tile: scores, the online softmax's update, the probabilities' product.
pub(super) fn tile_products(
    w: &mut Writer<'_>,
    a: &AttentionBody,
    m: AttentionMma,
    lay: &Layout,
    after_scores: &dyn Fn(&mut Writer<'_>),
) {
    let (ks, vs) = (lay.ks, lay.vs);
    let ninf = w.f32_lit(f32::NEG_INFINITY);
    w.line(format!("float sc[{LANE_SCORES}];"));
    w.unroll("x", LANE_SCORES);
    w.line("sc[x] = 0.0f;");
    w.end_unroll();
    w.unroll("kk", a.e / 8);
    w.line("const u32* ah = qh + kk * 4u;");
    if m.x3 {
        w.line("const u32* al = ql + kk * 4u;");
    }
    w.unroll("nt", ATTENTION_MMA_KEYS / 8);
    w.line(format!("const u32 kb = nt * {}u + kk * 8u;", 8 * ks));
    w.line("const u32 bh0 = kq[kb], bh1 = kq[kb + 4u];");
    if m.x3 {
        let lo = lay.klo - lay.khi;
        w.line(format!("const u32 bl0 = kq[{lo}u + kb], bl1 = kq[{}u + kb];", lo + 4));
    }
    products(w, m, "sc + nt * 4u", "ah", "al");
    w.end_unroll();
    w.end_unroll();
    after_scores(w);
    // Scale and mask (a masked score is -inf whatever the product), then each row's maximum
    // over the tile: scores x % 4 < 2 are row a's, the others row b's.
    w.line(format!("float ta = {ninf}, tb = {ninf};"));
    w.unroll("x", LANE_SCORES);
    w.line(format!("const float s = {} ? sc[x] * scale + mk[x] : {ninf};", w.not_neg_inf("mk[x]")));
    w.line("sc[x] = s;");
    w.line("if (x % 4u < 2u) { ta = forge_fmax(ta, s); } else { tb = forge_fmax(tb, s); }");
    w.end_unroll();
    for v in ["ta", "tb"] {
        for lane in [1, 2] {
            w.line(format!("{v} = forge_fmax({v}, __shfl_xor_sync(0xffffffffu, {v}, {lane}));"));
        }
    }
    // Exponents against the new maximum, or 0 where a row has seen only masked keys (its
    // terms are then exp(-inf) = 0, not NaN).
    w.line("const float na = forge_fmax(ma, ta), nb = forge_fmax(mb, tb);");
    w.line(format!("const float refa = {} ? na : 0.0f;", w.not_neg_inf("na")));
    w.line(format!("const float refb = {} ? nb : 0.0f;", w.not_neg_inf("nb")));
    w.line("const float ca = expf(ma - refa), cb = expf(mb - refb);");
    w.line("ma = na; mb = nb; la *= ca; lb *= cb;");
    w.unroll("nt", a.ev / 8);
    w.line("o[nt * 4u] *= ca; o[nt * 4u + 1u] *= ca; o[nt * 4u + 2u] *= cb; o[nt * 4u + 3u] *= cb;");
    w.end_unroll();
    w.unroll("x", LANE_SCORES);
    w.line("const bool top = x % 4u < 2u;");
    w.line("const float p = expf(sc[x] - (top ? refa : refb));");
    w.line("if (top) { la += p; } else { lb += p; }");
    w.line(format!("pwr[(top ? 0u : {}u) + (x / 4u) * 8u + x % 2u] = __float_as_uint(p);", 8 * PROB_STRIDE));
    w.end_unroll();
    w.line("__syncwarp();");
    w.unroll("kk", ATTENTION_MMA_KEYS / 8);
    w.line("u32 ph[4], pl[4];");
    w.unroll("r", 4);
    w.line(format!("ph[r] = prd[(r % 2u) * {}u + kk * 8u + (r / 2u) * 4u];", 8 * PROB_STRIDE));
    if m.x3 {
        w.line("pl[r] = frest(ph[r]);");
    }
    w.end_unroll();
    w.unroll("nt", a.ev / 8);
    w.line(format!("const u32 vb = kk * {}u + nt * 8u;", 8 * vs));
    w.line(format!("const u32 bh0 = vq[vb], bh1 = vq[vb + {}u];", 4 * vs));
    if m.x3 {
        let lo = lay.vlo - lay.vhi;
        w.line(format!("const u32 bl0 = vq[{lo}u + vb], bl1 = vq[{}u + vb];", lo + 4 * vs));
    }
    products(w, m, "o + nt * 4u", "ph", "pl");
    w.end_unroll();
    w.end_unroll();
    // Every lane has read its warp's probabilities before the next tile writes them.
    w.line("__syncwarp();");
}
