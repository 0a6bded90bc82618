//! Ray-query scenes: a triangle soup built into a BLAS + single-instance TLAS, and bind groups that bind it.
//!
//! Ray queries are wgpu's `Features::EXPERIMENTAL_RAY_QUERY` (Vulkan `VK_KHR_ray_query` +
//! `VK_KHR_acceleration_structure`); the context requests it whenever the adapter has it (see
//! `adapter::request_device`). Without it every call here is `Error::Unsupported`, checked
//! before anything reaches the device.

use super::alloc::SlabKind;
use super::context::WgpuComputeContext;
use crate::error::{Error, Result};
use crate::memory::BufferView;

/// Floats per triangle: three vertices of three `f32` coordinates.
const FLOATS_PER_TRIANGLE: usize = 9;
/// Bytes per vertex (`VertexFormat::Float32x3`, tightly packed).
const VERTEX_STRIDE: u64 = 12;
/// Row-major 3×4 identity: the single TLAS instance places the soup as given.
const IDENTITY_3X4: [f32; 12] = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];

fn bad_vertices(reason: String) -> Error {
    Error::InvalidArgument { argument: "vertices".into(), reason }
}

/// Checks a triangle soup (`x y z` per vertex, three vertices per triangle) and returns its
/// triangle count: not empty, a multiple of 9 floats, every coordinate finite (a NaN or an
/// infinity has no place in a bounding-volume build).
pub fn check_triangle_soup(vertices: &[f32]) -> Result<usize> {
    if vertices.is_empty() {
        return Err(bad_vertices("the triangle soup is empty (need 9 floats per triangle)".into()));
    }
    if !vertices.len().is_multiple_of(FLOATS_PER_TRIANGLE) {
        return Err(bad_vertices(format!(
            "{} floats is not a whole number of triangles (9 floats each: 3 vertices of x, y, z); {} left over",
            vertices.len(),
            vertices.len() % FLOATS_PER_TRIANGLE
        )));
    }
    if let Some(i) = vertices.iter().position(|v| !v.is_finite()) {
        return Err(bad_vertices(format!(
            "float {i} (triangle {}, vertex {}, {}) is {}; coordinates must be finite",
            i / FLOATS_PER_TRIANGLE,
            i % FLOATS_PER_TRIANGLE / 3,
            ["x", "y", "z"][i % 3],
            vertices[i]
        )));
    }
    Ok(vertices.len() / FLOATS_PER_TRIANGLE)
}

impl WgpuComputeContext {
    /// Whether this context's device has ray queries enabled (so scenes can be built and bound).
    pub fn supports_ray_query(&self) -> bool {
        self.device.features().contains(wgpu::Features::EXPERIMENTAL_RAY_QUERY)
    }

    /// `Error::Unsupported` naming the missing feature, unless ray queries are enabled.
    pub fn require_ray_query(&self, what: &str) -> Result<()> {
        if self.supports_ray_query() {
            return Ok(());
        }
        Err(Error::Unsupported {
            what: what.to_string(),
            reason: format!(
                "on {}: the device lacks wgpu's EXPERIMENTAL_RAY_QUERY feature (Vulkan: VK_KHR_ray_query + \
                 VK_KHR_acceleration_structure; software: lavapipe from Mesa 25 (Debian bookworm-backports))",
                self.adapter
            ),
        })
    }

    /// Builds a bottom-level acceleration structure over a triangle soup (`x y z` per vertex,
    /// three vertices per triangle, row-major `f32`s) with OPAQUE geometry, and a top-level one
    /// holding it once with the identity transform. Both are built and the queue drained before
    /// this returns. OPAQUE matters: naga's ray queries have no any-hit stage, so non-opaque
    /// triangles would never commit a hit.
    ///
    /// Keep the returned `Blas` alive with the `Tlas` for as long as any bind group binds the
    /// TLAS. Bad input is `Error::InvalidArgument`; a device without ray queries
    /// `Error::Unsupported`; device-side failures `Error::Wgpu` / `Error::OutOfMemory`.
    pub fn build_triangle_scene(&self, vertices: &[f32]) -> Result<(wgpu::Blas, wgpu::Tlas)> {
        let triangles = check_triangle_soup(vertices)?;
        self.require_ray_query("building a ray-query scene (build_triangle_scene)")?;
        self.take_uncaptured("build_triangle_scene")?;
        let limits = self.device.limits();
        if triangles as u64 > u64::from(limits.max_blas_primitive_count) || limits.max_tlas_instance_count == 0 {
            return Err(bad_vertices(format!(
                "{triangles} triangles, over this device's max_blas_primitive_count of {} (max_tlas_instance_count {})",
                limits.max_blas_primitive_count, limits.max_tlas_instance_count
            )));
        }
        let vertex_count = u32::try_from(triangles * 3)
            .map_err(|_| bad_vertices(format!("{triangles} triangles is over u32::MAX vertices")))?;
        let bytes = u64::from(vertex_count) * VERTEX_STRIDE;
        if bytes > self.constraints.max_buffer_size {
            return Err(Error::OverLimit {
                binding: "vertices".into(),
                what: "one buffer (max_buffer_size)",
                requested: bytes,
                limit: self.constraints.max_buffer_size,
            });
        }
        let scene = self.scoped("build_triangle_scene", || self.record_scene_build(vertices, vertex_count, bytes))?;
        self.wait_idle()?;
        self.take_uncaptured("build_triangle_scene")?;
        Ok(scene)
    }

    /// Creates the vertex buffer and both structures, records their build and submits it.
    fn record_scene_build(&self, vertices: &[f32], vertex_count: u32, bytes: u64) -> (wgpu::Blas, wgpu::Tlas) {
        let vertex_buffer = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("forge scene vertices"),
            size: bytes,
            usage: wgpu::BufferUsages::BLAS_INPUT | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        self.queue.write_buffer(&vertex_buffer, 0, bytemuck::cast_slice(vertices));
        let size = wgpu::BlasTriangleGeometrySizeDescriptor {
            vertex_format: wgpu::VertexFormat::Float32x3,
            vertex_count,
            index_format: None,
            index_count: None,
            flags: wgpu::AccelerationStructureGeometryFlags::OPAQUE,
        };
        let blas = self.device.create_blas(
            &wgpu::CreateBlasDescriptor {
                label: Some("forge scene BLAS"),
                flags: wgpu::AccelerationStructureFlags::PREFER_FAST_TRACE,
                update_mode: wgpu::AccelerationStructureUpdateMode::Build,
            },
            wgpu::BlasGeometrySizeDescriptors::Triangles { descriptors: vec![size.clone()] },
        );
        let mut tlas = self.device.create_tlas(&wgpu::CreateTlasDescriptor {
            label: Some("forge scene TLAS"),
            max_instances: 1,
            flags: wgpu::AccelerationStructureFlags::PREFER_FAST_TRACE,
            update_mode: wgpu::AccelerationStructureUpdateMode::Build,
        });
        tlas[0] = Some(wgpu::TlasInstance::new(&blas, IDENTITY_3X4, 0, 0xff));
        let mut encoder =
            self.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("forge scene build") });
        let entry = wgpu::BlasBuildEntry {
            blas: &blas,
            geometry: wgpu::BlasGeometries::TriangleGeometries(vec![wgpu::BlasTriangleGeometry {
                size: &size,
                vertex_buffer: &vertex_buffer,
                first_vertex: 0,
                vertex_stride: VERTEX_STRIDE,
                index_buffer: None,
                first_index: None,
                transform_buffer: None,
                transform_buffer_offset: None,
            }]),
        };
        encoder.build_acceleration_structures(std::iter::once(&entry), std::iter::once(&tlas));
        self.submit(vec![encoder.finish()]);
        (blas, tlas)
    }

    /// Bind group 0 of a ray-query `pipeline`: each view at its `binding` on the slab its usage
    /// selects (as [`Self::create_compute_bind_group`]) plus `tlas` at `scene_binding`, which the
    /// shader declares as `var scene: acceleration_structure;`. The bind group keeps the TLAS
    /// alive; keep its `Blas` alive too (see [`Self::build_triangle_scene`]).
    pub fn create_scene_bind_group(
        &self,
        pipeline: &wgpu::ComputePipeline,
        buffers: &[BufferView],
        scene_binding: u32,
        tlas: &wgpu::Tlas,
    ) -> Result<wgpu::BindGroup> {
        self.require_ray_query("binding a ray-query scene")?;
        self.take_uncaptured("create_scene_bind_group")?;
        if let Some(view) = buffers.iter().find(|v| v.binding == scene_binding) {
            return Err(Error::InvalidArgument {
                argument: "scene_binding".into(),
                reason: format!("binding {scene_binding} is also given to a buffer view ({} bytes)", view.size),
            });
        }
        for view in buffers {
            self.check_view_bounds(view)?;
        }
        self.scoped("create_scene_bind_group", || {
            let layout = pipeline.get_bind_group_layout(0);
            let mut entries: Vec<wgpu::BindGroupEntry<'_>> = buffers
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
            entries.push(wgpu::BindGroupEntry { binding: scene_binding, resource: tlas.as_binding() });
            self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("forge scene bind group"),
                layout: &layout,
                entries: &entries,
            })
        })
    }
}
