use forge::prelude::*;

// One mistake, one error: `h` is declared [B, D] where the product computes [B, F]; the next
// product, which reads `h`, reports nothing more.
forge_graph! {
    pub graph G {
        dims { B, D, F }
        input x: f32[B, D];
        weight w_up: f32[D, F];
        weight w_down: f32[F, D];
        temp h: f32[B, D];
        output y: f32[B, D];
        h = matmul(x, w_up);
        y = matmul(h, w_down);
    }
}

fn main() {}
