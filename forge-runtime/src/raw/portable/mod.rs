//! The portable subset: `check_portable` decides whether a WGSL compute entry point can run on
//! Forge's CPU interpreter and CUDA translation, and describes its interface (`PortableKernel`).

mod check;
mod desc;
mod exprs;

use std::collections::HashMap;

use naga::{Handle, TypeInner};

pub use desc::{ScalarType, StructMember, ValueType};

use crate::raw::error::PortableError;

/// One resource binding of the kernel, as the entry point uses it.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelBinding {
    /// The WGSL variable name (`_` where the source had none).
    pub name: String,
    pub group: u32,
    pub binding: u32,
    pub kind: BindingKind,
    pub(crate) global: Handle<naga::GlobalVariable>,
}

/// How a binding is accessed and what it holds.
#[derive(Debug, Clone, PartialEq)]
pub enum BindingKind {
    /// `var<storage, read>` / `var<storage, read_write>`. `ty` is the whole binding's type: usually
    /// a runtime-sized array (`ValueType::Array { len: None, .. }`), possibly a struct whose last
    /// member is one, or a fixed-size type (e.g. a single `atomic<u32>` counter).
    Storage { read_write: bool, ty: ValueType },
    /// `var<uniform>`, with its type (bytes laid out as WGSL lays them out).
    Uniform { ty: ValueType },
    /// `acceleration_structure`: a triangle scene (flat `f32` triangle soup, 9 floats a triangle).
    AccelerationStructure,
}

impl BindingKind {
    /// Element type of the runtime-sized array that a storage binding holds or ends with.
    pub fn element_type(&self) -> Option<&ValueType> {
        match self {
            BindingKind::Storage { ty, .. } => ty.runtime_array_element(),
            _ => None,
        }
    }
}

/// A `var<workgroup>` variable the entry point uses (zero-initialised per workgroup).
#[derive(Debug, Clone, PartialEq)]
pub struct WorkgroupVar {
    pub name: String,
    pub ty: ValueType,
}

/// The compute builtins the entry point reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Builtins {
    pub global_invocation_id: bool,
    pub local_invocation_id: bool,
    pub local_invocation_index: bool,
    pub workgroup_id: bool,
    pub num_workgroups: bool,
}

/// A kernel that lies in the portable subset, with its interface.
#[derive(Debug, Clone)]
#[cfg_attr(not(feature = "runtime"), allow(dead_code))]
pub struct PortableKernel {
    pub entry_point: String,
    pub workgroup_size: [u32; 3],
    /// Bindings the entry point uses, sorted by (group, binding). The interpreter takes one
    /// `BindingData` per entry in this order; the CUDA kernel one pointer per entry.
    pub bindings: Vec<KernelBinding>,
    pub builtins: Builtins,
    pub uses_num_workgroups: bool,
    pub workgroup_vars: Vec<WorkgroupVar>,
    /// Whether a control barrier (`workgroupBarrier`, `storageBarrier`, `workgroupUniformLoad`) is reachable.
    pub uses_barriers: bool,
    pub uses_ray_queries: bool,
    pub(crate) entry_index: usize,
    /// Resolved expression types of every reachable function (entry point under `None`).
    pub(crate) expr_types: HashMap<Option<Handle<naga::Function>>, Vec<Ty>>,
    /// Reachable helper functions, callees before callers.
    pub(crate) functions: Vec<Handle<naga::Function>>,
}

#[cfg_attr(not(feature = "runtime"), allow(dead_code))]
impl PortableKernel {
    /// Index into `self.bindings` of the binding with this group and binding number.
    pub fn binding_index(&self, group: u32, binding: u32) -> Option<usize> {
        self.bindings.iter().position(|b| b.group == group && b.binding == binding)
    }

    /// Invocations in one workgroup.
    pub fn invocations_per_workgroup(&self) -> u32 {
        // check_portable keeps this at most MAX_INVOCATIONS, so the product cannot overflow.
        self.workgroup_size.iter().fold(1u32, |a, &b| a.saturating_mul(b))
    }

    pub(crate) fn types_of(&self, f: Option<Handle<naga::Function>>) -> Result<&[Ty], crate::raw::RawError> {
        self.expr_types
            .get(&f)
            .map(|v| v.as_slice())
            .ok_or_else(|| crate::raw::RawError::Mismatch("a called function was not checked".into()))
    }
}

/// The most invocations a portable workgroup may have (CUDA's block limit, and WebGPU's).
pub const MAX_INVOCATIONS: u32 = 1024;

/// A resolved expression type: a handle into the module's types, or an anonymous inner type.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Ty {
    Handle(Handle<naga::Type>),
    Value(TypeInner),
}

impl Ty {
    pub(crate) fn inner<'a>(&'a self, module: &'a naga::Module) -> Option<&'a TypeInner> {
        match self {
            Ty::Handle(h) => module.types.get_handle(*h).ok().map(|t| &t.inner),
            Ty::Value(inner) => Some(inner),
        }
    }
}

/// Checks that `entry_point` (a compute entry point of the validated `module`) lies in the portable
/// subset and describes it. Every construct outside the subset is reported, each with its span.
pub fn check_portable(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    entry_point: &str,
) -> Result<PortableKernel, Vec<PortableError>> {
    check::Checker::run(module, info, entry_point)
}
