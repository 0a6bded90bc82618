//! Raw WGSL kernels on the host: naga parses the source once, `raw::interp` runs it with the
//! same workgroup grid wgpu dispatches, every read-write binding written back.

use super::store::Store;
use crate::elem::Scalar;
use crate::error::{Error, Result};
use crate::ir::{KernelSpec, RawBody, RawSlot};
use crate::raw::interp::{BindingData, CompiledKernel};
use crate::raw::{BindingKind, PortableKernel};

/// Instructions one invocation may execute before the interpreter gives up on the kernel: an
/// endless loop is an error within seconds, while a loop of millions of iterations per
/// invocation still runs (docs/validation.md states the bound).
const STEP_LIMIT: u64 = 1 << 28;

/// A raw kernel compiled for the interpreter.
pub struct RawKernel {
    compiled: CompiledKernel,
    kernel: PortableKernel,
}

fn raw_err(node: &str, e: impl std::fmt::Display) -> Error {
    Error::ShaderCompile { entry: format!("raw kernel of `{node}`"), log: e.to_string() }
}

impl RawKernel {
    pub fn new(spec: &KernelSpec, body: &RawBody) -> Result<RawKernel> {
        let module = naga::front::wgsl::parse_str(&body.source)
            .map_err(|e| raw_err(&spec.node, e.emit_to_string(&body.source)))?;
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
            .validate(&module)
            .map_err(|e| raw_err(&spec.node, e.emit_to_string(&body.source)))?;
        let kernel = crate::raw::check_portable(&module, &info, &body.entry)
            .map_err(|es| raw_err(&spec.node, es.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ")))?;
        let compiled =
            CompiledKernel::new(&module, &kernel).map_err(|e| raw_err(&spec.node, e))?.with_step_limit(STEP_LIMIT);
        Ok(RawKernel { compiled, kernel })
    }

    /// Runs the kernel over `mem` with wgpu's grid (so `num_workgroups` agrees).
    pub fn run(&self, spec: &KernelSpec, body: &RawBody, mem: &mut [Store], uniforms: &[Scalar]) -> Result<()> {
        let grid = crate::codegen::geometry::fold(body.workgroups, crate::codegen::geometry::MAX_WORKGROUPS_PER_DIM)
            .ok_or_else(|| Error::DispatchTooLarge {
                node: spec.node.clone(),
                requested: body.workgroups,
                limit: 65_535 * 65_535,
            })?;
        let mut data: Vec<(Vec<u8>, Vec<f32>)> = Vec::with_capacity(self.kernel.bindings.len());
        let mut writes = Vec::new();
        for kb in &self.kernel.bindings {
            let slot = body
                .slots
                .get(kb.binding as usize)
                .copied()
                .ok_or_else(|| raw_err(&spec.node, format!("binding {} is not named", kb.binding)))?;
            match slot {
                RawSlot::Arg(i) => {
                    let a = &spec.args[i];
                    data.push((mem[a.buffer].range_bytes(a.offset, a.len), Vec::new()));
                    if matches!(kb.kind, BindingKind::Storage { read_write: true, .. }) {
                        writes.push((data.len() - 1, a.buffer, a.offset));
                    }
                }
                RawSlot::Uniform { field } => {
                    let mut word = uniforms.get(field).map_or([0u8; 4], |u| u.to_word()).to_vec();
                    word.resize(16, 0);
                    data.push((word, Vec::new()));
                }
                RawSlot::Scene { arg } => {
                    let a = &spec.args[arg];
                    let bytes = mem[a.buffer].range_bytes(a.offset, a.len);
                    let floats = bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
                    data.push((Vec::new(), floats));
                }
            }
        }
        {
            let mut bindings: Vec<BindingData<'_>> = data
                .iter_mut()
                .zip(&self.kernel.bindings)
                .map(|((bytes, floats), kb)| match kb.kind {
                    BindingKind::Storage { read_write: true, .. } => BindingData::Storage(bytes),
                    BindingKind::Storage { .. } => BindingData::StorageRead(bytes),
                    BindingKind::Uniform { .. } => BindingData::Uniform(bytes),
                    BindingKind::AccelerationStructure => BindingData::Scene(floats),
                })
                .collect();
            self.compiled.run(&mut bindings, grid).map_err(|e| raw_err(&spec.node, e))?;
        }
        for (i, buffer, offset) in writes {
            mem[buffer].write_range_bytes(offset, &data[i].0);
        }
        Ok(())
    }
}
