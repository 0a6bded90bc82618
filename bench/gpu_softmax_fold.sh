#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test ops --test quant --test llm_random --test oracle --example llm_speed`,
# plus the previous main's `llm_speed` as `llm_speed-base`): a decoding step's softmax folded
# into its values' product (`ir::fuse::softmax`; CUDA's step two attention kernels a layer
# instead of three) and wgpu's block-format products summing across subgroups
# (`WgpuOptions::subgroup_sums`) beside the previous build, in alternating rounds, on CUDA and
# on wgpu (whose default folds the attention statements into chunks first; `--fold-attention
# off` keeps the statements, whose softmax now folds; `--subgroup-sums off` the workgroup-memory
# sums); both steps' per-kernel profiles; then the folded-softmax, block-format, attention,
# oracle and decoding tests. Outputs under $OUT. About five minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
speed="--prompt 512 --tokens 32 --context 1024"
row() { FORGE_BACKEND=$1 timeout 100 "${@:2}" $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' '; }
for r in 1 2; do
  for b in cuda wgpu; do
    command -v llm_speed-base >/dev/null && echo "== base $b round $r: $(row $b llm_speed-base)"
    echo "== new $b round $r: $(row $b llm_speed)"
  done
  command -v llm_speed-base >/dev/null && echo "== base wgpu --fold-attention off round $r: $(row wgpu llm_speed-base --fold-attention off)"
  echo "== new wgpu --fold-attention off round $r: $(row wgpu llm_speed --fold-attention off)"
  echo "== new wgpu --subgroup-sums off round $r: $(row wgpu llm_speed --subgroup-sums off)"
done
# One decoding step kernel by kernel (the second profile of the run).
FORGE_BACKEND=cuda timeout 100 llm_speed $speed --profile 2> "$out/profile_cuda.txt" >/dev/null
echo "== cuda profile (first layer):"
awk '/device time/{n++} n==2' "$out/profile_cuda.txt" | head -9 | cut -c1-180
FORGE_BACKEND=wgpu timeout 100 llm_speed $speed --profile 2> "$out/profile_wgpu.txt" >/dev/null
echo "== wgpu profile (first layer):"
awk '/device time/{n++} n==2' "$out/profile_wgpu.txt" | head -9 | cut -c1-180
timeout 150 test-ops folded_ 2>&1 | grep -E '^test |test result|panicked|got' | head -12
timeout 150 test-ops paired 2>&1 | grep -E '^test |test result|panicked|got' | head -12
timeout 150 test-quant 2>&1 | grep -E '^test |test result|panicked|got' | head -24
timeout 150 test-ops attention 2>&1 | grep -E '^test |test result|panicked' | head -20
timeout 60 test-oracle 2>&1 | grep -E '^test |test result|panicked' | head -8
timeout 100 test-llm_random 2>&1 | grep -E '^test |test result|panicked' | head -12
