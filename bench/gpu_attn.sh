#!/usr/bin/env bash
# On the GPU machine: the decoding attention split over parts and the block-format skinny
# kernel's column tiles (`bench/results/2026-12-06-ninth-spread-parts-skinny-tiles.patch`)
# beside the previous build, speed first, then the CUDA tests, then wgpu. About four minutes.
# Binaries: `shared/scripts/gpu-bundle --features cuda --test ops --test llm_random --test gpt2
# --test quant --example llm_speed --example gpt2_decode` with the patch applied, plus main's
# `llm_speed` and `gpt2_decode` as `llm_speed-base` and `gpt2_decode-base`, and the patched
# `llm_speed` built with `ATTENTION_SPREAD_MAX_PARTS = 1` as `llm_speed-p1`. Run after
# `source .device/env.sh`; outputs under $OUT.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
speed="--prompt 512 --tokens 32 --context 1024"
row() { echo "== $1 $2: $(FORGE_BACKEND=$2 timeout 40 $1 $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' ')"; }
for v in "llm_speed-base" "llm_speed --fold-attention on" "llm_speed --fold-attention off" "llm_speed-p1 --fold-attention on"; do
  row "$v" cuda
done
for bin in gpt2_decode-base gpt2_decode; do
  echo "== $bin cuda: $(FORGE_BACKEND=cuda timeout 40 $bin --layers 12 --prompt 32 --tokens 32 2>&1 | grep -E '^cached' | tr '\n' ' ')"
done
timeout 60 test-ops cuda::attention 2>&1 | grep -E '^test |test result|panicked' | head -12
for t in llm_random gpt2 quant; do
  timeout 60 test-$t cuda:: 2>&1 | grep -E 'test result|FAILED|panicked' | head -5
done
for v in "llm_speed-base" "llm_speed --fold-attention on"; do
  row "$v" wgpu
done
