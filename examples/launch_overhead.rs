//! Host cost per node on CUDA: a 100-node chain of small elementwise kernels run with plain
//! stream launches and with CUDA-graph replay, beside raw cudarc launches of the same kernel
//! measured in the same run. Needs an NVIDIA driver.
//!
//! `cargo run --release --features cuda --example launch_overhead`

use forge::cudarc::driver::{LaunchConfig, PushKernelArg};
use forge::{Context, GraphInstance, HostSlice};
use std::time::{Duration, Instant};

const NODES: usize = 100;
const N: usize = 1024;
const RUNS: usize = 2000;

/// `t1 = x + 1; t2 = t1 * 0.5; …` — one kernel per node (nodes are not fused across statements).
fn chain_source() -> String {
    let mut s = String::from("graph Chain { dims { N } input x: f32[N]; output y: f32[N];\n");
    for i in 1..NODES {
        s += &format!("temp t{i}: f32[N];\n");
    }
    for i in 1..=NODES {
        let src = if i == 1 { "x".to_string() } else { format!("t{}", i - 1) };
        let dst = if i == NODES { "y".to_string() } else { format!("t{i}") };
        let op = if i % 2 == 0 { "* 0.5" } else { "+ 1.0" };
        s += &format!("{dst} = {src} {op};\n");
    }
    s + "}"
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// (median launch/enqueue host time per run, median wall per run)
fn forge_runs(graphs: bool) -> forge::Result<(Duration, Duration, Vec<f32>)> {
    let cuda = forge::CudaOptions { graphs, ..Default::default() };
    let ctx = Context::cuda()?.with_options(forge::Options { cuda, ..Default::default() });
    let mut g = GraphInstance::from_source(&ctx, &chain_source(), &[N])?;
    let x: Vec<f32> = (0..N).map(|i| (i % 13) as f32 - 6.0).collect();
    let mut y = Vec::new();
    for _ in 0..10 {
        g.run(&[("x", HostSlice::of(&x))], &[])?;
    }
    let (mut enq, mut wall) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let t = Instant::now();
        let out = g.run(&[("x", HostSlice::of(&x))], &[])?;
        wall.push(t.elapsed());
        enq.push(g.last_profile().and_then(|p| p.enqueue).unwrap_or_default());
        y = out[0].1.to_vec::<f32>("y")?;
    }
    Ok((median(enq), median(wall), y))
}

/// Raw cudarc: the chain's first kernel launched NODES times per run on one stream.
fn raw_cudarc() -> forge::Result<(Duration, Duration)> {
    let ctx = Context::cuda()?;
    let g = GraphInstance::from_source(&ctx, &chain_source(), &[N])?;
    let k = &g.plan().kernels[0];
    let f = forge::codegen::cuda::emit_function(&k.spec, &k.schedule)?;
    let program = format!("{}\n{}", forge::codegen::cuda::prelude(), f.code);
    let ptx = forge::nvrtc_ptx(&program, "sm_90")?;
    let err =
        |e: forge::cudarc::driver::DriverError| forge::Error::Cuda { during: "raw cudarc", message: format!("{e:?}") };
    let cx = forge::cudarc::driver::CudaContext::new(0).map_err(err)?;
    let stream = cx.new_stream().map_err(err)?;
    let module = cx.load_module(forge::cudarc::nvrtc::Ptx::from_src(ptx)).map_err(err)?;
    let func = module.load_function(&f.name).map_err(err)?;
    let mut a = stream.alloc_zeros::<f32>(N).map_err(err)?;
    let mut b = stream.alloc_zeros::<f32>(N).map_err(err)?;
    let cfg =
        LaunchConfig { grid_dim: (f.grid[0], f.grid[1], f.grid[2]), block_dim: (f.threads, 1, 1), shared_mem_bytes: 0 };
    let (mut enq, mut wall) = (Vec::new(), Vec::new());
    for run in 0..RUNS + 10 {
        let t = Instant::now();
        for _ in 0..NODES {
            let mut l = stream.launch_builder(&func);
            l.arg(&mut b).arg(&mut a);
            // SAFETY: the kernel takes (out, in) f32 pointers of N elements, as allocated.
            unsafe { l.launch(cfg) }.map_err(err)?;
        }
        let e = t.elapsed();
        stream.synchronize().map_err(err)?;
        if run >= 10 {
            enq.push(e);
            wall.push(t.elapsed());
        }
    }
    Ok((median(enq), median(wall)))
}

fn main() -> forge::Result<()> {
    let (direct_enq, direct_wall, y_direct) = forge_runs(false)?;
    let (graph_enq, graph_wall, y_graph) = forge_runs(true)?;
    let (raw_enq, raw_wall) = raw_cudarc()?;
    let x0 = -6.0f32;
    let mut want = x0;
    for i in 1..=NODES {
        want = if i % 2 == 0 { want * 0.5 } else { want + 1.0 };
    }
    assert!(y_direct[0] == want && y_graph[0] == want, "chain result {} / {} != {want}", y_direct[0], y_graph[0]);
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!("{NODES}-node chain of {N}-element kernels, median of {RUNS} runs, host time per node:");
    println!("{:<34} {:>16} {:>22}", "", "launch (us/node)", "run wall (us/node)");
    println!(
        "{:<34} {:>16.2} {:>22.2}",
        "forge, plain stream launches",
        us(direct_enq) / NODES as f64,
        us(direct_wall) / NODES as f64
    );
    println!(
        "{:<34} {:>16.2} {:>22.2}",
        "forge, CUDA graph replay",
        us(graph_enq) / NODES as f64,
        us(graph_wall) / NODES as f64
    );
    println!(
        "{:<34} {:>16.2} {:>22.2}",
        "raw cudarc launches (same kernel)",
        us(raw_enq) / NODES as f64,
        us(raw_wall) / NODES as f64
    );
    println!("run wall includes the input upload, the launches, one synchronisation and the output read");
    Ok(())
}
