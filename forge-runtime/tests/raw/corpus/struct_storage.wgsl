// Runtime arrays of structs with vec3 members (padding), read and written whole and by field.
// @dispatch 1 1 1
// @buf 0 f32 768 rand -5 5
// @buf 1 f32 768 poison
// @buf 2 u32 65 poison
struct Particle { pos: vec3<f32>, mass: f32, vel: vec3<f32>, id: u32 }
struct Summary { count: u32, hist: array<u32> }
@group(0) @binding(0) var<storage, read> src: array<Particle>;
@group(0) @binding(1) var<storage, read_write> dst: array<Particle>;
@group(0) @binding(2) var<storage, read_write> sum: Summary;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    var p = src[i];
    p.vel = p.vel + vec3<f32>(0.0, -9.8, 0.0) * 0.01;
    p.pos += p.vel * 0.01;
    p.id = i * 3u + 1u;
    p.mass = abs(p.mass) + 1.0;
    dst[i] = p;
    dst[i].vel.y = dst[i].vel.y * 0.5;
    sum.hist[i] = u32(p.pos.x > 0.0) + 2u * u32(p.pos.y > 0.0);
    if (i == 0u) { sum.count = arrayLength(&sum.hist); }
}
