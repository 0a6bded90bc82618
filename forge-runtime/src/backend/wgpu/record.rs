//! A run's command buffer: the input copies, every dispatch, the readback copies and the
//! timestamps, recorded either just before its submission or, from an instance's second run
//! on, while the device runs the run before ([`crate::WgpuOptions::record_ahead`]): wgpu spends
//! host time on every dispatch it records, so a graph of many kernels would otherwise keep the
//! device idle for that long each run.

use super::layout::Layout;
use super::upload::{StagedCopy, Upload};
use crate::ir::{BufferId, Plan};

/// One dispatch of a run.
pub(super) struct Pass {
    pub label: String,
    pub pipeline: wgpu::ComputePipeline,
    /// Built at `new`; for kernels that trace a scene, once the scene is loaded.
    pub bind_group: Option<wgpu::BindGroup>,
    pub grid: [u32; 3],
}

/// What a submission times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Timing {
    None,
    /// One compute pass per kernel, each timed.
    PerKernel,
    /// All kernels in one compute pass, timed as a whole.
    Whole,
}

/// What a command buffer was recorded for: a run may submit one recorded ahead only where its
/// own would be the same.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RecordKey {
    /// The buffers copied out to the staging buffer, in order.
    pub regions: Vec<BufferId>,
    pub timing: Timing,
    /// The inputs copied in from the mapped input staging buffer (`None`: written with
    /// `write_buffer` before the submission, so nothing to copy).
    pub staged: Option<Vec<StagedCopy>>,
}

/// A command buffer recorded ahead of the run that will submit it.
pub(super) struct Recorded {
    pub key: RecordKey,
    pub commands: wgpu::CommandBuffer,
}

/// What a run does with commands recorded ahead: submit `recorded` where it fits, and record
/// the next run's after its own submit where `record_next`.
pub(super) struct Ahead {
    pub recorded: Option<Recorded>,
    pub record_next: bool,
}

impl Ahead {
    /// Record now, nothing ahead.
    pub const NONE: Ahead = Ahead { recorded: None, record_next: false };
}

/// Where each region lands in the staging buffer, then the timestamps; `total` bytes in all.
pub(super) struct Readback {
    pub offsets: Vec<u64>,
    pub timestamps_at: u64,
    pub total: u64,
    /// Timestamp pairs written (one a pass), where the run is timed.
    pub pairs: Option<u32>,
}

impl Readback {
    pub fn new(plan: &Plan, layout: &Layout, key: &RecordKey, passes: usize, timed: bool) -> Readback {
        let mut offsets = Vec::with_capacity(key.regions.len());
        let mut total = 0u64;
        for &id in &key.regions {
            offsets.push(total);
            total += layout.padded_bytes(plan, id);
        }
        let timestamps_at = total;
        let pairs = match key.timing {
            Timing::None => None,
            _ if !timed || passes == 0 => None,
            Timing::PerKernel => Some(passes as u32),
            Timing::Whole => Some(1),
        };
        if let Some(pairs) = pairs {
            total += u64::from(pairs) * 16;
        }
        Readback { offsets, timestamps_at, total, pairs }
    }
}

/// The buffers a run's commands use besides the plan's own.
pub(super) struct Targets<'a> {
    pub device: &'a wgpu::Device,
    pub plan: &'a Plan,
    pub layout: &'a Layout,
    pub upload: Option<&'a Upload>,
    pub staging: &'a wgpu::Buffer,
    pub queries: Option<&'a (wgpu::QuerySet, wgpu::Buffer)>,
}

/// Records a run: the staged inputs' copies, `passes` (with `Timing::PerKernel` a compute pass
/// each, timed each; else one compute pass for all, in which wgpu still orders dependent
/// dispatches, timed as a whole), then the regions and timestamps into the staging buffer.
pub(super) fn record(t: &Targets<'_>, passes: &[Pass], key: &RecordKey, readback: &Readback) -> wgpu::CommandBuffer {
    let mut encoder = t.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("forge graph") });
    if let (Some(upload), Some(copies)) = (t.upload, &key.staged) {
        upload.record(&mut encoder, copies, t.layout);
    }
    let queries = readback.pairs.and(t.queries);
    let writes = |k: u32| {
        queries.map(|(set, _)| wgpu::ComputePassTimestampWrites {
            query_set: set,
            beginning_of_pass_write_index: Some(2 * k),
            end_of_pass_write_index: Some(2 * k + 1),
        })
    };
    if key.timing == Timing::PerKernel {
        for (k, p) in passes.iter().enumerate() {
            let desc = wgpu::ComputePassDescriptor { label: Some(&p.label), timestamp_writes: writes(k as u32) };
            let mut cpass = encoder.begin_compute_pass(&desc);
            cpass.set_pipeline(&p.pipeline);
            cpass.set_bind_group(0, p.bind_group.as_ref(), &[]);
            cpass.dispatch_workgroups(p.grid[0], p.grid[1], p.grid[2]);
        }
    } else if !passes.is_empty() {
        let desc = wgpu::ComputePassDescriptor { label: Some("forge graph"), timestamp_writes: writes(0) };
        let mut cpass = encoder.begin_compute_pass(&desc);
        for p in passes {
            cpass.set_pipeline(&p.pipeline);
            cpass.set_bind_group(0, p.bind_group.as_ref(), &[]);
            cpass.dispatch_workgroups(p.grid[0], p.grid[1], p.grid[2]);
        }
    }
    for (&id, &at) in key.regions.iter().zip(&readback.offsets) {
        let (buf, off) = t.layout.place(id);
        encoder.copy_buffer_to_buffer(buf, off, t.staging, at, t.layout.padded_bytes(t.plan, id));
    }
    if let (Some((set, resolve)), Some(pairs)) = (queries, readback.pairs) {
        encoder.resolve_query_set(set, 0..pairs * 2, resolve, 0);
        encoder.copy_buffer_to_buffer(resolve, 0, t.staging, readback.timestamps_at, u64::from(pairs) * 16);
    }
    encoder.finish()
}
