//! Test support: a minimal NVRTC binding loaded at run time with libloading (no CUDA toolkit at
//! build time), and a ptxas runner.
#![allow(dead_code)]

use std::ffi::{c_char, c_int, c_void, CStr, CString};

type Program = *mut c_void;
type CreateFn = unsafe extern "C" fn(
    *mut Program,
    *const c_char,
    *const c_char,
    c_int,
    *const *const c_char,
    *const *const c_char,
) -> c_int;
type CompileFn = unsafe extern "C" fn(Program, c_int, *const *const c_char) -> c_int;
type SizeFn = unsafe extern "C" fn(Program, *mut usize) -> c_int;
type GetFn = unsafe extern "C" fn(Program, *mut c_char) -> c_int;
type DestroyFn = unsafe extern "C" fn(*mut Program) -> c_int;

pub struct Nvrtc {
    lib: libloading::Library,
    pub path: String,
}

const CI_DIR: &str = "/opt/forge-ci-cuda/nvidia/cuda_nvrtc/lib";

impl Nvrtc {
    /// Loads libnvrtc from `$FORGE_NVRTC_LIB_DIR`, the usual names, or the CI directory.
    pub fn load() -> Result<Nvrtc, String> {
        let names = ["libnvrtc.so", "libnvrtc.so.12", "libnvrtc.so.13"];
        let mut candidates = Vec::new();
        if let Ok(dir) = std::env::var("FORGE_NVRTC_LIB_DIR") {
            candidates.extend(names.iter().map(|n| format!("{dir}/{n}")));
        }
        candidates.extend(names.iter().map(|n| n.to_string()));
        candidates.extend(names.iter().map(|n| format!("{CI_DIR}/{n}")));
        let mut errors = Vec::new();
        for c in candidates {
            // SAFETY: loading libnvrtc runs its initialisers, which only set up the library.
            match unsafe { libloading::Library::new(&c) } {
                Ok(lib) => return Ok(Nvrtc { lib, path: c }),
                Err(e) => errors.push(format!("{c}: {e}")),
            }
        }
        Err(format!("libnvrtc not found ({})", errors.join("; ")))
    }

    fn sym<T: Copy>(&self, name: &[u8]) -> Result<T, String> {
        // SAFETY: the symbol types above match the NVRTC C API declarations.
        unsafe { self.lib.get::<T>(name).map(|s| *s).map_err(|e| e.to_string()) }
    }

    /// Compiles CUDA-C to PTX for `arch` (e.g. "compute_90"); `Err` carries the log.
    pub fn compile(&self, src: &str, arch: &str) -> Result<String, String> {
        let create: CreateFn = self.sym(b"nvrtcCreateProgram\0")?;
        let compile: CompileFn = self.sym(b"nvrtcCompileProgram\0")?;
        let log_size: SizeFn = self.sym(b"nvrtcGetProgramLogSize\0")?;
        let get_log: GetFn = self.sym(b"nvrtcGetProgramLog\0")?;
        let ptx_size: SizeFn = self.sym(b"nvrtcGetPTXSize\0")?;
        let get_ptx: GetFn = self.sym(b"nvrtcGetPTX\0")?;
        let destroy: DestroyFn = self.sym(b"nvrtcDestroyProgram\0")?;
        let csrc = CString::new(src).map_err(|e| e.to_string())?;
        let name = CString::new("kernel.cu").map_err(|e| e.to_string())?;
        let opts: Vec<CString> = [format!("--gpu-architecture={arch}"), "--std=c++17".into()]
            .into_iter()
            .map(|o| CString::new(o).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        let opt_ptrs: Vec<*const c_char> = opts.iter().map(|o| o.as_ptr()).collect();
        let mut prog: Program = std::ptr::null_mut();
        // SAFETY: every pointer passed is valid for the call; NVRTC copies the source; the
        // program is destroyed below on every path after creation.
        unsafe {
            let rc = create(&mut prog, csrc.as_ptr(), name.as_ptr(), 0, std::ptr::null(), std::ptr::null());
            if rc != 0 {
                return Err(format!("nvrtcCreateProgram failed: {rc}"));
            }
            let rc = compile(prog, opt_ptrs.len() as c_int, opt_ptrs.as_ptr());
            let mut n = 0usize;
            log_size(prog, &mut n);
            let mut log = vec![0u8; n.max(1)];
            get_log(prog, log.as_mut_ptr() as *mut c_char);
            let log = CStr::from_bytes_until_nul(&log).map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
            let result = if rc != 0 {
                Err(format!("nvrtcCompileProgram failed ({rc}):\n{log}"))
            } else {
                let mut n = 0usize;
                ptx_size(prog, &mut n);
                let mut ptx = vec![0u8; n.max(1)];
                get_ptx(prog, ptx.as_mut_ptr() as *mut c_char);
                Ok(CStr::from_bytes_until_nul(&ptx).map(|c| c.to_string_lossy().into_owned()).unwrap_or_default())
            };
            destroy(&mut prog);
            result
        }
    }
}

/// Path of ptxas: `$FORGE_PTXAS` or the CI toolkit's.
pub fn ptxas() -> Option<String> {
    let p = std::env::var("FORGE_PTXAS").unwrap_or_else(|_| "/opt/forge-ci-cuda/nvidia/cuda_nvcc/bin/ptxas".into());
    std::path::Path::new(&p).exists().then_some(p)
}

/// Assembles PTX for `sm` (e.g. "sm_90"); `Err` carries ptxas's output.
pub fn assemble(ptxas: &str, ptx: &str, sm: &str, tag: &str) -> Result<(), String> {
    let dir = std::env::temp_dir().join("forge-raw-ptx");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let input = dir.join(format!("{tag}-{sm}.ptx"));
    std::fs::write(&input, ptx).map_err(|e| e.to_string())?;
    let out = std::process::Command::new(ptxas)
        .arg(format!("-arch={sm}"))
        .arg(&input)
        .arg("-o")
        .arg(dir.join(format!("{tag}-{sm}.cubin")))
        .output()
        .map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
    }
}
