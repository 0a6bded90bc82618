// Warnings (unused bindings, dead nodes) are `deprecated` lints: allow them like any lint.
#![allow(deprecated)]

use forge::prelude::*;

forge_graph! {
    pub graph Lenient {
        dims { N }
        input x: f32[N];
        weight spare: f32[N];
        temp scratch: f32[N];
        output y: f32[N];

        scratch = x * 3.0;
        y = select(x > 0.0, x, -x) + (x as i32) as f32;
    }
}

fn main() {
    let _ = LenientDims { n: 1 };
}
