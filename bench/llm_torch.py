"""PyTorch's decode and prefill time for a LlamaForCausalLM of SmolLM2-135M's config (random
weights, float16, batch 1, greedy), the reference for `examples/llm_speed.rs` on the same
machine: transformers eager with its dynamic cache, and a static cache under
torch.compile(mode="reduce-overhead") (CUDA graphs), each a plain token loop.

    python3 bench/llm_torch.py [--prompt 512] [--tokens 64]
"""
import argparse
import time

import torch
from transformers import LlamaConfig, LlamaForCausalLM

ap = argparse.ArgumentParser()
ap.add_argument("--prompt", type=int, default=512)
ap.add_argument("--tokens", type=int, default=64)
args = ap.parse_args()

cfg = LlamaConfig(vocab_size=49152, hidden_size=576, intermediate_size=1536, num_hidden_layers=30,
                  num_attention_heads=9, num_key_value_heads=3, max_position_embeddings=8192,
                  rms_norm_eps=1e-5, rope_theta=100000.0, tie_word_embeddings=True)
torch.manual_seed(0)
model = LlamaForCausalLM(cfg).to("cuda", torch.float16).eval()
P, N = args.prompt, args.tokens
ids = torch.randint(0, 49152, (1, P), device="cuda")


def sync_time(fn):
    torch.cuda.synchronize()
    t = time.perf_counter()
    r = fn()
    torch.cuda.synchronize()
    return time.perf_counter() - t, r


def decode_loop(forward, cache):
    """Prefill, then N greedy steps; returns (prefill s, per-token s)."""
    pos = torch.arange(P, device="cuda")
    tp, out = sync_time(lambda: model(ids, past_key_values=cache, cache_position=pos, use_cache=True))
    tok = out.logits[:, -1:].argmax(-1)

    def steps():
        nonlocal tok
        for i in range(N):
            o = forward(tok, cache_position=torch.tensor([P + i], device="cuda"))
            tok = o.logits[:, -1:].argmax(-1)
        return tok

    td, _ = sync_time(steps)
    return tp, td / N


with torch.inference_mode():
    from transformers import DynamicCache
    best = None
    for _ in range(3):
        cache = DynamicCache()
        r = decode_loop(lambda t, cache_position: model(t, past_key_values=cache, cache_position=cache_position,
                                                        use_cache=True), cache)
        best = r if best is None or r[1] < best[1] else best
    print(f"| PyTorch eager (fp16, dynamic cache) | {best[0] * 1e3:.2f} | {best[1] * 1e6:.1f} | {1 / best[1]:.0f} |",
          flush=True)
    try:
        from transformers import StaticCache
        try:
            cache = StaticCache(config=cfg, max_batch_size=1, max_cache_len=P + N + 8, device="cuda",
                                dtype=torch.float16)
        except TypeError:
            cache = StaticCache(config=cfg, max_cache_len=P + N + 8)
        fwd = torch.compile(model.forward, mode="reduce-overhead", fullgraph=True)

        def compiled(t, cache_position):
            torch.compiler.cudagraph_mark_step_begin()
            return fwd(t, past_key_values=cache, cache_position=cache_position, use_cache=True)

        best = None
        for _ in range(3):
            cache.reset()
            r = decode_loop(compiled, cache)
            best = r if best is None or r[1] < best[1] else best
        print(f"| PyTorch static cache + torch.compile reduce-overhead (fp16) | - | {best[1] * 1e6:.1f} | "
              f"{1 / best[1]:.0f} |", flush=True)
    except Exception as e:  # a version without these APIs: say so, keep the eager row
        print(f"torch.compile row skipped: {type(e).__name__}: {str(e)[:300]}")
