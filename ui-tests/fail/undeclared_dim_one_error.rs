use forge::prelude::*;

// One mistake, one error: `x` is declared with a dim that does not exist, and the product and
// the sum that read it report nothing more.
forge_graph! {
    pub graph G {
        dims { B, E }
        input x: f32[B, EE];
        weight w: f32[E, E];
        temp h: f32[B, E];
        output y: f32[B, E];
        h = matmul(x, w);
        y = h + x;
    }
}

fn main() {}
