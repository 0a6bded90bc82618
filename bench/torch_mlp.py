"""PyTorch reference for examples/bench_mlp.rs: the same pre-norm SwiGLU block, fp32 on CUDA.

Prints one line per batch size: `torch B wall_us device_us graph_us`, where wall_us is the
median host time of upload x + forward + read y back (what Forge's `run` does), device_us the
median CUDA-event time of the eager forward (launch-bound at small sizes) and graph_us the
same forward replayed as a CUDA graph (the kernels' own time). Run by bench_mlp; usable alone: python3 bench/torch_mlp.py 1 64
"""
import sys
import time

import torch

D, F = 576, 1536


def block(x, g, wg, wu, wd, eps=1e-5):
    n = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * g
    h = torch.nn.functional.silu(n @ wg) * (n @ wu)
    return x + h @ wd


def main():
    torch.backends.cuda.matmul.allow_tf32 = False
    dev = torch.device("cuda")
    gen = torch.Generator(device="cpu").manual_seed(0)
    g = (0.5 + torch.rand(D, generator=gen)).to(dev)
    wg = ((torch.rand(D, F, generator=gen) * 2 - 1) / D**0.5).to(dev)
    wu = ((torch.rand(D, F, generator=gen) * 2 - 1) / D**0.5).to(dev)
    wd = ((torch.rand(F, D, generator=gen) * 2 - 1) / F**0.5).to(dev)
    for b in [int(a) for a in sys.argv[1:]] or [1, 64]:
        x_host = (torch.rand(b, D, generator=gen) * 2 - 1).pin_memory()
        for _ in range(20):
            block(x_host.to(dev), g, wg, wu, wd).cpu()
        walls = []
        for _ in range(200):
            t = time.perf_counter()
            block(x_host.to(dev, non_blocking=True), g, wg, wu, wd).cpu()
            walls.append(time.perf_counter() - t)
        x = x_host.to(dev)
        events = []
        for _ in range(200):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            block(x, g, wg, wu, wd)
            e.record()
            events.append((s, e))
        torch.cuda.synchronize()
        dev_ms = sorted(s.elapsed_time(e) for s, e in events)[len(events) // 2]
        graph = torch.cuda.CUDAGraph()
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                block(x, g, wg, wu, wd)
        torch.cuda.current_stream().wait_stream(side)
        with torch.cuda.graph(graph):
            block(x, g, wg, wu, wd)
        replays = []
        for _ in range(200):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            graph.replay()
            e.record()
            replays.append((s, e))
        torch.cuda.synchronize()
        graph_ms = sorted(s.elapsed_time(e) for s, e in replays)[len(replays) // 2]
        wall_us = sorted(walls)[len(walls) // 2] * 1e6
        print(f"torch {b} {wall_us:.1f} {dev_ms * 1e3:.1f} {graph_ms * 1e3:.1f}", flush=True)


if __name__ == "__main__":
    main()
