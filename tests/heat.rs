//! The heat example's graph (`examples/graphs/heat.rs`): several stencil steps a run with the
//! plate in `state`, on every backend against a plain Rust loop over random plates, over
//! several runs; the insulated edges keep the total heat.

mod common;

use common::*;
use forge::prelude::*;

include!("../examples/graphs/heat.rs");

/// `steps` steps of the graph's stencil, edges clamped, in f32 as the graph computes them.
fn reference(u: &mut Vec<f32>, h: usize, w: usize, steps: usize, alpha: f32) {
    let at = |u: &[f32], i: isize, j: isize| {
        u[i.clamp(0, h as isize - 1) as usize * w + j.clamp(0, w as isize - 1) as usize]
    };
    for _ in 0..steps {
        let mut next = vec![0.0f32; h * w];
        for i in 0..h as isize {
            for j in 0..w as isize {
                let c = at(u, i, j);
                let sum = at(u, i - 1, j) + at(u, i + 1, j) + at(u, i, j - 1) + at(u, i, j + 1) - 4.0 * c;
                next[i as usize * w + j as usize] = c + alpha * sum;
            }
        }
        *u = next;
    }
}

fn plates_diffuse_as_the_loop_does(ctx: &Context) {
    for (h, w, s) in [(1, 7, 3), (33, 17, 4), (64, 96, 10)] {
        let start = rand_f32(h * w, 50.0, 900 + h as u64);
        let mut plate = HeatSteps::new(ctx, HeatStepsDims { h, w, s }).unwrap();
        plate.write_state(&HeatStepsState { u: start.clone() }).unwrap();
        let alpha = HeatStepsInputs::DEFAULT_ALPHA;
        let mut want = start.clone();
        for run in 0..3 {
            let total = plate.run(HeatStepsInputs { alpha }).unwrap().total[0];
            reference(&mut want, h, w, s, alpha);
            let got = plate.read_state().unwrap().u;
            // The same f32 operations in the same order, except that the GPUs may fuse a
            // multiply-add: rounding-level differences, relative to the plate's scale (near
            // zero a stencil of values near 50 cancels, so a relative bound alone fails).
            assert_close(&format!("{h}x{w}x{s} run {run}"), &got, &want, 1e-6, 50.0);
            let sum: f64 = want.iter().map(|&v| f64::from(v)).sum();
            let initial: f64 = start.iter().map(|&v| f64::from(v)).sum();
            assert!((f64::from(total) - sum).abs() <= 1e-4 * sum.abs().max(1.0), "{total} vs {sum}");
            assert!((sum - initial).abs() <= 1e-3 * initial.abs().max(1.0), "heat lost: {sum} vs {initial}");
        }
    }
}

fn main() {
    run_suite(&[("plates_diffuse_as_the_loop_does", plates_diffuse_as_the_loop_does)], &[]);
}
