#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test ops --test quant --test llm_random --test oracle --test gpt2 --example
# llm_speed --example gpt2_decode`, plus the previous main's `llm_speed` and `gpt2_decode` as `*-base` and,
# where given, a build without the key lanes as `llm_speed-abc`): first the attention, row and
# decoding tests on every backend, then a decoding step's speed beside the previous build in
# alternating rounds on wgpu and CUDA (the chunks combined a thread an output dim, the spread
# attention's reductions across subgroups and its key lanes, the argmax at 1,024 invocations),
# GPT-2's cached decode (the id chosen on the device; f32, and Q8_0 matrices with their layer
# norms folded into the products), and the new step's per-kernel profiles. Outputs under $OUT. About six minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
timeout 120 test-ops attention 2>&1 | grep -E '^test |test result|panicked' | head -20
timeout 60 test-ops row_ops 2>&1 | grep -E '^test |test result|panicked' | head -6
timeout 100 test-llm_random 2>&1 | grep -E '^test |test result|panicked' | head -12
timeout 60 test-oracle 2>&1 | grep -E '^test |test result|panicked' | head -8
timeout 100 test-gpt2 2>&1 | grep -E '^test |test result|panicked' | head -12
timeout 100 test-quant layer_norms 2>&1 | grep -E '^test |test result|panicked' | head -6
speed="--prompt 512 --tokens 32 --context 1024"
row() { FORGE_BACKEND=$1 timeout 100 "${@:2}" $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' '; }
for r in 1 2; do
  for b in wgpu cuda; do
    command -v llm_speed-base >/dev/null && echo "== base $b round $r: $(row $b llm_speed-base)"
    if [ "$b" = wgpu ]; then
      command -v llm_speed-abc >/dev/null && echo "== abc $b round $r: $(row $b llm_speed-abc)"
    fi
    echo "== new $b round $r: $(row $b llm_speed)"
  done
done
echo "== new wgpu --subgroup-sums off: $(row wgpu llm_speed --subgroup-sums off)"
for b in cuda wgpu; do
  for v in gpt2_decode-base gpt2_decode "gpt2_decode --weights q8_0"; do
    command -v ${v%% *} >/dev/null || continue
    echo "== $v $b: $(FORGE_BACKEND=$b timeout 100 $v --layers 12 --prompt 32 --tokens 32 2>&1 | grep -E 'cached:|same next' | tr '\n' ' ')"
  done
done
timeout 100 test-quant 2>&1 | grep -E '^test |test result|panicked' | head -24
# One decoding step kernel by kernel (the second profile of the run).
for b in wgpu cuda; do
  FORGE_BACKEND=$b timeout 100 llm_speed $speed --profile 2> "$out/profile_$b.txt" >/dev/null
  echo "== $b profile (first layer, then the head):"
  awk '/device time/{n++} n==2' "$out/profile_$b.txt" | head -10 | cut -c1-200
  awk '/device time/{n++} n==2' "$out/profile_$b.txt" | tail -4 | cut -c1-200
done
