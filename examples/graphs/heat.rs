// The HeatSteps graph, shared by examples/heat.rs and its test.

forge_graph! {
    /// `S` explicit steps of heat diffusion on an `H × W` plate in one run:
    /// `u += alpha · (u[i-1,j] + u[i+1,j] + u[i,j-1] + u[i,j+1] - 4·u[i,j])`. The edges are
    /// insulated: a neighbour read past the edge takes the edge's own value (`edge(…)`), so no
    /// heat flows out and the plate's total stays the same (stable for
    /// `alpha ≤ 0.25`). The plate stays on the device between runs (`state`).
    pub graph HeatSteps {
        dims { H, W, S }

        uniform alpha: f32 = 0.2;
        state   u:     f32[H, W];
        temp    next:  f32[H, W];
        temp    rows:  f32[H];
        output  total: f32;

        for s in 0..S {
            // Insulated edges: a neighbour past the plate is the edge cell itself.
            next[i, j] = u[i, j] + alpha * (edge(u[i - 1, j]) + edge(u[i + 1, j]) + edge(u[i, j - 1]) + edge(u[i, j + 1]) - 4.0 * u[i, j]);
            u = next;
        }
        rows = sum(u);
        total = sum(rows);
    }
}
