//! PTX lowering: every [`KernelSpec`] of a plan to a complete PTX module the CUDA driver JITs.
//!
//! Parameter convention (the CUDA executor relies on it): one `.param .u64` global pointer per
//! `spec.args` entry in order, then, iff `spec.uses_uniforms`, one `.param .u64` pointer to the
//! uniform block (4-byte words, field `i` at byte `4 * i`, f16 uniforms stored as f32). Shapes
//! are baked in as constants. Launch with [`launch_dims`].

mod bodies;
mod emit;
mod matmul;
mod scalar;

use crate::error::{Error, Result};
use crate::ir::{KernelBody, KernelSpec, Schedule};
use crate::lower::wgsl::{blocked_matmul, skinny_matmul, BLOCKED_K, BLOCKED_TILE, SKINNY_COLS};
use emit::Emitter;
use std::fmt::Write;

/// PTX ISA version: 7.8 is the first with `sm_90` and is accepted by ptxas 12.x and drivers >= 520.
pub const PTX_VERSION: &str = "7.8";
/// Side of the square output tile of the Matmul template (threads per block: its square).
pub const MATMUL_TILE: u32 = 16;
/// Threads per block of the register-blocked Matmul (a 16x16 grid, each owning a 2x2 block of
/// the `BLOCKED_TILE` square output tile); used exactly when `wgsl::blocked_matmul` holds.
pub const BLOCKED_THREADS: u32 = 256;
/// Largest block the row kernels accept (the schedule's portable limit is 256).
pub const ROW_MAX_BLOCK: u32 = 1024;
/// K steps of each thread's skinny-matmul loop issued together (independent loads in flight).
pub const SKINNY_UNROLL: u64 = 8;
/// Largest `gridDim.x`; kernels stride over any block count above it.
const MAX_GRID_X: u64 = (1 << 31) - 1;

/// Grid, block and dynamic shared memory of one launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LaunchDims {
    pub grid: (u32, u32, u32),
    pub block: (u32, u32, u32),
    pub shared_mem_bytes: u32,
}

fn product(extents: &[usize]) -> u64 {
    extents.iter().map(|&e| e as u64).product()
}

/// Threads per block of the row kernels (the schedule's workgroup, at least one warp).
fn row_block(schedule: &Schedule) -> u32 {
    schedule.workgroup.clamp(32, ROW_MAX_BLOCK)
}

/// Threads per block of the skinny matmul: `workgroup / SKINNY_COLS` K slices of
/// `SKINNY_COLS` columns each (the WGSL kernel's layout), at most 1024 threads.
pub fn skinny_block(schedule: &Schedule) -> u32 {
    schedule.workgroup.min(ROW_MAX_BLOCK) / SKINNY_COLS * SKINNY_COLS
}

/// Logical blocks and block shape of `spec` under `schedule`.
fn blocks(spec: &KernelSpec, schedule: &Schedule) -> (u64, (u32, u32, u32)) {
    match &spec.body {
        KernelBody::Map { extents, .. } | KernelBody::Index { extents, .. } => {
            let w = schedule.workgroup.max(1);
            let per_block = w as u64 * schedule.items.max(1) as u64;
            (product(extents).div_ceil(per_block), (w, 1, 1))
        }
        KernelBody::RowReduce { leading, .. }
        | KernelBody::Softmax { leading, .. }
        | KernelBody::RmsNorm { leading, .. } => (product(leading), (row_block(schedule), 1, 1)),
        KernelBody::Matmul { m, n, .. } if skinny_matmul(*m, schedule) => {
            ((*n as u64).div_ceil(SKINNY_COLS as u64), (skinny_block(schedule), 1, 1))
        }
        KernelBody::Matmul { m, n, .. } if blocked_matmul(*m, schedule) => {
            let t = BLOCKED_TILE as u64;
            ((*m as u64).div_ceil(t) * (*n as u64).div_ceil(t), (BLOCKED_THREADS, 1, 1))
        }
        KernelBody::Matmul { m, n, .. } => {
            let t = MATMUL_TILE as u64;
            ((*m as u64).div_ceil(t) * (*n as u64).div_ceil(t), (MATMUL_TILE, MATMUL_TILE, 1))
        }
        KernelBody::Raw { .. } => (1, (1, 1, 1)),
    }
}

/// Launch configuration of `spec`: the grid is clamped to the hardware limit in x (the kernel
/// strides over the remaining blocks); shared memory is static, so `shared_mem_bytes` is 0.
pub fn launch_dims(spec: &KernelSpec, schedule: &Schedule) -> LaunchDims {
    let (n, block) = blocks(spec, schedule);
    LaunchDims { grid: (n.clamp(1, MAX_GRID_X) as u32, 1, 1), block, shared_mem_bytes: 0 }
}

/// Whether index arithmetic needs 64 bits: any buffer or index space near 2^31 elements.
fn needs_wide(spec: &KernelSpec) -> bool {
    const LIMIT: u64 = 1 << 31;
    let space = match &spec.body {
        KernelBody::Map { extents, .. } => product(extents),
        KernelBody::Index { extents, reduce, .. } => product(extents) * reduce.map_or(1, |(_, k)| k as u64),
        KernelBody::Raw { .. } => 0,
        KernelBody::RowReduce { leading, cols, .. }
        | KernelBody::Softmax { leading, cols, .. }
        | KernelBody::RmsNorm { leading, cols, .. } => product(leading) * *cols as u64,
        KernelBody::Matmul { m, n, k, .. } => {
            (*m as u64 * *n as u64).max(*m as u64 * *k as u64).max(*k as u64 * *n as u64)
        }
    };
    space >= LIMIT || spec.args.iter().any(|a| a.len as u64 >= LIMIT)
}

fn check_arch(arch: &str) -> Result<()> {
    let ok = arch
        .strip_prefix("sm_")
        .and_then(|v| v.trim_end_matches(['a', 'f']).parse::<u32>().ok())
        .is_some_and(|v| v >= 50);
    if ok {
        Ok(())
    } else {
        Err(Error::Unsupported {
            what: format!("PTX target `{arch}`"),
            reason: "(expected sm_XX with XX >= 50, e.g. sm_80 or sm_90)".into(),
        })
    }
}

fn header(arch: &str) -> String {
    format!("//\n// Generated by forge-runtime (lower::ptx)\n//\n.version {PTX_VERSION}\n.target {arch}\n.address_size 64\n\n")
}

/// The `.entry` function of one kernel (no module header).
fn emit_function(spec: &KernelSpec, schedule: &Schedule) -> Result<String> {
    if spec.body.out() >= spec.args.len() {
        return Err(Error::Internal(format!("{}: output arg {} out of range", spec.entry, spec.body.out())));
    }
    let mut em = Emitter::new(spec, needs_wide(spec));
    em.load_params();
    let mut preamble = String::new();
    let e = &spec.entry;
    match &spec.body {
        KernelBody::Map { out, extents, value } => {
            if schedule.workgroup == 0 || schedule.workgroup > 1024 {
                return Err(Error::Internal(format!("{e}: workgroup {} out of 1..=1024", schedule.workgroup)));
            }
            em.map(*out, extents, value, *schedule)?;
        }
        KernelBody::RowReduce { .. } | KernelBody::Softmax { .. } | KernelBody::RmsNorm { .. } => {
            let w = row_block(schedule);
            let _ = writeln!(preamble, "\t.shared .align 4 .f32 {e}_sh[{w}];");
            em.row_kernel(&spec.body, w)?;
        }
        KernelBody::Index { out, extents, reduce, value } => {
            if schedule.workgroup == 0 || schedule.workgroup > 1024 {
                return Err(Error::Internal(format!("{e}: workgroup {} out of 1..=1024", schedule.workgroup)));
            }
            em.index(*out, extents, *reduce, value, *schedule)?;
        }
        KernelBody::Raw { .. } => {
            return Err(Error::Unsupported {
                what: format!("raw WGSL kernel `{e}` (node `{}`)", spec.node),
                reason: "on the CUDA backend: raw kernels run on wgpu only".into(),
            })
        }
        KernelBody::Matmul { out, m, n, k, a, b, epilogue } if skinny_matmul(*m, schedule) => {
            let block = skinny_block(schedule);
            let words = matmul::skinny_groups(block) * *m as u32 * SKINNY_COLS;
            let _ = writeln!(preamble, "\t.shared .align 4 .f32 {e}_sk[{words}];");
            em.skinny_matmul(*out, (*m, *n, *k), a, b, epilogue, block)?;
        }
        KernelBody::Matmul { out, m, n, k, a, b, epilogue } if blocked_matmul(*m, schedule) => {
            let words = BLOCKED_TILE * BLOCKED_K;
            let _ = writeln!(
                preamble,
                "\t.shared .align 4 .f32 {e}_as[{words}];\n\t.shared .align 4 .f32 {e}_bs[{words}];"
            );
            em.blocked_matmul(*out, (*m, *n, *k), a, b, epilogue)?;
        }
        KernelBody::Matmul { out, m, n, k, a, b, epilogue } => {
            let t2 = MATMUL_TILE * MATMUL_TILE;
            let _ = writeln!(preamble, "\t.shared .align 4 .f32 {e}_as[{t2}];\n\t.shared .align 4 .f32 {e}_bs[{t2}];");
            em.matmul(*out, (*m, *n, *k), a, b, epilogue)?;
        }
    }
    Ok(em.finish(&preamble))
}

/// A complete PTX module holding one `.visible .entry` named `spec.entry`.
pub fn emit_kernel(spec: &KernelSpec, schedule: &Schedule, arch: &str) -> Result<String> {
    check_arch(arch)?;
    let mut out = header(arch);
    out.push_str(&emit_function(spec, schedule)?);
    Ok(out)
}

/// One PTX module holding every kernel (entry names must be distinct, as in a plan).
pub fn emit_module(kernels: &[(&KernelSpec, &Schedule)], arch: &str) -> Result<String> {
    check_arch(arch)?;
    let mut out = header(arch);
    for (spec, schedule) in kernels {
        out.push_str(&emit_function(spec, schedule)?);
        out.push('\n');
    }
    Ok(out)
}
