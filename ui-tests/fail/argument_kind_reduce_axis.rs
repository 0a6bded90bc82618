use forge::prelude::*;

// A reduction's `axis` names one of its operand's axes (negative from the end) or `all`.
forge_graph! {
    pub graph G {
        dims { A, B, C }
        input x: f32[A, B, C];
        output y: f32[A, B];
        output z: u32[B, C];
        output w: f32[A, C];
        y = sum(x, axis = 3);
        z = argmax(x, axis = -4);
        w = mean(x, axis = first);
    }
}

fn main() {}
