//! Where compiled code is kept across processes: `FORGE_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/forge`, else `~/.cache/forge`; `FORGE_DISK_CACHE=0` turns it off. A variable
//! set to the empty string (or only spaces) counts as unset, as the XDG spec says.

use std::ffi::OsString;
use std::path::PathBuf;

/// The cache directory, or `None` where the environment gives none or it is turned off.
#[allow(dead_code)]
pub fn cache_dir() -> Option<PathBuf> {
    cache_dir_in(|name| std::env::var_os(name))
}

/// A variable's value, `None` when it is unset or empty (or only spaces).
#[allow(dead_code)]
pub fn non_empty_var(name: &str) -> Option<OsString> {
    non_empty(std::env::var_os(name))
}

fn non_empty(v: Option<OsString>) -> Option<OsString> {
    v.filter(|v| !v.to_string_lossy().trim().is_empty())
}

/// [`cache_dir`] over the environment `var`.
fn cache_dir_in(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let var = |name: &str| non_empty(var(name));
    if var("FORGE_DISK_CACHE").is_some_and(|v| v.to_string_lossy().trim() == "0") {
        return None;
    }
    if let Some(dir) = var("FORGE_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = var("XDG_CACHE_HOME") {
        return Some(PathBuf::from(dir).join("forge"));
    }
    var("HOME").map(|h| PathBuf::from(h).join(".cache").join("forge"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(env: &[(&str, &str)]) -> Option<PathBuf> {
        cache_dir_in(|name| env.iter().find(|(k, _)| *k == name).map(|(_, v)| OsString::from(v)))
    }

    /// An empty variable is unset: `FORGE_CACHE_DIR=""` does not mean the current directory.
    #[test]
    fn empty_variables_are_unset() {
        assert_eq!(dir(&[("FORGE_CACHE_DIR", "/c"), ("HOME", "/h")]), Some(PathBuf::from("/c")));
        assert_eq!(dir(&[("FORGE_CACHE_DIR", ""), ("HOME", "/h")]), Some(PathBuf::from("/h/.cache/forge")));
        assert_eq!(dir(&[("FORGE_CACHE_DIR", "  "), ("XDG_CACHE_HOME", ""), ("HOME", "/h")]), dir(&[("HOME", "/h")]));
        assert_eq!(dir(&[("FORGE_CACHE_DIR", ""), ("XDG_CACHE_HOME", ""), ("HOME", "")]), None);
        assert_eq!(dir(&[("FORGE_DISK_CACHE", "0"), ("HOME", "/h")]), None);
        assert_eq!(dir(&[("FORGE_DISK_CACHE", ""), ("HOME", "/h")]), Some(PathBuf::from("/h/.cache/forge")));
    }
}
