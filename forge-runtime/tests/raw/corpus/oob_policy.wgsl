// Out-of-bounds accesses: storage reads past the end read 0, writes past the end are dropped,
// a fixed array inside a storage struct is checked against the whole binding, locals clamp.
// @dispatch 1 1 1
// @buf 0 u32 16 rand 1 1000
// @buf 1 u32 64 poison
// @buf 2 u32 6 rand 1 1000
struct S { x: array<u32, 4>, y: u32, z: u32 }
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> o: array<u32>;
@group(0) @binding(2) var<storage, read_write> s: S;
var<workgroup> w: array<u32, 8>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) li: u32) {
    let n = arrayLength(&a);
    w[li] = li * 10u + 1u;
    workgroupBarrier();
    o[8u * li] = a[n + li];
    o[8u * li + 1u] = a[n + 0xfffffff0u + li];
    o[8u * li + 2u] = s.x[li];
    var loc = array<u32, 4>(1u, 2u, 3u, 4u);
    o[8u * li + 3u] = loc[li];
    o[8u * li + 4u] = loc[li - 5u];
    o[8u * li + 5u] = w[li * 3u];
    var v = vec4<u32>(5u, 6u, 7u, 8u);
    o[8u * li + 6u] = v[li + 2u];
    o[8u * li + 7u] = n;
    workgroupBarrier();
    if (li == 7u) {
        a[n + li] = 77u;
        s.x[li - 3u] = 99u;
        o[n * 100u] = 5u;
    }
}
