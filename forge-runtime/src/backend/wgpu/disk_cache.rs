//! The on-disk pipeline cache: driver-compiled pipelines kept across processes (Vulkan's
//! pipeline cache through wgpu's `PIPELINE_CACHE`), so a second process skips the driver's
//! shader compiler. Directory: `FORGE_CACHE_DIR`, else `$XDG_CACHE_HOME/forge`, else
//! `~/.cache/forge`; `FORGE_DISK_CACHE=0` turns it off.

use std::path::PathBuf;

/// A device's pipeline cache and the file it persists to.
pub struct DiskCache {
    pub(crate) cache: wgpu::PipelineCache,
    path: PathBuf,
}

use crate::backend::cache_dir::cache_dir;

impl DiskCache {
    /// Opens (or starts) the cache for `device`; `None` where the device, the backend or the
    /// environment gives no place for one. Never fails a context.
    pub fn open(device: &wgpu::Device, info: &wgpu::AdapterInfo) -> Option<DiskCache> {
        if !device.features().contains(wgpu::Features::PIPELINE_CACHE) {
            return None;
        }
        let path = cache_dir()?.join(wgpu::util::pipeline_cache_key(info)?);
        let data = std::fs::read(&path).ok();
        // SAFETY: the file is named by wgpu's `pipeline_cache_key` for this adapter and only
        // ever holds what `get_data` returned for a cache of such an adapter; `fallback: true`
        // makes wgpu start empty when the driver rejects the data (a different driver version).
        let cache = unsafe {
            device.create_pipeline_cache(&wgpu::PipelineCacheDescriptor {
                label: Some("forge pipeline cache"),
                data: data.as_deref(),
                fallback: true,
            })
        };
        Some(DiskCache { cache, path })
    }

    /// Writes the cache to disk (through a temporary file, so readers never see half of it).
    /// Failing to write only costs the next process its warm start, so errors are dropped.
    pub fn persist(&self) {
        let Some(data) = self.cache.get_data() else { return };
        let Some(dir) = self.path.parent() else { return };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        let tmp = self.path.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&tmp, data).is_ok() && std::fs::rename(&tmp, &self.path).is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}
