// A Llama decoder as llama.cpp's GGUF files hold it (SmolLM2-135M-Instruct's formats: Q4_1
// projections, a Q8_0 token embedding tied to the output head, f32 norms) with a key/value
// cache. A run takes `T` token ids at positions `pos..pos + T`, of which the first `n` are real
// (prompts are padded to a few sizes of `T`, so few instances are built), appends their keys and
// values to the cache (`state`), and leaves the logits of token `n - 1` in `logits` and their
// argmax in `next`: a greedy step reads back one id. Matrices keep GGUF's `[out, in]` rows and are
// read through `transpose` (a layer's query, key and value rows stacked into one, so one product
// makes all three); blocks are decoded inside the products. The projections allow `tf32x3` (near
// f32's error): a decoding step's few-row products compute f32 from the blocks whatever they
// allow, and a prompt's take the tensor cores on CUDA sm_90, their weights decoded once at load. RoPE rotates adjacent pairs
// `(2i, 2i + 1)` of a head (llama.cpp's converter permuted the Q and K rows for that), and query
// head `kv * G + g` attends to key/value head `kv`. A sampled step draws `next` on the device
// (`forge::llm`'s sampling rule: top-k, top-p, then the Gumbel-max of the kept logits at the
// temperature) in one workgroup, so only the id comes back either way.

forge_graph! {
    /// Llama with a KV cache over GGUF weights: `n` new tokens (of `T`) at positions `pos..`.
    pub graph LlamaGguf {
        dims { T, S, V, D, H, KV, L, F, E = D / H, HALF = E / 2, G = H / KV, KVD = KV * E, QKV = D + 2 * KVD }

        input   ids:   u32[T];
        uniform pos:   u32;
        uniform n:     u32;
        uniform theta: f32 = 10000.0;
        uniform eps:   f32 = 0.00001;
        /// Sampling: `1 / temperature` (`0`: greedy), the top-k count (`0`: all), the top-p mass
        /// and the draw's key.
        uniform inv_temperature: f32 = 0.0;
        uniform top_k: u32 = 0;
        uniform top_p: f32 = 1.0;
        uniform draw_key: u32 = 0;

        weight emb:       q8_0[V, D];
        weight attn_norm: f32[L, D];
        /// The query, key and value rows of a layer, one after the other.
        weight wqkv:      q4_1[L, QKV, D];
        weight wo:        q4_1[L, D, D];
        weight ffn_norm:  f32[L, D];
        weight w_gate:    q4_1[L, F, D];
        weight w_up:      q4_1[L, F, D];
        weight w_down:    q4_1[L, D, F];
        weight out_norm:  f32[D];

        /// Keys and values of every position so far (one broadcast axis for the query groups).
        state kc: f32[L, KV, 1, S, E];
        state vc: f32[L, KV, 1, S, E];
        /// The logits of the last real token of the latest run.
        state logits: f32[1, V];

        temp x:      f32[T, D];
        temp a:      f32[T, D];
        temp qkv:    f32[T, QKV];
        temp angle:  f32[T, HALF];
        temp mask:   f32[T, S];
        temp qh:     f32[KV, G, T, E];
        temp scores: f32[KV, G, T, S];
        temp probs:  f32[KV, G, T, S];
        temp ctx:    f32[KV, G, T, E];
        temp ctxt:   f32[T, KV, G, E];
        temp merged: f32[T, D];
        temp hid:    f32[T, F];
        temp last:   f32[1, D];
        temp lastn:  f32[1, D];
        output next: u32[1];

        x[t, d] = emb[ids[t], d];
        // Pair i of a head turns by (pos + t) / theta^(2i / E).
        angle[t, i] = ((pos + t) as f32) * exp((i as f32) * (-2.0 / (E as f32)) * log(theta));
        // Query t (at position pos + t) sees the cache's slots up to its own.
        mask[t, j] = select(j <= pos + t, 0.0, -inf);
        for l in 0..L {
            a = rms_norm(x, attn_norm[l], eps);
            qkv = matmul(a, transpose(wqkv[l]), precision = tf32x3);
            // RoPE: of pair i = e / 2 of a head, element 2i is x[2i]·cos − x[2i+1]·sin and
            // element 2i+1 is x[2i+1]·cos + x[2i]·sin.
            qh[kv, g, t, e] = select(e / 2 * 2 == e,
                qkv[t, (kv * G + g) * E + e / 2 * 2] * cos(angle[t, e / 2]) - qkv[t, (kv * G + g) * E + e / 2 * 2 + 1] * sin(angle[t, e / 2]),
                qkv[t, (kv * G + g) * E + e / 2 * 2 + 1] * cos(angle[t, e / 2]) + qkv[t, (kv * G + g) * E + e / 2 * 2] * sin(angle[t, e / 2]));
            // The rotated key and the value of each new token. A decoding step runs these three
            // statements inside the product's kernel (`Fusion::followers`): each reads the
            // product at columns one workgroup computes (a pair `2i, 2i + 1`, or one column).
            kc[l, h, o, pos + t, e] = select(e / 2 * 2 == e,
                qkv[t, D + h * E + e / 2 * 2] * cos(angle[t, e / 2]) - qkv[t, D + h * E + e / 2 * 2 + 1] * sin(angle[t, e / 2]),
                qkv[t, D + h * E + e / 2 * 2 + 1] * cos(angle[t, e / 2]) + qkv[t, D + h * E + e / 2 * 2] * sin(angle[t, e / 2]));
            vc[l, h, o, pos + t, e] = qkv[t, D + KVD + h * E + e];
            // Attention as two products around a softmax: every step is parallel over the
            // cache's slots, which a decoding run (one query a head) needs.
            // The scores of slots past a query's position are -inf by the select, so no backend
            // needs their products (the CPU backend skips them). Both products allow tf32x3
            // (near f32's error): on CUDA sm_90+ a prompt's three statements run as one attention
            // on tensor cores that skips the masked tiles of slots (`Fusion::prompt_attention`).
            scores = select(mask == 0.0, matmul(qh, transpose(kc[l]), precision = tf32x3) * rsqrt(E as f32), -inf);
            probs = softmax(scores);
            ctx = matmul(probs, vc[l], precision = tf32x3);
            ctxt = permute(ctx, 2, 0, 1, 3);
            merged = reshape(ctxt);
            x = x + matmul(merged, transpose(wo[l]), precision = tf32x3);
            a = rms_norm(x, ffn_norm[l], eps);
            hid = silu(matmul(a, transpose(w_gate[l]), precision = tf32x3)) * matmul(a, transpose(w_up[l]), precision = tf32x3);
            x = x + matmul(hid, transpose(w_down[l]), precision = tf32x3);
        }
        last[o, d] = x[o + n - 1, d];
        lastn = rms_norm(last, out_norm, eps);
        logits = matmul(lastn, transpose(emb));
        next = argmax(logits);
        next = wgsl!(r"
            @group(0) @binding(0) var<storage, read_write> logits: array<f32>;
            @group(0) @binding(1) var<storage, read_write> next: array<u32>;
            @group(0) @binding(2) var<uniform> inv_temperature: f32;
            @group(0) @binding(3) var<uniform> top_k: u32;
            @group(0) @binding(4) var<uniform> top_p: f32;
            @group(0) @binding(5) var<uniform> draw_key: u32;

            const WG: u32 = 1024u;
            // Candidates a top-p draw sorts out in workgroup memory (more: the slow path).
            const CAP: u32 = 512u;
            var<workgroup> red_f: array<f32, 1024>;
            var<workgroup> red_u: array<u32, 1024>;
            var<workgroup> hist: array<atomic<u32>, 256>;
            var<workgroup> cand: array<u32, 512>;
            var<workgroup> cand_id: array<u32, 512>;
            var<workgroup> picked: vec2<u32>;
            var<workgroup> fast: u32;

            fn neg_inf() -> f32 { return bitcast<f32>(0xff800000u); }
            // NaN reads as -inf (tested on the bits: fast math may drop `x != x`).
            fn logit(i: u32) -> f32 {
                let x = logits[i];
                return select(x, neg_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u);
            }
            // An order-preserving u32 of a logit, and back.
            fn order_key(x: f32) -> u32 {
                let b = bitcast<u32>(x);
                return select(b | 0x80000000u, ~b, (b & 0x80000000u) != 0u);
            }
            fn key_value(k: u32) -> f32 {
                return bitcast<f32>(select(~k, k & 0x7fffffffu, (k & 0x80000000u) != 0u));
            }
            fn lowbias32(v: u32) -> u32 {
                var x = v;
                x = (x ^ (x >> 16u)) * 0x7feb352du;
                x = (x ^ (x >> 15u)) * 0x846ca68bu;
                return x ^ (x >> 16u);
            }
            fn gumbel(i: u32) -> f32 {
                let h = lowbias32(lowbias32(i) ^ draw_key);
                let u = (f32(h >> 8u) + 0.5) * (1.0 / 16777216.0);
                return -log(-log(u));
            }
            fn sum_f(lid: u32, v: f32) -> f32 {
                red_f[lid] = v;
                workgroupBarrier();
                for (var s = WG / 2u; s > 0u; s = s >> 1u) {
                    if (lid < s) { red_f[lid] = red_f[lid] + red_f[lid + s]; }
                    workgroupBarrier();
                }
                let total = red_f[0];
                workgroupBarrier();
                return total;
            }
            fn max_f(lid: u32, v: f32) -> f32 {
                red_f[lid] = v;
                workgroupBarrier();
                for (var s = WG / 2u; s > 0u; s = s >> 1u) {
                    if (lid < s) { red_f[lid] = max(red_f[lid], red_f[lid + s]); }
                    workgroupBarrier();
                }
                let total = red_f[0];
                workgroupBarrier();
                return total;
            }
            // The inclusive prefix sum of `v` over the invocations (x) and the total (y).
            fn scan_u(lid: u32, v: u32) -> vec2<u32> {
                red_u[lid] = v;
                workgroupBarrier();
                for (var s = 1u; s < WG; s = s << 1u) {
                    var add = 0u;
                    if (lid >= s) { add = red_u[lid - s]; }
                    workgroupBarrier();
                    red_u[lid] = red_u[lid] + add;
                    workgroupBarrier();
                }
                let sums = vec2<u32>(red_u[lid], red_u[WG - 1u]);
                workgroupBarrier();
                return sums;
            }
            // The best (score, id) of the workgroup: the larger score, then the lower id.
            fn best(lid: u32, score: f32, id: u32) -> u32 {
                red_f[lid] = score;
                red_u[lid] = id;
                workgroupBarrier();
                for (var s = WG / 2u; s > 0u; s = s >> 1u) {
                    if (lid < s) {
                        let fs = red_f[lid + s];
                        let is = red_u[lid + s];
                        if (fs > red_f[lid] || (fs == red_f[lid] && is < red_u[lid])) {
                            red_f[lid] = fs;
                            red_u[lid] = is;
                        }
                    }
                    workgroupBarrier();
                }
                return red_u[0];
            }
            // The key of the k-th largest logit (1 <= k <= n): a byte at a time from the top,
            // counting in a histogram the keys that match the bytes found so far.
            fn kth_key(lid: u32, n: u32, k: u32) -> u32 {
                var prefix = 0u;
                var want = k;
                for (var shift = 24u; shift < 32u; shift -= 8u) {
                    if (lid < 256u) { atomicStore(&hist[lid], 0u); }
                    workgroupBarrier();
                    for (var base = lid; base < n; base += 4u * WG) {
                        for (var r = 0u; r < 4u; r++) {
                            let i = base + r * WG;
                            if (i < n) {
                                let key = order_key(logit(i));
                                if (((key >> shift) >> 8u) == ((prefix >> shift) >> 8u)) {
                                    atomicAdd(&hist[(key >> shift) & 255u], 1u);
                                }
                            }
                        }
                    }
                    workgroupBarrier();
                    // Counts of the digits at or above each digit: a scan from the top.
                    let digit = 255u - min(lid, 255u);
                    let count = select(0u, atomicLoad(&hist[digit]), lid < 256u);
                    let at_or_above = scan_u(lid, count).x;
                    let above = at_or_above - count;
                    if (lid < 256u && at_or_above >= want && above < want) { picked = vec2<u32>(digit, above); }
                    workgroupBarrier();
                    let p = picked;
                    workgroupBarrier();
                    prefix = prefix | (p.x << shift);
                    want = want - p.y;
                }
                return prefix;
            }

            @compute @workgroup_size(1024)
            fn sample(@builtin(local_invocation_index) lid: u32) {
                if (inv_temperature <= 0.0) { return; }
                let n = arrayLength(&logits);
                // Passes over the logits take four of an invocation's elements at a time, so
                // their loads overlap.
                var m = neg_inf();
                for (var base = lid; base < n; base += 4u * WG) {
                    for (var r = 0u; r < 4u; r++) {
                        let i = base + r * WG;
                        if (i < n) { let x = logit(i); m = select(m, x, x > m); }
                    }
                }
                m = max_f(lid, m);
                var floor_k = 0u;
                if (top_k > 0u && top_k < n) { floor_k = kth_key(lid, n, top_k); }
                var floor_p = floor_k;
                var in_workgroup = false;
                var count = 0u;
                if (top_p < 1.0) {
                    // The candidates (the top-k, or the CAP largest) go to workgroup memory
                    // when they fit and reach the goal; else every pass reads all logits.
                    var floor_c = floor_k;
                    if (n > CAP && (top_k == 0u || top_k > CAP)) { floor_c = max(kth_key(lid, n, CAP), floor_k); }
                    // One pass: the kept weight and the candidates.
                    var w = 0.0;
                    var c = 0u;
                    for (var base = lid; base < n; base += 4u * WG) {
                        for (var r = 0u; r < 4u; r++) {
                            let i = base + r * WG;
                            if (i < n) {
                                let x = logit(i);
                                let key = order_key(x);
                                w += select(0.0, exp((x - m) * inv_temperature), key >= floor_k);
                                c += select(0u, 1u, key >= floor_c);
                            }
                        }
                    }
                    let goal = top_p * sum_f(lid, w);
                    let sums = scan_u(lid, c);
                    let end = sums.x;
                    count = sums.y;
                    var part = 0.0;
                    if (count <= CAP) {
                        var at = end - c;
                        for (var base = lid; base < n; base += 4u * WG) {
                            for (var r = 0u; r < 4u; r++) {
                                let i = base + r * WG;
                                if (i < n) {
                                    let x = logit(i);
                                    if (order_key(x) >= floor_c) {
                                        cand[at] = order_key(x);
                                        cand_id[at] = i;
                                        at += 1u;
                                        part += exp((x - m) * inv_temperature);
                                    }
                                }
                            }
                        }
                    }
                    let reach = sum_f(lid, part);
                    if (lid == 0u) { fast = select(0u, 1u, count <= CAP && reach >= goal); }
                    in_workgroup = workgroupUniformLoad(&fast) == 1u;
                    // Top-p: the largest key whose logits at or above it weigh the goal.
                    floor_p = 0u;
                    for (var bit = 0u; bit < 32u; bit++) {
                        let cut = max(floor_p | (0x80000000u >> bit), floor_k);
                        var mass = 0.0;
                        if (in_workgroup) {
                            for (var j = lid; j < count; j += WG) {
                                mass += select(0.0, exp((key_value(cand[j]) - m) * inv_temperature), cand[j] >= cut);
                            }
                        } else {
                            for (var i = lid; i < n; i += WG) {
                                let x = logit(i);
                                mass += select(0.0, exp((x - m) * inv_temperature), order_key(x) >= cut);
                            }
                        }
                        floor_p = select(floor_p, floor_p | (0x80000000u >> bit), sum_f(lid, mass) >= goal);
                    }
                    floor_p = max(floor_p, floor_k);
                }
                // Gumbel-max over the kept logits (the larger score, then the lower id).
                var top = neg_inf();
                var top_id = 0u;
                if (in_workgroup) {
                    for (var j = lid; j < count; j += WG) {
                        let id = cand_id[j];
                        let s = (key_value(cand[j]) - m) * inv_temperature + gumbel(id);
                        if (cand[j] >= floor_p && (s > top || (s == top && id < top_id))) { top = s; top_id = id; }
                    }
                } else {
                    for (var base = lid; base < n; base += 4u * WG) {
                        for (var r = 0u; r < 4u; r++) {
                            let i = base + r * WG;
                            if (i < n) {
                                let x = logit(i);
                                let s = (x - m) * inv_temperature + gumbel(i);
                                if (order_key(x) >= floor_p && (s > top || (s == top && i < top_id))) { top = s; top_id = i; }
                            }
                        }
                    }
                }
                let id = best(lid, top, top_id);
                // A largest logit of +-inf leaves the greedy id.
                if (lid == 0u && (bitcast<u32>(m) & 0x7fffffffu) < 0x7f800000u) { next[0] = id; }
            }
        ", logits, next, inv_temperature, top_k, top_p, draw_key);
    }
}
