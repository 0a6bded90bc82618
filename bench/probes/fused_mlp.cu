// Can one kernel a layer bring the 10-layer decode MLP (batch 1, d 576, f 1536, f32) under
// #9's 45 us? Forge runs each layer as two dependent kernels (the gate/up pair with the RMS norm
// folded in, then the down product with the residual): 20 grid waits. This probe runs a layer as
// ONE kernel: each block computes its 8 columns of h = silu(n·Wg) * (n·Wu) and at once their
// share of the down product (8 rows of Wd, copied to shared memory with cp.async before the
// grid wait), adding the partial sums into the next residual with red.global.add.v4.f32 (so the
// sum order, and the last bits, vary from run to run). Residual buffers rotate over three: a
// layer reads S[l%3], adds into S[(l+1)%3] (block 0 adds the residual itself) and zeroes
// S[(l+2)%3]. Checked against a double-precision CPU reference; timed as a CUDA graph of
// programmatic (PDL) launches, as Forge runs its chains.
// Build and run on the GPU machine (it has nvcc):
//   nvcc -O3 -std=c++17 -arch=sm_90a -o fused_mlp bench/probes/fused_mlp.cu
//   ./fused_mlp F paced wd_early nk nowait pace_group
// F: 1536 (the model) or 64 (its latency twin); paced: the weight loads one chunk in flight a
// thread (ld.acquire, as Forge's decode kernel); wd_early: the down rows copied before the
// grid wait; nk: gate/up weights as PyTorch stores them ([F, D]) instead of [D, F]; nowait: no
// grid wait at all (wrong results; the streaming floor of the same blocks); pace_group: loads
// a pacing group holds (nk only).
// Results: bench/results/h200-2026-12-04-twentythird.txt.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cmath>
#include <cuda_runtime.h>

constexpr int D = 576, NCOL = 8, NT = 160, ROWS = 72, L = 10;
constexpr float EPS = 1e-5f;

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

__device__ __forceinline__ float4 ldnc(const float* p) {
  float4 v;
  asm volatile("ld.global.nc.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  return v;
}
__device__ __forceinline__ float4 ldacq(const float* p) {
  float4 v;
  asm volatile("ld.acquire.gpu.global.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ float4 ldc(const float* p) {
  float4 v;
  asm volatile("ld.global.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void red4(float* p, float4 v) {
  asm volatile("red.global.add.v4.f32 [%0], {%1,%2,%3,%4};" :: "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}
__device__ __forceinline__ void cpasync16(void* s, const void* g) {
  unsigned sa = (unsigned)__cvta_generic_to_shared(s);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(sa), "l"(g) : "memory");
}
__device__ __forceinline__ float get(const float4& v, int j) { return j == 0 ? v.x : j == 1 ? v.y : j == 2 ? v.z : v.w; }

__global__ void init(const float* x, float* s0, float* s1) {
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  asm volatile("griddepcontrol.wait;" ::: "memory");
  for (int i = threadIdx.x; i < D; i += blockDim.x) { s0[i] = x[i]; s1[i] = 0.f; }
}

template <bool PACED, bool WD_EARLY, bool NK, bool NOWAIT, int PG>
__global__ void __launch_bounds__(NT) layer(const float* __restrict__ Wg, const float* __restrict__ Wu,
    const float* __restrict__ Wd, const float* __restrict__ gain, const float* Sin, float* Sout, float* Szero, int F) {
  __shared__ float4 wd_s[NCOL][D / 4];
  __shared__ float part_g[NT / 32][NCOL], part_u[NT / 32][NCOL], fss[NT / 32], h_s[NCOL];
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  const int tid = threadIdx.x, ch = tid & 1, ks = tid >> 1, lane = tid & 31, warp = tid >> 5;
  const int n0 = blockIdx.x * NCOL, k0 = ks * 8;
  const bool active = ks < ROWS;
  float4 bg[2][4], bu[2][4];
  if (NK) {
    // B^T [F][D]: this block's 8 rows of each weight, thread t holds k = 4t..4t+3 of every row.
    if (tid < D / 4) {
#pragma unroll
      for (int r = 0; r < 8; ++r) {
        const float* p = Wg + (size_t)(n0 + r) * D + tid * 4;
        bg[r / 4][r % 4] = (PACED && r % PG == PG - 1) ? ldacq(p) : ldnc(p);
      }
#pragma unroll
      for (int r = 0; r < 8; ++r) {
        const float* p = Wu + (size_t)(n0 + r) * D + tid * 4;
        bu[r / 4][r % 4] = (PACED && r % PG == PG - 1 && r != 7) ? ldacq(p) : ldnc(p);
      }
    }
  } else if (active) {
#pragma unroll
    for (int t = 0; t < 2; ++t)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const float* p = Wg + (size_t)(k0 + t * 4 + e) * F + n0 + ch * 4;
        bg[t][e] = (PACED && e == 3) ? ldacq(p) : ldnc(p);
      }
#pragma unroll
    for (int t = 0; t < 2; ++t)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const float* p = Wu + (size_t)(k0 + t * 4 + e) * F + n0 + ch * 4;
        bu[t][e] = (PACED && e == 3 && t == 0) ? ldacq(p) : ldnc(p);
      }
  }
  auto wd_copy = [&]() {
    for (int i = tid; i < NCOL * (D / 4); i += NT) {
      const int j = i / (D / 4), c = i % (D / 4);
      cpasync16(&wd_s[j][c], Wd + (size_t)(n0 + j) * D + c * 4);
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
  };
  if (WD_EARLY) wd_copy();
  if (!NOWAIT) asm volatile("griddepcontrol.wait;" ::: "memory");
  if (!WD_EARLY) wd_copy();
  float ag[4] = {0, 0, 0, 0}, au[4] = {0, 0, 0, 0}, ss = 0.f;
  if (NK) {
    float pg[8], pu[8];
#pragma unroll
    for (int r = 0; r < 8; ++r) pg[r] = pu[r] = 0.f;
    if (tid < D / 4) {
      const float4 xa = ldc(Sin + tid * 4), ga = ldnc(gain + tid * 4);
      ss = xa.x * xa.x + xa.y * xa.y + xa.z * xa.z + xa.w * xa.w;
      const float4 a = make_float4(xa.x * ga.x, xa.y * ga.y, xa.z * ga.z, xa.w * ga.w);
#pragma unroll
      for (int r = 0; r < 8; ++r) {
        const float4 w = bg[r / 4][r % 4], v = bu[r / 4][r % 4];
        pg[r] = a.x * w.x + a.y * w.y + a.z * w.z + a.w * w.w;
        pu[r] = a.x * v.x + a.y * v.y + a.z * v.z + a.w * v.w;
      }
    }
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
#pragma unroll
      for (int r = 0; r < 8; ++r) {
        pg[r] += __shfl_xor_sync(0xffffffffu, pg[r], o);
        pu[r] += __shfl_xor_sync(0xffffffffu, pu[r], o);
      }
      ss += __shfl_xor_sync(0xffffffffu, ss, o);
    }
    if (lane == 0) {
#pragma unroll
      for (int r = 0; r < 8; ++r) { part_g[warp][r] = pg[r]; part_u[warp][r] = pu[r]; }
      fss[warp] = ss;
    }
  } else {
  if (active) {
#pragma unroll
    for (int t = 0; t < 2; ++t) {
      const float4 xa = ldc(Sin + k0 + t * 4), ga = ldnc(gain + k0 + t * 4);
      if (ch == 0) ss += xa.x * xa.x + xa.y * xa.y + xa.z * xa.z + xa.w * xa.w;
      const float a[4] = {xa.x * ga.x, xa.y * ga.y, xa.z * ga.z, xa.w * ga.w};
#pragma unroll
      for (int e = 0; e < 4; ++e)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          ag[j] = fmaf(a[e], get(bg[t][e], j), ag[j]);
          au[j] = fmaf(a[e], get(bu[t][e], j), au[j]);
        }
    }
  }
#pragma unroll
  for (int o = 2; o < 32; o <<= 1) {
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      ag[j] += __shfl_xor_sync(0xffffffffu, ag[j], o);
      au[j] += __shfl_xor_sync(0xffffffffu, au[j], o);
    }
    ss += __shfl_xor_sync(0xffffffffu, ss, o);
  }
  if (lane < 2)
#pragma unroll
    for (int j = 0; j < 4; ++j) { part_g[warp][ch * 4 + j] = ag[j]; part_u[warp][ch * 4 + j] = au[j]; }
  if (lane == 0) fss[warp] = ss;
  }
  __syncthreads();
  if (tid < NCOL) {
    float g = 0.f, u = 0.f, rss = 0.f;
#pragma unroll
    for (int w = 0; w < NT / 32; ++w) { g += part_g[w][tid]; u += part_u[w][tid]; rss += fss[w]; }
    const float sc = rsqrtf(rss / D + EPS);
    const float gate = g * sc, up = u * sc;
    h_s[tid] = gate / (1.f + expf(-gate)) * up;
  }
  if (blockIdx.x == gridDim.x - 1)
    for (int i = tid; i < D / 4; i += NT) reinterpret_cast<float4*>(Szero)[i] = make_float4(0, 0, 0, 0);
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  if (tid < D / 4) {
    float4 o = blockIdx.x == 0 ? ldc(Sin + tid * 4) : make_float4(0, 0, 0, 0);
#pragma unroll
    for (int j = 0; j < NCOL; ++j) {
      const float4 w = wd_s[j][tid];
      const float h = h_s[j];
      o.x = fmaf(h, w.x, o.x); o.y = fmaf(h, w.y, o.y); o.z = fmaf(h, w.z, o.z); o.w = fmaf(h, w.w, o.w);
    }
    red4(Sout + tid * 4, o);
  }
}

static unsigned long long rng = 88172645463325252ull;
static float urand() { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (float)((rng >> 11) * (1.0 / 9007199254740992.0)) * 2.f - 1.f; }

template <typename K>
static void launch(K kernel, dim3 grid, dim3 block, cudaStream_t s, void** args) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = grid; cfg.blockDim = block; cfg.stream = s;
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  at[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = at; cfg.numAttrs = 1;
  CK(cudaLaunchKernelExC(&cfg, (const void*)kernel, args));
}

int main(int argc, char** argv) {
  const int F = argc > 1 ? atoi(argv[1]) : 1536;
  const int paced = argc > 2 ? atoi(argv[2]) : 1, early = argc > 3 ? atoi(argv[3]) : 1, nk = argc > 4 ? atoi(argv[4]) : 0;
  const int reps = 2000;
  std::vector<float> wg((size_t)L * D * F), wu((size_t)L * D * F), wd((size_t)L * F * D), g((size_t)L * D), x(D);
  for (auto& v : wg) v = urand() / sqrtf(D);
  for (auto& v : wu) v = urand() / sqrtf(D);
  for (auto& v : wd) v = urand() / sqrtf(F);
  for (auto& v : g) v = 1.f + 0.5f * urand();
  for (auto& v : x) v = urand();
  // Reference in double.
  std::vector<double> r(x.begin(), x.end()), n(D), h(F);
  for (int l = 0; l < L; ++l) {
    double ms = 0; for (int k = 0; k < D; ++k) ms += r[k] * r[k];
    const double sc = 1.0 / sqrt(ms / D + EPS);
    for (int k = 0; k < D; ++k) n[k] = r[k] * sc * g[(size_t)l * D + k];
    for (int j = 0; j < F; ++j) {
      double a = 0, b = 0;
      for (int k = 0; k < D; ++k) { a += n[k] * wg[((size_t)l * D + k) * F + j]; b += n[k] * wu[((size_t)l * D + k) * F + j]; }
      h[j] = a / (1 + exp(-a)) * b;
    }
    for (int i = 0; i < D; ++i) { double a = 0; for (int j = 0; j < F; ++j) a += h[j] * wd[((size_t)l * F + j) * D + i]; r[i] += a; }
  }
  float *dwg, *dwu, *dwd, *dg, *dx, *ds;
  CK(cudaMalloc(&dwg, wg.size() * 4)); CK(cudaMalloc(&dwu, wu.size() * 4)); CK(cudaMalloc(&dwd, wd.size() * 4));
  CK(cudaMalloc(&dg, g.size() * 4)); CK(cudaMalloc(&dx, D * 4)); CK(cudaMalloc(&ds, 3 * D * 4));
  CK(cudaMemcpy(dwg, wg.data(), wg.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dwu, wu.data(), wu.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dwd, wd.data(), wd.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dg, g.data(), g.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dx, x.data(), D * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(ds, 0xff, 3 * D * 4));
  const int nowait = argc > 5 ? atoi(argv[5]) : 0, pg = argc > 6 ? atoi(argv[6]) : 4;
  auto kern = layer<true, true, true, false, 4>;
  if (nk && nowait) kern = layer<true, true, true, true, 4>;
  else if (nk && pg == 8) kern = layer<true, true, true, false, 8>;
  else if (nk && pg == 2) kern = layer<true, true, true, false, 2>;
  else if (nk && !paced) kern = layer<false, true, true, false, 4>;
  else if (!nk && nowait) kern = layer<true, true, false, true, 4>;
  else if (!nk && !early) kern = layer<true, false, false, false, 4>;
  else if (!nk) kern = paced ? layer<true, true, false, false, 4> : layer<false, true, false, false, 4>;
  if (nk) {  // the gate/up weights as PyTorch stores them: [L][F][D]
    std::vector<float> t(wg.size()), u(wu.size());
    for (int l = 0; l < L; ++l) for (int k = 0; k < D; ++k) for (int j = 0; j < F; ++j) {
      t[((size_t)l * F + j) * D + k] = wg[((size_t)l * D + k) * F + j];
      u[((size_t)l * F + j) * D + k] = wu[((size_t)l * D + k) * F + j];
    }
    CK(cudaMemcpy(dwg, t.data(), t.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dwu, u.data(), u.size() * 4, cudaMemcpyHostToDevice));
  }
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  { float* s0 = ds; float* s1 = ds + D; void* args[] = {&dx, &s0, &s1}; launch(init, dim3(1), dim3(160), s, args); }
  for (int l = 0; l < L; ++l) {
    const float* a = dwg + (size_t)l * D * F; const float* b = dwu + (size_t)l * D * F; const float* c = dwd + (size_t)l * F * D;
    const float* gl = dg + (size_t)l * D;
    const float* sin = ds + (l % 3) * D; float* sout = ds + ((l + 1) % 3) * D; float* sz = ds + ((l + 2) % 3) * D;
    int f = F;
    void* args[] = {&a, &b, &c, &gl, &sin, &sout, &sz, &f};
    launch(kern, dim3(F / NCOL), dim3(NT), s, args);
  }
  cudaGraph_t graph; CK(cudaStreamEndCapture(s, &graph));
  cudaGraphExec_t exec; CK(cudaGraphInstantiate(&exec, graph, 0));
  for (int i = 0; i < 50; ++i) CK(cudaGraphLaunch(exec, s));
  CK(cudaStreamSynchronize(s));
  std::vector<float> out(D);
  CK(cudaMemcpy(out.data(), ds + (L % 3) * D, D * 4, cudaMemcpyDeviceToHost));
  double err = 0, mx = 0;
  for (int i = 0; i < D; ++i) { err = fmax(err, fabs(out[i] - r[i])); mx = fmax(mx, fabs(r[i])); }
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  for (int round = 0; round < 3; ++round) {
    CK(cudaEventRecord(e0, s));
    for (int i = 0; i < reps; ++i) CK(cudaGraphLaunch(exec, s));
    CK(cudaEventRecord(e1, s)); CK(cudaEventSynchronize(e1));
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
    printf("fused F=%d paced=%d wd_early=%d nk=%d nowait=%d pg=%d: %.2f us/run  (max abs err %.3g of max |r| %.3g)\n", F, paced, early, nk, nowait, pg, ms * 1000 / reps, err, mx);
  }
  // One run at a time (event around one replay), as a latency figure.
  std::vector<float> one;
  for (int i = 0; i < 200; ++i) {
    CK(cudaEventRecord(e0, s)); CK(cudaGraphLaunch(exec, s)); CK(cudaEventRecord(e1, s)); CK(cudaEventSynchronize(e1));
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); one.push_back(ms * 1000);
  }
  std::sort(one.begin(), one.end());
  printf("   single replay median %.2f us\n", one[one.size() / 2]);
  return 0;
}
