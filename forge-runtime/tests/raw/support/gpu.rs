//! Test support: runs one WGSL compute kernel through wgpu (software Vulkan here) on byte buffers.
#![allow(dead_code)]

use std::sync::{Mutex, OnceLock};

/// One binding's data for a wgpu run (all in @group(0)).
pub enum GpuBinding {
    Storage {
        binding: u32,
        bytes: Vec<u8>,
        read_only: bool,
    },
    Uniform {
        binding: u32,
        bytes: Vec<u8>,
    },
    /// Triangle soup for an acceleration structure (9 floats a triangle).
    Scene {
        binding: u32,
        triangles: Vec<f32>,
    },
}

pub struct Gpu {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub ray_query: bool,
    pub adapter_name: String,
}

static GPU: OnceLock<Result<Mutex<Gpu>, String>> = OnceLock::new();

/// The shared wgpu device, or why there is none (the adapter's name printed once).
pub fn gpu() -> Result<&'static Mutex<Gpu>, String> {
    GPU.get_or_init(|| {
        create().map(|g| {
            eprintln!("wgpu adapter: {} (ray query: {})", g.adapter_name, g.ray_query);
            Mutex::new(g)
        })
    })
    .as_ref()
    .map_err(Clone::clone)
}

fn create() -> Result<Gpu, String> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()))
        .map_err(|e| e.to_string())?;
    let info = adapter.get_info();
    let ray_query = adapter.features().contains(wgpu::Features::EXPERIMENTAL_RAY_QUERY);
    let mut features = wgpu::Features::empty();
    if ray_query {
        features |= wgpu::Features::EXPERIMENTAL_RAY_QUERY;
    }
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: None,
        required_features: features,
        required_limits: adapter.limits(),
        // SAFETY: ray queries are an experimental wgpu feature; these tests only trace opaque
        // triangle scenes they build themselves.
        experimental_features: if ray_query {
            unsafe { wgpu::ExperimentalFeatures::enabled() }
        } else {
            Default::default()
        },
        memory_hints: Default::default(),
        trace: Default::default(),
    }))
    .map_err(|e| e.to_string())?;
    Ok(Gpu { device, queue, ray_query, adapter_name: format!("{} ({:?})", info.name, info.backend) })
}

impl Gpu {
    /// Runs `entry` of `wgsl`; returns the final bytes of every storage binding, in input order
    /// (`None` for uniforms and scenes).
    pub fn run(
        &self,
        wgsl: &str,
        entry: &str,
        bindings: &[GpuBinding],
        workgroups: [u32; 3],
    ) -> Result<Vec<Option<Vec<u8>>>, String> {
        use wgpu::util::DeviceExt;
        let d = &self.device;
        let scope = d.push_error_scope(wgpu::ErrorFilter::Validation);
        let module = d.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(wgsl.into()),
        });
        let pipeline = d.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: None,
            module: &module,
            entry_point: Some(entry),
            compilation_options: Default::default(),
            cache: None,
        });
        let mut buffers = Vec::new();
        let mut tlases = Vec::new();
        for b in bindings {
            match b {
                GpuBinding::Storage { bytes, .. } => {
                    buffers.push(Some(d.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                        label: None,
                        contents: bytes,
                        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                    })))
                }
                GpuBinding::Uniform { bytes, .. } => {
                    buffers.push(Some(d.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                        label: None,
                        contents: bytes,
                        usage: wgpu::BufferUsages::UNIFORM,
                    })))
                }
                GpuBinding::Scene { triangles, .. } => {
                    buffers.push(None);
                    tlases.push(crate::scene_gpu::build(self, triangles)?);
                }
            }
        }
        let layout = pipeline.get_bind_group_layout(0);
        let mut tl = tlases.iter();
        let entries: Vec<wgpu::BindGroupEntry> = bindings
            .iter()
            .zip(&buffers)
            .filter_map(|(b, buf)| match (b, buf) {
                (GpuBinding::Storage { binding, .. } | GpuBinding::Uniform { binding, .. }, Some(buf)) => {
                    Some(wgpu::BindGroupEntry { binding: *binding, resource: buf.as_entire_binding() })
                }
                (GpuBinding::Scene { binding, .. }, None) => {
                    tl.next().map(|t| wgpu::BindGroupEntry { binding: *binding, resource: t.as_binding() })
                }
                _ => None,
            })
            .collect();
        let bind_group =
            d.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &layout, entries: &entries });
        let mut enc = d.create_command_encoder(&Default::default());
        {
            let mut pass = enc.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind_group, &[]);
            pass.dispatch_workgroups(workgroups[0], workgroups[1], workgroups[2]);
        }
        let mut staging = Vec::new();
        for (b, buf) in bindings.iter().zip(&buffers) {
            if let (GpuBinding::Storage { bytes, .. }, Some(buf)) = (b, buf) {
                let s = d.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: bytes.len() as u64,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                enc.copy_buffer_to_buffer(buf, 0, &s, 0, bytes.len() as u64);
                staging.push(Some(s));
            } else {
                staging.push(None);
            }
        }
        self.queue.submit([enc.finish()]);
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(format!("wgpu validation: {e}"));
        }
        let mut out = Vec::new();
        for s in &staging {
            match s {
                Some(s) => {
                    s.slice(..).map_async(wgpu::MapMode::Read, |r| {
                        if let Err(e) = r {
                            eprintln!("map failed: {e}");
                        }
                    });
                    d.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| e.to_string())?;
                    let view = s.slice(..).get_mapped_range().map_err(|e| e.to_string())?;
                    out.push(Some(view.to_vec()));
                    drop(view);
                    s.unmap();
                }
                None => out.push(None),
            }
        }
        Ok(out)
    }
}
