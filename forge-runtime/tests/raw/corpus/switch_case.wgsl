// switch with multi-value cases, default in the middle, break inside a loop inside a case.
// @dispatch 1 1 1
// @buf 0 i32 256 rand -3 12
// @buf 1 i32 256 poison
@group(0) @binding(0) var<storage, read> x: array<i32>;
@group(0) @binding(1) var<storage, read_write> y: array<i32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let v = x[gid.x];
    var r = 0;
    switch v {
        case 1, 2: { r = 10 + v; }
        case 3: {
            for (var k = 0; k < 10; k++) {
                if (k == 4) { break; }
                r += k;
            }
        }
        default: { r = -v; }
        case 7, 8, 9: {
            if (v == 8) { r = 800; break; }
            r = 700 + v;
        }
        case -1: { r = 99; }
    }
    switch u32(v & 3) {
        case 0u: { r = r * 2; }
        default: { }
    }
    y[gid.x] = r;
}
