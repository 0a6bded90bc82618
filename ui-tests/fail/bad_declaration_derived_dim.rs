use forge::prelude::*;

// A derived dim is computed from dims declared before it; a quotient by the literal 0 is refused.
forge_graph! {
    pub graph G {
        dims { D, E = D / H, H, Z = D / 0 }
        input x: f32[D, E];
        output y: f32[D, E];
        y = x;
    }
}

fn main() {}
