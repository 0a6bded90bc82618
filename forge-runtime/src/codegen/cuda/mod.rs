//! CUDA-C: every kernel of a plan as one NVRTC program (the prelude once, each distinct kernel
//! once — identical kernels, such as the layers of a loop, share a function). Parameter
//! convention: one pointer per `spec.args` entry in order, then, iff `spec.uses_uniforms`, a
//! `const u32*` to the uniform block (field `i` at word `i`), then, for a GEMM kernel on TMA,
//! its tensor maps by value. Launch geometry comes from `codegen::geometry`.
//!
//! With a [`CudaTarget`] (the device: compute capability, multiprocessors, opt-ins), matmuls of
//! plain matrices run the GEMM kernels of `gemm` instead of the generic template: the
//! variant is a function of the arch, so the backend emits the program for its device; the
//! program is then compiled for `sm_90a` when one of its kernels uses wgmma. Before that the
//! plan is rewritten for the device (`weights`: weights stored transposed or split; `split`,
//! `split_store`: `bf16x3` products as bf16 GEMMs); [`for_target`] is the one path from a
//! plan to what runs, for the backend and `source_of` alike. `raw` translates raw kernels.

pub mod decoded;
pub mod gemm;
pub(crate) mod grid;
pub mod raw;
pub mod split;
mod split_store;
pub mod weights;

use super::{geometry, Dialect, Writer, CUDA_PRELUDE};
use crate::elem::Elem;
use crate::error::{Error, Result};
use crate::ir::{KernelBody, KernelSpec, Plan, Schedule};
use gemm::NAME as GEMM_NAME;
pub use gemm::{CudaTarget, TensorMapArg, TensorMapDesc, TILE_REACHING_SHAPES};
pub use grid::{grid_trigger, GRID_LAUNCH, GRID_WAIT};
use std::fmt::Write;

/// The helper functions every CUDA-C program starts with.
pub fn prelude() -> &'static str {
    CUDA_PRELUDE
}

/// Largest `gridDim.x`.
pub const MAX_GRID_X: u32 = i32::MAX as u32;

/// One kernel's function: its name (kind plus a hash of its text), its code and its launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CudaFunction {
    pub name: String,
    pub code: String,
    pub threads: u32,
    pub grid: [u32; 3],
    /// Dynamic shared memory of each launch in bytes (above 48 KiB the function opts in first).
    pub smem: u32,
    /// The program must be compiled for `sm_90a` (wgmma).
    pub sm90a: bool,
    /// Tensor maps passed by value after the other parameters (TMA GEMM kernels).
    pub tensor_maps: Vec<TensorMapArg>,
    /// The variant where it is not the template's plain one (GEMM kernels, vectorised maps),
    /// for profiles (`None`: the generic template).
    pub variant: Option<String>,
}

/// A plan's program: the source, each kernel's function (`None` for raw kernels) and the arch
/// NVRTC compiles it for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CudaProgram {
    pub source: String,
    pub functions: Vec<Option<CudaFunction>>,
    /// `sm_90a` when a function needs it, else the target's `sm_XY`.
    pub arch: String,
}

fn param_ty(elem: Elem) -> &'static str {
    match elem {
        Elem::F32 => "f32",
        Elem::U32 => "u32",
        Elem::I32 => "i32",
        Elem::F16 | Elem::BF16 => "unsigned short",
        Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => "unsigned char",
    }
}

/// The CUDA-C function of one kernel on the generic templates (what `CudaPipeline` runs).
pub fn emit_function(spec: &KernelSpec, schedule: &Schedule) -> Result<CudaFunction> {
    emit_function_for(spec, schedule, None)
}

/// The CUDA-C function of one kernel for `target` (GEMM kernels for plain matmuls), or on the
/// generic templates without one.
pub fn emit_function_for(spec: &KernelSpec, schedule: &Schedule, target: Option<&CudaTarget>) -> Result<CudaFunction> {
    if let KernelBody::Raw(_) = &spec.body {
        return Err(Error::Unsupported {
            what: format!("raw kernel of node `{}`", spec.node),
            reason: "as generated CUDA-C here (raw kernels go through the WGSL translator)".into(),
        });
    }
    if let (Some(target), KernelBody::Matmul(m)) = (target, &spec.body) {
        let (params, names) = param_list(spec, false);
        if let Some(g) = gemm::matmul_kernel(spec, m, schedule, target, &params, &names)? {
            let name = format!("forge_matmul_{:016x}", crate::hash::fnv1a64(g.code.as_bytes()));
            let code = format!("// node: {}\n// {}\n{}", spec.node, g.variant, g.code.replace(GEMM_NAME, &name));
            let (grid, threads, smem, sm90a, tensor_maps) = (g.grid, g.threads, g.smem, g.sm90a, g.tensor_maps);
            return Ok(CudaFunction { name, code, threads, grid, smem, sm90a, tensor_maps, variant: Some(g.variant) });
        }
    }
    let clusters = target.is_some_and(|t| t.arch >= (9, 0));
    let schedule = &Schedule { clusters, tensor_cores: clusters, ..geometry::cuda_schedule(spec, schedule) };
    let mut w = Writer::new(Dialect::Cuda, spec, *schedule, vec![0; spec.args.len()]);
    w.emit_body();
    let (threads, wide, chosen, waited, cluster) = (w.threads, w.wide, w.variant.take(), w.waited, w.cluster);
    let (shared, body) = w.finish();
    let (params, _) = param_list(spec, waited);
    let idx = if wide { "u64" } else { "u32" };
    let mut code = String::new();
    let bounds = match geometry::cuda_min_blocks(spec, schedule) {
        Some(blocks) => format!("{threads}, {blocks}"),
        None => threads.to_string(),
    };
    let cluster = cluster.map_or(String::new(), |c| format!("__cluster_dims__({c}, 1, 1) "));
    let _ = writeln!(
        code,
        "extern \"C\" __global__ void {cluster}__launch_bounds__({bounds}) NAME({}) {{",
        params.join(", ")
    );
    for (name, ty, len) in &shared {
        // 16-byte aligned, so row reads at multiples of four floats can become 128-bit loads.
        let _ = writeln!(code, "    __shared__ __align__(16) {ty} {name}[{len}];");
    }
    // A kernel that loads its weights before its wait triggers whatever its blocks: the next
    // one's blocks then load theirs while this one waits and runs.
    let one_wave = geometry::groups(spec, schedule) <= geometry::ASSUMED_SMS || waited;
    match grid_trigger(one_wave) {
        "" => {}
        launch => code.push_str(&format!("  {launch}")),
    }
    // A template that loads weights before the wait placed the wait itself.
    if !waited {
        let _ = write!(code, "  {GRID_WAIT}");
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
    let code = format!("// node: {}\n{code}", spec.node);
    let variant = geometry::vector_map(spec, schedule)
        .then(|| format!("map, 16-byte vectors ({threads} threads, 4 points)"))
        .or(chosen);
    Ok(CudaFunction { name, code, threads, grid, smem: 0, sm90a: false, tensor_maps: Vec::new(), variant })
}

/// A kernel's parameters (`type name`) and their names: one pointer per argument, then the
/// uniform block's. `waited`: the kernel loads weights before its grid wait.
fn param_list(spec: &KernelSpec, waited: bool) -> (Vec<String>, Vec<String>) {
    // A row chain's outputs are read back within the kernel: never `const __restrict__`.
    let outs = spec.body.outs();
    let mut params: Vec<String> = spec
        .args
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let t = param_ty(a.elem);
            // What earlier kernels wrote is read through plain pointers where the kernel loads
            // weights before its wait: ptxas moves read-only (`.nc`) loads of `const
            // __restrict__` data above `griddepcontrol.wait` to batch them with the early ones,
            // and they would read the buffer before its writer finished.
            match (outs.contains(&i), waited && !spec.read_only(i)) {
                (true, _) => format!("{t}* a{i}"),
                (false, true) => format!("const {t}* a{i}"),
                (false, false) => format!("const {t}* __restrict__ a{i}"),
            }
        })
        .collect();
    let mut names: Vec<String> = (0..spec.args.len()).map(|i| format!("a{i}")).collect();
    if spec.uses_uniforms {
        params.push("const u32* __restrict__ u".into());
        names.push("u".into());
    }
    (params, names)
}

/// The whole program of a plan on the generic templates: the prelude and each distinct
/// function once, with each kernel's function (by index into the plan's kernels; `None` for
/// raw kernels, which are translated from their WGSL on their own).
pub fn emit_program(plan: &Plan) -> Result<(String, Vec<Option<CudaFunction>>)> {
    program(plan, None).map(|p| (p.source, p.functions))
}

/// The whole program of a plan for `target` (GEMM kernels where they apply).
pub fn emit_program_for(plan: &Plan, target: &CudaTarget) -> Result<CudaProgram> {
    program(plan, Some(target))
}

/// What `target` runs for `plan`, the one path the backend and `source_of` share: the plan as
/// it runs (few-row products reading the weights that gain from it transposed, `bf16x3`
/// products theirs split, stored so at load: [`weights::as_run`]) and its program.
pub fn for_target(plan: &Plan, target: &CudaTarget) -> Result<(weights::RunPlan, CudaProgram)> {
    let run = weights::as_run(plan, target);
    let program = emit_program_for(run.plan.as_ref().unwrap_or(plan), target)?;
    Ok((run, program))
}

fn program(plan: &Plan, target: Option<&CudaTarget>) -> Result<CudaProgram> {
    let mut source = String::from(CUDA_PRELUDE);
    let mut seen = std::collections::HashSet::new();
    let mut functions = Vec::with_capacity(plan.kernels.len());
    for k in &plan.kernels {
        if matches!(k.spec.body, KernelBody::Raw(_)) {
            functions.push(None);
            continue;
        }
        let f = emit_function_for(&k.spec, &k.schedule, target)?;
        if seen.insert(f.name.clone()) {
            source.push('\n');
            source.push_str(&f.code);
        }
        functions.push(Some(f));
    }
    let sm90a = functions.iter().flatten().any(|f| f.sm90a);
    let arch = match target {
        _ if sm90a => "sm_90a".to_string(),
        Some(t) => t.arch_name(),
        None => "sm_80".to_string(),
    };
    Ok(CudaProgram { source, functions, arch })
}

/// A raw kernel's WGSL translated to CUDA-C (`codegen::cuda::raw`): a program of its own with its
/// parameter list (pointers, then byte lengths, then triangle counts, in binding order).
pub fn emit_raw_with_params(
    spec: &KernelSpec,
) -> Result<(String, String, Vec<crate::codegen::cuda::raw::CudaParam>, Vec<u32>)> {
    let KernelBody::Raw(body) = &spec.body else {
        return Err(Error::Internal("emit_raw on a generated kernel".into()));
    };
    let bad = |e: String| Error::ShaderCompile { entry: format!("raw kernel of `{}`", spec.node), log: e };
    let module = naga::front::wgsl::parse_str(&body.source).map_err(|e| bad(e.emit_to_string(&body.source)))?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| bad(e.emit_to_string(&body.source)))?;
    let kernel = crate::raw::check_portable(&module, &info, &body.entry)
        .map_err(|es| bad(es.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ")))?;
    let name = format!("forge_raw_{:016x}", crate::hash::fnv1a64(body.source.as_bytes()));
    let code = crate::codegen::cuda::raw::to_cuda_c(&module, &info, &kernel, &name).map_err(|e| bad(e.to_string()))?;
    let params = crate::codegen::cuda::raw::cuda_params(&module, &kernel).map_err(|e| bad(e.to_string()))?;
    let bindings: Vec<u32> = kernel.bindings.iter().map(|b| b.binding).collect();
    Ok((name, format!("{code}\n"), params, bindings))
}

/// A raw kernel's CUDA-C program.
pub fn emit_raw(spec: &KernelSpec) -> Result<String> {
    emit_raw_with_params(spec).map(|(_, code, _, _)| code)
}
