#!/usr/bin/env bash
# On the GPU machine (after `source .device/env.sh`; binaries from `shared/scripts/gpu-bundle
# --features cuda --test conv --example cnn`, plus, for before/after figures, the previous main's
# `cnn` as `cnn-base`): the convolution tests on CUDA and wgpu, ResNet-50's 3x3 convolutions
# in every storage type and precision beside PyTorch/cuDNN in the same call, and ResNet-18's
# stem and block and ResNet-50's tensor-core layers beside the previous build. Outputs under $OUT (few files: the device tool
# returns a limited number). About three minutes.
out=${OUT:-/tmp}
r="$out/cnn.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$r"
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
timeout 60 test-conv 2>&1 | grep -E 'test result|FAILED|panicked' >> "$r"
for v in "f32" "f32 tf32x3" "f32 tf32" "f32 bf16x3" "f16" "bf16"; do
  set -- $v
  FORGE_BACKEND=cuda timeout 60 cnn --resnet50 --batch 8 --runs 10 --elem "$1" ${2:+--precision $2} >> "$r" 2>&1
done
# The previous build's 3x3 layers where the tensor cores take them (before/after in one call).
if command -v cnn-base >/dev/null; then
  for v in "f16" "bf16" "f32 tf32"; do
    set -- $v
    echo "== cnn-base --resnet50 $v" >> "$r"
    FORGE_BACKEND=cuda timeout 60 cnn-base --resnet50 --batch 8 --runs 10 --no-check --elem "$1" ${2:+--precision $2} >> "$r" 2>&1
  done
fi
for e in f32 f16; do
  FORGE_BACKEND=wgpu timeout 60 cnn --resnet50 --batch 8 --runs 10 --no-check --elem $e >> "$r" 2>&1
done
for round in 1 2; do
  for b in cnn-base cnn; do
    command -v $b >/dev/null || continue
    for e in f32 f16; do
      echo "== $b $e round $round" >> "$r"
      FORGE_BACKEND=cuda timeout 30 $b --batch 8 --runs 10 --no-check --elem $e >> "$r" 2>&1
    done
  done
done
timeout 120 python3 bench/cnn_torch.py --resnet50 --batch 8 --runs 10 >> "$r" 2>&1
grep -E 'H100|H200|test result|FAILED|panick|^\| (conv|stem|basic)|^== |vs the' "$r"
