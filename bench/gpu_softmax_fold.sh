#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test ops --test quant --test llm_random --test oracle --example llm_speed`,
# plus the previous main's `llm_speed` as `llm_speed-base` and, where given, builds whose wide
# block-format products take 8 or 32 columns a workgroup as `llm_speed-w8`, `llm_speed-w32`):
# first the tests of what changed (softmax folded into a product, block-format products, the
# random Llama's decoding; then attention and the oracle), then a decoding step's speed beside
# the previous build in alternating rounds on CUDA and wgpu: the softmax folded into its values'
# product (`ir::fuse::softmax`; CUDA's step two attention kernels a layer instead of three),
# wgpu's block-format products summing across subgroups (`WgpuOptions::subgroup_sums`;
# `--subgroup-sums off` the workgroup-memory sums), the wide output head's columns a workgroup,
# and wgpu's statements kept apart (`--fold-attention off`, whose softmax now folds); last both
# steps' per-kernel profiles. Outputs under $OUT. About eight minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
timeout 100 test-ops folded_ 2>&1 | grep -E '^test |test result|panicked|got' | head -12
timeout 100 test-quant 2>&1 | grep -E '^test |test result|panicked|got' | head -24
timeout 100 test-llm_random 2>&1 | grep -E '^test |test result|panicked' | head -12
speed="--prompt 512 --tokens 32 --context 1024"
row() { FORGE_BACKEND=$1 timeout 100 "${@:2}" $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' '; }
for r in 1 2; do
  for b in cuda wgpu; do
    command -v llm_speed-base >/dev/null && echo "== base $b round $r: $(row $b llm_speed-base)"
    echo "== new $b round $r: $(row $b llm_speed)"
    if [ "$r" = 1 ]; then
      for v in w8 w32; do
        command -v llm_speed-$v >/dev/null && echo "== $v $b round $r: $(row $b llm_speed-$v)"
      done
    fi
  done
  echo "== new wgpu --fold-attention off round $r: $(row wgpu llm_speed --fold-attention off)"
  echo "== new wgpu --subgroup-sums off round $r: $(row wgpu llm_speed --subgroup-sums off)"
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
