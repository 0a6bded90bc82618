//! WGSL modules: one compute shader per kernel (bindings, uniform block, the prelude, the
//! template's body). Every generated module passes naga validation (tests check every example
//! and the wgpu backend validates again before compiling).

use super::code::{geometry, Dialect, Writer, WGSL_PRELUDE};
use crate::elem::Elem;
use crate::ir::{BufferRole, KernelBody, KernelSpec, Plan, Schedule};
use std::fmt::Write;

/// Whether an argument is declared `read_write`: it is written, or it lives in memory this
/// dispatch also binds read-write (wgpu tracks usage per whole buffer).
pub fn declared_read_write(role: BufferRole, written: bool) -> bool {
    written || matches!(role, BufferRole::Temp | BufferRole::Output | BufferRole::State)
}

/// Whether the kernel needs WGSL's `f16` (an f16 argument; `as f16` rounds in f32 bits).
pub fn needs_f16(spec: &KernelSpec) -> bool {
    spec.args.iter().any(|a| a.elem == Elem::F16)
}

/// Whether the kernel runs the cooperative-matrix matmul under `schedule` (its module then
/// enables `wgpu_cooperative_matrix`, which only a `new_for_coopmat` device compiles).
pub fn uses_coop(spec: &KernelSpec, schedule: &Schedule) -> bool {
    match &spec.body {
        KernelBody::Matmul(m) => {
            matches!(geometry::matmul_variant(m, &spec.args, schedule), geometry::MatmulVariant::Coop(_))
        }
        _ => false,
    }
}

/// The WGSL module of one kernel under [`geometry::wgsl_schedule`] (as [`dispatch`] sizes it).
/// `bases[i]` is an element offset added to every index of argument `i` (when the backend
/// cannot bind the argument's range at its offset).
pub fn emit_kernel(plan: &Plan, spec: &KernelSpec, schedule: &Schedule, bases: &[u64]) -> String {
    if let KernelBody::Raw(r) = &spec.body {
        return r.source.clone();
    }
    let schedule = &geometry::wgsl_schedule(spec, schedule);
    let mut w = Writer::new(Dialect::Wgsl, spec, *schedule, bases.to_vec());
    w.packed = geometry::coop_packed_args(spec, schedule, bases);
    let packed = w.packed.clone();
    w.emit_body();
    let threads = w.threads;
    let vectors: Vec<bool> = (0..spec.args.len()).map(|i| w.vector_binding(i)).collect();
    let (shared, body) = w.finish();
    let mut s = String::new();
    let _ = writeln!(s, "// node: {}", spec.node);
    let _ = writeln!(s, "// kernel {} (workgroup {}, items {})", spec.body.kind(), threads, schedule.items);
    let coop = uses_coop(spec, schedule);
    if needs_f16(spec) || coop {
        s.push_str("enable f16;\n");
    }
    if coop {
        s.push_str("enable wgpu_cooperative_matrix;\n");
    }
    let outs = spec.body.outs();
    for (i, a) in spec.args.iter().enumerate() {
        let mode = if declared_read_write(a.role, outs.contains(&i)) { "read_write" } else { "read" };
        let ty = match a.elem {
            Elem::F32 => "f32",
            Elem::F16 => "f16",
            Elem::U32 => "u32",
            Elem::I32 => "i32",
            // Two bf16 share a word that other invocations write too (`Writer::store`).
            Elem::BF16 if outs.contains(&i) => "atomic<u32>",
            Elem::BF16 => "u32",
        };
        let name = plan.buffers.get(a.buffer).map(|b| b.name.as_str()).unwrap_or("?");
        let ty = if packed.get(i).copied().unwrap_or(false) {
            "vec4<u32>".to_string()
        } else if vectors[i] {
            format!("vec4<{ty}>")
        } else {
            ty.to_string()
        };
        let _ = writeln!(s, "@group(0) @binding({i}) var<storage, {mode}> a{i}: array<{ty}>; // {name}");
    }
    if spec.uses_uniforms {
        s.push_str("struct Uniforms {\n");
        for (i, u) in plan.uniforms.iter().enumerate() {
            let _ = writeln!(s, "    f{i}: {}, // {}", u.elem.compute().name(), u.name);
        }
        s.push_str("}\n");
        let _ = writeln!(s, "@group(0) @binding({}) var<uniform> u: Uniforms;", spec.args.len());
    }
    s.push_str(WGSL_PRELUDE);
    for (name, ty, len) in &shared {
        let _ = writeln!(s, "var<workgroup> {name}: array<{ty}, {len}>;");
    }
    let _ = writeln!(s, "@compute @workgroup_size({threads})");
    let _ = writeln!(
        s,
        "fn {}(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {{",
        entry_name(spec)
    );
    s.push_str("    let group: u32 = wid.x + wid.y * nwg.x;\n");
    s.push_str(&body);
    s.push_str("}\n");
    s
}

/// The entry point of a kernel's WGSL module.
pub fn entry_name(spec: &KernelSpec) -> String {
    match &spec.body {
        KernelBody::Raw(r) => r.entry.clone(),
        other => format!("forge_{}", other.kind()),
    }
}

/// Workgroups of one dispatch under [`geometry::wgsl_schedule`], folded into a grid within
/// `max_per_dim`.
pub fn dispatch(spec: &KernelSpec, schedule: &Schedule, max_per_dim: u32) -> Option<[u32; 3]> {
    geometry::fold(groups(spec, schedule), max_per_dim.min(geometry::MAX_WORKGROUPS_PER_DIM))
}

/// Workgroups of one dispatch before folding, under [`geometry::wgsl_schedule`].
pub fn groups(spec: &KernelSpec, schedule: &Schedule) -> u64 {
    geometry::groups(spec, &geometry::wgsl_schedule(spec, schedule))
}

/// naga's parse and validation of a WGSL module (every capability enabled: the device decides
/// what it runs); the error text carries naga's line and column.
pub fn validate(source: &str) -> std::result::Result<(), String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map(|_| ())
        .map_err(|e| e.emit_to_string(source))
}
