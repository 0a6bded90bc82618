//! Programs to loaded modules: NVRTC compiles CUDA-C to CUBIN for the device's arch (no JIT at
//! load; `sm_90a` instead of `sm_90` for programs with wgmma kernels), cached in the process
//! (per context) and on disk (keyed by the program, the arch and the NVRTC version; a file that
//! fails its check or its load is compiled again and replaced), so a second process loads a
//! graph's kernels in milliseconds. A graph's kernels are separate programs, compiled in
//! parallel.

use super::context::CudaComputeContext;
use super::loaded::{loaded, Key};
use super::nvrtc::{self, Output};
use crate::error::{Error, Result};
use cudarc::driver::CudaModule;
use cudarc::nvrtc::Ptx;
use std::sync::Arc;

/// Compiles (or finds) `program` for the context's arch and loads it.
pub fn load_program(ctx: &CudaComputeContext, program: &str, label: &str) -> Result<Arc<CudaModule>> {
    load_program_for(ctx, program, ctx.arch(), label)
}

/// Compiles (or finds) `program` for `arch` and loads it: the context's own arch, or its
/// arch-specific variant (`sm_90a` on an `sm_90` device).
pub fn load_program_for(ctx: &CudaComputeContext, program: &str, arch: &str, label: &str) -> Result<Arc<CudaModule>> {
    let mut modules = load_programs(ctx, &[(program, arch)], label)?;
    modules.pop().ok_or_else(|| Error::Internal("no module for one program".into()))
}

/// [`load_program_for`] for many `(program, arch)` pairs: the ones in neither cache compile
/// and load in parallel (NVRTC is single-threaded per program; a graph's kernels compile as
/// separate programs). Modules come back in program order.
pub fn load_programs(ctx: &CudaComputeContext, programs: &[(&str, &str)], label: &str) -> Result<Vec<Arc<CudaModule>>> {
    let id = ctx.id();
    let mut keys = Vec::with_capacity(programs.len());
    for (program, arch) in programs {
        if arch.trim_end_matches('a') != ctx.arch() {
            return Err(Error::Unsupported {
                what: format!("a program for {arch}"),
                reason: format!("on this {} device", ctx.arch()),
            });
        }
        keys.push((id, arch.to_string(), crate::hash::fnv1a64(program.as_bytes())));
    }
    let cached = |k: &Key| loaded().get(k);
    let missing: Vec<usize> = (0..programs.len()).filter(|&i| cached(&keys[i]).is_none()).collect();
    let mut fresh: Vec<Option<Arc<CudaModule>>> = programs.iter().map(|_| None).collect();
    if !missing.is_empty() {
        let lib = nvrtc::get()?;
        // Each program is compiled (or read from disk) and loaded by the same thread, so loads
        // overlap the slowest program's compile (`load_module` binds the context to the thread).
        let built = crate::backend::parallel::map(&missing, |&i| {
            let (program, arch) = programs[i];
            let (bytes, from_disk) = cubin(lib, program, arch, label)?;
            match load(ctx, bytes, label) {
                // A cached module the driver refuses is compiled again (and replaced on disk).
                Err(_) if from_disk => load(ctx, compile_and_store(lib, program, arch, label)?, label),
                loaded => loaded,
            }
        })?;
        for (&i, module) in missing.iter().zip(built) {
            fresh[i] = Some(loaded().insert(keys[i].clone(), module));
        }
    }
    let mut modules = Vec::with_capacity(programs.len());
    for (key, module) in keys.iter().zip(fresh) {
        match module.or_else(|| cached(key)) {
            Some(m) => modules.push(m),
            None => return Err(Error::Internal("a cached CUDA module disappeared".into())),
        }
    }
    Ok(modules)
}

/// Loads a CUBIN into the context.
fn load(ctx: &CudaComputeContext, cubin: Vec<u8>, label: &str) -> Result<Arc<CudaModule>> {
    ctx.cuda_context()
        .load_module(Ptx::from_binary(cubin))
        .map_err(|e| Error::ShaderCompile { entry: label.into(), log: format!("cuModuleLoadData: {e:?}") })
}

/// The largest CUBIN read from the disk cache.
const MAX_CUBIN_BYTES: u64 = 256 << 20;

/// Where the CUBIN of `program` for `arch` is kept on disk.
fn disk_path(lib: &nvrtc::Nvrtc, program: &str, arch: &str) -> Option<std::path::PathBuf> {
    super::super::cache_dir::cache_dir().map(|d| {
        let v = format!("{}.{}", lib.version.0, lib.version.1);
        d.join("cuda")
            .join(format!("{}.cubin", crate::hash::key128(&[program.as_bytes(), arch.as_bytes(), v.as_bytes()])))
    })
}

/// The CUBIN of `program` for `arch`, and whether it came from the disk cache (checked by
/// `cache_file`; a bad entry is compiled again and replaced).
fn cubin(lib: &nvrtc::Nvrtc, program: &str, arch: &str, label: &str) -> Result<(Vec<u8>, bool)> {
    let disk = disk_path(lib, program, arch);
    if let Some(bytes) = disk.as_ref().and_then(|p| crate::backend::cache_file::read(p, MAX_CUBIN_BYTES)) {
        return Ok((bytes, true));
    }
    Ok((compile_and_store(lib, program, arch, label)?, false))
}

/// Compiles `program` with NVRTC and stores the CUBIN on disk (a cache that cannot be written
/// only costs the next process a compile).
fn compile_and_store(lib: &nvrtc::Nvrtc, program: &str, arch: &str, label: &str) -> Result<Vec<u8>> {
    let bytes = lib.compile(program, arch, Output::Cubin, label)?;
    if let Some(p) = disk_path(lib, program, arch) {
        crate::backend::cache_file::write(&p, &bytes);
    }
    Ok(bytes)
}

/// Loads PTX text (the driver JIT-compiles it) through the same process-wide cache.
pub fn load_ptx(ctx: &CudaComputeContext, ptx: &str, label: &str) -> Result<Arc<CudaModule>> {
    if ptx.contains('\0') {
        return Err(Error::ShaderCompile { entry: label.into(), log: "PTX source contains a NUL byte".into() });
    }
    let key = (ctx.id(), format!("ptx:{}", ctx.arch()), crate::hash::fnv1a64(ptx.as_bytes()));
    if let Some(m) = loaded().get(&key) {
        return Ok(m);
    }
    let module = ctx
        .cuda_context()
        .load_module(Ptx::from_src(ptx))
        .map_err(|e| Error::ShaderCompile { entry: label.into(), log: format!("cuModuleLoadData: {e:?}") })?;
    Ok(loaded().insert(key, module))
}
