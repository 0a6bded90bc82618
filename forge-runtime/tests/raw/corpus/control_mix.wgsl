// Control flow mix: continue inside a switch inside a loop, break out of a loop from a switch,
// helpers returning structs, early returns from nested loops, whole-struct assignment.
// @dispatch 1 1 1
// @buf 0 i32 128 rand -20 20
// @buf 1 i32 384 poison
struct Pair { a: i32, b: vec2<i32> }
@group(0) @binding(0) var<storage, read> x: array<i32>;
@group(0) @binding(1) var<storage, read_write> o: array<i32>;

fn find(v: i32) -> Pair {
    for (var i = 0; i < 10; i++) {
        for (var j = 0; j < 10; j++) {
            if (i * j == v) { return Pair(i, vec2<i32>(j, i + j)); }
        }
    }
    return Pair(-1, vec2<i32>(v, -v));
}

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let v = x[gid.x];
    var acc = 0;
    var k = 0;
    loop {
        k++;
        if (k > 12) { break; }
        switch (k + v) & 3 {
            case 0: { continue; }
            case 1: { acc += k; }
            case 2: { acc -= v; if (acc > 50) { break; } }
            default: { acc ^= k; }
        }
        acc += 1;
    }
    var m = 0;
    while (true) {
        switch m {
            case 5: { m = 100; }
            default: { m++; }
        }
        if (m >= 100) { break; }
    }
    let p = find(v);
    var q = Pair(0, vec2<i32>(1, 2));
    if (p.a >= 0) { q = p; }
    o[3u * gid.x] = acc;
    o[3u * gid.x + 1u] = m + q.a * 1000;
    o[3u * gid.x + 2u] = q.b.x * 100 + q.b.y;
}
