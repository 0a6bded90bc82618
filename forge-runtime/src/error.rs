//! `forge::Error`: every way a run-time call can fail, with the binding, the expected and the actual value.

use std::fmt;

/// Result alias used across the runtime.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A graph-level diagnostic rendered for run-time callers (the macro turns the same
/// diagnostics into spanned compile errors instead).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    /// 1-based line and 0-based column in the graph source, where known.
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.line, self.column, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

fn join(diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("; ")
}

/// Every error the Forge runtime returns. Messages name the binding or dim, the expected
/// value and the value found, in the style of wgpu's validation errors. `Debug` prints the
/// same text as `Display`, so `fn main() -> forge::Result<()>` shows a readable message.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    #[error("graph is invalid: {}", join(.0))]
    InvalidGraph(Vec<Diagnostic>),

    #[error("the graph takes {expected} dim values (one per dim that is not derived) but {actual} were given")]
    DimCount { expected: usize, actual: usize },

    #[error("derived dim `{dim} = {formula}`: {reason}")]
    DerivedDim { dim: String, formula: String, reason: String },

    #[error("{what}: {detail}")]
    ShapeCheck { what: String, detail: String },

    #[error("dim `{dim}` is {value}; {reason}")]
    InvalidDim { dim: String, value: usize, reason: String },

    #[error("binding `{binding}`: expected {expected} elements (shape {shape}), got {actual}")]
    LengthMismatch { binding: String, shape: String, expected: usize, actual: usize },

    #[error("binding `{binding}`: element type is {expected}, got {actual}")]
    TypeMismatch { binding: String, expected: String, actual: String },

    #[error("binding `{binding}` is not a {expected} of this graph")]
    UnknownBinding { binding: String, expected: &'static str },

    #[error("binding `{binding}` is given twice")]
    DuplicateBinding { binding: String },

    #[error("binding `{binding}` was not given: {hint}")]
    MissingBinding { binding: String, hint: &'static str },

    #[error("node `{node}`: `{uniform}` = {start} puts its window at {start}..{end}, past the axis's extent {extent}")]
    WindowOutOfRange { node: String, uniform: String, start: u64, end: u64, extent: usize },

    #[error("weight `{binding}` is not loaded: call load_weights before run")]
    WeightsNotLoaded { binding: String },

    #[error("binding `{binding}` needs {requested} bytes, over the device limit of {limit} bytes for {what}")]
    OverLimit { binding: String, what: &'static str, requested: u64, limit: u64 },

    #[error(
        "node `{node}` needs a kernel of {requested} storage buffers, over the device limit of {limit} a kernel \
         (the parts of its expressions that could run apart did; read fewer bindings in one statement)"
    )]
    TooManyBindings { node: String, requested: u64, limit: u64 },

    #[error("dispatch of node `{node}` needs {requested} workgroups, over the device limit of {limit}")]
    DispatchTooLarge { node: String, requested: u64, limit: u64 },

    #[error(
        "raw kernel of node `{node}` needs {workgroups} workgroups, over the {limit} of one dispatch dimension: \
         past it the grid folds into x and y, so the kernel must read `@builtin(num_workgroups)` to find its linear index"
    )]
    RawDispatchTooLarge { node: String, workgroups: u64, limit: u64 },

    #[error("out of device memory: {0}")]
    OutOfMemory(String),

    #[error("no compute backend is available: {0}")]
    NoBackend(String),

    #[error("backend `{requested}` is not available: {reason}")]
    BackendUnavailable { requested: String, reason: String },

    #[error("FORGE_BACKEND=`{0}` is not one of cuda, wgpu, cpu")]
    UnknownBackend(String),

    #[error("shader for `{entry}` failed validation:\n{log}")]
    ShaderCompile { entry: String, log: String },

    #[error("wgpu {during}: {message}")]
    Wgpu { during: &'static str, message: String },

    #[error("CUDA {during}: {message}")]
    Cuda { during: &'static str, message: String },

    #[error("{what} is not supported {reason}")]
    Unsupported { what: String, reason: String },

    #[error("argument `{argument}` is invalid: {reason}")]
    InvalidArgument { argument: String, reason: String },

    /// A GGUF file that cannot be read as one, or a metadata key or tensor that is missing or
    /// of another type: `what` names the field, key or tensor (and the byte offset where it
    /// applies), `reason` what was wrong.
    #[error("GGUF {what}: {reason}")]
    Gguf { what: String, reason: String },

    #[error("internal error (please report): {0}")]
    Internal(String),
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Error {
    #[cfg(feature = "wgpu")]
    pub(crate) fn wgpu(during: &'static str, message: impl fmt::Display) -> Self {
        Error::Wgpu { during, message: message.to_string() }
    }
}
