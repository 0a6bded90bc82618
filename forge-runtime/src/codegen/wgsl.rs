//! WGSL modules: one compute shader per kernel (bindings, uniform block, the prelude, the
//! template's body). Every generated module passes naga validation (tests check every example
//! and the wgpu backend validates again before compiling).

use super::{geometry, Dialect, Writer, WGSL_PRELUDE, WGSL_QUANT_PRELUDE};
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
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Norm { .. }
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => false,
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
            // Blocks are bytes; WGSL reads them as words (`quant_loader`).
            Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => "u32",
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
    if spec.args.iter().any(|a| a.elem.is_quantized()) {
        s.push_str(WGSL_QUANT_PRELUDE);
    }
    for (i, a) in spec.args.iter().enumerate() {
        let base = bases.get(i).copied().unwrap_or(0);
        s.push_str(&quant_loader(i, a.elem, base));
        if body.contains(&format!("forge_qa{i}_x4(")) {
            s.push_str(&quant_loader_x4(i, a.elem, base));
        }
    }
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

/// `forge_qa{arg}(i)`: value `i` of a block-format argument, decoded as `elem::dequant_value`
/// does (empty for other element types). WGSL cannot pass a storage array to a function, so
/// each block-format argument gets its own loader. `base`: bytes from the binding's start to
/// the argument's first block (`backend::wgpu::layout` binds at aligned offsets).
fn quant_loader(arg: usize, elem: Elem, base: u64) -> String {
    let (bytes, value) = match elem {
        Elem::Q4_0 => (18, "(forge_q_nibble(forge_q_byte(a{A}[c >> 2u], c), j) - 8.0f) * d"),
        Elem::Q4_1 => {
            (20, "forge_q_nibble(forge_q_byte(a{A}[c >> 2u], c), j) * d + forge_q_half(a{A}[(b + 2u) >> 2u], b + 2u)")
        }
        Elem::Q8_0 => (34, "forge_q_i8(forge_q_byte(a{A}[c >> 2u], c)) * d"),
        Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => return String::new(),
    };
    // The codes start after the f16 scale (and Q4_1's f16 minimum); 4-bit codes pair value j
    // with j + 16 in one byte.
    let codes = match elem {
        Elem::Q4_1 => "4u + (j & 15u)",
        Elem::Q8_0 => "2u + j",
        Elem::Q4_0 | Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => "2u + (j & 15u)",
    };
    let value = value.replace("{A}", &arg.to_string());
    format!(
        "fn forge_qa{arg}(i: u32) -> f32 {{ let b = (i >> 5u) * {bytes}u + {base}u; let j = i & 31u; let c = b + {codes}; \
         let d = forge_q_half(a{arg}[b >> 2u], b); return {value}; }}\n"
    )
}

/// `forge_qa{arg}_x4(i)`: values `i, i + 1, i + 16, i + 17` of a block-format argument (`i` even,
/// in the block's first 16), decoded as `elem::dequant_value` does, from one word of codes
/// (their two bytes never straddle words: block sizes and bases are even).
fn quant_loader_x4(arg: usize, elem: Elem, base: u64) -> String {
    let (bytes, codes, value) = match elem {
        Elem::Q4_0 => (18, 2, "(f32(q) - 8.0f) * d"),
        Elem::Q4_1 => (20, 4, "f32(q) * d + forge_q_half(a{A}[(b + 2u) >> 2u], b + 2u)"),
        Elem::Q8_0 => (34, 2, "forge_q_i8(q) * d"),
        Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => return String::new(),
    };
    let value = value.replace("{A}", &arg.to_string());
    let pair = |at: &str| format!("((a{arg}[({at}) >> 2u] >> ((({at}) & 2u) * 8u)) & 0xffffu)");
    // A 4-bit code pair holds values j, j + 1 (low nibbles) and j + 16, j + 17 (high); 8-bit
    // codes are j, j + 1 and, 16 bytes on, j + 16, j + 17.
    let (lo, hi) = (pair("c"), pair("c + 16u"));
    let codes_of = match elem {
        Elem::Q8_0 => format!("let w = {lo}; let h = {hi}; let qs = vec4<u32>(w & 255u, w >> 8u, h & 255u, h >> 8u);"),
        Elem::Q4_0 | Elem::Q4_1 | Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 => {
            format!("let w = {lo}; let qs = vec4<u32>(w & 15u, (w >> 8u) & 15u, (w >> 4u) & 15u, w >> 12u);")
        }
    };
    let lanes: Vec<String> = ["x", "y", "z", "w"].iter().map(|l| value.replace("q)", &format!("qs.{l})"))).collect();
    format!(
        "fn forge_qa{arg}_x4(i: u32) -> vec4<f32> {{ let b = (i >> 5u) * {bytes}u + {base}u; let c = b + {codes}u + (i & 15u); \
         {codes_of} let d = forge_q_half(a{arg}[b >> 2u], b); return vec4<f32>({}); }}\n",
        lanes.join(", ")
    )
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
