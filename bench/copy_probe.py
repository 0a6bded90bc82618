"""Copy bandwidth of 64 Mi f32 under PyTorch's allocator setting (run it with and without
PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync): does memory from a stream-ordered pool (what
cudarc's alloc gives Forge's CUDA arena) copy slower than cudaMalloc'd memory?"""
import os

import torch

from torch_bench import timed  # same folder: median of CUDA-event timings after warm-ups

n = 64 << 20
x = torch.rand(n, device="cuda")
y = torch.empty_like(x)


copy = timed(lambda: y.copy_(x))
read = timed(lambda: x.sum())
alloc = os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "default")
print(f"alloc={alloc} copy {2 * 4 * n / copy / 1e6:.0f} GB/s, sum (read) {4 * n / read / 1e6:.0f} GB/s")
