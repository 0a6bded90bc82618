use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { B }
        input x: f32[B, 3, 32, 32];
        weight w: f32[16, 3, 3, 3];
        output y: f32[B, 16, 32, 32];
        // Stride 2 halves the plane: (32 + 2·1 − 1·(3 − 1) − 1) / 2 + 1 = 16, not 32.
        y = conv2d(x, w, stride = 2, padding = 1);
    }
}

fn main() {}
