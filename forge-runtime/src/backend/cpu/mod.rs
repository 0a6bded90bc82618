//! The CPU backend: the numerical reference for every other backend and the fallback where no
//! GPU exists. Each plan buffer is host memory; kernels run in f32 like the GPU's (`scalar`
//! holds the semantics, `eval` and `col` the expressions, `kernels` the templates, `fast` the
//! gemm, row and attention kernels), in parallel on rayon's global pool.

mod col;
mod column_skip;
mod epilogue;
mod eval;
mod fast;
mod fused;
mod fused_index;
mod int;
mod kernels;
pub mod oracle;
mod products;
mod quant;
#[cfg(target_arch = "x86_64")]
mod quant_x512;
#[cfg(target_arch = "x86_64")]
mod quant_x86;
mod raw;
mod row_kernels;
mod scalar;
mod store;
#[cfg(test)]
mod window_tests;

use super::{BackendKind, Device, Executable, RunRequest, RunResult};
use crate::error::{Error, Result};
use crate::ir::{BufferId, BufferRole, Plan};
use std::sync::Arc;
use std::time::Instant;
pub(crate) use store::Store;

/// The host as a device.
#[derive(Debug, Default)]
pub struct CpuDevice;

impl CpuDevice {
    pub fn new() -> CpuDevice {
        CpuDevice
    }
}

impl Device for CpuDevice {
    fn kind(&self) -> BackendKind {
        BackendKind::Cpu
    }
    fn describe(&self) -> String {
        format!("cpu ({} threads)", rayon::current_num_threads())
    }
    fn compile(&self, plan: Arc<Plan>, _options: &crate::options::Options) -> Result<Box<dyn Executable>> {
        Ok(Box::new(CpuExec::new(plan)?))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Host memory for every plan buffer; weights and state persist across runs.
pub struct CpuExec {
    plan: Arc<Plan>,
    memory: Vec<Store>,
    /// Raw kernels compiled for the interpreter, by kernel index.
    raw: Vec<Option<raw::RawKernel>>,
}

impl CpuExec {
    /// An allocation the machine cannot make is an error, not an abort.
    pub fn new(plan: Arc<Plan>) -> Result<CpuExec> {
        let bytes = |b: &crate::ir::PlanBuffer| (b.len as u64).saturating_mul(b.elem.size_bytes() as u64);
        store::check_fits(plan.buffers.iter().map(|b| (b.name.as_str(), bytes(b))))?;
        let memory = plan
            .buffers
            .iter()
            .map(|b| Store::new(b.elem, b.len, b.role == BufferRole::State, &b.name))
            .collect::<Result<Vec<_>>>()?;
        let raw = plan
            .kernels
            .iter()
            .map(|k| match &k.spec.body {
                crate::ir::KernelBody::Raw(body) => raw::RawKernel::new(&k.spec, body).map(Some),
                crate::ir::KernelBody::Map { .. }
                | crate::ir::KernelBody::Index { .. }
                | crate::ir::KernelBody::Row { .. }
                | crate::ir::KernelBody::Softmax { .. }
                | crate::ir::KernelBody::Norm { .. }
                | crate::ir::KernelBody::Matmul(_)
                | crate::ir::KernelBody::Attention(_)
                | crate::ir::KernelBody::Scatter(_)
                | crate::ir::KernelBody::Rows(_) => Ok(None),
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(CpuExec { plan, memory, raw })
    }
}

impl Executable for CpuExec {
    fn load_weight(&mut self, id: BufferId, bytes: &[u8]) -> Result<()> {
        self.memory[id].load_bytes(bytes);
        Ok(())
    }

    fn run(&mut self, req: &RunRequest<'_>) -> Result<RunResult> {
        for &(id, bytes) in &req.inputs {
            self.memory[id].load_bytes(bytes);
        }
        let mut kernel_times = Vec::with_capacity(self.plan.kernels.len());
        let (plan, memory, raws) = (&self.plan, &mut self.memory, &self.raw);
        // The whole run executes on a worker of rayon's pool (`scope` called from outside the
        // pool moves its body there), so each kernel's parallel work is forked from a pool
        // thread onto threads that are still awake from the previous kernel, instead of being
        // injected from outside and waited for, kernel after kernel.
        rayon::scope(|_| -> Result<()> {
            for (k, raw) in plan.kernels.iter().zip(raws) {
                let start = Instant::now();
                kernels::run(&k.spec, memory, &req.uniform_values, raw.as_ref())?;
                kernel_times.push(Some(start.elapsed()));
            }
            Ok(())
        })?;
        let outputs = self
            .plan
            .buffers
            .iter()
            .enumerate()
            .filter(|(_, b)| b.role == BufferRole::Output)
            .map(|(id, b)| Ok((id, self.memory[id].to_bytes(&b.name)?)))
            .collect::<Result<Vec<_>>>()?;
        Ok(RunResult { outputs, kernel_times, device_total: None, enqueue: None })
    }

    fn read_state(&mut self, id: BufferId) -> Result<Vec<u8>> {
        self.memory[id].to_bytes(&self.plan.buffers[id].name)
    }

    fn write_state(&mut self, id: BufferId, bytes: &[u8]) -> Result<()> {
        self.memory[id].load_bytes(bytes);
        Ok(())
    }

    fn copy_state_from(&mut self, id: BufferId, from: &dyn Executable, from_id: BufferId) -> Result<()> {
        let from = from.as_any().downcast_ref::<CpuExec>().ok_or_else(|| super::other_executable("cpu"))?;
        let src = from.memory.get(from_id).ok_or_else(|| super::other_executable("cpu"))?;
        match self.memory[id].copy_from(src) {
            true => Ok(()),
            false => Err(Error::Internal(format!(
                "state `{}` copied from a store of another shape",
                self.plan.buffers[id].name
            ))),
        }
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn variants(&self) -> Vec<String> {
        self.plan.kernels.iter().map(|_| "cpu".to_string()).collect()
    }
}
#[cfg(test)]
mod fast_tests;
#[cfg(test)]
pub(crate) mod tests;
