#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test quant --test llm_random --test ops --test hardening --test minilm_random
# --example llm_speed [--example bench]`, plus, for before/after figures, the previous main's
# `llm_speed` as `llm_speed-base` and its `bench` as `bench-base`): correctness on CUDA and wgpu,
# the GGUF Llama's speed beside the previous build's and PyTorch's, per-kernel profiles, and the
# bench table before and after in alternating rounds. Outputs under $OUT. Under ten minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
# QUICK=1: the LLM's tests only (no ops / MiniLM regression run).
tests="quant llm_random hardening"; [ "${QUICK:-0}" = 1 ] || tests="$tests minilm_random"
for t in $tests; do
  timeout 100 test-$t 2>&1 | grep -E 'test result|FAILED|panicked|step ' | head -5
done
[ "${QUICK:-0}" = 1 ] || timeout 150 test-ops cuda:: 2>&1 | grep -E 'test result|FAILED|panicked' | head -5
speed="--prompt 512 --tokens 32 --context 1024"
for b in cuda wgpu; do
  for r in 1 2; do
    for bin in llm_speed-base llm_speed; do
      command -v $bin >/dev/null || continue
      echo "== $bin $b round $r: $(FORGE_BACKEND=$b timeout 100 $bin $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' ')"
    done
  done
  FORGE_BACKEND=$b timeout 100 llm_speed $speed --profile 2> "$out/profile_$b.txt" >/dev/null
  # Per node kind: the prefill's kernels, then the step's (the profile holds both).
  awk '/device time/{run++} / us /{t[run" "$3" "$4" "$5]+=$1; n[run" "$3" "$4" "$5]++} END {for (k in t) print "  run " k ": " t[k] " us in " n[k]}' \
    "$out/profile_$b.txt" | sort -t: -k2 -rn | head -16
  grep 'device time' "$out/profile_$b.txt"
done
PYTHONUNBUFFERED=1 timeout 200 python3 bench/llm_torch.py --prompt 512 --tokens 32 2>&1 | tail -6
command -v bench-base >/dev/null || exit 0
mkdir -p /tmp/nopy; printf '#!/bin/sh\nexit 1\n' > /tmp/nopy/python3; chmod +x /tmp/nopy/python3
cases=copy,softmax,rms_norm,matmul_f16_4096,matmul_f32_4096,decode_f16_1x4096x14336,mlp10_b1,mlp10t_b1,minilm_b8,minilm_b64
# ROUNDS=1 (and FINISH, the second by which to stop) fit a shorter call.
rounds=${ROUNDS:-2}; left=$((${FINISH:-560} - SECONDS)); per=$((left / (2 * rounds)))
for r in $(seq 1 "$rounds"); do
  for bin in bench-base bench; do
    echo "== $bin round $r"
    PATH=/tmp/nopy:$PATH timeout $per $bin --only $cases --csv "$out/$bin-$r.csv" >/dev/null 2>&1
    python3 -c "import csv,sys; [print(r['case'], r['backend'], r['device_us']) for r in csv.DictReader(open(sys.argv[1]))]" "$out/$bin-$r.csv" 2>&1 | head -24
  done
done
