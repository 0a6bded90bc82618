//! Expression parser: precedence climbing over Forge's operators, calls with named arguments,
//! subscripts, casts and raw kernels. Every tree it builds is at most [`MAX_DEPTH`] deep —
//! chains (`x + x + …`, `x as f32 as i32 …`) count as deep as they are nested — so every later
//! recursive pass is bounded on any input. The descent is bounded the same way as it happens
//! (parentheses, unary operators, arguments and subscripts each go one level down), so no input
//! — `((((…))))` or `- - - - … x` thousands deep — can overflow the parser's own stack.

use super::ast::{BinOp, Expr, Lit, LitValue, UnOp};
use super::parse::name;
use crate::elem::Elem;
use proc_macro2::{Span, TokenStream};
use syn::parse::ParseStream;
use syn::{parenthesized, token, Ident, LitFloat, LitInt, Token};

/// Deepest expression tree accepted.
pub const MAX_DEPTH: usize = 96;

/// Parses one expression (a statement's right-hand side).
pub fn parse_expr(input: ParseStream) -> syn::Result<Expr> {
    climb(input, 0, 0).map(|(e, _)| e)
}

fn too_deep(span: Span) -> syn::Error {
    syn::Error::new(
        span,
        format!("expression is more than {MAX_DEPTH} levels deep; split it into several nodes with `temp` bindings"),
    )
}

fn deeper(d: usize, span: Span) -> syn::Result<usize> {
    if d >= MAX_DEPTH {
        Err(too_deep(span))
    } else {
        Ok(d + 1)
    }
}

/// The binary operator at the head of `input`, if any.
fn peek_binop(input: ParseStream) -> Option<BinOp> {
    Some(if input.peek(Token![||]) {
        BinOp::Or
    } else if input.peek(Token![&&]) {
        BinOp::And
    } else if input.peek(Token![==]) {
        BinOp::Eq
    } else if input.peek(Token![!=]) {
        BinOp::Ne
    } else if input.peek(Token![<=]) {
        BinOp::Le
    } else if input.peek(Token![>=]) {
        BinOp::Ge
    } else if input.peek(Token![<]) {
        BinOp::Lt
    } else if input.peek(Token![>]) {
        BinOp::Gt
    } else if input.peek(Token![+]) {
        BinOp::Add
    } else if input.peek(Token![-]) {
        BinOp::Sub
    } else if input.peek(Token![*]) {
        BinOp::Mul
    } else if input.peek(Token![/]) {
        BinOp::Div
    } else if input.peek(Token![%]) {
        BinOp::Rem
    } else {
        return None;
    })
}

fn eat_binop(input: ParseStream, op: BinOp) -> syn::Result<Span> {
    Ok(match op {
        BinOp::Or => input.parse::<Token![||]>()?.spans[0],
        BinOp::And => input.parse::<Token![&&]>()?.spans[0],
        BinOp::Eq => input.parse::<Token![==]>()?.spans[0],
        BinOp::Ne => input.parse::<Token![!=]>()?.spans[0],
        BinOp::Le => input.parse::<Token![<=]>()?.spans[0],
        BinOp::Ge => input.parse::<Token![>=]>()?.spans[0],
        BinOp::Lt => input.parse::<Token![<]>()?.span,
        BinOp::Gt => input.parse::<Token![>]>()?.span,
        BinOp::Add => input.parse::<Token![+]>()?.span,
        BinOp::Sub => input.parse::<Token![-]>()?.span,
        BinOp::Mul => input.parse::<Token![*]>()?.span,
        BinOp::Div => input.parse::<Token![/]>()?.span,
        BinOp::Rem => input.parse::<Token![%]>()?.span,
    })
}

/// Precedence climbing; returns the tree and its depth. Comparisons do not chain
/// (`a < b < c` is an error, as in Rust).
/// `level` is how far the descent has nested; operands of higher precedence recurse at the same
/// level (at most one recursion per precedence level).
fn climb(input: ParseStream, min_bp: u8, level: usize) -> syn::Result<(Expr, usize)> {
    let (mut lhs, mut depth) = unary(input, level)?;
    while let Some(op) = peek_binop(input) {
        let bp = op.precedence();
        if bp <= min_bp {
            break;
        }
        let span = eat_binop(input, op)?;
        let (rhs, rd) = climb(input, bp, level)?;
        if bp == 3 && peek_binop(input).is_some_and(|o| o.precedence() == 3) {
            return Err(input.error("comparison operators cannot be chained; use parentheses"));
        }
        depth = deeper(depth.max(rd), span)?;
        lhs = Expr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), span };
    }
    Ok((lhs, depth))
}

fn unary(input: ParseStream, level: usize) -> syn::Result<(Expr, usize)> {
    if input.peek(Token![-]) {
        let span = input.parse::<Token![-]>()?.span;
        let (arg, d) = unary(input, deeper(level, span)?)?;
        return Ok(match arg {
            Expr::Lit(Lit { value: LitValue::Int(v), .. }) => (Expr::Lit(Lit { value: LitValue::Int(-v), span }), d),
            Expr::Lit(Lit { value: LitValue::Float(v), .. }) => {
                (Expr::Lit(Lit { value: LitValue::Float(-v), span }), d)
            }
            arg => (Expr::Unary { op: UnOp::Neg, arg: Box::new(arg), span }, deeper(d, span)?),
        });
    }
    if input.peek(Token![!]) {
        let span = input.parse::<Token![!]>()?.span;
        let (arg, d) = unary(input, deeper(level, span)?)?;
        return Ok((Expr::Unary { op: UnOp::Not, arg: Box::new(arg), span }, deeper(d, span)?));
    }
    let (mut expr, mut depth) = primary(input, level)?;
    while input.peek(Token![as]) {
        let span = input.parse::<Token![as]>()?.span;
        let ty: Ident = input.parse()?;
        let elem = Elem::from_name(&ty.to_string()).ok_or_else(|| {
            syn::Error::new(ty.span(), super::suggest::unknown_elem(&ty.to_string(), Elem::expected_list()))
        })?;
        if elem.is_quantized() {
            return Err(syn::Error::new(
                ty.span(),
                format!("`as {ty}`: values cannot be converted to a block format; `{ty}` is for weights loaded from a GGUF file"),
            ));
        }
        depth = deeper(depth, span)?;
        expr = Expr::Cast { arg: Box::new(expr), elem, span };
    }
    Ok((expr, depth))
}

/// A numeric literal: `3`, `2.5`, `1e-5`.
pub(super) fn parse_lit(input: ParseStream) -> syn::Result<Lit> {
    if input.peek(LitFloat) {
        let lit: LitFloat = input.parse()?;
        if !lit.suffix().is_empty() {
            return Err(syn::Error::new(lit.span(), "literals take their type from context; drop the suffix"));
        }
        return Ok(Lit { value: LitValue::Float(lit.base10_parse()?), span: lit.span() });
    }
    let lit: LitInt = input.parse()?;
    if !lit.suffix().is_empty() {
        return Err(syn::Error::new(lit.span(), "literals take their type from context; drop the suffix"));
    }
    let v: u128 = lit.base10_parse()?;
    let v = i128::try_from(v).map_err(|_| syn::Error::new(lit.span(), "integer literal is too large"))?;
    Ok(Lit { value: LitValue::Int(v), span: lit.span() })
}

/// Comma-separated items until the end of `inner`, each parsed by `item` (depths maxed).
fn list<T>(
    inner: ParseStream,
    mut item: impl FnMut(ParseStream) -> syn::Result<(T, usize)>,
) -> syn::Result<(Vec<T>, usize)> {
    let mut out = Vec::new();
    let mut depth = 0;
    while !inner.is_empty() {
        let (x, d) = item(inner)?;
        out.push(x);
        depth = depth.max(d);
        if inner.is_empty() {
            break;
        }
        inner.parse::<Token![,]>()?;
    }
    Ok((out, depth))
}

fn primary(input: ParseStream, level: usize) -> syn::Result<(Expr, usize)> {
    if input.peek(token::Paren) {
        let inner;
        let paren = parenthesized!(inner in input);
        let e = climb(&inner, 0, deeper(level, paren.span.open())?)?;
        if inner.peek(Token![,]) {
            return tuple(&inner, e.0, paren.span.join()).map(|t| (t, e.1));
        }
        if !inner.is_empty() {
            return Err(inner.error("expected `)`"));
        }
        return Ok(e);
    }
    if input.peek(LitFloat) || input.peek(LitInt) {
        return Ok((Expr::Lit(parse_lit(input)?), 0));
    }
    if input.peek(syn::LitBool) {
        let b: syn::LitBool = input.parse()?;
        return Ok((Expr::Name(super::ast::Name { text: b.value.to_string(), span: b.span }), 0));
    }
    if !input.peek(Ident) {
        let found = match input.cursor().token_tree() {
            Some((tt, _)) => format!("`{tt}`"),
            None => "the end of the statement".to_string(),
        };
        return Err(input.error(format!("expected an operand (a binding, number, call or `( … )`), found {found}")));
    }
    let ident: Ident = input.parse()?;
    let span = ident.span();
    if input.peek(Token![!]) && !input.peek(Token![!=]) {
        input.parse::<Token![!]>()?;
        let inner;
        parenthesized!(inner in input);
        let body: TokenStream = inner.parse()?;
        return Ok((Expr::Raw { lang: name(&ident), body, span }, 0));
    }
    if input.peek(token::Paren) {
        let inner;
        parenthesized!(inner in input);
        let level = deeper(level, span)?;
        let mut args = Vec::new();
        let mut named = Vec::new();
        let (_, depth) = list(&inner, |p| {
            if p.peek(Ident) && p.peek2(Token![=]) && !p.peek2(Token![==]) {
                let key: Ident = p.parse()?;
                p.parse::<Token![=]>()?;
                let (value, d) = climb(p, 0, level)?;
                named.push((name(&key), value));
                return Ok(((), d));
            }
            if !named.is_empty() {
                return Err(p.error("positional arguments come before named ones (`key = value`)"));
            }
            let (e, d) = climb(p, 0, level)?;
            args.push(e);
            Ok(((), d))
        })?;
        return Ok((Expr::Call { func: name(&ident), args, named, span }, deeper(depth, span)?));
    }
    if input.peek(token::Bracket) {
        let inner;
        syn::bracketed!(inner in input);
        let level = deeper(level, span)?;
        let (subs, depth) = list(&inner, |p| climb(p, 0, level))?;
        return Ok((Expr::Subscript { base: name(&ident), subs, span }, deeper(depth, span)?));
    }
    Ok((Expr::Name(name(&ident)), 0))
}

/// The rest of `(a, b, …)` after its first item `first`: a tuple of index names (a reduction's
/// indices) or of integer literals (a window option's pair, `stride = (2, 1)`); any other item
/// is an error.
fn tuple(inner: ParseStream, first: Expr, span: Span) -> syn::Result<Expr> {
    let mut items = Vec::new();
    let mut next = Some(first);
    loop {
        match next.take() {
            Some(item @ (Expr::Name(_) | Expr::Lit(Lit { value: LitValue::Int(_), .. }))) => items.push(item),
            Some(other) => {
                return Err(syn::Error::new(
                    other.span(),
                    "a parenthesised list holds index names, as in `sum((c, u, v), …)`, or integers, as in `stride = (2, 1)`",
                ))
            }
            None => {}
        }
        if inner.is_empty() {
            return Ok(Expr::Tuple { items, span });
        }
        inner.parse::<Token![,]>()?;
        if inner.is_empty() {
            return Ok(Expr::Tuple { items, span });
        }
        next = Some(if inner.peek(syn::LitInt) {
            let lit: syn::LitInt = inner.parse()?;
            Expr::Lit(Lit { value: LitValue::Int(lit.base10_parse()?), span: lit.span() })
        } else {
            Expr::Name(name(&inner.parse::<Ident>()?))
        });
    }
}
