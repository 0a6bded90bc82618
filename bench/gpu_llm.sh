#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test quant --test llm_random --test ops --test hardening --test minilm_random
# --example llm_speed --example chat --example bench`, plus the previous main's bench as
# `bench-base`): correctness on CUDA and wgpu, the GGUF Llama's speed beside PyTorch, and the
# bench table before and after in alternating rounds. Outputs under $OUT. Under ten minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
# QUICK=1: the new tests only (no ops / MiniLM regression run).
tests="quant llm_random hardening"; [ "${QUICK:-0}" = 1 ] || tests="$tests minilm_random"
for t in $tests; do
  timeout 100 test-$t 2>&1 | grep -E 'test result|FAILED|panicked|step ' | head -5
done
[ "${QUICK:-0}" = 1 ] || timeout 150 test-ops cuda:: 2>&1 | grep -E 'test result|FAILED|panicked' | head -5
for b in cuda wgpu; do
  FORGE_BACKEND=$b timeout 120 llm_speed --prompt 512 --tokens 32 --context 1024 --profile 2> "$out/profile_$b.txt" | tail -1
  grep ' us ' "$out/profile_$b.txt" | awk '{t[$3]+=$1; n[$3]++} END {for (k in t) print "  " t[k] " us in " n[k] " " k}' | sort -rn | head -5
done
PYTHONUNBUFFERED=1 timeout 200 python3 bench/llm_torch.py --prompt 512 --tokens 32 2>&1 | grep -E '^\||skipped' | tail -3
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
