//! Raw WGSL kernels at compile time: naga parses and validates the source (its error is
//! reported on the string literal, with the line and column inside the WGSL), and every
//! `@group(0) @binding(n)` variable is checked against the binding the node names at position n.

use forge_runtime::graph::raw::{required_access, RawAccess, RawArgs};
use forge_runtime::graph::{ErrorKind, Graph, GraphError, Stmt};
use forge_runtime::Elem;
use naga::{AddressSpace, ScalarKind, StorageAccess, TypeInner};
use std::panic::{catch_unwind, AssertUnwindSafe};

fn at(src: &str, span: naga::Span) -> String {
    let loc = span.location(src);
    format!("line {}, column {}", loc.line_number, loc.line_position)
}

/// The source line a location points at, for help lines.
fn line_of(src: &str, line: u32) -> String {
    src.lines().nth(line.saturating_sub(1) as usize).map(|l| l.trim().to_string()).unwrap_or_default()
}

/// Checks one raw node whose graph-side form is valid (names declared, target named).
pub fn check_wgsl(graph: &Graph, stmt: &Stmt, args: &RawArgs) -> Vec<GraphError> {
    let src = args.source.as_str();
    let lit = args.source_span;
    let err = |kind, msg: String| GraphError::new(kind, lit, msg);
    let parsed = catch_unwind(AssertUnwindSafe(|| naga::front::wgsl::parse_str(src)));
    let module = match parsed {
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
                g = g.help(format!(
                    "in `{line}`{}",
                    if labels.is_empty() { String::new() } else { format!(": {}", labels.join("; ")) }
                ));
            }
            return vec![g];
        }
        Err(_) => return vec![err(ErrorKind::RawSource, "naga panicked while parsing this WGSL".into())],
    };
    let flags = naga::valid::ValidationFlags::all();
    let validated = catch_unwind(AssertUnwindSafe(|| {
        naga::valid::Validator::new(flags, naga::valid::Capabilities::all())
            .validate(&module)
            .map(|_| ())
            .map_err(Box::new)
    }));
    match validated {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => {
            let where_ = e
                .location(src)
                .map(|l| format!(" at line {}, column {} of the WGSL", l.line_number, l.line_position))
                .unwrap_or_default();
            return vec![err(ErrorKind::RawSource, format!("WGSL is invalid{where_}: {}", e.as_inner()))];
        }
        Err(_) => return vec![err(ErrorKind::RawSource, "naga panicked while validating this WGSL".into())],
    }
    let mut errors = Vec::new();
    let computes = module.entry_points.iter().filter(|e| e.stage == naga::ShaderStage::Compute).count();
    if computes != 1 {
        errors.push(
            err(
                ErrorKind::RawSource,
                format!("a raw kernel needs exactly one `@compute` entry point, found {computes}"),
            )
            .help("declare `@compute @workgroup_size(64) fn main(…) { … }`"),
        );
    }
    let mut declared = vec![false; args.names.len()];
    for (handle, var) in module.global_variables.iter() {
        let Some(rb) = &var.binding else { continue };
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
        let Some(b) = graph.binding(&name.text) else { continue };
        let want = required_access(b.usage, name.text == stmt.target.text);
        let found = match var.space {
            AddressSpace::Storage { access } if access.contains(StorageAccess::STORE) => {
                Some(RawAccess::StorageReadWrite)
            }
            AddressSpace::Storage { .. } => Some(RawAccess::StorageRead),
            AddressSpace::Uniform => Some(RawAccess::Uniform),
            _ => None,
        };
        if found != Some(want) {
            let found_s = found.map(|f| f.wgsl().to_string()).unwrap_or_else(|| format!("{:?}", var.space));
            let why = if name.text == stmt.target.text {
                "the node's target".to_string()
            } else {
                format!("{} `{}`", article(b.usage.keyword()), b.usage.keyword())
            };
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
        let inner = &module.types[var.ty].inner;
        let scalar = match inner {
            TypeInner::Array { base, .. } if want != RawAccess::Uniform => match &module.types[*base].inner {
                TypeInner::Scalar(s) => Some(*s),
                _ => None,
            },
            TypeInner::Scalar(s) if want == RawAccess::Uniform => Some(*s),
            _ => None,
        };
        let expected = match b.elem {
            Elem::F32 => (ScalarKind::Float, 4),
            Elem::F16 => (ScalarKind::Float, 2),
            Elem::U32 => (ScalarKind::Uint, 4),
            Elem::I32 => (ScalarKind::Sint, 4),
        };
        if scalar.map(|s| (s.kind, s.width)) != Some(expected) {
            let shape = if want == RawAccess::Uniform { b.elem.to_string() } else { format!("array<{}>", b.elem) };
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
    errors
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

fn article(k: &str) -> &'static str {
    if k == "input" || k == "output" {
        "an"
    } else {
        "a"
    }
}
