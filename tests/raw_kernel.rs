//! Raw WGSL kernels (DESIGN form 4) at run time on every backend: wgpu runs the source as
//! written, the CPU interprets it, CUDA runs its translation to CUDA-C.

mod common;

use forge::prelude::*;

forge_graph! {
    pub graph Scaled {
        dims { N }
        input  x: f32[N];
        weight w: f32[N];
        temp   t: f32[N];
        output y: f32[N];

        t = wgsl!("
            @group(0) @binding(0) var<storage, read> x: array<f32>;
            @group(0) @binding(1) var<storage, read> w: array<f32>;
            @group(0) @binding(2) var<storage, read_write> t: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                if (g.x < arrayLength(&t)) { t[g.x] = x[g.x] * w[g.x]; }
            }
        ", x, w, t);
        y = t + 1.0;
    }
}

fn run(ctx: &Context, n: usize) -> forge::Result<Vec<f32>> {
    let x = common::rand_f32(n, 2.0, 11);
    let w = common::rand_f32(n, 1.0, 12);
    let mut g = Scaled::new(ctx, ScaledDims { n })?;
    g.load_weights(ScaledWeights { w: &w })?;
    Ok(g.run(ScaledInputs { x: &x })?.y)
}

fn raw_kernel_runs(ctx: &Context) {
    let n = 1000;
    let got = run(ctx, n).expect("run");
    let (x, w) = (common::rand_f32(n, 2.0, 11), common::rand_f32(n, 1.0, 12));
    let want: Vec<f32> = x.iter().zip(&w).map(|(a, b)| a * b + 1.0).collect();
    common::assert_close("raw kernel", &got, &want, 1e-6, 1.0);
}

forge_graph! {
    /// A raw kernel that writes only the even elements of its output, and one that adds to a
    /// state's even elements: what it skips reads as zero in the output (every run), and keeps
    /// its values in the state.
    pub graph Evens {
        dims { N }
        input  x: f32[N];
        state  acc: f32[N];
        output y: f32[N];

        y = wgsl!("
            @group(0) @binding(0) var<storage, read> x: array<f32>;
            @group(0) @binding(1) var<storage, read_write> y: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                let i = g.x * 2u;
                if (i < arrayLength(&y)) { y[i] = x[i] * 3.0; }
            }
        ", x, y);
        acc = wgsl!("
            @group(0) @binding(0) var<storage, read> x: array<f32>;
            @group(0) @binding(1) var<storage, read_write> acc: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                let i = g.x * 2u;
                if (i < arrayLength(&acc)) { acc[i] = acc[i] + x[i]; }
            }
        ", x, acc);
    }
}

fn unwritten_elements_read_as_zero(ctx: &Context) {
    let n = 301;
    let mut g = Evens::new(ctx, EvensDims { n }).unwrap();
    let start: Vec<f32> = common::rand_f32(n, 1.0, 20);
    g.write_state(&EvensState { acc: start.clone() }).unwrap();
    let mut acc = start;
    for round in 0..2u64 {
        let x = common::rand_f32(n, 2.0, 21 + round);
        let y = g.run(EvensInputs { x: &x }).unwrap().y;
        let want: Vec<f32> = (0..n).map(|i| if i % 2 == 0 { x[i] * 3.0 } else { 0.0 }).collect();
        assert_eq!(y, want, "round {round}: the odd elements the kernel skips are zero");
        for i in (0..n).step_by(2) {
            acc[i] += x[i];
        }
        assert_eq!(g.read_state().unwrap().acc, acc, "round {round}: the state keeps what it skips");
    }
}

forge_tests!(raw_kernel_runs, unwritten_elements_read_as_zero);
