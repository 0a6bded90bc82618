// What does one dependent stage of a batch-1 decode step cost, by how the stages meet?
// SmolLM2's step is ~270 dependent products of a 576-float vector (9 kernels a layer, 30 layers)
// and Forge runs them as a CUDA graph of programmatically launched kernels at ~2 us a kernel,
// while their weights (~96 MB a token) would stream in ~30 us. This probe runs the same shape of
// chain (S stages; stage s: y[c] = scale * sum_k x[k] * W_s[c][k] over 576 columns, W_s int8,
// 331,776 bytes a stage, so 270 stages stream ~90 MB like a token's weights) every way the
// stages can meet, each variant loading its next weights before it waits:
//   pdl      one kernel a stage (144 blocks, 4 columns each), programmatic dependent launch
//   plain    the same kernels launched without it
//   grid     one persistent kernel of 144 blocks, a release/acquire counter between stages
//   cluster  one cluster of 16 blocks (36 columns each), barrier.cluster between stages, x in L2
//   dsmem    the same cluster, each block writing its columns into every block's shared memory
//   *-nosync the persistent variants without any wait (wrong results: their streaming floor)
// Build and run on the GPU machine (it has nvcc):
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -o decode_sync bench/probes/decode_sync.cu
//   ./decode_sync [stages]
// Every line: variant, us a stage (median of 20 replays of the whole chain), GB/s of weights,
// max error against a CPU reference (nosync lines: not checked).
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define CHECK(x)                                                                                  \
  do {                                                                                            \
    cudaError_t e = (x);                                                                          \
    if (e != cudaSuccess) {                                                                       \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e));          \
      exit(1);                                                                                    \
    }                                                                                             \
  } while (0)

constexpr int D = 576, NT = 256, CHUNKS = D / 16;  // 16 int8 weights a chunk, 36 a column
constexpr int GRID_BLOCKS = 144, GRID_COLS = D / GRID_BLOCKS;            // 4 columns a block
constexpr int CLUSTER = 16, CLUSTER_COLS = D / CLUSTER;                   // 36 columns a block
constexpr size_t STAGE_BYTES = size_t(D) * D;
const float SCALE = 1.0f / sqrtf(float(D) * 2.0f);  // weights uniform in -2..2: E[w^2] = 2

// A thread's chunks of its block's columns of stage s, loaded before it waits.
template <int CH>
struct Pre {
  int4 w[CH];
};

template <int CH>
__device__ __forceinline__ void preload(Pre<CH>& p, const int8_t* W, int s, int col0, int ncols) {
  const int8_t* ws = W + size_t(s) * STAGE_BYTES;
#pragma unroll
  for (int j = 0; j < CH; ++j) {
    const int i = threadIdx.x + j * NT;
    if (i < ncols * CHUNKS) p.w[j] = __ldg(reinterpret_cast<const int4*>(ws + (col0 + i / CHUNKS) * D + (i % CHUNKS) * 16));
  }
}

__device__ __forceinline__ float dot16(int4 w, const float* x, bool shared) {
  const int8_t* b = reinterpret_cast<const int8_t*>(&w);
  float acc = 0.f;
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    const float4 v = shared ? reinterpret_cast<const float4*>(x)[q] : __ldcg(reinterpret_cast<const float4*>(x) + q);
    acc += v.x * float(b[4 * q]) + v.y * float(b[4 * q + 1]) + v.z * float(b[4 * q + 2]) + v.w * float(b[4 * q + 3]);
  }
  return acc;
}

// y[col0..col0+ncols) from x (global, or this block's shared copy); `out(c, value)` stores.
template <int CH, typename Out>
__device__ __forceinline__ void compute(const Pre<CH>& p, const float* x, bool shared, int ncols, float scale, float* red, Out out) {
#pragma unroll
  for (int j = 0; j < CH; ++j) {
    const int i = threadIdx.x + j * NT;
    if (i < ncols * CHUNKS) red[i] = dot16(p.w[j], x + (i % CHUNKS) * 16, shared);
  }
  __syncthreads();
  if (threadIdx.x < ncols) {
    float acc = 0.f;
    for (int q = 0; q < CHUNKS; ++q) acc += red[threadIdx.x * CHUNKS + q];
    out(threadIdx.x, acc * scale);
  }
  __syncthreads();
}

// One stage a kernel: `pdl` triggers the next kernel at once and waits for this one's inputs.
__global__ void __launch_bounds__(NT) k_stage(const int8_t* W, const float* x, float* y, int s, float scale, bool pdl) {
  __shared__ float red[GRID_COLS * CHUNKS];
  if (pdl) asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  Pre<1> p;
  preload(p, W, s, blockIdx.x * GRID_COLS, GRID_COLS);
  if (pdl) asm volatile("griddepcontrol.wait;" ::: "memory");
  compute(p, x, false, GRID_COLS, scale, red, [&](int c, float v) { __stcg(y + blockIdx.x * GRID_COLS + c, v); });
}

// Every stage in one kernel of GRID_BLOCKS co-resident blocks meeting at a counter.
__global__ void __launch_bounds__(NT) k_grid(const int8_t* W, float* xs, int S, float scale, unsigned* ctr, bool sync) {
  __shared__ float red[GRID_COLS * CHUNKS];
  for (int s = 0; s < S; ++s) {
    Pre<1> p;
    preload(p, W, s, blockIdx.x * GRID_COLS, GRID_COLS);
    if (sync && s > 0 && threadIdx.x == 0) {
      const unsigned want = unsigned(s) * GRID_BLOCKS;
      unsigned seen;
      do {
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(ctr) : "memory");
      } while (seen < want);
    }
    __syncthreads();
    const float* x = xs + size_t(s) * D;
    float* y = xs + size_t(s + 1) * D;
    compute(p, x, false, GRID_COLS, scale, red, [&](int c, float v) { __stcg(y + blockIdx.x * GRID_COLS + c, v); });
    if (sync && threadIdx.x == 0) asm volatile("red.release.gpu.global.add.u32 [%0], 1;" ::"l"(ctr) : "memory");
  }
}

// Every stage in one cluster of 16 blocks; x through L2 (`dsmem` false) or pushed into every
// block's shared memory (double-buffered, so a stage's writes never meet the last one's reads).
__global__ void __launch_bounds__(NT) k_cluster(const int8_t* W, float* xs, int S, float scale, bool dsmem, bool sync) {
  __shared__ float red[CLUSTER_COLS * CHUNKS];
  __shared__ __align__(16) float xl[2][D];
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = int(cluster.block_rank());
  if (dsmem)
    for (int i = threadIdx.x; i < D; i += NT) xl[0][i] = xs[i];
  cluster.sync();
  constexpr int CH = (CLUSTER_COLS * CHUNKS + NT - 1) / NT;
  Pre<CH> p;
  preload(p, W, 0, rank * CLUSTER_COLS, CLUSTER_COLS);
  for (int s = 0; s < S; ++s) {
    const float* x = dsmem ? xl[s & 1] : xs + size_t(s) * D;
    float* y = xs + size_t(s + 1) * D;
    compute(p, x, dsmem, CLUSTER_COLS, scale, red, [&](int c, float v) {
      const int col = rank * CLUSTER_COLS + c;
      __stcg(y + col, v);
      if (dsmem)
        for (int r = 0; r < CLUSTER; ++r) cluster.map_shared_rank(&xl[(s + 1) & 1][0], r)[col] = v;
    });
    if (sync) asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
    if (s + 1 < S) preload(p, W, s + 1, rank * CLUSTER_COLS, CLUSTER_COLS);
    if (sync) asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
  }
  cluster.sync();  // no block leaves while another may still write its shared memory
}

struct Case {
  const char* name;
  int kind;  // 0 pdl, 1 plain, 2 grid, 3 cluster, 4 dsmem
  bool sync;
};

int main(int argc, char** argv) {
  const int S = argc > 1 ? atoi(argv[1]) : 270;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("# %s, %d SMs, %d stages, %.1f MB of weights a chain\n", prop.name, prop.multiProcessorCount, S, S * STAGE_BYTES / 1e6);

  std::vector<int8_t> w(size_t(S) * STAGE_BYTES);
  uint32_t seed = 12345;
  auto next = [&] { seed = seed * 1664525u + 1013904223u; return seed >> 8; };
  for (auto& v : w) v = int8_t(int(next() % 5) - 2);
  std::vector<float> x0(D);
  for (auto& v : x0) v = float(int(next() % 2001) - 1000) / 1000.f;
  // Reference, in double.
  std::vector<double> ref(x0.begin(), x0.end()), nxt(D);
  for (int s = 0; s < S; ++s) {
    for (int c = 0; c < D; ++c) {
      double acc = 0;
      for (int k = 0; k < D; ++k) acc += ref[k] * w[size_t(s) * STAGE_BYTES + size_t(c) * D + k];
      nxt[c] = acc * SCALE;
    }
    ref.swap(nxt);
  }
  double ref_max = 0;
  for (double v : ref) ref_max = std::max(ref_max, std::fabs(v));

  int8_t* dW;
  float *dx, *dx0;
  unsigned* ctr;
  CHECK(cudaMalloc(&dW, w.size()));
  CHECK(cudaMalloc(&dx, sizeof(float) * D * (S + 1)));
  CHECK(cudaMalloc(&ctr, sizeof(unsigned)));
  CHECK(cudaMalloc(&dx0, sizeof(float) * D));
  CHECK(cudaMemcpy(dx0, x0.data(), sizeof(float) * D, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dW, w.data(), w.size(), cudaMemcpyHostToDevice));
  CHECK(cudaFuncSetAttribute(k_cluster, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  cudaStream_t st;
  CHECK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));

  const Case cases[] = {{"pdl", 0, true},   {"plain", 1, true},        {"grid", 2, true},
                        {"cluster", 3, true}, {"dsmem", 4, true},       {"grid-nosync", 2, false},
                        {"cluster-nosync", 3, false}};
  for (const Case& c : cases) {
    // The chain as one graph: reset x (and the counter), then the stages.
    CHECK(cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal));
    CHECK(cudaMemcpyAsync(dx, dx0, sizeof(float) * D, cudaMemcpyDeviceToDevice, st));
    CHECK(cudaMemsetAsync(ctr, 0, sizeof(unsigned), st));
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    cfg.blockDim = dim3(NT);
    cfg.stream = st;
    cfg.attrs = attr;
    if (c.kind <= 1) {
      cfg.gridDim = dim3(GRID_BLOCKS);
      attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attr[0].val.programmaticStreamSerializationAllowed = c.kind == 0;
      cfg.numAttrs = 1;
      for (int s = 0; s < S; ++s)
        CHECK(cudaLaunchKernelEx(&cfg, k_stage, (const int8_t*)dW, (const float*)(dx + size_t(s) * D), dx + size_t(s + 1) * D, s, SCALE, c.kind == 0));
    } else if (c.kind == 2) {
      cfg.gridDim = dim3(GRID_BLOCKS);
      attr[0].id = cudaLaunchAttributeCooperative;
      attr[0].val.cooperative = 1;
      cfg.numAttrs = 1;
      CHECK(cudaLaunchKernelEx(&cfg, k_grid, (const int8_t*)dW, dx, S, SCALE, ctr, c.sync));
    } else {
      cfg.gridDim = dim3(CLUSTER);
      attr[0].id = cudaLaunchAttributeClusterDimension;
      attr[0].val.clusterDim.x = CLUSTER;
      attr[0].val.clusterDim.y = 1;
      attr[0].val.clusterDim.z = 1;
      cfg.numAttrs = 1;
      CHECK(cudaLaunchKernelEx(&cfg, k_cluster, (const int8_t*)dW, dx, S, SCALE, c.kind == 4, c.sync));
    }
    cudaGraph_t g;
    cudaGraphExec_t ge;
    CHECK(cudaStreamEndCapture(st, &g));
    CHECK(cudaGraphInstantiate(&ge, g, 0));
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    std::vector<float> ms;
    for (int r = 0; r < 23; ++r) {
      CHECK(cudaEventRecord(e0, st));
      CHECK(cudaGraphLaunch(ge, st));
      CHECK(cudaEventRecord(e1, st));
      CHECK(cudaEventSynchronize(e1));
      float t;
      CHECK(cudaEventElapsedTime(&t, e0, e1));
      if (r >= 3) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    const double med_us = ms[ms.size() / 2] * 1000.0;
    std::vector<float> out(D);
    CHECK(cudaMemcpy(out.data(), dx + size_t(S) * D, sizeof(float) * D, cudaMemcpyDeviceToHost));
    double err = 0;
    for (int i = 0; i < D; ++i) err = std::max(err, std::fabs(out[i] - ref[i]) / ref_max);
    printf("%-15s %8.3f us a stage  %8.1f us a chain  %7.0f GB/s  ", c.name, med_us / S, med_us, S * STAGE_BYTES / med_us / 1e3);
    if (c.sync) printf("max rel err %.2e%s\n", err, err > 1e-4 ? "  WRONG" : "");
    else printf("(not checked)\n");
    CHECK(cudaGraphExecDestroy(ge));
    CHECK(cudaGraphDestroy(g));
  }
  return 0;
}
