//! The code each example lowers to, snapshotted under tests/snapshots/ so a change in codegen
//! shows in review. Every WGSL kernel is validated with naga here; every CUDA-C program is
//! compiled by NVRTC to PTX for sm_80 and sm_90 and assembled by ptxas (`FORGE_PTXAS`) where
//! they are installed (CI installs both; elsewhere these parts print why they were skipped).
//! Regenerate with `FORGE_UPDATE_SNAPSHOTS=1 cargo test --test snapshots`.

use forge::prelude::*;
use std::path::PathBuf;

include!("../examples/graphs/mlp_block.rs");
include!("../examples/graphs/particles.rs");
include!("../examples/graphs/minilm.rs");

fn check_snapshot(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var_os("FORGE_UPDATE_SNAPSHOTS").is_some() || !path.exists() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert!(want == text, "{name} changed; review the diff and run with FORGE_UPDATE_SNAPSHOTS=1 to accept it");
}

fn sources(graph: &forge::graph::Checked, dims: &[usize], name: &str) {
    let plan = forge::lower::lower(graph, dims).unwrap();
    let wgsl = forge::source_of(&plan, Target::Wgsl).unwrap();
    for k in &wgsl.kernels {
        forge::lower::wgsl::validate(&k.code).unwrap_or_else(|e| panic!("{name}/{}: {e}\n{}", k.entry, k.code));
    }
    check_snapshot(&format!("{name}.wgsl"), &wgsl.to_string());
    let cuda = forge::source_of(&plan, Target::CudaC).unwrap();
    check_snapshot(&format!("{name}.cu"), &cuda.to_string());
    match forge::source_of(&plan, Target::Ptx) {
        Ok(ptx) => {
            let ptx = ptx.kernels[0].code.clone();
            for arch in ["sm_80", "sm_90"] {
                assemble(name, arch, &ptx);
            }
        }
        Err(e) if std::env::var_os("FORGE_REQUIRE_NVRTC").is_some() => panic!("{name}: NVRTC is required: {e}"),
        Err(e) => eprintln!("skipped NVRTC for {name}: {e}"),
    }
}

/// Assembles PTX with ptxas (`FORGE_PTXAS`) for `arch`, where it is set.
fn assemble(name: &str, arch: &str, ptx: &str) {
    let Some(ptxas) = std::env::var_os("FORGE_PTXAS") else {
        eprintln!("skipped ptxas for {name}: FORGE_PTXAS is not set");
        return;
    };
    let dir = std::env::temp_dir().join(format!("forge-snapshots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("{name}_{arch}.ptx"));
    std::fs::write(&src, ptx).unwrap();
    let out = std::process::Command::new(&ptxas)
        .args([&format!("-arch={arch}"), src.to_str().unwrap(), "-o", dir.join(format!("{name}.cubin")).to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{name} ({arch}): {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn mlp_block_codegen() {
    let graph = MlpBlock::graph().unwrap();
    let plan = forge::lower::lower(&graph, &[4, 576, 1536]).unwrap();
    assert_eq!(plan.kernels.len(), 4, "rms_norm, one materialised matmul, one fused matmul, the down projection");
    sources(&graph, &[4, 576, 1536], "mlp_block");
}

#[test]
fn particles_codegen() {
    sources(&ParticleStep::graph().unwrap(), &[100_003], "particles");
}

#[test]
fn minilm_codegen() {
    // B, T, V, P, D, H, E, F, L
    sources(&MiniLm::graph().unwrap(), &[8, 30, 30522, 512, 384, 12, 32, 1536, 6], "minilm");
}
