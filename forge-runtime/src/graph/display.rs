//! Renders statements back to source text: node labels in profiles, sources and messages.

use super::ast::{Expr, LitValue, Stmt, TargetSub, UnOp};
use std::fmt;

fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Binary { op, .. } => op.precedence(),
        Expr::Unary { .. } | Expr::Cast { .. } => 6,
        Expr::Lit(l) if matches!(l.value, LitValue::Int(v) if v < 0) => 6,
        Expr::Lit(l) if matches!(l.value, LitValue::Float(v) if v < 0.0) => 6,
        _ => 7,
    }
}

fn write_operand(f: &mut fmt::Formatter<'_>, e: &Expr, min: u8) -> fmt::Result {
    if prec(e) < min {
        write!(f, "({e})")
    } else {
        write!(f, "{e}")
    }
}

fn fmt_number(f: &mut fmt::Formatter<'_>, value: LitValue) -> fmt::Result {
    match value {
        LitValue::Int(v) => write!(f, "{v}"),
        LitValue::Float(v) if v.is_infinite() => f.write_str(if v > 0.0 { "inf" } else { "-inf" }),
        LitValue::Float(v) if v.fract() == 0.0 && v.abs() < 1e15 => write!(f, "{v:.1}"),
        LitValue::Float(v) => write!(f, "{v}"),
    }
}

fn list(f: &mut fmt::Formatter<'_>, items: &[Expr]) -> fmt::Result {
    for (i, a) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{a}")?;
    }
    Ok(())
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Name(n) => f.write_str(&n.text),
            Expr::Lit(l) => fmt_number(f, l.value),
            Expr::Unary { op, arg, .. } => {
                f.write_str(if *op == UnOp::Neg { "-" } else { "!" })?;
                write_operand(f, arg, 6)
            }
            Expr::Binary { op, lhs, rhs, .. } => {
                let p = prec(self);
                write_operand(f, lhs, p)?;
                write!(f, " {} ", op.symbol())?;
                write_operand(f, rhs, p + 1)
            }
            Expr::Call { func, args, named, .. } => {
                write!(f, "{}(", func.text)?;
                list(f, args)?;
                for (i, (k, v)) in named.iter().enumerate() {
                    if i > 0 || !args.is_empty() {
                        f.write_str(", ")?;
                    }
                    write!(f, "{} = {v}", k.text)?;
                }
                f.write_str(")")
            }
            Expr::Cast { arg, elem, .. } => {
                write_operand(f, arg, 6)?;
                write!(f, " as {elem}")
            }
            Expr::Subscript { base, subs, .. } => {
                write!(f, "{}[", base.text)?;
                list(f, subs)?;
                f.write_str("]")
            }
            Expr::Tuple { items, .. } => {
                f.write_str("(")?;
                list(f, items)?;
                f.write_str(")")
            }
            Expr::Raw { lang, .. } => write!(f, "{}!(…)", lang.text),
        }
    }
}

impl fmt::Display for TargetSub {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetSub::Name(n) => f.write_str(&n.text),
            TargetSub::Lit { value, .. } => write!(f, "{value}"),
            TargetSub::Sum { lhs, rhs, .. } => write!(f, "{} + {}", lhs.text, rhs.text),
        }
    }
}

impl fmt::Display for Stmt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.target.text)?;
        if let Some(idx) = &self.indices {
            let subs: Vec<String> = idx.iter().map(ToString::to_string).collect();
            write!(f, "[{}]", subs.join(", "))?;
        }
        write!(f, " = {}", self.value)
    }
}
