//! The cooperative-matrix matmul (WGSL only): where it applies, that its modules validate and
//! turn into SPIR-V (what wgpu hands the driver), and which path each layout takes. It runs
//! only on adapters that list its combination (`tests/coopmat.rs` compares it with the CPU).

use super::geometry::coop_vector;
use super::geometry::{coop_fits, groups, matmul_variant, threads, MatmulVariant, COOP_SHARED_BYTES};
use super::wgsl;
use crate::ir::{KernelBody, Schedule};
use crate::plan::tests::plan;

pub(crate) const COOP: &str = "graph Coop { dims { B, M, K, N }
    input a: f16[M, K]; input at: f16[K, M]; input b: f16[K, N]; input w: f16[N, K];
    input bias: f32[N]; input x: f16[B, M, K]; input xf: f32[M, K];
    output y1: f32[M, N]; output y2: f32[M, N]; output y3: f32[B, M, N]; output y4: f16[M, N];
    output y5: f32[M, N];
    y1 = matmul(a, b);
    y2 = matmul(transpose(at), transpose(w)) + bias;
    y3 = gelu(matmul(x, transpose(w)));
    y4 = (matmul(a, b) * 2.0) as f16;
    y5 = matmul(xf, b);
}";

/// naga's SPIR-V back end with the options wgpu's Vulkan backend uses for these features.
fn spirv(source: &str) -> Result<Vec<u32>, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| e.emit_to_string(source))?;
    let options = naga::back::spv::Options { lang_version: (1, 6), ..Default::default() };
    naga::back::spv::write_vec(&module, &info, &options, None).map_err(|e| e.to_string())
}

#[test]
fn f16_products_lower_to_cooperative_matrices_that_validate() {
    let coop = Schedule { coop: true, ..Schedule::default() };
    for (dims, direct) in [([3, 80, 64, 96], true), ([2, 37, 50, 45], false), ([4, 304, 256, 520], true)] {
        let p = plan(COOP, &dims);
        for k in &p.kernels {
            let KernelBody::Matmul(m) = &k.spec.body else { continue };
            let fits = coop_fits(m, &k.spec.args);
            assert_eq!(fits, !k.spec.node.starts_with("y5"), "{}: only f16 operands", k.spec.node);
            if !fits {
                assert!(!matches!(matmul_variant(m, &k.spec.args, &coop), MatmulVariant::Coop(_)));
                continue;
            }
            for items in [1, 2, 4] {
                let s = Schedule { items, ..coop };
                let MatmulVariant::Coop(t) = matmul_variant(m, &k.spec.args, &s) else { panic!("{}", k.spec.node) };
                assert_eq!(threads(&k.spec, &s), 128);
                let tile = 32 * t as u64;
                let rows = dims[1] as u64 * if k.spec.node.starts_with("y3") { dims[0] as u64 } else { 1 };
                assert_eq!(groups(&k.spec, &s), rows.div_ceil(tile) * (dims[3] as u64).div_ceil(tile));
                let bases = vec![0; k.spec.args.len()];
                let src = wgsl::emit_kernel(&p, &k.spec, &s, &bases);
                assert!(src.contains("enable wgpu_cooperative_matrix;"), "{src}");
                spirv(&src).unwrap_or_else(|e| panic!("{} t={t}:\n{src}\n{e}", k.spec.node));
                assert_eq!(coop_vector(&k.spec, m, &bases).is_some(), direct, "{}", k.spec.node);
                // Interior tiles read 16-byte vectors only where the layout allows.
                assert_eq!(src.contains("array<vec4<u32>>"), direct, "{src}");
                assert!(src.contains("sa[h >> 2u][h & 3u] = f16(v);"), "the scalar path: {src}");
            }
            // A base offset off a 16-byte boundary stages every tile.
            let bases = vec![3; k.spec.args.len()];
            assert!(coop_vector(&k.spec, m, &bases).is_none());
            spirv(&wgsl::emit_kernel(&p, &k.spec, &coop, &bases)).unwrap();
            // The plain schedule never uses them (CUDA and the default wgpu context).
            let src = wgsl::emit_kernel(&p, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]);
            assert!(!src.contains("coop"), "{src}");
        }
    }
}

/// The template's workgroup memory is what the backend checks the device for.
#[test]
fn cooperative_tiles_need_the_declared_workgroup_memory() {
    let p = plan(COOP, &[2, 256, 256, 256]);
    let k = p.kernels.iter().find(|k| k.spec.node.starts_with("y1")).expect("y1");
    let bytes = |items| {
        let s = Schedule { coop: true, items, ..Schedule::default() };
        let src = wgsl::emit_kernel(&p, &k.spec, &s, &[0; 3]);
        src.lines()
            .filter_map(|l| l.strip_prefix("var<workgroup> "))
            .map(|l| {
                let (ty, len) = l.split_once("array<").and_then(|(_, r)| r.split_once(", ")).expect("an array");
                let len: u32 = len.trim_end_matches(">;").parse().expect("a length");
                len * match ty {
                    "vec4<f16>" => 8,
                    "f32" => 4,
                    other => panic!("{other}"),
                }
            })
            .sum::<u32>()
    };
    assert_eq!(bytes(4), COOP_SHARED_BYTES);
    assert!(bytes(2) < COOP_SHARED_BYTES);
}

#[test]
#[ignore = "prints a module for reading"]
fn print_module() {
    let p = plan(COOP, &[3, 80, 64, 96]);
    let k = p.kernels.iter().find(|k| k.spec.node.starts_with("y3")).expect("y3");
    let s = Schedule { coop: true, items: 2, ..Schedule::default() };
    println!("{}", wgsl::emit_kernel(&p, &k.spec, &s, &vec![0; k.spec.args.len()]));
}
