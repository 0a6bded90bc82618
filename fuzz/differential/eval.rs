//! Error bounds for the differential fuzzer: each generated f32 expression is evaluated in f64
//! beside the backends, carrying a bound on how far an f32 evaluation under Forge's semantics
//! may be from the exact value (half an ulp per arithmetic operation, the documented ulps of
//! each transcendental function, propagated through the derivatives; additions may be
//! reassociated or contracted by a GPU compiler, so they are bounded by their operands'
//! magnitude). An intermediate in the subnormal range (which GPUs may flush to zero) makes the
//! bound infinite.

use super::gen::F;

/// The inputs an expression reads, row-major `[R, C]`.
pub struct Data<'a> {
    pub r: usize,
    pub c: usize,
    pub a: &'a [f32],
    pub b: &'a [f32],
    pub i: &'a [i32],
}

/// A reference value with its error bound (infinite: not compared, beyond NaN-ness).
#[derive(Debug, Clone, Copy)]
pub struct Val {
    pub v: f64,
    pub err: f64,
    /// Some value in the expression's tree lies outside [2^-126, 2^126] in magnitude (where a
    /// driver's reciprocal flushes to 0 or overflows).
    pub wide: bool,
}

const WIDE: std::ops::RangeInclusive<f64> = 1.1754943508222875e-38..=8.507059173023462e37;

fn is_wide(v: f64) -> bool {
    v != 0.0 && !WIDE.contains(&v.abs())
}

pub const EPS: f64 = f32::EPSILON as f64;

fn ulps(v: f64, n: f64) -> f64 {
    n * EPS * v.abs()
}

fn mark(v: f64, err: f64) -> Val {
    let a = v.abs();
    let subnormal = a != 0.0 && a < f32::MIN_POSITIVE as f64;
    let err = if err.is_nan() || subnormal { f64::INFINITY } else { err };
    Val { v, err, wide: is_wide(v) }
}

/// The reference value and bound of `e` at `[row, col]`.
pub fn eval(e: &F, d: &Data<'_>, row: usize, col: usize) -> Val {
    let at = |dr: i32, dc: i32| {
        let r = (row as i64 + dr as i64).clamp(0, d.r as i64 - 1) as usize;
        let c = (col as i64 + dc as i64).clamp(0, d.c as i64 - 1) as usize;
        r * d.c + c
    };
    match e {
        F::In(k, dr, dc) => {
            let x = if *k == 0 { d.a[at(*dr, *dc)] } else { d.b[at(*dr, *dc)] };
            mark(x as f64, 0.0)
        }
        F::Lit(x) => mark(*x as f64, 0.0),
        F::FromInt => {
            let x = d.i[at(0, 0)] as f64;
            mark(x, ulps(x, 0.5))
        }
        F::Fun(f, x) => {
            let x = eval(x, d, row, col);
            let (v, deriv, own) = match *f {
                "exp" => (x.v.exp(), x.v.exp(), ulps(x.v.exp(), 3.0 + 2.0 * x.v.abs())),
                "log" => (x.v.ln(), 1.0 / x.v.abs(), ulps(x.v.ln(), 3.0) + 1.0 / (1 << 21) as f64),
                "sqrt" => (x.v.sqrt(), 0.5 / x.v.sqrt(), ulps(x.v.sqrt(), 3.0)),
                "rsqrt" => (1.0 / x.v.sqrt(), 0.5 * x.v.abs().powf(-1.5), ulps(1.0 / x.v.sqrt(), 3.0)),
                "tanh" => (x.v.tanh(), 1.0, 1e-6 + ulps(x.v.tanh(), 64.0)),
                "sigmoid" => {
                    let s = 1.0 / (1.0 + (-x.v).exp());
                    (s, 0.25, 1e-6 + ulps(s, 64.0))
                }
                "silu" => {
                    let s = x.v / (1.0 + (-x.v).exp());
                    (s, 1.1, 1e-6 + ulps(s, 64.0) + ulps(x.v, 4.0))
                }
                "gelu" | "gelu_tanh" => {
                    let s = 0.5 * x.v * (1.0 + libm_erf(x.v / std::f64::consts::SQRT_2));
                    // The two GELUs differ by up to 5e-4; the bound is the function's own.
                    (
                        s,
                        1.2,
                        1e-6 + ulps(s, 64.0)
                            + ulps(x.v, 4.0)
                            + if *f == "gelu_tanh" { 1e-3 * x.v.abs().min(1.0) } else { 0.0 },
                    )
                }
                "erf" => (libm_erf(x.v), 1.2, 1e-6 + ulps(x.v, 4.0)),
                "relu" => (if x.v.is_nan() { x.v } else { x.v.max(0.0) }, 1.0, 0.0),
                "abs" => (x.v.abs(), 1.0, 0.0),
                _ => (-x.v, 1.0, 0.0),
            };
            // An infinite argument with a zero derivative (tanh(inf)) keeps a finite bound.
            let prop = if x.err == 0.0 { 0.0 } else { x.err * deriv.abs() };
            let mut r = mark(v, prop + own);
            r.wide |= x.wide;
            r
        }
        F::Bin(op, xe, ye) => {
            let (x, y) = (eval(xe, d, row, col), eval(ye, d, row, col));
            // A GPU compiler may fold `v * 0.0` to 0 (WGSL lets it assume no inf/NaN): for an
            // infinite or NaN `v` either answer is Forge's (docs/semantics.md).
            let zero_lit = |e: &F| matches!(e, F::Lit(z) if *z == 0.0);
            if *op == '*' && ((zero_lit(xe) && !y.v.is_finite()) || (zero_lit(ye) && !x.v.is_finite())) {
                return Val { v: f64::NAN, err: f64::INFINITY, wide: true };
            }
            // An operand without a bound leaves the result without one.
            if x.err == f64::INFINITY || y.err == f64::INFINITY {
                return Val { v: f64::NAN, err: f64::INFINITY, wide: true };
            }
            // It may also cancel `v - v` or `v + (-v)` to 0, even after reassociating a sum:
            // a sum with an infinite or NaN operand may lose it on a GPU.
            if (*op == '+' || *op == '-') && (!x.v.is_finite() || !y.v.is_finite()) {
                return Val { v: if *op == '+' { x.v + y.v } else { x.v - y.v }, err: f64::INFINITY, wide: true };
            }
            // Likewise a division by a literal zero (an inf or NaN made from a literal).
            if *op == '/' && zero_lit(ye) {
                return Val { v: x.v / 0.0, err: f64::INFINITY, wide: true };
            }
            let (v, err) = match op {
                '+' => (x.v + y.v, x.err + y.err),
                '-' => (x.v - y.v, x.err + y.err),
                '*' => (x.v * y.v, x.err * y.v.abs() + y.err * x.v.abs() + x.err * y.err),
                // WGSL bounds division only for |y| in [2^-126, 2^126] (2.5 ulp); outside it a
                // driver may compute x * (1 / y) with 1 / y flushed to 0 (NVIDIA's Vulkan does),
                // also after reassociating: `(b / a) / (b / a)` became 0 there for b = 3e38.
                '/' if is_wide(y.v) || x.wide || y.wide => (x.v / y.v, f64::INFINITY),
                '/' => {
                    let v = x.v / y.v;
                    // Near a pole the bound is unbounded (then only specials are compared).
                    let err = if y.err >= 0.5 * y.v.abs() {
                        f64::INFINITY
                    } else {
                        (x.err + v.abs() * y.err) / (y.v.abs() - y.err)
                    };
                    (v, err)
                }
                'm' => (if x.v.is_nan() || y.v.is_nan() { f64::NAN } else { x.v.min(y.v) }, x.err.max(y.err)),
                _ => (if x.v.is_nan() || y.v.is_nan() { f64::NAN } else { x.v.max(y.v) }, x.err.max(y.err)),
            };
            // A product past f32's range may be contracted into an FMA with the next addition
            // and never overflow (CUDA and Vulkan drivers contract): either answer is Forge's.
            let err = if *op == '*' && v.abs() > f32::MAX as f64 { f64::INFINITY } else { err };
            let own = match op {
                'm' | 'M' => 0.0,
                '+' | '-' => ulps(x.v.abs().max(y.v.abs()).max(v.abs()), 1.0),
                _ => ulps(v, 1.0),
            };
            let mut r = mark(v, if err.is_nan() { 0.0 } else { err } + if own.is_nan() { 0.0 } else { own });
            r.wide |= x.wide || y.wide;
            r
        }
        F::Sel(cmp, l, r, t, f) => {
            let (l, r) = (eval(l, d, row, col).v, eval(r, d, row, col).v);
            let c = match cmp {
                '<' => l < r,
                '>' => l > r,
                '=' => l == r,
                '!' => l != r,
                'l' => l <= r,
                _ => l >= r,
            };
            if c {
                eval(t, d, row, col)
            } else {
                eval(f, d, row, col)
            }
        }
    }
}

/// erf in f64 (series; ±1 past 4.5, where it is within 2e-10 of it).
pub fn libm_erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() >= 4.5 {
        return x.signum();
    }
    let (mut sum, mut term) = (x, x);
    for k in 1..300 {
        term *= -x * x / k as f64;
        sum += term / (2 * k + 1) as f64;
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

/// Whether `got` (one backend) and `want` (the reference) agree for a value bounded by `x`:
/// NaN matches NaN, an infinity only the same infinity (or a finite value when the reference
/// is within its bound of overflowing), finite values within the bound of both evaluations.
pub fn agree(got: f32, want: f32, x: Val) -> bool {
    if (got.is_nan() && want.is_nan()) || got == want || x.err == f64::INFINITY {
        return true;
    }
    if got.is_nan() || want.is_nan() {
        return false;
    }
    if !got.is_finite() || !want.is_finite() {
        return x.v.is_finite() && x.v.abs() + x.err >= f32::MAX as f64;
    }
    ((got as f64) - (want as f64)).abs() <= 2.0 * x.err + 1e-37
}
