//! The wgpu backend: a device with four slabs, a WGSL pipeline cache and one-submission graph runs.
//!
//! Files: `adapter` (adapter choice, identity, limits), `alloc` (slab offset bookkeeping),
//! `context` (the context and its construction), `slabs` (allocation and growth), `pipeline`
//! (naga validation, compilation, cache, bind groups), `submit` (graph submission, readback,
//! timestamps), `upload` (an instance's mapped input staging), `spirv` (SPIR-V pipelines),
//! `scene` (ray-query acceleration structures).

mod adapter;
mod alloc;
mod context;
mod coopmat;
mod device;
mod disk_cache;
mod exec;
mod layout;
mod oracle;
mod pipeline;
mod record;
mod scene;
mod slabs;
mod spirv;
mod submit;
mod upload;

pub use adapter::{available_adapters, AdapterConstraints, AdapterIdentity, ContextOptions, HardwareProfile};
pub use alloc::{align_up_saturating, view_size, SlabAllocator, SlabKind};
pub use context::WgpuComputeContext;
pub use device::WgpuDevice;

/// Initial size of each seed-API slab of a context (they grow on demand; graph instances own
/// their memory and never use them).
pub const SEED_SLAB_BYTES: usize = 1 << 20;
pub use pipeline::validate_wgsl;
pub use scene::check_triangle_soup;
pub use spirv::{spirv_words, validate_spirv};
pub use submit::{GraphPass, GraphRun};

#[allow(dead_code)]
fn assert_send_sync() {
    fn is<T: Send + Sync>() {}
    is::<WgpuComputeContext>();
    is::<GraphPass>();
}
