//! A physics step: particles under gravity bouncing off the floor, state kept on the device
//! across steps, total energy reduced on the device each step; checked against the CPU.
//!
//! `cargo run --release --example particles`

use forge::prelude::*;
use std::time::Instant;

include!("graphs/particles.rs");

fn main() -> forge::Result<()> {
    let n = 100_003;
    let steps = 200;
    let mut rng = fastrand::Rng::with_seed(11);
    let mut init = ParticleStepState::default();
    for _ in 0..n {
        init.px.push(rng.f32() * 10.0);
        init.py.push(1.0 + rng.f32() * 9.0);
        init.vx.push(rng.f32() * 2.0 - 1.0);
        init.vy.push(rng.f32() * 2.0 - 1.0);
    }
    let inputs = ParticleStepInputs {
        dt: ParticleStepInputs::DEFAULT_DT,
        gravity: ParticleStepInputs::DEFAULT_GRAVITY,
        damping: ParticleStepInputs::DEFAULT_DAMPING,
    };

    let ctx = Context::auto()?;
    println!("backend: {ctx}");
    let mut sim = ParticleStep::new(&ctx, ParticleStepDims { n })?;
    sim.write_state(&init)?;
    let mut energies = Vec::with_capacity(steps);
    let t = Instant::now();
    for _ in 0..steps {
        energies.push(sim.run(inputs)?.energy[0]);
    }
    let per_step = t.elapsed() / steps as u32;
    println!("{steps} steps of {n} particles: {:.3} ms per step (one submission each)", per_step.as_secs_f64() * 1e3);
    println!("energy: {:.1} -> {:.1} (damped bounces lose energy)", energies[0], energies[steps - 1]);

    let mut reference = ParticleStep::new(&Context::cpu(), ParticleStepDims { n })?;
    reference.write_state(&init)?;
    let mut want = 0.0;
    for _ in 0..steps {
        want = reference.run(inputs)?.energy[0];
    }
    let got = sim.read_state()?;
    let ref_state = reference.read_state()?;
    let max_dy = got.py.iter().zip(&ref_state.py).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
    let rel_e = (energies[steps - 1] - want).abs() / want.abs();
    println!("vs CPU reference after {steps} steps: max |py - ref| = {max_dy:.2e}, energy rel error {rel_e:.2e}");
    if rel_e.is_nan() || rel_e >= 1e-3 || max_dy.is_nan() || max_dy >= 1e-2 {
        return Err(forge::Error::Internal(format!("differs from the CPU reference: energy {rel_e:e}, py {max_dy:e}")));
    }
    Ok(())
}
