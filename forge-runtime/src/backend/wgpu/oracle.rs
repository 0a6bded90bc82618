//! `OracleContext` for wgpu: one kernel compiled from its WGSL, run as single-dispatch
//! submissions, timed with GPU timestamps where the adapter has them.

use super::context::WgpuComputeContext;
use super::submit::GraphPass;
use crate::backend::oracle::{check_oracle_call, OracleContext};
use crate::codegen::wgsl::{dispatch, emit_kernel, entry_name};
use crate::error::{Error, Result};
use crate::ir::{KernelSpec, Plan, PlanBuffer, PlannedKernel, Schedule};
use crate::memory::{BindingUsage, BufferView};
use std::time::Instant;

/// A one-kernel plan so the WGSL emitter sees the arguments as buffers `a0, a1, …`.
fn single_kernel_plan(kernel: &KernelSpec, schedule: &Schedule) -> (Plan, KernelSpec) {
    let mut spec = kernel.clone();
    let buffers = spec
        .args
        .iter_mut()
        .enumerate()
        .map(|(i, a)| {
            a.buffer = i;
            a.offset = 0;
            PlanBuffer { name: format!("a{i}"), elem: a.elem, shape: vec![a.len], len: a.len, role: a.role }
        })
        .collect();
    let plan = Plan {
        graph: spec.node.clone(),
        buffers,
        uniforms: Vec::new(),
        kernels: vec![PlannedKernel { spec: spec.clone(), schedule: *schedule }],
    };
    (plan, spec)
}

impl OracleContext for WgpuComputeContext {
    fn run_kernel(
        &mut self,
        kernel: &KernelSpec,
        schedule: &Schedule,
        buffers: &[BufferView],
        element_count: usize,
        warmups: usize,
        samples: usize,
    ) -> Result<Vec<u64>> {
        check_oracle_call(kernel, buffers, element_count)?;
        let (plan, spec) = single_kernel_plan(kernel, schedule);
        let source = emit_kernel(&plan, &spec, schedule, &vec![0; spec.args.len()]);
        let pipeline = self.compile_pipeline_cached(&source, &entry_name(&spec))?;
        let bound: Vec<BufferView> = buffers.iter().enumerate().map(|(i, v)| v.at(0, i as u32)).collect();
        let bind_group = self.create_compute_bind_group(&pipeline, &bound)?;
        let total = crate::codegen::wgsl::groups(&spec, schedule);
        let limit = self.constraints.max_compute_workgroups_per_dimension;
        let workgroups = dispatch(&spec, schedule, limit).ok_or_else(|| Error::DispatchTooLarge {
            node: spec.node.clone(),
            requested: total,
            limit: limit as u64 * limit as u64,
        })?;
        let pass = [GraphPass::Dispatch { label: spec.node.clone(), pipeline, bind_group, workgroups }];
        let mut times = Vec::with_capacity(samples);
        for i in 0..warmups + samples {
            let t = Instant::now();
            let run = self.submit_graph_readback(&pass, &[])?;
            let host = t.elapsed().as_nanos() as u64;
            if i >= warmups {
                times.push(run.pass_ns.and_then(|ns| ns.first().copied()).unwrap_or(host));
            }
        }
        Ok(times)
    }

    fn allocate_and_write(&mut self, data: &[u8], binding: u32, group: u32, usage: BindingUsage) -> Result<BufferView> {
        WgpuComputeContext::allocate_and_write(self, data, binding, group, usage)
    }

    fn allocate_transient(
        &mut self,
        size_bytes: usize,
        binding: u32,
        group: u32,
        usage: BindingUsage,
    ) -> Result<BufferView> {
        WgpuComputeContext::allocate_transient(self, size_bytes, binding, group, usage)
    }

    fn read_buffer_f32(&self, view: &BufferView) -> Result<Vec<f32>> {
        WgpuComputeContext::read_buffer_f32(self, view)
    }

    fn clear_transient_allocations(&mut self) {
        WgpuComputeContext::clear_transient_allocations(self)
    }

    fn backend_name(&self) -> String {
        format!("wgpu: {}", self.adapter.name)
    }

    fn timestamp_supported(&self) -> bool {
        self.timestamp_supported
    }
}
