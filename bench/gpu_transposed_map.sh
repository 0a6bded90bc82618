#!/usr/bin/env bash
# Measures bench/results/2026-12-07-twelfth-transposed-map-shared-launches-paired-loads.patch
# (against main 39184ee: the eleventh session's work and the twelfth's paired loads and kept
# timing events; it carries its snapshot updates) on the GPU machine, most important first:
# (a) the GGUF Llama's decode (`llm_speed --prompt 512 --tokens 32 --context 1024`) beside main
#     before 39184ee (`llm_speed-base`): `-te` block-format skinny products that trigger their dependents
#     whatever their blocks (`grid::SKINNY_TRIGGER`) and load their weights before the grid
#     wait (`matmul_skinny_quant::EARLY_WEIGHTS`); `-h` also an output head of 8 columns a
#     workgroup (`geometry::SKINNY_WIDE_GROUPS`); `llm_speed` (the patch) also independent
#     neighbouring elementwise kernels in one launch (`siblings::SHARE`); `-a` also A and the
#     folded norm's gains loaded two values at once (`matmul_skinny_quant::PAIRED_A`, twelfth
#     session); `-ah` also a run's profile refreshed in place (main since 39184ee) and its
#     timing events kept (host time between steps); later `-t` and `-e`, each toggle alone;
# (b) K-major im2col maps in transposed 32×32 tiles (`cnn`) beside main's row-order maps
#     (`cnn-base`): ResNet-50's 3x3 layers at tf32 and f16 (14², 7² K-major), later tf32x3 and
#     bf16x3, PyTorch/cuDNN in the same call;
# (c) the CUDA tests of the patched build (conv, quant, llm_random, later ops), wgpu's decode.
# Binaries: `shared/scripts/gpu-bundle --features cuda --test quant --test llm_random --test
# conv --test ops --example cnn --example llm_speed` of the patched tree with `PAIRED_A` false,
# plus main's `cnn` and `llm_speed` as `-base` and the variants above (each built with its
# toggles set as named).
# Run after `source .device/env.sh`; outputs under $OUT. About six minutes; the first three
# minutes hold (a), (b) at tf32/f16 and the tests (part 1).
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FORGE_REQUIRE_CUDA=1 FORGE_REQUIRE_WGPU=1
speed="--prompt 512 --tokens 32 --context 1024"
llm="llm_speed-base llm_speed-t llm_speed-e llm_speed-te llm_speed-h llm_speed llm_speed-a llm_speed-ah"
llm2="llm_speed-base llm_speed-te llm_speed-h llm_speed llm_speed-a llm_speed-ah"
row() { echo "== $1 $2: $(FORGE_BACKEND=$2 timeout 40 $1 $speed 2>&1 | grep -E '^\| [A-Z]|last step' | tr '\n' ' ')"; }
conv() {
  IFS='|' read -ra vs <<< "${convs:-f32 tf32|f32 tf32x3|f32 bf16x3|f16}"
  for v in "${vs[@]}"; do
    for b in cnn-base cnn; do
      set -- $v
      echo "== $b $v"
      FORGE_BACKEND=cuda timeout 60 $b --resnet50 --batch 8 --runs 10 --no-check --elem "$1" ${2:+--precision $2} 2>&1 |
        grep -E '^\| conv| map '
    done
  done
}
# `bash gpu_transposed_map.sh 1` runs the decisive first part (about five minutes), `… 2` the
# rest; no argument runs both.
part=${1:-all}
if [ "$part" != 2 ]; then
for v in $llm2; do row $v cuda; done
convs="f32 tf32|f16" conv
timeout 120 python3 bench/cnn_torch.py --resnet50 --batch 8 --runs 10 2>&1 | grep -E '^\||vs'
for t in conv quant llm_random; do
  echo "== test-$t ($SECONDS s): $(timeout 150 test-$t cuda:: 2>&1 | tee "$out/test-$t.txt" | grep -E 'test result|FAILED|panicked' | head -4 | tr '\n' ' ')"
done
fi
[ "$part" = 1 ] && exit 0
for v in $llm; do row $v cuda; done
conv
FORGE_BACKEND=cuda timeout 60 cnn --resnet50 --batch 8 --runs 3 --elem f32 --precision tf32 2>&1 | tail -8
for v in llm_speed-base llm_speed llm_speed-ah; do row $v wgpu; done
echo "== test-ops ($SECONDS s): $(timeout 150 test-ops cuda:: 2>&1 | tee "$out/test-ops.txt" | grep -E 'test result|FAILED|panicked' | head -4 | tr '\n' ' ')"
# Per-kernel profiles of one decoding step (kernels launched one by one), main and the patch.
for v in llm_speed-base llm_speed llm_speed-ah; do
  FORGE_BACKEND=cuda timeout 60 $v $speed --profile > /dev/null 2> "$out/profile-$v.txt"
  echo "== profile $v: $(grep -c ' us ' "$out/profile-$v.txt") lines"
done
