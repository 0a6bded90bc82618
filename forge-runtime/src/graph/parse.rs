//! Parser: the tokens of a `forge_graph!` body into a [`Graph`] (no semantic checks here).

use super::{
    BinOp, Binding, DimRef, ErrorKind, Expr, Graph, GraphError, IndexExpr, Name, ScheduleAttr, Stmt, UnOp, Usage,
};
use crate::elem::Elem;
use proc_macro2::{Span, TokenStream, TokenTree};
use syn::parse::discouraged::Speculative;
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{bracketed, parenthesized, token, Ident, LitFloat, LitInt, Token};

/// Deepest expression nesting accepted (keeps the parser's recursion bounded on any input).
const MAX_DEPTH: usize = 64;

/// Parses a whole graph definition: `/// doc` `pub graph Name { dims { … } bindings… stmts… }`.
pub fn parse_graph(tokens: TokenStream) -> Result<Graph, Vec<GraphError>> {
    match parse_graph_partial(tokens) {
        (Some(g), errors) if errors.is_empty() => Ok(g),
        (_, errors) => Err(errors),
    }
}

/// Parses as much of a graph as it can: every declaration or statement that fails to parse is
/// reported and skipped up to its `;`, so one compile shows every syntax error, and the graph
/// (with what did parse) is still returned for the macro to emit its API from.
pub fn parse_graph_partial(tokens: TokenStream) -> (Option<Graph>, Vec<GraphError>) {
    let mut errors = Vec::new();
    let parser = |input: ParseStream| parse_body(input, &mut errors);
    let graph = match syn::parse::Parser::parse2(parser, tokens) {
        Ok(g) => Some(g),
        Err(e) => {
            errors.extend(syntax(e));
            None
        }
    };
    (graph, errors)
}

fn syntax(e: syn::Error) -> Vec<GraphError> {
    e.into_iter().map(|e| GraphError::new(ErrorKind::Syntax, e.span(), e.to_string())).collect()
}

fn name(ident: &Ident) -> Name {
    Name { text: ident.to_string(), span: ident.span() }
}

fn docs(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value().trim().to_string()),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn parse_body(input: ParseStream, errors: &mut Vec<GraphError>) -> syn::Result<Graph> {
    let attrs = input.call(syn::Attribute::parse_outer)?;
    let _vis: syn::Visibility = input.parse()?;
    let kw: Ident = input.parse()?;
    if kw != "graph" {
        return Err(syn::Error::new(kw.span(), format!("expected `graph`, found `{kw}`")));
    }
    let graph_name: Ident = input.parse()?;
    let body;
    syn::braced!(body in input);
    let mut graph =
        Graph { name: name(&graph_name), doc: docs(&attrs), dims: Vec::new(), bindings: Vec::new(), stmts: Vec::new() };
    if body.peek(Ident) && body.peek2(token::Brace) && body.fork().parse::<Ident>().is_ok_and(|i| i == "dims") {
        let _kw: Ident = body.parse()?;
        let dims;
        syn::braced!(dims in body);
        match dims.parse_terminated(Ident::parse, Token![,]) {
            Ok(list) => graph.dims = list.iter().map(name).collect(),
            Err(e) => errors.extend(syntax(e)),
        }
    }
    while !body.is_empty() {
        let fork = body.fork();
        match parse_item(&fork, &mut graph, errors) {
            Ok(()) => body.advance_to(&fork),
            Err(e) => {
                errors.extend(syntax(e));
                skip_past_semicolon(&body)?;
            }
        }
    }
    if !input.is_empty() {
        return Err(input.error("unexpected tokens after the graph's `{ … }`"));
    }
    Ok(graph)
}

/// Skips token trees up to and including the next top-level `;` (error recovery).
fn skip_past_semicolon(input: ParseStream) -> syn::Result<()> {
    while !input.is_empty() {
        if let TokenTree::Punct(p) = input.parse::<TokenTree>()? {
            if p.as_char() == ';' {
                break;
            }
        }
    }
    Ok(())
}

fn parse_item(body: ParseStream, graph: &mut Graph, errors: &mut Vec<GraphError>) -> syn::Result<()> {
    let attrs = body.call(syn::Attribute::parse_outer)?;
    let is_binding = body.peek(Ident)
        && body.peek2(Ident)
        && body.fork().parse::<Ident>().map(|i| Usage::from_keyword(&i.to_string()).is_some()).unwrap_or(false);
    if is_binding {
        for a in attrs.iter().filter(|a| !a.path().is_ident("doc")) {
            errors.push(GraphError::new(
                ErrorKind::Schedule,
                a.path().span(),
                "declarations take no attributes besides doc comments",
            ));
        }
        graph.bindings.push(parse_binding(body, &attrs)?);
    } else {
        let schedule = parse_schedule(&attrs, errors);
        graph.stmts.push(parse_stmt(body, schedule)?);
    }
    Ok(())
}

fn parse_binding(input: ParseStream, attrs: &[syn::Attribute]) -> syn::Result<Binding> {
    let usage_kw: Ident = input.parse()?;
    let usage = Usage::from_keyword(&usage_kw.to_string())
        .ok_or_else(|| syn::Error::new(usage_kw.span(), "expected a binding usage"))?;
    let ident: Ident = input.parse()?;
    input.parse::<Token![:]>()?;
    let elem_ident: Ident = input.parse()?;
    let elem = Elem::from_name(&elem_ident.to_string()).ok_or_else(|| {
        syn::Error::new(
            elem_ident.span(),
            format!("unknown element type `{elem_ident}`; expected f32, f16, u32 or i32"),
        )
    })?;
    let mut shape = Vec::new();
    if input.peek(token::Bracket) {
        let dims;
        bracketed!(dims in input);
        while !dims.is_empty() {
            if dims.peek(LitInt) {
                let lit: LitInt = dims.parse()?;
                shape.push(DimRef::Lit { value: lit.base10_parse()?, span: lit.span() });
            } else {
                let d: Ident = dims.parse()?;
                shape.push(DimRef::Sym(name(&d)));
            }
            if dims.is_empty() {
                break;
            }
            dims.parse::<Token![,]>()?;
        }
    }
    let mut default = None;
    if input.peek(Token![=]) {
        input.parse::<Token![=]>()?;
        let neg = input.parse::<Option<Token![-]>>()?.is_some();
        let (value, span) = parse_number(input)?;
        default = Some((if neg { -value } else { value }, span));
    }
    input.parse::<Token![;]>()?;
    Ok(Binding {
        name: name(&ident),
        usage,
        usage_span: usage_kw.span(),
        elem,
        elem_span: elem_ident.span(),
        shape,
        default,
        doc: docs(attrs),
    })
}

fn parse_number(input: ParseStream) -> syn::Result<(f64, Span)> {
    if input.peek(LitFloat) {
        let lit: LitFloat = input.parse()?;
        Ok((lit.base10_parse()?, lit.span()))
    } else {
        let lit: LitInt = input.parse()?;
        Ok((lit.base10_parse::<u64>()? as f64, lit.span()))
    }
}

/// `#[schedule(workgroup = N, items = M)]`; problems are reported, never fatal to the statement.
fn parse_schedule(attrs: &[syn::Attribute], errors: &mut Vec<GraphError>) -> Option<ScheduleAttr> {
    let mut out = None;
    for attr in attrs {
        if attr.path().is_ident("doc") {
            continue;
        }
        if !attr.path().is_ident("schedule") {
            errors.push(
                GraphError::new(ErrorKind::Schedule, attr.path().span(), "unknown attribute on a node")
                    .help("the only node attribute is `#[schedule(workgroup = N, items = M)]`"),
            );
            continue;
        }
        let mut sched = ScheduleAttr { workgroup: None, items: None };
        let parsed = attr.parse_nested_meta(|meta| {
            let lit: LitInt = meta.value()?.parse()?;
            let value = (lit.base10_parse::<u64>()?, lit.span());
            if meta.path.is_ident("workgroup") {
                sched.workgroup = Some(value);
            } else if meta.path.is_ident("items") {
                sched.items = Some(value);
            } else {
                return Err(meta.error("unknown schedule key; expected `workgroup` or `items`"));
            }
            Ok(())
        });
        match parsed {
            Ok(()) => out = Some(sched),
            Err(e) => {
                errors.extend(e.into_iter().map(|e| GraphError::new(ErrorKind::Schedule, e.span(), e.to_string())))
            }
        }
    }
    out
}

fn parse_stmt(input: ParseStream, schedule: Option<ScheduleAttr>) -> syn::Result<Stmt> {
    let target: Ident = input.parse()?;
    let mut indices = None;
    if input.peek(token::Bracket) {
        let inner;
        bracketed!(inner in input);
        let list = inner.parse_terminated(Ident::parse, Token![,])?;
        indices = Some(list.iter().map(name).collect());
    }
    input.parse::<Token![=]>()?;
    let value = parse_expr(input, 0, 0)?;
    input.parse::<Token![;]>()?;
    Ok(Stmt { target: name(&target), indices, value, schedule })
}

/// Binding power of the binary operator at the head of `input`, if any.
fn peek_binop(input: ParseStream) -> Option<(BinOp, u8)> {
    Some(if input.peek(Token![||]) {
        (BinOp::Or, 1)
    } else if input.peek(Token![&&]) {
        (BinOp::And, 2)
    } else if input.peek(Token![==]) {
        (BinOp::Eq, 3)
    } else if input.peek(Token![!=]) {
        (BinOp::Ne, 3)
    } else if input.peek(Token![<=]) {
        (BinOp::Le, 3)
    } else if input.peek(Token![>=]) {
        (BinOp::Ge, 3)
    } else if input.peek(Token![<]) {
        (BinOp::Lt, 3)
    } else if input.peek(Token![>]) {
        (BinOp::Gt, 3)
    } else if input.peek(Token![+]) {
        (BinOp::Add, 4)
    } else if input.peek(Token![-]) {
        (BinOp::Sub, 4)
    } else if input.peek(Token![*]) {
        (BinOp::Mul, 5)
    } else if input.peek(Token![/]) {
        (BinOp::Div, 5)
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
    })
}

/// Precedence climbing; comparisons do not chain (`a < b < c` is an error, as in Rust).
fn parse_expr(input: ParseStream, min_bp: u8, depth: usize) -> syn::Result<Expr> {
    if depth > MAX_DEPTH {
        return Err(input.error(format!("expression nests more than {MAX_DEPTH} levels deep")));
    }
    let mut lhs = parse_unary(input, depth + 1)?;
    while let Some((op, bp)) = peek_binop(input) {
        if bp <= min_bp {
            break;
        }
        let span = eat_binop(input, op)?;
        let rhs = parse_expr(input, bp, depth + 1)?;
        if bp == 3 {
            if let Some((_, 3)) = peek_binop(input) {
                return Err(input.error("comparison operators cannot be chained; use parentheses"));
            }
        }
        lhs = Expr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), span };
    }
    Ok(lhs)
}

fn parse_unary(input: ParseStream, depth: usize) -> syn::Result<Expr> {
    if depth > MAX_DEPTH {
        return Err(input.error(format!("expression nests more than {MAX_DEPTH} levels deep")));
    }
    if input.peek(Token![-]) {
        let span = input.parse::<Token![-]>()?.span;
        let arg = parse_unary(input, depth + 1)?;
        return Ok(match arg {
            Expr::Lit { value, is_int, .. } => Expr::Lit { value: -value, is_int, span },
            arg => Expr::Unary { op: UnOp::Neg, arg: Box::new(arg), span },
        });
    }
    if input.peek(Token![!]) {
        let span = input.parse::<Token![!]>()?.span;
        let arg = parse_unary(input, depth + 1)?;
        return Ok(Expr::Unary { op: UnOp::Not, arg: Box::new(arg), span });
    }
    let mut expr = parse_primary(input, depth + 1)?;
    while input.peek(Token![as]) {
        let span = input.parse::<Token![as]>()?.span;
        let ty: Ident = input.parse()?;
        let elem = Elem::from_name(&ty.to_string()).ok_or_else(|| {
            syn::Error::new(ty.span(), format!("unknown element type `{ty}`; expected f32, f16, u32 or i32"))
        })?;
        expr = Expr::Cast { arg: Box::new(expr), elem, span };
    }
    Ok(expr)
}

fn parse_primary(input: ParseStream, depth: usize) -> syn::Result<Expr> {
    if input.peek(token::Paren) {
        let inner;
        parenthesized!(inner in input);
        let e = parse_expr(&inner, 0, depth + 1)?;
        if !inner.is_empty() {
            return Err(inner.error("expected `)`"));
        }
        return Ok(e);
    }
    if input.peek(LitFloat) {
        let lit: LitFloat = input.parse()?;
        return Ok(Expr::Lit { value: lit.base10_parse()?, is_int: false, span: lit.span() });
    }
    if input.peek(LitInt) {
        let lit: LitInt = input.parse()?;
        return Ok(Expr::Lit { value: lit.base10_parse::<u64>()? as f64, is_int: true, span: lit.span() });
    }
    if !input.peek(Ident) {
        let found = match input.cursor().token_tree() {
            Some((tt, _)) => format!("`{tt}`"),
            None => "the end of the statement".to_string(),
        };
        return Err(input.error(format!("expected an operand (a binding, number, call or `( … )`), found {found}")));
    }
    let ident: Ident = input.parse()?;
    if input.peek(Token![!]) && !input.peek(Token![!=]) {
        input.parse::<Token![!]>()?;
        let inner;
        parenthesized!(inner in input);
        let body: TokenStream = inner.parse()?;
        return Ok(Expr::Raw { lang: name(&ident), body, span: ident.span() });
    }
    if input.peek(token::Paren) {
        let inner;
        parenthesized!(inner in input);
        let mut args = Vec::new();
        while !inner.is_empty() {
            args.push(parse_expr(&inner, 0, depth + 1)?);
            if inner.is_empty() {
                break;
            }
            inner.parse::<Token![,]>()?;
        }
        return Ok(Expr::Call { func: name(&ident), args, span: ident.span() });
    }
    if input.peek(token::Bracket) {
        let inner;
        bracketed!(inner in input);
        let mut indices = Vec::new();
        while !inner.is_empty() {
            let var: Ident = inner.parse()?;
            let mut offset = 0i64;
            if inner.peek(Token![+]) || inner.peek(Token![-]) {
                let neg = inner.parse::<Option<Token![-]>>()?.is_some();
                if !neg {
                    inner.parse::<Token![+]>()?;
                }
                let lit: LitInt = inner.parse()?;
                let v: i64 = lit.base10_parse()?;
                offset = if neg { -v } else { v };
            }
            indices.push(IndexExpr { var: name(&var), offset });
            if inner.is_empty() {
                break;
            }
            inner.parse::<Token![,]>()?;
        }
        return Ok(Expr::Index { base: name(&ident), indices, span: ident.span() });
    }
    Ok(Expr::Ref(name(&ident)))
}
