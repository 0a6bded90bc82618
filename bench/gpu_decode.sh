#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test ops --test llm_random --test llama --test gpt2 --example llm_speed
# --example gpt2_decode`, plus the previous main's `llm_speed` and `gpt2_decode` as
# `llm_speed-base` and `gpt2_decode-base`): the decoders' tests on CUDA and wgpu, then the GGUF
# Llama's and GPT-2's decoding beside the previous build's (alternating rounds) and PyTorch's.
# Speed first, then the tests. Outputs under $OUT. About six minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
speed="--prompt 512 --tokens 32 --context 1024"
# ULTRA=1: the Llama's CUDA decode before and after, the attention tests on CUDA, GPT-2's step.
if [ "${ULTRA:-0}" = 1 ]; then
  for r in 1 2; do
    for bin in llm_speed-base llm_speed; do
      echo "== $bin cuda round $r: $(FORGE_BACKEND=cuda timeout 40 $bin $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' ')"
    done
  done
  timeout 40 test-ops cuda::attention 2>&1 | grep -E '^test |test result|panicked' | head -5
  echo "== gpt2_decode cuda: $(FORGE_BACKEND=cuda timeout 40 gpt2_decode --layers 12 --prompt 32 --tokens 32 2>&1 | grep -E '^cached' | tr '\n' ' ')"
  exit 0
fi
# QUICK=1: one wgpu round, GPT-2 on CUDA only, no PyTorch (a shorter call).
for b in cuda wgpu; do
  for r in 1 2; do
    [ "${QUICK:-0}" = 1 ] && [ $b = wgpu ] && [ $r = 2 ] && continue
    for bin in llm_speed-base llm_speed; do
      command -v $bin >/dev/null || continue
      echo "== $bin $b round $r: $(FORGE_BACKEND=$b timeout 100 $bin $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' ')"
    done
  done
done
for t in llm_random llama gpt2; do
  timeout 100 test-$t 2>&1 | grep -E 'test result|FAILED|panicked' | head -5
done
timeout 150 test-ops attention 2>&1 | grep -E '^test |test result|panicked' | head -12
FORGE_BACKEND=cuda timeout 100 llm_speed $speed --profile 2> "$out/profile_cuda.txt" >/dev/null
grep 'device time' "$out/profile_cuda.txt"
for b in cuda wgpu; do
  [ "${QUICK:-0}" = 1 ] && [ $b = wgpu ] && continue
  for bin in gpt2_decode-base gpt2_decode; do
    command -v $bin >/dev/null || continue
    echo "== $bin $b: $(FORGE_BACKEND=$b timeout 100 $bin --layers 12 --prompt 32 --tokens 32 2>&1 | grep -E '^cached|agree' | tr '\n' ' ')"
  done
done
[ "${QUICK:-0}" = 1 ] && exit 0
PYTHONUNBUFFERED=1 timeout 200 python3 bench/llm_torch.py --prompt 512 --tokens 32 2>&1 | tail -6
