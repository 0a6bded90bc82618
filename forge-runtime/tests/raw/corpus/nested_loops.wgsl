// Nested loops: loop/continuing/break if, for with continue, while, labelled-style exits.
// @dispatch 1 1 1
// @buf 0 u32 64 rand 1 50
// @buf 1 u32 192 poison
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> y: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let n = x[gid.x];
    var a = 0u;
    var i = 0u;
    loop {
        var j = 0u;
        loop {
            if (j == i) { j += 1u; continue; }
            a += i * j;
            continuing {
                j += 1u;
                break if j >= 5u;
            }
        }
        continuing {
            i += 1u;
            break if i >= n % 7u + 1u;
        }
    }
    var b = 0u;
    for (var k = 0u; k < n; k++) {
        if (k % 3u == 0u) { continue; }
        var m = k;
        while (m > 0u) {
            b += m & 1u;
            m = m >> 1u;
            if (b > 40u) { break; }
        }
    }
    var c = n;
    var steps = 0u;
    while (c != 1u && steps < 200u) {
        if (c % 2u == 0u) { c = c / 2u; } else { c = 3u * c + 1u; }
        steps++;
    }
    y[3u * gid.x] = a;
    y[3u * gid.x + 1u] = b;
    y[3u * gid.x + 2u] = steps;
}
