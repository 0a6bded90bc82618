#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test ops --test llm_random --test oracle --example llm_speed`, plus the
# previous main's `llm_speed` as `llm_speed-base`): a decoding step's attention statements on
# wgpu as two attentions over chunks of keys (`Fusion::attention`, the default) and as the three
# statements (`--fold-attention off`), beside the previous build, in alternating rounds; CUDA
# (which keeps the statements) beside the previous build; the per-kernel profile of the wgpu
# step; then the attention, log-sum-exp and decoding tests. Outputs under $OUT. About four
# minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
speed="--prompt 512 --tokens 32 --context 1024"
row() { FORGE_BACKEND=$1 timeout 100 "${@:2}" $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' '; }
for r in 1 2; do
  for b in cuda wgpu; do
    command -v llm_speed-base >/dev/null && echo "== base $b round $r: $(row $b llm_speed-base)"
    echo "== $b round $r: $(row $b llm_speed)"
  done
  echo "== wgpu --fold-attention off round $r: $(row wgpu llm_speed --fold-attention off)"
done
# One decoding step kernel by kernel (the second profile of the run).
FORGE_BACKEND=wgpu timeout 100 llm_speed $speed --profile 2> "$out/profile_wgpu.txt" >/dev/null
echo "== wgpu profile (first layer):"
awk '/device time/{n++} n==2' "$out/profile_wgpu.txt" | head -9 | cut -c1-160
timeout 60 test-oracle 2>&1 | grep -E '^test |test result|panicked' | head -8
timeout 150 test-ops attention 2>&1 | grep -E '^test |test result|panicked' | head -20
timeout 100 test-llm_random 2>&1 | grep -E '^test |test result|panicked' | head -12
