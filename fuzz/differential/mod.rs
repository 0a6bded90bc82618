//! The differential fuzzer shared by `fuzz/fuzz_targets/differential.rs` (cargo-fuzz) and
//! `tests/differential.rs` (fixed seeds plus the kept corpus, in CI): one random well-typed
//! graph with random inputs runs on two backends, and every output is compared under Forge's
//! documented semantics (`docs/semantics.md`): exactly for integers, casts, selects, gathers,
//! shifts and special values (NaN matches NaN); within propagated error bounds for f32
//! arithmetic, transcendental functions, reductions, norms and matmul.
#![allow(dead_code)]

pub mod eval;
pub mod gen;

use eval::{agree, eval, Data, Val};
use forge_runtime::{Context, GraphInstance, HostSlice};
use gen::{f32_text, f_text, i_text, Source, F, I};

/// One generated case: graph text, dims and inputs.
pub struct Case {
    pub src: String,
    pub dims: [usize; 4],
    pub a: Vec<f32>,
    pub b: Vec<f32>,
    pub i: Vec<i32>,
    pub u: Vec<u32>,
    pub g: Vec<f32>,
    pub w: Vec<f32>,
    pub tab: Vec<f32>,
    pub ids: Vec<u32>,
    e: F,
    n: I,
    red: (&'static str, F),
    row: &'static str,
    ix: F,
}

impl Case {
    pub fn new(s: &mut Source<'_>) -> Case {
        let big = s.below(8) == 0;
        let (r, c, k, v) = (1 + s.below(3), 1 + s.below(if big { 300 } else { 40 }), 1 + s.below(5), 1 + s.below(4));
        let e = s.f(3, false);
        let n = s.i(3);
        // Reductions reduce an expression of the inputs (never of literals alone).
        let red = (
            s.pick_str(&["sum", "max", "mean"]),
            F::Bin('+', Box::new(F::In(s.below(2), 0, 0)), Box::new(s.f(2, false))),
        );
        let row = s.pick_str(&["softmax", "rms_norm", "layer_norm"]);
        let ix = s.f(2, true);
        let (uop1, ulit, uop2) = (s.pick_str(&["+", "-", "*", "/"]), s.u32(), s.pick_str(&["+", "-", "*", "/"]));
        let row_text = match row {
            "softmax" => format!("softmax({})", f_text(&red.1, false)),
            "rms_norm" => "rms_norm(a, g, 1e-5)".into(),
            _ => "layer_norm(a, g, g, 1e-5)".into(),
        };
        // `e` and three more node kinds per graph (fewer kernels: a graph compiles faster).
        let mut nodes = vec![("output e: f32[R, C];".to_string(), format!("e = {};", f_text(&e, false)))];
        let all = [
            ("output n: i32[R, C]; output nf: f32[R, C];", format!("n = {0}; nf = ({0}) as f32;", i_text(&n))),
            ("output uo: u32[R, C];", format!("uo = (u {uop1} {ulit}) {uop2} (i as u32);")),
            ("output red: f32[R];", format!("red = {}({});", red.0, f_text(&red.1, false))),
            ("output rr: f32[R];", format!("rr[r] = {}(c, {});", red.0, f_text(&red.1, true))),
            ("output row: f32[R, C];", format!("row = {row_text};")),
            ("output mm: f32[R, K];", "mm = matmul(a, w);".to_string()),
            ("output ix: f32[R, C];", format!("ix[r, c] = {};", f_text(&ix, true))),
            (
                "output ga: f32[R, C]; output gi: f32[R, C];",
                "ga = gather(tab, ids); gi[r, c] = tab[ids[r], c] * 2.0;".to_string(),
            ),
            // A norm read only by a few-row product (folded into it: `ir/fuse/norm.rs`).
            ("output nm: f32[R, K]; temp nt: f32[R, C];", "nt = rms_norm(a, g, 1e-5); nm = matmul(nt, w);".into()),
            // A running value copied in and out of a loop (both copies elided: `ir/fuse/copy.rs`).
            (
                "output cp: f32[R, C]; temp ct: f32[R, C]; temp st: f32[R, C];",
                "ct = a; for l in 0..K { st = softmax(ct); ct = ct + st; } cp = ct;".into(),
            ),
            // A layer norm by hand: reductions broadcast back over their rows, one row chain
            // (`ir/fuse/rows.rs`).
            (
                "output lc: f32[R, C]; temp mu: f32[R, 1]; temp dv: f32[R, C]; temp va: f32[R, 1];",
                "mu = mean(a, keepdim = true); dv = a - mu; va = mean(dv * dv, keepdim = true); \
                 lc = dv / sqrt(va + 1e-5);"
                    .into(),
            ),
        ];
        let mut chosen = [false; 11];
        for _ in 0..3 {
            chosen[s.below(all.len())] = true;
        }
        for (k, (decl, node)) in all.into_iter().enumerate() {
            if chosen[k] {
                nodes.push((decl.to_string(), node));
            }
        }
        let decls: Vec<&str> = nodes.iter().map(|(d, _)| d.as_str()).collect();
        let body: Vec<&str> = nodes.iter().map(|(_, n)| n.as_str()).collect();
        let src = format!(
            "graph Fuzz {{ dims {{ R, C, K, V }}
  input a: f32[R, C]; input b: f32[R, C]; input i: i32[R, C]; input u: u32[R, C];
  input g: f32[C]; input w: f32[C, K]; input tab: f32[V, C]; input ids: u32[R];
  {}
  {}
}}",
            decls.join(" "),
            body.join("\n  ")
        );
        let rc = r * c;
        let fs = |s: &mut Source<'_>, n: usize| (0..n).map(|_| s.f32()).collect::<Vec<f32>>();
        let (a, b) = (fs(s, rc), fs(s, rc));
        let i = (0..rc).map(|_| s.i32()).collect();
        let u = (0..rc).map(|_| s.u32()).collect();
        let (g, w, tab) = (fs(s, c), fs(s, c * k), fs(s, v * c));
        let ids = (0..r).map(|_| if s.below(4) == 0 { s.u32() } else { s.below(v) as u32 }).collect();
        Case { src, dims: [r, c, k, v], a, b, i, u, g, w, tab, ids, e, n, red, row, ix }
    }

    fn run(&self, ctx: &Context) -> Result<Vec<(String, forge_runtime::HostVec)>, String> {
        let mut g = GraphInstance::from_source(ctx, &self.src, &self.dims).map_err(|e| format!("{ctx}: new: {e}"))?;
        let inputs = [
            ("a", HostSlice::of(&self.a)),
            ("b", HostSlice::of(&self.b)),
            ("i", HostSlice::of(&self.i)),
            ("u", HostSlice::of(&self.u)),
            ("g", HostSlice::of(&self.g)),
            ("w", HostSlice::of(&self.w)),
            ("tab", HostSlice::of(&self.tab)),
            ("ids", HostSlice::of(&self.ids)),
        ];
        g.run(&inputs, &[]).map_err(|e| format!("{ctx}: run: {e}"))
    }

    /// Runs on `want` (the reference) and `got`; every disagreement, described.
    pub fn compare(&self, want: &Context, got: &Context) -> Result<(), String> {
        let (w, g) = (self.run(want)?, self.run(got)?);
        let [r, c, k, _] = self.dims;
        let d = Data { r, c, a: &self.a, b: &self.b, i: &self.i };
        let mut bad = Vec::new();
        for ((name, wv), (_, gv)) in w.iter().zip(&g) {
            let n = wv.len();
            let mut check = |idx: usize, ok: bool, shown: String| {
                if !ok && bad.len() < 8 {
                    bad.push(format!("{name}[{idx}]: {shown}"));
                }
            };
            match name.as_str() {
                "n" | "uo" => {
                    let same = wv.bytes() == gv.bytes();
                    check(
                        0,
                        same,
                        format!("integer outputs differ: {:?} vs {:?}", wv.to_vec::<i32>(name), gv.to_vec::<i32>(name)),
                    );
                }
                _ => {
                    let (wf, gf) =
                        (wv.to_vec::<f32>(name).unwrap_or_default(), gv.to_vec::<f32>(name).unwrap_or_default());
                    for p in 0..n {
                        let (row, col) = (p / c.max(1), p % c.max(1));
                        let x = match name.as_str() {
                            "e" => eval(&self.e, &d, row, col),
                            "ix" => eval(&self.ix, &d, row, col),
                            "red" | "rr" => self.reduction(&d, p),
                            "row" => self.row_op(&d, row, col, wf[p]),
                            "mm" => self.matmul(p / k, p % k),
                            "nm" => self.normed_matmul(p / k, p % k),
                            "lc" => self.layer_norm_by_hand(row, col),
                            // K steps of x + softmax(x): each the softmax's bound as `row`'s, then
                            // one addition.
                            "cp" => {
                                let step = 4.0 * eval::EPS * wf[p].abs() as f64 + 2e-6;
                                Val { v: wf[p] as f64, err: k as f64 * step, wide: false }
                            }
                            // nf: an exact integer rounded once; gathers move data.
                            _ => Val { v: wf[p] as f64, err: 0.0, wide: false },
                        };
                        check(p, agree(gf[p], wf[p], x), format!("{} vs {} (bound {:e})", wf[p], gf[p], 2.0 * x.err));
                    }
                }
            }
        }
        if bad.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "{} (reference) and {} disagree:\n  {}\n{}\n{}",
                want,
                got,
                bad.join("\n  "),
                self.src,
                self.inputs_text()
            ))
        }
    }

    fn reduction(&self, d: &Data<'_>, row: usize) -> Val {
        let xs: Vec<Val> = (0..d.c).map(|col| eval(&self.red.1, d, row, col)).collect();
        let abs: f64 = xs.iter().map(|x| x.v.abs()).filter(|v| v.is_finite()).sum();
        let sum: f64 = xs.iter().map(|x| x.v).sum();
        let err: f64 = xs.iter().map(|x| x.err).sum::<f64>() + abs * f32::EPSILON as f64 * d.c as f64;
        match self.red.0 {
            "max" => Val {
                v: xs.iter().map(|x| x.v).fold(f64::NEG_INFINITY, f64::max),
                err: xs.iter().map(|x| x.err).fold(0.0, f64::max),
                wide: false,
            },
            // A partial sum past f32::MAX may overflow or not, by the order: not compared.
            _ if abs > f32::MAX as f64 / 2.0 => Val { v: 0.0, err: f64::INFINITY, wide: false },
            "mean" => Val { v: sum / d.c as f64, err: err / d.c as f64 + 1e-30, wide: false },
            _ => Val { v: sum, err, wide: false },
        }
    }

    fn row_op(&self, d: &Data<'_>, row: usize, col: usize, want: f32) -> Val {
        let xs: Vec<f32> = (0..d.c).map(|c| self.a[row * d.c + c]).collect();
        match self.row {
            "softmax" => {
                let vals: Vec<Val> = (0..d.c).map(|c| eval(&self.red.1, d, row, c)).collect();
                let err = vals.iter().map(|x| x.err).fold(0.0, f64::max) * 2.0 + 1e-5;
                Val { v: want as f64, err, wide: false }
            }
            // Squares past f32::MAX overflow the row's sum: NaN/inf patterns compare exactly.
            _ if xs.iter().any(|v| v.abs() > 1e18) => Val { v: want as f64, err: 0.0, wide: false },
            _ => Val { v: want as f64, err: 1e-4 * (want.abs() as f64 + 2.0 * self.g[col].abs() as f64), wide: false },
        }
    }

    fn matmul(&self, row: usize, col: usize) -> Val {
        let [_, c, k, _] = self.dims;
        let terms: Vec<f64> = (0..c).map(|j| self.a[row * c + j] as f64 * self.w[j * k + col] as f64).collect();
        let abs: f64 = terms.iter().map(|t| t.abs()).filter(|t| t.is_finite()).sum();
        if abs > f32::MAX as f64 / 2.0 {
            return Val { v: 0.0, err: f64::INFINITY, wide: false };
        }
        Val { v: terms.iter().sum(), err: abs * f32::EPSILON as f64 * (c as f64 + 2.0), wide: false }
    }

    /// `matmul(rms_norm(a, g, 1e-5), w)` at `[row, col]`; rows whose squares, `a · g`, or sums
    /// of products (scaled or not) may pass f32's range are not compared (the fold documents NaN
    /// where the unfolded plan gives 0).
    fn normed_matmul(&self, row: usize, col: usize) -> Val {
        let [_, c, k, _] = self.dims;
        let xs: Vec<f64> = (0..c).map(|j| self.a[row * c + j] as f64).collect();
        let squares: f64 = xs.iter().map(|x| x * x).sum();
        let inv = 1.0 / (squares / c as f64 + 1e-5).sqrt();
        let terms: Vec<f64> = (0..c).map(|j| xs[j] * self.g[j] as f64 * inv * self.w[j * k + col] as f64).collect();
        let abs: f64 = terms.iter().map(|t| t.abs()).sum();
        // The fold sums `a · g · w` before it scales by `inv`: those may overflow where the
        // scaled terms do not.
        let unscaled: f64 = (0..c).map(|j| (xs[j] * self.g[j] as f64 * self.w[j * k + col] as f64).abs()).sum();
        let scaled_in: f64 = (0..c).map(|j| (xs[j] * self.g[j] as f64).abs()).fold(0.0, f64::max);
        let most = f32::MAX as f64 / 2.0;
        if !(abs <= most && squares <= most && unscaled <= most && scaled_in <= most) {
            return Val { v: 0.0, err: f64::INFINITY, wide: false };
        }
        Val { v: terms.iter().sum(), err: abs * eval::EPS * (c as f64 + 8.0) + 1e-30, wide: false }
    }

    /// `(a - mean) / sqrt(var + 1e-5)` at `[row, col]` with the two-pass variance; rows whose
    /// values or squares may pass f32's range are not compared (whether a partial sum
    /// overflows depends on the order, which is unspecified).
    fn layer_norm_by_hand(&self, row: usize, col: usize) -> Val {
        let c = self.dims[1];
        let xs: Vec<f64> = (0..c).map(|j| self.a[row * c + j] as f64).collect();
        let most = xs.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        if most.is_nan() || most > 1e17 {
            return Val { v: 0.0, err: f64::INFINITY, wide: false };
        }
        let mean = xs.iter().sum::<f64>() / c as f64;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / c as f64;
        let sd = (var + 1e-5).sqrt();
        let v = (xs[col] - mean) / sd;
        // The f32 mean is off by about C ulps of the largest value, which the deviation carries.
        let err = 1e-4 * (v.abs() + 1.0) + 4.0 * eval::EPS * (c as f64 + 4.0) * most / sd;
        Val { v, err, wide: false }
    }

    fn inputs_text(&self) -> String {
        let fl = |v: &[f32]| v.iter().map(|x| f32_text(*x)).collect::<Vec<_>>().join(", ");
        format!(
            "dims {:?}\na = [{}]\nb = [{}]\ni = {:?}\nu = {:?}\ng = [{}]\nw = [{}]\ntab = [{}]\nids = {:?}",
            self.dims,
            fl(&self.a),
            fl(&self.b),
            self.i,
            self.u,
            fl(&self.g),
            fl(&self.w),
            fl(&self.tab),
            self.ids
        )
    }
}

impl Source<'_> {
    fn pick_str(&mut self, xs: &[&'static str]) -> &'static str {
        xs[self.below(xs.len())]
    }
}
