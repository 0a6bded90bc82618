#!/usr/bin/env bash
# On the GPU machine (binaries from `shared/scripts/gpu-bundle --features cuda --test ops
# --test minilm_random --test minilm --example bench --example gemm_speed`, after
# `source .device/env.sh`), each part one call of under ten minutes (3: under six):
#   1: bf16x3 correctness (ops, MiniLM with random and real weights), then MiniLM as written
#      (bf16x3) against tf32x3 with PyTorch in the same run (the table), and one per-kernel profile;
#   2: two more rounds without PyTorch, the bf16 tile sweep of MiniLM's batch-64 products and
#      gemm_speed's rows;
#   3: correctness (ops, whose bf16x3 and half tests also split K over clusters, MiniLM), the
#      table with PyTorch, per-kernel profiles, and (SWEEP=1) the split sweep of MiniLM's
#      N = 384 products.
set -x
part=${1:-1}
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv
export FORGE_REQUIRE_CUDA=1
cases=minilm_b8,minilm_b64,minilm_b8_tf32x3,minilm_b64_tf32x3
mkdir -p /tmp/nopy; printf '#!/bin/sh\nexit 1\n' > /tmp/nopy/python3; chmod +x /tmp/nopy/python3
if [ "$part" = 1 ]; then
  timeout 120 test-ops cuda:: 2>&1 | grep -E 'bf16x3|tf32|half|vectorised|test result|panicked|FAILED' | head -20
  timeout 80 test-minilm_random 2>&1 | grep -E 'cuda|test result|panicked|FAILED|error' | head -8
  timeout 80 test-minilm 2>&1 | grep -E 'cuda|test result|panicked|FAILED|error|available' | head -8
  timeout 240 bench --only $cases --csv "$out/bench.csv" 2>&1 | tail -14
  PATH=/tmp/nopy:$PATH timeout 60 bench --only minilm_b64 --kernels nodes 2>&1 | grep -v wgpu | head -30
  # What is left of a ten-minute call goes to the bf16 tile sweep (part 2 runs it whole).
  left=$((570 - SECONDS)); [ $left -gt 30 ] && timeout $left gemm_speed "$out" --sweep-bf16x3 2>&1 | tail -50
elif [ "$part" = 2 ]; then
  for r in 1 2; do PATH=/tmp/nopy:$PATH timeout 80 bench --only $cases 2>&1 | grep -E '^minilm.*cuda'; done
  timeout 200 gemm_speed "$out" --sweep-bf16x3 2>&1 | tail -50
  mkdir -p "$out/gs" && timeout 150 gemm_speed "$out/gs" 2>&1 | tail -30
else
  timeout 150 test-ops cuda:: 2>&1 | grep -E 'bf16x3|tf32|half|test result|panicked|FAILED|got' | head -20
  timeout 60 test-minilm_random 2>&1 | grep -E 'cuda|test result|panicked|FAILED|error' | head -8
  timeout 150 bench --only $cases --csv "$out/bench.csv" 2>&1 | tail -12
  PATH=/tmp/nopy:$PATH timeout 60 bench --only minilm_b64 --kernels nodes 2>&1 | grep -v wgpu | head -7
  [ -n "$SWEEP" ] && timeout 250 gemm_speed "$out" --sweep-bf16x3 --splits-only 2>&1 | tail -40
fi
