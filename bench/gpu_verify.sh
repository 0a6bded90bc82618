#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `GPU_BUNDLE_PACK=1
# shared/scripts/gpu-bundle --features cuda --tests --examples`, plus the previous main's
# `bench` and `llm_speed` as `bench-base` and `llm_speed-base`): what a restructuring must
# keep, each part one call of under ten minutes. Outputs under $OUT.
#   PART=tests: every test binary that runs on a GPU, on CUDA and wgpu (a missing backend fails);
#   PART=bench: the whole bench table before and after, alternating, then the GGUF Llama's
#               decode and prefill before and after (CUDA and wgpu).
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
if [ "${PART:-tests}" = tests ]; then
  for t in ops semantics quant llm_random hardening minilm_random state_windows runtime raw_kernel \
    persistent_x3 robustness rows row_chains index_notation gpt2 llama oracle autotune coopmat \
    differential raycast heat boundaries conv; do
    command -v test-$t >/dev/null || { echo "test-$t: not in the bundle"; continue; }
    left=$((${FINISH:-570} - SECONDS)); [ $left -lt 20 ] && { echo "out of time before $t"; break; }
    r=$(timeout $((left < 150 ? left : 150)) test-$t 2>&1 | tee "$out/test-$t.txt" | grep -E 'test result|FAILED|panicked' | head -4)
    echo "$t ($SECONDS s): $r"
  done
  exit 0
fi
mkdir -p /tmp/nopy; printf '#!/bin/sh\nexit 1\n' > /tmp/nopy/python3; chmod +x /tmp/nopy/python3
# ROUNDS rounds of both binaries over every case; the table rows are compared within a round.
rounds=${ROUNDS:-1}
for r in $(seq 1 "$rounds"); do
  for bin in bench-base bench; do
    echo "== $bin round $r ($SECONDS s)"
    PATH=/tmp/nopy:$PATH timeout 200 $bin --csv "$out/$bin-$r.csv" > "$out/$bin-$r.txt" 2>&1
    python3 -c "import csv,sys; [print(r['case'], r['backend'], r['device_us']) for r in csv.DictReader(open(sys.argv[1]))]" "$out/$bin-$r.csv" 2>&1 | head -60
  done
done
speed="--prompt 512 --tokens 32 --context 1024"
for b in cuda wgpu; do
  for bin in llm_speed-base llm_speed llm_speed-base llm_speed; do
    left=$((${FINISH:-570} - SECONDS)); [ $left -lt 40 ] && break
    echo "== $bin $b: $(FORGE_BACKEND=$b timeout 60 $bin $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' ')"
  done
done
