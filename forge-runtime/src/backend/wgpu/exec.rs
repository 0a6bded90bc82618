//! A plan compiled on a wgpu device. Each instance owns its memory — read-only buffers (inputs,
//! weights), read-write buffers (temps, outputs, state), a uniform buffer and a staging buffer —
//! sized exactly at `new` and returned on drop, so the context's seed-API slabs never hold an
//! instance's data. Bind groups are built once; a run is uploads, one encoder with every
//! dispatch and the output copies, one submit, one wait.

use super::context::{scoped, DeviceHandle, WgpuComputeContext};
use super::layout::Layout;
use super::record::{record, Ahead, Pass, Readback, RecordKey, Recorded, Targets, Timing};
use crate::backend::{Executable, RunRequest, RunResult};
use crate::codegen::geometry::{coop_fits, lone_long_row, LONG_ROW_THREADS};
use crate::codegen::wgsl::{dispatch, emit_kernel, entry_name, needs_f16};
use crate::error::{Error, Result};
use crate::ir::{BufferId, BufferRole, KernelBody, KernelSpec, Plan, Schedule};
use crate::options::WgpuOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Timestamp ticks around each kernel of a run, where the adapter records them.
type KernelTicks = Vec<u64>;

/// Compiled kernels and the memory of one plan on one wgpu device.
pub struct WgpuExec {
    device: Arc<super::WgpuDevice>,
    plan: Arc<Plan>,
    handle: DeviceHandle,
    /// Bindings of each kernel (kept to bind scenes once they are built).
    bindings: Vec<Vec<super::layout::Binding>>,
    /// Built scenes, by plan buffer (the Blas is kept alive with its Tlas).
    scenes: Vec<Option<(wgpu::Blas, wgpu::Tlas)>>,
    layout: Layout,
    passes: Vec<Pass>,
    staging: wgpu::Buffer,
    /// The inputs' own mapped staging buffer (see `upload`).
    upload: Option<super::upload::Upload>,
    /// The uniform words the uniform buffer holds (written by an earlier run): a run whose
    /// uniforms are the same writes nothing (each `write_buffer` stages a buffer of its own).
    uniforms_held: Option<Vec<u8>>,
    queries: Option<(wgpu::QuerySet, wgpu::Buffer)>,
    variants: Vec<String>,
    /// `WgpuOptions::record_ahead`.
    record_ahead: bool,
    /// Runs so far: the first records none ahead (a graph run once would pay twice).
    runs: u64,
    /// The next run's commands, recorded during the last run.
    ahead: Option<Recorded>,
}

/// Compiles every distinct `(source, entry)` once, spread over the host's cores: naga's parse,
/// validation and SPIR-V emission and the driver's pipeline build are per-shader CPU work, so a
/// model's dozens of kernels build side by side instead of one after another (error scopes are
/// thread-local, so each thread's compilation reports its own errors). Returns one pipeline per
/// input, in order; the first failure (in input order) is the error.
fn compile_all(ctx: &WgpuComputeContext, sources: &[(&str, &str)]) -> Result<Vec<wgpu::ComputePipeline>> {
    let mut distinct: Vec<(&str, &str)> = Vec::new();
    for s in sources {
        if !distinct.contains(s) {
            distinct.push(*s);
        }
    }
    // `distinct` is in first-use order, so its first failure is the first in input order.
    let compiled =
        crate::backend::parallel::map(&distinct, |(source, entry)| ctx.compile_pipeline_cached(source, entry))?;
    Ok(sources.iter().filter_map(|s| distinct.iter().position(|d| d == s)).map(|i| compiled[i].clone()).collect())
}

/// What a context offers that the schedules of a plan's kernels follow, asked once a plan.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DeviceTraits {
    /// f16 products on cooperative matrices ([`WgpuComputeContext::coop_matmul`]).
    pub coop: bool,
    /// Subgroups of exactly 32 ([`WgpuComputeContext::subgroup_sums`]).
    pub subgroups: bool,
    /// Workgroups of [`LONG_ROW_THREADS`] invocations.
    pub long_rows: bool,
}

/// The schedule a kernel runs with: a matmul of f16 operands left at the default schedule runs
/// on cooperative matrices where the context has them; other products, and the decoding
/// attention's reductions, sum across subgroups ([`Schedule::warp_sums`]) where they are 32
/// wide; a lone long row's reduction (a decoding step's argmax over the vocabulary) takes
/// [`LONG_ROW_THREADS`] invocations where the device allows, as on CUDA (its serial walk is the
/// kernel's latency).
pub(crate) fn device_schedule(d: DeviceTraits, spec: &KernelSpec, s: &Schedule) -> Schedule {
    match &spec.body {
        KernelBody::Matmul(m) if d.coop && *s == Schedule::default() && coop_fits(m, &spec.args) => {
            Schedule { coop: true, ..*s }
        }
        KernelBody::Matmul(_) | KernelBody::Attention(_) if d.subgroups => Schedule { warp_sums: true, ..*s },
        KernelBody::Row { .. } if d.long_rows && lone_long_row(&spec.body, s) => {
            Schedule { workgroup: LONG_ROW_THREADS, ..*s }
        }
        KernelBody::Map { .. }
        | KernelBody::Index { .. }
        | KernelBody::Row { .. }
        | KernelBody::Softmax { .. }
        | KernelBody::Norm { .. }
        | KernelBody::Matmul(_)
        | KernelBody::Attention(_)
        | KernelBody::Scatter(_)
        | KernelBody::Raw(_)
        | KernelBody::Rows(_) => *s,
    }
}

impl WgpuExec {
    pub fn new(device: Arc<super::WgpuDevice>, plan: Arc<Plan>, options: &WgpuOptions) -> Result<WgpuExec> {
        let guard = device.lock();
        let ctx: &WgpuComputeContext = &guard;
        let c = ctx.constraints().clone();
        for k in &plan.kernels {
            if needs_f16(&k.spec) && !c.shader_f16 {
                return Err(Error::Unsupported {
                    what: format!("f16 in node `{}`", k.spec.node),
                    reason: format!("on adapter {} (no SHADER_F16)", ctx.adapter().name),
                });
            }
            let limit = u64::from(c.max_storage_buffers_per_shader_stage);
            if k.spec.args.len() as u64 > limit {
                let (node, requested) = (k.spec.node.clone(), k.spec.args.len() as u64);
                return Err(Error::TooManyBindings { node, requested, limit });
            }
            if k.spec.args.iter().any(|a| a.role == BufferRole::Scene) {
                ctx.require_ray_query(&format!("tracing a scene in node `{}`", k.spec.node))?;
            }
        }
        let handle = ctx.handle().with_spin(options.spin);
        let layout = Layout::new(&handle.device, &plan, &c)?;
        let mut passes = Vec::with_capacity(plan.kernels.len());
        let mut all_bindings = Vec::with_capacity(plan.kernels.len());
        let mut variants = Vec::with_capacity(plan.kernels.len());
        let compiled_before = ctx.compilation_count();
        let mut kernels = Vec::with_capacity(plan.kernels.len());
        let traits = DeviceTraits {
            coop: options.cooperative_matrix && ctx.coop_matmul(),
            subgroups: options.subgroup_sums && ctx.subgroup_sums(),
            long_rows: c.max_compute_invocations_per_workgroup >= LONG_ROW_THREADS
                && c.max_compute_workgroup_size_x >= LONG_ROW_THREADS,
        };
        for k in &plan.kernels {
            let bindings = layout.bindings(&plan, &k.spec, &c)?;
            let bases: Vec<u64> = bindings.iter().map(|b| b.base).collect();
            let schedule = device_schedule(traits, &k.spec, &k.schedule);
            let source = emit_kernel(&plan, &k.spec, &schedule, &bases);
            kernels.push((k, schedule, bindings, source, entry_name(&k.spec)));
        }
        let sources: Vec<(&str, &str)> = kernels.iter().map(|(_, _, _, s, e)| (s.as_str(), e.as_str())).collect();
        let pipelines = compile_all(ctx, &sources)?;
        for ((k, schedule, bindings, _, _), pipeline) in kernels.into_iter().zip(pipelines) {
            let max_dim = c.max_compute_workgroups_per_dimension;
            let total = crate::codegen::wgsl::groups(&k.spec, &schedule);
            let grid = dispatch(&k.spec, &schedule, max_dim).ok_or_else(|| Error::DispatchTooLarge {
                node: k.spec.node.clone(),
                requested: total,
                limit: max_dim as u64 * max_dim as u64,
            })?;
            if let KernelBody::Raw(r) = &k.spec.body {
                if grid[1] > 1 && !r.uses_num_workgroups {
                    return Err(Error::DispatchTooLarge {
                        node: format!(
                            "{} (a raw kernel: past {max_dim} workgroups the grid folds into x and y, so it must read `@builtin(num_workgroups)` to find its linear index)",
                            k.spec.node
                        ),
                        requested: total,
                        limit: max_dim as u64,
                    });
                }
            }
            let traces = k.spec.args.iter().any(|a| a.role == BufferRole::Scene);
            let bind_group = if traces {
                None
            } else {
                Some(layout.bind_group(&handle.device, &pipeline, &k.spec, &bindings, &[])?)
            };
            variants.push(crate::codegen::geometry::wgsl_variant_name(&k.spec, &schedule));
            passes.push(Pass { label: k.spec.node.clone(), pipeline, bind_group, grid });
            all_bindings.push(bindings);
        }
        if ctx.compilation_count() != compiled_before {
            ctx.persist_pipeline_cache();
        }
        let n = passes.len() as u32;
        let queries = if c.timestamps && n > 0 && n * 2 <= wgpu::QUERY_SET_MAX_QUERIES {
            Some(scoped(&handle.device, "creating timestamp queries", || {
                let set = handle.device.create_query_set(&wgpu::QuerySetDescriptor {
                    label: Some("forge timestamps"),
                    ty: wgpu::QueryType::Timestamp,
                    count: n * 2,
                });
                let resolve = handle.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("forge timestamp resolve"),
                    size: n as u64 * 2 * wgpu::QUERY_SIZE as u64,
                    usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: false,
                });
                (set, resolve)
            })?)
        } else {
            None
        };
        let staging_size = (layout.output_bytes(&plan) + queries.as_ref().map_or(0, |_| n as u64 * 16))
            .max(layout.largest_state(&plan))
            .max(4);
        let staging = scoped(&handle.device, "creating the readback buffer", || {
            handle.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("forge readback"),
                size: staging_size.next_multiple_of(4),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        })?;
        let upload = super::upload::Upload::new(&handle.device, &plan, &layout)?;
        drop(guard);
        let scenes = vec![None; plan.buffers.len()];
        Ok(WgpuExec {
            device,
            plan,
            handle,
            bindings: all_bindings,
            scenes,
            layout,
            passes,
            uniforms_held: None,
            staging,
            upload,
            queries,
            variants,
            record_ahead: options.record_ahead,
            runs: 0,
            ahead: None,
        })
    }

    /// Copies `(buffer id, bytes)` regions into the staging buffer in one submission with
    /// `passes` before them (see [`record`]), waits, and returns each region's bytes plus the
    /// timestamps. Submits the commands `ahead` holds where they were recorded for the same
    /// run, else records now; where `ahead` asks, records the same run again while the device
    /// works and returns it for the next run.
    fn submit(
        &self,
        passes: &[Pass],
        regions: &[BufferId],
        timing: Timing,
        started: Instant,
        staged: Option<&[super::upload::StagedCopy]>,
        ahead: Ahead,
    ) -> Result<Submitted> {
        let h = &self.handle;
        let key = RecordKey { regions: regions.to_vec(), timing, staged: staged.map(<[_]>::to_vec) };
        let readback = Readback::new(&self.plan, &self.layout, &key, passes.len(), self.queries.is_some());
        let targets = Targets {
            device: &h.device,
            plan: &self.plan,
            layout: &self.layout,
            upload: self.upload.as_ref(),
            staging: &self.staging,
            queries: self.queries.as_ref(),
        };
        let commands = match ahead.recorded {
            Some(r) if r.key == key => r.commands,
            _ => scoped(&h.device, "recording the graph", || record(&targets, passes, &key, &readback))?,
        };
        scoped(&h.device, "submitting the graph", || {
            h.submit(commands);
            if let (Some(upload), Some(_)) = (&self.upload, staged) {
                upload.remap();
            }
        })?;
        let enqueued = started.elapsed();
        // The next run's commands while the device runs these (a failure here only means the
        // next run records its own, and reports it then).
        let next = ahead
            .record_next
            .then(|| scoped(&h.device, "recording ahead", || record(&targets, passes, &key, &readback)).ok())
            .flatten()
            .map(|commands| Recorded { key: key.clone(), commands });
        let Readback { offsets, timestamps_at, total, pairs } = readback;
        if total == 0 {
            h.wait()?;
            h.take_uncaptured("running the graph")?;
            return Ok(Submitted {
                regions: regions.iter().map(|_| Vec::new()).collect(),
                ticks: None,
                enqueued,
                next,
            });
        }
        // One wait for both: the staging map completes after the submission that fills it.
        // Each region is copied out of the mapped staging buffer once, straight into its own
        // vector, with the timestamps beside them.
        let mapped = h.map_read_with(&self.staging, total, |bytes| {
            let out: Vec<Vec<u8>> = regions
                .iter()
                .zip(&offsets)
                .map(|(&id, &at)| bytes[at as usize..(at + self.plan.byte_len(id)) as usize].to_vec())
                .collect();
            (out, bytes[timestamps_at as usize..total as usize].to_vec())
        });
        h.take_uncaptured("running the graph")?;
        let (out, stamps) = mapped?;
        let ticks = pairs.map(|_| {
            stamps
                .chunks_exact(16)
                .map(|c| {
                    let t0 = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
                    let t1 = u64::from_le_bytes([c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15]]);
                    (t1.saturating_sub(t0) as f64 * h.timestamp_period as f64).round() as u64
                })
                .collect()
        });
        Ok(Submitted { regions: out, ticks, enqueued, next })
    }
}

/// What a submission gives back.
struct Submitted {
    /// Each region's bytes.
    regions: Vec<Vec<u8>>,
    ticks: Option<KernelTicks>,
    /// Host time from the run's start to its submission.
    enqueued: Duration,
    /// The next run's commands, where asked for.
    next: Option<Recorded>,
}

impl Executable for WgpuExec {
    fn load_weight(&mut self, id: BufferId, bytes: &[u8]) -> Result<()> {
        self.layout.write(&self.handle, id, bytes)?;
        if self.plan.buffers[id].role != BufferRole::Scene {
            return Ok(());
        }
        let floats: Vec<f32> = bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        let scene = self.device.lock().build_triangle_scene(&floats)?;
        self.scenes[id] = Some(scene);
        // Commands recorded ahead hold the bind groups this replaces.
        self.ahead = None;
        // Kernels that trace a scene are bound now that one exists.
        for i in 0..self.passes.len() {
            let k = &self.plan.kernels[i];
            let KernelBody::Raw(r) = &k.spec.body else { continue };
            let scenes: Vec<(u32, &wgpu::Tlas)> = r
                .slots
                .iter()
                .enumerate()
                .filter_map(|(n, s)| match s {
                    crate::ir::RawSlot::Scene { arg } => {
                        self.scenes[k.spec.args[*arg].buffer].as_ref().map(|(_, t)| (n as u32, t))
                    }
                    crate::ir::RawSlot::Arg(_) | crate::ir::RawSlot::Uniform { .. } => None,
                })
                .collect();
            let needed = r.slots.iter().filter(|s| matches!(s, crate::ir::RawSlot::Scene { .. })).count();
            if needed > 0 && scenes.len() == needed {
                let group = self.layout.bind_group(
                    &self.handle.device,
                    &self.passes[i].pipeline,
                    &k.spec,
                    &self.bindings[i],
                    &scenes,
                )?;
                self.passes[i].bind_group = Some(group);
            }
        }
        Ok(())
    }

    fn run(&mut self, req: &RunRequest<'_>) -> Result<RunResult> {
        let started = Instant::now();
        self.handle.take_uncaptured("before the run")?;
        // Straight into the mapped staging buffer where it is ready, else one write each.
        let staged = self.upload.as_ref().and_then(|u| u.stage(&req.inputs));
        if staged.is_none() {
            for &(id, bytes) in &req.inputs {
                self.layout.write(&self.handle, id, bytes)?;
            }
        }
        if self.uniforms_held.as_deref() != Some(&req.uniforms[..]) {
            self.layout.write_uniforms(&self.handle, &req.uniforms);
            self.uniforms_held = Some(req.uniforms.clone());
        }
        let outputs: Vec<BufferId> = self
            .plan
            .buffers
            .iter()
            .enumerate()
            .filter(|(_, b)| b.role == BufferRole::Output)
            .map(|(i, _)| i)
            .collect();
        // As on CUDA: per-kernel times on the first run and when asked for, else the whole run.
        let timing = if req.profile_kernels { Timing::PerKernel } else { Timing::Whole };
        let ahead = Ahead {
            recorded: self.ahead.take(),
            record_next: self.record_ahead && self.runs > 0 && timing == Timing::Whole,
        };
        self.runs += 1;
        let done = self.submit(&self.passes, &outputs, timing, started, staged.as_deref(), ahead)?;
        self.ahead = done.next;
        let (bytes, ts, enqueue) = (done.regions, done.ticks, done.enqueued);
        let (kernel_times, device_total) = match (timing, ts) {
            (Timing::PerKernel, Some(ns)) => (ns.into_iter().map(|n| Some(Duration::from_nanos(n))).collect(), None),
            (_, Some(ns)) => (vec![None; self.passes.len()], ns.first().map(|&n| Duration::from_nanos(n))),
            (_, None) => (vec![None; self.passes.len()], None),
        };
        Ok(RunResult {
            outputs: outputs.into_iter().zip(bytes).collect(),
            kernel_times,
            device_total,
            enqueue: Some(enqueue),
        })
    }

    fn read_state(&mut self, id: BufferId) -> Result<Vec<u8>> {
        let mut bytes = self.submit(&[], &[id], Timing::None, Instant::now(), None, Ahead::NONE)?.regions;
        bytes.pop().ok_or_else(|| Error::Internal("state readback returned nothing".into()))
    }

    fn write_state(&mut self, id: BufferId, bytes: &[u8]) -> Result<()> {
        self.layout.write(&self.handle, id, bytes)
    }

    fn copy_state_from(&mut self, id: BufferId, from: &dyn Executable, from_id: BufferId) -> Result<()> {
        let from = from.as_any().downcast_ref::<WgpuExec>().filter(|f| Arc::ptr_eq(&f.device, &self.device));
        let from = from.ok_or_else(|| crate::backend::other_executable("wgpu"))?;
        if from_id >= from.plan.buffers.len() {
            return Err(crate::backend::other_executable("wgpu"));
        }
        let ((src, src_at), (dst, dst_at)) = (from.layout.place(from_id), self.layout.place(id));
        let size = self.layout.padded_bytes(&self.plan, id);
        let mut encoder = self.handle.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        encoder.copy_buffer_to_buffer(src, src_at, dst, dst_at, size);
        self.handle.queue.submit(Some(encoder.finish()));
        Ok(())
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn variants(&self) -> Vec<String> {
        self.variants.clone()
    }
}

impl Drop for WgpuExec {
    fn drop(&mut self) {
        self.layout.destroy();
        self.staging.destroy();
        if let Some(u) = &self.upload {
            u.destroy();
        }
        if let Some((_, resolve)) = &self.queries {
            resolve.destroy();
        }
    }
}
