//! What one wgpu run costs the host beyond the device's own time, step by step: a bare submit
//! and wait, one dispatch, GPU timestamps and their readback, an input upload
//! (`queue.write_buffer`, which makes a staging buffer a call), an output readback, error
//! scopes; then whole graph instances (wall, host time up to the submit, device time), with
//! the run's wait spin-polled first (Forge's default on hardware adapters) and blocking.
//!
//! `cargo run --release --example wgpu_run_cost [-- ITERS]` (`WGPU_BACKEND` picks the backend).
//! Medians of `ITERS` (default 200) runs after 20 warm-ups.

#[path = "bench/sources.rs"]
mod sources;

use forge::wgpu;
use forge::{Context, GraphInstance, HostSlice, WgpuComputeContext};
use sources::{chain_source, mlp_source};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SHADER: &str = "@group(0) @binding(0) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x == 0u) { b[0] = b[0] + 1u; }
}";

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v.get(v.len() / 2).map_or(f64::NAN, |d| d.as_secs_f64() * 1e6)
}

fn iters() -> usize {
    std::env::args().nth(1).and_then(|v| v.parse().ok()).unwrap_or(200)
}

/// Median host time of `f` over [`iters`] calls after 20 warm-ups.
fn time(mut f: impl FnMut()) -> f64 {
    for _ in 0..20 {
        f();
    }
    let v: Vec<Duration> = (0..iters())
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    median(v)
}

struct Probe {
    device: wgpu::Device,
    queue: wgpu::Queue,
    pipeline: wgpu::ComputePipeline,
    group: wgpu::BindGroup,
    target: wgpu::Buffer,
    staging: wgpu::Buffer,
    queries: Option<(wgpu::QuerySet, wgpu::Buffer)>,
}

impl Probe {
    fn new(ctx: &WgpuComputeContext, bytes: u64) -> Probe {
        let device = ctx.device().clone();
        let queue = ctx.queue().clone();
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(SHADER.into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let buffer = |usage, size| {
            device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage, mapped_at_creation: false })
        };
        let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC;
        let target = buffer(storage, bytes);
        let staging = buffer(wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST, bytes + 16);
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: target.as_entire_binding() }],
        });
        let queries = ctx.timestamp_supported().then(|| {
            let set = device.create_query_set(&wgpu::QuerySetDescriptor {
                label: None,
                ty: wgpu::QueryType::Timestamp,
                count: 2,
            });
            (set, buffer(wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC, 16))
        });
        Probe { device, queue, pipeline, group, target, staging, queries }
    }

    /// Blocks in `poll` until the device is idle, or (`spin`) polls without blocking until
    /// `done` is set by a callback.
    fn wait(&self, spin: bool, done: &AtomicBool) {
        if !spin {
            let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
            return;
        }
        while !done.load(Ordering::Acquire) {
            let _ = self.device.poll(wgpu::PollType::Poll);
            std::hint::spin_loop();
        }
    }

    fn map(&self, len: u64, spin: bool) {
        let slice = self.staging.slice(0..len);
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        slice.map_async(wgpu::MapMode::Read, move |_| flag.store(true, Ordering::Release));
        self.wait(spin, &done);
        if let Ok(view) = slice.get_mapped_range() {
            std::hint::black_box(view.to_vec());
        }
        self.staging.unmap();
    }

    /// One encoder: a dispatch (timed where asked), then `readback` bytes of the target copied
    /// out; submitted, waited for, and the staging buffer mapped when anything was copied.
    fn run(&self, dispatch: bool, timestamps: bool, readback: u64, spin: bool) {
        let mut encoder = self.device.create_command_encoder(&Default::default());
        let ts = self.queries.as_ref().filter(|_| timestamps);
        if dispatch {
            let timestamp_writes = ts.map(|(set, _)| wgpu::ComputePassTimestampWrites {
                query_set: set,
                beginning_of_pass_write_index: Some(0),
                end_of_pass_write_index: Some(1),
            });
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: None, timestamp_writes });
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        if readback > 0 {
            encoder.copy_buffer_to_buffer(&self.target, 0, &self.staging, 0, readback);
        }
        if let Some((set, resolve)) = ts {
            encoder.resolve_query_set(set, 0..2, resolve, 0);
            encoder.copy_buffer_to_buffer(resolve, 0, &self.staging, readback, 16);
        }
        self.queue.submit([encoder.finish()]);
        let mapped = readback + if ts.is_some() { 16 } else { 0 };
        if mapped > 0 {
            self.map(mapped, spin);
        } else {
            let done = Arc::new(AtomicBool::new(false));
            let flag = Arc::clone(&done);
            self.queue.on_submitted_work_done(move || flag.store(true, Ordering::Release));
            self.wait(spin, &done);
        }
    }
}

/// (wall, host time up to the submit, device time) medians of an instance's runs, outputs read.
fn instance(ctx: &Context, source: &str, dims: &[usize]) -> forge::Result<(f64, f64, f64)> {
    let mut g = GraphInstance::from_source(ctx, source, dims)?;
    let plan = g.plan().clone();
    let mut rng = fastrand::Rng::with_seed(3);
    let mut data = Vec::new();
    for b in &plan.buffers {
        if matches!(b.role, forge::ir::BufferRole::Weight | forge::ir::BufferRole::Input) {
            let v: Vec<f32> = (0..b.len).map(|_| rng.f32() * 0.1 + 0.01).collect();
            data.push((b.name.clone(), b.role, v));
        }
    }
    let of = |role| data.iter().filter(|d| d.1 == role).map(|d| (d.0.as_str(), HostSlice::of(&d.2))).collect();
    let weights: Vec<(&str, HostSlice<'_>)> = of(forge::ir::BufferRole::Weight);
    g.load_weights(&weights)?;
    let inputs: Vec<(&str, HostSlice<'_>)> = of(forge::ir::BufferRole::Input);
    let (mut wall, mut enq, mut dev) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..iters() + 20 {
        let t = Instant::now();
        let out = g.run(&inputs, &[])?;
        let w = t.elapsed();
        std::hint::black_box(out);
        if i < 20 {
            continue;
        }
        wall.push(w);
        if let Some(p) = g.last_profile() {
            enq.extend(p.enqueue);
            dev.extend(p.device_total());
        }
    }
    Ok((median(wall), median(enq), median(dev)))
}

fn main() -> forge::Result<()> {
    let wctx = WgpuComputeContext::new(1 << 20)?;
    println!("adapter: {} ({:?})", wctx.adapter().name, wctx.adapter().backend);
    let out = 64 * 576 * 4;
    let p = Probe::new(&wctx, out);
    let upload = vec![7u8; out as usize];
    let rows: Vec<(&str, f64)> = vec![
        ("empty submit + wait", time(|| p.run(false, false, 0, false))),
        ("empty submit, spin-polled", time(|| p.run(false, false, 0, true))),
        ("one dispatch + wait", time(|| p.run(true, false, 0, false))),
        ("one dispatch, spin-polled", time(|| p.run(true, false, 0, true))),
        ("one dispatch, timestamps read back", time(|| p.run(true, true, 0, false))),
        ("  the same, spin-polled", time(|| p.run(true, true, 0, true))),
        (
            "  + write_buffer 4 B",
            time(|| {
                p.queue.write_buffer(&p.target, 4, &upload[..4]);
                p.run(true, true, 0, false)
            }),
        ),
        (
            "  + write_buffer 147 KB",
            time(|| {
                p.queue.write_buffer(&p.target, 0, &upload);
                p.run(true, true, 0, false)
            }),
        ),
        ("  + readback 147 KB", time(|| p.run(true, true, out, false))),
        ("  + readback 147 KB, spin-polled", time(|| p.run(true, true, out, true))),
        (
            "error scopes (3 pushed, popped)",
            time(|| {
                let s = [
                    p.device.push_error_scope(wgpu::ErrorFilter::Internal),
                    p.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory),
                    p.device.push_error_scope(wgpu::ErrorFilter::Validation),
                ];
                for g in s.into_iter().rev() {
                    std::hint::black_box(pollster::block_on(g.pop()));
                }
            }),
        ),
        (
            "create + drop a 147 KB buffer",
            time(|| {
                let b = p.device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: out,
                    usage: wgpu::BufferUsages::MAP_WRITE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: true,
                });
                b.destroy();
            }),
        ),
    ];
    println!("{:<44} {:>10}", "step (host wall, median)", "us");
    for (name, us) in rows {
        println!("{name:<44} {us:>10.1}");
    }
    drop(p);
    drop(wctx);

    let ctx = Context::wgpu()?;
    println!("\n{:<32} {:>10} {:>12} {:>10} {:>12}", "graph instance", "wall us", "to submit", "device", "wall-device");
    let cases: Vec<(&str, String, Vec<usize>)> = vec![
        ("mlp block, batch 64", mlp_source(1), vec![64, 576, 1536]),
        ("mlp block, batch 1", mlp_source(1), vec![1, 576, 1536]),
        ("100 softmaxes of 1 x 1024", chain_source(100, true), vec![1024]),
    ];
    for (name, src, dims) in cases {
        // The run's wait: spin-polled up to Forge's limit, then blocking (the default on a
        // hardware adapter), or blocking at once (`WgpuOptions::spin` zero).
        for spin in [None, Some(Duration::ZERO)] {
            let wgpu = forge::WgpuOptions { spin, ..Default::default() };
            let ctx = ctx.clone().with_options(forge::Options { wgpu, ..Default::default() });
            let (wall, enq, dev) = instance(&ctx, &src, &dims)?;
            let label = format!("{name}{}", if spin.is_some() { ", blocking" } else { "" });
            println!("{label:<32} {wall:>10.1} {enq:>12.1} {dev:>10.1} {:>12.1}", wall - dev);
        }
    }
    Ok(())
}
