//! Kernel IR: a checked graph lowered for concrete dims ([`Plan`]) — the buffers, the uniform
//! block and an ordered list of kernels. Every backend (WGSL, CUDA-C, the CPU) reads the same
//! [`KernelSpec`]s; shapes are concrete numbers, so code generation bakes them in.

mod expr;
pub mod fold;
pub mod fuse;
mod kernel;
pub mod limits;
pub mod split_wide;

pub use expr::{BinaryOp, Coord, CoordValue, ReduceOp, SExpr, UnaryOp};
pub use kernel::{
    Access, AttentionBody, Follower, KernelArg, KernelBody, KernelSpec, MatmulBody, NormKind, RawBody, RawSlot,
    Reduction, RowChain, RowLayerNorm, RowOp, RowRms, ScatterBody, Schedule, Windows,
};

use crate::elem::Elem;

/// Index of a buffer in [`Plan::buffers`].
pub type BufferId = usize;

/// The graph-level role of a plan buffer (hidden temps made by lowering are `Temp`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BufferRole {
    Input,
    Weight,
    State,
    Temp,
    Output,
    /// A triangle soup (`f32[N, 9]`) raw kernels trace rays against.
    Scene,
}

/// A buffer of the plan: one per binding that owns memory, plus temps made by lowering.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanBuffer {
    pub name: String,
    pub elem: Elem,
    pub shape: Vec<usize>,
    pub len: usize,
    pub role: BufferRole,
}

/// One field of the uniform block: every field is one 4-byte word, in declaration order.
#[derive(Debug, Clone, PartialEq)]
pub struct UniformField {
    pub name: String,
    pub elem: Elem,
    pub default: Option<crate::graph::checked::Const>,
}

/// A kernel and the schedule it runs with.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedKernel {
    pub spec: KernelSpec,
    pub schedule: Schedule,
}

/// A lowered graph with concrete dims.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub graph: String,
    pub buffers: Vec<PlanBuffer>,
    pub uniforms: Vec<UniformField>,
    pub kernels: Vec<PlannedKernel>,
}

impl Plan {
    /// The buffer of a binding that owns memory, by name.
    pub fn buffer(&self, name: &str) -> Option<(BufferId, &PlanBuffer)> {
        self.buffers.iter().enumerate().find(|(_, b)| b.name == name)
    }
    /// Bytes of buffer `id`.
    pub fn byte_len(&self, id: BufferId) -> u64 {
        let b = &self.buffers[id];
        b.elem.bytes_for(b.len) as u64
    }
}

/// Row-major strides of `extents`.
pub fn contiguous_strides(extents: &[usize]) -> Vec<usize> {
    let mut strides = vec![0; extents.len()];
    let mut acc = 1usize;
    for d in (0..extents.len()).rev() {
        strides[d] = acc;
        acc = acc.saturating_mul(extents[d]);
    }
    strides
}
