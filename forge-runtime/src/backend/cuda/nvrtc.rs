//! NVRTC, loaded by Forge itself: CUDA-C to PTX or CUBIN without a GPU. cudarc's loader only
//! looks for the library names of the CUDA version it was built for; this one also finds
//! `libnvrtc.so.13`/`.so.12`, `FORGE_NVRTC_LIB_DIR`, the CUDA toolkit and the NVIDIA wheels of a
//! Python environment, so one build works with the CUDA 12 and 13 toolkits.

use crate::error::{Error, Result};
use libloading::{Library, Symbol};
use std::ffi::{c_char, c_int, c_void, CString};
use std::path::PathBuf;
use std::sync::OnceLock;

type Prog = *mut c_void;
type CreateFn = unsafe extern "C" fn(
    *mut Prog,
    *const c_char,
    *const c_char,
    c_int,
    *const *const c_char,
    *const *const c_char,
) -> c_int;
type CompileFn = unsafe extern "C" fn(Prog, c_int, *const *const c_char) -> c_int;
type SizeFn = unsafe extern "C" fn(Prog, *mut usize) -> c_int;
type GetFn = unsafe extern "C" fn(Prog, *mut c_char) -> c_int;
type DestroyFn = unsafe extern "C" fn(*mut Prog) -> c_int;
type VersionFn = unsafe extern "C" fn(*mut c_int, *mut c_int) -> c_int;

/// The library and its version.
pub struct Nvrtc {
    lib: Library,
    pub version: (i32, i32),
    pub path: String,
}

fn candidates() -> Vec<PathBuf> {
    let names = [
        "libnvrtc.so",
        "libnvrtc.so.13",
        "libnvrtc.so.12",
        "libnvrtc.so.11.2",
        "nvrtc64_130_0.dll",
        "nvrtc64_120_0.dll",
    ];
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(d) = crate::backend::cache_dir::non_empty_var("FORGE_NVRTC_LIB_DIR") {
        dirs.push(d.into());
    }
    for var in ["CUDA_PATH", "CUDA_HOME"] {
        if let Some(d) = crate::backend::cache_dir::non_empty_var(var) {
            dirs.push(PathBuf::from(d).join("lib64"));
        }
    }
    dirs.extend(["/usr/local/cuda/lib64", "/usr/local/cuda/targets/x86_64-linux/lib"].map(PathBuf::from));
    let mut out: Vec<PathBuf> = Vec::new();
    for d in &dirs {
        out.extend(names.iter().map(|n| d.join(n)));
    }
    // Bare names last: the dynamic loader's own search (LD_LIBRARY_PATH, ldconfig).
    out.extend(names.iter().map(PathBuf::from));
    out
}

/// The process's NVRTC, loaded once; `Err` says where it looked.
pub fn get() -> Result<&'static Nvrtc> {
    static LIB: OnceLock<std::result::Result<Nvrtc, String>> = OnceLock::new();
    LIB.get_or_init(|| {
        for path in candidates() {
            // SAFETY: loading NVRTC runs its initialisers, which have no preconditions.
            let Ok(lib) = (unsafe { Library::new(&path) }) else { continue };
            let mut version = (0, 0);
            // SAFETY: `nvrtcVersion` has this signature in every NVRTC release.
            if let Ok(f) = unsafe { lib.get::<VersionFn>(b"nvrtcVersion\0") } {
                // SAFETY: two valid out-pointers.
                unsafe { f(&mut version.0, &mut version.1) };
            }
            return Ok(Nvrtc { lib, version, path: path.display().to_string() });
        }
        Err("libnvrtc was not found (looked in FORGE_NVRTC_LIB_DIR, CUDA_PATH/CUDA_HOME, /usr/local/cuda and the loader path for libnvrtc.so, .so.13, .so.12)".into())
    })
    .as_ref()
    .map_err(|reason| Error::BackendUnavailable { requested: "cuda (NVRTC)".into(), reason: reason.clone() })
}

/// What NVRTC produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    Ptx,
    /// Machine code for exactly the target arch (`sm_XX`): no JIT when the module loads.
    Cubin,
}

impl Nvrtc {
    fn sym<T>(&self, name: &[u8]) -> Result<Symbol<'_, T>> {
        // SAFETY: every symbol looked up here has the signature its type alias gives it.
        unsafe { self.lib.get::<T>(name) }.map_err(|e| Error::Cuda { during: "loading NVRTC", message: e.to_string() })
    }

    /// Compiles `source` for `arch` (e.g. `sm_90`) to PTX or CUBIN; errors carry NVRTC's log.
    pub fn compile(&self, source: &str, arch: &str, output: Output, label: &str) -> Result<Vec<u8>> {
        let src = CString::new(source)
            .map_err(|_| Error::ShaderCompile { entry: label.into(), log: "source contains a NUL byte".into() })?;
        let name = CString::new("forge.cu").unwrap_or_default();
        let gpu = match output {
            Output::Ptx => format!("--gpu-architecture=compute_{}", arch.trim_start_matches("sm_")),
            Output::Cubin => format!("--gpu-architecture={arch}"),
        };
        let mut opts = vec![gpu.as_str(), "-default-device", "--std=c++17", "-diag-suppress=177,550"];
        // Forge's programs use no CUDA headers, runtime calls or textures: `-minimal` (NVRTC
        // 12.4+) leaves those declarations out, a few tens of ms less front end per program.
        if self.version >= (12, 4) {
            opts.push("-minimal");
        }
        let opts: Vec<CString> = opts.iter().filter_map(|o| CString::new(*o).ok()).collect();
        let opt_ptrs: Vec<*const c_char> = opts.iter().map(|o| o.as_ptr()).collect();
        let create = self.sym::<CreateFn>(b"nvrtcCreateProgram\0")?;
        let compile = self.sym::<CompileFn>(b"nvrtcCompileProgram\0")?;
        let destroy = self.sym::<DestroyFn>(b"nvrtcDestroyProgram\0")?;
        let mut prog: Prog = std::ptr::null_mut();
        // SAFETY: `src` and `name` are NUL-terminated and outlive the call; no headers.
        let r = unsafe { create(&mut prog, src.as_ptr(), name.as_ptr(), 0, std::ptr::null(), std::ptr::null()) };
        if r != 0 {
            return Err(Error::Cuda { during: "creating an NVRTC program", message: format!("nvrtcResult {r}") });
        }
        // SAFETY: `prog` was created above; the option strings outlive the call.
        let r = unsafe { compile(prog, opt_ptrs.len() as c_int, opt_ptrs.as_ptr()) };
        let result = if r != 0 {
            let log = self.read(prog, b"nvrtcGetProgramLogSize\0", b"nvrtcGetProgramLog\0").unwrap_or_default();
            Err(Error::ShaderCompile {
                entry: label.into(),
                log: String::from_utf8_lossy(&log).trim_end_matches('\0').to_string(),
            })
        } else {
            match output {
                Output::Ptx => self.read(prog, b"nvrtcGetPTXSize\0", b"nvrtcGetPTX\0"),
                Output::Cubin => self.read(prog, b"nvrtcGetCUBINSize\0", b"nvrtcGetCUBIN\0"),
            }
        };
        // SAFETY: `prog` is destroyed exactly once.
        unsafe { destroy(&mut prog) };
        result
    }

    fn read(&self, prog: Prog, size_sym: &[u8], get_sym: &[u8]) -> Result<Vec<u8>> {
        let size = self.sym::<SizeFn>(size_sym)?;
        let get = self.sym::<GetFn>(get_sym)?;
        let mut n = 0usize;
        // SAFETY: `prog` is a live program; `n` receives the size.
        let r = unsafe { size(prog, &mut n) };
        if r != 0 {
            return Err(Error::Cuda { during: "reading NVRTC output", message: format!("nvrtcResult {r}") });
        }
        let mut buf = vec![0u8; n];
        // SAFETY: `buf` has the size NVRTC reported.
        let r = unsafe { get(prog, buf.as_mut_ptr().cast()) };
        if r != 0 {
            return Err(Error::Cuda { during: "reading NVRTC output", message: format!("nvrtcResult {r}") });
        }
        Ok(buf)
    }
}

/// PTX text of `program` for `arch`.
pub fn compile_ptx(program: &str, arch: &str) -> Result<String> {
    let bytes = get()?.compile(program, arch, Output::Ptx, "program")?;
    Ok(String::from_utf8_lossy(&bytes).trim_end_matches('\0').to_string())
}
