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
    match forge::instance::source_of(plan, Target::Ptx) {
        Ok(ptx) => check_snapshot(&format!("{name}.ptx"), &ptx.to_string()),
        Err(e) => eprintln!("no PTX snapshot for {name}: {e}"),
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
