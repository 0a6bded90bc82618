//! Error types: `PortableError` (a construct outside the portable subset, with its source span)
//! and `RawError` (anything that goes wrong compiling or running a portable kernel).

use std::ops::Range;

/// One reason a raw WGSL kernel is outside the subset that Forge's CPU and CUDA backends run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PortableError {
    /// Byte range in the WGSL source (from naga spans), where naga recorded one.
    pub span: Option<Range<usize>>,
    /// What was found, naming the construct.
    pub message: String,
}

impl PortableError {
    pub(crate) fn new(span: naga::Span, message: impl Into<String>) -> Self {
        PortableError { span: span.to_range(), message: message.into() }
    }
}

/// Errors of the interpreter and the CUDA translator.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RawError {
    #[error("the kernel has {expected} bindings but {got} binding buffers were passed")]
    BindingCount { expected: usize, got: usize },
    #[error("binding @group({group}) @binding({binding}) `{name}` expects {expected}, but {got} was passed")]
    BindingKind { group: u32, binding: u32, name: String, expected: &'static str, got: &'static str },
    #[error("binding @group({group}) @binding({binding}) `{name}` needs at least {need} bytes, got {got}")]
    BindingTooSmall { group: u32, binding: u32, name: String, need: usize, got: usize },
    #[error("scene binding `{name}` has {len} floats, not a multiple of 9 (3 vertices × xyz per triangle)")]
    SceneLength { name: String, len: usize },
    #[error("workgroup count {workgroups:?} is invalid: {reason}")]
    Workgroups { workgroups: [u32; 3], reason: &'static str },
    #[error("entry point `{0}` is not in the module")]
    NoEntryPoint(String),
    #[error("kernel name `{0}` is not a valid C identifier")]
    KernelName(String),
    #[error("the module does not match the portable kernel description: {0}")]
    Mismatch(String),
    #[error("not supported by the portable subset: {0}")]
    Unsupported(String),
    #[error("invocation exceeded the step limit of {limit} instructions (endless loop?)")]
    StepLimit { limit: u64 },
}
