#!/usr/bin/env bash
# On the GPU machine (binaries from `shared/scripts/gpu-bundle --features cuda --tests --examples`,
# after `source .device/env.sh`): bf16x3 correctness first (ops, MiniLM with random and real
# weights), then MiniLM tf32x3 against bf16x3 (two rounds without PyTorch, one per-kernel
# profile), the table with PyTorch in the same run, and gemm_speed's bf16x3 rows.
set -x
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv
export FORGE_REQUIRE_CUDA=1
timeout 200 test-ops cuda:: 2>&1 | grep -E 'bf16x3|tf32|half|vectorised|test result|panicked|FAILED' | head -20
timeout 120 test-minilm_random 2>&1 | grep -E 'cuda|test result|panicked|FAILED|error' | head -8
timeout 120 test-minilm 2>&1 | grep -E 'cuda|test result|panicked|FAILED|error|available' | head -8
mkdir -p /tmp/nopy; printf '#!/bin/sh\nexit 1\n' > /tmp/nopy/python3; chmod +x /tmp/nopy/python3
cases=minilm_b8,minilm_b64,minilm_b8_bf16x3,minilm_b64_bf16x3
for r in 1 2; do PATH=/tmp/nopy:$PATH timeout 120 bench --only $cases 2>&1 | grep -E '^minilm.*cuda'; done
FORGE_BENCH_KERNELS=nodes PATH=/tmp/nopy:$PATH timeout 90 bench --only minilm_b64_bf16x3 2>&1 | head -60
timeout 400 bench --only $cases --csv ${OUT:-/tmp}/bench.csv 2>&1 | tail -12
mkdir -p ${OUT:-/tmp}/gs && timeout 300 gemm_speed ${OUT:-/tmp}/gs 2>&1 | tail -40
