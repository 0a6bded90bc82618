use forge::prelude::*;

// `concat` is a node's whole value; its operands are bindings.
forge_graph! {
    pub graph G {
        dims { R, A, B, C = A + B }
        input x: f32[R, A];
        input z: f32[R, B];
        output y: f32[R, C];
        output w: f32[R, C];
        y = concat(x, z) * 2.0;
        w = concat(x, z + 1.0, axis = 1);
    }
}

fn main() {}
