//! Every corpus kernel's CUDA-C compiles with NVRTC for sm_80 and sm_90 (and assembles with
//! ptxas where present). Skips with a printed reason when libnvrtc is absent, unless
//! FORGE_REQUIRE_NVRTC=1.

#[path = "raw/support/kernel.rs"]
mod kernel;
#[path = "raw/support/nvrtc.rs"]
mod nvrtc;
#[path = "raw/support/spec.rs"]
mod spec;

#[test]
fn corpus_compiles_with_nvrtc() {
    let nv = match nvrtc::Nvrtc::load() {
        Ok(n) => n,
        Err(e) => {
            assert!(std::env::var("FORGE_REQUIRE_NVRTC").as_deref() != Ok("1"), "FORGE_REQUIRE_NVRTC=1 but {e}");
            eprintln!("skipped: {e}");
            return;
        }
    };
    eprintln!("NVRTC: {}", nv.path);
    let ptxas = nvrtc::ptxas();
    if ptxas.is_none() {
        eprintln!("ptxas not found: PTX is not assembled");
    }
    let mut names: Vec<String> = std::fs::read_dir(kernel::corpus_dir())
        .unwrap()
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
        .collect();
    names.sort();
    let dump = std::env::temp_dir().join("forge-raw-cuda");
    std::fs::create_dir_all(&dump).unwrap();
    let mut failures = Vec::new();
    for name in &names {
        let (_src, module, info, k, _spec) = kernel::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let cu = match forge_runtime::codegen::cuda::raw::to_cuda_c(&module, &info, &k, &format!("k_{name}")) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{name}: translation: {e}"));
                continue;
            }
        };
        std::fs::write(dump.join(format!("{name}.cu")), &cu).unwrap();
        for (arch, sm) in [("compute_80", "sm_80"), ("compute_90", "sm_90")] {
            match nv.compile(&cu, arch) {
                Ok(ptx) => {
                    assert!(ptx.contains(&format!(".entry k_{name}")), "{name}: no entry in the PTX");
                    if let Some(p) = &ptxas {
                        if let Err(e) = nvrtc::assemble(p, &ptx, sm, name) {
                            failures.push(format!("{name} ({sm}): ptxas: {e}"));
                        }
                    }
                }
                Err(e) => {
                    failures.push(format!("{name} ({arch}): {}", e.lines().take(12).collect::<Vec<_>>().join("\n")))
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures (sources in {}):\n{}",
        failures.len(),
        dump.display(),
        failures.join("\n")
    );
    eprintln!("{} kernels compiled for sm_80 and sm_90", names.len());
}
