#!/usr/bin/env bash
# On the GPU machine, most important first: (1) the block-format skinny product's output columns
# a workgroup (8 = `llm_speed-base`, main e23f6e3's build; 4, 2, 1 = `llm_speed-c4`, `-c2`,
# `-c1`, built with `geometry::skinny_cols` returning that count for block formats on both
# backends: the workgroup's other warps split K) in the GGUF Llama's decode; (2) half-float convolutions whose
# im2col temp keeps `[B, K.., OH, OW]` where its rows are 16-byte multiples (`cnn`) beside main's
# K-major temps (`cnn-base`) and PyTorch/cuDNN; then per-kernel profiles, second rounds, the
# CUDA tests and wgpu. Binaries: `shared/scripts/gpu-bundle --features cuda --test llm_random
# --test quant --test conv --example llm_speed --example cnn` plus the ones named above. Run
# after `source .device/env.sh`; outputs under $OUT. About three minutes.
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
speed="--prompt 512 --tokens 32 --context 1024"
llm="llm_speed-base llm_speed-c4 llm_speed-c2 llm_speed-c1"
row() { echo "== $1 $2: $(FORGE_BACKEND=$2 timeout 40 $1 $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' ')"; }
conv() {
  for b in cnn-base cnn; do
    for e in f16 bf16; do
      echo "== $b $e"
      FORGE_BACKEND=cuda timeout 60 $b --resnet50 --batch 8 --runs 10 --no-check --elem $e 2>&1 | grep -E '^\| conv| map '
    done
  done
}
for v in $llm; do row $v cuda; done
conv
timeout 120 python3 bench/cnn_torch.py --resnet50 --batch 8 --runs 10 2>&1 | grep -E '^\||vs'
# Per-kernel times of one decoding step (kernels launched one by one), each variant.
for v in $llm; do
  FORGE_BACKEND=cuda timeout 60 $v $speed --profile > /dev/null 2> "$out/profile-$v.txt"
  echo "== $v step kernels (us): $(awk '/device time  kernel/{n++} n==2 && $2=="us"' "$out/profile-$v.txt" | awk '
    /qkv = matmul/{q+=$1} /wo\[l\]/{o+=$1} /w_gate/{g+=$1} /w_down/{d+=$1} /logits = matmul/{h+=$1}
    END {printf "qkv %.1f wo %.1f gate/up %.1f down %.1f head %.1f", q/30, o/30, g/30, d/30, h}')"
done
for v in $llm; do row $v cuda; done
conv
timeout 60 test-quant cuda:: 2>&1 | grep -E 'test result|FAILED|panicked' | head -5
timeout 60 test-llm_random cuda:: 2>&1 | grep -E 'test result|FAILED|panicked' | head -5
timeout 90 test-conv cuda:: 2>&1 | grep -E 'test result|FAILED|panicked' | head -5
for v in $llm; do row $v wgpu; done
