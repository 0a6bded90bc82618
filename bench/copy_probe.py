"""Copy bandwidth of 64 Mi f32 under PyTorch's allocator setting (run it with and without
PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync): does memory from a stream-ordered pool (what
cudarc's alloc gives Forge's CUDA arena) copy slower than cudaMalloc'd memory?"""
import os

import torch

n = 64 << 20
x = torch.rand(n, device="cuda")
y = torch.empty_like(x)


def timed(fn, iters=50):
    for _ in range(10):
        fn()
    ev = []
    for _ in range(iters):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        ev.append((s, e))
    torch.cuda.synchronize()
    return sorted(s.elapsed_time(e) for s, e in ev)[iters // 2]


copy = timed(lambda: y.copy_(x))
read = timed(lambda: x.sum())
alloc = os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "default")
print(f"alloc={alloc} copy {2 * 4 * n / copy / 1e6:.0f} GB/s, sum (read) {4 * n / read / 1e6:.0f} GB/s")
