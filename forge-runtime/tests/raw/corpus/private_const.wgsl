// Module constants (arrays, structs), dynamic indexing into constant values, private arrays.
// @dispatch 1 1 1
// @buf 0 u32 64 rand 0 20
// @buf 1 f32 256 poison
struct Coef { k: vec2<f32>, c: f32 }
const TABLE = array<f32, 5>(0.5, 1.5, -2.0, 4.25, 8.0);
const COEF = Coef(vec2<f32>(0.5, -1.0), 3.0);
const SCALE: f32 = 1.0 / 3.0;
var<private> acc: array<f32, 3> = array<f32, 3>(1.0, 2.0, 3.0);
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let k = x[i];
    let t = TABLE;
    let v = t[k % 5u] + TABLE[(k + 2u) % 5u];
    acc[k % 3u] += v;
    let m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
    let col = m[1];
    y[4u * i] = v * SCALE;
    y[4u * i + 1u] = COEF.k.x * v + COEF.k.y + COEF.c + col.y;
    y[4u * i + 2u] = acc[0] + acc[1] * 10.0 + acc[2] * 100.0;
    let arr = array<vec2<f32>, 3>(vec2<f32>(1.0, 2.0), vec2<f32>(3.0, 4.0), vec2<f32>(f32(k), 6.0));
    y[4u * i + 3u] = arr[k % 3u].x + arr[2].y + arr[k].y;
}
