// Bit operations: shifts with amounts >= 32 (masked), counts, reverse, first bits, extract/insert.
// @dispatch 1 1 1
// @buf 0 u32 128 rand 1 4294967295
// @buf 1 u32 128 rand 0 70
// @buf 2 u32 1536 poison
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read> s: array<u32>;
@group(0) @binding(2) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = x[i];
    let sh = s[i];
    let iv = bitcast<i32>(v);
    let b = 12u * i;
    o[b] = v << sh;
    o[b + 1u] = v >> sh;
    o[b + 2u] = bitcast<u32>(iv >> sh);
    o[b + 3u] = countOneBits(v) + (countLeadingZeros(v >> (sh & 31u)) << 8u) + (countTrailingZeros(v << (sh & 31u)) << 16u);
    o[b + 4u] = reverseBits(v);
    o[b + 5u] = firstLeadingBit(v >> (sh & 31u));
    o[b + 6u] = bitcast<u32>(firstLeadingBit(iv >> (sh & 31u)));
    o[b + 7u] = firstTrailingBit(v << (sh & 31u));
    o[b + 8u] = extractBits(v, sh % 40u, 7u + sh % 30u);
    o[b + 9u] = bitcast<u32>(extractBits(iv, sh % 40u, sh % 33u));
    o[b + 10u] = insertBits(v, ~v, sh % 40u, 3u + sh % 34u);
    o[b + 11u] = (v ^ (v >> 7u)) & ~(v | 0xF0F0u);
}
