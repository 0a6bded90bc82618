// Every atomic builtin on storage; results that depend on the order of invocations are not kept.
// @dispatch 2 1 1
// @buf 0 u32 128 rand 1 1000000
// @buf 1 u32 8 values 0 4294967295 0 0 100 5 0 0
// @buf 2 i32 4 values 0 0 0 0
// @buf 3 u32 128 rand 1 10
// @buf 4 u32 384 poison
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> g: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> gi: array<atomic<i32>>;
@group(0) @binding(3) var<storage, read_write> own: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = x[i];
    atomicAdd(&g[0], v);
    atomicMin(&g[1], v);
    atomicMax(&g[2], v);
    atomicOr(&g[3], 1u << (v % 32u));
    atomicSub(&g[4], 1u);
    atomicAnd(&g[5], ~(1u << (i % 3u)));
    atomicXor(&g[6], v);
    atomicMax(&g[7], v % 77u);
    atomicMin(&gi[0], i32(v) - 500000);
    atomicMax(&gi[1], 500000 - i32(v));
    atomicAdd(&gi[2], -3);
    atomicSub(&gi[3], i32(i));
    // Per-invocation slot: deterministic old values.
    let old = atomicExchange(&own[i], v);
    let r1 = atomicCompareExchangeWeak(&own[i], v, old + 1u);
    let r2 = atomicCompareExchangeWeak(&own[i], 12345u, 7u);
    atomicStore(&own[i], atomicLoad(&own[i]) * 2u);
    o[3u * i] = old;
    o[3u * i + 1u] = r1.old_value + select(0u, 1000u, r1.exchanged);
    o[3u * i + 2u] = r2.old_value + select(0u, 1000u, r2.exchanged);
}
