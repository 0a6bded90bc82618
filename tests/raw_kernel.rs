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

forge_tests!(raw_kernel_runs);
