use forge::prelude::*;

forge_graph! {
    pub graph G {
        dims { M, K, N }
        input a: f32[M, K];
        input b: f32[K, N];
        output y: f32[M, N];
        output z: f32[M, K];
        y = matmul(a, b, precision = fp16);
        z = softmax(a, precision = tf32);
    }
}

fn main() {}
