use forge::prelude::*;

forge_graph! {
    pub graph Mixed {
        dims { N }
        input a: i32[N];
        input u: u32[N];
        uniform k: i32 = 3;
        output y: i32[N];
        output z: f32[N];

        y = max(a * k, (u as i32) - 1) / 2;
        z = sigmoid(y as f32) + relu(a as f32);
    }
}

fn main() {
    let _ = MixedDims { n: 1 };
    assert_eq!(MixedInputs::DEFAULT_K, 3);
}
