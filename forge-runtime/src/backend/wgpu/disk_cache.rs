//! The on-disk pipeline cache: driver-compiled pipelines kept across processes (Vulkan's
//! pipeline cache through wgpu's `PIPELINE_CACHE`), so a second process skips the driver's
//! shader compiler. Directory: `FORGE_CACHE_DIR`, else `$XDG_CACHE_HOME/forge`, else
//! `~/.cache/forge`; `FORGE_DISK_CACHE=0` turns it off. The file is checked before it is read
//! (`cache_file`): a bad one is a cold start, then replaced.

use std::path::PathBuf;

/// The largest pipeline cache file read or written.
const MAX_PIPELINE_CACHE_BYTES: u64 = 256 << 20;

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
        let data = crate::backend::cache_file::read(&path, MAX_PIPELINE_CACHE_BYTES);
        // SAFETY: the file is named by wgpu's `pipeline_cache_key` for this adapter and only
        // ever holds what `get_data` returned for a cache of such an adapter (its checksum
        // verified, so not truncated or corrupted on disk); `fallback: true`
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

    /// Writes the cache to disk (`cache_file`: checked, through a temporary file). Failing to
    /// write only costs the next process its warm start, so errors are dropped.
    pub fn persist(&self) {
        let Some(data) = self.cache.get_data() else { return };
        if data.len() as u64 <= MAX_PIPELINE_CACHE_BYTES {
            crate::backend::cache_file::write(&self.path, &data);
        }
    }
}
