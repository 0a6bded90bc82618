//! Where compiled code is kept across processes: `FORGE_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/forge`, else `~/.cache/forge`; `FORGE_DISK_CACHE=0` turns it off.

use std::path::PathBuf;

/// The cache directory, or `None` where the environment gives none or it is turned off.
#[allow(dead_code)]
pub fn cache_dir() -> Option<PathBuf> {
    if std::env::var("FORGE_DISK_CACHE").is_ok_and(|v| v.trim() == "0") {
        return None;
    }
    if let Some(dir) = std::env::var_os("FORGE_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(dir).join("forge"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("forge"))
}
