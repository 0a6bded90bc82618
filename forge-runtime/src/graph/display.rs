//! Renders statements back to source text: node labels in profiles, sources and messages.

use super::{Expr, Stmt, UnOp};
use std::fmt;

fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Binary { op, .. } => match op.symbol() {
            "||" => 1,
            "&&" => 2,
            "==" | "!=" | "<" | "<=" | ">" | ">=" => 3,
            "+" | "-" => 4,
            _ => 5,
        },
        Expr::Unary { .. } | Expr::Cast { .. } => 6,
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

fn fmt_number(f: &mut fmt::Formatter<'_>, value: f64, is_int: bool) -> fmt::Result {
    if is_int {
        write!(f, "{}", value as i64)
    } else if value.fract() == 0.0 && value.abs() < 1e15 {
        write!(f, "{value:.1}")
    } else {
        write!(f, "{value}")
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Ref(n) => f.write_str(&n.text),
            Expr::Lit { value, is_int, .. } => fmt_number(f, *value, *is_int),
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
            Expr::Call { func, args, .. } => {
                write!(f, "{}(", func.text)?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
            Expr::Cast { arg, elem, .. } => {
                write_operand(f, arg, 6)?;
                write!(f, " as {elem}")
            }
            Expr::Index { base, indices, .. } => {
                write!(f, "{}[", base.text)?;
                for (i, ix) in indices.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(&ix.var.text)?;
                    match ix.offset {
                        0 => {}
                        o if o > 0 => write!(f, " + {o}")?,
                        o => write!(f, " - {}", -o)?,
                    }
                }
                f.write_str("]")
            }
            Expr::Raw { lang, .. } => write!(f, "{}!(…)", lang.text),
        }
    }
}

impl fmt::Display for Stmt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.target.text)?;
        if let Some(idx) = &self.indices {
            let names: Vec<&str> = idx.iter().map(|n| n.text.as_str()).collect();
            write!(f, "[{}]", names.join(", "))?;
        }
        write!(f, " = {}", self.value)
    }
}
