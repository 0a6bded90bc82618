//! Runs the CUDA-C translation of every corpus kernel on the CPU (g++ with a small emulation of
//! the CUDA built-ins: one OS thread per CUDA thread, a barrier per block) and compares it with
//! the interpreter. This checks the translation itself without a GPU; `examples/cuda_check.rs`
//! does the same on a real one. Skips with a printed reason when g++ is absent.

#[path = "raw/support/kernel.rs"]
mod kernel;
#[path = "raw/support/spec.rs"]
mod spec;

use std::fmt::Write;
use std::process::Command;

use forge_runtime::codegen::cuda::raw::{cuda_params, to_cuda_c, CudaParam};
use forge_runtime::raw::BindingKind;

const SHIM: &str = include_str!("raw/support/host_shim.h");

fn host_run(name: &str, dir: &std::path::Path) -> Result<(), String> {
    let (_src, module, info, k, spec) = kernel::load(name)?;
    let items = kernel::inputs(name, &spec);
    let cpu = kernel::run_interp(&module, &k, &items, spec.dispatch)?;
    let kname = format!("k_{name}");
    let cu = to_cuda_c(&module, &info, &k, &kname).map_err(|e| e.to_string())?;
    let params = cuda_params(&module, &k).map_err(|e| e.to_string())?;
    let item_of: Vec<usize> = k
        .bindings
        .iter()
        .map(|kb| items.iter().position(|it| it.0 == kb.binding).ok_or("binding without data"))
        .collect::<Result<_, _>>()?;

    // Parameter blobs in order, and the C call that unpacks them.
    let mut blobs: Vec<Vec<u8>> = Vec::new();
    let mut args = Vec::new();
    for (i, p) in params.iter().enumerate() {
        match p {
            CudaParam::Pointer { binding, c_type } => {
                let it = &items[item_of[*binding]];
                blobs.push(match &it.3 {
                    Some(t) => t.iter().flat_map(|f| f.to_le_bytes()).collect(),
                    None => it.1.clone(),
                });
                args.push(format!("({c_type})fr_bufs[{i}].data()"));
            }
            CudaParam::ByteLength { binding } => {
                blobs.push((items[item_of[*binding]].1.len() as u64).to_le_bytes().to_vec());
                args.push(format!("*(unsigned long long*)fr_bufs[{i}].data()"));
            }
            CudaParam::TriangleCount { binding } => {
                let n = items[item_of[*binding]].3.as_ref().map_or(0, |t| t.len() / 9) as u32;
                blobs.push(n.to_le_bytes().to_vec());
                args.push(format!("*(unsigned int*)fr_bufs[{i}].data()"));
            }
        }
    }
    let [bx, by, bz] = k.workgroup_size;
    let [gx, gy, gz] = spec.dispatch;
    let mut main = String::new();
    let _ = write!(
        main,
        r#"
int main(int argc, char** argv) {{
    if (argc < 3) return 3;
    FILE* f = std::fopen(argv[1], "rb"); if (!f) return 4;
    std::vector<std::vector<unsigned char>> fr_bufs({n});
    for (auto& b : fr_bufs) {{
        unsigned long long len = 0; if (std::fread(&len, 8, 1, f) != 1) return 5;
        b.resize(len + 16); if (len && std::fread(b.data(), 1, len, f) != len) return 6; b.resize(len);
        b.reserve(len + 16);
    }}
    std::fclose(f);
    gridDim = {{{gx}u, {gy}u, {gz}u}}; blockDim = {{{bx}u, {by}u, {bz}u}};
    const unsigned int nt = {nt}u;
    for (unsigned int z = 0; z < {gz}u; z++) for (unsigned int y = 0; y < {gy}u; y++) for (unsigned int x = 0; x < {gx}u; x++) {{
        blockIdx = {{x, y, z}};
        std::barrier<> bar(nt); fr_host_barrier = &bar;
        std::vector<std::thread> ts;
        for (unsigned int t = 0; t < nt; t++) ts.emplace_back([&, t] {{
            threadIdx = {{t % {bx}u, (t / {bx}u) % {by}u, t / ({bx}u * {by}u)}};
            {kname}({args});
            bar.arrive_and_drop();
        }});
        for (auto& th : ts) th.join();
    }}
    FILE* o = std::fopen(argv[2], "wb"); if (!o) return 7;
    for (auto& b : fr_bufs) {{ unsigned long long len = b.size(); std::fwrite(&len, 8, 1, o); std::fwrite(b.data(), 1, len, o); }}
    std::fclose(o);
    return 0;
}}
"#,
        n = params.len(),
        nt = bx * by * bz,
        args = args.join(", ")
    );
    let src_path = dir.join(format!("{name}.cpp"));
    std::fs::write(&src_path, format!("{SHIM}\n{cu}\n{main}")).map_err(|e| e.to_string())?;
    let exe = dir.join(name);
    let out = Command::new("g++")
        .args(["-std=c++20", "-O1", "-ffp-contract=off", "-pthread", "-w", "-o"])
        .arg(&exe)
        .arg(&src_path)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        let log = String::from_utf8_lossy(&out.stderr);
        return Err(format!("g++ failed:\n{}", log.lines().take(20).collect::<Vec<_>>().join("\n")));
    }
    let mut input = Vec::new();
    for b in &blobs {
        input.extend_from_slice(&(b.len() as u64).to_le_bytes());
        input.extend_from_slice(b);
    }
    let (inp, outp) = (dir.join(format!("{name}.in")), dir.join(format!("{name}.out")));
    std::fs::write(&inp, input).map_err(|e| e.to_string())?;
    let status = Command::new(&exe).arg(&inp).arg(&outp).status().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("host run failed: {status}"));
    }
    let raw = std::fs::read(&outp).map_err(|e| e.to_string())?;
    let mut results = Vec::new();
    let mut at = 0;
    while at + 8 <= raw.len() {
        let len = u64::from_le_bytes(raw[at..at + 8].try_into().unwrap()) as usize;
        results.push(raw[at + 8..at + 8 + len].to_vec());
        at += 8 + len;
    }
    let mut failures = Vec::new();
    for (p, res) in params.iter().zip(&results) {
        let CudaParam::Pointer { binding, .. } = p else {
            continue;
        };
        let BindingKind::Storage { read_write: true, .. } = k.bindings[*binding].kind else {
            continue;
        };
        let i = item_of[*binding];
        let Some(elem) = items[i].2 else { continue };
        if let Err(e) = spec::compare(elem, res, &cpu[i], spec.tol) {
            failures.push(format!("binding {}: {e}", k.bindings[*binding].binding));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

#[test]
fn cuda_translation_matches_interpreter_on_host() {
    if Command::new("g++").arg("--version").output().is_err() {
        eprintln!("skipped: g++ not found");
        return;
    }
    let dir = std::env::temp_dir().join("forge-raw-host");
    std::fs::create_dir_all(&dir).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(kernel::corpus_dir())
        .unwrap()
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
        .collect();
    names.sort();
    let filter = std::env::var("FORGE_HOST_FILTER").unwrap_or_default();
    let mut failures = Vec::new();
    for name in names.iter().filter(|n| n.contains(&filter)) {
        if let Err(e) = host_run(name, &dir) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} kernels differ (sources in {}):\n{}",
        failures.len(),
        dir.display(),
        failures.join("\n")
    );
}
