#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test ops --test quant --test llm_random --test oracle --example llm_speed`,
# plus the previous main's `llm_speed` as `llm_speed-base` and, where given, a build whose wide
# block-format products take 8 columns a workgroup as `llm_speed-w8`): first the tests of
# block-format products and the random Llama's decoding, then a decoding step's speed beside the
# previous build in alternating rounds on CUDA and wgpu: wgpu's block-format products summing
# across subgroups (`WgpuOptions::subgroup_sums`; `--subgroup-sums off` the workgroup-memory
# sums) and the wide output head's 16 columns a workgroup; then the attention and oracle tests,
# and both steps' per-kernel profiles. Outputs under $OUT. About six minutes. (The eighteenth
# session ran it as `gpu_softmax_fold.sh` at 603e837, with a softmax fold since deleted.)
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
timeout 100 test-ops paired 2>&1 | grep -E '^test |test result|panicked|got' | head -12
timeout 100 test-quant 2>&1 | grep -E '^test |test result|panicked|got' | head -24
timeout 100 test-llm_random 2>&1 | grep -E '^test |test result|panicked' | head -12
speed="--prompt 512 --tokens 32 --context 1024"
row() { FORGE_BACKEND=$1 timeout 100 "${@:2}" $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' '; }
for r in 1 2; do
  for b in cuda wgpu; do
    command -v llm_speed-base >/dev/null && echo "== base $b round $r: $(row $b llm_speed-base)"
    echo "== new $b round $r: $(row $b llm_speed)"
    if [ "$r" = 1 ]; then
      for v in w8; do
        command -v llm_speed-$v >/dev/null && echo "== $v $b round $r: $(row $b llm_speed-$v)"
      done
    fi
  done
  if [ "$r" = 1 ]; then
    echo "== new wgpu --subgroup-sums off round $r: $(row wgpu llm_speed --subgroup-sums off)"
  fi
done
timeout 100 test-ops attention 2>&1 | grep -E '^test |test result|panicked' | head -20
timeout 60 test-oracle 2>&1 | grep -E '^test |test result|panicked' | head -8
# One decoding step kernel by kernel (the second profile of the run).
for b in cuda wgpu; do
  FORGE_BACKEND=$b timeout 100 llm_speed $speed --profile 2> "$out/profile_$b.txt" >/dev/null
  echo "== $b profile (first layer, then the head):"
  awk '/device time/{n++} n==2' "$out/profile_$b.txt" | head -9 | cut -c1-180
  awk '/device time/{n++} n==2' "$out/profile_$b.txt" | tail -4 | cut -c1-180
done
