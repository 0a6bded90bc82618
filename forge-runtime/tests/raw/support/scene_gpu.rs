//! Test support: builds a wgpu acceleration structure (one BLAS, one identity-transform TLAS
//! instance, opaque triangles, mask 0xFF) from a flat triangle soup.
#![allow(dead_code)]

pub fn build(gpu: &crate::gpu::Gpu, triangles: &[f32]) -> Result<wgpu::Tlas, String> {
    use wgpu::util::DeviceExt;
    let d = &gpu.device;
    let vertex_count = (triangles.len() / 3) as u32;
    let size = wgpu::BlasTriangleGeometrySizeDescriptor {
        vertex_format: wgpu::VertexFormat::Float32x3,
        vertex_count,
        index_format: None,
        index_count: None,
        flags: wgpu::AccelerationStructureGeometryFlags::OPAQUE,
    };
    let blas = d.create_blas(
        &wgpu::CreateBlasDescriptor {
            label: None,
            flags: wgpu::AccelerationStructureFlags::PREFER_FAST_TRACE,
            update_mode: wgpu::AccelerationStructureUpdateMode::Build,
        },
        wgpu::BlasGeometrySizeDescriptors::Triangles { descriptors: vec![size.clone()] },
    );
    let mut tlas = d.create_tlas(&wgpu::CreateTlasDescriptor {
        label: None,
        max_instances: 1,
        flags: wgpu::AccelerationStructureFlags::PREFER_FAST_TRACE,
        update_mode: wgpu::AccelerationStructureUpdateMode::Build,
    });
    let vb = d.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: None,
        contents: bytemuck::cast_slice(triangles),
        usage: wgpu::BufferUsages::BLAS_INPUT,
    });
    let identity = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
    *tlas.get_mut_single(0).ok_or("tlas slot")? = Some(wgpu::TlasInstance::new(&blas, identity, 0, 0xFF));
    let mut enc = d.create_command_encoder(&Default::default());
    enc.build_acceleration_structures(
        [&wgpu::BlasBuildEntry {
            blas: &blas,
            geometry: wgpu::BlasGeometries::TriangleGeometries(vec![wgpu::BlasTriangleGeometry {
                size: &size,
                vertex_buffer: &vb,
                first_vertex: 0,
                vertex_stride: 12,
                index_buffer: None,
                first_index: None,
                transform_buffer: None,
                transform_buffer_offset: None,
            }]),
        }],
        [&tlas],
    );
    gpu.queue.submit([enc.finish()]);
    Ok(tlas)
}
