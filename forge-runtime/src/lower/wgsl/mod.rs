//! WGSL lowering: one compute shader per [`KernelSpec`], shapes baked in as constants.
//! Every shader passes naga validation (checked in tests and again before each compile).
//! `scalar` renders expressions, `bodies` the kernel templates.

use crate::elem::Elem;
use crate::ir::{BufferRole, KernelBody, KernelSpec, Plan, Schedule};
use std::fmt::Write;

mod bodies;
mod scalar;

/// Workgroups per dispatch dimension every WebGPU adapter supports.
pub const MAX_WORKGROUPS_PER_DIM: u32 = 65_535;

/// Side of the square matmul tile for a schedule (largest power of two whose square fits).
pub fn matmul_tile(schedule: &Schedule) -> u32 {
    let wg = schedule.workgroup.clamp(1, 1024);
    1 << (wg.ilog2() / 2)
}

/// Matmuls with at most this many rows (decode-style `[1, K] x [K, N]`) use the skinny kernel.
pub const SKINNY_MAX_M: usize = 8;
/// Output columns per workgroup of the skinny matmul; the rest of the workgroup splits K.
pub const SKINNY_COLS: u32 = 8;

/// Whether a matmul of `m` rows runs as the skinny kernel: each workgroup owns `SKINNY_COLS`
/// output columns and splits K across `workgroup / SKINNY_COLS` slices, so every element of
/// `b` is read once and a 1-row product still spreads over `n / SKINNY_COLS` workgroups.
pub fn skinny_matmul(m: usize, schedule: &Schedule) -> bool {
    m <= SKINNY_MAX_M && schedule.workgroup >= 2 * SKINNY_COLS
}

/// Output tile side of the register-blocked matmul (each of 256 invocations owns a 2x2 block).
pub const BLOCKED_TILE: u32 = 32;
/// K-slice of the register-blocked matmul kept in workgroup memory per step.
pub const BLOCKED_K: u32 = 16;

/// Whether a matmul runs as the register-blocked kernel: more rows than the skinny kernel
/// takes and `#[schedule(workgroup = 256, items = 4)]` (2x2 outputs per invocation). Opt-in:
/// on the H200 at [64, 576] x [576, 1536] it ran slower than the plain 16x16 tile (4x fewer
/// workgroups for the 132 SMs; BENCHMARKS.md), so it pays only on larger products.
pub fn blocked_matmul(m: usize, schedule: &Schedule) -> bool {
    m > SKINNY_MAX_M && schedule.workgroup == 256 && schedule.items == 4
}

/// Total workgroups the kernel needs (before folding into a 2-D grid).
pub fn workgroup_count(spec: &KernelSpec, schedule: &Schedule) -> u64 {
    let wg = schedule.workgroup.max(1) as u64;
    match &spec.body {
        KernelBody::Raw { workgroups, .. } => (*workgroups).max(1),
        KernelBody::Map { extents, .. } | KernelBody::Index { extents, .. } => {
            let n: u64 = extents.iter().map(|&e| e as u64).product();
            n.div_ceil(wg * schedule.items.max(1) as u64).max(1)
        }
        KernelBody::RowReduce { leading, .. }
        | KernelBody::Softmax { leading, .. }
        | KernelBody::RmsNorm { leading, .. } => leading.iter().map(|&e| e as u64).product::<u64>().max(1),
        KernelBody::Matmul { m, n, .. } if skinny_matmul(*m, schedule) => (*n as u64).div_ceil(SKINNY_COLS as u64),
        KernelBody::Matmul { m, n, .. } if blocked_matmul(*m, schedule) => {
            (*m as u64).div_ceil(BLOCKED_TILE as u64) * (*n as u64).div_ceil(BLOCKED_TILE as u64)
        }
        KernelBody::Matmul { m, n, .. } => {
            let t = matmul_tile(schedule) as u64;
            (*m as u64).div_ceil(t) * (*n as u64).div_ceil(t)
        }
    }
}

/// Folds `total` workgroups into `[x, y, 1]` with x, y within the per-dimension limit.
pub fn fold_dispatch(total: u64, limit: u32) -> Option<[u32; 3]> {
    let x = total.min(limit as u64).max(1);
    let y = total.div_ceil(x);
    (y <= limit as u64).then_some([x as u32, y as u32, 1])
}

fn storage_type(elem: Elem) -> &'static str {
    match elem {
        Elem::F32 => "f32",
        Elem::F16 => "f16",
        Elem::U32 => "u32",
        Elem::I32 => "i32",
    }
}

/// Whether a kernel argument must be declared `read_write`: it is written, or it lives in
/// memory that this dispatch also binds read-write (wgpu tracks usage per whole buffer).
pub fn declared_read_write(role: BufferRole, written: bool) -> bool {
    written || matches!(role, BufferRole::Temp | BufferRole::Output | BufferRole::State)
}

const HELPERS: &str = "fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
";

/// The WGSL source of one kernel.
pub fn emit_kernel(plan: &Plan, spec: &KernelSpec, schedule: &Schedule) -> String {
    if let KernelBody::Raw { source, .. } = &spec.body {
        return source.clone();
    }
    let mut s = String::new();
    let _ = writeln!(s, "// node: {}", spec.node);
    let _ = writeln!(
        s,
        "// kernel {} ({}; workgroup {}, items {})",
        spec.entry,
        spec.body.kind(),
        schedule.workgroup,
        schedule.items
    );
    if spec.args.iter().any(|a| a.elem == Elem::F16) {
        s.push_str("enable f16;\n");
    }
    let out = spec.body.out();
    for (i, a) in spec.args.iter().enumerate() {
        let mode = if declared_read_write(a.role, i == out) { "read_write" } else { "read" };
        let _ = writeln!(
            s,
            "@group(0) @binding({i}) var<storage, {mode}> a{i}: array<{}>; // {}",
            storage_type(a.elem),
            plan.buffers[a.buffer].name
        );
    }
    if spec.uses_uniforms {
        s.push_str("struct Uniforms {\n");
        for (i, u) in plan.uniforms.iter().enumerate() {
            let _ = writeln!(s, "    f{i}: {}, // {}", u.elem.compute().name(), u.name);
        }
        s.push_str("}\n");
        let _ = writeln!(s, "@group(0) @binding({}) var<uniform> u: Uniforms;", spec.args.len());
    }
    s.push_str(HELPERS);
    let e = Emitter { spec };
    e.body(&mut s, schedule);
    s
}

/// Renders scalar expressions for one kernel.
pub(super) struct Emitter<'a> {
    pub(super) spec: &'a KernelSpec,
}
