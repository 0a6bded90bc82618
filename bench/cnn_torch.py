"""PyTorch reference for examples/cnn.rs: the same ResNet-18 stem (conv7x7/2, batch norm folded
into a per-channel scale and shift, ReLU, maxpool3x3/2) and basic block (conv3x3, BN, ReLU,
conv3x3, BN, + identity, ReLU), NCHW, cuDNN with `torch.backends.cudnn.benchmark = True`.

Prints the example's table rows, ms per run, best and median of --runs after warm-up:
wall = upload the input (pinned) + forward + read the output back (what Forge's `run` does);
dev. = the forward alone replayed as a CUDA graph, timed with CUDA events (Forge's device
column on CUDA is its replayed graph's span). fp32 runs with TF32 off (true f32 products, as
Forge's); `tf32` lets cuDNN use TF32 tensor cores; fp16 / bf16 run the whole block in that type.

    python3 bench/cnn_torch.py --batch 8 --runs 20 --dtypes fp32,tf32,fp16,bf16

`--resnet50` times instead the four 3x3 convolutions of ResNet-50's bottlenecks (64 channels at
56x56, 128 at 28x28, 256 at 14x14, 512 at 7x7; stride 1, padding 1), each alone (`cnn
--resnet50` prints the same rows).
"""
import argparse
import time

import torch
import torch.nn.functional as F

DTYPES = {"fp32": torch.float32, "tf32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}


def stem(x, w, scale, shift):
    z = F.conv2d(x, w, stride=2, padding=3)
    return F.max_pool2d(torch.relu(z * scale + shift), kernel_size=3, stride=2, padding=1)


def basic_block(x, w1, s1, t1, w2, s2, t2):
    a1 = torch.relu(F.conv2d(x, w1, padding=1) * s1 + t1)
    return torch.relu(F.conv2d(a1, w2, padding=1) * s2 + t2 + x)


# ResNet-50's 3x3 convolutions: (channels, height = width).
RESNET50_3X3 = [(64, 56), (128, 28), (256, 14), (512, 7)]


def conv3x3(x, w):
    return F.conv2d(x, w, padding=1)


def conv_weight(o, c, k, gen):
    bound = (6.0 / (c * k * k)) ** 0.5
    return (torch.rand(o, c, k, k, generator=gen) * 2 - 1) * bound


def folded_norm(c, gen):
    return (0.75 + 0.5 * torch.rand(c, 1, 1, generator=gen), (torch.rand(c, 1, 1, generator=gen) * 2 - 1) * 0.1)


def best_median(times):
    times = sorted(times)
    return times[0], times[len(times) // 2]


def measure(f, x_host, params, runs):
    """(wall best, wall median, graph best, graph median) in ms."""
    dev = params[0].device
    for _ in range(5):
        f(x_host.to(dev, non_blocking=True), *params).cpu()
    walls = []
    for _ in range(runs):
        t = time.perf_counter()
        f(x_host.to(dev, non_blocking=True), *params).cpu()
        walls.append((time.perf_counter() - t) * 1e3)
    x = x_host.to(dev)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            f(x, *params)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        f(x, *params)
    for _ in range(3):
        graph.replay()
    events = []
    for _ in range(runs):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        graph.replay()
        e.record()
        events.append((s, e))
    torch.cuda.synchronize()
    return (*best_median(walls), *best_median([s.elapsed_time(e) for s, e in events]))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--dtypes", default="fp32,tf32,fp16,bf16")
    p.add_argument("--resnet50", action="store_true", help="ResNet-50's 3x3 convolutions alone")
    a = p.parse_args()
    torch.backends.cudnn.benchmark = True
    dev = torch.device("cuda")
    gen = torch.Generator(device="cpu").manual_seed(7)
    b, h, w, c = a.batch, 224, 224, 64
    image = (torch.rand(b, 3, h, w, generator=gen) * 2 - 1).pin_memory()
    stem_params = [conv_weight(64, 3, 7, gen), *folded_norm(64, gen)]
    features = (torch.rand(b, c, 56, 56, generator=gen) * 2 - 1).pin_memory()
    block_params = [conv_weight(c, c, 3, gen), *folded_norm(c, gen), conv_weight(c, c, 3, gen), *folded_norm(c, gen)]
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}")
    print(f"\nms per run, best and median of {a.runs} after warm-up (wall: upload + run + readback; dev.: CUDA graph)")
    print("| stage       | input            | backend      | wall best | wall med. | dev. best | dev. med. |")
    print("|---|---|---|---|---|---|---|")
    for name in a.dtypes.split(","):
        dtype = DTYPES[name]
        tf32 = name == "tf32"
        torch.backends.cudnn.allow_tf32 = tf32
        torch.backends.cuda.matmul.allow_tf32 = tf32
        rows = [
            ("stem", f"[{b}, 3, {h}, {w}]", stem, image, stem_params),
            ("basic block", f"[{b}, {c}, 56, 56]", basic_block, features, block_params),
        ]
        if a.resnet50:
            rows = [
                (f"conv3x3 {ch}", f"[{b}, {ch}, {hw}, {hw}]", conv3x3,
                 (torch.rand(b, ch, hw, hw, generator=gen) * 2 - 1).pin_memory(), [conv_weight(ch, ch, 3, gen)])
                for ch, hw in RESNET50_3X3
            ]
        for stage, shape, f, x, params in rows:
            params = [t.to(dev, dtype) for t in params]
            times = measure(f, x.to(dtype).pin_memory(), params, a.runs)
            backend = f"torch {name}"
            print(f"| {stage:<11} | {shape:<16} | {backend:<12} | " + " | ".join(f"{t:>9.3f}" for t in times) + " |")


if __name__ == "__main__":
    main()
