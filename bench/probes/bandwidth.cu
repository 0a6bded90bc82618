// Which launch shape and memory placement lets a streaming kernel reach the copy roofline?
// Forge's CUDA maps and rows stop at 80-85% of PyTorch's copy while its wgpu rows reach 95%.
// Build and run on the GPU machine (it has nvcc):
//   nvcc -O3 -arch=sm_90a -o bandwidth bench/probes/bandwidth.cu && ./bandwidth
// Every line: variant, median microseconds of one launch over 64 Mi f32 in and out, GB/s
// (bytes read + written).
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>

#define CHECK(x)                                                                        \
    do {                                                                                \
        cudaError_t e = (x);                                                            \
        if (e != cudaSuccess) {                                                         \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e)); \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

__device__ __forceinline__ float4 axpb(float4 v) {
    return make_float4(v.x * 2.f + 1.f, v.y * 2.f + 1.f, v.z * 2.f + 1.f, v.w * 2.f + 1.f);
}

// V 16-byte vectors a thread, all loads issued before the stores; consecutive threads on
// consecutive vectors within each of the V sweeps. MODE 0: plain; 1: streaming (.cs) loads and
// stores; 2: non-coherent no-L1-allocate loads; 3: Forge's shape (32-bit index, grid wait).
template <int V, int MODE>
__global__ void map_v(const float4* __restrict__ x, float4* __restrict__ y, unsigned n4) {
    if (MODE == 3) asm volatile("griddepcontrol.wait;" ::: "memory");
    unsigned base = blockIdx.x * blockDim.x * V + threadIdx.x;
    float4 r[V];
#pragma unroll
    for (int v = 0; v < V; ++v) {
        unsigned i = base + v * blockDim.x;
        if (i < n4) {
            if (MODE == 1)
                r[v] = __ldcs(x + i);
            else if (MODE == 2) {
                float4 t;
                asm volatile("ld.global.nc.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];"
                             : "=f"(t.x), "=f"(t.y), "=f"(t.z), "=f"(t.w)
                             : "l"(x + i));
                r[v] = t;
            } else
                r[v] = x[i];
        }
    }
#pragma unroll
    for (int v = 0; v < V; ++v) {
        unsigned i = base + v * blockDim.x;
        if (i < n4) {
            if (MODE == 1)
                __stcs(y + i, axpb(r[v]));
            else
                y[i] = axpb(r[v]);
        }
    }
}

// Grid-stride: a fixed number of blocks walks the whole range, two vectors a step.
__global__ void map_stride(const float4* __restrict__ x, float4* __restrict__ y, unsigned n4) {
    unsigned step = gridDim.x * blockDim.x;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += 2 * step) {
        float4 a = x[i];
        float4 b = i + step < n4 ? x[i + step] : a;
        y[i] = axpb(a);
        if (i + step < n4) y[i + step] = axpb(b);
    }
}

// Median of `reps` timings of `iters` launches each, in microseconds per launch.
template <class F>
double timed(F f) {
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    for (int i = 0; i < 3; ++i) f();
    std::vector<double> t;
    const int iters = 20;
    for (int r = 0; r < 7; ++r) {
        CHECK(cudaEventRecord(a));
        for (int i = 0; i < iters; ++i) f();
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms * 1000.0 / iters);
    }
    CHECK(cudaGetLastError());
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main() {
    const size_t n = 64ull << 20, bytes = n * 4, n4 = n / 4;
    const double moved = 2.0 * bytes;
    auto report = [&](const char* name, double us) { printf("%-44s %8.1f us %8.0f GB/s\n", name, us, moved / us / 1e3); };
    // One 1 GiB allocation: source at 0, destination at 256 MiB + shift (a shift of 0 puts
    // the two streams at the same offsets modulo every power of two up to 256 MiB).
    char* slab;
    CHECK(cudaMalloc(&slab, 1ull << 30));
    CHECK(cudaMemset(slab, 0x3c, 1ull << 30));
    float4* x = (float4*)slab;
    int sms = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    for (size_t shift : {0ull, 256ull, 4096ull, 65536ull, 1ull << 20, 3ull << 20}) {
        float4* y = (float4*)(slab + bytes + shift);
        char name[64];
        snprintf(name, sizeof name, "memcpy D2D, dst shift %zu", shift);
        report(name, timed([&] { CHECK(cudaMemcpyAsync(y, x, bytes, cudaMemcpyDeviceToDevice)); }));
        snprintf(name, sizeof name, "forge shape 1x16B 256t, dst shift %zu", shift);
        report(name, timed([&] { map_v<1, 3><<<n4 / 256, 256>>>(x, y, n4); }));
        snprintf(name, sizeof name, "4x16B 256t, dst shift %zu", shift);
        report(name, timed([&] { map_v<4, 0><<<n4 / 1024, 256>>>(x, y, n4); }));
    }
    float4* y = (float4*)(slab + bytes);
#define RUN(V, MODE, T)                                                                     \
    report("map_v<" #V "," #MODE "> " #T "t",                                               \
           timed([&] { map_v<V, MODE><<<(n4 + (T) * (V)-1) / ((T) * (V)), T>>>(x, y, n4); }))
    RUN(1, 0, 128);
    RUN(1, 0, 256);
    RUN(1, 0, 512);
    RUN(2, 0, 128);
    RUN(2, 0, 256);
    RUN(4, 0, 128);
    RUN(4, 0, 256);
    RUN(8, 0, 128);
    RUN(8, 0, 256);
    RUN(1, 1, 256);
    RUN(2, 1, 256);
    RUN(4, 1, 256);
    RUN(1, 2, 256);
    RUN(4, 2, 256);
    for (int per : {4, 8, 16, 32}) {
        char name[64];
        snprintf(name, sizeof name, "grid-stride %d blocks/SM 256t", per);
        report(name, timed([&] { map_stride<<<sms * per, 256>>>(x, y, n4); }));
    }
    // Two separate allocations (what PyTorch's caching allocator hands out) and the
    // stream-ordered pool (what cudarc's alloc gives Forge's arena).
    float4 *xa, *ya, *xb, *yb;
    CHECK(cudaMalloc(&xa, bytes));
    CHECK(cudaMalloc(&ya, bytes));
    CHECK(cudaMemcpy(xa, slab, bytes, cudaMemcpyDeviceToDevice));
    report("cudaMalloc pair: memcpy", timed([&] { CHECK(cudaMemcpyAsync(ya, xa, bytes, cudaMemcpyDeviceToDevice)); }));
    report("cudaMalloc pair: forge shape", timed([&] { map_v<1, 3><<<n4 / 256, 256>>>(xa, ya, n4); }));
    report("cudaMalloc pair: 4x16B 256t", timed([&] { map_v<4, 0><<<n4 / 1024, 256>>>(xa, ya, n4); }));
    CHECK(cudaMallocAsync(&xb, bytes, 0));
    CHECK(cudaMallocAsync(&yb, bytes, 0));
    CHECK(cudaMemcpy(xb, slab, bytes, cudaMemcpyDeviceToDevice));
    printf("pool addresses: x %p y %p (difference %lld)\n", (void*)xb, (void*)yb, (long long)((char*)yb - (char*)xb));
    report("cudaMallocAsync pair: memcpy", timed([&] { CHECK(cudaMemcpyAsync(yb, xb, bytes, cudaMemcpyDeviceToDevice)); }));
    report("cudaMallocAsync pair: forge shape", timed([&] { map_v<1, 3><<<n4 / 256, 256>>>(xb, yb, n4); }));
    report("cudaMallocAsync pair: 4x16B 256t", timed([&] { map_v<4, 0><<<n4 / 1024, 256>>>(xb, yb, n4); }));
    printf("cudaMalloc addresses: x %p y %p\n", (void*)xa, (void*)ya);
    return 0;
}
