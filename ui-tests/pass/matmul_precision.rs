use forge::prelude::*;

forge_graph! {
    /// Products that may run on TF32 tensor cores.
    pub graph G {
        dims { M, K, N }
        input a: f32[M, K];
        weight w: f32[N, K];
        temp t: f32[M, N];
        output y: f32[M, N];
        t = matmul(a, transpose(w), precision = tf32x3);
        y = t + matmul(a, transpose(w), precision = tf32) + matmul(a, transpose(w), precision = f32);
    }
}

fn main() {
    let _ = G::SOURCE;
}
