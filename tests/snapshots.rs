//! The code each example lowers to, snapshotted under tests/snapshots/ so a change in codegen
//! shows in review; every WGSL kernel is also validated with naga here (no device needed).
//! Regenerate with `FORGE_UPDATE_SNAPSHOTS=1 cargo test --test snapshots`.

use forge::prelude::*;
use std::path::PathBuf;

include!("../examples/graphs/mlp_block.rs");
include!("../examples/graphs/particles.rs");

fn check_snapshot(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var_os("FORGE_UPDATE_SNAPSHOTS").is_some() || !path.exists() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert!(want == text, "{name} changed; review the diff and run with FORGE_UPDATE_SNAPSHOTS=1 to accept it");
}

fn plan_sources(plan: &forge::ir::Plan, name: &str) {
    let wgsl = forge::instance::source_of(plan, Target::Wgsl).unwrap();
    #[cfg(feature = "wgpu")]
    for k in &wgsl.kernels {
        forge::backend::wgpu::validate_wgsl(&k.code, &k.entry)
            .unwrap_or_else(|e| panic!("{name}/{}: {e}\n{}", k.entry, k.code));
    }
    check_snapshot(&format!("{name}.wgsl"), &wgsl.to_string());
    let ptx = forge::instance::source_of(plan, Target::Ptx).unwrap();
    check_snapshot(&format!("{name}.ptx"), &ptx.to_string());
    for k in &ptx.kernels {
        assemble(name, &k.entry, &k.code);
    }
}

/// Assembles one PTX kernel with ptxas (`FORGE_PTXAS`) for sm_80 and sm_90, where it is set.
fn assemble(name: &str, entry: &str, ptx: &str) {
    let Some(ptxas) = std::env::var_os("FORGE_PTXAS") else {
        eprintln!("skipped ptxas for {name}/{entry}: FORGE_PTXAS is not set");
        return;
    };
    let dir = std::env::temp_dir().join(format!("forge-snapshots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("{name}_{entry}.ptx"));
    std::fs::write(&src, ptx).unwrap();
    for arch in ["sm_80", "sm_90"] {
        let out = std::process::Command::new(&ptxas)
            .args([
                &format!("-arch={arch}"),
                src.to_str().unwrap(),
                "-o",
                dir.join(format!("{entry}.cubin")).to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}/{entry} ({arch}): {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn mlp_block_codegen() {
    let graph = MlpBlock::graph().unwrap();
    let plan = forge::lower::lower(&graph, &[4, 576, 1536]).unwrap();
    assert_eq!(plan.kernels.len(), 4, "rms_norm, one materialised matmul, one fused matmul, the down projection");
    plan_sources(&plan, "mlp_block");
}

#[test]
fn particles_codegen() {
    let graph = ParticleStep::graph().unwrap();
    let plan = forge::lower::lower(&graph, &[100_003]).unwrap();
    plan_sources(&plan, "particles");
}
