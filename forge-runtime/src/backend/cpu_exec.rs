//! The CPU backend's executor: plan buffers as host memory, kernels run by the interpreter.

use super::cpu::run_plan;
use crate::context::Backend;
use crate::elem::Elem;
use crate::error::{Error, Result};
use crate::instance::{Executor, RunRequest, RunResult};
use crate::ir::{BufferId, BufferRole, Plan};

/// Decodes little-endian element bytes to f64 values.
pub fn decode(elem: Elem, bytes: &[u8]) -> Vec<f64> {
    match elem {
        Elem::F32 => bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64).collect(),
        Elem::F16 => bytes.chunks_exact(2).map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f64()).collect(),
        Elem::U32 => bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64).collect(),
        Elem::I32 => bytes.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64).collect(),
    }
}

/// Encodes f64 values (already rounded to `elem`) as little-endian element bytes.
pub fn encode(elem: Elem, values: &[f64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * elem.size_bytes());
    for &v in values {
        match elem {
            Elem::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
            Elem::F16 => out.extend_from_slice(&half::f16::from_f64(v).to_le_bytes()),
            // Integer buffers hold exact integers (rounded when stored), so a plain cast is exact.
            Elem::U32 => out.extend_from_slice(&(v as u32).to_le_bytes()),
            Elem::I32 => out.extend_from_slice(&(v as i32).to_le_bytes()),
        }
    }
    out
}

/// Host memory for every plan buffer; weights and state persist across runs.
pub struct CpuExec {
    memory: Vec<Vec<f64>>,
}

impl CpuExec {
    /// Host memory for `plan`; an allocation the machine cannot make is an error, not an abort.
    pub fn new(plan: &Plan) -> Result<CpuExec> {
        let mut memory = Vec::with_capacity(plan.buffers.len());
        for b in &plan.buffers {
            let mut v: Vec<f64> = Vec::new();
            v.try_reserve_exact(b.len).map_err(|_| {
                Error::OutOfMemory(format!("binding `{}` needs {} host values for the CPU backend", b.name, b.len))
            })?;
            // Per-run buffers start as NaN so a kernel that skipped an element shows.
            v.resize(b.len, if b.role == BufferRole::State { 0.0 } else { f64::NAN });
            memory.push(v);
        }
        Ok(CpuExec { memory })
    }
}

impl Executor for CpuExec {
    fn load_weight(&mut self, _: &Backend, plan: &Plan, id: BufferId, bytes: &[u8]) -> Result<()> {
        self.memory[id] = decode(plan.buffers[id].elem, bytes);
        Ok(())
    }

    fn run(&mut self, _: &Backend, plan: &Plan, req: &RunRequest<'_>) -> Result<RunResult> {
        for &(id, bytes) in &req.inputs {
            self.memory[id] = decode(plan.buffers[id].elem, bytes);
        }
        for (id, b) in plan.buffers.iter().enumerate() {
            if matches!(b.role, BufferRole::Temp | BufferRole::Output) {
                self.memory[id].iter_mut().for_each(|v| *v = f64::NAN);
            }
        }
        let times = run_plan(plan, &mut self.memory, &req.uniform_values)?;
        let outputs = plan
            .buffers
            .iter()
            .enumerate()
            .filter(|(_, b)| b.role == BufferRole::Output)
            .map(|(id, b)| (id, encode(b.elem, &self.memory[id])))
            .collect();
        Ok(RunResult {
            outputs,
            kernel_times: times.into_iter().map(Some).collect(),
            device_total: None,
            enqueue: None,
        })
    }

    fn read_state(&self, _: &Backend, plan: &Plan, id: BufferId) -> Result<Vec<u8>> {
        Ok(encode(plan.buffers[id].elem, &self.memory[id]))
    }

    fn write_state(&mut self, _: &Backend, plan: &Plan, id: BufferId, bytes: &[u8]) -> Result<()> {
        self.memory[id] = decode(plan.buffers[id].elem, bytes);
        Ok(())
    }
}
