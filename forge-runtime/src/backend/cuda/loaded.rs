//! The process-wide map of loaded modules, kept apart from `module` (which loads them) so that
//! a context can drop its own entries without the two importing each other.

use crate::backend::bounded::Bounded;
use cudarc::driver::CudaModule;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The context's unique id (`CudaComputeContext::id`, never reused), the arch, and the
/// program's hash.
pub(super) type Key = (u64, String, u64);

/// Most modules the process-wide cache keeps: past it the least recently used is dropped
/// (instances hold their own; a later `new` loads it again, from the disk cache). A context's
/// modules leave the cache when the context is dropped.
pub const MAX_CACHED_MODULES: usize = 1024;

pub(super) fn loaded() -> MutexGuard<'static, Bounded<Key, Arc<CudaModule>>> {
    static CACHE: OnceLock<Mutex<Bounded<Key, Arc<CudaModule>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Bounded::new(MAX_CACHED_MODULES)));
    cache.lock().unwrap_or_else(|p| p.into_inner())
}

/// Modules loaded through the process-wide cache (at most [`MAX_CACHED_MODULES`]).
pub fn cached_module_count() -> usize {
    loaded().len()
}

/// Drops the cached modules of context `id` (when it is dropped).
pub(crate) fn forget_context(id: u64) {
    loaded().retain(|k| k.0 != id);
}
