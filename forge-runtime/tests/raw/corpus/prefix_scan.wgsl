// Hillis-Steele inclusive scan in workgroup memory: barriers inside a loop, double buffering.
// @dispatch 4 1 1
// @buf 0 u32 512 rand 1 1000
// @buf 1 u32 512 poison
var<workgroup> buf: array<array<u32, 128>, 2>;
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> y: array<u32>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    let li = lid.x;
    var cur = 0u;
    buf[0][li] = x[gid.x];
    workgroupBarrier();
    for (var off = 1u; off < 128u; off = off * 2u) {
        var v = buf[cur][li];
        if (li >= off) { v += buf[cur][li - off]; }
        buf[1u - cur][li] = v;
        cur = 1u - cur;
        workgroupBarrier();
    }
    y[gid.x] = buf[cur][li];
}
