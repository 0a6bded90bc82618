//! Scalar semantics of WGSL as Forge implements it on the CPU; the CUDA prelude mirrors each
//! function here. Values travel as raw 32-bit words (f32 bits, i32/u32 bits, bool as 0/1).

#[inline]
pub(crate) fn f(x: u32) -> f32 {
    f32::from_bits(x)
}
#[inline]
pub(crate) fn fb(x: f32) -> u32 {
    x.to_bits()
}
#[inline]
fn s(x: u32) -> i32 {
    x as i32
}
#[inline]
fn b(x: bool) -> u32 {
    x as u32
}

/// Binary operators, resolved to their operand kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    AddF,
    AddI,
    SubF,
    SubI,
    MulF,
    MulI,
    DivF,
    DivS,
    DivU,
    ModF,
    ModS,
    ModU,
    EqF,
    EqI,
    NeF,
    NeI,
    LtF,
    LtS,
    LtU,
    LeF,
    LeS,
    LeU,
    GtF,
    GtS,
    GtU,
    GeF,
    GeS,
    GeU,
    And,
    Or,
    Xor,
    Shl,
    ShrS,
    ShrU,
}

/// Integer division per WGSL: `x / 0 == x`, `i32::MIN / -1 == i32::MIN`.
pub(crate) fn div_s(a: i32, d: i32) -> i32 {
    if d == 0 || (a == i32::MIN && d == -1) {
        a
    } else {
        a / d
    }
}
pub(crate) fn div_u(a: u32, d: u32) -> u32 {
    a.checked_div(d).unwrap_or(a)
}
/// Integer remainder per WGSL: `x % 0 == 0`, `i32::MIN % -1 == 0`; truncated (sign of `a`).
pub(crate) fn mod_s(a: i32, d: i32) -> i32 {
    if d == 0 || (a == i32::MIN && d == -1) {
        0
    } else {
        a % d
    }
}
pub(crate) fn mod_u(a: u32, d: u32) -> u32 {
    a.checked_rem(d).unwrap_or(0)
}

#[inline]
pub(crate) fn bin(op: BinOp, x: u32, y: u32) -> u32 {
    use BinOp::*;
    match op {
        AddF => fb(f(x) + f(y)),
        AddI => x.wrapping_add(y),
        SubF => fb(f(x) - f(y)),
        SubI => x.wrapping_sub(y),
        MulF => fb(f(x) * f(y)),
        MulI => x.wrapping_mul(y),
        DivF => fb(f(x) / f(y)),
        DivS => div_s(s(x), s(y)) as u32,
        DivU => div_u(x, y),
        // fmod (exact, sign of the dividend), as SPIR-V OpFRem on llvmpipe and CUDA fmodf.
        ModF => fb(f(x) % f(y)),
        ModS => mod_s(s(x), s(y)) as u32,
        ModU => mod_u(x, y),
        EqF => b(f(x) == f(y)),
        EqI => b(x == y),
        NeF => b(f(x) != f(y)),
        NeI => b(x != y),
        LtF => b(f(x) < f(y)),
        LtS => b(s(x) < s(y)),
        LtU => b(x < y),
        LeF => b(f(x) <= f(y)),
        LeS => b(s(x) <= s(y)),
        LeU => b(x <= y),
        GtF => b(f(x) > f(y)),
        GtS => b(s(x) > s(y)),
        GtU => b(x > y),
        GeF => b(f(x) >= f(y)),
        GeS => b(s(x) >= s(y)),
        GeU => b(x >= y),
        And => x & y,
        Or => x | y,
        Xor => x ^ y,
        // WGSL masks the shift amount to the bit width.
        Shl => x << (y & 31),
        ShrS => (s(x) >> (y & 31)) as u32,
        ShrU => x >> (y & 31),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UnOp {
    NegF,
    NegI,
    LogicalNot,
    BitNot,
}

#[inline]
pub(crate) fn un(op: UnOp, x: u32) -> u32 {
    match op {
        UnOp::NegF => fb(-f(x)),
        UnOp::NegI => x.wrapping_neg(),
        UnOp::LogicalNot => b(x == 0),
        UnOp::BitNot => !x,
    }
}

/// Conversions (`As` with a width) and the float→int rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CvtOp {
    F2S,
    F2U,
    S2F,
    U2F,
    B2F,
    F2B,
    I2B,
}

/// f32 → i32 per WGSL (and naga's SPIR-V): truncate toward zero after clamping to the range of
/// f32 values representable in i32, i.e. [-2^31, 2147483520]. NaN gives 0.
pub(crate) fn f2s(x: f32) -> i32 {
    if x.is_nan() {
        return 0;
    }
    x.clamp(-2147483648.0, 2147483520.0) as i32
}
/// f32 → u32: clamp to [0, 4294967040] then truncate. NaN gives 0.
pub(crate) fn f2u(x: f32) -> u32 {
    if x.is_nan() {
        return 0;
    }
    x.clamp(0.0, 4294967040.0) as u32
}

#[inline]
pub(crate) fn cvt(op: CvtOp, x: u32) -> u32 {
    match op {
        CvtOp::F2S => f2s(f(x)) as u32,
        CvtOp::F2U => f2u(f(x)),
        CvtOp::S2F => fb(s(x) as f32),
        CvtOp::U2F => fb(x as f32),
        CvtOp::B2F => fb(if x != 0 { 1.0 } else { 0.0 }),
        CvtOp::F2B => b(f(x) != 0.0),
        CvtOp::I2B => b(x != 0),
    }
}

/// Component-wise math builtins (up to three operands).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MathOp {
    AbsF,
    AbsS,
    MinF,
    MinS,
    MinU,
    MaxF,
    MaxS,
    MaxU,
    ClampF,
    ClampS,
    ClampU,
    Saturate,
    Cos,
    Cosh,
    Sin,
    Sinh,
    Tan,
    Tanh,
    Acos,
    Asin,
    Atan,
    Atan2,
    Asinh,
    Acosh,
    Atanh,
    Radians,
    Degrees,
    Ceil,
    Floor,
    Round,
    Fract,
    Trunc,
    Ldexp,
    Exp,
    Exp2,
    Log,
    Log2,
    Pow,
    SignF,
    SignS,
    Fma,
    Mix,
    Step,
    SmoothStep,
    Sqrt,
    InvSqrt,
    Ctz,
    Clz,
    Popcnt,
    Rev,
    ExtractS,
    ExtractU,
    FirstTrailing,
    FirstLeadingS,
    FirstLeadingU,
    IsNan,
    IsInf,
}

/// `x * 2^n` without overflowing the power of two on the way.
pub(crate) fn ldexp(x: f32, n: i32) -> f32 {
    let mut x = x;
    let mut n = n.clamp(-400, 400);
    while n > 127 {
        x *= f32::from_bits(254 << 23); // 2^127
        n -= 127;
    }
    while n < -126 {
        x *= f32::from_bits(1 << 23); // 2^-126
        n += 126;
    }
    x * f32::from_bits(((n + 127) as u32) << 23)
}

pub(crate) fn extract_bits_u(e: u32, offset: u32, count: u32) -> u32 {
    let o = offset.min(32);
    let c = count.min(32 - o);
    if c == 0 {
        0
    } else if c == 32 {
        e
    } else {
        (e >> o) & ((1u32 << c) - 1)
    }
}

pub(crate) fn extract_bits_s(e: u32, offset: u32, count: u32) -> u32 {
    let o = offset.min(32);
    let c = count.min(32 - o);
    if c == 0 {
        0
    } else if c == 32 {
        e
    } else {
        // Move the field to the top, then shift back arithmetically to sign-extend it.
        ((((e >> o) << (32 - c)) as i32) >> (32 - c)) as u32
    }
}

pub(crate) fn insert_bits(e: u32, newbits: u32, offset: u32, count: u32) -> u32 {
    let o = offset.min(32);
    let c = count.min(32 - o);
    if c == 0 {
        return e;
    }
    let mask = if c == 32 { u32::MAX } else { ((1u32 << c) - 1) << o };
    (e & !mask) | ((newbits << o) & mask)
}

pub(crate) fn first_leading_s(x: u32) -> u32 {
    let v = s(x);
    let y = if v < 0 { !x } else { x };
    if y == 0 {
        u32::MAX
    } else {
        31 - y.leading_zeros()
    }
}

// max-then-min (not `clamp`) keeps fmaxf/fminf's NaN behaviour, as the CUDA prelude does.
#[allow(clippy::manual_clamp)]
#[inline]
pub(crate) fn math(op: MathOp, x: u32, y: u32, z: u32) -> u32 {
    use MathOp::*;
    let (a, c, d) = (f(x), f(y), f(z));
    match op {
        AbsF => fb(a.abs()),
        AbsS => s(x).wrapping_abs() as u32,
        MinF => fb(a.min(c)),
        MinS => s(x).min(s(y)) as u32,
        MinU => x.min(y),
        MaxF => fb(a.max(c)),
        MaxS => s(x).max(s(y)) as u32,
        MaxU => x.max(y),
        ClampF => fb(a.max(c).min(d)),
        ClampS => s(x).max(s(y)).min(s(z)) as u32,
        ClampU => x.max(y).min(z),
        Saturate => fb(a.max(0.0).min(1.0)),
        Cos => fb(a.cos()),
        Cosh => fb(a.cosh()),
        Sin => fb(a.sin()),
        Sinh => fb(a.sinh()),
        Tan => fb(a.tan()),
        Tanh => fb(a.tanh()),
        Acos => fb(a.acos()),
        Asin => fb(a.asin()),
        Atan => fb(a.atan()),
        Atan2 => fb(a.atan2(c)),
        Asinh => fb(a.asinh()),
        Acosh => fb(a.acosh()),
        Atanh => fb(a.atanh()),
        Radians => fb(a * (std::f32::consts::PI / 180.0)),
        Degrees => fb(a * (180.0 / std::f32::consts::PI)),
        Ceil => fb(a.ceil()),
        Floor => fb(a.floor()),
        Round => fb(a.round_ties_even()),
        Fract => fb(a - a.floor()),
        Trunc => fb(a.trunc()),
        Ldexp => fb(ldexp(a, s(y))),
        Exp => fb(a.exp()),
        Exp2 => fb(a.exp2()),
        Log => fb(a.ln()),
        Log2 => fb(a.log2()),
        Pow => fb(a.powf(c)),
        SignF => fb(if a > 0.0 {
            1.0
        } else if a < 0.0 {
            -1.0
        } else {
            0.0
        }),
        SignS => s(x).signum() as u32,
        Fma => fb(a.mul_add(c, d)),
        Mix => fb(a * (1.0 - d) + c * d),
        Step => fb(if a <= c { 1.0 } else { 0.0 }),
        SmoothStep => {
            let t = ((d - a) / (c - a)).max(0.0).min(1.0);
            fb(t * t * (3.0 - 2.0 * t))
        }
        Sqrt => fb(a.sqrt()),
        InvSqrt => fb(1.0 / a.sqrt()),
        Ctz => x.trailing_zeros(),
        Clz => x.leading_zeros(),
        Popcnt => x.count_ones(),
        Rev => x.reverse_bits(),
        ExtractS => extract_bits_s(x, y, z),
        ExtractU => extract_bits_u(x, y, z),
        FirstTrailing => {
            if x == 0 {
                u32::MAX
            } else {
                x.trailing_zeros()
            }
        }
        FirstLeadingS => first_leading_s(x),
        FirstLeadingU => {
            if x == 0 {
                u32::MAX
            } else {
                31 - x.leading_zeros()
            }
        }
        IsNan => b(a.is_nan()),
        IsInf => b(a.is_infinite()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_division_edge_cases() {
        assert_eq!(div_s(7, 0), 7);
        assert_eq!(div_s(i32::MIN, -1), i32::MIN);
        assert_eq!(mod_s(7, 0), 0);
        assert_eq!(mod_s(i32::MIN, -1), 0);
        assert_eq!(mod_s(-7, 3), -1);
        assert_eq!(div_u(9, 0), 9);
        assert_eq!(mod_u(9, 0), 0);
    }

    #[test]
    fn float_to_int_clamps() {
        assert_eq!(f2s(3e9), 2147483520);
        assert_eq!(f2s(-3e9), i32::MIN);
        assert_eq!(f2s(-0.7), 0);
        assert_eq!(f2s(f32::NAN), 0);
        assert_eq!(f2u(-5.0), 0);
        assert_eq!(f2u(1e20), 4294967040);
        assert_eq!(f2u(f32::INFINITY), 4294967040);
    }

    #[test]
    fn bit_ops() {
        assert_eq!(extract_bits_s(0xF0, 4, 4), u32::MAX);
        assert_eq!(extract_bits_u(0xF0, 4, 4), 0xF);
        assert_eq!(extract_bits_u(0xF0, 40, 4), 0);
        assert_eq!(insert_bits(0, 0xF, 4, 4), 0xF0);
        assert_eq!(first_leading_s(u32::MAX), u32::MAX);
        assert_eq!(first_leading_s(1), 0);
        assert_eq!(first_leading_s((-2i32) as u32), 0);
        assert_eq!(bin(BinOp::Shl, 1, 33), 2);
        assert_eq!(ldexp(1.0, 200), f32::INFINITY);
        assert_eq!(ldexp(1.0, -140), f32::from_bits(1 << 9));
    }
}
