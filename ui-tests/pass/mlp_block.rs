use forge::prelude::*;

forge_graph! {
    /// Pre-norm SwiGLU MLP block.
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

fn main() {
    let _ = MlpBlockDims { b: 1, d: 4, f: 8 };
    assert_eq!(MlpBlockInputs::DEFAULT_EPS, 1e-5);
}
