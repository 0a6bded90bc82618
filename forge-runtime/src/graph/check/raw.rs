//! Raw kernels, `t = wgsl!("…source…", a, b, t);`: the form's arguments, then naga parses and
//! validates the WGSL (its error lands on the string literal with the line and column inside
//! it), and every `@group(0) @binding(n)` variable is checked against the binding named at
//! position n: access mode, element type. The same code runs in the macro and for graphs built
//! with `from_source`.

use super::super::ast::{Name, Stmt, Usage};
use super::super::checked::{NodeKind, RawNode};
use super::{Cx, ErrorKind, GraphError};
use crate::elem::Elem;
use naga::{AddressSpace, ScalarKind, StorageAccess, TypeInner};
use proc_macro2::{Span, TokenStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use syn::parse::{ParseStream, Parser};
use syn::{Ident, LitStr, Token};

/// How the kernel must declare the binding at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RawAccess {
    StorageRead,
    StorageReadWrite,
    Uniform,
    Scene,
}

impl RawAccess {
    fn wgsl(self) -> &'static str {
        match self {
            RawAccess::StorageRead => "var<storage, read>",
            RawAccess::StorageReadWrite => "var<storage, read_write>",
            RawAccess::Uniform => "var<uniform>",
            RawAccess::Scene => "var … : acceleration_structure",
        }
    }
    /// Inputs and weights are read-only memory; the target and every temp/output/state live in
    /// read-write memory that wgpu tracks per buffer, so they are declared read_write.
    fn required(usage: Usage, is_target: bool) -> RawAccess {
        match usage {
            Usage::Uniform => RawAccess::Uniform,
            Usage::Scene => RawAccess::Scene,
            Usage::Input | Usage::Weight if !is_target => RawAccess::StorageRead,
            Usage::Input | Usage::Weight | Usage::State | Usage::Temp | Usage::Output => RawAccess::StorageReadWrite,
        }
    }
}

/// The parsed arguments of a raw kernel: the source literal and the bindings, in binding order.
struct RawArgs {
    source: String,
    source_span: Span,
    names: Vec<Name>,
}

fn parse_args(body: &TokenStream, lang_span: Span) -> Result<RawArgs, GraphError> {
    let parser = |input: ParseStream| {
        let lit: LitStr = input.parse()?;
        let mut names = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let id: Ident = input.parse()?;
            names.push(Name { text: id.to_string(), span: id.span() });
        }
        Ok(RawArgs { source: lit.value(), source_span: lit.span(), names })
    };
    parser.parse2(body.clone()).map_err(|e| {
        let span = if body.is_empty() { lang_span } else { e.span() };
        GraphError::new(ErrorKind::RawForm, span, format!("malformed raw kernel: {e}"))
            .help("write `t = wgsl!(\"…WGSL…\", a, b, t);`: the source, then the bindings in @binding order")
    })
}

pub(super) fn raw_node(
    cx: &mut Cx<'_>,
    stmt: &Stmt,
    lang: &Name,
    body: &TokenStream,
    target: usize,
) -> Option<NodeKind> {
    if lang.text != "wgsl" {
        cx.err(
            GraphError::new(ErrorKind::RawForm, lang.span, format!("unknown raw kernel language `{}!`", lang.text))
                .help("raw kernels are written in WGSL: `wgsl!(\"…\", a, t)`"),
        );
        return None;
    }
    let args = match parse_args(body, lang.span) {
        Ok(a) => a,
        Err(e) => {
            cx.err(e);
            return None;
        }
    };
    let mut ids = Vec::new();
    for (i, n) in args.names.iter().enumerate() {
        if args.names[..i].iter().any(|m| m.text == n.text) {
            cx.err(GraphError::new(
                ErrorKind::DuplicateName,
                n.span,
                format!("`{}` is named twice in this raw kernel", n.text),
            ));
            return None;
        }
        let Some(id) = cx.binding_id(&n.text) else {
            let e = GraphError::new(ErrorKind::UnknownName, n.span, format!("`{}` is not a declared binding", n.text))
                .suggest(&n.text, cx.binding_names());
            cx.err(e);
            return None;
        };
        if id != target {
            super::flow::note_read(cx, id, n);
        }
        ids.push(id);
    }
    if !ids.contains(&target) {
        cx.err(
            GraphError::new(
                ErrorKind::RawForm,
                lang.span,
                format!("this raw kernel writes `{}` but does not name it", stmt.target.text),
            )
            .help(format!("add `{0}` to the bindings after the source, e.g. `wgsl!(\"…\", x, {0})`", stmt.target.text)),
        );
        return None;
    }
    let errors = check_wgsl(cx, &args, target)?;
    let found = !errors.1.is_empty();
    for e in errors.1 {
        cx.err(e);
    }
    if found {
        return None;
    }
    let (module, entry) = errors.0;
    let ep = &module.entry_points[entry];
    let uses_num_workgroups = ep
        .function
        .arguments
        .iter()
        .any(|a| matches!(a.binding, Some(naga::Binding::BuiltIn(naga::BuiltIn::NumWorkGroups))));
    Some(NodeKind::Raw(RawNode {
        target,
        source: args.source.clone(),
        entry: ep.name.clone(),
        workgroup_size: ep.workgroup_size,
        args: ids,
        uses_num_workgroups,
    }))
}

fn at(src: &str, span: naga::Span) -> String {
    let loc = span.location(src);
    format!("line {}, column {}", loc.line_number, loc.line_position)
}

fn line_of(src: &str, line: u32) -> String {
    src.lines().nth(line.saturating_sub(1) as usize).map(|l| l.trim().to_string()).unwrap_or_default()
}

/// naga's parse and validation, one compute entry point, and every global checked against the
/// graph. Returns the module and its entry point with the findings (`None` when naga failed).
fn check_wgsl(cx: &mut Cx<'_>, args: &RawArgs, target: usize) -> Option<((naga::Module, usize), Vec<GraphError>)> {
    let src = args.source.as_str();
    let err = |kind, msg: String| GraphError::new(kind, args.source_span, msg);
    let module = match catch_unwind(AssertUnwindSafe(|| naga::front::wgsl::parse_str(src))) {
        Ok(Ok(m)) => m,
        Ok(Err(e)) => {
            let (where_, line) = match e.location(src) {
                Some(l) => (
                    format!(" at line {}, column {} of the WGSL", l.line_number, l.line_position),
                    line_of(src, l.line_number),
                ),
                None => (String::new(), String::new()),
            };
            let labels: Vec<String> = e.labels().filter(|(_, l)| !l.is_empty()).map(|(_, l)| l.to_string()).collect();
            let mut g = err(ErrorKind::RawSource, format!("WGSL does not parse{where_}: {}", e.message()));
            if !line.is_empty() {
                let extra = if labels.is_empty() { String::new() } else { format!(": {}", labels.join("; ")) };
                g = g.help(format!("in `{line}`{extra}"));
            }
            cx.err(g);
            return None;
        }
        Err(_) => {
            cx.err(err(ErrorKind::RawSource, "naga panicked while parsing this WGSL".into()));
            return None;
        }
    };
    let validated = catch_unwind(AssertUnwindSafe(|| {
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
            .validate(&module)
            .map_err(Box::new)
    }));
    let info = match validated {
        Ok(Ok(info)) => info,
        Ok(Err(e)) => {
            let where_ = e
                .location(src)
                .map(|l| format!(" at line {}, column {} of the WGSL", l.line_number, l.line_position))
                .unwrap_or_default();
            cx.err(err(ErrorKind::RawSource, format!("WGSL is invalid{where_}: {}", e.as_inner())));
            return None;
        }
        Err(_) => {
            cx.err(err(ErrorKind::RawSource, "naga panicked while validating this WGSL".into()));
            return None;
        }
    };
    let mut errors = Vec::new();
    let computes: Vec<usize> = module
        .entry_points
        .iter()
        .enumerate()
        .filter(|(_, e)| e.stage == naga::ShaderStage::Compute)
        .map(|(i, _)| i)
        .collect();
    if computes.len() != 1 {
        cx.err(
            err(
                ErrorKind::RawSource,
                format!("a raw kernel needs exactly one `@compute` entry point, found {}", computes.len()),
            )
            .help("declare `@compute @workgroup_size(64) fn main(…) { … }`"),
        );
        return None;
    }
    // What the macro accepts runs on every backend: the CPU interprets the kernel and CUDA runs
    // its translation, so anything outside their common subset is rejected here.
    let entry = module.entry_points[computes[0]].name.clone();
    let portable = catch_unwind(AssertUnwindSafe(|| crate::raw::check_portable(&module, &info, &entry)));
    match portable {
        Ok(Ok(_)) => {}
        Ok(Err(problems)) => {
            for p in problems {
                let where_ = p
                    .span
                    .as_ref()
                    .map(|r| {
                        let loc = naga::Span::new(r.start as u32, r.end as u32).location(src);
                        format!(" at line {}, column {} of the WGSL", loc.line_number, loc.line_position)
                    })
                    .unwrap_or_default();
                errors.push(
                    err(ErrorKind::RawSource, format!("this raw kernel cannot run on every backend{where_}: {}", p.message))
                        .help("raw kernels run on wgpu, the CPU (interpreted) and CUDA (translated), so they are limited to the subset all three run"),
                );
            }
        }
        Err(_) => errors.push(err(ErrorKind::RawSource, "the portability check panicked on this WGSL".into())),
    }
    let mut declared = vec![false; args.names.len()];
    for (handle, var) in module.global_variables.iter() {
        let Some(rb) = &var.binding else { continue };
        // Textures and samplers were reported by the portability check: no graph binding is one.
        if matches!(module.types[var.ty].inner, TypeInner::Image { .. } | TypeInner::Sampler { .. }) {
            continue;
        }
        let var_name = var.name.clone().unwrap_or_else(|| "?".into());
        let where_ = at(src, module.global_variables.get_span(handle));
        if rb.group != 0 {
            errors.push(
                err(
                    ErrorKind::RawBinding,
                    format!("WGSL var `{var_name}` ({where_}) is in @group({}); expected @group(0)", rb.group),
                )
                .help("Forge binds every raw kernel's bindings in group 0"),
            );
            continue;
        }
        let n = rb.binding as usize;
        let Some(name) = args.names.get(n) else {
            errors.push(
                err(
                    ErrorKind::RawBinding,
                    format!(
                        "WGSL var `{var_name}` ({where_}) is @binding({n}), but this node names only {} binding(s)",
                        args.names.len()
                    ),
                )
                .help("name the graph binding for it after the source, in @binding order"),
            );
            continue;
        };
        declared[n] = true;
        let Some(id) = cx.binding_id(&name.text) else { continue };
        let b = cx.bindings[id].clone();
        let want = RawAccess::required(b.usage, id == target);
        let inner = &module.types[var.ty].inner;
        let found = match var.space {
            AddressSpace::Storage { access } if access.contains(StorageAccess::STORE) => {
                Some(RawAccess::StorageReadWrite)
            }
            AddressSpace::Storage { .. } => Some(RawAccess::StorageRead),
            AddressSpace::Uniform => Some(RawAccess::Uniform),
            AddressSpace::Handle if matches!(inner, TypeInner::AccelerationStructure { .. }) => Some(RawAccess::Scene),
            _ => None,
        };
        if found != Some(want) {
            let found_s = found.map(|f| f.wgsl().to_string()).unwrap_or_else(|| format!("{:?}", var.space));
            let why = if id == target { "the node's target".to_string() } else { b.usage.with_article() };
            errors.push(
                GraphError::new(
                    ErrorKind::RawBinding,
                    name.span,
                    format!("`{}` is {why}: expected `{}` at @binding({n}), found `{found_s}` (WGSL var `{var_name}`, {where_})", name.text, want.wgsl()),
                )
                .help(format!("declare it `@group(0) @binding({n}) {} {var_name}: …;`", want.wgsl())),
            );
            continue;
        }
        if want == RawAccess::Scene {
            continue;
        }
        let scalar = match inner {
            TypeInner::Array { base, .. } if want != RawAccess::Uniform => match &module.types[*base].inner {
                TypeInner::Scalar(s) => Some(*s),
                _ => None,
            },
            TypeInner::Scalar(s) if want == RawAccess::Uniform => Some(*s),
            _ => None,
        };
        let expected = match b.elem {
            Elem::F32 => Some((ScalarKind::Float, 4)),
            Elem::F16 => Some((ScalarKind::Float, 2)),
            Elem::U32 => Some((ScalarKind::Uint, 4)),
            Elem::I32 => Some((ScalarKind::Sint, 4)),
            Elem::BF16 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => None,
        };
        // f16 and bf16 uniforms are widened to f32 (every uniform field is one 4-byte word).
        let expected =
            if want == RawAccess::Uniform && b.elem.is_float() { Some((ScalarKind::Float, 4)) } else { expected };
        let Some(expected) = expected else {
            errors.push(
                GraphError::new(
                    ErrorKind::TypeMismatch,
                    name.span,
                    format!("`{}` is bf16, which WGSL has no type for", name.text),
                )
                .help("convert it to f32 or f16 in a node before the raw kernel"),
            );
            continue;
        };
        if scalar.map(|s| (s.kind, s.width)) != Some(expected) {
            let elem = if want == RawAccess::Uniform && b.elem.is_float() { Elem::F32 } else { b.elem };
            let shape = if want == RawAccess::Uniform { elem.to_string() } else { format!("array<{elem}>") };
            errors.push(GraphError::new(
                ErrorKind::TypeMismatch,
                name.span,
                format!(
                    "`{}` is {}: expected WGSL type `{shape}` at @binding({n}), found `{}` (WGSL var `{var_name}`, {where_})",
                    name.text,
                    b.elem,
                    describe(&module, inner)
                ),
            ));
        }
    }
    for (n, name) in args.names.iter().enumerate() {
        if !declared[n] {
            errors.push(
                GraphError::new(
                    ErrorKind::RawBinding,
                    name.span,
                    format!(
                        "`{}` is named at position {n}, but the WGSL declares no `@group(0) @binding({n})`",
                        name.text
                    ),
                )
                .help("declare a variable for every binding the node names, or drop the name"),
            );
        }
    }
    Some(((module, computes[0]), errors))
}

/// A WGSL-ish name of a variable's type, for messages.
fn describe(module: &naga::Module, inner: &TypeInner) -> String {
    let scalar = |s: &naga::Scalar| match (s.kind, s.width) {
        (ScalarKind::Float, 4) => "f32".to_string(),
        (ScalarKind::Float, 2) => "f16".to_string(),
        (ScalarKind::Sint, 4) => "i32".to_string(),
        (ScalarKind::Uint, 4) => "u32".to_string(),
        (kind, width) => format!("{kind:?}{}", width * 8),
    };
    match inner {
        TypeInner::Scalar(s) => scalar(s),
        TypeInner::Array { base, .. } => match &module.types[*base].inner {
            TypeInner::Scalar(s) => format!("array<{}>", scalar(s)),
            _ => "an array of non-scalars".into(),
        },
        _ => "a non-scalar type".into(),
    }
}
