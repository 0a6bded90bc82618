//! Emits PTX for every kernel of the shared test graphs and assembles it with ptxas for
//! sm_80 and sm_90 (skips with a message when ptxas is not found).

#[path = "support/graphs.rs"]
mod graphs;

use forge_runtime::lower::ptx::{emit_kernel, emit_module, launch_dims};
use std::process::Command;

fn assemble(ptxas: &std::path::Path, ptx: &str, arch: &str, name: &str) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("forge_ptx_{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let src = dir.join(format!("{name}_{arch}.ptx"));
    std::fs::write(&src, ptx).map_err(|e| e.to_string())?;
    let out = Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .arg(&src)
        .arg("-o")
        .arg(dir.join(format!("{name}_{arch}.cubin")))
        .output()
        .map_err(|e| format!("running {}: {e}", ptxas.display()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{}\n{}", String::from_utf8_lossy(&out.stderr), numbered(ptx)))
    }
}

fn numbered(ptx: &str) -> String {
    ptx.lines().enumerate().map(|(i, l)| format!("{:4} {l}\n", i + 1)).collect()
}

#[test]
fn every_kernel_assembles_for_sm80_and_sm90() {
    let Some(ptxas) = graphs::ptxas() else {
        println!("skipped: ptxas not found (set FORGE_PTXAS)");
        return;
    };
    let mut assembled = [0usize; 2];
    let mut failures = Vec::new();
    for (name, src, dim_sets) in graphs::cases() {
        for dims in dim_sets {
            let plan = graphs::plan(src, &dims);
            for (ai, arch) in ["sm_80", "sm_90"].iter().enumerate() {
                for k in &plan.kernels {
                    let ptx = emit_kernel(&k.spec, &k.schedule, arch).expect("emit");
                    assert!(ptx.contains(&format!(".visible .entry {}(", k.spec.entry)));
                    let d = launch_dims(&k.spec, &k.schedule);
                    assert!(d.grid.0 >= 1 && d.block.0 * d.block.1 * d.block.2 <= 1024);
                    let tag = format!(
                        "{name}_{}_{}",
                        dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"),
                        k.spec.entry
                    );
                    match assemble(&ptxas, &ptx, arch, &tag) {
                        Ok(()) => assembled[ai] += 1,
                        Err(e) => failures.push(format!("{tag} on {arch}: {e}")),
                    }
                }
                let pairs: Vec<_> = plan.kernels.iter().map(|k| (&k.spec, &k.schedule)).collect();
                let module = emit_module(&pairs, arch).expect("emit module");
                if let Err(e) = assemble(&ptxas, &module, arch, &format!("{name}_module")) {
                    failures.push(format!("module {name} {dims:?} on {arch}: {e}"));
                }
            }
        }
    }
    println!("assembled {} kernels for sm_80, {} for sm_90", assembled[0], assembled[1]);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn params_follow_the_convention() {
    let plan = graphs::plan(graphs::ROWS, &[3, 5]);
    for k in &plan.kernels {
        let ptx = emit_kernel(&k.spec, &k.schedule, "sm_80").expect("emit");
        let params = ptx.matches(".param .u64").count();
        assert_eq!(params, k.spec.args.len() + usize::from(k.spec.uses_uniforms), "{}", k.spec.entry);
        assert!(ptx.contains(".version 7.8") && ptx.contains(".target sm_80") && ptx.contains(".address_size 64"));
    }
    assert!(emit_kernel(&plan.kernels[0].spec, &plan.kernels[0].schedule, "gfx90a").is_err());
}

#[test]
fn wide_index_kernels_assemble() {
    let Some(ptxas) = graphs::ptxas() else {
        println!("skipped: ptxas not found (set FORGE_PTXAS)");
        return;
    };
    // 2^31 elements or more: index arithmetic switches to 64 bits (emitted only, never run).
    let cases = [
        (graphs::ELEMENTWISE, vec![1 << 16, 1 << 15]),
        (graphs::ROWS, vec![1 << 21, 1 << 10]),
        (graphs::MATMUL, vec![1 << 16, 8, 1 << 15]),
        (graphs::MATMUL, vec![1, 1 << 16, 1 << 15]),
    ];
    let mut n = 0;
    for (src, dims) in cases {
        let plan = graphs::plan(src, &dims);
        for k in &plan.kernels {
            let ptx = emit_kernel(&k.spec, &k.schedule, "sm_90").expect("emit");
            assert!(ptx.contains("mad.lo.u64"), "{} did not switch to 64-bit indices", k.spec.entry);
            if let Err(e) = assemble(&ptxas, &ptx, "sm_90", &format!("wide_{}", k.spec.entry)) {
                panic!("{}: {e}", k.spec.entry);
            }
            n += 1;
        }
    }
    println!("assembled {n} wide-index kernels for sm_90");
}

#[test]
fn matmul_paths_follow_the_wgsl_rules() {
    use forge_runtime::ir::KernelBody;
    use forge_runtime::lower::ptx::{skinny_block, BLOCKED_THREADS, MATMUL_TILE};
    use forge_runtime::lower::wgsl::{
        blocked_matmul, skinny_matmul, workgroup_count, BLOCKED_K, BLOCKED_TILE, SKINNY_COLS, SKINNY_MAX_M,
    };
    let (mut skinny, mut blocked, mut tiled) = (0, 0, 0);
    for (src, dims) in [
        (graphs::SKINNY, vec![1, 577, 131]),
        (graphs::SKINNY, vec![3, 1001, 33]),
        (graphs::SKINNY, vec![8, 127, 67]),
        (graphs::MATMUL, vec![1, 577, 131]),
        (graphs::MATMUL, vec![8, 301, 67]),
        (graphs::MATMUL, vec![9, 33, 17]),
        (graphs::BLOCKED, vec![9, 33, 17]),
        (graphs::BLOCKED, vec![70, 96, 130]),
        (graphs::BLOCKED, vec![64, 576, 1536]),
        (graphs::BLOCKED, vec![100_000, 1, 70_000]),
    ] {
        let plan = graphs::plan(src, &dims);
        for k in &plan.kernels {
            let KernelBody::Matmul { m, n, .. } = k.spec.body else { continue };
            let ptx = emit_kernel(&k.spec, &k.schedule, "sm_90").expect("emit");
            let d = launch_dims(&k.spec, &k.schedule);
            let tag = format!("{} {dims:?} (workgroup {})", k.spec.entry, k.schedule.workgroup);
            if skinny_matmul(m, &k.schedule) {
                assert!(m <= SKINNY_MAX_M);
                skinny += 1;
                assert_eq!(d.grid, (n.div_ceil(SKINNY_COLS as usize) as u32, 1, 1), "{tag}");
                assert_eq!(d.grid.0 as u64, workgroup_count(&k.spec, &k.schedule), "{tag}: WGSL and PTX grids differ");
                assert_eq!(d.block, (skinny_block(&k.schedule), 1, 1), "{tag}");
                assert_eq!(d.block.0, k.schedule.workgroup, "{tag}");
                assert!(ptx.contains(&format!("{}_sk[", k.spec.entry)), "{tag}: not the skinny kernel");
                assert!(ptx.contains("shfl.sync.bfly.b32"), "{tag}: no warp shuffles");
            } else if blocked_matmul(m, &k.schedule) {
                assert!(m > SKINNY_MAX_M && k.schedule.workgroup == 256 && k.schedule.items == 4, "{tag}");
                blocked += 1;
                let t = BLOCKED_TILE as u64;
                let blocks = (m as u64).div_ceil(t) * (n as u64).div_ceil(t);
                assert_eq!(d.grid, (blocks.min((1 << 31) - 1) as u32, 1, 1), "{tag}");
                assert_eq!(d.block, (BLOCKED_THREADS, 1, 1), "{tag}");
                assert_eq!(blocks, workgroup_count(&k.spec, &k.schedule), "{tag}: WGSL and PTX block counts differ");
                let words = BLOCKED_TILE * BLOCKED_K;
                assert!(ptx.contains(&format!("{}_as[{words}]", k.spec.entry)), "{tag}: not the blocked kernel");
                assert!(ptx.contains(&format!("{}_bs[{words}]", k.spec.entry)), "{tag}: not the blocked kernel");
                // BLOCKED_K steps of 4 FMAs per staged slice, 2 + 2 shared loads each.
                assert_eq!(ptx.matches("fma.rn.f32").count() as u32, 4 * BLOCKED_K, "{tag}");
                assert_eq!(ptx.matches("ld.shared.f32").count() as u32, 4 * BLOCKED_K, "{tag}");
            } else {
                assert!(m > SKINNY_MAX_M, "{tag}");
                tiled += 1;
                assert_eq!(d.block, (MATMUL_TILE, MATMUL_TILE, 1), "{tag}");
                assert!(!ptx.contains("_sk[") && ptx.contains(&format!("{}_as[256]", k.spec.entry)), "{tag}");
            }
        }
    }
    assert!(skinny >= 3 * 4 + 2 * 3, "only {skinny} skinny kernels");
    assert!(blocked >= 4 * 2, "only {blocked} blocked kernels");
    assert!(tiled >= 4, "only {tiled} tiled kernels");
}
