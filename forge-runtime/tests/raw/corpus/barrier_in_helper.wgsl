// Barriers inside a helper function called in a loop (invocations suspend inside a call),
// workgroup atomics (min, max, i32 add, compare-exchange).
// @dispatch 3 1 1
// @buf 0 f32 384 rand -5 5
// @buf 1 f32 24 poison
// @buf 2 i32 12 poison
var<workgroup> tile: array<f32, 64>;
var<workgroup> lo: atomic<u32>;
var<workgroup> hi: atomic<u32>;
var<workgroup> total: atomic<i32>;
var<workgroup> flag: atomic<u32>;
var<workgroup> outcome: atomic<u32>;
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;
@group(0) @binding(2) var<storage, read_write> z: array<i32>;

fn block_sum(li: u32) -> f32 {
    for (var s = 32u; s > 0u; s = s / 2u) {
        if (li < s) { tile[li] += tile[li + s]; }
        workgroupBarrier();
    }
    let r = tile[0];
    workgroupBarrier();
    return r;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wg: vec3<u32>) {
    if (li == 0u) { atomicStore(&lo, 0xFFFFFFFFu); }
    workgroupBarrier();
    var acc = 0.0;
    for (var pass_ = 0u; pass_ < 2u; pass_++) {
        let v = x[(wg.x * 2u + pass_) * 64u + li];
        tile[li] = v * f32(pass_ + 1u);
        workgroupBarrier();
        acc += block_sum(li);
        atomicMin(&lo, bitcast<u32>(i32(v * 100.0)) ^ 0x80000000u);
        atomicMax(&hi, u32(abs(v) * 1000.0));
        atomicAdd(&total, i32(v * 10.0));
    }
    // Exactly one invocation wins (which one is up to the scheduler; only the counts are kept).
    let won = atomicCompareExchangeWeak(&flag, 0u, li + 1u);
    if (won.exchanged && won.old_value == 0u) { atomicAdd(&outcome, 100u); }
    if (!won.exchanged && won.old_value != 0u) { atomicAdd(&outcome, 1u); }
    workgroupBarrier();
    if (li == 0u) {
        y[8u * wg.x] = acc;
        y[8u * wg.x + 1u] = f32(atomicLoad(&hi));
        y[8u * wg.x + 2u] = f32(atomicLoad(&flag) != 0u);
        z[4u * wg.x] = bitcast<i32>(atomicLoad(&lo) ^ 0x80000000u);
        z[4u * wg.x + 1u] = atomicLoad(&total);
        z[4u * wg.x + 2u] = i32(atomicLoad(&outcome));
        z[4u * wg.x + 3u] = 7;
    }
    if (li < 7u) { y[8u * wg.x + 1u + li] = y[8u * wg.x + 1u + li]; }
}
