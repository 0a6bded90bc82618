//! `check_portable` rejections: each construct outside the subset is reported with a message
//! naming it and a span on the offending WGSL.

#[path = "raw/support/kernel.rs"]
mod kernel;
#[path = "raw/support/spec.rs"]
mod spec;

use forge_runtime::raw::{check_portable, PortableError};

fn errors(src: &str, entry: &str) -> Vec<PortableError> {
    let (module, info) = kernel::parse_validate(src).unwrap_or_else(|e| panic!("test source invalid:\n{e}"));
    match check_portable(&module, &info, entry) {
        Ok(_) => panic!("accepted:\n{src}"),
        Err(e) => e,
    }
}

/// Asserts that some error's message contains `msg` and its span covers text containing `at`.
fn expect(src: &str, msg: &str, at: Option<&str>) {
    let errs = errors(src, "main");
    let ok = errs.iter().any(|e| {
        e.message.contains(msg)
            && match at {
                Some(at) => e.span.clone().is_some_and(|s| src.get(s).is_some_and(|t| t.contains(at))),
                None => true,
            }
    });
    assert!(ok, "no error containing {msg:?} with a span on {at:?}; got {errs:#?}");
}

const OUT: &str = "@group(0) @binding(0) var<storage, read_write> out: array<f32>;\n";

#[test]
fn texture_sampling() {
    let src = format!(
        "{OUT}@group(0) @binding(1) var t: texture_2d<f32>;\n@group(0) @binding(2) var s: sampler;\n\
         @compute @workgroup_size(1) fn main() {{ out[0] = textureSampleLevel(t, s, vec2<f32>(0.5), 0.0).x; }}"
    );
    expect(&src, "texture sampling is not supported by Forge's CPU and CUDA backends", Some("textureSampleLevel"));
    expect(&src, "textures are not supported", Some("var t: texture_2d<f32>"));
    expect(&src, "samplers are not supported", Some("var s: sampler"));
}

#[test]
fn texture_load_and_store() {
    let src = format!(
        "{OUT}@group(0) @binding(1) var t: texture_2d<f32>;\n@group(0) @binding(2) var w: texture_storage_2d<rgba8unorm, write>;\n\
         @compute @workgroup_size(1) fn main() {{ out[0] = textureLoad(t, vec2<i32>(0), 0).x; textureStore(w, vec2<i32>(0), vec4<f32>(1.0)); }}"
    );
    expect(&src, "textureLoad is not supported", Some("textureLoad"));
    expect(&src, "textureStore is not supported", Some("textureStore"));
    expect(&src, "storage textures are not supported", Some("var w"));
}

#[test]
fn f16_storage() {
    let src = "enable f16;\n@group(0) @binding(0) var<storage, read_write> h: array<f16>;\n\
               @compute @workgroup_size(1) fn main() { h[0] = h[1] * 2.0h; }";
    expect(src, "f16 is not supported", Some("var<storage, read_write> h"));
    expect(src, "f16 is not supported", Some("2.0h"));
}

#[test]
fn int64() {
    let src = "@group(0) @binding(0) var<storage, read_write> a: array<i64>;\n\
               @compute @workgroup_size(1) fn main() { a[0] = a[1] + 1li; }";
    expect(src, "64-bit integers are not supported", Some("var<storage, read_write> a"));
}

#[test]
fn push_constants() {
    let src = format!("{OUT}var<immediate> k: f32;\n@compute @workgroup_size(1) fn main() {{ out[0] = k; }}");
    expect(&src, "push constants (`var<immediate>`) are not supported", Some("var<immediate> k"));
}

#[test]
fn subgroup_operations() {
    let src = format!(
        "{OUT}@compute @workgroup_size(32) fn main(@builtin(local_invocation_index) i: u32) {{ out[i] = subgroupAdd(out[i]); }}"
    );
    expect(&src, "subgroup operations are not supported", Some("subgroupAdd"));
}

#[test]
fn overrides() {
    let src = format!("{OUT}override k: f32 = 2.0;\n@compute @workgroup_size(1) fn main() {{ out[0] = out[1] * k; }}");
    expect(&src, "pipeline-overridable constants (`override`) are not supported", Some("k"));
}

#[test]
fn override_workgroup_size() {
    let src = format!("{OUT}override n: u32 = 64u;\n@compute @workgroup_size(n) fn main() {{ out[0] = 1.0; }}");
    expect(&src, "workgroup size set by pipeline-overridable constants", None);
}

#[test]
fn unsupported_builtin_functions() {
    let src = format!(
        "{OUT}@compute @workgroup_size(1) fn main() {{ let m = modf(out[0]); out[1] = m.fract; out[2] = bitcast<f32>(pack4x8snorm(vec4<f32>(out[3]))); }}"
    );
    expect(&src, "the builtin `modf` is not supported", Some("modf"));
    expect(&src, "the builtin `pack4x8snorm` is not supported", Some("pack4x8snorm"));
}

#[test]
fn matrix_arithmetic() {
    let src = format!(
        "{OUT}@compute @workgroup_size(1) fn main() {{ let m = mat2x2<f32>(out[0], 1.0, 2.0, 3.0); let v = m * vec2<f32>(out[1], 1.0); out[2] = v.x; }}"
    );
    expect(&src, "matrix arithmetic is not supported", Some("m * vec2<f32>"));
}

#[test]
fn not_a_compute_entry_point() {
    let src = "@fragment fn main() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }";
    expect(src, "raw kernels must be `@compute` entry points", None);
}

#[test]
fn missing_entry_point() {
    let src = format!("{OUT}@compute @workgroup_size(1) fn main() {{ out[0] = 1.0; }}");
    let (module, info) = kernel::parse_validate(&src).unwrap();
    let errs = check_portable(&module, &info, "other").unwrap_err();
    assert!(errs[0].message.contains("no entry point named `other`"), "{errs:?}");
}

#[test]
fn candidate_ray_intersection() {
    let src = format!(
        "enable wgpu_ray_query;\n{OUT}@group(0) @binding(1) var acc: acceleration_structure;\n\
         @compute @workgroup_size(1) fn main() {{ var rq: ray_query; rayQueryInitialize(&rq, acc, RayDesc(0u, 0xFFu, 0.0, 10.0, vec3<f32>(0.0), vec3<f32>(0.0, 0.0, 1.0)));\n\
         rayQueryProceed(&rq); let c = rayQueryGetCandidateIntersection(&rq); out[0] = c.t; }}"
    );
    expect(&src, "rayQueryGetCandidateIntersection is not supported", Some("rayQueryGetCandidateIntersection"));
}

#[test]
fn every_error_is_reported() {
    // Three independent problems give (at least) three errors, not just the first.
    let src = format!(
        "enable f16;\n{OUT}@group(0) @binding(1) var t: texture_2d<f32>;\n\
         @compute @workgroup_size(1) fn main() {{ out[0] = textureLoad(t, vec2<i32>(0), 0).x + f32(1.0h) + determinant(mat2x2<f32>(out[1], 0.0, 0.0, 1.0)); }}"
    );
    let errs = errors(&src, "main");
    assert!(errs.len() >= 3, "{errs:#?}");
    assert!(errs.iter().all(|e| e.span.is_some()), "{errs:#?}");
}

#[test]
fn accepted_kernel_is_described() {
    let src = "struct P { n: u32, s: f32 }\n\
               @group(0) @binding(2) var<uniform> p: P;\n\
               @group(0) @binding(0) var<storage, read> x: array<vec4<f32>>;\n\
               @group(0) @binding(1) var<storage, read_write> y: array<f32>;\n\
               var<workgroup> tile: array<f32, 64>;\n\
               @compute @workgroup_size(64, 2) fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(num_workgroups) n: vec3<u32>) {\n\
                 tile[g.x % 64u] = x[g.x].x; workgroupBarrier(); y[g.x] = tile[0] * p.s + f32(n.x); }";
    let (module, info) = kernel::parse_validate(src).unwrap();
    let k = check_portable(&module, &info, "main").unwrap();
    assert_eq!(k.workgroup_size, [64, 2, 1]);
    assert_eq!(
        k.bindings.iter().map(|b| (b.group, b.binding, b.name.as_str())).collect::<Vec<_>>(),
        [(0, 0, "x"), (0, 1, "y"), (0, 2, "p")]
    );
    assert_eq!(k.bindings[0].kind.element_type().unwrap().wgsl(), "vec4<f32>");
    assert!(matches!(k.bindings[1].kind, forge_runtime::raw::BindingKind::Storage { read_write: true, .. }));
    assert!(
        matches!(&k.bindings[2].kind, forge_runtime::raw::BindingKind::Uniform { ty } if ty.size() == 8 && ty.wgsl() == "P")
    );
    assert!(k.uses_num_workgroups && k.builtins.global_invocation_id && !k.builtins.local_invocation_id);
    assert!(k.uses_barriers);
    assert_eq!(k.workgroup_vars.len(), 1);
}

#[test]
fn oversized_workgroup() {
    let src = format!("{OUT}@compute @workgroup_size(64, 32) fn main() {{ out[0] = 1.0; }}");
    expect(&src, "64×32×1 has 2048 invocations; at most 1024 run on every backend", None);
}
