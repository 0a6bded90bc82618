//! Parser, declarations and items: the tokens of a `forge_graph!` body into a [`Graph`] (no
//! semantic checks here). Expressions are parsed in `parse_expr`.

use super::ast::{
    Binding, DimExpr, DimOp, DimRef, Graph, Item, Lit, LitValue, Loop, Name, ScheduleAttr, Stmt, TargetSub, Usage,
};
use super::parse_expr::{parse_expr, parse_lit};
use super::{ErrorKind, GraphError};
use crate::elem::Elem;
use proc_macro2::{TokenStream, TokenTree};
use syn::parse::discouraged::Speculative;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{bracketed, token, Ident, LitInt, Token};

/// Parses a whole graph definition: `/// doc` `pub graph Name { dims { … } bindings… items… }`.
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
    if let Some(span) = nested_too_deep(&tokens) {
        let msg = format!(
            "brackets are nested more than {MAX_NESTING} levels deep; split the expression into several nodes with `temp` bindings"
        );
        return (None, vec![GraphError::new(ErrorKind::Syntax, span, msg)]);
    }
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

/// Deepest nesting of `( )`, `[ ]` and `{ }` accepted. syn's token buffer recurses once per
/// level before any of Forge's own (bounded) parsing runs, so the nesting is measured first,
/// without recursion.
pub const MAX_NESTING: usize = super::parse_expr::MAX_DEPTH + 32;

/// The opening bracket of the first group nested deeper than [`MAX_NESTING`].
fn nested_too_deep(tokens: &TokenStream) -> Option<proc_macro2::Span> {
    let mut stack = vec![tokens.clone().into_iter()];
    while let Some(top) = stack.last_mut() {
        match top.next() {
            Some(TokenTree::Group(g)) => {
                if stack.len() > MAX_NESTING {
                    return Some(g.span_open());
                }
                stack.push(g.stream().into_iter());
            }
            Some(_) => {}
            None => {
                stack.pop();
            }
        }
    }
    None
}

pub(super) fn syntax(e: syn::Error) -> Vec<GraphError> {
    e.into_iter().map(|e| GraphError::new(ErrorKind::Syntax, e.span(), e.to_string())).collect()
}

pub(super) fn name(ident: &Ident) -> Name {
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
    let vis: syn::Visibility = input.parse()?;
    let kw: Ident = input.parse()?;
    if kw != "graph" {
        return Err(syn::Error::new(kw.span(), format!("expected `graph`, found `{kw}`")));
    }
    let graph_name: Ident = input.parse()?;
    let body;
    syn::braced!(body in input);
    let vis = quote::ToTokens::to_token_stream(&vis).to_string();
    let mut graph = Graph {
        name: name(&graph_name),
        vis,
        doc: docs(&attrs),
        dims: Vec::new(),
        derived: Vec::new(),
        bindings: Vec::new(),
        items: Vec::new(),
    };
    if body.peek(Ident) && body.peek2(token::Brace) && body.fork().parse::<Ident>().is_ok_and(|i| i == "dims") {
        let _kw: Ident = body.parse()?;
        let dims;
        syn::braced!(dims in body);
        match parse_dim_decls(&dims) {
            Ok(list) => (graph.dims, graph.derived) = list.into_iter().unzip(),
            Err(e) => errors.extend(syntax(e)),
        }
    }
    graph.items = parse_items(&body, &mut graph.bindings, errors, 0)?;
    if !input.is_empty() {
        return Err(input.error("unexpected tokens after the graph's `{ … }`"));
    }
    Ok(graph)
}

/// Items up to the end of `body`; bindings are collected (only at the top level).
fn parse_items(
    body: ParseStream,
    bindings: &mut Vec<Binding>,
    errors: &mut Vec<GraphError>,
    depth: usize,
) -> syn::Result<Vec<Item>> {
    let mut items = Vec::new();
    while !body.is_empty() {
        let fork = body.fork();
        match parse_item(&fork, bindings, errors, depth) {
            Ok(item) => {
                body.advance_to(&fork);
                items.extend(item);
            }
            Err(e) => {
                errors.extend(syntax(e));
                skip_past_semicolon(body)?;
            }
        }
    }
    Ok(items)
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

fn parse_item(
    body: ParseStream,
    bindings: &mut Vec<Binding>,
    errors: &mut Vec<GraphError>,
    depth: usize,
) -> syn::Result<Option<Item>> {
    let attrs = body.call(syn::Attribute::parse_outer)?;
    if body.peek(Token![for]) {
        let for_kw = body.parse::<Token![for]>()?;
        for a in attrs.iter().filter(|a| !a.path().is_ident("doc")) {
            errors.push(GraphError::new(ErrorKind::Schedule, a.path().span(), "a loop takes no attributes"));
        }
        if depth > 0 {
            return Err(syn::Error::new(
                for_kw.span,
                "loops do not nest: a loop's body holds nodes, not another `for`",
            ));
        }
        return parse_loop(body, for_kw.span, bindings, errors).map(|l| Some(Item::Loop(l)));
    }
    let first = body.fork().parse::<Ident>().map(|i| i.to_string()).unwrap_or_default();
    let mut usage = Usage::from_keyword(&first);
    if usage.is_none() && body.peek(Ident) && body.peek2(Ident) && body.peek3(Token![:]) {
        // `inptu x: f32[N];`: a declaration with a misspelt usage. A close guess is reported and
        // taken, so the binding exists and its uses raise nothing more.
        let span = body.fork().parse::<Ident>()?.span();
        let keywords = Usage::ALL.map(|u| u.keyword());
        let Some(guess) = super::suggest::closest(&first, keywords) else {
            let msg = format!("expected a binding usage ({}), found `{first}`", keywords.join(", "));
            return Err(syn::Error::new(span, msg));
        };
        errors.push(
            GraphError::new(ErrorKind::Syntax, span, format!("unknown binding usage `{first}`"))
                .help(format!("did you mean `{guess}`?")),
        );
        usage = Usage::from_keyword(guess);
    }
    if let (Some(usage), true) = (usage, body.peek(Ident) && body.peek2(Ident)) {
        for a in attrs.iter().filter(|a| !a.path().is_ident("doc")) {
            errors.push(GraphError::new(
                ErrorKind::Schedule,
                a.path().span(),
                "declarations take no attributes besides doc comments",
            ));
        }
        let b = parse_binding(body, &attrs, usage)?;
        if depth > 0 {
            return Err(syn::Error::new(b.usage_span, "declare bindings at the top of the graph, not inside a loop"));
        }
        bindings.push(b);
        return Ok(None);
    }
    let schedule = parse_schedule(&attrs, errors);
    Ok(Some(Item::Stmt(parse_stmt(body, schedule)?)))
}

fn parse_loop(
    input: ParseStream,
    span: proc_macro2::Span,
    bindings: &mut Vec<Binding>,
    errors: &mut Vec<GraphError>,
) -> syn::Result<Loop> {
    let var: Ident = input.parse()?;
    input.parse::<Token![in]>()?;
    let zero: LitInt = input.parse()?;
    if zero.base10_parse::<u64>()? != 0 {
        return Err(syn::Error::new(zero.span(), "loops run from 0: write `for l in 0..L { … }`"));
    }
    input.parse::<Token![..]>()?;
    let count = parse_dim_ref(input)?;
    let inner;
    syn::braced!(inner in input);
    let body = parse_items(&inner, bindings, errors, 1)?;
    Ok(Loop { var: name(&var), count, body, span })
}

/// `B, T, E = D / H`: each dim, and the formula of those derived from earlier ones.
fn parse_dim_decls(input: ParseStream) -> syn::Result<Vec<(Name, Option<DimExpr>)>> {
    let mut out = Vec::new();
    while !input.is_empty() {
        let dim = name(&input.parse::<Ident>()?);
        let formula = match input.parse::<Option<Token![=]>>()? {
            Some(_) => Some(parse_dim_sum(input)?),
            None => None,
        };
        out.push((dim, formula));
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(out)
}

/// A derived dim's formula: terms joined by `+` and `-`.
fn parse_dim_sum(input: ParseStream) -> syn::Result<DimExpr> {
    let mut lhs = parse_dim_product(input)?;
    loop {
        let (op, span) = if input.peek(Token![+]) {
            (DimOp::Add, input.parse::<Token![+]>()?.span)
        } else if input.peek(Token![-]) {
            (DimOp::Sub, input.parse::<Token![-]>()?.span)
        } else {
            return Ok(lhs);
        };
        let rhs = parse_dim_product(input)?;
        lhs = DimExpr::Bin { op, lhs: Box::new(lhs), rhs: Box::new(rhs), span };
    }
}

/// Factors joined by `*` and `/`.
fn parse_dim_product(input: ParseStream) -> syn::Result<DimExpr> {
    let mut lhs = parse_dim_factor(input)?;
    loop {
        let (op, span) = if input.peek(Token![*]) {
            (DimOp::Mul, input.parse::<Token![*]>()?.span)
        } else if input.peek(Token![/]) {
            (DimOp::Div, input.parse::<Token![/]>()?.span)
        } else {
            return Ok(lhs);
        };
        let rhs = parse_dim_factor(input)?;
        lhs = DimExpr::Bin { op, lhs: Box::new(lhs), rhs: Box::new(rhs), span };
    }
}

/// A dim, an integer literal or a parenthesised formula.
fn parse_dim_factor(input: ParseStream) -> syn::Result<DimExpr> {
    if input.peek(token::Paren) {
        let inner;
        syn::parenthesized!(inner in input);
        let e = parse_dim_sum(&inner)?;
        if !inner.is_empty() {
            return Err(inner.error("expected `)` after the formula"));
        }
        Ok(e)
    } else if input.peek(LitInt) {
        let lit: LitInt = input.parse()?;
        Ok(DimExpr::Lit { value: lit.base10_parse()?, span: lit.span() })
    } else if input.peek(Ident) {
        Ok(DimExpr::Dim(name(&input.parse::<Ident>()?)))
    } else {
        Err(input.error("expected a dim, an integer or `(` in a dim's formula"))
    }
}

fn parse_dim_ref(input: ParseStream) -> syn::Result<DimRef> {
    if input.peek(LitInt) {
        let lit: LitInt = input.parse()?;
        Ok(DimRef::Lit { value: lit.base10_parse()?, span: lit.span() })
    } else {
        let d: Ident = input.parse()?;
        Ok(DimRef::Sym(name(&d)))
    }
}

/// A shape names dims; arithmetic there (`3 * D`) points to a derived dim.
fn shape_formula_error(rest: ParseStream, last: Option<&DimRef>) -> syn::Error {
    let at = rest.cursor().token_tree().map(|(t, _)| t.span()).unwrap_or_else(|| rest.span());
    let written = match last {
        Some(DimRef::Sym(n)) => n.text.clone(),
        Some(DimRef::Lit { value, .. }) => value.to_string(),
        None => String::new(),
    };
    let msg = format!(
        "expected `,` or `]` after `{written}`: a shape lists dims and integers; for a formula, declare a derived dim (`dims {{ …, Q = 3 * D }}`) and write its name"
    );
    syn::Error::new(at, msg)
}

/// A declaration; `usage` is what its first word means (the caller has read it).
fn parse_binding(input: ParseStream, attrs: &[syn::Attribute], usage: Usage) -> syn::Result<Binding> {
    let usage_kw: Ident = input.parse()?;
    let ident: Ident = input.parse()?;
    input.parse::<Token![:]>()?;
    let elem_ident: Ident = input.parse()?;
    let elem = if usage == Usage::Scene && elem_ident == "triangles" {
        Elem::F32
    } else {
        Elem::from_name(&elem_ident.to_string()).ok_or_else(|| {
            let expected = if usage == Usage::Scene { "`triangles`".to_string() } else { Elem::expected_list().into() };
            syn::Error::new(elem_ident.span(), super::suggest::unknown_elem(&elem_ident.to_string(), &expected))
        })?
    };
    let mut shape = Vec::new();
    if input.peek(token::Bracket) {
        let dims;
        bracketed!(dims in input);
        while !dims.is_empty() {
            shape.push(parse_dim_ref(&dims)?);
            if dims.is_empty() {
                break;
            }
            if !dims.peek(Token![,]) {
                return Err(shape_formula_error(&dims, shape.last()));
            }
            dims.parse::<Token![,]>()?;
        }
    }
    let mut default = None;
    if input.peek(Token![=]) {
        input.parse::<Token![=]>()?;
        let neg = input.parse::<Option<Token![-]>>()?;
        let lit = parse_lit(input)?;
        default = Some(match (neg, lit.value) {
            (Some(_), LitValue::Int(v)) => Lit { value: LitValue::Int(-v), span: lit.span },
            (Some(_), LitValue::Float(v)) => Lit { value: LitValue::Float(-v), span: lit.span },
            (None, _) => lit,
        });
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

/// `#[schedule(workgroup = N, items = M)]`; problems are reported, never fatal to the statement.
fn parse_schedule(attrs: &[syn::Attribute], errors: &mut Vec<GraphError>) -> Option<ScheduleAttr> {
    let mut out = None;
    for attr in attrs {
        if attr.path().is_ident("doc") {
            continue;
        }
        if !attr.path().is_ident("schedule") {
            let written = attr.path().get_ident().map(|i| i.to_string()).unwrap_or_default();
            errors.push(
                GraphError::new(ErrorKind::Schedule, attr.path().span(), "unknown attribute on a node")
                    .help("the only node attribute is `#[schedule(workgroup = N, items = M)]`")
                    .suggest(&written, ["schedule"]),
            );
            continue;
        }
        let mut sched = ScheduleAttr::default();
        let parsed = attr.parse_nested_meta(|meta| {
            let lit: LitInt = meta.value()?.parse()?;
            let value = (lit.base10_parse::<u64>()?, lit.span());
            if meta.path.is_ident("workgroup") {
                sched.workgroup = Some(value);
            } else if meta.path.is_ident("items") {
                sched.items = Some(value);
            } else {
                let key = meta.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
                return Err(match super::suggest::did_you_mean(&key, ["workgroup", "items"]) {
                    Some(s) => meta.error(format!("unknown schedule key `{key}`; {s}")),
                    None => meta.error("unknown schedule key; expected `workgroup` or `items`"),
                });
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

/// A target is subscripted by index names, shifted by a uniform, or fixed by a leading loop
/// variable or literal: each element is written once, by its own index.
fn target_subscript_error(at: proc_macro2::Span) -> syn::Error {
    syn::Error::new(
        at,
        "a target's subscripts are index names (`y[i, j] = …`), each element written once at its own index; a `state` may also be written at an index shifted by a uniform (`cache[pos + t, d] = …`) or in a slice fixed by a loop variable (`cache[l, t, d] = …`); to merge or split axes, write `transpose` and `reshape` nodes, or read the source at an affine subscript (`q[h, t, e] = x[t, h * E + e]`)",
    )
}

/// One target subscript: `i`, `l`, `0`, or `a + b` (names).
fn parse_target_sub(inner: ParseStream) -> syn::Result<TargetSub> {
    let at = inner.span();
    let ends = |s: ParseStream| s.is_empty() || s.peek(Token![,]);
    if inner.peek(LitInt) {
        let lit: LitInt = inner.parse()?;
        if !ends(inner) {
            return Err(target_subscript_error(at));
        }
        return Ok(TargetSub::Lit { value: lit.base10_parse()?, span: lit.span() });
    }
    if !inner.peek(Ident) {
        return Err(target_subscript_error(at));
    }
    let lhs: Ident = inner.parse()?;
    if ends(inner) {
        return Ok(TargetSub::Name(name(&lhs)));
    }
    if inner.peek(Token![+]) && inner.peek2(Ident) {
        let plus = inner.parse::<Token![+]>()?;
        let rhs: Ident = inner.parse()?;
        if ends(inner) {
            return Ok(TargetSub::Sum { lhs: name(&lhs), rhs: name(&rhs), span: plus.span });
        }
    }
    Err(target_subscript_error(at))
}

fn parse_stmt(input: ParseStream, schedule: Option<ScheduleAttr>) -> syn::Result<Stmt> {
    let target: Ident = input.parse()?;
    let mut indices = None;
    if input.peek(token::Bracket) {
        let inner;
        bracketed!(inner in input);
        let mut list = Vec::new();
        while !inner.is_empty() {
            list.push(parse_target_sub(&inner)?);
            if !inner.is_empty() {
                inner.parse::<Token![,]>()?;
            }
        }
        indices = Some(list);
    }
    input.parse::<Token![=]>()?;
    let value = parse_expr(input)?;
    input.parse::<Token![;]>()?;
    Ok(Stmt { target: name(&target), indices, value, schedule })
}
