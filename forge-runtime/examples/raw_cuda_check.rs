//! Runs every corpus kernel through the CUDA-C translation on a real GPU (cudarc: driver +
//! NVRTC) and compares each writable buffer with the interpreter. Builds without CUDA; at run
//! time it exits 0 with a message when no CUDA driver is present (exit 2 with
//! FORGE_REQUIRE_CUDA=1). Usage: `cargo run --release --example cuda_check [name-filter]`.

#[path = "../tests/raw/support/kernel.rs"]
mod kernel;
#[path = "../tests/raw/support/spec.rs"]
mod spec;

use std::sync::Arc;

use cudarc::driver::{CudaContext, CudaSlice, CudaStream, LaunchConfig, PushKernelArg};
use forge_runtime::codegen::cuda::raw::{cuda_params, to_cuda_c, CudaParam};
use forge_runtime::raw::BindingKind;

fn arch(cc: (i32, i32)) -> Option<&'static str> {
    Some(match cc {
        (8, 0) => "sm_80",
        (8, 6) => "sm_86",
        (8, 9) => "sm_89",
        (9, 0) => "sm_90",
        (10, 0) => "sm_100",
        (12, 0) => "sm_120",
        _ => return None,
    })
}

fn run_one(ctx: &Arc<CudaContext>, stream: &Arc<CudaStream>, name: &str) -> Result<(), String> {
    let (_src, module, info, k, spec) = kernel::load(name)?;
    let items = kernel::inputs(name, &spec);
    let cpu = kernel::run_interp(&module, &k, &items, spec.dispatch)?;
    let kname = format!("k_{name}");
    let cu = to_cuda_c(&module, &info, &k, &kname).map_err(|e| e.to_string())?;
    let cc = ctx.compute_capability().map_err(|e| e.to_string())?;
    let target = arch(cc).unwrap_or("sm_80");
    let ptx = forge_runtime::backend::cuda::nvrtc::compile_ptx(&cu, target).map_err(|e| format!("nvrtc: {e}"))?;
    let ptx = cudarc::nvrtc::Ptx::from_src(ptx);
    let cmod = ctx.load_module(ptx).map_err(|e| e.to_string())?;
    let func = cmod.load_function(&kname).map_err(|e| e.to_string())?;

    // Device copies of every binding, in the kernel's binding order.
    let mut bytes: Vec<Option<CudaSlice<u8>>> = Vec::new();
    let mut floats: Vec<Option<CudaSlice<f32>>> = Vec::new();
    let mut item_of = Vec::new();
    for kb in &k.bindings {
        let i = items.iter().position(|it| it.0 == kb.binding).ok_or("binding without data")?;
        item_of.push(i);
        match &items[i].3 {
            Some(tris) => {
                bytes.push(None);
                floats.push(Some(stream.clone_htod(tris).map_err(|e| e.to_string())?));
            }
            None => {
                bytes.push(Some(stream.clone_htod(&items[i].1).map_err(|e| e.to_string())?));
                floats.push(None);
            }
        }
    }
    let params = cuda_params(&module, &k).map_err(|e| e.to_string())?;
    let lens: Vec<u64> = item_of.iter().map(|&i| items[i].1.len() as u64).collect();
    let counts: Vec<u32> = item_of.iter().map(|&i| items[i].3.as_ref().map_or(0, |t| (t.len() / 9) as u32)).collect();
    let mut launch = stream.launch_builder(&func);
    for p in &params {
        match *p {
            CudaParam::Pointer { binding, .. } => match (&bytes[binding], &floats[binding]) {
                (Some(b), _) => {
                    launch.arg(b);
                }
                (None, Some(f)) => {
                    launch.arg(f);
                }
                _ => return Err("no device buffer".into()),
            },
            CudaParam::ByteLength { binding } => {
                launch.arg(&lens[binding]);
            }
            CudaParam::TriangleCount { binding } => {
                launch.arg(&counts[binding]);
            }
        }
    }
    let [bx, by, bz] = k.workgroup_size;
    let [gx, gy, gz] = spec.dispatch;
    let cfg = LaunchConfig { grid_dim: (gx, gy, gz), block_dim: (bx, by, bz), shared_mem_bytes: 0 };
    // SAFETY: the arguments follow `cuda_params` exactly (device pointers, u64 byte lengths,
    // u32 triangle counts) and every buffer holds the byte length passed for it.
    unsafe { launch.launch(cfg) }.map_err(|e| e.to_string())?;
    stream.synchronize().map_err(|e| e.to_string())?;

    let mut failures = Vec::new();
    for (b, kb) in k.bindings.iter().enumerate() {
        let BindingKind::Storage { read_write: true, .. } = kb.kind else {
            continue;
        };
        let i = item_of[b];
        let (Some(elem), Some(dev)) = (items[i].2, &bytes[b]) else {
            continue;
        };
        let gpu: Vec<u8> = stream.clone_dtoh(dev).map_err(|e| e.to_string())?;
        if let Err(e) = spec::compare(elem, &gpu, &cpu[i], spec.tol) {
            failures.push(format!("binding {} `{}`: {e}", kb.binding, kb.name));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

fn main() {
    let require = std::env::var("FORGE_REQUIRE_CUDA").as_deref() == Ok("1");
    // SAFETY: only probes whether the shared libraries can be opened.
    let present =
        unsafe { cudarc::driver::sys::is_culib_present() } && forge_runtime::backend::cuda::nvrtc::get().is_ok();
    if !present {
        println!("cuda_check: no CUDA driver or NVRTC library found; nothing to run");
        std::process::exit(if require { 2 } else { 0 });
    }
    let ctx = match CudaContext::new(0) {
        Ok(c) => c,
        Err(e) => {
            println!("cuda_check: no CUDA device: {e}");
            std::process::exit(if require { 2 } else { 0 });
        }
    };
    let stream = ctx.default_stream();
    let filter = std::env::args().nth(1).unwrap_or_default();
    let mut names: Vec<String> = std::fs::read_dir(kernel::corpus_dir())
        .expect("corpus directory")
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
        .filter(|n| n.contains(&filter))
        .collect();
    names.sort();
    let (mut passed, mut failed) = (0, 0);
    for name in &names {
        match run_one(&ctx, &stream, name) {
            Ok(()) => {
                passed += 1;
                println!("PASS {name}");
            }
            Err(e) => {
                failed += 1;
                println!("FAIL {name}: {e}");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
