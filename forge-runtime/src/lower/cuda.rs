//! CUDA-C: every kernel of a plan as one NVRTC program (the prelude once, each distinct kernel
//! once — identical kernels, such as the layers of a loop, share a function). Parameter
//! convention: one pointer per `spec.args` entry in order, then, iff `spec.uses_uniforms`, a
//! `const u32*` to the uniform block (field `i` at word `i`). Launch geometry comes from
//! `code::geometry`.

use super::code::{geometry, Dialect, Writer, CUDA_PRELUDE};
use crate::elem::Elem;
use crate::error::{Error, Result};
use crate::ir::{KernelBody, KernelSpec, Plan, Schedule};
use std::fmt::Write;

/// Largest `gridDim.x`.
pub const MAX_GRID_X: u32 = i32::MAX as u32;

/// One kernel's function: its name (kind plus a hash of its text) and its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CudaFunction {
    pub name: String,
    pub code: String,
    pub threads: u32,
    pub grid: [u32; 3],
}

fn param_ty(elem: Elem) -> &'static str {
    match elem {
        Elem::F32 => "f32",
        Elem::U32 => "u32",
        Elem::I32 => "i32",
        Elem::F16 | Elem::BF16 => "unsigned short",
    }
}

/// The CUDA-C function of one kernel.
pub fn emit_function(spec: &KernelSpec, schedule: &Schedule) -> Result<CudaFunction> {
    if let KernelBody::Raw(_) = &spec.body {
        return Err(Error::Unsupported {
            what: format!("raw kernel of node `{}`", spec.node),
            reason: "as generated CUDA-C here (raw kernels go through the WGSL translator)".into(),
        });
    }
    let mut w = Writer::new(Dialect::Cuda, spec, *schedule, vec![0; spec.args.len()]);
    w.emit_body();
    let (threads, wide) = (w.threads, w.wide);
    let (shared, body) = w.finish();
    let out = spec.body.out();
    let mut params: Vec<String> = spec
        .args
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let t = param_ty(a.elem);
            if i == out {
                format!("{t}* a{i}")
            } else {
                format!("const {t}* __restrict__ a{i}")
            }
        })
        .collect();
    if spec.uses_uniforms {
        params.push("const u32* __restrict__ u".into());
    }
    let idx = if wide { "u64" } else { "u32" };
    let mut code = String::new();
    let _ = writeln!(code, "extern \"C\" __global__ void __launch_bounds__({threads}) NAME({}) {{", params.join(", "));
    for (name, ty, len) in &shared {
        let _ = writeln!(code, "    __shared__ {} {name}[{len}];", ty.name());
    }
    let _ = writeln!(code, "    const u32 lid = threadIdx.x;");
    let _ = writeln!(code, "    const {idx} group = {idx}(blockIdx.x) + {idx}(blockIdx.y) * {idx}(gridDim.x);");
    code.push_str(&body);
    code.push_str("}\n");
    let name = format!("forge_{}_{:016x}", spec.body.kind(), crate::hash::fnv1a64(code.as_bytes()));
    let code = code.replacen("NAME(", &format!("{name}("), 1);
    let total = geometry::groups(spec, schedule);
    let grid = geometry::fold(total, MAX_GRID_X).ok_or_else(|| Error::DispatchTooLarge {
        node: spec.node.clone(),
        requested: total,
        limit: MAX_GRID_X as u64 * geometry::MAX_WORKGROUPS_PER_DIM as u64,
    })?;
    Ok(CudaFunction { name, code: format!("// node: {}\n{code}", spec.node), threads, grid })
}

/// The whole program of a plan: the prelude and each distinct function once, with each kernel's
/// function (by index into the plan's kernels; `None` for raw kernels, which are translated
/// from their WGSL on their own).
pub fn emit_program(plan: &Plan) -> Result<(String, Vec<Option<CudaFunction>>)> {
    let mut src = String::from(CUDA_PRELUDE);
    let mut seen = std::collections::HashSet::new();
    let mut fns = Vec::with_capacity(plan.kernels.len());
    for k in &plan.kernels {
        if matches!(k.spec.body, KernelBody::Raw(_)) {
            fns.push(None);
            continue;
        }
        let f = emit_function(&k.spec, &k.schedule)?;
        if seen.insert(f.name.clone()) {
            src.push('\n');
            src.push_str(&f.code);
        }
        fns.push(Some(f));
    }
    Ok((src, fns))
}

/// A raw kernel's WGSL translated to CUDA-C (`raw::cuda`): a program of its own with its
/// parameter list (pointers, then byte lengths, then triangle counts, in binding order).
pub fn emit_raw_with_params(spec: &KernelSpec) -> Result<(String, String, Vec<crate::raw::cuda::CudaParam>, Vec<u32>)> {
    let KernelBody::Raw(body) = &spec.body else {
        return Err(Error::Internal("emit_raw on a generated kernel".into()));
    };
    let bad = |e: String| Error::ShaderCompile { entry: format!("raw kernel of `{}`", spec.node), log: e };
    let module = naga::front::wgsl::parse_str(&body.source).map_err(|e| bad(e.emit_to_string(&body.source)))?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| bad(e.emit_to_string(&body.source)))?;
    let kernel = crate::raw::check_portable(&module, &info, &body.entry).map_err(|es| bad(es.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ")))?;
    let name = format!("forge_raw_{:016x}", crate::hash::fnv1a64(body.source.as_bytes()));
    let code = crate::raw::cuda::to_cuda_c(&module, &info, &kernel, &name).map_err(|e| bad(e.to_string()))?;
    let params = crate::raw::cuda::cuda_params(&module, &kernel).map_err(|e| bad(e.to_string()))?;
    let bindings: Vec<u32> = kernel.bindings.iter().map(|b| b.binding).collect();
    Ok((name, format!("{code}\n"), params, bindings))
}

/// A raw kernel's CUDA-C program.
pub fn emit_raw(spec: &KernelSpec) -> Result<String> {
    emit_raw_with_params(spec).map(|(_, code, _, _)| code)
}
