//! Graph submission: every pass in one encoder and one `queue.submit`, readback and GPU timestamps.

use std::sync::mpsc;

use super::alloc::SlabKind;
use super::context::WgpuComputeContext;
use crate::error::{Error, Result};
use crate::memory::{align_up, BufferView};

/// One step of a graph, recorded in order into one command encoder.
#[derive(Debug, Clone)]
pub enum GraphPass {
    /// One compute pass with one dispatch.
    Dispatch { label: String, pipeline: wgpu::ComputePipeline, bind_group: wgpu::BindGroup, workgroups: [u32; 3] },
    /// A device-side copy of `src.size` bytes (`dst` must be at least as large). Views of two
    /// different slabs use `copy_buffer_to_buffer`; views of one slab (which WebGPU cannot copy
    /// within) go through a small built-in compute kernel.
    Copy { src: BufferView, dst: BufferView },
}

/// What [`WgpuComputeContext::submit_graph_readback`] returns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GraphRun {
    /// Bytes of each requested view, in request order.
    pub readback: Vec<Vec<u8>>,
    /// Device time of each `Dispatch` pass in nanoseconds, in order, when timestamps exist.
    pub pass_ns: Option<Vec<u64>>,
}

const COPY_WGSL: &str = "@group(0) @binding(0) var<storage, read_write> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(64)
fn forge_copy_words(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let i = gid.x + gid.y * nwg.x * 64u;
    if (i < arrayLength(&dst)) {
        dst[i] = src[i];
    }
}
";

/// A copy pass after preparation.
enum PreparedCopy {
    Buffer { src: BufferView, dst: BufferView },
    Kernel { pipeline: wgpu::ComputePipeline, bind_group: wgpu::BindGroup, workgroups: [u32; 3] },
}

impl WgpuComputeContext {
    /// Records every pass into one encoder, submits once and waits; device errors come back
    /// as `Error::Wgpu` / `Error::OutOfMemory`.
    pub fn submit_graph(&self, passes: &[GraphPass]) -> Result<()> {
        self.run_graph(passes, &[], false).map(|_| ())
    }

    /// [`Self::submit_graph`] plus, in the same encoder and the same single submission, a copy
    /// of each `readback` view to a reused staging buffer and (when the adapter has timestamp
    /// queries) begin/end timestamps of every dispatch.
    pub fn submit_graph_readback(&self, passes: &[GraphPass], readback: &[BufferView]) -> Result<GraphRun> {
        self.run_graph(passes, readback, true)
    }

    /// Copies `src` to `dst` on the device (one submission).
    pub fn copy_view(&self, src: &BufferView, dst: &BufferView) -> Result<()> {
        self.submit_graph(&[GraphPass::Copy { src: *src, dst: *dst }])
    }

    /// The bytes of one view (one submission).
    pub fn read_buffer(&self, view: &BufferView) -> Result<Vec<u8>> {
        let mut run = self.run_graph(&[], std::slice::from_ref(view), false)?;
        run.readback.pop().ok_or_else(|| Error::Internal("readback returned no buffer".into()))
    }

    /// The contents of one view as little-endian `f32`s.
    pub fn read_buffer_f32(&self, view: &BufferView) -> Result<Vec<f32>> {
        let bytes = self.read_buffer(view)?;
        Ok(bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }

    fn prepare_copy(&self, src: &BufferView, dst: &BufferView) -> Result<PreparedCopy> {
        self.check_view_bounds(src)?;
        self.check_view_bounds(dst)?;
        if src.size > dst.size {
            return Err(Error::InvalidArgument {
                argument: "dst".into(),
                reason: format!(
                    "copy of {} bytes into a view of {} bytes (binding {} → {})",
                    src.size, dst.size, src.binding, dst.binding
                ),
            });
        }
        let (sk, dk) = (SlabKind::for_usage(src.usage), SlabKind::for_usage(dst.usage));
        if sk != dk {
            return Ok(PreparedCopy::Buffer { src: *src, dst: *dst });
        }
        if src.offset < dst.offset + src.size && dst.offset < src.offset + src.size {
            return Err(Error::InvalidArgument {
                argument: "dst".into(),
                reason: format!(
                    "copy between overlapping ranges of the {} slab ({}..+{} → {}..+{})",
                    sk.name(),
                    src.offset,
                    src.size,
                    dst.offset,
                    src.size
                ),
            });
        }
        let pipeline = self.compile_pipeline_cached(COPY_WGSL, "forge_copy_words")?;
        // Bind both as read-write storage of the slab the views live in (usage only picks it).
        let as_slab = |v: &BufferView, binding: u32, size: u64| BufferView { binding, group: 0, size, ..*v };
        let views = [as_slab(src, 0, src.size), as_slab(dst, 1, src.size)];
        let bind_group = self.bind_group_on(&pipeline, &views, sk)?;
        let groups = (src.size / 4).div_ceil(64).max(1);
        let max = u64::from(self.constraints.max_compute_workgroups_per_dimension.max(1));
        let x = groups.min(max);
        let y = groups.div_ceil(x);
        if y > max {
            return Err(Error::DispatchTooLarge { node: "copy".into(), requested: groups, limit: max * max });
        }
        Ok(PreparedCopy::Kernel { pipeline, bind_group, workgroups: [x as u32, y as u32, 1] })
    }

    fn run_graph(&self, passes: &[GraphPass], readback: &[BufferView], timestamps: bool) -> Result<GraphRun> {
        self.take_uncaptured("submit_graph")?;
        let mut copies = Vec::new();
        for pass in passes {
            if let GraphPass::Copy { src, dst } = pass {
                copies.push(self.prepare_copy(src, dst)?);
            }
        }
        let mut offsets = Vec::with_capacity(readback.len());
        let mut total = 0u64;
        for view in readback {
            self.check_view_bounds(view)?;
            offsets.push(total);
            total = align_up(total + view.size);
        }
        let dispatches = passes.iter().filter(|p| matches!(p, GraphPass::Dispatch { .. })).count() as u32;
        let use_ts = timestamps
            && self.timestamp_supported
            && dispatches > 0
            && dispatches.saturating_mul(2) <= wgpu::QUERY_SET_MAX_QUERIES;
        let ts_offset = total;
        if use_ts {
            total += u64::from(dispatches) * 2 * u64::from(wgpu::QUERY_SIZE);
        }

        let mut state = match self.readback_state.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        if use_ts && state.queries.as_ref().is_none_or(|q| q.2 < dispatches * 2) {
            let count = (dispatches * 2).next_power_of_two().min(wgpu::QUERY_SET_MAX_QUERIES);
            let made = self.scoped("creating timestamp queries", || {
                let set = self.device.create_query_set(&wgpu::QuerySetDescriptor {
                    label: Some("forge timestamps"),
                    ty: wgpu::QueryType::Timestamp,
                    count,
                });
                let resolve = self.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("forge timestamp resolve"),
                    size: u64::from(count) * u64::from(wgpu::QUERY_SIZE),
                    usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: false,
                });
                (set, resolve, count)
            })?;
            state.queries = Some(made);
        }
        if total > 0 && state.staging.as_ref().is_none_or(|b| b.size() < total) {
            let old = state.staging.as_ref().map_or(0, |b| b.size());
            let size = align_up(total.max(old.saturating_mul(2)));
            state.staging = None;
            let made = self.scoped("creating the readback staging buffer", || {
                self.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("forge readback staging"),
                    size,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                })
            })?;
            state.staging = Some(made);
        }
        let staging = if total > 0 { state.staging.as_ref() } else { None };
        let queries = if use_ts { state.queries.as_ref() } else { None };

        self.scoped("submit_graph", || {
            let mut encoder =
                self.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("forge graph") });
            let mut copies = copies.iter();
            let mut k = 0u32;
            for pass in passes {
                match pass {
                    GraphPass::Dispatch { label, pipeline, bind_group, workgroups } => {
                        let timestamp_writes = queries.map(|(set, _, _)| wgpu::ComputePassTimestampWrites {
                            query_set: set,
                            beginning_of_pass_write_index: Some(2 * k),
                            end_of_pass_write_index: Some(2 * k + 1),
                        });
                        k += 1;
                        let mut cpass = encoder
                            .begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some(label), timestamp_writes });
                        cpass.set_pipeline(pipeline);
                        cpass.set_bind_group(0, bind_group, &[]);
                        cpass.dispatch_workgroups(workgroups[0], workgroups[1], workgroups[2]);
                    }
                    GraphPass::Copy { .. } => match copies.next() {
                        Some(PreparedCopy::Buffer { src, dst }) => encoder.copy_buffer_to_buffer(
                            self.slab_buffer(SlabKind::for_usage(src.usage)),
                            src.offset,
                            self.slab_buffer(SlabKind::for_usage(dst.usage)),
                            dst.offset,
                            src.size,
                        ),
                        Some(PreparedCopy::Kernel { pipeline, bind_group, workgroups }) => {
                            let mut cpass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                                label: Some("forge copy"),
                                timestamp_writes: None,
                            });
                            cpass.set_pipeline(pipeline);
                            cpass.set_bind_group(0, bind_group, &[]);
                            cpass.dispatch_workgroups(workgroups[0], workgroups[1], workgroups[2]);
                        }
                        None => {}
                    },
                }
            }
            if let Some(staging) = staging {
                for (view, at) in readback.iter().zip(&offsets) {
                    let src = self.slab_buffer(SlabKind::for_usage(view.usage));
                    encoder.copy_buffer_to_buffer(src, view.offset, staging, *at, view.size);
                }
                if let Some((set, resolve, _)) = queries {
                    encoder.resolve_query_set(set, 0..dispatches * 2, resolve, 0);
                    let bytes = u64::from(dispatches) * 2 * u64::from(wgpu::QUERY_SIZE);
                    encoder.copy_buffer_to_buffer(resolve, 0, staging, ts_offset, bytes);
                }
            }
            self.submit(vec![encoder.finish()]);
        })?;
        self.wait_idle()?;
        self.take_uncaptured("submit_graph")?;
        let Some(staging) = staging else {
            return Ok(GraphRun { readback: readback.iter().map(|_| Vec::new()).collect(), pass_ns: None });
        };
        let bytes = map_read(self, staging, total)?;
        let out = readback
            .iter()
            .zip(&offsets)
            .map(|(v, at)| bytes[*at as usize..(*at + v.size) as usize].to_vec())
            .collect();
        let pass_ns = queries.map(|_| {
            let ticks: Vec<u64> = bytes[ts_offset as usize..total as usize]
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
                .collect();
            ticks
                .chunks_exact(2)
                .map(|p| (p[1].saturating_sub(p[0]) as f64 * f64::from(self.timestamp_period_ns)).round() as u64)
                .collect()
        });
        Ok(GraphRun { readback: out, pass_ns })
    }
}

/// Maps `staging[0..len]` for reading, copies it out and unmaps.
fn map_read(ctx: &WgpuComputeContext, staging: &wgpu::Buffer, len: u64) -> Result<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    staging.slice(0..len).map_async(wgpu::MapMode::Read, move |r| {
        let _ = tx.send(r);
    });
    ctx.wait_idle()?;
    match rx.recv() {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(Error::wgpu("mapping the readback buffer", e)),
        Err(_) => return Err(Error::wgpu("mapping the readback buffer", "the map callback never ran")),
    }
    let bytes = {
        let view = staging.slice(0..len).get_mapped_range().map_err(|e| Error::wgpu("reading the mapped buffer", e))?;
        view.to_vec()
    };
    staging.unmap();
    Ok(bytes)
}
