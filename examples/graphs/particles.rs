// The ParticleStep graph, shared by examples/particles.rs and the codegen snapshot test.

forge_graph! {
    /// One explicit-Euler step of particles falling under gravity, bouncing off the floor y = 0
    /// with damping, and their total energy (kinetic + potential) after the step.
    pub graph ParticleStep {
        dims { N }

        uniform dt:       f32 = 0.005;
        uniform gravity:  f32 = 9.81;
        uniform damping:  f32 = 0.8;
        state   px:       f32[N];
        state   py:       f32[N];
        state   vx:       f32[N];
        state   vy:       f32[N];
        temp    ny:       f32[N];
        output  energy:   f32;

        vy = vy - gravity * dt;
        px = px + vx * dt;
        ny = py + vy * dt;
        vy = select(ny < 0.0, -vy * damping, vy);
        py = abs(ny);
        energy = sum(vx * vx + vy * vy) * 0.5 + sum(py) * gravity;
    }
}
