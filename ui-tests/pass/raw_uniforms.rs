// A raw WGSL kernel reading graph uniforms (`var<uniform>` of the scalar type) next to storage
// bindings; the graph's own nodes use the same uniforms.
use forge::prelude::*;

forge_graph! {
    pub graph Saxpy {
        dims { N }
        input   x: f32[N];
        input   y: f32[N];
        uniform a: f32 = 2.0;
        uniform count: u32;
        temp    t: f32[N];
        output  z: f32[N];

        t = wgsl!("
            @group(0) @binding(0) var<storage, read> x: array<f32>;
            @group(0) @binding(1) var<storage, read> y: array<f32>;
            @group(0) @binding(2) var<uniform> a: f32;
            @group(0) @binding(3) var<uniform> count: u32;
            @group(0) @binding(4) var<storage, read_write> t: array<f32>;
            @compute @workgroup_size(64)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                if (g.x < count && g.x < arrayLength(&t)) { t[g.x] = a * x[g.x] + y[g.x]; }
            }
        ", x, y, a, count, t);
        z = t / a;
    }
}

fn main() {
    let _ = SaxpyDims { n: 4 };
}
