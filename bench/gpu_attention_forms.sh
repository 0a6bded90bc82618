#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test ops --test llm_random --example llm_speed`, plus the previous main's
# `llm_speed` as `llm_speed-base`): the forms a decoding step's attention statements can take,
# side by side in alternating rounds on CUDA and wgpu — the three statements (the default), the
# cluster kernel (`--fold-attention on`, CUDA sm_90+; on wgpu the same switch gives the chunks),
# and two attentions over chunks of keys (`--fold-attention chunks`) — then the per-kernel
# profile of each folded form and the attention and decoding tests with the folds on. Outputs
# under $OUT. About five minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
speed="--prompt 512 --tokens 32 --context 1024"
row() { FORGE_BACKEND=$1 timeout 100 "${@:2}" $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' '; }
for r in 1 2; do
  command -v llm_speed-base >/dev/null && echo "== base cuda round $r: $(row cuda llm_speed-base)"
  for form in off on chunks; do
    echo "== cuda --fold-attention $form round $r: $(row cuda llm_speed --fold-attention $form)"
  done
  command -v llm_speed-base >/dev/null && echo "== base wgpu round $r: $(row wgpu llm_speed-base)"
  for form in off on; do
    echo "== wgpu --fold-attention $form round $r: $(row wgpu llm_speed --fold-attention $form)"
  done
done
# One decoding step kernel by kernel (the second profile of each run), each folded form.
for spec in "cuda on" "cuda chunks" "wgpu on"; do
  set -- $spec
  FORGE_BACKEND=$1 timeout 100 llm_speed $speed --fold-attention $2 --profile 2> "$out/profile_$1_$2.txt" >/dev/null
  echo "== profile $1 $2 (first layer):"
  awk '/device time/{n++} n==2' "$out/profile_$1_$2.txt" | head -9 | cut -c1-160
done
timeout 150 test-ops attention 2>&1 | grep -E '^test |test result|panicked' | head -20
timeout 100 test-llm_random 2>&1 | grep -E '^test |test result|panicked' | head -12
