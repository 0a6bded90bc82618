// The MlpBlock graph, shared by examples/mlp_block.rs and the codegen snapshot test.

forge_graph! {
    /// Pre-norm SwiGLU MLP block: y = x + W_down · (silu(W_gate · n) ⊙ (W_up · n)), n = rmsnorm(x)
    pub graph MlpBlock {
        dims { B, D, F }

        input   x:      f32[B, D];
        weight  g:      f32[D];
        weight  w_gate: f32[D, F];
        weight  w_up:   f32[D, F];
        weight  w_down: f32[F, D];
        uniform eps:    f32 = 1e-5;
        temp    n:      f32[B, D];
        temp    h:      f32[B, F];
        output  y:      f32[B, D];

        n = rms_norm(x, g, eps);
        h = silu(matmul(n, w_gate)) * matmul(n, w_up);
        y = x + matmul(h, w_down);
    }
}
