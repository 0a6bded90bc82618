//! Probe: what one dependent step of a kernel chain costs on this GPU, by how a kernel waits
//! for the one ahead of it. 100 kernels (each: load 1024 floats a block, a block sum, store
//! x + 1) in one CUDA graph, replayed; the result is checked (a missed dependency shows).
//!   plain   launches without programmatic dependent launch
//!   wait    PDL: `griddepcontrol.wait`, then `launch_dependents` (Forge's kernels today)
//!   first   PDL: `launch_dependents` first, then the wait
//!   flag    PDL: `launch_dependents` first; each block then spins on a counter the blocks of
//!           the kernel ahead bump after their stores (release/acquire), no grid wait
//! With `--stamps`: when each kernel of a 12-kernel chain started, passed its wait and ended
//! (`%globaltimer`), i.e. how many kernels ahead programmatic launch lets blocks start.
//! `cargo run --release -p forge-runtime --features cuda --example pdl_probe [-- --stamps]`

use cudarc::driver::{sys, CudaContext, DevicePtr};
use std::ffi::c_void;

const SRC: &str = r#"
__device__ __forceinline__ unsigned long long ld_acquire(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void work(const float* x, float* y) {
  __shared__ float part[8];
  const float* xb = x + (size_t)blockIdx.x * 1024;
  float* yb = y + (size_t)blockIdx.x * 1024;
  float v[4], s = 0.f;
#pragma unroll
  for (int i = 0; i < 4; ++i) { v[i] = xb[threadIdx.x + 256 * i]; s += v[i]; }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = s;
  __syncthreads();
  float t = 0.f;
#pragma unroll
  for (int w = 0; w < 8; ++w) t += part[w];
  const float bump = t < -1.f ? 2.f : 1.f;
#pragma unroll
  for (int i = 0; i < 4; ++i) yb[threadIdx.x + 256 * i] = v[i] + bump;
}
extern "C" __global__ void __launch_bounds__(256) k_plain(const float* x, float* y, unsigned long long* c, int k, int gp) {
  work(x, y);
}
extern "C" __global__ void __launch_bounds__(256) k_wait(const float* x, float* y, unsigned long long* c, int k, int gp) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  work(x, y);
}
extern "C" __global__ void __launch_bounds__(256) k_first(const float* x, float* y, unsigned long long* c, int k, int gp) {
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  asm volatile("griddepcontrol.wait;" ::: "memory");
  work(x, y);
}
// c[2k]: arrivals of kernel k (a ticket per block: its replay is ticket / gridDim.x);
// c[2k+1]: blocks of kernel k done. Monotonic, never reset.
extern "C" __global__ void __launch_bounds__(256) k_flag(const float* x, float* y, unsigned long long* c, int k, int gp) {
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  if (threadIdx.x == 0) {
    const unsigned long long gen = atomicAdd(&c[2 * k], 1ull) / gridDim.x;
    if (k > 0) {
      const unsigned long long need = (gen + 1) * (unsigned long long)gp;
      while (ld_acquire(&c[2 * (k - 1) + 1]) < need) __nanosleep(32);
    }
  }
  __syncthreads();
  work(x, y);
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    asm volatile("red.release.gpu.global.add.u64 [%0], 1;" :: "l"(&c[2 * k + 1]) : "memory");
  }
}
__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}
// t[3k]: first block of kernel k started; t[3k+1]: its first block passed the wait; t[3k+2]:
// its last block ended. Each block also spins `spin_ns` after its work, so kernels are long
// enough for the overlap (or its absence) to show.
extern "C" __global__ void __launch_bounds__(256) k_stamp(const float* x, float* y, unsigned long long* t, int k, int spin_ns) {
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  if (threadIdx.x == 0) atomicMin(&t[3 * k], now_ns());
  asm volatile("griddepcontrol.wait;" ::: "memory");
  if (threadIdx.x == 0) atomicMin(&t[3 * k + 1], now_ns());
  work(x, y);
  const unsigned long long t0 = now_ns();
  while (now_ns() - t0 < (unsigned long long)spin_ns) {}
  __syncthreads();
  if (threadIdx.x == 0) atomicMax(&t[3 * k + 2], now_ns());
}
"#;

const CHAIN: usize = 100;
const REPLAYS: usize = 200;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let ptx = forge_runtime::backend::cuda::nvrtc::compile_ptx(SRC, "sm_90")?;
    // SAFETY: only probes whether the driver library can be loaded.
    if !unsafe { sys::is_culib_present() } {
        println!("pdl_probe: skipped (no CUDA driver)");
        return Ok(());
    }
    let ctx = CudaContext::new(0)?;
    let stream = ctx.new_stream()?;
    let module = ctx.load_module(cudarc::nvrtc::Ptx::from_src(ptx))?;
    if std::env::args().any(|a| a == "--stamps") {
        return stamps(&stream, &module);
    }
    println!("variant  blocks  us/node  (graph of {CHAIN} kernels, {REPLAYS} replays)  check");
    for blocks in [1usize, 66, 132, 264] {
        for variant in ["plain", "wait", "first", "flag"] {
            let f = module.load_function(&format!("k_{variant}"))?;
            let bufs = [stream.alloc_zeros::<f32>(blocks * 1024)?, stream.alloc_zeros::<f32>(blocks * 1024)?];
            let counters = stream.alloc_zeros::<u64>(2 * CHAIN)?;
            let (p0, _g0) = bufs[0].device_ptr(&stream);
            let (p1, _g1) = bufs[1].device_ptr(&stream);
            let (pc, _gc) = counters.device_ptr(&stream);
            let programmatic = variant != "plain";
            let launch_chain = || -> Result<(), Box<dyn std::error::Error>> {
                for k in 0..CHAIN {
                    let (x, y) = if k % 2 == 0 { (p0, p1) } else { (p1, p0) };
                    launch(&stream, &f, blocks, programmatic, [x, y, pc], [k as i32, blocks as i32])?;
                }
                Ok(())
            };
            stream.begin_capture(sys::CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL)?;
            launch_chain()?;
            let graph = stream.end_capture(sys::CUgraphInstantiate_flags(0))?.ok_or("nothing captured")?;
            for _ in 0..10 {
                graph.launch()?;
            }
            let start = ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))?;
            let end = ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))?;
            start.record(&stream)?;
            for _ in 0..REPLAYS {
                graph.launch()?;
            }
            end.record(&stream)?;
            stream.synchronize()?;
            let ms = start.elapsed_ms(&end)?;
            let host = stream.clone_dtoh(&bufs[0])?;
            let want = ((10 + REPLAYS) * CHAIN) as f32;
            let ok = host.iter().all(|&v| v == want);
            println!(
                "{variant:7} {blocks:6} {:8.3}  {}",
                ms as f64 * 1e3 / (REPLAYS * CHAIN) as f64,
                if ok { "ok".to_string() } else { format!("WRONG (first {} want {want})", host[0]) }
            );
        }
    }
    Ok(())
}

/// `--stamps`: how far ahead programmatic launch lets kernels of a chain start. 12 kernels of
/// 132 blocks (each spinning 3 us after its work) are launched once; for each, when its first
/// block started, passed the grid wait and when its last block ended (us from the first start).
/// Kernel k + 2 starting before kernel k ends means more than one kernel of lookahead.
fn stamps(
    stream: &std::sync::Arc<cudarc::driver::CudaStream>,
    module: &std::sync::Arc<cudarc::driver::CudaModule>,
) -> Result<(), Box<dyn std::error::Error>> {
    const N: usize = 12;
    let f = module.load_function("k_stamp")?;
    for blocks in [132usize, 264] {
        let bufs = [stream.alloc_zeros::<f32>(blocks * 1024)?, stream.alloc_zeros::<f32>(blocks * 1024)?];
        let init: Vec<u64> = (0..3 * N).map(|i| if i % 3 == 2 { 0 } else { u64::MAX }).collect();
        let times = stream.clone_htod(&init)?;
        let (p0, _g0) = bufs[0].device_ptr(stream);
        let (p1, _g1) = bufs[1].device_ptr(stream);
        let (pt, _gt) = times.device_ptr(stream);
        for k in 0..N {
            let (x, y) = if k % 2 == 0 { (p0, p1) } else { (p1, p0) };
            launch(stream, &f, blocks, true, [x, y, pt], [k as i32, 3000])?;
        }
        stream.synchronize()?;
        let t = stream.clone_dtoh(&times)?;
        let us = |v: u64| (v.saturating_sub(t[0])) as f64 / 1e3;
        println!("{blocks} blocks a kernel: kernel, started, passed wait, ended (us)");
        for k in 0..N {
            println!("  {k:2} {:8.2} {:8.2} {:8.2}", us(t[3 * k]), us(t[3 * k + 1]), us(t[3 * k + 2]));
        }
    }
    Ok(())
}

/// Launches one probe kernel (`(x, y, counters or stamps, k, int)`) of `blocks` blocks of 256
/// threads on `stream`, with programmatic stream serialization where `programmatic`.
fn launch(
    stream: &cudarc::driver::CudaStream,
    f: &cudarc::driver::CudaFunction,
    blocks: usize,
    programmatic: bool,
    ptrs: [u64; 3],
    ints: [i32; 2],
) -> Result<(), Box<dyn std::error::Error>> {
    let (mut xa, mut ya, mut ca) = (ptrs[0], ptrs[1], ptrs[2]);
    let (mut i0, mut i1) = (ints[0], ints[1]);
    let mut args: [*mut c_void; 5] = [
        (&mut xa as *mut u64).cast(),
        (&mut ya as *mut u64).cast(),
        (&mut ca as *mut u64).cast(),
        (&mut i0 as *mut i32).cast(),
        (&mut i1 as *mut i32).cast(),
    ];
    // SAFETY: zeroed launch attribute value is a valid C union.
    let mut value: sys::CUlaunchAttributeValue = unsafe { std::mem::zeroed() };
    value.programmaticStreamSerializationAllowed = 1;
    let mut attr = sys::CUlaunchAttribute {
        id: sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION,
        pad: [0; 4],
        value,
    };
    let config = sys::CUlaunchConfig {
        gridDimX: blocks as u32,
        gridDimY: 1,
        gridDimZ: 1,
        blockDimX: 256,
        blockDimY: 1,
        blockDimZ: 1,
        sharedMemBytes: 0,
        hStream: stream.cu_stream(),
        attrs: &mut attr,
        numAttrs: u32::from(programmatic),
    };
    // SAFETY: arguments match the kernels' parameter list; the buffers outlive the launch (the
    // callers synchronize before dropping them).
    unsafe { sys::cuLaunchKernelEx(&config, f.cu_function(), args.as_mut_ptr(), std::ptr::null_mut()) }.result()?;
    Ok(())
}
