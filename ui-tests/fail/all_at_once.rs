use forge::prelude::*;

forge_graph! {
    pub graph Many {
        dims { B, D }
        input x: f32[B, D];
        input k: i32[B, D];
        weight w: f32[D, D];
        temp t: f32[B, D];
        output y: f32[B, D];
        x = x * 2.0;
        t = x + k;
        #[schedule(workgroup = 300)]
        t = matmul(x, w, w);
        y = t + q;
    }
}

fn main() {
    // The generated types exist despite the errors above: no "cannot find type" cascade.
    let _dims = ManyDims { b: 1, d: 2 };
    let _ = |g: &mut Many, x: &[f32], k: &[i32]| g.run(ManyInputs { x, k });
}
