//! How long `new` takes for the MiniLM graph (random shapes only: no weights are loaded), on
//! one backend, in this process: run it twice to see the disk cache at work. With `--nvrtc`
//! (feature `cuda`), instead times NVRTC on each distinct CUDA kernel of the graph, one after
//! another, for an sm_90 device with 132 SMs and the default options (no GPU
//! needed); `--nvrtc-ptx` stops at PTX (so the difference is ptxas's share). `--dump DIR` also
//! writes each kernel's CUDA-C and PTX there (`ptxas -v -arch=sm_90a` on them shows registers,
//! spills and wgmma serialisation advisories). `--precision P` builds MiniLM with its projections
//! at `P` (`bf16x3` as written, `tf32x3`, `tf32` or `f32`); with `--nvrtc`, the program CUDA runs
//! (bf16x3's split products included).
//!
//! `cargo run --release --features cuda --example build_time -- [cuda|wgpu|cpu|--nvrtc|--nvrtc-ptx] [BATCH] [--dump DIR] [--precision P]`

mod minilm_graph {
    use forge::prelude::*;
    include!("graphs/minilm.rs");
}

use forge::{Context, GraphInstance};

/// MiniLM's dims (B, T, V, P, D, H, E, F, L) for `batch` sentences of 32 tokens.
fn dims(batch: usize) -> [usize; 8] {
    [batch, 32, 30522, 512, 384, 12, 1536, 6]
}

fn main() -> forge::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let dump = take_option(&mut args, "--dump").map(std::path::PathBuf::from);
    let precision = take_option(&mut args, "--precision").unwrap_or_else(|| "bf16x3".into());
    let source = minilm_graph::minilm_source(&precision);
    let batch = args.iter().find_map(|a| a.parse().ok()).unwrap_or(8);
    let what = args.iter().find(|a| a.parse::<usize>().is_err()).map_or("cuda", |s| s.as_str());
    if what == "--nvrtc" || what == "--nvrtc-ptx" || dump.is_some() {
        return nvrtc_per_kernel(&source, batch, what == "--nvrtc-ptx" || dump.is_some(), dump.as_deref());
    }
    let ctx = match what {
        "wgpu" => Context::wgpu()?,
        "cpu" => Context::cpu(),
        _ => Context::cuda()?,
    };
    let started = std::time::Instant::now();
    let g = GraphInstance::from_source(&ctx, &source, &dims(batch))?;
    let ms = started.elapsed().as_secs_f64() * 1e3;
    println!("{what}: new of MiniLM batch {batch} at {precision} ({} kernels) took {ms:.1} ms", g.plan().kernels.len());
    Ok(())
}

/// Removes `name VALUE` from `args`; the value.
fn take_option(args: &mut Vec<String>, name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    let value = args.get(i + 1).cloned();
    args.drain(i..(i + 2).min(args.len()));
    value
}

#[cfg(feature = "cuda")]
fn nvrtc_per_kernel(source: &str, batch: usize, ptx_only: bool, dump: Option<&std::path::Path>) -> forge::Result<()> {
    use forge_runtime::backend::cuda::nvrtc::{self, Output};
    let plan = GraphInstance::from_source(&Context::cpu(), source, &dims(batch))?.plan().clone();
    let target = forge::codegen::cuda::CudaTarget::new((9, 0), 132);
    let plan = forge::codegen::cuda::weights::as_run(&plan, &target).plan.unwrap_or(plan);
    let program = forge::codegen::cuda::emit_program_for(&plan, &target)?;
    let lib = nvrtc::get()?;
    let mut seen = std::collections::HashSet::new();
    let mut total = 0.0;
    for f in program.functions.iter().flatten().filter(|f| seen.insert(f.name.clone())) {
        let source = format!("{}\n{}", forge::codegen::cuda::prelude(), f.code);
        let arch = if f.sm90a { "sm_90a" } else { "sm_90" };
        let started = std::time::Instant::now();
        let out = lib.compile(&source, arch, if ptx_only { Output::Ptx } else { Output::Cubin }, &f.name)?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        if let Some(dir) = dump {
            let write = |ext: &str, bytes: &[u8]| {
                std::fs::create_dir_all(dir)
                    .and_then(|()| std::fs::write(dir.join(format!("{}.{ext}", f.name)), bytes))
                    .map_err(|e| forge::Error::Internal(format!("--dump {}: {e}", dir.display())))
            };
            write("cu", source.as_bytes())?;
            write("ptx", out.split(|&b| b == 0).next().unwrap_or(&[]))?;
        }
        total += ms;
        println!("{ms:8.1} ms  {}  {}", f.name, f.variant.as_deref().unwrap_or(""));
    }
    println!("{total:8.1} ms  in all (NVRTC {}.{})", lib.version.0, lib.version.1);
    Ok(())
}

#[cfg(not(feature = "cuda"))]
fn nvrtc_per_kernel(
    _source: &str,
    _batch: usize,
    _ptx_only: bool,
    _dump: Option<&std::path::Path>,
) -> forge::Result<()> {
    eprintln!("--nvrtc needs the `cuda` feature");
    Ok(())
}
