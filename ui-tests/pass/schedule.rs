use forge::prelude::*;

forge_graph! {
    pub graph Tuned {
        dims { B, D }
        input x: f32[B, D];
        temp t: f32[B, D];
        output y: f32[B];

        #[schedule(workgroup = 64, items = 4)]
        t = exp(x - 1.0);
        #[schedule(workgroup = 128)]
        y = sum(t);
    }
}

fn main() {
    let _ = TunedDims { b: 2, d: 3 };
}
