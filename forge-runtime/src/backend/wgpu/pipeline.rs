//! Pipelines: WGSL validation with naga, compilation in error scopes, the pipeline cache, bind groups.

use std::sync::atomic::Ordering;

use super::alloc::SlabKind;
use super::context::WgpuComputeContext;
use crate::error::{Error, Result};
use crate::memory::BufferView;

/// Parses and validates WGSL with naga; errors carry naga's rendered, spanned message.
pub fn validate_wgsl(source: &str, entry_point: &str) -> Result<naga::Module> {
    let module = naga::front::wgsl::parse_str(source)
        .map_err(|e| Error::ShaderCompile { entry: entry_point.to_string(), log: e.emit_to_string(source) })?;
    let mut validator =
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all());
    validator
        .validate(&module)
        .map_err(|e| Error::ShaderCompile { entry: entry_point.to_string(), log: e.emit_to_string(source) })?;
    let found = module.entry_points.iter().any(|ep| ep.name == entry_point && ep.stage == naga::ShaderStage::Compute);
    if !found {
        let names: Vec<&str> = module.entry_points.iter().map(|ep| ep.name.as_str()).collect();
        return Err(Error::ShaderCompile {
            entry: entry_point.to_string(),
            log: format!("no @compute entry point `{entry_point}` (entry points: {})", names.join(", ")),
        });
    }
    Ok(module)
}

impl WgpuComputeContext {
    /// Validates WGSL with naga, then builds the shader module and a compute pipeline with an
    /// automatic layout inside error scopes. Any failure is `Error::ShaderCompile`.
    pub fn compile_pipeline(&self, source: &str, entry_point: &str) -> Result<wgpu::ComputePipeline> {
        self.take_uncaptured("compile_pipeline")?;
        validate_wgsl(source, entry_point)?;
        self.compilations.fetch_add(1, Ordering::Relaxed);
        let entry = entry_point.to_string();
        self.scoped("compile_pipeline", || {
            let module = self.device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(entry_point),
                source: wgpu::ShaderSource::Wgsl(source.into()),
            });
            self.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(entry_point),
                layout: None,
                module: &module,
                entry_point: Some(entry_point),
                compilation_options: wgpu::PipelineCompilationOptions::default(),
                cache: self.disk_cache.as_ref().map(|d| &d.cache),
            })
        })
        .map_err(|e| match e {
            Error::Wgpu { message, .. } => Error::ShaderCompile { entry, log: message },
            other => other,
        })
    }

    /// Most pipelines a context keeps for reuse: past it the least recently used is dropped
    /// (instances hold their own, so only a later `new` of the same kernel compiles it again,
    /// from the driver's pipeline cache where there is one). Each costs the driver up to about
    /// a megabyte (lavapipe), so the cache stays within a few hundred megabytes.
    pub const MAX_CACHED_PIPELINES: usize = 128;

    /// [`Self::compile_pipeline`] behind a context-lifetime cache keyed by `entry \0 source`
    /// (at most [`Self::MAX_CACHED_PIPELINES`]). Failures are not cached.
    pub fn compile_pipeline_cached(&self, source: &str, entry_point: &str) -> Result<wgpu::ComputePipeline> {
        let key = format!("{entry_point}\0{source}");
        if let Some(p) = self.lock_pipelines().get(&key) {
            return Ok(p);
        }
        let pipeline = self.compile_pipeline(source, entry_point)?;
        Ok(self.lock_pipelines().insert(key, pipeline))
    }

    /// Writes the driver's pipeline cache to disk (where the device has one), so the next
    /// process compiles these pipelines from the cache.
    pub fn persist_pipeline_cache(&self) {
        if let Some(d) = &self.disk_cache {
            d.persist();
        }
    }

    /// Distinct pipelines in the cache (at most [`Self::MAX_CACHED_PIPELINES`]).
    pub fn cached_pipeline_count(&self) -> usize {
        self.lock_pipelines().len()
    }

    /// Real compilations this context ran (cache hits excluded).
    pub fn compilation_count(&self) -> u64 {
        self.compilations.load(Ordering::Relaxed)
    }

    fn lock_pipelines(
        &self,
    ) -> std::sync::MutexGuard<'_, crate::backend::bounded::Bounded<String, wgpu::ComputePipeline>> {
        match self.pipelines.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// Bind group 0 of `pipeline` with each view at its `binding`, on the slab its usage
    /// selects. Built in an error scope: a mismatch with the shader is an error, not a panic.
    /// Rebuild after [`Self::generation`] changes.
    pub fn create_compute_bind_group(
        &self,
        pipeline: &wgpu::ComputePipeline,
        buffers: &[BufferView],
    ) -> Result<wgpu::BindGroup> {
        self.take_uncaptured("create_compute_bind_group")?;
        for view in buffers {
            self.check_view_bounds(view)?;
        }
        self.scoped("create_compute_bind_group", || {
            let layout = pipeline.get_bind_group_layout(0);
            let entries: Vec<wgpu::BindGroupEntry<'_>> = buffers
                .iter()
                .map(|view| wgpu::BindGroupEntry {
                    binding: view.binding,
                    resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer: self.slab_buffer(SlabKind::for_usage(view.usage)),
                        offset: view.offset,
                        size: wgpu::BufferSize::new(view.size),
                    }),
                })
                .collect();
            self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("forge bind group"),
                layout: &layout,
                entries: &entries,
            })
        })
    }

    /// A bind group whose views all live in the `kind` slab, whatever their usage says.
    pub(crate) fn bind_group_on(
        &self,
        pipeline: &wgpu::ComputePipeline,
        views: &[BufferView],
        kind: SlabKind,
    ) -> Result<wgpu::BindGroup> {
        let buffer = self.slab_buffer(kind);
        self.scoped("binding a copy kernel", || {
            let layout = pipeline.get_bind_group_layout(0);
            let entries: Vec<wgpu::BindGroupEntry<'_>> = views
                .iter()
                .map(|v| wgpu::BindGroupEntry {
                    binding: v.binding,
                    resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer,
                        offset: v.offset,
                        size: wgpu::BufferSize::new(v.size),
                    }),
                })
                .collect();
            self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("forge copy"),
                layout: &layout,
                entries: &entries,
            })
        })
    }
}
