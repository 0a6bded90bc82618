//! Random well-typed Forge graphs for the differential fuzzer: elementwise f32 and integer
//! expressions (literals and inputs with special values: ±0, ±inf, NaN, huge, tiny, integer
//! extremes), casts, selects, row reductions, softmax and norms, matmul, index notation with
//! shifts read at the edge (`edge(a[r - 1, c])`), and gathers. Every choice comes from a [`Source`]: fuzzer bytes, or a seeded
//! generator for the deterministic run in `tests/differential.rs`.

/// Where choices come from.
pub enum Source<'a> {
    Bytes(&'a [u8], usize),
    Seed(u64),
}

impl Source<'_> {
    fn next(&mut self) -> u32 {
        match self {
            Source::Bytes(b, at) => {
                let mut v = 0u32;
                for _ in 0..2 {
                    v = (v << 8) | u32::from(b.get(*at).copied().unwrap_or(0));
                    *at += 1;
                }
                v
            }
            Source::Seed(s) => {
                // splitmix64
                *s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = *s;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                ((z ^ (z >> 31)) >> 40) as u32
            }
        }
    }
    /// A number in `0..n` (n ≥ 1).
    pub fn below(&mut self, n: usize) -> usize {
        self.next() as usize % n.max(1)
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
    /// An f32 input value: mostly ordinary, often special.
    pub fn f32(&mut self) -> f32 {
        const SPECIAL: [f32; 14] = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            3.0e38,
            -3.0e38,
            1.0e-30,
            65504.0,
            0.5,
            2.0e9,
            -3.0e9,
        ];
        match self.below(8) {
            0 => self.pick(&SPECIAL),
            1 => (self.below(2001) as f32 - 1000.0) * 0.25,
            _ => (self.below(1 << 16) as f32 / 32768.0 - 1.0) * 4.0,
        }
    }
    pub fn i32(&mut self) -> i32 {
        match self.below(6) {
            0 => self.pick(&[i32::MIN, i32::MAX, 0, -1, 1, i32::MIN + 1]),
            1 => (self.next() << 16 | self.next()) as i32,
            _ => self.below(41) as i32 - 20,
        }
    }
    pub fn u32(&mut self) -> u32 {
        match self.below(6) {
            0 => self.pick(&[0, 1, u32::MAX, 0x8000_0000]),
            1 => self.next() << 16 | self.next(),
            _ => self.below(40) as u32,
        }
    }
}

/// Elementwise f32 functions the generator calls.
pub const FUNS: [&str; 13] =
    ["exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "silu", "gelu", "gelu_tanh", "erf", "relu", "abs", "-"];

/// An f32 expression over the point `[r, c]` of an `[R, C]` space.
#[derive(Debug, Clone)]
pub enum F {
    /// Input `a` or `b` (0, 1) read at `[r + dr, c + dc]`, clamped to the edge.
    In(usize, i32, i32),
    Lit(f32),
    Fun(&'static str, Box<F>),
    /// `+ - * / min max`.
    Bin(char, Box<F>, Box<F>),
    /// `select(a[r, c] <cmp> <lit or b[r, c]>, …)`: conditions read inputs only, so they are exact.
    Sel(char, Box<F>, Box<F>, Box<F>, Box<F>),
    /// An i32 input `i[r, c]` converted (`as f32`).
    FromInt,
}

/// An integer expression (`i32`) over `[r, c]`.
#[derive(Debug, Clone)]
pub enum I {
    In,
    Lit(i32),
    /// `+ - * / min max`.
    Bin(char, Box<I>, Box<I>),
    Neg(Box<I>),
    Abs(Box<I>),
    /// An f32 input converted (`a[r, c] as i32`): saturating, NaN → 0.
    FromF(usize),
    /// `u[r, c] as i32`.
    FromU,
}

impl Source<'_> {
    pub fn f(&mut self, depth: u32, shifts: bool) -> F {
        let leaf = depth == 0 || self.below(4) == 0;
        if leaf {
            return match self.below(6) {
                0 | 1 => F::Lit(self.f32()),
                2 => F::FromInt,
                _ => {
                    let (dr, dc) = if shifts { (self.below(3) as i32 - 1, self.below(5) as i32 - 2) } else { (0, 0) };
                    F::In(self.below(2), dr, dc)
                }
            };
        }
        match self.below(5) {
            0 => F::Fun(self.pick(&FUNS), Box::new(self.f(depth - 1, shifts))),
            1 => {
                let cmp = self.pick(&['<', '>', '=', '!', 'l', 'g']);
                let lhs = F::In(self.below(2), 0, 0);
                let rhs = if self.below(2) == 0 { F::Lit(self.f32()) } else { F::In(self.below(2), 0, 0) };
                F::Sel(
                    cmp,
                    Box::new(lhs),
                    Box::new(rhs),
                    Box::new(self.f(depth - 1, shifts)),
                    Box::new(self.f(depth - 1, shifts)),
                )
            }
            _ => {
                let op = self.pick(&['+', '-', '*', '/', 'm', 'M']);
                F::Bin(op, Box::new(self.f(depth - 1, shifts)), Box::new(self.f(depth - 1, shifts)))
            }
        }
    }

    pub fn i(&mut self, depth: u32) -> I {
        if depth == 0 || self.below(4) == 0 {
            return match self.below(6) {
                0 | 1 => I::Lit(self.i32()),
                2 => I::FromF(self.below(2)),
                3 => I::FromU,
                _ => I::In,
            };
        }
        match self.below(6) {
            0 => I::Neg(Box::new(self.i(depth - 1))),
            1 => I::Abs(Box::new(self.i(depth - 1))),
            _ => I::Bin(
                self.pick(&['+', '-', '*', '/', 'm', 'M']),
                Box::new(self.i(depth - 1)),
                Box::new(self.i(depth - 1)),
            ),
        }
    }
}

/// An f32 literal as Forge source (negative values and specials parenthesised).
pub fn f32_text(v: f32) -> String {
    if v.is_nan() {
        "(0.0 / 0.0)".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "inf".into()
        } else {
            "(-inf)".into()
        }
    } else if v.is_sign_negative() {
        format!("(-{:?})", -v)
    } else {
        format!("{v:?}")
    }
}

fn i32_text(v: i32) -> String {
    if v < 0 {
        format!("({v})")
    } else {
        v.to_string()
    }
}

const NAMES: [&str; 2] = ["a", "b"];

/// `e` as Forge source; `index` writes reads as `edge(a[r + dr, c + dc])` (index notation),
/// otherwise as whole tensors (`a`).
pub fn f_text(e: &F, index: bool) -> String {
    let read = |n: &str, dr: i32, dc: i32| {
        if !index {
            return n.to_string();
        }
        let at = |v: &str, d: i32| match d {
            0 => v.to_string(),
            d if d > 0 => format!("{v} + {d}"),
            d => format!("{v} - {}", -d),
        };
        let at = format!("{n}[{}, {}]", at("r", dr), at("c", dc));
        // A shifted read says what it gives past the edge: the nearest element.
        if dr == 0 && dc == 0 {
            at
        } else {
            format!("edge({at})")
        }
    };
    match e {
        F::In(k, dr, dc) => read(NAMES[*k], *dr, *dc),
        F::Lit(v) => f32_text(*v),
        F::FromInt => format!("({} as f32)", read("i", 0, 0)),
        F::Fun("-", x) => format!("(-{})", f_text(x, index)),
        F::Fun(f, x) => format!("{f}({})", f_text(x, index)),
        F::Bin('m', x, y) => format!("min({}, {})", f_text(x, index), f_text(y, index)),
        F::Bin('M', x, y) => format!("max({}, {})", f_text(x, index), f_text(y, index)),
        F::Bin(op, x, y) => format!("({} {op} {})", f_text(x, index), f_text(y, index)),
        F::Sel(cmp, l, r, t, f) => {
            let cmp = match cmp {
                '=' => "==",
                '!' => "!=",
                'l' => "<=",
                'g' => ">=",
                '<' => "<",
                _ => ">",
            };
            format!(
                "select({} {cmp} {}, {}, {})",
                f_text(l, index),
                f_text(r, index),
                f_text(t, index),
                f_text(f, index)
            )
        }
    }
}

pub fn i_text(e: &I) -> String {
    match e {
        I::In => "i".into(),
        I::Lit(v) => i32_text(*v),
        I::Bin('m', x, y) => format!("min({}, {})", i_text(x), i_text(y)),
        I::Bin('M', x, y) => format!("max({}, {})", i_text(x), i_text(y)),
        I::Bin(op, x, y) => format!("({} {op} {})", i_text(x), i_text(y)),
        // `-` before a (parenthesised) literal is part of the literal, range-checked: `-(-2147483648)`
        // does not fit i32. `0 - x` is the same wrapping negation for every operand.
        I::Neg(x) => format!("(0 - {})", i_text(x)),
        I::Abs(x) => format!("abs({})", i_text(x)),
        I::FromF(k) => format!("({} as i32)", NAMES[*k]),
        I::FromU => "(u as i32)".into(),
    }
}
